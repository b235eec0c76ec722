"""Pictures of drawings as the print shows them: each drawing is written as a PDF page by
``render/pdf.py`` (the same writer the build uses) and rasterised by PDFium (pypdfium2), the
renderer of Chrome's PDF viewer. A preview is thus the print's own pixels: same fonts, same
glyph positions, same clipping; no second renderer can drift from the PDF.

It is also the fast way: PDFium draws the 121 drawings of Etymonopoly at 150 dpi in about
0.35 s where a Pillow backend pnp had (drawing text glyph by glyph) took 3.9 s. Previews and the
exports (Tabletop Simulator, print shop) all draw their pictures here.

``render_many([(group, w, h, origin), ...], dpi)`` draws several regions from one PDF (fonts
embedded and parsed once). PDFium is not thread-safe: every call holds one lock.

It is pnp's one PNG writer too: ``png_bytes(img, dpi, level, srgb)`` for a Pillow image and
``.png(dpi, level)`` of the bitmaps PDFium draws into write the same chunks (IHDR, sRGB when
asked, pHYs for a dpi, one IDAT of unfiltered rows, IEND), never a time stamp or text: the same
pixels give the same bytes. Previews and pnp serve write at level 1, the exports at theirs.
"""
from __future__ import annotations

import struct
import threading
import zlib
from typing import TYPE_CHECKING

from .. import scene

if TYPE_CHECKING:
    from PIL import Image

_LOCK = threading.Lock()

Region = tuple[scene.Group, float, float, tuple[float, float]]  # drawing, width mm, height mm, origin (x0, y0)


def size_px(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a region: round(mm · dpi / 25.4) on each axis (at least 1)."""
    return max(1, round(width_mm * dpi / 25.4)), max(1, round(height_mm * dpi / 25.4))


def _page(region: Region, dpi: float) -> scene.Page:
    """The region [x0, x0 + w] × [y0, y0 + h] of a drawing on a page of its own, top left at the page's.

    PDFium maps a page onto ceil(size) pixels: the page is made a hair under a whole number of them,
    so the picture is exactly ``size_px`` and one pixel is 25.4 / dpi mm."""
    group, w, h, (x0, y0) = region
    W, H = size_px(w, h, dpi)
    pw, ph = (W - 0.01) * 25.4 / dpi, (H - 0.01) * 25.4 / dpi
    return scene.Page(pw, ph, scene.Group([group], transform=scene.translate(-x0, ph - h - y0)))


def pdf_bytes(regions: list[Region], dpi: float) -> bytes:
    from .pdf import PdfWriter

    writer = PdfWriter("pnp preview")
    for region in regions:
        writer.add(_page(region, dpi))
    return writer.finish()


class Pixels:
    """An RGB picture kept as the scanlines of a PNG: each row of RGB bytes after its filter byte (0: none).

    PDFium draws straight into that layout (a bitmap whose rows start one byte into a buffer,
    ``3 · width + 1`` bytes apart), so a picture is deflated as it is, with no copy or conversion. Boxes
    are filled and pictures pasted row by row, and Pillow draws text on a crop of the rows it covers (what
    Pillow keeps is four bytes a pixel, and must be packed again): see ``Canvas``."""

    __slots__ = ("size", "rows")

    def __init__(self, size: tuple[int, int], rows: bytearray):
        self.size = size
        self.rows = rows  # height · (3 · width + 1) bytes, and one spare at the end

    @classmethod
    def blank(cls, size: tuple[int, int], colour: tuple[int, int, int]) -> Pixels:
        w, h = size
        rows = bytearray(b"\x00" + bytes(colour) * w) * h
        rows.append(0)
        return cls(size, rows)

    @classmethod
    def of(cls, img: Image.Image) -> Pixels:
        """A Pillow image's pixels (Pillow packs its rows ``3 · width + 1`` apart, each with a zero after it:
        one more zero in front makes them scanlines)."""
        if img.mode != "RGB":
            img = img.convert("RGB")
        w, h = img.size
        return cls((w, h), bytearray(b"\x00" + img.tobytes("raw", "RGB", 3 * w + 1)))

    def png(self, dpi: float | None = None, level: int = 1) -> bytes:
        w, h = self.size
        return _png(w, h, (memoryview(self.rows)[:h * (3 * w + 1)],), dpi, level)

    def image(self) -> Image.Image:
        """The picture as a Pillow image (a copy: to draw on or to paste)."""
        from PIL import Image

        w, h = self.size
        return Image.frombuffer("RGB", (w, h), memoryview(self.rows)[1:], "raw", "RGB", 3 * w + 1, 1)

    def _clip(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        w, h = self.size
        return max(0, x0), max(0, y0), min(w, x1), min(h, y1)

    def fill(self, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> None:
        """Paint the pixels x0 ≤ x < x1, y0 ≤ y < y1 (clipped to the picture)."""
        x0, y0, x1, y1 = self._clip(box)
        if x0 >= x1 or y0 >= y1:
            return
        stride = 3 * self.size[0] + 1
        first, end, n = y0 * stride + 1 + 3 * x0, y1 * stride, 3 * (x1 - x0)
        rows = self.rows
        if y1 - y0 <= n:  # a band: row by row
            run = bytes(colour) * (x1 - x0)
            for at in range(first, end, stride):
                rows[at:at + n] = run
        else:  # a tall strip (a frame's side): byte column by byte column
            for k in range(n):
                rows[first + k:end:stride] = bytes((colour[k % 3],)) * (y1 - y0)

    def paste(self, src: Pixels, x: int, y: int) -> None:
        """Copy ``src`` with its top left corner at (x, y) (clipped to the picture)."""
        sw, sh = src.size
        x0, y0, x1, y1 = self._clip((x, y, x + sw, y + sh))
        if x0 >= x1 or y0 >= y1:
            return
        stride, sstride = 3 * self.size[0] + 1, 3 * sw + 1
        n = 3 * (x1 - x0)
        rows = self.rows
        with memoryview(src.rows) as srows:
            at = y0 * stride + 1 + 3 * x0
            for sat in range((y0 - y) * sstride + 1 + 3 * (x0 - x), (y1 - y) * sstride, sstride):
                rows[at:at + n] = srows[sat:sat + n]
                at += stride

    def draw(self, box: tuple[int, int, int, int], paint) -> None:
        """Let ``paint(draw, x0, y0)`` draw with Pillow's ``ImageDraw`` on the pixels of ``box`` (its
        coordinates shifted by the box's top left corner x0, y0); the pixels drawn come back."""
        from PIL import Image, ImageDraw

        x0, y0, x1, y1 = self._clip(box)
        if x0 >= x1 or y0 >= y1:
            return
        stride = 3 * self.size[0] + 1
        with memoryview(self.rows) as view:
            crop = Image.frombytes("RGB", (x1 - x0, y1 - y0),
                                   b"".join(view[y * stride + 1 + 3 * x0:y * stride + 1 + 3 * x1] for y in range(y0, y1)))
        paint(ImageDraw.Draw(crop), x0, y0)
        self.paste(Pixels.of(crop), x0, y0)


class Canvas:
    """A large picture (a contact sheet) told as what is drawn on it, in order: boxes filled, pictures pasted,
    Pillow drawing on a region. It is made and deflated band by band, about a MB of rows at a time: the whole
    picture never exists at once (tens of MB that would be allocated, filled and read back cold). Each band
    plays every step that reaches it, clipped to it; a step drawn in two bands gives the pixels it would give
    drawn once."""

    BAND = 1_000_000  # bytes of scanlines drawn and deflated at a time (sheets of Etymonopoly: 0.63 s whole, 0.47 s)

    def __init__(self, size: tuple[int, int], colour: tuple[int, int, int]):
        self.size = size
        self.colour = colour
        self.steps: list[tuple] = []  # (top, bottom, what, arguments): the rows a step reaches

    def fill(self, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> None:
        self.steps.append((box[1], box[3], "fill", box, colour))

    def paste(self, src: Pixels, x: int, y: int) -> None:
        self.steps.append((y, y + src.size[1], "paste", src, x, y))

    def draw(self, box: tuple[int, int, int, int], paint) -> None:
        """``paint(draw, x0, y0)`` as for ``Pixels.draw``, with the canvas's coordinates."""
        self.steps.append((box[1], box[3], "draw", box, paint))

    def png(self, dpi: float | None = None, level: int = 1) -> bytes:
        w, h = self.size
        stride = 3 * w + 1
        rows = max(1, min(h, self.BAND // stride))
        blank = Pixels.blank((w, rows), self.colour).rows
        return _png(w, h, (self._band(top, min(rows, h - top), blank) for top in range(0, h, rows)), dpi, level)

    def _band(self, top: int, n: int, blank: bytearray) -> memoryview:
        band = Pixels((self.size[0], n), bytearray(blank[:n * (3 * self.size[0] + 1) + 1]))
        for first, last, what, *args in self.steps:
            if last <= top or first >= top + n:
                continue
            if what == "fill":
                (x0, y0, x1, y1), colour = args
                band.fill((x0, y0 - top, x1, y1 - top), colour)
            elif what == "paste":
                src, x, y = args
                band.paste(src, x, y - top)
            else:
                (x0, y0, x1, y1), paint = args
                band.draw((x0, y0 - top, x1, y1 - top), lambda d, bx, by, paint=paint: paint(d, bx, by + top))
        return memoryview(band.rows)[:n * (3 * self.size[0] + 1)]


def _rows_bitmap(pdfium, keep: list):
    """A ``bitmap_maker`` for PDFium's ``render``: an RGB bitmap over a buffer laid out as PNG scanlines."""
    import ctypes

    def make(width, height, format, rev_byteorder):
        stride = 3 * width + 1
        rows = bytearray(stride * height + 1)
        view = (ctypes.c_ubyte * (stride * height)).from_buffer(rows, 1)
        keep.append((width, height, rows, view))
        return pdfium.PdfBitmap.new_native(width, height, format, rev_byteorder, buffer=view, stride=stride)

    return make


def render_many(regions: list[Region], dpi: float | list[float]) -> list[Pixels]:
    """Each region as ``size_px(w, h, dpi)`` pixels (``dpi`` may be one per region)."""
    if not regions:
        return []
    dpis = dpi if isinstance(dpi, list) else [dpi] * len(regions)
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pages = [_page(r, d) for r, d in zip(regions, dpis)]
    from .pdf import PdfWriter

    writer = PdfWriter("pnp preview")
    for p in pages:
        writer.add(p)
    data = writer.finish()
    out = []
    with _LOCK:
        doc = pdfium.PdfDocument(data)
        try:
            for i, d in enumerate(dpis):
                page = doc[i]
                made: list = []
                bitmap = page.render(scale=d / 72.0, may_draw_forms=False, draw_annots=False, rev_byteorder=True,
                                     force_bitmap_format=pdfium_c.FPDFBitmap_BGR, bitmap_maker=_rows_bitmap(pdfium, made))
                bitmap.close()
                page.close()
                (w, h, rows, view), = made
                del view, made
                rows[0:h * (3 * w + 1):3 * w + 1] = bytes(h)  # the filter bytes: PDFium draws only the pixels
                out.append(Pixels((w, h), rows))
        finally:
            doc.close()
    return out


def render(group: scene.Group, width_mm: float, height_mm: float, dpi: float,
           origin: tuple[float, float] = (0.0, 0.0)) -> Image.Image:
    """The region [x0, x0 + w] × [y0, y0 + h] (mm) of a drawing at ``dpi``: an RGB Pillow image of ``size_px``
    pixels, its top-left pixel the region's top-left corner."""
    return render_many([(group, width_mm, height_mm, origin)], dpi)[0].image()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(img: Image.Image, dpi: float | None = None, level: int = 1, srgb: bool = False) -> bytes:
    """An RGB image as PNG, fast: every row unfiltered, deflated at ``level``; with ``dpi`` its resolution,
    with ``srgb`` an sRGB chunk (saying the numbers are sRGB, what the drawings' "#rrggbb" colours mean).
    The bytes depend on the pixels and these arguments only (no time stamp, no text).

    Pillow's encoder tries five filters on every row; on drawings (flat colours, text) that costs
    twice the time for files ~12 % larger than plain rows at zlib level 1 (measured on the contact
    sheets and cards of Etymonopoly: 0.78 s against 1.6 s, 6.7 MB against 7.6 MB). zlib runs without
    Python's lock, so pictures can be encoded in threads.

    Pillow packs the rows ``3 · width + 1`` bytes apart, each with a zero byte after it: after one more
    zero byte in front, that is a PNG's scanlines (and a spare zero at the end), with no copy in Python."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    rows = img.tobytes("raw", "RGB", 3 * w + 1)
    return _png(w, h, (b"\x00", memoryview(rows)[:-1]), dpi, level, srgb)


def _png(w: int, h: int, rows, dpi: float | None, level: int, srgb: bool = False) -> bytes:
    """A PNG file of RGB scanlines (each row after its filter byte), given in pieces that follow each other."""
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    phys = b""
    if dpi:
        ppm = round(dpi / 0.0254)
        phys = _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))
    colours = _chunk(b"sRGB", b"\x00") if srgb else b""  # rendering intent: perceptual
    deflate = zlib.compressobj(level)
    body = b"".join([deflate.compress(piece) for piece in rows] + [deflate.flush()])
    return b"\x89PNG\r\n\x1a\n" + head + colours + phys + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
