"""What a proofreader found in the bundled booklets (issue 33), held for every kit."""
from __future__ import annotations

import pytest

from pnp.layout import booklet
from pnp.layout.booklet import _Setter
from pnp.layout.common import Ctx

from conftest import REFERENCE_KITS
from kits_cache import checked


def _line_texts(t) -> list[str]:
    return [" ".join("".join(p[0] for p in w.pieces) for w in ln.words) for ln in t.lines]


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_the_rent_ladder_under_a_property_table_breaks_only_between_its_steps(kit):
    """Monopoly 2.3's note split "Set with / 2 houses", Etymonopoly's "…with / 1 reconstruction": each step of the
    ladder stays whole on its line."""
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    s = _Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    steps = [" ".join(str(x).split()) for x in game.game.terms.rent_ladder]
    lines = [ln.replace("\u00a0", " ").replace("\u202f", " ") for ln in _line_texts(g.note)]
    assert len(lines) > 1
    split = [step for step in steps if not any(step in ln for ln in lines)]
    assert not split, (split, lines)
