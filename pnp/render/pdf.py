"""The reportlab backend: draws scene pages into a PDF.

The only module that knows reportlab. reportlab keeps the document: objects, pages,
TrueType subsets (embedded, never rasterised), forms, images, compression. The page
content itself is written here as PDF operators, in millimetres (one scale per page),
straight from the scene: going through the canvas's per-call state keeping cost three
times as much, and the scene already holds every position and colour the operators need.
Groups with a ``key`` become form XObjects drawn once and reused. ``invariant=1``
makes identical input give identical bytes.
"""
from __future__ import annotations

import hashlib
import io
import re

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .. import scene
from ..fonts import get_font
from ..scene import Page

MM = 72.0 / 25.4
BASE_FONT = "NotoSans-Regular"


def ready_fonts(theme) -> None:
    """Parse, for embedding, the fonts a kit's pages draw with: the base font and the theme's (done once
    before forking workers, which would each do it again). A font that cannot be parsed fails where it is
    drawn, with its own message."""
    for name in dict.fromkeys((BASE_FONT, theme.title, theme.heading, theme.body, theme.italic)):
        try:
            get_font(name).ttfont
        except Exception:
            pass


def _register(name: str) -> None:
    """Make the font reportlab draws ``name`` with the one pnp measures: registered once, and again when the
    game's font file was saved anew (a long-running pnp serve or watch reads it again)."""
    ttfont = get_font(name).ttfont
    if name not in pdfmetrics.getRegisteredFontNames() or pdfmetrics.getFont(name) is not ttfont:
        pdfmetrics.registerFont(ttfont)


def _box(b):
    x, y, w, h = b
    return (round(x * MM, 4), round(y * MM, 4), round((x + w) * MM, 4), round((y + h) * MM, 4))


def _rgb(c: str):
    return (int(c[1:3], 16) / 255.0, int(c[3:5], 16) / 255.0, int(c[5:7], 16) / 255.0)


_COLOURS: dict[tuple[str, str, bool], str] = {}
#: operators made of numbers alone (a group's "cm" and clip, a run's "Tm" and "Tf"), formatted once per value: a
#: deck's cards repeat the same few positions, clips and sizes on every sheet
_NUMBERS: dict[tuple, str] = {}


def _numbers(op: str, *values) -> str:
    """``fp_str(*values) op``, formatted once per (op, values)."""
    key = (op, *values)
    out = _NUMBERS.get(key)
    if out is None:
        if len(_NUMBERS) > 100_000:  # a long-running serve: start again rather than grow
            _NUMBERS.clear()
        out = _NUMBERS[key] = f"{fp_str(*values)} {op}"
    return out


def _colour_op(c: str, op: str, solid: bool = False) -> str:
    """``r g b rg`` (fill) or ``r g b RG`` (stroke) for "#rrggbb", formatted once per colour; with the
    operators ``k`` / ``K``, the colour in process inks (``cmyk``: ``solid`` for text and rules)."""
    key = (c, op, solid)
    out = _COLOURS.get(key)
    if out is None:
        out = _COLOURS[key] = f"{fp_str(*(cmyk(c, solid) if op in 'kK' else _rgb(c)))} {op}"
    return out


#: a colour whose channels differ by at most this is grey: printed in black ink alone
NEUTRAL = 0.04
#: a grey at least this dark, in text or a rule, prints as solid black (0/0/0/100): four inks never register on
#: a hairline or a letter's stem
SOLID = 0.8


def cmyk(c: str, solid: bool = False) -> tuple[float, float, float, float]:
    """"#rrggbb" in process inks: greys in black alone (``solid``: text and rules, a dark grey is solid black),
    other colours with all their grey in black (full grey component replacement: one of C, M, Y is always 0, so
    the total ink stays under 300 %)."""
    r, g, b = _rgb(c)
    if max(r, g, b) - min(r, g, b) <= NEUTRAL:
        k = 1.0 - (r + g + b) / 3.0
        return (0.0, 0.0, 0.0, 1.0 if solid and k >= SOLID else round(k, 4))
    k = 1.0 - max(r, g, b)
    return tuple(round((1.0 - v - k) / (1.0 - k), 4) for v in (r, g, b)) + (round(k, 4),)  # type: ignore[return-value]


K = 0.4472  # reportlab's factor for a quarter circle of radius r as a Bézier: handles at r·(1-K)
C = 0.5523  # the usual circle constant (handle length / radius)

#: shapes whose operators depend on nothing but themselves and the graphics state (no text, form or picture)
_LEAVES = frozenset((scene.Rect, scene.Line, scene.Circle, scene.Path))

#: (stroke?, fill?) -> painting operator
_PAINT = {(False, True): "f", (True, False): "S", (True, True): "B", (False, False): "n"}


#: a font subset's name in a PDF: six capitals, "+", the font's name (reportlab numbers every font's subsets
#: from AAAAAA, so two fonts of one document share a tag, which preflight tools flag)
_SUBSET = re.compile(rb"(/(?:BaseFont|FontName) */)([A-Z]{6})\+([^\s/<>\[\]()]+)")


def unique_subset_tags(pdf: bytes) -> bytes:
    """Every font subset tagged by its own six capitals: a digest of the font's name and reportlab's tag, so the
    same subset keeps its tag in every build. The tag keeps its length: the file's byte offsets stay true."""
    def retag(m: re.Match) -> bytes:
        digest = hashlib.sha256(m.group(3) + b"+" + m.group(2)).digest()
        return m.group(1) + bytes(65 + b % 26 for b in digest[:6]) + b"+" + m.group(3)

    return _SUBSET.sub(retag, pdf)


class PdfWriter:
    """Write pages one at a time (nothing is kept after a page is drawn but shared forms)."""

    def __init__(self, title: str, subject: str = "", colour: str = "rgb"):
        """``colour``: "rgb" (screens, home printers) or "cmyk" (process inks for a press: every colour in
        DeviceCMYK, text and rules in solid black)."""
        self.fill_op, self.stroke_op = ("k", "K") if colour == "cmyk" else ("rg", "RG")
        self.colour = colour
        self.buffer = io.BytesIO()
        _register(BASE_FONT)  # so the page preamble names an embedded font, not Helvetica
        self.c = Canvas(self.buffer, invariant=1, pageCompression=1, initialFontName=BASE_FONT)
        self.c.setTitle(title)
        self.c.setSubject(subject)
        self.c.setCreator("pnp")
        self.c.setAuthor("pnp")
        self.forms: dict[str, str] = {}  # group key -> name of its form, once defined
        self.uses: dict[str, str] = {}  # name of a form -> the operator that draws it
        self.pages = 0
        self.ops: list[str] = []  # operators not yet handed to the canvas
        self.encoded: dict[tuple[str, str], list[tuple[str, str]]] = {}  # (font, text) -> (subset, Tj) pieces
        #: the operators of groups of lines and shapes (a sheet's ticks, which impose shares between sheets), by
        #: the group and the graphics state they were drawn from: a group drawn again is not worked out again
        #: (the group is kept with them, so its id stays its own)
        self.drawn: dict[tuple, tuple[scene.Group, list[str]]] = {}
        # graphics state as written so far: fill, stroke, line width, dash; saved and restored with q/Q
        self.state: list = [None, None, None, None]
        self.saved: list[list] = []

    def add(self, page: Page) -> None:
        c = self.c
        c.setPageSize((page.width * MM, page.height * MM))
        c.setTrimBox(_box(page.trim) if page.trim else None)
        c.setBleedBox(_box(page.bleed) if page.bleed else None)
        self._push()
        self.ops.append(f"{fp_str(MM)} 0 0 {fp_str(MM)} 0 0 cm")
        self._draw(page.content)
        self._pop()
        self._flush()
        c.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.c.save()
        return unique_subset_tags(self.buffer.getvalue())

    # ------------------------------------------------------------------ state
    def _flush(self) -> None:
        if self.ops:
            self.c.addLiteral("\n".join(self.ops))
            self.ops = []

    def _push(self) -> None:
        self.ops.append("q")
        self.saved.append(self.state[:])

    def _pop(self) -> None:
        self.ops.append("Q")
        self.state = self.saved.pop()

    def _paint(self, fill, stroke, width, dash) -> str:
        """Set what changed of fill, stroke, width and dash; the operator that paints with them."""
        st, ops = self.state, self.ops
        if fill is not None and st[0] != fill:
            ops.append(_colour_op(fill, self.fill_op))
            st[0] = fill
        if stroke is not None:
            if st[1] != stroke:
                ops.append(_colour_op(stroke, self.stroke_op, solid=True))  # a rule: solid black if dark grey
                st[1] = stroke
            if st[2] != width:
                ops.append(f"{fp_str(width)} w")
                st[2] = width
            dash = tuple(dash) if dash else ()
            if st[3] != dash:
                ops.append(f"[{fp_str(*dash) if dash else ''}] 0 d")
                st[3] = dash
        return _PAINT[stroke is not None, fill is not None]

    # ------------------------------------------------------------------ drawing
    def _draw(self, shape) -> None:
        kind = type(shape)
        if kind is scene.Group:
            self._draw_group(shape)
        elif kind is scene.Text:
            self._texts([shape])
        else:
            self._leaf(shape)

    def _draw_group(self, shape: scene.Group) -> None:
        if shape.key is not None and shape.bounds is not None:
            self._use_form(shape)
            return
        if not all(type(child) in _LEAVES for child in shape.children):  # texts, forms, groups: drawn each time
            self._group(shape)
            return
        ops = self.ops
        key = (id(shape), *self.state)
        drawn = self.drawn.get(key)
        if drawn is not None and drawn[0] is shape:  # drawn before, from the same state: the same operators
            ops.extend(drawn[1])
            return
        start = len(ops)
        self._group(shape)
        self.drawn[key] = (shape, ops[start:])

    def _leaf(self, shape) -> None:
        ops = self.ops
        if isinstance(shape, scene.Text):
            self._texts([shape])
        elif isinstance(shape, scene.Group):
            self._draw_group(shape)
        elif isinstance(shape, scene.Rect):
            paint = self._paint(shape.fill, shape.stroke, shape.width, shape.dash)
            if shape.radius:
                ops.append(_round_rect(shape.x, shape.y, shape.w, shape.h, shape.radius) + " " + paint)
            else:
                ops.append(f"{fp_str(shape.x, shape.y, shape.w, shape.h)} re {paint}")
        elif isinstance(shape, scene.Line):
            paint = self._paint(None, shape.stroke, shape.width, shape.dash)
            ops.append(f"{fp_str(shape.x1, shape.y1)} m {fp_str(shape.x2, shape.y2)} l {paint}")
        elif isinstance(shape, scene.Circle):
            paint = self._paint(shape.fill, shape.stroke, shape.width, None)
            ops.append(_circle(shape.cx, shape.cy, shape.r) + " " + paint)
        elif isinstance(shape, scene.Path):
            paint = self._paint(shape.fill, shape.stroke, shape.width, shape.dash)
            ops.append(_path(shape.ops) + " " + paint)
        elif isinstance(shape, scene.Image):
            self._flush()
            self.c.drawImage(_image(shape.path, self.colour), shape.x, shape.y, shape.w, shape.h, mask="auto")
        else:  # pragma: no cover - a programming error
            raise TypeError(f"cannot draw {shape!r}")

    def _group(self, g: scene.Group) -> None:
        ops = self.ops
        ops.append("q")  # _push, written out: a deck draws tens of thousands of groups
        self.saved.append(self.state[:])
        if g.transform != scene.IDENTITY:
            ops.append(_numbers("cm", *g.transform))
        if g.clip is not None:
            ops.append(_numbers("re W n", *g.clip))
        texts: list[scene.Text] = []
        Text, Group = scene.Text, scene.Group
        for child in g.children:
            kind = type(child)
            if kind is Text:  # neighbouring runs share one text object
                texts.append(child)
                continue
            if texts:
                self._texts(texts)
                texts = []
            if kind is Group:
                self._draw_group(child)
            else:
                self._leaf(child)
        if texts:
            self._texts(texts)
        self.ops.append("Q")  # _pop (a form defined within flushed the list ``ops`` named)
        self.state = self.saved.pop()

    def _texts(self, runs: list[scene.Text]) -> None:
        """One BT … ET for neighbouring runs: font, colour and position set only where they change."""
        ops = self.ops
        ops.append("BT")
        current = None
        rgb, state, encoded = self.colour == "rgb", self.state, self.encoded
        for s in runs:
            fill = s.colour if rgb else ("text", s.colour)  # text is set apart in process inks
            if fill != state[0]:
                ops.append(_colour_op(s.colour, self.fill_op, solid=True))
                state[0] = fill
            anchor = s.anchor
            x = s.x - (s.width / 2 if anchor == "middle" else s.width if anchor == "end" else 0.0)
            ops.append(_numbers("Tm", 1, 0, 0, 1, x, s.y))
            chunks = encoded.get((s.font, s.text))
            if chunks is None:  # the same line recurs on many cards: encoded once per document
                chunks = self._encode(s)
            size = s.size
            for name, shown in chunks:
                if (name, size) != current:
                    ops.append(f"{name} {_numbers('Tf', size / MM)}")
                    current = (name, size)
                ops.append(shown)
        ops.append("ET")

    def _encode(self, s: scene.Text) -> list[tuple[str, str]]:
        """A run's text in the document's font subsets: (subset's name, its Tj operator) pieces, kept by font and
        text."""
        font = _font(s.font)
        doc = self.c._doc  # the document whose font subsets the text is encoded in (reportlab's documented way)
        chunks = self.encoded[(s.font, s.text)] = [(font.getSubsetInternalName(subset, doc),
                                                    f"({escapePDF(chunk)}) Tj")
                                                   for subset, chunk in font.splitString(s.text, doc)]
        return chunks

    def _use_form(self, g: scene.Group) -> None:
        """Draw a keyed group as a form XObject in mm, defined the first time its key is met."""
        name = self.forms.get(g.key)
        c = self.c
        if name is None:
            name = "F" + "".join(ch if ch.isalnum() else "_" for ch in g.key)
            if name in self.forms.values():  # two keys that differ only in punctuation
                name += f"_{len(self.forms)}"
            self._flush()
            x, y, w, h = g.bounds
            c.beginForm(name, x, y, x + w, y + h)
            outer, self.state, self.saved = (self.state, self.saved), [None, None, None, None], []
            self._group(scene.Group(g.children, clip=g.clip))
            self._flush()
            self.state, self.saved = outer
            c.endForm()
            self.forms[g.key] = name
            self.uses[name] = f"/{c._doc.getXObjectName(name)} Do"
        # the canvas's doForm, written among the page's own operators (no hand-over to the canvas each time): the
        # operator, and the form named among those the page (or the form being defined) uses
        if g.transform != scene.IDENTITY:
            self._push()
            self.ops.append(_numbers("cm", *g.transform))
            self.ops.append(self.uses[name])
            self._pop()
        else:
            self.ops.append(self.uses[name])
        if name not in c._formsinuse:  # reportlab lists the page's forms for its resources: each once is the same
            c._formsinuse.append(name)


_FONTS: dict = {}


def _image(path, colour: str):
    """A picture for the page: as it is, or in process inks (on white where it is transparent)."""
    if colour != "cmyk":
        return ImageReader(path)
    from PIL import Image

    with Image.open(path) as img:
        img.load()
        if img.mode in ("RGBA", "LA", "P"):
            img = img.convert("RGBA")
            ground = Image.new("RGBA", img.size, "white")
            ground.alpha_composite(img)
            img = ground
        return ImageReader(img.convert("CMYK"))


def _font(name: str):
    """The registered reportlab font for a pnp font name (registered on first use)."""
    font = _FONTS.get(name)
    if font is None:
        _register(name)
        font = _FONTS[name] = pdfmetrics.getFont(name)
    return font


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
    t = K * r
    return (f"{fp_str(x0 + r, y0)} m {fp_str(x1 - r, y0)} l {fp_str(x1 - t, y0, x1, y0 + t, x1, y0 + r)} c "
            f"{fp_str(x1, y1 - r)} l {fp_str(x1, y1 - t, x1 - t, y1, x1 - r, y1)} c "
            f"{fp_str(x0 + r, y1)} l {fp_str(x0 + t, y1, x0, y1 - t, x0, y1 - r)} c "
            f"{fp_str(x0, y0 + r)} l {fp_str(x0, y0 + t, x0 + t, y0, x0 + r, y0)} c h")


def _circle(cx: float, cy: float, r: float) -> str:
    k = C * r
    return (f"{fp_str(cx + r, cy)} m {fp_str(cx + r, cy + k, cx + k, cy + r, cx, cy + r)} c "
            f"{fp_str(cx - k, cy + r, cx - r, cy + k, cx - r, cy)} c "
            f"{fp_str(cx - r, cy - k, cx - k, cy - r, cx, cy - r)} c "
            f"{fp_str(cx + k, cy - r, cx + r, cy - k, cx + r, cy)} c h")


def _path(ops) -> str:
    out = []
    for op in ops:
        kind = op[0]
        if kind == "M":
            out.append(f"{fp_str(op[1], op[2])} m")
        elif kind == "L":
            out.append(f"{fp_str(op[1], op[2])} l")
        elif kind == "C":
            out.append(f"{fp_str(*op[1:])} c")
        elif kind == "Z":
            out.append("h")
    return " ".join(out)
