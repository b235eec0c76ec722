"""``pnp preview``: every item as a PNG, and contact sheets that show the problems.

A designer changes a card's text and wants to see the card, not a 40-page PDF. This draws
each item's front and back at trim size (or with its bleed) with the Pillow backend
(``render/png.py``, the same scenes the PDF shows), and one contact sheet per deck and part:
a grid of the items with their ids under them. An item whose drawing carries a problem is
outlined (red: an error, amber: a warning) with the problem's code under it.

Which problems belong to which drawing: layout reports texts that do not fit through
``Ctx.fit``; a tracing context remembers, for every text run a fit returned, the entity and
field it came from and the problems that fit reported. A drawing then owns the problems of
the runs it shows, and the validator's problems that point into the entities those runs
came from (same file, same path: ``cards[2].text``, or anywhere inside a listed entity such
as ``cards[2]``).

Items drawn from the same scene (copies of a card, every note of a value) are drawn once.
All files land together (``output.write_all``).
"""
from __future__ import annotations

import difflib
import io
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from . import parts as registry
from . import rules, scene
from .build import PARTS, part_items
from .options import DEFAULT, PrintOptions
from .content import UsageError, load_kit
from .fonts import get_font
from .layout.common import Ctx, Item
from .output import OutFile, write_all
from .problems import ERROR, Problem, Problems
from .render import png

#: contact sheets larger than this many pixels are drawn smaller
MAX_SHEET_PIXELS = 36_000_000
#: the board's cell on its contact sheet, at most (px)
BOARD_CELL = 1600
#: the board's own image, at most this many pixels a side (a 480 mm board at 150 dpi is 2835)
MAX_BOARD_SIDE = 8000
PNG_LEVEL = 3  # zlib level: nearly the size of the default 6 in half the time
ERROR_COLOUR = "#d7191c"
WARNING_COLOUR = "#e08a00"
SHEET_BACKGROUND = "#e6e6e3"
LABEL_FONT = "NotoSans-Regular"
CODE_FONT = "NotoSans-Bold"


@dataclass
class PreviewOptions:
    dpi: float = 150.0
    parts: tuple[str, ...] = PARTS
    item: str | None = None  # only this item id: its images, no contact sheets
    bleed: bool = False  # include the bleed around each item (default: the trim, as cut)
    print: PrintOptions = DEFAULT  # the bleed drawn around each item is the print's


@dataclass
class Cell:
    """One picture on a contact sheet: what it shows and the problems it is outlined for."""

    label: str
    group: scene.Group
    width: float  # mm of the region drawn
    height: float
    origin: tuple[float, float]
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
def _text_key(t: scene.Text) -> tuple:
    # colour is left out: layouts recolour fitted runs (a new Text with the same place and words)
    return (t.text, round(t.x, 4), round(t.y, 4), t.font, round(t.size, 4))


@dataclass
class TracingCtx(Ctx):
    """A layout context that remembers where each fitted text run came from and what it reported."""

    traces: dict = field(default_factory=dict)  # text key -> [(entity, field name, problems)]

    def fit(self, text, box, font, size, source, field_name, *args, **kw):
        before = len(self.problems.items)
        result = super().fit(text, box, font, size, source, field_name, *args, **kw)
        found = tuple(self.problems.items[before:])
        for s in result.shapes:
            if isinstance(s, scene.Text):
                self.traces.setdefault(_text_key(s), []).append((source, field_name, found))
        return result

    def traced(self) -> set:
        return {p for entries in self.traces.values() for _, _, found in entries for p in found}


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


def drawing_problems(group: scene.Group, ctx: TracingCtx, loose: list[Problem]) -> list[Problem]:
    """The problems a drawing shows: its fitted runs' own, and ``loose`` ones that point into their sources."""
    found: list[Problem] = []
    sources: dict[tuple[int, str], tuple] = {}
    for t in scene.walk_text(group):
        for source, field_name, probs in ctx.traces.get(_text_key(t), ()):
            found.extend(probs)
            sources.setdefault((id(source), field_name), (source, field_name))
    for p in loose:
        if any(_points_into(p, s, f) for s, f in sources.values()):
            found.append(p)
    out, seen = [], set()
    for p in found:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


# ------------------------------------------------------------------------------ the run
def preview_game(root: Path, out_dir: Path | None, opts: PreviewOptions, problems: Problems,
                 progress=None) -> PreviewResult | None:
    """Load, check, lay out and draw; None when the content cannot be loaded (nothing is written).

    Content errors found by the validator or the layout do not stop the preview (seeing them is
    its point): the drawings are written with the faulty items outlined, and the errors are in
    ``problems``. Raises ``UsageError`` for an unknown ``opts.item``."""
    kit = load_kit(root, problems)
    if kit is None:
        return None
    rules.run(kit, problems)
    invalid = bool(problems.errors)
    bleed = opts.print.bleed
    ctx = TracingCtx(kit, bleed=bleed, problems=problems)
    out_dir = Path(out_dir) if out_dir else Path("output") / kit.id / "preview"
    result = PreviewResult(out_dir)

    # lay out every asked part: (part, items)
    parts: list[tuple[str, list[Item]]] = []
    for part in opts.parts:
        try:
            items = part_items(ctx, part)
        except Exception:
            if not invalid:
                raise
            result.skipped.append(part)  # invalid content the layout cannot draw: the errors say why
            continue
        if items:
            parts.append((part, items))

    traced = ctx.traced()
    loose = [p for p in problems.items if p not in traced]
    cache: dict[int, list[Problem]] = {}
    board_file = kit.sources.get("board.yaml")
    for part, items in parts:
        if part == "board" and board_file is not None:
            # the board draws most names with a quiet fit (no trace): it owns whatever points into board.yaml
            own = drawing_problems(items[0].front, ctx, loose)
            cache[id(items[0].front)] = own + [p for p in loose if _same_file(p.loc.file, str(board_file))
                                               and p not in own]

    def problems_of(group: scene.Group | None) -> list[Problem]:
        if group is None:
            return []
        if id(group) not in cache:
            cache[id(group)] = drawing_problems(group, ctx, loose)
        return cache[id(group)]

    if opts.item is not None:
        every = [(out, it) for out, items in parts for it in items]
        chosen = [(out, it) for out, it in every if it.id == opts.item]
        if not chosen:
            near = difflib.get_close_matches(opts.item, [it.id for _, it in every], n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            where = f" in {', '.join(opts.parts)}" if tuple(opts.parts) != PARTS else ""
            raise UsageError(f"no item {opts.item!r}{where}{hint}")
        parts = [(chosen[0][0], [it for _, it in chosen])]

    painter = _Drawer(opts, bleed)
    files: list[OutFile] = []
    written_names: set[str] = set()
    progress = progress or (lambda done, total, part: None)
    for done, (part, items) in enumerate(parts, 1):
        for it in items:
            for side, group in (("front", it.front), ("back", it.back)):
                if group is None:
                    continue
                name = f"{_safe(it.id)}-{side}.png"
                if name in written_names:
                    continue
                written_names.add(name)
                files.append(OutFile(name, painter.png(group, it), {}))
                result.images += 1
            codes = [p.code for p in problems_of(it.front) + problems_of(it.back)]
            if codes:
                result.flagged[it.id] = list(dict.fromkeys(codes))
        if opts.item is not None:
            continue
        for sheet, cells in _sheets(ctx, part, items, opts, bleed, problems_of):
            name = f"contact-{sheet}.png"
            result.sheets[name] = cells
            title = f"{kit.game.title} · {sheet} · {_count(cells)}"
            files.append(OutFile(name, painter.sheet(cells, title, board=(part == "board")), {}))
        painter.forget_images()
        progress(done, len(parts), part)
    result.files = write_all(out_dir, files)
    return result


def _count(cells: list[Cell]) -> str:
    n = len(cells)
    bad = sum(1 for c in cells if c.problems)
    return f"{n} picture{'s' if n != 1 else ''}" + (f", {bad} with problems" if bad else "")


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "item"


def _sheets(ctx: Ctx, part: str, items: list[Item], opts: PreviewOptions, bleed: float, problems_of):
    """(sheet name, cells): one sheet per deck, titles, reference cards, or per part; then the distinct backs."""
    groups: dict[str, list[Item]] = {}
    for it in items:
        groups.setdefault(registry.group_of(it, part), []).append(it)
    for name, group_items in groups.items():
        pad = bleed if opts.bleed else 0.0
        fronts = [Cell(it.id, it.front, it.width + 2 * pad, it.height + 2 * pad, (-pad, -pad), problems_of(it.front))
                  for it in group_items]
        yield name, fronts
        backs: dict[int, list[Item]] = {}
        for it in group_items:
            if it.back is not None and it.back is not it.front:  # a counter's back is its front
                backs.setdefault(id(it.back), []).append(it)
        if backs:
            cells = []
            for sharing in backs.values():
                it = sharing[0]
                if len(sharing) == 1:
                    label = f"{it.id} (back)"
                elif len(sharing) == len(group_items):
                    label = f"back of all {len(sharing)}"
                else:
                    label = f"back of {len(sharing)}: {it.id}…"
                cells.append(Cell(label, it.back, it.width + 2 * pad, it.height + 2 * pad, (-pad, -pad),
                                  problems_of(it.back)))
            yield f"{name}-backs", cells


# ------------------------------------------------------------------------------ drawing
class _Drawer:
    """Renders each distinct drawing once (kept as PNG bytes) and lays out contact sheets."""

    def __init__(self, opts: PreviewOptions, bleed: float):
        self.opts = opts
        self.bleed = bleed
        self.pngs: dict[tuple, bytes] = {}
        self.images: dict[tuple, Image.Image] = {}

    def _region(self, it: Item) -> tuple[float, float, tuple[float, float]]:
        pad = self.bleed if self.opts.bleed else 0.0
        return it.width + 2 * pad, it.height + 2 * pad, (-pad, -pad)

    def _dpi(self, w: float, h: float) -> float:
        return min(self.opts.dpi, MAX_BOARD_SIDE * 25.4 / max(w, h))

    def image(self, group: scene.Group, w: float, h: float, origin: tuple[float, float]) -> Image.Image:
        key = (id(group), w, h, origin)
        if key in self.images:
            return self.images[key]
        if key in self.pngs:
            return Image.open(io.BytesIO(self.pngs[key])).convert("RGB")
        dpi = self._dpi(w, h)
        img = png.render(group, w, h, dpi, origin=origin)
        buf = io.BytesIO()
        img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=PNG_LEVEL)
        self.pngs[key] = buf.getvalue()
        self.images[key] = img
        return img

    def forget_images(self) -> None:
        """Drop the decoded images (a part's contact sheets are done); the PNG bytes stay."""
        self.images.clear()

    def png(self, group: scene.Group, it: Item) -> bytes:
        w, h, origin = self._region(it)
        key = (id(group), w, h, origin)
        if key not in self.pngs:
            self.image(group, w, h, origin)
        return self.pngs[key]

    def sheet(self, cells: list[Cell], title: str, board: bool = False) -> bytes:
        """A contact sheet: the cells in rows (left to right, as many as fit a roughly 3:2 sheet), each
        picture with its label under it, outlined and with its problem codes when it has problems."""
        images = [self.image(c.group, c.width, c.height, c.origin) for c in cells]
        scale = 1.0
        if board:
            scale = min(1.0, BOARD_CELL / max(max(im.size) for im in images))
        unit = max(1.0, self.opts.dpi / 150.0)
        ring = max(3, round(3 * unit))
        while True:
            font_px = max(11, round(13 * unit * min(1.0, max(scale, 0.6))))
            font = ImageFont.truetype(str(get_font(LABEL_FONT).path), font_px)
            bold = ImageFont.truetype(str(get_font(CODE_FONT).path), font_px)
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
        out = Image.new("RGB", (W, H), SHEET_BACKGROUND)
        draw = ImageDraw.Draw(out)
        draw.text((gap, head // 2 + gap // 2), title, font=bold, fill="#333333", anchor="lm")
        y = head + gap
        for r in rows:
            pic_h = max(boxes[i][1] for i in r)
            x = gap
            for i in r:
                cell, (w, h), (bw, _, _) = cells[i], sizes[i], boxes[i]
                im = images[i] if (w, h) == images[i].size else images[i].resize((w, h), Image.Resampling.LANCZOS)
                ix, iy = x + (bw - w) // 2, y + pic_h - h  # pictures stand on a common line
                if cell.problems:
                    draw.rectangle((ix - ring - 2, iy - ring - 2, ix + w + ring + 1, iy + h + ring + 1),
                                   fill=_severity_colour(cell.problems))
                else:
                    draw.rectangle((ix - 1, iy - 1, ix + w, iy + h), fill="#b4b4b0")
                out.paste(im, (ix, iy))
                cell.box = (ix, iy, w, h)
                ty = y + pic_h + ring + 4
                draw.text((x + bw / 2, ty), cell.label, font=font, fill="#222222", anchor="mt")
                for k, code in enumerate(_codes(cell), 1):
                    colour = _severity_colour([p for p in cell.problems if p.code == code] or cell.problems)
                    draw.text((x + bw / 2, ty + line * k), code, font=bold, fill=colour, anchor="mt")
                x += bw + gap
            y += pic_h + max(boxes[i][2] for i in r) + gap
        buf = io.BytesIO()
        out.save(buf, format="PNG", compress_level=PNG_LEVEL)
        return buf.getvalue()


def _codes(cell: Cell) -> list[str]:
    codes = list(dict.fromkeys(p.code for p in cell.problems))
    return codes if len(codes) <= 3 else codes[:2] + [f"+{len(codes) - 2} more"]


def _severity_colour(problems: list[Problem]) -> str:
    return ERROR_COLOUR if any(p.severity == ERROR for p in problems) else WARNING_COLOUR
