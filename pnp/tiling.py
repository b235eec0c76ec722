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

import math

from . import scene
from .marks import FOOTER_FONT, MARK_WIDTH, PAPERS, REGISTRATION, cut_marks, footer
from .scene import Page
from .text import fit, runs

FULL_MARGIN = 10.0  # mm around the board on the print-shop sheet
LABEL_PT = 8.0
LABEL_FONT = "NotoSans-Bold"
LABEL_BAND = 9.0  # mm under each slice for its label and footer
CROSS_ARM = 2.0  # mm: half the span of an alignment cross
CROSS_GAP = 1.0  # mm between a cross and the art
HATCH = "#8c8c8c"
HATCH_STEP = 3.0  # mm between hatch lines
PRINT_NOTE = "print at 100 % / actual size"


def _ensure_key(board_group: scene.Group, size: float, bleed: float) -> scene.Group:
    """The board drawn once per PDF: make sure it is a keyed group with its bounds."""
    if board_group.key is None:
        board_group.key = f"board-{id(board_group)}"
    if board_group.bounds is None:
        board_group.bounds = (-bleed, -bleed, size + 2 * bleed, size + 2 * bleed)
    return board_group


def board_full(board_group: scene.Group, size: float, bleed: float, label: str) -> Page:
    """One page of (size + 20) mm square: the board centred, crop marks, TrimBox = board, BleedBox = board + bleed."""
    board_group = _ensure_key(board_group, size, bleed)
    m = FULL_MARGIN
    side = size + 2 * m
    content = scene.Group()
    content.add(scene.Group([board_group], transform=scene.translate(m, m),
                            clip=(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed)))
    length = max(1.0, min(5.0, m - bleed - 2.0 - 0.5))
    content.add(*cut_marks([m, m + size], [m, m + size], (m, m, size, size), bleed, length=length))
    text = f"{label} · board {size:g}×{size:g} mm, bleed {bleed:g} mm · {PRINT_NOTE}"
    content.add(footer(text, side / 2, min(m - bleed - 3.0, 4.0) if m - bleed > 4.5 else 2.0))
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


def tile_grid(size: float, bleed: float, paper: str, margin: float, overlap: float) -> dict:
    """The tile grid: orientation, page size, rows, columns and slice size (no drawing)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
    if overlap < 0:
        raise ValueError("the overlap cannot be negative")
    extent = size + 2 * bleed
    pw, ph = PAPERS[paper]
    best = None
    for orientation, (W, H) in (("portrait", (pw, ph)), ("landscape", (ph, pw))):
        px, py = W - 2 * margin, H - 2 * margin - LABEL_BAND
        if px <= overlap or py <= overlap:
            continue
        cols = _count(extent, W - 2 * margin, overlap)
        rows = _count(extent, H - 2 * margin, overlap)
        # the label needs its band under the slice: add a row when the formula leaves no room for it
        while _slice(extent, rows, overlap) > py + 1e-9:
            rows += 1
        while _slice(extent, cols, overlap) > px + 1e-9:
            cols += 1
        cand = {"orientation": orientation, "page": (W, H), "rows": rows, "cols": cols,
                "tile_w": _slice(extent, cols, overlap), "tile_h": _slice(extent, rows, overlap)}
        if best is None or rows * cols < best["rows"] * best["cols"]:
            best = cand
    if best is None:
        raise ValueError(f"{paper} with a {margin:g} mm margin is too small for a {overlap:g} mm overlap")
    return best


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


def board_tiles(board_group: scene.Group, size: float, bleed: float, paper: str, margin: float, overlap: float,
                label: str) -> tuple[list[Page], dict]:
    """An assembly map, then one page per tile. Returns the pages and the grid for the manifest."""
    board_group = _ensure_key(board_group, size, bleed)
    grid = tile_grid(size, bleed, paper, margin, overlap)
    W, H = grid["page"]
    R, C = grid["rows"], grid["cols"]
    tw, th = grid["tile_w"], grid["tile_h"]
    o = overlap
    px, py = W - 2 * margin, H - 2 * margin
    # where the slice sits on every page: centred across, above the label band
    x0 = margin + (px - tw) / 2
    y0 = margin + LABEL_BAND + (py - LABEL_BAND - th) / 2
    top = size + bleed
    tiles = []
    pages: list[Page] = []
    n_pages = R * C + 1
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            bx = -bleed + (c - 1) * (tw - o)
            by = top - th - (r - 1) * (th - o)
            tiles.append({"row": r, "col": c, "page": len(tiles) + 2,
                          "board_rect": [round(bx, 4), round(by, 4), round(tw, 4), round(th, 4)],
                          "page_rect": [round(x0, 4), round(y0, 4), round(tw, 4), round(th, 4)]})
    info = {"rows": R, "cols": C, "tiles": tiles, "overlap": o, "paper": paper,
            "orientation": grid["orientation"], "page_size": [round(W, 3), round(H, 3)]}

    pages.append(_map_page(board_group, size, bleed, grid, tiles, margin, o, label, n_pages))
    for t in tiles:
        r, c = t["row"], t["col"]
        bx, by = t["board_rect"][0], t["board_rect"][1]
        content = scene.Group()
        dx, dy = x0 - bx, y0 - by
        content.add(scene.Group([board_group], transform=scene.translate(dx, dy), clip=(bx, by, tw, th)))
        # glue strips: the overlap with the left and upper neighbours
        if c > 1 and o > 0:
            content.add(_hatch(x0, y0, o, th))
        if r > 1 and o > 0:
            content.add(_hatch(x0, y0 + th - o, tw, o))
        content.add(*_tile_crosses(t, x0, y0, tw, th, o, R, C, W, H, margin))
        text = f"row {r}, column {c} of {R}×{C}"
        content.add(*runs(text, W / 2, margin + 4.2, LABEL_FONT, LABEL_PT, "#1d1d1b", "middle"))
        foot = f"{label} · tile {t['page'] - 1} of {R * C} · page {t['page']} of {n_pages} · {paper} {grid['orientation']}" \
               f" · overlap {o:g} mm · {PRINT_NOTE}"
        content.add(footer(foot, W / 2, margin + 0.8))
        pages.append(Page(W, H, content))
    return pages, info


def _tile_crosses(t: dict, x0: float, y0: float, tw: float, th: float, o: float, R: int, C: int,
                  W: float, H: float, margin: float) -> list:
    """Crosses in the margins around the slice, on every overlap edge (and the slice's corners)."""
    r, c = t["row"], t["col"]
    xs = {x0, x0 + tw}
    if c > 1:
        xs.add(x0 + o)
    if c < C:
        xs.add(x0 + tw - o)
    ys = {y0, y0 + th}
    if r > 1:
        ys.add(y0 + th - o)
    if r < R:
        ys.add(y0 + o)
    d = CROSS_GAP + CROSS_ARM
    out = []
    lo_x, hi_x, lo_y, hi_y = margin + CROSS_ARM, W - margin - CROSS_ARM, margin + LABEL_BAND + CROSS_ARM, \
        H - margin - CROSS_ARM
    for x in sorted(xs):
        for y in (y0 - d, y0 + th + d):
            if lo_x - 1e-9 <= x <= hi_x + 1e-9 and lo_y - 1e-9 <= y <= hi_y + 1e-9:
                out += _cross(x, y)
    for y in sorted(ys):
        for x in (x0 - d, x0 + tw + d):
            if lo_x - 1e-9 <= x <= hi_x + 1e-9 and lo_y - 1e-9 <= y <= hi_y + 1e-9:
                out += _cross(x, y)
    return out


MAP_STEPS = (
    "Print every page at 100 % (actual size): never 'fit to page'.",
    "Cut each tile along the edge of its printed area.",
    "Tiles overlap by {o:g} mm. A tile's hatched strips (left and top) go under its neighbours: spread glue on "
    "them and lay the tile to the left or above on top, matching the art and the crosses.",
    "Start with row 1, column 1 (top left) and work right, then down.",
)


def _map_page(board_group: scene.Group, size: float, bleed: float, grid: dict, tiles: list, margin: float,
              overlap: float, label: str, n_pages: int) -> Page:
    W, H = grid["page"]
    R, C = grid["rows"], grid["cols"]
    content = scene.Group()
    px = W - 2 * margin
    title = f"{label}: assembly map ({R}×{C} tiles)"
    head = fit(title, (margin, H - margin - 10, px, 10), "NotoSans-Bold", 14.0, 8.0, "#1d1d1b")
    content.add(*head.shapes)
    steps = "\n\n".join(f"{i}. {s.format(o=overlap)}" for i, s in enumerate(MAP_STEPS, 1))
    text_h = 34.0
    body = fit(steps, (margin, H - margin - 12 - text_h, px, text_h), FOOTER_FONT, 9.0, 6.0, "#1d1d1b",
               align="left", valign="top", mode="para")
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
    palette = ("#c8102e", "#1f5fa8", "#2e9a57", "#ef8f2a")
    for t in tiles:
        bx, by, tw, th = t["board_rect"]
        x, y = scene.apply(to_map, bx, by)
        colour = palette[(t["row"] + t["col"]) % 2 + 2 * (t["row"] % 2 == 0 and C == 1)]
        inset = 0.4 * ((t["row"] + t["col"]) % 2)
        content.add(scene.Rect(x + inset, y + inset, tw * f - 2 * inset, th * f - 2 * inset, stroke=colour, width=0.5))
        cx, cy = x + tw * f / 2, y + th * f / 2
        content.add(scene.Rect(cx - 13, cy - 5.5, 26, 11, fill="#ffffff", stroke=colour, width=0.3, radius=1.5))
        content.add(*runs(f"row {t['row']}, col {t['col']}", cx, cy + 0.6, "NotoSans-Bold", 7.0, "#1d1d1b", "middle"))
        content.add(*runs(f"page {t['page']}", cx, cy - 3.2, FOOTER_FONT, 6.5, "#1d1d1b", "middle"))
    foot = f"{label} · assembly map · page 1 of {n_pages} · {grid['orientation']} · {PRINT_NOTE}"
    content.add(footer(foot, W / 2, margin + 0.8))
    return Page(W, H, content)
