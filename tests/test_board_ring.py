"""The ring of spaces read from the drawn board, side by side as a print designer reads it: the names of a side on
one baseline whatever the space (a property under its colour band, Chance, a tax, a station), the lowest lines (a
price, a payment, an instruction) on one foot line."""
import pytest

from kits_cache import bundled
from pnp import scene
from pnp.layout import board
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.scene import walk_text

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
