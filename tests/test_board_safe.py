"""The board's ring read as a print shop reads it: every text and icon of a space or a corner stands SAFE (4 mm)
clear of the board's outer edge, its trim (PRINT.md keeps 3 mm; a cut a little off must not reach a price), and the
rule text on the ring (an instruction, a corner's sub-text) is never set under SMALL_PT."""
import pytest

from kits_cache import bundled
from pnp import scene
from pnp.fonts import PT
from pnp.layout import board, icons
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.text import CAP, DESC

EDITIONS = [("etymonopoly", None), ("euronopoly", None), ("moneyloopy", None), ("monopoly-2-3", None),
            ("tahiti", None), ("tahiti", "en")]


def _box(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _marks(shape, m, out: list) -> None:
    """(shape, x0, y0, x1, y1 on the board) of every text run (its advance, from its font's descent to its cap
    height, turned with its frame) and every piece of art (an icon, a group mark, a path, a disc) under ``shape``."""
    if isinstance(shape, scene.Text):
        out.append((shape, *_box([scene.apply(m, x, y) for x in (shape.x, shape.x + shape.width)
                                  for y in (shape.y - DESC * shape.size * PT, shape.y + CAP * shape.size * PT)])))
    elif isinstance(shape, scene.Group):
        m = scene.compose(m, shape.transform)
        if shape.key and shape.key.startswith(("icon-", "mark-")):
            out.append((shape, *icons._bbox(shape.children, m)))
        else:
            for child in shape.children:
                _marks(child, m, out)
    elif isinstance(shape, (scene.Path, scene.Circle)):
        out.append((shape, *icons._bbox([shape], m)))


def _ring(kit_id, lang):
    """(ctx, board size, [(space, shape, x0, y0, x1, y1)]) of every mark the ring's spaces and corners draw."""
    kit = bundled(kit_id, lang).game
    ctx = Ctx(kit, problems=Problems())
    drawn = board.draw_board(ctx)
    frames = {g.transform: g for g in board.space_geometry(kit.board)}
    out = []
    for c in drawn.children:
        if isinstance(c, scene.Group) and c.transform in frames:
            found: list = []
            _marks(c, scene.IDENTITY, found)
            out += [(frames[c.transform].space, *f) for f in found]
    assert len({id(s) for s, *_ in out}) == len(frames)
    return ctx, float(kit.board.size), out


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_every_text_and_icon_of_the_ring_keeps_the_safe_area(kit_id, lang):
    """Every price and outer instruction stood 1.5 mm from the trim, a start corner's arrow 2.5 mm, long corner
    names 1.6 mm: now every text and piece of art on the ring keeps SAFE (4 mm) from the board's outer edge."""
    _, S, marks = _ring(kit_id, lang)
    near = [(s.id, getattr(shape, "text", type(shape).__name__), round(min(x0, y0, S - x1, S - y1), 2))
            for s, shape, x0, y0, x1, y1 in marks if min(x0, y0, S - x1, S - y1) < board.SAFE - 1e-6]
    assert board.SAFE >= 4.0
    assert not near, near


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_the_rings_rule_text_is_never_set_under_its_size(kit_id, lang):
    """An instruction on a side space or a corner, and every other text of the ring, reads at SMALL_PT (7.5 pt) or
    more: the room the safe area takes comes from the name band and the icon, never from the rule text."""
    ctx, _, marks = _ring(kit_id, lang)
    texts = [shape for s, shape, *_ in marks if isinstance(shape, scene.Text)]
    assert any(t.font == ctx.fonts.body for t in texts)
    small = [(s.id, shape.text, shape.size) for s, shape, *_ in marks
             if isinstance(shape, scene.Text) and shape.size < board.SMALL_PT - 1e-6]
    assert not small, small


JAIL_AIR = 1.5  # mm: the least clear air between a jail's inner name (or icon) and its cell's rule


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_a_jails_inner_name_keeps_clear_of_its_cell(kit_id, lang):
    """A jail's inner area names itself along its diagonal (a prison's own name): its letters and its icon keep
    JAIL_AIR clear of the cell's rule on every side, the rule's own width counted."""
    ctx, _, marks = _ring(kit_id, lang)
    jails = [g for g in board.space_geometry(ctx.kit.board) if g.corner and g.space.jail is not None]
    assert jails or kit_id == "moneyloopy"
    for g in jails:
        C = g.along
        q = board.JAIL_CELL * C
        # the cell's drawing: the group under the corner whose frame turns 45° about the cell's centre
        face = board._corner(ctx, g)
        cell = next(c for c in face.children if isinstance(c, scene.Group) and abs(c.transform[1] - 0.5 ** 0.5) < 1e-6)
        found: list = []
        _marks(cell, scene.IDENTITY, found)
        assert any(isinstance(shape, scene.Text) for shape, *_ in found), g.space.id
        for shape, x0, y0, x1, y1 in found:
            air = min(x0, y0 - (C - q), q - x1, C - y1) - board.LINE / 2
            assert air >= JAIL_AIR - 1e-6, (g.space.id, getattr(shape, "text", "icon"), round(air, 2))


@pytest.mark.parametrize("kit_id, lang", EDITIONS)
def test_a_side_spaces_subtitle_keeps_its_air_under_the_name(kit_id, lang):
    """Tahiti's 'Bora Bora' stood 1.5 mm under 'Motu Mute', Euronopoly's subtitles 0.6 mm under a name with
    descenders: now a subtitle's capitals stand SUB_GAP under the name's descent (under its descenders, or under
    the room kept for them), so a side's one-line names have their subtitles on one line."""
    ctx, _, _ = _ring(kit_id, lang)
    rows: dict = {}
    for g in board.space_geometry(ctx.kit.board):
        if g.corner or not g.space.subtitle:
            continue
        runs = list(scene.walk_text(board._side_space(ctx, g)))
        name = [t for t in runs if t.font == ctx.fonts.heading and t.size > board.MONEY_PT + 0.01]
        sub = [t for t in runs if t.font != ctx.fonts.heading and abs(t.size - board.sub_pt(ctx)) < 0.01
               and t.y > g.depth / 3]  # in italic or a script's face
        assert name and sub, g.space.id
        last = min(t.y for t in name)
        top = max(t.y for t in sub) + CAP * max(t.size for t in sub) * PT
        gap = last - DESC * name[0].size * PT - top
        assert abs(gap - board.SUB_GAP) < 0.01, (g.space.id, round(gap, 2))
        assert board.SUB_GAP >= 1.5
        if len({round(t.y, 2) for t in name}) == 1:
            rows.setdefault(g.side, set()).add(round(max(t.y for t in sub), 2))
    assert all(len(ys) == 1 for ys in rows.values()), rows
