"""Card faces and backs: title cards (property, station, utility, table), deck cards, reference cards.

Every function draws one face in the card's own frame (0,0)-(w,h) in mm, with
backgrounds running ``ctx.reach`` past the trim (the bleed, and a hair under a neighbour's) and text inside the
safe area.
Labels come from the game's ``terms``; nothing here knows which game it draws.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from .. import scene, words
from ..values import Id, Label, Text
from ..model import Card, Deck, DeckBack, RefCard, Space, Title
from ..money import group_digits
from ..rules.printing import TEXT_OVERFLOW, TEXT_SHRUNK
from .common import (SHRINK_WARNING, Ctx, Item, balanced_lines, bleed_rect, contrast, mix, picture, recolour,
                     space_colour)
from .icons import group_mark, icon
from .table import TITLE_H, flow_table, row_height, whole_layout
from ..fonts import PT, text_width
from ..text import CAP, DESC, fit, fits as text_fits


def _size(ctx: Ctx) -> tuple[float, float]:
    c = ctx.kit.game.print.card
    return float(c.width), float(c.height)


# ---------------------------------------------------------------------------- title cards
def title_items(ctx: Ctx) -> list[Item]:
    kit = ctx.kit
    w, h = _size(ctx)
    items = []
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space is None:  # the validator reports it
            continue
        back = title_back(ctx, t, space)
        for n, front in enumerate(title_fronts(ctx, t, space), 1):
            items.append(Item(id=f"title-{space.id}" + (f"-{n}" if n > 1 else ""), kind=space.kind, width=w,
                              height=h, front=front, back=back, source=t))
    return items


def _band_ink(ctx: Ctx, space: Space, colour: str) -> str:
    """Text on a group's band: the group's text_colour, else black or white, whichever reads on the band."""
    group = ctx.kit.board.group(space.group) if space.group else None
    return (group.text_colour if group and group.text_colour else None) or contrast(colour)


#: mm inside the trim of every card's frame, front and back alike: a duplex shift or a cut 1 mm off moves a
#: frame by as much on both sides, and leaves it a clear 3 mm from the edge (the safe area, PRINT.md)
FRAME = 4.0


def _reach(ctx: Ctx, w: float, h: float) -> tuple[float, float, float, float]:
    """The bounds of a card's drawing: its trim and ``ctx.reach`` round it (a reused block covers its background)."""
    return (-ctx.reach, -ctx.reach, w + 2 * ctx.reach, h + 2 * ctx.reach)


def _frame(ctx: Ctx, w: float, h: float) -> list:
    c = ctx.colours
    return [bleed_rect(w, h, ctx.reach, c.paper),
            scene.Rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME, stroke=c.line, width=0.3, radius=1.5)]


# one table style for every label/value line of every title card (streets, stations, utilities and the rest):
# labels at the left, values ranged right on one edge, one size and one row pitch for the whole kit
ROW_PT = 7.5  # pt: the size of every line, when every line of the kit fits at it
ROW_STEP = (3.4, 4.4)  # mm between lines: the least, and the most at ROW_PT
ROW_GROW = (8.5, 5.0)  # pt and mm: the most a kit's lines grow to, size and pitch together, where every card has room
RULE_GAP = 2.2  # mm a rule between two blocks of lines takes
VALUE_RULE = 15.2  # mm above the trim: the rule over the value line
VALUE_GAP = 2.5  # mm between a label and its value
STEP_IN = 2.5  # mm a title card's line that adds to the one above it ("+ 1 apartment") is set in


def _step_in(ln: "_Line") -> float:
    """How far (mm) a title card's line is set in: STEP_IN for one that adds to the line above it."""
    return STEP_IN if ln.label.lstrip().startswith("+") else 0.0


@dataclass(frozen=True)
class _Line:
    """One line of a title card's table: its label, its value (may be empty), where each comes from."""

    label: str
    value: str
    source: object
    field: str
    bold: bool = False


def _value_split(template: str) -> tuple[str, str]:
    """A line template whose value sits after a colon ("If {n} owned: {x} × the roll") as (label, value)
    templates, so its value ranges right like any amount; a template without one is all label."""
    found = [i for i in (template.find("{x}"), template.find("{amount}")) if i >= 0]
    at = min(found) if found else -1
    colon = template.rfind(":", 0, at) if at >= 0 else -1
    if colon < 0:
        return template, ""
    return template[:colon].rstrip(" \u00a0\u202f"), template[colon + 1:].strip(" \u00a0\u202f")


def _title_lines(ctx: Ctx, t: Title, space: Space) -> tuple[list[_Line], list[_Line]]:
    """The upper block (rents, rents by number owned, dice multipliers) and the lower block (price, extra lines,
    development costs) of a title card."""
    terms = ctx.kit.game.terms
    upper: list[_Line] = []
    if t.rent:
        labels = terms.rent_ladder
        for i, amount in enumerate(t.rent):
            label = labels[i] if i < len(labels) else f"{terms.rent} {i + 1}"
            upper.append(_Line(label, ctx.money(amount), terms, "rent_ladder", i == 0))
    if (t.rent_by_owned or t.multipliers) and not t.rent:  # the lines' head, as a deed's first line is its rent's
        upper.append(_Line(terms.rent, "", terms, "rent", True))  # (toll stations opened on "1 of 4 owned": review 10)
    if t.rent_by_owned:
        for n, amount in enumerate(t.rent_by_owned, 1):
            upper.append(_Line(terms.owned.format(n=n), ctx.money(amount), terms, "owned"))
    if t.multipliers:
        for n, x in enumerate(t.multipliers, 1):
            roll = terms.utility_roll
            label, value = _value_split(roll if isinstance(roll, str) else roll.one if n == 1 else roll.other)
            values = {"n": n, "x": group_digits(x, ctx.kit.game.currency.thousands), "amount": ctx.money(x)}
            upper.append(_Line(label.format(**values), value.format(**values), terms, "utility_roll"))
    lower = [_Line(r.label, ctx.money(r.amount) if r.amount is not None else "", r, "label") for r in t.rows]
    if ctx.kit.titles.price and space.price is not None:
        lower.insert(0, _Line(terms.price, ctx.money(space.price), space, "price"))
    # what buying costs, then what selling gives (a building's cost beside its resale, where the resale came first
    # and the cost last, under the premium: the second review), each printed when given, under its term
    for name in ("house_cost", "hotel_cost", "building_sale", "sale_value", "premium", "buyout"):
        if getattr(t, name) is not None:
            lower.append(_Line(getattr(terms, name), ctx.money(getattr(t, name)), t, name))
    return upper, lower


def _valued(t: Title) -> bool:
    """Does the card end with a value line (mortgage, trade value) under a rule?"""
    return t.mortgage is not None or t.trade_value is not None


def _body(ctx: Ctx, t: Title, space: Space) -> tuple[float, float]:
    """The top and bottom (mm) of the room for a title card's lines, text and table."""
    w, h = _size(ctx)
    top = h - 4.5 - 20 - 2 if space.group else h - _emblem_depth(ctx, space, _compact(ctx, t, space))
    return top, (VALUE_RULE + 1.0 if _valued(t) else 6.0)


def _text_height(ctx: Ctx, t: Title) -> float:
    """The height (mm) of a title card's text at its size, with the gap above it."""
    if not t.text:
        return 0.0
    w, _ = _size(ctx)
    return fit(t.text, (6, 0, w - 12, 200), ctx.fonts.body, 7, 7, mode="para", style=ctx.style).height + 1.5


def _fill_pitch(ctx: Ctx, t: Title, space: Space, upper: list, lower: list) -> float:
    """The pitch (mm) at which a title card's lines (``upper`` and ``lower``, with the rule between them) and its
    text fill the room under its band or emblem: the most its lines may take (``row_style``, ``_kind_step``)."""
    top, bottom = _body(ctx, t, space)
    gaps = RULE_GAP if upper and lower else 0.0
    return (top - bottom - gaps - _text_height(ctx, t)) / len(upper + lower)


def row_style(ctx: Ctx) -> tuple[float, float]:
    """(size in pt, pitch in mm) of the lines of every title card of the kit: the largest pitch up to the most at
    which every card without a table holds its lines and text (cards with a table share their room with it), and
    the largest size up to ROW_PT at which every card's every line fits its width. Where every card has room to
    spare (no value line at the foot, a short ladder), size and pitch grow together up to ROW_GROW, so the lines
    fill the card as a deed's do rather than stop short of an empty band at its foot."""
    if "title-rows" in ctx.memo:
        return ctx.memo["title-rows"]
    kit, f = ctx.kit, ctx.fonts
    w, _ = _size(ctx)
    fits, step = ROW_GROW[0], ROW_GROW[1]
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space is None:
            continue
        upper, lower = _title_lines(ctx, t, space)
        lines = upper + lower
        for ln in lines:
            em = text_width(ln.label, f.heading if ln.bold else f.body, 1.0)
            em += text_width(ln.value, f.heading, 1.0) + (VALUE_GAP if ln.value else 0.0) / ROW_PT
            room = w - 12 - _step_in(ln)
            fits = min(fits, room / em) if em > 0 else fits
        if lines and ctx.kit.table(t.table) is None:
            step = min(step, _fill_pitch(ctx, t, space, upper, lower))
    # the size follows the pitch above ROW_STEP[1], in proportion, so the lines keep their look as they grow; no
    # larger than a card's table can set its figures whole (they print at the lines' size)
    grown = ROW_PT + (ROW_GROW[0] - ROW_PT) * max(0.0, step - ROW_STEP[1]) / (ROW_GROW[1] - ROW_STEP[1])
    for t in kit.titles.titles:
        space, table = kit.board.space(t.space), ctx.kit.table(t.table)
        if space is None or table is None or grown <= ROW_PT:
            continue
        upper, lower = _title_lines(ctx, t, space)
        top, bottom = _body(ctx, t, space)
        gaps = RULE_GAP if upper and lower else 0.0
        room = top - step * len(upper) - 1 - (bottom + step * len(lower) + gaps + _text_height(ctx, t))
        room -= (TABLE_AIR if lower else 0.0) + (TITLE_H if table.title else 0.0)
        whole = whole_layout(ctx, table, w - 12, room, grown)
        if whole is not None:
            grown = max(ROW_PT, min(grown, whole[2]))
    if grown > ROW_PT:  # a grown size in whole twentieths of a point, as a table's figures are set
        grown = math.floor(grown * 20 + 1e-6) / 20
    style = (max(min(fits, grown), ctx.min_pt), max(step, ROW_STEP[0]))
    ctx.memo["title-rows"] = style
    return style


def _emblem_titles(ctx: Ctx, table: bool | None = None) -> list[tuple[Title, Space]]:
    """The kit's title cards with an emblem (a space of no colour group: stations, utilities, branches) and their
    spaces; only those carrying a table (``table`` True) or none (False), or all (None)."""
    out = []
    for t in ctx.kit.titles.titles:
        space = ctx.kit.board.space(t.space)
        if space is not None and not space.group and (table is None or (ctx.kit.table(t.table) is not None) == table):
            out.append((t, space))
    return out


def _kind_step(ctx: Ctx, kind: str) -> float:
    """The pitch (mm) of the lines of a kind of space's emblem cards without a table (stations, utilities): the
    kit's (``row_style``) opened up, to ROW_GROW's most, as far as the kind's fullest card's room allows. Their few
    lines at the pitch of the kit's fullest deed left 8 to 15 mm empty at the card's foot (review 9)."""
    key = ("emblem-step", kind)
    if key not in ctx.memo:
        _, step = row_style(ctx)
        room = []
        for t, space in _emblem_titles(ctx, table=False):
            if space.kind != kind:
                continue
            upper, lower = _title_lines(ctx, t, space)
            if upper or lower:
                room.append(_fill_pitch(ctx, t, space, upper, lower))
        ctx.memo[key] = max(step, min([ROW_GROW[1], *room]))
    return ctx.memo[key]


def _line(ctx: Ctx, y: float, ln: _Line, w: float, size: float) -> list:
    """One line of the table: the label at the left, the value ranged right, both in a box 4 mm high at y."""
    f = ctx.fonts
    shapes = []
    room = w - 12
    if ln.value:
        right = ctx.fit(ln.value, (6, y, room, 4), f.heading, size, ln.source, ln.field, what="amount",
                        align="right", mode="label")
        shapes += right.shapes
        room -= right.width + VALUE_GAP
    x = 6 + _step_in(ln)  # "+ 1 apartment" under "1 holiday house" set in
    left = ctx.fit(ln.label, (x, y, max(room - (x - 6), 1.0), 4), f.heading if ln.bold else f.body, size, ln.source,
                   ln.field, what="label", align="left", mode="label")
    return left.shapes + shapes


def title_fronts(ctx: Ctx, t: Title, space: Space) -> list[scene.Group]:
    """A title card's face, and more when its table is too long for one card: the rows left over continue on
    cards headed with the space's name marked with terms.continued, never printed below print.min_text_pt."""
    front, rest = _title_front(ctx, t, space)
    faces = [front]
    table = ctx.kit.table(t.table)
    w, h = _size(ctx)
    while rest:
        g = scene.Group(_frame(ctx, w, h))
        name = f"{space.name.upper()} ({ctx.kit.game.terms.continued})"
        colour = space_colour(ctx, space)
        g.add(scene.Rect(4.5, h - 4.5 - 12, w - 9, 12, fill=colour, stroke=ctx.colours.line, width=0.3))
        g.add(*recolour(ctx.fit(name, (BAND_TEXT_IN, h - 15, w - 2 * BAND_TEXT_IN, 9), ctx.fonts.heading, 9, space,
                                "name", what="name").shapes,
                        _band_ink(ctx, space, colour)))
        shapes, rest = flow_table(ctx, replace(table, rows=rest), (5, 6, w - 10, h - 16.5 - 8), ctx.colours.ink,
                                  mix(ctx.colours.paper, ctx.colours.ink, 0.12), continued=True)
        g.add(*shapes)
        faces.append(g)
    return faces


def title_front(ctx: Ctx, t: Title, space: Space) -> scene.Group:
    """The first (usually the only) face of a title card."""
    return _title_front(ctx, t, space)[0]


def _title_front(ctx: Ctx, t: Title, space: Space, centre: bool = True) -> tuple[scene.Group, list]:
    """The face, and the table rows that did not fit on it (to continue on more cards).

    From the top: the band (a colour group) or the emblem, the upper lines (rents), the table, a rule and the
    lower lines (price, costs), the text; at the foot, under a rule, the value line. Every line is drawn alike
    (``row_style``), whatever kind of space the card is for. A card with an emblem and no table stands in the
    middle of the card, as its kind's cards do (``_emblem_drop``); not ``centre``: at the top."""
    w, h = _size(ctx)
    rest: list = []
    c, f, terms = ctx.colours, ctx.fonts, ctx.kit.game.terms
    g = scene.Group(_frame(ctx, w, h))
    start = len(g.children)  # what the card draws over its frame
    if space.group:  # a colour group: the title card carries its band
        colour = space_colour(ctx, space)
        ink = _band_ink(ctx, space, colour)
        band_y, band_h = h - 4.5 - 20, 20
        g.add(scene.Rect(4.5, band_y, w - 9, band_h, fill=colour, stroke=c.line, width=0.3))
        shape, room = ctx.group_mark(space.group), 0.0
        if shape:  # the group told without colour: its mark in both top corners of the band
            room = MARK + 1.2
            for x in (4.5 + 1.4 + MARK / 2, w - 4.5 - 1.4 - MARK / 2):
                g.add(group_mark(shape, x, band_y + band_h - 1.4 - MARK / 2, MARK, ink, colour))
        g.add(*recolour(ctx.fit(terms.title_card.upper(), (6 + room, band_y + 14.6, w - 12 - 2 * room, 4), f.body,
                                7.0, terms, "title_card", what="title card label").shapes, ink))
        # the name in the middle of the band's room under the label, at one height on every banded card of the
        # kit; a subtitle hangs under it. (It stood over an empty subtitle's line on every card of a kit where any
        # card has a subtitle: Euronopoly's and Tahiti's names without one rode 2.6 mm above the middle.) A name
        # in two lines over a subtitle rises just enough to clear it.
        # a long name takes two balanced lines at the deck's one size rather than shrink on its own card
        name = balanced_lines(ctx, space.name.upper(), f.heading, 11, w - 2 * BAND_TEXT_IN)
        name_box = (BAND_TEXT_IN, band_y + NAME_LOW, w - 2 * BAND_TEXT_IN, 9.5)
        fitted = ctx.quiet().fit(name, name_box, f.heading, 11, space, "name", what="name", wrap_below=NAME_WRAP,
                                 leading=NAME_LEADING)
        lowest = min((r.y for r in fitted.shapes if isinstance(r, scene.Text)), default=band_y + NAME_LOW)
        if space.subtitle and lowest < band_y + SUBTITLE_CLEAR:
            name_box = (BAND_TEXT_IN, band_y + NAME_LOW + band_y + SUBTITLE_CLEAR - lowest, w - 2 * BAND_TEXT_IN, 9.5)
        g.add(*recolour(ctx.fit(name, name_box, f.heading, 11, space, "name", what="name",
                                wrap_below=NAME_WRAP, leading=NAME_LEADING).shapes, ink))
        if space.subtitle:
            g.add(*recolour(ctx.fit(space.subtitle, (BAND_TEXT_IN, band_y + 1.2, w - 2 * BAND_TEXT_IN, 4), f.italic,
                                     7.0, space, "subtitle",
                                     what="subtitle").shapes, ink))
    else:
        _emblem(ctx, g, space, w, h, compact=_compact(ctx, t, space))
    head_end = len(g.children)  # the band or emblem is drawn: what follows is the card's lines
    top, bottom = _body(ctx, t, space)
    upper, lower = _title_lines(ctx, t, space)
    size, step = row_style(ctx)
    table = ctx.kit.table(t.table)
    if not space.group and table is None:  # an emblem's few lines open up to fill their card (``_kind_step``)
        step = _kind_step(ctx, space.kind)
    gaps = RULE_GAP if upper and lower else 0.0
    need = step * (len(upper) + len(lower)) + gaps + _text_height(ctx, t)
    if table is None and need > top - bottom and upper + lower:  # this card's lines need more than the kit's pitch
        step = max(ROW_STEP[0] * 0.8, _fill_pitch(ctx, t, space, upper, lower))
    y = top
    for ln in upper:
        y -= step
        g.add(*_line(ctx, y, ln, w, size))
    if table is not None:
        table_bottom = bottom + step * len(lower) + gaps + _text_height(ctx, t)
        air = TABLE_AIR if lower else 0.0  # the grid clear of the rule over the lines under it
        # the figures at the size of the kit's title card lines when the card holds the whole table at
        # print.min_text_pt or more, else as many rows as fit and the rest on more cards
        shapes, rest = flow_table(ctx, table, (6, table_bottom + air, w - 12, y - 1 - table_bottom - air), c.ink,
                                  mix(c.paper, c.ink, 0.12), pt=size)
        g.add(*shapes)
        y = table_bottom
    if lower:
        if upper or table is not None:
            y -= gaps / 2 + 0.4
            g.add(scene.Line(6, y, w - 6, y, c.line, 0.2))
            y -= gaps / 2 - 0.4
        for ln in lower:
            y -= step
            g.add(*_line(ctx, y, ln, w, size))
    if t.text:
        box_top = y - 1.5
        if box_top - bottom > 3:
            g.add(*ctx.fit(t.text, (6, bottom, w - 12, box_top - bottom), f.body, 7, t, "text", mode="para",
                           valign="top").shapes)
        else:  # the lines and the table leave it no room: say so rather than drop it
            ctx.problems.report(TEXT_OVERFLOW, t.at("text"), t.sub("text"),
                               f"the text has no room on the title card (the rents, table and lines under them "
                               f"fill it, {max(0.0, box_top - bottom):.1f} mm left); shorten or remove the text, "
                               f"or print it on a reference card")
    if not space.group and table is None and centre:  # an emblem and lines: in the middle of the card
        head, lines = _emblem_drop(ctx, space.kind)  # the emblem's drop, and its lines'
        for i in range(start, len(g.children)):
            drop = head if i < head_end else lines
            if drop:
                g.children[i] = _lowered(g.children[i], drop)
    if _valued(t):
        g.add(scene.Line(6, VALUE_RULE, w - 6, VALUE_RULE, c.line, 0.2))
    values = []  # (text, the field it shows)
    if t.mortgage is not None:
        values.append((f"{terms.mortgage} {ctx.money(t.mortgage)}", "mortgage"))
    if t.trade_value is not None:
        values.append((f"{terms.trade_value} {ctx.money(t.trade_value)}", "trade_value"))
    for i, (text, field_name) in enumerate(values):
        yy = 9.5 - i * 4.6 if len(values) > 1 else 7.5
        g.add(*ctx.fit(text, (6, yy, w - 12, 4.2), f.heading, size, t, field_name, what="value line").shapes)
    return g, rest


def _extent(shape) -> tuple[float, float]:
    """The top and foot (mm) of what a title card draws: a text run's capitals and descenders, a disc, a rule."""
    if isinstance(shape, scene.Text):
        return shape.y + CAP * shape.size * PT, shape.y - DESC * shape.size * PT
    if isinstance(shape, scene.Circle):
        return shape.cy + shape.r, shape.cy - shape.r
    if isinstance(shape, scene.Line):
        return max(shape.y1, shape.y2), min(shape.y1, shape.y2)
    if isinstance(shape, (scene.Rect, scene.Image)):
        return shape.y + shape.h, shape.y
    return -math.inf, math.inf  # a group (an icon on its disc) is inside what holds it


def _lowered(shape, drop: float):
    """``shape`` ``drop`` mm lower."""
    if isinstance(shape, scene.Text):
        return replace(shape, y=shape.y - drop)
    if isinstance(shape, scene.Circle):
        return replace(shape, cy=shape.cy - drop)
    if isinstance(shape, scene.Line):
        return replace(shape, y1=shape.y1 - drop, y2=shape.y2 - drop)
    if isinstance(shape, (scene.Rect, scene.Image)):
        return replace(shape, y=shape.y - drop)
    return scene.Group([shape], transform=scene.translate(0.0, -drop))


def _emblem_drop(ctx: Ctx, kind: str) -> tuple[float, float]:
    """How far (mm) the emblem (disc, name, rule) and the lines of a kind of space's title cards (stations,
    utilities: an emblem and no table) come down from the top of their cards.

    Each kind's block would stand in the middle of its cards, as a deck card's does (``_centring_drop``), between
    the frame's top and its foot (or the rule over the value line), the least of its cards' drop so a row of
    them keeps its names on one line (a station's few lines left the lower 30 % of its card empty: a publisher's
    review). The emblems of every kind stand at one height, the fullest kind's (``_emblem_drops``): a utility
    with two lines had its disc 8 mm lower than an airport's beside it (review 10). A kind with fewer lines than
    the fullest sets them lower by half the white it has over the fullest kind's, so that white is shared over
    and under its lines rather than left at the foot. In a kit whose emblem cards carry tables too (their compact
    emblems stand at the top: ``_compact``), every emblem stands at the top and each kind's lines stand in the
    middle of the room under it."""
    drops = _emblem_drops(ctx)
    if kind not in drops:
        return 0.0, 0.0
    if _compact_kit(ctx):  # the emblems at the top, level with the cards carrying a table (those stand at the
        head = kept = 0.0  # top of theirs), each kind's lines in the middle of the room under its rule
    else:  # the emblems where the fullest kind's would stand, centred; what white that kind keeps under its lines
        head, kept = min((d, b) for d, b, _ in drops.values())  # there, others keep too
        kept -= head
    _, below, slack = drops[kind]
    return head, head + max(0.0, min(slack - head, math.floor((below - head - kept) / 2 * 10 + 1e-6) / 10))


def _emblem_drops(ctx: Ctx) -> dict[str, tuple[float, float, float]]:
    """For each kind of space whose title cards carry an emblem and no table: the drop that would centre its
    cards' blocks (the least of its cards'), the white under its fullest card's lines (mm, down to the frame or
    the value rule), and how far its lines may come down (the least of its cards')."""
    key = "emblem-drops"
    if key not in ctx.measured:
        ctx.measured[key] = {}  # drawn at the top to be measured
        w, h = _size(ctx)
        under = len(_frame(ctx, w, h))  # the frame's shapes, under what the card draws
        kinds: dict[str, list] = {}
        for t, space in _emblem_titles(ctx, table=False):
            face, _ = _title_front(ctx.quiet(), t, space, centre=False)
            extents = [_extent(s) for s in face.children[under:]]
            extents = [e for e in extents if e[0] > VALUE_RULE + 0.1 or not _valued(t)]  # not the value line
            if not extents:
                continue
            top, foot = max(e[0] for e in extents), min(e[1] for e in extents)
            floor, least = (VALUE_RULE, VALUE_RULE + 1.0) if _valued(t) else (FRAME, 6.0)
            kinds.setdefault(space.kind, []).append(
                (_centring_drop(h - FRAME - top, foot - floor, foot - least), foot - floor, foot - least))
        ctx.measured[key] = {kind: (min(d for d, _, _ in cards), min(b for _, b, _ in cards),
                                    min(s for _, _, s in cards)) for kind, cards in kinds.items()}
    return ctx.measured[key]


#: mm from the top of the card to the room under a non-property title card's emblem: the full emblem, and the
#: compact one of a card that carries a table (a smaller disc, the name closer under it), so the table can be
#: set at the size of the card's lines
EMBLEM = (42.0, 30.0)
TABLE_AIR = 2.0  # mm between a title card's table and the rule over the lines under it


ACCENT = 0.93  # em: the top of an accented capital (É) over its baseline
DISC_CLEAR = 1.2  # mm: the least air between an emblem's disc and the accents of the name under it
RULE_UNDER = 3.4  # mm from the last baseline of an emblem's name or subtitle down to the rule under it, at most
RULE_CLEAR = 2.0  # mm from that baseline down to the rule, at least (a compact emblem's room stops short of it)


def _emblem_depth(ctx: Ctx, space: Space, compact: bool, texts: tuple[list, list] | None = None) -> float:
    """mm from the top of a non-property title card to the room under its emblem (a compact emblem's subtitle
    takes 2.5 mm more), the room starting 1 mm under the rule. The rule sits at most RULE_UNDER under the
    emblem's last line (its name's or its subtitle's baseline): a card with no subtitle keeps no empty line for
    one (King's Cross's rule hung 8 mm under its name, where a subtitle's line would have been); and at least
    RULE_CLEAR under it, deeper than the emblem's room where a name takes two lines (Monopoly 2.3's "FENCHURCH / ST.
    STATION" had the rule on its second line's baseline, review 13)."""
    deepest = EMBLEM[1] + (2.5 if space.subtitle else 0.0) if compact else EMBLEM[0]
    _, h = _size(ctx)
    name, subtitle = texts if texts is not None else _emblem_texts(ctx.quiet(), space, compact)
    lowest = min((r.y for r in name + subtitle if isinstance(r, scene.Text)), default=None)
    if lowest is None:
        return deepest
    return max(min(deepest, h - lowest + RULE_UNDER + 1.0), h - lowest + RULE_CLEAR + 1.0)


def _emblem_texts(ctx: Ctx, space: Space, compact: bool) -> tuple[list, list]:
    """The runs of a non-property title card's name and subtitle (none without one), where the emblem sets
    them: the name at one height on every card with an emblem of its kind of space, where a subtitled one sets it
    when any has one, clear of the disc (``_name_drop``)."""
    name, subtitle = _emblem_runs(ctx, space, compact)
    drop = _name_drop(ctx, compact)
    if drop > 0:
        name, subtitle = [_lowered(r, drop) for r in name], [_lowered(r, drop) for r in subtitle]
    return name, subtitle


def _emblem_runs(ctx: Ctx, space: Space, compact: bool) -> tuple[list, list]:
    """A non-property title card's name and subtitle as their boxes set them, before ``_name_drop``."""
    w, h = _size(ctx)
    f = ctx.fonts
    lift = 8.5 if compact else 0.0  # how much higher the name sits
    subtitled = _subtitled(ctx, banded=False)
    name_box = (6, h - 34.5 + lift, w - 12, 7.5) if subtitled else (6, h - 36.5 + lift, w - 12, 9)
    name = ctx.fit(balanced_lines(ctx, space.name.upper(), f.heading, 11, w - 12), name_box, f.heading, 11, space,
                   "name", what="name", wrap_below=NAME_WRAP, leading=NAME_LEADING).shapes
    subtitle = ctx.fit(space.subtitle, (6, h - 39 + lift, w - 12, 4), f.italic, 7.0, space, "subtitle",
                       what="subtitle").shapes if space.subtitle else []
    return name, subtitle


def _name_drop(ctx: Ctx, compact: bool) -> float:
    """How far (mm) the names (and subtitles) of the kit's emblem cards come down so that every one keeps its
    accents DISC_CLEAR under the disc: a name in two lines grows up from its box ("AÉROPORT DE / MOTU MUTE": its
    accent touched the disc, review 9). One drop for every kind, as their discs stand at one height
    (``_emblem_drop``): a row of a utility beside an airport keeps its names on one line (review 10). The
    compact emblems (over a table) have their own disc, and their own drop."""
    key = ("emblem-name-drop", compact)
    if key not in ctx.measured:
        _, h = _size(ctx)
        centre, r = _disc(h, compact)
        disc_foot = centre - r
        spaces = [space for t, space in _emblem_titles(ctx) if space.icon and _compact(ctx, t, space) == compact]
        tops = [r.y + ACCENT * r.size * PT for space in spaces
                for r in _emblem_runs(ctx.quiet(), space, compact)[0] if isinstance(r, scene.Text)]
        ctx.measured[key] = max(0.0, max(tops, default=0.0) - (disc_foot - DISC_CLEAR))
    return ctx.measured[key]


def _disc(h: float, compact: bool) -> tuple[float, float]:
    """The centre's height (mm) and the radius of an emblem's disc on a card ``h`` mm tall: 2 mm under the band's
    top edge, a compact emblem's 0.62 the size."""
    r = 10.5 * (0.62 if compact else 1.0)
    return h - 4.5 - 2 - r, r


def _compact(ctx: Ctx, t: Title, space: Space) -> bool:
    """Does a non-property title card take the compact emblem? Every one does in a kit where one carries a table
    (the compact emblem leaves the table room at the lines' size): Monopoly 2.3's stations had a disc of 21 mm
    beside its utilities' 12 mm, over their tables, and their names 12 mm lower (review 11)."""
    return not space.group and _compact_kit(ctx)


def _compact_kit(ctx: Ctx) -> bool:
    """Does any non-property title card of the kit carry a table?"""
    key = "emblem-compact"
    if key not in ctx.measured:
        ctx.measured[key] = bool(_emblem_titles(ctx, table=True))
    return ctx.measured[key]


def _emblem(ctx: Ctx, g: scene.Group, space: Space, w: float, h: float, compact: bool = False) -> float:
    """Icon and name at the top of a non-property title card; returns the y below them. ``compact``: the
    disc under two thirds the size and the name closer under it, the room below starting EMBLEM[1] under the top."""
    c = ctx.colours
    colour = space.colour or c.ink
    k = 0.62 if compact else 1.0
    centre, r = _disc(h, compact)
    if space.icon:  # the icon sits on a disc of the space's colour, so a white family still shows
        g.add(scene.Circle(w / 2, centre, r, fill=colour, stroke=c.line, width=0.35))
        g.add(icon(space.icon, w / 2, centre, 13 * k, contrast(colour), colour))
    name, subtitle = _emblem_texts(ctx, space, compact)
    g.add(*name, *subtitle)
    below = h - _emblem_depth(ctx, space, compact, (name, subtitle))  # measured on the runs just set
    g.add(scene.Line(10, below + 1, w - 10, below + 1, c.line, 0.25))
    return below


def _subtitled(ctx: Ctx, banded: bool) -> bool:
    """Does any title card of the kit's banded ones (a colour group's) or of its others (an emblem) show a
    subtitle? Then every card of them sets its name where a subtitled one does, so a row of cards lines up."""
    key = ("title-subtitled", banded)
    if key not in ctx.measured:
        spaces = [ctx.kit.board.space(t.space) for t in ctx.kit.titles.titles]
        ctx.measured[key] = any(s is not None and bool(s.group) == banded and bool(s.subtitle) for s in spaces)
    return ctx.measured[key]


MARK = 3.4  # mm: a group mark in a title card's band
#: mm from the card's edge to a title card's name and subtitle in its band: 3 mm inside the band (at 4.5 mm), where
#: 6 mm set a long name ("CONNECTICUT AVENUE") about 1 mm from the band's ends (a publisher's review): a name
#: that does not keep that clear takes two lines (``balanced_lines``)
BAND_TEXT_IN = 4.5 + 3.0
NAME_WRAP = 11.0  # pt: a title card's name never shrinks below its size: a long one takes two lines
NAME_LEADING = 1.1  # a title card's name is in capitals (no descenders): its two lines set closer than a text's
NAME_LOW = 2.6  # mm above a band's foot: the foot of a banded title card's name box (9.5 mm tall), which puts a
#               name in the middle of the band's room under its label
SUBTITLE_CLEAR = 6.0  # mm above a band's foot: the least baseline of a name with a subtitle hanging under it


def title_back(ctx: Ctx, t: Title, space: Space) -> scene.Group:
    w, h = _size(ctx)
    style = ctx.kit.titles.back.style
    c, f, terms = ctx.colours, ctx.fonts, ctx.kit.game.terms
    if style == "mortgage":
        colour = space_colour(ctx, space)
        g = scene.Group(_frame(ctx, w, h))
        g.add(scene.Rect(4.5, h - 24.5, w - 9, 20, fill=colour, stroke=c.line, width=0.3))
        ink = _band_ink(ctx, space, colour)
        shape, room = ctx.group_mark(space.group), 0.0
        if shape:
            room = MARK + 1.2
            for x in (4.5 + 1.4 + MARK / 2, w - 4.5 - 1.4 - MARK / 2):
                g.add(group_mark(shape, x, h - 4.5 - 1.4 - MARK / 2, MARK, ink, colour))
        inset = max(BAND_TEXT_IN, 6 + room)
        name = balanced_lines(ctx, space.name.upper(), f.heading, 10, w - 2 * inset)
        g.add(*recolour(ctx.fit(name, (inset, h - 23, w - 2 * inset, 17), f.heading, 10, space,
                                "name", what="name", wrap_below=NAME_WRAP - 1, leading=NAME_LEADING).shapes, ink))
        # the word stands with air on both sides, as a stamp would (at most 75 % of the card's width)
        g.add(*ctx.fit(terms.mortgaged.upper(), (w * 0.125, h / 2 - 2, w * 0.75, 14), f.title, 14, terms,
                       "mortgaged", what="mortgaged label").shapes)
        if t.mortgage is not None:
            g.add(*ctx.fit(f"{terms.mortgage} {ctx.money(t.mortgage)}", (6, h / 2 - 13, w - 12, 8), f.heading, 8, t,
                           "mortgage", what="mortgage line").shapes)
            interest = ctx.kit.game.rules.mortgage_interest
            if terms.lift and interest:  # what lifting it costs, worked out for the card (review 13: a rule of
                # "value + 10 %" on every back left the sum to the table)
                lift = t.mortgage + t.mortgage * interest // 100
                g.add(*ctx.fit(f"{terms.lift} {ctx.money(lift)}", (6, h / 2 - 19, w - 12, 6), f.body, 8, terms, "lift",
                               what="lift line").shapes)
        if ctx.kit.titles.back.text:
            g.add(*ctx.fit(ctx.kit.titles.back.text, (6, 6, w - 12, 18), f.italic, 7.0, ctx.kit.titles.back, "text",
                           mode="para").shapes)
        return g
    if style == "deed":  # one back for every title card: what the cards are, not which one
        return _plain_back(ctx, w, h, c.back, terms.title_card.upper(), "title-back-deed", terms, "title_card",
                           icon_name="house")
    if style == "group":
        colour = space_colour(ctx, space)
        shape = ctx.group_mark(space.group)
        # a station or utility (no group) shows its space's icon where a group's back shows its mark
        glyph = None if space.group else space.icon
        key = f"title-back-{space.group or space.kind}-{colour[1:]}-{shape or ''}-{glyph or ''}"
        return _plain_back(ctx, w, h, colour, terms.title_card.upper(), key, terms, "title_card", mark=shape,
                           icon_name=glyph)
    return game_back(ctx)


#: mm from the card's edge to a back's title and subtitle: 3.3 mm inside the back's fine inner frame (at 5.2 mm),
#: where 7 mm had set a long title ("LANGUAGE CARD") 1.8 mm from it
BACK_TEXT_IN = 8.5


SUB_GAP = 4.0  # mm from a back's title's last baseline to the top of its subtitle's capitals


BACK_PT = (16.0, 13.0)  # pt: a back's title, the largest, and the least before it takes two lines


def _back_box(w: float, h: float, pictured: bool) -> tuple[float, float, float, float]:
    """The box of a back's title: over its icon or mark, else in the card's middle."""
    return (BACK_TEXT_IN, h * 0.16, w - 2 * BACK_TEXT_IN, h * 0.22) if pictured else \
        (BACK_TEXT_IN, h * 0.35, w - 2 * BACK_TEXT_IN, h * 0.3)


def _plain_back(ctx: Ctx, w: float, h: float, colour: str, label: str, key: str, source, field_name: str,
                sub: str | None = None, icon_name: str | None = None, mark: str | None = None,
                size: float = BACK_PT[0]) -> scene.Group:
    ink = contrast(colour)
    f = ctx.fonts
    inner: list = [bleed_rect(w, h, ctx.reach, colour),
                   scene.Rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME, stroke=ink, width=0.5, radius=2.5),
                   scene.Rect(5.2, 5.2, w - 10.4, h - 10.4, stroke=mix(colour, ink, 0.45), width=0.25, radius=2)]
    if icon_name or mark:
        if mark:  # a colour group's back: its mark, so a hand of cards sorts without colour too
            inner.append(group_mark(mark, w / 2, h * 0.6, min(w, h) * 0.3, ink, colour))
        else:
            inner.append(icon(icon_name, w / 2, h * 0.6, min(w, h) * 0.42, ink, colour))
    text_box = _back_box(w, h, bool(icon_name or mark))
    title = ctx.fit(label, text_box, f.title, size, source, field_name, what="back title", wrap_below=BACK_PT[1])
    inner += recolour(title.shapes, ink)
    if sub:
        # at 8 pt, in two even lines where one would not hold it (it shrank to 6.5 pt on one), its first line's
        # capitals SUB_GAP under the title's last baseline (it stood 14 mm under it: the seventh review)
        foot = min((t.y for t in title.shapes), default=text_box[1])
        inner += recolour(ctx.fit(sub, (BACK_TEXT_IN, foot - SUB_GAP - 8, w - 2 * BACK_TEXT_IN, 8), f.italic, 8,
                                   source, field_name, what="back subtitle", valign="top", wrap_below=8).shapes, ink)
    return scene.Group(inner, key=key, bounds=_reach(ctx, w, h))


def game_back(ctx: Ctx) -> scene.Group:
    w, h = _size(ctx)
    game = ctx.kit.game
    return _plain_back(ctx, w, h, ctx.colours.back, game.title, "game-back", game, "title", sub=game.subtitle)


# ---------------------------------------------------------------------------- deck cards
def deck_items(ctx: Ctx) -> list[Item]:
    w, h = _size(ctx)
    items = []
    for deck in ctx.kit.decks:
        back = deck_back(ctx, deck)
        frame = deck_frame(ctx, deck)
        for i, card in enumerate(deck.cards):
            front = deck_front(ctx, deck, card, frame, deck_text_pt(ctx, deck, frame))
            for k in range(card.copies):
                cid = card.id or f"{i + 1}"
                suffix = f"-{k + 1}" if card.copies > 1 else ""
                items.append(Item(id=f"{deck.id}-{cid}{suffix}", kind=deck.id, width=w, height=h,
                                  front=front, back=back, source=card))
    return items


#: mm between a deck card's frame and its band inside it, as a title card's band stands inside its frame
BAND_IN = 0.5
#: mm the deck's name keeps clear of its band's ends (Tahiti's CAISSE DE COMMUNAUTÉ ran to 1.5 mm of them and read as
#: about to touch the frame: review 11); a longer name is set smaller
BAND_AIR = 3.0


def _band(deck: Deck) -> float:
    """Height of the coloured band with the deck's name at the top of its cards, in mm: its foot in line with a
    reference card's band's (REF_BAND), where a sheet holds both; lower by a help name's line."""
    return REF_BAND - FRAME - BAND_IN + (5.0 if deck.help_name else 0.0)


def _band_and_frame(w: float, h: float, foot: float, colour: str, paper: str) -> tuple[scene.Rect, scene.Rect]:
    """A card's name band in ``colour``, from ``foot`` up to BAND_IN under its frame's top, and the frame FRAME in
    from the card's edges, its rule a touch of the band's colour: a deck card's and a reference card's alike (the
    frame is drawn last, over what the card sets inside it)."""
    inside = FRAME + BAND_IN
    return (scene.Rect(inside, foot, w - 2 * inside, h - inside - foot, fill=colour),
            scene.Rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME, stroke=mix(colour, paper, 0.2), width=0.5,
                       radius=1.5))


#: mm from a card's edge to the text in its name band: BAND_AIR inside the band's ends
BAND_TEXT_X = FRAME + BAND_IN + BAND_AIR


def _band_foot(deck: Deck, h: float) -> float:
    """The foot of a deck card's band (mm from the card's foot): the top of the room under it."""
    return h - FRAME - BAND_IN - _band(deck)


def deck_frame(ctx: Ctx, deck: Deck) -> scene.Group:
    """What every card of a deck shares (paper, border, the name band inside the border's top): drawn once, reused
    by each card. The band stands inside the frame, as a title card's does: it ran off the card's top over a frame
    starting under it, where the title cards keep theirs inside (review 10)."""
    w, h = _size(ctx)
    c, f = ctx.colours, ctx.fonts
    ink = contrast(deck.colour)
    foot = _band_foot(deck, h)
    band, frame = _band_and_frame(w, h, foot, deck.colour, c.paper)
    g = scene.Group([bleed_rect(w, h, ctx.reach, c.paper), band], key=f"deck-frame-{deck.id}",
                    bounds=_reach(ctx, w, h))
    # every deck's name at one size, the longest's (Tahiti's "CAISSE DE COMMUNAUTÉ", shrunk to fit, stood beside a
    # larger "CHANCE" on one sheet: a publisher's review)
    size = _one_size(ctx, "deck-name-pt", _deck_name_fit, DECK_NAME_PT, deck)
    g.add(*recolour(ctx.fit(deck.name.upper(), _deck_name_box(deck, w, foot), f.heading, size, deck, "name",
                            what="deck name").shapes, ink))
    if deck.help_name:
        g.add(*recolour(ctx.fit(deck.help_name, (BAND_TEXT_X, foot + 0.8, w - 2 * BAND_TEXT_X, 3.6), f.italic, 7.0,
                                deck, "help_name", what="deck help name").shapes, ink))
    g.add(frame)
    return g


DECK_NAME_PT = 12.0  # a deck's name in its band, at most (``deck_name_pt``)


def _deck_name_box(deck: Deck, w: float, foot: float) -> tuple[float, float, float, float]:
    """The box of a deck's name in its band, over its help name where it has one."""
    x = BAND_TEXT_X
    return (x, foot + 4.5, w - 2 * x, 7) if deck.help_name else (x, foot + (_band(deck) - 7.5) / 2, w - 2 * x, 7.5)


def _deck_name_fit(ctx: Ctx, deck: Deck) -> float:
    """The size a deck's name fits its band at on its own, from DECK_NAME_PT down."""
    w, h = _size(ctx)
    return fit(deck.name.upper(), _deck_name_box(deck, w, _band_foot(deck, h)), ctx.fonts.heading, DECK_NAME_PT,
               min(ctx.min_pt, DECK_NAME_PT), style=ctx.style).size


def _one_size(ctx: Ctx, key: str, own: Callable[[Ctx, Deck], float], most: float, deck: Deck) -> float:
    """The size to fit ``deck``'s text of a kind (its band's name, its back's title) from, so that every deck's
    stands at one size: the least at which each deck's fits on its own (``own``). The deck that needs that least is
    fitted from ``most``, so that a heavy shrink of it still warns."""
    if key not in ctx.memo:
        ctx.memo[key] = min((own(ctx, d) for d in ctx.kit.decks), default=most)
    return ctx.memo[key] if own(ctx, deck) > ctx.memo[key] + 1e-9 else most


DECK_TITLE_PT, DECK_TEXT_PT = 10.5, 10.0  # a deck card's title and text (the text shrinks to fit)
#: mm from the card's edges to a deck card's title, text and help: 3.5 mm inside its frame (FRAME), where 6 mm
#: set a line's ends 2 mm from the frame (a publisher's review: text crowding the border)
DECK_TEXT_IN = FRAME + 3.5
ICON_SLOT = 19.0  # mm a deck card's icon takes at the top of its room, with the air under it (over a title)
UNTITLED_LOWER = 2.5  # mm the icon of a deck with no titles sits lower in its slot: its texts start closer under it
#: mm: the keep label's pill, its height and the air between it and the frame, under it and at its sides (it stood
#: 0.75 mm over the frame's foot and 4 mm from its sides: the seventh review)
KEEP_H, KEEP_AIR = 6.0, 3.0


def _deck_slot(ctx: Ctx, deck: Deck) -> tuple[float, float]:
    """The height (mm) of the icon slot at the top of every card of a deck, the tallest of its cards' pictures
    (with 4 mm air) and icons, so that every card's title or text starts on one line; and how far its icon sits
    under the slot's top (lower in a deck with no titles: a text has less air over it than a title). Worked out
    once per deck and context (once per card made a 6000-card deck's layout quadratic: 16 s)."""
    key = ("deck-slot", deck.id)
    kept = ctx.memo.get(key)
    if kept is None or kept[0] is not deck:
        kept = ctx.memo[key] = (deck, _slot_of(deck))
    return kept[1]


def _slot_of(deck: Deck) -> tuple[float, float]:
    slot = 0.0
    for card in deck.cards:
        if card.picture is not None:
            slot = max(slot, float(card.picture.height) + 4.0)
        elif card.icon or deck.icon:
            slot = max(slot, ICON_SLOT)
    return slot, (0.0 if any(card.title for card in deck.cards) else UNTITLED_LOWER)


def deck_text_pt(ctx: Ctx, deck: Deck, frame: scene.Group | None = None) -> float:
    """The one size of every card text of a deck: the largest (up to DECK_TEXT_PT) at which each card's text
    fits, but never under DECK_TEXT_PT × SHRINK_WARNING; a card that needs less is set smaller alone, and said
    so (``deck_front``). Worked out once per deck, by laying the faces out quietly (on ``frame``, the deck's,
    when given): where the deck's size is DECK_TEXT_PT, those faces are the cards' faces (``deck_front``)."""
    key = ("deck-text-pt", deck.id)
    if key not in ctx.memo:
        quiet = ctx.quiet(record=True)
        shared = frame if frame is not None else deck_frame(quiet, deck)
        faces = {}
        sizes = []
        for card in deck.cards:
            start = len(quiet.recorded)
            g, block, size, overflow, _ = _deck_face(quiet, deck, card, shared, DECK_TEXT_PT)
            faces[id(card)] = (card, g, block, size, overflow, quiet.recorded[start:])
            if not overflow:
                sizes.append(size)
        ctx.memo[key] = max(min(sizes, default=DECK_TEXT_PT), DECK_TEXT_PT * SHRINK_WARNING)
        if frame is not None and ctx.memo[key] == DECK_TEXT_PT:
            ctx.memo[("deck-faces", deck.id)] = (frame, faces)
    return ctx.memo[key]


def deck_front(ctx: Ctx, deck: Deck, card: Card, frame: scene.Group | None = None,
               text_pt: float = DECK_TEXT_PT) -> scene.Group:
    """One card's face: the deck's shared frame (``deck_frame``, made here when not given) and its own texts,
    the text at the deck's one size ``text_pt`` (``deck_text_pt``); a card that needs less is a warning."""
    measured = ctx.memo.get(("deck-faces", deck.id))
    # taken once, and let go as it is taken (its fits' records are told here, and go)
    face = measured[1].pop(id(card), None) if measured is not None and measured[0] is frame else None
    if face is not None and face[0] is card and text_pt == DECK_TEXT_PT:
        # laid out at this size on this frame to measure the deck: that face, its fits told here
        _, g, block, size, overflow, told = face
        for fitted in told:
            ctx.tell(fitted)
    else:
        g, block, size, overflow, _ = _deck_face(ctx, deck, card, frame, text_pt)
    if size < text_pt - 1e-9 and not overflow:  # a text that does not fit at all is E-text-overflow's to say
        ctx.problems.report(TEXT_SHRUNK, card.at("text"), card.sub("text"),
                            f"this card's text is set at {size:g} pt where the rest of deck {deck.id!r} is at "
                            f"{text_pt:g} pt: shorten it to match")
    return g


#: a deck card's block stands a touch above the middle of its room (the optical middle): the white under it is
#: this share of the white round it more than the white over it, at most OPTICAL_LIFT[1] mm
OPTICAL_LIFT = (0.06, 1.5)


def _centring_drop(above: float, below: float, slack: float) -> float:
    """How far (mm) a card's block comes down from the top of its room so that the white over it (``above``, from
    the frame to its top) and under it (``below``, from its foot to the frame or what stands at the foot) are
    even, the block a touch higher (OPTICAL_LIFT); never more than ``slack``, the room left under its text, in
    0.1 mm steps. A short card's block stood at the top of its room under the deck's one drop (its fullest
    card's), 35 to 40 % of the card empty under it (a publisher's review)."""
    lift = min(OPTICAL_LIFT[0] * (above + below), OPTICAL_LIFT[1])
    drop = (below - above - lift) / 2
    return max(0.0, min(slack, math.floor(drop * 10 + 1e-6) / 10))


def _deck_face(ctx: Ctx, deck: Deck, card: Card, frame: scene.Group | None,
               text_pt: float) -> tuple[scene.Group, scene.Group, float, bool, float]:
    """A card's face with its text fitted at ``text_pt`` at most, its block (the title and text), the size the
    text was set at, whether it overflows even at the smallest size, and the room left under its text. The block
    is laid out as every card of the deck lays it out: the icon (or picture) in the deck's slot (``_deck_slot``),
    at one height on every card of the deck (an icon coming down with its card's text moved from card to card: the
    seventh review); the title under it, the text under the title, or where a title would start; then the title and
    text come down to stand in the middle of the room under the icon (``_centring_drop``), down to the frame at the
    foot, or to the keep label or the help standing there, so that a short card looks composed on its own. (One
    drop for the whole deck, its fullest card's, left a short card's lower 35 to 40 % empty: a publisher's
    review.)"""
    w, h = _size(ctx)
    c, f, terms = ctx.colours, ctx.fonts, ctx.kit.game.terms
    ink = contrast(deck.colour)
    g = scene.Group([frame if frame is not None else deck_frame(ctx, deck)])
    frame_top = _band_foot(deck, h)  # the room under the band
    top = frame_top - 1.5  # the room's top, 1.5 mm inside the frame
    slot, lower = _deck_slot(ctx, deck)
    block = scene.Group()  # the title and the text, read from the top
    glyph = card.icon or deck.icon
    head_foot = frame_top  # the foot of the picture or icon over the block (none: the frame's top)
    if card.picture is not None:  # an image takes the icon's place, at its printed size, in the middle of the slot
        pw, ph = float(card.picture.width), float(card.picture.height)
        py = top - 2 - ph - (slot - ph - 4) / 2
        g.add(*picture(ctx, card.picture.file, (w - pw) / 2, py, pw, ph))
        head_foot = py
    elif glyph:
        cy = top - 9 - (slot - ICON_SLOT) / 2 - lower
        g.add(icon(glyph, w / 2, cy, 11, deck.colour, c.paper))
        head_foot = cy - 11 / 2
    top -= slot
    bottom, floor = 6.0, FRAME  # the text's least foot, and what the white under the block reaches down to
    if card.keep:  # the keep label: a pill KEEP_AIR over the frame's foot, as far in from its sides
        y = FRAME + KEEP_AIR
        g.add(scene.Rect(FRAME + KEEP_AIR, y, w - 2 * (FRAME + KEEP_AIR), KEEP_H, fill=deck.colour, radius=KEEP_H / 2))
        g.add(*recolour(ctx.fit(terms.keep, (FRAME + KEEP_AIR + 2, y + 0.6, w - 2 * (FRAME + KEEP_AIR + 2), 4.8),
                                 f.heading, 7.0, terms, "keep", what="keep label").shapes, ink))
        bottom, floor = y + KEEP_H + 1.5, y + KEEP_H
    if card.help:
        help_fit = ctx.fit(card.help, (DECK_TEXT_IN, bottom, w - 2 * DECK_TEXT_IN, 16), f.italic, 7.0, card, "help",
                           mode="para", valign="bottom")
        help_top = bottom + help_fit.height
        g.add(*recolour(help_fit.shapes, mix(c.ink, c.paper, 0.3)))
        g.add(scene.Line(12, help_top + 1.5, w - 12, help_top + 1.5, mix(deck.colour, c.paper, 0.3), 0.3))
        bottom, floor = help_top + 3, help_top + 1.5
    text_top = block_top = top - 1
    if card.title:  # the title under the icon, the text right under it
        title = ctx.fit(card.title, (DECK_TEXT_IN, text_top - 8.5, w - 2 * DECK_TEXT_IN, 8.5), f.heading,
                        DECK_TITLE_PT, card, "title", valign="top", wrap_below=DECK_TITLE_PT - 1)
        # a title set smaller to keep to one line stands on the deck's title baseline all the same
        lower_title = CAP * (DECK_TITLE_PT - title.size) * PT
        block.add(scene.Group(title.shapes, transform=scene.translate(0.0, -lower_title)) if lower_title > 1e-6
                  else scene.Group(title.shapes))
        text_top -= title.height + 2.0 + lower_title
    body = ctx.fit(card.text, (DECK_TEXT_IN, bottom, w - 2 * DECK_TEXT_IN, text_top - bottom), f.body, text_pt,
                   card, "text", mode="para", valign="top")
    block.add(*body.shapes)
    foot = text_top - body.height  # the block's foot: its last line's descenders
    drop = 0.0 if body.overflow else _centring_drop(head_foot - block_top, foot - floor, foot - bottom)
    if drop:
        block.transform = scene.translate(0.0, -drop)
    g.add(block)
    return g, block, body.size, body.overflow, foot - bottom - drop


def deck_back(ctx: Ctx, deck: Deck) -> scene.Group:
    # every deck's back title at one size, the longest's, as their bands' names (Tahiti's "CAISSE DE / COMMUNAUTÉ"
    # at 14.5 pt beside a 16 pt "CHANCE": a publisher's review)
    return _own_back(ctx, deck.back, deck.colour, (deck, "name", deck.name), f"deck-back-{deck.id}",
                     sub=deck.help_name, icon_name=deck.back.icon or deck.icon,
                     size=_one_size(ctx, "deck-back-pt", _deck_back_fit, BACK_PT[0], deck))


def _deck_back_fit(ctx: Ctx, deck: Deck) -> float:
    """The size a deck's back title fits at on its own, from BACK_PT[0] down."""
    w, h = _size(ctx)
    title = deck.back.title or deck.name
    return fit(str(title).upper(), _back_box(w, h, bool(deck.back.icon or deck.icon)), ctx.fonts.title, BACK_PT[0],
               min(ctx.min_pt, BACK_PT[0]), wrap_below=BACK_PT[1], style=ctx.style).size


def _own_back(ctx: Ctx, back: DeckBack, colour: str, label: tuple, key: str, sub: str | None = None,
              icon_name: str | None = None, size: float = BACK_PT[0]) -> scene.Group:
    """A back a set of cards declares (``back``: its title, icon and colour), each falling back on the set's own:
    ``colour``, and ``label`` (the entity, field and text that name the set where the back has no title); its
    title at ``size`` at most."""
    owner, field_name, text = (back, "title", back.title) if back.title else label
    w, h = _size(ctx)
    return _plain_back(ctx, w, h, back.colour or colour, str(text).upper(), key, owner, field_name, sub=sub,
                       icon_name=icon_name, size=size)


# ---------------------------------------------------------------------------- reference cards
def reference_back(ctx: Ctx) -> scene.Group:
    """The reference cards' back: reference.yaml's own (``back``: its title, icon and colour, the colour by default
    the cards' title band), else the game's back, as the title cards have."""
    ref = ctx.kit.reference
    if ref.back is None:
        return game_back(ctx)
    return _own_back(ctx, ref.back, ref.colour or ctx.colours.accent,
                     (ref, "back", words.of(ctx.kit.language)["reference_back"]), "reference-back", icon_name=ref.back.icon)


def reference_items(ctx: Ctx) -> list[Item]:
    w, h = _size(ctx)
    back = reference_back(ctx)
    items = []
    cards = reference_cards(ctx)
    size, leading = reference_text_pt(ctx), reference_leading(ctx)
    for card in cards:
        for n, front in enumerate(reference_fronts(ctx, card, size, leading), 1):
            cid = card.id if n == 1 else f"{card.id}-{n}"
            for k in range(card.copies):
                suffix = f"-{k + 1}" if card.copies > 1 else ""
                items.append(Item(id=f"ref-{cid}{suffix}", kind="reference", width=w, height=h,
                                  front=front, back=back, source=card))
    return items


def reference_cards(ctx: Ctx) -> list[RefCard]:
    """The reference deck's cards: reference.yaml's, then the credits card (``credits_card``) where there is one."""
    credits = credits_card(ctx)
    return list(ctx.kit.reference.cards) + ([credits] if credits is not None else [])


def credits_card(ctx: Ctx) -> RefCard | None:
    """Every kit's credits card, from one template: game.yaml's credits, a paragraph each, under pnp's word for
    credits in the edition's language (pnp/words.py); None without credits, or when reference.yaml has its own
    card with the id ``credits``."""
    game = ctx.kit.game
    if not game.credits or any(c.id == "credits" for c in ctx.kit.reference.cards):
        return None
    card = RefCard(id=Id("credits"), title=Label(words.of(ctx.kit.language)["credits"]),
                   text=Text("\n\n".join(" ".join(str(line).split()) for line in game.credits)))
    card.loc, card.path = game.at("credits"), "credits"
    card.locs = {"title": game.at("credits"), "text": game.at("credits")}
    return card


#: mm from a reference card's top to its title band's foot, where a deck card's band has its foot (``_band``), so
#: that where a sheet holds both their bands meet in one line (14 mm stepped 1 mm down from a deck's: the second
#: review); both bands stand inside the card's frame
REF_BAND = 13.0
REF_PT = (8.0, 10.0)  # pt: a reference card's text, the smallest and the largest; longer texts go on more cards
REF_MARGIN = FRAME + 2.5  # mm: the text's margin on a reference card, 2.5 mm inside its frame
REF_UNDER = 3.5  # mm from a reference card's band to the room under it (the text as far under it as from the sides)
REF_TOP = REF_BAND + REF_UNDER  # mm from the card's top to the room under its band
#: mm a reference card's band is deeper by for each line its title takes past one (at REF_TITLE_PT[1], the least it
#: is set at on one): the band was drawn for one line, and two filled it edge to edge
REF_BAND_MORE = 4.0
REF_TITLE_PT = (10.5, 9.0)  # pt: a reference card's title, the largest, and the least before it takes two lines
#: lines a reference card's band grows to hold at most: a longer title does not fit it (E-text-overflow names it)
REF_TITLE_LINES = 3


def reference_text_pt(ctx: Ctx) -> float:
    """The one size of the reference cards' texts, the credits card's included: the smallest of the cards' own
    sizes (``_reference_pt``), each the largest up to REF_PT[1] at which the card's text, split between cards at
    that size, takes no more cards than it needs at REF_PT[0]."""
    key = ("reference-text-pt",)
    if key not in ctx.memo:
        cards = reference_cards(ctx)
        ctx.memo[key] = min((_reference_pt(ctx, card) for card in cards if card.text), default=REF_PT[1])
    return ctx.memo[key]


def _reference_band(ctx: Ctx, title: str) -> float:
    """mm from a reference card's top to its band's foot on a face titled ``title``: REF_BAND, REF_BAND_MORE deeper
    for each line the title takes past one, up to REF_TITLE_LINES (``_reference_face`` sets it)."""
    key = ("reference-band", title)
    if key not in ctx.memo:
        w, _ = _size(ctx)
        lines = fit(title, (0.0, 0.0, w - 2 * BAND_TEXT_X, 40.0), ctx.fonts.heading, REF_TITLE_PT[0],
                    REF_TITLE_PT[1], style=ctx.style).lines
        ctx.memo[key] = REF_BAND + REF_BAND_MORE * (min(lines, REF_TITLE_LINES) - 1)
    return ctx.memo[key]


def _reference_room(ctx: Ctx, card: RefCard) -> tuple[float, float, float]:
    """The top of the room under a reference card's band on its first face, the room its table wants under the
    text, and the top of the room on the faces that continue it (their title is longer: its band may be deeper)."""
    h = _size(ctx)[1]
    top = h - _reference_band(ctx, card.title) - REF_UNDER  # as _reference_face leaves it
    rest = h - _reference_band(ctx, _continued(ctx, card)) - REF_UNDER
    table = ctx.kit.table(card.table)
    return top, (_table_need(ctx, table, top) if table is not None else 0.0), rest


def _continued(ctx: Ctx, card: RefCard) -> str:
    """The title of the faces that continue a reference card."""
    return f"{card.title} ({ctx.kit.game.terms.continued})"


def _reference_pt(ctx: Ctx, card: RefCard) -> float:
    """A reference card's own size: the largest up to REF_PT[1] at which its text, split at that size, fits at
    it on no more cards than at REF_PT[0] (its table starting where it would)."""
    top, need, rest = _reference_room(ctx, card)

    def faces(size: float) -> int | None:
        chunks, fitted, kept = _reference_split(ctx, card.text, top, need, size, rest)
        return len(chunks) + (1 if need and not kept else 0) if fitted else None

    fewest = faces(REF_PT[0])
    size = REF_PT[1]
    while size > REF_PT[0]:
        n = faces(size)
        if n is not None and (fewest is None or n <= fewest):
            return size
        size -= 0.25
    return REF_PT[0]


def reference_fronts(ctx: Ctx, card: RefCard, text_pt: float | None = None,
                     leading: float | None = None) -> list[scene.Group]:
    """A reference card's face, or several when its text or table is too long for one card: the text, split
    between paragraphs or list items, and then the table continue on the next cards, under the title marked
    with terms.continued, rather than shrink below REF_PT (text) or print.min_text_pt (table). The text prints
    at ``text_pt``, the one size of every reference card's text (``reference_text_pt``), or alone at its own
    (``_reference_pt``), split at the size it prints at, its lines ``leading`` apart (the deck's one leading,
    ``reference_leading``; alone, as far apart as its own room allows); a paragraph longer than a card at it is
    set smaller and W-text-shrunk names the card."""
    w, h = _size(ctx)
    table = ctx.kit.table(card.table)
    g, top = _reference_face(ctx, card, card.title)
    faces: list[scene.Group] = []
    need = _reference_room(ctx, card)[1]
    if card.text:
        size = text_pt if text_pt is not None else _reference_pt(ctx, card)
        for i, (chunk, box, block, room) in enumerate(_reference_blocks(ctx, card, size)):
            if i:
                faces.append(g)
                g, top = _reference_face(ctx, card, _continued(ctx, card))
            spaced = leading if leading is not None else _reference_leading(block, room)
            if spaced > REF_LEADING[0] + 1e-6:  # the same lines, further apart
                block = ctx.fit(chunk, box, ctx.fonts.body, size, card, "text", min_size=ctx.min_pt, mode="para",
                                align="left", valign="top", leading=spaced)
            g.add(*block.shapes)
            if block.size < size - 1e-9 and not block.overflow:  # a paragraph longer than a card at the size
                ctx.problems.report(TEXT_SHRUNK, card.at("text"), card.sub("text"),
                                    f"reference card {str(card.id)!r} is set at {block.size:g} pt where the other "
                                    f"reference cards are at {size:g} pt (a paragraph of it is longer than a "
                                    f"card at that size): shorten it or break it into paragraphs")
        top -= block.height + 2.5
    if table is None:
        return faces + [g]
    if top - 5 < need - 1e-6:  # the text left too little room: the table starts on the next card
        faces.append(g)
        g, top = _reference_face(ctx, card, _continued(ctx, card))
    rows = list(table.rows)
    while True:
        shapes, rows = flow_table(ctx, replace(table, rows=rows), (5, 5, w - 10, top - 5), ctx.colours.ink,
                                  mix(ctx.colours.paper, ctx.colours.ink, 0.12),
                                  continued=len(rows) < len(table.rows))  # begun on an earlier card
        g.add(*shapes)
        faces.append(g)
        if not rows:
            return faces
        g, top = _reference_face(ctx, card, _continued(ctx, card))


#: a reference card's text's leading (its line pitch over its size): the text's own, and the most the deck's
#: lines are set apart to use their cards' room (a list that filled two thirds of its card left the rest empty: a
#: publisher's review); one leading for the deck, as far apart as its fullest card allows (each card its own
#: leading read as a change of type from card to card: the seventh review)
REF_LEADING = (1.2, 1.4)


def _reference_blocks(ctx: Ctx, card: RefCard, size: float) -> list[tuple[str, tuple, object, float]]:
    """A reference card's text as its faces hold it at ``size``: for each face, its chunk of the text, the box it
    is set in, the text fitted there at REF_LEADING[0], and the room it may fill (its table's kept clear under
    the last chunk)."""
    w, _ = _size(ctx)
    first, need, rest = _reference_room(ctx, card)
    table = ctx.kit.table(card.table)
    chunks, _, _ = _reference_split(ctx, card.text, first, need, size, rest)
    out = []
    for i, chunk in enumerate(chunks):
        top = rest if i else first
        box = (REF_MARGIN, REF_MARGIN, w - 2 * REF_MARGIN, top - REF_MARGIN)
        block = ctx.fit(chunk, box, ctx.fonts.body, size, card, "text", min_size=ctx.min_pt, mode="para",
                        align="left", valign="top")
        room = box[3] - (need + 2.5 if table is not None and i == len(chunks) - 1 else 0.0)
        out.append((chunk, box, block, room))
    return out


def reference_leading(ctx: Ctx) -> float:
    """The one leading of the reference cards' texts, the credits card's included: the least of the leadings at
    which each face's text would fill its room (``_reference_leading``), so the fullest card sets the deck's."""
    key = ("reference-leading",)
    if key not in ctx.memo:
        size = reference_text_pt(ctx)
        cards = reference_cards(ctx)
        ctx.memo[key] = min((_reference_leading(block, room) for card in cards if card.text
                             for _, _, block, room in _reference_blocks(ctx, card, size)), default=REF_LEADING[0])
    return ctx.memo[key]


def _reference_leading(block, room: float) -> float:
    """The leading at which a reference card's text, fitted at REF_LEADING[0] (``block``), fills ``room`` mm
    (less 0.3 mm: the lines break alike at any leading), up to REF_LEADING[1]."""
    if block.overflow or block.lines < 2 or block.size < 0.01:
        return REF_LEADING[0]
    ends = (CAP + DESC) * block.size * PT  # the first line's capitals, the last line's descenders
    pitch = (block.height - ends) / REF_LEADING[0]  # the lines' and paragraph gaps' pitch, per unit of leading
    if pitch <= 0:
        return REF_LEADING[0]
    return max(REF_LEADING[0], min(REF_LEADING[1], (room - 0.3 - ends) / pitch))


def _table_need(ctx: Ctx, table, top: float) -> float:
    """The room (mm) a reference card's table wants under its text: all of it in compact rows, or, for a table
    longer than a card, its title, heading and a few rows (the rest continues on the next cards)."""
    row = row_height(ctx) * 1.25
    whole = (TITLE_H if table.title else 0.0) + (len(table.rows) + 1) * row
    return min(whole, (TITLE_H if table.title else 0.0) + 4 * row, top - 5)


def _units(text: str) -> list[str]:
    """Where a reference text may break between cards: before each paragraph and each list item."""
    units: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        cur: list[str] = []
        for line in lines:
            if re.match(r"^\s*(-|•|\d+[.)])\s+", line) and cur:
                units.append("\n".join(cur))
                cur = []
            cur.append(line)
        units.append("\n".join(cur))
        units.append("")  # a paragraph ends
    return units[:-1]


def _join(units: list[str]) -> str:
    return "\n".join("" if u == "" else u for u in units).strip("\n")


def _reference_split(ctx: Ctx, text: str, top: float, reserve: float,
                     size: float, rest: float | None = None) -> tuple[list[str], bool, bool]:
    """The text as it goes on one or more cards (the room under the band from ``top`` on the first, from ``rest``
    on those continuing it) at ``size``: the chunks, each as long as fits at that size (split between paragraphs
    and list items), whether every chunk fits at it (a paragraph longer than a card does not), and whether the last
    one leaves ``reserve`` mm under it (for a table). The split and the size the text prints at are the same, so
    they never disagree."""
    w, _ = _size(ctx)
    font = ctx.fonts.body
    rest = top if rest is None else rest

    def fits(t: str, n: int, keep: float = 0.0) -> bool:  # on the card's face ``n`` (0 the first)
        room = (rest if n else top) - REF_MARGIN - keep
        box = (REF_MARGIN, REF_MARGIN + keep, w - 2 * REF_MARGIN, room)
        return box[3] > 0 and text_fits(t, box, font, size, size, mode="para", style=ctx.style)

    chunks: list[str] = []
    cur: list[str] = []
    for u in _units(text):
        trial = cur + [u]
        if cur and u and not fits(_join(trial), len(chunks)):
            chunks.append(_join(cur))
            cur = [u]
        else:
            cur = trial
    if _join(cur):
        chunks.append(_join(cur))
    chunks = [c for c in chunks if c.strip()] or [text]
    kept = bool(reserve) and fits(chunks[-1], len(chunks) - 1, reserve + 2.5)
    return chunks, all(fits(c, n) for n, c in enumerate(chunks)), kept


def _reference_face(ctx: Ctx, card: RefCard, title: str) -> tuple[scene.Group, float]:
    """The card's paper and title band; returns the face and the top of the room under the band."""
    w, h = _size(ctx)
    c, f = ctx.colours, ctx.fonts
    colour = ctx.kit.reference.colour or c.accent
    # the band inside the card's frame, its foot where a deck card's is, as the deck cards and title deeds have
    # theirs (the reference fronts alone ran theirs off the card, frameless: review 11)
    depth = _reference_band(ctx, title)  # deeper for a title of two lines
    band, frame = _band_and_frame(w, h, h - depth, colour, c.paper)
    g = scene.Group([bleed_rect(w, h, ctx.reach, c.paper), band])
    x = BAND_TEXT_X
    g.add(*recolour(ctx.fit(title, (x, h - depth + 0.4, w - 2 * x, band.h - 0.8), f.heading, REF_TITLE_PT[0],
                            card, "title", wrap_below=REF_TITLE_PT[1], leading=NAME_LEADING).shapes,
                    contrast(colour)))
    g.add(frame)
    return g, h - depth - REF_UNDER
