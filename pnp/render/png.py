"""The Pillow backend: draws the same scenes as ``render/pdf.py`` into a raster image.

``render(group, width_mm, height_mm, dpi, origin=(x0, y0))`` draws the region
[x0, x0 + w] × [y0, y0 + h] of a scene (mm, y up) into an RGB ``PIL.Image`` of
round(w · dpi / 25.4) × round(h · dpi / 25.4) pixels.

How it matches the PDF as a viewer (pdfium, poppler) shows it:

* Everything is drawn at up to 4× the asked resolution and reduced with a box filter, which
  is what an anti-aliasing renderer does (the share of a pixel a shape covers).
* Shapes become polygons in device pixels: Bézier curves are flattened, round corners and
  circles are polygons fine enough to be exact at that resolution. Pillow fills a polygon
  including its edge pixels; every polygon is inset half a pixel so that a pixel is filled
  exactly when its centre is inside (as PDF fills). Fills are even-odd, like reportlab's
  paths (the rings of a path are xor-ed).
* Strokes are polygons too: one quad per segment with mitred joins and butt ends (PDF's
  defaults), dashes restarting on every subpath; a hairline still covers a pixel.
* Like pdfium, axis-aligned filled rectangles, rectangular clips and upright images cover
  whole output pixels (crisp edges rather than grey ones).
* Text is drawn glyph by glyph at the advances of the font's ``hmtx`` table (what the PDF's
  /Widths says), not at Pillow's hinted advances, so lines keep their exact length. Upright
  text is drawn in place; turned or mirrored text is drawn upright and mapped into place
  (exactly for right angles, resampled otherwise).
* Groups compose their transforms; clips are rectangles (kept as a pixel box when they are
  axis-aligned, which right-angle rotations keep, else as a mask). A keyed group with
  ``bounds`` is clipped to them, as the PDF form's bounding box clips it. Keyed groups are
  simply drawn again wherever they appear.

Only colours "#rrggbb" exist in scenes: everything is opaque but anti-aliased edges.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from .. import scene
from ..fonts import get_font

PT_MM = 25.4 / 72.0  # mm per point
#: the most pixels drawn internally before the box reduction (bounds memory for a large board)
MAX_WORK_PIXELS = 40_000_000
EPS = 1e-6


def render(group: scene.Group, width_mm: float, height_mm: float, dpi: float,
           origin: tuple[float, float] = (0.0, 0.0), background: str | None = "#ffffff",
           supersample: int | None = None) -> Image.Image:
    """Draw the region [x0, x0 + w] × [y0, y0 + h] (mm) of ``group`` at ``dpi`` into an RGB image.

    The top-left pixel is the region's top-left corner; one pixel is 25.4 / dpi mm on both axes
    (when the size is not a whole number of pixels, the last row and column take the rest)."""
    w_px = max(1, round(width_mm * dpi / 25.4))
    h_px = max(1, round(height_mm * dpi / 25.4))
    ss = supersample or _supersample(w_px, h_px)
    k = dpi * ss / 25.4  # device pixels per mm
    x0, y0 = origin
    img = Image.new("RGB", (w_px * ss, h_px * ss), _rgb(background or "#ffffff"))
    painter = _Painter(img, ss)
    device = (k, 0.0, 0.0, -k, -x0 * k, (y0 + height_mm) * k)
    painter.draw(group, device)
    if ss > 1:
        img = img.reduce(ss)  # the mean of each ss × ss block: a pixel's coverage, as anti-aliasing gives
    return img


def size_px(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixel size ``render`` gives for a region."""
    return max(1, round(width_mm * dpi / 25.4)), max(1, round(height_mm * dpi / 25.4))


def _supersample(w: int, h: int) -> int:
    for ss in (4, 3, 2):
        if w * h * ss * ss <= MAX_WORK_PIXELS:
            return ss
    return 1


@lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


@lru_cache(maxsize=512)
def _pil_font(name: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(get_font(name).path), size_px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=32)
def _load_image(path: str) -> Image.Image:
    with Image.open(path) as im:
        return im.convert("RGBA")


# ------------------------------------------------------------------------------ geometry
def _tx(m: scene.Affine, pts) -> list[tuple[float, float]]:
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]


def _scale(m: scene.Affine) -> float:
    """Length scale of a transform (uniform scales and rotations: exact)."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _axis_aligned(m: scene.Affine) -> bool:
    a, b, c, d, _, _ = m
    return (abs(b) < EPS and abs(c) < EPS) or (abs(a) < EPS and abs(d) < EPS)


def _arc_steps(r_px: float, sweep: float) -> int:
    """Segments for an arc of radius r_px device pixels: chord error below a tenth of a pixel."""
    if r_px <= 0.5:
        return 2
    step = 2 * math.acos(max(-1.0, 1 - 0.1 / r_px))
    return max(2, min(512, math.ceil(abs(sweep) / step)))


def _circle_pts(cx: float, cy: float, r: float, r_px: float) -> list[tuple[float, float]]:
    n = max(8, _arc_steps(r_px, 2 * math.pi))
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def _rrect_pts(x: float, y: float, w: float, h: float, r: float, px_per_mm: float) -> list[tuple[float, float]]:
    r = max(0.0, min(r, w / 2, h / 2))
    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    n = _arc_steps(r * px_per_mm, math.pi / 2)
    pts = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for i in range(n + 1):
            t = math.radians(a0 + 90 * i / n)
            pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return pts


def _flatten(ops, m: scene.Affine) -> list[tuple[list[tuple[float, float]], bool]]:
    """Subpaths of path ops in device pixels: (points, closed)."""
    subs: list[tuple[list, bool]] = []
    pts: list = []
    closed = False
    cur = start = (0.0, 0.0)

    def flush():
        nonlocal pts, closed
        if len(pts) > 1:
            subs.append((pts, closed))
        pts, closed = [], False

    for op in ops:
        kind = op[0]
        if kind == "M":
            flush()
            cur = start = _tx(m, [(op[1], op[2])])[0]
            pts = [cur]
        elif kind == "L":
            cur = _tx(m, [(op[1], op[2])])[0]
            if not pts:
                pts = [start]
            pts.append(cur)
        elif kind == "C":
            p1, p2, p3 = _tx(m, [(op[1], op[2]), (op[3], op[4]), (op[5], op[6])])
            p0 = cur
            if not pts:
                pts = [p0]
            length = math.dist(p0, p1) + math.dist(p1, p2) + math.dist(p2, p3)
            n = max(2, min(256, math.ceil(math.sqrt(length) * 1.5)))
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                pts.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                            u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
            cur = p3
        elif kind == "Z":
            if pts:
                closed = True
                flush()
            cur = start
    flush()
    return subs


def _as_rect(poly) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) when a polygon is an axis-aligned rectangle, else None."""
    pts = [p for i, p in enumerate(poly) if i == 0 or math.dist(p, poly[i - 1]) > 1e-9]
    if len(pts) == 5 and math.dist(pts[0], pts[-1]) <= 1e-9:
        pts.pop()
    if len(pts) != 4:
        return None
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if abs(x1 - x2) > 1e-6 and abs(y1 - y2) > 1e-6:
            return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if len({round(v, 4) for v in xs}) != 2 or len({round(v, 4) for v in ys}) != 2:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def _match_range(f1: float, f2: float) -> tuple[int, int]:
    """Whole pixels [i1, i2) for the span [f1, f2]: ceil(f2 − f1) of them, starting at floor(f1) or
    ceil(f1), whichever is nearer to the span's ends (pdfium's CFX_FloatRect::GetClosestRect)."""
    length = math.ceil(f2 - f1 - 1e-6)
    lo, hi = math.floor(f1 + 1e-6), math.ceil(f1 - 1e-6)
    err_lo = f1 - lo + abs(f2 - lo - length)
    err_hi = hi - f1 + abs(f2 - hi - length)
    start = hi if err_lo > err_hi else lo
    return start, start + length


def _area(poly) -> float:
    s = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def _inset(poly: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The polygon with every edge moved ``d`` pixels inwards (mitred corners, long spikes capped).

    Pillow fills the pixels a polygon touches; inset by half a pixel it fills those whose
    centre is inside, as a PDF renderer does."""
    pts = [p for i, p in enumerate(poly) if i == 0 or math.dist(p, poly[i - 1]) > 1e-9]
    if len(pts) > 2 and math.dist(pts[0], pts[-1]) <= 1e-9:
        pts.pop()
    n = len(pts)
    if n < 3:
        return pts
    area = _area(pts)
    if abs(area) < 1e-9:
        return pts
    sign = 1.0 if area > 0 else -1.0  # in pixel coordinates: the inward normal of edge (dx, dy) is sign * (-dy, dx)
    normals = []
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        L = math.hypot(x2 - x1, y2 - y1)
        normals.append((-sign * (y2 - y1) / L, sign * (x2 - x1) / L))
    out = []
    for i in range(n):
        nx0, ny0 = normals[i - 1]
        nx1, ny1 = normals[i]
        bx, by = nx0 + nx1, ny0 + ny1
        cos_half_sq = (1 + nx0 * nx1 + ny0 * ny1) / 2
        x, y = pts[i]
        if cos_half_sq < 0.04:  # a hairpin: do not throw the corner far away
            out.append((x + d * nx1, y + d * ny1))
            continue
        f = d / (2 * cos_half_sq)
        out.append((x + bx * f, y + by * f))
    return out


def _stroke_polys(pts: list[tuple[float, float]], closed: bool, hw: float) -> list[list[tuple[float, float]]]:
    """A polyline's stroke as polygons: one quad per segment, a mitred wedge per join (limit 10)."""
    pts = [p for i, p in enumerate(pts) if i == 0 or math.dist(p, pts[i - 1]) > 1e-9]
    if closed and len(pts) > 2 and math.dist(pts[0], pts[-1]) <= 1e-9:
        pts.pop()
    n = len(pts)
    if n < 2:
        return []
    segs = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if closed else [])
    dirs, polys = [], []
    for (x1, y1), (x2, y2) in segs:
        L = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / L, (y2 - y1) / L
        dirs.append((ux, uy))
        nx, ny = -uy * hw, ux * hw
        polys.append([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
    joins = range(len(segs)) if closed else range(1, len(segs))
    for j in joins:
        (ux0, uy0), (ux1, uy1) = dirs[j - 1], dirs[j]
        cross = ux0 * uy1 - uy0 * ux1
        if abs(cross) < 1e-9 and ux0 * ux1 + uy0 * uy1 > 0:
            continue  # straight on
        vx, vy = segs[j][0]
        s = -1.0 if cross > 0 else 1.0  # the outer side of the turn
        a = (vx + s * -uy0 * hw, vy + s * ux0 * hw)
        b = (vx + s * -uy1 * hw, vy + s * ux1 * hw)
        cos_theta = ux0 * ux1 + uy0 * uy1
        cos_half = math.sqrt(max(0.0, (1 + cos_theta) / 2))
        if cos_half > 0.1:  # miter length 1 / sin(phi / 2) <= 10, phi the inner angle
            mx, my = (a[0] + b[0]) / 2 - vx, (a[1] + b[1]) / 2 - vy
            ml = math.hypot(mx, my)
            if ml > 1e-12:
                f = hw / cos_half / ml
                polys.append([(vx, vy), a, (vx + mx * f, vy + my * f), b])
                continue
        polys.append([(vx, vy), a, b])
    return polys


def _dash(pts: list[tuple[float, float]], closed: bool, pattern: list[float]) -> list[list[tuple[float, float]]]:
    """Split a polyline (device pixels) into its dashes; the pattern starts at the subpath's start."""
    if closed:
        pts = pts + [pts[0]]
    if not pattern or sum(pattern) <= 0:
        return [pts]
    out: list[list] = []
    idx, left, on = 0, pattern[0], True
    cur: list = [pts[0]]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if on:
                cur.append(p)
                out.append(cur)
            else:
                cur = [p]
            on = not on
            idx = (idx + 1) % len(pattern)
            left = pattern[idx]
        left -= seg - pos
        if on:
            cur.append((x2, y2))
    if on and len(cur) > 1:
        out.append(cur)
    return [d for d in out if len(d) > 1]


# ------------------------------------------------------------------------------ the painter
class _Painter:
    def __init__(self, img: Image.Image, ss: int = 1):
        self.img = img
        self.ss = ss  # device pixels per output pixel
        self.pen = ImageDraw.Draw(img)
        self.W, self.H = img.size
        # the clip: a pixel box (x0, y0, x1, y1) and, for clips that are not axis-aligned, a full-size mask
        self.box = (0, 0, self.W, self.H)
        self.mask: Image.Image | None = None

    # -- dispatch
    def draw(self, shape, m: scene.Affine) -> None:
        if isinstance(shape, scene.Group):
            self._group(shape, m)
        elif isinstance(shape, scene.Rect):
            self._rect(shape, m)
        elif isinstance(shape, scene.Line):
            if shape.stroke is not None:
                self._stroke([(_tx(m, [(shape.x1, shape.y1), (shape.x2, shape.y2)]), False)],
                             shape.stroke, shape.width, shape.dash, m)
        elif isinstance(shape, scene.Circle):
            self._circle(shape, m)
        elif isinstance(shape, scene.Path):
            subs = _flatten(shape.ops, m)
            if shape.fill is not None:
                self._fill([p for p, _ in subs if len(p) > 2], shape.fill)
            if shape.stroke is not None:
                self._stroke(subs, shape.stroke, shape.width, shape.dash, m)
        elif isinstance(shape, scene.Text):
            self._text(shape, m)
        elif isinstance(shape, scene.Image):
            self._image(shape, m)
        else:  # pragma: no cover - a programming error
            raise TypeError(f"cannot draw {shape!r}")

    def _group(self, g: scene.Group, m: scene.Affine) -> None:
        if g.transform != scene.IDENTITY:
            m = scene.compose(m, g.transform)
        clips = []
        if g.key is not None and g.bounds is not None:
            clips.append(g.bounds)  # the PDF form's bounding box clips what it draws
        if g.clip is not None:
            clips.append(g.clip)
        saved = (self.box, self.mask)
        for c in clips:
            self._clip(c, m)
        if self.box[0] < self.box[2] and self.box[1] < self.box[3]:
            for child in g.children:
                self.draw(child, m)
        self.box, self.mask = saved

    def _clip(self, rect, m: scene.Affine) -> None:
        x, y, w, h = rect
        corners = _tx(m, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        if _axis_aligned(m):  # whole output pixels, rounded outwards, as pdfium clips to a rectangle
            q = self.ss
            box = (math.floor(min(xs) / q + 1e-6) * q, math.floor(min(ys) / q + 1e-6) * q,
                   math.ceil(max(xs) / q - 1e-6) * q, math.ceil(max(ys) / q - 1e-6) * q)
        else:  # pixels whose centre is inside (the same rule as the fills), then the mask below
            box = (math.ceil(min(xs) - 0.5), math.ceil(min(ys) - 0.5), math.ceil(max(xs) - 0.5),
                   math.ceil(max(ys) - 0.5))
        bx0, by0, bx1, by1 = self.box
        self.box = (max(bx0, box[0]), max(by0, box[1]), min(bx1, box[2]), min(by1, box[3]))
        if not _axis_aligned(m):
            mask = Image.new("L", (self.W, self.H), 0)
            ImageDraw.Draw(mask).polygon(_inset(corners, 0.5), fill=255)
            self.mask = mask if self.mask is None else ImageChops.darker(self.mask, mask)

    # -- painting masks
    def _paint(self, mask: Image.Image, at: tuple[int, int], colour: str) -> None:
        """Paste ``colour`` through ``mask`` whose top-left pixel is at ``at``, inside the clip."""
        ox, oy = at
        mw, mh = mask.size
        x0, y0, x1, y1 = self.box
        cx0, cy0, cx1, cy1 = max(ox, x0), max(oy, y0), min(ox + mw, x1), min(oy + mh, y1)
        if cx0 >= cx1 or cy0 >= cy1:
            return
        if (cx0, cy0, cx1, cy1) != (ox, oy, ox + mw, oy + mh):
            mask = mask.crop((cx0 - ox, cy0 - oy, cx1 - ox, cy1 - oy))
        if self.mask is not None:
            mask = ImageChops.multiply(mask, self.mask.crop((cx0, cy0, cx1, cy1)))
        self.img.paste(_rgb(colour), (cx0, cy0, cx1, cy1), mask)

    def _local(self, polys) -> tuple[tuple[int, int, int, int] | None, bool]:
        """The pixel box (inside the clip) that polygons cover (None when they are outside it), and
        whether the clip cuts them."""
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        if not xs:
            return None, False
        x0, y0, x1, y1 = self.box
        rx0, ry0 = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
        rx1, ry1 = math.ceil(max(xs)) + 2, math.ceil(max(ys)) + 2
        bx0, by0, bx1, by1 = max(x0, rx0), max(y0, ry0), min(x1, rx1), min(y1, ry1)
        if bx0 >= bx1 or by0 >= by1:
            return None, False
        return (bx0, by0, bx1, by1), (bx0, by0, bx1, by1) != (rx0, ry0, rx1, ry1) or self.mask is not None

    def _fill(self, polys, colour: str, union: bool = False, inset: bool = True) -> None:
        """Fill polygons (device pixels): even-odd across them (xor), or their union for stroke pieces.
        ``inset=False``: the polygons are already half a pixel thinner than the area they paint."""
        shrink = (lambda poly: _inset(poly, 0.5)) if inset else (lambda poly: poly)
        polys = [p for p in polys if len(p) > 2]
        box, clipped = self._local(polys)
        if box is None:
            return
        if len(polys) == 1 and not union:
            rect = _as_rect(polys[0])
            if rect is not None:
                self._fill_rect(rect, colour)
                return
        if not clipped and (union or len(polys) == 1):  # opaque paint: a union is simply drawn polygon by polygon
            ink = _rgb(colour)
            for poly in polys:
                self.pen.polygon(shrink(poly), fill=ink)
            return
        bx0, by0, bx1, by1 = box
        mask = Image.new("L", (bx1 - bx0, by1 - by0), 0)
        draw = ImageDraw.Draw(mask)
        if union or len(polys) == 1:
            for poly in polys:
                draw.polygon([(x - bx0, y - by0) for x, y in shrink(poly)], fill=255)
        else:
            for poly in polys:
                ring = Image.new("L", mask.size, 0)
                ImageDraw.Draw(ring).polygon([(x - bx0, y - by0) for x, y in shrink(poly)], fill=255)
                mask = ImageChops.difference(mask, ring)
        self._paint(mask, (bx0, by0), colour)

    def _fill_rect(self, rect: tuple[float, float, float, float], colour: str) -> None:
        """An axis-aligned filled rectangle covers whole output pixels, as PDF viewers draw it (crisp
        edges, not grey ones). pdfium's rule: ceil(size) pixels, placed where they err least."""
        q = self.ss
        x0, y0, x1, y1 = (v / q for v in rect)
        X0, X1 = _match_range(x0, x1)
        Y0, Y1 = _match_range(y0, y1)
        X0, Y0, X1, Y1 = X0 * q, Y0 * q, X1 * q, Y1 * q
        if X1 <= X0 or Y1 <= Y0:
            return
        cx0, cy0, cx1, cy1 = self.box
        X0, Y0, X1, Y1 = max(X0, cx0), max(Y0, cy0), min(X1, cx1), min(Y1, cy1)
        if X1 <= X0 or Y1 <= Y0:
            return
        if self.mask is None:
            self.pen.rectangle((X0, Y0, X1 - 1, Y1 - 1), fill=_rgb(colour))
        else:
            self._paint(Image.new("L", (X1 - X0, Y1 - Y0), 255), (X0, Y0), colour)

    def _stroke(self, subs, colour: str, width: float, dash, m: scene.Affine) -> None:
        s = _scale(m)
        # half the width, less the half pixel Pillow adds around a polygon (so no inset is needed);
        # a hairline still covers a device pixel
        hw = max(width * s - 1.0, 0.0) / 2
        pattern = [max(0.0, v) * s for v in dash] if dash else None
        polys = []
        for pts, closed in subs:
            if pattern:
                for piece in _dash(pts, closed, pattern):
                    polys += _stroke_polys(piece, False, hw)
            else:
                polys += _stroke_polys(pts, closed, hw)
        if polys:
            self._fill(polys, colour, union=True, inset=False)

    # -- shapes
    def _rect(self, r: scene.Rect, m: scene.Affine) -> None:
        s = _scale(m)
        if r.fill is not None:
            self._fill([_tx(m, _rrect_pts(r.x, r.y, r.w, r.h, r.radius, s))], r.fill)
        if r.stroke is None:
            return
        pts = _tx(m, _rrect_pts(r.x, r.y, r.w, r.h, r.radius, s))
        self._stroke([(pts, True)], r.stroke, r.width, r.dash, m)

    def _circle(self, c: scene.Circle, m: scene.Affine) -> None:
        s = _scale(m)
        if c.fill is not None and c.r > 0:
            self._fill([_tx(m, _circle_pts(c.cx, c.cy, c.r, c.r * s))], c.fill)
        if c.stroke is None:
            return
        self._stroke([(_tx(m, _circle_pts(c.cx, c.cy, c.r, c.r * s)), True)], c.stroke, c.width, None, m)

    def _text(self, t: scene.Text, m: scene.Affine) -> None:
        if not t.text.strip():
            return
        x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
        s = _scale(m)
        size_px = t.size * PT_MM * s
        if size_px < 0.5:
            return
        font = _pil_font(t.font, round(size_px, 3))
        info = get_font(t.font)
        em = t.size * PT_MM / 1000.0  # mm per 1/1000 em
        glyphs = []  # (char, advance offset in mm)
        pos = 0.0
        for ch in t.text:
            if not ch.isspace():
                glyphs.append((ch, pos))
            pos += info.widths.get(ord(ch), info.default_width) * em
        a, b, c, d, e, f = m
        upright = abs(b) < EPS and abs(c) < EPS and a > 0 and d < 0 and abs(a + d) < EPS * max(1.0, a)
        ascent, descent = font.getmetrics()
        pad = math.ceil(size_px * 0.5) + 2
        if upright:
            X, Y = a * x + e, d * t.y + f
            bx0, by0 = math.floor(X) - pad, math.floor(Y - ascent) - pad
            bx1, by1 = math.ceil(X + pos * s) + pad, math.ceil(Y + descent) + pad
            mask = Image.new("L", (bx1 - bx0, by1 - by0), 0)
            draw = ImageDraw.Draw(mask)
            baseline = round(Y - by0)  # Pillow would drop the fraction of a vertical position
            for ch, off in glyphs:
                draw.text((X + off * s - bx0, baseline), ch, font=font, fill=255, anchor="ls")
            self._paint(mask, (bx0, by0), t.colour)
            return
        # rotated or mirrored: draw upright at the same scale, then map into place
        ou, ov = pad, pad + ascent
        up = Image.new("L", (math.ceil(pos * s) + 2 * pad, ascent + descent + 2 * pad), 0)
        draw = ImageDraw.Draw(up)
        for ch, off in glyphs:
            draw.text((ou + off * s, ov), ch, font=font, fill=255, anchor="ls")
        P = (a * x + c * t.y + e, b * x + d * t.y + f)
        # temp pixel (u, v) is the text offset ((u − ou) / s, −(v − ov) / s) mm, which lands at P + L · offset
        lin = (a / s, -c / s, b / s, -d / s)
        self._map_linear(up, lin, (P[0] - lin[0] * ou - lin[1] * ov, P[1] - lin[2] * ou - lin[3] * ov), t.colour)

    def _image(self, im: scene.Image, m: scene.Affine) -> None:
        src = _load_image(im.path)
        W, H = src.size
        # image pixel (u, v) -> local mm (x + u / W · w, y + h − v / H · h) -> device
        corner = scene.apply(m, im.x, im.y + im.h)
        a, b, c, d, e, f = m
        su, sv = im.w / W, im.h / H
        # device = corner + u · su · (a, b) − v · sv · (c, d)
        lin = (a * su, -c * sv, b * su, -d * sv)
        if abs(lin[1]) < EPS and abs(lin[2]) < EPS:  # upright (or mirrored): fill whole output pixels, as pdfium does
            q = self.ss
            x0, x1 = sorted((corner[0], corner[0] + lin[0] * W))
            y0, y1 = sorted((corner[1], corner[1] + lin[3] * H))
            X0, X1 = math.floor(x0 / q + 1e-6) * q, math.ceil(x1 / q - 1e-6) * q
            Y0, Y1 = math.floor(y0 / q + 1e-6) * q, math.ceil(y1 / q - 1e-6) * q
            p, t = (X1 - X0) / W * (1 if lin[0] > 0 else -1), (Y1 - Y0) / H * (1 if lin[3] > 0 else -1)
            corner = (X0 if p > 0 else X1, Y0 if t > 0 else Y1)
            lin = (p, 0.0, 0.0, t)
        self._map_linear(src, lin, corner)

    def _map_linear(self, src: Image.Image, lin, offset, colour: str | None = None) -> None:
        """Draw ``src`` mapped by device = offset + lin · (u, v); an L image is a mask for ``colour``,
        an RGBA image is drawn with its alpha."""
        p, q, r, t = lin  # device x = p u + q v + ox ; device y = r u + t v + oy
        ox, oy = offset
        W, H = src.size
        corners = [(ox + p * u + q * v, oy + r * u + t * v) for u, v in ((0, 0), (W, 0), (W, H), (0, H))]
        box, _ = self._local([corners])
        if box is None:
            return
        bx0, by0, bx1, by1 = box
        det = p * t - q * r
        if abs(det) < 1e-12:
            return
        exact = all(abs(v) < EPS or abs(abs(v) - 1) < EPS for v in lin)  # a right-angle turn or a mirror
        if exact:  # whole-pixel offset: pixel centres map onto pixel centres, nothing is resampled
            ox, oy = round(ox), round(oy)
        ip, iq, ir, it = t / det, -q / det, -r / det, p / det
        # output (X, Y) in the local box -> device (bx0 + X, by0 + Y) -> source
        cx, cy = bx0 - ox, by0 - oy
        data = (ip, iq, ip * cx + iq * cy, ir, it, ir * cx + it * cy)
        size = (bx1 - bx0, by1 - by0)
        resample = Image.Resampling.NEAREST if exact else Image.Resampling.BICUBIC
        if src.mode == "L":
            mask = src.transform(size, Image.Transform.AFFINE, data, resample=resample)
            self._paint(mask, (bx0, by0), colour)
            return
        # an image's pixels are sampled as they are (PDF viewers do not smooth a magnified image unless
        # it asks for /Interpolate); the supersampling averages them when the image is reduced
        out = src.transform(size, Image.Transform.AFFINE, data, resample=Image.Resampling.NEAREST)
        alpha = out.getchannel("A")
        x0, y0, x1, y1 = self.box
        cx0, cy0, cx1, cy1 = max(bx0, x0), max(by0, y0), min(bx1, x1), min(by1, y1)
        if cx0 >= cx1 or cy0 >= cy1:
            return
        crop = (cx0 - bx0, cy0 - by0, cx1 - bx0, cy1 - by0)
        alpha = alpha.crop(crop)
        if self.mask is not None:
            alpha = ImageChops.multiply(alpha, self.mask.crop((cx0, cy0, cx1, cy1)))
        self.img.paste(out.convert("RGB").crop(crop), (cx0, cy0, cx1, cy1), alpha)
