"""Values keep their air: a note's corner value inside its cartouche, its big value inside its frame, a chip's value
clear of the inlay's fine ring, at every length of number, in every bundled kit (Tahiti in French and English).

Text is measured as laid out (the scene's runs), by its box: its advance across, from its descent to its capitals'
top up and down (``pnp.text``'s CAP and DESC). A glyph's ink lies inside that box, so the air read here is the
least the print has.
"""
from __future__ import annotations

import dataclasses
import math
from functools import lru_cache

import pytest

from conftest import ROOT
from pnp import scene
from pnp.fonts import PT
from pnp.layout import pieces
from pnp.layout.common import Ctx
from pnp.text import CAP, DESC

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti", "tahiti:en"]
CORNER_AIR = 1.2  # mm inside a corner cartouche's rule
CHIP_AIR = 1.5  # mm from a chip's value to the inlay's fine ring


@lru_cache(maxsize=None)
def ctx_of(name: str) -> Ctx:
    from pnp.build import load_valid
    from pnp.editions import Edition
    from pnp.problems import Problems

    kit, _, lang = name.partition(":")
    problems = Problems()
    loaded = load_valid(ROOT / "content" / kit, problems, Edition(lang=lang) if lang else None)
    assert loaded is not None, [str(p) for p in problems.sorted()]
    return Ctx(loaded, problems=problems)


def box(t: scene.Text) -> tuple[float, float, float, float]:
    x0 = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
    return x0, t.y - DESC * t.size * PT, x0 + t.width, t.y + CAP * t.size * PT


def union(texts) -> tuple[float, float, float, float]:
    boxes = [box(t) for t in texts]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def corner_air(face: scene.Group) -> list[float]:
    """The air round the value in each corner cartouche of a note's face (mm, to the inner edge of its rule)."""
    out = []
    texts = [c for c in face.children if isinstance(c, scene.Text)]
    for r in (c for c in face.children if isinstance(c, scene.Rect) and abs(c.h - pieces.CORNER_H) < 1e-6):
        inside = [t for t in texts if r.x - 3 <= t.x <= r.x + r.w + 3 and r.y <= t.y <= r.y + r.h]
        assert inside, "a corner cartouche without its value"
        x0, y0, x1, y1 = union(inside)
        s = r.width / 2
        out.append(min(x0 - (r.x + s), r.x + r.w - s - x1, y0 - (r.y + s), r.y + r.h - s - y1))
    assert len(out) == 4
    return out


def notes(name: str, extra: tuple[int, ...] = ()):
    ctx = ctx_of(name)
    if ctx.kit.money.notes is None:
        return []
    ds = list(ctx.kit.money.notes.denominations)
    ds += [dataclasses.replace(ds[-1], value=v) for v in extra]
    return [(ctx, d) for d in ds]


@pytest.mark.parametrize("name", KITS)
def test_every_corner_value_keeps_its_air(name):
    for ctx, d in notes(name):
        air = min(corner_air(pieces.note_front(ctx, d)))
        assert air >= CORNER_AIR - 1e-6, (name, d.value, round(air, 2))


@pytest.mark.parametrize("value", [10 ** 7, 10 ** 10, 10 ** 13, 10 ** 14])
def test_a_longer_value_than_any_kit_prints_keeps_its_air_too(value):
    """Tahiti's notes at values past its 1 000 000: set smaller down to the kit's least text size, then the corner
    cartouches widen (they stopped at 20.5 mm, and 10 000 000 000 000 ran over their rules)."""
    (ctx, d), = notes("tahiti", (value,))[-1:]
    air = min(corner_air(pieces.note_front(ctx, d)))
    assert air >= CORNER_AIR - 1e-6, (value, round(air, 2))


@pytest.mark.parametrize("name", KITS)
def test_the_big_value_stays_inside_the_frame(name):
    """The front's value inside its cartouche, clear of its round ends (its box no further out than where their
    curve is 1 mm from the straight sides: Tahiti's 1 000 000 F stood 1 mm from the curve), the back's numeral
    inside the band's inner rule."""
    for ctx, d in notes(name):
        w, h = pieces._note_size(ctx)
        front = pieces.note_front(ctx, d)
        cart = next(c for c in front.children if isinstance(c, scene.Rect) and abs(c.h - 15.0) < 1e-6)
        x0, y0, x1, y1 = union(t for t in front.children if isinstance(t, scene.Text) and t.size > pieces.CORNER_PT
                               and cart.y <= t.y <= cart.y + cart.h)
        end = cart.h / 2 - 1.0
        assert cart.x + end <= x0 + 1e-6 and x1 <= cart.x + cart.w - end + 1e-6, (name, d.value, x0 - cart.x)
        assert cart.y < y0 and y1 < cart.y + cart.h, (name, d.value)
        back = pieces.note_back(ctx, d)
        x0, y0, x1, y1 = union(t for t in back.children if isinstance(t, scene.Text) and t.size > 12)
        band = pieces.BAND_IN
        assert band < x0 and x1 < w - band and band < y0 and y1 < h - band, (name, d.value)


def test_every_chip_value_keeps_clear_of_its_ring():
    """Euronopoly's chips: the value (1,000 came within 0.5 mm of the ring) and the unit under it."""
    ctx = ctx_of("euronopoly")
    dia = float(ctx.kit.money.chips.diameter)
    r = dia / 2
    ring = r * pieces.INLAY * pieces.INLAY_RING
    for d in ctx.kit.money.chips.denominations:
        face = pieces.chip_face(ctx, d, dia)
        rings = [c for c in face.children if isinstance(c, scene.Circle) and not c.fill and abs(c.r - ring) < 1e-6]
        assert len(rings) == 1
        inner = ring - rings[0].width / 2
        texts = [t for t in face.children if isinstance(t, scene.Text)]
        assert len(texts) >= 2
        for t in texts:
            x0, y0, x1, y1 = box(t)
            far = max(math.hypot(x - r, y - r) for x in (x0, x1) for y in (y0, y1))
            assert inner - far >= CHIP_AIR - 1e-6, (d.value, t.text, round(inner - far, 2))
