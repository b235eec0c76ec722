"""The ring of spaces read from the drawn board, side by side as a print designer reads it: the names of a side on
one baseline whatever the space (a property under its colour band, Chance, a tax, a station), the lowest lines (a
price, a payment, an instruction) on one foot line, and every amount printed on the ring in one weight."""
import re

import pytest

from conftest import edit, loaded
from kits_cache import bundled
from pnp import scene
from pnp.fonts import PT
from pnp.layout import board
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.scene import walk_text
from pnp.text import CAP, DESC, descends

EDITIONS = [("etymonopoly", None), ("euronopoly", None), ("moneyloopy", None), ("monopoly-2-3", None),
            ("tahiti", None), ("tahiti", "en")]


def _drawn(kit_id, lang):
    """(ctx, [(geometry, drawing in its space's own frame)]) of the board as draw_board draws it."""
    kit = bundled(kit_id, lang).game
    ctx = Ctx(kit, problems=Problems())
    drawn = board.draw_board(ctx)
    geoms = board.space_geometry(kit.board)
    frames = {g.transform: g for g in geoms}
    spaces = [(frames[c.transform], c.children[0]) for c in drawn.children
              if isinstance(c, scene.Group) and c.transform in frames]
    assert len(spaces) == len(geoms)
    return ctx, spaces


def _amounts(ctx) -> re.Pattern:
    """An amount as the kit prints it, found by its currency's own writing of two sample amounts."""
    return board.amount_pattern(ctx)


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_a_sides_names_share_one_baseline_and_its_lowest_lines_one_foot(kit_id, lang):
    """Tahiti's bottom row set Chance, Caisse de communauté, Impôts sur le revenu and the airport 9 mm higher
    than the property names under their colour bands: now every side space's name (its first line) stands on
    one baseline, and every lowest line (a price, 'Payez 400 000 F', an instruction) on one foot line."""
    ctx, spaces = _drawn(kit_id, lang)
    for side in range(4):
        firsts, feet = {}, {}
        for g, face in spaces:
            if g.side != side or g.corner:
                continue
            runs = list(walk_text(face))
            names = [t for t in runs if t.font == ctx.fonts.heading and t.size > board.MONEY_PT + 0.01]
            assert names, g.space.id
            firsts[g.space.id] = round(max(t.y for t in names), 2)
            low = [t.y for t in runs if t.y < g.depth / 3]
            if low:
                feet[g.space.id] = round(min(low), 2)
        assert len(set(firsts.values())) == 1, (side, firsts)
        assert len(set(feet.values())) == 1, (side, feet)


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_every_amount_on_the_ring_is_set_in_one_weight(kit_id, lang):
    """Tahiti's 'Payez 400 000 F' set its amount in the regular weight at 7 pt beside the bold 8 pt prices of
    its neighbours: now every amount printed on a space or a corner is in the bold (heading) font, and every
    amount on a side space, a price or one in an instruction, at one size."""
    ctx, spaces = _drawn(kit_id, lang)
    pattern = _amounts(ctx)
    found, sizes = 0, set()
    for g, face in spaces:
        for t in walk_text(face):
            for m in pattern.finditer(t.text):
                found += 1
                assert t.font == ctx.fonts.heading, (g.space.id, t.text, t.font)
                if not g.corner:
                    sizes.add(round(t.size, 2))
    assert found
    assert len(sizes) == 1, sizes


def _foot(runs) -> float:
    """The lowest letters of a line of runs: its baseline, less the descent where a letter reaches under it."""
    return min(t.y - (DESC * t.size * PT if descends(t.text) or "J" in t.text else 0.0) for t in runs)


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_a_corners_parts_stand_one_gap_apart(kit_id, lang):
    """Moneyloopy's tollbooths stacked 'Tollbooth n' 4.4 mm over its toll and the toll 1.6 mm over the gate,
    the instruction 2.7 mm over the name: now the instruction's foot, the name, the subtitle and the amount of a
    corner stand CORNER_GAP apart (on a 60 mm corner), each measured from the letters (capitals' tops, the
    baseline or the descenders)."""
    ctx, spaces = _drawn(kit_id, lang)
    for g, face in spaces:
        if not g.corner or g.space.jail is not None:
            continue
        k = g.along / 60
        runs = list(walk_text(face))
        name = [t for t in runs if t.font == ctx.fonts.heading and t.size > board.CORNER_MONEY_PT * k + 0.01]
        rows: dict = {}
        for t in runs:
            if t not in name:
                rows.setdefault(round(t.y, 3), []).append(t)
        head = max(t.y for t in name) + CAP * name[0].size * PT
        foot = _foot([t for t in name if abs(t.y - min(u.y for u in name)) < 1e-6])
        over = [r for y, r in rows.items() if y > head]
        under = sorted((r for y, r in rows.items() if y < foot), key=lambda r: -r[0].y)
        if over:
            lowest = min(over, key=lambda r: r[0].y)
            assert abs(_foot(lowest) - head - board.CORNER_GAP * k) < 0.05, (g.space.id, _foot(lowest) - head)
        if under:
            top = under[0][0].y + CAP * max(t.size for t in under[0]) * PT
            assert abs(foot - top - board.CORNER_GAP * k) < 0.05, (g.space.id, foot - top)


def test_an_instructions_bold_amounts_keep_its_lines_inside_the_space(mini):
    """An instruction of many amounts, its lines full: set bold, its amounts widen each line; the lines are
    broken for the bold width, so that every line keeps PAD inside its space's edges."""
    amounts = " ".join(f"₩{n},000" for n in range(10, 180, 10))
    edit(mini / "board.yaml", "name: Luck, deck: luck, icon: question}",
         f"name: Luck, deck: luck, icon: question, text: 'Pay {amounts} now'}}")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    g = next(g for g in board.space_geometry(kit.board) if g.space.id == "luck-1")
    runs = [t for t in walk_text(board._side_space(ctx, g)) if t.y < g.depth / 3]  # its instruction
    assert any(t.font == ctx.fonts.heading for t in runs)
    for t in runs:
        assert board.PAD - 1e-6 <= t.x and t.x + t.width <= g.along - board.PAD + 1e-6, (t.text, t.x, t.width)
