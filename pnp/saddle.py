"""Impose a booklet's pages for saddle stitching: two pages side by side on each side of a sheet turned
landscape, sheets nested, folded once and stapled on the fold.

``N`` pages (padded to a multiple of 4 with blank pages before the back cover) need ``N / 4`` sheets. Sheet
``k`` (from 0) carries pages ``N − 2k`` (left) and ``2k + 1`` (right) on its front, ``2k + 2`` and
``N − 2k − 1`` on its back: nested in order and folded, the pages read 1 … N. A page is centred in its half
of the sheet, scaled to fit it (A5 on A4: 1; on Letter, half-Letter pages: 0.944).

Backs: a sheet is turned over about its fold like a book page. A landscape sheet printed with a long-edge
flip turns about its horizontal middle instead, so the back sides are drawn upside down (``--flip long``,
the default); ``--flip short`` draws them upright. ``--offset`` shifts each back side. Marks: the fold line
as short ticks at the top and bottom of both sides, and staple marks across the fold on the centre spread
(the inside of the booklet, where the staples' legs close) at a quarter and three quarters of its height.
``--layout simplex`` gives the pages one to a page in reading order, unpadded.
"""
from __future__ import annotations

from . import scene
from .impose import Placed, Sheet, _per_item
from .layout.common import Item
from .marks import MARK_WIDTH, PAPERS, REGISTRATION
from .options import PrintOptions
from .scene import Page

FOLD_TICK = 4.0  # mm: a fold mark's length, inside the sheet's printable margin
STAPLE_TICK = 3.0  # mm across the fold


def order(n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """For ``n`` pages (a multiple of 4): per sheet, ((front left, front right), (back left, back right)),
    pages numbered from 1."""
    if n % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {n}")
    return [((n - 2 * k, 2 * k + 1), (2 * k + 2, n - 2 * k - 1)) for k in range(n // 4)]


def padded(items: list[Item]) -> list[Item | None]:
    """The pages with blanks (None) before the last page (the back cover) up to a multiple of 4."""
    pages: list[Item | None] = list(items)
    blanks = -len(pages) % 4
    if blanks and len(pages) > 1:
        pages[-1:-1] = [None] * blanks
    else:
        pages += [None] * blanks
    return pages


def impose_booklet(items: list[Item], opts: PrintOptions, note: scene.Group | None = None) -> list[Sheet]:
    """The booklet's sheets in print order (front, back, front, back ...), or its plain pages (simplex), or
    one page per item for a print shop (``--per-item``). ``note`` (how to print and bind it, drawn in the
    page's frame) goes on the back cover of the imposed booklet."""
    if not items:
        return []
    if opts.per_item:
        return _per_item(items, opts)
    if opts.layout == "simplex":
        return [Sheet(Page(it.width, it.height, scene.Group([it.front])), [Placed(it, "front", 0.0, 0.0,
                                                                                  it.width, it.height)])
                for it in items]
    pw, ph = PAPERS[opts.paper]
    sw, sh = ph, pw  # the sheet turned landscape
    pages = padded(items)
    sheets: list[Sheet] = []
    spreads = order(len(pages))
    centre = len(spreads) - 1  # the innermost sheet's back is the centre spread
    for k, (front, back) in enumerate(spreads):
        for side, (left, right) in (("front", front), ("back", back)):
            content = scene.Group()
            placed: list[Placed] = []
            for half, number in ((0, left), (1, right)):
                item = pages[number - 1]
                if item is None:
                    continue
                s = min((sw / 2) / item.width, sh / item.height)
                w, h = item.width * s, item.height * s
                x = half * sw / 2 + (sw / 2 - w) / 2
                y = (sh - h) / 2
                drawing = [item.front] + ([note] if note is not None and item is items[-1] else [])
                content.add(scene.Group(drawing, transform=scene.compose(scene.translate(x, y), scene.scale(s)),
                                        clip=(0.0, 0.0, item.width, item.height)))
                placed.append(Placed(item, side, x, y, w, h))
            content.add(*_fold_marks(sw, sh, opts.margin))
            if side == "back" and k == centre:
                content.add(*_staple_marks(sw, sh))
            if side == "back":
                content, placed = _turn(content, placed, sw, sh, opts)
            sheets.append(Sheet(Page(sw, sh, content), placed, side))
    return sheets


def _turn(content: scene.Group, placed: list[Placed], sw: float, sh: float,
          opts: PrintOptions) -> tuple[scene.Group, list[Placed]]:
    """A back side as the printer needs it: upside down for a long-edge flip, then shifted by --offset."""
    dx, dy = opts.offset
    if opts.flip == "long":
        content = scene.Group([content], transform=scene.rotate(180, sw / 2, sh / 2))
        placed = [Placed(p.item, p.side, sw - p.x - p.w, sh - p.y - p.h, p.w, p.h, 180) for p in placed]
    if dx or dy:
        content = scene.Group([content], transform=scene.translate(dx, dy))
        for p in placed:
            p.x, p.y = p.x + dx, p.y + dy
    return content, placed


def _fold_marks(sw: float, sh: float, margin: float) -> list:
    x = sw / 2
    lo, hi = margin, sh - margin
    return [scene.Line(x, lo, x, lo + FOLD_TICK, REGISTRATION, MARK_WIDTH, dash=(1.0, 0.8)),
            scene.Line(x, hi - FOLD_TICK, x, hi, REGISTRATION, MARK_WIDTH, dash=(1.0, 0.8))]


def _staple_marks(sw: float, sh: float) -> list:
    x = sw / 2
    return [scene.Line(x - STAPLE_TICK / 2, y, x + STAPLE_TICK / 2, y, REGISTRATION, MARK_WIDTH)
            for y in (sh / 4, 3 * sh / 4)]


__all__ = ["impose_booklet", "order", "padded"]
