"""A deck card's layout does not float from card to card: within a deck the icon and the title stand at the
same heights on every card, the text under the title (or, untitled, under the icon with a line's air, not in
the middle of the card); and a title deed with an emblem but no subtitle keeps no empty line for one."""
import pytest

from conftest import ROOT, loaded
from kits_cache import checked
from pnp import scene
from pnp.fonts import PT
from pnp.layout import cards
from pnp.layout.common import Ctx

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]


def _placed(shape, m=scene.IDENTITY, skip=("deck-frame-",)):
    """(kind, shape, transform) for every icon group and text run of a face, its groups' transforms applied;
    the deck's shared frame (band, name) left out."""
    if isinstance(shape, scene.Group):
        if shape.key and shape.key.startswith(skip):
            return
        m = scene.compose(m, shape.transform)
        if shape.key and shape.key.startswith("icon-"):
            yield ("icon", shape, m)
            return
        for child in shape.children:
            yield from _placed(child, m, skip)
    elif isinstance(shape, scene.Text):
        yield ("text", shape, m)


def _face(ctx, front):
    """(icon centre y, the title's first baseline, the text's first baseline, the text's size) of a deck card's
    face, in mm over its foot; None for what it does not show."""
    f = ctx.fonts
    icon = title = body = size = None
    for kind, shape, m in _placed(front):
        if kind == "icon":
            x, y, w, h = shape.bounds
            icon = scene.apply(m, x + w / 2, y + h / 2)[1]
            continue
        y = scene.apply(m, shape.x, shape.y)[1]
        if shape.font == f.heading and shape.size > 7.5:  # the title (the keep label is 7 pt)
            title = y if title is None else max(title, y)
        elif shape.font == f.body:
            body, size = (y, shape.size) if body is None or y > body else (body, size)
    return icon, title, body, size


def _decks(kit_id):
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    faces = {}
    for item in cards.deck_items(ctx):
        deck = item.kind
        faces.setdefault(deck, []).append((item.id, item.source, _face(ctx, item.front)))
    return kit, ctx, faces


@pytest.mark.parametrize("kit_id", KITS)
def test_every_card_of_a_deck_has_its_icon_and_title_at_one_height(kit_id):
    """The block (icon, title, text) was centred card by card: Etymonopoly's Change icons stood at six heights
    11.7 mm apart ("Banned in schools" 5.3 mm under "Revival"), Monopoly 2.3's Chance at four, 4.2 mm apart.
    Now one icon height and one title baseline per deck (a title set smaller to keep to one line included)."""
    _, _, decks = _decks(kit_id)
    assert decks
    for deck, faces in decks.items():
        icons = {round(icon, 2) for _, _, (icon, _, _, _) in faces if icon is not None}
        titles = {round(title, 2) for _, _, (_, title, _, _) in faces if title is not None}
        assert len(icons) <= 1, (deck, sorted(icons))
        assert len(titles) <= 1, (deck, sorted(titles))
        assert icons, deck  # every bundled deck shows an icon


@pytest.mark.parametrize("kit_id", KITS)
def test_a_cards_text_starts_under_its_title_or_its_icon(kit_id):
    """The text starts right under the title, the same distance under it on every card; an untitled card's
    text right under its icon (Tahiti's stood about 25 mm under it, centred alone in the card's room): its first
    line's capitals within 6 mm of the icon's foot (the icon is 11 mm tall)."""
    _, ctx, decks = _decks(kit_id)
    for deck, faces in decks.items():
        gaps = set()
        for cid, card, (icon, title, body, size) in faces:
            assert body is not None, cid
            if title is not None:
                assert body < title, cid
                gaps.add(round(title - body, 1))
            elif icon is not None:
                icon_foot = icon - 11 / 2
                cap_top = body + 0.74 * size * PT
                assert 1.0 < icon_foot - cap_top < 6.0, (cid, icon_foot, cap_top)
        # a title in two lines puts the text a line lower: at most two distances per deck
        assert len(gaps) <= 2, (deck, sorted(gaps))


@pytest.mark.parametrize("kit_id", KITS)
def test_the_block_keeps_clear_of_the_foot_and_the_band(kit_id):
    """Every text stays over what sits at the foot (6 mm, the keep label's 12.5 mm), the icon clear of the
    frame's top."""
    kit, ctx, decks = _decks(kit_id)
    w, h = cards._size(ctx)
    for deck_id, faces in decks.items():
        deck = kit.deck(deck_id)
        for cid, card, (icon, title, body, size) in faces:
            if icon is not None:
                assert icon + 11 / 2 < h - cards._band(deck) - 1.5 - 1.0, cid
        for item in (i for i in cards.deck_items(ctx) if i.kind == deck_id):
            foot = 12.5 if item.source.keep else 6.0
            for kind, shape, m in _placed(item.front):
                if kind == "text" and shape.font == ctx.fonts.body:
                    y = scene.apply(m, shape.x, shape.y)[1]
                    assert y - 0.25 * shape.size * PT >= foot - 0.3, (item.id, shape.text, y)


def _emblem_cards(kit_id):
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if space is not None and not space.group:
            yield ctx, t, space, cards.title_front(ctx, t, space)


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deed_without_subtitle_keeps_no_empty_line_for_one(kit_id):
    """King's Cross (Monopoly 2.3) and Centrale (Tahiti) have no subtitle: their rule stood 8 to 9 mm under the
    name, over the empty line a subtitle would take, and the first line of the table 12 to 13.5 mm under it.
    Now the rule sits at most 3.4 mm under the emblem's last line, a subtitle's or the name's, and on a card
    without a table the lines start within 8 mm of the name's last baseline; the name stays at one height on
    every deed with an emblem in the kit."""
    names = {}  # the name's middle on the deeds with a full emblem, and with a compact one (over a table)
    for ctx, t, space, front in _emblem_cards(kit_id):
        runs = [s for s in scene.walk_text(front)]
        rule = max(s.y1 for s in front.children if isinstance(s, scene.Line))
        over = [r for r in runs if r.y > rule]
        name = [r for r in over if r.font == ctx.fonts.heading and r.size >= 10]
        names.setdefault(cards._compact(ctx, t, space), set()).add((max(r.y for r in name) + min(r.y for r in name)) / 2)
        last = min(r.y for r in over)
        assert last - rule <= 3.45, (space.id, last, rule)
        if not space.subtitle and ctx.kit.table(t.table) is None:
            first = max(r.y for r in runs if r.y < rule)
            assert min(r.y for r in name) - first < 8.0, (space.id, first)
    for middles in names.values():  # a name in two lines set about the one line's middle
        assert max(middles) - min(middles) < 0.2, names


def test_a_short_and_a_long_card_share_their_heights(mini):
    """In one deck a card with a long text (it fills the card), one with a short one and an untitled one: the
    short card's block no longer goes down to the middle of its room (it stood 5 mm and more under the long
    card's): icon and title at the long card's heights, the text as far under its title, the rest of the room
    left under it; the untitled card's icon at the same height, its text under it."""
    from conftest import edit

    edit(mini / "decks" / "luck.yaml", '{id: fine, text: "Pay {{ 5 | money }}."',
         '{id: fine, title: Fine, text: "Pay {{ 5 | money }}."')
    edit(mini / "decks" / "luck.yaml", '{id: go, text:', '{id: go, title: Go, text:')
    edit(mini / "decks" / "luck.yaml", 'Collect {{ salary | money }}."',
         'Collect {{ salary | money }}. Then tell everyone about it at length, with every detail of the way. '
         'And then again, slowly, so that nobody at the table can say later that they did not hear it all."')
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    h = float(kit.game.print.card.height)
    faces = {it.source.id: _face(ctx, it.front) for it in cards.deck_items(ctx)}
    (go_icon, go_title, go_body, _), (fine_icon, fine_title, fine_body, _) = faces["go"], faces["fine"]
    free_icon, free_title, free_body, _ = faces["free"]
    assert go_icon == fine_icon == free_icon and go_title == fine_title and free_title is None
    assert abs((go_title - go_body) - (fine_title - fine_body)) < 0.01
    assert free_body < free_icon
    long_last = min(scene.apply(m, s.x, s.y)[1] for it in cards.deck_items(ctx) if it.source.id == "go"
                    for kind, s, m in _placed(it.front) if kind == "text" and s.font == ctx.fonts.body)
    assert long_last < h * 0.3  # the long text fills the card


def test_a_card_edited_by_a_word_leaves_the_others_and_a_fuller_card_moves_its_deck_together(mini):
    """The heights come from the deck's frame, slot and drop (half the room its fullest card leaves, in DROP_STEP
    steps): a word changed on a card that is not the fullest leaves every other card's face as it was (the preview
    redraws that card alone); a card made the fullest brings the whole deck's blocks up together, every card's icon
    still at one height."""
    from conftest import edit

    def runs(root):
        kit, problems = loaded(root, checked=True)
        ctx = Ctx(kit, problems=problems)
        items = cards.deck_items(ctx)
        texts = {it.source.id: sorted((s.text, round(scene.apply(m, s.x, s.y)[1], 3)) for kind, s, m in
                                      _placed(it.front) if kind == "text") for it in items}
        icons = {round(_face(ctx, it.front)[0], 3) for it in items if _face(ctx, it.front)[0] is not None}
        return texts, icons

    before, icons = runs(mini)
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Get out of jail at once.")
    after, _ = runs(mini)
    assert after["free"] != before["free"]
    assert {k: v for k, v in after.items() if k != "free"} == {k: v for k, v in before.items() if k != "free"}
    edit(mini / "decks" / "luck.yaml", "Get out of jail at once.", "Get out of jail free, once only, and then "
         "never again in this game, whatever the other players say about it, nor what the rules of the house say.")
    fuller, moved = runs(mini)
    assert len(icons) == 1 and len(moved) == 1 and moved.pop() > icons.pop()  # the deck up, together
    assert all(fuller[k] != before[k] for k in before if k != "free")


#: mm: the least a deck of short texts comes down (``_drop``). Tahiti's cards are titled (issue 33): its fullest card,
#: 'Vous êtes libéré de prison' (six lines, a title and the keep band), leaves 7.9 mm under its text, so its decks
#: come down 3 mm (6 mm untitled); the title now fills the room the drop left empty.
LEAST_DROP = {"tahiti": 3.0, "euronopoly": 5.0, "monopoly-2-3": 5.0}


def test_every_decks_fullest_card_stands_in_the_middle_of_its_room():
    """A deck of short texts left 40 to 50 % of its cards empty under the text (a publisher's review): every card's
    block comes down by half the room the deck's fullest card leaves, so that card's block has as much room over
    its icon as under its text (within a DROP_STEP), and no card's text runs into its foot."""
    for kit_id in KITS:
        kit, problems = checked(kit_id)
        ctx = Ctx(kit, problems=problems)
        cards.deck_items(ctx)
        for deck in kit.decks:
            slacks = []
            for card in deck.cards:
                _, _, _, overflow, slack = cards._deck_face(ctx.quiet(), deck, card, None, cards.deck_text_pt(ctx, deck))
                if not overflow:
                    slacks.append(slack)
            drop = ctx.memo[("deck-drop", deck.id)]
            assert drop <= min(slacks) / 2 + 1e-9, (kit_id, deck.id)
            assert min(slacks) / 2 - drop < cards.DROP_STEP, (kit_id, deck.id, drop, min(slacks))
            if kit_id in LEAST_DROP:  # short texts: their blocks well down from the top
                assert drop >= LEAST_DROP[kit_id], (kit_id, deck.id, drop)


def test_a_decks_slot_is_worked_out_once_however_many_cards_it_has(monkeypatch):
    """The slot is the deck's (its tallest picture, whether any card has a title): worked out for every card it made
    a deck's layout quadratic, a 6000-card deck 5.9 times its floor in bench/run.py. Counted, not timed."""
    calls: list[str] = []
    real = cards._slot_of
    monkeypatch.setattr(cards, "_slot_of", lambda deck: calls.append(deck.id) or real(deck))
    kit, problems = loaded(ROOT / "content" / "etymonopoly")
    cards.deck_items(Ctx(kit, problems=problems))
    assert sorted(calls) == sorted(d.id for d in kit.decks if d.cards)


@pytest.mark.parametrize("kit", KITS)
def test_every_back_title_keeps_clear_of_the_backs_inner_frame(kit):
    """A back's title and subtitle stay BACK_TEXT_IN mm inside the card's edges, 3.3 mm inside the back's fine inner
    frame (at 5.2 mm): the review found "LANGUAGE CARD" set 1.8 mm from it; a long title wraps or is set smaller."""
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    w = cards._size(ctx)[0]
    backs = {id(it.back): it.back for it in cards.deck_items(ctx) + cards.reference_items(ctx)
             if it.back is not None}
    runs = 0
    for back in backs.values():
        for kind, shape, m in _placed(back, skip=("icon-",)):
            if kind != "text":
                continue
            x = scene.apply(m, shape.x, shape.y)[0]
            left = {"start": x, "middle": x - shape.width / 2, "end": x - shape.width}[shape.anchor]
            assert left >= cards.BACK_TEXT_IN - 1e-6 and left + shape.width <= w - cards.BACK_TEXT_IN + 1e-6, \
                (kit, shape.text, left, left + shape.width)
            runs += 1
    assert runs >= 2


@pytest.mark.parametrize("kit", KITS)
def test_every_deck_card_text_keeps_clear_of_its_frame(kit):
    """A deck card's title, text, help and keep label stay DECK_TEXT_IN mm inside the card's edges, 3.5 mm inside
    its frame (FRAME): at 6 mm a centred line's ends stood 2 mm from the frame (a publisher's review)."""
    assert cards.DECK_TEXT_IN >= cards.FRAME + 3.0
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    w = cards._size(ctx)[0]
    runs = 0
    for it in cards.deck_items(ctx):
        for kind, shape, m in _placed(it.front):
            if kind != "text":
                continue
            x = scene.apply(m, shape.x, shape.y)[0]
            left = {"start": x, "middle": x - shape.width / 2, "end": x - shape.width}[shape.anchor]
            assert left >= cards.DECK_TEXT_IN - 1e-6 and left + shape.width <= w - cards.DECK_TEXT_IN + 1e-6, \
                (kit, it.id, shape.text, left, left + shape.width)
            runs += 1
    assert runs >= 20


@pytest.mark.parametrize("kit", KITS)
def test_reference_and_deck_cards_bands_meet_in_one_line(kit):
    """Where a sheet holds reference cards beside deck cards their title bands are one height (the second review:
    the reference cards' band stepped 1 mm below the decks')."""
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    h = cards._size(ctx)[1]

    def rects(shape):
        if isinstance(shape, scene.Rect):
            yield shape
        elif isinstance(shape, scene.Group) and shape.transform == scene.IDENTITY:
            for child in shape.children:
                yield from rects(child)

    def band(face):  # the rectangle running off the card's top, filled: its foot
        return min(s.y for s in rects(face) if s.fill and s.y + s.h >= h and s.y > h / 2)

    decks = {band(it.front) for it in cards.deck_items(ctx)}
    refs = {band(it.front) for it in cards.reference_items(ctx)}
    assert len(decks) == 1 and refs == decks, (decks, refs)


@pytest.mark.parametrize("kit", KITS)
def test_a_deck_cards_frame_stands_as_far_under_its_band_as_in_from_its_edges(kit):
    """The frame of a deck card is FRAME under its band as it is FRAME in from the card's sides and foot (1.5 mm
    under the band read as squeezed: the third review)."""
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    w, h = cards._size(ctx)
    for deck in game.decks:
        face = cards.deck_frame(ctx, deck)
        rects = [s for s in face.children if isinstance(s, scene.Rect)]
        band = min(s.y for s in rects if s.fill and s.y + s.h >= h and s.y > h / 2)
        (frame,) = [s for s in rects if s.stroke and not s.fill]
        assert abs(frame.x - cards.FRAME) < 1e-6 and abs(frame.y - cards.FRAME) < 1e-6
        assert abs(band - (frame.y + frame.h) - cards.FRAME) < 1e-6, (kit, deck.id, band - frame.y - frame.h)
