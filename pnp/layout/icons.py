"""Vector icons for spaces, decks and tokens, drawn with scene primitives only.

``icon(name, cx, cy, size, colour, background)`` returns a ``scene.Group`` drawing one
icon centred on (cx, cy) inside a size x size mm square. Each icon is designed in a
100 x 100 unit frame centred on the origin (y up) and placed by the group's transform,
so the shapes are the same whatever the size. The group carries a ``key`` and
``bounds`` (in that frame), so backends draw an icon once per name and colours and
reuse it wherever it appears.

Icons are bold, filled silhouettes in ``colour``; details (windows, pips, facets) are
knocked out in ``background`` (white by default): paint them on a plain ground of
that colour. No text and no images: the question mark is a path, the hotel's H is two
bars and a rung. Strokes are ``STROKE`` units wide (size/14) with round ends.
"""
from __future__ import annotations

import math
from typing import Callable

from .. import scene
from ..scene import Circle, Group, Path, Rect

#: the design frame: icons are drawn in [-HALF, HALF] x [-HALF, HALF]
UNIT = 100.0
HALF = UNIT / 2
#: stroke weight in design units (size / 14)
STROKE = UNIT / 14
#: thin knock-out lines (facets, page lines)
THIN = STROKE * 0.55

Ops = list[tuple]


# --------------------------------------------------------------------------- path helpers
def _pt(cx: float, cy: float, rx: float, ry: float, deg: float) -> tuple[float, float]:
    t = math.radians(deg)
    return (cx + rx * math.cos(t), cy + ry * math.sin(t))


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, start: str | None = "M") -> Ops:
    """An elliptical arc from angle a0 to a1 (degrees, counter-clockwise if a1 > a0) as cubics.

    ``start`` is "M" (new subpath), "L" (line to the arc's start) or None (already there).
    """
    n = max(1, math.ceil(abs(a1 - a0) / 90.0 - 1e-9))
    step = (a1 - a0) / n
    ops: Ops = []
    if start:
        ops.append((start, *_pt(cx, cy, rx, ry, a0)))
    for i in range(n):
        t0, t1 = math.radians(a0 + i * step), math.radians(a0 + (i + 1) * step)
        k = 4.0 / 3.0 * math.tan((t1 - t0) / 4.0)
        x0, y0 = cx + rx * math.cos(t0), cy + ry * math.sin(t0)
        x3, y3 = cx + rx * math.cos(t1), cy + ry * math.sin(t1)
        ops.append(("C", x0 - k * rx * math.sin(t0), y0 + k * ry * math.cos(t0),
                    x3 + k * rx * math.sin(t1), y3 - k * ry * math.cos(t1), x3, y3))
    return ops


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> Ops:
    return _arc(cx, cy, rx, ry, 0, 360) + [("Z",)]


def _rrect(x: float, y: float, w: float, h: float, r: float) -> Ops:
    """A rectangle with rounded corners as a path (lower-left x, y)."""
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return _poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    ops = [("M", x + r, y), ("L", x + w - r, y)]
    ops += _arc(x + w - r, y + r, r, r, -90, 0, None)
    ops += [("L", x + w, y + h - r)]
    ops += _arc(x + w - r, y + h - r, r, r, 0, 90, None)
    ops += [("L", x + r, y + h)]
    ops += _arc(x + r, y + h - r, r, r, 90, 180, None)
    ops += [("L", x, y + r)]
    ops += _arc(x + r, y + r, r, r, 180, 270, None)
    return ops + [("Z",)]


def _poly(points) -> Ops:
    (x0, y0), *rest = points
    return [("M", x0, y0)] + [("L", x, y) for x, y in rest] + [("Z",)]


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5, turn: float = 90.0) -> Ops:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        pts.append(_pt(cx, cy, r, r, turn + i * 180.0 / points))
    return _poly(pts)


def _mirror(ops: Ops) -> Ops:
    """The path reflected in the vertical axis."""
    return [(op[0], *[-v if i % 2 == 0 else v for i, v in enumerate(op[1:])]) for op in ops]


def _fill(ops: Ops, colour: str) -> Path:
    return Path(tuple(ops), fill=colour)


def _stroke(ops: Ops, colour: str, width: float = STROKE, caps: bool = True) -> list:
    """An open stroked path; round ends are circles on its first and last points."""
    shapes: list = [Path(tuple(ops), stroke=colour, width=width)]
    if caps:
        first, last = ops[0], ops[-1]
        for x, y in ((first[1], first[2]), (last[-2], last[-1])):
            shapes.append(Circle(x, y, width / 2, fill=colour))
    return shapes


def _bar(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = STROKE) -> list:
    """A straight stroke with round ends."""
    return _stroke([("M", x1, y1), ("L", x2, y2)], colour, width)


def _disc(cx: float, cy: float, r: float, colour: str) -> Circle:
    return Circle(cx, cy, r, fill=colour)


def _capsule(x1: float, y1: float, x2: float, y2: float, width: float) -> Ops:
    """A bar from (x1, y1) to (x2, y2) ``width`` wide with round ends, as one filled outline (no stroke to meet
    its caps)."""
    h = width / 2
    a = math.atan2(y2 - y1, x2 - x1)
    dx, dy = math.cos(a), math.sin(a)
    n = (-dy * h, dx * h)  # the left-hand normal

    def at(x: float, y: float) -> tuple[float, float]:  # from the bar's frame (x along it) to the icon's
        return (x1 + x * dx - y * dy, y1 + x * dy + y * dx)

    length = math.hypot(x2 - x1, y2 - y1)
    ops: Ops = [("M", x1 - n[0], y1 - n[1]), ("L", x2 - n[0], y2 - n[1])]
    for cx, a0 in ((length, -90.0), (0.0, 90.0)):
        for op in _arc(cx, 0, h, h, a0, a0 + 180, None):
            ops.append(("C", *at(*op[1:3]), *at(*op[3:5]), *at(*op[5:7])))
        if cx:
            ops.append(("L", x1 + n[0], y1 + n[1]))
    return ops + [("Z",)]


def _taper(p0, p1, p2, p3, w0: float, w1: float, steps: int = 16) -> Ops:
    """A cubic stroke (p0 .. p3) narrowing from ``w0`` wide at p0 to ``w1`` at p3, as one filled outline (a root, a
    tendril); put a disc of ``w1`` on p3 for a round tip."""
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        x, y = _bezier(p0, p1, p2, p3, t)
        (xa, ya), (xb, yb) = _bezier(p0, p1, p2, p3, max(0.0, t - 1e-3)), _bezier(p0, p1, p2, p3, min(1.0, t + 1e-3))
        d = math.hypot(xb - xa, yb - ya)
        h = (w0 + (w1 - w0) * t) / 2
        nx, ny = -(yb - ya) / d * h, (xb - xa) / d * h
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return _poly(left + right[::-1])


# --------------------------------------------------------------------------- the icons
# Each takes (colour, background) and returns shapes in the 100-unit frame.

def _arrow(c: str, b: str) -> list:
    return [_fill(_poly([(-46, -13), (4, -13), (4, -36), (46, 0), (4, 36), (4, 13), (-46, 13)]), c)]


def _train(c: str, b: str) -> list:
    out = [
        _fill(_rrect(-48, 27, 40, 8, 2), c),                      # cab roof
        _fill(_poly([(-44, -18), (-12, -18), (-12, 28), (-44, 28)]), c),  # cab
        _fill(_rrect(-37, 5, 18, 15, 2), b),                      # cab window
        _fill(_rrect(-16, -18, 54, 32, 7), c),                    # boiler
        _fill(_arc(-1, 12, 9, 9, 0, 180) + [("Z",)], c),          # dome
        _fill(_poly([(15, 12), (29, 12), (33, 32), (11, 32)]), c),  # chimney
        _fill(_rrect(8, 30, 28, 7, 2), c),                        # chimney cap
        _fill(_rrect(-47, -26, 86, 10, 2), c),                    # frame
        _fill(_poly([(36, -16), (48, -38), (30, -38)]), c),       # cowcatcher
    ]
    for x, r in ((-31, 12.0), (-5, 12.0), (20, 9.0)):
        out += [_disc(x, -30, r + 3.5, b), _disc(x, -30, r, c), _disc(x, -30, 3.5, b)]
    return out


def _branch(c: str, b: str) -> list:
    w = STROKE * 1.25
    out: list = []
    out += _stroke([("M", 0, -36), ("L", 0, 24)], c, w)
    out += _stroke([("M", 0, -24), ("C", 0, -4, -30, -6, -30, 22)], c, w)
    out += _stroke([("M", 0, -24), ("C", 0, -4, 30, -6, 30, 22)], c, w)
    for x, y in ((-30, 32), (0, 34), (30, 32)):
        out.append(_disc(x, y, 11, c))
    out.append(_disc(0, -38, 9, c))
    return out


def _bulb(c: str, b: str) -> list:
    glass = [("M", -15, -20), ("C", -15, -8, -28, 0, -28, 16)]
    glass += _arc(0, 16, 28, 28, 180, 0, None)
    glass += [("C", 28, 0, 15, -8, 15, -20), ("Z",)]
    out = [_fill(glass, c)]
    out += _stroke(_arc(0, 16, 18, 18, 115, 165), b, STROKE * 0.8)   # highlight
    out += [
        _fill(_rrect(-16, -29, 32, 7, 3), c),
        _fill(_rrect(-15, -38, 30, 7, 3), c),
        _fill(_arc(0, -40, 9, 7, 180, 360) + [("Z",)], c),
    ]
    return out


def _tap(c: str, b: str) -> list:
    spout = _arc(12, -8, 26, 26, 90, 0) + [("L", 38, -16), ("L", 24, -16), ("L", 24, -8)]
    spout += _arc(12, -8, 12, 12, 0, 90, None) + [("Z",)]
    drop = [("M", 31, -20), ("C", 31, -24, 38, -30, 38, -35)]
    drop += _arc(31, -35, 7, 7, 0, -180, None) + [("C", 24, -30, 31, -24, 31, -20), ("Z",)]
    return [
        _fill(_rrect(-47, -6, 9, 30, 2), c),        # wall flange
        _fill(_poly([(-40, 4), (14, 4), (14, 18), (-40, 18)]), c),  # pipe
        _fill(spout, c),
        _fill(_poly([(-14, 16), (-4, 16), (-4, 28), (-14, 28)]), c),  # stem
        _fill(_rrect(-30, 26, 42, 9, 4.5), c),       # handle
        _fill(drop, c),
    ]


def _question(c: str, b: str) -> list:
    w = STROKE * 2
    hook = _arc(0, 18, 20, 20, 165, -35) + [("C", 8, -2, 0, 0, 0, -12)]
    return _stroke(hook, c, w) + [_disc(0, -36, 9, c)]


def _chest(c: str, b: str) -> list:
    lid = [("M", -42, 6), ("L", -42, 18), ("C", -42, 40, 42, 40, 42, 18), ("L", 42, 6), ("Z",)]
    out = [
        _fill(lid, c),
        _fill(_rrect(-42, -38, 84, 41, 3), c),
    ]
    out += _bar(-40, 4.5, 40, 4.5, b, 3)   # the seam
    out += [
        _fill(_rrect(-10, -10, 20, 22, 3), b),  # lock plate
        _disc(0, 4, 4, c),
        _fill(_poly([(-2.5, 3), (2.5, 3), (3.5, -5), (-3.5, -5)]), c),
    ]
    for x in (-28, 28):
        out += [_fill(_poly([(x - 2, -36), (x + 2, -36), (x + 2, 2), (x - 2, 2)]), b),
                _fill(_poly([(x - 2, 7), (x + 2, 7), (x + 2, 23), (x - 2, 23)]), b)]
    return out


def _car(c: str, b: str) -> list:
    body = _rrect(-46, -20, 92, 24, 8)
    cabin = [("M", -30, 2), ("L", -20, 24), ("C", -19, 26, -18, 27, -16, 27), ("L", 12, 27),
             ("C", 14, 27, 15, 26, 17, 24), ("L", 32, 2), ("Z",)]
    out = [_fill(cabin, c), _fill(body, c)]
    out += [
        _fill(_poly([(-22, 6), (-15, 21), (-3, 21), (-3, 6)]), b),
        _fill(_poly([(3, 6), (3, 21), (12, 21), (23, 6)]), b),
    ]
    for x in (-26, 26):
        out += [_disc(x, -22, 16, b), _disc(x, -22, 12, c), _disc(x, -22, 4.5, b)]
    return out


def _police(c: str, b: str) -> list:
    shield = [("M", -38, 34), ("C", -22, 36, -8, 40, 0, 47), ("C", 8, 40, 22, 36, 38, 34),
              ("L", 38, 0), ("C", 38, -22, 20, -38, 0, -47), ("C", -20, -38, -38, -22, -38, 0), ("Z",)]
    return [_fill(shield, c), _fill(_star(0, 2, 25, 10.5), b), _disc(0, 2, 5, c)]


def _bars(c: str, b: str) -> list:
    out = [_fill(_rrect(-44, 33, 88, 11, 3), c), _fill(_rrect(-44, -44, 88, 11, 3), c)]
    for x in (-27, -9, 9, 27):
        out.append(_fill(_poly([(x - 4, -36), (x + 4, -36), (x + 4, 36), (x - 4, 36)]), c))
    return out


def _plane(c: str, b: str) -> list:
    fuselage = [("M", -6, -34), ("L", -6, 30), ("C", -6, 42, 6, 42, 6, 30), ("L", 6, -34),
                ("C", 6, -40, -6, -40, -6, -34), ("Z",)]
    wings = _poly([(-5, 14), (-46, -8), (-46, -17), (-5, -5), (5, -5), (46, -17), (46, -8), (5, 14)])
    tail = _poly([(-4, -24), (-19, -36), (-19, -42), (-4, -37), (4, -37), (19, -42), (19, -36), (4, -24)])
    g = Group([_fill(wings, c), _fill(tail, c), _fill(fuselage, c)], transform=scene.rotate(-45))
    return [g]


def _ship(c: str, b: str) -> list:
    hull = [("M", -46, -4), ("L", 47, -4), ("L", 36, -30), ("C", 35, -32, 34, -33, 32, -33),
            ("L", -36, -33), ("C", -38, -33, -39, -32, -40, -30), ("Z",)]
    out = [
        _fill(_poly([(-20, 10), (10, 10), (10, 16), (-20, 16)]), c),
        _fill(_poly([(-30, -6), (24, -6), (24, 8), (-30, 8)]), c),
        _fill(_poly([(-14, 14), (-3, 14), (0, 36), (-13, 36)]), c),   # funnels
        _fill(_poly([(5, 14), (16, 14), (19, 36), (6, 36)]), c),
        _fill(hull, c),
        _bar(-46, -2.5, 47, -2.5, b, 3)[0],
    ]
    out += [_disc(x, -16, 4, b) for x in (-26, -12, 2, 16)]
    out += [_fill(_rrect(x, 0, 8, 5, 1.5), b) for x in (-24, -12, 0, 12)]
    return out


def _ring(c: str, b: str) -> list:
    gem = _poly([(-12, 40), (12, 40), (21, 29), (0, 8), (-21, 29)])
    out = [_disc(0, -12, 33, c), _disc(0, -12, 24.5, b)]
    out += [_fill(_poly([(-11, 14), (11, 14), (7, 23), (-7, 23)]), c), _fill(gem, c)]
    out += _stroke([("M", -16, 29), ("L", 16, 29)], b, THIN, caps=False)
    out += _stroke([("M", -5, 40), ("L", -8, 29), ("L", 0, 14), ("L", 8, 29), ("L", 5, 40)], b, THIN, caps=False)
    return out


def _diamond(c: str, b: str) -> list:
    top, gird, tip = 30, 12, -42
    out = [_fill(_poly([(-24, top), (24, top), (46, gird), (0, tip), (-46, gird)]), c)]
    t = THIN
    facets = [
        [("M", -38, gird), ("L", 38, gird)],
        [("M", -24, top), ("L", -14, gird), ("L", 0, top), ("L", 14, gird), ("L", 24, top)],
        [("M", -14, gird), ("L", 0, tip), ("L", 14, gird)],
    ]
    for f in facets:
        out += _stroke(f, b, t, caps=False)
    return out


def _star_icon(c: str, b: str) -> list:
    return [_fill(_star(0, -4.5, 48, 19.5), c)]


def _bezier(p0, p1, p2, p3, t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                 for a, b, c, d in zip(p0, p1, p2, p3))


def _book(c: str, b: str) -> list:
    left = [("M", -3, -28), ("C", -14, -21, -30, -21, -46, -25), ("L", -46, 31),
            ("C", -30, 35, -14, 35, -3, 28), ("Z",)]
    cover = [("M", -48, -30), ("C", -30, -26, -14, -26, 0, -34), ("C", 14, -26, 30, -26, 48, -30),
             ("L", 48, -36), ("C", 30, -32, 14, -32, 0, -40), ("C", -14, -32, -30, -32, -48, -36), ("Z",)]
    out = [_fill(cover, c), _fill(left, c), _fill(_mirror(left), c)]
    top = ((-46, 31), (-30, 35), (-14, 35), (-3, 28))
    for k in range(4):
        dy = -11 - k * 10
        pts = [_bezier(*top, 0.13 + 0.74 * i / 10) for i in range(11)]
        # the last line of each page is short, and starts at the left like text
        for side, part in ((1, pts[:6] if k == 3 else pts), (-1, pts[5:] if k == 3 else pts)):
            line = [("L", side * x, y + dy) for x, y in part]
            out += _stroke([("M", *line[0][1:])] + line[1:], b, THIN)
    return out


def _scroll(c: str, b: str) -> list:
    out = [_fill(_poly([(-30, -32), (30, -32), (30, 32), (-30, 32)]), c)]
    for k in range(4):
        y = 18 - k * 11
        out += _bar(-20, y, 20 if k < 3 else 6, y, b, THIN)
    for y in (36, -36):
        out += [_fill(_rrect(-42, y - 8, 84, 16, 8), b), _fill(_rrect(-40, y - 6.5, 80, 13, 6.5), c),
                _disc(-33.5, y, 2.8, b), _disc(33.5, y, 2.8, b)]
    return out


def _toll(c: str, b: str) -> list:
    out = [
        _fill(_rrect(-48, -46, 28, 8, 2), c),                 # base
        _fill(_poly([(-41, -40), (-27, -40), (-27, 16), (-41, 16)]), c),  # post
        _fill(_rrect(-44, 14, 20, 14, 3), c),                 # head
        _fill(_rrect(-30, 6, 78, 13, 2), c),                  # arm
        _fill(_poly([(38, -46), (46, -46), (46, 4), (38, 4)]), c),   # rest post
        _fill(_rrect(34, -46, 14, 5, 2), c),
    ]
    for x in (-18, 6, 30):
        out.append(_fill(_poly([(x, 9), (x + 9, 9), (x + 14, 16), (x + 5, 16)]), b))
    out.append(_disc(-34, 21, 3.5, b))
    return out


def _camera(c: str, b: str) -> list:
    out = [
        _fill(_rrect(-6, -44, 12, 40, 2), c),              # pole
        _fill(_rrect(-20, -46, 40, 6, 3), c),              # foot
        _fill(_rrect(-42, 0, 72, 36, 5), c),               # housing
        _fill(_poly([(30, 4), (46, -2), (46, 38), (30, 32)]), c),  # lens hood
        _disc(-4, 18, 12, b),
        _disc(-4, 18, 7, c),
        _fill(_rrect(-36, 27, 12, 5, 2), b),               # flash
    ]
    return out


def _die(cx: float, cy: float, side: float, turn: float, pips, c: str, b: str) -> Group:
    h = side / 2
    shapes = [Rect(-h, -h, side, side, fill=c, stroke=b, width=4, radius=side * 0.18)]
    p = side * 0.27
    for i, j in pips:
        shapes.append(_disc(i * p, j * p, side * 0.09, b))
    return Group(shapes, transform=scene.compose(scene.translate(cx, cy), scene.rotate(turn)))


def _dice(c: str, b: str) -> list:
    five = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]
    three = [(-1, -1), (0, 0), (1, 1)]
    return [_die(-17, 13, 46, 12, five, c, b), _die(18, -15, 44, -14, three, c, b)]


def _wave_edge(y: float) -> Ops:
    """A waving flag's edge at height ``y``, from its pole to its fly."""
    return [("C", -16, y + 8, 8, y - 8, 42, y)]


def _band(top: float, bottom: float) -> Ops:
    """A waving flag's cloth (or a band of it) between heights ``top`` and ``bottom``, from its pole to its fly."""
    return [("M", -33, top), *_wave_edge(top), ("L", 42, bottom),
            ("C", 8, bottom - 8, -16, bottom + 8, -33, bottom), ("Z",)]


def _flag(c: str, b: str) -> list:
    """A flag waving on its pole, the knob over it, its foot on a base."""
    return [
        _fill(_rrect(-41, -44, 8, 88, 2), c),   # pole
        _disc(-37, 44, 6, c),                   # knob
        _fill(_rrect(-49, -48, 24, 7, 3), c),   # base
        _fill(_band(40, 2), c),
    ]


#: the red of a banner's outer bands (French Polynesia's flag): its own ink, where bands knocked out to the
#: token's wine disc read as the disc showing through, the cloth as a scroll (review 16)
BANNER_RED = "#ce1126"
#: the inks an icon draws in besides its colour and its background: a flag's own colours, which no theme recolours
OWN_INKS: dict[str, tuple[str, ...]] = {"banner": (BANNER_RED,)}


def _banner(c: str, b: str) -> list:
    """``_flag`` with a cloth of three bands: the upper and lower in BANNER_RED inside the cloth's edge, the middle
    one bearing a knocked-out disc. On a token's dark disc (the icon light, its knock-outs the disc's colour) it
    reads as French Polynesia's red, white and red, its emblem on the white."""
    return _flag(c, b) + [_fill(_band(36.5, 28.5), BANNER_RED), _fill(_band(13.5, 5.5), BANNER_RED),
                          _disc(4, 21, 4.2, b)]


def _skull(c: str, b: str) -> list:
    head = [("M", -22, -14), ("C", -34, -8, -36, 0, -36, 10)] + _arc(0, 10, 36, 36, 180, 0, None) + \
        [("C", 36, 0, 34, -8, 22, -14), ("Z",)]
    out = [
        _fill(head, c),
        _fill(_rrect(-21, -42, 42, 24, 8), c),
        _fill(_poly([(-21, -26), (21, -26), (21, -12), (-21, -12)]), c),
        _fill(_ellipse(-14, 2, 10, 11), b),
        _fill(_ellipse(14, 2, 10, 11), b),
        _fill(_poly([(0, -6), (5, -17), (-5, -17)]), b),
    ]
    for x in (-11, 0, 11):
        out += _bar(x, -40, x, -29, b, 3.4)
    return out


def _leaf(c: str, b: str) -> list:
    blade = [("M", -26, -26), ("C", -40, 12, -4, 42, 42, 42), ("C", 42, -4, 12, -40, -26, -26), ("Z",)]
    out = [_fill(blade, c)]
    out += _stroke([("M", -44, -44), ("L", -26, -26)], c, STROKE)
    out += _stroke([("M", -22, -22), ("C", -4, -4, 14, 14, 34, 34)], b, THIN)
    for t in (-10, 6):
        out += _stroke([("M", t, t), ("C", t + 1, t + 6, t + 3, t + 12, t + 6, t + 18)], b, THIN)
        out += _stroke([("M", t, t), ("C", t + 6, t + 1, t + 12, t + 3, t + 18, t + 6)], b, THIN)
    return out


def _tree(c: str, b: str) -> list:
    """A breadfruit tree: a broad, lobed crown on a trunk that flares to its roots, round fruits hanging under the
    crown's edge (each set off from it by a knocked-out ring)."""
    out = [_fill(_poly([(-8, -44), (8, -44), (5, -10), (-5, -10)]), c),
           _fill(_poly([(-18, -46), (18, -46), (8, -38), (-8, -38)]), c)]
    for x, y, r in ((0, 20, 22), (-24, 10, 17), (24, 10, 17), (-12, 30, 15), (12, 30, 15), (0, 4, 18),
                    (-34, 0, 10), (34, 0, 10)):
        out.append(_disc(x, y, r, c))
    for x, y, r in ((-27, -13, 6.5), (-15, -19, 7.0), (24, -15, 7.0)):  # hanging in a cluster and alone, each
        out += [_disc(x, y, r + 2.2, b), _disc(x, y, r, c)]  # set off from the crown by a knocked-out ring
    return out


def _crown(c: str, b: str) -> list:
    body = _poly([(-38, -22), (-42, 22), (-20, 2), (0, 30), (20, 2), (42, 22), (38, -22)])
    out = [_fill(body, c), _fill(_rrect(-40, -40, 80, 14, 3), c)]
    out += [_disc(-42, 26, 6.5, c), _disc(42, 26, 6.5, c), _disc(0, 35, 7, c)]
    out += [_fill(_poly([(0, -27.5), (5, -33), (0, -38.5), (-5, -33)]), b),
            _disc(-22, -33, 3.6, b), _disc(22, -33, 3.6, b)]
    return out


def _house(c: str, b: str) -> list:
    return [
        _fill(_poly([(18, 22), (29, 22), (29, 40), (18, 40)]), c),   # chimney
        _fill(_poly([(-48, 0), (0, 44), (48, 0)]), c),                # roof
        _fill(_poly([(-32, -44), (32, -44), (32, -4), (-32, -4)]), c),  # walls
        _fill(_poly([(-8, -44), (8, -44), (8, -18), (-8, -18)]), b),  # door
        _fill(_rrect(-6, 10, 12, 12, 1.5), b),                        # attic window
    ]


def _hotel(c: str, b: str) -> list:
    out = [
        _fill(_poly([(-40, -44), (40, -44), (40, 24), (-40, 24)]), c),
        _fill(_rrect(-20, 22, 40, 24, 3), c),
    ]
    # the H of the sign, as bars
    out += [_fill(_poly([(-9, 27), (-4, 27), (-4, 41), (-9, 41)]), b),
            _fill(_poly([(4, 27), (9, 27), (9, 41), (4, 41)]), b),
            _fill(_poly([(-4, 32), (4, 32), (4, 36), (-4, 36)]), b)]
    for row in range(3):
        for col in (-30, -17, 8, 21):
            y = 8 - row * 14
            out.append(_fill(_poly([(col, y), (col + 9, y), (col + 9, y + 9), (col, y + 9)]), b))
    out.append(_fill(_poly([(-6, -44), (6, -44), (6, -26), (-6, -26)]), b))
    out.append(_fill(_poly([(-4, 2), (4, 2), (4, 15), (-4, 15)]), b))
    return out


def _wave(c: str, b: str) -> list:
    out: list = []
    a, step = 6.5, 20.0
    for y in (24, 0, -24):
        x, sign = -40.0, -1
        ops = [("M", x, y + sign * a)]
        for _ in range(4):
            ops.append(("C", x + step * 0.4, y + sign * a, x + step * 0.6, y - sign * a, x + step, y - sign * a))
            x, sign = x + step, -sign
        out += _stroke(ops, c, STROKE * 1.2)
    return out


def _sun(c: str, b: str) -> list:
    out = [_disc(0, 0, 21, c)]
    for k in range(8):
        a = k * 45
        out += _bar(*_pt(0, 0, 30, 30, a), *_pt(0, 0, 44, 44, a), c, STROKE * 1.1)
    return out


def _speech(c: str, b: str) -> list:
    return [
        _fill(_rrect(-46, -16, 92, 58, 16), c),
        _fill([("M", -30, -12), ("L", -38, -42), ("C", -26, -34, -14, -24, -8, -12), ("Z",)], c),
        _disc(-20, 13, 6, b), _disc(0, 13, 6, b), _disc(20, 13, 6, b),
    ]


def _receipt(c: str, b: str) -> list:
    """A bill to pay (taxes): a slip of paper torn in a zigzag at the foot, lines of items and a bold total."""
    teeth, top, foot, half = 6, 46.0, -34.0, 31.0
    edge = [(-half, top), (half, top), (half, foot)]
    step = 2 * half / teeth
    for i in range(teeth):
        x = half - (i + 0.5) * step
        edge += [(x, foot - 10.0), (x - step / 2, foot)]
    out = [_fill(_poly(edge), c)]
    for y, w in ((32, 30), (21, 24), (10, 34), (-1, 20)):
        out += _bar(-20, y, -20 + w, y, b, THIN)
        out += _bar(15, y, 20, y, b, THIN)
    out.append(_fill(_poly([(-21, -13), (21, -13), (21, -23), (-21, -23)]), b))  # the total to pay
    return out


def _flats(c: str, b: str) -> list:
    """A block of flats: a tall block under a flat roof, three windows on each of four floors, a door."""
    out = [_fill(_poly([(-30, -44), (30, -44), (30, 36), (-30, 36)]), c),
           _fill(_poly([(-35, 36), (35, 36), (35, 44), (-35, 44)]), c)]  # the roof's parapet
    for row in range(4):
        for col in (-22, -5, 12):
            y = 22 - row * 15
            out.append(_fill(_poly([(col, y), (col + 10, y), (col + 10, y + 9), (col, y + 9)]), b))
    out.append(_fill(_poly([(-6, -44), (6, -44), (6, -28), (-6, -28)]), b))
    return out


def _villa(c: str, b: str) -> list:
    """A villa: a long low house under a hipped roof, a tall door between two wide windows, a round window above."""
    return [
        _fill(_poly([(-50, -4), (-30, 24), (30, 24), (50, -4)]), c),   # hipped roof
        _fill(_poly([(-43, -44), (43, -44), (43, -4), (-43, -4)]), c),  # walls
        _fill(_rrect(-8, -44, 16, 30, 3), b),                           # door
        _fill(_poly([(-38, -32), (-18, -32), (-18, -16), (-38, -16)]), b),
        _fill(_poly([(18, -32), (38, -32), (38, -16), (18, -16)]), b),
        _fill(_ellipse(0, 8, 6, 6), b),                                 # round window in the roof
    ]


def _pearl(c: str, b: str) -> list:
    """A pearl: a sphere whose body is the ground's colour (on a dark token, a black pearl) inside a rim of
    ``colour`` a little heavier at the lower right, with a bold highlight at the upper left and a glint beside it."""
    out = [_disc(0, 0, 44, c), _disc(-1.5, 1.5, 36, b)]
    out.append(Group([_fill(_ellipse(0, 0, 15, 9), c)],
                     transform=scene.compose(scene.translate(-13, 15), scene.rotate(40))))
    out.append(_disc(7, 25, 4.8, c))
    return out


def _asterisk(c: str, b: str) -> list:
    """The linguist's star: a reconstructed, unattested form is written *wódr̥. A bold six-armed asterisk, one
    arm upright, each arm a bar with round ends, unlike the five-pointed star and the sun's rays round a disc."""
    w = 18.0
    reach = HALF - 4 - w / 2
    return [_fill(_capsule(0, 0, *_pt(0, 0, reach, reach, 90 + k * 60), w), c) for k in range(6)]


def _roots(c: str, b: str) -> list:
    """A root: the stump of a trunk on a line of ground, five roots spreading under it (the outer two nearly level,
    a tap root straight down), each narrowing to a round tip; no crown (the tree) and no discs (the branch)."""
    out = [_fill(_poly([(-13, 42), (13, 42), (16, 4), (-16, 4)]), c)]   # the trunk, its foot among the roots
    spread = [((-6, 18), (-16, 6), (-30, 2), (-46, -16), 15, 4),     # outer
              ((-4, 14), (-8, -4), (-18, -14), (-24, -44), 14, 4),   # inner
              ((0, 14), (0, -12), (3, -28), (0, -46), 15, 4)]        # the tap root
    for p0, p1, p2, p3, w0, w1 in spread:
        sides = (1, -1) if p3[0] else (1,)
        for side in sides:
            pts = [(side * x, y) for x, y in (p0, p1, p2, p3)]
            out += [_fill(_taper(*pts, w0, w1), c), _disc(*pts[3], w1 / 2, c)]
    out += [_fill(_capsule(-46, 18, -26, 18, 6), c), _fill(_capsule(26, 18, 46, 18, 6), c)]  # the ground
    return out


_DRAW: dict[str, Callable[[str, str], list]] = {
    "arrow": _arrow, "train": _train, "branch": _branch, "bulb": _bulb, "tap": _tap,
    "question": _question, "chest": _chest, "car": _car, "police": _police, "bars": _bars,
    "plane": _plane, "ship": _ship, "ring": _ring, "diamond": _diamond, "star": _star_icon,
    "book": _book, "scroll": _scroll, "toll": _toll, "camera": _camera, "dice": _dice,
    "flag": _flag, "skull": _skull, "leaf": _leaf, "tree": _tree, "crown": _crown,
    "house": _house, "hotel": _hotel, "wave": _wave, "sun": _sun, "speech": _speech, "receipt": _receipt,
    "flats": _flats, "villa": _villa, "pearl": _pearl, "asterisk": _asterisk, "roots": _roots, "banner": _banner,
}

#: every icon name, in the order of ``pnp.model.Icon``
NAMES: tuple[str, ...] = tuple(_DRAW)


def icon(name: str, cx: float, cy: float, size: float, colour: str, background: str | None = None) -> Group:
    """The icon ``name`` centred on (cx, cy), inside a size x size mm square, in ``colour``.

    Knock-out details are painted in ``background`` (white when None).
    """
    try:
        draw = _DRAW[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r}; known icons: {', '.join(NAMES)}") from None
    bg = background or "#ffffff"
    shapes = draw(colour, bg)
    if name not in _CENTRE:
        x0, y0, x1, y1 = _bbox(shapes)
        _CENTRE[name] = ((x0 + x1) / 2, (y0 + y1) / 2)
    mx, my = _CENTRE[name]
    return Group(
        shapes,
        transform=scene.compose(scene.translate(cx, cy), scene.scale(size / UNIT), scene.translate(-mx, -my)),
        key=f"icon-{name}-{colour}-{bg}".replace("#", ""),
        bounds=(mx - HALF, my - HALF, UNIT, UNIT),
    )


#: the centre of each icon's drawing in its frame, measured once
_CENTRE: dict[str, tuple[float, float]] = {}


def _bbox(shapes, m: scene.Affine = scene.IDENTITY) -> tuple[float, float, float, float]:
    """What shapes can paint (strokes and radii included): x0, y0, x1, y1 in the parent frame."""
    pts: list[tuple[float, float, float]] = []  # x, y, reach

    def walk(shape, m):
        k = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))  # icons only scale uniformly
        half = shape.width / 2 if getattr(shape, "stroke", None) else 0.0
        if isinstance(shape, Group):
            for child in shape.children:
                walk(child, scene.compose(m, shape.transform))
        elif isinstance(shape, Rect):
            for x in (shape.x, shape.x + shape.w):
                for y in (shape.y, shape.y + shape.h):
                    pts.append((*scene.apply(m, x, y), half * k))
        elif isinstance(shape, Circle):
            pts.append((*scene.apply(m, shape.cx, shape.cy), (shape.r + half) * k))
        elif isinstance(shape, Path):
            for op in shape.ops:
                for i in range(1, len(op), 2):
                    pts.append((*scene.apply(m, op[i], op[i + 1]), half * k))

    for s in shapes:
        walk(s, m)
    return (min(x - r for x, y, r in pts), min(y - r for x, y, r in pts),
            max(x + r for x, y, r in pts), max(y + r for x, y, r in pts))


# --------------------------------------------------------------------------- group marks
# Plain geometric shapes that tell colour groups apart without colour (theme.group_marks): each a solid
# silhouette of about the same weight, filled in the band's ink and edged in the band's colour, so that two
# marks differ in outline at 2 mm.
def _mark_ops(shape: str) -> list[Ops]:
    if shape == "circle":
        return [_ellipse(0, 0, 42, 42)]
    if shape == "square":
        return [_poly([(-37, -37), (37, -37), (37, 37), (-37, 37)])]
    if shape == "triangle":
        return [_poly([_pt(0, -6, 52, 52, a) for a in (90, 210, 330)])]
    if shape == "diamond":
        return [_poly([(0, 48), (40, 0), (0, -48), (-40, 0)])]
    if shape == "star":
        return [_star(0, -3, 52, 22)]
    if shape == "hexagon":
        return [_poly([_pt(0, 0, 45, 45, 30 + 60 * k) for k in range(6)])]
    if shape == "cross":
        return [_poly([(-14, 44), (14, 44), (14, 14), (44, 14), (44, -14), (14, -14), (14, -44), (-14, -44),
                       (-14, -14), (-44, -14), (-44, 14), (-14, 14)])]
    if shape == "drop":
        return [[("M", 0, 48)] + _arc(0, -12, 33, 33, 30, -210, "L") + [("Z",)]]
    if shape == "ring":  # the hole is painted in the band's colour (group_mark)
        return [_ellipse(0, 0, 44, 44), _ellipse(0, 0, 22, 22)]
    if shape == "bar":
        return [_poly([(-46, -16), (46, -16), (46, 16), (-46, 16)])]
    raise KeyError(f"unknown group mark {shape!r}")


def group_mark(shape: str, cx: float, cy: float, size: float, colour: str, edge: str) -> Group:
    """The group mark ``shape`` centred on (cx, cy) within a size x size mm square: filled in ``colour``,
    edged in ``edge`` (the band it sits on) so it keeps its outline on any ground."""
    k = size / UNIT
    paths = _mark_ops(shape)
    shapes = [Path(tuple(paths[0]), fill=colour, stroke=edge, width=4.0)]
    shapes += [Path(tuple(ops), fill=edge) for ops in paths[1:]]  # holes
    return Group(shapes, transform=scene.compose(scene.translate(cx, cy), scene.scale(k)),
                 key=f"mark-{shape}-{colour}-{edge}".replace("#", ""), bounds=(-HALF, -HALF, UNIT, UNIT))
