"""Orchestrates a build: load → validate → layout → impose → render → output.

Everything is rendered in memory first; only when every part succeeded (and no
layout reported a content error) are the files written, all together.
"""
from __future__ import annotations

import gc
import os
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, incremental, words
from .content import edition_name, load_kit
from . import parts as registry
from .options import DEFAULT, PrintOptions, edition_of, record
from .problems import Problems

if TYPE_CHECKING:  # imported where used: a build with nothing to do decides so from hashes, before any of them
    from .editions import Edition
    from .impose import Sheet
    from .layout.common import Ctx, Item
    from .model import Kit
    from .output import OutFile, OutputFolder
    from .scene import Page

PARTS = registry.OUTPUT_NAMES


def __getattr__(name: str):
    """``build.SHEET_FIT`` and ``build.BOARD_CUT``, the rules a build reports when items do not fit the paper
    and when a board tile's cut crosses a text, are imported on first use: their module (pnp.rules.printing)
    imports the model, which a build with nothing to do never needs."""
    if name in ("SHEET_FIT", "BOARD_CUT"):
        from .rules import printing

        return getattr(printing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class BuildOptions(PrintOptions):
    """The print options and which outputs (--only) to build."""

    parts: tuple[str, ...] = PARTS
    #: measure each PDF's ink coverage (pnp/coverage.py; 1 to 3 s a kit), print it and record it in the manifest
    ink_coverage: bool = False


@dataclass
class BuildResult:
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    manifest: dict = field(default_factory=dict)
    rebuilt: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    #: the edition and the copies of the money it prints, and why: lines for the build's summary
    edition: list[str] = field(default_factory=list)


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector for the length of a build.

    A build makes hundreds of thousands of small objects (content nodes, scene shapes)
    that form trees, freed by reference counting as soon as they are dropped. The
    collector would walk them again and again and find nothing: a third of the time of a
    6000-card build, with the same peak memory when it is off.

    When it is switched back on, what the build made and kept (the kit, the results) is handed to the oldest
    generation at once (``gc.freeze`` then ``gc.unfreeze``: lists spliced, nothing walked), where a full
    collection looks at it in its time: else the first allocation after would walk every object the build
    made, as young ones (~0.05 s after a 6000-card build, in a command about to end)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def load_valid(root: Path, problems: Problems, edition: Edition | None = None, load=None) -> Kit | None:
    """Load (as ``edition``; ``load``: how, by default ``content.load_kit``) and run the rules; the kit is returned
    only when neither found an error."""
    from .rules import validator

    kit = (load or load_kit)(root, problems, edition)
    if kit is None:
        return None
    validator.run(kit, problems)
    return None if problems.errors else kit


def check_game(root: Path, problems: Problems, bleed: float = DEFAULT.bleed,
               edition: Edition | None = None) -> Kit | None:
    """Load, validate and lay out (to find texts that do not fit); the kit is returned only without errors."""
    with collector_paused():
        return _check_game(root, problems, bleed, edition)


def _check_game(root: Path, problems: Problems, bleed: float, edition: Edition | None) -> Kit | None:
    """Load and run every rule, then each part's layout findings: the kit loaded and the parts laid out again where
    their inputs changed since this folder's last validate, else read back from the user's cache
    (``pnp/checked.py``)."""
    read: dict = {}  # the content files, read once for both hashes
    kept, load = _kit_loader(root, edition, read)
    kit = load_valid(root, problems, edition, load=load)
    if kit is None:
        return None
    here = {"root": str(root), "cwd": os.getcwd()}
    options = {**here, "check": bleed, "lang": kit.language, "players": kit.players}
    inputs = incremental.part_inputs(root, [p.name for p in registry.PARTS], options, of=registry.part_sources,
                                     read=read)
    ctx = None
    for part in registry.PARTS:
        found = kept.recall(part.name, inputs[part.name])
        if found is None:
            if ctx is None:
                from .layout.common import Ctx

                ctx = Ctx(kit, bleed=bleed)
            found = ctx.problems = Problems()  # the part's own: kept as its findings, whatever ran before it
            _lay_out_and_check(ctx, part, bleed)
            kept.keep(part.name, inputs[part.name], found)
        problems.extend(found)
    kept.save()
    return None if problems.errors else kit


def _kit_loader(root: Path, edition: Edition | None, read: dict | None = None):
    """(this folder's kept findings, a loader for ``load_valid``): the loader gives the kit as loaded before from
    the same content files (their bytes, the files they name, the fonts, the edition, pnp itself: the hash
    ``incremental.part_inputs`` makes), restored from the user's cache (``pnp/checked.py``), else loads it and keeps
    it. ``validate`` and ``build`` keep the same kit: a build after a validate (or another build, ``--force`` too)
    of unchanged content reads it back instead of parsing the YAML again."""
    from .checked import Findings

    kept = Findings(root, incremental.engine_hash())
    # what is kept names the content files as the folder was given, shown from the working folder
    asked = {"root": str(root), "cwd": os.getcwd(), "edition": [edition.lang, edition.players] if edition else None}
    every_file = tuple(f.pattern for f in registry.FILES)
    kit_inputs = incremental.part_inputs(root, ["kit"], asked, of=lambda _: every_file, read=read)["kit"]
    return kept, lambda *a: _load_kept(kept, kit_inputs, *a)


def _load_kept(kept, inputs: str, root: Path, problems: Problems, edition: Edition | None) -> Kit | None:
    """The kit as loaded from these inputs before (None where it did not load), with the problems loading found,
    else loaded (and kept)."""
    found = kept.recall_kit(inputs)
    if found is not None:
        from .fonts import register_kit_fonts  # what loading does besides making the kit

        register_kit_fonts(root)
        kit, loaded = found
        problems.extend(loaded)
        return kit
    loaded = Problems()
    kit = load_kit(root, loaded, edition)
    kept.keep_kit(inputs, kit, loaded)  # None too: content that does not load says why again at once
    problems.extend(loaded)
    return kit


def _lay_out_and_check(ctx: Ctx, part: registry.Part, bleed: float) -> None:
    """Lay out one part's items, reporting into ``ctx.problems`` what does not fit or read (and, for the board,
    the texts the default paper's tile cuts run through)."""
    from . import tiling

    items = part.items(ctx)
    if part.output == "board" and items:  # where the default paper's tile cuts run
        d = DEFAULT
        plan = tiling.tile_plan(items[0].front, float(ctx.kit.board.size), bleed, d.paper, d.margin, d.overlap)
        report_board_cuts(ctx, items[0].front, d.paper, {"x": plan["seams_x"], "y": plan["seams_y"]},
                          plan["rows"] * plan["cols"], plan["fewest"])


def report_board_cuts(ctx: Ctx, drawing, paper: str, cuts: dict, tiles: int, fewest: dict | None) -> None:
    """W-board-cut for every text of the board a tile cut runs through (once per content value), and for
    those that made the board take more tiles than the paper needs."""
    from . import tiling
    from .rules.printing import BOARD_CUT

    half = float(ctx.kit.board.size) / 2
    name = paper.upper() if paper.startswith("a") else paper.capitalize()
    seen = set()
    found = [(axis, n, pos, text, "") for axis, n, pos, text in tiling.crossed(drawing, cuts["x"], cuts["y"])]
    if fewest and tiles > fewest["tiles"]:
        why = (f"; so the board prints as {tiles} tiles, not the {fewest['tiles']} the paper needs: clear that line "
               f"and it saves {tiles - fewest['tiles']} pages")
        found += [(axis, n, pos, text, why) for axis, n, pos, text in tiling.crossed(drawing, fewest["x"], fewest["y"])]
    for axis, n, pos, text, why in found:
        source = ctx.source_of(text)
        loc, path = (source[0].at(source[1]), source[0].sub(source[1])) if source else (ctx.kit.board.loc, "")
        if (loc, path) in seen:
            continue
        seen.add((loc, path))
        shown = " ".join(text.text.split())  # no-break spaces read as spaces
        shown = shown if len(shown) <= 40 else shown[:37] + "…"
        between = (f"columns {tiling.tile_name(1, n + 1)[:-1]} and {tiling.tile_name(1, n + 2)[:-1]}" if axis == "x"
                   else f"rows {n + 1} and {n + 2}")
        ctx.problems.report(BOARD_CUT, loc, path,
                            f"on {name} paper the cut between tile {between} (the line {axis} = {pos - half:+.0f} mm "
                            f"from the board's centre) {'would run' if why else 'runs'} through “{shown}”"
                            + (why or ": move it clear of that line, or print the board on larger paper or whole "
                                      "(board-full.pdf)"))


def part_items(ctx: Ctx, output: str) -> list[Item]:
    """Every item of one output (board, cards, notes, tokens), laid out by the parts the registry names."""
    return registry.items(ctx, output)


def pdf_bytes(title: str, subject: str, pages: list[Page], colour: str = "rgb") -> tuple[bytes, dict]:
    """The pages as one PDF (reportlab imported here only), in RGB or process inks, and what the manifest says
    of it."""
    data, info, _ = pdf_of_sheets(title, subject, pages, colour, lambda page: (page, None))
    return data, info


def pdf_of_sheets(title: str, subject: str, sheets, colour: str = "rgb", page_of=lambda s: (s.page, s)
                  ) -> tuple[bytes, dict, list]:
    """The PDF of ``sheets`` (any iterable: a generator is written as it goes, each sheet dropped once its page is
    written), what the manifest says of it, and each sheet's record (``page_of(sheet)``: its page and what is
    kept of it, by default the sheet's page record)."""
    from .render.pdf import PdfWriter  # reportlab is imported only when a PDF is written

    w = PdfWriter(title, subject, colour)
    sizes = []
    records = []
    for n, sheet in enumerate(sheets, 1):
        page, of = page_of(sheet)
        del sheet
        w.add(page)
        s = [round(page.width, 2), round(page.height, 2)]
        if s not in sizes:
            sizes.append(s)
        if of is not None:
            records.append(_page_record(n, of))
        del page, of
    data = w.finish()
    return data, {"pages": w.pages, "page_size_mm": sizes[0] if len(sizes) == 1 else sizes}, records


def _file_name(part: str, opts: BuildOptions) -> str:
    saver = "-ink-saver" if opts.ink == "saver" else ""  # beside the full-ink files, never over them
    if opts.per_item:
        return f"{part}-print-shop{saver}.pdf"
    if opts.layout == "duplex":
        return f"{part}-{opts.paper}{saver}.pdf"
    return f"{part}-{opts.paper}-{opts.layout}{saver}.pdf"


@dataclass
class PartResult:
    """One part rendered: its files, what the manifest says of it, and what its layout reported."""

    part: str
    files: list[OutFile]
    counts: dict
    record: dict
    problems: list = field(default_factory=list)


def _overlap(opts: BuildOptions) -> float:
    """mm the items' backgrounds run past their bleed: under a neighbour's on a sheet; none on a page of one item."""
    from .layout.common import SEAM_OVERLAP

    return 0.0 if opts.per_item else SEAM_OVERLAP


def render_part(kit: Kit, part: str, opts: BuildOptions, problems: Problems, ctx: Ctx | None = None
                ) -> PartResult | None:
    """Lay out, impose and render one part in memory. None if it has nothing to print or cannot be imposed.
    ``ctx``: the layout context the build's parts share (the booklet counts the items the other parts laid out,
    rather than lay them out again)."""
    from .impose import imposed as impose_each
    from .layout.common import Ctx
    from .rules.printing import SHEET_FIT

    ctx = ctx or Ctx(kit, bleed=opts.bleed, problems=problems, ink=opts.ink, overlap=_overlap(opts))
    items = part_items(ctx, part)
    if not items:
        return None
    imposed = registry.output(part).imposed
    if imposed == "board":
        return _build_board(ctx, opts, items[0])
    ctx.forget_fits()  # the items are checked: what the checks needed goes before the sheets are made
    counts, count = dict(Counter(it.kind for it in items)), len(items)
    try:
        if imposed == "booklet":
            from .layout.booklet import booklet_binding
            from .saddle import impose_booklet

            folded = opts.layout != "simplex" and not opts.per_item
            sheets = impose_booklet(items, opts, booklet_binding(ctx) if folded else None)
        else:
            _let_go(ctx, part)
            sheets = impose_each(items, opts, **imposing(kit, ctx, part, items))
    except ValueError as exc:
        problems.report(SHEET_FIT, kit.game.loc, "print", str(exc))
        return None
    del items  # the sheets hold what is still to print: each sheet's items go once its page is written
    from .output import OutFile

    name = _file_name(part, opts)
    data, info, pages = pdf_of_sheets(f"{kit.game.title}: {part}", part, sheets, opts.colour)
    return PartResult(part, [OutFile(name, data, info)], counts, {"files": [name], "items": count, "pages": pages})


def _let_go(ctx: Ctx, output: str) -> None:
    """What the layout context keeps of an output's items once they are laid out and checked, made light before
    they are printed: the items stay (the booklet counts them by kind) without their drawings, and the faces a
    deck laid out to find its text size go (its cards are laid out). Each drawing is then held by the sheets
    alone, and goes when its page is written."""
    from . import scene

    blank = scene.Group()
    for p in registry.parts_of(output):
        key = ("items", p.name)
        if key in ctx.memo:
            light = []
            for it in ctx.memo[key]:
                copy = object.__new__(type(it))  # copy.copy, without its trip through __reduce_ex__
                copy.__dict__.update(vars(it), front=blank, back=None, drawn=False)
                light.append(copy)
            ctx.memo[key] = light
    for key in [k for k in ctx.memo if isinstance(k, tuple) and k[0] == "deck-faces"]:
        del ctx.memo[key]


def _render_one(shared: tuple, part: str):
    """Worker for -j: render one part of the kit the parent loaded (inherited by the fork)."""
    kit, opts = shared
    problems = Problems()
    return render_part(kit, part, opts, problems), problems


def _warm(kit: Kit, todo: list[str]) -> None:
    """Do once, before forking, what every worker would otherwise repeat: import the layouts, the imposition
    and reportlab, and parse the fonts every page draws with (fallback fonts stay lazy)."""
    import importlib

    from . import impose, tiling  # noqa: F401
    from .render import pdf

    for p in registry.PARTS:
        if p.output in todo:
            importlib.import_module(f"pnp.layout.{p.layout.split(':')[0]}")
    pdf.ready_fonts(kit.game.theme.fonts)


def _render_forked(kit: Kit, todo: list[str], opts: BuildOptions, jobs: int, problems: Problems,
                   progress) -> list[PartResult]:
    """Render ``todo`` in ``jobs`` forked workers, biggest parts first; results in ``todo``'s order."""
    from . import forked

    _warm(kit, todo)
    order = sorted(todo, key=lambda p: -_WEIGHT.get(p, 0))
    done: dict[str, tuple] = {}
    for n, (part, result) in enumerate(forked.each(_render_one, (kit, opts), order, min(jobs, len(todo))), 1):
        done[part] = result
        progress(n, len(todo), part)
    results = []
    for part in todo:
        result, found = done[part]
        problems.extend(found)  # kept and counted, within the caps
        if result is not None:
            results.append(result)
    return results


#: rough relative cost of rendering each output (Etymonopoly: board 64 ms, cards 79, notes 30, tokens 17)
_WEIGHT = {"cards": 4, "board": 3, "rules": 3, "notes": 2, "tokens": 1}


def build_game(root: Path, out_dir: Path | None, opts: BuildOptions, problems: Problems,
               force: bool = False, jobs: int = 1, progress=None) -> BuildResult | None:
    """Validate, then render the parts whose inputs changed since the last build into ``out_dir``.

    Parts whose content files, options and engine are unchanged (by hash, recorded in the
    manifest) keep their files; with nothing changed nothing is rewritten. ``force`` rebuilds
    everything; ``jobs`` > 1 renders parts in that many processes (same bytes as serial).
    ``progress(done, total, part)`` is told as each part is finished.

    The folder's files change all together or not at all (``output.OutputFolder``): a failed or
    killed build leaves the previous output as it was."""
    root = Path(root)
    out_dir = Path(out_dir) if out_dir else default_out(root, opts.lang)
    from .output import OutputFolder  # (validate never writes: it does not import the writer of folders)

    with collector_paused(), OutputFolder(out_dir) as folder:
        return _build_game(root, out_dir, folder, opts, problems, force, jobs, progress)


def default_out(root: Path, lang: str | None) -> Path:
    """output/<game id>; an edition in a language other than the game's own goes to output/<game id>-<lang>."""
    return Path("output") / edition_name(root, lang)


def _build_game(root: Path, out_dir: Path, folder: OutputFolder, opts: BuildOptions, problems: Problems,
                force: bool, jobs: int, progress) -> BuildResult | None:
    progress = progress or (lambda done, total, part: None)
    read: dict = {}  # the content files, read once for every hash
    inputs = incremental.part_inputs(root, opts.parts, _option_record(opts), read=read)
    previous = incremental.read_manifest(out_dir)
    _same_edition(previous, opts, out_dir)
    todo = [p for p in opts.parts if force or not incremental.is_current(previous, out_dir, p, inputs[p])]
    if not todo:
        return BuildResult(out_dir, [], previous or {}, rebuilt=[], kept=list(opts.parts))
    edition = edition_of(opts)
    kit = load_valid(root, problems, edition, load=_kit_loader(root, edition, read)[1])
    if kit is None:
        return None
    from .rules import language

    language.let_go()  # the rules have run: what they keep for a next run goes before the parts are laid out
    from . import forked
    from .coverage import coverage
    from .output import OutFile, manifest_bytes

    results: list[PartResult] = []
    # with --ink-coverage, each PDF's ink is measured on a second thread while the next part is laid out
    # (PDFium renders without holding the GIL)
    with _measuring(opts.ink_coverage) as pool:
        measured = []
        if jobs > 1 and len(todo) > 1 and forked.can_fork():
            results = _render_forked(kit, todo, opts, jobs, problems, progress)
            measured = [(f, pool.submit(coverage, f.data)) for r in results for f in r.files if opts.ink_coverage]
        else:
            from .layout.common import Ctx

            shared = Ctx(kit, bleed=opts.bleed, problems=problems, ink=opts.ink, overlap=_overlap(opts))
            for n, part in enumerate(todo, 1):
                result = render_part(kit, part, opts, problems, shared)
                progress(n, len(todo), part)
                if result is not None:
                    results.append(result)
                    if opts.ink_coverage:
                        measured += [(f, pool.submit(coverage, f.data)) for f in result.files]
        for f, ink in measured:
            f.info["ink"] = ink.result()
    if problems.errors:  # a layout found text that does not fit: write nothing
        return None
    manifest = _manifest(kit, opts, inputs, results, previous, todo)
    files = [f for r in results for f in r.files]
    files.append(OutFile("manifest.json", manifest_bytes(manifest), {}))
    written = folder.publish(files)  # with the kept parts' files and whatever else the folder holds
    kept = [p for p in opts.parts if p not in todo]
    return BuildResult(out_dir, written, manifest, rebuilt=todo, kept=kept,
                       edition=edition_lines(kit, with_money="notes" in opts.parts))


@contextmanager
def _measuring(on: bool):
    """The thread each PDF's ink coverage is measured on (``--ink-coverage``), else None: concurrent.futures (and
    the logging it imports) is imported only then."""
    if not on:
        yield None
        return
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool


def edition_lines(kit: Kit, with_money: bool = True) -> list[str]:
    """What the build says of the edition: its language, its players and (when the money is printed) the copies
    of the money they need."""
    from .money import format_money
    from .supply import plan

    money = lambda v: format_money(v, kit.game.currency)  # noqa: E731
    copies = plan(kit) if with_money else []
    p = kit.game.players
    lines = [f"edition: {kit.language}, for {kit.players} players (the game takes {p.min} to {p.max}: --players N)"]
    if copies:
        lines.append("money printed in whole sets of money.yaml (the rest stays in the bank):")
        lines += [f"  {c.why(money)}" for c in copies]
    return lines


def _same_edition(previous: dict | None, opts: BuildOptions, out_dir: Path) -> None:
    """Refuse (``EditionError``, a usage error) to build some parts of another edition into a folder whose other
    parts stay from the last one: a kit of notes for 2 players and a booklet counting them for 8."""
    if not previous:
        return
    kept = [p for p in previous.get("parts", {}) if p not in opts.parts]
    was = previous.get("options", {})
    changed = [f"--{name} {was.get(name)} -> {getattr(opts, name)}" for name in ("lang", "players")
               if was.get(name) != getattr(opts, name)]
    if kept and changed:
        from .editions import EditionError

        raise EditionError(f"{out_dir} holds another edition ({'; '.join(changed)}) and --only would keep its "
                           f"{', '.join(kept)} from it: build every part (drop --only), or build into another "
                           f"--out")


def _option_record(opts: BuildOptions) -> dict:
    return {**record(opts), **({"ink_coverage": True} if opts.ink_coverage else {})}


def _manifest(kit: Kit, opts: BuildOptions, inputs: dict, results: list[PartResult], previous: dict | None,
              todo: list[str]) -> dict:
    """The new manifest: rebuilt parts from ``results``, kept parts copied from the previous manifest; the
    edition (language, players) and the copies of the money printed for its players, and why."""
    from .supply import plan

    manifest: dict = {
        "game": kit.id,
        "title": kit.game.title,
        "generator": f"pnp {__version__}",
        "options": {**_option_record(opts), "parts": list(opts.parts)},
        "edition": {"language": kit.language, "players": kit.players},
        "supply": [c.record() for c in plan(kit)],
        "files": [],
        "counts": {},
        "parts": {},
    }
    old_files = {f["name"]: f for f in (previous or {}).get("files", [])}
    fresh = {r.part: r for r in results}
    for part in opts.parts:
        if part in fresh:
            r = fresh[part]
            manifest["counts"][part] = r.counts
            manifest["parts"][part] = {**r.record, "inputs": inputs[part]}
            manifest["files"] += [{"name": f.name, "part": part, **f.info, "sha256": f.sha256} for f in r.files]
        elif part in todo:  # nothing to print for this part: remember that it is up to date
            manifest["parts"][part] = {"files": [], "items": 0, "inputs": inputs[part]}
        elif previous and part in previous.get("parts", {}):
            manifest["counts"][part] = previous["counts"][part]
            manifest["parts"][part] = previous["parts"][part]
            manifest["files"] += [old_files[n] for n in previous["parts"][part]["files"] if n in old_files]
    return manifest


def imposing(kit: Kit, ctx, output: str, items: list) -> dict:
    """What impose is told of an output's sheets besides its items and the print options: the kit's title, the
    print advice and the kinds of item it goes with (the output's ``advice_kinds``), the style and language of its
    words, and the kinds of item kept apart (``parts.kinds_apart``)."""
    return dict(kit_title=kit.game.sheet_name, part=output, advice=_advice(kit, output), advice_style=ctx.style,
                lang=kit.language, advice_kinds=registry.output(output).advice_kinds,
                apart=registry.kinds_apart(items))


def _advice(kit: Kit, output: str) -> str:
    """The money sets' print advice, printed on the money sheets; how to make the player tokens (pnp's words, in
    the edition's language), on the tokens sheets that hold standees (the output's ``advice_kinds``)."""
    if output == "tokens" and kit.counters.tokens:
        return words.of(kit.language)["standee"]
    if output != "notes":
        return ""
    sets = [ms for ms in (kit.money.notes, kit.money.chips) if ms is not None and ms.print_advice]
    return " ".join(" ".join(ms.print_advice.split()) for ms in sets)


def _page_record(n: int, s: Sheet) -> dict:
    return {"page": n, "side": s.side, "items": [p.record() for p in s.placed]}


def _build_board(ctx: Ctx, opts: BuildOptions, item: Item) -> PartResult:
    from .layout import board
    from . import tiling
    from .output import OutFile

    kit = ctx.kit
    drawing = item.front
    size = float(kit.board.size)
    label = kit.game.sheet_name
    full = tiling.board_full(drawing, size, opts.bleed, label, kit.language)
    tiles, grid = tiling.board_tiles(drawing, size, opts.bleed, opts.paper, opts.margin, opts.overlap, label,
                                     kit.language)
    report_board_cuts(ctx, drawing, opts.paper, grid["cuts"], grid["rows"] * grid["cols"], grid["fewest"])
    out = []
    saver = "-ink-saver" if opts.ink == "saver" else ""
    for name, pages in ((f"board-full{saver}.pdf", [full]), (f"board-{opts.paper}{saver}.pdf", tiles)):
        data, info = pdf_bytes(f"{kit.game.title}: board", "board", pages, opts.colour)
        out.append(OutFile(name, data, info))
    record = {
        "files": [o.name for o in out],
        "spaces": [{"index": g.index, "id": g.space.id, "name": g.space.name, "kind": g.space.kind,
                    "rect": [round(v, 3) for v in (g.x, g.y, g.w, g.h)]} for g in board.space_geometry(kit.board)],
        "tiles": grid,
    }
    return PartResult("board", out, {"spaces": len(kit.board.spaces)}, record)

