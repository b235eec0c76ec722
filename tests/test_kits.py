"""The shipped kits build end to end and carry every count their rules give."""
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

from conftest import ROOT, pending_legibility


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = {}

    def get(game):
        if game not in cache:
            out = tmp_path_factory.mktemp(game)
            problems = Problems()
            result = build_game(ROOT / "content" / game, out, BuildOptions(), problems)
            assert result is not None, [str(p) for p in problems.sorted()]
            found = [p for p in problems.sorted() if not pending_legibility(game, p)]
            assert not found, [str(p) for p in found]
            cache[game] = (out, json.loads((out / "manifest.json").read_text(encoding="utf-8")))
        return cache[game]

    return get


def page_texts(path: Path, side: str, manifest_part: dict) -> str:
    reader = PdfReader(str(path))
    wanted = [p["page"] for p in manifest_part["pages"] if p["side"] == side]
    return "\n".join(reader.pages[n - 1].extract_text() for n in wanted)


def board_text(out: Path) -> str:
    return PdfReader(str(out / "board-full.pdf")).pages[0].extract_text()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_etymonopoly_counts(built):
    out, m = built("etymonopoly")
    cards = m["counts"]["cards"]
    assert (cards["property"], cards["station"], cards["utility"]) == (22, 4, 2)
    assert (cards["change"], cards["discovery"]) == (15, 15)
    assert m["counts"]["notes"] == {f"note-{v}": 10 for v in (1, 5, 10, 20, 50, 100, 500)}
    assert (m["counts"]["tokens"]["reconstruction"], m["counts"]["tokens"]["proto-language"]) == (32, 12)
    assert m["counts"]["board"] == {"spaces": 40}
    # the PDFs hold what the manifest says: count faces by their printed words
    fronts = page_texts(out / "cards-a4.pdf", "front", m["parts"]["cards"])
    assert fronts.count("LANGUAGE CARD") == 22
    assert fronts.count("CHANGE") == 15 and fronts.count("DISCOVERY") == 15
    notes = page_texts(out / "notes-a4.pdf", "front", m["parts"]["notes"])
    for value in (1, 5, 10, 20, 50, 100, 500):
        assert notes.count(f"₩{value}\n") + notes.count(f"₩{value} ") == 10 or len(re.findall(rf"₩{value}(?!\d)", notes)) == 10


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
    for s in m["parts"]["board"]["spaces"]:
        assert all(w.lower() in text.lower() for w in s["name"].split()), s["name"]
    notes = page_texts(out / "notes-a4.pdf", "front", m["parts"]["notes"])
    assert "1'000'000 F" in notes and "2'000 F" in notes
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
    assert m["counts"]["tokens"]["token"] >= 3  # players and the turn marker
    text = board_text(out)
    assert "$1000" in text and "$300" in text


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
    assert "Mayfair" in board_text(out) and "Old Kent Road" in board_text(out)
