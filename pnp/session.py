"""The warm session ``pnp serve``, ``pnp watch`` and ``pnp preview`` see a kit through.

A designer changes a card's text and wants to see the card, not a 40-page PDF. A ``Session``
loads, validates and lays out a game once and keeps it (fonts, parsed content, the drawings);
``refresh()`` does it again after a save and says which items' pictures changed: each side of
each item has a key, a digest of its drawing (the scene is plain data: shapes, texts, fonts,
colours, positions, and the bytes of the pictures it names) and of the problem marks drawn on
it; only items whose key changed are drawn again. Items drawn from the same scene (copies of a
card, every note of a value) are drawn once.

Pictures are the print's own pixels: each drawing is written as a PDF page by the build's PDF
writer and rasterised by PDFium (``render/raster.py``). Problems are drawn on top: a frame in
the severity's colour (red: an error, amber: a warning), a box around each text run a problem
concerns, and the codes in the top-left corner.

Which problems belong to which drawing: layout reports texts that do not fit through
``Ctx.fit``, and the layout context remembers, for every text run a fit returned, the entity and
field it came from and the problems that fit reported (``Ctx.sources``). A drawing then owns the
problems of the runs it shows, and the validator's problems that point into the entities those
runs came from (same file, same path: ``cards[2].text``, or anywhere inside a listed entity such
as ``cards[2]``).
"""
from __future__ import annotations

import hashlib
import io
import os
import threading
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from . import parts as registry
from . import scene
from .content import load_kit
from .editions import EditionError
from .fonts import get_font
from .layout.common import Ctx, Item, text_key
from .options import DEFAULT, PrintOptions, edition_of
from .parts import OUTPUT_NAMES as PARTS
from .problems import ERROR, Loc, Problem, Problems
from .rules import validator
from .rules.schema import EDITION_GONE
from .render import raster

if TYPE_CHECKING:  # Pillow is imported where it is used: an item without problems is drawn without it
    from PIL import Image, ImageFont

#: the board's own image, at most this many pixels a side (a 480 mm board at 150 dpi is 2835)
MAX_BOARD_SIDE = 8000
PNG_LEVEL = 1  # zlib level of raster.png_bytes (unfiltered rows: drawings are flat colours and text)
ERROR_COLOUR = "#d7191c"
WARNING_COLOUR = "#e08a00"
CODE_FONT = "DejaVuSans-Bold"  # the codes on a picture; labels, not print: FreeType draws DejaVu ~8x faster
#: drawings rendered from one PDF at a time (fonts embedded and parsed once per batch)
BATCH = 40


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
            try:
                kit = load_kit(self.root, problems, edition_of(self.print))
            except EditionError as exc:  # a save took the edition away (players.max under --players)
                if not self.items:
                    raise  # at the start: a usage error, as for a build
                problems.report(EDITION_GONE, Loc(str(self.root / "game.yaml")), "", str(exc))
                kit = None
            return self._take(kit, problems)

    def _take(self, kit, problems: Problems) -> Update:
        """Check and lay out a kit just loaded (None: it could not be)."""
        with self._lock:
            if kit is None:  # the last good state stays
                self.problems = problems.sorted()
                self.error = next((p for p in self.problems if p.severity == ERROR), None)
                return Update(set(), set(), self.problems, self.error)
            validator.run(kit, problems)
            entries, skipped = self._lay_out(kit, problems)
            if skipped:  # keep what was last drawn of an output the layout could not draw now, in the order it had
                kept = {k: e for k, e in self._entries.items() if e.info.output in skipped and k not in entries}
                order = list(self._entries) + [k for k in entries if k not in self._entries]
                entries = {k: entries.get(k) or kept[k] for k in order if k in entries or k in kept}
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
        ctx = Ctx(kit, bleed=self.print.bleed, problems=problems, ink=self.print.ink, see=self.print.see)
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
                for (k, _, _, dpi, _), picture in zip(batch, draw_jobs(batch)):
                    pending.append((k, pool.submit(png_of, picture, dpi)))
                    if keep:
                        kept[k] = picture
                if progress:
                    progress(min(start + BATCH, len(jobs)), len(jobs), "pictures")
            for k, fut in pending:
                pngs[k] = fut.result()
        return pngs, kept


def draw_jobs(batch: list[tuple]) -> list:
    """The pictures of a batch of jobs (``Session._job``), from one PDF: ``raster.Pixels``, or a Pillow image
    of them with the picture's problems drawn on top."""
    regions = [(group, w, h, origin) for _, group, (w, h, origin), _, _ in batch]
    pixels = raster.render_many(regions, [dpi for _, _, _, dpi, _ in batch])
    return [_draw_marks(px.image(), marks, region, dpi) if marks else px
            for (_, _, region, dpi, marks), px in zip(batch, pixels)]


def png_of(picture, dpi: float) -> bytes:
    """A picture of ``draw_jobs`` (``raster.Pixels`` or a Pillow image) as the PNG a preview writes."""
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
    font = label_font(CODE_FONT, max(9, round(8 * dpi / 72)))
    y = 2 * unit
    for code in codes[:3] + ([f"+{len(codes) - 3} more"] if len(codes) > 3 else []):
        colour = ERROR_COLOUR if any(m.code == code and m.severity == ERROR for m in marks) else WARNING_COLOUR
        left, top, right, bottom = draw.textbbox((3 * unit, y), code, font=font)
        draw.rectangle((left - unit, top - unit, right + unit, bottom + unit), fill=colour)
        draw.text((3 * unit, y), code, font=font, fill="#ffffff")
        y = bottom + 2 * unit
    return img


@lru_cache(maxsize=16)
def label_font(name: str, px: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(get_font(name).path), px, layout_engine=ImageFont.Layout.BASIC)
