"""Print options, defined once: their defaults, their command-line flags and their help.

``PrintOptions`` is what every command that places items on paper shares (build, preview,
watch, calibrate, bench). ``OPTIONS`` declares each one's flag, type and help text; the
``print_options(...)`` decorator puts the named ones on a click command, and
``from_cli(values)`` turns the parsed values back into a ``PrintOptions``. Numbers follow
../shared/PRINT.md.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .editions import Edition

PAPERS = ("a4", "letter", "a3", "tabloid")


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"  # sheet size for cards, notes, tokens and the tiled board
    bleed: float = 3.0  # mm of art past the trim on every side of an item
    margin: float = 6.0  # mm the printer cannot print at the paper's edge
    layout: str = "duplex"  # duplex | gutterfold | simplex
    flip: str = "long"  # long | short: the edge a duplex printer turns the paper on
    offset: tuple[float, float] = (0.0, 0.0)  # mm every back page is shifted (duplex misregistration)
    per_item: bool = False  # one item per page with TrimBox/BleedBox (for a print shop)
    overlap: float = 10.0  # mm board tiles overlap
    lang: str | None = None  # the edition's language (a kit's game.language or one of its translations)
    players: int | None = None  # the players the kit is printed for (None: players.max): copies of the money
    colour: str = "rgb"  # rgb | cmyk: process inks for a press (text and rules in solid black)
    ink: str = "full"  # full | saver: the ink-saver edition, no floods of colour (pnp/inksaver.py)
    see: str = "normal"  # previews only: the kit as seen with a colour-vision deficiency or in greyscale


DEFAULT = PrintOptions()


@dataclass(frozen=True)
class Flag:
    field: str
    decls: tuple[str, ...]
    help: str
    kind: str = "value"  # value | choice | flag | offset | lang | count
    choices: tuple[str, ...] = ()
    range: tuple[float, float] | None = None
    view: bool = False  # changes what a preview shows, never a PDF: only where named (or views=True)


OPTIONS: tuple[Flag, ...] = (
    Flag("paper", ("--paper",), "Sheet size for cards, notes, tokens and the tiled board.", "choice", PAPERS),
    Flag("bleed", ("--bleed",), "Bleed in mm: art printed past every cut.", range=(0, 10)),
    Flag("margin", ("--margin",), "Printable margin of the paper in mm (the printer's unprintable edge).",
         range=(0, 30)),
    Flag("layout", ("--layout",), "How fronts and backs are arranged.", "choice", ("duplex", "gutterfold", "simplex")),
    Flag("flip", ("--flip",), "Duplex flip edge of your printer.", "choice", ("long", "short")),
    Flag("offset", ("--offset",), "X,Y in mm: shift every back page to correct a printer's duplex misregistration.",
         "offset"),
    Flag("per_item", ("--per-item",), "One item per page at trim plus bleed (for a print shop).", "flag"),
    Flag("overlap", ("--overlap",), "Overlap between board tiles in mm.", range=(0, 50)),
    Flag("colour", ("--colour",), "rgb for screens and home printers; cmyk for a press: every colour in process "
                                  "inks, text and rules in solid black, at most 300 % ink.", "choice",
         ("rgb", "cmyk")),
    Flag("ink", ("--ink",), "full: the kit as designed; saver: no floods of colour (white grounds, colour kept "
                            "for bands, outlines and marks, backs hatched), for home printers.", "choice",
         ("full", "saver")),
    Flag("see", ("--see",), "Draw the kit as someone sees it with protanopia, deuteranopia or tritanopia "
                            "(simulated, Machado et al. 2009) or in greyscale: to check it with other eyes.", "choice",
         ("normal", "protanopia", "deuteranopia", "tritanopia", "greyscale"), view=True),
    Flag("lang", ("--lang",), "The edition's language, a two-letter code (default: the game's own): one the kit "
                              "carries (game.yaml language and translations).", "lang"),
    Flag("players", ("--players",), "Print for this many players (default: the game's most): as many copies of "
                                    "the money as their starting money and the bank's reserve need.", "count",
         range=(1, 99)),
)


def _offset(ctx, param, value):
    import click

    if value is None or isinstance(value, tuple):
        return value
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("write the offset as X,Y in mm, e.g. 0.5,-1") from None
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter("the offset is X,Y in mm, each between -20 and 20")
    return (x, y)


def _lang(ctx, param, value):
    import click

    if value is None:
        return None
    code = value.strip().lower()
    if len(code) != 2 or not code.isascii() or not code.isalpha():
        raise click.BadParameter("write a two-letter language code, e.g. en or fr")
    return code


def edition_of(opts: PrintOptions) -> "Edition":
    """The edition (language, players) a command's print options ask for."""
    from .editions import Edition

    return Edition(lang=opts.lang, players=opts.players)


def finite(ctx, param, value):
    """A click callback: NaN passes click's FloatRange (it compares false both ways); refuse it here."""
    import click

    if isinstance(value, float) and not math.isfinite(value):
        raise click.BadParameter("write a finite number")
    return value


def print_options(*names: str, defaults: PrintOptions = DEFAULT, views: bool = False) -> Callable:
    """Add the named print options (all when none are named, the view options among them with ``views``) to a
    click command."""
    import click

    chosen = [f for f in OPTIONS if f.field in names or (not names and (views or not f.view))]

    def decorate(fn):
        for f in reversed(chosen):
            default = getattr(defaults, f.field)
            if f.kind == "choice":
                opt = click.option(*f.decls, f.field, type=click.Choice(f.choices, case_sensitive=False),
                                   default=default, show_default=True, help=f.help)
            elif f.kind == "flag":
                opt = click.option(*f.decls, f.field, is_flag=True, help=f.help)
            elif f.kind == "lang":
                opt = click.option(*f.decls, f.field, callback=_lang, metavar="CODE", help=f.help)
            elif f.kind == "count":
                lo, hi = f.range
                opt = click.option(*f.decls, f.field, type=click.IntRange(int(lo), int(hi)), metavar="N",
                                   help=f.help)
            elif f.kind == "offset":
                opt = click.option(*f.decls, f.field, callback=_offset, metavar="X,Y", help=f.help)
            else:
                lo, hi = f.range
                opt = click.option(*f.decls, f.field, type=click.FloatRange(lo, hi), default=default,
                                   show_default=True, callback=finite, help=f.help)
            fn = opt(fn)
        return fn

    return decorate


def from_cli(values: dict[str, Any], base: PrintOptions = DEFAULT) -> dict[str, Any]:
    """The print options among a command's parsed values, normalised (missing ones keep ``base``'s)."""
    out: dict[str, Any] = {}
    for f in fields(PrintOptions):
        if f.name in values and values[f.name] is not None:
            v = values[f.name]
            out[f.name] = v.lower() if f.name == "paper" else v
        else:
            out[f.name] = getattr(base, f.name)
    return out


def record(opts: PrintOptions) -> dict:
    """The options as plain JSON values (for the manifest and incremental hashes)."""
    return {f.name: (list(getattr(opts, f.name)) if isinstance(getattr(opts, f.name), tuple)
                     else getattr(opts, f.name)) for f in fields(PrintOptions)}


__all__ = ["PrintOptions", "DEFAULT", "PAPERS", "OPTIONS", "print_options", "from_cli", "record", "replace",
           "edition_of"]
