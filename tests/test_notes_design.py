"""The banknotes' design (pnp/layout/guilloche.py, pieces.note_front/note_back): guilloché drawn as vector curves,
the same on every build, its own for every value of a kit, cheap to draw; the value and the corner numbers inside
the frame and clear of each other at every length of number (1 … 1 000 000)."""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path

import pytest

from pnp import legibility, scene
from pnp.content import load_kit
from pnp.fonts import PT
from pnp.layout import guilloche, pieces
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.text import CAP, DESC

ROOT = Path(__file__).resolve().parent.parent
KITS = ("etymonopoly", "tahiti", "moneyloopy", "monopoly-2-3")
LENGTHS = (1, 5, 20, 500, 2000, 10_000, 200_000, 1_000_000)


@lru_cache(maxsize=None)
def kit(name: str):
    return load_kit(ROOT / "content" / name, Problems())


def ctx(name: str) -> Ctx:
    return Ctx(kit(name), bleed=3.0, problems=Problems())


def faces(c: Ctx, d):
    return pieces.note_front(c, d), pieces.note_back(c, d)


def walk(shape, m=scene.IDENTITY):
    """Every leaf shape with the transform it is drawn under."""
    if isinstance(shape, scene.Group):
        mm = scene.compose(m, shape.transform)
        for child in shape.children:
            yield from walk(child, mm)
    else:
        yield shape, m


def patterns(face: scene.Group) -> set:
    """The guilloché strokes of a face as drawn: each stroke's path data and where it is placed (a stroke is
    drawn once and shown turned)."""
    return {(s.ops, tuple(round(v, 6) for v in m)) for s, m in walk(face) if isinstance(s, scene.Path)}


def box(t: scene.Text) -> tuple[float, float, float, float]:
    x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
    return x, t.y - DESC * t.size * PT, x + t.width, t.y + CAP * t.size * PT


def with_value(d, value: int):
    return dataclasses.replace(d, value=value)


@pytest.mark.parametrize("name", KITS)
def test_two_builds_draw_the_same_notes(name):
    for d in kit(name).money.notes.denominations:
        assert faces(ctx(name), d) == faces(ctx(name), d)


@pytest.mark.parametrize("name", KITS)
def test_every_value_has_its_own_pattern(name):
    c = ctx(name)
    ds = kit(name).money.notes.denominations
    designs = [pieces._design(c, d) for d in ds]
    assert len({x.lobes for x in designs}) == len(ds)  # no two rosettes of one kit with the same lobes
    for side in (0, 1):
        drawn = [patterns(faces(c, d)[side]) for d in ds]
        assert all(drawn)
        for i in range(len(ds)):
            for j in range(i + 1, len(ds)):
                assert not drawn[i] & drawn[j], (ds[i].value, ds[j].value)  # not one stroke in common


def test_the_pattern_depends_on_the_kit():
    a = guilloche.designs("tahiti", [1, 5, 10])
    b = guilloche.designs("moneyloopy", [1, 5, 10])
    assert a != b and a == guilloche.designs("tahiti", [1, 5, 10])


@pytest.mark.parametrize("name", KITS)
def test_the_pattern_is_vector_line_work_and_cheap(name):
    c = ctx(name)
    for d in kit(name).money.notes.denominations:
        for face in faces(c, d):
            shapes = [s for s, _ in walk(face)]
            assert not any(isinstance(s, scene.Image) for s in shapes)
            strokes = [s for s in shapes if isinstance(s, scene.Path)]
            assert len(strokes) > 20 and all(s.stroke and not s.fill and s.width <= 0.2 for s in strokes)
            assert all(op[0] in "MCZ" for s in strokes for op in s.ops)
            assert 300 < guilloche.points(face.children) < 3000


@pytest.mark.parametrize("name", KITS)
@pytest.mark.parametrize("value", LENGTHS)
def test_texts_inside_the_frame_and_clear_of_each_other(name, value):
    c = ctx(name)
    d = with_value(kit(name).money.notes.denominations[0], value)
    w, h = pieces._note_size(c)
    lo = pieces.SAFE
    for face in faces(c, d):
        runs = list(scene.walk_text(face))
        assert runs
        boxes = [box(t) for t in runs]
        for t, (x0, y0, x1, y1) in zip(runs, boxes):
            assert lo <= x0 and x1 <= w - lo and lo <= y0 and y1 <= h - lo, (t.text, (x0, y0, x1, y1))
        for i in range(len(runs)):
            for j in range(i + 1, len(runs)):
                a, b = boxes[i], boxes[j]
                apart = a[2] + 1.0 <= b[0] or b[2] + 1.0 <= a[0] or a[3] + 0.5 <= b[1] or b[3] + 0.5 <= a[1]
                assert apart, (value, runs[i].text, runs[j].text)
        assert legibility.findings(face) == []
    assert not c.problems.items, [p.message for p in c.problems.items]


@pytest.mark.parametrize("name", KITS)
@pytest.mark.parametrize("value", (1, 1_000_000))
def test_the_back_numeral_is_large_and_clear_of_the_rosettes(name, value):
    c = ctx(name)
    d = with_value(kit(name).money.notes.denominations[0], value)
    back = pieces.note_back(c, d)
    (numeral,) = [t for t in scene.walk_text(back) if t.size >= pieces.BACK_NUMERAL_PT * 0.85]
    x0, y0, x1, y1 = box(numeral)
    discs = [s for s, _ in walk(back) if isinstance(s, scene.Circle) and s.fill]
    assert len(discs) == 2
    air = pieces.NUMERAL_AIR - 0.5  # the numeral's box is its advance: its glyphs stand a little inside it
    for disc in discs:  # 2 mm of air crowded Tahiti's 1 000 000 F (the seventh review)
        assert disc.cx + disc.r + air <= x0 or x1 + air <= disc.cx - disc.r, value


def test_the_front_value_is_large_at_every_length():
    c = ctx("tahiti")
    for value in LENGTHS:
        front = pieces.note_front(c, with_value(kit("tahiti").money.notes.denominations[0], value))
        assert max(t.size for t in scene.walk_text(front)) >= pieces.VALUE_PT * 0.8, value


@pytest.mark.parametrize("name", ("tahiti", "monopoly-2-3"))
@pytest.mark.parametrize("value", (5, 2000, 1_000_000))
def test_a_corner_number_keeps_air_inside_its_cartouche(name, value):
    """Each corner number stands at least 1.5 mm inside its cartouche's side walls at every length (the review:
    Tahiti's 1 000 000 touched its frame, fitted 1 mm in)."""
    c = ctx(name)
    d = with_value(kit(name).money.notes.denominations[0], value)
    face = pieces.note_front(c, d)
    number = pieces.group_digits(value, kit(name).game.currency.thousands)
    rects = [s for s, _ in walk(face) if isinstance(s, scene.Rect) and abs(s.h - pieces.CORNER_H) < 1e-6]
    runs = [t for t in scene.walk_text(face) if t.text == number]
    assert len(rects) == 4 and len(runs) == 4
    for t in runs:
        x0, y0, x1, y1 = box(t)
        (r,) = [r for r in rects if r.y <= y0 and y1 <= r.y + r.h and r.x <= x0 and x1 <= r.x + r.w]
        assert x0 - r.x >= 1.5 - 1e-6 and r.x + r.w - x1 >= 1.5 - 1e-6, (value, x0 - r.x, r.x + r.w - x1)
