"""Command line: thin click commands that hand their work to the modules that do it.

Exit codes: 0 success, 1 content errors (nothing written), 2 usage errors.
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import NoReturn

import click

from . import __version__
from .content import UsageError, list_games, resolve_game
from .options import PrintOptions, edition_of, finite, from_cli, print_options
from .parts import OUTPUT_NAMES as PART_NAMES
from .problems import Problems


def _resolve(game: str | None) -> Path:
    try:
        return resolve_game(game)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None


def _print_problems(problems: Problems, fmt: str = "text") -> None:
    if fmt == "json":
        click.echo(problems.to_json())
        return
    for p in problems.sorted():
        click.echo(str(p), err=True)
    if problems.items or problems.dropped:  # the totals count what was past the caps too
        click.echo(f"{problems.error_count} error(s), {problems.warning_count} warning(s)", err=True)


class _ProgressBar:
    """A bar on a terminal, silence elsewhere (pipes, CI, --quiet)."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.shown = False

    def __call__(self, done: int, total: int, part: str) -> None:
        if not self.enabled:
            return
        width = 24
        filled = width * done // total
        click.echo(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {part:<8}", err=True, nl=False)
        self.shown = True

    def close(self) -> None:
        if self.shown:
            click.echo("", err=True)


#: options several commands share, each defined here once
_quiet = click.option("-q", "--quiet", is_flag=True, help="No progress bar.")


def _jobs(what: str, default: int | None = None):
    return click.option("-j", "--jobs", type=click.IntRange(1, 64), default=default, show_default=default is not None,
                        help=what)


def _only(verb: str):
    return click.option("--only", "only", help=f"Comma list of outputs to {verb}: {', '.join(PART_NAMES)}.")


def _bar(quiet: bool) -> _ProgressBar:
    return _ProgressBar(enabled=not quiet and sys.stderr.isatty())


def _parts(value: str | None) -> tuple[str, ...]:
    if not value:
        return PART_NAMES
    parts = tuple(p.strip() for p in value.split(",") if p.strip())
    unknown = [p for p in parts if p not in PART_NAMES]
    if unknown or not parts:
        raise click.BadParameter(f"unknown part(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(PART_NAMES)}",
                                 param_hint="--only")
    return parts


#: the commands that may wait for another pnp's lock on an output folder (pnp/output.py)
_LOCKING = ("build", "preview", "watch", "serve", "export")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """pnp: print-and-play kits (board, cards, notes, counters) from YAML content."""
    if ctx.invoked_subcommand in _LOCKING:  # (the others do not import the writer of folders)
        from . import output

        output.on_wait = lambda message: click.echo(message, err=True)


@cli.command("list")
def list_cmd() -> None:
    """List the games: those under ./content and the kits that ship with pnp (id, title, where)."""
    games = list_games()
    if not games:
        click.echo("no games found (a game is a folder with a game.yaml, under ./content)", err=True)
    for g in games:
        click.echo(f"{g.id}\t{g.title}\t{'bundled' if g.bundled else './content'}")


def _explain_all() -> None:
    """Every rule, grouped by the module of its concern: code, severity, explanation."""
    import textwrap

    from .rules import concerns

    for i, concern in enumerate(concerns()):
        if i:
            click.echo()
        click.echo(f"{concern.name}: {concern.summary}")
        for r in concern.rules:
            click.echo(f"  {r.code} ({r.severity})")
            click.echo(textwrap.fill(r.explanation, 100, initial_indent="      ", subsequent_indent="      "))


@cli.command()
@click.argument("game", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json prints a list of {severity, code, file, line, column, path, message}.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--explain", metavar="CODE", help="Print what the check CODE (e.g. E-board-ring) checks and why, then "
                                                "exit; 'all' lists every check, grouped by concern.")
@print_options("lang", "players")
def validate(game: str | None, fmt: str, strict: bool, explain: str | None, **print_values) -> None:
    """Load GAME and check it; print every problem with file:line.

    GAME is a game id under ./content, a kit that ships with pnp, or a game folder's path; without it, the
    single game under ./content, else the bundled default (Etymonopoly)."""
    from .build import check_game

    if explain:
        from .rules import RULES, explain as explain_code

        if explain.strip().lower() == "all":
            _explain_all()
            return
        text = explain_code(explain)
        if text is None:
            import difflib

            near = difflib.get_close_matches(explain, list(RULES), n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise click.UsageError(f"no check with code {explain!r}{hint}")
        click.echo(f"{explain}: {text}")
        return
    root = _resolve(game)
    problems = Problems()
    check_game(root, problems, edition=edition_of(PrintOptions(**from_cli(print_values))))
    _print_problems(problems, fmt)
    failed = bool(problems.errors) or (strict and bool(problems.warnings))
    if not failed and fmt == "text":
        click.echo(f"{root}: ok" + (f" ({len(problems.warnings)} warning(s))" if problems.warnings else ""))
    sys.exit(1 if failed else 0)


def _older_pdfs(out_dir: Path, manifest: dict) -> list[str]:
    """The PDFs in a build's folder that its manifest does not list."""
    listed = {f["name"] for f in manifest.get("files", [])}
    try:
        return sorted(p.name for p in out_dir.iterdir() if p.suffix.lower() == ".pdf" and p.name not in listed)
    except OSError:
        return []


def _print_ink(manifest: dict, ink: str) -> None:
    """Each PDF's ink coverage and the kit's ink in all (mm² of full ink: comparable across editions)."""
    from .coverage import ink_area, line

    files = [f for f in manifest.get("files", []) if "ink" in f]
    for f in files:
        click.echo(line(f["name"], f["ink"]))
    if files:
        total = sum(ink_area(f) for f in files) / 1e6
        hint = "" if ink == "saver" else "; --ink saver prints the kit without its floods of colour"
        click.echo(f"ink in all: {total:.2f} m² of full ink{hint}")


@cli.command()
@click.argument("game", required=False)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: output/<game-id>).")
@_only("build")
@print_options()
@click.option("--force", is_flag=True, help="Rebuild every part, even those whose content has not changed.")
@click.option("--ink-coverage", is_flag=True,
              help="Measure how much ink each PDF takes (per process ink, % of the page) and the kit in all; "
                   "recorded in the manifest. Adds a second or more.")
@_jobs("Build independent parts in this many processes.", default=1)
@_quiet
def build(game, out_dir, only, force, ink_coverage, jobs, quiet, **print_values) -> None:
    """Validate GAME and write its PDFs and manifest into output/<game>/ (GAME as for validate)."""
    from .build import BuildOptions, build_game

    root = _resolve(game)
    opts = BuildOptions(parts=_parts(only), ink_coverage=ink_coverage, **from_cli(print_values))
    problems = Problems()
    bar = _bar(quiet)
    result = build_game(root, out_dir, opts, problems, force=force, jobs=jobs, progress=bar)
    bar.close()
    _print_problems(problems)
    if result is None:
        click.echo("build failed: nothing was written", err=True)
        sys.exit(1)
    if not result.rebuilt:
        click.echo(f"{result.out_dir.absolute().as_uri()}: up to date, nothing rewritten (--force rebuilds)")
        if opts.ink_coverage:  # measured when the files were written: the manifest has it
            _print_ink(result.manifest, opts.ink)
        return
    for f in result.files:
        click.echo(f"wrote {f}")
    _print_ink(result.manifest, opts.ink)
    for line in result.edition:
        click.echo(line)
    if result.kept:
        click.echo(f"unchanged, kept: {', '.join(result.kept)}")
    others = _older_pdfs(result.out_dir, result.manifest)
    if others:  # a maker printing the folder must not print a stale booklet or an old layout
        click.echo(f"also in the folder, not from this build (earlier builds or other editions): {', '.join(others)}")
    click.echo(f"the kit is in {result.out_dir.absolute().as_uri()}")


@cli.command()
@print_options("paper", "flip", "lang")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for calibrate-<paper>.pdf.")
def calibrate(out_dir: Path, **print_values) -> None:
    """Write a two-sided sheet from which you read your printer's duplex offset (for --offset X,Y)."""
    from .calibrate import calibration_pages
    from .output import OutFile, write_all
    from .render.pdf import PdfWriter

    opts = from_cli(print_values)
    paper, flip, lang = opts["paper"], opts["flip"], opts["lang"] or "en"
    from . import words

    if lang not in words.WORDS:
        click.echo(f"pnp has no words in {lang!r}: the sheet is in English (it speaks {', '.join(sorted(words.WORDS))})",
                   err=True)
        lang = "en"
    writer = PdfWriter("pnp duplex calibration")
    for page in calibration_pages(paper, flip, lang):
        writer.add(page)
    name = f"calibrate-{paper}{'-short' if flip == 'short' else ''}{'' if lang == 'en' else '-' + lang}.pdf"
    (path,) = write_all(out_dir, [OutFile(name, writer.finish(), {})])
    click.echo(f"wrote {path}: print it double-sided at 100 %, hold it against a light, read X and Y on the sheet")


@cli.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("content/schema"),
              show_default=True, help="Folder for the *.schema.json files.")
def schema(out_dir: Path) -> None:
    """Write JSON Schemas for the content files (editors complete and check fields with them).

    Start a content file with '# yaml-language-server: $schema=../schema/game.schema.json'
    (decks: ../../schema/deck.schema.json) and an editor with the YAML language server checks it as you type."""
    from .output import OutFile, write_all
    from .schemas import render_all

    for path in write_all(out_dir, [OutFile(name, data, {}) for name, data in render_all().items()]):
        click.echo(f"wrote {path}")


@cli.command()
@click.argument("name")
@click.option("--from", "source", metavar="GAME|FILE.csv", help="Copy this kit (an id under ./content or a "
              "folder) instead of the commented starter; or start from the starter with its deck's cards read "
              "from this CSV file (header row = card fields).")
def new(name: str, source: str | None) -> None:
    """Create content/NAME: a game that validates and builds at once, to edit from there."""
    from .scaffold import ScaffoldContentError, ScaffoldError, new_game

    cards_csv = Path(source) if source and Path(source).is_file() else None
    if source and cards_csv is None and source.lower().endswith(".csv"):
        raise click.UsageError(f"{source}: no such file (--from takes a game or a .csv file of cards)")
    src = _resolve(source) if source and cards_csv is None else None
    try:
        dest = new_game(name, Path("content"), src, cards_csv)
    except ScaffoldContentError as exc:
        _print_problems(exc.problems)
        click.echo(f"nothing created: fix {source} and run pnp new again", err=True)
        sys.exit(1)
    except ScaffoldError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(f"created {dest}: edit its YAML, then run `pnp validate {dest}` and `pnp build {dest}`")
    if cards_csv is not None:
        click.echo(f"its deck reads its cards from {dest / 'decks' / 'luck.csv'}, a copy of {source}")


@cli.command("watch")
@click.argument("game", required=False)
@click.option("--pdf", is_flag=True, help="Also rebuild the PDFs (only the parts a change reaches).")
@click.option("--dpi", type=click.FloatRange(30, 600), default=150, show_default=True, callback=finite,
              help="Preview resolution.")
@print_options(views=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: output/<game-id>).")
@click.option("--interval", type=click.FloatRange(0.05, 60), default=0.05, show_default=True, callback=finite,
              help="Seconds between looks at the files.")
@_quiet
def watch_cmd(game: str | None, pdf: bool, dpi: float, out_dir: Path | None, interval: float, quiet: bool,
              **print_values) -> None:
    """Draw GAME's previews, then redraw the pictures a saved file changes (with --pdf, rebuild those PDFs
    too); each problem is told once. Ctrl-C stops."""
    from .build import BuildOptions, build_game, default_out
    from .preview import PreviewOptions, folder_name, preview_game
    from .session import Session
    from .watch import Reporter, snapshot, watch

    root = _resolve(game)
    options = BuildOptions(**from_cli(print_values))
    out_dir = out_dir or default_out(root, options.lang)
    opts = PreviewOptions(dpi=dpi, print=options)
    report = Reporter(lambda line: click.echo(line, err=True))
    click.echo(f"watching {root} (Ctrl-C to stop)")
    seen = snapshot(root)
    session = Session(root, dpi, print=options)
    bar = _bar(quiet)
    first = preview_game(root, out_dir / folder_name(options.ink, options.see), opts, Problems(), progress=bar, session=session)
    bar.close()
    report(session.problems)
    if first is None:
        click.echo("✗ the content could not be loaded: fix and save again")
    else:
        click.echo(f"drew {first.images} picture(s) and {len(first.sheets)} contact sheet(s) in {first.out_dir}")

    def on_change(changed: list[str], parts: list[str]) -> None:
        click.echo(f"changed: {', '.join(changed)} (reaches {', '.join(parts) or 'nothing printed'})")
        had_pictures = bool(session.items)
        update = session.refresh([root / c for c in changed])
        if update.error is not None:
            report(update.problems)
            click.echo("✗ the content could not be loaded" + (": the last good previews stay" if had_pictures else "")
                       + "; fix and save again")
            return
        if update.changed:
            shown = preview_game(root, out_dir / folder_name(options.ink, options.see), opts, Problems(), session=session,
                                 only=None if not had_pictures else update.changed)
            if shown is not None:
                click.echo(f"redrew {len(update.changed)} item(s): {len(shown.files)} preview file(s) in {shown.out_dir}")
        else:
            click.echo("no picture changed")
        errors, warnings = report(update.problems)
        if errors:
            click.echo(f"✗ {errors} error(s), marked on the pictures; fix and save again")
            return
        if pdf:
            result = build_game(root, out_dir, options, Problems())
            if result is not None and result.rebuilt:
                click.echo(f"rebuilt {', '.join(result.rebuilt)} in {result.out_dir}")
        click.echo(f"✓ ok ({warnings} warning(s))")

    try:
        watch(root, on_change, interval, seen=seen)
    except KeyboardInterrupt:
        pass
    click.echo("stopped")


@cli.command("serve")
@click.argument("game", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8022, show_default=True,
              help="Port on 127.0.0.1 (0: any free port; a default port in use is replaced by a free one).")
@click.option("--dpi", type=click.FloatRange(30, 300), default=100, show_default=True, callback=finite,
              help="Resolution of the pictures.")
@click.option("--editor", metavar="COMMAND", envvar="PNP_EDITOR",
              help="Opens a file:line the page links to, e.g. 'code -g {file}:{line}' or 'subl {file}:{line}' "
                   "(default: $PNP_EDITOR; without one the page copies file:line).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.option("--interval", type=click.FloatRange(0.05, 10), default=0.2, show_default=True, callback=finite,
              help="Seconds between looks at the game folder.")
@print_options("lang", "players", "ink", "see")
def serve_cmd(game, port, dpi, editor, open_browser, interval, **print_values) -> None:
    """Show GAME in the browser: every item's front and back by part, the problems listed and marked on
    the items, each item's source file:line. The page updates by itself when a file is saved; a YAML
    mistake shows as a banner and the last good pictures stay. Listens on 127.0.0.1 only. Ctrl-C stops."""
    import signal

    from .serve import EditorError, Live, make_server, parse_editor

    def stop(signum, frame):
        raise KeyboardInterrupt

    # Ctrl-C and a plain kill stop the server cleanly, also when started in the background of a script
    # (a shell starts background jobs with SIGINT ignored, and Python then never raises KeyboardInterrupt)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    root = _resolve(game)
    try:
        argv = parse_editor(editor)
    except ValueError as exc:  # shlex's own words (exc) kept as the detail
        raise click.UsageError(f"--editor {editor!r} cannot be read as a command: a quote is left open or it ends "
                               f"in a backslash ({exc})") from None
    try:
        live = Live(root, dpi=dpi, interval=interval, editor=argv, log=lambda line: click.echo(line),
                    print=PrintOptions(**from_cli(print_values)))
    except KeyboardInterrupt:  # stopped while the kit was first drawn
        click.echo("stopped")
        return
    except EditorError as exc:
        raise click.UsageError(str(exc)) from None
    default_port = click.get_current_context().get_parameter_source("port") == click.core.ParameterSource.DEFAULT
    try:
        server = make_server(live, port, fallback=default_port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; "
                               "pick another --port (0: any free one)") from None
    state = live.state
    errors = sum(p["severity"] == "error" for p in state["problems"])
    click.echo(f"{state['title']}: {len(live.session.items)} item(s), {errors} error(s), "
               f"{len(state['problems']) - errors} warning(s)" + (f"; {state['error']['text']}" if state["error"] else ""))
    try:  # from the moment the address is out, a stop signal may come at any step
        click.echo(f"serving {root} at {server.url} (Ctrl-C to stop)")
        live.start()
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        live.close()
        server.server_close()
    click.echo("stopped")


@cli.command()
@click.argument("game", required=False)
@click.option("--dpi", type=click.IntRange(30, 600), default=150, show_default=True, help="Resolution of the images.")
@_only("draw")
@click.option("--item", "item_id", metavar="ID",
              help="Only this item (e.g. luck-go): its front and back, no contact sheets.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: output/<game-id>/preview; with --ink saver, preview-ink-saver).")
@click.option("--bleed", "with_bleed", is_flag=True,
              help="Draw each item with its 3 mm bleed (default: at trim size, as it looks cut).")
@_jobs("Draw in this many processes (default: one per core).")
@print_options("lang", "players", "ink", "see")
@_quiet
def preview(game, dpi, only, item_id, out_dir, with_bleed, jobs, quiet, **print_values) -> None:
    """Draw GAME's items as PNGs and contact sheets, to look at rather than print.

    Writes <item-id>-front.png and <item-id>-back.png at trim size (the size of the cut piece; --bleed
    adds the bleed), contact-<deck or part>.png with every item and its id, contact-<...>-backs.png with
    the distinct backs, and board-front.png. An item whose drawing has a problem is outlined on its
    contact sheet, red for an error, amber for a warning, with the problem's code under it.

    Exit 1 when the content has errors: if it could be loaded, the previews are still written (to show
    the errors); if not, nothing is written."""
    from .content import UsageError
    from .preview import PreviewOptions, preview_game

    root = _resolve(game)
    opts = PreviewOptions(dpi=dpi, parts=_parts(only), item=item_id, bleed=with_bleed, jobs=jobs or 0,
                          print=PrintOptions(**from_cli(print_values)))
    problems = Problems()
    bar = _bar(quiet)
    try:
        result = preview_game(root, out_dir, opts, problems, progress=bar)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    bar.close()
    _print_problems(problems)
    if result is None:
        click.echo("preview failed: nothing was written", err=True)
        sys.exit(1)
    for part in result.skipped:
        click.echo(f"{part}: not drawn, the errors above must be fixed first", err=True)
    sheets = len(result.sheets)
    click.echo(f"wrote {result.images} item image(s)" + (f" and {sheets} contact sheet(s)" if sheets else "")
               + f" to {result.out_dir}")
    if result.flagged:
        shown = ", ".join(f"{k} ({', '.join(v)})" for k, v in list(result.flagged.items())[:5])
        more = f" and {len(result.flagged) - 5} more" if len(result.flagged) > 5 else ""
        click.echo(f"{len(result.flagged)} item(s) with problems, outlined on the contact sheets: {shown}{more}")
    sys.exit(1 if problems.errors else 0)


@cli.group()
def export() -> None:
    """Export GAME beyond paper: for Tabletop Simulator (tts) or for a print shop (shop)."""


@export.command("tts")
@click.argument("game", required=False)
@click.option("--dpi", type=click.IntRange(50, 300), default=150, show_default=True,
              help="Resolution of the card images (a deck whose 10 x 7 sheet would pass 4096 px gets less).")
@click.option("--base-url", default="", metavar="URL",
              help="Put URL before every image's file name in the JSON: where you uploaded the images "
                   "(default: the file names alone, relative to the JSON).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: output/<game-id>-tts).")
@print_options("lang", "players")
def export_tts_cmd(game, dpi, base_url, out_dir, **print_values) -> None:
    """Write GAME as a Tabletop Simulator saved object (<game>.json) with its images, in output/<game>-tts/.

    Decks become card sheets (at most 10 x 7, 4096 px), the board one image, money piles per value,
    counters bags of tiles, player tokens standing figures; every count as the build's manifest says."""
    from .export.tts import TtsOptions, export_tts

    root = _resolve(game)
    problems = Problems()
    edition = edition_of(PrintOptions(**from_cli(print_values)))
    result = export_tts(root, out_dir, TtsOptions(dpi=dpi, base_url=base_url, edition=edition), problems)
    _print_problems(problems)
    if result is None:
        click.echo("export failed: nothing was written", err=True)
        sys.exit(1)
    click.echo(f"wrote {len(result.files)} file(s) to {result.out_dir}: {result.save} is the saved object "
               f"(copy it into Tabletop Simulator's Saves/Saved Objects folder)")
    if not base_url:
        click.echo("the JSON names its images by file name: upload them and export again with --base-url URL")


@export.command("shop")
@click.argument("game", required=False)
@click.option("--dpi", type=click.IntRange(72, 600), default=300, show_default=True,
              help="Resolution of the PNG files.")
@click.option("--format", "fmt", type=click.Choice(["auto", "png", "pdf"]), default="auto", show_default=True,
              help="png: an image per face; pdf: a vector page per face with TrimBox/BleedBox; auto: the board "
                   "as PDF, the rest PNG.")
@_only("export")
@print_options("bleed", "colour", "lang", "players")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="The zip to write (default: output/<game-id>-shop.zip).")
def export_shop_cmd(game, dpi, fmt, only, out_file, **print_values) -> None:
    """Write GAME's print-shop package: each distinct piece once, front and back at trim + bleed, numbered,
    with its count, and files.csv listing file, side, count and size, in output/<game>-shop.zip."""
    from .export.shop import ShopOptions, export_shop

    root = _resolve(game)
    chosen = PrintOptions(**from_cli(print_values))
    opts = ShopOptions(dpi=dpi, format=fmt, parts=_parts(only), bleed=chosen.bleed, edition=edition_of(chosen),
                       colour=chosen.colour)
    problems = Problems()
    result = export_shop(root, out_file, opts, problems)
    _print_problems(problems)
    if result is None:
        click.echo("export failed: nothing was written", err=True)
        sys.exit(1)
    fronts = [r for r in result.rows if r["side"] == "front"]
    click.echo(f"wrote {result.path} ({result.size / 1e6:.1f} MB): {len(fronts)} distinct pieces, "
               f"{sum(r['count'] for r in fronts)} copies, {len(result.rows)} files, listed in files.csv")


def _raised(exc: Exception, module: str, name: str) -> bool:
    """``exc`` is ``module.name``: looked up only if the module was imported (else it cannot have raised it),
    so ``main`` imports neither the fonts nor the output writer for commands that never use them."""
    mod = sys.modules.get(f"pnp.{module}")
    return mod is not None and isinstance(exc, getattr(mod, name))


def main() -> None:
    try:
        cli(prog_name="pnp")
    except SystemExit as done:
        _leave(done)
    except Exception as exc:
        if _raised(exc, "output", "OutputError"):  # a folder that cannot be written is the user's to fix
            click.echo(f"Error: {exc}", err=True)
            _leave(SystemExit(2))
        if _raised(exc, "editions", "EditionError"):  # --lang or --players the kit does not offer
            click.echo(f"Error: {exc}", err=True)
            _leave(SystemExit(2))
        if _raised(exc, "fonts", "FontMissing"):  # pnp's own fonts are missing: a broken installation
            click.echo(f"Error: {exc}; reinstall pnp (pipx reinstall pnp, or pip install --force-reinstall)",
                       err=True)
            _leave(SystemExit(2))
        raise


def _leave(done: SystemExit) -> NoReturn:
    """End the process now that the command is over, without Python's teardown.

    At exit Python frees every object one by one, runs exit handlers (PDFium's frees the library the OS is
    about to reclaim) and collects garbage: 60-100 ms after a preview, a sixth of an ``--item`` run, and
    nothing a finished command needs (pnp writes its files whole and closes them, and leaves no temporary
    file behind). The standard streams are flushed first. The normal exit is taken when a thread is still
    running (it would be cut off) or when the exit status is not a number (Python prints it)."""
    code = 0 if done.code is None else done.code
    if not isinstance(code, int) or threading.active_count() > 1:
        raise done
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe (pnp validate | head): the normal exit says nothing more
        raise done from None
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
