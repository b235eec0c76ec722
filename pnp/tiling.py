"""The board on paper: one print-shop sheet, or tiles for a home printer.

``board_full``: one page, the board centred with a 10 mm margin, crop marks, TrimBox = the
board, BleedBox = the board plus bleed.

``board_tiles``: the board (with its bleed) cut into R × C equal slices that overlap by
``overlap`` mm, one slice per page inside the printable margin. Per axis
tiles = ceil((S − o) / (p − o)) with S the board with its bleed, p the printable extent
of the paper (paper − 2 × margin) and o the overlap; the paper is turned whichever way
needs fewer tiles. Each slice is the one board drawing (a keyed group, so a PDF form
drawn once) seen through a clip: reassembled, the tiles reproduce the board exactly.

Assembly: tiles to the left and above lie on top. A tile's overlap with its left and
upper neighbours is its hatched glue strip; the neighbour's edge lands on the strip's
far side. Alignment crosses in the margins mark every overlap edge.

Coordinates: millimetres, origin at the lower left, y up. ``board_rect`` is in the
board's frame (trim from (0, 0) to (S, S); the bleed makes it start at −bleed);
``page_rect`` is on the tile's page.
"""
from __future__ import annotations

import bisect
import itertools
import math

from . import scene
from .fonts import PT
from .marks import (FOOTER_FONT, MARK_LENGTH, MARK_MIN, MARK_OFFSET, MARK_WIDTH, PAPERS, REGISTRATION,
                    cut_marks, footer)
from .scene import Page
from .text import fit, runs
from . import words  # pnp's own words: tile labels, the assembly map, in the edition's language

FULL_MARGIN = 10.0  # mm around the board on the print-shop sheet
LABEL_PT = 8.0
LABEL_FONT = "NotoSans-Bold"
LABEL_BAND = 9.0  # mm under each slice for its label and footer
CROSS_ARM = 2.0  # mm: half the span of an alignment cross
CROSS_GAP = 1.0  # mm between a cross and the art
HATCH = "#8c8c8c"
HATCH_STEP = 3.0  # mm between hatch lines


def _ensure_key(board_group: scene.Group, size: float, bleed: float) -> scene.Group:
    """The board drawn once per PDF: make sure it is a keyed group with its bounds."""
    if board_group.key is None:
        board_group.key = f"board-{id(board_group)}"
    if board_group.bounds is None:
        board_group.bounds = (-bleed, -bleed, size + 2 * bleed, size + 2 * bleed)
    return board_group


def board_full(board_group: scene.Group, size: float, bleed: float, label: str, lang: str = "en") -> Page:
    """One page of (size + 20) mm square: the board centred, crop marks, TrimBox = board, BleedBox = board + bleed."""
    board_group = _ensure_key(board_group, size, bleed)
    m = FULL_MARGIN
    side = size + 2 * m
    content = scene.Group()
    content.add(scene.Group([board_group], transform=scene.translate(m, m),
                            clip=(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed)))
    length = max(1.0, min(5.0, m - bleed - 2.0 - 0.5))
    content.add(*cut_marks([m, m + size], [m, m + size], (m, m, size, size), bleed, length=length))
    w = words.of(lang)
    text = w["board_full"].format(label=_part_name(label, w), size=words.number(size, lang),
                                  bleed=words.number(bleed, lang)) + f" · {w['print_note']}"
    content.add(footer(text, side / 2, min(m - bleed - 3.0, 4.0) if m - bleed > 4.5 else 2.0, style=words.style(lang)))
    return Page(side, side, content, trim=(m, m, size, size),
                bleed=(m - bleed, m - bleed, size + 2 * bleed, size + 2 * bleed))


# --------------------------------------------------------------------------- tiles
def _count(extent: float, printable: float, overlap: float) -> int:
    if printable <= overlap:
        raise ValueError(f"the printable area ({printable:.1f} mm) must be larger than the overlap ({overlap:g} mm)")
    return max(1, math.ceil((extent - overlap) / (printable - overlap) - 1e-9))


def _slice(extent: float, n: int, overlap: float) -> float:
    """Length of each of n equal slices overlapping by ``overlap`` that cover ``extent``."""
    return (extent - overlap) / n + overlap if n > 1 else extent


def _grid(extent: float, paper: str, orientation: str, margin: float, overlap: float, rows: int | None = None,
          cols: int | None = None) -> dict | None:
    """One orientation's grid: the fewest rows and columns its page needs (or those given), the even slice
    size and the longest slice a page holds across (``max_w``) and down (``max_h``, above the label band)."""
    pw, ph = PAPERS[paper]
    W, H = (pw, ph) if orientation == "portrait" else (ph, pw)
    px, py = W - 2 * margin, H - 2 * margin - LABEL_BAND
    if px <= overlap or py <= overlap:
        return None
    if cols is None:
        cols = _count(extent, W - 2 * margin, overlap)
        while _slice(extent, cols, overlap) > px + 1e-9:
            cols += 1
    if rows is None:
        rows = _count(extent, H - 2 * margin, overlap)
        # the label needs its band under the slice: add a row when the formula leaves no room for it
        while _slice(extent, rows, overlap) > py + 1e-9:
            rows += 1
    return {"orientation": orientation, "page": (W, H), "rows": rows, "cols": cols,
            "tile_w": _slice(extent, cols, overlap), "tile_h": _slice(extent, rows, overlap),
            "max_w": px, "max_h": py}


def _check(paper: str, overlap: float) -> None:
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
    if overlap < 0:
        raise ValueError("the overlap cannot be negative")


def tile_grid(size: float, bleed: float, paper: str, margin: float, overlap: float) -> dict:
    """The fewest tiles the paper needs (PRINT.md's formula), in the orientation needing fewer (portrait on a
    tie): orientation, page size, rows, columns, the even slice size, ``max_w`` and ``max_h``. No drawing.
    ``tile_plan`` may add a row or a column to keep its cuts clear of the drawing's texts."""
    _check(paper, overlap)
    grids = [g for o in ("portrait", "landscape") if (g := _grid(size + 2 * bleed, paper, o, margin, overlap))]
    if not grids:
        raise ValueError(f"{paper} with a {margin:g} mm margin is too small for a {overlap:g} mm overlap")
    return min(grids, key=lambda g: g["rows"] * g["cols"])


# ----------------------------------------------------------------- where the cuts go
# A tile's visible edge toward its right (lower) neighbour is a cut through the art: it should run along a
# line the drawing already has (the rules between spaces) and through no text. The board drawing is read for
# what a cut must avoid and where it hides, so this knows nothing of boards: texts, reused art (keyed groups:
# icons) and groups marked ``whole`` (panels, deck spots) are obstacles; straight lines are where a cut hides.
# The costs are steps apart on purpose: a cut through text is taken only when no grid within reach (one more
# row or column than the paper needs) avoids it; a cut through a panel between its texts, or across a space off
# its lines, is taken before an extra tile.
CUT_TEXT = 1000.0  # a cut through one text run (or a block of runs stacked along the cut)
DISPLAY_PT = 36.0  # text this large as printed is display type (the board's wordmark) ...
CUT_DISPLAY = 3.0  # ... which a cut may cross from its top to its bottom, as a folding board's crease does;
#                    a cut along its baseline (within DISPLAY_ANGLE) slices every letter and costs CUT_TEXT
DISPLAY_ANGLE = 30.0  # degrees
CUT_WHOLE = 60.0  # through a group marked whole (a panel, a table, a deck spot) between its texts
CUT_ART = 20.0  # through one piece of keyed art (an icon)
CUT_OFF_LINE = 30.0  # a cut that follows no drawn line at all (scaled by the share it does not follow)
EXTRA_TILE = 400.0  # per tile beyond the fewest the paper needs: a row of three spares the cuts two texts
UNFIT = 1e6  # a grid whose slices leave no room for their marks or the art past their edges
CUT_BALANCE = 1e-4  # per mm² a slice's length differs from the even split: keeps the tiles alike when all else ties
CUT_TOL = 1.0  # mm: a cut closer than this to a text or a panel touches it (a cut a little off would)
BLOCK_GAP = 2.0  # mm: obstacles closer than this along a cut are one block
ROOM = 7.0  # mm kept around a slice, when the tile count allows, for its trim marks and crosses
ROOM_MIN = MARK_OFFSET + MARK_MIN  # the least room that still holds a trim mark


def _text_costs(m, shape: scene.Text) -> tuple[float, float]:
    """What cutting a text run costs (vertical cut, horizontal cut): CUT_TEXT, or CUT_DISPLAY for display type
    crossed from top to bottom."""
    if shape.size * math.hypot(m[0], m[1]) < DISPLAY_PT:
        return CUT_TEXT, CUT_TEXT
    angle = math.degrees(math.atan2(m[1], m[0])) % 180.0  # the baseline's direction on the page
    along_x = min(angle, 180.0 - angle) <= DISPLAY_ANGLE  # a horizontal cut runs along the baseline
    along_y = abs(angle - 90.0) <= DISPLAY_ANGLE  # a vertical cut runs along it
    return (CUT_TEXT if along_y else CUT_DISPLAY), (CUT_TEXT if along_x else CUT_DISPLAY)


def _text_box(t: scene.Text) -> tuple[float, float, float, float]:
    """A run's box in its own frame: its advance, from a descender's depth to above its capitals."""
    h = t.size * PT
    x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0)
    return x, t.y - 0.25 * h, x + t.width, t.y + 0.8 * h


def _corners(shape, m):
    """The corners of what a shape draws (rectangles, lines, circles, texts), in the frame ``m`` maps to."""
    if isinstance(shape, scene.Group):
        mm = scene.compose(m, shape.transform)
        if shape.key is not None and shape.bounds is not None:
            x, y, w, h = shape.bounds
            yield from (scene.apply(mm, a, b) for a in (x, x + w) for b in (y, y + h))
            return
        for child in shape.children:
            yield from _corners(child, mm)
    elif isinstance(shape, scene.Rect):
        yield from (scene.apply(m, a, b) for a in (shape.x, shape.x + shape.w) for b in (shape.y, shape.y + shape.h))
    elif isinstance(shape, scene.Line):
        yield from (scene.apply(m, shape.x1, shape.y1), scene.apply(m, shape.x2, shape.y2))
    elif isinstance(shape, scene.Circle):
        yield from (scene.apply(m, shape.cx + a * shape.r, shape.cy + b * shape.r) for a in (-1, 1) for b in (-1, 1))
    elif isinstance(shape, scene.Text):
        x0, y0, x1, y1 = _text_box(shape)
        yield from (scene.apply(m, a, b) for a in (x0, x1) for b in (y0, y1))


def _art(group: scene.Group) -> tuple[list, dict]:
    """What a cut should avoid and where it hides, in the group's parent frame.

    Returns (obstacles, lines): obstacles as (x0, y0, x1, y1, cost of a vertical cut, cost of a horizontal
    cut, the text run or None); lines as {"x": {x: length}, "y": {y: length}} (vertical lines by their x, horizontal ones by their
    y, lengths summed)."""
    obstacles: list = []
    lines: dict = {"x": {}, "y": {}}

    def line(x1, y1, x2, y2):
        if abs(x1 - x2) < 1e-6:
            d = lines["x"]
            d[round(x1, 3)] = d.get(round(x1, 3), 0.0) + abs(y2 - y1)
        elif abs(y1 - y2) < 1e-6:
            d = lines["y"]
            d[round(y1, 3)] = d.get(round(y1, 3), 0.0) + abs(x2 - x1)

    def box(m, x0, y0, x1, y1, cost_x, cost_y, text=None):
        pts = [scene.apply(m, x, y) for x in (x0, x1) for y in (y0, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        obstacles.append((min(xs), min(ys), max(xs), max(ys), cost_x, cost_y, text))

    def walk(shape, m, top):
        if isinstance(shape, scene.Group):
            mm = scene.compose(m, shape.transform)
            if shape.key is not None and shape.bounds is not None and not top:
                x, y, w, h = shape.bounds
                box(mm, x, y, x + w, y + h, CUT_ART, CUT_ART)
                return
            if shape.whole:
                pts = list(_corners(shape, m))
                if pts:
                    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                    obstacles.append((min(xs), min(ys), max(xs), max(ys), CUT_WHOLE, CUT_WHOLE, None))
            for child in shape.children:
                walk(child, mm, False)
        elif isinstance(shape, scene.Text):
            box(m, *_text_box(shape), *_text_costs(m, shape), shape)
        elif isinstance(shape, scene.Line):
            line(*scene.apply(m, shape.x1, shape.y1), *scene.apply(m, shape.x2, shape.y2))
        elif isinstance(shape, scene.Rect) and shape.stroke and shape.radius == 0:
            c = [scene.apply(m, x, y) for x, y in ((shape.x, shape.y), (shape.x + shape.w, shape.y),
                                                   (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h))]
            for a, b in zip(c, c[1:] + c[:1]):
                line(*a, *b)

    walk(group, scene.IDENTITY, True)
    return obstacles, lines


def _cut_cost(pos: float, axis: str, obstacles: list, lines: dict, span: float) -> float:
    """What a cut across the whole drawing at ``pos`` costs: a vertical cut (axis "x") at x = pos, or a
    horizontal one (axis "y") at y = pos. Runs stacked along the cut (the lines of a paragraph, a name over its
    subtitle) are one block of text: a cut through a block costs the same whatever its lines."""
    i = 0 if axis == "x" else 1
    j, k = 1 - i, 4 + i
    hit = sorted((o[j], o[j + 2], o[k]) for o in obstacles if o[i] + CUT_TOL < pos < o[i + 2] - CUT_TOL)
    cost, block_end, block_cost = 0.0, None, 0.0
    for a, b, c in hit:
        if block_end is not None and a <= block_end + BLOCK_GAP:
            block_end, block_cost = max(block_end, b), max(block_cost, c)
            continue
        cost += block_cost
        block_end, block_cost = b, c
    cost += block_cost
    covered = sum(length for at, length in lines[axis].items() if abs(at - pos) <= 0.05)
    return cost + CUT_OFF_LINE * (1.0 - min(1.0, covered / span))


def _seams(start: float, end: float, n: int, overlap: float, longest: float, costs: dict,
           ext: float = 0.0) -> list[float] | None:
    """Where the n − 1 visible edges go along one axis, measured from ``start`` toward ``end``: each slice at
    most ``longest`` with the ``ext`` mm its art runs on past its visible edge (every slice but the last has
    one), neighbours overlapping by ``overlap`` (slice i + 1 starts ``overlap`` before edge i).

    ``costs`` maps candidate positions to their cost; the cheapest feasible set wins, the even split among
    the candidates. None when no slices that long can cover the extent."""
    extent = abs(end - start)
    if n == 1:
        return [] if extent <= longest + 1e-9 else None
    inner = longest - ext  # the longest slice that has a neighbour after it
    if (n - 1) * inner + longest - (n - 1) * overlap < extent - 1e-9:
        return None
    even = (extent - overlap) / n + overlap
    sign = 1.0 if end >= start else -1.0
    least = overlap + 1.0  # a slice is longer than its glue strip
    # candidates as distances from start
    at = {round(sign * (p - start), 4): p for p in costs}
    cands = sorted((d, costs[p]) for d, p in at.items())
    best: list[dict] = []  # per seam: distance -> (cost, previous distance)
    for k in range(n - 1):
        row: dict = {}
        # seam k lies where the slices before it can reach and those after it can still cover the rest
        lo = extent + overlap - (n - 2 - k) * (inner - overlap) - longest - 1e-9
        hi = (k + 1) * inner - k * overlap + 1e-9
        prev = sorted(best[k - 1].items()) if k else []
        prev_at = [dp for dp, _ in prev]
        for d, c in cands[bisect.bisect_left(cands, (lo,)):]:
            if d > hi:
                break
            if extent - (d - overlap) < least:
                continue
            if k == 0:
                if least <= d <= inner + 1e-9:
                    row[d] = (c + CUT_BALANCE * (d - even) ** 2, None)
                continue
            # the previous seam leaves this slice between least and inner long
            first = bisect.bisect_left(prev_at, d + overlap - inner - 1e-9)
            last = bisect.bisect_right(prev_at, d + overlap - least)
            for dp, (cp, _) in prev[first:last]:
                total = cp + c + CUT_BALANCE * (d - (dp - overlap) - even) ** 2
                if d not in row or total < row[d][0]:
                    row[d] = (total, dp)
        if not row:
            return None
        best.append(row)
    final = {}
    for d, (cost, prev) in best[-1].items():
        length = extent - (d - overlap)
        if least <= length <= longest + 1e-9:
            final[d] = cost + CUT_BALANCE * (length - even) ** 2
    if not final:
        return None
    d = min(final, key=lambda x: (final[x], x))
    out = [d]
    for k in range(n - 2, 0, -1):
        d = best[k][d][1]
        out.append(d)
    return [at[x] for x in reversed(out)]


class _Axis:
    """The cut candidates along one axis of one drawing, each costed once for every grid tried."""

    def __init__(self, axis: str, start: float, end: float, obstacles: list, lines: dict):
        self.axis, self.start, self.end = axis, start, end
        self.obstacles, self.lines = obstacles, lines
        i = 0 if axis == "x" else 1
        pos = set(lines[axis])
        for o in obstacles:
            pos.add(round(o[i] - CUT_TOL - 0.2, 4))
            pos.add(round(o[i + 2] + CUT_TOL + 0.2, 4))
        lo, hi = min(start, end), max(start, end)
        self.positions = {p for p in pos if lo < p < hi}
        self.costs: dict[float, float] = {}

    def cost(self, p: float) -> float:
        if p not in self.costs:
            self.costs[p] = _cut_cost(p, self.axis, self.obstacles, self.lines, abs(self.end - self.start))
        return self.costs[p]

    def seams(self, n: int, overlap: float, longest: float, ext: float) -> tuple[list[float], float, float]:
        """The seams for n slices, the room left around each slice (for marks and crosses) and their cost."""
        extent = abs(self.end - self.start)
        even = _slice(extent, n, overlap)
        sign = 1.0 if self.end >= self.start else -1.0
        plain = [self.start + sign * (even * (k + 1) - overlap * k) for k in range(n - 1)]
        window = longest - even  # a seam lies within reach of the even split
        pos = {p for p in self.positions | set(plain) if any(abs(p - q) <= window + 1e-6 for q in plain)}
        costs = {p: self.cost(p) for p in pos}
        # a cut through text is a last resort: try without those candidates first (a far smaller search)
        cheap = min(costs.values(), default=0.0) + CUT_TEXT / 2
        few = {p: c for p, c in costs.items() if c < cheap or p in plain}
        found = []
        for room in (ROOM, ROOM_MIN):
            seams = _seams(self.start, self.end, n, overlap, longest - 2 * room, few, ext)
            if len(few) < len(costs) and (seams is None or sum(costs[s] for s in seams) >= CUT_TEXT):
                seams = _seams(self.start, self.end, n, overlap, longest - 2 * room, costs, ext)
            if seams is not None:
                found.append((sum(costs[s] for s in seams), -room, seams))
        if found:
            cost, room, seams = min(found)
            return seams, -room, cost
        # no room for the art past the edges or the marks: the even split, at a price no other grid pays
        return plain, max(0.0, (longest - even - ext) / 2), UNFIT + sum(self.cost(p) for p in plain)


def tile_plan(board_group: scene.Group, size: float, bleed: float, paper: str, margin: float,
              overlap: float) -> dict:
    """The tile grid and its cuts: cuts on the drawing's lines, away from its texts.

    The fewest tiles the paper needs (``tile_grid``), in either orientation, or one more row or column where
    that keeps every cut clear of text (see the costs above). Each tile's art runs on ``bleed`` mm past every
    edge a neighbour meets (``ext``), so a cut a little off shows art, not paper.

    ``cols_x``: per column, its slice's (x, width) in the board's frame; ``rows_y`` per row (y, height),
    row 1 at the top; ``seams_x``/``seams_y``: the visible cut edges; ``cost``: what the cuts cost;
    ``fewest``: the tile count the paper needs and where the best grid of that many tiles would cut."""
    _check(paper, overlap)
    extent = size + 2 * bleed
    ext = bleed
    obstacles, lines = _art(board_group)
    lo, hi = -bleed, size + bleed
    axes = {"x": _Axis("x", lo, hi, obstacles, lines), "y": _Axis("y", hi, lo, obstacles, lines)}
    least = tile_grid(size, bleed, paper, margin, overlap)
    fewest = least["rows"] * least["cols"]
    best = None
    thrifty = None  # the best of the grids with the fewest tiles
    for orientation in ("portrait", "landscape"):
        base = _grid(extent, paper, orientation, margin, overlap)
        if base is None:
            continue
        for rows in (base["rows"], base["rows"] + 1):
            for cols in (base["cols"], base["cols"] + 1):
                grid = _grid(extent, paper, orientation, margin, overlap, rows, cols)
                sx, room_x, cost_x = axes["x"].seams(cols, overlap, grid["max_w"], ext)
                sy, room_y, cost_y = axes["y"].seams(rows, overlap, grid["max_h"], ext)
                cost = cost_x + cost_y + EXTRA_TILE * (rows * cols - fewest)
                key = (round(cost, 6), rows * cols, orientation != least["orientation"])
                if best is None or key < best[0]:
                    best = (key, grid, sx, sy, min(room_x, room_y), cost)
                if rows * cols == fewest and (thrifty is None or key < thrifty[0]):
                    thrifty = (key, grid, sx, sy)
    _, grid, sx, sy, room, cost = best
    edges_x = [lo] + [s - overlap for s in sx]
    ends_x = sx + [hi]
    cols = [(a, b - a) for a, b in zip(edges_x, ends_x)]
    tops = [hi] + [s + overlap for s in sy]
    bottoms = sy + [lo]
    rows = [(b, t - b) for t, b in zip(tops, bottoms)]
    # where the fewest tiles would have cut (the same as the plan's when it needed no more)
    fewest_cuts = {"tiles": fewest, "x": thrifty[2], "y": thrifty[3]} if thrifty else None
    return {**grid, "cols_x": cols, "rows_y": rows, "seams_x": sx, "seams_y": sy, "room": room, "ext": ext,
            "cost": cost, "fewest": fewest_cuts}


def crossed(board_group: scene.Group, cuts_x: list[float], cuts_y: list[float]) -> list[tuple[str, int, float, scene.Text]]:
    """The texts the cuts run through (display type crossed from top to bottom excepted): (axis, the cut's
    index along its axis, its position, the text run), in the board's frame."""
    obstacles, _ = _art(board_group)
    out = []
    for axis, cuts in (("x", cuts_x), ("y", cuts_y)):
        i, k = (0, 4) if axis == "x" else (1, 5)
        for n, pos in enumerate(cuts):
            out += [(axis, n, pos, o[6]) for o in obstacles
                    if o[6] is not None and o[k] >= CUT_TEXT and o[i] + CUT_TOL < pos < o[i + 2] - CUT_TOL]
    return out


def tile_name(row: int, col: int) -> str:
    """A tile's short name, as on a spreadsheet: the column's letter(s), then the row's number (B1)."""
    letters, n = "", col
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return f"{letters}{row}"


def _cross(x: float, y: float, arm: float = CROSS_ARM) -> list:
    return [scene.Line(x - arm, y, x + arm, y, REGISTRATION, MARK_WIDTH),
            scene.Line(x, y - arm, x, y + arm, REGISTRATION, MARK_WIDTH),
            scene.Circle(x, y, arm * 0.45, stroke=REGISTRATION, width=MARK_WIDTH)]


def _hatch(x: float, y: float, w: float, h: float) -> scene.Group:
    """A glue strip: diagonal hatching and a dashed outline, clipped to the strip."""
    g = scene.Group(clip=(x, y, w, h))
    t = -h
    while t < w:
        g.add(scene.Line(x + t, y, x + t + h, y + h, HATCH, 0.25))
        t += HATCH_STEP
    g.add(scene.Rect(x, y, w, h, stroke=HATCH, width=0.35, dash=(1.5, 1.0)))
    return g


def _part_name(label: str, w: dict) -> str:
    """The label naming the board part: "<kit> · board", whether or not the caller already said "board"."""
    board = w["part.board"]
    return label if label.rsplit("·", 1)[-1].strip().lower() == board else f"{label} · {board}"


def board_tiles(board_group: scene.Group, size: float, bleed: float, paper: str, margin: float, overlap: float,
                label: str, lang: str = "en") -> tuple[list[Page], dict]:
    """An assembly map, then one page per tile (pnp's words on them in ``lang``). Returns the pages and the grid
    for the manifest."""
    board_group = _ensure_key(board_group, size, bleed)
    w, own = words.of(lang), words.style(lang)
    label = _part_name(label, w)
    plan = tile_plan(board_group, size, bleed, paper, margin, overlap)
    W, H = plan["page"]
    R, C = plan["rows"], plan["cols"]
    o = overlap
    px, py = W - 2 * margin, H - 2 * margin
    tiles = []
    pages: list[Page] = []
    n_pages = R * C + 1
    ext = plan["ext"]
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            bx, tw = plan["cols_x"][c - 1]
            by, th = plan["rows_y"][r - 1]
            # the art runs on past the edges a neighbour meets (right, bottom): the cut there may be a little off
            ex, ey = (ext if c < C else 0.0), (ext if r < R else 0.0)
            # where the slice sits on its page: its art centred across, above the label band
            x0 = margin + (px - tw - ex) / 2
            y0 = margin + LABEL_BAND + ey + (py - LABEL_BAND - th - ey) / 2
            tiles.append({"row": r, "col": c, "name": tile_name(r, c), "page": len(tiles) + 2,
                          "board_rect": [round(bx, 4), round(by, 4), round(tw, 4), round(th, 4)],
                          "page_rect": [round(x0, 4), round(y0, 4), round(tw, 4), round(th, 4)],
                          "art_rect": [round(x0, 4), round(y0 - ey, 4), round(tw + ex, 4), round(th + ey, 4)]})
    info = {"rows": R, "cols": C, "tiles": tiles, "overlap": o, "paper": paper,
            "orientation": plan["orientation"], "page_size": [round(W, 3), round(H, 3)],
            "fewest": plan["fewest"],
            "cuts": {"x": [round(v, 4) for v in plan["seams_x"]], "y": [round(v, 4) for v in plan["seams_y"]]}}

    pages.append(_map_page(board_group, size, bleed, plan, tiles, margin, o, label, n_pages, lang))
    for t in tiles:
        r, c = t["row"], t["col"]
        bx, by, tw, th = t["board_rect"]
        x0, y0 = t["page_rect"][:2]
        ax, ay, aw, ah = t["art_rect"]
        content = scene.Group()
        dx, dy = x0 - bx, y0 - by
        content.add(scene.Group([board_group], transform=scene.translate(dx, dy), clip=(bx, ay - dy, aw, ah)))
        # glue strips: the overlap with the left and upper neighbours
        if c > 1 and o > 0:
            content.add(_hatch(x0, y0, o, th))
        if r > 1 and o > 0:
            content.add(_hatch(x0, y0 + th - o, tw, o))
        content.add(*_tile_crosses(t, o, R, C, W, H, margin, bleed))
        content.add(*_trim_marks(t, size, bleed, R, C, W, H, margin))
        text = w["tile"].format(name=t["name"], row=r, col=c, rows=R, cols=C)
        content.add(*runs(text, W / 2, margin + 4.2, LABEL_FONT, LABEL_PT, "#1d1d1b", "middle", style=own))
        foot = w["tile_foot"].format(label=label, name=t["name"], k=t["page"] - 1, tiles=R * C, page=t["page"],
                                     pages=n_pages, paper=words.paper(paper), orientation=w[plan["orientation"]],
                                     overlap=words.number(o, lang)) + f" · {w['print_note']}"
        content.add(footer(foot, W / 2, margin + 0.8, style=own))
        pages.append(Page(W, H, content))
    return pages, info


def _printable(x: float, y: float, W: float, H: float, margin: float, reach: float) -> bool:
    """Whether a mark reaching ``reach`` mm around (x, y) stays inside the printable area, clear of the label."""
    return margin + reach - 1e-9 <= x <= W - margin - reach + 1e-9 and \
        margin + LABEL_BAND + reach - 1e-9 <= y <= H - margin - reach + 1e-9


def _tile_crosses(t: dict, o: float, R: int, C: int, W: float, H: float, margin: float, bleed: float) -> list:
    """Crosses in the margins around the slice, on every overlap edge and on the slice's inner corners (the
    board's outer edges have trim marks instead)."""
    r, c = t["row"], t["col"]
    x0, y0, tw, th = t["page_rect"]
    ax, ay, aw, ah = t["art_rect"]  # the slice and the art past its right and bottom edges
    xs = set()
    if c > 1:
        xs |= {x0, x0 + o}
    if c < C:
        xs |= {x0 + tw, x0 + tw - o}
    ys = set()
    if r > 1:
        ys |= {y0 + th, y0 + th - o}
    if r < R:
        ys |= {y0, y0 + o}
    d = CROSS_GAP + CROSS_ARM
    out = []
    for x in sorted(xs):
        for y in (ay - d, y0 + th + d):
            if _printable(x, y, W, H, margin, CROSS_ARM):
                out += _cross(x, y)
    for y in sorted(ys):
        for x in (x0 - d, ax + aw + d):
            if _printable(x, y, W, H, margin, CROSS_ARM):
                out += _cross(x, y)
    return out


def _trim_marks(t: dict, size: float, bleed: float, R: int, C: int, W: float, H: float, margin: float) -> list:
    """Crop marks on the board's trim where this tile holds the board's outer edge: in line with each trim line,
    beyond both ends of the slice, starting MARK_OFFSET mm outside it (the slice's outer edge is the bleed)."""
    r, c = t["row"], t["col"]
    x0, y0, tw, th = t["page_rect"]
    ax, ay, aw, ah = t["art_rect"]
    bx, by = t["board_rect"][:2]
    to_page_x, to_page_y = x0 - bx, y0 - by
    xs = ([to_page_x] if c == 1 else []) + ([to_page_x + size] if c == C else [])
    ys = ([to_page_y + size] if r == 1 else []) + ([to_page_y] if r == R else [])
    out = []
    # vertical trim lines: marks above and below the slice; horizontal ones: left and right of it
    for x in xs:
        for y_edge, way in ((ay, -1.0), (y0 + th, 1.0)):
            room = (y_edge - margin - LABEL_BAND) if way < 0 else (H - margin - y_edge)
            length = min(MARK_LENGTH, room - MARK_OFFSET)
            if length >= MARK_MIN - 1e-9:
                a = y_edge + way * MARK_OFFSET
                out.append(scene.Line(x, a, x, a + way * length, REGISTRATION, MARK_WIDTH))
    for y in ys:
        for x_edge, way in ((x0, -1.0), (ax + aw, 1.0)):
            room = (x_edge - margin) if way < 0 else (W - margin - x_edge)
            length = min(MARK_LENGTH, room - MARK_OFFSET)
            if length >= MARK_MIN - 1e-9:
                a = x_edge + way * MARK_OFFSET
                out.append(scene.Line(a, y, a + way * length, y, REGISTRATION, MARK_WIDTH))
    return out


#: the assembly map's steps: pnp/words.py's map_1 ... map_4
MAP_STEPS = ("map_1", "map_2", "map_3", "map_4")


#: what a tile's label plate costs on the map for each mm² of the miniature it hides: a text; other art (an icon, a
#: picture: a ring's art still reads past a plate over part of it); the bare face of a thing drawn whole (a panel's
#: or a pile's ground around its texts and icons, which a reader misses least: a plate goes over a panel's empty
#: foot rather than its words or a ring's names); and for each mm its centre lies off the middle of the tile's own
#: part (squared)
HIDE_TEXT, HIDE_ART, HIDE_GROUND, OFF_MIDDLE = 1.0, 0.1, 0.05, 0.01
LABEL_STEPS = 17  # candidate spots across and down a tile's own part ...
LABEL_REACH = 0.8  # ... in this share of it around its middle
LABEL_EXACT = 5_000  # the most choices of the smaller side's lines (rows or columns) tried one by one (17 steps: 3 lines)


def _label_grid(area: tuple[float, float, float, float], w: float, h: float,
                obstacles: list) -> tuple[list[float], list[float], list[list[float]]]:
    """A ``w`` × ``h`` label plate's candidate spots in a tile's own part ``area`` (x0, y0, x1, y1, in the board's
    frame): (xs, ys, cost[i][j] of its centre at (xs[i], ys[j])). The cost is how much of the miniature's texts
    (then its art) the plate hides, plus how far it lies off the middle."""
    x0, y0, x1, y1 = area
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    # the spots: in the middle LABEL_REACH of where the plate fits, so the labels still read as a grid
    reach_x = max(0.0, x1 - x0 - w) * LABEL_REACH / 2
    reach_y = max(0.0, y1 - y0 - h) * LABEL_REACH / 2
    xs = [mx + reach_x * (2 * i / (LABEL_STEPS - 1) - 1) for i in range(LABEL_STEPS)]
    ys = [my + reach_y * (2 * i / (LABEL_STEPS - 1) - 1) for i in range(LABEL_STEPS)]
    unit = w / 22.0  # board mm per map mm (the plate is 22 mm wide on the map, or the tile's width)
    near = [o for o in obstacles if o[2] > x0 and o[0] < x1 and o[3] > y0 and o[1] < y1]
    weight = [HIDE_TEXT if text is not None else HIDE_GROUND if cut_x == CUT_WHOLE else HIDE_ART
              for _, _, _, _, cut_x, _, text in near]
    # how far each thing overlaps the plate across (at each x) and down (at each y): the plate's overlap with it at
    # (x, y) is their product, where both are positive (each thing's in the order given, as the sum adds them)
    across = [[(k, min(cx + w / 2, o[2]) - max(cx - w / 2, o[0])) for k, o in enumerate(near)] for cx in xs]
    down = [[min(cy + h / 2, o[3]) - max(cy - h / 2, o[1]) for o in near] for cy in ys]
    costs = []
    for cx, row_across in zip(xs, across):
        hit = [(k, ow) for k, ow in row_across if ow > 0]
        row = []
        for cy, oh_of in zip(ys, down):
            cost = 0.0
            for k, ow in hit:
                oh = oh_of[k]
                if oh > 0:
                    cost += ow * oh * weight[k]
            row.append(cost / unit ** 2 + OFF_MIDDLE * ((cx - mx) ** 2 + (cy - my) ** 2) / unit ** 2)
        costs.append(row)
    return xs, ys, costs


def _label_spot(area: tuple[float, float, float, float], w: float, h: float, obstacles: list) -> tuple[float, float]:
    """Where (its centre, in the board's frame) a ``w`` × ``h`` label plate goes in a tile's own part ``area``
    (x0, y0, x1, y1): the spot that hides the least of the miniature's texts (then its art), near the middle."""
    xs, ys, costs = _label_grid(area, w, h, obstacles)
    _, i, j = min((costs[i][j], i, j) for i in range(len(xs)) for j in range(len(ys)))
    return xs[i], ys[j]


def _label_spots(grids: dict[tuple[int, int], tuple]) -> dict[tuple[int, int], tuple[float, float]]:
    """Every tile's label spot, the labels of a row of tiles on one line and those of a column in one line (a grid,
    as the tiles are): each row's height and each column's place across chosen together, for the least cost summed
    over their tiles (``grids``: (row, col) -> ``_label_grid``; the tiles of a row share their candidate heights,
    those of a column their candidate places across). Every choice of the smaller side's lines is tried (with each
    of the other side's lines then best on its own, as it is given them): the least cost of all, where a few
    rounds of improving rows and columns in turn could stop at a worse grid (a row held where its first choice
    was, the plates over a ring's names). A grid too large for that (more than LABEL_EXACT choices) takes those
    rounds, from the heights best for each row's tiles on its own."""
    rows = sorted({r for r, _ in grids})
    cols = sorted({c for _, c in grids})
    n = len(next(iter(grids.values()))[0]) if grids else 0
    if n and n ** min(len(rows), len(cols)) <= LABEL_EXACT:
        by_rows = len(rows) <= len(cols)
        fixed, free = (rows, cols) if by_rows else (cols, rows)

        def costs(f: int, g: int, k: int) -> list[float]:
            """The costs of the tile at fixed line ``f`` and free line ``g`` with choice ``k`` (fixed), for each
            choice of the free line."""
            key = (f, g) if by_rows else (g, f)
            if key not in grids:
                return [0.0] * n
            table = grids[key][2]
            return [table[m][k] for m in range(n)] if by_rows else list(table[k])

        # every tile's costs taken out once (a 2 x 3 grid tries 17 ** 2 choices, each line's 17 choices against it)
        at = {(f, g, k): costs(f, g, k) for f in fixed for g in free for k in range(n)}
        best = None
        for choice in itertools.product(range(n), repeat=len(fixed)):
            total, picks = 0.0, []
            for g in free:
                rows_of = [at[f, g, k] for f, k in zip(fixed, choice)]
                m, c = min(((m, sum(r[m] for r in rows_of)) for m in range(n)), key=lambda mc: mc[1])
                total += c
                picks.append(m)
                if best is not None and total >= best[0]:
                    break
            else:
                if best is None or total < best[0] - 1e-9:
                    best = (total, choice, picks)
        _, choice, picks = best
        at_f, at_g = dict(zip(fixed, choice)), dict(zip(free, picks))
        at_row, at_col = (at_f, at_g) if by_rows else (at_g, at_f)
        return {(r, c): (g[0][at_col[c]], g[1][at_row[r]]) for (r, c), g in grids.items()}
    at_row = {r: min(range(n), key=lambda j, r=r: sum(min(g[2][i][j] for i in range(n))
                                                       for (rr, _), g in grids.items() if rr == r)) for r in rows}
    at_col: dict[int, int] = {}
    for _ in range(3):
        at_col = {c: min(range(n), key=lambda i, c=c: sum(g[2][i][at_row[r]]
                                                         for (r, cc), g in grids.items() if cc == c)) for c in cols}
        at_row = {r: min(range(n), key=lambda j, r=r: sum(g[2][at_col[c]][j]
                                                         for (rr, c), g in grids.items() if rr == r)) for r in rows}
    return {(r, c): (g[0][at_col[c]], g[1][at_row[r]]) for (r, c), g in grids.items()}


def _map_page(board_group: scene.Group, size: float, bleed: float, plan: dict, tiles: list, margin: float,
              overlap: float, label: str, n_pages: int, lang: str = "en") -> Page:
    W, H = plan["page"]
    R, C = plan["rows"], plan["cols"]
    content = scene.Group()
    px = W - 2 * margin
    w, own = words.of(lang), words.style(lang)
    title = w["map_title"].format(label=label, tiles=R * C, rows=R, cols=C)
    head = fit(title, (margin, H - margin - 10, px, 10), "NotoSans-Bold", 14.0, 8.0, "#1d1d1b", style=own)
    content.add(*head.shapes)
    steps = "\n\n".join(f"{i}. " + w[s].format(overlap=words.number(overlap, lang), bleed=words.number(bleed, lang))
                        for i, s in enumerate(MAP_STEPS, 1))
    text_h = 40.0
    body = fit(steps, (margin, H - margin - 12 - text_h, px, text_h), FOOTER_FONT, 9.0, 6.0, "#1d1d1b",
               align="left", valign="top", mode="para", style=own)
    content.add(*body.shapes)
    # the board in miniature with the tiles' outlines
    extent = size + 2 * bleed
    avail_w, avail_h = px, H - 2 * margin - 12 - text_h - 4 - LABEL_BAND
    f = min(avail_w / extent, avail_h / extent)
    mw = extent * f
    mx = margin + (px - mw) / 2
    my = margin + LABEL_BAND + (avail_h - mw) / 2
    to_map = scene.compose(scene.translate(mx, my), scene.scale(f), scene.translate(bleed, bleed))
    content.add(scene.Group([board_group], transform=to_map, clip=(-bleed, -bleed, extent, extent)))
    palette = ("#c8102e", "#1f5fa8", "#2e9a57", "#b0570a")
    for t in tiles:
        bx, by, tw, th = t["board_rect"]
        x, y = scene.apply(to_map, bx, by)
        colour = palette[(t["row"] + t["col"]) % 2 + 2 * (t["row"] % 2 == 0 and C == 1)]
        inset = 0.4 * ((t["row"] + t["col"]) % 2)
        content.add(scene.Rect(x + inset, y + inset, tw * f - 2 * inset, th * f - 2 * inset, stroke=colour, width=0.5))
    for axis, cuts in (("x", plan["seams_x"]), ("y", plan["seams_y"])):  # the cuts, dashed, across the board
        for v in cuts:
            a, b = ((v, -bleed), (v, size + bleed)) if axis == "x" else ((-bleed, v), (size + bleed, v))
            content.add(scene.Line(*scene.apply(to_map, *a), *scene.apply(to_map, *b), "#1d1d1b", 0.45,
                                   dash=(1.6, 1.0)))
    obstacles = _art(board_group)[0]
    # the names over every outline, in the part of the tile no neighbour covers, in rows and columns as the tiles are
    plate = min(22.0, min((t["board_rect"][2] - overlap) * f - 2.0 for t in tiles))  # one width for every plate
    grids = {}
    for t in tiles:
        bx, by, tw, th = t["board_rect"]
        vx0 = bx + (overlap if t["col"] > 1 else 0.0)
        vy1 = by + th - (overlap if t["row"] > 1 else 0.0)
        grids[t["row"], t["col"]] = _label_grid((vx0, by, bx + tw, vy1), plate / f, 11.0 / f, obstacles)
    spots = _label_spots(grids)
    for t in tiles:
        cx, cy = scene.apply(to_map, *spots[t["row"], t["col"]])
        colour = palette[(t["row"] + t["col"]) % 2 + 2 * (t["row"] % 2 == 0 and C == 1)]
        x0 = cx - plate / 2
        content.add(scene.Rect(x0, cy - 5.5, plate, 11, fill="#ffffff", stroke=colour, width=0.3, radius=1.5))
        content.add(*fit(t["name"], (x0 + 1, cy - 1.0, plate - 2, 5.5), "NotoSans-Bold", 11.0, 6.0,
                         "#1d1d1b", style=own).shapes)
        content.add(*fit(w["map_page"].format(page=t["page"]), (x0 + 1, cy - 4.8, plate - 2, 3.6), FOOTER_FONT,
                         6.5, 6.0, "#1d1d1b", style=own).shapes)
    foot = w["map_foot"].format(label=label, pages=n_pages, orientation=w[plan["orientation"]]) \
        + f" · {w['print_note']}"
    content.add(footer(foot, W / 2, margin + 0.8, style=own))
    return Page(W, H, content)
