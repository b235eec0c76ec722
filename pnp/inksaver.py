"""The ink-saver edition (``--ink saver``): every drawing without its floods, for home printers.

A theme variant made from the drawings themselves, so every part (and every part added later) gets it: a
filled shape larger than FLOOD_CM2 (a card's or note's ground, a board space, the board's centre, a panel) is
not painted, unless it is a band narrower than BAND_MM (an item's whole ground always goes); the paper shows
instead. What it carried is kept legible: a text that was light on the flood takes the flood's colour,
darkened until it reads on paper, and a light shape (an icon, a chip's edge spots) becomes its outline in that
colour; details knocked out in the flood's colour become paper; a light panel text sits on becomes paper; hairlines
over a flood print as a tint. Colour stays where it tells the game apart: group bands, deck name bands, outlines,
icons, marks and the value of a note all keep theirs (they are smaller than a flood, or bands), and a colour of
the kit's groups, decks, values or pieces is never paled away (``identities``). A flood that was
a panel (smaller than the item) leaves its outline; a back's ground leaves a light diagonal hatch in its colour,
so backs still tell their decks apart at a glance.

Areas are measured on the page, but a ``miniature`` (the board on the booklet's pages) is measured at its own
size, so it loses what the full board loses.
"""
from __future__ import annotations

import math
from dataclasses import replace

from . import scene
from .vision import MIN_CONTRAST, contrast_ratio, mix

#: a fill larger than this (cm²) is a flood: a 35 × 35 mm square; a board space's colour band (40 × 12 mm) and a
#: card's name band (63 × 14 mm) are not
FLOOD_CM2 = 12.0
#: ... unless it is a band, narrower than this (mm) however long: a title card's group band is 20 mm high, and
#: on a large card (70 × 120 mm) comes to 12.2 cm²
BAND_MM = 22.0
HATCH_GAP = 4.0  # mm between the hatch lines of a back's ground
HATCH_WIDTH = 0.3  # mm
HATCH_TINT = 0.55  # the hatch: the flood's colour this far towards paper
OUTLINE = 0.35  # mm: a panel's outline where its flood was
HAIRLINE, HAIRLINE_TINT = 0.2, 0.7  # mm: strokes this thin over a flood print this far towards paper
_NEAR_PAPER = 1.6  # a colour within this contrast of paper was drawn to stand out on the flood (white ink)


def readable(colour: str, paper: str, ratio: float = MIN_CONTRAST) -> str:
    """``colour`` darkened just enough to read on ``paper``."""
    if contrast_ratio(colour, paper) >= ratio:
        return colour
    for step in range(1, 21):
        c = mix(colour, "#000000", step / 20)
        if contrast_ratio(c, paper) >= ratio:
            return c
    return "#000000"


def _det(m: scene.Affine) -> float:
    return abs(m[0] * m[3] - m[1] * m[2])


def _area(shape, m: scene.Affine) -> float:
    """mm² a filled shape covers under ``m`` (a path by the polygon of its points)."""
    k = _det(m)
    if isinstance(shape, scene.Rect):
        return abs(shape.w * shape.h) * k
    if isinstance(shape, scene.Circle):
        return math.pi * shape.r ** 2 * k
    if isinstance(shape, scene.Path):
        pts = [(op[-2], op[-1]) for op in shape.ops if op[0] != "Z"]
        if len(pts) < 3:
            return 0.0
        s = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
        return abs(s) / 2 * k
    return 0.0


def _narrow(shape, m: scene.Affine) -> float:
    """mm across a filled shape at its narrowest, under ``m`` (a path by its points' box; a circle's diameter)."""
    k = math.sqrt(_det(m))
    if isinstance(shape, scene.Rect):
        return min(abs(shape.w), abs(shape.h)) * k
    if isinstance(shape, scene.Path):
        xs = [op[-2] for op in shape.ops if op[0] != "Z"]
        ys = [op[-1] for op in shape.ops if op[0] != "Z"]
        return min(max(xs) - min(xs), max(ys) - min(ys)) * k if xs else 0.0
    if isinstance(shape, scene.Circle):
        return 2 * shape.r * k
    return math.inf


class _Saver:
    def __init__(self, paper: str, item_area: float, back: bool, keep: frozenset[str] = frozenset()):
        self.paper = paper
        self.item_area = item_area
        self.back = back
        self.keep = keep  # the colours that tell the game apart (groups, decks, values): never paled away

    def group(self, g: scene.Group, m: scene.Affine, ground: str | None) -> tuple[scene.Group, str | None]:
        """The group without its floods, and the ground its last flood leaves for what is drawn after it."""
        m = scene.IDENTITY if g.miniature else scene.compose(m, g.transform)
        entry = ground
        out = []
        kept: list[tuple[float, float, float, float]] = []  # fills kept over the flood: what is on them stays
        texts = [(c.x, c.y) for c in g.children if isinstance(c, scene.Text)]
        for child in g.children:
            if isinstance(child, scene.Group):
                done, ground = self.group(child, m, ground)
                out.append(done)
                continue
            fill = getattr(child, "fill", None)
            if fill and not isinstance(child, (scene.Text, scene.Line)):
                area = _area(child, m)
                if ((area >= FLOOD_CM2 * 100 and _narrow(child, m) >= BAND_MM)
                        or (not g.miniature and area >= 0.8 * self.item_area)):
                    ground, kept = fill, []
                    out.extend(self._flood(child, m))
                    continue
                if ground is not None and isinstance(child, scene.Rect):
                    kept.append((child.x, child.y, child.x + child.w, child.y + child.h))
                elif ground is not None and isinstance(child, scene.Circle):
                    kept.append((child.cx - child.r, child.cy - child.r, child.cx + child.r, child.cy + child.r))
            if isinstance(child, scene.Text) and any(x0 <= child.x <= x1 and y0 <= child.y <= y1
                                                     for x0, y0, x1, y1 in kept):
                out.append(child)
                continue
            out.append(self._recolour(child, ground, panel=_holds(child, texts), scale=math.sqrt(_det(m)) or 1.0))
        # a keyed group is drawn once per PDF and reused wherever its key recurs: what it becomes depends on the
        # ground it was recoloured against and on the floods it lost (measured against the item's size, at its
        # scale), so its new key says which; one mark white on a back's removed flood and on a kept band is two
        key = (f"{g.key}-saver-{(entry or 'none').lstrip('#')}-{'back' if self.back else 'front'}-"
               f"{self.item_area:.6g}-{_det(m):.6g}") if g.key else None
        return scene.Group(out, transform=g.transform, clip=g.clip, key=key, bounds=g.bounds,
                           miniature=g.miniature, whole=g.whole), ground

    def _flood(self, shape, m: scene.Affine) -> list:
        """What replaces a flood: nothing, its outline (a panel), or a hatch (a back's ground)."""
        colour = shape.fill
        whole = _area(shape, m) >= 0.8 * self.item_area
        out: list = []
        if self.back and whole and isinstance(shape, scene.Rect):
            out.append(_hatch(shape, mix(colour, self.paper, HATCH_TINT)))
        if shape.stroke:  # its own outline stays
            out.append(replace(shape, fill=None))
        elif not whole:
            out.append(replace(shape, fill=None, stroke=readable(colour, self.paper, 1.5), width=OUTLINE))
        return out

    def _recolour(self, shape, ground: str | None, panel: bool = False, scale: float = 1.0):
        """``shape`` as it prints without the flood ``ground`` it was drawn on; ``panel``: a shape text sits on."""
        if ground is None:
            return shape
        if isinstance(shape, scene.Text):
            if contrast_ratio(shape.colour, self.paper) < MIN_CONTRAST:
                return replace(shape, colour=readable(ground, self.paper))
            return shape
        changes = {}
        if getattr(shape, "stroke", None) and getattr(shape, "width", 1.0) <= HAIRLINE:
            # hairlines over a flood (a note's guilloché, a card's inner frame) print as a tint of themselves
            changes["stroke"] = mix(shape.stroke, self.paper, HAIRLINE_TINT)
        for attr in ("fill", "stroke"):
            c = getattr(shape, attr, None)
            if not c:
                continue
            if attr in changes:
                continue
            if c.lower() == ground.lower():  # knocked out in the flood's colour: now the paper
                changes[attr] = self.paper
            elif contrast_ratio(c, self.paper) < _NEAR_PAPER:
                if attr == "fill" and panel:  # a light panel text sits on (a chip's inlay): the paper
                    changes[attr] = self.paper
                elif contrast_ratio(ground, self.paper) >= 3.0:  # light ink on a dark flood: now dark ink,
                    if attr == "fill" and not getattr(shape, "stroke", None):  # a shape's as its outline only
                        changes["fill"], changes["stroke"] = None, readable(ground, self.paper, 3.0)
                        changes["width"] = OUTLINE / scale  # in the shape's own units (an icon's are scaled)
                    else:
                        changes[attr] = readable(ground, self.paper, 3.0)
                elif attr == "fill" and c.lower() not in self.keep:  # a pale panel on a pale flood: paper
                    changes[attr] = self.paper
        return replace(shape, **changes) if changes else shape


def _holds(shape, points: list[tuple[float, float]]) -> bool:
    """Whether a rectangle or circle holds one of ``points`` (where texts are set)."""
    if isinstance(shape, scene.Rect):
        x0, x1 = sorted((shape.x, shape.x + shape.w))
        y0, y1 = sorted((shape.y, shape.y + shape.h))
        return any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)
    if isinstance(shape, scene.Circle):
        return any((x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2 for x, y in points)
    return False


def _hatch(r: scene.Rect, colour: str) -> scene.Group:
    """Diagonal lines across a rectangle, clipped to it."""
    lines = []
    span = r.w + r.h
    k = 0.0
    while k <= span:
        lines.append(scene.Line(r.x + k - r.h, r.y, r.x + k, r.y + r.h, colour, HATCH_WIDTH))
        k += HATCH_GAP
    return scene.Group(lines, clip=(r.x, r.y, r.w, r.h))


def identities(kit) -> frozenset[str]:
    """The colours that tell a kit's things apart: its groups', decks', values' and pieces' own colours. A pale
    one (a light-blue or yellow group's band) keeps its colour in the saver edition."""
    colours = [g.colour for g in kit.board.groups] + [d.colour for d in kit.decks]
    for holder in (kit.money.notes, kit.money.chips):
        colours += [d.colour for d in holder.denominations] if holder is not None else []
    colours += [c.colour for c in kit.counters.counters] + [t.colour for t in kit.counters.tokens]
    return frozenset(str(c).lower() for c in colours if c)


def saver(item, paper: str, keep: frozenset[str] = frozenset()):
    """The item as the ink-saver edition prints it (a new Item; the layout's stays as it was); ``keep``: the
    colours never paled away (``identities``)."""
    area = item.width * item.height * (math.pi / 4 if item.round else 1.0)  # a chip is the disc in its square
    front = _Saver(paper, area, back=False, keep=keep).group(item.front, scene.IDENTITY, None)[0]
    if item.back is item.front:  # a counter's or chip's back is its front: one drawing still, not a hatched back
        return replace(item, front=front, back=front)
    back = (_Saver(paper, area, back=True, keep=keep).group(item.back, scene.IDENTITY, None)[0]
            if item.back is not None else None)
    return replace(item, front=front, back=back)
