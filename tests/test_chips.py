"""The chips' design (pieces.chip_face): a casino chip, the chip's colour as the rim with edge spots, a light inlay
in the middle bearing the value in one dark ink on every chip and the currency's unit (from the game's currency)
under it; both texts inside the inlay and at least 6 pt at every length of value (10 … 1 000 000), also on a
smaller chip."""
from __future__ import annotations

import dataclasses
import math
from functools import lru_cache
from pathlib import Path

import pytest

from pnp import legibility, scene
from pnp.content import load_kit
from pnp.fonts import PT
from pnp.layout import pieces
from pnp.layout.common import Ctx
from pnp.money import group_digits
from pnp.problems import Problems
from pnp.text import CAP, DESC

ROOT = Path(__file__).resolve().parent.parent
LENGTHS = (1, 10, 200, 1000, 25_000, 500_000, 1_000_000)


@lru_cache(maxsize=None)
def kit():
    return load_kit(ROOT / "content" / "euronopoly", Problems())


def ctx(k=None) -> Ctx:
    return Ctx(k or kit(), bleed=3.0, problems=Problems())


def corners(t: scene.Text):
    x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
    y0, y1 = t.y - DESC * t.size * PT, t.y + CAP * t.size * PT
    return [(x, y0), (x + t.width, y0), (x, y1), (x + t.width, y1)]


def inlay(face: scene.Group, dia: float) -> scene.Circle:
    """The inlay: the filled disc inside the chip's trim."""
    (disc,) = [s for s in face.children if isinstance(s, scene.Circle) and s.fill and s.r < dia / 2]
    return disc


def faces(c: Ctx, dia: float):
    for d in c.kit.money.chips.denominations:
        yield d, pieces.chip_face(c, d, dia)


@lru_cache(maxsize=None)
def floor_kit():
    """The kit at pnp's own floor for shrinking text (6 pt): Euronopoly asks for 7, at which a seven-digit value
    on a 20 mm chip is rightly an error; the chip's layout is tested for every length at the engine's floor."""
    k = kit()
    game = dataclasses.replace(k.game, print=dataclasses.replace(k.game.print, min_text_pt=6.0))
    return dataclasses.replace(k, game=game)


@pytest.mark.parametrize("dia", (25.0, 20.0))
@pytest.mark.parametrize("value", LENGTHS)
def test_value_and_unit_lie_inside_the_inlay(value, dia):
    c = ctx(floor_kit())
    d = dataclasses.replace(kit().money.chips.denominations[0], value=value)
    face = pieces.chip_face(c, d, dia)
    disc = inlay(face, dia)
    runs = list(scene.walk_text(face))
    assert [t.text for t in runs] == [group_digits(value, ","), "MU"]
    for t in runs:
        assert t.size >= legibility.MIN_PT
        for x, y in corners(t):
            assert math.hypot(x - disc.cx, y - disc.cy) <= disc.r - disc.width / 2, (value, t.text, (x, y))
    value_run, unit_run = runs
    assert unit_run.y + CAP * unit_run.size * PT < value_run.y - DESC * value_run.size * PT  # the unit under it
    assert legibility.findings(face) == []
    assert not c.problems.items, [p.message for p in c.problems.items]


def test_one_ink_and_one_size_on_every_chip():
    """Whatever the chip's colour (blue, green, red, white), its value reads in the same dark ink at the same
    size, on a light inlay."""
    c = ctx()
    inks, sizes = set(), set()
    for d, face in faces(c, 25.0):
        value, unit = scene.walk_text(face)
        inks |= {value.colour, unit.colour}
        sizes.add(value.size)
        assert legibility.luminance(inlay(face, 25.0).fill) > 0.6
    assert inks == {kit().game.theme.colours.ink} and len(sizes) == 1


def test_the_unit_is_the_games_currency():
    k = kit()
    other = dataclasses.replace(k, game=dataclasses.replace(k.game, currency=dataclasses.replace(
        k.game.currency, symbol="ECU")))
    for _, face in faces(ctx(other), 25.0):
        assert [t.text for t in scene.walk_text(face)][-1] == "ECU"


def test_a_rim_with_edge_spots_and_no_ink_on_the_trim():
    """The spots run off the trim into the bleed, as on a real chip's edge; no line is drawn on the trim (a cut a
    little off would leave part of it): the sheet marks the cut with a guide in the bleed (tests/test_round_cuts.py),
    a print shop's die follows the trim."""
    for d, face in faces(ctx(), 25.0):
        spots = [s for s in face.children if isinstance(s, scene.Path)]
        assert len(spots) == pieces.INSERTS and len({s.fill for s in spots}) == 1
        assert spots[0].fill != d.colour
        outlines = [s for s in face.children if isinstance(s, scene.Circle) and s.stroke]
        assert all(abs(s.r - 12.5) > s.width / 2 for s in outlines), outlines
