"""The shipped kits build end to end and carry every count their rules give."""
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

from conftest import ROOT


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
