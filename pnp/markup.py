"""The rules booklet's markup: a small Markdown, read into blocks that know their line.

A section's text (``rules.yaml``) is read line by line, after its templates are rendered:

* a blank line ends a paragraph; single line breaks inside one join with a space;
* ``## Heading`` is a subheading;
* ``- item`` a bullet, ``1. item`` a numbered step (a line that starts neither continues the item; inside a
  paragraph only ``1.`` starts a list, so a wrapped line beginning with a number stays in its paragraph);
* ``| a | b |`` a table row; a ``| --- | --- |`` row under the first makes that row the header;
* ``@name argument`` alone on a line is a block drawn from the game's data (``BLOCKS``), also right under a
  paragraph or list item;
* ``@board [| caption]`` is the board's diagram, the caption (if any) under it;
* ``@figure WHAT [WHAT ...] [| caption]`` is a figure: printable items of the kit drawn side by side, as their sheets
  print them, with the caption under them. A WHAT is ``kind:id`` (``FIGURE_KINDS``): ``deed:mayfair`` (the title
  card of a space), ``card:chance:3`` (a deck's card by its number, 1 the first; ``card:chance`` its first),
  ``back:chance`` (a deck's back), ``note:500`` and ``chip:100`` (money by value), ``ref:turn`` (a reference card),
  ``counter:house`` and ``token:car`` (``figure`` reads it);
* ``**strong**`` and ``*emphasis*`` inside any line (``spans``).

Nothing here measures or draws: ``layout/booklet.py`` sets the blocks, ``rules/booklet.py`` checks them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: the generated blocks: name -> what its argument is ("" none, "table" a table id, "deck" a deck id, "caption" none
#: or "| caption", "items" ``figure``'s)
BLOCKS = {
    "components": "",  # the components with their counts (the build manifest's)
    "money": "",  # the starting money: notes or chips of each value and the total
    "properties": "",  # every title: price, rents, building costs
    "table": "table",  # a table of tables.yaml
    "board": "caption",  # the board as a picture at the column's full width, an optional caption after "|"
    "lookup": "deck",  # each card of a deck: the start of its text and its help line
    "figure": "items",  # printable items of the kit side by side, an optional caption after "|" (``figure``)
}

#: what a figure shows, by the kind its WHATs name: kind -> what its id names
FIGURE_KINDS = {
    "deed": "the space id of a title card",
    "card": "a deck id, then optionally :N, the card's number in its deck (1 the first)",
    "back": "a deck id (the deck's back)",
    "note": "a banknote's value",
    "chip": "a chip's value",
    "ref": "a reference card's id",
    "counter": "a counter's id",
    "token": "a token's id",
}


@dataclass(frozen=True)
class Shown:
    """One item a figure shows: its kind (FIGURE_KINDS), its id and, for a deck's card, its number (1 the first)."""

    kind: str
    id: str
    number: int = 1
    written: str = ""  # as the text has it (for a message)


def figure(arg: str) -> tuple[list[Shown], str, list[str]]:
    """A figure's argument read: (the items it shows, its caption, the WHATs that are not ``kind:id``). The items
    are split at any space (typography's no-break spaces too), the caption is what follows the first ``|``."""
    items, _, caption = arg.partition("|")
    shown, bad = [], []
    for word in items.split():
        kind, _, rest = word.partition(":")
        ident, _, number = rest.partition(":")
        if not kind or not ident or (number and (kind != "card" or not number.isdigit() or int(number) < 1)):
            bad.append(word)
            continue
        shown.append(Shown(kind, ident, int(number) if number else 1, word))
    return shown, caption.strip(), bad

PLAIN, STRONG, EMPHASIS = "", "strong", "emphasis"


@dataclass(frozen=True)
class Span:
    text: str
    style: str = PLAIN  # PLAIN, STRONG or EMPHASIS


@dataclass
class Block:
    kind: str  # "para", "heading", "item", "table", "generated"
    line: int  # 0-based line of the text where the block starts
    spans: list[Span] = field(default_factory=list)  # para, heading, item
    marker: str = ""  # item: "•" or "1." ...
    rows: list[list[list[Span]]] = field(default_factory=list)  # table: rows of cells
    header: bool = False  # table: the first row is the header
    name: str = ""  # generated: the block's name
    arg: str = ""  # generated: its argument


_ITEM = re.compile(r"^(-|\*|•|\d{1,9}[.)])\s+(.*)$")
_GENERATED = re.compile(r"^@([a-z][a-z-]*)(?:\s+(\S.*?))?\s*$")
_RULE_ROW = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")


def parse(text: str) -> list[Block]:
    """The blocks of a section's text, in order; never raises (an unknown @name is kept for the check)."""
    blocks: list[Block] = []
    para: list[str] = []
    item: Block | None = None
    table: Block | None = None
    start = 0

    def flush() -> None:
        nonlocal para, item, table
        if para:
            blocks.append(Block("para", start, spans(" ".join(para))))
        if item is not None:
            item.spans = spans(" ".join(s.text for s in item.spans))
            blocks.append(item)
        if table is not None:
            blocks.append(table)
        para, item, table = [], None, None

    for n, raw in enumerate(text.split("\n")):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("|"):
            if table is None:
                flush()
                table = Block("table", n)
            if _RULE_ROW.match(line):
                if len(table.rows) == 1 and not table.header:
                    table.header = True
                continue
            cells = line.strip("|").split("|")
            table.rows.append([spans(c.strip()) for c in cells])
            continue
        if table is not None:
            flush()
        generated = _GENERATED.match(line)
        if generated:  # a block on its own line, also right under a paragraph or an item
            flush()
            blocks.append(Block("generated", n, name=generated.group(1), arg=(generated.group(2) or "").strip()))
            continue
        if line.startswith("#"):
            flush()
            blocks.append(Block("heading", n, spans(line.lstrip("#").strip())))
            continue
        m = _ITEM.match(line)
        if m and para and m.group(1)[0].isdigit() and int(m.group(1)[:-1]) != 1:
            m = None  # a wrapped line that starts with a number ("5. ") goes on with its paragraph
        if m and not line.startswith("**"):
            flush()
            marker = "•" if m.group(1) in "-*•" else m.group(1).rstrip(")").rstrip(".") + "."
            item = Block("item", n, [Span(m.group(2))], marker=marker)
            continue
        if item is not None:
            item.spans.append(Span(line))
            continue
        if not para:
            start = n
        para.append(line)
    flush()
    return blocks


_EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=\S)(.+?)(?<=\S)\*")


def spans(line: str) -> list[Span]:
    """A line's runs: ``**strong**``, ``*emphasis*`` and the plain text between them."""
    out: list[Span] = []
    at = 0
    for m in _EMPHASIS.finditer(line):
        if m.start() > at:
            out.append(Span(line[at:m.start()]))
        out.append(Span(m.group(1), STRONG) if m.group(1) is not None else Span(m.group(2), EMPHASIS))
        at = m.end()
    if at < len(line):
        out.append(Span(line[at:]))
    return [s for s in out if s.text]


def plain(sp: list[Span]) -> str:
    return "".join(s.text for s in sp)
