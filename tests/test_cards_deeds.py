"""A banded title deed's name stands in the middle of the band's room under its label, on every card of every
kit, with a subtitle or without; a subtitle hangs under it, inside the band."""
import pytest

from kits_cache import checked
from pnp.fonts import PT
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.scene import walk_text

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deeds_name_stands_in_the_middle_of_its_band(kit_id):
    """Euronopoly's and Tahiti's deeds without a subtitle (Vilnius, Amsterdam, Maiao) set their name over an
    empty subtitle's line, 2.6 mm above the middle of the band's room: now every name's capitals are centred in
    the room between the band's foot and the label (within 0.5 mm), every one-line name on one baseline, and a
    subtitle under its name, clear of it and of the band's foot."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, h = cards._size(ctx)
    band_y = h - 4.5 - 20
    baselines = set()
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if not space.group:
            continue
        runs = [r for r in walk_text(cards.title_front(ctx, t, space)) if r.y > band_y]
        label = [r for r in runs if r.font == ctx.fonts.body]
        name = [r for r in runs if r.font == ctx.fonts.heading]
        sub = [r for r in runs if r.font == ctx.fonts.italic]
        room_top = min(r.y for r in label) - 0.2 * label[0].size * PT  # under the label's descenders
        cap_top = max(r.y + 0.72 * r.size * PT for r in name)
        foot = min(r.y for r in name)
        lines = {round(r.y, 2) for r in name}
        if len(lines) == 1:
            baselines.add(round(foot, 2))
        if not sub or len(lines) == 1:
            assert abs((cap_top + foot) / 2 - (room_top + band_y) / 2) < 0.5, (t.space, cap_top, foot, room_top)
        if sub:
            assert max(r.y + 0.72 * r.size * PT for r in sub) < foot - 1.0, t.space
            assert min(r.y - 0.2 * r.size * PT for r in sub) > band_y + 0.3, t.space
    assert len(baselines) == 1, baselines


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deeds_name_keeps_clear_of_its_bands_ends(kit_id):
    """Moneyloopy's "CONNECTICUT AVENUE" ran almost edge to edge in its band (about 1 mm clear, a publisher's
    review): every run of a banded deed's name and subtitle stays 3 mm or more inside the band's ends (a long name
    takes two lines), on the card and on its continued cards."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, h = cards._size(ctx)
    band_x0, band_x1 = 4.5, w - 4.5  # the band's ends, as title_front draws it
    seen = 0
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if not space.group:
            continue
        for face in cards.title_fronts(ctx, t, space):
            for r in walk_text(face):
                if r.y < h - 4.5 - 20 or r.font == ctx.fonts.body:  # under the band, or its small label
                    continue
                left = {"start": r.x, "middle": r.x - r.width / 2, "end": r.x - r.width}[r.anchor]
                assert left - band_x0 >= 3.0 - 1e-6 and band_x1 - (left + r.width) >= 3.0 - 1e-6, \
                    (kit_id, t.space, r.text, round(left - band_x0, 2), round(band_x1 - left - r.width, 2))
                seen += 1
    assert seen


def _emblem_whites(ctx, t, front):
    """The white (mm) over a title card's emblem (under the frame's top) and under its lines or text (over the
    frame's foot, or the rule over its value line), measured on the drawn face."""
    from pnp import scene
    from pnp.text import CAP, DESC

    w, h = cards._size(ctx)
    floor = cards.VALUE_RULE if cards._valued(t) else cards.FRAME
    tops, feet = [], []
    for s in front.children[2:]:  # over the card's paper and frame
        if isinstance(s, scene.Text):
            top, foot = s.y + CAP * s.size * PT, s.y - DESC * s.size * PT
        elif isinstance(s, scene.Circle):
            top, foot = s.cy + s.r, s.cy - s.r
        elif isinstance(s, scene.Line):
            top, foot = max(s.y1, s.y2), min(s.y1, s.y2)
        else:
            continue
        if top > floor + 0.1:  # not the value line
            tops.append(top)
            feet.append(foot)
    return h - cards.FRAME - max(tops), min(feet) - floor


@pytest.mark.parametrize("kit_id", KITS)
def test_a_station_or_utility_deed_stands_in_the_middle_of_its_card(kit_id):
    """Monopoly 2.3's and Euronopoly's station and utility deeds (an emblem, a few lines, no table) stood at the top
    of the card, its lower 30 % empty (a publisher's review). The kit's fullest kind of them stands in the middle:
    the white over the emblem and the white under the last line differ by 3.5 mm at most (a kind's cards share one
    drop, so a row of them keeps its names on one line: a card without a subtitle, its lines closer under its
    name, stands up to 3.5 mm high, and one with fewer lines than its kind's fullest a line higher for each).
    Every kind's emblem stands at that one height (Tahiti's utilities had their disc 8 mm under the airports',
    review 10), and a kind with fewer lines shares its white over and under them: never more under its lines
    than over them (from the emblem's rule), beyond those same 3.5 mm. In a kit where some emblem cards carry a
    table, every emblem stands at the top with theirs, one disc size for all, and the lines share their white."""
    from pnp import scene

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    _, step = cards.row_style(ctx)
    drops = cards._emblem_drops(ctx)
    fullest_kind = min(drops, key=lambda k: drops[k]) if drops else None
    discs = set()
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space.group or kit.table(t.table) is not None:
            continue
        front = cards.title_front(ctx, t, space)
        discs.update(round(c.cy, 3) for c in front.children if isinstance(c, scene.Circle))
        fullest = max(len(sum(cards._title_lines(ctx, o, kit.board.space(o.space)), [])) for o in kit.titles.titles
                      if kit.board.space(o.space).kind == space.kind and kit.table(o.table) is None)
        lines = len(sum(cards._title_lines(ctx, t, space), []))
        slack = 3.5 + step * max(0, fullest - lines) + 1e-6
        above, below = _emblem_whites(ctx, t, front)
        if space.kind == fullest_kind and not cards._compact_kit(ctx):
            assert abs(above - below) <= slack, (kit_id, t.space, round(above, 2), round(below, 2))
            continue
        rule = max(s.y1 for s in front.children if isinstance(s, scene.Line) and s.y1 > cards.VALUE_RULE + 0.1)
        under = [r for r in walk_text(front) if r.y < rule and r.y > cards.VALUE_RULE + 0.5]
        over_lines = rule - max(r.y + 0.72 * r.size * PT for r in under)
        assert below - over_lines <= slack, (kit_id, t.space, round(over_lines, 2), round(below, 2))
    assert len(discs) <= 1, (kit_id, discs)
    assert discs or kit_id == "moneyloopy"
    # and one disc, of one size at one height, on every emblem card of the kit, with a table or without (Monopoly
    # 2.3's stations had a 21 mm disc beside its utilities' 12 mm over their tables: review 11)
    every = {(round(c.cy, 3), round(c.r, 3)) for t in kit.titles.titles if not kit.board.space(t.space).group
             for c in cards.title_front(ctx, t, kit.board.space(t.space)).children if isinstance(c, scene.Circle)}
    assert len(every) <= 1, (kit_id, every)


@pytest.mark.parametrize("kit_id", KITS)
def test_the_fullest_deed_fills_its_card_to_the_foot(kit_id):
    """Monopoly 2.3's deeds (no value line at the foot) stopped their lines 18 mm over the card's foot, at the
    most pitch, leaving an empty band. Now a kit's lines grow, size and pitch together, until its fullest card
    without a table reaches the foot of its room: on that card the last line's baseline (or its text's) stands within 3.5 mm of
    the room's foot (the value line's rule, or 6 mm over the trim), wherever the pitch is under its most."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    size, step = cards.row_style(ctx)
    gaps = []
    for t in kit.titles.titles:  # every card without a table: the fullest may be an emblem's (Tahiti's airports)
        space = kit.board.space(t.space)
        if kit.table(t.table) is not None:
            continue
        top, bottom = cards._body(ctx, t, space)
        rows = [r for r in walk_text(cards.title_front(ctx, t, space)) if bottom < r.y < top]
        gaps.append(min(r.y for r in rows) - bottom)
    assert gaps
    if step < cards.ROW_GROW[1] - 1e-6:
        assert min(gaps) < 3.5, (kit_id, size, step, min(gaps))


@pytest.mark.parametrize("kit_id", KITS)
def test_an_emblems_name_keeps_clear_of_its_disc(kit_id):
    """Tahiti's AÉROPORT DE / MOTU MUTE, a name in two lines, grew up from its box until its accent touched the
    emblem's disc (review 9). Now every name's accents keep DISC_CLEAR under the disc, and the names of a kind of
    space stay on one line (names of as many lines on one baseline)."""
    from pnp import scene

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    lowest = {}
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space.group or not space.icon:
            continue
        front = cards.title_front(ctx, t, space)
        disc = min((s for s in front.children if isinstance(s, scene.Circle)), key=lambda c: c.r)
        name = [r for r in walk_text(front) if r.font == ctx.fonts.heading and r.size >= 10]
        top = max(r.y + cards.ACCENT * r.size * PT for r in name)
        assert disc.cy - disc.r - top >= cards.DISC_CLEAR - 1e-6, (kit_id, t.space, disc.cy - disc.r - top)
        key = (space.kind, cards._compact(ctx, t, space), len({round(r.y, 2) for r in name}))
        lowest.setdefault(key, set()).add(round(min(r.y for r in name), 2))
    assert lowest or kit_id == "moneyloopy"
    assert all(len(feet) == 1 for feet in lowest.values()), lowest


@pytest.mark.parametrize("kit_id", KITS)
def test_the_rule_under_an_emblems_name_keeps_clear_of_its_last_line(kit_id):
    """Monopoly 2.3's FENCHURCH / ST. STATION had the rule under its name on its second line's baseline (review
    13): the emblem's room assumed a name of one line. The rule keeps RULE_CLEAR under the last baseline of the
    name and subtitle, however many lines they take."""
    from pnp import scene

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    seen = 0
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space.group or not space.icon:
            continue
        front = cards.title_front(ctx, t, space)
        w = cards._size(ctx)[0]
        rule = [s for s in front.children if isinstance(s, scene.Line) and abs(s.x1 - 10) < 1e-6
                and abs(s.x2 - (w - 10)) < 1e-6 and abs(s.y1 - s.y2) < 1e-9]
        texts = [r for r in walk_text(front) if r.y > rule[0].y1 and r.size >= 6.5]
        assert rule and texts, t.space
        seen += 1
        assert min(r.y for r in texts) - rule[0].y1 >= cards.RULE_CLEAR - 1e-6, (kit_id, t.space)
    assert seen or kit_id == "moneyloopy"


@pytest.mark.parametrize("kit_id", KITS)
def test_an_emblems_few_lines_open_up_to_fill_their_card(kit_id):
    """A station's or utility's few lines at the pitch of the kit's fullest deed left 8 to 15 mm empty at the card's
    foot (review 9: Euronopoly's toll stations and speed traps, Etymonopoly's branches). Now a kind's lines open up
    (``cards._kind_step``) to at most ROW_GROW's pitch, as far as its fullest card's room allows: never closer than the
    kit's pitch, and on Euronopoly's and Etymonopoly's emblem cards wider."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    _, step = cards.row_style(ctx)
    kinds = {kit.board.space(t.space).kind for t in kit.titles.titles
             if not kit.board.space(t.space).group and kit.table(t.table) is None}
    for kind in kinds:
        assert step - 1e-9 <= cards._kind_step(ctx, kind) <= cards.ROW_GROW[1] + 1e-9
    if kit_id in ("euronopoly", "etymonopoly"):
        assert any(cards._kind_step(ctx, kind) > step + 0.3 for kind in kinds), kinds


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deed_of_rents_by_number_owned_heads_them_with_the_rent(kit_id):
    """Euronopoly's toll-station deeds opened on '1 of 4 owned 150 MU' while its city deeds open on their rent's
    first line (review 10): a deed whose rents go by how many are owned, or by the dice, heads them with the kit's
    rent term in bold, as every other deed's first line is."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    seen = 0
    for t in kit.titles.titles:
        if t.rent or not (t.rent_by_owned or t.multipliers):
            continue
        upper, _ = cards._title_lines(ctx, t, kit.board.space(t.space))
        assert upper[0].label == str(kit.game.terms.rent) and upper[0].bold and not upper[0].value, (t.space, upper[0])
        seen += 1
    assert seen or kit_id == "moneyloopy"  # its 22 deeds are all streets (railroads and utilities have none)


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deed_lines_label_keeps_clear_of_its_value(kit_id):
    """Tahiti's "Avec le groupe complet" stood 1 mm from its "104 000 F" (review 11): on every title card line with
    a value ranged right, the label ends at least 2 mm short of the value (VALUE_GAP, at the kit's size)."""
    from pnp.text import text_width

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, _ = cards._size(ctx)
    seen = 0
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        rows: dict = {}
        for r in walk_text(cards.title_front(ctx, t, space)):
            rows.setdefault(round(r.y, 2), []).append(r)
        for runs in rows.values():
            ends = sorted(runs, key=lambda r: r.x)
            value = ends[-1]
            if len(ends) < 2 or abs(value.x + text_width(value.text, value.font, value.size) - (w - 6)) > 0.05:
                continue
            label_end = max(r.x + text_width(r.text, r.font, r.size) for r in ends[:-1])
            assert value.x - label_end >= 2.0, (kit_id, t.space, [r.text for r in ends], round(value.x - label_end, 2))
            seen += 1
    assert seen


def test_a_mortgaged_back_says_what_lifting_it_costs():
    """Tahiti's mortgaged backs said "value + 10 %" on every card, the sum left to the table (review 13): with
    terms.lift, each back prints its own figure, its mortgage value plus rules.mortgage_interest %."""
    kit, problems = checked("tahiti")
    ctx = Ctx(kit, problems=problems)
    pct = kit.game.rules.mortgage_interest
    assert kit.game.terms.lift and pct
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        texts = " ".join(r.text for r in walk_text(cards.title_back(ctx, t, space)))
        want = f"{kit.game.terms.lift} {ctx.money(t.mortgage + t.mortgage * pct // 100)}".replace("'", "\u2019")
        assert want in texts, (t.space, want, texts)
