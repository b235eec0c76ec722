"""The board's centre and legibility: deck spots drawn as cards and piles, nothing in the centre overlapping,
every board text at least 6 pt and at WCAG contrast 4.5:1 against what is painted under it."""
from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pytest

from pnp import scene
from pnp.content import load_kit
from pnp.fonts import PT
from pnp.layout import board as B
from pnp.layout.common import Ctx
from pnp.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
KITS = ("etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3")
MIN_PT = 6.0


@lru_cache(maxsize=None)
def drawn(name: str):
    kit = load_kit(ROOT / "content" / name, Problems())
    ctx = Ctx(kit, bleed=3.0, problems=Problems())
    return ctx, B.draw_board(ctx)


def _overlap(a, b) -> bool:
    """Whether two convex polygons overlap (separating axes; touching is not overlapping)."""
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            ax, ay = y2 - y1, x1 - x2
            pa, pb = [ax * x + ay * y for x, y in a], [ax * x + ay * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


@pytest.mark.parametrize("name", KITS)
def test_nothing_in_the_centre_overlaps(name):
    ctx, _ = drawn(name)
    things = B.centre_footprints(ctx)
    S, C = float(ctx.kit.board.size), float(ctx.kit.board.corner)
    assert any(what.startswith("deck spot") for what, _, _ in things)
    for what, poly, _ in things:
        assert all(C - 1e-6 <= x <= S - C + 1e-6 and C - 1e-6 <= y <= S - C + 1e-6 for x, y in poly), what
    clashes = [(a[0], b[0]) for i, a in enumerate(things) for b in things[i + 1:]
               if not (a[0].startswith("title") and b[0].startswith("title")) and _overlap(a[1], b[1])]
    assert not clashes, clashes


def test_overlap_is_seen():
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    turned = [(12, 5), (17, 0), (22, 5), (17, 10)]
    assert _overlap(square, [(x + 5, y + 5) for x, y in square])
    assert not _overlap(square, turned) and not _overlap(square, [(x + 10, y) for x, y in square])


def _rounded_cards(group: scene.Group, w: float, h: float) -> list:
    return [s for s in group.children if isinstance(s, scene.Rect) and s.radius > 0
            and abs(s.w - w) < 1e-6 and abs(s.h - h) < 1e-6]


@pytest.mark.parametrize("name", KITS)
def test_deck_spots_are_cards_and_piles(name):
    ctx, _ = drawn(name)
    S = float(ctx.kit.board.size)
    for spot in ctx.kit.board.centre.deck_spots:
        g = B._deck_spot(ctx, spot, S)
        cards = _rounded_cards(g, *B.spot_size(ctx, spot))  # a card's size, or a note's laid across (size: note)
        pile = B._spot_pile(ctx, spot)  # a deck's, or title cards sharing one back (else a neutral place)
        # a pile: its sheets under the top card, offset (it reads as a stack); a face-up row: one card each
        assert len(cards) == (1 + B.SPOT_STACK if pile else 1) + spot.face_up, (spot.deck, spot.label)
        if pile:
            offsets = sorted({(round(c.x, 3), round(c.y, 3)) for c in cards[:B.SPOT_STACK + 1]})
            assert len(offsets) == B.SPOT_STACK + 1
        names = " ".join(t.text for t in scene.walk_text(g))
        assert (spot.label or (ctx.kit.deck(spot.deck).name if spot.deck else "")).split()[0] in names


def test_a_decks_empty_place_is_an_outline_in_its_colour():
    """Monopoly 2.3's discard piles were full stacked decks, the twins of the draw piles (review 9), then dashed
    places in the kit's red: now each is its deck's ``empty`` place, one dashed card outline in the deck's colour,
    with its label, and no pile; an empty place that names no deck is a content error (SPOT)."""
    ctx, _ = drawn("monopoly-2-3")
    S = float(ctx.kit.board.size)
    empty = [s for s in ctx.kit.board.centre.deck_spots if s.empty]
    assert {s.deck for s in empty} == {"chance", "community-chest"}
    for spot in empty:
        g = B._deck_spot(ctx, spot, S)
        cards = _rounded_cards(g, *B.spot_size(ctx, spot))
        assert len(cards) == 1 and cards[0].dash and cards[0].stroke == ctx.kit.deck(spot.deck).colour
        assert "discards" in " ".join(t.text for t in scene.walk_text(g))


def test_an_empty_place_without_a_deck_is_reported(tmp_path):
    import shutil

    from conftest import ROOT, edit
    from pnp.build import load_valid
    from pnp.problems import Problems

    root = tmp_path / "kit"
    shutil.copytree(ROOT / "content" / "monopoly-2-3", root)
    edit(root / "board.yaml", "- {deck: chance, empty: true, label: Chance discards",
         "- {empty: true, label: Chance discards")
    problems = Problems()
    assert load_valid(root, problems) is None
    assert [p.code for p in problems.errors] == ["E-spot"], [str(p) for p in problems.items]


def _title_backs(ctx) -> list:
    """The back of every title card as the cards part draws it: (its key, or None for a back of its own; its
    ground colour)."""
    from pnp.layout.cards import title_back

    out = []
    for t in ctx.kit.titles.titles:
        back = title_back(ctx, t, ctx.kit.board.space(t.space))
        ground = next(s.fill for s in back.children if isinstance(s, scene.Rect) and s.fill)
        out.append((back.key, ground))
    return out


@pytest.mark.parametrize("name", KITS)
def test_a_title_pile_shows_the_back_its_cards_share_else_a_neutral_place(name):
    """The title cards' spot: a pile in the colour of the back every title card shares (Monopoly 2.3's game back),
    else, where their backs differ (a group's colour each, Euronopoly; a mortgage side each), a place dashed in the
    board's line colour, as a labelled area is, in none of the backs' colours: a pile in one colour would not look
    like the stack players build there (the review: Euronopoly's blue deeds' pile, its deeds' backs in every
    region's colour)."""
    ctx, _ = drawn(name)
    S = float(ctx.kit.board.size)
    spots = [s for s in ctx.kit.board.centre.deck_spots if s.titles and s.deck is None]
    if not spots:
        pytest.skip("no title cards' spot")
    backs = _title_backs(ctx)
    shared = len({key for key, _ in backs}) == 1 and backs[0][0] is not None
    grounds = {ground for _, ground in backs}
    for spot in spots:
        g = B._deck_spot(ctx, spot, S)
        cards = _rounded_cards(g, *B.spot_size(ctx, spot))
        top = cards[B.SPOT_STACK] if shared else cards[0]
        if shared:
            assert len(cards) == 1 + B.SPOT_STACK + spot.face_up and not top.dash
            assert top.stroke == backs[0][1]  # the shared back's colour, its tint on the cards
        else:
            assert len(cards) == 1 and cards[0].dash and cards[0].stroke == ctx.colours.line
            from pnp.vision import tint
            painted = {getattr(s, a) for s in g.children for a in ("fill", "stroke") if getattr(s, a, None)}
            assert not painted & (grounds | {tint(c, 0.78) for c in grounds}), painted


def test_euronopoly_deeds_differ_and_monopoly_deeds_share_a_back():
    """The two kits with a title cards' spot are the two cases the test above tells apart."""
    assert len({key for key, _ in _title_backs(drawn("euronopoly")[0])}) > 1
    assert len({key for key, _ in _title_backs(drawn("monopoly-2-3")[0])}) == 1


@pytest.mark.parametrize("name", KITS)
def test_a_deck_spot_is_tinted_in_its_decks_hue_whatever_the_ground(name):
    """A pile's cards are light tints of the deck's colour, its hue and saturation kept: mixed with the centre's
    ground, a colour opposite to it went grey (Tahiti's red Chance on the lagoon, Moneyloopy's purple SafeCards)."""
    import colorsys

    def hls(c):
        return colorsys.rgb_to_hls(*(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)))

    ctx, _ = drawn(name)
    S = float(ctx.kit.board.size)
    seen = 0
    for spot in ctx.kit.board.centre.deck_spots:
        if spot.deck is None:
            continue
        h0, _, s0 = hls(ctx.kit.deck(spot.deck).colour)
        for c in _rounded_cards(B._deck_spot(ctx, spot, S), *map(float, (ctx.kit.game.print.card.width,
                                                                       ctx.kit.game.print.card.height))):
            h, lightness, s = hls(c.fill)
            assert lightness > 0.6 and abs(s - s0) < 0.02 and (s0 < 0.05 or min(abs(h - h0), 1 - abs(h - h0)) < 0.02), \
                (spot.deck, c.fill)
            seen += 1
    assert seen


def test_a_tint_keeps_the_hue_where_a_mix_greys_it():
    from pnp.vision import mix, tint

    red, lagoon = "#c8102e", "#aedfd6"
    assert tint(red, 0.0) == red and tint(red, 1.0) == "#ffffff"
    r, g, b = (int(tint(red, 0.78)[i:i + 2], 16) for i in (1, 3, 5))
    assert r - max(g, b) > 40  # still plainly red (pink)
    r, g, b = (int(mix(red, lagoon, 0.78)[i:i + 2], 16) for i in (1, 3, 5))
    assert max(r, g, b) - min(r, g, b) < 60  # the mix with the lagoon: a muddy grey


# --------------------------------------------------------------------------- legibility
def _luminance_ok():
    assert B.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert B.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_contrast_ratio_is_wcags():
    _luminance_ok()


@pytest.mark.parametrize("ink,ground", [("#c8102e", "#aedfd6"), ("#f7941d", "#cbe6d1"), ("#ffe000", "#ffffff"),
                                        ("#303030", "#1d1d60")])
def test_legible_keeps_the_hue_and_reaches_the_ratio(ink, ground):
    out = B.legible(ink, ground)
    assert B.contrast_ratio(out, ground) >= B.MIN_CONTRAST
    assert B.contrast_ratio(ink, ground) < B.MIN_CONTRAST and out != ink
    assert B.legible(out, ground) == out  # enough already: unchanged


def _flatten(ops, m):
    polys, pts, cur = [], [], (0.0, 0.0)
    for op in ops:
        if op[0] == "M":
            if pts:
                polys.append(pts)
            pts, cur = [scene.apply(m, op[1], op[2])], (op[1], op[2])
        elif op[0] == "L":
            pts.append(scene.apply(m, op[1], op[2]))
            cur = (op[1], op[2])
        elif op[0] == "C":
            (x0, y0) = cur
            for t in (0.25, 0.5, 0.75, 1.0):
                u = 1 - t
                pts.append(scene.apply(m, u ** 3 * x0 + 3 * u * u * t * op[1] + 3 * u * t * t * op[3] + t ** 3 * op[5],
                                       u ** 3 * y0 + 3 * u * u * t * op[2] + 3 * u * t * t * op[4] + t ** 3 * op[6]))
            cur = (op[5], op[6])
    if pts:
        polys.append(pts)
    return polys


def _inside(p, poly) -> bool:
    x, y, c = p[0], p[1], False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            c = not c
    return c


def _paint(shape, m=scene.IDENTITY, out=None) -> list:
    """Filled areas and text runs in painting order, in the board's frame."""
    out = [] if out is None else out
    if isinstance(shape, scene.Group):
        for c in shape.children:
            _paint(c, scene.compose(m, shape.transform), out)
    elif isinstance(shape, scene.Rect) and shape.fill:
        out.append(("fill", [[scene.apply(m, x, y) for x, y in ((shape.x, shape.y), (shape.x + shape.w, shape.y),
                                                                 (shape.x + shape.w, shape.y + shape.h),
                                                                 (shape.x, shape.y + shape.h))]], shape.fill))
    elif isinstance(shape, scene.Circle) and shape.fill:
        out.append(("fill", [[scene.apply(m, shape.cx + shape.r * math.cos(a * math.pi / 16),
                                          shape.cy + shape.r * math.sin(a * math.pi / 16)) for a in range(32)]],
                    shape.fill))
    elif isinstance(shape, scene.Path) and shape.fill:
        out.append(("fill", _flatten(shape.ops, m), shape.fill))
    elif isinstance(shape, scene.Text):
        h = shape.size * PT
        centre = scene.apply(m, shape.x + shape.width / 2, shape.y + 0.3 * h)
        out.append(("text", shape, centre, shape.size * math.hypot(m[0], m[1])))
    return out


@pytest.mark.parametrize("name", KITS)
def test_every_board_text_is_legible(name):
    """At least 6 pt as printed, and 4.5:1 against the colour painted under the middle of the run."""
    _, g = drawn(name)
    painted = _paint(g)
    small, faint = [], []
    for i, item in enumerate(painted):
        if item[0] != "text":
            continue
        _, t, centre, pt = item
        ground = next((f[2] for f in reversed(painted[:i]) if f[0] == "fill" and any(_inside(centre, p) for p in f[1])),
                      None)
        assert ground is not None, t.text
        if pt < MIN_PT - 1e-6:
            small.append((t.text, round(pt, 2)))
        if B.contrast_ratio(t.colour, ground) < B.MIN_CONTRAST:
            faint.append((t.text, t.colour, ground, round(B.contrast_ratio(t.colour, ground), 2)))
    assert not small, small
    assert not faint, faint


@pytest.mark.parametrize("name, capitals", [("tahiti", True), ("etymonopoly", False)])
def test_the_subtitle_sits_under_the_titles_letters_as_they_are(name, capitals):
    """Under a title in capitals (MONOPOLY) the subtitle is measured from the baseline, not from the font's
    full descent, which left some 12 mm of air; under a title with descenders it clears them as before."""
    from pnp.text import CAP, DESC

    ctx, _ = drawn(name)
    title = B._title(ctx, ctx.kit.board)
    runs = list(scene.walk_text(title))
    big = max(t.size for t in runs)
    baseline = min(t.y for t in runs if t.size == big)
    sub = [t for t in runs if t.font == ctx.fonts.italic]
    assert sub
    gap = baseline - (sub[0].y + CAP * sub[0].size * PT)  # title baseline to the subtitle's capitals
    if capitals:
        assert gap == pytest.approx(B.SUBTITLE_GAP + B.TITLE_FOOT * DESC * big * PT, abs=0.05)
        assert gap < 6.0
    else:
        assert gap == pytest.approx(B.SUBTITLE_GAP + DESC * big * PT, abs=0.05)


def test_descends_tells_a_line_in_capitals_from_one_with_descenders():
    from pnp.text import descends

    assert not descends("MONOPOLY") and not descends("EUROPE 2025") and not descends("ÉTÉ")
    assert descends("Monopoly") and descends("Etymonopoly") and descends("FRANÇAIS") and descends("A, B")


def test_a_title_frame_is_drawn_only_when_asked_around_the_title_and_clear_of_the_rest():
    """``title_frame``: off by default (no plaque); on, a vector plaque under the title and subtitle, around all
    their letters, inside the centre and clear of its panels and deck spots (the title slides as for its runs)."""
    import dataclasses

    from pnp.model import Centre

    assert Centre.__dataclass_fields__["title_frame"].default is False
    ctx, _ = drawn("tahiti")

    def with_frame(on: bool):
        board = ctx.kit.board
        board = dataclasses.replace(board, centre=dataclasses.replace(board.centre, title_frame=on))
        return Ctx(dataclasses.replace(ctx.kit, board=board), bleed=3.0, problems=Problems()), board

    bare, board = with_frame(False)
    assert not [r for r in B._title(bare, board).children if isinstance(r, scene.Rect)]
    fctx, framed = with_frame(True)
    title = B._title(fctx, framed)
    plaque, rule = title.children[:2]  # drawn first: under the letters
    assert isinstance(plaque, scene.Rect) and plaque.fill and isinstance(rule, scene.Rect) and rule.fill is None
    for t in scene.walk_text(title):
        assert plaque.x < t.x and t.x + t.width < plaque.x + plaque.w
        assert plaque.y < t.y - 0.22 * t.size * PT and t.y + 0.74 * t.size * PT < plaque.y + plaque.h
    things = B.centre_footprints(fctx)
    (frame,) = [poly for what, poly, _ in things if what == "title frame"]
    S, C = float(framed.size), float(framed.corner)
    assert all(C <= x <= S - C and C <= y <= S - C for x, y in frame)
    assert not [what for what, poly, _ in things if not what.startswith("title") and _overlap(frame, poly)]


#: mm: the most bare ground a centre leaves between its title block (the title and its subtitle) and the nearest
#: thing above or under it (or the ring): Moneyloopy's title stood in 51 mm of bare ground above and 50 mm under it,
#: while its panels below were tight
TITLE_BAND_MOST = 40.0


@pytest.mark.parametrize("name", KITS)
def test_the_title_stands_in_no_wide_empty_band(name):
    ctx, _ = drawn(name)
    board = ctx.kit.board
    S, C = float(board.size), float(board.corner)
    prints = B.centre_footprints(ctx)
    title = [q for what, q, _ in prints if what.startswith("title")]
    foot, top = min(y for q in title for _, y in q), max(y for q in title for _, y in q)
    x0, x1 = min(x for q in title for x, _ in q), max(x for q in title for x, _ in q)
    across = [q for what, q, _ in prints
              if not what.startswith("title") and min(x for x, _ in q) < x1 and max(x for x, _ in q) > x0]
    under = max([max(y for _, y in q) for q in across if max(y for _, y in q) <= foot + 1e-6], default=C)
    over = min([min(y for _, y in q) for q in across if min(y for _, y in q) >= top - 1e-6], default=S - C)
    assert foot - under <= TITLE_BAND_MOST and over - top <= TITLE_BAND_MOST, (name, foot - under, over - top)


@pytest.mark.parametrize("name", KITS)
def test_no_centre_table_says_a_row_twice(name):
    """A table on a centre panel whose rows one after another say the same (Moneyloopy's Chance bids: the die's
    1, 2 and 3 each 'Lost: the bank takes it') takes the room of one row per value: one row for the range."""
    ctx, _ = drawn(name)
    for p in ctx.kit.board.centre.panels:
        t = ctx.kit.table(p.table) if p.table is not None else None
        if t is None:
            continue
        cells = [tuple(r.cells) for r in t.rows]
        assert all(a != b for a, b in zip(cells, cells[1:])), (name, p.id, cells)


def test_a_spot_the_size_of_a_note_lies_across():
    """Tahiti's place for the pot's notes: a dashed spot a banknote's size, laid across (99 x 52.5 mm), where a panel
    of one line read as an empty box (the third review)."""
    ctx, _ = drawn("tahiti")
    (spot,) = [s for s in ctx.kit.board.centre.deck_spots if s.size == "note"]
    note = ctx.kit.game.print.note
    assert B.spot_size(ctx, spot) == (max(float(note.width), float(note.height)), min(float(note.width),
                                                                                       float(note.height)))
    g = B._deck_spot(ctx, spot, float(ctx.kit.board.size))
    assert len(_rounded_cards(g, *B.spot_size(ctx, spot))) == 1


def test_a_labelled_spot_takes_its_own_colour_else_the_accent():
    """Tahiti's pot, a labelled place for money, took the kit's accent, a shade off the Chance pile's red beside it,
    and read as a second Chance pile (review 11): a labelled spot's ``colour`` draws its outline (and tints its
    ground); without one it takes the accent as before."""
    from dataclasses import replace
    from pathlib import Path

    from pnp import scene
    from pnp.content import load_kit
    from pnp.layout import board as B
    from pnp.layout.common import Ctx
    from pnp.problems import Problems

    kit = load_kit(Path(__file__).resolve().parent.parent / "content" / "tahiti", Problems())
    ctx = Ctx(kit)
    (pot,) = [s for s in kit.board.centre.deck_spots if s.label and not s.deck and not s.titles]
    assert pot.colour

    def outline(spot):
        return {r.stroke for r in B._deck_spot(ctx, spot, float(kit.board.size)).children
                if isinstance(r, scene.Rect) and r.dash}

    assert outline(pot) == {str(pot.colour)}
    assert outline(replace(pot, colour=None)) == {str(ctx.colours.accent)}


def test_a_decks_empty_place_names_itself_on_its_piles_line():
    """Monopoly 2.3's discard places stood their names 15 mm over the names of the piles beside them, the pile's
    under its icon (review 18): a deck's empty place sets its name where its pile sets the deck's."""
    from kits_cache import bundled

    ctx = bundled("monopoly-2-3").ctx
    spots = ctx.kit.board.centre.deck_spots
    lines = {}
    for spot in spots:
        if spot.deck and not spot.titles:
            runs = list(scene.walk_text(B._deck_spot(ctx, spot, float(ctx.kit.board.size))))
            lines[(spot.deck, spot.empty)] = max(t.y for t in runs)  # the name's first line, in the spot's frame
    assert {("chance", True), ("chance", False), ("community-chest", True), ("community-chest", False)} <= set(lines)
    for deck in ("chance", "community-chest"):
        assert abs(lines[deck, True] - lines[deck, False]) < 0.5, lines
