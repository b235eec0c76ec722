"""Corner texts set as a typesetter would: lines broken between words only, even, never ending on a one-letter
word; a jail's name on one line in each strip at one size, its inner name in one line or two even ones."""
import pytest

from conftest import edit, loaded
from kits_cache import checked
from pnp.layout import board
from pnp.layout.common import Ctx
from pnp.scene import walk_text

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]


def _lines(face, fonts, size=None):
    """The lines of the runs in ``fonts`` (and ``size``) of a drawing, top to bottom: [(text, width)]."""
    rows: dict = {}
    for t in walk_text(face):
        if t.font in fonts and (size is None or abs(t.size - size) < 0.01):
            rows.setdefault(round(t.y, 2), []).append(t)
    return [(" ".join(r.text for r in sorted(runs, key=lambda r: r.x)).replace("\u00a0", " "),
             sum(r.width for r in runs)) for _, runs in sorted(rows.items(), reverse=True)]


@pytest.mark.parametrize("kit_id", KITS)
def test_a_corners_instruction_sets_even_lines(kit_id):
    """Moneyloopy's tollbooths read 'Passing or landing: pay, play a' / 'SafeCard, ...' (a line ending on 'a'),
    Monopoly 2.3's GO 'Collect £200 salary as' / 'you pass': now no line ends on a one-letter word, and no line
    is under half the longest."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    for g in board.space_geometry(kit.board):
        if not g.corner or not g.space.text or g.space.jail is not None:
            continue
        # the instruction's runs: its words, and its amounts in the bold font (at the instruction's size)
        lines = _lines(board._corner(ctx, g), (ctx.fonts.body, ctx.fonts.heading), board.CORNER_TEXT_PT * g.along / 60)
        assert lines, g.space.id
        for text, _ in lines[:-1]:
            last = text.split()[-1]
            assert not (len(last) == 1 and last.isalpha()), (g.space.id, lines)
        if len(lines) > 1:
            widths = [w for _, w in lines]
            assert min(widths) >= 0.5 * max(widths), (g.space.id, lines)


def test_a_jails_long_names_keep_their_words_and_balance(mini):
    """A jail of three words and a long inner name: each strip holds its part on one line (no word broken, none
    wrapped), both parts at one size; the inner name takes two even lines rather than shrink on one."""
    edit(mini / "board.yaml", "name: Jail, inner: In jail", "name: Only Just Visiting, inner: The Old Town Jail Museum")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    g = next(g for g in board.space_geometry(kit.board) if g.space.jail is not None)
    face = board._jail_corner(ctx, g)
    k = g.along / 60
    heading = [t for t in walk_text(face) if t.font == ctx.fonts.heading]
    strips = [t for t in heading if t.text.replace("\u00a0", " ") in ("Only", "Just Visiting", "Only Just",
                                                                      "Visiting")]
    assert len(strips) == 2, [t.text for t in heading]
    assert " ".join(t.text for t in strips).replace("\u00a0", " ") == "Only Just Visiting"
    assert len({round(t.size, 2) for t in strips}) == 1
    inner = [t for t in heading if t not in strips]
    assert len(inner) == 2, [t.text for t in inner]  # two lines
    assert " ".join(t.text for t in inner).replace("\u00a0", " ") == "The Old Town Jail Museum"
    assert min(t.width for t in inner) >= 0.6 * max(t.width for t in inner)
    assert min(t.size for t in inner) >= 10 * (board.JAIL_CELL * g.along / 42) * board.NAME_SHRINK - 1e-6
    assert not [p for p in problems.items if p.code in ("E-text-overflow", "W-text-shrunk")]
