"""Reference cards: one body size across a kit's reference deck, the credits card included, the text split
between cards at the size it prints at; a card that must print smaller is a warning naming it."""
import pytest

from conftest import edit, loaded
from kits_cache import checked
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.scene import walk_text


def _body_sizes(ctx, items) -> dict[str, set[float]]:
    sizes: dict[str, set[float]] = {}
    seen = set()
    for it in items:
        if id(it.front) in seen:
            continue
        seen.add(id(it.front))
        sizes.setdefault(str(it.source.id), set()).update(
            round(r.size, 2) for r in walk_text(it.front)
            if r.font == ctx.fonts.body and r.size >= cards.REF_PT[0] - 1e-6)  # not a table's figures
    return sizes


@pytest.mark.parametrize("kit_id", ["monopoly-2-3", "tahiti"])
def test_the_credits_card_prints_at_the_reference_decks_size(kit_id):
    """Monopoly 2.3's and Tahiti's credits card set smaller than their deck's rules cards (8 and 8.75 pt beside
    9.5 and 9.25): every reference card of the kit, credits included, prints at one size."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    sizes = _body_sizes(ctx, cards.reference_items(ctx))
    assert "credits" in sizes
    every = set().union(*sizes.values())
    assert every == {cards.reference_text_pt(ctx)}, sizes
    assert not [p for p in problems.items if p.code == "W-text-shrunk"]


def test_a_text_is_split_at_the_size_it_prints_at(mini):
    """A long card splits where its print size breaks it, so every card of it fills its room at that size:
    no chunk packed at REF_PT[0] and then printed at it whatever the deck's size."""
    items = "\n".join(f"      - Rule {i}: whoever lands here first pays the bank and tells the table why." for i in
                      range(1, 31))
    edit(mini / "reference.yaml", "      3. Trade and build.\n", "      3. Trade and build.\n\n" + items + "\n")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    size = cards.reference_text_pt(ctx)
    sizes = _body_sizes(ctx, cards.reference_items(ctx))
    assert set().union(*sizes.values()) == {size}, sizes
    chunks, fitted, _ = cards._reference_split(ctx, kit.reference.cards[0].text, 89 - cards.REF_TOP, 0.0, size)
    assert fitted and len(chunks) == len(cards.reference_fronts(ctx, kit.reference.cards[0], size))


def test_a_card_that_must_print_smaller_is_a_warning_naming_it(mini):
    """One paragraph longer than a card at the deck's size cannot be split: it prints smaller, and says so."""
    long = " ".join(["Whoever lands here first pays the bank and tells the table why, at length."] * 9)
    edit(mini / "reference.yaml", "      3. Trade and build.\n", f"      3. Trade and build.\n\n      {long}\n")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    cards.reference_items(ctx)
    shrunk = [p for p in problems.items if p.code == "W-text-shrunk" and "'turn'" in p.message]
    assert len(shrunk) == 1, [p.message for p in problems.items]


def test_a_reference_deck_may_give_its_band_its_own_colour():
    """reference.yaml's ``colour`` paints the reference cards' title band (Tahiti: its back's ocean blue, where the
    accent red is Chance's); without it the band is the theme's accent, as before."""
    from pnp import scene

    def bands(kit_id):
        kit, problems = checked(kit_id)
        ctx = Ctx(kit, problems=problems)
        face = cards.reference_items(ctx)[0].front
        return {s.fill for s in face.children if isinstance(s, scene.Rect) and s.y > 60}, kit

    tahiti, kit = bands("tahiti")
    assert tahiti == {kit.reference.colour} == {"#0b5a78"} and kit.game.theme.colours.accent not in tahiti
    ety, kit = bands("etymonopoly")
    assert kit.reference.colour is None and ety == {kit.game.theme.colours.accent}


def test_reference_cards_have_their_own_back_where_reference_yaml_gives_one():
    """Monopoly 2.3 shuffles its title deeds face down: its reference cards' back (reference.yaml ``back``, a book on
    slate) is not the deeds' (the game's red back), so a stray reference card is told apart; a kit that gives none
    keeps the game's back on both (Etymonopoly)."""
    def backs(kit_id):
        kit, problems = checked(kit_id)
        ctx = Ctx(kit, problems=problems)
        return ctx, cards.reference_items(ctx)[0].back, cards.game_back(ctx)

    ctx, ref, game = backs("monopoly-2-3")
    assert ref.key != game.key
    texts = [r.text for r in walk_text(ref)]
    assert texts == ["REFERENCE"], texts
    fills = {s.fill for s in ref.children if hasattr(s, "fill")}
    assert "#2e3f52" in fills and ctx.colours.back not in fills
    _, ref, game = backs("etymonopoly")
    assert ref.key == game.key


@pytest.mark.parametrize("kit_id", ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"])
def test_the_reference_cards_share_one_leading_that_their_fullest_card_fills(kit_id):
    """One leading for the deck (each card its own read as a change of type from card to card: the seventh
    review), as far apart as the fullest card allows, up to REF_LEADING[1]: the lines of every card stand that far
    apart, and a card reaches within a millimetre of the foot of its room unless the deck is at REF_LEADING[1]."""
    from pnp.fonts import PT
    from pnp.text import DESC

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    seen, leadings, lefts = set(), set(), []
    for it in cards.reference_items(ctx):
        if id(it.front) in seen or it.source.table:
            continue
        seen.add(id(it.front))
        runs = [r for r in walk_text(it.front) if r.font == ctx.fonts.body]
        if not runs:
            continue
        size = runs[0].size
        baselines = sorted({round(r.y, 3) for r in runs}, reverse=True)
        if len(baselines) < 2:
            continue
        leadings.add(round(min(a - b for a, b in zip(baselines, baselines[1:])) / (size * PT), 2))
        lefts.append(min(baselines) - DESC * size * PT - cards.REF_MARGIN)
    (leading,) = leadings
    assert cards.REF_LEADING[0] - 0.01 <= leading <= cards.REF_LEADING[1] + 0.01
    assert min(lefts) <= 1.0 or leading >= cards.REF_LEADING[1] - 0.01, (round(min(lefts), 2), leading)


@pytest.mark.parametrize("kit_id", ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"])
def test_a_reference_front_is_framed_as_the_other_card_faces(kit_id):
    """The reference fronts ran their band off the card's top, with no frame, where the title deeds, the deck cards
    and every back have one (review 11): each front now has the cards' frame FRAME in from its edges, its band
    inside it (its foot where a deck card's is), its title clear of the band's ends and its text inside the frame."""
    from pnp import scene
    from pnp.text import text_width

    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, h = cards._size(ctx)
    for it in cards.reference_items(ctx):
        rects = [s for s in it.front.children if isinstance(s, scene.Rect)]
        (frame,) = [s for s in rects if s.stroke and not s.fill]
        assert (round(frame.x, 6), round(frame.y, 6)) == (cards.FRAME, cards.FRAME), it.id
        assert abs(frame.x + frame.w - (w - cards.FRAME)) < 1e-6 and abs(frame.y + frame.h - (h - cards.FRAME)) < 1e-6
        (band,) = [s for s in rects if s.fill and s.y > h / 2]
        assert abs(band.x - cards.FRAME - cards.BAND_IN) < 1e-6 and abs(band.y - (h - cards.REF_BAND)) < 1e-6, it.id
        for r in walk_text(it.front):
            right = r.x + text_width(r.text, r.font, r.size)
            if r.y > band.y:  # the title
                assert band.x + cards.BAND_AIR - 0.05 <= r.x and right <= band.x + band.w - cards.BAND_AIR + 0.05
            else:
                assert cards.FRAME + 2.0 <= r.x and right <= w - cards.FRAME - 2.0, (it.id, r.text)


@pytest.mark.parametrize("kit_id,lang", [("etymonopoly", None), ("euronopoly", None), ("moneyloopy", None),
                                         ("monopoly-2-3", None), ("tahiti", None), ("tahiti", "en")])
def test_every_bundled_reference_title_sits_on_one_line_in_its_band(kit_id, lang):
    """Tahiti's English 'Bankruptcy, end of the game' took two lines in a band drawn for one, its capitals on the
    band's top (a publisher's review, session 25): every bundled reference card's title is one line."""
    from kits_cache import bundled

    ctx = bundled(kit_id, lang).ctx
    for card in cards.reference_cards(ctx):
        face, _ = cards._reference_face(ctx, card, str(card.title))
        assert len({round(t.y, 2) for t in walk_text(face)}) == 1, card.title


@pytest.mark.parametrize("long,lines", [("Bankruptcy and the end of the game", 2),
                                        ("Bankruptcy and the end of the game, told at length", 3)])
def test_a_title_of_two_lines_gets_a_deeper_band_and_the_text_starts_under_it(mini, long, lines):
    """The engine's side of Tahiti's cramped header (session 25 fixed the bundled title in content): a title that
    takes two lines in the band drawn for one filled it edge to edge. That face's band is REF_BAND_MORE deeper for
    each line past one, its lines inside it with air above and below, and its text starts under it; a one-line card
    keeps REF_BAND."""
    edit(mini / "reference.yaml", "    title: Your turn\n", f"    title: {long}\n")
    kit, problems = loaded(mini, checked=True)
    ctx = Ctx(kit, problems=problems)
    card = kit.reference.cards[0]
    w, h = cards._size(ctx)
    face = cards.reference_fronts(ctx, card, cards.reference_text_pt(ctx))[0]
    bands = [r for r in face.children if getattr(r, "fill", None) and getattr(r, "x", 0.0) > cards.FRAME - 1e-6
             and abs(r.y + r.h - (h - cards.FRAME - cards.BAND_IN)) < 1e-6]
    (band,) = bands
    assert abs(h - band.y - (cards.REF_BAND + cards.REF_BAND_MORE * (lines - 1))) < 1e-6
    runs = list(walk_text(face))
    title = [t for t in runs if t.y > band.y]
    assert len({round(t.y, 2) for t in title}) == lines  # the title's lines, in the band
    cap = cards.REF_TITLE_PT[1] * cards.PT * cards.CAP
    assert min(t.y for t in title) - band.y >= 1.0 and band.y + band.h - (max(t.y for t in title) + cap) >= 1.0
    assert all(t.y < band.y - cards.REF_UNDER + 0.5 for t in runs if t not in title)  # the text under the band
    assert not [p for p in problems.items if p.code in ("E-text-overflow", "W-text-shrunk")]
    short = cards._reference_face(ctx, kit.reference.cards[0], "Your turn")[1]
    assert abs(short - (h - cards.REF_TOP)) < 1e-6  # a one-line title's band as before


def test_a_title_longer_than_the_band_grows_for_is_an_error_naming_it(mini):
    """A title of many lines grew the band past the card, and the error named the text, with a box of negative
    height: the band holds REF_TITLE_LINES at most, and a longer title is an E-text-overflow at the title's line."""
    edit(mini / "reference.yaml", "    title: Your turn\n", "    title: " + " ".join(["Averyverylongword"] * 40) + "\n")
    kit, problems = loaded(mini, checked=True)
    cards.reference_items(Ctx(kit, problems=problems))
    found = [p for p in problems.items if p.code == "E-text-overflow"]
    assert found and all("cards[0].title" in str(p) for p in found), [str(p) for p in found]
    assert not [p for p in found if "×-" in p.message]  # no box of negative height
