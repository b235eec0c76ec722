"""A table (rent tables, risk tables) drawn as a grid of fitted cells, for cards and board panels alike."""
from __future__ import annotations

import math
import re
from dataclasses import replace

from .. import scene
from ..fonts import PT, text_width
from ..model import Table
from ..typeset import typeset
from ..money import group_digits
from .common import Ctx


def grid_rows(ctx: Ctx, ref: "Table | str") -> int:
    """How many rows ``draw_table`` draws for a table: its heading row and its body rows (0 for none)."""
    t = ctx.kit.table(ref)
    if t is None or (not t.rows and not t.columns):
        return 0
    return len(t.rows) + 1


def row_pitch(ctx: Ctx, ref: "Table | str", box) -> float | None:
    """The row height ``draw_table`` gives a table filling ``box`` (None for a table without rows)."""
    t, n = ctx.kit.table(ref), grid_rows(ctx, ref)
    if not n:
        return None
    return min((box[3] - _titled(t)) / n, ROW_MAX)


def rows_box(ctx: Ctx, ref: "Table | str", box, row_h: float) -> tuple:
    """The part of ``box`` from its top in which ``draw_table`` sets a table's rows ``row_h`` tall (no taller than
    ``box`` gives them): tables side by side drawn at one row height from one top keep their rows in line,
    whatever their number of rows."""
    t, n = ctx.kit.table(ref), grid_rows(ctx, ref)
    x, y, w, h = box
    if not n:
        return box
    used = min(h, _titled(t) + min(row_h, ROW_MAX) * n)
    return x, y + h - used, w, used


def _titled(t: Table) -> float:
    """The height (mm) a table's own title takes above its grid in ``draw_table``."""
    return TABLE_TITLE_H + 1.0 if t.title else 0.0


def cell_text(ctx: Ctx, value) -> str:
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, int):
        return group_digits(value, ctx.kit.game.currency.thousands)
    if isinstance(value, float) and value.is_integer():
        return group_digits(int(value), ctx.kit.game.currency.thousands)
    return str(value)


#: a figure: a number or an amount, its sign, a currency or unit of up to three characters before or after it
#: ("$900", "+30", "−100", "1,000", "200 MU", "50 %"); a word or a phrase ("Yes", "2 traps") is none
_FIGURE = re.compile(r"[+\-\u2212\u00b1]?\s?(?:[^\d\s]{1,3}\s?)?\d(?:[\d,.'\u2019\u00a0\u202f ]*\d)?(?:\s?[^\d\s]{1,3})?")


def is_figure(text: str) -> bool:
    """Whether a cell's text is a figure (a number or an amount, ``_FIGURE``)."""
    return bool(text) and _FIGURE.fullmatch(text.strip()) is not None


def figure_columns(ctx: Ctx, t: Table) -> set[int]:
    """The value columns of ``t`` (0 for its first after the label column) every body cell of which is a figure:
    ``draw_table`` sets them on a common right edge, so that their digits stand in line."""
    n = len(t.columns)
    cols = [[cell_text(ctx, r.cells[j]) if j < len(r.cells) else "" for r in t.rows] for j in range(n)]
    return {j for j, col in enumerate(cols) if t.rows and all(is_figure(c) for c in col)}


TABLE_TITLE_H = 5.5  # mm a table's own title takes above its grid in ``draw_table`` (then 1 mm of air)
ROW_MAX = 11.0  # mm: the tallest a table's row is drawn


def draw_table(ctx: Ctx, ref: "Table | str", box, ink: str, head_fill: str, rows: int = 0,
               align: str = "center", whole: "Table | None" = None) -> list:
    """A table (written in place, or named by its id in tables.yaml) as a grid filling ``box``, its own title over
    it set ``align``; ``rows``: the body rows the grid is ruled for, when more than the table's (the shorter of two
    grids side by side ends on the other's foot, its last row ruled and left white); ``whole``: the table
    this grid is a part of, whose widest figures set every part's figure edges (grids side by side set alike)."""
    t = ctx.kit.table(ref)
    if t is None:  # a table id that does not exist: the validator reports it
        return []
    x, y, w, h = box
    out: list = []
    fonts = ctx.fonts
    if t.title:
        th = TABLE_TITLE_H
        f = ctx.fit(t.title, (x, y + h - th, w, th), fonts.heading, 9.0, t, "title", what="table title", colour=ink,
                    align=align)
        out.extend(f.shapes)
        h -= th + 1.0
    ncols = len(t.columns) + 1
    nrows = max(len(t.rows), rows) + 1
    if not t.rows and not t.columns:
        return out
    row_h = min(h / nrows, ROW_MAX)
    cell_pt, label_w, col_w, air = _grid(ctx, t, w, row_h)
    top = y + h - (h - row_h * nrows) / 2  # the grid centred in its box
    grid_h = row_h * nrows
    out.append(scene.Rect(x, top - row_h, w, row_h, fill=head_fill))
    # the label column shaded down the table's rows; rows ruled past them to end on a neighbour's foot are left
    # white (shaded as the labels, an empty row read as a missing value: two publisher's reviews)
    out.append(scene.Rect(x, top - row_h * (len(t.rows) + 1), label_w, row_h * len(t.rows), fill=head_fill))

    def cell(text, cx, cy, cw, src, field_name, font, right=None):
        if not text:
            return
        box, kw = (cx + air, cy + 0.5, cw - 2 * air, row_h - 1.0), {}
        if right is not None:  # a figure set on its column's right edge
            box, kw = (cx + air, cy + 0.5, right - cx - air, row_h - 1.0), {"align": "right"}
        f = ctx.fit(text, box, font, cell_pt, src, field_name, what="table cell", colour=ink, **kw)
        out.extend(f.shapes)

    # a column of figures: each right-aligned on one edge, the widest centred in the column (and under its head)
    edges = {}
    for j in figure_columns(ctx, whole or t):
        # measured as printed: the typesetting the fit applies gives "-100" its true minus
        widest = max(text_width(typeset(cell_text(ctx, r.cells[j]), ctx.style), fonts.body, cell_pt)
                     for r in (whole or t).rows if j < len(r.cells))
        edges[j] = min(col_w / 2 + widest / 2, col_w - air)

    cell(t.corner or "", x, top - row_h, label_w, t, "corner", fonts.heading)
    for j, c in enumerate(t.columns):  # a figure heading a column of figures stands on their edge (a die's 1..6)
        head, cx = cell_text(ctx, c), x + label_w + j * col_w
        cell(head, cx, top - row_h, col_w, t, "columns", fonts.heading,
             cx + edges[j] if j in edges and is_figure(head) else None)
    for i, r in enumerate(t.rows):
        ry = top - (i + 2) * row_h
        cell(r.label, x, ry, label_w, r, "label", fonts.heading)
        for j, v in enumerate(r.cells):
            if j < ncols - 1:
                cx = x + label_w + j * col_w
                cell(cell_text(ctx, v), cx, ry, col_w, r, "cells", fonts.body, cx + edges[j] if j in edges else None)
    lc = ctx.colours.line
    for i in range(nrows + 1):
        out.append(scene.Line(x, top - i * row_h, x + w, top - i * row_h, lc, 0.2))
    out.append(scene.Line(x, top, x, top - grid_h, lc, 0.2))
    for j in range(ncols):
        xx = x + label_w + j * col_w
        out.append(scene.Line(xx, top, xx, top - grid_h, lc, 0.2))
    return out


#: mm between a cell's figure (its widest) and the cell's walls; a box too narrow for it at print.min_text_pt
#: gives what it can, never less than CELL_AIR_LEAST, rather than set the figures smaller than that
CELL_AIR, CELL_AIR_LEAST = 1.2, 0.8
CELL_PT = 10.0  # pt: the largest figure in a table
#: the label column is at least this share of a value column where the values leave it the room: a die's 1 to 6
#: in a 3.5 mm column stood against its rules (the review of Euronopoly's risk table)
LABEL_SHARE = 0.6


def _ems(ctx: Ctx, t: Table) -> tuple[float, float]:
    """(widest label, widest value) of a table at 1 pt, in mm: the labels and the corner in the heading font, the
    column heads (heading font) and the cells (body font) as values."""
    fonts = ctx.fonts
    labels = [t.corner or ""] + [r.label for r in t.rows]
    heads = [cell_text(ctx, c) for c in t.columns]
    values = [cell_text(ctx, v) for r in t.rows for v in r.cells[:len(t.columns)]]
    label = max([text_width(lbl, fonts.heading, 1.0) for lbl in labels if lbl], default=0.0)
    value = max([text_width(v, fonts.heading, 1.0) for v in heads if v]
                + [text_width(v, fonts.body, 1.0) for v in values if v], default=0.0)
    return label, value


def _fitting(ctx: Ctx, t: Table, w: float, air: float) -> float:
    """The largest figure size (pt) at which every label and value of ``t`` fits a table ``w`` mm wide with
    ``air`` mm to its cell's walls: the label column as wide as its widest label needs, the value columns
    sharing the rest equally."""
    label, value = _ems(ctx, t)
    n = len(t.columns)
    ems = n * value + label
    room = w - 2 * air * (n + 1)
    return CELL_PT if ems <= 0 else max(room, 0.0) / ems


def _grid(ctx: Ctx, t: Table, w: float, row_h: float) -> tuple[float, float, float, float]:
    """(figure size in pt, label column width, value column width, air in mm) of a table ``w`` mm wide with rows
    ``row_h`` mm tall. One size for every cell (a table reads evenly): as large as the rows allow (up to CELL_PT),
    small enough for every figure to keep CELL_AIR from its walls; when even print.min_text_pt leaves less, the
    figures stay at that size and share the air there is (never under CELL_AIR_LEAST). Columns follow the
    content: the label column as wide as its widest label at that size needs, the value columns equal."""
    tall = min(CELL_PT, row_h / PT / 1.6)
    size = min(tall, _fitting(ctx, t, w, CELL_AIR))
    if size < ctx.min_pt:
        size = min(tall, max(size, min(ctx.min_pt, _fitting(ctx, t, w, CELL_AIR_LEAST))))
    size = math.floor(size * 100 + 1e-6) / 100  # a size the fit sets as given (it rounds sizes to 0.001 pt)
    label, value = _ems(ctx, t)
    n = max(1, len(t.columns))
    air = min(CELL_AIR, max(CELL_AIR_LEAST, (w - size * (n * value + label)) / (2 * (n + 1))))
    label_w = min(w, label * size + 2 * air) if label > 0 else 2 * air
    if label > 0:  # a column of short labels (a die's 1 to 6) widens to LABEL_SHARE of a value column, as far
        # as the value columns keep their figures' width and air
        share = LABEL_SHARE * w / (n + LABEL_SHARE)
        label_w = max(label_w, min(share, w - n * (value * size + 2 * air)))
    return size, label_w, (w - label_w) / n, air


def _cell_pt(ctx: Ctx, t: Table, w: float, row_h: float) -> float:
    """The figure size of a table ``w`` mm wide with rows ``row_h`` mm tall, each figure CELL_AIR from its walls
    (``_grid``; may be under print.min_text_pt: a caller asks whether a grid that narrow still reads)."""
    return min(CELL_PT, row_h / PT / 1.6, _fitting(ctx, t, w, CELL_AIR))


TITLE_H = 6.5  # mm a table's title takes above its grid
GAP = 2.0  # mm between side-by-side blocks of one table
MAX_BLOCKS = 3


def row_height(ctx: Ctx) -> float:
    """The height (mm) of a table row whose text is at print.min_text_pt."""
    return ctx.min_pt * PT * 1.6


def whole_layout(ctx: Ctx, t: Table, w: float, h: float, pt: float) -> tuple[int, float, float] | None:
    """(grids side by side, row pitch in mm, figure size in pt) that sets every row of ``t`` in a grid box
    ``w`` × ``h`` mm with its figures as large as they come, up to ``pt`` (rows ``pt`` tall as ``_grid`` reads
    them, no taller); the fewest grids among equals (a table reads best in one). None when no layout of up
    to MAX_BLOCKS grids keeps the figures at print.min_text_pt."""
    best = None
    for blocks in range(1, MAX_BLOCKS + 1):
        per = -(-len(t.rows) // blocks)
        if blocks > 1 and -(-len(t.rows) // (blocks - 1)) == per:
            continue  # no fewer rows a grid than with one grid less
        bw = (w - (blocks - 1) * GAP) / blocks
        step = min(h / (per + 1), pt * PT * 1.6)
        size = min(CELL_PT, step / PT / 1.6, _fitting(ctx, t, bw, CELL_AIR))
        if best is None or size > best[2] + 0.05:
            best = (blocks, step, size)
    return best if best is not None and best[2] >= ctx.min_pt - 1e-9 else None


def flow_table(ctx: Ctx, t: Table, box, ink: str, head_fill: str, continued: bool = False,
               pt: float | None = None) -> tuple[list, list]:
    """Draw as many rows of ``t`` as fit ``box`` with no text below print.min_text_pt: first down one grid,
    then in up to three grids side by side (each with the heading row), and return (shapes, rows left over)
    for the caller to continue on another card. ``continued``: the rows are the rest of a table already
    begun elsewhere (drawn from the top at the same row height, without the title). ``pt``: the size the
    figures are meant to print at (a title card's lines): when the whole table fits the box at print.min_text_pt
    or more, it is set as large as the box allows up to that size, in as few grids as give that size
    (``whole_layout``), its rows from the top of the box."""
    x, y, w, h = box
    rows, out = list(t.rows), []
    titled = bool(t.title) and not continued
    whole = whole_layout(ctx, t, w, h - (TITLE_H if titled else 0.0), pt) if pt is not None and rows else None
    if whole is not None:  # the table and its title centred in the box: as much air above as below
        per = -(-len(rows) // whole[0])
        spare = h - (TITLE_H if titled else 0.0) - whole[1] * (per + 1)
        y, h = y + spare / 2, h - spare
    if titled:
        f = ctx.fit(t.title, (x, y + h - 5.5, w, 5.5), ctx.fonts.heading, 9.0, t, "title", what="table title",
                    colour=ink)
        out.extend(f.shapes)
        h -= TITLE_H
    if whole is not None:
        blocks, step, _ = whole
        bw = (w - (blocks - 1) * GAP) / blocks
        for b in range(blocks):  # every grid ruled for as many rows as the first: their feet on one line
            chunk = rows[b * per:(b + 1) * per]
            part = replace(t, rows=chunk, title=None)
            grid = step * (per + 1)
            out += draw_table(ctx, part, (x + b * (bw + GAP), y + h - grid, bw, grid), ink, head_fill, per,
                              whole=t)
        return out, []
    row = row_height(ctx)
    per = max(1, int(h // row) - 1)  # body rows a grid holds, less its heading row
    blocks = 1
    while blocks < MAX_BLOCKS and blocks * per < len(rows):
        wider = (w - blocks * GAP) / (blocks + 1)
        if _cell_pt(ctx, t, wider, row) < ctx.min_pt - 1e-9:  # one more grid would squeeze the cells
            break
        blocks += 1
    if blocks > 1:
        per = -(-len(rows) // blocks) if blocks * per >= len(rows) else per  # even columns when all fit
    bw = (w - (blocks - 1) * GAP) / blocks
    rest = rows[blocks * per:]
    # one that flows or continues keeps compact rows, the same height in every grid and on every card, from the
    # top; a table that fits in one grid takes its box's rows, or compact rows when its rows are fewer than the
    # box holds (rather than the smallest row height and the box's foot left empty)
    step = min(h, (per + 1) * row * 1.25) / (per + 1)  # every grid's rows as tall as the first's
    if blocks == 1 and not rest and not continued:
        step = max(h / (per + 1), min(h / (len(rows) + 1), row * 1.25))
    for b in range(blocks):
        chunk = rows[b * per:(b + 1) * per]
        if chunk:
            part = replace(t, rows=chunk, title=None)
            ruled = per if blocks > 1 else 0  # grids side by side end on one line
            grid = step * (max(len(chunk), ruled) + 1)
            out += draw_table(ctx, part, (x + b * (bw + GAP), y + h - grid, bw, grid), ink, head_fill, ruled,
                              whole=t)
    return out, rest
