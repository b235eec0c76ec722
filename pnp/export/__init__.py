"""Exports beyond paper: a Tabletop Simulator table (``tts.py``) and a print-shop package (``shop.py``).

Both start where ``build`` starts: the content is loaded and validated, every part the registry
names is laid out (a text that does not fit is an error: nothing is written), and the items are
drawn from the same scenes the PDFs print, as PDF pages rasterised by PDFium (``render/raster.py``,
the pictures previews show): an exported card is the print's own pixels.

What they share lives here: laying the kit out, folding identical items into one ``Piece`` with
its count (ten copies of a note are one picture printed ten times), the counts the build's
manifest gives, and deterministic PNG bytes (no time stamps, no varying metadata; an ``sRGB``
chunk saying which colour space the numbers are in).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from .. import parts as registry
from ..build import collector_paused, load_valid, part_items
from ..editions import Edition
from ..layout.common import Ctx, Item
from ..model import Kit
from ..problems import Problems
from ..render import raster

#: zlib level of the exported PNGs: a little smaller than preview's quick level, for files that are uploaded
PNG_LEVEL = 6


@dataclass
class Laid:
    """A kit laid out for export: its items per output (board, cards, notes, tokens), in registry order."""

    kit: Kit
    items: dict[str, list[Item]]

    def counts(self) -> dict[str, dict[str, int]]:
        """Items per output and kind: what ``manifest.json``'s ``counts`` says of a build (the board: its spaces)."""
        out = {}
        for output, items in self.items.items():
            if output == "board":
                out[output] = {"spaces": len(self.kit.board.spaces)}
            elif items:
                out[output] = dict(Counter(it.kind for it in items))
        return out


def lay_out(root: Path, problems: Problems, bleed: float, edition: Edition | None = None) -> Laid | None:
    """Load (as ``edition``), validate and lay out every part; None (problems say why) when anything is wrong."""
    with collector_paused():
        kit = load_valid(root, problems, edition)
        if kit is None:
            return None
        ctx = Ctx(kit, bleed=bleed, problems=problems, overlap=0.0)  # one piece at a time: drawn to its bleed alone
        items = {output: part_items(ctx, output) for output in registry.OUTPUT_NAMES}
    return None if problems.errors else Laid(kit, items)


@dataclass
class Piece:
    """Identical items (the same front and back drawings at the same size), once, with their count."""

    name: str  # a file-safe name: the item's id, or the stem numbered copies share (note-500 for note-500-1 ...)
    output: str
    items: list[Item] = field(default_factory=list)

    @property
    def item(self) -> Item:
        return self.items[0]

    @property
    def count(self) -> int:
        return len(self.items)

    @property
    def ids(self) -> list[str]:
        return [it.id for it in self.items]


_NUMBERED = re.compile(r"^(.+)-\d+$")


def pieces(output: str, items: list[Item]) -> list[Piece]:
    """The distinct items of an output in their order, each with the items it stands for.

    Layouts draw the copies of an item from one scene (every note of a value, a card printed
    twice): the same front and back objects at the same size are the same printed piece."""
    found: dict[tuple, Piece] = {}
    for it in items:
        key = (id(it.front), id(it.back), it.width, it.height, it.round)
        if key not in found:
            found[key] = Piece("", output)
        found[key].items.append(it)
    out = list(found.values())
    taken: set[str] = set()
    for p in out:
        stems = {m.group(1) if (m := _NUMBERED.match(i)) else None for i in p.ids}
        name = safe(stems.pop() if p.count > 1 and len(stems) == 1 and None not in stems else p.item.id)
        base, n = name, 2
        while name in taken:  # two pieces whose names clash once made file-safe
            name, n = f"{base}-{n}", n + 1
        taken.add(name)
        p.name = name
    return out


def safe(name: str) -> str:
    """A name that is a file name on every system (as preview names its files)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "item"


def png_bytes(img: Image.Image, dpi: float | None = None) -> bytes:
    """The exports' PNGs, written by pnp's one PNG writer (``raster.png_bytes``): bytes that depend on the
    pixels only (no time stamp or text chunk), with an sRGB chunk and, with ``dpi``, the resolution; deflated
    harder than previews are (``PNG_LEVEL``), for files that are uploaded."""
    return raster.png_bytes(img, dpi, PNG_LEVEL, srgb=True)
