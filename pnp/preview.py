"""``pnp preview``, ``pnp watch`` and ``pnp serve`` see the kit through a warm ``Session``.

A designer changes a card's text and wants to see the card, not a 40-page PDF. A ``Session``
loads, validates and lays out a game once and keeps it (fonts, parsed content, the drawings);
``refresh()`` does it again after a save and says which items' pictures changed: each side of
each item has a key, a digest of its drawing (the scene is plain data: shapes, texts, fonts,
colours, positions, and the bytes of the pictures it names) and of the problem marks drawn on
it; only items whose key changed are drawn again.

Pictures are the print's own pixels: each drawing is written as a PDF page by the build's PDF
writer and rasterised by PDFium (``render/raster.py``). Problems are drawn on top: a frame in
the severity's colour (red: an error, amber: a warning), a box around each text run a problem
concerns, and the codes in the top-left corner.

``pnp preview`` writes each item's front and back at trim size (or with its bleed) and one
contact sheet per deck and part: a grid of the items with their ids under them, an item with
problems outlined and its codes under it.

Which problems belong to which drawing: layout reports texts that do not fit through
``Ctx.fit``; a tracing context remembers, for every text run a fit returned, the entity and
field it came from and the problems that fit reported. A drawing then owns the problems of
the runs it shows, and the validator's problems that point into the entities those runs
came from (same file, same path: ``cards[2].text``, or anywhere inside a listed entity such
as ``cards[2]``).

Items drawn from the same scene (copies of a card, every note of a value) are drawn once.
A full preview is drawn in units, one per group (a deck, the titles, the notes ...: its items'
pictures and its contact sheets), by forked workers when the machine has cores for them (``-j``);
a unit draws the same bytes wherever it is drawn. Each unit's files land together
(``output.write_all``) as it is done; ``--item`` and ``pnp watch`` write the item pictures first.
"""
from __future__ import annotations

import difflib
import hashlib
import io
import math
import os
import re
import threading
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import parts as registry
from . import rules, scene
from .content import UsageError, load_kit
from .fonts import get_font
from .layout.common import Ctx, Item, text_key
from .options import DEFAULT, PrintOptions
from .output import OutFile, write_all
from .parts import OUTPUT_NAMES as PARTS
from .problems import ERROR, Loc, Problem, Problems
from .render import raster

if TYPE_CHECKING:  # Pillow is imported where it is used: an item without problems is drawn without it
    from PIL import Image, ImageFont

#: contact sheets larger than this many pixels are drawn smaller
MAX_SHEET_PIXELS = 36_000_000
#: the board's cell on its contact sheet, at most (px)
BOARD_CELL = 1600
#: the board's own image, at most this many pixels a side (a 480 mm board at 150 dpi is 2835)
MAX_BOARD_SIDE = 8000
PNG_LEVEL = 1  # zlib level of raster.png_bytes (unfiltered rows: drawings are flat colours and text)
ERROR_COLOUR = "#d7191c"
WARNING_COLOUR = "#e08a00"
SHEET_BACKGROUND = "#e6e6e3"
LABEL_FONT = "DejaVuSans"  # labels, not print: FreeType draws DejaVu ~8x faster than Noto (hinting)
CODE_FONT = "DejaVuSans-Bold"
#: drawings rendered from one PDF at a time (fonts embedded and parsed once per batch)
BATCH = 40


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


# ------------------------------------------------------------------------------ problem tracing
def _same_file(a: str, b: str) -> bool:
    return a == b or os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


def _inside(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


def _points_into(p: Problem, source, field_name: str) -> bool:
    """Does a problem point at this field of the entity (or, for an entity in a list, anywhere in it)?"""
    loc = getattr(source, "loc", None)
    if loc is None or not p.path or not _same_file(p.loc.file, loc.file):
        return False
    if _inside(p.path, source.sub(field_name)):
        return True
    return "[" in source.path and _inside(p.path, source.path)


def run_problems(t: scene.Text, ctx: Ctx, loose: list[Problem]) -> list[Problem]:
    """The problems one text run shows: those its fit reported, and ``loose`` ones pointing into its source."""
    found: list[Problem] = []
    for source, field_name, probs in ctx.sources.get(text_key(t), ()):
        found.extend(probs)
        found.extend(p for p in loose if _points_into(p, source, field_name))
    return list(dict.fromkeys(found))


# ------------------------------------------------------------------------------ the warm session
@dataclass(frozen=True)
class ItemInfo:
    """What a page showing the kit needs to know of an item (its pictures come from ``Session.png``)."""

    id: str
    kind: str
    part: str  # the registry part that laid it out: titles, decks, notes ...
    group: str  # the deck or group it is shown in (``parts.group_of``): a deck's id, titles, notes ...
    source: Loc | None  # the content entry it prints, when it has one
    has_back: bool
    output: str = ""  # the output it prints in: board, cards, notes, tokens
    width: float = 0.0  # trim size, mm
    height: float = 0.0


@dataclass
class Update:
    """What a ``Session.refresh`` changed."""

    changed: set[str]  # item ids whose picture changed (redraw only these)
    removed: set[str]
    problems: list  # all current problems
    error: object | None  # a load error (YAML syntax ...) that kept the last good state; None when fine


@dataclass(frozen=True)
class Mark:
    """A problem drawn on a picture: a box (mm, in the item's frame, y up) around the run it concerns."""

    box: tuple[float, float, float, float] | None  # x0, y0, x1, y1; None: the whole picture
    severity: str
    code: str


class _Side:
    """One side of an item as laid out: its drawing, and, worked out when first asked for, the key of its
    picture (a digest of the drawing and the region drawn) and the problems drawn on it. A one-item preview
    asks for one item's alone; the digests of a kit's other drawings would cost it a quarter of its wait."""

    def __init__(self, group: scene.Group, region: tuple, salt: bytes, files: dict, ctx: Ctx,
                 loose: list[Problem], whole: list[Problem]):
        self.group = group
        self._key_of = (region, salt, files)
        self._problems_of = (ctx, loose, whole)

    @cached_property
    def key(self) -> str:
        return drawing_key(self.group, *self._key_of)

    @property
    def problems(self) -> list[Problem]:
        return self._found[0]

    @property
    def marks(self) -> tuple[Mark, ...]:
        return self._found[1]

    @cached_property
    def _found(self) -> tuple[list[Problem], tuple[Mark, ...]]:
        """The problems of its text runs (each marked by a box around the run), then those of the whole side."""
        ctx, loose, whole = self._problems_of
        found: list[Problem] = []
        marks: list[Mark] = []
        for t, m in _runs(self.group, self.group.transform):
            probs = run_problems(t, ctx, loose)
            if probs:
                found.extend(probs)
                box = _text_box(t, m)
                for p in dict.fromkeys(probs):
                    marks.append(Mark(box, p.severity, p.code))
        for p in whole:
            found.append(p)
            marks.append(Mark(None, p.severity, p.code))
        return list(dict.fromkeys(found)), tuple(dict.fromkeys(marks))


@dataclass
class _Entry:
    info: ItemInfo
    sides: dict[str, _Side]

    def signature(self) -> tuple:
        return (self.info, tuple((s, v.key, v.marks) for s, v in self.sides.items()))


def _digest_shape(shape, h, files: dict) -> None:
    if isinstance(shape, scene.Group):
        h.update(b"G" + repr((shape.transform, shape.clip, shape.key, shape.bounds)).encode())
        for child in shape.children:
            _digest_shape(child, h, files)
        h.update(b")")
        return
    h.update(repr(shape).encode())
    if isinstance(shape, scene.Image):  # the drawing names a file: its bytes are part of the picture
        if shape.path not in files:
            try:
                st = os.stat(shape.path)
                files[shape.path] = f"{st.st_mtime_ns}:{st.st_size}".encode()
            except OSError:
                files[shape.path] = b"?"
        h.update(files[shape.path])


def drawing_key(group: scene.Group, region: tuple, salt: bytes = b"", files: dict | None = None) -> str:
    """A stable digest of everything a picture of this drawing depends on: the scene tree (frozen shapes:
    positions, texts, fonts, sizes, colours), the files its images name, and the region and resolution."""
    h = hashlib.blake2b(salt + repr(region).encode(), digest_size=16)
    _digest_shape(group, h, {} if files is None else files)
    return h.hexdigest()


def _text_box(t: scene.Text, m: scene.Affine) -> tuple[float, float, float, float]:
    pt = 25.4 / 72.0
    x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
    y0, y1 = t.y - 0.25 * t.size * pt, t.y + 0.8 * t.size * pt
    pts = [scene.apply(m, px, py) for px in (x, x + t.width) for py in (y0, y1)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _runs(group: scene.Group, m: scene.Affine):
    """Every text run of a drawing with the transform that places it in the drawing's frame."""
    for child in group.children:
        if isinstance(child, scene.Group):
            yield from _runs(child, scene.compose(m, child.transform) if child.transform != scene.IDENTITY else m)
        elif isinstance(child, scene.Text):
            yield child, m


class Session:
    """A game loaded, checked and laid out, kept warm; pictures drawn on demand and cached by key.

    ``refresh(changed)`` loads again (after a save) and returns an ``Update``: the items whose
    pictures changed, those gone, every current problem, and a load error if the content could not
    be loaded (a YAML mistake): then the last good items and pictures stay. Safe to call from
    several threads (one lock)."""

    def __init__(self, root: Path, dpi: float = 100.0, *, bleed: bool = False, print: PrintOptions = DEFAULT,
                 parts: tuple[str, ...] = PARTS, loaded: tuple | None = None):
        self.root = Path(root)
        self.dpi = float(dpi)
        self.bleed = bleed  # draw each item with its bleed (else at trim size)
        self.print = print
        self.parts = tuple(parts)  # the outputs shown: board, cards, notes, tokens
        self.items: dict[str, ItemInfo] = {}
        self.problems: list[Problem] = []
        self.error: Problem | None = None
        self.kit = None
        self.skipped: list[str] = []  # outputs that could not be laid out (content errors): their last pictures stay
        self._entries: dict[str, _Entry] = {}
        self._pngs: dict[tuple, bytes] = {}  # (drawing key, marks) -> PNG bytes
        self._lock = threading.RLock()
        # ``loaded``: (kit, problems) as ``load_kit`` gave them just now, to check and lay out without loading again
        self.last: Update = self.refresh(None) if loaded is None else self._take(*loaded)

    # -- loading
    def refresh(self, changed: list[Path] | None = None) -> Update:
        """Load, validate and lay out again; which pictures changed. ``changed`` (the files saved) is a hint:
        the whole game is reloaded (warm, that takes well under 0.2 s) and the keys decide what changed."""
        with self._lock:
            problems = Problems()
            return self._take(load_kit(self.root, problems), problems)

    def _take(self, kit, problems: Problems) -> Update:
        """Check and lay out a kit just loaded (None: it could not be)."""
        with self._lock:
            if kit is None:  # the last good state stays
                self.problems = problems.sorted()
                self.error = next((p for p in self.problems if p.severity == ERROR), None)
                return Update(set(), set(), self.problems, self.error)
            rules.run(kit, problems)
            entries, skipped = self._lay_out(kit, problems)
            for out in skipped:  # keep what was last drawn of an output the layout could not draw now
                entries.update({k: e for k, e in self._entries.items() if e.info.output == out and k not in entries})
            old = self._entries
            changed_ids = {k for k, e in entries.items() if k not in old or old[k].signature() != e.signature()}
            removed = set(old) - set(entries)
            self._entries = entries
            self.items = {k: e.info for k, e in entries.items()}
            self.kit, self.skipped, self.error = kit, skipped, None
            self.problems = problems.sorted()
            if self._pngs:  # forget the pictures no item shows any more
                used = {(s.key, m) for e in entries.values() for s in e.sides.values() for m in ((), s.marks)}
                self._pngs = {k: v for k, v in self._pngs.items() if k in used}
            self.last = Update(changed_ids, removed, self.problems, None)
            return self.last

    def _lay_out(self, kit, problems: Problems) -> tuple[dict[str, _Entry], list[str]]:
        invalid = bool(problems.errors)
        ctx = Ctx(kit, bleed=self.print.bleed, problems=problems)
        laid: list[tuple[str, list[Item]]] = []
        skipped = []
        for out in self.parts:
            try:
                items = registry.items(ctx, out)
            except Exception:
                if not invalid:
                    raise
                skipped.append(out)  # invalid content the layout cannot draw: the errors say why
                continue
            laid.append((out, items))
        traced = ctx.fitted_problems()
        loose = [p for p in problems.items if p not in traced]
        board_file = kit.sources.get("board.yaml")
        salt = self._salt(kit)
        files: dict = {}
        sides_of: dict[int, _Side] = {}  # drawings shared by several items (copies, backs) are looked at once
        entries: dict[str, _Entry] = {}
        for out, items in laid:
            for it in items:
                if it.id in entries:
                    continue
                sides: dict[str, _Side] = {}
                for side, group in (("front", it.front), ("back", it.back)):
                    if group is None:
                        continue
                    if id(group) not in sides_of:
                        w, h, origin = self.region(it)
                        whole = []
                        if out == "board" and board_file is not None:
                            # the board draws most names with a quiet fit (no trace): it owns what points into board.yaml
                            whole = [p for p in loose if _same_file(p.loc.file, str(board_file))]
                        sides_of[id(group)] = _Side(group, (w, h, origin, self.dpi_for(w, h)), salt, files,
                                                    ctx, loose, whole)
                    sides[side] = sides_of[id(group)]
                source = getattr(it.source, "loc", None)
                info = ItemInfo(it.id, it.kind, it.part, registry.group_of(it, out), source,
                                it.back is not None, out, it.width, it.height)
                entries[it.id] = _Entry(info, sides)
        return entries, skipped

    def _salt(self, kit) -> bytes:
        """What changes every picture without changing a drawing: the game's own fonts."""
        h = hashlib.blake2b(digest_size=16)
        folder = self.root / "fonts"
        if folder.is_dir():
            for path in sorted(folder.iterdir()):
                try:
                    st = path.stat()
                except OSError:
                    continue
                h.update(f"{path.name}:{st.st_mtime_ns}:{st.st_size};".encode())
        return h.digest()

    # -- geometry
    def region(self, it) -> tuple[float, float, tuple[float, float]]:
        """The region of an item drawn: its trim, or with the bleed around it (width, height, origin) in mm."""
        w, h = (it.width, it.height)
        pad = self.print.bleed if self.bleed else 0.0
        return w + 2 * pad, h + 2 * pad, (-pad, -pad)

    def dpi_for(self, w: float, h: float) -> float:
        return min(self.dpi, MAX_BOARD_SIDE * 25.4 / max(w, h))

    # -- pictures
    def problems_of(self, item_id: str, side: str | None = None) -> list[Problem]:
        """The problems drawn on an item (one side, or both)."""
        e = self._entries[item_id]
        sides = [e.sides[side]] if side else list(e.sides.values())
        return list(dict.fromkeys(p for s in sides for p in s.problems))

    def sides(self, item_id: str) -> list[str]:
        return list(self._entries[item_id].sides)

    def pixel_key(self, item_id: str, side: str = "front", marks: bool = True) -> tuple:
        """What a picture is cached by: its drawing's key and the marks on it."""
        s = self._entries[item_id].sides[side]
        return (s.key, s.marks if marks else ())

    def png(self, item_id: str, side: str = "front", marks: bool = True) -> bytes:
        """The item's picture (PNG), with its problems drawn on top unless ``marks`` is False.
        KeyError for an item or side that does not exist."""
        with self._lock:
            k = self.pixel_key(item_id, side, marks)
            if k not in self._pngs:
                self.draw([(item_id, side)], marks=marks)
            return self._pngs[k]

    def image(self, item_id: str, side: str = "front", marks: bool = True) -> Image.Image:
        from PIL import Image

        return Image.open(io.BytesIO(self.png(item_id, side, marks))).convert("RGB")

    def draw(self, wanted: list[tuple[str, str]] | None = None, marks: bool = True,
             keep: bool = False, progress=None) -> dict[tuple, object]:
        """Draw the pictures not drawn yet (every side of every item when ``wanted`` is None), in batches
        from one PDF each. ``keep``: return the pictures drawn now, by ``pixel_key`` (``raster.Pixels``, or a
        Pillow image when problems are drawn on it)."""
        with self._lock:
            if wanted is None:
                wanted = [(k, s) for k, e in self._entries.items() for s in e.sides]
            pngs, kept = self.render(self.todo(wanted, set(self._pngs), marks), keep, progress)
            self._pngs.update(pngs)
            return kept

    def _job(self, k: tuple, item_id: str, side: str) -> tuple:
        """What drawing a picture takes: (pixel key, drawing, region, dpi, marks)."""
        e = self._entries[item_id]
        region = self.region(e.info)
        return k, e.sides[side].group, region, self.dpi_for(region[0], region[1]), k[1]

    def todo(self, wanted: list[tuple[str, str]], drawn: set, marks: bool = True) -> dict[tuple, tuple[str, str]]:
        """The pictures of ``wanted`` (item id, side) whose ``pixel_key`` is not in ``drawn``, each once, in order."""
        todo: dict[tuple, tuple[str, str]] = {}
        for item_id, side in wanted:
            k = self.pixel_key(item_id, side, marks)
            if k not in drawn and k not in todo:
                todo[k] = (item_id, side)
        return todo

    def render(self, todo: dict[tuple, tuple[str, str]], keep: bool = False,
               progress=None) -> tuple[dict[tuple, bytes], dict[tuple, object]]:
        """Draw these pictures (``pixel_key`` -> (item id, side)), whether drawn before or not, in batches of
        ``BATCH`` from one PDF each: (PNG by key, and with ``keep`` the pictures themselves by key). The same
        ``todo`` gives the same bytes, whichever process draws it."""
        jobs = list(todo.items())
        pngs: dict[tuple, bytes] = {}
        kept: dict[tuple, object] = {}
        if not jobs:
            return pngs, kept
        from concurrent.futures import ThreadPoolExecutor

        pending = []
        with ThreadPoolExecutor(max_workers=2) as pool:  # PNG encoding (zlib) runs beside PDFium's drawing
            for start in range(0, len(jobs), BATCH):
                batch = [self._job(k, item_id, side) for k, (item_id, side) in jobs[start:start + BATCH]]
                for (k, _, _, dpi, _), picture in zip(batch, _draw(batch)):
                    pending.append((k, pool.submit(_png, picture, dpi)))
                    if keep:
                        kept[k] = picture
                if progress:
                    progress(min(start + BATCH, len(jobs)), len(jobs), "pictures")
            for k, fut in pending:
                pngs[k] = fut.result()
        return pngs, kept


def _draw(batch: list[tuple]) -> list:
    """The pictures of a batch of jobs (``Session._job``), from one PDF: ``raster.Pixels``, or a Pillow image
    of them with the picture's problems drawn on top."""
    regions = [(group, w, h, origin) for _, group, (w, h, origin), _, _ in batch]
    pixels = raster.render_many(regions, [dpi for _, _, _, dpi, _ in batch])
    return [_draw_marks(px.image(), marks, region, dpi) if marks else px
            for (_, _, region, dpi, marks), px in zip(batch, pixels)]


def _png(picture, dpi: float) -> bytes:
    if isinstance(picture, raster.Pixels):
        return picture.png(dpi, PNG_LEVEL)
    return raster.png_bytes(picture, dpi, PNG_LEVEL)


def _draw_marks(img: Image.Image, marks: tuple[Mark, ...], region: tuple, dpi: float) -> Image.Image:
    """The picture with its problems on top: a frame in the worst severity's colour, a box around each run
    a problem concerns (in its own severity's colour), and the codes in the top-left corner."""
    from PIL import ImageDraw

    img = img.copy()
    draw = ImageDraw.Draw(img)
    w_mm, h_mm, (x0, y0) = region
    k = dpi / 25.4
    W, H = img.size
    unit = max(1, round(dpi / 75))
    worst = ERROR_COLOUR if any(m.severity == ERROR for m in marks) else WARNING_COLOUR
    for i in range(2 * unit):
        draw.rectangle((i, i, W - 1 - i, H - 1 - i), outline=worst)
    for m in marks:
        if m.box is None:
            continue
        bx0, by0, bx1, by1 = m.box
        px0, px1 = (bx0 - x0) * k, (bx1 - x0) * k
        py0, py1 = (y0 + h_mm - by1) * k, (y0 + h_mm - by0) * k
        colour = ERROR_COLOUR if m.severity == ERROR else WARNING_COLOUR
        box = (max(0, px0 - unit), max(0, py0 - unit), min(W - 1, px1 + unit), min(H - 1, py1 + unit))
        if box[0] < box[2] and box[1] < box[3]:  # a run that overflows may lie outside the picture: the frame says it
            draw.rectangle(box, outline=colour, width=unit)
    codes = list(dict.fromkeys(m.code for m in marks))
    font = _label_font(CODE_FONT, max(9, round(8 * dpi / 72)))
    y = 2 * unit
    for code in codes[:3] + ([f"+{len(codes) - 3} more"] if len(codes) > 3 else []):
        colour = ERROR_COLOUR if any(m.code == code and m.severity == ERROR for m in marks) else WARNING_COLOUR
        left, top, right, bottom = draw.textbbox((3 * unit, y), code, font=font)
        draw.rectangle((left - unit, top - unit, right + unit, bottom + unit), fill=colour)
        draw.text((3 * unit, y), code, font=font, fill="#ffffff")
        y = bottom + 2 * unit
    return img


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
    if opts.item is not None and session is None and _can_fork():
        done = _preview_item(root, out_dir, opts, problems)
        if done is not _AGAIN:
            return done
    session = session or Session(root, opts.dpi, bleed=opts.bleed, print=opts.print, parts=opts.parts)
    problems.items.extend(session.problems)
    if session.kit is None or session.error is not None:
        return None
    kit = session.kit
    out_dir = Path(out_dir) if out_dir else Path("output") / kit.id / "preview"
    result = PreviewResult(out_dir, skipped=list(session.skipped))
    outputs = [o for o in opts.parts if o in session.parts]
    by_output: dict[str, list[ItemInfo]] = {o: [] for o in outputs}
    for info in session.items.values():
        if info.output in by_output:
            by_output[info.output].append(info)
    if opts.item is not None:
        info = _the_item(session, opts, by_output)
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
            result.files += write_all(out_dir, [OutFile(n, session.png(i, s), {}) for n, i, s in pictures], sync=False)
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
            landed[index] = write_all(out_dir, files, sync=False)

        _draw_units(session, units, opts, progress or (lambda done, total, what: None), land, fork=only is None)
    for unit, paths in zip(units, landed):
        result.files += paths
        result.sheets.update((name, cells) for name, cells, _, _ in unit.sheets)
    return result


def _the_item(session: Session, opts: PreviewOptions, by_output: dict[str, list[ItemInfo]]) -> ItemInfo:
    """``opts.item``, or ``UsageError`` (with the ids it may have meant)."""
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
    kit = load_kit(root, loaded)
    if kit is None:
        problems.items.extend(loaded.sorted())
        return None
    facts = _fork(_item_facts, root, opts, kit, loaded)
    try:
        _warm(kit)
    finally:
        told = facts()
    if told is None:
        return _AGAIN
    problems.items.extend(told["problems"])
    if "usage" in told:
        raise UsageError(told["usage"])
    info = told["info"]
    out_dir = Path(out_dir) if out_dir else Path("output") / kit.id / "preview"
    result = PreviewResult(out_dir, skipped=told["skipped"])
    jobs = told["jobs"]
    pngs = {k: _png(picture, dpi) for (k, _, _, dpi, _), picture in zip(jobs, _draw(jobs))}
    files = [OutFile(f"{_safe(info.id)}-{side}.png", pngs[k], {}) for side, k in told["sides"].items()]
    result.images = len(files)
    if told["codes"]:
        result.flagged[info.id] = told["codes"]
    result.files += write_all(out_dir, files, sync=False)
    return result


def _item_facts(root: Path, opts: PreviewOptions, kit, loaded: Problems) -> dict:
    """What a full session of a loaded kit knows of ``opts.item``: the problems, and the item, its sides'
    ``pixel_key`` and how to draw each (``Session._job``, in one batch as ``Session.draw`` would)."""
    session = Session(root, opts.dpi, bleed=opts.bleed, print=opts.print, parts=opts.parts, loaded=(kit, loaded))
    facts = {"problems": session.problems, "skipped": session.skipped}
    by_output: dict[str, list[ItemInfo]] = {o: [] for o in opts.parts if o in session.parts}
    for info in session.items.values():
        if info.output in by_output:
            by_output[info.output].append(info)
    try:
        info = _the_item(session, opts, by_output)
    except UsageError as exc:
        facts["usage"] = str(exc)
        return facts
    wanted = [(info.id, s) for s in session.sides(info.id)]
    facts["info"] = info
    facts["sides"] = {s: session.pixel_key(i, s) for i, s in wanted}
    facts["jobs"] = [session._job(k, i, s) for k, (i, s) in session.todo(wanted, set()).items()]
    facts["codes"] = list(dict.fromkeys(p.code for p in session.problems_of(info.id)))
    return facts


def _fork(fn, *args):
    """Run ``fn(*args)`` in a forked child; returns a function that waits for its result (None if it failed)."""
    import pickle

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        code = 1
        try:
            os.close(read)
            with os.fdopen(write, "wb") as out:
                pickle.dump(fn(*args), out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(write)

    def result():
        try:
            with os.fdopen(read, "rb") as got:
                data = got.read()
        finally:
            os.waitpid(pid, 0)
        try:
            return pickle.loads(data)
        except Exception:  # the child failed (an error, a signal): nothing or half a result
            return None

    return result


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
    workers = min(opts.jobs or _cores(), sum(1 for u in units if u.wanted))
    done = 0
    if fork and workers > 1 and _can_fork():
        for index, (pngs, sheets) in _draw_forked(session, units, drawn, opts, workers):
            land(index, pngs, sheets)
            done += units[index].items
            progress(done, total, units[index].output)
        return
    for index, unit in enumerate(units):
        land(index, *_draw_unit(session, unit, drawn, opts))
        done += unit.items
        progress(done, total, unit.output)


#: what a worker draws from: the session and the plan, set just before the workers are forked (they share them)
_FORKED: tuple | None = None


def _unit_in_child(index: int) -> tuple[dict, list]:
    session, units, drawn, opts = _FORKED
    return _draw_unit(session, units[index], drawn, opts)


def _draw_forked(session: Session, units: list[_Unit], drawn: set, opts: PreviewOptions, workers: int):
    """(index, drawn unit) as forked workers draw them, the largest units handed out first."""
    import concurrent.futures as cf
    import multiprocessing
    import sys

    global _FORKED
    _warm(session.kit)
    for stream in (sys.stdout, sys.stderr):  # what is buffered would be written again by each worker
        stream.flush()
    for unit in units:  # the pictures' keys, worked out once here, not in a worker and again as its unit lands
        for item_id, side in unit.wanted:
            session.pixel_key(item_id, side)
    _FORKED = (session, units, drawn, opts)
    try:
        with cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {pool.submit(_unit_in_child, i): i for i in sorted(range(len(units)), key=lambda i: -units[i].size)}
            for fut in cf.as_completed(futures):
                yield futures[fut], fut.result()
    finally:
        _FORKED = None


def _warm(kit) -> None:
    """Ready the drawing: import the PDF writer and PDFium, and parse the theme's fonts for embedding (before
    forking workers, which would each do it again)."""
    import pypdfium2  # noqa: F401

    from .render import pdf

    theme = kit.game.theme.fonts
    for name in dict.fromkeys((pdf.BASE_FONT, theme.title, theme.heading, theme.body, theme.italic)):
        try:
            get_font(name).ttfont
        except Exception:  # a font that cannot be parsed fails where it is drawn, with its own message
            pass


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _can_fork() -> bool:
    """Workers are forked only from a process with one thread: a fork copies no other thread, nor can it
    release a lock another thread held."""
    return hasattr(os, "fork") and threading.active_count() == 1


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
            font, bold = _label_font(LABEL_FONT, font_px), _label_font(CODE_FONT, font_px)
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


@lru_cache(maxsize=16)
def _label_font(name: str, px: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(get_font(name).path), px, layout_engine=ImageFont.Layout.BASIC)


def _codes(cell: Cell) -> list[str]:
    codes = list(dict.fromkeys(p.code for p in cell.problems))
    return codes if len(codes) <= 3 else codes[:2] + [f"+{len(codes) - 2} more"]


def _severity_colour(problems: list[Problem]) -> str:
    return ERROR_COLOUR if any(p.severity == ERROR for p in problems) else WARNING_COLOUR
