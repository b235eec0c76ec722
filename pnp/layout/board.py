"""The board: a square ring of N spaces around a centre, drawn as a published board draws it.

Geometry (../shared/PRINT.md): four square corners of side C and N/4 − 1 side spaces per
side, each (S − 2C)/(N/4 − 1) wide and C deep. Spaces run clockwise from the start corner,
which sits at the bottom right as on a real board: along the bottom to the jail (bottom
left), up the left side, along the top, down the right side.

Every space is drawn in its own *local frame*: W along the board edge, D deep, the outer
edge at y = 0 and the inner edge at y = D, reading upright. A rotation per side
(0, 270, 180, 90 degrees) places it so its text reads from outside the board. Corners use
the same frame (C × C, the outer vertex at (C, 0), the inner vertex at (0, C)); their
names run along the diagonal, reading from the outer vertex.

The whole board is one ``scene.Group`` in the board's frame: trim (0, 0)–(S, S), the
background runs ``ctx.bleed`` mm past it. The group carries a ``key`` and ``bounds`` so a
backend draws it once and reuses it (the tiles of a home-printer board clip that one
drawing).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from .. import scene
from ..fonts import PT, text_width
from ..money import MINUS
from ..vision import MIN_CONTRAST, contrast_ratio, tint
from ..model import Board, Space
from ..text import CAP as CAP_EM, DESC, _runs as text_runs, descends, fit as plain_fit, fits as text_fits
from ..rules.printing import TEXT_OVERFLOW, TEXT_SHRUNK
from ..typeset import NBSP, typeset
from .common import (DARK, LIGHT, SHRINK_WARNING, Ctx, Item, balanced_lines, balanced_n, contrast, mix, picture,
                     space_colour, split_balanced, unbroken_halves)
from .icons import group_mark
from .table import draw_table, row_pitch, rows_box

PAD = 1.5  # mm between a space's edge and its texts
SAFE = 4.0  # mm from the board's outer edge (its trim) to any text or art of the ring: PRINT.md's 3 mm safe area and
# a margin a slightly off cut cannot reach (prices stood 1.5 mm from the trim, on their font's descent)
INNER_PAD = 3.0  # mm from a space's inner edge (the ring's line) to its name, on a board without colour bands
LINE = 0.3  # mm, the ring's rules
BAND = 0.2  # colour band: share of the space depth
MARK_SHARE = 0.62  # a group mark's size: share of its band's height
SUBTITLE_GAP = 3.5  # mm from the foot of the title's letters (its descenders, or its baseline when it has none) to the subtitle
TITLE_FOOT = 0.2  # the share of its font's descent a board title without descenders keeps under its baseline
JAIL_CELL = 0.7  # the jail's inner area: share of the corner side
SIDE_ROTATION = (0.0, 270.0, 180.0, 90.0)  # bottom, left, top, right: text reads from outside
NAME_PT = 9.0
NAME_SHRINK = 0.94  # a space's name shrinks this far on one line before it takes a second
NAME_AIR = 2.0  # mm a one-line name keeps clear inside its space's padding, each side, or it takes two lines
#: a name on one line wider than this share of its space (less its padding) takes two where another name of its side
#: does (``_paired``); a shorter one stays on one line ("Ua Pou", "Nuku Hiva" beside "Pointe" / "Vénus")
ROW_SHARE = 0.7
ROW_BREAK_GIVE = 0.3  # mm a name set on two lines for its row's sake has past its wider half, each side
THIN = "\u2009"  # the space a name set on two lines for its row's sake breaks at
SUB_PT = 7.5  # a space's subtitle (a local name, a kind)
SUB_GAP = 1.5  # mm from the foot of a side space name's descent to its subtitle's capitals
MONEY_PT = 9.0  # a space's price, bold: read across the table (8 pt was too small: review 11)
SMALL_PT = 7.5  # the least size of any text on the ring (an instruction)
CORNER_NAME_PT = 14.0
CORNER_BIG_PT = 44.0  # short corner names (GO) print up to this big: the corner's name fills its band
CORNER_MONEY_PT = 15.0  # pt (on a 60 mm corner): the amount under a corner's name (a toll, a salary), the number
# players look for there, set big; the name grows only as far as it leaves the amount this size
CORNER_TEXT_PT = 8.0
SQRT2 = math.sqrt(2.0)


# --------------------------------------------------------------------------- geometry
@dataclass
class SpaceGeom:
    index: int
    space: Space
    x: float  # the space's rectangle on the board (mm, origin lower left, y up)
    y: float
    w: float
    h: float
    side: int  # 0 bottom, 1 left, 2 top, 3 right (a corner belongs to the side it starts)
    corner: bool
    rotation: float  # degrees counter-clockwise: text reads from outside the board

    @property
    def along(self) -> float:
        """Length along the board edge (the local frame's width)."""
        return self.h if self.rotation in (90.0, 270.0) else self.w

    @property
    def depth(self) -> float:
        """Depth from the outer to the inner edge (the local frame's height)."""
        return self.w if self.rotation in (90.0, 270.0) else self.h

    @property
    def transform(self) -> scene.Affine:
        """Local frame (0, 0)–(along, depth) → board."""
        return local_transform(self.x, self.y, self.w, self.h, self.rotation)


def local_transform(x: float, y: float, w: float, h: float, rotation: float) -> scene.Affine:
    along, depth = (h, w) if rotation in (90.0, 270.0) else (w, h)
    return scene.compose(scene.translate(x + w / 2, y + h / 2), scene.rotate(rotation),
                         scene.translate(-along / 2, -depth / 2))


def ring_geometry(n: int, size: float, corner: float) -> list[tuple[float, float, float, float, int, bool, float]]:
    """(x, y, w, h, side, corner, rotation) of each of ``n`` spaces, clockwise from the bottom-right corner.

    Edges are computed from the corners inward so the spaces tile the ring exactly.
    """
    if n < 8 or n % 4:
        raise ValueError(f"a board ring needs a multiple of 4 spaces, at least 8 (got {n})")
    if not 0 < corner < size / 2:
        raise ValueError(f"corner size {corner} mm does not fit a {size} mm board")
    k = n // 4
    S, C = float(size), float(corner)
    w = (S - 2 * C) / (k - 1)
    edges = [C + i * w for i in range(k - 1)] + [S - C]  # k edges from C to S − C
    out: list[tuple[float, float, float, float, int, bool, float]] = []
    corners = [(S - C, 0.0), (0.0, 0.0), (0.0, S - C), (S - C, S - C)]
    for side in range(4):
        rot = SIDE_ROTATION[side]
        cx, cy = corners[side]
        out.append((cx, cy, C, C, side, True, rot))
        for j in range(1, k):
            if side == 0:  # bottom, right to left
                a, b = edges[k - 1 - j], edges[k - j]
                out.append((a, 0.0, b - a, C, side, False, rot))
            elif side == 1:  # left, bottom to top
                a, b = edges[j - 1], edges[j]
                out.append((0.0, a, C, b - a, side, False, rot))
            elif side == 2:  # top, left to right
                a, b = edges[j - 1], edges[j]
                out.append((a, S - C, b - a, C, side, False, rot))
            else:  # right, top to bottom
                a, b = edges[k - 1 - j], edges[k - j]
                out.append((S - C, a, C, b - a, side, False, rot))
    return out


def space_geometry(board: Board) -> list[SpaceGeom]:
    ring = ring_geometry(len(board.spaces), float(board.size), float(board.corner))
    return [SpaceGeom(i, s, *g) for i, (s, g) in enumerate(zip(board.spaces, ring))]


# --------------------------------------------------------------------------- helpers
def _icon_name(ctx: Ctx, s: Space) -> str | None:
    """The space's icon; a space where a deck is drawn shows the deck's when it names none."""
    if s.icon:
        return s.icon
    deck = ctx.kit.deck(s.deck) if s.deck else None
    return (deck.icon or deck.back.icon) if deck else None


def _printed_amount(ctx: Ctx, s: Space):
    """(money text, entity, field) printed on a space: its price, else the first fixed amount it charges or pays;
    None when there is none or the space's instruction already says it."""
    found = None
    if s.price is not None:
        found = (ctx.money(s.price), s, "price")
    else:
        e = s.money(("pay", "collect"))
        if e is not None:
            found = (ctx.money(e.amount), e, "amount")
    if found and s.text and found[0] in s.text:
        return None
    return found


def amount_pattern(ctx: Ctx) -> re.Pattern:
    """An amount as this game writes it (its currency's symbol, side and digit grouping), to find in a text."""
    key = ("board-amount-pattern",)
    if key not in ctx.memo:
        sample = ctx.money(1234567)
        digits = [i for i, ch in enumerate(sample) if ch.isdigit()]
        head, number, tail = sample[:digits[0]], sample[digits[0]:digits[-1] + 1], sample[digits[-1] + 1:]
        sep = number[1:number.index("234")]
        body = rf"\d{{1,3}}(?:{re.escape(sep)}\d{{3}})*" if sep else r"\d+"
        ctx.memo[key] = re.compile(rf"{re.escape(head)}{MINUS}?{body}(?!\d){re.escape(tail)}")
    return ctx.memo[key]


def _bold_room(ctx: Ctx, text: str, font: str, size: float, amount_pt: float | None = None) -> float:
    """How much wider (mm) ``text`` at ``size`` sets once ``_bold_amounts`` sets its amounts in the bold font (at
    ``amount_pt``, else at ``size``): the room its box keeps for them, so that a line widened by them still holds
    the box."""
    bold, big = ctx.fonts.heading, amount_pt or size
    return sum(max(0.0, text_width(m.group(0), bold, big) - text_width(m.group(0), font, size))
               for m in amount_pattern(ctx).finditer(text))


def _bold_amounts(ctx: Ctx, shapes, amount_pt: float | None = None) -> list:
    """Fitted text runs with every amount in them set in the bold (heading) font, at ``amount_pt`` (else at their
    size): an amount reads alike wherever the ring prints it, on a price line or in an instruction (bold at a
    price's size, on the instruction's baseline). Each changed line stays centred where it was."""
    pattern, bold = amount_pattern(ctx), ctx.fonts.heading
    lines: dict[float, list] = {}
    for t in shapes:
        if isinstance(t, scene.Text):
            lines.setdefault(round(t.y, 6), []).append(t)
    out = [t for t in shapes if not isinstance(t, scene.Text)]
    for runs in lines.values():
        runs.sort(key=lambda t: t.x)
        text = runs[0].text
        for a, b in zip(runs, runs[1:]):  # a run of white space alone was not drawn: a gap stands for it
            text += (" " if b.x - (a.x + a.width) > 1e-6 else "") + b.text
        first = runs[0]
        if first.font == bold or not pattern.search(text) or len({t.font for t in runs}) > 1:
            out.extend(runs)
            continue
        parts, at, big = [], 0, amount_pt or first.size
        for m in pattern.finditer(text):
            parts += [(text[at:m.start()], first.font, first.size), (m.group(0), bold, big)]
            at = m.end()
        parts.append((text[at:], first.font, first.size))
        was = runs[-1].x + runs[-1].width - first.x
        now = sum(text_width(t, f, pt) for t, f, pt in parts)
        x = first.x - (now - was) / 2
        for t, f, pt in parts:
            if t:
                out.extend(text_runs(t, x, first.y, f, pt, first.colour))
                x += text_width(t, f, pt)
    return out


def _icon(name: str | None, cx: float, cy: float, size: float, colour: str, background: str | None = None):
    """The shared icon, or None when the icon module or that icon does not exist (draw nothing)."""
    if not name or size <= 0:
        return None
    try:
        from . import icons
    except ImportError:
        return None
    try:
        return icons.icon(name, cx, cy, size, colour, background)
    except (KeyError, ValueError):
        return None


def _fit(ctx: Ctx, text: str, box, font: str, size: float, source, field_name: str, what: str,
         colour: str, mode: str = "label", prefer: float | None = None, **kw):
    """Fit a text; a nicely fitting result (small shrink) is taken as is, else the reporting fit decides.

    ``prefer``: a larger size to use when the text fits at it (short names in big corners).
    """
    if prefer and prefer > size:
        big = plain_fit(text, box, font, prefer, size, colour=colour, mode=mode, style=ctx.style, **kw)
        if not big.overflow:
            ctx.remember(big, source, field_name)
            return big
    quiet = plain_fit(text, box, font, size, max(size * 0.85, min(ctx.min_pt, size)), colour=colour, mode=mode,
                      style=ctx.style, **kw)
    if not quiet.overflow:
        ctx.remember(quiet, source, field_name)
        return quiet
    return ctx.fit(text, box, font, size, source, field_name, what=what, colour=colour, mode=mode, **kw)


def _name_lines(ctx: Ctx, name: str, width: float, pt: float = NAME_PT, row: bool = False) -> tuple[str, float]:
    """A space's name as it should wrap: as it is when one line holds it at (nearly) the board's name size with
    NAME_AIR to spare and ``row`` is not set (``_paired``: its neighbours' names take two lines), else with no-break
    spaces inside two balanced halves, so that it breaks once, between them ("Rue du Général" / "de Gaulle", not
    "Rue du Général de" / "Gaulle"). Returns the name and the room its lines keep each side (NAME_AIR when it takes
    two lines, so that they break where this decided; more where one line would hold it, its box as narrow as its
    wider half)."""
    if " " not in name.strip():
        return name, 0.0
    wraps = _wraps(ctx, name, width - 2 * NAME_AIR, pt)
    if not (row or wraps):
        return name, 0.0
    first, second = split_balanced(name)
    if wraps:
        return unbroken_halves(first, second), NAME_AIR
    # one line would hold it: its box narrowed to its wider half's width, so that it breaks between them
    half = max(text_width(typeset(h, ctx.style), ctx.fonts.heading, pt) for h in (first, second))
    # joined by a thin space, a breaking one the initials' rule does not bind ("B. & O." / "Railroad")
    joined = first.replace(" ", NBSP) + THIN + second.replace(" ", NBSP)
    return joined, max(NAME_AIR, (width - half) / 2 - ROW_BREAK_GIVE)


def _wrapped(ctx: Ctx, pt: float) -> tuple[frozenset[int], frozenset[str]]:
    """The sides on which a name takes two lines at ``pt`` by itself, and the last words of those names."""
    key = ("board-wrapped", pt)
    if key not in ctx.memo:
        names = [g for g in space_geometry(ctx.kit.board) if not g.corner and " " in g.space.name.strip()
                 and _wraps(ctx, g.space.name, g.along - 2 * PAD - 2 * NAME_AIR, pt)]
        ctx.memo[key] = (frozenset(g.side for g in names), frozenset(g.space.name.split()[-1].lower() for g in names))
    return ctx.memo[key]


def _paired(ctx: Ctx, g: SpaceGeom, pt: float) -> bool:
    """Whether a name one line would hold takes two at ``pt`` for its neighbours' sake, as a printed board sets its
    rows: where it ends in the word of a name that takes two ("Indiana" / "Avenue" as "Kentucky" / "Avenue", "Euston"
    / "Road" as "Pentonville" / "Road"), or fills more than ROW_SHARE of its space on a side where a name takes two
    ("Pointe" / "Vénus"); a short one stays on one line ("Ua Pou", "Pall Mall": my own reading as a publisher)."""
    name = g.space.name.strip()
    if " " not in name:
        return False
    sides, words = _wrapped(ctx, pt)
    return name.split()[-1].lower() in words or (g.side in sides and text_width(
        typeset(name, ctx.style), ctx.fonts.heading, pt) > ROW_SHARE * (g.along - 2 * PAD))


def _wraps(ctx: Ctx, name: str, width: float, pt: float = NAME_PT) -> bool:
    """Whether the name needs more than one line at the board's name size ``pt``, shrunk by at most NAME_SHRINK."""
    f = plain_fit(name, (0.0, 0.0, width, 1e3), ctx.fonts.heading, pt, pt * NAME_SHRINK,
                  wrap_below=pt * NAME_SHRINK, style=ctx.style)
    return len({round(s.y, 3) for s in f.shapes if isinstance(s, scene.Text)}) > 1


def _banded(ctx: Ctx) -> bool:
    """Whether any side space of the board carries a colour band (its names then hang from under the bands)."""
    return any(s.group for s in ctx.kit.board.spaces)


def _first_baseline(shapes) -> float:
    """The baseline of the first (highest) line of fitted text runs."""
    return max(t.y for t in shapes if isinstance(t, scene.Text))


def _last_baseline(shapes) -> float:
    """The baseline of the last (lowest) line of fitted text runs."""
    return min(t.y for t in shapes if isinstance(t, scene.Text))


def _foot(shapes) -> float:
    """The lowest ink of fitted text runs: their last line's descenders where it has some, else its baseline."""
    last = _last_baseline(shapes)
    runs = [t for t in shapes if isinstance(t, scene.Text) and abs(t.y - last) < 1e-6]
    return last - max((DESC * t.size * PT for t in runs if descends(t.text)), default=0.0)


def _moved(shapes, dy: float) -> list:
    """Fitted text runs moved ``dy`` mm up (down when negative)."""
    if abs(dy) < 1e-9:
        return list(shapes)
    return [replace(t, y=t.y + dy) if isinstance(t, scene.Text) else t for t in shapes]


def _ink(ground: str) -> str:
    """Near-black or white, whichever reads better on ``ground`` (by WCAG contrast)."""
    return DARK if contrast_ratio(DARK, ground) >= contrast_ratio(LIGHT, ground) else LIGHT


def legible(colour: str, ground: str, ratio: float = MIN_CONTRAST) -> str:
    """``colour``, darkened (or lightened, on a dark ground) just enough to read on ``ground``: the theme's hue
    stays, its text reaches the contrast ratio."""
    if contrast_ratio(colour, ground) >= ratio:
        return colour
    target = _ink(ground)
    for step in range(1, 21):
        c = mix(colour, target, step / 20)
        if contrast_ratio(c, ground) >= ratio:
            return c
    return target


# --------------------------------------------------------------------------- side spaces
NAME_MAX_PT = 13.0  # pt: the most the board's names grow to where every space has room for them


def name_pt(ctx: Ctx) -> float:
    """The one size of every side space's name on the board: the largest (up to NAME_MAX_PT, at least NAME_PT) at
    which each name holds its box in one line or two balanced ones, never shrunk past NAME_SHRINK nor run off its
    space, while everything else on the space keeps what it has at NAME_PT (subtitle, amount and text their
    sizes, the icon its size)."""
    key = ("board-name-pt",)
    if key not in ctx.memo:
        quiet = ctx.quiet()
        sides = [g for g in space_geometry(ctx.kit.board) if not g.corner]
        base = {g.index: _side_face(quiet, g, NAME_PT)[1] for g in sides}
        size, chosen = NAME_MAX_PT, NAME_PT
        while size > NAME_PT + 1e-9:
            if all(_keeps(_side_face(quiet, g, size)[1], base[g.index]) for g in sides):
                chosen = size
                break
            size -= 0.5
        ctx.memo[key] = chosen
    return ctx.memo[key]


ICON_GIVE = 0.90  # a side space's icon gives up to this share of its size to a larger name: its zone, not the
# name, pays for the safe area and the subtitle's air (with none given, Euronopoly's and Tahiti's names fell 1.5 and
# 0.5 pt for 0.7 and 1.1 mm of icon; Euronopoly's two-line names over a subtitle give 1.3 mm of 16.6 at 13 pt)


def _keeps(grown: tuple, base: tuple) -> bool:
    """Does a space laid out with a larger name keep everything it had (``_side_face``'s measures): its texts their
    sizes, its icon all but ICON_GIVE of its size?"""
    *texts, icon = zip(grown[1:], base[1:])
    return grown[0] and all(a >= b - 1e-6 for a, b in texts) and icon[0] >= ICON_GIVE * icon[1] - 1e-6


#: a space's subtitle (a local name) grows with the board's names, up to this share of their size: at SUB_PT under
#: names grown to 13 pt, Etymonopoly's native names read as about 6 pt (review 17)
SUB_SHARE = 0.7


def sub_pt(ctx: Ctx) -> float:
    """The one size of every side space's subtitle: the largest, in half points from SUB_SHARE of the names' size
    (``name_pt``) down to SUB_PT, at which every space keeps what it has with its subtitle at SUB_PT (its name's
    lines, its amount's and text's sizes, its icon all but ICON_GIVE)."""
    key = ("board-sub-pt",)
    if key not in ctx.memo:
        quiet = ctx.quiet()
        pt = name_pt(ctx)
        sides = [g for g in space_geometry(ctx.kit.board) if not g.corner and g.space.subtitle]
        size, chosen = math.floor(SUB_SHARE * pt * 2) / 2, SUB_PT
        if size > SUB_PT + 1e-9 and sides:
            base = {g.index: _side_face(quiet, g, pt)[1] for g in sides}
            while size > SUB_PT + 1e-9:
                if all(_keeps(_side_face(quiet, g, pt, size)[1], base[g.index]) for g in sides):
                    chosen = size
                    break
                size -= 0.5
        ctx.memo[key] = chosen
    return ctx.memo[key]


def _side_space(ctx: Ctx, g: SpaceGeom) -> scene.Group:
    return _side_face(ctx, g, name_pt(ctx), sub_pt(ctx))[0]


def _side_face(ctx: Ctx, g: SpaceGeom, pt: float, sub: float = SUB_PT) -> tuple[scene.Group, tuple]:
    """A side space with its name at ``pt`` and its subtitle at ``sub``, and what its parts keep: (whether the name
    holds at ``pt`` in at most two lines, subtitle size, amount size, text size, icon size). Its name takes two
    lines for its neighbours' sake (``_paired``) where that costs the space nothing else (``_keeps``)."""
    row = _paired(ctx, g, pt)
    if row:  # tried quietly: the way not taken reports nothing
        quiet = ctx.quiet()
        row = _keeps(_side_face_as(quiet, g, pt, sub, True)[1], _side_face_as(quiet, g, pt, sub, False)[1])
    return _side_face_as(ctx, g, pt, sub, row)


def _side_face_as(ctx: Ctx, g: SpaceGeom, pt: float, sub: float, row: bool) -> tuple[scene.Group, tuple]:
    """``_side_face``, its name on two lines where ``row`` (its side's other names take two)."""
    s = g.space
    W, D = g.along, g.depth
    col, fonts = ctx.colours, ctx.fonts
    ground = col.board
    out = scene.Group(clip=(0.0, 0.0, W, D))
    inner_w = W - 2 * PAD
    band = BAND * D
    # every space's name hangs from one line, a band space's or not: under where a colour band ends when the
    # board has bands (a row reads as one row: a space without a band sets its name on its neighbours' line),
    # else INNER_PAD in
    top = D - band - PAD if _banded(ctx) else D - INNER_PAD

    if s.ground:
        ground = s.ground
        out.add(scene.Rect(0, 0, W, D, fill=ground))
    if s.group:
        grp = ctx.kit.board.group(s.group)
        out.add(scene.Rect(-1, D - band, W + 2, band + 1, fill=grp.colour if grp else col.accent),
                scene.Line(0, D - band, W, D - band, col.line, LINE))
        shape = ctx.group_mark(s.group) if grp else None
        if shape:  # the group told without colour, in the middle of its band
            ink = grp.text_colour or contrast(grp.colour)  # as on its title cards and booklet swatch
            out.add(group_mark(shape, W / 2, D - band / 2, band * MARK_SHARE, ink, grp.colour))

    # name (and subtitle) from the top
    name_h = min(0.3 * D, 16.0)
    name, air = _name_lines(ctx, s.name, inner_w, pt, row)
    f = _fit(ctx, name, (PAD + air, top - name_h, inner_w - 2 * air, name_h), fonts.heading, pt, s, "name",
             "space name", col.ink, valign="top", wrap_below=pt * NAME_SHRINK)
    # its first line on the board's name line, where a name at the board's size sets it (a name shrunk a little
    # to hold one line keeps its neighbours' baseline, not its own top)
    drop = _first_baseline(f.shapes) - (top - CAP_EM * pt * PT) if f.shapes else 0.0
    out.add(*_moved(f.shapes, -drop))
    # the name holds: one line shrunk by at most NAME_SHRINK, or two lines at the size itself, each keeping
    # NAME_AIR inside the padding (a long word, "Northumberland", stood 1 mm from its space's rules)
    widest = max((t.width for t in f.shapes if isinstance(t, scene.Text)), default=0.0)
    measures = [not f.overflow and f.size >= pt * (NAME_SHRINK if f.lines == 1 else 1.0) - 1e-6 and f.lines <= 2
                and (f.lines == 1 or widest <= inner_w - 2 * NAME_AIR + 1e-6)]
    y = top - f.height - drop
    if s.subtitle:
        sub_h = sub * PT * 2.3
        fs = _fit(ctx, s.subtitle, (PAD, y - 0.6 - sub_h, inner_w, sub_h), fonts.italic, sub, s, "subtitle",
                  "subtitle", col.ink, valign="top")
        # its capitals SUB_GAP under the name's descent, whether the name has descenders or not: a row's subtitles
        # on one line, the least air SUB_GAP (under a name without descenders the subtitle stood 1.5 mm from its
        # letters, under one with them 0.6 mm)
        dy = (_last_baseline(f.shapes) - drop - DESC * f.size * PT - SUB_GAP - CAP_EM * fs.size * PT
              - _first_baseline(fs.shapes)) if f.shapes and fs.shapes else 0.0
        out.add(*_moved(fs.shapes, dy))
        y += dy - 0.6 - fs.height
    measures.append(fs.size if s.subtitle and not fs.overflow else 0.0)

    # bottom: price, amount or instruction
    bottom = SAFE  # the outer edge is the board's trim: nothing nearer than the safe area
    foot = SAFE + DESC * MONEY_PT * PT  # the board's foot line: the last baseline of every space's lowest text
    text = s.text
    printed = _printed_amount(ctx, s)
    if printed:
        money, src, field_name = printed
        mh = MONEY_PT * PT * 1.25
        fm = _fit(ctx, money, (PAD, bottom, inner_w, mh), fonts.heading, MONEY_PT, src, field_name, "amount", col.ink,
                  valign="bottom")
        out.add(*(_moved(fm.shapes, foot - _last_baseline(fm.shapes)) if fm.shapes else ()))
        bottom += fm.height + 0.8
    measures.append(fm.size if printed and not fm.overflow else 0.0)
    if text:
        th = min(0.22 * D, max(0.0, y - bottom - 4.0))
        if th > SMALL_PT * PT:
            room = _bold_room(ctx, text, fonts.body, SMALL_PT, MONEY_PT)
            ft = _fit(ctx, text, (PAD + room / 2, bottom, inner_w - room, th), fonts.body, SMALL_PT, s, "text",
                      "space text", col.ink, mode="para", valign="bottom")
            out.add(*_bold_amounts(ctx, _moved(ft.shapes, foot - _last_baseline(ft.shapes)) if not printed
                                   and ft.shapes else ft.shapes, MONEY_PT))
            bottom += ft.height + 0.8
            measures.append(ft.size if not ft.overflow else 0.0)
        else:
            measures.append(0.0)
            ctx.problems.report(TEXT_OVERFLOW, s.at("text"), s.sub("text"),
                               f"the space's name and amount leave its text no room ({th:.1f} mm); shorten the name "
                               f"or the text, or drop the text")

    else:
        measures.append(0.0)

    # icon in what is left (a space with a colour band shows the band instead)
    drawn = 0.0
    if not s.group:
        room = y - bottom - 2.0
        size = min(inner_w - 4.0, room, 0.42 * D)
        cx, cy = W / 2, bottom + (y - bottom) / 2
        icon_colour, icon_ground = col.ink, ground
        deck = ctx.kit.deck(s.deck) if s.deck else None
        if deck and not s.colour:
            icon_colour = deck.colour
        elif s.colour:  # the space's accent colour as a disc behind the icon
            r = size / 2
            out.add(scene.Circle(cx, cy, r, fill=s.colour, stroke=col.line, width=0.2))
            icon_colour, icon_ground = _ink(s.colour), s.colour
            size *= 0.66
        ic = _icon(_icon_name(ctx, s), cx, cy, size, icon_colour, icon_ground)
        if ic is not None:
            out.add(ic)
            drawn = size
    return out, (*measures, drawn)


# --------------------------------------------------------------------------- corners
class _Diag:
    """The corner's diagonal frame: u along the diagonal (text direction), v toward the inner vertex.

    Usable area: the corner square less ``pad`` from its two inner edges and ``outer`` from its two outer ones (the
    board's trim, on a corner of the ring), the diamond −R_out <= v ± u <= R. A line across it, centred on u = 0,
    has the same room each side: its half width at v is min(R − v, R_out + v).
    """

    def __init__(self, C: float, pad: float = PAD, outer: float | None = None):
        self.C = C
        self.R = (C / 2 - pad) * SQRT2  # toward the inner vertex
        self.R_out = (C / 2 - (pad if outer is None else outer)) * SQRT2  # toward the outer vertex

    def half_width(self, v0: float, v1: float) -> float:
        return max(0.0, min(self.R - max(v0, v1), self.R_out + min(v0, v1)))

    def transform(self) -> scene.Affine:
        return scene.compose(scene.translate(self.C / 2, self.C / 2), scene.rotate(45.0))

    def local(self, u: float, v: float) -> tuple[float, float]:
        return (self.C / 2 + (u - v) / SQRT2, self.C / 2 + (u + v) / SQRT2)


def _arrow_path(x0: float, x1: float, cy: float, h: float, colour: str) -> scene.Path:
    """A bold arrow pointing left from x1 to its tip at x0, h tall."""
    head = min(h * 1.1, (x1 - x0) * 0.45)
    shaft = h * 0.42
    return scene.Path((("M", x0, cy), ("L", x0 + head, cy + h / 2), ("L", x0 + head, cy + shaft / 2),
                       ("L", x1, cy + shaft / 2), ("L", x1, cy - shaft / 2), ("L", x0 + head, cy - shaft / 2),
                       ("L", x0 + head, cy - h / 2), ("Z",)), fill=colour)


CORNER_GAP = 3.0  # mm (on a 60 mm corner) between the stacked parts of a corner, ink to ink: the instruction's
# foot and the name's capitals, the name's foot and its subtitle's or amount's top, the amount's foot and the icon


def _corner(ctx: Ctx, g: SpaceGeom) -> scene.Group:
    """A corner: its name across the diagonal, the instruction over it, the subtitle and amount under it, the
    icon (or, on the start corner, the arrow of play) toward the outer vertex.

    The name's size comes from the room: laid out first in a band CORNER_BAND tall (on a 60 mm corner), it then
    takes the largest size (up to CORNER_MAX_PT) at which it still holds on one line in the corner's diamond
    while everything else keeps what it had: the texts their sizes, the icon its size, the arrow its length (or
    CORNER_ARROW of its height). A short name (Go) grows to fill its corner; a long one keeps its size."""
    if g.space.jail is not None:
        return _jail_corner(ctx, g)
    k = g.along / 60.0  # the layout is designed for a 60 mm corner and scales with it
    base, measures = _corner_face(ctx.quiet(), g, None)
    size, step = CORNER_MAX_PT * k, 1.0 * k
    while size > measures[0] + step / 2:
        face, grown = _corner_face(ctx.quiet(), g, size)
        if face is not None and all(a >= b - 1e-6 for a, b in zip(grown[1:], measures[1:])):
            return _corner_face(ctx, g, size)[0]
        size -= step
    return _corner_face(ctx, g, None)[0]


CORNER_BAND = 14.0  # mm (on a 60 mm corner): the band a corner's name is first fitted in
CORNER_MAX_PT = 96.0  # pt (on a 60 mm corner): the largest a short corner name grows
CORNER_ARROW = 3.2  # the start corner's arrow keeps at least this many times its height in length as its name grows


def _corner_face(ctx: Ctx, g: SpaceGeom, name_pt: float | None) -> tuple[scene.Group | None, tuple]:
    """A corner's drawing with its name in the band of CORNER_BAND (``name_pt`` None: as large as it fits there),
    or on one line at ``name_pt`` in a band of its own height (None when it does not fit there). With it, what the
    other parts keep: (name size, subtitle size, amount size, instruction size, icon size, arrow length)."""
    s = g.space
    C = g.along
    start = g.index == 0  # the start corner: players begin here, the arrow shows the direction of play
    col, fonts = ctx.colours, ctx.fonts
    out = scene.Group(clip=(0.0, 0.0, C, C))
    d = _Diag(C, outer=SAFE)  # its outer edges are the board's trim
    k = C / 60.0
    diag = scene.Group(transform=d.transform())

    # the name across the middle; amounts under it; an instruction above; the icon (or arrow) near the outer vertex
    middle = 4.0 * k if start else 0.0
    band = CORNER_BAND * k if name_pt is None else 0.96 * PT * name_pt
    name_top, name_bottom = middle + band / 2, middle - band / 2
    hw = d.half_width(name_bottom, name_top)
    name_colour = legible(col.accent, col.board) if start else col.ink
    if name_pt is None:
        f = _fit(ctx, s.name, (-hw, name_bottom, 2 * hw, band), fonts.heading, CORNER_NAME_PT * k, s, "name",
                 "space name", name_colour, prefer=min(CORNER_BIG_PT * k, band / (0.96 * PT)))
    else:
        f = plain_fit(s.name, (-hw, name_bottom, 2 * hw, band), fonts.heading, name_pt, name_pt, colour=name_colour,
                      wrap_below=name_pt, style=ctx.style)
        if f.overflow or f.lines > 1:
            return None, ()
        ctx.remember(f, s, "name")
    diag.add(*f.shapes)
    measures = [f.size]
    # under the name: room for its descenders (Parking), then the subtitle and the amount, each clear of the last
    # every part CORNER_GAP from the next, measured on the letters: from a line's capitals and from its baseline,
    # or its descenders where it has some (a name without descenders stood 4.4 mm over its amount, keeping room for
    # descenders it has not, and the amount 1.6 mm over the icon)
    below = _foot(f.shapes) - CORNER_GAP * k
    above = _first_baseline(f.shapes) + CAP_EM * f.size * PT + CORNER_GAP * k
    if s.subtitle:
        sh = SUB_PT * PT * 1.3 * k
        hw = d.half_width(below - sh, below)
        fs = _fit(ctx, s.subtitle, (-hw, below - sh, 2 * hw, sh), fonts.italic, SUB_PT * k * 1.2, s, "subtitle",
                  "subtitle", col.ink, valign="top")
        diag.add(*fs.shapes)
        below = (_foot(fs.shapes) if fs.shapes else below) - CORNER_GAP * k
        measures.append(fs.size if not fs.overflow else 0.0)
    else:
        measures.append(0.0)
    printed = _printed_amount(ctx, s)
    if printed:
        money, src, field_name = printed
        mh = CORNER_MONEY_PT * PT * 1.1 * k
        hw = d.half_width(below - mh, below)
        fm = _fit(ctx, money, (-hw, below - mh, 2 * hw, mh), fonts.heading, CORNER_MONEY_PT * k, src, field_name,
                  "amount", col.ink, valign="top")
        diag.add(*fm.shapes)
        below = (_foot(fm.shapes) if fm.shapes else below) - CORNER_GAP * k
        measures.append(fm.size if not fm.overflow else 0.0)
    else:
        measures.append(0.0)
    if s.text:
        # the fewest lines that hold the instruction at its size (the box narrows as it grows)
        size = CORNER_TEXT_PT * k
        line = size * PT * 1.2
        room = _bold_room(ctx, s.text, fonts.body, size)  # its bold amounts' extra width
        for n in range(1, 6):
            th = (n - 1) * line + size * PT
            hw = max(0.0, d.half_width(above, above + th) - room / 2)
            fitted = text_fits(s.text, (-hw, above, 2 * hw, th), fonts.body, size, size, mode="para", style=ctx.style)
            if fitted or above + th + line > d.R:
                break
        # those lines as even as they can be, never a word left over at the end ("Collect £200 salary as" /
        # "you pass" was greedy)
        text = balanced_n(ctx, s.text, fonts.body, size, 2 * hw, n) if fitted else s.text
        ft = _fit(ctx, text, (-hw, above, 2 * hw, th), fonts.body, size, s, "text", "space text", col.ink,
                  mode="para", valign="bottom")
        # its foot (the last line's descenders, or its baseline) CORNER_GAP over the name
        drop = _foot(ft.shapes) - above if ft.shapes else 0.0
        diag.add(*_bold_amounts(ctx, _moved(ft.shapes, -drop)))
        measures.append(ft.size if not ft.overflow else 0.0)
    else:
        measures.append(0.0)
    if start:
        out.add(diag)
        # the direction of play: toward the spaces of this side (local −x), near the outer edge
        colour = s.colour or col.accent
        h = 11.0 * k
        cy = SAFE + h / 2
        # keep the arrow below the texts: a local point (x, y) has v = (y − x) / √2, which must stay < below
        head = h * 1.1
        x0 = max(PAD + 2.0 * k, cy - SQRT2 * below, cy + h / 2 - SQRT2 * below - head)
        x1 = C - SAFE
        out.add(_arrow_path(x0, x1, cy, h, colour))
        # the arrow's length, counted up to CORNER_ARROW times its height (a name may grow while it keeps that)
        return out, (*measures, 0.0, min(x1 - x0, CORNER_ARROW * h))
    # the icon below the name, toward the outer vertex
    room_top = below
    size = min(16.0 * k, (room_top + d.R_out) / 1.7)
    cy = room_top - size / 2
    drawn = 0.0
    if size > 3:
        icon_colour = s.colour or col.ink
        ic = _icon(_icon_name(ctx, s), 0.0, cy, size, icon_colour, col.board)
        if ic is not None:
            diag.add(ic)
            drawn = size
    out.add(diag)
    return out, (*measures, drawn, 0.0)


def _jail_halves(name: str, font: str, size: float, long: float, short: float) -> tuple[str, str]:
    """A jail's name split in two for its strips (``long`` and ``short`` mm of room): at the plain space where
    both parts, each on one line with no-break spaces inside, hold at the largest size (up to ``size``), the
    parts as even as they can be among equals; a one-word name whole, for the long strip."""
    words = [w for w in name.split(" ") if w.strip()]
    if len(words) < 2:
        return name, ""

    def grade(i: int) -> tuple[float, float]:
        a, b = text_width(" ".join(words[:i]), font, size), text_width(" ".join(words[i:]), font, size)
        fits_at = min(1.0, long / a if a else 1.0, short / b if b else 1.0)
        return -round(fits_at, 3), max(a, b)

    best = min(range(1, len(words)), key=grade)
    return " ".join(words[:best]).replace(" ", NBSP), " ".join(words[best:]).replace(" ", NBSP)


def jail_areas(C: float) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """A jail corner of side ``C``'s inner area (the cell, toward the board's centre) and its long visitors' strip
    (along the whole outer edge), x, y, w, h in the corner's own frame."""
    q = JAIL_CELL * C
    return (0.0, C - q, q, q), (0.0, 0.0, C, C - q)


def _jail_corner(ctx: Ctx, g: SpaceGeom) -> scene.Group:
    """The jail: an inner area toward the board's centre, the visitors' strips along the two outer edges."""
    s = g.space
    C = g.along
    col, fonts = ctx.colours, ctx.fonts
    out = scene.Group(clip=(0.0, 0.0, C, C))
    (_, strip, q, _), _ = jail_areas(C)
    cell = s.colour or mix(col.board, col.ink, 0.22)
    out.add(scene.Rect(0, strip, q, q, fill=cell, stroke=col.line, width=LINE))
    if s.text:  # its strips hold the name only
        ctx.problems.report(TEXT_OVERFLOW, s.at("text"), s.sub("text"),
                           "a jail corner has no room for a text (its strips hold the name, its inner area the "
                           "inner name); put the jail's rules on a centre panel or a reference card")
    # the name in the two strips, each part on one line (a word never breaks), both at one size: split where
    # that size is largest (the first part in the strip along the whole side); the strips lie along the board's
    # trim: their texts keep SAFE from it (and so, centred, from the cell)
    size = 11.0 * C / 60
    along, across = (PAD, SAFE, C - PAD - SAFE, strip - 2 * SAFE), (PAD, SAFE, q - 2 * PAD, strip - 2 * SAFE)
    first, second = _jail_halves(s.name, fonts.heading, size, along[2], across[2])
    f1 = _fit(ctx, first, along, fonts.heading, size, s, "name", "space name",
              col.ink, wrap_below=size)
    f2 = None
    if second:
        f2 = _fit(ctx, second, across, fonts.heading, size, s, "name",
                  "space name", col.ink, wrap_below=size)
        common = min(f1.size, f2.size)
        if common < max(f1.size, f2.size) - 1e-6:  # one part had to shrink: the other goes down with it
            f1 = _fit(ctx, first, along, fonts.heading, common, s, "name",
                      "space name", col.ink, wrap_below=common)
            f2 = _fit(ctx, second, across, fonts.heading, common, s, "name",
                      "space name", col.ink, wrap_below=common)
    # first part along the outer edge at the bottom (read from this side)
    out.add(*f1.shapes)
    # second part along the right strip, reading from the previous side
    right = scene.Group(transform=scene.compose(scene.translate(C, strip), scene.rotate(90.0)))
    if f2 is not None:
        right.add(*f2.shapes)
    else:
        ic = _icon(_icon_name(ctx, s), q / 2, strip / 2, min(strip - 4 * PAD, strip - 2 * SAFE), col.ink, col.board)
        if ic is not None:
            right.add(ic)
    out.add(right)
    # the inner area: its name along the diagonal, the icon under it
    d = _Diag(q)
    cellg = scene.Group(transform=scene.compose(scene.translate(0, strip), d.transform()))
    ink = _ink(cell)
    k = q / 42.0
    if s.inner:  # one line, or two even ones (never a word broken, nor shrunk far before it wraps)
        hw = d.half_width(-1.0 * k, 9.0 * k)
        inner = balanced_lines(ctx, s.inner, fonts.heading, 10.0 * k, 2 * hw)
        fi = _fit(ctx, inner, (-hw, -1.0 * k, 2 * hw, 10.0 * k), fonts.heading, 10.0 * k, s, "inner",
                  "inner area name", ink, wrap_below=10.0 * k * NAME_SHRINK)
        cellg.add(*fi.shapes)
    size = 12.0 * k
    ic = _icon(_icon_name(ctx, s), 0.0, -2.5 * k - size / 2, size, ink, cell)
    if ic is not None:
        cellg.add(ic)
    out.add(cellg)
    return out


# --------------------------------------------------------------------------- centre
SPOT_RADIUS = 3.0  # mm: a card's rounded corners
SPOT_STACK = 2  # sheets drawn under a pile's top card ...
SPOT_STEP = 0.9  # ... each this far down and to the right: the spot reads as a pile
SPOT_FRAME = 2.5  # mm: the inner frame of a drawn card back
SPOT_GAP = 4.0  # mm between the cards of a face-up row


def _card_shape(x: float, y: float, w: float, h: float, colour: str, fill: str, frame: bool = True) -> list:
    """A card seen from above: rounded corners, an outline in the deck's colour, an inner frame like a back's."""
    out = [scene.Rect(x, y, w, h, fill=fill, stroke=colour, width=0.5, radius=SPOT_RADIUS)]
    if frame:
        f = SPOT_FRAME
        out.append(scene.Rect(x + f, y + f, w - 2 * f, h - 2 * f, stroke=colour, width=0.3,
                              radius=max(0.5, SPOT_RADIUS - f / 2)))
    return out


def spot_size(ctx: Ctx, spot) -> tuple[float, float]:
    """A centre spot's width and height (mm, unturned): a card's, or a banknote's laid across (``size: note``)."""
    if spot.size == "note":
        note = ctx.kit.game.print.note
        return max(float(note.width), float(note.height)), min(float(note.width), float(note.height))
    card = ctx.kit.game.print.card
    return float(card.width), float(card.height)


def titles_back_colour(ctx: Ctx) -> str | None:
    """The colour of the back every title card shares (the game's back; the group back of title cards all of one
    group), or None when their backs differ (each group's colour and mark, or each card's own mortgage side): a
    pile of them then shows no one back."""
    style = ctx.kit.titles.back.style
    if style in ("game", "deed"):
        return ctx.colours.back
    if style != "group":
        return None
    backs = set()
    for t in ctx.kit.titles.titles:
        space = ctx.kit.board.space(t.space)
        colour = space_colour(ctx, space) if space else ctx.colours.ink  # as cards.title_back colours it
        backs.add((colour, ctx.group_mark(space.group) if space else None,
                   None if (space is None or space.group) else space.icon))
    return next(iter(backs))[0] if len(backs) == 1 else None


def _spot_pile(ctx: Ctx, spot) -> bool:
    """Whether a spot is drawn as a pile of cards: a deck's (its cards share the deck's back), or the title
    cards' when they share one back. Title cards whose backs differ get a neutral place (a dashed outline in the
    board's ink), as a labelled area does: a pile drawn in one back's colour would not look like the stack that
    the players build there. A deck's ``empty`` place (a discard pile) is drawn as an outline in the deck's colour."""
    if spot.empty:
        return False
    return spot.deck is not None or (spot.titles and titles_back_colour(ctx) is not None)


def _spot_shift(ctx: Ctx, spot) -> float:
    """How far (mm, along the spot's own x) its top card stands left of the spot's x: half the sheets' spread for
    a pile standing alone, so the pile as drawn (top card and the sheets showing to its right) is centred across
    its place, as a panel of its column is; 0 for a labelled area, and for a pile with a face-up row, whose
    sheets show in the gap before the row's first card. Down the spot, the top card's top stays the spot's top
    (the line a row of panels tops out on), the sheets showing under it."""
    return SPOT_STACK * SPOT_STEP / 2 if _spot_pile(ctx, spot) and not spot.face_up else 0.0


def spot_name(ctx: Ctx, spot) -> tuple:
    """What a deck spot says, with the content and field it comes from: its label, else its deck's name, else the
    title cards' (terms.title_card), else its deck's id."""
    deck = ctx.kit.deck(spot.deck) if spot.deck else None
    if spot.label:
        return spot.label, spot, "label"
    if deck:
        return deck.name, deck, "name"
    if spot.titles:
        return ctx.kit.game.terms.title_card, ctx.kit.game.terms, "title_card"
    return spot.deck or "", spot, "deck"


def _spot_band(cw: float, ch: float) -> tuple[float, float, float, float]:
    """The colour band across a title deeds' pile's top card (its name in it), in the card's frame (its centre at
    0, 0)."""
    band = 0.16 * ch
    return (-cw / 2 + SPOT_FRAME + 1.2, ch / 2 - SPOT_FRAME - 1.2 - band, cw - 2 * SPOT_FRAME - 2.4, band)


def spot_name_area(ctx: Ctx, spot) -> tuple[float, float, float, float] | None:
    """Where a pile of cards names its deck, in its top card's frame (its centre at 0, 0): a title deeds' pile in the
    band across its top, a deck's under its icon, down to the card's frame (a deck's empty place, a discard pile,
    names it there too, under the room an icon takes); None for any other place drawn as an outline (its name
    stands alone in it). The booklet's diagram sets its label there, clear of the icon, the labels of a row of
    piles and their discards in line."""
    if not _spot_pile(ctx, spot) and not (spot.deck and spot.empty):
        return None
    cw, ch = spot_size(ctx, spot)
    if spot.titles and not spot.deck:
        return _spot_band(cw, ch)
    inset = SPOT_FRAME + 1.0
    return -cw / 2 + inset, -ch / 2 + inset, cw - 2 * inset, _icon_foot(cw, ch) - 1.0 + ch / 2 - inset


def _icon_foot(cw: float, ch: float) -> float:
    """The foot of a pile's icon (or of the room one takes) in its top card's frame."""
    return ch * SPOT_ICON_Y - min(cw, ch) * SPOT_ICON / 2


SPOT_ICON, SPOT_ICON_Y = 0.5, 0.1  # a pile's icon: this share of the card's shorter side, its centre this share of
#                                    the card's height over the card's middle


def _deck_spot(ctx: Ctx, spot, S: float) -> scene.Group:
    """A card-sized place in the centre: a deck's pile or the title cards' pile, drawn as a pile of cards
    (the top card shows a stylised back: frame, icon, name), or a labelled area (a dashed outline), with the
    ``face_up`` cards of a market row dealt beside it (numbered cards)."""
    cw, ch = spot_size(ctx, spot)
    deck = ctx.kit.deck(spot.deck) if spot.deck else None
    pile = _spot_pile(ctx, spot)
    neutral = spot.titles and not deck and not pile  # title cards with differing backs: no one back to show
    col = ctx.colours
    # a deck's colour (its pile, or its empty place); title cards' shared back's; a labelled area its own, else the
    # accent (Tahiti's pot took its accent, a shade off the Chance pile's red beside it: review 11); a neutral place
    # the board's ink
    colour = (deck.colour if deck else (titles_back_colour(ctx) if spot.titles else None) or
              (col.line if neutral else spot.colour or col.accent))
    g = scene.Group(transform=scene.compose(scene.translate(S / 2 + spot.x, S / 2 + spot.y), scene.rotate(spot.rotate),
                                            scene.translate(-_spot_shift(ctx, spot), 0.0)),
                    whole=True)
    # the deck's own hue: a mix with the ground greys a colour opposite to it; a neutral place the panels' ground
    fill = mix(col.centre, col.paper, 0.55) if neutral else tint(colour, 0.78)
    x0, y0 = -cw / 2, -ch / 2
    if pile:
        for k in range(SPOT_STACK, 0, -1):  # the sheets under the top card, the lowest first
            d = k * SPOT_STEP
            g.add(scene.Rect(x0 + d, y0 - d, cw, ch, fill=tint(colour, 0.55 + 0.1 * k), stroke=colour,
                             width=0.3, radius=SPOT_RADIUS))
        g.add(*_card_shape(x0, y0, cw, ch, colour, fill))
    else:
        g.add(scene.Rect(x0, y0, cw, ch, fill=fill, stroke=colour, width=0.6, radius=SPOT_RADIUS, dash=(2.0, 1.2)))
    name, src, field_name = spot_name(ctx, spot)
    ink = legible(colour, fill)
    inner = cw - 2 * SPOT_FRAME - 3.0
    band_box = None
    if spot.titles and not deck and pile:  # a title deed: a colour band across its top, the pile's name in it
        band_box = _spot_band(cw, ch)
        g.add(scene.Rect(*band_box, fill=colour))
    icon_name = (deck.icon or deck.back.icon) if deck else None
    size = min(cw, ch) * SPOT_ICON
    ic = _icon(icon_name, 0.0, ch * SPOT_ICON_Y, size, colour, fill) if pile and not spot.titles else None
    if ic is not None:
        g.add(ic)
    elif band_box is not None:  # the deeds' pile: a house under its band, as a deck's pile shows its icon
        g.add(_icon("house", 0.0, -ch * 0.08, size * 0.8, colour, fill))
    elif neutral:  # the deeds' place: the house in the board's ink over the label, as a deck's pile shows its icon
        ic = _icon("house", 0.0, ch * SPOT_ICON_Y, size * 0.8, colour, fill)
        g.add(ic)
    # a deck's empty place names itself where its pile names the deck, under the room an icon takes (Monopoly 2.3's
    # discards' names stood 15 mm over their piles' beside them: review 18)
    top = _icon_foot(cw, ch) - 2.0 if ic is not None or (deck is not None and not pile) else 8.0
    if band_box is not None:
        bx, by, bw, bh = band_box
        f = _fit(ctx, name, (bx + 1.5, by + 1.0, bw - 3.0, bh - 2.0), ctx.fonts.heading, 13.0, src, field_name,
                 "deck name", _ink(colour))
    else:
        f = _fit(ctx, name, (-inner / 2, top - 12.0, inner, 12.0), ctx.fonts.heading, 13.0, src, field_name,
                 "deck name", ink, valign="top")
    g.add(*f.shapes)
    if deck and deck.help_name and not spot.label:
        fh = _fit(ctx, deck.help_name, (-inner / 2, top - f.height - 1.5 - 5.0, inner, 5.0), ctx.fonts.italic, 8.0,
                  deck, "help_name", "deck name", ink, valign="top")
        g.add(*fh.shapes)
    for n in range(1, spot.face_up + 1):  # the market row: cards dealt face up, numbered
        x = x0 + n * (cw + SPOT_GAP)
        face = tint(colour, 0.9)
        g.add(*_card_shape(x, y0, cw, ch, colour, face))
        r = 6.0
        g.add(scene.Circle(x + cw / 2, 0.0, r, fill=legible(colour, face, 3.0)))
        fn = plain_fit(str(n), (x + cw / 2 - r, -r, 2 * r, 2 * r), ctx.fonts.heading, 14.0, 8.0,
                       colour=_ink(legible(colour, face, 3.0)), style=ctx.style)
        g.add(*fn.shapes)
    return g


LINK_DEPTH = 24.0  # mm: a transit zone's depth into the centre


def _link_box(g: SpaceGeom, i: int) -> tuple[float, float, float, float]:
    """The ``i``-th transit zone of a space, in the space's local frame (x, y, w, h): inside the centre, along
    the space's inner edge."""
    return 1.0, g.depth + 2.0 + i * (LINK_DEPTH + 2.0), g.along - 2.0, LINK_DEPTH


def _link_zones(ctx: Ctx, geoms: list[SpaceGeom]) -> list:
    """A zone inside the centre at each space with links: where a piece waits, and where it goes next."""
    out: list = []
    col, fonts = ctx.colours, ctx.fonts
    for g in geoms:
        for i, link in enumerate(g.space.links):
            target = ctx.kit.board.space(link.to) or next((p for p in ctx.kit.board.centre.panels
                                                           if p.id == link.to), None)
            W = g.along
            x0, y0, w, h = _link_box(g, i)
            zone = scene.Group(transform=g.transform, whole=True)
            fill = mix(g.space.colour or col.accent, col.centre, 0.8)
            zone.add(scene.Rect(x0, y0, w, h, fill=fill, stroke=col.line, width=0.3, radius=2.0, dash=(1.5, 1.0)))
            name = getattr(target, "name", None) or getattr(target, "title", None) or link.to
            label = f"→ {name}"
            ink = _ink(fill)
            f = _fit(ctx, label, (PAD + 1, y0 + LINK_DEPTH - 9.5, W - 2 * PAD - 2, 8.0), fonts.heading, 8.0, link,
                     "to", "link", ink)
            zone.add(*f.shapes)
            if link.text:
                ft = _fit(ctx, link.text, (PAD + 1, y0 + 1.5, W - 2 * PAD - 2, LINK_DEPTH - 12.0), fonts.body,
                          7.0, link, "text", "link text", ink, mode="para", valign="top")
                zone.add(*ft.shapes)
            out.append(zone)
    return out


PANEL_PT = 10.0  # pt: a centre panel's body text, as large as every sibling panel's text lets it be
PANEL_TITLE_PT = 13.0  # pt: a centre panel's title, as large as every sibling panel's title lets it be
PANEL_PAD = 3.0  # mm between a panel's rule and its texts (the last line's descenders keep this much air)


def _panel_boxes(ctx: Ctx, p) -> tuple[tuple, tuple | None, tuple | None]:
    """A panel's title box, table box and text box (x, y, w, h in the panel's frame, its centre at 0, 0);
    None for a part it does not have (or, for the text, has no room for)."""
    w, h = float(p.width), float(p.height)
    pad = PANEL_PAD
    x0, y0, iw, ih = -w / 2 + pad, -h / 2 + pad, w - 2 * pad, h - 2 * pad
    title = table = text = None
    if p.title:
        th = min(9.0, ih * 0.3)
        title = (x0, y0 + ih - th, iw, th)
        ih -= th + 1.5
    if p.table is not None:
        th = ih if not p.text else ih * 0.7
        table = (x0, y0 + ih - th, iw, th)
        ih -= th + 1.5
    if p.text and ih > 3:
        text = (x0, y0, iw, ih)
    return title, table, text


def _siblings(panels: list, field_name: str = "text") -> list[list]:
    """The centre's panels with a text (or a title), in families that share one size for it: the panels of one
    row (the same turn, centre height and height) and panels of one size (a chart's chips, building spots),
    joined where they meet."""
    texts = [p for p in panels if getattr(p, field_name)]
    parent = list(range(len(texts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def near(a: float, b: float) -> bool:
        return abs(float(a) - float(b)) < 0.5

    for i, a in enumerate(texts):
        for j in range(i):
            b = texts[j]
            row = near(a.rotate, b.rotate) and near(a.y, b.y) and near(a.height, b.height)
            size = near(a.width, b.width) and near(a.height, b.height)
            if row or size:
                parent[root(i)] = root(j)
    families: dict[int, list] = {}
    for i, p in enumerate(texts):
        families.setdefault(root(i), []).append(p)
    return list(families.values())


#: what a panel's title and text are set in: (box index in ``_panel_boxes``, font role, largest pt, the fit's own
#: arguments)
_PANEL_FIELDS = {"title": (0, "heading", PANEL_TITLE_PT, {}),
                 "text": (2, "body", PANEL_PT, {"mode": "para", "align": "left"})}


def _family_pt(ctx: Ctx, field_name: str) -> tuple[dict[str, float], list]:
    """For the centre's panels' titles or texts: each panel's size, the largest (up to the field's) at which the
    field of every sibling (``_siblings``) holds its box, so that panels side by side read alike; and each family
    whose size fell under the shrink warning, with the panel that needs the room."""
    key = ("board-panel-pt", field_name)
    if key not in ctx.memo:
        index, role, top, kw = _PANEL_FIELDS[field_name]
        font = getattr(ctx.fonts, role)
        sizes: dict[str, float] = {}
        shrunk = []
        for family in _siblings(ctx.kit.board.centre.panels, field_name):
            best = []
            for q in family:
                box = _panel_boxes(ctx, q)[index]
                if box is None:
                    continue
                f = plain_fit(getattr(q, field_name), box, font, top, ctx.min_pt, style=ctx.style, **kw)
                if not f.overflow:
                    best.append((f.size, q))
            common = min((size for size, _ in best), default=top)
            sizes.update((q.id, common) for q in family)
            if common < top * SHRINK_WARNING - 1e-9:
                shrunk.append((common, next(q for size, q in best if size <= common + 1e-9)))
        ctx.memo[key] = (sizes, shrunk)
    return ctx.memo[key]


def panel_pt(ctx: Ctx, p) -> float | None:
    """The body size of a centre panel's text, one for its siblings (``_family_pt``): a panel that needs more room
    is made taller in the content, its type does not shrink alone. The maker hears of a row set under the shrink
    warning once, at the panel that needs the room. None for a panel without a text."""
    sizes, shrunk = _family_pt(ctx, "text")
    if ("board-panel-pt-told",) not in ctx.memo:
        ctx.memo[("board-panel-pt-told",)] = True
        for common, q in shrunk:
            ctx.problems.report(TEXT_SHRUNK, q.at("text"), q.sub("text"),
                                f"the panel's text holds its box only at {common:g} pt, and the panels beside "
                                f"it are set as small to match; make the panel taller (or shorten the text)")
    return sizes.get(p.id)


def panel_title_pt(ctx: Ctx, p) -> float | None:
    """The size of a centre panel's title, one for its siblings (``_family_pt``): a row of building spots or a
    chart's chips carry their names at one size ("Brown set" no bigger than "Light blue set" beside it)."""
    return _family_pt(ctx, "title")[0].get(p.id)


def _sibling_fit(ctx: Ctx, p, field_name: str, box: tuple, size: float, ink: str, **kw):
    """A panel's title or text set at its family's ``size``; where it holds only smaller than its siblings', the
    reporting fit decides, and says so."""
    _, role, _, own = _PANEL_FIELDS[field_name]
    font, text = getattr(ctx.fonts, role), getattr(p, field_name)
    f = plain_fit(text, box, font, size, size, colour=ink, style=ctx.style, **own, **kw)
    if f.overflow:
        return ctx.fit(text, box, font, size, p, field_name, what=f"panel {field_name}", colour=ink, **own, **kw)
    ctx.remember(f, p, field_name)
    return f


def table_row_h(ctx: Ctx, p) -> float | None:
    """The row height of a centre panel's table when it has siblings with tables (``_siblings``: a row of panels,
    or panels of one size): the least any of their tables' boxes gives its rows, so that their rows stand in line
    and read as one set, a table with fewer rows drawn at that height from the top of its box (the panel keeps
    its siblings' height, the spare room under its last row). None for a panel without a table, or one whose
    table has no sibling: it fills its box as before."""
    key = ("board-panel-rows",)
    if key not in ctx.memo:
        rows: dict[str, float] = {}
        for family in _siblings(ctx.kit.board.centre.panels, "table"):
            if len(family) < 2:
                continue
            pitches = [row_pitch(ctx, q.table, box) for q in family
                       if (box := _panel_boxes(ctx, q)[1]) is not None]
            pitches = [x for x in pitches if x is not None]
            if pitches:
                rows.update((q.id, min(pitches)) for q in family)
        ctx.memo[key] = rows
    return ctx.memo[key].get(p.id)


def _panel(ctx: Ctx, p, S: float) -> scene.Group:
    col = ctx.colours
    w, h = float(p.width), float(p.height)
    fill = p.colour or mix(col.centre, col.paper, 0.55)
    ink = _ink(fill)
    g = scene.Group(transform=scene.compose(scene.translate(S / 2 + p.x, S / 2 + p.y), scene.rotate(p.rotate)),
                    whole=True)
    g.add(scene.Rect(-w / 2, -h / 2, w, h, fill=fill, stroke=col.line, width=0.4, radius=2.0))
    title, table, text = _panel_boxes(ctx, p)
    if title is not None:
        # a title over a text or a table ranges left with it, as the text and the table's caption do (a family
        # chip's title stood centred over its left-aligned lines: review 10; the table panels' titles and captions
        # stood centred beside rule panels ranged left: review 11); a title alone (a place to put something) stands
        # in the middle
        keyed = {"align": "left"} if text is not None or table is not None else {}
        g.add(*_sibling_fit(ctx, p, "title", title, panel_title_pt(ctx, p) or PANEL_TITLE_PT, ink, **keyed).shapes)
    if table is not None:
        row_h = table_row_h(ctx, p)
        if row_h is not None:
            table = rows_box(ctx, p.table, table, row_h)
        g.add(*draw_table(ctx, p.table, table, ink, mix(fill, col.ink, 0.12), align="left"))
    if text is not None:
        g.add(*_sibling_fit(ctx, p, "text", text, panel_pt(ctx, p) or PANEL_PT, ink,
                            valign="top" if p.table is None else "middle").shapes)
    return g


TITLE_GAP = 3.0  # mm: the least room kept between a title moved out of the way and what it made way for


def _title(ctx: Ctx, board: Board) -> scene.Group:
    """The board's title and subtitle, turned by ``title_rotate`` about the board's centre.

    The title stands on the board's centre (or ``title_y`` mm above it, along its own up axis: a designer
    keeps it clear of a line a tile cut follows). When a panel, a deck spot or a transit zone covers that place, the
    title slides along its own up–down axis, the shortest way (up first when both are as short), to the nearest
    place where it clears them all by ``TITLE_GAP`` and stays inside the centre; with no such place it stays."""
    S, C = float(board.size), float(board.corner)
    col, fonts = ctx.colours, ctx.fonts
    c = board.centre
    inner = S - 2 * C
    turn = scene.compose(scene.translate(S / 2, S / 2), scene.rotate(c.title_rotate), scene.translate(0.0, c.title_y))
    title = scene.Group(transform=turn)
    tw = inner * (0.8 if c.title_rotate % 90 else 0.7)
    th = inner * 0.13
    f = _fit(ctx, c.title, (-tw / 2, -th / 2, tw, th), fonts.title, th / PT / 1.05, c, "title", "board title",
             legible(col.accent, col.centre))
    title.add(*f.shapes)
    if c.subtitle:
        sh = inner * 0.045
        # under the title's letters as they are: its last line's descenders, or, for a line without any (in
        # capitals), its baseline and TITLE_FOOT of the descent (a solid line of letters keeps a little more air)
        last = min((t.y for t in f.shapes if isinstance(t, scene.Text)), default=-f.height / 2)
        line = "".join(t.text for t in f.shapes if isinstance(t, scene.Text) and abs(t.y - last) < 1e-6)
        foot = last - DESC * f.size * PT * (1.0 if descends(line) else TITLE_FOOT)
        box = (-tw / 2, foot - SUBTITLE_GAP - sh, tw, sh)
        fs = _fit(ctx, c.subtitle, box, fonts.italic, 16.0, c, "subtitle", "board subtitle", col.ink, valign="top")
        title.add(*fs.shapes)
    if c.title_frame:
        title.children[:0] = _title_frame(title, f.size, legible(col.accent, col.centre), col.board)
    shift = _title_shift(ctx, title)
    if shift:
        title.transform = scene.compose(turn, scene.translate(0.0, shift))
    return title


FRAME_PAD = 0.25  # a title frame's margin around the letters: a share of the title's size (its em)
FRAME_RULE = (0.8, 0.3)  # mm: a title frame's outer and inner rules
FRAME_INSET = 1.6  # mm between a title frame's two rules


def _title_frame(title: scene.Group, size: float, ink: str, ground: str) -> list:
    """The plaque behind a board's title and subtitle (``title_frame``): a panel of ``ground`` around their
    letters (cap height to descender), FRAME_PAD of the title's em clear of them at the sides and three quarters
    of that above and under, with a heavy outer rule and a fine inner one in the title's colour."""
    runs = list(scene.walk_text(title))
    x0 = min(t.x for t in runs)
    x1 = max(t.x + t.width for t in runs)
    y0 = min(t.y - DESC * t.size * PT for t in runs)
    y1 = max(t.y + CAP_EM * t.size * PT for t in runs)
    pad = FRAME_PAD * size * PT
    x0, x1, y0, y1 = x0 - pad, x1 + pad, y0 - pad * 0.75, y1 + pad * 0.75
    outer, inner = FRAME_RULE
    r = min(4.0, (y1 - y0) / 6)
    return [scene.Rect(x0, y0, x1 - x0, y1 - y0, fill=ground, stroke=ink, width=outer, radius=r),
            scene.Rect(x0 + FRAME_INSET, y0 + FRAME_INSET, x1 - x0 - 2 * FRAME_INSET, y1 - y0 - 2 * FRAME_INSET,
                       stroke=ink, width=inner, radius=max(0.0, r - FRAME_INSET))]


def _frame_quads(title: scene.Group, grow: float = 0.0) -> list[list[tuple[float, float]]]:
    """The title's frame (its outer rectangle, when it has one) as corners in the board's frame, ``grow`` mm
    larger on every side."""
    return [[scene.apply(title.transform, x, y) for x, y in quad] for quad in _frame_corners(title, grow)]


def _frame_corners(title: scene.Group, grow: float = 0.0) -> list[tuple[tuple[float, float], ...]]:
    """The corners of ``_frame_quads`` in the title's own frame (before its transform)."""
    out = []
    for r in title.children:
        if isinstance(r, scene.Rect) and r.fill is not None:
            x0, x1, y0, y1 = r.x - grow, r.x + r.w + grow, r.y - grow, r.y + r.h + grow
            out.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    return out


def _run_quads(title: scene.Group, grow: float = 0.0) -> list[list[tuple[float, float]]]:
    """Each text run of the title as the corners of its box (cap height to descender) in the board's frame,
    ``grow`` mm larger on every side."""
    return [[scene.apply(title.transform, x, y) for x, y in quad] for quad in _run_corners(title, grow)]


def _run_corners(title: scene.Group, grow: float = 0.0) -> list[tuple[tuple[float, float], ...]]:
    """The corners of ``_run_quads`` in the title's own frame (before its transform)."""
    out = []
    for t in scene.walk_text(title):
        h = t.size * PT
        x0, x1, y0, y1 = t.x - grow, t.x + t.width + grow, t.y - DESC * h - grow, t.y + CAP_EM * h + grow
        out.append(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    return out


def _box(poly) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _apart(a: tuple, b: tuple) -> bool:
    """Whether two boxes (x0, y0, x1, y1) are a thousandth of a mm apart or more: then the convex polygons in them
    are too, and ``_overlap``'s separating axes (one of their edges' normals, by the separating axis theorem) say
    so whatever its rounding: a cheap first test for it."""
    return a[2] < b[0] - 1e-3 or b[2] < a[0] - 1e-3 or a[3] < b[1] - 1e-3 or b[3] < a[1] - 1e-3


def _overlap(a, b) -> bool:
    """Whether two convex polygons overlap (separating axes; touching is not overlapping)."""
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            ax, ay = y2 - y1, x1 - x2
            pa, pb = [ax * x + ay * y for x, y in a], [ax * x + ay * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


def _title_shift(ctx: Ctx, title: scene.Group) -> float:
    """How far (mm, along the title's own up axis) the title must slide to clear the centre's other things."""
    board = ctx.kit.board
    S, C = float(board.size), float(board.corner)
    things = [poly for _, poly, _ in _placed_footprints(ctx)]
    if not things:
        return 0.0
    turn = title.transform
    # the title's boxes in its own frame, measured once: each trial below only moves them (the same corners as
    # _run_quads and _frame_quads of the moved title give), and a thing whose box is apart from a run's is not
    # tested further (a title slides past hundreds of trial places, each against every thing of the centre)
    bare = _run_corners(title) + _frame_corners(title)
    kept = _run_corners(title, TITLE_GAP) + _frame_corners(title, TITLE_GAP)
    boxes = [(_box(thing), thing) for thing in things]

    def inside(m: scene.Affine) -> bool:
        """Whether the title moved by ``m`` is within the centre."""
        return all(C <= x <= S - C and C <= y <= S - C
                   for run in bare for x, y in (scene.apply(m, x, y) for x, y in run))

    def apart(m: scene.Affine) -> bool:
        """Whether the title moved by ``m`` keeps TITLE_GAP from every thing."""
        for quad in kept:
            run = [scene.apply(m, x, y) for x, y in quad]
            box = _box(run)
            if any(not _apart(box, thing_box) and _overlap(run, thing) for thing_box, thing in boxes):
                return False
        return True

    if not any(_overlap(run, thing) for run in _run_quads(title) + _frame_quads(title) for thing in things):
        return 0.0  # in nobody's way: the title keeps the centre
    # the places it may go, nearest first, up before down. Each corner's coordinates are a monotonic function of the
    # shift (so in floating point too: c·shift + e, then a·x + c·y + that), so the shifts that keep the title within
    # the centre are one run of the steps: once a side has been within and leaves, no step further out that way is
    # (hundreds of trials each way on a board whose title meets a thing near the centre's edge)
    step, reach = 0.5, S - 2 * C
    within = [inside(turn)] * 2  # whether a side (up, down) has been within the centre
    left = [False, False]  # whether it has left it since
    for k in range(1, int(reach / step) + 1):
        for side, shift in enumerate((k * step, -k * step)):
            if left[side]:
                continue
            m = scene.compose(turn, scene.translate(0.0, shift))
            if not inside(m):
                left[side] = within[side]
                continue
            within[side] = True
            if apart(m):
                return shift
        if all(left):
            break
    return 0.0


def _centre(ctx: Ctx, board: Board) -> scene.Group:
    S, C = float(board.size), float(board.corner)
    col = ctx.colours
    c = board.centre
    g = scene.Group()
    g.add(scene.Rect(C, C, S - 2 * C, S - 2 * C, fill=col.centre))
    for pic in c.pictures:  # under the title, deck spots and panels
        pw, ph = float(pic.width), float(pic.height)
        g.add(*picture(ctx, pic.file, S / 2 + pic.x - pw / 2, S / 2 + pic.y - ph / 2, pw, ph))
    g.add(_title(ctx, board))
    for spot in c.deck_spots:
        g.add(_deck_spot(ctx, spot, S))
    for p in c.panels:
        g.add(_panel(ctx, p, S))
    return g


def _quad(cx: float, cy: float, rotate: float, x0: float, y0: float, w: float, h: float) -> list[tuple[float, float]]:
    m = scene.compose(scene.translate(cx, cy), scene.rotate(rotate))
    return [scene.apply(m, x, y) for x, y in ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))]


def _spot_quad(ctx: Ctx, spot, S: float, row: bool = True, box: tuple | None = None) -> list[tuple[float, float]]:
    """A deck spot's corners in the board's frame: its pile with the sheets under it, and (``row``) its market's
    face-up cards; or those of ``box`` (x, y, w, h in its top card's frame, the card's centre at 0, 0)."""
    if box is not None:
        x, y, w, h = box
        return _quad(S / 2 + spot.x, S / 2 + spot.y, spot.rotate, x - _spot_shift(ctx, spot), y, w, h)
    cw, ch = spot_size(ctx, spot)
    stack = SPOT_STACK * SPOT_STEP if _spot_pile(ctx, spot) else 0.0
    w = cw + stack + (spot.face_up * (cw + SPOT_GAP) if row else 0.0)
    return _quad(S / 2 + spot.x, S / 2 + spot.y, spot.rotate, -cw / 2 - _spot_shift(ctx, spot), -ch / 2 - stack, w,
                 ch + stack)


def _panel_quad(p, S: float, box: tuple | None = None) -> list[tuple[float, float]]:
    """A panel's corners in the board's frame, or those of ``box`` (x, y, w, h in the panel's own frame)."""
    w, h = float(p.width), float(p.height)
    x, y, bw, bh = box if box is not None else (-w / 2, -h / 2, w, h)
    return _quad(S / 2 + p.x, S / 2 + p.y, p.rotate, x, y, bw, bh)


def _placed_footprints(ctx: Ctx) -> list[tuple[str, list[tuple[float, float]], object]]:
    """The centre's things placed by the content (every deck spot with its pile's sheets and face-up row, every
    panel) and the transit zones of the spaces' links, as (what, corners in the board's frame, content entity)."""
    board = ctx.kit.board
    S = float(board.size)
    out: list = []
    for i, spot in enumerate(board.centre.deck_spots):
        name = spot.label or spot.deck or ("titles" if spot.titles else f"spot {i + 1}")
        out.append((f"deck spot {name!r}", _spot_quad(ctx, spot, S), spot))
    for p in board.centre.panels:
        out.append((f"panel {p.id!r}", _panel_quad(p, S), p))
    for g in space_geometry(board):
        for i, link in enumerate(g.space.links):
            x0, y0, w, h = _link_box(g, i)
            corners = [scene.apply(g.transform, x, y)
                       for x, y in ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))]
            out.append((f"transit zone {g.space.id!r} -> {link.to!r}", corners, link))
    return out


def _bounds(corners: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) round corners (``_box`` gives its two corners)."""
    x0, y0, x1, y1 = _box(corners)
    return x0, y0, x1 - x0, y1 - y0


@dataclass(frozen=True)
class Landmark:
    """A thing a reader looks for on the board, as the booklet's diagram labels it (``landmarks``)."""

    name: str  # what the label says: the board's own words for it
    box: tuple[float, float, float, float]  # the thing, x, y, w, h in the board's frame
    entity: object  # the content it comes from
    field: str  # the field of that content holding its name
    short: str = ""  # what it says where its name has not the room (a panel's or a deck spot's short name)
    title: tuple[float, float, float, float] | None = None  # a panel's own title, where its label goes
    area: tuple[float, float, float, float] | None = None  # where it names itself, its label centred over it (a
    #                                                         pile's name under its icon, a jail's long strip)
    rotate: float = 0.0  # a panel's turn (degrees)
    words: frozenset = frozenset()  # the board's words the label stands for (the diagram leaves them out)
    centre: bool = True  # a thing of the centre (its label stays off the ring)


_SPACES = re.compile("[\\s\u00a0\u202f\u2009]+")


def plain_words(*texts) -> frozenset:
    """The words of texts as typeset or not (no-break and thin spaces read as spaces, curly apostrophes as straight):
    a diagram's label and the board's runs it stands for compare by them."""
    return frozenset(w for t in texts if t for w in _SPACES.split(str(t).replace("\u2019", "'")) if w)


def landmarks(ctx: Ctx) -> list[Landmark]:
    """What a reader looks for on the board, named as the board names it: each corner (a jail corner's cell and its
    visitors' strips apart, the strips' name where the long one runs), each deck spot (its label, else its deck's
    name, else the title cards'; the pile, not a market's face-up row; a pile's name under its icon; its short name
    besides), each panel with a title over a text or a table (its short name besides; a panel that is a caption
    alone names what it stands beside). The booklet's board diagram labels them."""
    board = ctx.kit.board
    S = float(board.size)
    out: list[Landmark] = []
    for g in space_geometry(board):
        if g.corner and g.space.inner:  # a jail: its cell and its visitors' strips, each named on its own (as one
            # block of two names a reader could not tell which was which: three publisher's reviews)
            s = g.space
            cell, strip = (_bounds([scene.apply(g.transform, px, py) for px, py in
                                    ((x, y), (x + w, y), (x + w, y + h), (x, y + h))])
                           for x, y, w, h in jail_areas(g.along))
            out.append(Landmark(str(s.inner), cell, s, "inner", words=plain_words(s.inner), centre=False))
            out.append(Landmark(str(s.name), (g.x, g.y, g.w, g.h), s, "name", area=strip, words=plain_words(s.name),
                                centre=False))
        elif g.corner:
            out.append(Landmark(str(g.space.name), (g.x, g.y, g.w, g.h), g.space, "name",
                                words=plain_words(g.space.name), centre=False))
    for spot in board.centre.deck_spots:
        name, src, field_name = spot_name(ctx, spot)
        if field_name == "deck":  # a spot with nothing to say
            continue
        area = spot_name_area(ctx, spot)
        if area is not None:
            area = _bounds(_spot_quad(ctx, spot, S, box=area))
        out.append(Landmark(str(name), _bounds(_spot_quad(ctx, spot, S, row=False)), src, field_name,
                            short=str(spot.short or ""), area=area, words=plain_words(name)))
    for p in board.centre.panels:
        if p.title and (p.text or p.table):
            out.append(Landmark(str(p.title), _bounds(_panel_quad(p, S)), p, "title", short=str(p.short or ""),
                                title=_bounds(_panel_quad(p, S, _panel_boxes(ctx, p)[0])), rotate=p.rotate % 360,
                                words=plain_words(p.title)))
    return out


def centre_footprints(ctx: Ctx) -> list[tuple[str, list[tuple[float, float]], object]]:
    """What the centre holds, as (what, corners in the board's frame, content entity): every deck spot with its
    pile's sheets and face-up row, every panel, every transit zone, every run of the title and subtitle. Things
    that must not overlap (pnp's own checks, tests)."""
    board = ctx.kit.board
    out = _placed_footprints(ctx)
    title = _title(Ctx(ctx.kit, bleed=ctx.bleed), board)  # laid out again, quietly: the drawing reports
    for t, corners in zip(scene.walk_text(title), _run_quads(title)):
        out.append((f"title {t.text!r}", corners, board.centre))
    for corners in _frame_quads(title):
        out.append(("title frame", corners, board.centre))
    return out


# --------------------------------------------------------------------------- the board
def _rules(S: float, C: float, geoms: list[SpaceGeom], bleed: float, colour: str) -> list:
    """Lines between spaces (running into the bleed at the outer edge) and around the centre."""
    out: list = [scene.Rect(C, C, S - 2 * C, S - 2 * C, stroke=colour, width=LINE)]
    xs = sorted({round(g.x, 6) for g in geoms if g.side in (0, 2)} | {round(g.x + g.w, 6) for g in geoms if g.side in (0, 2)})
    ys = sorted({round(g.y, 6) for g in geoms if g.side in (1, 3)} | {round(g.y + g.h, 6) for g in geoms if g.side in (1, 3)})
    for x in xs:
        if C - 1e-6 <= x <= S - C + 1e-6:
            out.append(scene.Line(x, -bleed, x, C, colour, LINE))
            out.append(scene.Line(x, S - C, x, S + bleed, colour, LINE))
    for y in ys:
        if C - 1e-6 <= y <= S - C + 1e-6:
            out.append(scene.Line(-bleed, y, C, y, colour, LINE))
            out.append(scene.Line(S - C, y, S + bleed, y, colour, LINE))
    return out


def draw_board(ctx: Ctx) -> scene.Group:
    """The whole board in its own frame: trim (0, 0)–(S, S); the background runs ``ctx.bleed`` past it."""
    board = ctx.kit.board
    S, C, b = float(board.size), float(board.corner), float(ctx.bleed)
    col = ctx.colours
    geoms = space_geometry(board)
    g = scene.Group(key=f"board-{S:g}-{b:g}", bounds=(-b, -b, S + 2 * b, S + 2 * b))  # not the folder name: same bytes wherever built
    g.add(scene.Rect(-b, -b, S + 2 * b, S + 2 * b, fill=col.board))
    g.add(_centre(ctx, board))
    g.add(*_link_zones(ctx, geoms))
    for sg in geoms:
        drawing = _corner(ctx, sg) if sg.corner else _side_space(ctx, sg)
        g.add(scene.Group([drawing], transform=sg.transform))
    g.add(*_rules(S, C, geoms, b, col.line))
    return g


def board_drawing(ctx: Ctx) -> scene.Group:
    """The board's drawing, made once per layout context: the board part and the booklet's picture of it share
    it (it was drawn twice in every build with a booklet)."""
    if "board-drawing" not in ctx.memo:
        ctx.memo["board-drawing"] = draw_board(ctx)
    return ctx.memo["board-drawing"]


def board_items(ctx: Ctx) -> list[Item]:
    """The board as one item (the registry's board part): tiled or printed whole, never put on card sheets."""
    size = float(ctx.kit.board.size)
    return [Item(id="board", kind="board", width=size, height=size, front=board_drawing(ctx))]
