"""Impose a booklet's pages for saddle stitching: two pages side by side on each side of a sheet turned
landscape, sheets nested, folded once and stapled on the fold.

``N`` pages (padded to a multiple of 4 with blank pages before the back cover) need ``N / 4`` sheets. Sheet
``k`` (from 0) carries pages ``N − 2k`` (left) and ``2k + 1`` (right) on its front, ``2k + 2`` and
``N − 2k − 1`` on its back: nested in order and folded, the pages read 1 … N. A page is set against the fold
in its half of the sheet, scaled to fit it above the slug's band (``slug_band``: the printable margin and a line
of the sheet's footer), so the slug lies outside every page's trim (A5 on A4: 0.957; on Letter, half-Letter
pages: 0.944, as wide as half the sheet, centred).

The slug (``Binding``): each side of a sheet says what it is in the band, outside the pages' trim, in the
edition's language: the kit, the part, sheet n of m, front or back, on the left half; how to print it (the paper,
two-sided, the edge to flip on, at 100 %) on the right. A maker reads it as the sheets come out of the printer,
before folding. A maker at home seldom trims the folded booklet, so the band stays on it: the covers (the first
sheet's front) carry no slug, and every other slug is inside the booklet (review 16 read it at the covers' foot).

Backs: a sheet is turned over about its fold like a book page. A landscape sheet printed with a long-edge
flip turns about its horizontal middle instead, so the back sides are drawn upside down (``--flip long``,
the default); ``--flip short`` draws them upright. ``--offset`` shifts each back side. Marks: the fold line
as short ticks at the top and bottom of both sides, and staple marks across the fold on the centre spread
(the inside of the booklet, where the staples' legs close) at a quarter and three quarters of its height.
``--layout simplex`` gives the pages one to a page in reading order, unpadded.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import scene, words
from .impose import Placed, Sheet, _per_item
from .layout.common import Item
from .marks import MARK_WIDTH, PAPERS, REGISTRATION, footer
from .options import PrintOptions
from .scene import Page

FOLD_TICK = 4.0  # mm: a fold mark's length, inside the sheet's printable margin
STAPLE_TICK = 3.0  # mm across the fold
SLUG_ROOM = 3.0  # mm a slug's line takes inside the printable margin, up to the pages' trim
SLUG_GAP = 3.0  # mm between the slug's halves and the fold


def slug_band(opts: PrintOptions) -> float:
    """mm at one edge of a sheet kept outside the pages' trim for the slug: the printable margin and its line."""
    return opts.margin + SLUG_ROOM


@dataclass
class Binding:
    """What the imposed booklet prints of itself: a slug on every side of every sheet but the covers naming
    ``title`` (the kit), how to print it and, on the first sheet's back, how to bind it, in ``lang``. Nothing of it
    is on a page: the binding note stood at the foot of the back cover, on the finished booklet (review 9)."""

    title: str
    lang: str | None = None


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


def impose_booklet(items: list[Item], opts: PrintOptions, binding: Binding | None = None) -> list[Sheet]:
    """The booklet's sheets in print order (front, back, front, back ...), or its plain pages (simplex), or
    one page per item for a print shop (``--per-item``). ``binding``: what the imposed booklet's slugs say, on
    every side of every sheet but the covers, and how to bind it, on the first sheet's back."""
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
    band = slug_band(opts) if binding is not None else 0.0
    for k, (front, back) in enumerate(spreads):
        for side, (left, right) in (("front", front), ("back", back)):
            content = scene.Group()
            placed: list[Placed] = []
            for half, number in ((0, left), (1, right)):
                item = pages[number - 1]
                if item is None:
                    continue
                s = min((sw / 2) / item.width, (sh - band) / item.height)
                w, h = item.width * s, item.height * s
                x = sw / 2 - w if half == 0 else sw / 2  # against the fold: what is cut away is at the edges
                y = max(band, (sh - h) / 2)  # centred where the sheet leaves room for the band anyway
                content.add(scene.Group([item.front], transform=scene.compose(scene.translate(x, y), scene.scale(s)),
                                        clip=(0.0, 0.0, item.width, item.height)))
                placed.append(Placed(item, side, x, y, w, h))
            content.add(*_fold_marks(sw, sh, opts.margin))
            if side == "back" and k == centre:
                content.add(*_staple_marks(sw, sh))
            covers = k == 0 and side == "front"  # the finished booklet's outside: its band is not cut away
            slug = _slug(binding, opts, k + 1, len(spreads), side, sw, sh) if binding and not covers else []
            if side == "back":
                content, placed = _turn(content, placed, sw, sh, opts, slug)
            else:
                content.add(*slug)
            sheets.append(Sheet(Page(sw, sh, content), placed, side))
    return sheets


def _slug(binding: Binding, opts: PrintOptions, n: int, total: int, side: str, sw: float, sh: float) -> list:
    """A sheet side's slug, upright on the page as printed, in the band outside the pages' trim: at the foot of a
    front, and of a back printed for a short-edge flip; at the head of a back printed for a long-edge flip (the
    band, turned with the pages, is there; turned over, it lies under the front's). Its right half says how to
    print the sheet; on the first sheet's back, printed once its front has said that, how to bind the booklet."""
    w, style = words.of(binding.lang), words.style(binding.lang)
    tag = w["sheet"].format(title=binding.title, part=w["part.rules"], n=n, total=total)
    how = w["booklet_print"].format(paper=words.paper(opts.paper), edge=w[opts.flip]) + f" · {w['print_note']}"
    if n == 1 and side == "back":
        how = w["binding"]
    m = opts.margin
    y = sh - m - 2.2 if side == "back" and opts.flip == "long" else m + 0.8
    return [footer(f"{tag} · {w[side]}", sw / 2 - SLUG_GAP, y, "end", style=style),
            footer(how, sw / 2 + SLUG_GAP, y, "start", style=style)]


def _turn(content: scene.Group, placed: list[Placed], sw: float, sh: float,
          opts: PrintOptions, slug: list = ()) -> tuple[scene.Group, list[Placed]]:
    """A back side as the printer needs it: upside down for a long-edge flip, its slug upright, then shifted by
    --offset."""
    dx, dy = opts.offset
    if opts.flip == "long":
        content = scene.Group([content], transform=scene.rotate(180, sw / 2, sh / 2))
        placed = [Placed(p.item, p.side, sw - p.x - p.w, sh - p.y - p.h, p.w, p.h, 180) for p in placed]
    if slug:
        content = scene.Group([content, *slug])
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


__all__ = ["Binding", "impose_booklet", "order", "padded", "slug_band"]
