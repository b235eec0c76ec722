"""Place items on sheets: grids with gutters, bleed, crop marks, footers, duplex and gutterfold backs.

Input: layout ``Item``s (front/back drawings in mm). Output: backend-neutral ``Page``s plus, for the
manifest, every item's trim rectangle on every page. Numbers follow ../shared/PRINT.md.

- Every item carries its own bleed and sits ``2 × bleed`` from its neighbours (a gutter), so a cut a little
  off shows the item's own colour. Items whose ``cut`` is ``shared`` (banknotes, counters) are butted instead: they
  share their cut lines and keep a paper-coloured border inside their trim (the layout draws it).
- A sheet holds blocks: a grid of same-size items each. Items of several sizes (counters, standees,
  chips) fill one sheet block under block, in the order given, before a new sheet is begun.
- Crop marks sit outside the bleed on the sheet's printable margin where there is room; where a block
  fills the printable height or width, its cuts are marked by short ticks in the middle of the gutters
  (on bleed that is cut away). Shared cuts have no gutter: their blocks keep room for a mark on every side
  (``MARK_ROOM``), so no ink lies on a cut (a sheet holds fewer notes than edge to edge: 7 on A4, not 10).
- Round items (chips) keep ``ROUND_GUTTER`` of bare paper between their bleeds as well, so each one's bleed ring
  shows; a guide circle in each one's bleed, just outside its trim, shows where to cut, and the straight lines
  down the gutters' middles (clear of every bleed) are marked for cutting the sheet into strips first. Square crop
  marks at a circle's bounding box would mark lines through its bleed, and help no one cut a circle.
- Of the ways to fill the sheets (``plan``): the fewest sheets; then the one that leaves the footer its room under
  the blocks on every sheet (a row less when that adds no sheet; over them too for a short-edge back); then the one
  whose emptiest sheet holds most (a group that would spill a few items onto a sheet of their own begins it whole).
- Counters and chips (parts that keep their kinds apart) stand in a block for each kind, or begin a row for each
  kind in a shared block, so no row or strip mixes two kinds, where that adds no sheet. A block's rows are
  balanced (a short last row takes from the others: 4 + 4 standees, not 6 + 2), or a full rectangle where a few
  more rows make one (32 counters 8 × 4), no wider than a block of its size above it.
- A sheet's first block is the best grid of its items; what room it leaves below takes a block of the same
  items turned, when a whole row of them fits there (A4 notes: a turned note under the 3 × 2), on every sheet alike.
- Backs: an item cut out and turned over about its own vertical axis shows its back upright. Turning the
  sheet over mirrors positions about the flip axis; the back's rotation follows from the item's own axis
  (see ``back_rotation``). The same holds for gutterfold, whose fold is the flip axis.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from . import scene
from .layout.common import SEAM_OVERLAP, Item  # SEAM_OVERLAP: how far past its bleed an item paints
from .marks import (MARK_LENGTH, MARK_OFFSET, MARK_WIDTH, PAPERS, REGISTRATION, cut_guide, footer, footer_lines,
                    gutter_tick)
from .options import PrintOptions, replace
from .scene import Page
from . import words
from .typeset import ENGLISH, Style

FOOTER_ROOM = 3.5  # mm a footer line needs
#: how kinds kept apart (``plan``) are, most wanted first: a block each; a row each in a shared block; not at all
KEEP_APART = ("blocks", "rows", "")
#: a block may take this share of its least rows more (at least one) to stand as a full rectangle (``_shape_of``)
RECT_ROWS = 1 / 3
#: a sheet's footer: its paragraphs, each with the style it is typeset in (pnp's English, the kit's advice)
Label = list[tuple[str, Style]]
MARK_SHORTEST = 2.0  # mm: a mark shorter than this is no help; the cut is marked in the gutters instead
#: mm between a crop mark's end and the footer's type beside it (the room FOOTER_ROOM gives a line holds its
#: ascenders: a mark ending at that room's edge came about a millimetre from the text, review 12)
MARK_CLEAR = 1.5
FOLD_GAP = 2.0  # mm of bare paper across a gutterfold's fold line, between the two halves' bleeds
#: mm of bare paper between the bleeds of two round items (chips): their bleed discs would touch at the usual
#: 2 × bleed, hiding where one item ends and the next begins; this keeps 6 × 8 chips of 25 mm on A4 and Letter
ROUND_GUTTER = 2.0
CUT_GUIDE = 1.0  # mm outside a round item's trim: its cut guide, a hairline circle in its bleed
CROSS_ARM = 1.5  # mm: each arm of the cross marking where two straight gutters between round items cross
EPS = 1e-6
NONE_MEET = (False, False, False, False)


@dataclass
class Placed:
    item: Item
    side: str  # front | back
    x: float
    y: float
    w: float  # trim size as placed (rotation by 90 or 270 swaps w and h)
    h: float
    rotation: int = 0  # degrees counter-clockwise the item's drawing is turned on the page

    def record(self) -> dict:
        return {"id": self.item.id, "kind": self.item.kind, "side": self.side,
                "trim": [round(self.x, 3), round(self.y, 3), round(self.w, 3), round(self.h, 3)],
                "rotation": self.rotation}


@dataclass
class Sheet:
    page: Page
    placed: list[Placed] = field(default_factory=list)
    side: str = "front"


@dataclass
class Block:
    """Items of one size in a grid: cells filled in reading order from the top left."""

    items: list[Item]
    cols: int
    rows: int
    rotation: int  # 0 or 90
    cell_w: float  # trim as placed
    cell_h: float
    gap: float  # between neighbouring trims: 2 × bleed, or 0 for shared cuts
    edge: float  # bleed drawn around the block (0 for shared cuts: their border is paper)
    room: float = 0.0  # kept clear around the bleed for crop marks (shared cuts: they have no gutter to mark)
    round: bool = False  # round items: a cut guide round each, the straight gutters between them marked
    x0: float = 0.0  # lower-left trim corner of the block
    y0: float = 0.0
    #: each item's cell in reading order where a kind begins a row of its own (``_slots``); () for cells 0, 1, 2, …
    slots: tuple[int, ...] = ()

    @property
    def width(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gap

    def cell(self, i: int) -> tuple[float, float]:
        r, c = divmod(self.slots[i] if self.slots else i, self.cols)
        return (self.x0 + c * (self.cell_w + self.gap), self.y0 + (self.rows - 1 - r) * (self.cell_h + self.gap))

    def cells(self) -> list[tuple[float, float]]:
        return [self.cell(i) for i in range(len(self.items))]


# --------------------------------------------------------------------------- planning
def _count(w: float, h: float, rotation: int, gap: float, edge: float, aw: float, ah: float) -> tuple[int, int]:
    """Columns and rows of w×h items turned by ``rotation`` in aw×ah, ``gap`` apart, ``edge`` kept around."""
    cw, ch = (w, h) if rotation == 0 else (h, w)
    cols = int((aw - 2 * edge + gap + EPS) // (cw + gap))
    rows = int((ah - 2 * edge + gap + EPS) // (ch + gap))
    return max(cols, 0), max(rows, 0)


#: mm kept around a block of items that share their cuts: the shortest mark and its offset, on every side
MARK_ROOM = MARK_OFFSET + MARK_SHORTEST


def _slots(queue: list[Item], at: int, cols: int, cells: int, apart: frozenset[str]) -> list[int]:
    """The cells (reading order, ``cols`` a row, at most ``cells``) of the items of ``queue`` from ``at`` on that
    fit: one after another, a kind of ``apart`` after another kind beginning a row of its own."""
    slots: list[int] = []
    slot = 0
    for i in range(at, min(len(queue), at + cells)):
        if slots and queue[i].kind != queue[i - 1].kind and queue[i].kind in apart and slot % cols:
            slot += cols - slot % cols
        if slot >= cells:
            break
        slots.append(slot)
        slot += 1
    return slots


def _shape_of(n: int, cols: int, rows: int, rect: bool) -> tuple[int, int]:
    """The columns and rows of a block of ``n`` items where ``cols`` × ``rows`` fit: balanced, as few columns as
    hold them in as many rows (a short last row takes from the others: 8 standees 4 + 4, not 6 + 2); with
    ``rect``, a full rectangle where one takes at most RECT_ROWS more rows than that and fits (32 counters 8 × 4,
    not 11 + 11 + 10; 9 standees 3 × 3, not 5 + 4)."""
    least = math.ceil(n / cols)
    if rect:
        for c in range(cols, 0, -1):
            r = n // c
            if c * r == n and r <= rows and r <= least + max(1, math.ceil(least * RECT_ROWS)):
                return c, r
            if r > rows:
                break
    return math.ceil(n / least), least


def _sep(bleed: float) -> float:
    """Room between two blocks on one sheet: both bleeds and a short mark each."""
    return 2 * (bleed + MARK_OFFSET + MARK_SHORTEST)


def plan(items: list[Item], area: tuple[float, float, float, float], bleed: float,
         foot: tuple[float, float] = (0.0, 0.0), apart: frozenset[str] = frozenset()) -> list[list[Block]]:
    """Sheets of blocks holding ``items`` in order inside ``area`` (x, y, w, h: where art may go).

    ``foot``: mm the sheet's footer needs under the blocks (and over them: a short-edge back's footer), marks
    included. Of the ways to fill the sheets, the fewest sheets win; then the one that leaves the footer that room
    (on every sheet alike at the foot, even at the cost of a row, when that adds no sheet); then the one that
    splits the fewest kinds of ``apart`` over two sheets (Euronopoly's apartments and holiday houses fill one
    sheet in 8 × 12, where two blocks would leave a row of holiday houses for the next); then the one that keeps
    the kinds of ``apart`` apart (``_fill``): each in a block of its own, else each beginning a row of its own in
    their block (cells left empty: Euronopoly's chips fill their sheets edge to edge); then the one whose blocks
    stand as full rectangles where they can (``_shape_of``); then the one
    whose emptiest sheet holds the most (a group that would spill a few items onto a sheet of their own begins that
    sheet whole instead, when that adds no sheet)."""
    ax, ay, aw, ah = area
    below, above = foot
    areas = [(ax, ay + below, aw, ah - below - above)] if above else []
    if below:
        areas.append((ax, ay + below, aw, ah - below))
    areas.append(area)
    best, best_key = None, None
    for rank, room in enumerate(areas):
        for whole, how, rect in itertools.product((False, True), KEEP_APART if apart else ("",), (True, False)):
            try:
                sheets = _fill(items, room, bleed, whole, apart if how else frozenset(), how, rect)
            except ValueError:
                if room is area:
                    raise
                continue
            emptiest = min(sum(len(b.items) * b.cell_w * b.cell_h for b in blocks) for blocks in sheets)
            split = sum(len(on) - 1 for on in _sheets_of_kinds(sheets, apart).values())
            key = (len(sheets), rank, split, KEEP_APART.index(how), not rect, -round(emptiest / (aw * ah), 3), whole)
            if best_key is None or key < best_key:
                best, best_key, kept = sheets, key, (room[1] - ay, ay + ah - room[1] - room[3])
    for blocks in best:
        _position(blocks, area, bleed, *kept)
    _keep_grid(best)
    return best


def _sheets_of_kinds(sheets: list[list[Block]], kinds: frozenset[str]) -> dict[str, set[int]]:
    """The sheets each kind of item in ``kinds`` lies on."""
    on: dict[str, set[int]] = {}
    for n, blocks in enumerate(sheets):
        for b in blocks:
            for it in b.items:
                if it.kind in kinds:
                    on.setdefault(it.kind, set()).add(n)
    return on


def _fill(items: list[Item], area: tuple[float, float, float, float], bleed: float, whole: bool,
          apart: frozenset[str] = frozenset(), how: str = "blocks", rect: bool = False) -> list[list[Block]]:
    """Sheets of blocks, filled in order: each group of same-size items under the last, a new sheet begun when the
    next block does not fit. ``whole``: a group that fits one sheet and would be split over two begins a new sheet
    instead. A kind of item in ``apart`` is a group of its own (``how`` = "blocks": houses, then hotels in a block
    under them), or begins a row of its own in its group's blocks ("rows"), so no row mixes two kinds. A block's
    rows are balanced, or with ``rect`` a full rectangle where one fits in a few more rows (``_shape_of``); a block
    whose kinds begin rows keeps its columns."""
    blocks = how == "blocks"
    _, _, aw, ah = area
    groups: dict[tuple[float, float, str, bool, str], list[Item]] = {}  # (size, cut, round, the kind kept apart)
    for it in items:  # items of one size and shape share blocks; first-seen order is kept
        kind = it.kind if blocks and it.kind in apart else ""
        groups.setdefault((it.width, it.height, it.cut, it.round, kind), []).append(it)
    sheets: list[list[Block]] = []
    current: list[Block] = []
    used = 0.0
    for (w, h, cut, rnd, _), queue in groups.items():
        shared = cut == "shared"
        gap, edge = (0.0, 0.0) if shared else (2 * bleed + (ROUND_GUTTER if rnd else 0.0), bleed)
        room = MARK_ROOM if shared else 0.0  # no gutter to tick: every cut marked in the margin
        full = {rot: _count(w, h, rot, gap, edge + room, aw, ah) for rot in (0, 90)}
        best_rot = max((0, 90), key=lambda r: (full[r][0] * full[r][1], r == 0))
        if full[best_rot][0] * full[best_rot][1] == 0:
            raise ValueError(f"a {w:g}×{h:g} mm item does not fit on the sheet with its bleed; "
                             f"choose a larger --paper or a smaller --margin")
        group = set(map(id, queue))
        at = 0  # the queue's items from ``at`` on are still to place (taken by index: slicing off each block's
        # items copied the rest of a 6000-card deck's queue for every block, four plans over)
        while at < len(queue):
            left = len(queue) - at
            height = ah - used - (_sep(bleed) if current else 0.0)
            options = []
            for rot in (best_rot, 90 - best_rot):
                cols, rows = _count(w, h, rot, gap, edge + room, aw, height)
                if cols and rows:
                    options.append((min(left, cols * rows), rot == best_rot, rot, cols, rows))
            if not options:
                sheets.append(current)
                current, used = [], 0.0
                continue
            n, _, rot, cols, rows = max(options)
            slots = [] if blocks else _slots(queue, at, cols, cols * rows, apart)
            n = len(slots) or n
            if current and (n < min(left, cols)  # less than a row: begin a new sheet
                            or whole and id(current[-1].items[0]) not in group and n < left
                            <= full[best_rot][0] * full[best_rot][1]):
                sheets.append(current)
                current, used = [], 0.0
                continue
            cw, ch = (w, h) if rot == 0 else (h, w)
            if slots and slots[-1] != n - 1:  # a kind begins a row: the cells as _slots gives them
                cols = min(cols, slots[-1] + 1)
                rows = slots[-1] // cols + 1
            else:
                above = current[-1] if current else None
                if (rect and above is not None and (above.cell_w, above.cell_h) == (cw, ch)
                        and math.ceil(n / above.cols) <= rows):  # no wider than a block of its size over it
                    cols = min(cols, above.cols)  # (12 hotels 6 x 2 under 8 x 4 houses, not a strip of 12)
                cols, rows = _shape_of(n, cols, rows, rect)
                slots = []
            block = Block(queue[at:at + n], cols, rows, rot, cw, ch, gap, edge, room, rnd and not shared,
                          slots=tuple(slots))
            used += (_sep(bleed) if current else 0.0) + block.height + 2 * (edge + room)
            current.append(block)
            at += n
    if current:
        sheets.append(current)
    return sheets


def _shape(b: Block) -> tuple:
    return (b.cell_w, b.cell_h, b.rotation, b.gap, b.edge, b.room, b.round)


def _keep_grid(sheets: list[list[Block]]) -> None:
    """A sheet holding fewer items than an earlier one of the same layout (a deck's last, part-filled sheet) keeps
    that sheet's grid: its cells where the earlier sheet's are, filled from the top left in rows as wide as the
    earlier sheet's, so every sheet of a stack cuts on the same lines (centred on its own, a last sheet of two rows
    stood a row lower than the rest; shaped on its own, Etymonopoly's last four cards stood 2 x 2 in a corner)."""
    for i, blocks in enumerate(sheets):
        for earlier in sheets[:i]:
            if len(blocks) <= len(earlier) and all(
                    _shape(b) == _shape(e) and b.cols <= e.cols and b.rows <= e.rows
                    for b, e in zip(blocks, earlier)):
                for b, e in zip(blocks, earlier):
                    if not b.slots and b.cols < e.cols:  # its rows as wide as the earlier sheet's: 3 + 1 cards,
                        b.cols, b.rows = e.cols, -(-len(b.items) // e.cols)  # not a 2 x 2 block in its corner
                    b.x0 = e.x0
                    b.y0 = e.y0 + (e.rows - b.rows) * (b.cell_h + b.gap)
                break


def _position(blocks: list[Block], area: tuple[float, float, float, float], bleed: float, below: float = 0.0,
              above: float = 0.0) -> None:
    """Centre the blocks of a sheet, stacked top to bottom; moved up (down) as far as it takes to keep ``below``
    (``above``) mm of the area free under (over) them, for the footer."""
    ax, ay, aw, ah = area
    total = sum(b.height + 2 * (b.edge + b.room) for b in blocks) + _sep(bleed) * (len(blocks) - 1)
    top = ay + ah - (ah - total) / 2
    top += max(0.0, below - (top - total - ay))
    top -= max(0.0, above - (ay + ah - top))
    for b in blocks:
        b.x0 = ax + (aw - b.width) / 2
        b.y0 = top - b.room - b.edge - b.height
        top = b.y0 - b.edge - b.room - _sep(bleed)


# --------------------------------------------------------------------------- turning over
def back_rotation(rotation: int, axis: str) -> int:
    """The rotation of an item's back, given its face's, when the sheet turns about ``axis``.

    ``vertical``: a portrait sheet turned about its long edge, or folded along a vertical line;
    ``horizontal``: turned about its short edge, or folded along a horizontal line. The item itself is
    turned about its own vertical axis: an upright item on a vertical flip keeps its rotation; every
    other case adds half a turn (PRINT.md, Duplex).
    """
    keeps = (rotation % 180 == 0) == (axis == "vertical")
    return rotation % 360 if keeps else (rotation + 180) % 360


def _mirror(rect: tuple[float, float, float, float], axis: str, about: float) -> tuple[float, float, float, float]:
    """A rectangle reflected about the line x = about (vertical axis) or y = about (horizontal axis)."""
    x, y, w, h = rect
    return (2 * about - x - w, y, w, h) if axis == "vertical" else (x, 2 * about - y - h, w, h)


# --------------------------------------------------------------------------- drawing
def _placing(x: float, y: float, w: float, h: float, rotation: int, clip: tuple[float, float, float, float]
             ) -> tuple:
    """How an item drawing (its own frame, trim w×h from (0, 0)) is put with its turned trim at (x, y), clipped:
    (transform, clip, whether the clip is on a group around the turned drawing)."""
    if rotation == 0:  # one group: the clip is given in the item's frame, after the move
        cx, cy, cw, ch = clip
        return scene.translate(x, y), (cx - x, cy - y, cw, ch), False
    pw, ph = (w, h) if rotation % 180 == 0 else (h, w)
    t = scene.compose(scene.translate(x + pw / 2, y + ph / 2), scene.rotate(rotation), scene.translate(-w / 2, -h / 2))
    return t, clip, True


def _put(drawing: scene.Group, placing: tuple) -> scene.Group:
    """The drawing placed as ``_placing`` says."""
    transform, clip, outside = placing
    if outside:
        return scene.Group([scene.Group([drawing], transform=transform)], clip=clip)
    return scene.Group([drawing], transform=transform, clip=clip)


def _clip(x: float, y: float, w: float, h: float, edge: float, meets: tuple[bool, bool, bool, bool] = NONE_MEET
          ) -> tuple[float, float, float, float]:
    """The clip of an item with its trim at (x, y, w, h): its bleed ``edge`` round it, and ``SEAM_OVERLAP`` more on
    each side where it meets a neighbour's bleed (``meets``: left, bottom, right, top), so that the two bleeds
    overlap a hair instead of butting, and no screen render shows the paper between them as a hairline."""
    if edge <= 0:
        return (x, y, w, h)
    left, bottom, right, top = (edge + SEAM_OVERLAP if m else edge for m in meets)
    return (x - left, y - bottom, w + left + right, h + bottom + top)


def _meets(rects: list[tuple[float, float, float, float]], gap: float, edge: float
           ) -> list[tuple[bool, bool, bool, bool]]:
    """For each cell of a block (trims as placed, front or mirrored back): does its bleed meet a neighbour's bleed on
    its left, bottom, right, top? Only where the neighbour is a cell of the block and the gap is the two bleeds."""
    if edge <= 0 or abs(gap - 2 * edge) > 1e-6:
        return [NONE_MEET] * len(rects)

    def near(a: float, b: float) -> bool:
        return abs(a - b) < 1e-3

    out = []
    for x, y, w, h in rects:
        side = [False] * 4
        for u, v, _, _ in rects:
            if near(v, y):
                side[0] = side[0] or near(u, x - gap - w)
                side[2] = side[2] or near(u, x + w + gap)
            if near(u, x):
                side[1] = side[1] or near(v, y - gap - h)
                side[3] = side[3] or near(v, y + h + gap)
        out.append(tuple(side))
    return out


@dataclass
class _Geometry:
    """What the furniture of one side needs to know: the blocks' trims and cut lines, as placed."""

    rect: tuple[float, float, float, float]  # trim rectangle of the used cells
    xs: list[float]
    ys: list[float]
    gap: float
    edge: float
    gutters_x: list[float]  # centres of the vertical gutters (between columns)
    gutters_y: list[float]  # centres of the horizontal gutters (between rows)
    cells: tuple = ()  # the trims of the cells with something printed on this side
    round: bool = False  # the items are round: marked by cut guides and their gutters' centre lines


def _beside(g: _Geometry, at: float, centre: float, direction: str) -> bool:
    """Does a printed cell have an edge on the cut ``at`` and lie beside the gutter centred on ``centre``?"""
    half = g.gap / 2
    for x, y, w, h in g.cells:
        along, across = ((x, x + w), (y, y + h)) if direction == "vertical" else ((y, y + h), (x, x + w))
        if any(abs(v - at) < 1e-3 for v in along) and (abs(across[0] - centre - half) < 1e-3
                                                     or abs(across[1] - centre + half) < 1e-3):
            return True
    return False


def _geometry(rects: list[tuple[float, float, float, float]], gap: float, edge: float,
              round_: bool = False) -> _Geometry:
    xs = sorted({round(v, 4) for x, _, w, _ in rects for v in (x, x + w)})
    ys = sorted({round(v, 4) for _, y, _, h in rects for v in (y, y + h)})
    bx, by = xs[0], ys[0]
    gx = [(a + b) / 2 for a, b in zip(xs, xs[1:]) if gap > 0 and abs(b - a - gap) < 1e-3]
    gy = [(a + b) / 2 for a, b in zip(ys, ys[1:]) if gap > 0 and abs(b - a - gap) < 1e-3]
    return _Geometry((bx, by, xs[-1] - bx, ys[-1] - by), xs, ys, gap, edge, gx, gy, tuple(rects), round_)


_UPRIGHT = "footer up the margin"  # the memo's record of whether a part's first sheet set its footer upright


def _furniture(geos: list[_Geometry], area: tuple[float, float, float, float], bleed: float,
               label: Label, paper: tuple[float, float], memo: dict | None = None) -> list:
    """Crop marks for every block, and the footer where there is room for it. ``memo``: the marks already made
    for sheets of the same blocks, their footers placed alike (every full sheet of a deck), reused; and whether the
    part's first sheet set its footer up the margin, as every sheet after it then does where it can."""
    ax, ay, aw, ah = area
    out: list = []
    if not geos:  # nothing on this side (a gutterfold sheet's back half where no item has a back): nothing to mark
        return out
    order = sorted(geos, key=lambda g: -g.rect[1])  # top block first
    # long advice wraps rather than runs off the sheet; each line keeps the style of its paragraph
    broken = [[(line, style) for line in footer_lines(text, aw - 4.0)] for text, style in label]
    lines = [line for para in broken for line in para]
    own = len(broken[0]) if broken else 0  # the sheet's own line(s), first in ``label``
    # the room each block has above and below: up to the area's edge or halfway to its neighbour
    limits = []
    for i, g in enumerate(order):
        x, y, w, h = g.rect
        top = ay + ah if i == 0 else (order[i - 1].rect[1] - order[i - 1].edge + y + h + g.edge) / 2
        bottom = ay if i == len(order) - 1 else (y - g.edge + order[i + 1].rect[1] + order[i + 1].rect[3]
                                                 + order[i + 1].edge) / 2
        limits.append((top, bottom))
    # the footer: under the lowest block, else over the highest, else up the side margins
    low = order[-1].rect[1] - order[-1].edge
    high = order[0].rect[1] + order[0].rect[3] + order[0].edge
    mark_room = MARK_OFFSET + MARK_SHORTEST + MARK_CLEAR
    below = low - mark_room - ay
    above = ay + ah - high - mark_room
    top_lines: list[tuple[str, Style]] = []
    bottom_lines: list[tuple[str, Style]] = []
    side_lines: list[tuple[str, Style]] = []
    fit_below, fit_above = int((max(below, 0) + EPS) // FOOTER_ROOM), int((max(above, 0) + EPS) // FOOTER_ROOM)
    side_room = min(g.rect[0] - g.edge for g in geos) - ax
    # a part's footers stand where its first sheet's do: a last sheet part filled, with room under its blocks, set
    # its footer there where every full sheet had it up the margin (a publisher's review: Monopoly 2.3's money)
    upright = memo is not None and memo.get(_UPRIGHT) and side_room >= FOOTER_ROOM
    if upright:
        side_lines = lines
    elif len(lines) <= fit_below:  # the advice, then the sheet's own line closest to the paper's edge
        bottom_lines = lines[own:] + lines[:own]  # a sheet's line wrapped in two keeps its order (Tahiti's slug)
    elif len(lines) <= fit_below + fit_above or side_room < FOOTER_ROOM:
        # the sheet's line (and what does not fit below) over the highest block, the rest under the lowest;
        # where neither has room, the marks give way
        over = max(1, len(lines) - fit_below) if fit_above or side_room < FOOTER_ROOM else 0
        top_lines, bottom_lines = lines[:over], lines[over:]
    else:  # up the left margin, and down the right one for a second line
        side_lines = lines
    if memo is not None:
        memo.setdefault(_UPRIGHT, bool(side_lines))
    foot_bottom, foot_top = len(bottom_lines), len(top_lines)
    # side lines stand up the left margin, side by side, where it has room for them all (the right margin keeps
    # its marks: a sheet whose blocks fill the height marks its horizontal cuts there); else one a side
    left_only = len(side_lines) * FOOTER_ROOM <= side_room - MARK_OFFSET
    sides_taken = {"left": bool(side_lines), "right": len(side_lines) > 1 and not left_only}
    key = (tuple((g.rect, tuple(g.xs), tuple(g.ys), g.gap, g.edge, tuple(g.gutters_x), tuple(g.gutters_y), g.cells,
                  g.round)
                 for g in order), tuple(limits), tuple(area), foot_bottom, foot_top, tuple(sides_taken.values()))
    marks = memo.get(key) if memo is not None else None
    if marks is None:
        marks = _marks(order, limits, area, foot_bottom, foot_top, sides_taken)
        if memo is not None:
            memo[key] = marks
    out.extend(marks)
    mid = ax + aw / 2
    for j, (line, style) in enumerate(bottom_lines):  # read top to bottom, the last closest to the paper's edge
        out.append(footer(line, mid, ay + 1.2 + (foot_bottom - 1 - j) * FOOTER_ROOM, style=style))
    for j, (line, style) in enumerate(top_lines):
        out.append(footer(line, mid, ay + ah - 2.4 - j * FOOTER_ROOM, style=style))
    if side_lines and left_only:  # up the left margin, the sheet's own line closest to the paper's edge
        left = min(g.rect[0] - g.edge for g in geos)
        x0 = (ax + left) / 2 + 0.8 - (len(side_lines) - 1) * FOOTER_ROOM / 2
        for j, (line, style) in enumerate(side_lines):
            out.append(footer(line, x0 + j * FOOTER_ROOM, ay + ah / 2, rotate_deg=90, style=style))
    elif side_lines:  # up the left margin and down the right one, centred on the area
        left = min(g.rect[0] - g.edge for g in geos)
        line, style = side_lines[0]
        out.append(footer(line, (ax + left) / 2 + 0.8, ay + ah / 2, rotate_deg=90, style=style))
        if len(side_lines) > 1:
            right = max(g.rect[0] + g.rect[2] + g.edge for g in geos)
            out.append(footer("  ".join(line for line, _ in side_lines[1:]), (right + ax + aw) / 2 - 0.8,
                              ay + ah / 2, rotate_deg=-90, style=side_lines[1][1]))
    return out


def _marks(order: list[_Geometry], limits: list[tuple[float, float]], area: tuple[float, float, float, float],
           foot_bottom: int, foot_top: int, sides_taken: dict[str, bool]) -> list:
    """The crop marks and gutter ticks of the blocks ``order`` (top block first), given the room each has above
    and below (``limits``), the footer's lines under the lowest and over the highest block, and the side margins
    a footer takes."""
    ax, ay, aw, ah = area
    out: list = []
    for g, (top, bottom) in zip(order, limits):
        x, y, w, h = g.rect
        room = {"top": top - (y + h + g.edge), "bottom": y - g.edge - bottom,
                "left": x - g.edge - ax, "right": ax + aw - (x + w + g.edge)}
        if foot_bottom and g is order[-1]:
            room["bottom"] -= FOOTER_ROOM * foot_bottom + MARK_CLEAR
        if foot_top and g is order[0]:
            room["top"] -= FOOTER_ROOM * foot_top + MARK_CLEAR
        for side, taken in sides_taken.items():
            if taken:
                room[side] = 0.0
        length = {s: min(MARK_LENGTH, r - MARK_OFFSET) for s, r in room.items()}
        ok = {s: v >= MARK_SHORTEST - EPS for s, v in length.items()}
        if g.round:
            out.extend(_round_marks(g, ok, length))
            continue
        # vertical cuts (at xs): marks above and/or below, else ticks in the horizontal gutters
        for cx in g.xs:
            if ok["bottom"]:
                out.append(_mark(cx, y - g.edge - MARK_OFFSET, cx, y - g.edge - MARK_OFFSET - length["bottom"]))
            if ok["top"]:
                out.append(_mark(cx, y + h + g.edge + MARK_OFFSET, cx, y + h + g.edge + MARK_OFFSET + length["top"]))
            if not (ok["top"] and ok["bottom"]):
                out.extend(_inner(g, cx, "vertical"))
        for cy in g.ys:
            if ok["left"]:
                out.append(_mark(x - g.edge - MARK_OFFSET, cy, x - g.edge - MARK_OFFSET - length["left"], cy))
            if ok["right"]:
                out.append(_mark(x + w + g.edge + MARK_OFFSET, cy, x + w + g.edge + MARK_OFFSET + length["right"], cy))
            if not (ok["left"] and ok["right"]):
                out.extend(_inner(g, cy, "horizontal"))
    return out


def _round_marks(g: _Geometry, ok: dict[str, bool], length: dict[str, float]) -> list:
    """Round items: square crop marks at a circle's bounding box help no one cut a circle. Each printed item gets a
    cut guide (a hairline circle ``CUT_GUIDE`` mm outside its trim, in its bleed); the straight lines down the
    middle of the gutters, which cross no item's bleed, are marked so the sheet can first be cut into strips (a
    circle punch reaches only so far into a sheet): in the margins where there is room, else by a short tick at
    the block's edge, and by a small cross where two of them cross between four items."""
    x, y, w, h = g.rect
    out: list = []
    centres = set()
    for cx0, cy0, cw, ch in g.cells:
        cx, cy = cx0 + cw / 2, cy0 + ch / 2
        centres.add((round(cx, 3), round(cy, 3)))
        out.append(cut_guide(cx, cy, min(cw, ch) / 2 + CUT_GUIDE))
    if not g.cells:
        return out
    cw, ch = g.cells[0][2], g.cells[0][3]
    px, py = (cw + g.gap) / 2, (ch + g.gap) / 2  # from a gutter's centre line to the centres beside it

    def printed(cx: float, cy: float) -> bool:
        return (round(cx, 3), round(cy, 3)) in centres

    def beside(at: float, direction: str, end: float) -> bool:  # a printed item beside the line's end
        if direction == "vertical":
            return printed(at - px, end) or printed(at + px, end)
        return printed(end, at - py) or printed(end, at + py)

    top_c, bottom_c = y + h - ch / 2, y + ch / 2
    left_c, right_c = x + cw / 2, x + w - cw / 2
    arm = CROSS_ARM
    for gx in g.gutters_x:  # vertical lines between columns
        for side, y1, sign, end in (("bottom", y - g.edge, -1, bottom_c), ("top", y + h + g.edge, 1, top_c)):
            if ok[side]:
                out.append(_mark(gx, y1 + sign * MARK_OFFSET, gx, y1 + sign * (MARK_OFFSET + length[side])))
            elif beside(gx, "vertical", end):
                out.append(gutter_tick(gx, y1, gx, y1 - sign * 2 * arm))
    for gy in g.gutters_y:  # horizontal lines between rows
        for side, x1, sign, end in (("left", x - g.edge, -1, left_c), ("right", x + w + g.edge, 1, right_c)):
            if ok[side]:
                out.append(_mark(x1 + sign * MARK_OFFSET, gy, x1 + sign * (MARK_OFFSET + length[side]), gy))
            elif beside(gy, "horizontal", end):
                out.append(gutter_tick(x1, gy, x1 - sign * 2 * arm, gy))
    for gx in g.gutters_x:
        for gy in g.gutters_y:
            if any(printed(gx + dx, gy + dy) for dx in (-px, px) for dy in (-py, py)):
                out.append(scene.Group([gutter_tick(gx - arm, gy, gx + arm, gy), gutter_tick(gx, gy - arm, gx, gy + arm)]))
    return out


def _mark(x1: float, y1: float, x2: float, y2: float) -> scene.Line:
    return scene.Line(x1, y1, x2, y2, REGISTRATION, MARK_WIDTH)


def _inner(g: _Geometry, at: float, direction: str) -> list:
    """A cut the margin has no room to mark: ticks in the gutters crossing it. Shared cuts have no gutter and
    never need this: their blocks keep room for marks (``MARK_ROOM``)."""
    if g.gap == 0:
        return []
    half = min(1.0, g.gap / 4)
    # only in a gutter beside a printed cell: a partial row's blank cells (a back's unprinted ones) stay bare
    centres = [c for c in (g.gutters_y if direction == "vertical" else g.gutters_x) if _beside(g, at, c, direction)]
    if direction == "vertical":
        return [gutter_tick(at, c - half, at, c + half) for c in centres]
    return [gutter_tick(c - half, at, c + half, at) for c in centres]


# --------------------------------------------------------------------------- sides and sheets
def impose(items: list[Item], opts: PrintOptions, kit_title: str, part: str, advice: str = "",
           advice_style: Style = ENGLISH, lang: str = "en", advice_kinds: Iterable[str] = (),
           apart: frozenset[str] = frozenset()) -> list[Sheet]:
    """All sheets for one part, in print order. ``advice`` (typeset in ``advice_style``) is printed above the
    footer of every front sheet, or with ``advice_kinds`` of every front sheet holding an item of those kinds (how
    to make the player tokens, on the sheet of tokens); pnp's own words (the footers) are in ``lang``.
    ``apart``: kinds of item set in blocks of their own (``plan``)."""
    return list(imposed(items, opts, kit_title, part, advice, advice_style, lang, advice_kinds, apart))


def imposed(items: list[Item], opts: PrintOptions, kit_title: str, part: str, advice: str = "",
            advice_style: Style = ENGLISH, lang: str = "en", advice_kinds: Iterable[str] = (),
            apart: frozenset[str] = frozenset()) -> Iterator[Sheet]:
    """``impose``'s sheets one at a time, in print order. A duplex job lets go of each sheet's items once both
    its sides are made: a caller that hands its list of items over (keeping no other reference to them) and
    writes each sheet as it comes holds the drawings of one sheet at a time, not of the whole part. The plan
    (how many sheets, which items on each) is made first, so any error is raised before a sheet is made."""
    if not items:
        return iter(())
    if opts.per_item:
        return iter(_per_item(items, opts))
    pw, ph = PAPERS[opts.paper]
    if opts.layout == "gutterfold":
        return iter(_gutterfold(items, opts, (pw, ph), kit_title, part, lang))
    printable = (opts.margin, opts.margin, pw - 2 * opts.margin, ph - 2 * opts.margin)
    plans = plan(items, printable, opts.bleed, _foot(items, opts, printable[2], kit_title, part, advice, advice_style,
                                                     lang), apart)
    return _sides(plans, opts, (pw, ph), printable, kit_title, part, advice, advice_style, lang,
                  frozenset(advice_kinds))


def _foot(items: list[Item], opts: PrintOptions, width: float, kit_title: str, part: str, advice: str,
          advice_style: Style, lang: str) -> tuple[float, float]:
    """mm a sheet's footer needs under its blocks, a short mark above it: its lines as ``_furniture`` breaks them
    (the sheet's own line, as long as "sheet 99 of 99"; the advice); and over them when a short-edge flip turns the
    foot of the front to the head of the back (the back's own line)."""
    w, own = words.of(lang), words.style(lang)
    tag = w["sheet"].format(title=kit_title, part=w.get(f"part.{part}", part), n=99, total=99)
    backed = any(it.back is not None for it in items)
    note = print_note(w, opts, backed, part, bool(items) and all(it.round for it in items),
                      any(_shared(it) for it in items))
    label = [(f"{tag} · {w['front']} · {note}", own)] + ([(advice, advice_style)] if advice else [])
    front = sum(len(footer_lines(text, width - 4.0)) for text, _ in label)
    back = len(footer_lines(f"{tag} · {w['back']} · {note}", width - 4.0))
    turned = opts.layout == "duplex" and opts.flip == "short" and backed
    room = MARK_OFFSET + MARK_SHORTEST + MARK_CLEAR
    return front * FOOTER_ROOM + room, (back * FOOTER_ROOM + room if turned else 0.0)


def _shared(it: Item) -> bool:
    """Is ``it`` butted against its neighbours, one cut between two (a note, a square counter; not a chip, whose
    ring is cut or punched on its own)?"""
    return it.cut == "shared" and not it.round


def print_note(w: dict, opts: PrintOptions, backed: bool, part: str, chips: bool = False,
               shared: bool = False) -> str:
    """How a sheet is printed, in its footer: two-sided and on which edge to flip, for a duplex sheet with backs
    (a maker printing the cards one-sided got their backs on sheets of their own: the seventh review), else at
    actual size; and on what stock, where the words name one for the part (card for cards and tokens, paper for
    money; thick card for money made of round chips, ``chips``: their sheets said "paper" under the kit's own
    advice to print them on card, review 10); and where items share their cuts (``shared``: notes, counters, also
    beside standees cut apart), to cut from mark to mark (only Etymonopoly's own advice said so: review 10; the
    sheets of counters and standees went without it: review 11)."""
    note = w["print_duplex"].format(edge=w[opts.flip]) if backed and opts.layout == "duplex" else w["print_note"]
    stock = (w.get(f"stock.{part}.round") if chips else None) or w.get(f"stock.{part}")
    note = f"{note}, {stock}" if stock else note
    return f"{note} · {w['cut.shared']}" if shared and w.get("cut.shared") else note


def _sides(plans: list[list[Block]], opts: PrintOptions, paper: tuple[float, float],
           printable: tuple[float, float, float, float], kit_title: str, part: str, advice: str,
           advice_style: Style, lang: str, advice_kinds: frozenset[str] = frozenset()) -> Iterator[Sheet]:
    """The pages of the sheets ``plans``, fronts and backs in print order; a duplex job drops each sheet's blocks
    (and so its items) once its back is made. The advice goes on the fronts holding an item of ``advice_kinds``
    (every front when it is empty); the room for it is kept on every sheet (``_foot``), so the plan is the same."""
    pw, ph = paper
    total = len(plans)
    axis = "vertical" if opts.flip == "long" else "horizontal"
    extra: Label = [(advice, advice_style)] if advice else []
    w, own = words.of(lang), words.style(lang)
    memo: dict = {}  # marks made for a sheet, reused by the sheets with the same blocks
    plans.reverse()  # taken from the end, so that each sheet's blocks go as soon as it is made
    backs: list[Sheet | None] = []
    n = 0
    while plans:
        blocks = plans.pop()
        n += 1
        tag = w["sheet"].format(title=kit_title, part=w.get(f"part.{part}", part), n=n, total=total)
        told = extra if not advice_kinds or any(it.kind in advice_kinds for b in blocks for it in b.items) else []
        backed = any(it.back is not None for b in blocks for it in b.items)
        note = print_note(w, opts, backed, part, all(it.round for b in blocks for it in b.items),
                          any(_shared(it) for b in blocks for it in b.items))
        front = _front(blocks, opts, (pw, ph), printable, memo, [(f"{tag} · {w['front']} · {note}", own), *told])
        back = None
        if backed:
            back = _back(blocks, opts, (pw, ph), printable, axis, memo, [(f"{tag} · {w['back']} · {note}", own)])
        del blocks
        if opts.layout == "simplex":  # every front, then every back
            backs.append(back)
            yield front
            continue
        yield front  # duplex: each front page is followed by its back page
        if back is not None:
            yield back
        elif plans:  # a blank back keeps the next front on a sheet of its own
            yield Sheet(Page(pw, ph, scene.Group()), [], "back")
        del front, back
    for b in backs:
        if b is not None:
            yield b


def _cells(b: Block, memo: dict, side: str, axis: str = "", about: float = 0.0, rotation: int = 0) -> list[tuple]:
    """Each cell of ``b`` as placed on one side: (its trim rectangle, how an item's drawing is put there), and the
    block's geometry; made once for every block placed alike (each full sheet of a deck: its sheets differ in
    their items alone). ``axis`` and ``about``: the back of a sheet turned over, mirrored so."""
    key = ("cells", side, axis, about, rotation, b.x0, b.y0, b.cols, b.rows, b.cell_w, b.cell_h, b.gap, b.edge,
           len(b.items), b.slots, b.items[0].width, b.items[0].height, b.round)
    done = memo.get(key)
    if done is None:
        iw, ih = b.items[0].width, b.items[0].height  # a block's items are of one size
        rects = [(x, y, b.cell_w, b.cell_h) for x, y in b.cells()]
        if axis:
            rects = [_mirror(r, axis, about) for r in rects]
        cells = [(r, _placing(r[0], r[1], iw, ih, rotation, _clip(*r, b.edge, m)))
                 for r, m in zip(rects, _meets(rects, b.gap, b.edge))]
        done = memo[key] = (cells, _geometry(rects, b.gap, b.edge, b.round))
    return done


def _front(blocks: list[Block], opts: PrintOptions, paper, area, memo: dict, label: Label) -> Sheet:
    content = scene.Group()
    add = content.children.append
    placed = []
    geos = []
    for b in blocks:
        cells, geometry = _cells(b, memo, "front", rotation=b.rotation)
        for it, ((x, y, w, h), placing) in zip(b.items, cells):
            add(_put(it.front, placing))
            placed.append(Placed(it, "front", x, y, w, h, b.rotation))
        geos.append(geometry)
    content.add(*_furniture(geos, area, opts.bleed, label, paper, memo))
    return Sheet(Page(paper[0], paper[1], content), placed, "front")


def _back(blocks: list[Block], opts: PrintOptions, paper, area, axis: str, memo: dict, label: Label) -> Sheet:
    """The back page: each back where its front lands when the sheet is turned over (simplex: in place)."""
    pw, ph = paper
    content = scene.Group()
    add = content.children.append
    placed = []
    simplex = opts.layout == "simplex"
    about = pw / 2 if axis == "vertical" else ph / 2
    geos = []
    for b in blocks:
        rot = b.rotation if simplex else back_rotation(b.rotation, axis)
        cells, geometry = _cells(b, memo, "back", "" if simplex else axis, about, rot)
        rects = []  # the cells with a back: marks only where something is printed on this side
        for it, (rect, placing) in zip(b.items, cells):
            if it.back is None:
                continue
            rects.append(rect)
            add(_put(it.back, placing))
            placed.append(Placed(it, "back", *rect, rot))
        if len(rects) == len(cells):  # every cell printed: the block's geometry, made once
            geos.append(geometry)
        elif rects:
            geos.append(_geometry(rects, b.gap, b.edge, b.round))
    if not simplex:
        area = _mirror(area, axis, about)
    content.add(*_furniture(geos, area, opts.bleed, label, paper, memo))
    dx, dy = (0.0, 0.0) if simplex else opts.offset
    if dx or dy:  # the printer's duplex misregistration, corrected for the whole back page
        content = scene.Group([content], transform=scene.translate(dx, dy))
        for p in placed:
            p.x, p.y = p.x + dx, p.y + dy
    return Sheet(Page(pw, ph, content), placed, "back")


def _gutterfold(items: list[Item], opts: PrintOptions, paper, kit_title: str, part: str,
                lang: str = "en") -> list[Sheet]:
    """Fronts on one half, backs mirrored about the fold on the other: fold, glue, cut.

    The fold runs down the middle (vertical) or across it (horizontal), whichever needs fewer sheets;
    the fold line lies in a strip of bare paper between the two halves' bleeds."""
    pw, ph = paper
    m = opts.margin
    halves = {"vertical": (m, m, pw / 2 - FOLD_GAP / 2 - m, ph - 2 * m),
              "horizontal": (m, ph / 2 + FOLD_GAP / 2, pw - 2 * m, ph / 2 - FOLD_GAP / 2 - m)}
    plans = {}
    for axis, area in halves.items():
        try:
            plans[axis] = plan(items, area, opts.bleed)
        except ValueError:
            continue
    if not plans:
        raise ValueError(f"an item does not fit on half a {opts.paper} sheet with its bleed; choose a larger "
                         f"--paper, a smaller --margin or another --layout")
    axis = min(plans, key=lambda a: (len(plans[a]), a != "vertical"))
    w = words.of(lang)
    sheets = []
    memo: dict = {}
    for n, blocks in enumerate(plans[axis], 1):
        tag = w["sheet"].format(title=kit_title, part=w.get(f"part.{part}", part), n=n, total=len(plans[axis]))
        label = [(f"{tag} · {w['fold']} · {w['print_note']}", words.style(lang))]
        front = _front(blocks, opts, paper, halves[axis], memo, label)
        # the back half is mirrored about the fold like a duplex back, never shifted by the duplex offset
        back = _back(blocks, replace(opts, layout="duplex", offset=(0.0, 0.0)), paper, halves[axis], axis, memo, [])
        content = scene.Group([front.page.content, back.page.content])
        if axis == "vertical":
            content.add(scene.Line(pw / 2, m, pw / 2, ph - m, "#777777", 0.25, dash=(2.0, 1.5)))
        else:
            content.add(scene.Line(m, ph / 2, pw - m, ph / 2, "#777777", 0.25, dash=(2.0, 1.5)))
        sheets.append(Sheet(Page(pw, ph, content), front.placed + back.placed, "front+back"))
    return sheets


def _per_item(items: list[Item], opts: PrintOptions) -> list[Sheet]:
    """One item per page at trim plus bleed, TrimBox and BleedBox set (print-shop export)."""
    b = opts.bleed
    out = []
    for it in items:
        w, h = it.width + 2 * b, it.height + 2 * b
        trim, bleed = (b, b, it.width, it.height), (0.0, 0.0, w, h)
        for side, drawing in (("front", it.front), ("back", it.back)):
            if drawing is None:
                continue
            content = scene.Group([scene.Group([drawing], transform=scene.translate(b, b))], clip=(0, 0, w, h))
            out.append(Sheet(Page(w, h, content, trim=trim, bleed=bleed), [Placed(it, side, b, b, it.width, it.height)], side))
    return out
