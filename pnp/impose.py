"""Place items on sheets: grid fitting, bleed, crop marks, footers, duplex backs.

Input: layout ``Item``s (front/back drawings in mm). Output: backend-neutral
``Page``s plus, for the manifest, every item's trim rectangle on every page.
Numbers follow ../shared/PRINT.md; every one of them is an option.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import scene
from .layout.common import Item
from .marks import MARK_LENGTH, MARK_MIN, MARK_OFFSET, PAPERS, cut_marks, footer
from .options import PrintOptions
from .scene import Page

FOOTER_ROOM = 3.5  # mm a footer line needs


@dataclass
class Placed:
    item: Item
    side: str  # front | back
    x: float
    y: float
    w: float  # trim size as placed (rotation swaps w and h)
    h: float
    rotation: int = 0

    def record(self) -> dict:
        return {"id": self.item.id, "kind": self.item.kind, "side": self.side,
                "trim": [round(self.x, 3), round(self.y, 3), round(self.w, 3), round(self.h, 3)]}


@dataclass
class Sheet:
    page: Page
    placed: list[Placed] = field(default_factory=list)
    side: str = "front"


@dataclass
class Grid:
    cols: int
    rows: int
    rotation: int  # 0 or 90
    gap: float  # between neighbouring trims: 2×bleed, or 0 when butted (shared cuts)
    cell_w: float  # trim as placed
    cell_h: float
    x0: float  # lower-left trim corner of the first cell
    y0: float
    block: tuple[float, float, float, float]

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    def cell(self, i: int) -> tuple[float, float]:
        """Fill rows from the top left, reading order."""
        r, c = divmod(i, self.cols)
        x = self.x0 + c * (self.cell_w + self.gap)
        y = self.y0 + (self.rows - 1 - r) * (self.cell_h + self.gap)
        return x, y


def plan_grid(w: float, h: float, area: tuple[float, float, float, float], bleed: float) -> Grid:
    """The grid holding the most items inside ``area`` (x, y, w, h: the printable region), with room for
    bleed and crop marks around the block. Prefers gaps (every edge keeps its bleed) when they hold as many
    items as butted cuts; prefers items upright."""
    ax, ay, aw, ah = area
    around = 2 * (bleed + MARK_OFFSET + MARK_MIN)
    best: Grid | None = None
    for rotation in (0, 90):
        cw, ch = (w, h) if rotation == 0 else (h, w)
        for gap in (2 * bleed, 0.0):
            cols = int((aw - around + gap + 1e-9) // (cw + gap))
            rows = int((ah - around + gap + 1e-9) // (ch + gap))
            if cols < 1 or rows < 1:
                continue
            bw, bh = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
            x0, y0 = ax + (aw - bw) / 2, ay + (ah - bh) / 2
            g = Grid(cols, rows, rotation, gap, cw, ch, x0, y0, (x0, y0, bw, bh))
            if best is None or g.capacity > best.capacity:
                best = g
    if best is None:
        raise ValueError(f"a {w:g}×{h:g} mm item does not fit on the sheet with bleed and marks; "
                         f"choose a larger --paper or a smaller --margin")
    return best


def _place_drawing(drawing: scene.Group, x: float, y: float, cw: float, ch: float, rotation: int,
                   clip: tuple[float, float, float, float]) -> scene.Group:
    """Put an item drawing (its own frame) with its trim corner at (x, y), rotated, clipped to ``clip``."""
    if rotation == 0:  # one group: the clip is given in the item's frame, after the move
        cx, cy, w, h = clip
        return scene.Group([drawing], transform=scene.translate(x, y), clip=(cx - x, cy - y, w, h))
    # 90° counter-clockwise: the item's (0,0) goes to the lower-right corner of the cell
    t = scene.compose(scene.translate(x + cw, y), scene.rotate(90))
    return scene.Group([scene.Group([drawing], transform=t)], clip=clip)


def _clip_for(grid: Grid, x: float, y: float, bleed: float) -> tuple[float, float, float, float]:
    """Bleed on every side that has no butted neighbour."""
    if grid.gap > 0:
        return (x - bleed, y - bleed, grid.cell_w + 2 * bleed, grid.cell_h + 2 * bleed)
    bx, by, bw, bh = grid.block
    left = bleed if abs(x - bx) < 1e-6 else 0.0
    right = bleed if abs(x + grid.cell_w - (bx + bw)) < 1e-6 else 0.0
    bottom = bleed if abs(y - by) < 1e-6 else 0.0
    top = bleed if abs(y + grid.cell_h - (by + bh)) < 1e-6 else 0.0
    return (x - left, y - bottom, grid.cell_w + left + right, grid.cell_h + bottom + top)


def _marks_and_footer(grid: Grid, cells: list[tuple[float, float]], paper: tuple[float, float], opts: PrintOptions,
                      label: str) -> list:
    pw, ph = paper
    xs, ys = [], []
    for x, y in cells:
        xs += [x, x + grid.cell_w]
        ys += [y, y + grid.cell_h]
    # marks frame the cells in use (a half-full last sheet gets marks next to its items)
    bx, by = min(xs), min(ys)
    bw, bh = max(xs) - bx, max(ys) - by
    free_v = by - opts.margin - opts.bleed - MARK_OFFSET  # room below the block for marks
    free_h = bx - opts.margin - opts.bleed - MARK_OFFSET
    length = max(MARK_MIN, min(MARK_LENGTH, free_v, free_h))
    out: list = cut_marks(xs, ys, (bx, by, bw, bh), opts.bleed, length)
    # the footer goes under the marks if there is room, else up the left margin
    lines = label.split("\n")  # the first line is closest to the paper's edge
    if free_v - length >= FOOTER_ROOM * len(lines):
        for i, line in enumerate(lines):
            out.append(footer(line, pw / 2, opts.margin + 1.2 + i * FOOTER_ROOM))
    else:
        for i, line in enumerate(lines):
            out.append(footer(line, opts.margin + 2.2 + i * FOOTER_ROOM, ph / 2, rotate_deg=90))
    return out


def impose(items: list[Item], opts: PrintOptions, kit_title: str, part: str, advice: str = "") -> list[Sheet]:
    """All sheets for one part, in print order. ``advice`` is printed on every sheet above the footer."""
    if not items:
        return []
    if opts.per_item:
        return _per_item(items, opts)
    groups: dict[tuple[float, float, str], list[Item]] = {}
    for it in items:  # items of one size and batch share sheets; first-seen order is kept
        groups.setdefault((it.width, it.height, it.batch), []).append(it)
    pw, ph = PAPERS[opts.paper]
    plans = []
    for (w, h, _), group in groups.items():
        if opts.layout == "gutterfold":
            grid = plan_grid(w, h, (opts.margin, opts.margin, pw / 2 - opts.margin, ph - 2 * opts.margin), opts.bleed)
        else:
            grid = plan_grid(w, h, (opts.margin, opts.margin, pw - 2 * opts.margin, ph - 2 * opts.margin), opts.bleed)
        for start in range(0, len(group), grid.capacity):
            plans.append((grid, group[start:start + grid.capacity]))
    total = len(plans)
    fronts, backs, sheets = [], [], []
    for n, (grid, batch) in enumerate(plans, 1):
        has_back = any(it.back is not None for it in batch)
        tag = f"{kit_title} · {part} · sheet {n} of {total}"
        if opts.layout == "gutterfold":
            sheets.append(_gutterfold(grid, batch, opts, (pw, ph), tag))
            continue
        extra = f"\n{advice}" if advice else ""
        fronts.append(_side(grid, batch, opts, (pw, ph), f"{tag} · front · print at 100 % / actual size{extra}", "front"))
        if has_back:
            backs.append(_side(grid, batch, opts, (pw, ph), f"{tag} · back · print at 100 % / actual size", "back"))
        else:
            backs.append(None)
    if opts.layout == "gutterfold":
        return sheets
    if opts.layout == "simplex":
        return fronts + [b for b in backs if b is not None]
    for f, b in zip(fronts, backs):  # duplex: each front page is followed by its back page
        sheets.append(f)
        if b is not None:
            sheets.append(b)
        elif any(s is not None for s in backs):
            sheets.append(Sheet(Page(pw, ph, scene.Group()), [], "back"))  # keep fronts on odd pages
    return sheets


def _back_xy(x: float, y: float, w: float, h: float, paper: tuple[float, float], opts: PrintOptions) -> tuple[float, float]:
    pw, ph = paper
    dx, dy = opts.offset
    if opts.layout == "simplex":
        return x, y
    if opts.flip == "short":
        return x + dx, ph - y - h + dy
    return pw - x - w + dx, y + dy


def _side(grid: Grid, batch: list[Item], opts: PrintOptions, paper, label: str, side: str) -> Sheet:
    content = scene.Group()
    placed = []
    cells = [grid.cell(i) for i in range(len(batch))]
    for it, (x, y) in zip(batch, cells):
        clip = _clip_for(grid, x, y, opts.bleed)
        if side == "front":
            content.add(_place_drawing(it.front, x, y, grid.cell_w, grid.cell_h, grid.rotation, clip))
            placed.append(Placed(it, "front", x, y, grid.cell_w, grid.cell_h, grid.rotation))
        elif it.back is not None:
            bx, by = _back_xy(x, y, grid.cell_w, grid.cell_h, paper, opts)
            cx, cy, cw, ch = clip
            bclip = (_back_xy(cx, cy, cw, ch, paper, opts)[0], _back_xy(cx, cy, cw, ch, paper, opts)[1], cw, ch)
            content.add(_place_drawing(it.back, bx, by, grid.cell_w, grid.cell_h, grid.rotation, bclip))
            placed.append(Placed(it, "back", bx, by, grid.cell_w, grid.cell_h, grid.rotation))
    if side == "front" or opts.layout == "simplex":
        content.add(*_marks_and_footer(grid, cells, paper, opts, label))
    else:
        mirrored = [_back_xy(x, y, grid.cell_w, grid.cell_h, paper, opts) for x, y in cells]
        bx, by, bw, bh = grid.block
        mgx, mgy = _back_xy(bx, by, bw, bh, paper, opts)
        mgrid = Grid(grid.cols, grid.rows, grid.rotation, grid.gap, grid.cell_w, grid.cell_h, mgx, mgy, (mgx, mgy, bw, bh))
        content.add(*_marks_and_footer(mgrid, mirrored, paper, opts, label))
    return Sheet(Page(paper[0], paper[1], content), placed, side)


def _gutterfold(grid: Grid, batch: list[Item], opts: PrintOptions, paper, label: str) -> Sheet:
    """Fronts on the left half, backs mirrored about the fold on the right half."""
    pw, ph = paper
    content = scene.Group()
    placed = []
    cells = [grid.cell(i) for i in range(len(batch))]
    for it, (x, y) in zip(batch, cells):
        clip = _clip_for(grid, x, y, opts.bleed)
        content.add(_place_drawing(it.front, x, y, grid.cell_w, grid.cell_h, grid.rotation, clip))
        placed.append(Placed(it, "front", x, y, grid.cell_w, grid.cell_h, grid.rotation))
        if it.back is not None:
            bx = pw - x - grid.cell_w
            cx, cy, cw, ch = clip
            content.add(_place_drawing(it.back, bx, y, grid.cell_w, grid.cell_h, grid.rotation,
                                       (pw - cx - cw, cy, cw, ch)))
            placed.append(Placed(it, "back", bx, y, grid.cell_w, grid.cell_h, grid.rotation))
    content.add(scene.Line(pw / 2, opts.margin, pw / 2, ph - opts.margin, "#777777", 0.25, dash=(2.0, 1.5)))
    content.add(*_marks_and_footer(grid, cells, paper, opts, f"{label} · fold on the dashed line, glue, cut"))
    bx, by, bw, bh = grid.block
    mirror = [(pw - x - grid.cell_w, y) for x, y in cells]
    mgrid = Grid(grid.cols, grid.rows, grid.rotation, grid.gap, grid.cell_w, grid.cell_h, pw - bx - bw, by,
                 (pw - bx - bw, by, bw, bh))
    content.add(*cut_marks([v for x, _ in mirror for v in (x, x + grid.cell_w)],
                           [v for _, y in mirror for v in (y, y + grid.cell_h)], mgrid.block, opts.bleed, MARK_MIN))
    return Sheet(Page(pw, ph, content), placed, "front+back")


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
