"""Icons: every name draws, matches the model, stays inside its square, and never uses text."""
from __future__ import annotations

import math
import typing

import pytest

from pnp import model, scene
from pnp.layout import icons
from pnp.layout.icons import NAMES, icon


def _extents(shape, m=scene.IDENTITY):
    """Every (x, y) a shape can paint, in page coordinates (strokes and radii included)."""
    sx = math.hypot(m[0], m[2])  # how far a unit step in local x or y can move page x
    sy = math.hypot(m[1], m[3])

    def grow(x, y, r):
        X, Y = scene.apply(m, x, y)
        return [(X - r * sx, Y - r * sy), (X + r * sx, Y + r * sy)]

    if isinstance(shape, scene.Group):
        inner = scene.compose(m, shape.transform)
        for child in shape.children:
            yield from _extents(child, inner)
    elif isinstance(shape, scene.Rect):
        half = shape.width / 2 if shape.stroke else 0.0
        for x in (shape.x, shape.x + shape.w):
            for y in (shape.y, shape.y + shape.h):
                yield from grow(x, y, half)
    elif isinstance(shape, scene.Circle):
        yield from grow(shape.cx, shape.cy, shape.r + (shape.width / 2 if shape.stroke else 0.0))
    elif isinstance(shape, scene.Line):
        yield from grow(shape.x1, shape.y1, shape.width / 2)
        yield from grow(shape.x2, shape.y2, shape.width / 2)
    elif isinstance(shape, scene.Path):
        half = shape.width / 2 if shape.stroke else 0.0
        for op in shape.ops:  # control points bound their curves
            coords = op[1:]
            for i in range(0, len(coords), 2):
                yield from grow(coords[i], coords[i + 1], half)
    else:
        raise AssertionError(f"unexpected shape in an icon: {shape!r}")


def _leaves(shape):
    if isinstance(shape, scene.Group):
        for child in shape.children:
            yield from _leaves(child)
    else:
        yield shape


def test_names_match_the_model():
    assert NAMES == typing.get_args(model.Icon)
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("cx, cy, size", [(0.0, 0.0, 8.0), (105.0, -40.0, 30.0), (12.5, 7.0, 40.0)])
def test_icon_fits_its_square(name, cx, cy, size):
    g = icon(name, cx, cy, size, "#123456")
    assert isinstance(g, scene.Group)
    points = list(_extents(g))
    assert points, f"{name} draws nothing"
    limit = size / 2 * 1.01
    for x, y in points:
        assert abs(x - cx) <= limit and abs(y - cy) <= limit, (name, x - cx, y - cy)


@pytest.mark.parametrize("name", NAMES)
def test_icon_uses_only_shapes_and_its_colours(name):
    g = icon(name, 0, 0, 20, "#aa0000", "#00bb00")
    colours = set()
    for s in _leaves(g):
        assert not isinstance(s, (scene.Text, scene.Image)), name
        for attr in ("fill", "stroke"):
            value = getattr(s, attr, None)
            if value is not None:
                colours.add(value)
        if isinstance(s, scene.Path):
            assert s.ops and s.ops[0][0] == "M", name
            for op in s.ops:
                assert op[0] in {"M", "L", "C", "Z"}
                assert len(op) == {"M": 3, "L": 3, "C": 7, "Z": 1}[op[0]]
                assert all(math.isfinite(v) for v in op[1:])
    assert "#aa0000" in colours
    assert colours <= {"#aa0000", "#00bb00"}, (name, colours)


def test_background_defaults_to_white():
    colours = {getattr(s, "fill", None) for s in _leaves(icon("house", 0, 0, 10, "#000000"))}
    assert "#ffffff" in colours


def test_same_icon_shares_a_key_and_differs_by_colour():
    a = icon("star", 0, 0, 8, "#ff0000")
    b = icon("star", 50, 50, 30, "#ff0000")
    c = icon("star", 0, 0, 8, "#0000ff")
    assert a.key == b.key and a.key != c.key
    assert a.bounds is not None


def test_unknown_name_raises_key_error_listing_names():
    with pytest.raises(KeyError) as err:
        icon("unicorn", 0, 0, 10, "#000000")
    assert "unicorn" in str(err.value) and "arrow" in str(err.value) and "speech" in str(err.value)


def test_module_imports_no_backend():
    source = open(icons.__file__, encoding="utf-8").read()
    assert "reportlab" not in source and "PIL" not in source


def test_icons_render_to_pdf(tmp_path):
    pdf = pytest.importorskip("pnp.render.pdf")
    g = scene.Group([icon(n, 15 + (i % 6) * 30, 280 - (i // 6) * 30, 24, "#333333") for i, n in enumerate(NAMES)])
    w = pdf.PdfWriter("icons")
    w.add(pdf.Page(210, 297, g))
    assert w.finish().startswith(b"%PDF")


def test_a_building_counter_draws_its_own_icon(monkeypatch):
    """Euronopoly's apartment printed a house and its luxury villa a hotel with an H (the final review of issue 33's
    round): a counter whose shape is a building draws that building's icon."""
    from pnp.layout import pieces
    from pnp.layout.common import Ctx

    from conftest import ROOT, loaded

    drawn: list[str] = []
    real = pieces.icon
    monkeypatch.setattr(pieces, "icon", lambda name, *a, **kw: drawn.append(name) or real(name, *a, **kw))
    kit, problems = loaded(ROOT / "content" / "euronopoly")
    ctx = Ctx(kit, problems=problems)
    for c in kit.counters.counters:
        drawn.clear()
        pieces.counter_face(ctx, c)
        assert drawn == [c.shape], (c.id, drawn)
    assert {c.id: c.shape for c in kit.counters.counters} == {
        "apartment": "flats", "holiday-house": "house", "luxury-villa": "villa"}


def test_the_black_pearl_pawn_draws_a_pearl():
    """Tahiti's "Perle noire" pawn printed a ring with a stone: no icon drew a pearl. The pearl is a sphere (a disc
    of the icon's colour around a body of the ground's colour) with its highlight in the upper left."""
    from conftest import ROOT, loaded

    kit, _ = loaded(ROOT / "content" / "tahiti")
    assert {t.id: t.icon for t in kit.counters.tokens}["perle-noire"] == "pearl"
    shapes = list(_leaves(icon("pearl", 0, 0, 10, "#ffffff", "#262626")))
    discs = [s for s in shapes if isinstance(s, scene.Circle)]
    rim, body = sorted(discs, key=lambda s: -s.r)[:2]
    assert rim.fill == "#ffffff" and body.fill == "#262626" and 0.75 < body.r / rim.r < 0.9
    g = icon("pearl", 0, 0, 10, "#ffffff", "#262626")
    highlight = [(x, y) for s in g.children if isinstance(s, scene.Group) for x, y in _extents(s, g.transform)]
    mx, my = (sum(v) / len(highlight) for v in zip(*highlight))
    assert mx < -1 and my > 1, (mx, my)  # up and to the left of the centre, on a 10 mm icon
