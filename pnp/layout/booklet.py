"""The rules booklet: rules.yaml set as A5 pages (the registry's ``rules`` part, one item per page).

A cover (the game's title and subtitle, the booklet's title, the players, the board in miniature, the
intro), the sections, and a back cover (the turn at a glance: the reference cards rules.yaml's ``back_cover`` names,
set large, ``_summary``; the game's credits at its foot; the imposed booklet's slugs say how to print and bind
it, ``booklet_binding``). The sections: their text read by ``pnp/markup.py`` and set in the kit's fonts and typography,
with the blocks the markup names drawn from the game's data (components with the manifest's counts, the
starting money, the property table, tables.yaml's tables, the board, a deck's lookup, figures of the kit's own
printed items). Every page after the cover has a running head and its number.

Setting rules: body text 9.5 pt (never under ``MIN_BODY_PT``); a heading never ends a page (it goes over with HEAD_LINES
lines of the text that follows, of a paragraph or a list, or a short paragraph and the first lines after it; where that
costs a sheet of paper, LEAST_HEAD_LINES of a list and a paragraph's first lines, and where it would leave more than
FOOT_LEAST of a page's foot blank, LEAST_HEAD_LINES there, the text flowing on: ``_Pages._keep``); a paragraph split
between pages leaves at least two lines on each; a list's short first item never ends a page alone, nor its short last
item starts one; a table row never splits, a table split over pages keeps SIDE_ROWS rows on each side of a break (else
it goes whole to the next page; the text after it stays after it, for it reads the table) and repeats its header row
under its caption and "(continued)" (``_Setter._continued``), and starts on the left-hand page overleaf rather than go
on from a right-hand page to the one overleaf where that leaves at most TURN_VOID blank (``_Pages._turn``: it splits
across a spread); every table is set at the column's full measure, its columns as wide as their content asks (a header
cell wider than its column's body reaches over a neighbour's header where counting it would wrap a body cell,
``_Setter._hung``); a name and its number (Tollbooth 3) never part at a line's end (``_named``). The board's picture
inside (``@board``) is set at the column's full width, never smaller (the cover has its miniature): where a page has not
the room for it, it goes to the top of the next and what follows it in its section comes up to fill the room (a figure
floats); a booklet that would take another sheet of paper for it, or cost a table its SIDE_ROWS rows a side, leaves it
out. A figure (``@figure``: the parts' own laid-out items, clipped to their trim, outlined and scaled to FIGURE_SCALE or
the column, side by side) floats the same way, and where a table goes whole to the next page the section's next figure
after it that fits the room left is set there (``_Pages._fill``, down to FIGURE_LEAST of its size): only figures move,
never text; each picture is kept or left out in turn, the board's first, then the figures in the booklet's order
(``set_pages``). The pages are imposed by ``pnp/booklet.py`` (saddle stitch on A4 or Letter, or plain pages). Once
flowed, every text page but the last ends at the column's foot, its blank spread over the gaps between its blocks
(``_Pages.feather``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable

from .. import markup, scene
from .. import words as pnp_words
from ..fonts import PT, text_width
from ..legibility import MIN_PT
from ..model import Booklet, RulesSection, Table
from ..rules.booklet import RULES_BLANK, RULES_FIGURE, line_of, too_large
from ..rules.printing import TEXT_OVERFLOW
from ..saddle import Binding
from ..text import _runs, even_breaks, greedy_lines as _greedy
from ..typeset import NBSP, NO_BREAK, Style, bind_short, running, typeset
from .common import Ctx, Item, contrast, contrast_ratio, mix, space_colour
from .icons import group_mark, icon
from .table import cell_text

PAGE_W, PAGE_H = 148.0, 210.0  # A5, mm
SIDE, TOP, BOTTOM = 15.0, 18.0, 17.0  # margins, mm: the text column is PAGE_W - 2 * SIDE wide
COLUMN = PAGE_W - 2 * SIDE
BODY_PT = 9.5
MIN_BODY_PT = 8.0  # the smallest text the booklet prints (tables shrink to it, never below)
LEADING = 1.32
TABLE_PT = 8.5
CAP, DESC = 0.74, 0.24  # em above and below the baseline a line of text takes

#: pnp's own words in the booklet, by language (a language not here gets English)
def words(ctx: Ctx) -> dict[str, str]:
    """pnp's words in the edition's language (pnp/words.py)."""
    return pnp_words.of(ctx.kit.language)


# --------------------------------------------------------------------------- setting text
@dataclass
class _Word:
    pieces: list[tuple[str, str]]  # (text, font)
    width: float  # mm

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.pieces)


@dataclass
class _Line:
    words: list[_Word]
    width: float
    #: its runs as drawn at (x, size, space) (``_draw_line``): the booklet is flowed several ways (``set_pages``'
    #: trials), each setting every line again at the same x; a line is never changed once made
    drawn: dict = field(default_factory=dict, repr=False, compare=False)


class _Tabbed(_Word):
    """A word of texts set on stops (a rent ladder's figures in their columns, ``_Steps``): each text ends at its
    stop, mm from the word's start (the figures of one step stand on one right edge, row under row)."""

    def __init__(self, stops: list[tuple[float, str, str]], width: float):
        super().__init__([(" ".join(t for _, t, _ in stops), stops[0][2] if stops else "")], width)
        self.stops = stops  # (right edge, text, font)


@dataclass
class _Steps:
    """A rent ladder set in columns in the property table (terms.rent_heads): each step's head over its column, the
    step's rents right-aligned under it, each column as wide as its widest head or rent, STEP_GAP mm between, the
    columns evened and the gaps widened where the room allows (``word``)."""

    heads: list[str]
    rows: list[list[str]]  # every ladder's figures
    head_font: str
    body_font: str
    _widths: dict = field(default_factory=dict, repr=False)

    def widths(self, size: float) -> list[float]:
        if size not in self._widths:
            self._widths[size] = [max([text_width(h, self.head_font, size)]
                                      + [text_width(r[k], self.body_font, size) for r in self.rows if k < len(r)])
                                  for k, h in enumerate(self.heads)]
        return self._widths[size]

    def word(self, cells: list[str], head: bool, size: float, room: float = 0.0) -> _Tabbed:
        """``cells`` (a ladder's rents, or the heads: ``head``) on the columns' stops at ``size``, filling ``room`` mm
        where it is wider than they need (the cell's, the row's: every row of a table given the same room, its stops
        stand in line): the narrower columns evened first (``_level``), then the gaps widened alike."""
        font = self.head_font if head else self.body_font
        widths = self.widths(size)
        n = len(widths)
        if n > 1 and room - STEP_GAP * (n - 1) > sum(widths):  # the room beyond the columns' own widths evens
            # them first (columns of their own widths read as crowded beside loose: "80 200" against "200 440",
            # review 13), then widens the gaps alike
            widths = _level(widths, room - STEP_GAP * (n - 1))
        least = sum(widths) + STEP_GAP * max(0, n - 1)
        gap = STEP_GAP + max(0.0, room - least) / (n - 1) if n > 1 else 0.0
        stops, x = [], 0.0
        for w, cell in zip(widths, cells):
            x += w
            stops.append((x, cell, font))
            x += gap
        return _Tabbed(stops, max(least, room) if n > 1 else least)


def _level(widths: list[float], room: float) -> list[float]:
    """``widths`` made as even as ``room`` mm (more than their sum) allows: the narrowest raised to one width, as
    many as it takes, none past the widest (what is left over is the caller's)."""
    ordered = sorted(widths)
    if room >= len(ordered) * ordered[-1]:
        return [ordered[-1]] * len(ordered)
    rest = sum(ordered)
    for k in range(1, len(ordered) + 1):
        rest -= ordered[k - 1]
        level = (room - rest) / k
        if k == len(ordered) or level <= ordered[k]:
            return [max(w, level) for w in widths]
    return list(widths)


@dataclass
class _Ladder:
    """A table cell set on a ladder's columns (``_Steps``): one property's rents, or the heads over them."""

    steps: _Steps
    cells: list[str]
    head: bool = False

    def __str__(self) -> str:
        return " ".join(self.cells)


@dataclass
class _Fonts:
    plain: str
    strong: str
    emphasis: str

    def of(self, style: str) -> str:
        return {markup.STRONG: self.strong, markup.EMPHASIS: self.emphasis}.get(style, self.plain)


_SPLIT = re.compile(f"([^\\S{NO_BREAK}]+)")
#: a capitalised word inside a sentence (after a word, not at its start: "Roll 8" may break) and the number of one
#: or two figures after it: a name and its number (Tollbooth 3, section 4 "from Tollbooth 3 to Boardwalk") never
#: part at a line's end
_NAMED = re.compile(r"(?<=[^\W_][ \t])([^\W\d_][\w’'\-]*)[ \t]+(?=\d{1,2}(?![\d])(?![.,]\d))")


def _named(text: str) -> str:
    return _NAMED.sub(lambda m: m.group(1) + (NBSP if m.group(1)[0].isupper() else " "), text) \
        if any(c.isdigit() for c in text) else text



def _words(spans: list[markup.Span], fonts: _Fonts, size: float, style: Style) -> list[_Word]:
    """The unbreakable words of a run of spans, each in its pieces' fonts (a word may change font inside:
    **Note**: is one word)."""
    out: list[_Word] = []
    glue = False  # the next piece continues the last word
    for sp in spans:
        font = fonts.of(sp.style)
        for chunk in _SPLIT.split(_named(typeset(sp.text, style))):
            if not chunk:
                continue
            if chunk.isspace() and not any(c in NO_BREAK for c in chunk):
                glue = False
                continue
            w = text_width(chunk, font, size)
            if glue and out:
                out[-1].pieces.append((chunk, font))
                out[-1].width += w
            else:
                out.append(_Word([(chunk, font)], w))
            glue = True
    return out


def _whole_steps(ladder) -> list[str]:
    """A rent ladder's steps as each reads alone: a step that adds to the one above it ("+ 1 apartment", set in
    under "1 holiday house" on a title card) joined to the last step that does not ("1 holiday house + 1 apartment"):
    in a line of steps, "· + 1 apartment ·" read as a stray sign (review 7)."""
    out, base = [], None
    for step in map(str, ladder):
        if step.lstrip().startswith("+") and base is not None:
            out.append(f"{base} {step.strip()}")
        else:
            base = step.strip()
            out.append(step)
    return out


def _wrap(words: list[_Word], width: float, space: float) -> tuple[list[_Line], bool]:
    """Lines of at most ``width`` mm, as many as greedy breaking makes (``_greedy``: the height stays), broken where
    the rag is most even and no runt ends the paragraph (``text.even_breaks``, centred card text's rule); True when a
    word alone is wider (it is set on its own line, the lines greedy)."""
    widths = [w.width for w in words]
    over = any(ww > width + 1e-6 for ww in widths)
    greedy = _greedy(widths, width, space)
    ends = None if over else _breaks(tuple(widths), width, space, len(greedy), tuple(w.text for w in words))
    if ends is None:
        ends = [first for first, _ in greedy] + [len(words)]
    lines = []
    for first, end in zip(ends, ends[1:]):
        line = words[first:end]
        lines.append(_Line(line, sum(w.width for w in line) + space * (len(line) - 1)))
    return lines, over


@lru_cache(maxsize=8192)
def _breaks(widths: tuple[float, ...], width: float, space: float, n: int, texts: tuple[str, ...]) -> list[int] | None:
    """``even_breaks`` of a paragraph set left, cached: the flow sets a paragraph at one width many times."""
    return even_breaks(widths, space, width, n, False, texts)


def _count_lines(widths: list[float], width: float, space: float) -> int:
    """How many lines ``_wrap`` makes of words ``widths`` mm wide, without making them (greedy breaking's count,
    which even breaking keeps)."""
    return len(_greedy(widths, width, space))


def _draw_line(line: _Line, x: float, y: float, size: float, colour: str, space: float) -> list:
    """One line's runs: consecutive pieces of one font make one run (no kerning: widths add up exactly); a
    change of font starts a new run where the last one ended, after the word space between them. Where the runs
    start along the line is found once for each x, size and space (``_Line.drawn``); only y and the colour vary."""
    key = (x, size, space)
    runs = line.drawn.get(key)
    if runs is None:
        runs = line.drawn[key] = tuple((t.x, t.text, t.font, t.width) for t in _line_runs(line, x, size, space))
    return [scene.Text(tx, y, text, font, size, colour, "start", adv) for tx, text, font, adv in runs]


def _line_runs(line: _Line, x: float, size: float, space: float) -> list:
    """The runs of ``_draw_line`` on the baseline y = 0."""
    out: list = []
    run, font, start, at = "", None, x, x
    for i, w in enumerate(line.words):
        if isinstance(w, _Tabbed):  # its texts at their stops, the next word a space after its end
            if run:
                out.extend(_runs(run, start, 0.0, font, size, ""))
                at = start + text_width(run, font, size)
            at += space if i > 0 else 0.0
            for right, text, f in w.stops:
                out.extend(_runs(text, at + right - text_width(text, f, size), 0.0, f, size, ""))
            run, font, at = "", None, at + w.width
            continue
        for j, (text, f) in enumerate(w.pieces):
            gap = i > 0 and j == 0
            if f == font:
                run += (" " if gap else "") + text
                continue
            if run:
                out.extend(_runs(run, start, 0.0, font, size, ""))
                at = start + text_width(run, font, size)
            if gap:
                at += space
            run, font, start = text, f, at
    if run:
        out.extend(_runs(run, start, 0.0, font, size, ""))
    return out


def _set_lines(t: "_Text", lines: list[_Line], top: float, x: float = SIDE) -> list:
    """Lines of ``t`` set from ``top`` (mm) down at ``x``, its marker beside its first line."""
    out: list = []
    baseline = top - CAP * t.size * PT
    for line in lines:
        if t.marker and line is t.lines[0]:
            out.extend(_runs(t.marker, x, baseline, t.marker_font, t.size, t.colour))
        out.extend(_draw_line(line, x + t.indent, baseline, t.size, t.colour, t.space))
        baseline -= t.lead
    return out


# --------------------------------------------------------------------------- what flows onto the pages
@dataclass
class _Text:
    """A paragraph, list item or heading: its lines, set at one size."""

    lines: list[_Line]
    size: float
    colour: str
    space: float  # mm of a word space
    indent: float = 0.0
    marker: str = ""
    marker_font: str = ""
    before: float = 0.0  # mm above it
    after: float = 0.0  # mm below it
    keep: bool = False  # a heading: goes with the first lines of the next block
    heading: bool = False  # a section's heading or a subheading: nothing moves past it
    lead: float = 0.0  # mm from baseline to baseline

    def height(self, n: int | None = None) -> float:
        n = len(self.lines) if n is None else n
        return (n - 1) * self.lead + (CAP + DESC) * self.size * PT if n else 0.0


#: rows a page break may move back to end a page at a colour group's last row (a group has at most three streets)
GROUP_BACK = 2


def _group_end(rows: list[_Row], fit: int, side: int, blank: float = 0.0) -> int:
    """Where a table's page break falls, ``fit`` rows on this page (``blank`` mm of the page left under them):
    moved back to the end of a colour group, so that no group's streets are split over two pages (review 17:
    Monopoly 2.3's greens, Etymonopoly's yellow family), by at most GROUP_BACK rows, leaving at least ``side`` and
    the page's foot blank for at most FOOT_LEAST."""
    k = fit
    while 0 < k < len(rows) and rows[k].group is not None and rows[k].group == rows[k - 1].group:
        k -= 1
    moved = sum(r.height for r in rows[k:fit])
    return k if k >= side and fit - k <= GROUP_BACK and blank + moved <= FOOT_LEAST + 1e-6 else fit


def _grey(colour: str) -> bool:
    """Whether ``colour`` (#rrggbb) is a grey or white: its channels within 16 of each other."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)]
    return max(channels) - min(channels) <= 16


def _either(values: list[str], word: str) -> str:
    """Factors a roll is multiplied by, one of which applies, said as alternatives ("4 or 10", "50, 100, 150 or 200"):
    dotted as a rent ladder ("4 · 10 × the roll"), the dice read as the last factor's alone (review 17)."""
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} {word}{NBSP}{values[-1]}"


class _Loose(list):
    """A cell's spans that wrap in whatever width their column gets and ask it no more than their widest word: the
    names of a row standing for several spaces (``_one_row_per_kind``), which would otherwise widen the names'
    column off the rent ladder's grid."""


def _widest(words: list[_Word]) -> list[_Word]:
    """The widest of ``words`` alone (what a ``_Loose`` cell asks of its column)."""
    return [max(words, key=lambda w: w.width)] if words else []


def _one_row_per_kind(rows: list[list], owned: set[int]) -> tuple[list[list], set[int]]:
    """A property table's rows (under its header) with the alike spaces of no colour group (stations, utilities: the
    same swatch, price and rents) made one row naming them all, each name whole, where the first of them stands:
    Euronopoly's four toll stations and four speed traps printed eight rows of four rents, twice over (review 16),
    Tahiti's and Monopoly 2.3's four stations four rows among the streets (review 17). ``owned``: the rows whose
    rents go by the number owned, renumbered."""
    def kind(row):
        swatch = row[0][1]
        return (swatch.hollow, str(swatch), swatch.icon, *map(str, row[1:])) if swatch.hollow else None

    alike: dict[tuple, list[int]] = {}
    for i, row in enumerate(rows[1:], 1):
        if kind(row) is not None:
            alike.setdefault(kind(row), []).append(i)
    out, renumbered = [rows[0]], set()
    for i, row in enumerate(rows[1:], 1):
        same = alike.get(kind(row), [i]) if kind(row) is not None else [i]
        if same[0] != i:
            continue  # named in the row of the first of its kind
        if len(same) > 1:
            names = ", ".join(sp.text.replace(" ", NBSP) for k in same for sp in rows[k][0][0])
            row = [(_Loose([markup.Span(names)]), row[0][1]), *row[1:]]
        if i in owned:
            renumbered.add(len(out))
        out.append(row)
    return out, renumbered


class _Swatch(str):
    """A swatch's colour, with the mark of the group it stands for (two groups may share a colour); ``hollow``: a
    space of no colour group (a station, a utility), its colour as an outline, so it reads as no set's member; or,
    where the board draws the space with an icon (``icon``), that icon, as the board shows it."""

    def __new__(cls, colour: str, mark: str | None, hollow: bool = False, icon: str | None = None):
        swatch = super().__new__(cls, colour)
        swatch.mark = mark
        swatch.hollow = hollow
        swatch.icon = icon
        return swatch


@dataclass
class _Cell:
    lines: list[_Line]
    right: bool = False
    swatch: str | None = None


@dataclass
class _Row:
    cells: list[_Cell]
    height: float
    header: bool = False
    under: list[_Line] | None = None  # a line across the whole row, under its cells (a property's rents)
    indent: float = 0.0  # mm the line under the cells starts in from the row's left
    #: the colour group a property's row stands for (its swatch's colour and mark): a page break keeps a group's
    #: rows together where it can (``_group_end``)
    group: tuple | None = None


@dataclass
class _Grid:
    """A table: its header row (repeated on every page it reaches) and rows that never split."""

    widths: list[float]
    header: _Row | None
    rows: list[_Row]
    size: float
    space: float
    caption: _Text | None = None
    note: _Text | None = None
    #: the table's key, small and italic between its caption and its header (a property table's "Amounts in ₩.
    #: Rent by development: ...", which the review found read only after the table, a page on)
    lead: _Text | None = None
    before: float = 2.0
    after: float = 3.0
    #: over the header repeated on each page the table goes on to: its caption and "(continued)" in the edition's
    #: language, or that word alone, small and italic, for a table without a caption
    more: _Text | None = None
    #: the first column holds the rows' heads (a two-way table of tables.yaml: a die's face, a dice total), set on
    #: the header's tint, as the board sets them (review 16 read the booklet's risk table's bare labels as figures)
    row_heads: bool = False

    def height(self) -> float:
        """All of it, caption to note, on one page."""
        h = self.before + (self.caption.height() + self.caption.after if self.caption else 0.0)
        h += self.lead.height() + self.lead.after if self.lead else 0.0
        h += (self.header.height if self.header else 0.0) + sum(r.height for r in self.rows)
        return h + (self.note.before + self.note.height() + self.note.after if self.note else 0.0)

    @property
    def short(self) -> bool:
        """A table a reader takes in at a glance: never split over pages."""
        return len(self.rows) <= KEEP_ROWS and self.height() <= TEXT_HEIGHT / 3


@dataclass
class _Picture:
    """A square picture drawn at the size given (PICTURE: the column's full width), never smaller: where a page has
    not the room for it, it goes to the top of the next and the text after it in its section comes up to fill the
    room it left (``_Pages._float``: a figure floats, as in a printed book)."""

    draw: Callable[[float], scene.Group]
    w: float
    h: float
    before: float = 2.0
    after: float = 3.0
    #: a figure (``@figure``): no lead-in keeps with it, and it may fill the room a table going whole to the next
    #: page leaves (``_Pages._fill``), there drawn as small as ``least`` mm tall where it must
    figure: bool = False
    least: float = 0.0
    where: tuple | None = None  # (object, field, line) of its @ line, for the warning when it is left out
    #: mm under a square picture (the board's) for its caption: it is ``w`` wide and ``w + under`` tall
    under: float = 0.0

    def at(self, room: float) -> float:
        """The height it is drawn at in ``room`` mm (its margins within): its own, else as much as fits down to
        ``least`` (a figure filling a table's room); 0 when it does not fit."""
        if self.before + self.h + self.after <= room + 1e-6:
            return self.h
        fit = room - self.before - self.after
        return fit if self.figure and self.least and fit >= self.least - 1e-6 else 0.0


#: mm: a picture's size inside the booklet, the column's full width: the board's picture earns its place beside the
#: cover's (72 mm) only at a size that shows more of it; a booklet that would take another sheet of paper for it
#: leaves it out (``set_pages``: the cover shows the board)
PICTURE = COLUMN
#: mm: the least the board's diagram is drawn at where the column's width would take another sheet of paper (its
#: labels keep their size, the board under them shrinks), the size sought to within BOARD_STEP mm
BOARD_LEAST, BOARD_STEP = 0.75 * COLUMN, 2.0


#: a figure's items at most this share of their printed size (a card of 57 × 89 mm at 37 × 58 mm: its words still
#: read), smaller where their row is wider than the column; FIGURE_GAP mm between them, the caption under them
FIGURE_SCALE = 0.65
#: a figure set in the room a table left (``_Pages._fill``) may be drawn smaller, down to this share of its size
FIGURE_LEAST = 0.7
#: mm: items no taller than this (counters, chips) are shown at their printed size
FIGURE_SMALL = 16.0
FIGURE_GAP = 5.0
CAPTION_PT, CAPTION_GAP = 8.5, 1.6  # the caption's size, and mm between the items and it
#: mm: the line around each item of a figure, its trim, in a grey of the line colour (OUTLINE_GREY of white): a
#: black 0.25 mm box read as heavy beside the tables' hairlines (review 13)
OUTLINE, OUTLINE_GREY = 0.15, 0.45


PAD_X, PAD_Y = 1.3, 0.9  # mm inside a table cell
KEEP_ROWS = 12  # a table of at most this many rows (and a third of a page) goes whole onto one page ...
GLANCE_ROWS = 8  # ... and one of at most this many always does, whatever blank it leaves (a reader takes it in
#: at a glance: four rows here and three overleaf read as a mistake)
#: a table split over pages has at least this many rows on each side of every break (a heading over it keeps
#: them); three or four rows at a page's foot or head read as a mistake: the table goes to the next page whole,
#: or breaks earlier, and the text after it in its section fills the room it left (``_Pages.place``); a booklet
#: that would take another sheet of paper for it keeps as many as it can (down to LEAST_SIDE_ROWS)
SIDE_ROWS, LEAST_SIDE_ROWS = 5, 3
MARKER_INDENT, MARKER_GAP = 4.5, 1.2  # mm: a list item's text starts this far in, at least its marker and a gap
TEXT_HEIGHT = PAGE_H - TOP - BOTTOM  # mm of a page's text column
VOID = TEXT_HEIGHT / 6  # mm: ... when it fits there, or moving it to the next page leaves at most this blank
#: mm: a table too long for what a right-hand page has left, which would go on overleaf (the reader turning the page in
#: the middle of it), starts on the left-hand page overleaf where that leaves at most this blank (``_Pages._turn``): it
#: splits across the spread, if it splits at all
TURN_VOID = TEXT_HEIGHT / 4
#: a text page ending more than FEATHER_LEAST mm above its column's foot ends at it, its blank spread over the gaps
#: between its blocks, each grown by at most FEATHER_MOST of its own size (doubled at most) and by FEATHER_MM at
#: most (a section heading's 10 mm doubled read as a hole, review 8), FEATHER_KEPT of that under a heading or lead-in
#: (it stays with what it introduces; ``_Pages.feather``); what they cannot take stays at the page's foot
FEATHER_LEAST, FEATHER_MOST, FEATHER_KEPT, FEATHER_MM = 2.0, 1.0, 0.5, 5.0
MAX_HEADING_LINES = 3
#: mm: a heading that would go to the next page with HEAD_LINES of its text and leave more than this blank at this
#: page's foot stays with LEAST_HEAD_LINES of them where they fit (``_Pages._keep``): a tenth of the column
FOOT_LEAST = TEXT_HEIGHT / 10
#: a property table whose longest rent ladder takes more than this share of the column sets each ladder on a line
#: of its own under its property, across the table, rather than wrap it in a column
LADDER_COLUMN = 0.6
#: mm between two steps' columns of a rent ladder set in columns (``_Steps``): a figure's width at TABLE_PT and a little
#: more (at 2.4, Monopoly 2.3's table took five street names onto two lines)
STEP_GAP = 1.8
#: the white's share in the accent's tint of a table's header (and of its rows' heads)
HEAD_TINT = 0.82
#: the white's share in the band under a table's rows' second line and its heads
UNDER_TINT = 0.94
#: mm a column widens by at a time while its width is sought; a row saved is worth this many wrapped cells
WIDTH_STEP, ROW_WORTH = 0.5, 4
TRADE = 30.0  # mm: the most one column hands another at a time while the widths are sought
#: mm between the texts of two neighbouring columns of a table set only as wide as its content (``_Setter._snug``):
#: about four figures' width of white at TABLE_PT, as a printed rule booklet sets a small table; and the share of the
#: column above which a table is stretched to the full measure all the same (one nearly as wide reads as a ragged
#: full-width table)
GUTTER, SNUG_MOST = 7.0, 0.8
SWATCH = 2.6  # mm: a group's colour square before a property's name


class _Setter:
    """Turns a section's blocks into what flows onto the pages, in the kit's fonts and typography."""

    def __init__(self, ctx: Ctx, style: Style):
        self.ctx = ctx
        self.style = style
        f = ctx.fonts
        self.body = _Fonts(f.body, f.heading, f.italic)
        self.ink = ctx.colours.ink
        self.accent = ctx.colours.accent

    def text(self, spans, size: float = BODY_PT, fonts: _Fonts | None = None, colour: str | None = None,
             width: float = COLUMN, where: tuple | None = None, **kw) -> _Text:
        fonts = fonts or self.body
        space = text_width(" ", fonts.plain, size)
        indent = kw.get("indent", 0.0)
        lines, too_wide = _wrap(_words(spans, fonts, size, self.style), width - indent, space)
        if too_wide and where is not None:
            self._overflow(where, "a word is wider than the page's column; break it up")
        return _Text(lines, size, colour or self.ink, space, lead=size * LEADING * PT, **kw)

    def _overflow(self, where: tuple, message: str) -> None:
        obj, name, line = where
        self.ctx.problems.report(TEXT_OVERFLOW, line_of(obj, name, line), obj.sub(name), message)

    def heading(self, title: str, where: tuple) -> _Text:
        fonts = _Fonts(self.ctx.fonts.title, self.ctx.fonts.title, self.ctx.fonts.title)
        return self._short(self.text([markup.Span(title)], 14.0, fonts, self.accent, where=where, before=7.0,
                                     after=2.5, keep=True, heading=True), where)

    def subheading(self, spans, where: tuple) -> _Text:
        fonts = _Fonts(self.ctx.fonts.heading, self.ctx.fonts.heading, self.ctx.fonts.heading)
        return self._short(self.text(spans, 10.5, fonts, self.ink, where=where, before=3.5, after=1.2, keep=True,
                                     heading=True), where)

    def _short(self, t: _Text, where: tuple) -> _Text:
        """A heading of at most MAX_HEADING_LINES lines (it is never split over pages): a longer one is reported
        and cut there, so nothing is drawn off the page."""
        if len(t.lines) > MAX_HEADING_LINES:
            self._overflow(where, f"a heading of {len(t.lines)} lines; a heading has at most {MAX_HEADING_LINES}: "
                                  f"shorten it")
            t.lines = t.lines[:MAX_HEADING_LINES]
        return t

    def grid(self, rows: list[list[str | list[markup.Span] | tuple]], header: bool, where: tuple,
             caption: str = "", note: str = "", right: set[int] | None = None,
             under: dict[int, str] | None = None, whole: set[int] | None = None, lead: str = "",
             row_heads: bool = False) -> _Grid | None:
        """A table set to the column's full measure, its columns as wide as their texts ask (``_columns``), or, where
        every cell fits on one line, only as wide as its content up to SNUG_MOST (80 %) of the column (``_snug``;
        not a table with lines ``under`` its rows, set across it); the type shrinks (not under MIN_BODY_PT) when even
        the longest words do not fit. ``whole``: columns whose cells (a property's rent ladder) are set on one line
        wherever they can be (``_whole``). ``row_heads``: the first column holds the rows' heads, bold on the
        header's tint."""
        if not rows:
            return None
        if row_heads:
            rows = [rows[0]] + [[[markup.Span(str(r[0]), markup.STRONG)] if str(r[0]) else r[0], *r[1:]]
                                for r in rows[1:]] if header else rows
        ncols = max(len(r) for r in rows)
        raw = [[self._cell_spans(c) for c in r] + [([], None)] * (ncols - len(r)) for r in rows]
        cells = [[_plain(r[j][0]) for r in raw[1 if header else 0:] if _plain(r[j][0]).strip()]
                 for j in range(ncols)]
        numeric = {j for j in range(ncols) if all(_numeric(c) for c in cells[j])}
        right = numeric - {0} if right is None else right  # numbers align right, the label column left
        for j in range(ncols):  # a column with colour swatches indents its other names as far
            if any(r[j][1] for r in raw):
                for i, r in enumerate(raw):
                    if r[j][1] is None and not (header and i == 0):
                        r[j] = (r[j][0], "")
        size = TABLE_PT
        while True:
            widths, fits, wraps = self._widths(raw, header, size)
            if fits or size <= MIN_BODY_PT:
                break
            size = max(MIN_BODY_PT, size - 0.25)
        if fits and wraps:  # a size a little smaller that sets every row on one line is the easier read
            for smaller in (size - 0.25 * k for k in range(1, int((size - MIN_BODY_PT) / 0.25 + 1e-6) + 1)):
                w2, f2, wraps2 = self._widths(raw, header, smaller)
                if f2 and not wraps2:
                    widths, size = w2, smaller
                    break
        hung = None  # the header's cells' widths where they reach into a neighbour's header (``_hung``)
        if fits and wraps and header:
            found = self._hung(raw, right, whole or frozenset())
            if found is not None:
                widths, size, hung = found
        if fits and whole and hung is None:
            widths, size = self._whole(raw, header, size, widths, whole)
        key = self.text(markup.spans(lead), MIN_BODY_PT + 0.5, _Fonts(*[self.ctx.fonts.italic] * 3),
                        self.ink, after=1.5) if lead else None
        cap = self.text([markup.Span(caption)], 9.5, _Fonts(*[self.ctx.fonts.heading] * 3), self.ink,
                        after=1.0) if caption else None
        if fits and hung is None and not under:
            over = [t for t in (key, cap) if t is not None]
            # what wraps over it asks for the column's full measure
            widths = self._snug(raw, header, size, widths, right,
                                max((COLUMN if len(t.lines) > 1 else ln.width for t in over for ln in t.lines),
                                    default=0.0))
        if not fits:
            self._overflow(where, "a table is wider than the page's column even at "
                                  f"{MIN_BODY_PT:g} pt; use fewer or narrower columns")
        if fits and under and isinstance(under.get(0), _Ladder):
            widths = self._on_stops(raw, header, size, widths, right, under[0])
        out_rows = []
        for i, r in enumerate(raw):
            is_head = header and i == 0
            fonts = _Fonts(self.ctx.fonts.heading, self.ctx.fonts.heading, self.ctx.fonts.heading) if is_head \
                else self.body
            space = text_width(" ", fonts.plain, size)
            cells = []
            for j, (spans, swatch) in enumerate(r):
                inner = (hung[j] if is_head and hung else widths[j]) - 2 * PAD_X - (
                    SWATCH + 1.0 if swatch is not None else 0.0)
                room = 0.0
                if isinstance(spans, _Ladder):  # spread over its column, the same stops in the header and the body,
                    # less what the next column's header reaches into it (``_hung``: Monopoly 2.3's "House")
                    room = widths[j] - 2 * PAD_X - (SWATCH + 1.0 if swatch is not None else 0.0)
                    if hung and j + 1 < ncols:
                        room -= max(0.0, hung[j + 1] - widths[j + 1])
                lines, _ = _wrap(self._cell_words(spans, fonts, size, room), inner, space)
                cells.append(_Cell(lines, j in right, swatch))
            n = max(1, max(len(c.lines) for c in cells))
            extra, indent = None, 0.0
            if under and i in under:  # set across the row, under its cells
                indent = _under_indent(raw, header)
                u, room = under[i], sum(widths) - indent - PAD_X
                extra, _ = _wrap(self._cell_words(u if isinstance(u, _Ladder) else [markup.Span(u)],
                                                  self.body, size, room), room, space)
                n += len(extra)
            height = (n - 1) * size * LEADING * PT + (CAP + DESC) * size * PT + 2 * PAD_Y
            if height > TEXT_HEIGHT / 2:  # a row never splits: one taller than half a page cannot be set
                self._overflow(where, f"a table row {height:.0f} mm tall; a row never splits over pages and is at "
                                      f"most half a page ({TEXT_HEIGHT / 2:.0f} mm): shorten its cells")
                cells = [_Cell(c.lines[:3], c.right, c.swatch) for c in cells]
                height = 2 * size * LEADING * PT + (CAP + DESC) * size * PT + 2 * PAD_Y
            out_rows.append(_Row(cells, height, is_head, extra, indent))
        for row, r in zip(out_rows, raw):
            swatch = r[0][1] if r else None
            if isinstance(swatch, _Swatch) and not swatch.hollow and not swatch.icon:
                row.group = (str(swatch), swatch.mark)
        head = out_rows[0] if header else None
        body = out_rows[1:] if header else out_rows
        foot = self.text(markup.spans(note), MIN_BODY_PT + 0.5, _Fonts(*[self.ctx.fonts.italic] * 3),
                         self.ink, before=1.0) if note else None
        return _Grid(widths, head, body, size, text_width(" ", self.body.plain, size), cap, foot,
                     more=self._continued(caption), lead=key, row_heads=row_heads)

    def _hung(self, raw, right: set[int], whole: set[int]) -> tuple[list[float], float, list[float]] | None:
        """Where a header cell wider than its column's body (Monopoly 2.3's "Building" over figures of three digits,
        "Board price" over three) wraps a cell of the body (its long street names), the widths that set every body
        cell on one line with the header's cells reaching past their columns: a header right-aligned over a column
        of figures runs on to the left over the header of a left-aligned column beside it, whose own header sits at
        its far side, as long as the two keep a column's gap (2 PAD_X) between them (the header row is one band: the
        figures' header still ends where they do). The largest size, from TABLE_PT down to MIN_BODY_PT, at which the
        body's columns (their widths from the body alone, ``_columns``) leave every header cell the room for its
        longest word; (widths, size, each header cell's width to set its lines in), or None where no size does."""
        head, body = raw[0], raw[1:]
        if not body:
            return None
        ncols = len(head)
        # the pairs a header may span: a left-aligned column and a right-aligned one after it, their texts apart
        pair = {}
        for a in range(ncols - 1):
            if a not in right and a + 1 in right and a not in pair:
                pair[a], pair[a + 1] = a + 1, a
        # a header with no neighbour to reach over sets its column's width as the body's cells do (Monopoly 2.3's
        # "House" beside "Board price", two columns of figures: it stands over its own column only)
        alone = [c if j not in pair else ([], None) for j, c in enumerate(head)]
        for k in range(int((TABLE_PT - MIN_BODY_PT) / 0.25 + 1e-6) + 1):
            size = TABLE_PT - 0.25 * k
            widths, fits, wraps = self._widths([alone, *body], True, size, whole)
            if not fits or wraps:
                continue
            fonts = _Fonts(*[self.ctx.fonts.heading] * 3)
            cells = [(self._cell_words(spans, fonts, size), text_width(" ", fonts.plain, size))
                     for spans, _ in head]
            line = [sum(w.width for w in ws) + sp * max(0, len(ws) - 1) + 2 * PAD_X for ws, sp in cells]
            least = [max((w.width for w in ws), default=0.0) + 2 * PAD_X for ws, _ in cells]
            room = []
            for j in range(ncols):
                if j in pair:  # its own width and what its partner's header, on one line, leaves of the pair's
                    other = pair[j]
                    room.append(widths[j] + widths[other] - line[other] if line[other] <= widths[other] + 1e-6
                                else widths[j])
                else:
                    room.append(widths[j])
            if all(least[j] <= room[j] + 1e-6 for j in range(ncols)):
                return widths, size, room
        return None

    def _snug(self, raw, header: bool, size: float, widths: list[float], right: set[int],
              key: float = 0.0) -> list[float]:
        """A table whose every cell fits on one line set only as wide as its content (a reviewer found a table of
        three short columns stretched over the whole column read badly, its figures far apart): each column as wide
        as its longest cell, GUTTER mm between the texts of two neighbouring columns (the white beside a
        right-aligned column of figures on its left, beside a left-aligned column on its right; after a right-aligned
        column, a left-aligned one takes it on its right), the table starting at the text column's left edge.
        ``widths`` (the full measure, ``_columns``) where a cell wraps at the full measure, where the snug table would
        take more than SNUG_MOST of the column (a long first column and many columns of figures: nearly full anyway)
        or where what stands over it (its key, its caption), ``key`` mm at its widest line, takes more than one
        line; where that is wider than the snug table, the table takes its width, the room shared between its
        columns (a key or a caption reaching past its table reads as a stray paragraph: reviews 13, 17; a table
        stretched to the full measure past its caption's end set its figures 14 mm apart: review 18)."""
        ncols = len(widths)
        natural = self._naturals(raw, header, size)
        if sum(natural) > COLUMN + 1e-6:
            return widths
        snug = list(natural)
        for j in range(1, ncols):  # the white between column j - 1 and column j, on the side its texts leave free
            snug[j if j in right or j - 1 in right else j - 1] += GUTTER - 2 * PAD_X
        if sum(snug) > SNUG_MOST * COLUMN + 1e-6 or key >= COLUMN - 1e-6:
            return widths
        extra = max(0.0, key - sum(snug)) / ncols
        return [w + extra for w in snug]

    def _continued(self, caption: str) -> _Text:
        """What a table split over pages sets over its header on each page it goes on to: its caption in the caption's
        type, "(continued)" after it in italic (pnp's word in the edition's language), or for a table without a
        caption that word alone, small and italic, as its note is set."""
        word = f"({words(self.ctx)['continued']})"
        italic = self.ctx.fonts.italic
        if caption:
            heading = self.ctx.fonts.heading
            return self.text([markup.Span(caption), markup.Span(" " + word, markup.EMPHASIS)], 9.5,
                             _Fonts(heading, heading, italic), self.ink, after=1.0)
        return self.text([markup.Span(word)], MIN_BODY_PT + 0.5, _Fonts(*[italic] * 3), self.ink, after=1.0)

    def _whole(self, raw, header: bool, size: float, widths: list[float], whole: set[int]) -> tuple[list[float], float]:
        """The widths and size that set every cell of the columns ``whole`` on one line, where ``widths`` at ``size``
        wrap one (Monopoly 2.3's rents of Bond Street, Park Lane and Mayfair, wrapped mid-ladder beside a column with
        room to spare): a row saved elsewhere (``_columns``' measure) is no reason to break a ladder, a run of figures
        read across. Each such column's floor is its longest cell (``_columns``), at the largest size, down to
        MIN_BODY_PT, that makes the table no taller than ``widths`` did, else at the size that makes it least tall; as
        they were where no size lets every ladder fit the column."""
        if not any(n > 1 for j in whole for n in self._lines_at(raw, header, size, widths)[j]):
            return widths, size
        tall = self._tall(raw, header, size, widths)
        best = None  # (height, widths, size) of the least tall table with its ladders whole
        for k in range(int((size - MIN_BODY_PT) / 0.25 + 1e-6) + 1):
            at = size - 0.25 * k
            w2, fits, _ = self._widths(raw, header, at, whole)
            if not fits or any(n > 1 for j in whole for n in self._lines_at(raw, header, at, w2)[j]):
                continue
            h = self._tall(raw, header, at, w2)
            if h <= tall + 1e-6:
                return w2, at
            if best is None or h < best[0] - 1e-6:
                best = (h, w2, at)
        return (best[1], best[2]) if best else (widths, size)

    def _lines_at(self, raw, header: bool, size: float, widths: list[float]) -> list[list[int]]:
        """For each column, the lines of each row's cell at ``widths`` and ``size``, as ``grid`` sets them."""
        out = [[] for _ in widths]
        for row in self._cells(raw, header, size):
            for j, (ws, space, extra) in enumerate(row):
                out[j].append(len(_wrap(ws, widths[j] - extra, space)[0]))
        return out

    def _cells(self, raw, header: bool, size: float) -> list[list[tuple[list[_Word], float, float]]]:
        """Each cell of a table at ``size`` as the column widths are measured: its words, its row's space, and the
        room it takes beside its text (its padding, and its swatch)."""
        cells = []
        for i, r in enumerate(raw):
            fonts = _Fonts(*[self.ctx.fonts.heading] * 3) if header and i == 0 else self.body
            space = text_width(" ", fonts.plain, size)
            cells.append([(_widest(self._cell_words(spans, fonts, size)) if isinstance(spans, _Loose) else
                           self._cell_words(spans, fonts, size),
                           space, 2 * PAD_X + (SWATCH + 1.0 if swatch is not None else 0.0)) for spans, swatch in r])
        return cells

    def _tall(self, raw, header: bool, size: float, widths: list[float]) -> float:
        """The mm the rows of a table take at ``widths`` and ``size`` (its rows' lines as ``grid`` sets them)."""
        lines = self._lines_at(raw, header, size, widths)
        rows = [max(1, *(col[i] for col in lines)) for i in range(len(raw))]
        return sum((n - 1) * size * LEADING * PT + (CAP + DESC) * size * PT + 2 * PAD_Y for n in rows)

    def _on_stops(self, raw, header: bool, size: float, widths: list[float], right: set[int],
                  heads: _Ladder) -> list[float]:
        """The widths of a table whose rows carry a ladder on a line under their cells (heads: the header's), each
        right-aligned column's figures moved onto the nearest of the ladder's stops that keeps every column's cells
        on one line (where none does, it stays): the name line's figures stood between two rent columns, belonging
        to neither (Tahiti's "Prix" 6 mm off the grid, review 13). The last column already ends where the ladder
        does; the first (the names) takes what the others give or leave."""
        indent = _under_indent(raw, header)
        room = sum(widths) - indent - PAD_X
        stops = [indent + x for x, _, _ in heads.steps.word(heads.cells, True, size, room).stops]
        natural = self._naturals(raw, header, size)
        edges = [sum(widths[:j + 1]) for j in range(len(widths))]
        for j in range(len(widths) - 2, 0, -1):
            if j not in right:
                continue
            # this column's cells fit on one line, and those before it (the names too: a name wrapped to save a
            # column a move makes the table taller)
            low = (edges[j - 1] if j > 1 else natural[0]) + natural[j]
            high = edges[j + 1] - natural[j + 1]  # the next column's cells fit
            fit = [x + PAD_X for x in stops if low - 1e-6 <= x + PAD_X <= high + 1e-6]
            if fit:
                edges[j] = min(fit, key=lambda e: abs(e - edges[j]))
        return [edges[0]] + [edges[j] - edges[j - 1] for j in range(1, len(edges))]

    def _naturals(self, raw, header: bool, size: float) -> list[float]:
        """Each column's widest cell on one line at ``size``, its padding and swatch included."""
        natural = [0.0] * len(raw[0])
        for row in self._cells(raw, header, size):
            for j, (ws, space, extra) in enumerate(row):
                natural[j] = max(natural[j], sum(w.width for w in ws) + space * max(0, len(ws) - 1) + extra)
        return natural

    def _cell_words(self, spans, fonts: _Fonts, size: float, room: float = 0.0) -> list[_Word]:
        """A cell's words: its spans', or a ladder's texts on their stops (``_Steps``), one word, spread over
        ``room`` mm where that is wider."""
        if isinstance(spans, _Ladder):
            return [spans.steps.word(spans.cells, spans.head, size, room)]
        return _words(spans, fonts, size, self.style)

    @staticmethod
    def _cell_spans(c) -> tuple[list[markup.Span], str | None]:
        """A cell as given: text, spans, or (spans, the colour of a swatch before them)."""
        if isinstance(c, tuple):
            return c
        if isinstance(c, str):
            return [markup.Span(c)], None
        return c, None

    def _widths(self, raw, header: bool, size: float, whole: set[int] = frozenset()) -> tuple[list[float], bool, bool]:
        """Column widths filling the text column, whether they fit, and whether a row of the body wraps
        (``_columns``)."""
        widths, fits, body = self._columns(raw, header, size, whole)
        return widths, fits, any(b > w + 1e-6 for b, w in zip(body, widths))

    def _columns(self, raw, header: bool, size: float, whole: set[int] = frozenset()) -> tuple[list[float], bool,
                                                                                                list[float]]:
        """A table at the column's full measure (``grid`` sets a narrow one snug after: ``_snug``), its columns'
        widths from their content: each column at least as wide as its longest unbreakable word (its floor); the
        room above the floors goes first where it saves the most lines (a step of WIDTH_STEP mm at a time, to the
        column whose widening shortens the table most for its millimetres: rows first, then wrapped cells), and what
        is left once no cell wraps that can be helped is shared by the columns' natural widths (their longest
        lines); the floor of a column in ``whole`` is its longest cell (``_whole``). Also (whether the floors fit the
        column, each column's longest line in the body)."""
        ncols = len(raw[0])
        natural, least, body = [0.0] * ncols, [0.0] * ncols, [0.0] * ncols
        cells = self._cells(raw, header, size)
        for i, row in enumerate(cells):
            for j, (ws, space, extra) in enumerate(row):
                line = sum(w.width for w in ws) + space * max(0, len(ws) - 1) + extra
                natural[j] = max(natural[j], line)
                least[j] = max(least[j], max((w.width for w in ws), default=0.0) + extra)
                if not (header and i == 0):
                    body[j] = max(body[j], line)
        for j in whole:
            least[j] = max(least[j], natural[j])
        if sum(least) > COLUMN + 1e-6:
            return least, False, body
        total = sum(natural) or 1.0
        if sum(natural) <= COLUMN + 1e-6:  # every cell on one line: the room left shared by natural width
            return [n + (COLUMN - sum(natural)) * n / total for n in natural], True, body
        memo: dict[tuple[int, int], tuple[int, ...]] = {}
        same: dict[tuple[int, ...], tuple[int, ...]] = {}  # one object for equal lines: a trial unchanged is skipped
        # each column's cells as the widths of their words (what _wrap reads of them), taken out once: the trials
        # below count the lines of every cell of a column at hundreds of widths
        measured = [[([w.width for w in ws], space, extra) for ws, space, extra in (row[j] for row in cells)]
                    for j in range(ncols)]

        def lines(j: int, w: float) -> tuple[int, ...]:
            """Lines of each row's cell in column ``j`` at width ``w`` (on the WIDTH_STEP grid)."""
            key = (j, round(w / WIDTH_STEP))
            if key not in memo:
                got = tuple(max(1, _count_lines(ws, w - extra + 1e-6, space)) if ws else 1
                            for ws, space, extra in measured[j])
                memo[key] = same.setdefault(got, got)
            return memo[key]

        def cost(cols: list[tuple[int, ...]]) -> tuple[int, int]:
            """(the table's lines: each row's tallest cell, every cell's lines)."""
            return sum(map(max, zip(*cols))), sum(map(sum, cols))

        widths = list(least)
        cols = [lines(j, widths[j]) for j in range(ncols)]
        now = cost(cols)
        while True:
            spare = COLUMN - sum(widths)
            best = None  # (saving per mm, column, its new width, its lines)
            for j in range(ncols):
                d = WIDTH_STEP
                while widths[j] < natural[j] - 1e-6 and d <= spare + 1e-6:
                    trial = lines(j, widths[j] + d)
                    after = cost(cols[:j] + [trial] + cols[j + 1:])
                    saved = (now[0] - after[0]) * ROW_WORTH + now[1] - after[1]
                    if saved > 0:
                        if best is None or saved / d > best[0] + 1e-9:
                            best = (saved / d, j, widths[j] + d, trial)
                        break
                    d += WIDTH_STEP
            if best is None:
                break
            _, j, widths[j], cols[j] = best
            now = cost(cols)
        for _ in range(100):  # then width handed from one column to another while that saves lines (the steps
            # above go for the nearest saving: a column that needs a long step for a large one may have missed it)
            best = None  # (cost, from, to, step)
            for a in range(ncols):
                for b in range(ncols):
                    d, seen = WIDTH_STEP, (cols[a], cols[b])
                    while a != b and widths[a] - d >= least[a] - 1e-6 and d <= TRADE:
                        trial = list(cols)
                        trial[a], trial[b] = lines(a, widths[a] - d), lines(b, widths[b] + d)
                        if (trial[a], trial[b]) == seen or trial[a] is seen[0] and trial[b] is seen[1]:
                            d += WIDTH_STEP
                            continue
                        seen = (trial[a], trial[b])
                        after = cost(trial)
                        if after < now and (best is None or after < best[0]):
                            best = (after, a, b, d)
                        d += WIDTH_STEP
            if best is None:
                break
            now, a, b, d = best
            widths[a] -= d
            widths[b] += d
            cols[a], cols[b] = lines(a, widths[a]), lines(b, widths[b])
        spare = COLUMN - sum(widths)
        return [w + spare * n / total for w, n in zip(widths, natural)], True, body


def _under_indent(raw, header: bool) -> float:
    """mm from a table's left to the line set under a row's cells: past the names' swatches, where the body has them."""
    return PAD_X + (SWATCH + 1.0 if any(r[0][1] is not None for r in raw[1 if header else 0:]) else 0.0)


def _plain(spans) -> str:
    """A cell's text: its spans', a ladder's figures."""
    return str(spans) if isinstance(spans, _Ladder) else markup.plain(spans)


def _numeric(text: str) -> bool:
    core = re.sub(r"[\s·×/–—\-−+%,.'’()]", "", text)
    letters = sum(c.isalpha() for c in core)
    return any(c.isdigit() for c in core) and letters <= 2


# --------------------------------------------------------------------------- generated blocks
class _Blocks:
    """The blocks drawn from the game's data (markup.BLOCKS)."""

    def __init__(self, ctx: Ctx, setter: _Setter):
        self.ctx = ctx
        self.s = setter
        self.w = words(ctx)

    def make(self, name: str, arg: str, where: tuple) -> list:
        out = getattr(self, "_" + name)(arg, where) if name in markup.BLOCKS else []
        return [b for b in out if b is not None]

    def _components(self, arg: str, where: tuple) -> list:
        rows = [[self.w["component"], self.w["count"]]]
        rows += [[label, str(n)] for label, n in components(self.ctx)]
        return [self.s.grid(rows, True, where, right={1})]

    def _money(self, arg: str, where: tuple) -> list:
        kit = self.ctx.kit
        money = kit.game.money
        word = self.w["chip"] if kit.money.chips is not None and kit.money.notes is None else self.w["note"]
        rows = [[word, self.w["each"], self.w["subtotal"]]]
        for value, count in sorted(money.starting_split.items(), key=lambda kv: -kv[0]):
            rows.append([self.ctx.money(value), str(count), self.ctx.money(value * count)])
        rows.append([[markup.Span(self.w["total"], markup.STRONG)], "",
                     [markup.Span(self.ctx.money(money.starting), markup.STRONG)]])
        return [self.s.grid(rows, True, where, right={1, 2})]

    def _properties(self, arg: str, where: tuple) -> list:
        kit = self.ctx.kit
        terms = kit.game.terms
        groups = {g.id: g for g in kit.board.groups}
        has_house = any(t.house_cost for t in kit.titles.titles)
        has_mortgage = any(t.mortgage for t in kit.titles.titles)
        # a mortgage of half the price on every title is said once over the table, not printed in a column of its own
        # (Tahiti's "Valeur hypothécaire", the widest head, kept its price off the rents' columns: review 13)
        half = has_mortgage and all(t.mortgage and (kit.board.space(t.space) is None or
                                                    kit.board.space(t.space).price == 2 * t.mortgage)
                                    for t in kit.titles.titles)
        if half:
            has_mortgage = False
        # amounts as plain numbers, the currency said once under the table: a row of seven rents stays short
        symbol = str(kit.game.currency.symbol).strip()
        num = lambda v: cell_text(self.ctx, v)  # noqa: E731
        # a ladder that must wrap breaks before a dot, never after it: the dot opens the next line (the ladder goes
        # on), none is left at a line's end beside the next column's figures
        dots = " ·" + NBSP
        head = [self.w["property"], str(terms.price_head or terms.price), str(terms.rent)]
        if has_house:  # the kit's word for what it builds, where it has one (Etymonopoly develops languages)
            head.append(str(terms.building) if terms.building else self.w["build"])
        if has_mortgage:
            head.append(str(terms.mortgage))
        # each street's rents in the steps' columns (``_Steps``), under a short head each where the kit gives them
        # (terms.rent_heads): read down, a step's figures stand on one edge (review 11); read across, one ladder
        given = [str(h) for h in terms.rent_heads] if terms.rent_heads else None
        steps = _Steps(given or [""] * len(terms.rent_ladder),
                       [[num(r) for r in t.rent] for t in kit.titles.titles if t.rent],
                       self.ctx.fonts.heading, self.s.body.plain)
        if given:
            head[2] = _Ladder(steps, given, head=True)
        rows: list[list] = [head]
        colon = " : " if self.ctx.style.french else ": "
        owned = set()  # the rows whose rents go by the number owned (a station's, a utility's dice)
        for t in kit.titles.titles:
            space = kit.board.space(t.space)
            if space is None:
                continue
            group = groups.get(space.group) if space.group else None
            price = space.price if space.price is not None else kit.game.rules.market_price
            if t.rent:
                rents = _Ladder(steps, [num(r) for r in t.rent])
            elif t.rent_by_owned:
                rents = dots.join(num(r) for r in t.rent_by_owned)
                owned.add(len(rows))  # the index this row takes
            elif t.multipliers:  # the factors, then the kit's words for the dice once ("50 or 100 × dice total")
                rolled = str(terms.rolled) if terms.rolled else self.w["rolled"]  # the kit's words, as its deeds
                rents = rolled.format(x=_either([cell_text(self.ctx, m) for m in t.multipliers], self.w["or"]))
                owned.add(len(rows))  # the index this row takes
            elif t.table:  # where the booklet prints that table, the heading over it (a reader finds it there)
                under = _table_heading(self.ctx, str(t.table))
                rents = self.w["see_under"].format(heading=under) if under else self.w["see_table"]
            else:
                rents = ""
            # a swatch on every row: a set's colour and mark, else the colour the space's title card carries (a
            # station's, a utility's: the rows without one read as missing it, the seventh review) as an outline (a
            # yellow utility's full swatch read as a member of the yellow set, the tenth)
            swatch = _Swatch(group.colour, self.ctx.group_mark(group.id)) if group else \
                _Swatch(space_colour(self.ctx, space), None, hollow=True, icon=space.icon)
            row = [([markup.Span(space.name)], swatch),
                   num(price) if price is not None else "", rents]
            if has_house:
                costs = [c for c in (t.house_cost, t.hotel_cost) if c]
                row.append(" / ".join(num(c) for c in dict.fromkeys(costs)))
            if has_mortgage:
                row.append(num(t.mortgage) if t.mortgage else "")
            rows.append(row)
        rows, owned = _one_row_per_kind(rows, owned)
        # a column of one value in every row (Moneyloopy's one market price) is said once, under the table
        same = []
        for j in range(len(rows[0]) - 1, 0, -1):
            values = {str(r[j]) for r in rows[1:]}
            if j != 2 and len(rows) > 2 and len(values) == 1 and next(iter(values)):
                same.insert(0, self.w["same"].format(column=rows[0][j], value=next(iter(values))))
                rows = [r[:j] + r[j + 1:] for r in rows]
        rent_col = 2 if len(rows[0]) > 2 and str(rows[0][2]) in (str(terms.rent), " ".join(given or ())) else 1
        font = self.s.body.plain
        wide = lambda c: steps.word(c.cells, False, TABLE_PT).width if isinstance(c, _Ladder) \
            else text_width(str(c), font, TABLE_PT)  # noqa: E731
        longest = max((wide(r[rent_col]) for r in rows[1:]), default=0.0)
        under = None
        if longest > LADDER_COLUMN * COLUMN:  # too long for a column: each ladder on a line of its own, heads over them
            # a ladder too wide for the line even at the least size is a run of dotted figures that wraps before a
            # dot (its steps said in words in the key), not columns drawn past the page's edge
            room = COLUMN - 2 * PAD_X - SWATCH - 1.0
            if steps.word(steps.heads, False, MIN_BODY_PT).width > room:
                given = None
                for r in rows[1:]:
                    if isinstance(r[rent_col], _Ladder):
                        r[rent_col] = dots.join(r[rent_col].cells)
            # a rent by the number owned says so (review 14: "Rent: 150 · 300 · 600 · 1,200" did not)
            under = {i: r[rent_col] if isinstance(r[rent_col], _Ladder) else
                     f"{self.w['by_owned'].format(rent=terms.rent) if i in owned else terms.rent}{colon}{r[rent_col]}"
                     for i, r in enumerate(rows) if i and r[rent_col]}
            if given:
                under[0] = _Ladder(steps, given, head=True)
            rows = [r[:rent_col] + r[rent_col + 1:] for r in rows]
            # the name line's figures (a price, a building's) in bold, each after its head's word: on the rent
            # columns' edges, in the rents' weight, they read as one more rent (review 14); in bold alone, under
            # heads over the rents' columns, still as rents of a kind (review 17)
            rows = [[rows[0][0]] + [""] * (len(rows[0]) - 1)] + [
                [r[0]] + [[markup.Span(f"{rows[0][j]} "), markup.Span(str(c), markup.STRONG)] if c else c
                          for j, c in enumerate(r[1:], 1)] for r in rows[1:]]
        else:  # the rents last, after the prices: a building's price between the rents' heads and the price read
            # as one more step of rent ("Hotel 250 House 50", review 13); a rent by the number owned says so under
            # the heads of the houses' steps ("25 · 50 · 100 · 200" read as rents by houses, review 15)
            for i in owned:
                rows[i][rent_col] = f"{self.w['owned']}{colon}{rows[i][rent_col]}"
            rows = [r[:rent_col] + r[rent_col + 1:] + [r[rent_col]] for r in rows]
            rent_col = len(rows[0]) - 1
        # the key over the table: the ladder's steps in words where the table has no heads over them; with heads, the
        # kit's own words for what they count (terms.rent_key: a key of four lines of steps over Euronopoly's table
        # repeated its table of apartments' worth; heads with no key left "1-4" and "Set" unexplained, review 13);
        # each step kept whole on its line ("Set with 2 houses", "…with 1 reconstruction" were
        # split after "with"): the note breaks only between steps, where a step fits half the column, after the dot
        # between them (a line began "· Luxury villa")
        italic, note_pt = self.ctx.fonts.italic, MIN_BODY_PT + 0.5
        ladder = f"{NBSP}· ".join(re.sub(r"\s+", NBSP, x) if text_width(x, italic, note_pt) <= COLUMN / 2 else x
                            for x in _whole_steps(terms.rent_ladder))
        key = ([str(terms.rent_key)] if terms.rent_key else []) if given else \
            [self.w["rents"].format(rent=terms.rent, ladder=ladder)]
        if half:
            same.append(self.w["half"].format(column=terms.mortgage))
        note = " ".join([*key, *same])
        if symbol:
            note = f"{self.w['amounts'].format(unit=symbol)} {note}"
        note = running(note, self.s.style)  # a paragraph: "Market price: / 300" broke after its colon (review 16)
        return [self.s.grid(rows, True, where, lead=note, under=under, whole={rent_col} if under is None else None,
                            right={j for j in range(1, len(rows[0])) if j != (rent_col if under is None else -1)})]

    def _table(self, arg: str, where: tuple) -> list:
        t = self.ctx.kit.tables.table(arg)
        if t is None:
            return []
        rows, caption = table_rows(self.ctx, t), str(t.title or "")
        # a table of money whose caption and cells do not say the currency says it in its key (Euronopoly's risk
        # table, "+30" under "+ you receive, − you pay", had no unit: review 17), as the property table does
        symbol = str(self.ctx.kit.game.currency.symbol).strip()
        unsaid = t.money and symbol and symbol not in caption and not any(symbol in str(c) for r in rows for c in r)
        return [self.s.grid(rows, True, where, caption=caption, row_heads=any(str(r.label) for r in t.rows),
                            lead=self.w["amounts"].format(unit=symbol) if unsaid else "")]

    def _board(self, arg: str, where: tuple) -> list:
        """The board's diagram, square at the size ``set_pages`` finds room for, and its caption (``@board |
        caption``) under it, centred, as a figure's is: the picture floats to the next page's top where this one has
        not the room, and the caption says what it is amid another section's text."""
        cap = self._caption(arg.partition("|")[2].strip(), where)
        under = CAPTION_GAP + cap.height() if cap else 0.0

        def draw(h: float) -> scene.Group:
            """The diagram ``h`` mm tall with its caption: the board's side is what the caption leaves."""
            side = h - under
            if cap is None:
                return board_diagram(self.ctx, side)
            return scene.Group([scene.Group([board_diagram(self.ctx, side)], transform=scene.translate(0.0, under)),
                                *_caption_lines(cap, side, under - CAPTION_GAP)])

        return [_Picture(draw, PICTURE, PICTURE + under, where=where, under=under)]

    def _caption(self, caption: str, where: tuple) -> _Text | None:
        """A picture's caption (a figure's, the board's), in the italic of a table's note; None without one."""
        return self.s.text(markup.spans(caption), CAPTION_PT, _Fonts(*[self.ctx.fonts.italic] * 3), where=where) \
            if caption else None

    def _figure(self, arg: str, where: tuple) -> list:
        """The items named, drawn as their sheets print them (clipped to their trim, outlined) side by side, centred
        in the column, and the caption under them, centred, in the italic of a table's note."""
        shown, caption, _ = markup.figure(arg)
        found = [f for f in (figure_item(self.ctx, s) for s in shown) if f is not None]
        if not found:
            return []  # E-rules-block says why
        tallest = max(it.height for it, _ in found)
        gaps = FIGURE_GAP * (len(found) - 1)
        k0 = min(max(FIGURE_SCALE, min(1.0, FIGURE_SMALL / tallest)), (COLUMN - gaps) / sum(it.width for it, _ in found))
        cap = self._caption(caption, where)
        under = CAPTION_GAP + cap.height() if cap else 0.0
        line = mix(self.ctx.colours.line, "#ffffff", OUTLINE_GREY)

        def draw(h: float) -> scene.Group:
            """The figure ``h`` mm tall: its items at the scale that takes (its own, or less in a table's room)."""
            k = min(k0, (h - under) / tallest)
            row_h = tallest * k
            out: list = []
            x = (COLUMN - sum(it.width for it, _ in found) * k - gaps) / 2
            for it, back in found:
                art = it.back if back else it.front
                w, ih = it.width, it.height
                trim = _round_trim(w, ih, line, OUTLINE / k) if it.round \
                    else [scene.Rect(0, 0, w, ih, stroke=line, width=OUTLINE / k)]
                y = h - row_h + (row_h - ih * k) / 2  # each item centred on the row's middle
                out.append(scene.Group([scene.Group([art], clip=(0.0, 0.0, w, ih), bounds=(0.0, 0.0, w, ih)), *trim],
                                       transform=scene.compose(scene.translate(x, y), scene.scale(k)),
                                       miniature=True))
                x += w * k + FIGURE_GAP
            if cap is not None:
                out.extend(_caption_lines(cap, COLUMN, h - row_h - CAPTION_GAP))
            return scene.Group(out)

        return [_Picture(draw, COLUMN, tallest * k0 + under, figure=True,
                         least=tallest * k0 * FIGURE_LEAST + under, where=where)]

    def _lookup(self, arg: str, where: tuple) -> list:
        deck = self.ctx.kit.deck(arg)
        if deck is None:
            return []
        rows = []
        lang = self.s.style.language  # the section's
        for card in deck.cards:
            reading = card.reading(lang)
            if not reading:
                continue
            start = typeset(card_start(str(card.text)), self.ctx.style)  # in the edition's language
            rows.append([[markup.Span(start, markup.EMPHASIS)], reading])
        return [self.s.grid(rows, False, where, caption=deck.name_in(lang), right=set())]


#: a lookup shows a card by its first words: up to a sentence or clause end within this many, else this many
START_WORDS = 8


def card_start(text: str) -> str:
    """The first words of a card's text, enough to find the card: its first sentence or clause when that is
    short, else its first START_WORDS words and an ellipsis."""
    words = text.split()
    for i, w in enumerate(words[:START_WORDS + 2]):
        if w.endswith((".", "!", "?", ":", ";")) and i >= 2:
            cut = " ".join(words[:i + 1]).rstrip(":;").rstrip()
            return cut if i + 1 == len(words) or w.endswith((".", "!", "?")) else cut + " …"
    return " ".join(words) if len(words) <= START_WORDS else " ".join(words[:START_WORDS]) + " …"


def table_rows(ctx: Ctx, t: Table) -> list[list[str]]:
    """A table's cells as text, its header row first (a negative number's minus is the typesetting's: ``typeset``
    sets a hyphen before a figure as a true minus, as everywhere else)."""
    head = [str(t.corner or "")] + [cell_text(ctx, c) for c in t.columns]
    return [head] + [[str(r.label)] + [cell_text(ctx, v) for v in r.cells] for r in t.rows]


def components(ctx: Ctx) -> list[tuple[str, int]]:
    """(what, how many) of every printed component, counted from the parts' own items (the manifest counts
    the same items): the board, title cards, each deck, reference cards, notes and chips of each value,
    counters, player tokens."""
    from .. import parts as registry

    kit = ctx.kit
    w = words(ctx)
    out: list[tuple[str, int]] = [(w["board"].format(size=f"{float(kit.board.size):g}"), 1)]
    names = {d.id: d.name for d in kit.decks}
    counters = {c.id: w["limited"].format(name=c.name) if c.limited or c.id in kit.game.rules.countermix
                else str(c.name) for c in kit.counters.counters}
    for part in registry.PARTS:
        if part.output in ("board", "rules"):
            continue
        counts: dict[str, int] = {}
        for it in _items_of(ctx, part):
            counts[it.kind] = counts.get(it.kind, 0) + 1
        if not counts:
            continue
        if part.name == "titles":
            out.append((str(kit.game.terms.title_card), sum(counts.values())))
        elif part.name == "reference":
            out.append((w["reference"], sum(counts.values())))
        elif part.name in ("notes", "chips"):
            for kind, n in sorted(counts.items(), key=lambda kv: int(kv[0].split("-", 1)[1])):
                out.append((w[part.name].format(value=ctx.money(int(kind.split("-", 1)[1]))), n))
        elif part.name == "tokens":  # the players' pieces, then each marker by its name (the turn marker)
            out.append((w["tokens"], counts.get("token", 0)))
            out += [(str(t.name), 1) for t in kit.counters.tokens if t.marker]
        else:
            for kind, n in counts.items():
                label = names.get(kind) if part.name == "decks" else counters.get(kind, kind)
                if part.name == "decks" and not str(label).lower().endswith(("card", "cards", "carte", "cartes")):
                    label = w["deck"].format(name=label)  # "Chance card"; a deck named "... cards" as it is
                out.append((str(label), n))
    return out


def _caption_lines(cap: _Text, width: float, top: float) -> list:
    """A caption's lines centred in ``width`` mm, the first's capitals' top at ``top`` (mm up from the picture's
    foot)."""
    out: list = []
    for ln in cap.lines:
        out.extend(_draw_line(ln, (width - ln.width) / 2, top - CAP * cap.size * PT, cap.size, cap.colour, cap.space))
        top -= cap.lead
    return out


def _round_trim(w: float, h: float, line: str, width: float) -> list:
    """A round item's trim in a figure: the corners outside its circle painted out in the paper's white (what the
    sheet prints there is bleed, cut away), and the circle outlined."""
    c, r = w / 2, min(w, h) / 2
    cy = h / 2
    kappa = 0.5523 * r
    out: list = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):  # a corner: from the circle's foot round to its side
        corner = (c + sx * (c + 1.0), cy + sy * (cy + 1.0))
        foot, side = (c, cy + sy * r), (c + sx * r, cy)
        out.append(scene.Path((("M", *corner), ("L", foot[0], corner[1]), ("L", *foot),
                               ("C", c + sx * kappa, foot[1], side[0], cy + sy * kappa, *side),
                               ("L", corner[0], side[1]), ("Z",)), fill="#ffffff"))
    out.append(scene.Circle(c, cy, r, stroke=line, width=width))
    return out


def _items_of(ctx: Ctx, part, drawn: bool = False) -> list[Item]:
    """Another part's items: as the build, validate or preview laid them out already (counted as they are), else
    laid out in the booklet's quiet context; ``drawn``: with their drawings (a part printed before the booklet has
    let them go, ``build._let_go``)."""
    done = ctx.memo.get(("items", part.name))
    if done is not None and (not drawn or all(it.drawn for it in done)):
        return done
    return part.laid_out(_quiet(ctx))


def _quiet(ctx: Ctx) -> Ctx:
    """A context for laying out the other parts (counted by ``components``, shown by ``@figure``) that reports
    nothing: those parts report their own problems. One per booklet, so each part is laid out once."""
    from ..problems import Problems

    key = ("booklet", "quiet")
    if key not in ctx.memo:
        ctx.memo[key] = Ctx(ctx.kit, bleed=ctx.bleed, problems=Problems())
    return ctx.memo[key]


#: the registry's part each kind of a figure's item comes from (markup.FIGURE_KINDS)
FIGURE_PARTS = {"deed": "titles", "card": "decks", "back": "decks", "note": "notes", "chip": "chips",
                "ref": "reference", "counter": "counters", "token": "tokens"}


def figure_item(ctx: Ctx, shown: markup.Shown) -> tuple[Item, bool] | None:
    """The laid-out item a figure's WHAT names (the part's own, as its sheet prints it) and whether its back is shown;
    None when the kit has none (E-rules-block says so)."""
    from .. import parts as registry

    part = registry.part(FIGURE_PARTS.get(shown.kind, ""))
    if part is None:
        return None
    items = _items_of(ctx, part, drawn=True)
    ident, kind = shown.id, shown.kind
    if kind == "card":
        deck = ctx.kit.deck(ident)
        if deck is None or not 1 <= shown.number <= len(deck.cards):
            return None
        card = deck.cards[shown.number - 1]
        match = [it for it in items if it.source is card] or [it for it in items if it.kind == ident][shown.number - 1:]
    elif kind == "deed":
        match = [it for it in items if str(getattr(it.source, "space", "")) == ident]
    elif kind == "ref":
        match = [it for it in items if str(getattr(it.source, "id", "")) == ident]
    elif kind == "token":
        match = [it for it in items if it.id == f"token-{ident}"]
    elif kind in ("note", "chip"):
        match = [it for it in items if it.kind == f"{kind}-{ident}"]
    else:  # a counter, or a deck's back
        match = [it for it in items if it.kind == ident]
    if not match or (kind == "back" and match[0].back is None):
        return None
    return match[0], kind == "back"


def board_picture(ctx: Ctx, size: float, edit: Callable[[scene.Group], scene.Group] | None = None,
                  key: str = "booklet-board") -> scene.Group:
    """The board drawn ``size`` mm square: the board part's own drawing, scaled (vector, never a raster); ``edit``
    takes something out of it (the diagram's: the words its labels stand for), and the drawing so edited is stored
    under its own ``key``."""
    from .board import board_drawing

    full = float(ctx.kit.board.size)
    k = size / full
    drawing = board_drawing(ctx) if edit is None else edit(board_drawing(ctx))
    inner = scene.Group([drawing], clip=(0.0, 0.0, full, full), key=key,
                        bounds=(0.0, 0.0, full, full))  # stored once, drawn wherever it is placed
    return scene.Group([inner, scene.Rect(0, 0, full, full, stroke=ctx.colours.line, width=0.6 / k)],
                       transform=scene.scale(k), miniature=True)


#: pt: a board diagram's labels, all at one size, LABEL_PT where they have the room, never under LABEL_LEAST (the
#: least any printed text reads at: legibility.MIN_PT); one line at most LABEL_WIDE_MAX mm long; LABEL_PAD mm of
#: paper around the words (across, down)
LABEL_PT, LABEL_LEAST = 7.0, MIN_PT
LABEL_WIDE_MAX = 40.0
LABEL_PAD = (0.9, 0.5)
LABEL_TOP = 0.4  # mm from a panel's top left to its label's, the label over the panel's own title
LABEL_RISE = 2.0  # mm a label in a panel's title's place may rise over the panel's top edge and count as inside it
LABEL_GAP, LABEL_GAP_LEAST = 1.0, 0.6  # mm at least between two labels (the least where the labels are crowded)
LABEL_TWO = 0.62  # a label set on two lines where one touches another: this share of its one line's width
LABEL_SPILL = 1.6  # a label centred on its thing runs on one line up to this many times the thing's width
LABEL_LINES = 2  # lines a spot's or a corner's label takes (a panel's: one, a tab) before ...
LABEL_LINE = 3.0  # ... each more (past the fewest its name takes) weighs as much as reaching this many mm past its
#                   thing (Moneyloopy's spot said "Chance bids: put your bid here" on 4 lines)
LABEL_OVER = 6.0  # mm: a label over another landmark weighs as much as reaching this far past its own (Euronopoly's
#                  two speed-trap panels side by side: a label across both named neither)
LABEL_STEP, LABEL_SMALLER = 0.5, 0.5  # pt a panel's label may be set smaller by at a time, to stay on one line
#                                     inside its panel, each step weighing as much as reaching this many mm past it
LABEL_HAIR = 0.3  # mm of another landmark a label may cover and not count as over it
LABEL_PLACE = 0.5  # mm: a label in a thing's second place weighs as much as one reaching this far past it in its first
LABEL_MIDDLE = 6.0  # mm: a panel's label on its middle weighs as much as one reaching this far past its title's place
#                    (there it hides the panel's text, its own title left bare)
LABEL_TRIES = 5000  # steps the search for the labels' ways takes at most


def board_diagram(ctx: Ctx, size: float) -> scene.Group:
    """The board drawn ``size`` mm square with a label on each of its landmarks (``board.landmarks``: the corners,
    the deck spots, the panels) in the board's own words, which the picture under it leaves out (a label half over
    the word it repeats read as a misprint: review 18): a slip of paper over the thing's middle, or in a panel's
    title's place, turned with a panel stood on its side. At a booklet's size the board's own words are too small
    to read, and the centre is a game of its own. No label touches another (``_labels``)."""
    from .board import landmarks

    key = ("booklet-diagram", round(size, 6))  # drawn once a size: the booklet's trials place it again and again
    if key in ctx.memo:
        return ctx.memo[key]
    marks = landmarks(ctx)
    labels = _labels(ctx, marks, size)
    k = size / float(ctx.kit.board.size)
    under = [tuple(v / k for v in box) for box, _ in labels]  # the labels' slips in the board's frame
    # its words left out where its labels at this size lie: a drawing of its own at each size
    out: list = [board_picture(ctx, size, _unnamed(ctx, marks, under), key=f"booklet-board-diagram-{size:g}")]
    for _, drawn in labels:
        out.append(drawn)
    ctx.memo[key] = scene.Group(out)
    return ctx.memo[key]


def _unnamed(ctx: Ctx, marks: list, under: list[tuple]) -> Callable[[scene.Group], scene.Group]:
    """What takes out of the board's drawing the runs of text the diagram's labels stand for (a run whose every
    word is a landmark's own, its middle inside the landmark) and every run and icon a label's slip (``under``, in
    the board's frame) would cover a part of, with the other lines of its text: no word shows half hidden (review
    19 found \"Took the\", \"3. End yo\" round a label on a panel's middle), no sentence in fragments, no icon in
    slivers round a slip (publisher's reviews: a corner's art, its text)."""
    from .board import plain_words

    def inside(x: float, y: float, box: tuple) -> bool:
        bx, by, bw, bh = box
        return bx - 1.0 <= x <= bx + bw + 1.0 and by - 1.0 <= y <= by + bh + 1.0

    def slipped(corners: list[tuple[float, float]]) -> bool:  # a box round these points touches a label's slip
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return any(_touch((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), slip, 0.0) for slip in under)

    def covered(c: scene.Text, m: scene.Affine) -> bool:
        x0 = c.x - {"middle": c.width / 2, "end": c.width}.get(c.anchor, 0.0)
        return slipped([scene.apply(m, x, c.y + dy) for x in (x0, x0 + c.width)
                        for dy in (-DESC * c.size * PT, CAP * c.size * PT)])

    def walk(g: scene.Group, m: scene.Affine) -> scene.Group:
        kept = []
        # a text a slip covers a line of goes whole: the lines of one block (a group's runs of one size, its bold
        # amounts too) round a slip read as fragments ("1,000 MU." / "200 MU more." round Euronopoly's Start: a
        # publisher's review)
        hidden = {round(c.size, 3) for c in g.children if isinstance(c, scene.Text) and covered(c, m)}
        for c in g.children:
            if isinstance(c, scene.Group):
                mm = scene.compose(m, c.transform)
                bx, by, bw, bh = c.bounds or (0.0, 0.0, 0.0, 0.0)
                if str(c.key or "").startswith("icon-") and c.bounds and \
                        slipped([scene.apply(mm, x, y) for x in (bx, bx + bw) for y in (by, by + bh)]):
                    continue  # an icon a label's slip covers a part of: left out whole, no sliver round the slip
                kept.append(walk(c, mm))
            elif isinstance(c, scene.Text):
                half = {"start": c.width / 2, "end": -c.width / 2}.get(c.anchor, 0.0)
                x, y = scene.apply(m, c.x + half, c.y)
                said = plain_words(c.text)
                if not any(said and said <= mark.words and inside(x, y, mark.box) for mark in marks) \
                        and round(c.size, 3) not in hidden:
                    kept.append(c)
            else:
                kept.append(c)
        # a group drawn once and reused under its key is another drawing now: its own key
        return replace(g, children=kept, key=f"{g.key}-unnamed" if g.key else None)

    return lambda drawing: walk(drawing, drawing.transform)


def _labels(ctx: Ctx, marks: list, size: float) -> list[tuple[tuple, scene.Group]]:
    """Each landmark's label as (the box it takes, x, y, w, h in mm on the board drawn ``size`` mm square, its
    slip and words), in the first of its ways (``_ways``) that touches no other label, all at one size: LABEL_PT,
    else as much less (down to LABEL_LEAST, in half points) as leaves every label LABEL_GAP from the others, at
    that size LABEL_GAP_LEAST. Where even that does not, each takes its first way free of those set before it, or
    its last."""
    pt = LABEL_PT
    while True:
        options = _ways(ctx, marks, size, pt)
        last = pt - 0.5 < LABEL_LEAST - 1e-9
        for gap in (LABEL_GAP, LABEL_GAP_LEAST) if last else (LABEL_GAP,):
            found = _free_ways(options, gap)
            if found is not None:
                return found
        if last:
            placed: list = []
            for ways_of in options:
                placed.append(next((o for o in ways_of if not any(_touch(o[0], p[0], LABEL_GAP) for p in placed)),
                                   ways_of[-1]))
            return placed
        pt -= 0.5


def _ways(ctx: Ctx, marks: list, size: float, pt: float) -> list[list[tuple[tuple, scene.Group]]]:
    """The ways to set each landmark's label at ``pt``, the lightest first: each weighs how far it reaches past its
    thing, and more for a line past its first (a panel's) or its second (a spot's, a corner's), for covering another
    landmark, for a place after its thing's first (``named``); of two alike, its full name before its short one (a
    panel's or a spot's). A panel's label goes in its title's place, from its left edge, ending at its right or on
    its middle, else from its top left down over its own text, else on the panel's middle; a pile's under its icon
    (a jail's strips' in the long strip), else at its top, its foot or its middle; a corner's or another spot's on
    its middle, else at its top or its foot; each on one line, on two, or as narrow as its thing (or its longest
    word) allows. A centre thing's label stays in the centre, every label on the board, clear of the board's title
    where it can be."""
    from ..text import fit

    k = size / float(ctx.kit.board.size)
    px, py = LABEL_PAD
    ring = float(ctx.kit.board.corner) * k
    font = ctx.fonts.heading

    def label(mark, name: str, room: float, across: str, down: str,
              pt: float = pt) -> tuple[tuple, scene.Group, float, int]:
        """The label set at ``pt`` ``room`` mm wide at most, ``across`` from its place's left edge ("start"), to its
        right ("end") or on its middle, ``down`` in a panel's title's place, at its top, its middle or its foot; how
        far it reaches past its thing (0: inside), and its lines."""
        turned = mark.rotate in (90.0, 270.0)  # a panel on its side: its label turned with it
        place = {"title": mark.title, "area": mark.area}.get(down) or mark.box
        x, y, w, h = (v * k for v in place)
        bx, by, bw, bh = (v * k for v in mark.box)
        if turned:  # laid out across the place's long side, then turned
            x, y, w, h = x + w / 2 - h / 2, y + h / 2 - w / 2, h, w
            bx, by, bw, bh = bx + bw / 2 - bh / 2, by + bh / 2 - bw / 2, bh, bw
        align = {"start": "left", "end": "right"}.get(across, "center")
        f = fit(name, (0.0, 0.0, room, 20.0), font, pt, pt, colour=ctx.colours.ink, align=align, style=ctx.style)
        sw, sh = f.width + 2 * px, f.height + 2 * py
        sx = {"start": x + LABEL_TOP, "end": x + w - LABEL_TOP - sw}.get(across, x + w / 2 - sw / 2)
        # in a title's place its foot on the title's: the panel's first line of text stays clear, the label
        # rising over the panel's edge by LABEL_RISE at most (on the title's middle it hid that line: review 18)
        sy = {"top": y + h - LABEL_TOP - sh, "foot": y + LABEL_TOP, "title": y}.get(down, y + h / 2 - sh / 2)
        if not turned:
            edge = ring if mark.centre else 0.0
            sx, sy = min(max(sx, edge), size - edge - sw), min(max(sy, edge), size - edge - sh)
        rise = LABEL_RISE if down == "title" else 0.0
        past = max(0.0, bx - sx, sx + sw - bx - bw, by - sy, sy + sh - by - bh - rise)
        shift = sx + px - {"start": 0.0, "end": room - f.width}.get(across, (room - f.width) / 2)
        drawn = scene.Group([scene.Rect(sx, sy, sw, sh, fill=ctx.colours.paper, stroke=ctx.colours.line,
                                        width=0.15, radius=0.8),
                             scene.Group(f.shapes, transform=scene.translate(
                                 shift, sy + sh - py - (10.0 + f.height / 2)))])  # fit set it on 20 mm's middle
        if turned:
            cx, cy = sx + sw / 2, sy + sh / 2
            drawn.transform = scene.rotate(mark.rotate, cx, cy)
            return (cx - sh / 2, cy - sw / 2, sh, sw), drawn, past, f.lines
        return (sx, sy, sw, sh), drawn, past, f.lines

    laid: dict[tuple[int, str], list] = {}  # (landmark, name) -> its label set every way, each once

    def named(mark, name: str) -> list:
        """The label saying ``name`` set every way: each place, each measure (a panel's also on one line a step or
        two smaller); each way as (its box, its drawing, what it weighs: how far it reaches past its thing,
        LABEL_LINE for each line past the fewest it may take (a panel's one, a spot's or a corner's LABEL_LINES) or
        the fewest the name takes, LABEL_OVER where it covers a part of another landmark, LABEL_PLACE for each place
        preferred to its own, LABEL_MIDDLE for a panel's or a pile's middle, LABEL_SMALLER for each step smaller)."""
        if (id(mark), name) in laid:
            return laid[id(mark), name]
        along = (mark.box[3] if mark.rotate in (90.0, 270.0) else mark.box[2]) * k
        if mark.title is not None:
            # ... and from its top left down over its own text, where rising over its title's place would cover the
            # thing above (Tahiti's 'Leeward / Islands' over the Tuamotu panel: a publisher's review)
            places = [(a, "title") for a in ("start", "end", "middle")] + [("start", "top"), ("middle", "middle")]
            rank = {place: LABEL_PLACE * n for n, place in enumerate(places[:-1])} | {places[-1]: LABEL_MIDDLE}
        elif mark.area is not None:  # a pile: over its own name, under its icon (on its middle it cut the icon)
            places = [("middle", d) for d in ("area", "top", "foot", "middle")]
            rank = {place: LABEL_PLACE * n for n, place in enumerate(places[:-1])} | {places[-1]: LABEL_MIDDLE}
        else:
            places = [("middle", d) for d in ("middle", "top", "foot")]
            rank = {place: LABEL_PLACE * n for n, place in enumerate(places)}
        # a name keeps its number ("Tollbooth 2"); a kit's term may wrap, as on the board itself
        text = bind_short(name)
        set_as = typeset(text, ctx.style)
        word = max(text_width(wd, font, pt) for wd in set_as.split()) + 0.01
        one = max(text_width(ln, font, pt) for ln in set_as.split("\n")) + 0.01
        thin, two = max(along - 2 * LABEL_TOP - 2 * px, word), max(LABEL_TWO * one, word)
        # a centred label runs on one line past its thing only up to LABEL_SPILL times the thing's width
        rooms = [*([LABEL_WIDE_MAX] if mark.title is not None or one <= LABEL_SPILL * along else []),
                 *([two] if two > thin else []), thin]
        made = [((a, d), 0, *label(mark, text, room, a, d)) for a, d in places for room in rooms]
        # a panel's label on one line at a smaller size (not under LABEL_LEAST), the first step that holds it inside
        # the panel's width: a tab on the panel, not two lines over its text (a publisher's review)
        steps = int((pt - LABEL_LEAST) / LABEL_STEP + 1e-9) if mark.title is not None else 0
        for step in range(1, steps + 1):
            wide = max(text_width(ln, font, pt - LABEL_STEP * step) for ln in set_as.split("\n")) + 0.01
            if wide + 2 * px <= along - 2 * LABEL_TOP:
                made += [((a, d), step, *label(mark, text, wide, a, d, pt - LABEL_STEP * step)) for a, d in places]
                break
        # a panel's label takes one line (a tab), a spot's or a corner's two, before a line more weighs LABEL_LINE
        fewest = max(1 if mark.title is not None else LABEL_LINES, min(lines for *_, lines in made))
        others = [tuple(v * k for v in m.box) for m in marks if m is not mark]

        def over(box: tuple) -> bool:  # a part of another landmark under it, more than a hair's width (a label rising
            # over its own panel's top by LABEL_RISE counts as inside it, not over the thing above: Tahiti's
            # 'Leeward / Islands' covered the Tuamotu panel, a publisher's review)
            return any(_touch(box, o, -LABEL_HAIR) for o in others)

        laid[id(mark), name] = [(box, drawn, (past if past > 1e-6 else 0.0) + LABEL_LINE * max(0, lines - fewest) +
                                 (LABEL_OVER if over(box) else 0.0) + rank[place] + LABEL_SMALLER * step)
                                for place, step, box, drawn, past, lines in made]
        return laid[id(mark), name]

    def ways(mark, names: tuple[str, ...]) -> list:
        """A landmark's ways to say one of ``names``, the lightest first (``named``; of two alike, the first name's),
        each box once."""
        out: dict[tuple, tuple] = {}  # one of a kind once
        for box, drawn, _ in sorted((way for name in names for way in named(mark, name)), key=lambda w: w[2]):
            out.setdefault(tuple(round(v, 3) for v in box), (box, drawn))
        return list(out.values())

    # the board's title and subtitle (and their plaque) stay clear of the labels, where a label has another way
    from .board import centre_footprints

    kept = []
    for what, corners, _ in centre_footprints(ctx):
        if what.startswith("title"):
            xs, ys = [x * k for x, _ in corners], [y * k for _, y in corners]
            kept.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    out = []
    for mark in marks:  # a short name (a panel's, a spot's) is its label's where its own weighs more
        made = ways(mark, (mark.name, mark.short) if mark.short else (mark.name,))
        out.append([w for w in made if not any(_touch(w[0], t, LABEL_GAP_LEAST) for t in kept)] or made)
    return out


def _free_ways(options: list[list[tuple[tuple, scene.Group]]], gap: float = LABEL_GAP) -> list | None:
    """A way for each label (``options``: each label's ways, the first preferred) ``gap`` mm at least from every
    other's, the ways' ranks adding up to the least the search finds in LABEL_TRIES steps; None where it finds
    none."""
    # label by label from the board's top left (neighbours set one after another), each way free of those set tried
    # in turn; setting one strikes the ways of the labels after it that it touches (a label left with none ends the
    # branch), and a branch whose ranks, with the least each label left can take, reach the best found's is given up.
    # A label's ways left are a bit set; which ways of one label each way of another leaves free is worked out once
    boxes = [[way[0] for way in ways_of] for ways_of in options]
    order = sorted(range(len(options)), key=lambda n: (-round(boxes[n][0][1] + boxes[n][0][3], 1), boxes[n][0][0]))
    every = [(1 << len(b)) - 1 for b in boxes]
    spans = [(min(x for x, _, _, _ in b), min(y for _, y, _, _ in b), max(x + w for x, _, w, _ in b),
              max(y + h for _, y, _, h in b)) for b in boxes]  # all a label's ways take, to skip far pairs
    free: dict[tuple[int, int], list[int]] = {}  # (label, its way) -> for each later label, its ways left free

    def frees(i: int, n: int, later: list[int]) -> list[int]:
        if (i, n) not in free:
            box, out = boxes[i][n], []
            for j in later:
                x0, y0, x1, y1 = spans[j]
                if not _touch(box, (x0, y0, x1 - x0, y1 - y0), gap):
                    out.append(every[j])
                    continue
                out.append(sum(1 << m for m, other in enumerate(boxes[j]) if not _touch(box, other, gap)))
            free[i, n] = out
        return free[i, n]

    best: list = [None, None]  # its ranks' sum, the ways
    chosen: dict[int, int] = {}
    tries = 0

    def least(bits: int) -> int:
        return (bits & -bits).bit_length() - 1

    def search(at: int, cost: int, left: list[int]) -> None:
        nonlocal tries
        if best[0] is not None and cost + sum(least(b) for b in left) >= best[0]:
            return
        if at == len(order):
            best[0], best[1] = cost, dict(chosen)
            return
        i, mine, rest = order[at], left[0], left[1:]
        later = order[at + 1:]
        n = -1
        while mine:
            low = mine & -mine
            n, mine = low.bit_length() - 1, mine ^ low
            tries += 1
            if tries > LABEL_TRIES:
                return
            after = [r & f for r, f in zip(rest, frees(i, n, later))]
            if all(after):
                chosen[i] = n
                search(at + 1, cost + n, after)
                del chosen[i]

    search(0, 0, [every[i] for i in order])
    if best[1] is None:
        return None
    return [options[i][best[1][i]] for i in range(len(options))]


def _touch(a: tuple, b: tuple, gap: float) -> bool:
    """Boxes (x, y, w, h) nearer each other than ``gap`` mm."""
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap and
            a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


# --------------------------------------------------------------------------- pages
class _Pages:
    """Flows blocks onto pages: headings kept with what follows, paragraphs split with two lines a side at
    least, table rows kept whole (the header repeated), a short table whole unless that leaves more than VOID
    of a page blank, ``side`` rows at least on each side of a table's break."""

    def __init__(self, ctx: Ctx, tables: bool = True, side: int = SIDE_ROWS, heads: bool = True, turns: bool = True,
                 lazy: bool = False):
        self.ctx = ctx
        #: pictures drawn only when the flow is chosen (``resolve``): the trials need their sizes, not their art
        self.lazy, self.deferred = lazy, []
        self.side = side  # a split table's least rows on each side of a break
        #: a heading keeps HEAD_LINES lines of the text after it on its page (across a short paragraph); else (the
        #: rule yielding where it would cost a sheet of paper) LEAST_HEAD_LINES of a list, a paragraph's first lines
        self.heads = heads
        self.tables = tables  # short tables split rather than leave more than VOID blank
        self.turns = turns  # a table split from a right-hand page starts on the left-hand one overleaf (``_turn``)
        self.blank: list[float] = []  # mm left blank at the foot of each page ended
        self.splits: list[list[int]] = []  # for each table split over pages, its body rows on each page
        self.pages: list[list] = []
        #: for each page, its gaps between blocks: (the index in its shapes where the block under the gap begins, the
        #: gap's mm: the space under the block above and over the block below, the most mm it may grow by); never
        #: inside a block
        self.gaps: list[list[tuple[int, float, float]]] = []
        self.ink: list[float] = []  # mm between each page ended's last line or picture and the column's foot
        self.stretch: list[list[float]] = []  # for each page, the mm each of its gaps grew by (``feather``)
        self.y = 0.0
        self.trail = 0.0  # mm of the space under the last block set, taken off ``y`` already
        self.keeps = False  # the last block set introduces the next (a heading, a lead-in): it keeps with it
        #: (page, y) down to which a keeping text set on that page kept the text under it (``_keep``)
        self.promised: tuple[int, float] | None = None
        self.came_up = 0  # the page the last picture floated over (``_float``)
        self.top = True
        self.held: float | None = None  # the room the page had above the headings just set over the next block
        self.new_page()

    def new_page(self) -> None:
        if self.pages:
            self.end_page()
        self.pages.append([])
        self.gaps.append([])
        self.y = PAGE_H - TOP
        self.trail = 0.0
        self.keeps = False
        self.top = True

    def end_page(self) -> None:
        """What the page being set leaves at its foot: its blank, and the room under its ink."""
        self.blank.append(self.room)
        self.ink.append(self.room + self.trail)

    @property
    def room(self) -> float:
        return self.y - BOTTOM

    def gap(self, before: float) -> float:
        return 0.0 if self.top else before

    def whole(self, g: _Grid, room: float, void: float) -> bool:
        """Does table ``g`` go whole onto one page, with ``room`` mm left for it on this one, and ``void`` mm
        left blank here should it (and the headings over it) go to the next? A short table does when it fits,
        or when the blank it leaves is at most VOID; else it splits like a long one, its header repeated on the
        next page (a third of a page left blank reads as a mistake); a table of GLANCE_ROWS rows or fewer is never
        split."""
        return g.short and (g.height() <= room + 1e-6 or void <= VOID or not self.tables
                            or len(g.rows) <= GLANCE_ROWS)

    def first_height(self, block, room: float | None = None, void: float | None = None) -> float:
        """What of ``block`` must share a page with a heading above it, ``room`` mm (default: the page's) left
        for it, ``void`` mm (default ``room``) left blank should it go to the next page."""
        room = self.room if room is None else room
        if isinstance(block, _Text):  # a text of under 4 lines is never split: all of it
            return block.before + block.height(_first_lines(block))
        if isinstance(block, _Grid):
            void = room if void is None else void
            whole = self.whole(block, room, void)
            if self._turn(block, whole, room, void):
                return float("inf")  # it goes to the left-hand page overleaf: what keeps with it goes too
            return block.height() if whole else _start(block, self.side)
        if isinstance(block, _Picture):  # all of it: a picture is never shrunk
            return block.before + block.h + block.after
        return 0.0

    def kept(self, blocks: list, i: int, depth: int = 0, room: float | None = None, flowing: bool = False) -> float:
        """What must share a page with block ``i`` when it keeps with what follows: the next block's first
        lines, or all of it and what it keeps in turn (a heading over a short lead-in over a list), three
        blocks deep at most (a chain of a hundred subheadings does not make a hundred pages). ``room``: what the
        page has left above block ``i`` (default: all it has left). ``flowing``: the text flows on across the page
        break (``_keep``): a heading keeps LEAST_HEAD_LINES of it, a short paragraph's and the next block's."""
        if i + 1 >= len(blocks) or depth >= 3:
            return 0.0
        b = blocks[i]
        room = (self.room if room is None else room) - (self.gap(b.before) if depth == 0 else b.before)
        room -= b.height() + b.after if isinstance(b, _Text) else 0.0
        nxt = blocks[i + 1]
        if isinstance(nxt, _Text) and nxt.keep:
            need = nxt.before + nxt.height() + nxt.after + self.kept(blocks, i + 1, depth + 1, room, flowing)
        else:
            need = self.first_height(nxt, room, self.room if self.held is None else self.held)
        if b.heading and isinstance(nxt, _Text) and nxt.marker:
            need = max(need, _list_head(blocks, i + 1, HEAD_LINES if self.heads and not flowing else LEAST_HEAD_LINES))
        elif b.heading and isinstance(nxt, _Text) and not nxt.heading:
            need = max(need, self._head_text(b, blocks, i + 1, depth, room, flowing))
        return need

    def _head_text(self, head: _Text, blocks: list, i: int, depth: int, room: float, flowing: bool = False) -> float:
        """What of the text from block ``i`` (a paragraph under the heading ``head``) shares the heading's page:
        HEAD_LINES lines (a paragraph split there keeps as many, or goes whole where it would leave fewer than two
        overleaf); a shorter paragraph with the first lines of the block after it, as many as make HEAD_LINES (a
        heading over a sentence, the section going on overleaf, reads as a mistake: Tahiti's "Hypothèques"), or
        that block whole and what it keeps (a subheading under a section's heading); ``room``: what the page has left
        under the heading. A subheading whose whole text is the short paragraph (the next subheading follows) is
        complete: it stays (Monopoly 2.3's "Stations", one line)."""
        t = blocks[i]
        n = len(t.lines)
        most = HEAD_LINES if self.heads and not flowing else LEAST_HEAD_LINES  # fewer where the text flows on
        need = t.before + t.height(_first_lines(t, most))
        if n >= most or i + 1 >= len(blocks) or not isinstance(blocks[i + 1], _Text):
            return need  # the text goes on past a table or picture: those keep by their own rules
        nxt = blocks[i + 1]
        if nxt.heading and nxt.size >= head.size:
            return need  # the heading's text ends there
        gap = t.after + nxt.before
        if nxt.keep:  # a subheading or lead-in: it, and what it keeps in turn
            rest = room - t.before - t.height() - t.after
            return need + gap + nxt.height() + nxt.after + self.kept(blocks, i + 1, depth + 2, rest, flowing)
        if nxt.marker:
            return need + t.after + _list_head(blocks, i + 1, most - n)
        return need + gap + nxt.height(_first_lines(nxt, most - n))

    def place(self, blocks: list, after: list | None = None) -> int:
        """A section's blocks in order, but for a picture that would go to the next page and leave this one's foot
        blank: what comes after it comes up to fill that room as far as it fits whole (``_float``), the blocks
        ``after`` it too (the next sections', headings and all) where the section's own end there; returns how many
        of those it set. A table never lets text overtake it: the text after a table reads it (the review found
        Etymonopoly's "pays that price" set before the rule and table it follows). Where a table (and the headings
        over it) goes whole to the next page, a figure coming later in the section that fits the room it leaves is
        set there (``_fill``): only figures move, never text."""
        blocks = list(blocks)  # a figure set in a table's room is taken out of its place
        taken = 0
        i = 0
        while i < len(blocks):
            j = i
            while j < len(blocks) and isinstance(blocks[j], _Text) and blocks[j].keep:
                j += 1  # the headings and lead-in over a table go with it
            if j < len(blocks) and isinstance(blocks[j], _Picture) and not self.top:
                own = len(blocks)
                i = self._float(blocks + (after or [])[taken:], i, j, own)
                if i > own:  # the next sections' first blocks came up over it
                    taken, i = taken + i - own, own
                continue
            if j < len(blocks) and isinstance(blocks[j], _Grid) and not self.top:
                f = self._fill(blocks, i, j)
                if f is not None:
                    figure = blocks.pop(f)
                    self._picture(figure, figure.at(self.room))
                    continue  # the table and its headings still go to the next page (less room here now)
            self._place(blocks, i, i + 1)
            i += 1
        return taken

    def _fill(self, blocks: list, i: int, j: int) -> int | None:
        """The index of the figure to set here when the table ``blocks[j]`` and the keeping texts ``blocks[i:j]`` over
        it go whole to the next page: the first figure after the table in the section that fits the room they leave
        (a figure never shrinks); None when they begin on this page or no figure fits."""
        room = self.room
        figures = [f for f in range(j + 1, len(blocks)) if isinstance(blocks[f], _Picture) and blocks[f].figure
                   and blocks[f].at(room)]
        if not figures:
            return None
        mark = self._mark()
        page, shapes = mark[0], mark[1]
        self._place(blocks, i, j + 1)
        went = len(self.pages) > page and len(self.pages[page - 1]) == shapes
        self._undo(mark)
        return figures[0] if went else None

    def _place(self, blocks: list, i: int, j: int) -> None:
        for k in range(i, j):
            b = blocks[k]
            if isinstance(b, _Text):
                self._text(b, self._keep(blocks, k) if b.keep else 0.0)
            elif isinstance(b, _Grid):
                self._grid(b)
            elif isinstance(b, _Picture):
                self._picture(b)
            if not (isinstance(b, _Text) and b.keep):
                self.held = None

    def _keep(self, blocks: list, k: int) -> float:
        """What must share a page with the keeping text ``blocks[k]`` (``kept``): HEAD_LINES under a heading, unless
        that sends it to the next page and leaves more than FOOT_LEAST of this one blank while LEAST_HEAD_LINES fit
        here (a paragraph's first two lines, two of a list): then the text flows on across the page break, the
        heading over its first lines, rather than leave a sixth of a page empty (the review found Etymonopoly's
        "Formal trades" sent overleaf whole from under a quarter page of blank)."""
        keep = self.kept(blocks, k)
        b = blocks[k]
        if self.promised is not None and self.promised[0] == len(self.pages) and self.y > self.promised[1]:
            # inside what a keeping text set on this page kept under it (this text among it), this one keeps no more
            # than that left it: ``kept`` looks three blocks deep from each, so a lead-in under a subheading under a
            # heading asked for a list item more than the heading had, went overleaf, and left the heading alone at
            # the page's foot (Tahiti's "Prison" over "Aller en prison" and "Vous allez en prison si :"); so did a
            # subheading under a heading's one-line paragraph (Tahiti's "Mortgages" over "Short of money? ...")
            keep = min(keep, max(0.0, self.y - (self.gap(b.before) + b.height() + b.after) - self.promised[1]))
        if not self.heads or self.top or self.room <= FOOT_LEAST \
                or self.gap(b.before) + b.height() + b.after + keep <= self.room + 1e-6:
            return keep
        least = self.kept(blocks, k, flowing=True)  # a heading over a sentence keeps the next block's first lines too
        return least if self.gap(b.before) + b.height() + b.after + least <= self.room + 1e-6 else keep

    def _mark(self) -> tuple:
        return (len(self.pages), len(self.pages[-1]), self.y, self.top, self.held, len(self.blank), len(self.splits),
                len(self.gaps[-1]), self.trail, self.keeps, self.promised)

    def _undo(self, mark: tuple) -> None:
        """Back to where ``_mark`` was taken (pages only grow: what came since is cut off)."""
        n, k, self.y, self.top, self.held, nb, ns, ng, self.trail, self.keeps, self.promised = mark
        del self.pages[n:]
        del self.pages[-1][k:]
        del self.gaps[n:]
        del self.gaps[-1][ng:]
        del self.blank[nb:], self.ink[nb:]
        del self.splits[ns:]

    def feather(self) -> None:
        """Vertical justification, once the pages are flowed: every text page but the last ends at the column's foot,
        the room its flow left under its ink (``ink``) spread over the gaps between its blocks in proportion to their
        size (the space over a heading takes more than the space between paragraphs), each grown by FEATHER_MOST of
        itself and FEATHER_MM at most, FEATHER_KEPT of that under a heading or a lead-in (it stays with what it introduces); a page of few
        gaps keeps some blank at its foot rather than holes between its paragraphs. The lines of a paragraph, a
        table's rows and a picture never move apart: the shapes under each gap move down together (a translated
        group). A page ending in a paragraph going on overleaf is feathered too where the lines kept for the next page
        leave more than FEATHER_LEAST mm (up to two lines). What goes on which page, and ``blank``, stay as the flow
        left them; the cover, the last page of text (its text ends where it ends) and a page ending less than
        FEATHER_LEAST mm short are left as they are."""
        self.stretch = [[0.0] * len(g) for g in self.gaps]
        for n in range(1, len(self.pages) - 2):  # the back cover is the last page, the last page of text before it
            gaps, short = self.gaps[n], self.ink[n]
            if short < FEATHER_LEAST or not gaps:
                continue
            self.stretch[n] = _spread(short, gaps)
            shapes, drop = self.pages[n], 0.0
            out = shapes[:gaps[0][0]]
            for (at, _, _), grown, end in zip(gaps, self.stretch[n], [g[0] for g in gaps[1:]] + [len(shapes)]):
                drop += grown
                out.append(scene.Group(shapes[at:end], transform=scene.translate(0.0, -drop)))
            self.pages[n] = out

    def resolve(self) -> None:
        """Draw the pictures a lazy flow left to draw, those still on its pages (a trial taken back leaves some)."""
        on = {id(s) for page in self.pages for s in page}  # as placed: set_pages resolves before it feathers
        for placed, draw, size in self.deferred:
            if id(placed) in on and not placed.children:
                placed.children.append(draw(size))
        self.deferred = []

    def _gap(self, before: float) -> None:
        """A block starts ``before`` mm under the last one on this page: the gap between them is recorded (none at
        a page's top)."""
        if not self.top:
            size = self.trail + before
            most = min(size * FEATHER_MOST, FEATHER_MM) * (FEATHER_KEPT if self.keeps else 1.0)
            self.gaps[-1].append((len(self.pages[-1]), size, most))

    def _float(self, blocks: list, i: int, j: int, own: int | None = None) -> int:
        """Set the picture ``blocks[j]`` and the keeping texts ``blocks[i:j]`` over it; return the index of the next
        block to set. When it would leave more than VOID of this page's foot blank (it goes to the next page), the
        texts and tables after it that fit here whole come first (its headings and lead-in stay above them: nothing
        moves past a heading of its section), as many as leave the least blank: it floats. ``blocks[own:]`` are the
        next sections' (``place``): where the picture's section ends before the page does, they come up too,
        headings and all, as a printed book's figure goes to the top of the next page and the text reads on."""
        mark = self._mark()
        page, shapes = mark[0], mark[1]
        self._place(blocks, i, j + 1)
        if len(self.pages) == page or len(self.pages[page - 1]) > shapes:
            return j + 1  # begun on this page: no room left blank for text to fill
        left = self.blank[page - 1]
        if left <= VOID:
            return j + 1  # a little blank at a page's foot reads better than text taken out of its order
        own = len(blocks) if own is None else own
        end = j + 1  # the texts, tables and figures after it, up to the next heading of its section
        while end < len(blocks) and (isinstance(blocks[end], (_Text, _Grid)) or getattr(blocks[end], "figure", False)) \
                and (end >= own or not getattr(blocks[end], "heading", False)):
            end += 1
        heads = blocks[i:j]
        best = None
        for last in range(j + 1, end):
            nxt = blocks[last + 1] if last + 1 < len(blocks) else None
            b = blocks[last]
            if isinstance(b, _Text) and (b.keep or (b.marker and isinstance(nxt, _Text) and nxt.marker
                                                    and last < own)):
                continue  # a lead-in never ends the text moved up, nor does a list of its section stop half way
                # (a list of a section ahead may: it reads on after the picture, at the top of the next page)
            self._undo(mark)
            self._place(heads + blocks[j + 1:last + 1], 0, len(heads) + last - j)
            if len(self.pages) > page:
                break  # more than this page holds
            room = self.room
            if room < left - 1e-6 and (best is None or room < best[1]):
                best = (last, room)
        self._undo(mark)
        if best is None:
            self._place(blocks, i, j + 1)
            return j + 1
        order = heads + blocks[j + 1:best[0] + 1] + [blocks[j]]
        self._place(order, 0, len(order))
        self.came_up = page  # the page the next sections' blocks that came up (if any) went on
        return best[0] + 1

    def _text(self, t: _Text, keep: float, inside: bool = False) -> None:
        """A text, kept whole with ``keep`` mm under it when it keeps with what follows, else split with two lines a
        side; ``inside``: a table's note (no gap between blocks over it)."""
        if not t.lines:
            return
        need_all = self.gap(t.before) + t.height() + t.after + keep
        if t.keep:
            if need_all > self.room and not self.top:
                self.new_page()
            if self.held is None:
                self.held = self.room
            self._lines(t, t.lines)
            self.promised = (len(self.pages), self.y - keep)  # what the next blocks were given here (``_keep``)
            return
        lines = list(t.lines)
        while lines:
            before = self.gap(t.before)
            fit = _count(self.room - before, t)
            n = len(lines)
            if fit >= n:
                self._lines(t, lines, before, inside)
                return
            if n >= 4:
                fit = min(fit, n - 2)
            if fit < 2 or n < 4:
                if self.top:  # a page cannot hold even this: set what fits (never loops)
                    fit = max(1, fit)
                else:
                    self.new_page()
                    continue
            self._lines(t, lines[:fit], before, inside)
            lines = lines[fit:]
            self.new_page()

    def _lines(self, t: _Text, lines: list[_Line], before: float | None = None, inside: bool = False) -> None:
        before = self.gap(t.before) if before is None else before
        if not inside:
            self._gap(before)
        self.pages[-1].extend(_set_lines(t, lines, self.y - before))
        self.y -= before + t.height(len(lines)) + t.after
        self.trail = t.after
        self.keeps = t.keep and not t.marker  # a list's item kept with the next for a page break is spaced as a list
        self.top = False

    def _grid(self, g: _Grid) -> None:
        """A table: a short one whole on one page; a longer one started where its caption, header and first
        ``self.side`` rows fit, a page break leaving at least that many rows on either side of it (it comes earlier
        when the rows after it would be fewer), the header repeated on every page under "(continued)", the note kept
        with the last row."""
        whole = self.whole(g, self.room, self.room if self.held is None else self.held)
        start = g.height() if whole else _start(g, self.side)
        if start > self.room and not self.top:
            self.new_page()
        elif self._turn(g, whole, self.room, self.room if self.held is None else self.held):
            self.new_page()  # it starts on the left-hand page overleaf and splits across the spread
        if g.caption is not None:
            self._lines(g.caption, g.caption.lines, self.gap(g.before))
        elif not self.top:
            self._gap(g.before)
            self.y -= g.before
        if g.lead is not None:  # the key, over the header, on the table's first page
            self._lines(g.lead, g.lead.lines, 0.0, inside=True)
        rows = list(g.rows)
        sides: list[int] = []
        note = (g.note.before + g.note.height() + g.note.after) if g.note is not None else 0.0
        while rows:
            more = g.more if sides else None  # the table goes on from the last page: it says so
            head = (g.header.height if g.header else 0.0) + (more.height() + more.after if more else 0.0)
            room = self.room - head
            fit, used = 0, 0.0
            for r in rows:
                if used + r.height > room + 1e-6:
                    break
                used += r.height
                fit += 1
            if fit == len(rows) and used + note > room + 1e-6:
                fit -= 1  # the note goes over with the last row
            if fit < len(rows):
                most = fit
                if len(rows) - fit < self.side:
                    fit = len(rows) - self.side  # self.side rows at least at the top of the next page
                fit = _group_end(rows, fit, self.side, room - sum(r.height for r in rows[:fit]))
                if fit < self.side and not self.top and len(rows) > 1:
                    self.new_page()  # too few rows at this page's foot: the table goes on on the next
                    continue
                if fit < self.side:  # a page holds too few rows for a good break: as many as it holds
                    fit = most
                fit = max(fit, 1)
            if more:
                self._lines(more, more.lines, 0.0)
            if g.header:
                self._row(g, g.header)
            for r in rows[:fit]:
                self._row(g, r)
            sides.append(fit)
            rows = rows[fit:]
            if rows:
                self.new_page()
        if len(sides) > 1:
            self.splits.append(sides)
        if g.note is not None:
            self._text(g.note, 0.0, inside=True)
        self.y -= g.after
        self.trail += g.after
        self.top = False

    def _turn(self, g: _Grid, whole: bool, room: float, void: float) -> bool:
        """Would table ``g``, begun here with ``room`` mm left for it, split from a right-hand page (odd: the cover is
        page 1) to the one overleaf, the reader turning the page in the middle of it, where it could split across the
        next spread instead for ``void`` mm (at most TURN_VOID) of this page's foot left blank, the headings and lead-in
        over it going with it (``first_height``)? A table splits from a left-hand page to the right-hand one beside
        it (the review found Moneyloopy's and Tahiti's property tables broken by a page turn)."""
        return self.turns and not whole and not self.top and len(self.pages) % 2 == 1 \
            and g.height() > room + 1e-6 and void <= TURN_VOID

    def _row(self, g: _Grid, row: _Row) -> None:
        out = self.pages[-1]
        ctx = self.ctx
        top = self.y
        line = mix(ctx.colours.line, "#ffffff", 0.55)
        if row.header:  # the heads of a line under the cells (a rent ladder's steps) in a paler band of their own
            lead = g.size * LEADING * PT
            below = len(row.under) * lead if row.under else 0.0
            out.append(scene.Rect(SIDE, top - row.height + below, sum(g.widths), row.height - below,
                                  fill=mix(ctx.colours.accent, "#ffffff", HEAD_TINT)))
            if below:  # the tint of the bands its line heads (review 13: one tint for both lines read as one head)
                out.append(scene.Rect(SIDE, top - row.height, sum(g.widths), below,
                                      fill=mix(ctx.colours.accent, "#ffffff", UNDER_TINT)))
        if row.under and not row.header and g.header is not None and g.header.under:
            # the line under the cells (a ladder) on the paler band of its heads (the header's second line): read as
            # the heads' row, not as the figures of the columns over it (Tahiti's prices over the rents of 2 houses)
            below = len(row.under) * g.size * LEADING * PT
            out.append(scene.Rect(SIDE, top - row.height, sum(g.widths), below + PAD_Y - DESC * g.size * PT,
                                  fill=mix(ctx.colours.accent, "#ffffff", UNDER_TINT)))
        if g.row_heads and not row.header:  # the row's head on the header's tint, as the board sets it
            out.append(scene.Rect(SIDE, top - row.height, g.widths[0], row.height,
                                  fill=mix(ctx.colours.accent, "#ffffff", HEAD_TINT)))
        x = SIDE
        lowest = top - PAD_Y - CAP * g.size * PT
        for width, cell in zip(g.widths, row.cells):
            baseline = top - PAD_Y - CAP * g.size * PT
            cx = x + PAD_X
            if cell.swatch is not None:  # "" : no colour, the name indented like its neighbours
                if cell.swatch and getattr(cell.swatch, "icon", None):  # the board's icon for the space, in its
                    # colour, darkened where that is too pale to read on the page; a pale grey or white (Etymonopoly's
                    # Tocharians) in the text's ink: darkened, it read as a lighter weight beside the black branches
                    # (review 17), where a darkened hue (a yellow station's) still tells its colour
                    ink = str(cell.swatch)
                    if contrast_ratio(ink, "#ffffff") < 3.0:
                        ink = ctx.colours.ink if _grey(ink) else mix(ink, ctx.colours.ink, 0.6)
                    out.append(icon(cell.swatch.icon, cx + SWATCH / 2, baseline - 0.2 + SWATCH / 2, SWATCH * 1.15,
                                    ink))
                elif cell.swatch and getattr(cell.swatch, "hollow", False):
                    out.append(scene.Rect(cx + 0.3, baseline + 0.1, SWATCH - 0.6, SWATCH - 0.6, fill=None,
                                          stroke=mix(cell.swatch, "#000000", 0.2), width=0.6))
                elif cell.swatch:
                    out.append(scene.Rect(cx, baseline - 0.2, SWATCH, SWATCH, fill=cell.swatch,
                                          stroke=mix(cell.swatch, "#000000", 0.35), width=0.15))
                    shape = getattr(cell.swatch, "mark", None)
                    if shape:  # the group's mark, as on its band (theme.group_marks)
                        out.append(group_mark(shape, cx + SWATCH / 2, baseline - 0.2 + SWATCH / 2, SWATCH * 0.78,
                                              contrast(cell.swatch), cell.swatch))
                cx += SWATCH + 1.0
            for ln in cell.lines:
                lx = x + width - PAD_X - ln.width if cell.right else cx
                out.extend(_draw_line(ln, lx, baseline, g.size, ctx.colours.ink, g.space))
                baseline -= g.size * LEADING * PT
            lowest = min(lowest, baseline)
            x += width
        for ln in row.under or ():
            out.extend(_draw_line(ln, SIDE + row.indent, lowest, g.size, ctx.colours.ink, g.space))
            lowest -= g.size * LEADING * PT
        out.append(scene.Line(SIDE, top - row.height, SIDE + sum(g.widths), top - row.height, line,
                              0.35 if row.header else 0.15))
        self.y -= row.height
        self.trail = 0.0
        self.keeps = False
        self.top = False

    def _picture(self, p: _Picture, size: float | None = None) -> None:
        """A picture at its size (or ``size`` mm tall: a figure in a table's room), on the next page where this one
        has not the room (``_float`` fills what it leaves)."""
        size = p.h if size is None else size
        if self.gap(p.before) + size + p.after > self.room + 1e-6 and not self.top:
            self.new_page()
        self._gap(p.before)
        self.y -= self.gap(p.before)
        x = SIDE + (COLUMN - p.w) / 2
        placed = scene.Group([] if self.lazy else [p.draw(size)], transform=scene.translate(x, self.y - size))
        if self.lazy:
            self.deferred.append((placed, p.draw, size))
        self.pages[-1].append(placed)
        self.y -= size + p.after
        self.trail = p.after
        self.keeps = False
        self.top = False


def _spread(short: float, gaps: list[tuple[int, float, float]]) -> list[float]:
    """The mm each of a page's ``gaps`` grows by to take up ``short`` mm: in proportion to its size, none beyond
    its cap (what a capped gap cannot take, the others share); less in all when every gap is at its cap."""
    grown = [0.0] * len(gaps)
    free = [g for g, (_, size, _) in enumerate(gaps) if size > 0.0]
    while free:
        k = short / sum(gaps[g][1] for g in free)
        full = [g for g in free if gaps[g][1] * k >= gaps[g][2]]
        if not full:
            for g in free:
                grown[g] = gaps[g][1] * k
            break
        for g in full:
            grown[g] = gaps[g][2]
            short -= gaps[g][2]
        free = [g for g in free if g not in full]
    return grown


def _start(g: _Grid, side: int = SIDE_ROWS) -> float:
    """The height of a table's start at a page's foot when it splits: caption, header and ``side`` rows."""
    h = g.before + (g.caption.height() + g.caption.after if g.caption else 0.0)
    h += g.lead.height() + g.lead.after if g.lead else 0.0
    return h + (g.header.height if g.header else 0.0) + sum(r.height for r in g.rows[:side])


def _list_head(blocks: list, i: int, most: int = 2) -> float:
    """The height of the list starting at item ``i`` down to its ``most``-th line (each item's first lines): what a
    heading over the list keeps on its page (one bullet under a heading at a page's foot, the list going on
    overleaf, reads as a mistake)."""
    lines, height, prev = 0, 0.0, None
    while lines < most and i < len(blocks) and isinstance(blocks[i], _Text) and blocks[i].marker:
        t = blocks[i]
        n = _first_lines(t, most - lines)
        height += (prev.after if prev is not None else 0.0) + t.before + t.height(n)
        lines, prev, i = lines + n, t, i + 1
    return height


def _first_lines(t: _Text, least: int = 2) -> int:
    """How many lines of ``t`` must share a page with what is set over it, ``least`` at least: all of a text that
    never splits (under 4 lines) or would leave fewer than two lines overleaf, else ``least`` and never under 2, the
    least a paragraph leaves at a page's foot (``_Pages.first_height``)."""
    n = len(t.lines)
    return n if n < max(4, least + 2) else max(2, least)


def _count(room: float, t: _Text) -> int:
    """How many lines of ``t`` fit ``room`` mm."""
    if room < t.height(1) - 1e-6:
        return 0
    return 1 + int((room - t.height(1) + 1e-6) // t.lead)


# --------------------------------------------------------------------------- the part
def _list_markers(parsed: list, font: str) -> dict[int, float]:
    """For each numbered item (by its index), the width of its list's widest number: one indent for a list."""
    out: dict[int, float] = {}
    run: list[int] = []
    for i, block in enumerate(parsed + [None]):
        if block is not None and block.kind == "item" and block.marker != "•":
            run.append(i)
            continue
        if run:
            first = int(parsed[run[0]].marker.rstrip("."))
            width = max(text_width(f"{n}.", font, BODY_PT) for n in (first, first + len(run) - 1))
            out.update({j: width for j in run})
            run = []
    return out


def _section_blocks(ctx: Ctx, setter: _Setter, blocks_maker: _Blocks, section: RulesSection) -> list:
    out: list = [setter.heading(str(section.heading), (section, "heading", 0))]
    numbered: int | None = None  # the last number of the list going on
    parsed = markup.parse(running(str(section.text), setter.style))
    widest = _list_markers(parsed, ctx.fonts.heading)
    for i, block in enumerate(parsed):
        where = (section, "text", block.line)
        if block.kind != "item":
            numbered = None
        if block.kind == "para":
            out.append(setter.text(block.spans, where=where, after=2.2))
        elif block.kind == "heading":
            out.append(setter.subheading(block.spans, where))
        elif block.kind == "item":
            if block.marker == "•":
                marker, numbered = "•", None
            else:  # a numbered list counts on from its first number, as Markdown does ("1." on every step too)
                numbered = numbered + 1 if numbered is not None else int(block.marker.rstrip("."))
                marker = f"{numbered}."
            indent = max(MARKER_INDENT, widest.get(i, 0.0) + MARKER_GAP)  # a list of ten steps or more needs more
            out.append(setter.text(block.spans, where=where, indent=indent, marker=marker,
                                   marker_font=ctx.fonts.heading if marker != "•" else ctx.fonts.body,
                                   after=1.1))
        elif block.kind == "table":
            out.append(setter.grid(block.rows, block.header, where))
        elif block.kind == "generated":
            out.extend(blocks_maker.make(block.name, block.arg, where))
    # a list's last item closes with a paragraph's space; a short first item never ends a page alone nor a short
    # last one starts a page alone (LONE_ITEM_LINES); a short lead-in ("Each turn:") stays with what it introduces
    item = lambda t: isinstance(t, _Text) and bool(t.marker)  # noqa: E731
    for z, a, b, c in zip([None] + out, out, out[1:] + [None], out[2:] + [None, None]):
        if item(a) and not item(b):
            a.after = 2.2
        first = item(a) and item(b) and not item(z) and len(a.lines) <= LONE_ITEM_LINES
        last = item(a) and item(b) and not item(c) and len(b.lines) <= LONE_ITEM_LINES
        if (first or last) and len(a.lines) <= KEEP_ITEM_LINES:
            a.keep = True
        if isinstance(a, _Text) and not a.keep and b is not None and 0 < len(a.lines) <= LEAD_IN \
                and (_last_word(a).rstrip().endswith(":") or isinstance(b, _Grid)
                     or (isinstance(b, _Picture) and not b.figure)):
            a.keep = True
    return [b for b in out if b is not None]


#: a heading keeps at least this many lines of the text after it on its page (``_Pages.kept``): of a paragraph, of a
#: list (``_list_head``), or a short paragraph's and the first lines of the block after it (a one-line paragraph and
#: two lines of the next); where that would take another sheet of paper it yields (``set_pages``) to LEAST_HEAD_LINES
#: of a list, of a paragraph, or of a short paragraph and the block after it (three cost Moneyloopy, whose booklet is
#: full to its last line, the board's picture: the pictures are kept first; without the last, Tahiti's "Hypothèques"
#: ended a page over its one sentence)
HEAD_LINES, LEAST_HEAD_LINES = 3, 2
#: a list's first item of at most LONE_ITEM_LINES lines keeps with its second, and the item before a last item that
#: short keeps with it (one or two lines of a list alone at a page's foot or head read as a mistake), when the item
#: kept is at most KEEP_ITEM_LINES long (a longer one splits as a paragraph does)
LONE_ITEM_LINES, KEEP_ITEM_LINES = 2, 4

#: a paragraph of at most this many lines ending in a colon, or just before a table or picture, introduces what
#: follows: they share a page
LEAD_IN = 3


def _last_word(t: _Text) -> str:
    return t.lines[-1].words[-1].pieces[-1][0] if t.lines and t.lines[-1].words else ""


def _cover(ctx: Ctx, booklet: Booklet) -> list:
    """The cover: the game's title and subtitle on a band of its back colour, the booklet's title, the
    players, the board in miniature and the intro."""
    game = ctx.kit.game
    w = words(ctx)
    colours = ctx.colours
    out: list = []
    band_y, band_h = 156.0, 40.0
    out.append(scene.Rect(12.0, band_y, PAGE_W - 24.0, band_h, fill=colours.back, radius=3.0))
    ink = contrast(colours.back)
    title = ctx.fit(str(game.title), (18.0, band_y + 15.0, PAGE_W - 36.0, 18.0), ctx.fonts.title, 30.0, game,
                    "title", what="the game's title", colour=ink)
    out += title.shapes
    if game.subtitle:
        sub = ctx.fit(str(game.subtitle), (18.0, band_y + 4.0, PAGE_W - 36.0, 10.0), ctx.fonts.italic, 11.0, game,
                      "subtitle", what="the subtitle", colour=ink)
        out += sub.shapes
    heading = str(booklet.title or w["rules"])
    out += ctx.fit(heading, (SIDE, 140.0, COLUMN, 11.0), ctx.fonts.title, 17.0, booklet,
                   "title" if booklet.title else "sections", what="the booklet's title",
                   colour=colours.accent).shapes
    players = w["players"].format(min=game.players.min, max=game.players.max)
    out += ctx.fit(players, (SIDE, 133.0, COLUMN, 6.0), ctx.fonts.heading, 10.0, game, "players",
                   what="the players", colour=colours.ink).shapes
    size = 72.0
    out.append(scene.Group([board_picture(ctx, size)], transform=scene.translate((PAGE_W - size) / 2, 56.0)))
    if booklet.intro:
        out += _intro(ctx, booklet)
    return out


#: mm: the cover's intro is set in this box (left, bottom, width, height), its block centred across the page
INTRO_BOX = (SIDE + 4.0, 14.0, COLUMN - 8.0, 38.0)
INTRO_GAP = 1.5  # mm between the intro's paragraphs


def _balanced(setter: _Setter, paras: list, size: float, width: float) -> tuple[list[_Text], float]:
    """The paragraphs at ``size`` on the narrowest measure (up to ``width``) that sets each in as few lines as
    ``width`` does: lines of even length, the last no stub. Also that measure."""
    def set_at(w: float) -> list[_Text]:
        return [setter.text(spans, size, width=w, after=INTRO_GAP) for spans in paras]

    full = set_at(width)
    want = [len(t.lines) for t in full]
    lo, hi = width / 3, width
    for _ in range(14):
        mid = (lo + hi) / 2
        if [len(t.lines) for t in set_at(mid)] == want:
            hi = mid
        else:
            lo = mid
    return set_at(hi), hi


def _intro(ctx: Ctx, booklet: Booklet) -> list:
    """The cover's intro as a block: its paragraphs left-aligned on one measure, as narrow as keeps their lines
    as few (balanced lines), the block centred on the page; an intro of one line is centred. The type shrinks
    (not under MIN_BODY_PT) to fit INTRO_BOX; what is still too long is reported and cut."""
    setter = _Setter(ctx, ctx.style)
    x, y, w, h = INTRO_BOX
    paras = [markup.spans(" ".join(p.split())) for p in re.split(r"\n\s*\n", str(booklet.intro).strip())
             if p.strip()]
    size = BODY_PT
    while True:
        texts, _ = _balanced(setter, paras, size, w)
        height = sum(t.height() + t.after for t in texts) - INTRO_GAP
        if height <= h + 1e-6 or size <= MIN_BODY_PT:
            break
        size = max(MIN_BODY_PT, size - 0.25)
    if height > h + 1e-6:
        setter._overflow((booklet, "intro", 0), f"the intro takes {height:.0f} mm of the cover's {h:.0f} mm even at "
                                                f"{MIN_BODY_PT:g} pt; shorten it")
    out: list = []
    lines = [ln for t in texts for ln in t.lines]
    block = max((ln.width for ln in lines), default=0.0)
    top = y + h
    for t in texts:
        n = min(len(t.lines), _count(top - y, t))
        if n <= 0:
            break
        if len(lines) == 1:  # a tagline: centred
            left = (PAGE_W - t.lines[0].width) / 2
        else:
            left = (PAGE_W - block) / 2
        out.extend(_set_lines(t, t.lines[:n], top, left))
        top -= t.height(n) + t.after
    return out


def _back_cover(ctx: Ctx) -> list:
    """The back cover: the turn at a glance (``_summary``: the reference cards rules.yaml's ``back_cover`` names) and
    the game's credits at the foot of the page."""
    game = ctx.kit.game
    w = words(ctx)
    setter = _Setter(ctx, ctx.style)
    small = _Fonts(ctx.fonts.body, ctx.fonts.heading, ctx.fonts.italic)
    blocks = []
    if game.credits:
        blocks.append(setter.text([markup.Span(w["credits"])], 10.0, _Fonts(*[ctx.fonts.heading] * 3), after=1.5))
        for line in game.credits:
            blocks.append(setter.text(markup.spans(str(line)), 8.5, small, where=(game, "credits", 0), after=1.6))
    foot = BOTTOM + (sum(b.before + b.height() + b.after for b in blocks) + 4.0 if blocks else 0.0)
    return _summary(ctx, setter, foot + SUMMARY_GAP) + _foot(blocks, BOTTOM, ctx, rule=True)


#: pt: the back cover's turn summary (``_summary``): its steps' type at its largest, and the smallest it shrinks
#: to where the cards' texts would not fit above the credits (the booklet's smallest text)
SUMMARY_PT = (13.0, MIN_BODY_PT)
SUMMARY_HEAD = 5.0 / 3.0  # a card's title, as large as this many times its steps' type (about 22 pt over 13 pt steps)
SUMMARY_GAP = 12.0  # mm at least between the turn at a glance and the credits' rule
#: a step's number stands on a disc of the accent colour, this many of the step type's cap heights across
SUMMARY_DISC = 1.5


def _summary_cards(ctx: Ctx) -> list:
    """The reference cards rules.yaml's ``back_cover`` names, in its order (an id reference.yaml lacks: none)."""
    booklet = ctx.kit.booklet
    cards = {str(c.id): c for c in ctx.kit.reference.cards}
    return [cards[str(i)] for i in (booklet.back_cover if booklet is not None else []) if str(i) in cards]


def _summary_blocks(ctx: Ctx, setter: _Setter, cards: list, size: float) -> list[tuple[_Text, int | None]]:
    """The cards' titles and texts set for the back cover with the steps at ``size``: each card's title, then its
    numbered steps (each with its number, drawn on a disc by ``_summary``), bullets, and paragraphs in italic; a
    card's table stays on the card."""
    em = size * PT
    disc = SUMMARY_DISC * CAP * em
    title = _Fonts(*[ctx.fonts.title] * 3)
    note = _Fonts(ctx.fonts.italic, ctx.fonts.heading, ctx.fonts.italic)
    out: list[tuple[_Text, int | None]] = []
    for n, card in enumerate(cards):
        out.append((setter.text([markup.Span(str(card.title))], size * SUMMARY_HEAD, title, setter.accent,
                                where=(card, "title", 0), before=2.2 * em if n else 0.0, after=1.25 * em,
                                heading=True), None))
        numbered: int | None = None
        for block in markup.parse(running(str(card.text or ""), setter.style)):
            where = (card, "text", block.line)
            if block.kind == "item" and block.marker != "•":
                numbered = numbered + 1 if numbered is not None else int(block.marker.rstrip("."))
                out.append((setter.text(block.spans, size, where=where, indent=disc + 0.7 * em, after=0.6 * em),
                            numbered))
                continue
            numbered = None
            if block.kind == "item":
                out.append((setter.text(block.spans, size, where=where, indent=disc + 0.7 * em, marker="•",
                                        marker_font=ctx.fonts.body, after=0.6 * em), None))
            elif block.kind in ("para", "heading"):
                out.append((setter.text(block.spans, size, note, before=0.4 * em, after=0.6 * em, where=where),
                            None))
    return out


def _summary(ctx: Ctx, setter: _Setter, bottom: float) -> list:
    """The turn at a glance on the back cover, from PAGE_H - TOP down to ``bottom`` at most: the reference cards
    rules.yaml's ``back_cover`` names (none: nothing), their steps at SUMMARY_PT[0], smaller (never under
    SUMMARY_PT[1]) where they would not fit; what does not fit even then is reported and left off. The block stands
    a third of the way down the room it leaves, each step's number white on a disc of the accent colour and the
    text hung beside it."""
    cards = _summary_cards(ctx)
    if not cards:
        return []
    top, room = PAGE_H - TOP, PAGE_H - TOP - bottom
    size = SUMMARY_PT[0]
    while True:
        blocks = _summary_blocks(ctx, setter, cards, size)
        height = sum(t.before + t.height() + t.after for t, _ in blocks) - blocks[-1][0].after
        if height <= room + 1e-6 or size <= SUMMARY_PT[1]:
            break
        size = max(SUMMARY_PT[1], size - 0.25)
    if height > room + 1e-6:
        card = cards[-1]
        setter._overflow((card, "text", 0), f"the back cover's turn at a glance takes {height:.0f} mm of its "
                                            f"{room:.0f} mm even at {SUMMARY_PT[1]:g} pt; shorten the card or name "
                                            f"fewer cards in back_cover")
    accent = setter.accent
    ink = contrast(accent)
    y = top - max(0.0, room - height) / 3
    out: list = []
    for t, number in blocks:
        y -= t.before
        if y - t.height() < bottom - 1e-6:
            break
        out.extend(_set_lines(t, t.lines, y))
        if t.heading:  # a short rule in the accent colour under the card's title
            rule_y = y - t.height() - 0.45 * t.after
            out.append(scene.Line(SIDE, rule_y, SIDE + 16.0, rule_y, accent, 0.6))
        if number is not None:
            cap = CAP * t.size * PT
            r = SUMMARY_DISC * cap / 2
            cy = y - cap / 2
            out.append(scene.Circle(SIDE + r, cy, r, fill=accent))
            digits = str(number)
            pt = t.size * (0.78 if len(digits) == 1 else 0.62)
            out += _runs(digits, SIDE + r, cy - CAP * pt * PT / 2, ctx.fonts.heading, pt, ink, "middle")
        y -= t.height() + t.after
    return out


def booklet_binding(ctx: Ctx) -> Binding:
    """What the imposed booklet prints of itself, in its slugs (``saddle._slug``): the game's title, each sheet, how
    to print it and bind it, in pnp's words in the edition's language."""
    return Binding(ctx.kit.game.sheet_name, ctx.kit.language)


def _foot(blocks: list, bottom: float, ctx: Ctx, rule: bool = False) -> list:
    """Text blocks set upwards from ``bottom``, with a hairline above them."""
    height = sum(b.before + b.height() + b.after for b in blocks)
    out: list = []
    y = bottom + height
    for b in blocks:
        out.extend(_set_lines(b, b.lines, y - b.before))
        y -= b.before + b.height() + b.after
    if rule and blocks:
        out.append(scene.Line(SIDE, bottom + height + 4.0, PAGE_W - SIDE, bottom + height + 4.0,
                              mix(ctx.colours.line, "#ffffff", 0.6), 0.2))
    return out


HEAD_Y = PAGE_H - 11.0  # mm: the running head's baseline


def _running_head(ctx: Ctx, running: str) -> tuple[list, list]:
    """The running head, fitted once for every page: on one line, 8 pt (a title too long for it is reported); set
    on the outer edge, to the left on a left-hand page (even: the cover is page 1) and to the right on a right-hand
    one (review 13: left on every page, it stood at the spine on the right-hand ones)."""
    grey = mix(ctx.colours.ink, "#ffffff", 0.35)
    box = (SIDE, HEAD_Y - DESC * 8.0 * PT, PAGE_W - 2 * SIDE, 4.0)
    booklet = ctx.kit.booklet
    return tuple(ctx.fit(running, box, ctx.fonts.body, 8.0, booklet, "title" if booklet.title else "sections",
                         what="the running head (the game's and the booklet's titles)", min_size=MIN_BODY_PT,
                         colour=grey, align=align, valign="bottom").shapes for align in ("left", "right"))


def _furniture(ctx: Ctx, n: int, heads: tuple[list, list]) -> list:
    """A page's running head (``heads``: set to the left, to the right) and number (not on the cover)."""
    if n == 1:
        return []
    colours = ctx.colours
    grey = mix(colours.ink, "#ffffff", 0.35)
    out = list(heads[n % 2])
    y = HEAD_Y
    out.append(scene.Line(SIDE, y - 2.0, PAGE_W - SIDE, y - 2.0, mix(colours.line, "#ffffff", 0.6), 0.2))
    out += _runs(str(n), PAGE_W / 2, 9.0, ctx.fonts.heading, 8.5, grey, "middle")
    return out


def _flow(ctx: Ctx, cover: list, back: list, sections: list, tables: bool,
          side: int = SIDE_ROWS, heads: bool = True, turns: bool = True, reach: bool = False,
          lazy: bool = False) -> tuple[_Pages, list]:
    """The pages (cover, the sections' blocks, back cover) and, for each section, the page its heading went on.
    ``tables``: short tables split rather than leave a page blank at its foot; else they go whole to the next page
    (as a booklet with blank pages to spare before its back cover can); ``reach``: a picture's next sections come
    up over it (``_Pages.place``)."""
    pages = _Pages(ctx, tables, side, heads, turns, lazy)
    pages.pages[-1].extend(cover)
    begun: list[tuple[int, RulesSection]] = []  # (the page a section's heading went on, the section)
    carried = 0  # the blocks of the sections ahead already set: they came up over a picture (``_Pages.place``)
    for n, (section, blocks) in enumerate(sections):
        if len(pages.pages) == 1:
            pages.new_page()
        if carried:  # its heading came up over the picture: it begins on that page
            begun.append((pages.came_up, section))
            skip = min(carried, len(blocks))
            carried -= skip
            if skip < len(blocks):
                pages.place(blocks[skip:])  # what came up ended inside it: nothing comes up over its rest
            continue
        before = len(pages.pages)
        carried = pages.place(blocks, [b for _, later in sections[n + 1:] for b in later] if reach else None)
        first = next((n for n, shapes in enumerate(pages.pages[before - 1:], before) if shapes), before)
        begun.append((first, section))
    pages.end_page()  # the last page of text
    pages.pages.append(back)  # the last page: imposition puts blank pages before it
    pages.gaps.append([])
    return pages, begun


def _table_heading(ctx: Ctx, table: str) -> str:
    """The heading the booklet prints a table of tables.yaml under (``@table ID``): its subheading, else its
    section's, the first where it prints it twice; "" where it does not print it (Monopoly 2.3's utilities said only
    "see its table": a publisher's review). The booklet's markup is read once for every table."""
    key = ("table-headings",)
    if key not in ctx.memo:
        headings: dict[str, str] = {}
        for section in ctx.kit.booklet.sections if ctx.kit.booklet else ():
            heading = str(section.heading)
            for block in markup.parse(str(section.text)):
                if block.kind == "heading":
                    heading = "".join(span.text for span in block.spans)
                elif block.kind == "generated" and block.name == "table":
                    headings.setdefault(block.arg, heading)
        ctx.memo[key] = headings
    return ctx.memo[key].get(table, "")


def _sections(ctx: Ctx) -> list[tuple[RulesSection, list]]:
    """Each section of the booklet and its blocks, as they flow onto the pages."""
    out = []
    for section in ctx.kit.booklet.sections:
        style = ctx.style if not section.language else replace(ctx.style, language=str(section.language))
        setter = _Setter(ctx, style)
        out.append((section, _section_blocks(ctx, setter, _Blocks(ctx, setter), section)))
    return out


def _void(flowed: tuple[_Pages, list]) -> float:
    """The most blank (mm) a flow of pages leaves at a text page's foot, its last text page's aside."""
    return max(flowed[0].blank[1:-1], default=0.0)


def _sheets(flowed: tuple[_Pages, list]) -> int:
    """The sheets of paper a flow of pages takes, folded four pages to a sheet."""
    return -(-len(flowed[0].pages) // 4)


def set_pages(ctx: Ctx, feather: bool = True) -> tuple[_Pages, list] | None:
    """The booklet's pages as flowed (``_Pages``: their shapes, the blank at each text page's foot, the rows of each
    split table on each side of its breaks) and the page each section begins on, each text page but the last
    ending at its column's foot unless not ``feather`` (``_Pages.feather``); None without rules.yaml."""
    booklet = ctx.kit.booklet
    if booklet is None or too_large(booklet):  # E-rules-size says why: nothing is set
        return None
    every = _sections(ctx)
    cover, back = _cover(ctx, booklet), _back_cover(ctx)
    flowed: dict = {}
    # the board's picture first (a figure never takes its place), then the figures in the booklet's order
    pictures = sorted(((n, k) for n, (_, blocks) in enumerate(every) for k, b in enumerate(blocks)
                       if isinstance(b, _Picture)), key=lambda at: (every[at[0]][1][at[1]].figure, at))

    def only(kept: frozenset) -> list:
        """The sections with the pictures ``kept`` (their places and sizes: section, block, mm) and no other."""
        size = {(n, k): mm for n, k, mm in kept}
        return [(section, [b if not isinstance(b, _Picture) or b.figure else replace(b, w=size[n, k],
                                                                                   h=size[n, k] + b.under)
                           for k, b in enumerate(blocks) if not isinstance(b, _Picture) or (n, k) in size])
                for n, (section, blocks) in enumerate(every)]

    def flow(kept: frozenset, tables: bool, side: int, heads: bool = False, turns: bool = True,
             reach: bool = False) -> tuple[_Pages, list]:
        """``_flow`` of the sections with the pictures ``kept``, made once for each way the trials below ask for it
        (the pictures are tried with the headings' least keeps: a picture comes before HEAD_LINES; ``turns``: tables
        kept off a page turn, ``_Pages._turn``; ``reach``: the next sections' text comes up over a picture,
        ``_Pages.place``)."""
        key = (kept, tables, side, heads, turns, reach)
        if key not in flowed:
            flowed[key] = _flow(ctx, cover, back, only(kept), tables, side, heads, turns, reach, lazy=True)
        return flowed[key]

    # the pictures kept unless they take another sheet of paper (the cover shows the board), or cost a table its
    # SIDE_ROWS a side that the booklet without pictures keeps in as many sheets: the figures one by one in the
    # booklet's order, then the board's diagram at the column's width, else with the next sections' text coming up
    # over it, else as large as the room lets it be (down to BOARD_LEAST, sought to within BOARD_STEP mm); where it
    # has no room beside the figures, it comes first
    without = _sheets(flow(frozenset(), True, LEAST_SIDE_ROWS))
    sides = _sheets(flow(frozenset(), True, SIDE_ROWS)) <= without

    def fits(trial: frozenset, reach: bool = False, tidy: bool = True) -> bool:
        """No sheet more than the booklet without pictures takes; ``tidy``: nor a table's SIDE_ROWS a side."""
        least = _sheets(flow(trial, True, LEAST_SIDE_ROWS, reach=reach))
        return least <= without and not (tidy and sides and
                                         _sheets(flow(trial, True, SIDE_ROWS, reach=reach)) > least)

    def board(kept: frozenset, n: int, k: int) -> tuple[frozenset, bool] | None:
        """``kept`` and the board's diagram at the largest size they leave it room for, and whether the next
        sections' text must come up over it; None without room. At the column's width it stands where it is
        written, unless that leaves a page's foot more than VOID blank (the text before it ending its page early:
        Euronopoly's page 2, a quarter empty, when its text grew shorter) where the text coming up over it
        leaves less."""
        full = every[n][1][k].w
        trial = kept | {(n, k, full)}
        if fits(trial, False, False):
            where = _void(flow(trial, True, LEAST_SIDE_ROWS))
            up = where > VOID and fits(trial, True, False) and \
                _void(flow(trial, True, LEAST_SIDE_ROWS, reach=True)) < where
            return trial, up
        if fits(trial, True, False):
            return trial, True
        if not fits(kept | {(n, k, BOARD_LEAST)}, True, False):
            return None
        low, high = BOARD_LEAST, full
        while high - low > BOARD_STEP:
            mid = (low + high) / 2
            low, high = (mid, high) if fits(kept | {(n, k, mid)}, True, False) else (low, mid)
        return kept | {(n, k, low)}, True

    def figures(kept: frozenset, reach: bool = False) -> frozenset:
        for n, k in pictures:
            p = every[n][1][k]
            if p.figure and fits(trial := kept | {(n, k, p.h)}, reach):
                kept = trial
        return kept

    kept, reach = figures(frozenset()), False
    for n, k in pictures:
        if not every[n][1][k].figure:
            first = board(frozenset(), n, k)
            kept, reach = board(kept, n, k) or ((figures(*first), first[1]) if first else (kept, reach))
    shown = {(n, k) for n, k, _ in kept}
    for n, k in pictures:
        p = every[n][1][k]
        if (n, k) not in shown and p.where is not None:  # the board's diagram too: it is the booklet's key to the centre
            obj, name, line = p.where
            ctx.problems.report(RULES_FIGURE, line_of(obj, name, line), obj.sub(name),
                                "this picture is left out: the booklet has no room for it without another sheet of "
                                "paper; shorten the text around it, move it, or take it out")
    least = _sheets(flow(kept, True, LEAST_SIDE_ROWS, reach=reach))
    # SIDE_ROWS rows at least on each side of a table's break, HEAD_LINES under a heading, and no table split from a
    # right-hand page to the one overleaf (``_Pages._turn``), unless that takes another sheet of paper
    trials = [(side, heads, turns) for side in range(SIDE_ROWS, LEAST_SIDE_ROWS - 1, -1) for heads in (True, False)
              for turns in (True, False)]
    for side, heads, turns in trials:
        pages, begun = flow(kept, True, side, heads, turns, reach)
        if _sheets((pages, begun)) <= least:
            break
    if len(pages.pages) % 4:  # blank pages before the back cover: spent on tables kept whole, as far as the
        # sheets the booklet takes anyway allow, the largest blank at a page's foot the least
        sheets = _sheets((pages, begun))
        flows = [flow(kept, False, side, heads, turns, reach)]
        flows = [f for f in flows if _sheets(f) == sheets and len(f[0].pages) > len(pages.pages)]
        if flows:
            pages, begun = min(flows, key=lambda f: (-len(f[0].pages), max(f[0].blank[1:-1], default=0.0)))
    blanks = -len(pages.pages) % 4
    if blanks and len(pages.pages) > 4:  # a booklet, not a leaflet of a page or two
        last_section = booklet.sections[-1] if booklet.sections else booklet
        ctx.problems.report(RULES_BLANK, last_section.loc, "",
                            f"the rules booklet has {len(pages.pages)} pages: folded in sheets of four it gets "
                            f"{blanks} blank page{'s' if blanks > 1 else ''} before the back cover; shorten its "
                            f"text by {'a page' if blanks == 3 else f'{4 - blanks} pages'} to "
                            f"{len(pages.pages) - (4 - blanks)}, or add {blanks} "
                            f"page{'s' if blanks > 1 else ''} players need")
    pages.resolve()  # the chosen flow's pictures drawn
    if feather:
        pages.feather()
    return pages, begun


def booklet_pages(ctx: Ctx) -> list[Item]:
    """The registry's rules part: one item per A5 page, the cover first and the back cover last; none without
    rules.yaml."""
    flowed = set_pages(ctx)
    if flowed is None:
        return []
    pages, begun = flowed
    booklet = ctx.kit.booklet
    game = ctx.kit.game
    running = f"{game.sheet_name} · {booklet.title or words(ctx)['rules']}"  # the kit's name as its sheets say it
    items = []
    heads = _running_head(ctx, running)
    last = len(pages.pages)
    for n, shapes in enumerate(pages.pages, 1):
        paper = scene.Rect(0, 0, PAGE_W, PAGE_H, fill="#ffffff")
        front = scene.Group([paper, *shapes, *(_furniture(ctx, n, heads) if n < last else [])])
        # where a page comes from (a preview's file:line): the section going on over it, else the file
        source = next((s for at, s in reversed(begun) if at <= n), booklet) if 1 < n < last else booklet
        items.append(Item(id=f"rules-page-{n:02}", kind="page", width=PAGE_W, height=PAGE_H, front=front,
                          source=source))
    return items


__all__ = ["booklet_pages", "booklet_binding", "components", "board_picture", "card_start", "PAGE_W", "PAGE_H"]
