"""A device-independent drawing: shapes and text runs in millimetres.

Layout code builds these; the backend (``render/pdf.py``) draws them as PDF pages, which
``render/raster.py`` rasterises for previews and exports.
Coordinates: millimetres, origin at the lower left, y up (like PDF). Text sizes are
in points, as typographers say them. Colours are ``"#rrggbb"`` strings or None.

A ``Group`` with a ``key`` is drawn once per document and reused wherever the same
key appears (a PDF form XObject): identical card backs cost their bytes once.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

Affine = tuple[float, float, float, float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def translate(x: float, y: float) -> Affine:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Affine:
    """Counter-clockwise rotation about (cx, cy). Right angles are exact."""
    quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(degrees % 360)
    c, s = quarter if quarter else (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
    return compose(translate(cx, cy), (c, s, -s, c, 0.0, 0.0), translate(-cx, -cy))


def scale(sx: float, sy: float | None = None) -> Affine:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def compose(*ms: Affine) -> Affine:
    """compose(A, B) applies B first, then A."""
    out = IDENTITY
    for m in ms:
        a, b, c, d, e, f = out
        A, B, C, D, E, F = m
        out = (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)
    return out


def apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25  # stroke width in mm
    radius: float = 0.0
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25


@dataclass(frozen=True, slots=True)
class Path:
    """ops: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[tuple, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one font. (x, y) is the baseline point chosen by ``anchor``."""

    x: float
    y: float
    text: str
    font: str
    size: float  # points
    colour: str = "#000000"
    anchor: str = "start"  # start | middle | end
    width: float = 0.0  # advance width in mm, measured by layout (backends use it for anchoring)


@dataclass(frozen=True, slots=True)
class Image:
    path: str
    x: float
    y: float
    w: float
    h: float


@dataclass(slots=True)
class Group:
    children: list["Shape"] = field(default_factory=list)
    transform: Affine = IDENTITY
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h in the group's own coordinates
    key: str | None = None  # identical content shared under this key (drawn once, reused)
    bounds: tuple[float, float, float, float] | None = None  # x, y, w, h of what the group covers (for reuse)
    #: a picture of another drawing at a small scale (the board on the booklet's pages): its texts are part of
    #: the picture, checked for legibility where that drawing prints at its own size, not here
    miniature: bool = False
    #: one unit on the page (a panel, a table, a deck spot): a board's tile cuts go around it where they can
    whole: bool = False

    def add(self, *shapes: "Shape") -> "Group":
        self.children.extend(shapes)
        return self


Shape = Union[Rect, Line, Circle, Path, Text, Image, Group]


@dataclass
class Page:
    """One page: its size in mm, what is drawn, and optional print boxes (x, y, w, h in mm)."""

    width: float
    height: float
    content: Group
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None


def walk_text(shape: Shape):
    """Every text run in a scene (for checks and tests)."""
    if isinstance(shape, Text):
        yield shape
    elif isinstance(shape, Group):
        for c in shape.children:
            yield from walk_text(c)
