"""The shipped kits build end to end and carry every count their rules give."""
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.content import load_kit
from pnp.problems import Problems
from pnp.typeset import Style, typeset

from conftest import ROOT, loaded
from pdfread import texts


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = {}

    def get(game):
        if game not in cache:
            out = tmp_path_factory.mktemp(game)
            problems = Problems()
            result = build_game(ROOT / "content" / game, out, BuildOptions(), problems)
            assert result is not None, [str(p) for p in problems.sorted()]
            assert not problems.items, [str(p) for p in problems.sorted()]
            cache[game] = (out, json.loads((out / "manifest.json").read_text(encoding="utf-8")))
        return cache[game]

    return get


def page_texts(path: Path, side: str, manifest_part: dict) -> str:
    wanted = {p["page"] for p in manifest_part["pages"] if p["side"] == side}
    return "\n".join(t for n, t in enumerate(texts(path), 1) if n in wanted)


def board_text(out: Path) -> str:
    return PdfReader(str(out / "board-full.pdf")).pages[0].extract_text()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_etymonopoly_counts(built):
    out, m = built("etymonopoly")
    cards = m["counts"]["cards"]
    assert (cards["property"], cards["station"], cards["utility"]) == (22, 4, 2)
    assert (cards["change"], cards["discovery"]) == (15, 15)
    # the seed's set is 10 of each value; 8 players start with 5 × ₩1, 1 × ₩5, 3 × ₩10, 3 × ₩20, 4 × ₩50, 2 × ₩100
    # and 2 × ₩500, and the bank keeps 15 of ₩1, ₩10 and ₩20 (small change: data starts at ₩2), 5 of ₩5, ₩50 and
    # ₩100 and 4 of ₩500 (game.yaml money.reserve): whole sets of ten cover 55, 13, 39, 39, 37, 21 and 20
    printed = {1: 60, 5: 20, 10: 40, 20: 40, 50: 40, 100: 30, 500: 20}
    assert m["counts"]["notes"] == {f"note-{v}": n for v, n in printed.items()}
    assert (m["counts"]["tokens"]["reconstruction"], m["counts"]["tokens"]["proto-language"]) == (32, 12)
    assert m["counts"]["board"] == {"spaces": 40}
    # the PDFs hold what the manifest says: count faces by their printed words
    fronts = page_texts(out / "cards-a4.pdf", "front", m["parts"]["cards"])
    assert fronts.count("LANGUAGE CARD") == 22
    assert fronts.count("CHANGE") == 15 and fronts.count("DISCOVERY") == 15
    notes = page_texts(out / "notes-a4.pdf", "front", m["parts"]["notes"])
    for value, n in printed.items():
        assert notes.count(f"₩{value}\n") + notes.count(f"₩{value} ") == n or len(re.findall(rf"₩{value}(?!\d)", notes)) == n


def test_etymonopoly_board_names_every_space(built):
    out, m = built("etymonopoly")
    text = squash(board_text(out))
    spaces = m["parts"]["board"]["spaces"]
    assert len(spaces) == 40
    for s in spaces:
        assert squash(s["name"]) in text or all(w in text for w in s["name"].split()), s["name"]


def test_tahiti_counts_and_french_text(built):
    out, m = built("tahiti")
    cards = m["counts"]["cards"]
    assert cards["property"] + cards["station"] + cards["utility"] == 28
    assert (cards["chance"], cards["caisse"]) == (19, 19)
    assert len([k for k in m["counts"]["notes"] if k.startswith("note-")]) == 7
    assert (m["counts"]["tokens"]["house"], m["counts"]["tokens"]["hotel"]) == (32, 12)
    assert m["counts"]["board"] == {"spaces": 40}
    text = squash(board_text(out))
    for name in ("Départ", "Parc gratuit", "Allez en prison", "Caisse de communauté", "Hiva Oa", "Rurutu"):
        assert name.lower() in text.lower(), name
    for s in m["parts"]["board"]["spaces"]:  # as typeset (quotes curled; Faaʻa keeps its ʻeta)
        assert all(w.lower() in text.lower() for w in typeset(s["name"], Style("fr")).split()), s["name"]
    notes = page_texts(out / "notes-a4.pdf", "front", m["parts"]["notes"])
    # printed as French Polynesia writes 1 000 000 F: narrow no-break spaces between digit groups, a no-break
    # space before F (the PDF's text maps the no-break space to the space glyph it shares)
    assert re.search("1\u202f000\u202f000[\u00a0 ]F", notes) and re.search("2\u202f000[\u00a0 ]F", notes)
    assert "'000" not in notes
    fronts = page_texts(out / "cards-a4.pdf", "front", m["parts"]["cards"])
    assert "TITRE DE PROPRIÉTÉ" in fronts.upper()


def _starting_money(game: str) -> tuple[int, dict]:
    import yaml

    g = yaml.safe_load((ROOT / "content" / game / "game.yaml").read_text(encoding="utf-8"))
    return g["money"]["starting"], g["money"]["starting_split"]


def test_moneyloopy_counts_match_the_seed(built):
    out, m = built("moneyloopy")
    cards = m["counts"]["cards"]
    assert cards["property"] == 22 and cards["safecards"] == 32  # seed: 22 properties; 16 + 16 thin cards
    assert "station" not in cards and "utility" not in cards  # railroads and utilities are never owned
    assert m["counts"]["board"] == {"spaces": 40}
    start, split = _starting_money("moneyloopy")
    assert start == 1000 and split == {500: 1, 100: 2, 50: 2, 20: 6, 10: 5, 5: 5, 1: 5}
    assert m["counts"]["tokens"]["token"] == 8 and m["counts"]["tokens"]["marker"] == 1  # players, turn marker
    text = board_text(out)
    assert "$1,000" in text and "$300" in text  # seed: "the usual $1,000"


def test_euronopoly_counts_match_the_seed(built):
    out, m = built("euronopoly")
    cards = m["counts"]["cards"]
    assert (cards["toll-station"], cards["speed-trap"]) == (4, 4)
    assert m["counts"]["board"]["spaces"] % 4 == 0
    start, split = _starting_money("euronopoly")
    assert start == 3000 and split == {1000: 2, 200: 4, 50: 3, 10: 5}
    chips = m["counts"]["notes"]
    for value, each in split.items():  # four players and the bank
        assert chips[f"chip-{value}"] >= 5 * each
    text = board_text(out)
    for name in ("Athens", "Lisbon", "Madrid"):
        assert name in text


def test_monopoly_2_3_counts_match_the_seed(built):
    out, m = built("monopoly-2-3")
    cards = m["counts"]["cards"]
    assert cards["street"] + cards["station"] + cards["utility"] == 28
    assert (cards["chance"], cards["community-chest"]) == (16, 16)
    assert "note-1" not in m["counts"]["notes"]  # no £1 notes
    start, split = _starting_money("monopoly-2-3")
    assert start == 1500 and split == {500: 2, 100: 4, 50: 1, 20: 1, 10: 2, 5: 2}
    for value, each in split.items():  # six players and the bank
        assert m["counts"]["notes"][f"note-{value}"] >= 6 * each
    text = squash(board_text(out))  # a name may take two lines, as its row's do
    assert "Mayfair" in text and "Old Kent Road" in text


def _kit(game: str):
    return loaded(ROOT / "content" / game)[0]


def test_tahiti_cards_to_depart_pay_the_salary():
    """Seed 001: landing on Départ pays the salary, and both Départ cards ("Avancez jusqu'a la case
    'Départ'", "Vous avez oublié vos FIRIFIRI") move the piece there: each advances (collects) and says so."""
    kit = _kit("tahiti")
    from pnp.money import format_money

    salary = format_money(kit.salary(), kit.game.currency)  # as the card prints it: 400 000 F
    to_depart = [c for d in kit.decks for c in d.cards if c.effect is not None and c.effect.target == "depart"]
    assert sorted(c.id for c in to_depart) == ["depart", "firifiri"]
    for card in to_depart:
        assert card.effect.action == "advance", card.id
        assert "avancez" in card.text.lower() and salary in card.text, card.text


def test_tahiti_corners_carry_the_seeds_labels():
    """Seed 001, Fields On the Game Board: the four corners are labelled "Départ", "En prison", "Parc gratuit"
    and "Allez en prison"; landing on the jail "counts as a simple 'visit'": as on a French board, the jail
    corner says "Simple visite" along its legs and "En prison" in its cell. The English edition: Go, Just
    Visiting / In Jail, Free Parking, Go to Jail."""
    kit = _kit("tahiti")
    n = len(kit.board.spaces)
    corners = [kit.board.spaces[i * n // 4] for i in range(4)]
    assert [s.name for s in corners] == ["Départ", "Simple visite", "Parc gratuit", "Allez en prison"]
    assert corners[1].inner == "En prison"
    from pnp.editions import Edition

    problems = Problems()
    en = load_kit(ROOT / "content" / "tahiti", problems, Edition(lang="en"))
    corners = [en.board.spaces[i * n // 4] for i in range(4)]
    assert [s.name for s in corners] == ["Go", "Just Visiting", "Free Parking", "Go to Jail"]
    assert corners[1].inner == "In Jail"


def test_etymonopoly_reference_cards_carry_the_seeds_rules():
    """Seed 000: the rules a player needs at the table are on the reference cards (each seed rule, by the
    words its card uses): salary, Up for Grabs, Language Death, developing, Go or Advance?, cards, trades."""
    kit = _kit("etymonopoly")
    text = squash(" ".join(c.text or "" for c in kit.reference.cards))
    for rule in ("collect ₩200",                                     # Language Evolution
                 "is not passing it",                                # starting on it does not count
                 "Up for Grabs", "half the trade value",             # the offer rounds
                 "make change with the bank",                        # SET-UP
                 "Pay the bank ₩50", "After 3 failed tries",         # Language Death
                 "Family equality", "half price", "if the bank has them",  # developing, second thoughts
                 "32 reconstructions and 12 proto-languages",        # countermix limit
                 "Advance: move space by space", "Go: jump",         # Go or Advance?
                 "face up under its deck", "shuffle that deck",      # Change & Discovery cards
                 "no change is given", "cannot be traded", "last player left"):
        assert rule in text, rule


def test_etymonopoly_language_death_lasts_three_tries():
    """Seed 000, Getting Out: "Pay the bank 50 words", "If you roll doubles, you are free", "After three
    tries, you have to pay or use a card, or lose the game"."""
    (jail,) = _kit("etymonopoly").jails()
    assert (jail.jail.fine, jail.jail.doubles, jail.jail.turns) == (50, True, 3)


def test_every_etymonopoly_card_trades_at_half_its_list_price_as_its_booklet_says():
    """The booklet's table of languages says a card trades at half its list price (game.yaml terms.rent_key): true
    of every title card, the languages', the branches' and the Tocharians'."""
    from kits_cache import checked

    kit, _ = checked("etymonopoly")
    assert "half" in str(kit.game.terms.rent_key)
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        assert t.trade_value * 2 == space.price, (t.space, t.trade_value, space.price)
