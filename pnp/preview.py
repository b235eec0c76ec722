"""``pnp preview``: a kit's items as PNGs and contact sheets, drawn through a warm ``Session``
(``session.py``: the pictures are the print's own pixels, with the problems drawn on top).

It writes each item's front and back at trim size (or with its bleed) and one contact sheet per
deck and part: a grid of the items with their ids under them, an item with problems outlined
and its codes under it.

A full preview is drawn in units, one per group (a deck, the titles, the notes ...: its items'
pictures and its contact sheets), by forked workers when the machine has cores for them (``-j``);
a unit draws the same bytes wherever it is drawn. Each unit's files land together
(``output.write_all``) as it is done; ``--item`` and ``pnp watch`` write the item pictures first.
"""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import forked
from .content import UsageError, load_kit
from .forked import can_fork
from .options import DEFAULT, PrintOptions, edition_of
from .output import OutFile, check_target, write_all, writing_into
from .parts import OUTPUT_NAMES as PARTS
from .problems import ERROR, Problem, Problems
from .render import raster
from .session import (CODE_FONT, ERROR_COLOUR, PNG_LEVEL, WARNING_COLOUR, ItemInfo, Session, draw_jobs,
                      label_font, png_of)

if TYPE_CHECKING:
    from PIL import Image

#: contact sheets larger than this many pixels are drawn smaller
MAX_SHEET_PIXELS = 36_000_000
#: the board's cell on its contact sheet, at most (px)
BOARD_CELL = 1600
SHEET_BACKGROUND = "#e6e6e3"
LABEL_FONT = "DejaVuSans"  # labels, not print: FreeType draws DejaVu ~8x faster than Noto (hinting)


@dataclass
class PreviewOptions:
    dpi: float = 150.0
    parts: tuple[str, ...] = PARTS
    item: str | None = None  # only this item id: its images, no contact sheets
    jobs: int = 0  # processes drawing at once (0: one per core)
    bleed: bool = False  # include the bleed around each item (default: the trim, as cut)
    print: PrintOptions = DEFAULT  # the bleed drawn around each item is the print's


@dataclass
class Cell:
    """One picture on a contact sheet: which item's side it shows and the problems it is outlined for."""

    label: str
    item: str
    side: str
    problems: list[Problem] = field(default_factory=list)
    box: tuple[int, int, int, int] | None = None  # where the picture landed on its sheet: x, y, w, h in pixels


@dataclass
class PreviewResult:
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    images: int = 0  # item images written
    sheets: dict[str, list[Cell]] = field(default_factory=dict)  # contact sheet file name -> its cells
    flagged: dict[str, list[str]] = field(default_factory=dict)  # item id -> problem codes on its drawings
    skipped: list[str] = field(default_factory=list)  # parts that could not be laid out (content errors)


# ------------------------------------------------------------------------------ the run
def preview_game(root: Path, out_dir: Path | None, opts: PreviewOptions, problems: Problems,
                 progress=None, session: Session | None = None, only: set[str] | None = None) -> PreviewResult | None:
    """Load, check, lay out and draw; None when the content cannot be loaded (nothing is written).

    Content errors found by the validator or the layout do not stop the preview (seeing them is
    its point): the drawings are written with the faulty items marked, and the errors are in
    ``problems``. Raises ``UsageError`` for an unknown ``opts.item``. A warm ``session`` (of the
    same game, dpi and bleed) is used as it is; only the pictures it has not drawn yet are drawn.
    ``only``: write the files of these items alone, and the contact sheets that show them (``pnp watch``
    after a save); the item pictures are written first, the sheets after them."""
    if opts.item is not None and session is None and can_fork():
        done = _preview_item(root, out_dir, opts, problems)
        if done is not _AGAIN:
            return done
    session = session or Session(root, opts.dpi, bleed=opts.bleed, print=opts.print, parts=opts.parts)
    for p in session.problems:  # a session's list: the caps' summary lines come as they are
        problems.add(p)
    if session.kit is None or session.error is not None:
        return None
    kit = session.kit
    out_dir, write = _writer(out_dir, kit.edition_id, opts.print.ink, opts.print.see)
    result = PreviewResult(out_dir, skipped=list(session.skipped))
    by_output = _by_output(session, opts)
    if opts.item is not None:
        try:
            info = _the_item(session, opts, by_output)
        except _NotDrawn:
            return None
        by_output = {info.output: [info]}
    if only is not None:  # the groups that show a changed item are drawn again, whole
        touched = {session.items[i].group for i in only if i in session.items}
        by_output = {o: [i for i in infos if i.group in touched] for o, infos in by_output.items()}

    pictures: list[tuple[str, str, str]] = []  # (file name, item id, side) of each item picture written
    written: set[str] = set()
    for infos in by_output.values():
        for info in infos:
            if only is None or info.id in only:
                for side in session.sides(info.id):
                    name = f"{_safe(info.id)}-{side}.png"
                    if name not in written:
                        written.add(name)
                        pictures.append((name, info.id, side))
            codes = [p.code for p in session.problems_of(info.id)]
            if codes:
                result.flagged[info.id] = list(dict.fromkeys(codes))
    result.images = len(pictures)
    with session._lock:
        if opts.item is not None or only is not None:  # the pictures a designer waits for land first
            session.draw([(i, s) for _, i, s in pictures])
            result.files += write([OutFile(n, session.png(i, s), {}) for n, i, s in pictures])
            if opts.item is not None:
                return result
            pictures = []
        units = _plan(session, by_output, kit.game.title, pictures)
        landed: list[list[Path]] = [[] for _ in units]

        def land(index: int, pngs: dict, sheets: list) -> None:
            """A unit is drawn: its files are written (while the other units are still drawn)."""
            session._pngs.update(pngs)
            unit = units[index]
            files = [OutFile(n, session.png(i, s), {}) for n, i, s in unit.files]
            for (name, cells, _, _), (data, boxes) in zip(unit.sheets, sheets):
                for cell, box in zip(cells, boxes):
                    cell.box = box
                files.append(OutFile(name, data, {}))
            landed[index] = write(files)

        _draw_units(session, units, opts, progress or (lambda done, total, what: None), land, fork=only is None)
    for unit, paths in zip(units, landed):
        result.files += paths
        result.sheets.update((name, cells) for name, cells, _, _ in unit.sheets)
    return result


def _by_output(session: Session, opts: PreviewOptions) -> dict[str, list[ItemInfo]]:
    """The items of the outputs asked for, by output."""
    by_output: dict[str, list[ItemInfo]] = {o: [] for o in opts.parts if o in session.parts}
    for info in session.items.values():
        if info.output in by_output:
            by_output[info.output].append(info)
    return by_output


class _NotDrawn(Exception):
    """The item asked for is in an output its content errors kept from being laid out (a broken font): the
    problems say why (exit 1), not a usage error."""


def _the_item(session: Session, opts: PreviewOptions, by_output: dict[str, list[ItemInfo]]) -> ItemInfo:
    """``opts.item``, or ``UsageError`` (with the ids it may have meant), or ``_NotDrawn``."""
    if opts.item not in session.items and session.skipped:
        raise _NotDrawn
    if opts.item not in session.items or session.items[opts.item].output not in by_output:
        near = difflib.get_close_matches(opts.item, [i.id for infos in by_output.values() for i in infos], n=3)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        where = f" in {', '.join(opts.parts)}" if tuple(opts.parts) != PARTS else ""
        raise UsageError(f"no item {opts.item!r}{where}{hint}")
    return session.items[opts.item]


# ------------------------------------------------------------------------------ one item (--item)
#: what ``_preview_item`` returns when it cannot stand in for the whole session: ``preview_game`` goes on
_AGAIN = object()


def _preview_item(root: Path, out_dir: Path | None, opts: PreviewOptions, problems: Problems):
    """``--item``, on two cores: the item's pictures, with the problems a full preview marks on them.

    Those problems need the whole kit checked and laid out (a text one part draws may be reported at an
    entry another part draws). After loading, a forked child does that (a ``Session``) and hands back the
    problems and the item's drawings, while this process readies the drawing: it imports the PDF writer and
    PDFium and parses the theme's fonts. ``_AGAIN`` if the child failed: the session is then made here."""
    loaded = Problems()
    kit = load_kit(root, loaded, edition_of(opts.print))
    if kit is None:
        problems.extend(loaded)
        return None
    out_dir, write = _writer(out_dir, kit.edition_id, opts.print.ink, opts.print.see)
    facts = forked.child(_item_facts, root, opts, kit, loaded)
    try:
        _warm(kit)
    finally:
        told = facts()
    if told is None:
        return _AGAIN
    for p in told["problems"]:
        problems.add(p)
    if "usage" in told:
        raise UsageError(told["usage"])
    if "not_drawn" in told:
        return None
    info = told["info"]
    result = PreviewResult(out_dir, skipped=told["skipped"])
    jobs = told["jobs"]
    pngs = {k: png_of(picture, dpi) for (k, _, _, dpi, _), picture in zip(jobs, draw_jobs(jobs))}
    files = [OutFile(f"{_safe(info.id)}-{side}.png", pngs[k], {}) for side, k in told["sides"].items()]
    result.images = len(files)
    if told["codes"]:
        result.flagged[info.id] = told["codes"]
    result.files += write(files)
    return result


def folder_name(ink: str, see: str = "normal") -> str:
    """The previews' folder in a build's: the ink-saver edition's beside the full one's, as its PDFs are, and
    the kit as seen with other eyes (--see) beside them (preview-deuteranopia)."""
    return "preview" + ("-ink-saver" if ink == "saver" else "") + ("" if see == "normal" else f"-{see}")


def _writer(out_dir: Path | None, kit_id: str, ink: str = "full", see: str = "normal"):
    """The preview folder (default ``output/<game>/preview``, ``preview-ink-saver`` for the ink-saver edition),
    checked before anything is drawn, and how files are written into it: each batch whole, under the lock of the
    build folder it is in (``writing_into``: a build at the same moment waits for the batch, or the batch for
    the build; both end whole)."""
    default = out_dir is None
    out_dir = Path("output") / kit_id / folder_name(ink, see) if default else Path(out_dir)
    check_target(out_dir, folder=True)

    def write(files: list[OutFile]) -> list[Path]:
        with writing_into(out_dir.parent, create=default):
            return write_all(out_dir, files, sync=False)

    return out_dir, write


def _item_facts(root: Path, opts: PreviewOptions, kit, loaded: Problems) -> dict:
    """What a full session of a loaded kit knows of ``opts.item``: the problems, and the item, its sides'
    ``pixel_key`` and how to draw each (``Session._job``, in one batch as ``Session.draw`` would)."""
    session = Session(root, opts.dpi, bleed=opts.bleed, print=opts.print, parts=opts.parts, loaded=(kit, loaded))
    facts = {"problems": session.problems, "skipped": session.skipped}
    by_output = _by_output(session, opts)
    try:
        info = _the_item(session, opts, by_output)
    except UsageError as exc:
        facts["usage"] = str(exc)
        return facts
    except _NotDrawn:
        facts["not_drawn"] = True
        return facts
    wanted = [(info.id, s) for s in session.sides(info.id)]
    facts["info"] = info
    facts["sides"] = {s: session.pixel_key(i, s) for i, s in wanted}
    facts["jobs"] = [session._job(k, i, s) for k, (i, s) in session.todo(wanted, set()).items()]
    facts["codes"] = list(dict.fromkeys(p.code for p in session.problems_of(info.id)))
    return facts


# ------------------------------------------------------------------------------ drawing in workers
@dataclass
class _Unit:
    """One group's work (a deck, the titles, the notes ...): its items' pictures and its contact sheets. Units
    are drawn each on its own, in one process or in several: a unit draws the same bytes wherever it runs."""

    output: str
    items: int
    wanted: list[tuple[str, str]]  # (item id, side): every picture of its items
    files: list[tuple[str, str, str]]  # (file name, item id, side) of the item pictures it writes
    sheets: list[tuple[str, list[Cell], str, bool]]  # (file name, cells, title, a board's?)
    size: float = 0.0  # pixels to draw, roughly: the largest units are handed out first


def _plan(session: Session, by_output: dict[str, list[ItemInfo]], title: str,
          pictures: list[tuple[str, str, str]]) -> list[_Unit]:
    """A unit per group of each output, with the item ``pictures`` of its members."""
    files: dict[str, list[tuple[str, str, str]]] = {}
    for picture in pictures:
        files.setdefault(picture[1], []).append(picture)
    units = []
    for out, infos in by_output.items():
        groups: dict[str, list[ItemInfo]] = {}
        for info in infos:
            groups.setdefault(info.group, []).append(info)
        for group, members in groups.items():
            unit = _Unit(out, len(members), [(i.id, s) for i in members for s in session.sides(i.id)],
                         [f for i in members for f in files.get(i.id, ())], [])
            for sheet, cells in _sheets(session, group, members):
                unit.sheets.append((f"contact-{sheet}.png", cells, f"{title} · {sheet} · {_count(cells)}", out == "board"))
            for i in members:
                w, h, _ = session.region(i)
                unit.size += (1 + len(session.sides(i.id))) * w * h  # its pictures and its cells (mm²)
            units.append(unit)
    return units


def _draw_unit(session: Session, unit: _Unit, drawn: set, opts: PreviewOptions) -> tuple[dict, list]:
    """Draw a unit's pictures not in ``drawn`` and its contact sheets: (PNG by ``pixel_key``, [(sheet PNG,
    each cell's box)])."""
    pngs, images = session.render(session.todo(unit.wanted, drawn), keep=True)
    painter = _Sheets(session, opts, images)
    sheets = []
    for _, cells, title, board in unit.sheets:
        picture = painter.sheet(cells, title, board=board)
        sheets.append((picture.png(None, PNG_LEVEL), [c.box for c in cells]))
    return pngs, sheets


def _draw_units(session: Session, units: list[_Unit], opts: PreviewOptions, progress, land, fork: bool) -> None:
    """Draw every unit, in forked workers when there are cores for them; ``land(index, pngs, sheets)`` takes
    each unit as it is done (in this process)."""
    drawn = set(session._pngs)
    total = sum(u.items for u in units)
    workers = min(opts.jobs or forked.cores(), sum(1 for u in units if u.wanted))
    if fork and workers > 1 and can_fork():
        _warm(session.kit)
        for unit in units:  # the pictures' keys, worked out once here, not in a worker and again as its unit lands
            for item_id, side in unit.wanted:
                session.pixel_key(item_id, side)
        biggest_first = sorted(range(len(units)), key=lambda i: -units[i].size)
        drawing = forked.each(_unit_in_child, (session, units, drawn, opts), biggest_first, workers)
    else:
        drawing = ((index, _draw_unit(session, unit, drawn, opts)) for index, unit in enumerate(units))
    done = 0
    for index, (pngs, sheets) in drawing:
        land(index, pngs, sheets)
        done += units[index].items
        progress(done, total, units[index].output)


def _unit_in_child(shared: tuple, index: int) -> tuple[dict, list]:
    session, units, drawn, opts = shared
    return _draw_unit(session, units[index], drawn, opts)


def _warm(kit) -> None:
    """Ready the drawing: import the PDF writer and PDFium, and parse the fonts every page draws with (before
    forking workers, which would each do it again)."""
    import pypdfium2  # noqa: F401

    from .render import pdf

    pdf.ready_fonts(kit.game.theme.fonts)


def _count(cells: list[Cell]) -> str:
    n = len(cells)
    bad = sum(1 for c in cells if c.problems)
    return f"{n} picture{'s' if n != 1 else ''}" + (f", {bad} with problems" if bad else "")


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "item"


def _sheets(session: Session, name: str, members: list[ItemInfo]):
    """(sheet name, cells) of one group: its fronts; then the distinct backs."""
    yield name, [Cell(i.id, i.id, "front", session.problems_of(i.id, "front")) for i in members]
    backs: dict[str, list[ItemInfo]] = {}
    for i in members:
        e = session._entries[i.id]
        back = e.sides.get("back")
        if back is not None and back.group is not e.sides["front"].group:  # a counter's back is its front
            backs.setdefault(back.key, []).append(i)
    if backs:
        cells = []
        for sharing in backs.values():
            i = sharing[0]
            if len(sharing) == 1:
                label = f"{i.id} (back)"
            elif len(sharing) == len(members):
                label = f"back of all {len(sharing)}"
            else:
                label = f"back of {len(sharing)}: {i.id}…"
            cells.append(Cell(label, i.id, "back", session.problems_of(i.id, "back")))
        yield f"{name}-backs", cells


# ------------------------------------------------------------------------------ contact sheets
class _Sheets:
    """Lays out contact sheets from a session's pictures (those just drawn are handed over decoded)."""

    def __init__(self, session: Session, opts: PreviewOptions, images: dict):
        self.session = session
        self.opts = opts
        self.images = images

    def image(self, cell: Cell):
        """The cell's picture: ``raster.Pixels``, or a Pillow image (with problems drawn on it, or decoded)."""
        key = self.session.pixel_key(cell.item, cell.side)
        if key not in self.images:
            self.images[key] = self.session.image(cell.item, cell.side)
        return self.images[key]

    def sheet(self, cells: list[Cell], title: str, board: bool = False) -> raster.Canvas:
        """A contact sheet: the cells in rows (left to right, as many as fit a roughly 3:2 sheet), each
        picture with its label under it, outlined and with its problem codes when it has problems."""
        images = [self.image(c) for c in cells]
        scale = 1.0
        if board:
            scale = min(1.0, BOARD_CELL / max(max(im.size) for im in images))
        unit = max(1.0, self.opts.dpi / 150.0)
        ring = max(3, round(3 * unit))
        while True:
            font_px = max(11, round(13 * unit * min(1.0, max(scale, 0.6))))
            font, bold = label_font(LABEL_FONT, font_px), label_font(CODE_FONT, font_px)
            line = round(font_px * 1.35)
            sizes = [(max(1, round(im.size[0] * scale)), max(1, round(im.size[1] * scale))) for im in images]
            texts = [[(c.label, font)] + [(code, bold) for code in _codes(c)] for c in cells]
            boxes = []  # (width, picture height, label height) per cell
            for (w, h), lines in zip(sizes, texts):
                text_w = max(math.ceil(f.getlength(t)) for t, f in lines)
                boxes.append((max(w + 2 * ring + 4, text_w), h, ring + 4 + line * len(lines) + 2))
            gap = max(14, round(0.08 * max(b[0] for b in boxes)))
            area = sum((b[0] + gap) * (b[1] + b[2] + gap) for b in boxes)
            target = max(max(b[0] for b in boxes) + 2 * gap, math.sqrt(area * 1.5))
            rows: list[list[int]] = [[]]
            x = gap
            for i, b in enumerate(boxes):
                first = boxes[rows[-1][0]][1] if rows[-1] else b[1]
                # a new row when this one is full, or for a piece of another size (standees after counters)
                if rows[-1] and (x + b[0] + gap > target or not 0.67 < b[1] / first < 1.5):
                    rows.append([])
                    x = gap
                rows[-1].append(i)
                x += b[0] + gap
            head = round(font_px * 2.4)
            W = max(gap + sum(boxes[i][0] + gap for i in r) for r in rows)
            W = max(W, 2 * gap + math.ceil(bold.getlength(title)))
            H = head + gap + sum(max(boxes[i][1] + boxes[i][2] for i in r) + gap for r in rows)
            if W * H <= MAX_SHEET_PIXELS or scale < 0.05:
                break
            scale *= math.sqrt(MAX_SHEET_PIXELS / (W * H)) * 0.98
        out = raster.Canvas((W, H), _rgb(SHEET_BACKGROUND))
        _texts(out, [((gap, head // 2 + gap // 2), title, bold, "#333333", "lm")])
        y = head + gap
        for r in rows:
            pic_h = max(boxes[i][1] for i in r)
            x = gap
            texts = []
            for i in r:
                cell, (w, h), (bw, _, _) = cells[i], sizes[i], boxes[i]
                im = images[i]
                if (w, h) != im.size:
                    from PIL import Image

                    im = raster.Pixels.of(_image(im).resize((w, h), Image.Resampling.BOX))
                ix, iy = x + (bw - w) // 2, y + pic_h - h  # pictures stand on a common line
                if cell.problems:
                    _frame(out, (ix, iy, w, h), ring + 2, _rgb(_severity_colour(cell.problems)))
                else:
                    _frame(out, (ix, iy, w, h), 1, _rgb("#b4b4b0"))
                out.paste(im if isinstance(im, raster.Pixels) else raster.Pixels.of(im), ix, iy)
                cell.box = (ix, iy, w, h)
                ty = y + pic_h + ring + 4
                texts.append(((x + bw / 2, ty), cell.label, font, "#222222", "mt"))
                for k, code in enumerate(_codes(cell), 1):
                    colour = _severity_colour([p for p in cell.problems if p.code == code] or cell.problems)
                    texts.append(((x + bw / 2, ty + line * k), code, bold, colour, "mt"))
                x += bw + gap
            _texts(out, texts)  # under the pictures and their frames: drawn after them, as they would be cell by cell
            y += pic_h + max(boxes[i][2] for i in r) + gap
        return out


def _image(im) -> Image.Image:
    return im.image() if isinstance(im, raster.Pixels) else im


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _frame(out: raster.Canvas, box: tuple[int, int, int, int], width: int, colour: tuple[int, int, int]) -> None:
    """A frame ``width`` pixels wide around the picture at ``box`` (x, y, w, h)."""
    x, y, w, h = box
    x0, y0, x1, y1 = x - width, y - width, x + w + width, y + h + width
    out.fill((x0, y0, x1, y), colour)
    out.fill((x0, y + h, x1, y1), colour)
    out.fill((x0, y, x, y + h), colour)
    out.fill((x + w, y, x1, y + h), colour)


def _texts(out: raster.Canvas, texts: list) -> None:
    """Draw texts ((x, y), text, font, colour, anchor) with Pillow, on the pixels they cover together."""
    boxes = []
    for (x, y), text, font, _, anchor in texts:
        left, top, right, bottom = font.getbbox(text, anchor=anchor)
        boxes.append((math.floor(x + left) - 4, math.floor(y + top) - 4, math.ceil(x + right) + 4,
                      math.ceil(y + bottom) + 4))
    if not boxes:
        return
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def paint(draw, x0: int, y0: int) -> None:  # shifted by whole pixels: each glyph lands on the same pixels
        for (x, y), text, font, colour, anchor in texts:
            draw.text((x - x0, y - y0), text, font=font, fill=colour, anchor=anchor)

    out.draw(box, paint)


def _codes(cell: Cell) -> list[str]:
    codes = list(dict.fromkeys(p.code for p in cell.problems))
    return codes if len(codes) <= 3 else codes[:2] + [f"+{len(codes) - 2} more"]


def _severity_colour(problems: list[Problem]) -> str:
    return ERROR_COLOUR if any(p.severity == ERROR for p in problems) else WARNING_COLOUR
