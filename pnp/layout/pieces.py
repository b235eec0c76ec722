"""Money (notes and chips) and counters (houses, hotels, markers) and player standees."""
from __future__ import annotations

import math

from .. import scene
from ..model import Counter, Denomination, Token
from ..fonts import PT, text_width
from ..vision import luminance
from ..money import format_money, group_digits
from ..supply import printed
from ..text import CAP, DESC
from . import guilloche
from .common import SHRINK_WARNING, Ctx, Item, bleed_rect, contrast, mix, recolour
from .icons import _arc, icon


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


def _field(w: float, h: float, colour: str, border: float, radius: float) -> scene.Rect:
    """The coloured field of an item that shares its cuts (a note, a counter): ``border`` mm of bare paper inside
    its trim."""
    return scene.Rect(border, border, w - 2 * border, h - 2 * border, fill=colour, radius=radius)


def _note_field(w: float, h: float, colour: str) -> scene.Rect:
    return _field(w, h, colour, NOTE_BORDER, 1.5)


#: mm from the trim: the border band of waves (its outer and inner edges) that frames each face; nothing
#: that matters is nearer the trim than SAFE (a cut a little off eats into the paper border, not into the art)
SAFE = 4.0
BAND_OUT, BAND_IN = 4.3, 9.0
#: mm: the corner cartouches' height, and the most a long value (1 000 000) widens them
CORNER_H, CORNER_W_MAX = 8.0, 20.5
CORNER_PT = 11.0  # pt: the value in a note's corners
VALUE_PT = 26.0  # pt: the value in the front's cartouche
PLAQUE_GAP = 2.0  # mm between a corner cartouche and the title's plaque


CORNER_PAD = 1.6  # mm from a corner cartouche's edge to its value's box: 1.45 mm of air inside its 0.3 mm rule
#: mm the title's plaque keeps between the corner cartouches when a value too long for CORNER_W_MAX widens them
PLAQUE_LEAST = 30.0


def _corner_width(ctx: Ctx, number: str, w: float) -> float:
    """A corner cartouche's width: the value at CORNER_PT with CORNER_PAD each side, no wider than CORNER_W_MAX
    (a long value is set smaller, down to the kit's least text size); a value too long even at that size widens
    the cartouches as far as the title's plaque between them allows, so that it keeps its air at every length."""
    f = ctx.fonts
    cw = min(CORNER_W_MAX, max(CORNER_H + 1, text_width(number, f.title, CORNER_PT) + 2 * CORNER_PAD))
    least = text_width(number, f.title, min(ctx.min_pt, CORNER_PT)) + 2 * CORNER_PAD
    if least > cw:
        cw = max(cw, min(least, (w - PLAQUE_LEAST) / 2 - BAND_OUT - PLAQUE_GAP))
    return cw


def _design(ctx: Ctx, d: Denomination) -> guilloche.Design:
    """The value's guilloché parameters, picked among the kit's values (so that no two look alike)."""
    values = tuple(dict.fromkeys([x.value for x in ctx.kit.money.notes.denominations] + [d.value]))
    key = ("note-designs", values)
    if key not in ctx.memo:
        ctx.memo[key] = guilloche.designs(ctx.kit.id, values)
    return ctx.memo[key][d.value]


def _band(w: float, h: float, ds: guilloche.Design, colour: str, rule: str, phase: float = 0.0) -> list:
    """The border band: interlaced waves between two rules, BAND_OUT … BAND_IN mm inside the trim."""
    mid, half = (BAND_OUT + BAND_IN) / 2, (BAND_IN - BAND_OUT) / 2
    out = guilloche.band(mid, mid, w - 2 * mid, h - 2 * mid, 3.0, half - 0.5, ds.period, ds.band_strokes, colour,
                         0.15, ds.phase + phase)
    out.append(scene.Rect(BAND_OUT, BAND_OUT, w - 2 * BAND_OUT, h - 2 * BAND_OUT, stroke=rule, width=0.3, radius=2.0))
    out.append(scene.Rect(BAND_IN, BAND_IN, w - 2 * BAND_IN, h - 2 * BAND_IN, stroke=rule, width=0.15, radius=0.8))
    return out


def _rosette(cx: float, cy: float, r: float, ds: guilloche.Design, ground: str, outer: str, inner: str) -> list:
    """The value's rosette, radius r, on a disc of the plain ground: a woven ring round a trochoid star round a
    smaller one (the hub)."""
    amp = r * 0.1
    out: list = [scene.Circle(cx, cy, r + 0.5, fill=ground)]
    out += guilloche.ring(cx, cy, r - amp, amp, ds.lobes, ds.ring_strokes, outer, 0.15, ds.phase)
    out += guilloche.trochoid(cx, cy, r - 2.2 * amp, ds.k, ds.depth, ds.strokes, inner, 0.12, ds.phase)
    out += guilloche.trochoid(cx, cy, r * 0.42, ds.hub, ds.hub_depth, 5, outer, 0.12, -ds.phase)
    return out


def _web(w: float, h: float, ds: guilloche.Design, colour: str) -> scene.Group:
    """The background web seen through the frame: a trochoid wider than the note, turned copies of it sweeping
    across the field."""
    radius = 0.6 * w
    web = guilloche.trochoid(w / 2, h / 2, radius, ds.web, ds.web_depth, ds.web_strokes, colour, 0.12, ds.phase)
    return scene.Group(web, clip=(BAND_IN, BAND_IN, w - 2 * BAND_IN, h - 2 * BAND_IN))


def note_front(ctx: Ctx, d: Denomination) -> scene.Group:
    w, h = _note_size(ctx)
    game, f = ctx.kit.game, ctx.fonts
    cur = game.currency
    ds = _design(ctx, d)
    ink = mix(d.colour, "#000000", 0.65)
    light = mix(d.colour, "#ffffff", 0.6)
    g = scene.Group([_note_field(w, h, d.colour)], key=f"note-front-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed))
    g.add(_web(w, h, ds, mix(d.colour, ink, 0.22)))
    g.add(*_band(w, h, ds, mix(d.colour, ink, 0.45), ink))
    # the rosette in the middle of the frame, the value's cartouche over its heart
    r = min(17.0, (h - 2 * BAND_IN) / 2 - 0.8)
    g.add(*_rosette(w / 2, h / 2, r, ds, d.colour, mix(d.colour, ink, 0.4), mix(d.colour, ink, 0.55)))
    value = format_money(d.value, cur)
    # the value clear of the cartouche's round ends: its box starts where their curve is within 1 mm of the
    # straight sides (4 mm in set a seven-figure value's ends 1 mm from the curve: a review)
    vh = 15.0
    pad = vh / 2 - 1.0
    vw = min(w - 2 * BAND_IN - 4, max(28.0, text_width(value, f.title, VALUE_PT) + 2 * pad))
    g.add(scene.Rect(w / 2 - vw / 2, h / 2 - vh / 2, vw, vh, fill=light, stroke=ink, width=0.3, radius=vh / 2))
    g.add(scene.Rect(w / 2 - vw / 2 + 1, h / 2 - vh / 2 + 1, vw - 2, vh - 2, stroke=mix(light, ink, 0.5), width=0.12,
                     radius=vh / 2 - 1))
    g.add(*recolour(ctx.fit(value, (w / 2 - vw / 2 + pad, h / 2 - vh / 2 + 1.5, vw - 2 * pad, vh - 3), f.title,
                            VALUE_PT, d, "value", what="denomination").shapes, ink))
    # the corner values, each in a cartouche over the band's corner
    number = group_digits(d.value, cur.thousands)
    cw = _corner_width(ctx, number, w)
    for (x, y) in ((BAND_OUT, h - BAND_OUT - CORNER_H), (w - BAND_OUT - cw, h - BAND_OUT - CORNER_H),
                   (BAND_OUT, BAND_OUT), (w - BAND_OUT - cw, BAND_OUT)):
        g.add(scene.Rect(x, y, cw, CORNER_H, fill=light, stroke=ink, width=0.3, radius=1.5))
        g.add(*recolour(ctx.fit(number, (x + CORNER_PAD, y + 1, cw - 2 * CORNER_PAD, CORNER_H - 2), f.title,
                                CORNER_PT, d, "value",
                                what="corner value").shapes, ink))
    # the title on a plaque over the top band, the currency's name on one over the bottom band, clear of the corners
    side = BAND_OUT + cw + PLAQUE_GAP
    title = ctx.kit.money.notes.title or game.title
    src = ctx.kit.money.notes if ctx.kit.money.notes.title else game
    name, field = (cur.one, "one") if d.value == 1 and cur.one else (cur.name, "name")
    for text, y, font, size, source, fname, what in (
            (title.upper(), h - BAND_IN - 0.4, f.heading, 8, src, "title", "note title"),
            (name.upper(), BAND_OUT, f.body, 7, cur, field, "currency name")):
        pw = min(w - 2 * side, text_width(text, font, size) + 7)
        ph = BAND_IN - BAND_OUT + 0.4
        g.add(scene.Rect(w / 2 - pw / 2, y, pw, ph, fill=light, stroke=ink, width=0.25, radius=1.2))
        g.add(*recolour(ctx.fit(text, (w / 2 - pw / 2 + 2, y + 0.4, pw - 4, ph - 0.8), font, size, source, fname,
                                what=what).shapes, ink))
    return g


BACK_NUMERAL_PT = 30.0  # pt: the value on a note's back
ROSETTE, ROSETTE_LEAST = 14.0, 5.0  # mm: a back rosette's radius, and the least it shrinks to for a long value
NUMERAL_AIR = 4.0  # mm between the back's numeral and each rosette (2 mm crowded 1 000 000 F: the seventh review)


def note_back(ctx: Ctx, d: Denomination) -> scene.Group:
    w, h = _note_size(ctx)
    game, f = ctx.kit.game, ctx.fonts
    ds = _design(ctx, d)
    dark = mix(d.colour, "#000000", 0.25)
    ink = contrast(dark)
    g = scene.Group([_note_field(w, h, dark)], key=f"note-back-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed))
    g.add(_web(w, h, ds, mix(dark, ink, 0.2)))
    g.add(*_band(w, h, ds, mix(dark, ink, 0.4), ink, phase=math.pi / 2))
    numeral = format_money(d.value, game.currency)  # as the face's cartouche writes it, its currency with it
    # the numeral between the two rosettes: a long one (1 000 000 F) makes them smaller, never runs over them
    half = text_width(numeral, f.title, BACK_NUMERAL_PT) / 2 + NUMERAL_AIR
    r = max(ROSETTE_LEAST, min(ROSETTE, (h - 2 * BAND_IN) / 2 - 1.5, (w / 2 - half - BAND_IN - 1.0) / 2))
    for x in (BAND_IN + 1.0 + r, w - BAND_IN - 1.0 - r):
        g.add(*_rosette(x, h / 2, r, ds, dark, mix(dark, ink, 0.35), mix(dark, "#ffffff", 0.45)))
    room = w - 2 * (BAND_IN + 1.0 + 2 * r + NUMERAL_AIR)
    # the numeral on the plain ground: the web stops round it
    nw = min(room, text_width(numeral, f.title, BACK_NUMERAL_PT) + 6)
    g.add(scene.Rect(w / 2 - nw / 2, h / 2 - 8, nw, 16, fill=dark, radius=8))
    g.add(*recolour(ctx.fit(numeral, (w / 2 - room / 2, h / 2 - 7, room, 14), f.title, BACK_NUMERAL_PT, d,
                            "value", what="denomination").shapes, ink))
    title = game.title.upper()
    pw = min(w - 2 * (BAND_IN + 6), text_width(title, f.heading, 8) + 7)
    ph = BAND_IN - BAND_OUT + 0.4
    g.add(scene.Rect(w / 2 - pw / 2, h - BAND_IN - 0.4, pw, ph, fill=dark, stroke=ink, width=0.25, radius=1.2))
    g.add(*recolour(ctx.fit(title, (w / 2 - pw / 2 + 2, h - BAND_IN, pw - 4, ph - 0.8), f.heading, 8, game, "title",
                            what="note title").shapes, ink))
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


#: a chip's parts as shares of its radius: the light inlay in the middle (a real chip's paper label, about two
#: thirds of the chip across), where the edge spots start, the fine ring printed inside the inlay's edge
INLAY, INSERT_FROM, INLAY_RING = 0.64, 0.75, 0.9
INSERTS, INSERT_DEG = 6, 17.0  # edge spots round the rim, each this many degrees wide
CHIP_VALUE_PT, CHIP_UNIT_PT = 14.0, 6.5  # pt: the value on the inlay, and the currency's unit under it
CHIP_GAP = 0.5  # mm between the value and the unit
CHIP_RING_W = 0.2  # mm: the inlay's fine ring
#: mm: the least air between a text's box (its advance, from its descent to its capitals' top) and the inlay's fine
#: ring, measured to the ring's inner edge: 0.5 mm left "1,000" crowding the ring; the value is set smaller instead
CHIP_AIR = 1.5
CHIP_PAD = CHIP_AIR + CHIP_RING_W / 2  # mm from a text's box to the ring's centre line
#: mm: what a value too long for CHIP_AIR even at the kit's least text size keeps (a 7-digit value on a 20 mm chip)
CHIP_PAD_LEAST = 0.6


def _insert(cx: float, cy: float, r0: float, r1: float, a: float, span: float, colour: str) -> scene.Path:
    """An edge spot: the ring between radii r0 and r1, ``span`` degrees wide, centred on angle ``a``."""
    ops = _arc(cx, cy, r1, r1, a - span / 2, a + span / 2)
    ops += _arc(cx, cy, r0, r0, a + span / 2, a - span / 2, "L") + [("Z",)]
    return scene.Path(tuple(ops), fill=colour)


def _chip_block(ctx: Ctx, d: Denomination, room: float, size: float) -> float | None:
    """Where the value (at ``size`` pt) and the unit under it sit on an inlay whose text must stay within
    ``room`` mm of its centre: the block's centre above the inlay's (mm; a block centred when it can be, else
    moved down until the wide value sits nearer the middle), or None if the value does not fit at that size."""
    value, unit = _chip_texts(ctx, d)
    f = ctx.fonts
    hv, hu = (CAP + DESC) * size * PT, (CAP + DESC) * CHIP_UNIT_PT * PT
    wv, wu = text_width(value, f.title, size) / 2, text_width(unit, f.heading, CHIP_UNIT_PT) / 2
    total = hv + CHIP_GAP + hu
    lowest = total / 2 - hv / 2  # the value's box centred on the inlay's
    for k in range(0, 41):
        y0 = -lowest * k / 40
        top, split, bottom = y0 + total / 2, y0 + total / 2 - hv, y0 - total / 2
        if (wv ** 2 + max(top ** 2, split ** 2) <= room ** 2
                and wu ** 2 + max(bottom ** 2, (bottom + hu) ** 2) <= room ** 2):
            return y0
    return None


def _chip_texts(ctx: Ctx, d: Denomination) -> tuple[str, str]:
    cur = ctx.kit.game.currency
    return group_digits(d.value, cur.thousands), cur.symbol


def chip_value_pt(ctx: Ctx, dia: float) -> float:
    """The one size of the value on every chip of the kit: the largest (up to CHIP_VALUE_PT) at which each
    chip's value and unit fit its inlay, but never under CHIP_VALUE_PT × SHRINK_WARNING (a chip whose value
    needs less, 1 000 000 beside 10, is set smaller alone)."""
    key = ("chip-value-pt", dia)
    if key not in ctx.memo:
        room = dia / 2 * INLAY * INLAY_RING - CHIP_PAD
        sizes = [next((s for s in _steps(CHIP_VALUE_PT, ctx.min_pt) if _chip_block(ctx, d, room, s) is not None),
                      ctx.min_pt) for d in ctx.kit.money.chips.denominations]
        ctx.memo[key] = max(min(sizes, default=CHIP_VALUE_PT), CHIP_VALUE_PT * SHRINK_WARNING)
    return ctx.memo[key]


def _steps(top: float, least: float):
    s = top
    while s >= least - 1e-9:
        yield s
        s -= 0.25


def chip_face(ctx: Ctx, d: Denomination, dia: float) -> scene.Group:
    """A casino chip seen from above: the chip's colour as the rim, edge spots (inserts) round it running off
    the trim as on a real chip's edge, and a light inlay in the middle with the value in the kit's ink, the
    currency's unit small under it: one ink on every value, whatever the chip's colour."""
    r = dia / 2
    ri = r * INLAY
    dark = mix(d.colour, "#000000", 0.45)
    light = luminance(d.colour) > 0.4  # a white or pale chip: dark spots, a darker rim round the inlay
    spot = ctx.colours.ink if light else "#ffffff"
    g = scene.Group([scene.Circle(r, r, r + ctx.bleed, fill=d.colour)], key=f"chip-{d.value}",
                    bounds=(-ctx.bleed, -ctx.bleed, dia + 2 * ctx.bleed, dia + 2 * ctx.bleed))
    for i in range(INSERTS):
        g.add(_insert(r, r, r * INSERT_FROM, r + ctx.bleed, 90 + 360 * i / INSERTS, INSERT_DEG, spot))
    # no ink on the trim: a cut a little off either way shows the chip's colour and spots; the sheet marks the cut
    # with a guide circle in the bleed (impose), a print shop's die follows the trim
    # the inlay: a pale tint of the chip's colour, edged in the chip's darker shade, a fine ring inside it
    tint = mix(d.colour, "#ffffff", 0.85)
    edge = dark if light else mix(d.colour, "#000000", 0.2)
    g.add(scene.Circle(r, r, ri, fill=tint, stroke=edge, width=0.45))
    g.add(scene.Circle(r, r, ri * INLAY_RING, stroke=mix(edge, tint, 0.35), width=CHIP_RING_W))
    ink = ctx.colours.ink
    value, unit = _chip_texts(ctx, d)
    room = ri * INLAY_RING - CHIP_PAD
    size = chip_value_pt(ctx, dia)
    y0 = _chip_block(ctx, d, room, size)
    if y0 is None:  # a value longer than the kit's others: smaller alone, as large as it fits
        size = next((s for s in _steps(size, ctx.min_pt) if _chip_block(ctx, d, room, s) is not None), None)
        if size is None:  # too long even at the least size (7 digits on a 20 mm chip): less air, down to the least
            room = next((ri * INLAY_RING - pad for pad in _steps(CHIP_PAD, CHIP_PAD_LEAST)
                         if _chip_block(ctx, d, ri * INLAY_RING - pad, ctx.min_pt) is not None),
                        ri * INLAY_RING - CHIP_PAD_LEAST)
            size = ctx.min_pt
        y0 = _chip_block(ctx, d, room, size) or 0.0
    hv, hu = (CAP + DESC) * size * PT, (CAP + DESC) * CHIP_UNIT_PT * PT
    total = hv + CHIP_GAP + hu
    top = r + y0 + total / 2
    half = math.sqrt(max(room ** 2 - max((top - r) ** 2, (top - hv - r) ** 2), 0.0))
    g.add(*recolour(ctx.fit(value, (r - half, top - hv, 2 * half, hv), ctx.fonts.title, size, d, "value",
                            what="chip value").shapes, ink))
    bottom = r + y0 - total / 2
    half = math.sqrt(max(room ** 2 - max((bottom - r) ** 2, (bottom + hu - r) ** 2), 0.0))
    g.add(*recolour(ctx.fit(unit, (r - half, bottom, 2 * half, hu), ctx.fonts.heading, CHIP_UNIT_PT,
                            ctx.kit.game.currency, "symbol", what="chip unit").shapes, ink))
    return g


# ---------------------------------------------------------------------------- counters
def counter_items(ctx: Ctx) -> list[Item]:
    items = []
    for c in ctx.kit.counters.counters:
        face = counter_face(ctx, c)
        for k in range(c.count):
            items.append(Item(id=f"{c.id}-{k + 1}", kind=c.id, width=float(c.size), height=float(c.size),
                              front=face, back=face, cut="shared"))
    return items


#: mm of bare paper inside a counter's trim. Counters are butted and share their cuts, as notes do: one cut per
#: line rather than two either side of a gutter, no mark on a neighbour's colour (a shared cut is marked in the
#: sheet's margin only), a cut 1 mm off shows paper; and a sheet holds more of them (22 mm counters on A4: 96,
#: not 70 with 6 mm gutters)
COUNTER_BORDER = 1.5
COUNTER_PAD = 0.6  # mm between the coloured field's edge and the label's box


def counter_face(ctx: Ctx, c: Counter) -> scene.Group:
    s = float(c.size)
    ink = contrast(c.colour)
    b = COUNTER_BORDER
    f = s - 2 * b  # the coloured field, inside the paper border
    g = scene.Group([_field(s, s, c.colour, b, min(1.0, f / 10))], key=f"counter-{c.id}",
                    bounds=(-ctx.bleed, -ctx.bleed, s + 2 * ctx.bleed, s + 2 * ctx.bleed))
    # the counter's icon, else a building's own, where a building is drawn
    shape = c.icon or (c.shape if c.shape in ("house", "hotel", "flats", "villa") else None)
    if shape and c.label:  # the icon in the room over the label's box, clear of it by COUNTER_PAD
        floor = max(s * 0.06, b + COUNTER_PAD) + s * 0.22 + COUNTER_PAD
        room = min(s * 0.62, s - b - COUNTER_PAD - floor)
        g.add(icon(shape, s / 2, floor + room / 2, room, ink, c.colour))
    elif shape:
        g.add(icon(shape, s / 2, s / 2, s * 0.62, ink, c.colour))
    elif c.shape == "disc":
        g.add(scene.Circle(s / 2, s / 2, s * 0.36, stroke=ink, width=0.5))
    else:
        g.add(scene.Rect(s * 0.18, s * 0.18, s * 0.64, s * 0.64, stroke=ink, width=0.5))
    if c.label:  # across the field, clear of its edge
        lx, ly = b + COUNTER_PAD, max(s * 0.06, b + COUNTER_PAD)
        g.add(*recolour(ctx.fit(c.label, (lx, ly, s - 2 * lx, s * 0.22), ctx.fonts.heading, 6.5, c, "label",
                                what="counter label").shapes, ink))
    return g


# ---------------------------------------------------------------------------- player standees
STANDEE_W, STANDEE_FIG, STANDEE_BASE = 25.0, 30.0, 10.0
#: pt: a standee's name under its figure, smaller only where a long name needs it (7 pt read as about 6 beside the
#: other kits' sheets: review 17)
STANDEE_NAME_PT = 8.5


def token_items(ctx: Ctx) -> list[Item]:
    h = 2 * (STANDEE_FIG + STANDEE_BASE)
    return [Item(id=f"token-{t.id}", kind="marker" if t.marker else "token", width=STANDEE_W, height=h,
                 front=standee(ctx, t))
            for t in ctx.kit.counters.tokens]


BASE_FOLD_IN = 0.5  # mm: a standee's base folds are dashed this far inside the base's colour, where they read (on
# the edge of the colour, half of each dash fell on the pale figure and vanished: review 10)


def standee(ctx: Ctx, t: Token) -> scene.Group:
    """A fold-over standee: base, figure, figure (upside down), base; fold along the dashed lines."""
    w, fig, base = STANDEE_W, STANDEE_FIG, STANDEE_BASE
    h = 2 * (fig + base)
    line = ctx.colours.line
    reach = ctx.reach  # the bleed, and a hair under a neighbour's (standees are cut apart, 2 × bleed between trims)
    g = scene.Group([ctx.under_bands(bleed_rect(w, h, reach, mix(t.colour, "#ffffff", 0.75)), h, foot=base, head=base)])
    for y0 in (0.0, h - base):
        g.add(scene.Rect(-reach, y0 - (reach if y0 == 0 else 0), w + 2 * reach, base + reach, fill=t.colour))
    half = _figure(ctx, t, w, fig)
    g.add(scene.Group(half.children, transform=scene.translate(0, base)))
    g.add(scene.Group(half.children, transform=scene.compose(scene.translate(w, h - base), scene.rotate(180))))
    # the folds: the figures' back to back in the board's line colour; each base's on the edge of its colour, in
    # the ink that reads on it (a line-coloured dash there vanished on a black or purple base: review 9)
    g.add(scene.Line(0, base + fig, w, base + fig, line, 0.2, dash=(1.0, 1.0)))
    for y in (base - BASE_FOLD_IN, base + 2 * fig + BASE_FOLD_IN):  # just inside the base's colour
        g.add(scene.Line(0, y, w, y, contrast(t.colour), 0.3, dash=(1.0, 1.0)))
    return g


def _figure(ctx: Ctx, t: Token, w: float, fig: float) -> scene.Group:
    g = scene.Group()
    g.add(scene.Circle(w / 2, fig * 0.6, w * 0.36, fill=t.colour, stroke=ctx.colours.line, width=0.3))
    if t.icon:
        g.add(icon(t.icon, w / 2, fig * 0.6, w * 0.4, contrast(t.colour), t.colour))
    g.add(*ctx.fit(t.name, (2, 1.5, w - 4, 6), ctx.fonts.heading, STANDEE_NAME_PT, t, "name",
                   what="token name").shapes)
    return g
