"""Fit text into a box: wrap, shrink to a minimum size, report what still does not fit.

Two policies, as a designer expects them:

* ``label`` (names, titles): keep one line and shrink; only below the minimum size wrap.
* ``para`` (card texts, rules): wrap at the nominal size; shrink step by step until it fits.

Markup in paragraphs: a blank line starts a paragraph, ``- `` a bullet, ``1. `` a numbered step.
The result is a list of scene ``Text`` runs (one per font run, with fallback fonts for
characters the main font lacks) and what happened (shrunk, overflow).
"""
from __future__ import annotations

import math

import re
from functools import lru_cache
from dataclasses import dataclass, field

from . import scene
from .fonts import PT, em_width, split_runs, text_width
from .typeset import CURRENCY_SIGNS, NO_BREAK, Style, running, typeset

STEP = 0.25  # pt
CAP = 0.74  # visual top of capitals above the baseline, in em
DESC = 0.22  # below the baseline, in em
#: a widow (one short word alone on a paragraph's last line) may be avoided by shrinking one step, never
#: below this share of the nominal size (where pnp/layout/common.py starts to warn of shrunk text)
WIDOW_FLOOR = 0.7

#: characters whose glyphs reach below the baseline (Latin, Greek and Cyrillic letters, punctuation; the capital J
#: of the bundled Noto faces), and the combining marks that hang under a letter (cedilla, ogonek, marks below), for
#: ``descends``
_DESCENDERS = frozenset("gjpqyJQ,;()[]{}|/@§µβγζημξρςφχψрудфцщ")
_HANGING_MARKS = frozenset("\u0326\u0327\u0328\u0323\u0324\u0325\u0329\u032d\u032e\u0330\u0331")


def descends(text: str) -> bool:
    """Whether a line of ``text`` reaches below its baseline: a text in capitals and figures (MONOPOLY) does
    not, so what sits under it is measured from the baseline rather than from the font's full descent (DESC)."""
    import unicodedata

    return any(ch in _DESCENDERS or ch in _HANGING_MARKS for ch in unicodedata.normalize("NFD", text))


#: where a line may break: white space other than the no-break spaces
_BREAK = re.compile(f"[^\\S{NO_BREAK}]+")
_BREAKING = " \t\n\r\f\v"


def _words(text: str) -> list[str]:
    """The unbreakable chunks of ``text``: split at breaking white space only (never at U+00A0, U+202F)."""
    return [w for w in _BREAK.split(text) if w]


@dataclass
class Fit:
    shapes: list = field(default_factory=list)
    size: float = 0.0
    lines: int = 0
    overflow: bool = False
    shrunk: bool = False
    height: float = 0.0  # mm the block takes
    width: float = 0.0  # mm of the widest line


@dataclass(frozen=True)
class _Line:
    text: str
    indent: float = 0.0  # mm
    marker: str = ""  # bullet or number drawn in the indent
    gap_before: float = 0.0  # extra space before, in lines
    widow: bool = False  # the last line of a paragraph, holding one short word only


def _paragraphs(text: str) -> list[tuple[str, str]]:
    """(marker, text) per paragraph; single newlines inside a paragraph join with a space."""
    out: list[tuple[str, str]] = []
    for block in re.split(r"\n\s*\n", text.strip(_BREAKING)):
        current: list[str] = []
        marker = ""
        for raw in block.split("\n"):
            line = raw.strip(_BREAKING)
            m = re.match(r"^(-|•|\d+[.)])\s+(.*)$", line)
            if m:
                if current or marker:
                    out.append((marker, " ".join(current)))
                marker = "•" if m.group(1) in "-•" else m.group(1)
                current = [m.group(2)]
            else:
                current.append(line)
        out.append((marker, " ".join(current)))
        out.append(("\n", ""))  # paragraph break
    return out[:-1] if out else out


def _wrap(words: list[str], width: float, font: str, size: float) -> list[str] | None:
    """Greedy wrap; None when a single word is wider than the width.

    Word widths are measured once (and cached across texts); a line is its words plus
    the spaces between them, which is exact because no kerning is applied. When the last
    line would hold one word alone (a short one after a line of two words or more, any word after a line of
    three or more: "… ou vendez-la à un autre / joueur."), the previous line gives it its last word (if the two
    fit together)."""
    scale = size * PT
    limit = width / scale + 1e-9  # in em
    space = em_width(" ", font)
    lines: list[list[str]] = []
    cur: list[str] = []
    cur_w = 0.0
    for w in words:
        ww = em_width(w, font)
        trial = cur_w + space + ww if cur else ww
        if trial <= limit:
            cur.append(w)
            cur_w = trial
            continue
        if not cur or ww > limit:
            return None
        lines.append(cur)
        cur, cur_w = [w], ww
    if cur:
        lines.append(cur)
    if len(lines) >= 2 and runt(lines[-1], len(lines[-2])):
        moved = lines[-2][-1]
        if em_width(moved, font) + space + em_width(lines[-1][0], font) <= limit:
            lines[-2], lines[-1] = lines[-2][:-1], [moved] + lines[-1]
    return [" ".join(line) for line in lines]


_PUNCT = ".,;:!?…«»\"'’‘”“()[]-–—" + NO_BREAK


def runt(last: list[str], before: int) -> bool:
    """True when a paragraph's last line, the words ``last``, after a line of ``before`` words, is a runt that
    should take that line's last word: any word alone after a line of three or more, a short word or a number
    alone (``_widow``) after a line of two. The one rule for card text (``_wrap``) and the booklet's."""
    return len(last) == 1 and (before >= 3 or before >= 2 and _widow(last))


def _widow(line: list[str]) -> bool:
    """A last line that is one short word (4 letters or fewer) or one number (with its unit: "400 000 F.")."""
    if len(line) != 1:
        return False
    core = line[0].strip(_PUNCT)
    return len(core) <= 4 or (any(c.isdigit() for c in core) and sum(c.isalpha() for c in core) <= 3)


@lru_cache(maxsize=4096)
def _layout_lines(text: str, width: float, font: str, size: float, single: bool,
                  even: str = "") -> tuple[_Line, ...] | None:
    """The lines of ``text`` at ``size`` in ``width`` mm, or None when a word cannot fit. ``even``: each paragraph
    broken into as many lines as the greedy breaking makes (``_even``), for text set "left" (filled, the last
    lines shared) or "centred" (as even as they come). Cached: a card's text is laid out to measure it and again to
    place it."""
    if single:
        flat = " ".join(_words(text))
        return (_Line(flat),) if text_width(flat, font, size) <= width + 1e-6 else None
    lines: list[_Line] = []
    gap = 0.0
    for marker, para in _paragraphs(text):
        if marker == "\n":
            gap = 0.45
            continue
        indent = text_width((marker + " ") if marker else "", font, size) if marker else 0.0
        words = _words(para)
        wrapped = _wrap(words, width - indent, font, size) if words else [""]
        if wrapped is None:
            return None
        if even and len(wrapped) > 1:
            wrapped = _even(tuple(words), width - indent, font, size, len(wrapped), even == "centred") or wrapped
        last = len(wrapped) - 1
        for i, t in enumerate(wrapped):
            widow = 0 < i == last and _widow(_words(t))
            lines.append(_Line(t, indent, marker if i == 0 else "", gap if i == 0 else 0.0, widow))
        gap = 0.0
    return tuple(lines)


def _height(lines: list[_Line], size: float, leading: float) -> float:
    lh = size * leading * PT
    return (len(lines) - 1) * lh + sum(l.gap_before for l in lines) * lh + (CAP + DESC) * size * PT


@lru_cache(maxsize=1024)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes to try, largest first, in STEP steps down to the minimum."""
    step = max(STEP, (size - min_size) / 200)  # at most ~200 tries, however odd the sizes
    out = []
    s = size
    while s >= min_size - 1e-9:
        out.append(round(s, 3))
        s -= step
    return tuple(out) or (size,)


def fit(text: str, box: tuple[float, float, float, float], font: str, size: float, min_size: float,
        colour: str = "#000000", align: str = "center", valign: str = "middle", mode: str = "label",
        leading: float = 1.2, wrap_below: float | None = None, *, style: Style) -> Fit:
    """Lay ``text`` out inside box (x, y, w, h) in mm. Never raises for long text: it reports overflow.

    In label mode a single line shrinks down to ``wrap_below`` (default: the minimum size) before
    the text may wrap onto more lines. The text is typeset first, in ``style`` (``pnp/typeset.py``: quotes,
    no-break spaces, French spacing; a paragraph also keeps the board's short names whole: ``running``), and lines
    break only at breaking spaces. A paragraph ending in one short word alone on its line is set one step smaller
    when that avoids it."""
    text = running(text, style) if mode == "para" else typeset(text, style)
    x, y, w, h = box
    if not (math.isfinite(size) and size > 0.01 and w > 0 and h > 0):  # a box or size too small to print in
        return Fit(size=size, overflow=bool(text.strip()))
    chosen = _choose(text, w, h, font, size, min_size, mode, leading, wrap_below)
    overflow = chosen is None
    if overflow:  # draw at the minimum size anyway, wrapped as well as possible; the problem is reported
        s = _sizes(size, max(min_size, 0.01))[-1]
        lines = _layout_lines(text, w, font, s, False) or (_Line(" ".join(_words(text))),)
        chosen = (s, lines, _height(lines, s, leading))
    s, lines, block = chosen
    if not overflow and len(lines) > 1:  # a paragraph, or a label wrapped onto lines
        lines = _layout_lines(text, w, font, s, False, "left" if align in ("left", "right") else "centred") or lines
    return _emit(lines, block, box, font, s, colour, align, valign, leading, size, overflow)


#: what ends a sentence or a clause; a word of at most STRANDED letters after it opens the next one
_CLAUSE_END = frozenset(".!?;:")
STRANDED = 4
#: a word that is a value: a figure, a signed or priced one ("300", "−100", "$600,"), not a range opening a list
#: ("bet: 1–3 lose, 4–6 double")
_VALUE = re.compile(rf"[−+{CURRENCY_SIGNS}]?\d[\d,.\u202f]*(?![\d–-])")


@lru_cache(maxsize=4096)
def _even(words: tuple[str, ...], width: float, font: str, size: float, n: int,
          centred: bool) -> list[str] | None:
    """A paragraph's ``words`` broken into ``n`` lines of at most ``width`` mm (as many as the greedy breaking
    made, so the height stays): evened when ``centred`` (``even_breaks``), filled when set left (``fill_breaks``).
    The words' widths are measured once (a deck of 6000 cards, each
    text its own, evens each once). None: no such breaks (keep the greedy ones). Cached: a deck's cards of one
    text, and a text measured then placed, even it once."""
    if n < 2 or len(words) <= n:
        return None
    widths, space, limit = tuple(em_width(x, font) for x in words), em_width(" ", font), width / (size * PT)
    ends = (even_breaks(widths, space, limit, n, True, words) if centred
            else fill_breaks(widths, space, limit, n, words))
    if ends is None:
        return None
    return [" ".join(words[i:j]) for i, j in zip(ends, ends[1:])]


def _spans(widths: tuple[float, ...], space: float):
    """``length(i, j)``: how wide words i..j-1 of ``widths`` are on one line, ``space`` between two (from sums of
    the widths made once: a breaker asks it for every line it tries)."""
    starts = [0.0]
    for x in widths:
        starts.append(starts[-1] + x + space)

    def length(i: int, j: int) -> float:
        return starts[j] - starts[i] - space
    return length


def even_breaks(widths: tuple[float, ...], space: float, limit: float, n: int, centred: bool,
                words: tuple[str, ...]) -> list[int] | None:
    """Where to break words ``widths`` wide (any unit; ``space`` between two, lines at most ``limit``) into ``n``
    lines so that the white they leave in the measure, squared, sums least: no short line over a long one
    ("Advance to Language Evolution and / collect ₩200."; "Highest / roll starts; tied players / roll again.":
    reviews), and no short word opening a sentence left at a line's end (``words``, the texts, tell those). Every
    line counts in a ``centred`` text (it has no ragged edge to hide one); set left, the last line is free to be
    short, as a paragraph's last line is, but a runt (``runt``) costs as much as a line left 70 % empty (a hard
    rule set "A" alone over "double: × 50 instead of × 30." to keep "× 30." off a line of its own). The rule for
    centred card text (``_even``) and the booklet's paragraphs, whose wide measure evens with little white (a
    card's text set left is filled: ``fill_breaks``). The line starts, with 0 first and len(widths) last; None
    when no breaks fit."""
    m = len(widths)
    if n < 2 or m <= n:
        return None
    limit += 1e-9
    length = _spans(widths, space)

    # a short word opening a sentence or clause, left at a line's end ("retournez le titre. Pas / de loyer."),
    # costs as much as a line left half empty
    stranded = _stranded(words)
    # where line k may end: no later than greedy lines from the start end it (they hold the most), no earlier than
    # greedy lines from the end leave room for the n - k after it; a paragraph of 600 words looks at a few ends a line
    most, least = _packed(widths, space, limit, n), _packed(widths[::-1], space, limit, n)
    inf = math.inf
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back = [[0] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for k in range(1, n + 1):
        last = k == n
        for j in (m,) if last else range(max(k, m - least[n - k]), min(most[k], m - (n - k)) + 1):
            best, at = inf, 0
            for i in range(j - 1, k - 2, -1):
                if cost[k - 1][i] == inf:
                    continue
                run = length(i, j)
                if run > limit:
                    break
                c = cost[k - 1][i] + ((limit - run) ** 2 if centred or not last else 0.0)
                if last and k > 1 and runt(list(words[i:j]), i - back[k - 1][i]):
                    c += limit ** 2 / 2  # a runt costs a line left 70 % empty: no "A / double: × 50 …" to dodge one
                if not last and stranded[j - 1]:
                    c += (limit / 2) ** 2
                if c < best:
                    best, at = c, i
            cost[k][j], back[k][j] = best, at
    if cost[n][m] == inf:
        return None
    ends, j = [], m
    for k in range(n, 0, -1):
        ends.append(j)
        j = back[k][j]
    ends.append(0)
    ends.reverse()
    return ends


def _stranded(words: tuple[str, ...]) -> list[bool]:
    """For each of ``words``, whether a line ending on it reads wrong: a short word (STRANDED letters at most)
    opening a sentence or clause reads as the end of what came before ("retournez le titre. Pas / de loyer."); a
    label's colon leaves its value to open the next line ("Market price: / 300", review 16), and a line ending
    inside a short label ("Speed / trap: 50 MU") parts it (``_labels``)."""
    out = [i > 0 and words[i - 1][-1:] in _CLAUSE_END and len(words[i].strip(_PUNCT)) <= STRANDED
           for i in range(len(words))]
    for first, last in _labels(words):
        out[first:last + 1] = [True] * (last + 1 - first)
    return out


#: a label of at most this many words before its colon is kept whole with its value
LABEL_WORDS = 3


def _labels(words: tuple[str, ...]) -> list[tuple[int, int]]:
    """(first, last) word of each label before a value: a word ending in a colon before a value (``_VALUE``), with
    the words before it back to its clause's start where they are at most LABEL_WORDS ("Market price:"), else
    alone ("… lands on it exactly:"); a French label's colon after its narrow no-break space ("Loyer :") as well. A
    value before a colon ("Each player gets $1,000: 1 × $500, …") labels nothing: it is what the clause says, and
    the list after it may begin a line."""
    out = []
    for i in range(len(words) - 1):
        if words[i][-1:] == ":" and words[i][:-1].rstrip(NO_BREAK)[-1:].isalpha() and _VALUE.match(words[i + 1]):
            first = i
            while first > 0 and i - first < LABEL_WORDS - 1 and words[first - 1][-1:] not in _CLAUSE_END:
                first -= 1
            out.append((first if first == 0 or words[first - 1][-1:] in _CLAUSE_END else i, i))
    return out


#: a paragraph set left and filled (``fill_breaks``) ends on a line at least this share of the measure, where
#: the line above can give it words and stay the longer
LAST_SHARE = 1 / 3
#: ... unless that leaves the line above it under UPPER_LEAST of the measure where, as full as it comes, it would
#: hold that share and leave a word of LONG_ALONE letters or more alone under it: such a word ends the paragraph on
#: its own
UPPER_LEAST, LONG_ALONE = 0.65, 7


def fill_breaks(widths: tuple[float, ...], space: float, limit: float, n: int,
                words: tuple[str, ...]) -> list[int] | None:
    """Where to break words ``widths`` wide (``space`` between two, lines at most ``limit``) into ``n`` lines set
    left, each filled to the measure as greedy breaking fills it (reviews 13 and 14: on a card's narrow measure,
    evened lines all stop short), with two mends: a short word opening a sentence goes down to the next line with
    its sentence (``_stranded``) where the lines left still hold the rest, and the last two lines share their
    words so that the last is no runt (``runt``) and holds at least LAST_SHARE of the measure, where the line
    above can give it that and stay the longer; the last three lines are then broken again, more evenly, where
    that spares a short line between two others (``_ragged_tail``). The line starts, with 0 first and len(widths)
    last; None when no such breaks fit ``n`` lines."""
    m = len(widths)
    if n < 2 or m <= n:
        return None
    limit += 1e-9
    length = _spans(widths, space)

    def lines_from(i: int) -> int:  # greedy lines the words from i on take
        return len(greedy_lines(widths[i:], limit, space)) if i < m else 0

    stranded = _stranded(words)
    ends, i = [0], 0
    for k in range(n - 2):  # every line but the last two, as full as it comes
        j = i + 1
        while j < m and length(i, j + 1) <= limit:
            j += 1
        while j - 1 > i and stranded[j - 1] and lines_from(j - 1) <= n - k - 1:
            j -= 1
        ends.append(j)
        i = j
    # the last two lines: the upper as full as it can be while the last is a fair line; words go down only while
    # the upper stays the longer (never "A" over the rest); where no split is fair, the evenest such pair
    splits = [j for j in range(m - 1, i, -1) if length(i, j) <= limit and length(j, m) <= limit]
    if not splits:
        return None
    kept = [j for j in splits if not runt(list(words[j:]), j - i) and (j == splits[0] or length(i, j) >= length(j, m))]
    fair = [j for j in kept if not stranded[j - 1] and length(j, m) >= LAST_SHARE * limit]
    if not fair and kept and stranded[kept[0] - 1]:  # rather a shorter upper line than one ending on a stranded
        # word (a label's "Speed trap:" over its value), where it holds LAST_SHARE of the measure
        fair = [j for j in splits if not stranded[j - 1] and length(i, j) >= LAST_SHARE * limit
                and not runt(list(words[j:]), j - i)]
    j = (fair[0] if fair else max(kept, key=lambda j: (not stranded[j - 1], length(j, m))) if kept
         else min(splits, key=lambda j: max(length(i, j), length(j, m))))
    full = splits[0]  # the upper line as full as it comes, one long word alone under it
    if j != full and length(i, j) < UPPER_LEAST * limit <= length(i, full) and m - full == 1 \
            and not stranded[full - 1] and len(words[-1].strip(_PUNCT)) >= LONG_ALONE:
        # a long word may end a paragraph alone rather than leave the line over it short ("loyer, sauf s'il / est
        # hypothéqué.", two publisher's reviews: lines broken far too early on a card's narrow measure)
        j = full
    return _ragged_tail(ends + [j, m], widths, space, limit, words, length, stranded)


#: the last three lines of a paragraph set left are broken again, as evenly as ``even_breaks`` breaks them, where
#: that makes the shorter of their two upper lines longer by at least this share of the measure and leaves them
#: no more white in all (squared): "Terrain d'un autre : / payez le loyer, sauf s'il / est hypothéqué.", not
#: "... payez le / loyer, sauf s'il / est hypothéqué." (a line of 46 % between two others: the reviews' first
#: complaint, short lines, on a card's narrow measure)
RAG_STEP = 0.15


def _ragged_tail(ends: list[int], widths, space: float, limit: float, words, length, stranded) -> list[int]:
    """``ends`` (``fill_breaks``' line starts), or its last three lines broken again where RAG_STEP says."""
    if len(ends) < 4:
        return ends
    s = ends[-4]
    tail = even_breaks(widths[s:], space, limit - 1e-9, 3, False, words[s:])
    if tail is None:
        return ends
    other = ends[:-4] + [s + t for t in tail]

    def upper(br: list[int]) -> list[float]:  # the two upper lines' lengths
        return [length(a, b) for a, b in zip(br[-4:-2], br[-3:-1])]

    def white(br: list[int]) -> float:  # theirs, squared, and a stranded word's as a line half empty
        return (sum((limit - run) ** 2 for run in upper(br))
                + sum((limit / 2) ** 2 for b in br[-3:-1] if stranded[b - 1]))
    if (min(upper(other)) >= min(upper(ends)) + RAG_STEP * limit and white(other) <= white(ends)
            and length(other[-2], other[-1]) >= LAST_SHARE * limit):
        return other
    return ends


def greedy_lines(widths, width: float, space: float) -> list[list]:
    """The greedy breaks of words ``widths`` wide into lines of at most ``width`` (a word wider than that alone on
    its line): [index of the line's first word, the line's width] for each line. The count even breaking keeps
    (``even_breaks``), and the booklet's lines where even breaking finds none."""
    lines: list[list] = []
    for i, ww in enumerate(widths):
        if lines and lines[-1][1] + space + ww <= width + 1e-6:
            lines[-1][1] = lines[-1][1] + space + ww
        else:
            lines.append([i, ww])
    return lines


def _packed(widths: tuple[float, ...], space: float, limit: float, n: int) -> list[int]:
    """How many of ``widths`` the first k lines hold at most, for k = 0..n (greedy lines take the most)."""
    out = [first for first, _ in greedy_lines(widths, limit, space)[1:]] + [len(widths)]
    return ([0] + out + [len(widths)] * (n + 1))[:n + 1]


def fits(text: str, box: tuple[float, float, float, float], font: str, size: float, min_size: float,
         colour: str = "#000000", align: str = "center", valign: str = "middle", mode: str = "label",
         leading: float = 1.2, wrap_below: float | None = None, *, style: Style) -> bool:
    """Whether ``fit`` with the same arguments places the text without overflow; nothing is placed (a layout
    that only asks is spared making the runs)."""
    text = running(text, style) if mode == "para" else typeset(text, style)
    _, _, w, h = box
    if not (math.isfinite(size) and size > 0.01 and w > 0 and h > 0):
        return not text.strip()
    return _choose(text, w, h, font, size, min_size, mode, leading, wrap_below) is not None


def _choose(text: str, w: float, h: float, font: str, size: float, min_size: float, mode: str, leading: float,
            wrap_below: float | None) -> tuple[float, tuple[_Line, ...], float] | None:
    """(size, lines, height in mm) of the first plan that fits a w × h mm box, largest size first; None when
    none does."""
    plans = _plans(size, min_size, (min_size if wrap_below is None else wrap_below) if mode == "label" else None)
    for i, (s, single) in enumerate(plans):
        lines = _layout_lines(text, w, font, s, single)
        if lines is not None:
            block = _height(lines, s, leading)
            if block <= h + 1e-6:
                chosen = (s, lines, block)
                if any(l.widow for l in lines) and i + 1 < len(plans):
                    chosen = _without_widow(text, plans[i + 1], w, h, font, leading, size) or chosen
                return chosen
    return None


@lru_cache(maxsize=1024)
def _plans(size: float, min_size: float, wrap_below: float | None) -> tuple[tuple[float, bool], ...]:
    """The plans ``_choose`` tries, in order: (size, on one line), largest first; a label (``wrap_below`` given)
    keeps to one line down to ``wrap_below`` before it may wrap. Made once per sizes (every card's title tries
    the same)."""
    sizes = _sizes(size, max(min_size, 0.01))
    if wrap_below is not None:
        return tuple([(s, True) for s in sizes if s >= wrap_below - 1e-9] + [(s, False) for s in sizes])
    return tuple((s, False) for s in sizes)


def _without_widow(text: str, plan: tuple[float, bool], w: float, h: float, font: str, leading: float,
                   nominal: float):
    """The next plan's layout when it fits, has no widow, and is not shrunk past ``WIDOW_FLOOR``; else None."""
    s, single = plan
    if s < nominal * WIDOW_FLOOR - 1e-9:
        return None
    lines = _layout_lines(text, w, font, s, single)
    if lines is None or any(l.widow for l in lines):
        return None
    block = _height(lines, s, leading)
    return (s, lines, block) if block <= h + 1e-6 else None


def _emit(lines, block, box, font, s, colour, align, valign, leading, nominal, overflow) -> Fit:
    """Place the chosen lines (``block`` mm tall) in the box as text runs."""
    x, y, w, h = box
    lh = s * leading * PT
    if valign == "top":
        top = y + h
    elif valign == "bottom":
        top = y + block
    else:
        top = y + (h + block) / 2
    baseline = top - CAP * s * PT
    shapes: list = []
    widest = 0.0
    for i, line in enumerate(lines):
        if i:
            baseline -= lh * (1 + line.gap_before)
        lw = text_width(line.text, font, s) + line.indent
        widest = max(widest, lw)
        if align == "left":
            x0 = x
        elif align == "right":
            x0 = x + w - lw
        else:
            x0 = x + (w - lw) / 2
        if line.marker:
            shapes.extend(_runs(line.marker, x0, baseline, font, s, colour))
        shapes.extend(_runs(line.text, x0 + line.indent, baseline, font, s, colour))
    return Fit(shapes, s, len(lines), overflow, s < nominal - 1e-9, block, widest)


def let_go() -> None:
    """Empty what fitting keeps for the next fit (texts typeset, words and runs measured, lines laid out): a part
    that fitted thousands of texts of their own (a deck read from a CSV file) lets them go once its items are
    checked (``Ctx.forget_fits``), before its sheets are written; what is met again is measured again, alike."""
    from . import fonts, typeset as _typeset

    _typeset._typeset.cache_clear()
    fonts.em_width.cache_clear()
    fonts.split_runs.cache_clear()
    _layout_lines.cache_clear()
    _even.cache_clear()


def runs(text: str, x: float, y: float, font: str, size: float, colour: str, anchor: str = "start", *,
         style: Style) -> list:
    """Text at (x, y), typeset in ``style`` (``pnp/typeset.py``), split into fallback-font runs; anchor
    start/middle/end."""
    return _runs(typeset(text, style), x, y, font, size, colour, anchor)


def _runs(text: str, x: float, y: float, font: str, size: float, colour: str, anchor: str = "start") -> list:
    parts = split_runs(text, font)
    if len(parts) == 1:  # the common case: one font has every character
        fname, t = parts[0]
        adv = em_width(t, fname) * size * PT
        x -= adv / 2 if anchor == "middle" else adv if anchor == "end" else 0.0
        return [scene.Text(x, y, t, fname, size, colour, "start", adv)] if t.strip() else []
    total = text_width(text, font, size)
    if anchor == "middle":
        x -= total / 2
    elif anchor == "end":
        x -= total
    out = []
    for fname, t in parts:
        adv = em_width(t, fname) * size * PT
        if t.strip():
            out.append(scene.Text(x, y, t, fname, size, colour, "start", adv))
        x += adv
    return out
