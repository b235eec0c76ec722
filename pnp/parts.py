"""The registry: every content file and every printable part, declared once.

``FILES``: the files a game folder may hold: where (a name or a glob), which model class
the file is converted to, whether it must exist, and the JSON Schema it follows.
``content.load_kit``, ``pnp schema`` and the incremental build read it.

``PARTS``: what gets printed. A part names the content files it is drawn from, the
function that lays out its items (``module:function``, imported only when the part is
drawn), and the output it is imposed on. ``OUTPUTS`` are the PDFs a build writes: sheets
of items (cards, notes, tokens), the board (one big sheet and tiles) or a booklet (pages folded and
stapled: the rules). ``build``,
``preview``, ``watch``, the manifest and ``--only`` read both.

A new printable part is a layout module with a ``items(ctx) -> list[Item]`` function and
one line in ``PARTS``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from fnmatch import fnmatch
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # layouts import the model; the registry stays cheap to import
    from .layout.common import Ctx, Item


@dataclass(frozen=True)
class ContentFile:
    pattern: str  # a file name relative to the game folder, or a glob ("decks/*.y*ml")
    model: str  # the model class in pnp/model.py the file converts to
    kind: str  # schema name: content/schema/<kind>.schema.json
    required: bool = False
    many: bool = False  # a glob: every match is one object (a deck per file)

    @property
    def schema(self) -> str:
        return f"{self.kind}.schema.json"

    def model_class(self):
        from . import model

        return getattr(model, self.model)


FILES: tuple[ContentFile, ...] = (
    ContentFile("game.yaml", "Game", "game", required=True),
    ContentFile("board.yaml", "Board", "board", required=True),
    ContentFile("tables.yaml", "Tables", "tables"),
    ContentFile("titles.yaml", "Titles", "titles"),
    ContentFile("money.yaml", "MoneySet", "money"),
    ContentFile("counters.yaml", "Counters", "counters"),
    ContentFile("reference.yaml", "Reference", "reference"),
    ContentFile("decks/*.y*ml", "Deck", "deck", many=True),
    ContentFile("rules.yaml", "Booklet", "rules"),
)

#: files every part depends on: texts are templates that may name anything in them
SHARED = ("game.yaml", "board.yaml", "tables.yaml")


@dataclass(frozen=True)
class Output:
    name: str  # what --only names; the PDF is <name>-<paper>.pdf
    imposed: str  # "sheets": items on sheets with marks and backs; "board": one sheet and tiles
    #: the kinds of item a sheet must hold for the output's print advice to be printed on it (none: every front)
    advice_kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    name: str
    output: str
    files: tuple[str, ...]  # content files it is drawn from (besides SHARED)
    layout: str  # "module:function" under pnp.layout, giving the part's items
    contact: str = ""  # preview: the contact sheet its items go on ("{kind}": one per kind); default the output
    #: each kind of its items in a block of its own on the sheet (no row of houses ends in hotels), where that adds
    #: no sheet (impose.plan)
    kinds_apart: bool = False

    def items(self, ctx: "Ctx") -> list["Item"]:
        items = self.laid_out(ctx)
        from .legibility import check_items  # every drawing a part makes is checked for legibility

        check_items(ctx, items, self.name, self.files)
        if ctx.see != "normal":  # a preview with other eyes: drawn so, checked as it prints
            key = ("seen", self.name)
            if key not in ctx.memo:
                from .seeas import as_seen

                ctx.memo[key] = [as_seen(it, ctx.see) for it in items]
            return ctx.memo[key]
        return items

    def laid_out(self, ctx: "Ctx") -> list["Item"]:
        """The part's items as its layout makes them, unchecked; laid out once per context (the booklet counts
        the items of the parts laid out before it)."""
        key = ("items", self.name)
        if key not in ctx.memo:
            module, func = self.layout.split(":")
            fn: Callable[["Ctx"], list["Item"]] = getattr(importlib.import_module(f"pnp.layout.{module}"), func)
            items = fn(ctx)
            if ctx.ink == "saver":
                from .inksaver import identities, saver

                keep = identities(ctx.kit)
                items = [saver(it, ctx.colours.paper, keep) for it in items]
            ctx.memo[key] = items
        return ctx.memo[key]


OUTPUTS: tuple[Output, ...] = (
    Output("board", "board"),
    Output("cards", "sheets"),
    Output("notes", "sheets"),
    Output("tokens", "sheets", advice_kinds=("token", "marker")),  # the advice: how to make a standee
    Output("rules", "booklet"),
)

PARTS: tuple[Part, ...] = (
    Part("board", "board", ("decks/*.y*ml",), "board:board_items"),  # the centre shows the decks
    Part("titles", "cards", ("titles.yaml",), "cards:title_items", contact="titles"),
    Part("decks", "cards", ("decks/*.y*ml",), "cards:deck_items", contact="{kind}"),  # a sheet per deck
    Part("reference", "cards", ("reference.yaml",), "cards:reference_items", contact="reference"),
    Part("notes", "notes", ("money.yaml",), "pieces:note_items"),
    Part("chips", "notes", ("money.yaml",), "pieces:chip_items", kinds_apart=True),
    Part("counters", "tokens", ("counters.yaml",), "pieces:counter_items", kinds_apart=True),
    Part("tokens", "tokens", ("counters.yaml",), "pieces:token_items"),
    # the booklet: its pages; its generated blocks read every file (components, money, titles, tables, the board)
    Part("rules", "rules", ("rules.yaml", "titles.yaml", "decks/*.y*ml", "reference.yaml", "money.yaml",
                            "counters.yaml"), "booklet:booklet_pages", contact="rules"),
)

OUTPUT_NAMES: tuple[str, ...] = tuple(o.name for o in OUTPUTS)


def output(name: str) -> Output:
    return next(o for o in OUTPUTS if o.name == name)


def parts_of(output_name: str) -> tuple[Part, ...]:
    return tuple(p for p in PARTS if p.output == output_name)


def sources(output_name: str) -> tuple[str, ...]:
    """The content files (names and globs) an output is drawn from."""
    out = list(SHARED)
    for p in parts_of(output_name):
        out += [f for f in p.files if f not in out]
    return tuple(out)


def part_sources(name: str) -> tuple[str, ...]:
    """The content files (names and globs) one registry part is drawn from."""
    own = part(name).files
    return SHARED + tuple(f for f in own if f not in SHARED)


def part(name: str) -> Part | None:
    return next((p for p in PARTS if p.name == name), None)


def kinds_apart(items: list["Item"]) -> frozenset[str]:
    """The kinds of ``items`` whose part sets each kind in a block of its own (``Part.kinds_apart``)."""
    apart = {p.name for p in PARTS if p.kinds_apart}
    return frozenset(it.kind for it in items if it.part in apart)


def items(ctx: "Ctx", output_name: str) -> list["Item"]:
    """Every item of an output, part by part in registry order; each item is stamped with its part."""
    out: list["Item"] = []
    for p in parts_of(output_name):
        for it in p.items(ctx):
            it.part = p.name
            out.append(it)
    return out


def group_of(item: "Item", output_name: str) -> str:
    """The group an item is shown and handed out in: its part's ``contact`` (a deck per kind, the title
    cards, the reference cards), else the output's name. A deck named like a part is prefixed with its
    part's name (``decks-titles``), so two groups never share a name."""
    declared = part(item.part)
    if not declared or not declared.contact:
        return output_name
    name = declared.contact.format(kind=item.kind)
    if "{kind}" in declared.contact and name in {p.name for p in PARTS} | set(OUTPUT_NAMES):
        name = f"{declared.name}-{name}"
    return name


def reached_by(changed: list[str]) -> list[str]:
    """The outputs a change to these content files (paths relative to the game folder) can reach."""
    return [o for o in OUTPUT_NAMES if any(fnmatch(f, pat) for f in changed for pat in sources(o))]


def file_for(relative: str) -> ContentFile | None:
    """Which declared content file a path relative to the game folder is."""
    return next((f for f in FILES if fnmatch(relative, f.pattern)), None)
