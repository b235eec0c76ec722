"""The reference images must catch the mistakes they are there for: each test builds a kit with one
mistake, renders it and runs the same comparison as test_reference_images.py against the stored
references, and checks that exactly the pages the mistake reaches are reported. The control (the same build
without a mistake reports nothing) is test_reference_images.py, and within each test every page the mistake
does not reach."""
import json
import shutil

import pytest

pytestmark = pytest.mark.pixels  # compared with pages rendered by the pinned pypdfium2

from pnp.build import BuildOptions, build_game
from pnp.layout import cards, common, pieces
from pnp.problems import Problems

from conftest import MUTATION_KITS, ROOT, edit
from refimages import compare, render

#: the parts with items on sheets (the board has no bleed or backs), per kit. Both kits draw their notes with one
#: engine (pnp/layout/pieces.py): the notes, the slowest pages to render, are broken in one kit only
PARTS = {"etymonopoly": ("cards", "notes", "tokens"), "tahiti": ("cards", "tokens")}
FILES = {"cards": "cards-a4", "notes": "notes-a4", "tokens": "tokens-a4"}

# one word of one deck card: (deck file, the text, the text with one word changed), and the card's item id
WORD = {
    "etymonopoly": ("decks/change.yaml", "Your vowels drift and", "Your vowels shift and", "change-sound-change"),
    "tahiti": ("decks/chance.yaml", "(bière maison)", "(bière locale)", "chance-pia-hamani"),
}


def build(root, out, **kw):
    problems = Problems()
    result = build_game(root, out, BuildOptions(**kw), problems)
    assert result is not None, [str(p) for p in problems.sorted()]
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def differing_pages(out, kit, part):
    """Pages of ``part`` whose rendering the reference comparison reports as different."""
    cmp = compare(render(out / f"{FILES[part]}.pdf"), kit, FILES[part])
    assert not cmp.extra, cmp.extra
    return set(cmp.failed_pages), cmp


def pages_where(manifest, part, keep):
    return {rec["page"] for rec in manifest["parts"][part]["pages"] if keep(rec)}


@pytest.mark.parametrize("kit", MUTATION_KITS)
def test_backgrounds_that_stop_at_the_trim_are_caught(tmp_path, monkeypatch, kit):
    """Every background drawn without its margin for a cut a little off: no bleed on cards and standees (each
    page shows a white sliver round them; on cream card fronts only 19 levels in blue away from the paper
    colour), no paper border on the butted notes and counters (their colour reaches the shared cut)."""
    real = common.bleed_rect

    def no_bleed(w, h, bleed, fill):
        return real(w, h, 0.0, fill)

    monkeypatch.setattr(cards, "bleed_rect", no_bleed)
    monkeypatch.setattr(pieces, "bleed_rect", no_bleed)
    monkeypatch.setattr(pieces, "NOTE_BORDER", 0.0)
    monkeypatch.setattr(pieces, "COUNTER_BORDER", 0.0)
    manifest = build(ROOT / "content" / kit, tmp_path, parts=PARTS[kit])
    for part in PARTS[kit]:
        failed, _ = differing_pages(tmp_path, kit, part)
        expected = pages_where(manifest, part, lambda rec: rec["items"])
        assert expected and failed == expected, (part, sorted(failed), sorted(expected))


@pytest.mark.parametrize("kit", MUTATION_KITS)
def test_a_back_moved_by_half_a_millimetre_is_caught(tmp_path, kit):
    """The duplex offset shifts every back page by 0.5 mm, about one pixel at 50 dpi: each back page
    differs, no front page does."""
    manifest = build(ROOT / "content" / kit, tmp_path, parts=PARTS[kit], offset=(0.5, 0.0))
    for part in PARTS[kit]:
        failed, _ = differing_pages(tmp_path, kit, part)
        backs = pages_where(manifest, part, lambda rec: rec["side"] == "back" and rec["items"])
        assert backs and failed == backs, (part, sorted(failed), sorted(backs))


@pytest.mark.parametrize("kit", MUTATION_KITS)
def test_one_changed_word_on_one_card_is_caught(tmp_path, kit):
    """Only the page showing that card's face differs (its back is the deck's shared back)."""
    deck, old, new, card = WORD[kit]
    root = tmp_path / kit
    shutil.copytree(ROOT / "content" / kit, root)
    edit(root / deck, old, new)
    manifest = build(root, tmp_path / "out", parts=("cards",))
    failed, _ = differing_pages(tmp_path / "out", kit, "cards")
    holding = pages_where(manifest, "cards", lambda rec: any(i["id"] == card for i in rec["items"]))
    faces = pages_where(manifest, "cards", lambda rec: rec["side"] == "front" and
                        any(i["id"] == card for i in rec["items"]))
    assert len(faces) == 1 and failed == faces, (sorted(failed), sorted(faces))
    assert failed <= holding
