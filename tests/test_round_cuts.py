"""Round items (Euronopoly's chips, any item that says it is round) cut well at home and at a shop.

- A gutter of bare paper between their bleeds: each item's own bleed ring shows, and a cut a little off (scissors,
  a circle punch a little off centre) never bites a neighbour.
- Marks that help cut a circle: a guide circle round each item, in its bleed just outside its trim; no square crop
  marks at a circle's bounding box. Straight marks mark only lines that clear every item's bleed (the sheet can be
  cut into strips first), and no mark or guide has ink on or inside any item's trim circle.
- Backs line up with fronts, and their guides with them, under a long- and a short-edge flip.

Positions are read from the imposed sheets (``Sheet.placed``) and the page's scene, not from pixels.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pytest

from conftest import sheet_furniture
from kits_cache import checked
from pnp import scene
from pnp.impose import impose
from pnp.layout.common import Ctx, Item
from pnp.marks import PAPERS
from pnp.options import PrintOptions
from pnp.parts import part

BLEED = 3.0
GUTTER = 2.0  # mm of bare paper the engine keeps between two round items' bleeds (impose.ROUND_GUTTER)


@lru_cache(maxsize=None)
def chips() -> tuple[Item, ...]:
    kit, problems = checked("euronopoly")
    return tuple(part("chips").items(Ctx(kit, problems=problems)))


def _disc(colour: str, d: float) -> scene.Group:
    return scene.Group([scene.Circle(d / 2, d / 2, d / 2 + BLEED, fill=colour)])


def discs(n: int = 30, d: float = 20.0, backs: bool = True) -> list[Item]:
    """Plain round items of another size than the chips: the engine knows them by their shape alone."""
    return [Item(id=f"d{i}", kind="disc", width=d, height=d, front=_disc("#884422", d),
                 back=_disc("#224488", d) if backs else None, round=True) for i in range(n)]


def furniture(sheet) -> list:
    """Every line and circle on the page that is not an item's drawing: (shape, transform)."""
    return sheet_furniture(sheet, (scene.Line, scene.Circle))


def trims(sheet) -> list[tuple[float, float, float]]:
    """The trim circle (centre x, centre y, radius) of every round item on the page."""
    return [(p.x + p.w / 2, p.y + p.h / 2, min(p.w, p.h) / 2) for p in sheet.placed if p.item.round]


def _segment_distance(px, py, x1, y1, x2, y2) -> float:
    dx, dy = x2 - x1, y2 - y1
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def nearest_ink(shape, m, cx, cy) -> float:
    """How near the ink of ``shape`` (drawn with transform ``m``, a move or a turn) comes to the point (cx, cy)."""
    assert abs(abs(m[0] * m[3] - m[1] * m[2]) - 1.0) < 1e-9  # no scaling: widths and radii read as drawn
    if isinstance(shape, scene.Line):
        x1, y1 = scene.apply(m, shape.x1, shape.y1)
        x2, y2 = scene.apply(m, shape.x2, shape.y2)
        return _segment_distance(cx, cy, x1, y1, x2, y2) - shape.width / 2
    x, y = scene.apply(m, shape.cx, shape.cy)
    d = math.hypot(x - cx, y - cy)
    if shape.fill:
        return max(0.0, d - shape.r - shape.width / 2)
    return max(0.0, abs(d - shape.r) - shape.width / 2)


def guides(sheet) -> list[tuple[float, float, float]]:
    """The guide circles on the page (unfilled circles outside the items' drawings; a hairline on its white
    underline is one guide): (centre x, centre y, radius)."""
    out = set()
    for s, m in furniture(sheet):
        if isinstance(s, scene.Circle) and not s.fill:
            x, y = scene.apply(m, s.cx, s.cy)
            out.add((round(x, 3), round(y, 3), round(s.r, 3)))
    return sorted(out)


LAYOUTS = [dict(layout="duplex", flip="long"), dict(layout="duplex", flip="short"), dict(layout="simplex"),
           dict(layout="gutterfold")]


def sheets_of(items, paper="a4", **how):
    return impose(list(items), PrintOptions(paper=paper, **how), "Test", "notes")


# --------------------------------------------------------------------------- the gutter
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["chips", "discs"])
def test_round_items_keep_a_paper_gutter_between_their_bleeds(paper, which):
    items = chips() if which == "chips" else discs(40)
    for sheet in sheets_of(items, paper):
        circles = trims(sheet)
        assert circles
        for i, (x1, y1, r1) in enumerate(circles):
            for x2, y2, r2 in circles[i + 1:]:
                between = math.hypot(x2 - x1, y2 - y1) - r1 - r2  # trim to trim
                assert between >= 2 * BLEED + GUTTER - 1e-6, (sheet.side, (x1, y1), (x2, y2), between)


def test_euronopoly_keeps_its_sheet_count():
    """The gutter costs chips per sheet (6 × 9 = 54 edge to edge → 6 × 8 = 48 on A4 and Letter) but no sheet: the
    120 (two players) or 130 (three or four) chips print on 3 sheets either way."""
    n = len(chips())
    assert n in (120, 130)
    for paper in ("a4", "letter"):
        fronts = [s for s in sheets_of(chips(), paper) if s.side == "front"]
        assert [len(s.placed) for s in fronts] == [48, 48, n - 96]
        assert len(fronts) == math.ceil(n / 54) == 3


def test_items_that_are_not_round_keep_their_usual_gutter():
    squares = [Item(id=f"s{i}", kind="sq", width=20, height=20, front=_disc("#884422", 20)) for i in range(30)]
    (sheet,) = sheets_of(squares)
    xs = sorted({round(p.x, 3) for p in sheet.placed})
    assert {round(b - a, 3) for a, b in zip(xs, xs[1:])} == {20 + 2 * BLEED}
    assert not guides(sheet)


# --------------------------------------------------------------------------- the marks
@pytest.mark.parametrize("how", LAYOUTS, ids=lambda h: "-".join(h.values()))
@pytest.mark.parametrize("which", ["chips", "discs"])
def test_every_round_item_has_a_guide_in_its_bleed_and_no_mark_touches_a_trim(how, which):
    items = chips() if which == "chips" else discs(40)
    for sheet in sheets_of(items, **how):
        circles = trims(sheet)
        around = guides(sheet)
        for cx, cy, r in circles:  # its own guide: concentric, outside the trim, inside the bleed
            own = [g for g in around if math.hypot(g[0] - cx, g[1] - cy) < 1e-3]
            assert own, (sheet.side, cx, cy)
            assert all(r < g[2] < r + BLEED for g in own), own
        for s, m in furniture(sheet):  # no ink of a mark, a guide or a footer on or inside any trim circle
            for cx, cy, r in circles:
                assert nearest_ink(s, m, cx, cy) > r + 1e-6, (sheet.side, s, (cx, cy))


@pytest.mark.parametrize("how", LAYOUTS[:2], ids=lambda h: "-".join(h.values()))
def test_straight_marks_mark_lines_clear_of_every_bleed(how):
    """A straight mark says "cut along this line": on a sheet of round items, that line (across the whole sheet)
    runs between the items' bleeds, never through one (square crop marks at a circle's bounding box cut into it)."""
    seen = 0
    for sheet in sheets_of(chips(), **how):
        circles = trims(sheet)
        for s, m in furniture(sheet):
            if not isinstance(s, scene.Line):
                continue
            x1, y1 = scene.apply(m, s.x1, s.y1)
            x2, y2 = scene.apply(m, s.x2, s.y2)
            if abs(x1 - x2) < 1e-6:
                seen += 1
                assert all(abs(x1 - cx) >= r + BLEED for cx, _, r in circles), (sheet.side, x1)
            elif abs(y1 - y2) < 1e-6:
                seen += 1
                assert all(abs(y1 - cy) >= r + BLEED for _, cy, r in circles), (sheet.side, y1)
    assert seen


# --------------------------------------------------------------------------- backs
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("which", ["chips", "discs"])
def test_backs_and_their_guides_line_up_with_the_fronts(flip, which):
    items = chips() if which == "chips" else discs(40)
    pw, ph = PAPERS["a4"]
    sheets = sheets_of(items, flip=flip)
    assert [s.side for s in sheets] == ["front", "back"] * (len(sheets) // 2)
    for front, back in zip(sheets[::2], sheets[1::2]):
        fronts = {p.item.id: (p.x + p.w / 2, p.y + p.h / 2) for p in front.placed}
        backs = {p.item.id: (p.x + p.w / 2, p.y + p.h / 2) for p in back.placed}
        assert fronts.keys() == backs.keys()
        for key, (x, y) in fronts.items():
            want = (pw - x, y) if flip == "long" else (x, ph - y)
            assert math.hypot(backs[key][0] - want[0], backs[key][1] - want[1]) < 1e-6, key
        # the back's guides are where the fronts' land when the sheet is turned over
        assert len(guides(front)) == len(fronts)
        turned = {(round(pw - x, 3), round(y, 3)) if flip == "long" else (round(x, 3), round(ph - y, 3))
                  for x, y, _ in guides(front)}
        assert {(x, y) for x, y, _ in guides(back)} == turned


def test_a_back_page_guides_only_the_items_with_a_back():
    items = discs(8) + discs(5, backs=False)[:5]
    for i, it in enumerate(items[8:]):
        it.id = f"bare{i}"
    front, back = sheets_of(items)
    assert len(guides(front)) == 13 and len(guides(back)) == 8
