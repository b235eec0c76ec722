"""A table (rent tables, risk tables) drawn as a grid of fitted cells, for cards and board panels alike."""
from __future__ import annotations

from .. import scene
from ..fonts import PT, text_width
from ..model import Table
from ..money import group_digits
from .common import Ctx


def cell_text(ctx: Ctx, value) -> str:
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, int):
        return group_digits(value, ctx.kit.game.currency.thousands)
    if isinstance(value, float) and value.is_integer():
        return group_digits(int(value), ctx.kit.game.currency.thousands)
    return str(value)


def draw_table(ctx: Ctx, ref: "Table | str", box, ink: str, head_fill: str) -> list:
    """A table (written in place, or named by its id in tables.yaml) as a grid filling ``box``."""
    t = ctx.kit.table(ref)
    if t is None:  # a table id that does not exist: the validator reports it
        return []
    x, y, w, h = box
    out: list = []
    fonts = ctx.fonts
    if t.title:
        th = 5.5
        f = ctx.fit(t.title, (x, y + h - th, w, th), fonts.heading, 9.0, t, "title", what="table title", colour=ink)
        out.extend(f.shapes)
        h -= th + 1.0
    ncols = len(t.columns) + 1
    nrows = len(t.rows) + 1
    if not t.rows and not t.columns:
        return out
    labels = [t.corner or ""] + [r.label for r in t.rows]
    label_w = min(0.4 * w, max(text_width(lbl, fonts.heading, 8.0) for lbl in labels) + 3.0)
    col_w = (w - label_w) / max(1, ncols - 1)
    row_h = min(h / nrows, 11.0)
    top = y + h - (h - row_h * nrows) / 2  # the grid centred in its box
    grid_h = row_h * nrows
    out.append(scene.Rect(x, top - row_h, w, row_h, fill=head_fill))
    out.append(scene.Rect(x, top - grid_h, label_w, grid_h - row_h, fill=head_fill))
    # one size for every cell (a table reads evenly): as large as the rows allow, small enough
    # for the widest value in its column width and the widest label in the label column
    values = [cell_text(ctx, c) for c in t.columns] + [cell_text(ctx, v) for r in t.rows for v in r.cells]
    per_pt = [text_width(v, fonts.body, 1.0) / max(col_w - 1.6, 0.1) for v in values if v]
    per_pt += [text_width(lbl, fonts.heading, 1.0) / max(label_w - 1.6, 0.1) for lbl in labels if lbl]
    cell_pt = min([10.0, row_h / PT / 1.6] + [1.0 / k for k in per_pt if k > 0])

    def cell(text, cx, cy, cw, src, field_name, font):
        if not text:
            return
        f = ctx.fit(text, (cx + 0.8, cy + 0.5, cw - 1.6, row_h - 1.0), font, cell_pt, src, field_name,
                    what="table cell", colour=ink)
        out.extend(f.shapes)

    cell(t.corner or "", x, top - row_h, label_w, t, "corner", fonts.heading)
    for j, c in enumerate(t.columns):
        cell(cell_text(ctx, c), x + label_w + j * col_w, top - row_h, col_w, t, "columns", fonts.heading)
    for i, r in enumerate(t.rows):
        ry = top - (i + 2) * row_h
        cell(r.label, x, ry, label_w, r, "label", fonts.heading)
        for j, v in enumerate(r.cells):
            if j < ncols - 1:
                cell(cell_text(ctx, v), x + label_w + j * col_w, ry, col_w, r, "cells", fonts.body)
    lc = ctx.colours.line
    for i in range(nrows + 1):
        out.append(scene.Line(x, top - i * row_h, x + w, top - i * row_h, lc, 0.2))
    out.append(scene.Line(x, top, x, top - grid_h, lc, 0.2))
    for j in range(ncols):
        xx = x + label_w + j * col_w
        out.append(scene.Line(xx, top, xx, top - grid_h, lc, 0.2))
    return out
