"""The reportlab backend: draws scene pages into a PDF.

The only module that knows reportlab's canvas. Pages are drawn in millimetres
(the canvas is scaled once per page); fonts are embedded TrueType, subset by
reportlab; groups with a ``key`` become form XObjects drawn once and reused.
``invariant=1`` makes identical input give identical bytes.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .. import scene
from ..fonts import get_font

MM = 72.0 / 25.4
BASE_FONT = "NotoSans-Regular"


@dataclass
class Page:
    """One page: its size in mm, what is drawn, and optional print boxes (x, y, w, h in mm)."""

    width: float
    height: float
    content: scene.Group
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None


def _register(name: str) -> None:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(get_font(name).ttfont)


def _box(b):
    x, y, w, h = b
    return (round(x * MM, 4), round(y * MM, 4), round((x + w) * MM, 4), round((y + h) * MM, 4))


def _rgb(c: str):
    return (int(c[1:3], 16) / 255.0, int(c[3:5], 16) / 255.0, int(c[5:7], 16) / 255.0)


class PdfWriter:
    """Write pages one at a time (nothing is kept after a page is drawn but shared forms)."""

    def __init__(self, title: str, subject: str = ""):
        self.buffer = io.BytesIO()
        _register(BASE_FONT)  # so the page preamble names an embedded font, not Helvetica
        self.c = Canvas(self.buffer, invariant=1, pageCompression=1, initialFontName=BASE_FONT)
        self.c.setTitle(title)
        self.c.setSubject(subject)
        self.c.setCreator("pnp")
        self.c.setAuthor("pnp")
        self.forms: set[str] = set()
        self.pages = 0

    def add(self, page: Page) -> None:
        c = self.c
        c.setPageSize((page.width * MM, page.height * MM))
        c.setTrimBox(_box(page.trim) if page.trim else None)
        c.setBleedBox(_box(page.bleed) if page.bleed else None)
        c.saveState()
        c.scale(MM, MM)
        self._draw(page.content)
        c.restoreState()
        c.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.c.save()
        return self.buffer.getvalue()

    # ------------------------------------------------------------------ drawing
    def _draw(self, shape) -> None:
        c = self.c
        if isinstance(shape, scene.Group):
            if shape.key is not None and shape.bounds is not None:
                self._use_form(shape)
                return
            self._group(shape)
        elif isinstance(shape, scene.Rect):
            self._paint(shape.fill, shape.stroke, shape.width, shape.dash)
            if shape.radius:
                c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.radius,
                            stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
            else:
                c.rect(shape.x, shape.y, shape.w, shape.h,
                       stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
        elif isinstance(shape, scene.Line):
            self._paint(None, shape.stroke, shape.width, shape.dash)
            c.line(shape.x1, shape.y1, shape.x2, shape.y2)
        elif isinstance(shape, scene.Circle):
            self._paint(shape.fill, shape.stroke, shape.width, None)
            c.circle(shape.cx, shape.cy, shape.r,
                     stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
        elif isinstance(shape, scene.Path):
            self._paint(shape.fill, shape.stroke, shape.width, shape.dash)
            p = c.beginPath()
            for op in shape.ops:
                if op[0] == "M":
                    p.moveTo(op[1], op[2])
                elif op[0] == "L":
                    p.lineTo(op[1], op[2])
                elif op[0] == "C":
                    p.curveTo(*op[1:])
                elif op[0] == "Z":
                    p.close()
            c.drawPath(p, stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
        elif isinstance(shape, scene.Text):
            _register(shape.font)
            c.setFillColorRGB(*_rgb(shape.colour))
            c.setFont(shape.font, shape.size / MM)
            x = shape.x
            if shape.anchor == "middle":
                x -= shape.width / 2
            elif shape.anchor == "end":
                x -= shape.width
            c.drawString(x, shape.y, shape.text)
        elif isinstance(shape, scene.Image):
            c.drawImage(ImageReader(shape.path), shape.x, shape.y, shape.w, shape.h, mask="auto")
        else:  # pragma: no cover - a programming error
            raise TypeError(f"cannot draw {shape!r}")

    def _group(self, g: scene.Group) -> None:
        c = self.c
        c.saveState()
        if g.transform != scene.IDENTITY:
            c.transform(*g.transform)
        if g.clip is not None:
            x, y, w, h = g.clip
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
        texts: list[scene.Text] = []
        for child in g.children:
            if isinstance(child, scene.Text):  # neighbouring runs share one text object
                texts.append(child)
                continue
            if texts:
                self._texts(texts)
                texts = []
            self._draw(child)
        if texts:
            self._texts(texts)
        c.restoreState()

    def _texts(self, runs: list[scene.Text]) -> None:
        t = self.c.beginText()
        font = colour = None
        for s in runs:
            if (s.font, s.size) != font:
                _register(s.font)
                t.setFont(s.font, s.size / MM)
                font = (s.font, s.size)
            if s.colour != colour:
                t.setFillColorRGB(*_rgb(s.colour))
                colour = s.colour
            x = s.x - (s.width / 2 if s.anchor == "middle" else s.width if s.anchor == "end" else 0.0)
            t.setTextOrigin(x, s.y)
            t.textOut(s.text)
        self.c.drawText(t)

    def _use_form(self, g: scene.Group) -> None:
        c = self.c
        name = "F" + "".join(ch if ch.isalnum() else "_" for ch in g.key)
        if name not in self.forms:
            x, y, w, h = g.bounds
            c.beginForm(name, x * MM, y * MM, (x + w) * MM, (y + h) * MM)
            c.saveState()
            c.scale(MM, MM)
            inner = scene.Group(g.children, clip=g.clip)
            self._group(inner)
            c.restoreState()
            c.endForm()
            self.forms.add(name)
        c.saveState()
        if g.transform != scene.IDENTITY:
            c.transform(*g.transform)
        c.scale(1 / MM, 1 / MM)
        c.doForm(name)
        c.restoreState()

    def _paint(self, fill, stroke, width, dash) -> None:
        c = self.c
        if fill is not None:
            c.setFillColorRGB(*_rgb(fill))
        if stroke is not None:
            c.setStrokeColorRGB(*_rgb(stroke))
            c.setLineWidth(width)
            c.setDash(list(dash) if dash else [])
