"""Legibility: is every printed text large enough, and does it stand out from what it is printed on?

A text under ``MIN_PT`` points, or whose colour has a WCAG 2 contrast ratio below ``MIN_CONTRAST`` against
its background, is hard to read on paper. The background is what the scene really draws beneath the text:
the topmost filled shape under it drawn before it (a card's paper, a colour band, a disc), else the white
sheet. Scenes are walked as the layout made them (with their transforms and clips), so the check sees what
prints, whatever layout drew it.

``findings(group)`` lists the problems of one drawing; ``check_items(ctx, items, part)`` reports them
(``W-text-legibility``) at the content line each text came from (``Ctx.source_of``), else at the item's entry.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable

from . import scene
from .fonts import PT, text_width
from .rules.printing import TEXT_LEGIBILITY, TEXT_OVERFLOW, _printed_texts
from .vision import MIN_CONTRAST, contrast_ratio, luminance  # noqa: F401 (luminance: for callers of this module)

#: the smallest text size (pt) that reads at arm's length on a printed card
MIN_PT = 6.0
#: the sheet the items print on
PAPER = "#ffffff"


# ------------------------------------------------------------------------------ geometry
def _invert(m: scene.Affine) -> scene.Affine | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def _scale(m: scene.Affine) -> float:
    """How much a transform enlarges lengths (the square root of its area factor)."""
    a, b, c, d, _, _ = m
    return abs(a * d - b * c) ** 0.5


def _in_polygon(x: float, y: float, pts: list[tuple[float, float]]) -> bool:
    inside = False
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _path_polygons(ops) -> list[list[tuple[float, float]]]:
    """A path's subpaths as polygons (curves by their end and control points: close enough for a background)."""
    polys: list[list[tuple[float, float]]] = []
    cur: list[tuple[float, float]] = []
    for op in ops:
        if op[0] == "M":
            if len(cur) > 2:
                polys.append(cur)
            cur = [(op[1], op[2])]
        elif op[0] == "L":
            cur.append((op[1], op[2]))
        elif op[0] == "C":
            cur += [(op[1], op[2]), (op[3], op[4]), (op[5], op[6])]
    if len(cur) > 2:
        polys.append(cur)
    return polys


def _contains(shape, polygons, x: float, y: float) -> bool:
    """Is the point (in the shape's own coordinates) inside the filled shape? (``polygons``: a path's.)"""
    if isinstance(shape, scene.Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, scene.Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2
    if isinstance(shape, scene.Path):
        hits = sum(_in_polygon(x, y, poly) for poly in polygons)
        return hits % 2 == 1  # even-odd: a hole in a shape shows what is under it
    return isinstance(shape, scene.Image) and shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h


def _bbox(shape, polygons) -> tuple[float, float, float, float]:
    if isinstance(shape, (scene.Rect, scene.Image)):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, scene.Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    pts = [p for poly in polygons for p in poly] or [(0.0, 0.0)]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def _world_bbox(m: scene.Affine, box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m  # scene.apply on the four corners
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    return min(xs), min(ys), max(xs), max(ys)


class _Fill:
    """A filled shape as drawn: the shape (a path's polygons worked out once), the inverse of its transform,
    the clips around it and its colour (None for a picture, whose colours are not known)."""

    __slots__ = ("shape", "polygons", "inverse", "clips", "colour")

    def __init__(self, shape, inverse: scene.Affine, clips: tuple, colour: str | None):
        self.shape = shape
        self.polygons = _path_polygons(shape.ops) if isinstance(shape, scene.Path) else ()
        self.inverse = inverse
        self.clips = clips
        self.colour = colour

    def covers(self, x: float, y: float) -> bool:
        """Is the point (on the item) inside the shape and every clip around it?"""
        a, b, c, d, e, f = self.inverse  # scene.apply, inline: this runs for most points of every text
        if not _contains(self.shape, self.polygons, a * x + c * y + e, b * x + d * y + f):
            return False
        return not self.clips or all(cx <= px <= cx + cw and cy <= py <= cy + ch
                                     for inv, (cx, cy, cw, ch) in self.clips for px, py in (scene.apply(inv, x, y),))


# ------------------------------------------------------------------------------ findings
@dataclass(frozen=True)
class Finding:
    """A text that is too small or too faint where it prints."""

    text: scene.Text
    size: float  # pt as printed (the run's size times its transform's scale)
    background: str | None  # the colour beneath it (None: a picture)
    ratio: float  # contrast of its colour against that background (0: not known)

    @property
    def small(self) -> bool:
        return self.size < MIN_PT - 1e-6

    @property
    def faint(self) -> bool:
        return self.background is not None and self.ratio < MIN_CONTRAST - 1e-6


#: where across a text run its background is sampled (share of its width), at the middle of its x-height
_SAMPLES = (0.1, 0.3, 0.5, 0.7, 0.9)


class Memo:
    """What ``findings`` worked out for drawings that share parts (the cards of a deck share their frame, many
    lines recur), for the drawings checked after them: a group drawn first (nothing beneath it), at the same
    place, gives the same fills and findings; a text judged on the same fills gives the same finding. Entries
    keep the shapes they are keyed by, so their ids stay theirs."""

    def __init__(self, paper: str = PAPER):
        self.paper = paper
        #: (id(group), transform, clips) -> (group, fills it adds, findings in it, fills state after it)
        self.groups: dict[tuple, tuple] = {}
        #: (fills state, fill's shape id, inverse, clips, colour) -> the fills state after adding it, and the shape
        self.states: dict[tuple, tuple[int, object]] = {}
        #: (fills state, text, transform) -> its findings
        self.judged: dict[tuple, list[Finding]] = {}


def findings(group: scene.Group, paper: str = PAPER, memo: Memo | None = None) -> list[Finding]:
    """Every text in ``group`` printed under MIN_PT or with contrast under MIN_CONTRAST against what is drawn
    beneath it (the topmost filled shape under the text drawn before it, else ``paper``). ``memo``: what earlier
    drawings checked with it share with this one (same answers, found once)."""
    memo = memo if memo is not None and memo.paper == paper else Memo(paper)
    fills: list[tuple[float, float, float, float, _Fill]] = []  # each fill's bounding box on the item, and it
    out: list[Finding] = []
    state = 0  # names the fills drawn so far: the same shapes, placed alike, in the same order, the same number

    def beneath(points: list[tuple[float, float]]) -> list[str | None]:
        """The colour under each point: the topmost fill drawn so far that covers it, else the paper. Only the
        fills whose boxes meet the points' box are tried (a few of the hundreds on a board)."""
        xs, ys = [x for x, _ in points], [y for _, y in points]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        near = [b for b in fills if b[0] <= hi_x and lo_x <= b[2] and b[1] <= hi_y and lo_y <= b[3]]
        near.reverse()
        colours = []
        for x, y in points:
            for x0, y0, x1, y1, f in near:
                if x0 <= x <= x1 and y0 <= y <= y1 and f.covers(x, y):
                    colours.append(f.colour)
                    break
            else:
                colours.append(paper)
        return colours

    def visit(shape, m: scene.Affine, clips: tuple) -> None:
        nonlocal state
        if isinstance(shape, scene.Group):
            if shape.miniature:
                return
            key = None
            if state == 0:  # nothing beneath: what it adds and finds depends on the group and its place alone
                key = (id(shape), m, clips)
                done = memo.groups.get(key)
                if done is not None and done[0] is shape:
                    fills.extend(done[1])
                    out.extend(done[2])
                    state = done[3]
                    return
                first_fill, first_finding = len(fills), len(out)
            mm = scene.compose(m, shape.transform)
            inner = clips
            if shape.clip is not None:
                inv = _invert(mm)
                if inv is None:
                    return
                inner = clips + ((inv, shape.clip),)
            for child in shape.children:
                visit(child, mm, inner)
            if key is not None:
                memo.groups[key] = (shape, fills[first_fill:], out[first_finding:], state)
        elif isinstance(shape, scene.Text):
            if not shape.width:  # measured here, from its words
                key = (state, shape, m)
            elif not shape.text.strip():
                return
            else:  # judged by where it prints alone: its place, width, size and colour (a deck's "Card 64", "Card 65")
                key = (state, m, shape.x, shape.y, shape.width, shape.anchor, shape.size, shape.colour)
            found = memo.judged.get(key)
            if found is None:
                found = memo.judged[key] = _judge(shape, m, beneath)
            if found:
                out.extend(f if f.text is shape else replace(f, text=shape) for f in found)
        elif isinstance(shape, (scene.Rect, scene.Circle, scene.Path, scene.Image)):
            colour = None if isinstance(shape, scene.Image) else shape.fill
            if colour is None and not isinstance(shape, scene.Image):
                return  # an outline does not change what a text sits on
            inv = _invert(m)
            if inv is not None:
                fill = _Fill(shape, inv, clips, colour)
                fills.append((*_world_bbox(m, _bbox(shape, fill.polygons)), fill))
                key = (state, id(shape), inv, clips, colour)
                after = memo.states.get(key)
                if after is None or after[1] is not shape:
                    after = memo.states[key] = (len(memo.states) + 1, shape)
                state = after[0]

    visit(group, scene.IDENTITY, ())
    visit = None  # the closure refers to itself: a cycle that would keep this call's lists until the collector runs
    return out


def _judge(t: scene.Text, m: scene.Affine, beneath) -> list[Finding]:
    if not t.text.strip():
        return []
    size = t.size * _scale(m)
    width = t.width or text_width(t.text, t.font, t.size)
    x0 = t.x - (width / 2 if t.anchor == "middle" else width if t.anchor == "end" else 0.0)
    y = t.y + 0.27 * t.size * PT  # the middle of the x-height
    colour = t.colour or "#000000"
    worst: tuple[float, str | None] | None = None
    for bg in beneath([scene.apply(m, x0 + share * width, y) for share in _SAMPLES]):
        ratio = contrast_ratio(colour, bg) if bg is not None else float("inf")
        if worst is None or ratio < worst[0]:
            worst = (ratio, bg)
    ratio, bg = worst
    if not (size < MIN_PT - 1e-6 or (bg is not None and ratio < MIN_CONTRAST - 1e-6)):
        return []  # neither small nor faint (Finding's tests), the common case: no Finding made
    return [Finding(t, size, bg, ratio if bg is not None else 0.0)]


# ------------------------------------------------------------------------------ reporting
def _sides(item) -> Iterable[tuple[str, scene.Group]]:
    yield "front", item.front
    if item.back is not None:
        yield "back", item.back


def check_items(ctx, items: list, part: str, files: tuple[str, ...] = ()) -> None:
    """Report every illegible text of ``items`` (laid out by ``part``) as W-text-legibility, once per content
    value, naming the first item it prints on and how many more carry it (not for a text already reported as
    overflowing its box)."""
    grouped: dict[tuple, list] = {}  # (loc, path, what) -> [(item id, side, finding), ...]
    seen: dict[int, list[Finding]] = {}  # copies of an item share their drawings: judge each drawing once
    memo = Memo()  # and drawings share parts (a deck's frame) and lines
    for item in items:
        for side, drawing in _sides(item):
            if id(drawing) not in seen:
                seen[id(drawing)] = findings(drawing, memo=memo)
            for f in seen[id(drawing)]:
                loc, path, label = _where(ctx, item, drawing, f.text, files)
                grouped.setdefault((loc, path, label), []).append((f"{item.id} ({side})", f))
    overflowing = {(p.loc, p.path) for p in ctx.problems.items if p.code == TEXT_OVERFLOW.code}
    for (loc, path, label), hits in grouped.items():
        if (loc, path) in overflowing:  # a text that does not fit runs anywhere: its error says enough
            continue
        shown = hits[0][1].text.text
        shown = shown if len(shown) <= 40 else shown[:37] + "…"
        said, advice = [], []
        small = [(f.size, where) for where, f in hits if f.small]
        if small:
            size, where = min(small)
            said.append(f"is {size:g} pt, under {MIN_PT:g} pt, on {_places(where, [w for _, w in small])}")
            advice.append("give it more room so it prints larger, or shorten it")
        faint = [(f.ratio, where, f) for where, f in hits if f.faint]
        if faint:
            ratio, where, f = min(faint, key=lambda x: x[0])
            said.append(f"has contrast {ratio:.1f}:1 ({f.text.colour} on {f.background}), under {MIN_CONTRAST:g}:1, on "
                        f"{_places(where, [w for _, w, _ in faint])}")
            advice.append("choose colours that differ more in lightness (the text's or the one it prints on)")
        ctx.problems.report(TEXT_LEGIBILITY, loc, path,
                            f"{label} {shown!r} ({part}) {' and '.join(said)}: hard to read in print; "
                            f"{' and '.join(advice)}")


def _places(first: str, places: list[str]) -> str:
    """The first place, and how many more (a text of many lines prints on an item once)."""
    n = len(set(places))
    return first + (f" and {n - 1} more" if n > 1 else "")


def _where(ctx, item, drawing: scene.Group, t: scene.Text, files: tuple[str, ...]):
    """(loc, content path, what the text is) of a text run: the content value it was fitted from, else the one
    that reads the same, else the item's entry (the source of any fitted text on it), else the part's file."""
    found = ctx.source_of(t)
    if found is None and sum(ch.isalpha() for ch in t.text) >= 3:  # a number or a sign may be anyone's
        found = _by_words(ctx).get(_fold(t.text))
    if found is not None:
        source, field_name = found
        return source.at(field_name), source.sub(field_name), field_name.replace("_", " ")
    entry = getattr(item, "source", None)
    if entry is None:
        for other in scene.walk_text(drawing):
            hit = ctx.source_of(other)
            if hit is not None and hit[0].loc.file:
                entry = hit[0]
                break
    if entry is not None and entry.loc.file:
        return entry.loc, entry.path, "fixed label"
    from .problems import Loc

    plain = [f for f in files if not any(ch in f for ch in "*?[")]  # the part's content files (parts.py)
    name = plain[0] if plain else "game.yaml"
    return Loc(str(ctx.kit.sources.get(name, ctx.kit.root / name))), "", "fixed label"


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _by_words(ctx) -> dict:
    """Every printed content text, by its words (case folded: layouts print some in capitals): where a run drawn
    without ``Ctx.fit`` (so not traced) came from. Made once per layout context, on the first illegible run."""
    index = getattr(ctx, "_legibility_words", None)
    if index is None:
        index = {}
        kit = ctx.kit
        for root in kit.roots():
            for obj, name, _path, text in _printed_texts(root):
                if obj.loc.file:
                    index.setdefault(_fold(text), (obj, name))
        ctx._legibility_words = index
    return index
