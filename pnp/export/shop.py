"""``pnp export shop``: every printed piece once, front and back at trim + bleed, in one zip.

For a print service that prints cards, tokens or boards one design at a time: each distinct piece
(ten copies of a note are one piece, count 10) is a file per side at trim plus bleed, named
``<part>/<nnn>-<piece>-x<count>-<side>.<png|pdf>``; ``files.csv`` lists every file with its item,
side, count and size (trim, bleed, the file's size in mm and, for a PNG, in pixels).

Formats (``--format``):

* ``png``: raster at ``--dpi`` (default 300), sRGB: what online card and token printers take,
  one image per face.
* ``pdf``: one page per face, vector (text stays text), with TrimBox and BleedBox set: what a
  print shop that trims by the PDF's boxes wants (the pages ``pnp build --per-item`` makes).
* ``auto`` (the default): the board as a PDF (a 486 mm square at 300 dpi would be a 33-megapixel
  raster, and a large-format print wants the vector art), everything else PNG.

The rules booklet is always one vector PDF of its pages in reading order (``<part>/rules-booklet-N-pages.pdf``):
a shop imposes a booklet itself.

Colours are RGB (sRGB; the PNGs say so in an ``sRGB`` chunk, the PDFs use DeviceRGB): no CMYK
conversion is made. The zip's bytes depend on the content only (fixed time stamps and
permissions), and it is written whole or not at all (``output.write_all``).
"""
from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from .. import __version__
from ..impose import impose
from ..content import edition_name
from ..editions import Edition
from ..options import DEFAULT
from ..output import OutFile, check_target, write_all
from .. import parts as registry
from ..parts import OUTPUT_NAMES
from ..problems import Problems
from ..render import raster
from . import lay_out, pieces, png_bytes, safe

FORMATS = ("auto", "png", "pdf")
#: the zip's entries carry this time (the earliest a zip can say), so a rebuild gives the same bytes
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
COLUMNS = ("file", "item", "kind", "side", "count", "trim_width_mm", "trim_height_mm", "bleed_mm",
           "width_mm", "height_mm", "width_px", "height_px", "dpi", "format", "colour")


@dataclass(frozen=True)
class ShopOptions:
    dpi: int = 300
    format: str = "auto"  # auto | png | pdf
    bleed: float = DEFAULT.bleed
    parts: tuple[str, ...] = OUTPUT_NAMES
    edition: Edition = Edition()  # the language and players (--lang, --players)
    colour: str = "rgb"  # rgb | cmyk: the PDF pieces' colour (--colour)


@dataclass
class ShopResult:
    path: Path
    rows: list[dict] = field(default_factory=list)
    size: int = 0


def default_out(root: Path, lang: str | None = None) -> Path:
    return Path("output") / f"{edition_name(root, lang)}-shop.zip"


def export_shop(root: Path, out: Path | None, opts: ShopOptions, problems: Problems) -> ShopResult | None:
    """Lay the kit out and write ``out`` (default ``output/<game>-shop.zip``); None, and nothing written,
    when the content has errors. An ``out`` pnp must not write (``output.check_target``: a device, a file
    pnp did not write, a path in a game folder ...) is refused before anything is done (``OutputError``)."""
    out = Path(out) if out else default_out(root, opts.edition.lang)
    check_target(out, folder=False)
    laid = lay_out(Path(root), problems, opts.bleed, opts.edition)
    if laid is None:
        return None
    folder = f"{safe(laid.kit.id)}-shop"  # the zip's one top folder (from the game, so any zip name gives the same bytes)
    entries: list[list] = []  # [name, bytes]: a PNG's bytes filled in once its batch is drawn (_draw)
    rows: list[dict] = []
    todo: list[tuple] = []  # the PNG faces: (drawing, w, h, origin, the entries and rows that show it)
    pdf_opts = replace(DEFAULT, per_item=True, bleed=opts.bleed)
    b = opts.bleed
    for output in opts.parts:
        if registry.output(output).imposed == "booklet":  # the rules: one PDF of its pages, in reading order
            _booklet(laid, output, pdf_opts, entries, rows)
            continue
        for n, p in enumerate(pieces(output, laid.items.get(output, [])), 1):
            it = p.item
            fmt = opts.format if opts.format != "auto" else ("pdf" if output == "board" else "png")
            sides = [("front", it.front)] + ([("back", it.back)] if it.back is not None else [])
            pages = {}
            if fmt == "pdf":
                pages = {s.side: s.page for s in impose([it], pdf_opts, laid.kit.game.title, output, lang=laid.kit.language)}
            w, h = it.width + 2 * b, it.height + 2 * b
            faces: dict[int, list] = {}  # id(drawing) -> its face's users: a counter's back is its front, drawn once
            for side, drawing in sides:
                name = f"{output}/{n:03d}-{p.name}-x{p.count}-{side}.{fmt}"
                entry = [name, None]
                row = {"file": name, "item": it.id, "kind": it.kind, "side": side, "count": p.count,
                       "trim_width_mm": _mm(it.width), "trim_height_mm": _mm(it.height), "bleed_mm": _mm(b),
                       "width_mm": _mm(w), "height_mm": _mm(h), "width_px": "", "height_px": "",
                       "dpi": opts.dpi if fmt == "png" else "", "format": fmt,
                       "colour": "sRGB" if fmt == "png" else "DeviceRGB (sRGB values)"}
                if fmt == "png":
                    if id(drawing) not in faces:
                        faces[id(drawing)] = []
                        todo.append((drawing, w, h, (-b, -b), faces[id(drawing)]))
                    faces[id(drawing)].append((entry, row))
                else:
                    title = f"{laid.kit.game.title}: {p.name} ({side})"
                    entry[1] = _pdf(title, output, pages[side], opts.colour)
                entries.append(entry)
                rows.append(row)
    _draw(todo, opts.dpi)
    listing = _csv(rows)
    readme = _readme(laid.kit.game.title, opts, rows).encode("utf-8")
    data = _zip([(f"{folder}/README.txt", readme), (f"{folder}/files.csv", listing)]
                + [(f"{folder}/{name}", d) for name, d in entries])
    (path,) = write_all(out.parent, [OutFile(out.name, data, {})])
    return ShopResult(path, rows, len(data))


#: bytes of pixels (3 a pixel) drawn in one batch: a batch is one PDF (its fonts subset, embedded and parsed once,
#: where a PDF per face did that for every face) and its pixels are held until they are PNGs. 32 MB is ~12 cards
#: at 300 dpi (a 63 × 88 mm card with its bleed is 815 × 1110 px, 2.7 MB), a whole deck at 72 dpi; a 6000-card
#: deck is never held at once. A face larger than the budget is a batch of its own.
BATCH_BYTES = 32_000_000


def _draw(todo: list[tuple], dpi: int) -> None:
    """Draw the PNG faces ``todo`` ((drawing, w, h, origin, users)) in batches of at most BATCH_BYTES of pixels,
    each face from one PDF of its batch (the pixels a PDF of the face alone gives), and fill in its users'
    entries (the PNG's bytes) and rows (its size in pixels)."""
    start = 0
    while start < len(todo):
        end, held = start, 0
        while end < len(todo):
            wp, hp = raster.size_px(todo[end][1], todo[end][2], dpi)
            if end > start and held + 3 * wp * hp > BATCH_BYTES:
                break
            held += 3 * wp * hp
            end += 1
        batch = todo[start:end]
        drawn = raster.render_many([(drawing, w, h, origin) for drawing, w, h, origin, _ in batch], dpi)
        drawn.reverse()
        for *_, users in batch:
            img = drawn.pop().image()  # each face's pixels let go once copied: a 300 dpi board is 100 MB
            data = png_bytes(img, dpi)
            for entry, row in users:
                entry[1] = data
                row["width_px"], row["height_px"] = img.size
        start = end


def _booklet(laid, output: str, pdf_opts, entries: list, rows: list) -> None:
    """A booklet as a print shop imposes it itself: one vector PDF, its pages in reading order at trim plus
    bleed (TrimBox and BleedBox set)."""
    from ..build import pdf_bytes
    from ..saddle import impose_booklet

    items = laid.items.get(output, [])
    if not items:
        return
    data, _ = pdf_bytes(f"{laid.kit.game.title}: {output}", output,
                        [sheet.page for sheet in impose_booklet(items, pdf_opts)])
    it, b = items[0], pdf_opts.bleed
    name = f"{output}/{output}-booklet-{len(items)}-pages.pdf"
    entries.append([name, data])
    rows.append({"file": name, "item": output, "kind": "booklet", "side": "pages", "count": 1,
                 "trim_width_mm": _mm(it.width), "trim_height_mm": _mm(it.height), "bleed_mm": _mm(b),
                 "width_mm": _mm(it.width + 2 * b), "height_mm": _mm(it.height + 2 * b), "width_px": "",
                 "height_px": "", "dpi": "", "format": "pdf", "colour": "DeviceRGB (sRGB values)"})


def _mm(v: float) -> float | int:
    r = round(v, 3)
    return int(r) if r == int(r) else r


def _pdf(title: str, subject: str, page, colour: str = "rgb") -> bytes:
    from ..render.pdf import PdfWriter

    w = PdfWriter(title, subject, colour)
    w.add(page)
    return w.finish()


def _csv(rows: list[dict]) -> bytes:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip whose bytes depend on the entries only: fixed times, Unix permissions 644; images stored
    as they are (PNG and PDF are compressed already), text deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED if name.endswith((".csv", ".txt")) else zipfile.ZIP_STORED
            zf.writestr(info, data)
    return buf.getvalue()


def _readme(title: str, opts: ShopOptions, rows: list[dict]) -> str:
    fronts = [r for r in rows if r["side"] == "front"]
    copies = sum(r["count"] for r in fronts)
    return f"""{title}: print-shop files (pnp {__version__})

{len(fronts)} distinct pieces, {copies} printed in all, {len(rows)} files. files.csv lists each file: its item, its
side, how many copies to print (count), the trim size, the bleed and the file's size in mm and pixels.

Each file is one face at trim size plus {opts.bleed:g} mm bleed on every side: cut {opts.bleed:g} mm inside
its edges. Art and backgrounds run into the bleed (banknotes, made to be cut on shared lines at home,
keep a paper-coloured border inside their trim instead). A piece's back is the file named -back, to be printed
so that the piece turned over about its vertical axis reads upright; a piece without a -back file is
one-sided (the player tokens are fold-over standees: front and back are on the one face). The rules
booklet is one PDF of its pages in reading order (A5, each with its bleed), to be printed and bound as a
saddle-stitched booklet (its page count is a multiple of 4 once blank pages are added before the back cover).

PNG files are {opts.dpi} dpi, RGB in the sRGB colour space (each says so); PDF files are vector pages with
TrimBox and BleedBox, RGB (DeviceRGB, the same sRGB values). Nothing is converted to CMYK: a shop
that prints CMYK converts from sRGB.
"""


__all__ = ["ShopOptions", "ShopResult", "export_shop", "default_out", "FORMATS", "COLUMNS"]
