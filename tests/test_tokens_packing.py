"""Token sheets as a maker pays for them: packed, the footer at the foot, no mark on a piece.

- No sheet holds a few items (under a quarter of what a sheet of theirs holds) while all the part's items would take
  fewer sheets by their area (Euronopoly's third sheet held 2 standees, 5 % of A4, when three quarters of two
  sheets' printable area held everything).
- The footer sits under the items, on every side of every sheet (Euronopoly's first sheet had it over them: its
  counters ran to 8.5 mm above the paper's edge).
- No mark touches an item's ink: a counter's colour, a standee's bleed (Euronopoly's butted counters had "+" ticks
  on their green and blue).

Positions are read from the imposed sheets (``Sheet.placed``) and the page's scene, not from pixels.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from conftest import ROOT, sheet_furniture
from pnp import scene
from pnp.build import imposing, load_valid
from pnp.impose import impose, plan
from pnp.layout.common import Ctx
from pnp.marks import PAPERS, REGISTRATION
from pnp.options import PrintOptions
from pnp import parts as registry
from pnp.parts import items as part_items
from pnp.problems import Problems

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]
HOWS = [dict(paper="a4"), dict(paper="letter"), dict(paper="a4", flip="short")]
LEAST_SHARE = 0.25  # of a full sheet of its items: less than this on a sheet of its own wants a reason
PACKING = 0.75  # of the printable area items can fill, gutters and marks taken


@lru_cache(maxsize=None)
def kit_items(name: str, output: str = "tokens"):
    problems = Problems()
    kit = load_valid(ROOT / "content" / name, problems)
    assert kit is not None, [str(p) for p in problems.sorted()]
    ctx = Ctx(kit, problems=problems)
    return kit, ctx, tuple(part_items(ctx, output))


@lru_cache(maxsize=None)
def sheets_of(name: str, output: str, how: tuple):
    kit, ctx, items = kit_items(name, output)
    opts = PrintOptions(**dict(how))
    return opts, impose(list(items), opts, **imposing(kit, ctx, output, list(items)))


def _key(how: dict) -> tuple:
    return tuple(sorted(how.items()))


def _printable(opts: PrintOptions) -> tuple[float, float, float, float]:
    pw, ph = PAPERS[opts.paper]
    return (opts.margin, opts.margin, pw - 2 * opts.margin, ph - 2 * opts.margin)


def _full(item, opts: PrintOptions) -> int:
    """How many of ``item`` one sheet holds alone."""
    return sum(len(b.items) for b in plan([item] * 400, _printable(opts), opts.bleed)[0])


# --------------------------------------------------------------------------- packing
@pytest.mark.parametrize("how", HOWS, ids=lambda h: "-".join(map(str, h.values())))
@pytest.mark.parametrize("name", KITS)
def test_no_sheet_holds_a_few_items_that_fewer_sheets_would_hold(name, how):
    opts, sheets = sheets_of(name, "tokens", _key(how))
    fronts = [s for s in sheets if s.side == "front"]
    full = {}
    for s in fronts:
        for p in s.placed:
            if p.item.kind not in full:
                full[p.item.kind] = _full(p.item, opts)
    _, _, aw, ah = _printable(opts)
    area = sum(p.w * p.h for s in fronts for p in s.placed)
    for n, s in enumerate(fronts[1:], 2):
        kinds: dict[str, int] = {}
        for p in s.placed:
            kinds[p.item.kind] = kinds.get(p.item.kind, 0) + 1
        share = sum(k / full[kind] for kind, k in kinds.items())
        fewer = area <= (len(fronts) - 1) * aw * ah * PACKING
        assert not (share < LEAST_SHARE and fewer), (
            f"sheet {n} of {len(fronts)} holds {kinds} ({share:.0%} of a sheet), and the part's {area:,.0f} mm² "
            f"of items would go on {len(fronts) - 1}")


@pytest.mark.parametrize("how", HOWS, ids=lambda h: "-".join(map(str, h.values())))
@pytest.mark.parametrize("output", ["tokens", "notes"])
@pytest.mark.parametrize("name", KITS)
def test_each_kind_of_counter_and_chip_has_rows_of_its_own(name, output, how):
    """Counters and chips (parts that keep their kinds apart) are cut in strips and sorted by kind: a row holds one
    kind (Moneyloopy's first hotel finished the last row of houses; Etymonopoly's Proto counters began in the row
    of Reconstructions; Euronopoly's 200 MU chips began in the row of its last 1,000s), on as few sheets as before
    (test above)."""
    apart = {p.name for p in registry.PARTS if p.kinds_apart}
    _, sheets = sheets_of(name, output, _key(how))
    for n, s in enumerate(sheets, 1):
        rows: dict[tuple[float, float], set[str]] = {}
        for p in s.placed:
            if p.item.part in apart:
                rows.setdefault((round(p.y, 2), round(p.h, 2)), set()).add(p.item.kind)
        mixed = {y: kinds for y, kinds in rows.items() if len(kinds) > 1}
        assert not mixed, f"page {n} ({s.side}): rows at y, h = {sorted(mixed)} hold {list(mixed.values())}"


@pytest.mark.parametrize("name", KITS)
def test_a_short_last_row_takes_from_the_others(name):
    """A block of items is balanced (or a full rectangle, below): its rows differ by one item at most, save where a
    kind begins a row (8 standees stand 4 + 4, not 6 + 2; 27 hotels 9 + 9 + 9, not 13 + 13 + 1)."""
    _, sheets = sheets_of(name, "tokens", _key(dict(paper="a4")))
    for n, s in enumerate(sheets, 1):
        rows: dict[tuple, int] = {}
        for p in s.placed:
            row = (p.item.kind, round(p.y, 2), round(p.h, 2))
            rows[row] = rows.get(row, 0) + 1
        by_kind: dict[str, list[int]] = {}
        for (kind, _, _), k in sorted(rows.items()):
            by_kind.setdefault(kind, []).append(k)
        for kind, counts in by_kind.items():
            assert max(counts) - min(counts) <= 1, f"page {n} ({s.side}): rows of {kind} hold {counts}"


def test_euronopoly_tokens_take_one_a4_sheet():
    """The 120 counters (15 mm since review 10, sharing their cuts: 12 to a row, each kind in whole rows) and the 4
    standees on one sheet (3 sheets once: 70 | 50 and 2 standees | 2 standees; 2 with 22 mm counters)."""
    _, sheets = sheets_of("euronopoly", "tokens", _key(dict(paper="a4")))
    fronts = [s for s in sheets if s.side == "front"]
    assert [len(s.placed) for s in fronts] == [124]


# --------------------------------------------------------------------------- the footer
def _footers(sheet) -> list[tuple[float, float, bool]]:
    """Every text on the page that is not an item's drawing: (x, y of its baseline's start, whether it is turned)."""
    return [(*scene.apply(m, s.x, s.y), abs(m[1]) > 1e-9 or abs(m[2]) > 1e-9)
            for s, m in sheet_furniture(sheet, (scene.Text,))]


@pytest.mark.parametrize("how", HOWS, ids=lambda h: "-".join(map(str, h.values())))
@pytest.mark.parametrize("name", KITS)
def test_the_footer_sits_under_the_items_on_every_sheet(name, how):
    opts, sheets = sheets_of(name, "tokens", _key(how))
    for n, s in enumerate(sheets, 1):
        foot = _footers(s)
        assert foot, (n, s.side)
        lowest = min(p.y for p in s.placed) - opts.bleed if s.placed else PAPERS[opts.paper][1]
        for x, y, turned in foot:
            assert not turned and y < lowest, (f"page {n} ({s.side}): footer at y = {y:.1f} mm, the items' bleed "
                                               f"from {lowest:.1f} mm")


def test_the_chips_footer_sits_under_them_on_a4():
    """Euronopoly's chip sheets: the sheet's line and the two lines of advice, all three at the foot (the sheet's
    line stood over the chips)."""
    opts, sheets = sheets_of("euronopoly", "notes", _key(dict(paper="a4")))
    for n, s in enumerate(sheets, 1):
        lowest = min(p.y for p in s.placed) - opts.bleed
        assert all(not t and y < lowest for _, y, t in _footers(s)), n


# --------------------------------------------------------------------------- marks
def _inked(p, bleed: float) -> tuple[float, float, float, float]:
    """The rectangle a placed item's ink may cover on the page: its drawing's filled shapes, at most the trim and
    its bleed. An item drawn with a paper border (counters, notes) inks less than its trim."""
    d = p.item.front if p.side == "front" else p.item.back
    inset = None
    w, h = p.item.width, p.item.height
    for c in d.children:
        if isinstance(c, scene.Rect) and c.fill:
            edges = (c.x, c.y, w - c.x - c.w, h - c.y - c.h)
        elif isinstance(c, scene.Circle) and c.fill:
            edges = (c.cx - c.r, c.cy - c.r, w - c.cx - c.r, h - c.cy - c.r)
        else:
            continue
        e = max(min(edges), -bleed)
        inset = e if inset is None else min(inset, e)
    inset = -bleed if inset is None else inset
    return (p.x + inset, p.y + inset, p.w - 2 * inset, p.h - 2 * inset)


def _marks(sheet) -> list[tuple[float, float, float, float, float]]:
    """Every registration-black line outside the items' drawings: (x1, y1, x2, y2, width)."""
    return [(*scene.apply(m, s.x1, s.y1), *scene.apply(m, s.x2, s.y2), s.width)
            for s, m in sheet_furniture(sheet, (scene.Line,)) if s.stroke == REGISTRATION]


def _distance(seg, rect) -> float:
    x1, y1, x2, y2, width = seg
    x, y, w, h = rect
    dx = max(x - max(x1, x2), min(x1, x2) - (x + w), 0.0)
    dy = max(y - max(y1, y2), min(y1, y2) - (y + h), 0.0)
    return (dx * dx + dy * dy) ** 0.5 - width / 2


@pytest.mark.parametrize("how", HOWS, ids=lambda h: "-".join(map(str, h.values())))
@pytest.mark.parametrize("name", KITS)
def test_no_mark_touches_an_items_ink(name, how):
    opts, sheets = sheets_of(name, "tokens", _key(how))
    for n, s in enumerate(sheets, 1):
        inked = [_inked(p, opts.bleed) for p in s.placed]
        for seg in _marks(s):
            near = min((_distance(seg, r) for r in inked), default=99.0)
            assert near > 0.0, f"page {n} ({s.side}): a mark {tuple(round(v, 1) for v in seg[:4])} on an item's ink"


# --------------------------------------------------------------------------- backs
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("name", KITS)
def test_every_back_lands_behind_its_front(name, flip):
    """Counters sharing their cuts and blocks moved up for the footer: turned over, each back is where its front
    is (long-edge flip: x_back = W − x − w; short-edge: y_back = H − y − h), turned as ``back_rotation`` says."""
    from pnp.impose import back_rotation

    opts, sheets = sheets_of(name, "tokens", _key(dict(paper="a4", flip=flip)))
    pw, ph = PAPERS["a4"]
    axis = "vertical" if flip == "long" else "horizontal"
    for front, back in zip(sheets, sheets[1:]):
        if front.side != "front" or back.side != "back":
            continue
        faces = {p.item.id: p for p in front.placed}
        assert back.placed
        for b in back.placed:
            f = faces[b.item.id]
            x, y = (pw - f.x - f.w, f.y) if flip == "long" else (f.x, ph - f.y - f.h)
            assert abs(b.x - x) < 1e-6 and abs(b.y - y) < 1e-6 and (b.w, b.h) == (f.w, f.h), b.item.id
            assert b.rotation == back_rotation(f.rotation, axis)


def test_a_block_stands_as_a_full_rectangle_where_a_few_more_rows_make_one():
    """A block of items is a full rectangle where one takes at most a third more rows (at least one) than the
    fewest and fits the room: 32 counters 8 x 4 (not 11 + 11 + 10), 90 houses 10 x 9, 9 standees 3 x 3; a count
    no such rectangle holds is balanced (7 cards 3 + 3 + 1 on three columns, 13 counters 7 + 6)."""
    from pnp.impose import _shape_of

    assert _shape_of(32, 12, 20, True) == (8, 4)
    assert _shape_of(90, 13, 20, True) == (10, 9)
    assert _shape_of(9, 6, 3, True) == (3, 3)
    assert _shape_of(9, 6, 2, True) == (5, 2)  # no room for a third row: balanced
    assert _shape_of(32, 12, 20, False) == (11, 3)
    assert _shape_of(7, 3, 3, True) == (3, 3)
    assert _shape_of(13, 12, 20, True) == (7, 2)


@pytest.mark.parametrize("name, kinds, shape", [("etymonopoly", ("reconstruction",), (8, 4)),
                                                ("moneyloopy", ("house",), (10, 9)),
                                                ("moneyloopy", ("token", "marker"), (3, 3)),
                                                ("monopoly-2-3", ("house",), (8, 4)),
                                                ("monopoly-2-3", ("hotel",), (6, 2)), ("tahiti", ("hotel",), (6, 2))])
def test_counters_and_standees_stand_as_rectangles(name, kinds, shape):
    _, sheets = sheets_of(name, "tokens", _key(dict(paper="a4")))
    placed = [p for s in sheets if s.side == "front" for p in s.placed if p.item.kind in kinds]
    xs, ys = {round(p.x, 2) for p in placed}, {round(p.y, 2) for p in placed}
    assert (len(xs), len(ys)) == shape and len(placed) == shape[0] * shape[1]

