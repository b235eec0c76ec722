"""The rules booklet's markup: a small Markdown, read into blocks that know their line.

A section's text (``rules.yaml``) is read line by line, after its templates are rendered:

* a blank line ends a paragraph; single line breaks inside one join with a space;
* ``## Heading`` is a subheading;
* ``- item`` a bullet, ``1. item`` a numbered step (a line that starts neither continues the item; inside a
  paragraph only ``1.`` starts a list, so a wrapped line beginning with a number stays in its paragraph);
* ``| a | b |`` a table row; a ``| --- | --- |`` row under the first makes that row the header;
* ``@name argument`` alone on a line is a block drawn from the game's data (``BLOCKS``), also right under a
  paragraph or list item;
* ``**strong**`` and ``*emphasis*`` inside any line (``spans``).

Nothing here measures or draws: ``layout/booklet.py`` sets the blocks, ``rules/booklet.py`` checks them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: the generated blocks: name -> what its argument is ("" none, "table" a table id, "deck" a deck id)
BLOCKS = {
    "components": "",  # the components with their counts (the build manifest's)
    "money": "",  # the starting money: notes or chips of each value and the total
    "properties": "",  # every title: price, rents, building costs
    "table": "table",  # a table of tables.yaml
    "board": "",  # the board as a picture at the column's full width
    "lookup": "deck",  # each card of a deck: the start of its text and its help line
}

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
