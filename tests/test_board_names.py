"""Board space names: one size for the board, as large as every space has room for (up to NAME_MAX_PT), in one
line or two balanced ones, never off their space."""
import pytest

from kits_cache import checked
from pnp.fonts import PT
from pnp.layout import board
from pnp.layout.common import Ctx
from pnp.scene import walk_text

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]


@pytest.mark.parametrize("kit_id", KITS)
def test_names_grow_to_the_room_of_the_spaces_and_stay_on_them(kit_id):
    """The names printed at 9 pt on a 480 mm board (40 mm spaces) with room to spare: now at one larger size,
    each in at most two lines inside its space, and every other text of a space as large as before, its icon all
    but ICON_GIVE of its size."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    pt = board.name_pt(ctx)
    assert pt >= 11.0, pt  # every bundled kit's spaces hold 11 pt names (Monopoly 2.3's Northumberland: 11)
    for g in board.space_geometry(kit.board):
        if g.corner:
            continue
        face, measures = board._side_face(ctx.quiet(), g, pt)
        assert measures[0], g.space.id  # the name holds at the size
        base = board._side_face(ctx.quiet(), g, board.NAME_PT)[1]
        # its subtitle, amount and text as large as at NAME_PT, its icon all but ICON_GIVE of its size
        assert all(a >= b - 1e-6 for a, b in zip(measures[1:-1], base[1:-1])), (g.space.id, measures, base)
        assert measures[-1] >= board.ICON_GIVE * base[-1] - 1e-6, (g.space.id, measures, base)
        runs = [t for t in walk_text(face) if t.font == ctx.fonts.heading and t.size > board.MONEY_PT + 0.01]
        assert runs, g.space.id
        assert len({round(t.y, 2) for t in runs}) <= 2, g.space.id
        two = len({round(t.y, 2) for t in runs}) == 2
        edge = board.PAD + (board.NAME_AIR if two else 0.0)  # a name on two lines keeps NAME_AIR more each side
        for t in runs:
            assert t.size >= pt * board.NAME_SHRINK - 1e-6, (g.space.id, t.size)
            x0 = t.x - t.width / 2 if t.anchor == "middle" else t.x - t.width if t.anchor == "end" else t.x
            assert edge - 1e-6 <= x0 and x0 + t.width <= g.along - edge + 1e-6, (g.space.id, t.text)
            assert t.y + 0.72 * t.size * PT <= g.depth, (g.space.id, t.text)
    assert not [p for p in problems.items if p.code in ("E-text-overflow", "W-text-shrunk")]


@pytest.mark.parametrize("kit_id", KITS)
def test_subtitles_grow_with_the_names_as_far_as_every_space_keeps_its_parts(kit_id):
    """Etymonopoly's native names stayed at SUB_PT (7.5 pt) under names grown to 13 pt and read as about 6 (review
    17): a board's subtitles take one size, up to SUB_SHARE of the names', where every space with one keeps its
    name's lines, its amount and text sizes and its icon as with SUB_PT; a board whose names did not grow keeps
    SUB_PT."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    pt, sub = board.name_pt(ctx), board.sub_pt(ctx)
    assert board.SUB_PT <= sub <= board.SUB_SHARE * pt + 1e-9
    spaces = [g for g in board.space_geometry(kit.board) if not g.corner and g.space.subtitle]
    if kit_id in ("etymonopoly", "euronopoly"):  # every language's native name, every city's own
        assert sub >= 9.0 and spaces
    for g in spaces:
        grown = board._side_face(ctx.quiet(), g, pt, sub)[1]
        assert board._keeps(grown, board._side_face(ctx.quiet(), g, pt)[1]), g.space.id
        texts = [t for t in walk_text(board._side_space(ctx, g)) if t.font != ctx.fonts.heading
                 and abs(t.size - sub) < 1e-6]
        assert texts, g.space.id  # drawn at that size


def _lines(ctx, g, pt) -> int:
    face = board._side_face(ctx.quiet(), g, pt)[0]
    return len({round(t.y, 2) for t in walk_text(face) if t.font == ctx.fonts.heading and t.size > board.MONEY_PT})


@pytest.mark.parametrize("kit_id, alike, alone", [
    # every "Avenue" as "Kentucky" / "Avenue" (one line would hold "Indiana Avenue"), "Park" / "Place" as "St. James"
    # / "Place"; a short name with no such neighbour stays on one line
    # ... 'B. & O.' / 'Railroad' as 'Reading' / 'Railroad' (the initials' rule no longer binds it whole)
    ("moneyloopy", ["kentucky-avenue", "indiana-avenue", "baltic-avenue", "park-place", "b-and-o-railroad"],
     ["income-tax"]),
    ("monopoly-2-3", ["old-kent-road", "euston-road", "bow-street", "vine-street"], ["pall-mall", "park-lane"]),
    # the islands' short names stay whole; a long name beside a side's two-line names takes two ("Pointe" / "Vénus")
    ("tahiti", ["pointe-venus", "marina-taina"], ["ua-pou", "hiva-oa", "nuku-hiva"]),
])
def test_a_rows_names_wrap_alike(kit_id, alike, alone):
    """A name one line would hold takes two where it ends in the word of a name that takes two, or fills more than
    ROW_SHARE of its space on a side where a name takes two (a publisher's reading: "Kentucky" / "Avenue" beside
    "Indiana Avenue" on one line); short names keep one line."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    pt = board.name_pt(ctx)
    spaces = {g.space.id: g for g in board.space_geometry(kit.board)}
    for sid in alike:
        assert _lines(ctx, spaces[sid], pt) == 2, sid
    for sid in alone:
        assert _lines(ctx, spaces[sid], pt) == 1, sid
    # the rule only pairs what one line would hold: without it these names take one line
    assert not board._wraps(ctx, spaces[alike[1]].space.name,
                            spaces[alike[1]].along - 2 * board.PAD - 2 * board.NAME_AIR, pt)
