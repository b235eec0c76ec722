"""Orchestrates a build: load → validate → layout → impose → render → output.

Everything is rendered in memory first; only when every part succeeded (and no
layout reported a content error) are the files written, all together.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import __version__, validate
from .content import load_kit
from .impose import SheetOptions, Sheet, impose
from .layout.common import Ctx, Item
from .model import Kit
from .output import OutFile, manifest_bytes, write_all
from .problems import Problems
from .render.pdf import Page, PdfWriter

PARTS = ("board", "cards", "notes", "tokens")


@dataclass
class BuildOptions:
    paper: str = "a4"
    parts: tuple[str, ...] = PARTS
    bleed: float = 3.0
    margin: float = 6.0
    layout: str = "duplex"
    flip: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    per_item: bool = False
    overlap: float = 10.0


@dataclass
class BuildResult:
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    manifest: dict = field(default_factory=dict)


def check_game(root: Path, problems: Problems, bleed: float = 3.0) -> Kit | None:
    """Load, validate and lay out (to find texts that do not fit); the kit is returned only without errors."""
    kit = load_kit(root, problems)
    if kit is None:
        return None
    validate.check(kit, problems)
    if problems.errors:
        return None
    ctx = Ctx(kit, bleed=bleed, problems=problems)
    for part in PARTS:
        if part == "board":
            _board_drawing(ctx)
        else:
            part_items(ctx, part)
    return None if problems.errors else kit


def part_items(ctx: Ctx, part: str) -> list[Item]:
    from .layout import cards, pieces

    if part == "cards":
        return cards.card_items(ctx)
    if part == "notes":
        return pieces.note_items(ctx) + pieces.chip_items(ctx)
    if part == "tokens":
        return pieces.counter_items(ctx) + pieces.token_items(ctx)
    return []


def _board_drawing(ctx: Ctx):
    from .layout import board

    return board.draw_board(ctx)


def _pdf(title: str, subject: str, pages: list[Page]) -> tuple[bytes, dict]:
    w = PdfWriter(title, subject)
    for p in pages:
        w.add(p)
    data = w.finish()
    sizes = []
    for p in pages:
        s = [round(p.width, 2), round(p.height, 2)]
        if s not in sizes:
            sizes.append(s)
    return data, {"pages": len(pages), "page_size_mm": sizes[0] if len(sizes) == 1 else sizes}


def _file_name(part: str, opts: BuildOptions) -> str:
    if opts.per_item:
        return f"{part}-print-shop.pdf"
    if opts.layout == "duplex":
        return f"{part}-{opts.paper}.pdf"
    return f"{part}-{opts.paper}-{opts.layout}.pdf"


def build_game(root: Path, out_dir: Path | None, opts: BuildOptions, problems: Problems) -> BuildResult | None:
    kit = load_kit(root, problems)
    if kit is None:
        return None
    validate.check(kit, problems)
    if problems.errors:
        return None
    ctx = Ctx(kit, bleed=opts.bleed, problems=problems)
    out_dir = Path(out_dir) if out_dir else Path("output") / kit.id
    sheet_opts = SheetOptions(paper=opts.paper, margin=opts.margin, bleed=opts.bleed, layout=opts.layout,
                              flip=opts.flip, offset=opts.offset, per_item=opts.per_item)
    files: list[OutFile] = []
    manifest: dict = {
        "game": kit.id,
        "title": kit.game.title,
        "generator": f"pnp {__version__}",
        "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(opts).items()},
        "files": [],
        "counts": {},
        "parts": {},
    }
    for part in opts.parts:
        if part == "board":
            files += _build_board(ctx, opts, manifest)
            continue
        items = part_items(ctx, part)
        if not items:
            continue
        try:
            sheets = impose(items, sheet_opts, kit.game.title, part, _advice(kit, part))
        except ValueError as exc:
            problems.error("E-sheet-fit", kit.game.loc, "print", str(exc))
            return None
        name = _file_name(part, opts)
        data, info = _pdf(f"{kit.game.title}: {part}", part, [s.page for s in sheets])
        files.append(OutFile(name, data, info))
        manifest["counts"][part] = dict(Counter(it.kind for it in items))
        manifest["parts"][part] = {"file": name, "items": len(items), "pages": _page_records(sheets)}
    if problems.errors:  # a layout found text that does not fit: write nothing
        return None
    for f in files:
        manifest["files"].append({"name": f.name, **f.info, "sha256": f.sha256})
    files.append(OutFile("manifest.json", manifest_bytes(manifest), {}))
    written = write_all(out_dir, files)
    return BuildResult(out_dir, written, manifest)


def _advice(kit: Kit, part: str) -> str:
    notes = kit.money.notes
    return " ".join(notes.print_advice.split()) if part == "notes" and notes and notes.print_advice else ""


def _page_records(sheets: list[Sheet]) -> list[dict]:
    return [{"page": n, "side": s.side, "items": [p.record() for p in s.placed]} for n, s in enumerate(sheets, 1)]


def _build_board(ctx: Ctx, opts: BuildOptions, manifest: dict) -> list[OutFile]:
    from .layout import board
    from . import tiling

    kit = ctx.kit
    drawing = board.draw_board(ctx)
    size = float(kit.board.size)
    label = f"{kit.game.title} · board"
    full = tiling.board_full(drawing, size, opts.bleed, label)
    tiles, grid = tiling.board_tiles(drawing, size, opts.bleed, opts.paper, opts.margin, opts.overlap, label)
    out = []
    for name, pages in (("board-full.pdf", [full]), (f"board-{opts.paper}.pdf", tiles)):
        data, info = _pdf(f"{kit.game.title}: board", "board", pages)
        out.append(OutFile(name, data, info))
    manifest["counts"]["board"] = {"spaces": len(kit.board.spaces)}
    manifest["parts"]["board"] = {
        "files": [o.name for o in out],
        "spaces": [{"index": g.index, "id": g.space.id, "name": g.space.name, "kind": g.space.kind,
                    "rect": [round(v, 3) for v in (g.x, g.y, g.w, g.h)]} for g in board.space_geometry(kit.board)],
        "tiles": grid,
    }
    return out
