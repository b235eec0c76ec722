"""Card layouts keep their lines apart, whatever the content adds."""
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.scene import walk_text
from pnp.typeset import typeset

from conftest import edit, loaded
from kits_cache import checked


def test_extra_title_lines_never_overlap_the_ladder(mini):
    edit(mini / "titles.yaml", "trade_value: 30}",
         "trade_value: 30, rows: [{label: Sale value, amount: 30}, {label: Remote-buy premium, amount: 45}]}")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    title = kit.titles.titles[0]
    front = cards.title_front(ctx, title, kit.board.space(title.space))
    left = sorted({round(t.y, 2) for t in walk_text(front) if abs(t.x - 6) < 0.01}, reverse=True)
    assert len(left) == 7 + 2 + 2  # ladder, extra lines, costs
    gaps = [a - b for a, b in zip(left, left[1:])]
    assert min(gaps) >= 3.0, gaps  # 7 pt text needs about 2.5 mm
    assert not problems.errors


# ---------------------------------------------------------------- one table style on every title card
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from pnp import scene  # noqa: E402

KITS = ["etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3"]


def _kit_ctx(name):
    kit, problems = checked(name)
    return kit, Ctx(kit, problems=problems)


def _rows(front, w):
    """The table lines of a title face: (label run, value run or None) by baseline, from the runs at the left
    margin (or STEP_IN in from it: a line adding to the one above) and those ending at the right one."""
    runs = [t for t in walk_text(front)]
    left = {round(t.y, 2): t for t in runs if min(abs(t.x - 6), abs(t.x - 6 - cards.STEP_IN)) < 0.01}
    right = {round(t.y, 2): t for t in runs if abs(t.x + t.width - (w - 6)) < 0.05}
    return left, right


@pytest.mark.parametrize("kit_name", KITS)
def test_every_title_card_draws_its_lines_alike(kit_name):
    """Streets, stations, utilities and the rest: labels at the left margin, values ranged on the right one, one
    size for every line of the kit."""
    kit, ctx = _kit_ctx(kit_name)
    w = float(kit.game.print.card.width)
    sizes = set()
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        front = cards.title_front(ctx, t, space)
        left, right = _rows(front, w)
        upper, lower = cards._title_lines(ctx, t, space)
        rows = sorted(left.values(), key=lambda r: -r.y)  # top to bottom: two lines may read alike (+ 1 apartment)
        for line in upper + lower:
            printed = typeset(line.label)  # the drawing holds the typeset text (quotes, no-break spaces)
            at = next((i for i, r in enumerate(rows) if printed.startswith(r.text)), None)
            assert at is not None, (t.space, printed, [r.text for r in rows])
            label = rows.pop(at)
            sizes.add(round(label.size, 2))
            # "+ 1 apartment" under "1 holiday house" is set in; every other line at the margin
            assert abs(label.x - 6 - (cards.STEP_IN if printed.startswith("+") else 0.0)) < 0.01, (t.space, printed)
            if line.value:
                value = right.get(round(label.y, 2))
                assert value is not None and value.text == typeset(line.value), (t.space, line)
                assert value.size == label.size
    assert len(sizes) == 1, sizes
    assert sizes.pop() >= 6.5


def test_a_dice_multiplier_line_ranges_its_value_like_an_amount():
    """'1 Tocharian owned: {x} × the roll': the part after the colon is the line's value, on the right edge."""
    kit, ctx = _kit_ctx("etymonopoly")
    w = float(kit.game.print.card.width)
    t = next(t for t in kit.titles.titles if t.multipliers)
    left, right = _rows(cards.title_front(ctx, t, kit.board.space(t.space)), w)
    assert [r.text for _, r in sorted(right.items(), reverse=True)][:2] == ["4\u00a0×\u00a0the roll",
                                                                           "10\u00a0×\u00a0the roll"]
    assert "1 Tocharian owned" in [r.text.replace("\u00a0", " ") for r in left.values()]  # "1 Tocharian" never breaks
    assert cards._value_split("S'il en a {n} : {x} × les dés") == ("S'il en a {n}", "{x} × les dés")
    assert cards._value_split("{x} times the dice") == ("{x} times the dice", "")


def test_tocharian_cards_print_white_as_the_seed_says():
    """Seed: 'the 2 Tocharian (white) and 4 branch (black)' cards: the disc and the back in the space's colour."""
    kit, ctx = _kit_ctx("etymonopoly")
    for sid, colour in (("tocharian-a", "#ffffff"), ("hittite", "#1f1d1a")):
        t = next(t for t in kit.titles.titles if t.space == sid)
        space = kit.board.space(sid)
        front = cards.title_front(ctx, t, space)
        discs = [s for s in front.children if isinstance(s, scene.Circle)]
        assert discs and discs[0].fill == colour
        back = cards.title_back(ctx, t, space)
        assert back.children[0].fill == colour


def _name_lines_of(ctx, front):
    """A title card's name as printed: its lines top to bottom (the runs in the heading font at 11 pt, joined
    by baseline), no-break spaces read as spaces."""
    lines: dict = {}
    for t in walk_text(front):
        if t.font == ctx.fonts.heading and abs(t.size - 11) < 0.01:
            lines.setdefault(round(t.y, 2), []).append(t)
    return [" ".join(" ".join(r.text.split()) for r in sorted(runs, key=lambda r: r.x))
            for _, runs in sorted(lines.items(), reverse=True)]


@pytest.mark.parametrize("sid, lines", [("rue-de-gaulle", ["RUE DU GÉNÉRAL", "DE GAULLE"]),
                                        ("residences-du-lotus", ["LES RÉSIDENCES", "DU LOTUS"])])
def test_a_title_cards_long_name_breaks_into_balanced_lines(sid, lines):
    """A name too long for one line takes two even ones, not a full line and a word left over."""
    kit, ctx = _kit_ctx("tahiti")
    t = next((t for t in kit.titles.titles if t.space == sid), None)
    assert t is not None, [t.space for t in kit.titles.titles]
    assert _name_lines_of(ctx, cards.title_front(ctx, t, kit.board.space(sid))) == lines


def test_balanced_lines_keeps_a_short_name_and_a_written_no_break_space():
    kit, ctx = _kit_ctx("tahiti")
    from pnp.layout.common import balanced_lines
    heading = ctx.fonts.heading
    assert balanced_lines(ctx, "MAIAO", heading, 11, 45) == "MAIAO"
    assert balanced_lines(ctx, "RUE DU GÉNÉRAL DE GAULLE", heading, 11, 45) == \
        "RUE\u00a0DU\u00a0GÉNÉRAL DE\u00a0GAULLE"
    # a no-break space the content wrote is never a break: the halves are made around it
    assert balanced_lines(ctx, "RUE DU GÉNÉRAL DE\u00a0GAULLE", heading, 11, 45) == \
        "RUE\u00a0DU\u00a0GÉNÉRAL DE\u00a0GAULLE"


@pytest.mark.parametrize("kit_name", ["euronopoly", "tahiti"])
def test_title_card_names_stand_at_one_height_with_a_subtitle_or_without(kit_name):
    """Some spaces have a subtitle (a local name), some not (Amsterdam, Paris): every one-line name of the
    banded cards, and of the emblem cards of a kind of space (each kind's cards stand in the middle of their
    card, their emblems at one height: ``cards._emblem_drop``), prints on one baseline, so a row of cards lines up."""
    kit, ctx = _kit_ctx(kit_name)
    for banded in (True, False):
        baselines, subtitled = {}, set()
        for t in kit.titles.titles:
            space = kit.board.space(t.space)
            if bool(space.group) != banded or cards._compact(ctx, t, space):
                continue
            front = cards.title_front(ctx, t, space)
            ys = [r.y for r in walk_text(front) if r.font == ctx.fonts.heading and abs(r.size - 11) < 0.01]
            if len({round(y, 2) for y in ys}) == 1:
                baselines[t.space] = (space.kind if not banded else None, round(ys[0], 2))
                subtitled.add(bool(space.subtitle))
        if banded:
            assert subtitled == {True, False}, kit_name  # the kit has both kinds: the test tests something
        kinds = {kind for kind, _ in baselines.values()}
        assert len(set(baselines.values())) <= len(kinds), baselines


# ---------------------------------------------------------------- deck and reference cards
def _mini_ctx(root):
    kit, problems = loaded(root, checked=True)
    return kit, Ctx(kit, problems=problems), problems


def _placed_runs(shape, m=scene.IDENTITY):
    """Every text run of a scene with its baseline as drawn (its groups' transforms applied): (run, x, y)."""
    if isinstance(shape, scene.Text):
        yield (shape, *scene.apply(m, shape.x, shape.y))
    elif isinstance(shape, scene.Group):
        for child in shape.children:
            yield from _placed_runs(child, scene.compose(m, shape.transform))


def test_a_short_reference_text_prints_large(mini):
    kit, ctx, problems = _mini_ctx(mini)
    (face,) = cards.reference_fronts(ctx, kit.reference.cards[0])
    body = [t for t in walk_text(face) if t.font == kit.game.theme.fonts.body]
    assert min(t.size for t in body) >= 9.5  # the card's room filled, not 7.5 pt in a corner


def test_a_long_reference_text_continues_on_more_cards_at_a_readable_size(mini):
    items = "\n".join(f"      - Rule {i}: whoever lands here first pays the bank and tells the table why." for i in
                      range(1, 31))
    edit(mini / "reference.yaml", "      3. Trade and build.\n", "      3. Trade and build.\n\n" + items + "\n")
    kit, ctx, problems = _mini_ctx(mini)
    faces = cards.reference_fronts(ctx, kit.reference.cards[0])
    assert len(faces) >= 3
    sizes = set()
    texts = []
    for n, face in enumerate(faces):
        runs = list(walk_text(face))
        heading = " ".join(t.text for t in runs if t.font == kit.game.theme.fonts.heading)
        assert ("continued" in heading) == (n > 0), heading
        body = [t for t in runs if t.font == kit.game.theme.fonts.body]
        sizes |= {round(t.size, 2) for t in body}
        texts.append(" ".join(t.text for t in body))
    assert len(sizes) == 1 and sizes.pop() >= 8.0
    joined = " ".join(texts).replace("\xa0", " ")  # "Rule 1:" keeps its number on its line (a no-break space)
    assert all(f"Rule {i}:" in joined for i in range(1, 31))  # nothing lost between cards
    assert "Collect" in texts[-1]  # the last paragraph on the last card
    assert not problems.errors
    ids = [it.id for it in cards.reference_items(ctx)]
    assert ids[:3] == ["ref-turn", "ref-turn-2", "ref-turn-3"]


def _text_boxes(group):
    """(x0, x1, bottom, top, text) of every run of a drawing, in its frame (mm), descenders to capitals."""
    from pnp.fonts import PT

    out = []

    def walk(s, m):
        if isinstance(s, scene.Group):
            for c in s.children:
                walk(c, scene.compose(m, s.transform))
        elif isinstance(s, scene.Text):
            x, y = scene.apply(m, s.x, s.y)
            out.append((x, x + s.width, y - 0.2 * s.size * PT, y + 0.72 * s.size * PT, s.text))

    walk(group, scene.IDENTITY)
    return out


@pytest.mark.parametrize("kit_name", KITS)
def test_card_text_stays_in_the_safe_area_and_apart(kit_name):
    """Every text of every card face and back (titles, decks, reference) inside the 3 mm safe area and clear of
    every other text: nothing is cut off by the trim or printed over."""
    from pnp.parts import part

    kit, ctx = _kit_ctx(kit_name)
    seen = set()
    for name in ("titles", "decks", "reference"):
        for it in part(name).items(ctx):
            for side in (it.front, it.back):
                if side is None or id(side) in seen:
                    continue
                seen.add(id(side))
                boxes = _text_boxes(side)
                for x0, x1, b, t, text in boxes:
                    assert x0 >= 2.9 and x1 <= it.width - 2.9 and b >= 2.9 and t <= it.height - 2.9, (it.id, text)
                for i, a in enumerate(boxes):
                    for o in boxes[i + 1:]:
                        apart = a[1] <= o[0] + 0.05 or o[1] <= a[0] + 0.05 or a[3] <= o[2] + 0.05 or o[3] <= a[2] + 0.05
                        assert apart, (it.id, a[4], o[4])


def _body_sizes(ctx, fronts) -> set[float]:
    """The sizes of a card face's body text (the runs in the body font)."""
    return {round(r.size, 3) for g in fronts for r in walk_text(g) if r.font == ctx.fonts.body}


def test_a_deck_prints_its_texts_at_one_size_and_names_a_card_set_smaller(mini):
    """One card with a long text sets the deck's size (down to 70 % of 10 pt); a card that needs less still is
    set smaller alone, and the warning names it."""
    edit(mini / "decks" / "luck.yaml", 'text: "Pay {{ 5 | money }}."',
         'text: "' + "Pay {{ 5 | money }} to the bank at once, and say why you pay it. " * 8 + '"')
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    deck = kit.deck("luck")
    size = cards.deck_text_pt(ctx, deck)
    assert 7.0 <= size < cards.DECK_TEXT_PT
    faces = [cards.deck_front(ctx, deck, card, None, size) for card in deck.cards]
    assert _body_sizes(ctx, faces) == {round(size, 3)}
    sentence = "Pay {{ 5 | money }} to the bank at once, and say why you pay it. "
    edit(mini / "decks" / "luck.yaml", sentence, sentence * 6)  # 13 sentences: under 7 pt
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    deck = kit.deck("luck")
    for card in deck.cards:
        cards.deck_front(ctx, deck, card, None, cards.deck_text_pt(ctx, deck))
    shrunk = [p for p in problems.items if p.code == "W-text-shrunk" and "rest of deck 'luck'" in p.message]
    assert len(shrunk) == 1 and shrunk[0].path.startswith("cards[2]")


@pytest.mark.parametrize("kit_id", ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"])
def test_every_reference_card_text_prints_at_one_size(kit_id):
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    sizes = set()
    for card in kit.reference.cards:
        if card.text:
            sizes |= {round(r.size, 2) for g in cards.reference_fronts(ctx, card, cards.reference_text_pt(ctx))
                      for r in walk_text(g) if r.font == ctx.fonts.body and r.size >= cards.REF_PT[0]}  # not tables
    assert len(sizes) == 1, sizes


@pytest.mark.parametrize("kit", ["etymonopoly", "euronopoly"])
def test_a_title_back_without_a_group_shows_its_spaces_icon_and_its_label_in_line(kit):
    """A 'group' style back shows the group's mark; a station, utility or branch (no group) shows its space's
    icon in that place, so every back of the deck carries a picture and its label stands at one height."""
    k, _ = loaded(ROOT / "content" / kit)
    ctx = Ctx(k)
    spaces = {str(s.id): s for s in k.board.spaces}
    labels, groupless = set(), 0
    for t in k.titles.titles:
        space = spaces[str(t.space)]
        back = cards.title_back(ctx, t, space)
        if not space.group:
            groupless += 1
            assert space.icon and back.key.endswith(f"-{space.icon}"), back.key
        # the label's lines (one, or two where a long label wraps) at the same heights on every back
        labels.add(tuple(sorted(round(t2.y, 2) for t2 in walk_text(back) if t2.text.isupper())))
    assert groupless and len(labels) == 1 and all(labels), labels
