"""The shipped kits' deck cards: every deck sets its card texts at the nominal size (a card too long for it
shrinks the whole deck: Moneyloopy's SafeCard once printed at 8.5 pt against the other decks' 10 pt), and
what a card tells a player agrees with the seed it was written from."""
from __future__ import annotations

import pytest

from pnp.editions import Edition, languages
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.problems import Problems

from conftest import ROOT

KITS = ("etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti")


def _editions():
    from pnp.content import load_kit
    for kit_id in KITS:
        for lang in languages(load_kit(ROOT / "content" / kit_id, Problems())):
            yield kit_id, lang


def _checked(kit_id: str, lang: str):
    from pnp.build import load_valid
    problems = Problems()
    kit = load_valid(ROOT / "content" / kit_id, problems, Edition(lang=lang))
    assert kit is not None, [str(p) for p in problems.sorted()]
    return kit, problems


@pytest.mark.parametrize("kit_id,lang", list(_editions()))
def test_every_deck_sets_its_cards_at_the_nominal_size(kit_id, lang):
    kit, problems = _checked(kit_id, lang)
    ctx = Ctx(kit, problems=problems)
    small = {str(d.id): cards.deck_text_pt(ctx, d) for d in kit.decks}
    small = {d: pt for d, pt in small.items() if pt < cards.DECK_TEXT_PT}
    assert not small, f"{kit_id} ({lang}): decks whose card texts shrink below {cards.DECK_TEXT_PT} pt: {small}"


def test_etymonopoly_get_out_cards_go_back_face_up():
    """seed: 'Once used, the card is returned to the bottom of the appropriate deck, face up. If a face-up card
    comes up in a deck, shuffle that deck': the face-up card is what triggers the reshuffle."""
    kit, _ = _checked("etymonopoly", "en")
    kept = [c for d in kit.decks for c in d.cards if c.keep]
    assert len(kept) == 2
    for c in kept:
        assert "bottom" in str(c.text) and "face up" in str(c.text), (c.id, str(c.text))



def _titles(kit_id: str, lang: str) -> dict:
    """{card item id: [(text, size) of each line of its title]} of a kit's deck cards, as printed."""
    from test_cards_deck_layout import _placed

    kit, problems = _checked(kit_id, lang)
    ctx = Ctx(kit, problems=problems)
    return {item.id: [(s.text, s.size) for kind, s, _ in _placed(item.front)
                      if kind == "text" and s.font == ctx.fonts.heading and s.size > 7.5]  # the keep label is 7 pt
            for item in cards.deck_items(ctx)}


@pytest.mark.parametrize("kit_id,lang", list(_editions()))
def test_every_deck_card_has_a_title(kit_id, lang):
    """Every shipped deck card has a title, what a player reads aloud, in each edition's language (Tahiti's had
    none, unlike every other kit's: a publisher's review, issue 33)."""
    untitled = [item for item, lines in _titles(kit_id, lang).items() if not lines]
    assert not untitled, f"{kit_id} ({lang}): deck cards without a title: {untitled}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tahitis_card_titles_stand_on_one_line_at_the_title_size(lang):
    """Tahiti's titles (issue 33) were written short: each on one line at the deck's title size in both editions,
    none shrunk to fit."""
    wrong = {item: lines for item, lines in _titles("tahiti", lang).items()
             if len(lines) != 1 or abs(lines[0][1] - cards.DECK_TITLE_PT) > 1e-9}
    assert not wrong, f"tahiti ({lang}): titles not on one line at {cards.DECK_TITLE_PT} pt: {wrong}"
