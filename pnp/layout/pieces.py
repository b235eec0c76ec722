"""Money (notes and chips) and counters (houses, hotels, markers) and player standees."""
from __future__ import annotations

import math

from .. import scene
from ..model import Counter, Denomination, Token
from ..fonts import text_width
from ..money import format_money, group_digits
from ..supply import printed
from .common import Ctx, Item, bleed_rect, contrast, mix, recolour
from .icons import icon


# ---------------------------------------------------------------------------- notes
def note_items(ctx: Ctx) -> list[Item]:
    notes = ctx.kit.money.notes
    if notes is None:
        return []
    items = []
    for d in notes.denominations:
        front, back = note_front(ctx, d), note_back(ctx, d)
        for k in range(printed(ctx.kit, "notes", d)):  # copies for the edition's players (pnp/supply.py)
            items.append(Item(id=f"note-{d.value}-{k + 1}", kind=f"note-{d.value}",
                              width=float(ctx.kit.game.print.note.width), height=float(ctx.kit.game.print.note.height),
                              front=front, back=back, cut="shared"))
    return items


def _note_size(ctx: Ctx) -> tuple[float, float]:
    n = ctx.kit.game.print.note
    return float(n.width), float(n.height)


#: mm of bare paper inside a note's trim: notes are butted and share their cuts, so a cut 1 mm off
#: shows paper, never the neighbour's colour (the way a sheet of money is cut)
NOTE_BORDER = 2.5


def _note_field(w: float, h: float, colour: str) -> scene.Rect:
    return scene.Rect(NOTE_BORDER, NOTE_BORDER, w - 2 * NOTE_BORDER, h - 2 * NOTE_BORDER, fill=colour, radius=1.5)


def _guilloche(cx: float, cy: float, r: float, colour: str, n: int = 14) -> list:
    """A rosette of circles: the fine line work banknotes carry."""
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        out.append(scene.Circle(cx + r * 0.5 * math.cos(a), cy + r * 0.5 * math.sin(a), r * 0.5, stroke=colour, width=0.15))
    return out


CORNER_PT = 11.0  # pt: the value in a note's corners


def note_front(ctx: Ctx, d: Denomination) -> scene.Group:
    w, h = _note_size(ctx)
    game, f = ctx.kit.game, ctx.fonts
    cur = game.currency
    ink = mix(d.colour, "#000000", 0.65)
    g = scene.Group([_note_field(w, h, d.colour)], key=f"note-front-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed))
    g.add(scene.Rect(3.5, 3.5, w - 7, h - 7, stroke=ink, width=0.6, radius=2))
    g.add(scene.Rect(4.6, 4.6, w - 9.2, h - 9.2, stroke=ink, width=0.2, radius=1.5))
    g.add(*_guilloche(w / 2, h / 2, 17, mix(d.colour, ink, 0.35)))
    g.add(scene.Rect(w / 2 - 27, h / 2 - 9, 54, 18, fill=mix(d.colour, "#ffffff", 0.55), stroke=ink, width=0.3,
                     radius=9))
    title = ctx.kit.money.notes.title or game.title
    src = ctx.kit.money.notes if ctx.kit.money.notes.title else game
    number = group_digits(d.value, cur.thousands)
    # the title between the top corners' numbers, clear of them however long they are (1 000 000)
    side = max(22.0, 5.5 + min(16.0, text_width(number, f.title, CORNER_PT)) + 3.0)
    g.add(*recolour(ctx.fit(title.upper(), (side, h - 10.5, w - 2 * side, 5), f.heading, 8, src, "title",
                            what="note title").shapes, ink))
    g.add(*recolour(ctx.fit(format_money(d.value, cur), (w / 2 - 24, h / 2 - 7, 48, 14), f.title, 22, d, "value",
                        what="denomination").shapes, ink))
    name, field = (cur.one, "one") if d.value == 1 and cur.one else (cur.name, "name")
    g.add(*recolour(ctx.fit(name.upper(), (22, 5.5, w - 44, 4.5), f.body, 7, cur, field, what="currency name").shapes,
                    ink))
    for (x, y) in ((5.5, h - 12), (w - 5.5 - 16, h - 12), (5.5, 5.5), (w - 5.5 - 16, 5.5)):
        g.add(*recolour(ctx.fit(number, (x, y, 16, 6.5), f.title, CORNER_PT, d, "value", what="corner value",
                            align="left" if x < w / 2 else "right").shapes, ink))
    return g


BACK_NUMERAL_PT = 26.0  # pt: the value on a note's back
ROSETTE, ROSETTE_LEAST = 14.0, 8.0  # mm: a back rosette's radius, and the least it shrinks to for a long value


def note_back(ctx: Ctx, d: Denomination) -> scene.Group:
    w, h = _note_size(ctx)
    game, f = ctx.kit.game, ctx.fonts
    dark = mix(d.colour, "#000000", 0.25)
    ink = contrast(dark)
    g = scene.Group([_note_field(w, h, dark)], key=f"note-back-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed))
    g.add(scene.Rect(3.5, 3.5, w - 7, h - 7, stroke=ink, width=0.5, radius=2))
    numeral = group_digits(d.value, game.currency.thousands)
    # the numeral between the two rosettes: a long one (1 000 000) makes them smaller, never runs over them
    cx = w * 0.22
    half = text_width(numeral, f.title, BACK_NUMERAL_PT) / 2 + 1.5
    r = max(ROSETTE_LEAST, min(ROSETTE, w / 2 - half - cx))
    for x in (cx, w - cx):
        g.add(*_guilloche(x, h / 2, r, mix(dark, ink, 0.35), 12))
    room = w - 2 * (cx + r + 1.0)
    g.add(*recolour(ctx.fit(numeral, (w / 2 - room / 2, h / 2 - 5, room, 14), f.title, BACK_NUMERAL_PT, d,
                            "value", what="denomination").shapes, ink))
    g.add(*recolour(ctx.fit(game.title.upper(), (20, 6, w - 40, 5), f.heading, 8, game, "title", what="note title").shapes, ink))
    return g


# ---------------------------------------------------------------------------- chips
def chip_items(ctx: Ctx) -> list[Item]:
    chips = ctx.kit.money.chips
    if chips is None:
        return []
    dia = float(chips.diameter)
    items = []
    for d in chips.denominations:
        face = chip_face(ctx, d, dia)
        for k in range(printed(ctx.kit, "chips", d)):
            items.append(Item(id=f"chip-{d.value}-{k + 1}", kind=f"chip-{d.value}", width=dia, height=dia,
                              front=face, back=face, round=True))
    return items


def chip_face(ctx: Ctx, d: Denomination, dia: float) -> scene.Group:
    r = dia / 2
    ink = contrast(d.colour)
    g = scene.Group([scene.Circle(r, r, r + ctx.bleed, fill=d.colour)], key=f"chip-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, dia + 2 * ctx.bleed, dia + 2 * ctx.bleed))
    g.add(scene.Circle(r, r, r * 0.78, stroke=ink, width=0.5))
    for i in range(8):
        a = 2 * math.pi * i / 8
        g.add(scene.Rect(r + r * 0.88 * math.cos(a) - 1, r + r * 0.88 * math.sin(a) - 1, 2, 2, fill=ink))
    g.add(*recolour(ctx.fit(group_digits(d.value, ctx.kit.game.currency.thousands), (r - r * 0.6, r - r * 0.35, r * 1.2, r * 0.7),
                        ctx.fonts.title, 14, d, "value", what="chip value").shapes, ink))
    return g


# ---------------------------------------------------------------------------- counters
def counter_items(ctx: Ctx) -> list[Item]:
    items = []
    for c in ctx.kit.counters.counters:
        face = counter_face(ctx, c)
        for k in range(c.count):
            items.append(Item(id=f"{c.id}-{k + 1}", kind=c.id, width=float(c.size), height=float(c.size),
                              front=face, back=face))
    return items


def counter_face(ctx: Ctx, c: Counter) -> scene.Group:
    s = float(c.size)
    ink = contrast(c.colour)
    g = scene.Group([bleed_rect(s, s, ctx.bleed, c.colour)], key=f"counter-{c.id}",
                    bounds=(-ctx.bleed, -ctx.bleed, s + 2 * ctx.bleed, s + 2 * ctx.bleed))
    shape = {"house": "house", "hotel": "hotel"}.get(c.shape)
    if shape:
        g.add(icon(shape, s / 2, s / 2 + (s * 0.08 if c.label else 0), s * 0.62, ink, c.colour))
    elif c.shape == "disc":
        g.add(scene.Circle(s / 2, s / 2, s * 0.36, stroke=ink, width=0.5))
    else:
        g.add(scene.Rect(s * 0.18, s * 0.18, s * 0.64, s * 0.64, stroke=ink, width=0.5))
    if c.label:
        g.add(*recolour(ctx.fit(c.label, (s * 0.1, s * 0.06, s * 0.8, s * 0.22), ctx.fonts.heading, 6.5, c, "label",
                            what="counter label").shapes, ink))
    return g


# ---------------------------------------------------------------------------- player standees
STANDEE_W, STANDEE_FIG, STANDEE_BASE = 25.0, 30.0, 10.0


def token_items(ctx: Ctx) -> list[Item]:
    h = 2 * (STANDEE_FIG + STANDEE_BASE)
    return [Item(id=f"token-{t.id}", kind="marker" if t.marker else "token", width=STANDEE_W, height=h,
                 front=standee(ctx, t))
            for t in ctx.kit.counters.tokens]


def standee(ctx: Ctx, t: Token) -> scene.Group:
    """A fold-over standee: base, figure, figure (upside down), base; fold along the dashed lines."""
    w, fig, base = STANDEE_W, STANDEE_FIG, STANDEE_BASE
    h = 2 * (fig + base)
    line = ctx.colours.line
    g = scene.Group([bleed_rect(w, h, ctx.bleed, mix(t.colour, "#ffffff", 0.75))])
    for y0 in (0.0, h - base):
        g.add(scene.Rect(-ctx.bleed, y0 - (ctx.bleed if y0 == 0 else 0), w + 2 * ctx.bleed, base + ctx.bleed, fill=t.colour))
    half = _figure(ctx, t, w, fig)
    g.add(scene.Group(half.children, transform=scene.translate(0, base)))
    g.add(scene.Group(half.children, transform=scene.compose(scene.translate(w, h - base), scene.rotate(180))))
    for y in (base, base + fig, base + 2 * fig):
        g.add(scene.Line(0, y, w, y, line, 0.2, dash=(1.0, 1.0)))
    return g


def _figure(ctx: Ctx, t: Token, w: float, fig: float) -> scene.Group:
    g = scene.Group()
    g.add(scene.Circle(w / 2, fig * 0.6, w * 0.36, fill=t.colour, stroke=ctx.colours.line, width=0.3))
    if t.icon:
        g.add(icon(t.icon, w / 2, fig * 0.6, w * 0.4, contrast(t.colour), t.colour))
    g.add(*ctx.fit(t.name, (2, 1.5, w - 4, 6), ctx.fonts.heading, 7, t, "name", what="token name").shapes)
    return g
