"""Guilloché: the fine interlaced line work of banknotes, drawn as vector curves from a few numbers.

Every pattern is a set of closed parametric curves z(t), each traced by cubic Béziers whose control points
follow the curve's tangent (cubic Hermite), with segment ends at the curve's turning points: a few segments
per lobe trace it within a few hundredths of a millimetre, so a note face stays a few thousand path points.

The curves (all angles in radians, lengths in mm):

``ring``
    a woven ring of ``strokes`` sinusoids round a circle, r(θ) = r_mid + a·sin(L·θ + 2πj/S) for
    j = 0 … S−1: L lobes, each stroke shifted by 1/S of a lobe, so the strokes cross and look interlaced.
``trochoid``
    ``strokes`` copies of the two-circle (spirograph) curve z(t) = A·e^{it} + B·e^{ikt}, each turned by
    2πj/(S·lobes): k ≤ −1 is a hypotrochoid with 1 − k lobes (a star with loops pointing in when |k|·B > A),
    k ≥ 2 an epitrochoid with k − 1 lobes (loops pointing out); the outer radius is A + B.
``band``
    a border of interlaced waves round a rounded rectangle: ``strokes`` curves offset from its centre line by
    a·sin(2π·s/P + 2πj/S) at arc length s, P the period (a whole number of periods round the frame).

``designs(kit_id, values)`` picks each note value's parameters (``Design``) with a fixed arithmetic hash
(zlib.crc32 of the kit id and the value: the same on every build and machine), and gives the values of one kit
rosettes of different lobe counts, so no two of its notes look alike. Nothing here knows a game.
"""
from __future__ import annotations

import hashlib
import math
import zlib
from dataclasses import dataclass
from functools import lru_cache

from .. import scene

#: mm: coordinates are written to a hundredth of a millimetre (a quarter of a 600 dpi dot)
_PLACES = 2
#: how many traced strokes a process keeps (see _stroke): a kit draws a few dozen different ones, and the tests,
#: ``pnp serve`` and ``pnp watch`` draw the same notes again and again in one process. The memos are typed: a width
#: of 1 and one of 1.0 are equal numbers but name different keys (the key is the repr).
STROKES_KEPT = 512


def _r(v: float) -> float:
    return round(v, _PLACES) + 0.0  # + 0.0: no "-0" in the output


def _trace(f, t0: float, t1: float, n: int, closed: bool = True) -> tuple[tuple, ...]:
    """A curve ``f(t) -> (x, y)`` over [t0, t1] as n cubic Béziers (Hermite: end points and tangents)."""
    dt = (t1 - t0) / n
    eps = dt * 1e-4
    pts, ders = [], []
    for i in range(n + 1):
        t = t0 + i * dt
        (ax, ay), (bx, by) = f(t - eps), f(t + eps)
        pts.append(f(t))
        ders.append(((bx - ax) / (2 * eps) * dt / 3, (by - ay) / (2 * eps) * dt / 3))
    if closed:
        pts[-1] = pts[0]  # the last point is the first (no hairline gap from rounding)
    ops: list[tuple] = [("M", _r(pts[0][0]), _r(pts[0][1]))]
    for i in range(n):
        (x0, y0), (dx0, dy0) = pts[i], ders[i]
        (x1, y1), (dx1, dy1) = pts[i + 1], ders[i + 1]
        ops.append(("C", _r(x0 + dx0), _r(y0 + dy0), _r(x1 - dx1), _r(y1 - dy1), _r(x1), _r(y1)))
    if closed:
        ops.append(("Z",))
    return tuple(ops)


def _key(ops: tuple, colour: str, width: float) -> str:
    """The name of a stroke's drawing: equal strokes anywhere in a document share it, different ones never do."""
    return "guilloche-" + hashlib.blake2s(repr((ops, colour, width)).encode("utf-8"), digest_size=8).hexdigest()


def _copies(stroke: tuple[tuple, str], colour: str, width: float, extent: tuple, placements) -> list[scene.Group]:
    """One stroke (its ops and key, from _stroke) drawn once (a keyed group: a form in the PDF) and shown at each
    placement (an affine map); ``extent`` (x0, y0, x1, y1) bounds the stroke. The groups and the path are new on
    every call: a caller may set their transforms; only the immutable ops tuple is shared."""
    ops, key = stroke
    path = scene.Path(ops, stroke=colour, width=width)
    x0, y0, x1, y1 = extent
    bounds = (x0 - width, y0 - width, x1 - x0 + 2 * width, y1 - y0 + 2 * width)
    return [scene.Group([path], transform=m, key=key, bounds=bounds) for m in placements]


def _turns(cx: float, cy: float, radians) -> list[scene.Affine]:
    return [scene.compose(scene.translate(cx, cy), scene.rotate(math.degrees(a))) for a in radians]


@lru_cache(maxsize=STROKES_KEPT, typed=True)
def _ring_stroke(r_mid: float, amp: float, lobes: int, colour: str, width: float) -> tuple[tuple, str]:
    """The woven ring's stroke 0 about the origin, traced, and its key. A stroke is a pure function of these
    numbers, and tracing it (a few hundred curve points) costs far more than drawing it, so a process traces each
    one once (bounded by STROKES_KEPT)."""

    def f(t):
        r = r_mid + amp * math.sin(lobes * t)
        return r * math.cos(t), r * math.sin(t)

    start = math.pi / 2 / lobes  # a crest: segments run crest to trough
    ops = _trace(f, start, start + 2 * math.pi, 2 * lobes)
    return ops, _key(ops, colour, width)


def ring(cx: float, cy: float, r_mid: float, amp: float, lobes: int, strokes: int, colour: str,
         width: float = 0.15, phase: float = 0.0) -> list[scene.Group]:
    """A woven ring: ``strokes`` sinusoids of ``lobes`` lobes round (cx, cy), between r_mid ± amp. Stroke j is
    stroke 0 turned by −(phase + 2πj/S)/L: one curve, drawn once, shown S times."""
    e = r_mid + amp
    return _copies(_ring_stroke(r_mid, amp, lobes, colour, width), colour, width, (-e, -e, e, e),
                   _turns(cx, cy, (-(phase + 2 * math.pi * j / strokes) / lobes for j in range(strokes))))


@lru_cache(maxsize=STROKES_KEPT, typed=True)
def _trochoid_stroke(radius: float, k: int, depth: float, colour: str, width: float) -> tuple[tuple, str]:
    """The trochoid's stroke about the origin, traced, and its key (traced once a process: see _ring_stroke)."""
    b = depth * radius
    a = radius - b
    lobes = abs(k - 1)

    def f(t):
        return a * math.cos(t) + b * math.cos(k * t), a * math.sin(t) + b * math.sin(k * t)

    # four segments per turn of the fast circle relative to the slow one: ends where it points out and across
    ops = _trace(f, 0.0, 2 * math.pi, 4 * lobes)
    return ops, _key(ops, colour, width)


def trochoid(cx: float, cy: float, radius: float, k: int, depth: float, strokes: int, colour: str,
             width: float = 0.15, phase: float = 0.0) -> list[scene.Group]:
    """``strokes`` copies of z(t) = A·e^{it} + B·e^{ikt}, A + B = radius, B = depth·radius, turned by
    phase + 2πj/(S·lobes)."""
    lobes = abs(k - 1)
    return _copies(_trochoid_stroke(radius, k, depth, colour, width), colour, width,
                   (-radius, -radius, radius, radius),
                   _turns(cx, cy, (phase + 2 * math.pi * j / (strokes * lobes) for j in range(strokes))))


def _frame_point(x0: float, y0: float, w: float, h: float, rc: float, s: float):
    """The point at arc length s along a rounded rectangle (anticlockwise from its bottom-left straight) and
    the inward normal there."""
    return _frame(x0, y0, w, h, rc)(s)


def _frame(x0: float, y0: float, w: float, h: float, rc: float):
    """``_frame_point`` of one rounded rectangle as a function of s alone: its sides and corners measured once,
    not at each of the hundreds of points a border wave is traced through."""
    straights = (w - 2 * rc, h - 2 * rc)
    arc = math.pi * rc / 2
    corners = ((x0 + w - rc, y0 + rc), (x0 + w - rc, y0 + h - rc), (x0 + rc, y0 + h - rc), (x0 + rc, y0 + rc))
    starts = ((x0 + rc, y0), (x0 + w, y0 + rc), (x0 + w - rc, y0 + h), (x0, y0 + h - rc))
    dirs = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))
    total = 2 * sum(straights) + 4 * arc

    def point(s: float):
        s %= total
        for side in range(4):
            length = straights[side % 2]
            if s <= length:
                (px, py), (dx, dy) = starts[side], dirs[side]
                return px + dx * s, py + dy * s, -dy, dx
            s -= length
            if s <= arc or side == 3:
                a = -math.pi / 2 + side * math.pi / 2 + min(s, arc) / rc
                ccx, ccy = corners[side]
                return ccx + rc * math.cos(a), ccy + rc * math.sin(a), -math.cos(a), -math.sin(a)
            s -= arc
        raise AssertionError("unreachable")  # pragma: no cover

    return point


def frame_length(w: float, h: float, rc: float) -> float:
    return 2 * (w - 2 * rc) + 2 * (h - 2 * rc) + 2 * math.pi * rc


def band(x0: float, y0: float, w: float, h: float, rc: float, amp: float, period: float, strokes: int,
         colour: str, width: float = 0.15, phase: float = 0.0) -> list[scene.Group]:
    """Interlaced waves round the rounded rectangle (x0, y0, w, h; corner radius rc): ``strokes`` sinusoids of
    amplitude ``amp`` about its outline, about ``period`` mm long. An even number of periods goes round, so each
    stroke is two equal halves, the second the first turned half a turn about the frame's centre."""
    cx, cy = x0 + w / 2, y0 + h / 2
    out = []
    for j in range(strokes):
        shift = phase + 2 * math.pi * j / strokes
        ex, ey = w / 2 + amp, h / 2 + amp
        out += _copies(_band_stroke(x0, y0, w, h, rc, amp, period, shift, colour, width), colour, width,
                       (-ex, -ey, ex, ey), _turns(cx, cy, (0.0, math.pi)))
    return out


@lru_cache(maxsize=STROKES_KEPT, typed=True)
def _band_stroke(x0: float, y0: float, w: float, h: float, rc: float, amp: float, period: float, shift: float,
                 colour: str, width: float) -> tuple[tuple, str]:
    """One border wave's first half, shifted by ``shift`` radians, about the frame's centre, traced, and its key
    (traced once a process: see _ring_stroke; x0 and y0 stay in the key, as the rounding of the points follows
    them)."""
    total = frame_length(w, h, rc)
    n = 2 * max(2, round(total / period / 2))
    cx, cy = x0 + w / 2, y0 + h / 2
    frame = _frame(x0, y0, w, h, rc)

    def f(s):
        px, py, nx, ny = frame(s)
        d = amp * math.sin(2 * math.pi * n * s / total + shift)
        return px + nx * d - cx, py + ny * d - cy

    start = (math.pi / 2 - shift) * total / (2 * math.pi * n)
    ops = _trace(f, start, start + total / 2, n, closed=False)
    return ops, _key(ops, colour, width)


def points(shapes, seen: set | None = None) -> int:
    """How many coordinate pairs the paths among ``shapes`` carry, a keyed group's once (it is drawn once): the
    cost of a face."""
    seen = set() if seen is None else seen
    count = 0
    for s in shapes:
        if isinstance(s, scene.Path):
            count += sum(3 if op[0] == "C" else 0 if op[0] == "Z" else 1 for op in s.ops)
        elif isinstance(s, scene.Group):
            if s.key is not None:
                if s.key in seen:
                    continue
                seen.add(s.key)
            count += points(s.children, seen)
    return count


# --------------------------------------------------------------------------------- one design per note value
@dataclass(frozen=True)
class Design:
    """The parameters of one note value's guilloché."""

    lobes: int  # the woven ring's lobes (different for every value of a kit)
    ring_strokes: int  # its interlaced strokes
    k: int  # the trochoid's fast circle: < 0 a hypotrochoid (1 - k lobes), > 1 an epitrochoid (k - 1 lobes)
    depth: float  # the trochoid's B / (A + B)
    strokes: int  # the trochoid's turned copies
    period: float  # mm: the border waves' period
    band_strokes: int  # the border's interlaced waves
    phase: float  # radians: how far the whole pattern is turned
    hub: int  # the rosette's hub, a smaller trochoid: its fast circle
    web: int  # the background web, a trochoid as wide as the note seen through the frame: its fast circle
    web_strokes: int  # its turned copies
    web_depth: float  # its B / (A + B): follows the ring's lobes, so no two values of a kit share a web stroke
    hub_depth: float  # the hub's B / (A + B), likewise


#: the woven ring's lobe counts, and the least difference between two values' counts (relaxed when a kit has more
#: values than the counts allow)
LOBES = tuple(range(9, 31))
LOBE_GAP = 3
#: the trochoid's fast circle: hypotrochoids (stars with inward loops) and epitrochoids (outward loops)
KS = (-5, -6, -7, -8, -9, -10, -11, 7, 8, 9, 10, 11, 12)
HUBS = (-3, -4, -5, -6, 4, 5, 6, 7)
WEBS = (-2, -3, -4, -5, 3, 4, 5, 6)


def _pick(seed: int, salt: str, n: int) -> int:
    """A number 0 … n−1 from ``seed`` and ``salt`` (crc32: fixed arithmetic, never Python's salted hash)."""
    return zlib.crc32(salt.encode("utf-8"), seed) % n


def designs(kit_id: str, values) -> dict[int, Design]:
    """Each value's design: drawn from crc32(kit id, value); values in increasing order take the first free
    ring lobe count at least LOBE_GAP from those already taken (or, failing that, any one not taken)."""
    out: dict[int, Design] = {}
    taken: list[int] = []
    for value in sorted(set(values)):
        seed = zlib.crc32(f"{kit_id}:{value}".encode("utf-8"))
        first = _pick(seed, "lobes", len(LOBES))
        order = [LOBES[(first + i) % len(LOBES)] for i in range(len(LOBES))]
        lobes = next((n for n in order if all(abs(n - t) >= LOBE_GAP for t in taken)), None) \
            or next((n for n in order if n not in taken), order[0])
        taken.append(lobes)
        out[value] = Design(
            lobes=lobes,
            ring_strokes=3 + _pick(seed, "ring", 2),
            k=KS[_pick(seed, "k", len(KS))],
            depth=0.16 + 0.02 * _pick(seed, "depth", 6),
            strokes=5 + _pick(seed, "strokes", 4),
            period=3.6 + 0.2 * _pick(seed, "period", 6),
            band_strokes=2 + _pick(seed, "band", 2),
            phase=2 * math.pi * _pick(seed, "phase", 360) / 360,
            hub=HUBS[_pick(seed, "hub", len(HUBS))],
            web=WEBS[_pick(seed, "web", len(WEBS))],
            web_strokes=9 + 2 * _pick(seed, "web strokes", 4),
            web_depth=0.4 + 0.005 * (lobes - LOBES[0]),
            hub_depth=0.24 + 0.005 * (lobes - LOBES[0]),
        )
    return out
