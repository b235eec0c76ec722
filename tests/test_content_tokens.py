"""The shipped kits' player tokens say which player moves, never which space: a token is not named like a space or a
colour group of its board, in any language the kit carries ("Rurutu lands on Moorea" is ambiguous at the table), and
Tahiti's tokens, once named after its islands, keep colours no property group wears."""
from __future__ import annotations

import re

import pytest

from pnp.content import load_kit
from pnp.editions import Edition, languages
from pnp.problems import Problems
from pnp.vision import difference

from conftest import ROOT

KITS = ("etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti")


def _editions():
    for kit_id in KITS:
        kit = load_kit(ROOT / "content" / kit_id, Problems())
        for lang in languages(kit):
            yield kit_id, lang


def _kit(kit_id: str, lang: str):
    problems = Problems()
    kit = load_kit(ROOT / "content" / kit_id, problems, Edition(lang=lang))
    assert kit is not None, [str(p) for p in problems.sorted()]
    return kit


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def _contains(haystack: str, needle: str) -> bool:
    """``needle``'s words appear in ``haystack`` as a run of whole words."""
    h, n = _words(haystack), _words(needle)
    return bool(n) and any(h[i:i + len(n)] == n for i in range(len(h) - len(n) + 1))


@pytest.mark.parametrize("kit_id,lang", list(_editions()))
def test_no_token_is_named_like_a_space_or_group(kit_id, lang):
    kit = _kit(kit_id, lang)
    places = [str(g.name) for g in kit.board.groups]
    for s in kit.board.spaces:
        places += [str(x) for x in (s.name, s.subtitle, s.inner) if x]
    clashes = [(str(t.name), p) for t in kit.counters.tokens for p in places
               if _contains(p, str(t.name)) or _contains(str(t.name), p)]
    assert not clashes, f"{kit_id} ({lang}): tokens named like board spaces or groups: {clashes}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tahiti_token_colours_are_no_group_colour(lang):
    """Every Tahiti token stays well clear (CIEDE2000 >= 20, twice the validator's "look alike" line) of every
    property group's colour and of the houses and hotels, and clear of each other."""
    kit = _kit("tahiti", lang)
    tokens = [t for t in kit.counters.tokens if not t.marker]
    others = [(str(g.name), str(g.colour)) for g in kit.board.groups]
    others += [(str(c.name), str(c.colour)) for c in kit.counters.counters]
    near = [(str(t.name), name, round(difference(str(t.colour), colour), 1))
            for t in tokens for name, colour in others if difference(str(t.colour), colour) < 20]
    assert not near, f"tokens whose colour is close to a group's or a building's: {near}"
    alike = [(str(a.name), str(b.name)) for i, a in enumerate(tokens) for b in tokens[i + 1:]
             if difference(str(a.colour), str(b.colour)) < 20]
    assert not alike, f"tokens whose colours look alike: {alike}"


@pytest.mark.parametrize("kit_id", ["etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3"])
def test_the_sheets_of_tokens_say_how_to_make_a_player_token(reference_builds, kit_id):
    """A kit's standees come with pnp's instructions in its own language, over the footer of each tokens sheet's
    front that holds standees, and of no other (a review: nothing printed said how to make the pawns; then: the
    instructions stood on a sheet of houses alone)."""
    import json

    from pdfread import texts
    from pnp import words

    kit = load_kit(ROOT / "content" / kit_id, Problems())  # its own language, as the reference build
    assert kit.counters.tokens
    said = " ".join(words.of(kit.language)["standee"].split()[:4])
    pages = texts(reference_builds / kit_id / "tokens-a4.pdf")
    manifest = json.loads((reference_builds / kit_id / "manifest.json").read_text())
    kinds = {p["page"]: {it["kind"] for it in p["items"]} for p in manifest["parts"]["tokens"]["pages"]
             if p["side"] == "front"}
    with_tokens = {n for n, ks in kinds.items() if ks & {"token", "marker"}}
    assert with_tokens and len(pages) >= max(kinds)
    for n, text in enumerate(pages, 1):
        assert (said in " ".join(text.split())) == (n in with_tokens), (kit_id, n, sorted(kinds.get(n, ())))


@pytest.mark.parametrize("kit_id", ["euronopoly"])
def test_a_counters_icon_stands_clear_of_its_label(kit_id):
    """A labelled counter's icon is drawn in the room over its label (Etymonopoly's asterisk ran into "Recon." when
    it was drawn at its unlabelled size, only raised a little). Euronopoly's counters, labelled with their names
    (every kit's counters now carry their icons alone: Etymonopoly's since review 9, Euronopoly's since review 10)."""
    from pnp import scene
    from pnp.fonts import PT
    from pnp.layout import pieces
    from pnp.layout.common import Ctx
    from pnp.layout.icons import _bbox
    from pnp.text import CAP

    from dataclasses import replace

    kit = load_kit(ROOT / "content" / kit_id, Problems())
    # the kit's counters are icon-only since review 10: labelled here with their names, at the 22 mm they had
    labelled = [replace(c, label=c.name, size=22) for c in kit.counters.counters]
    assert labelled
    for c in labelled:
        face = pieces.counter_face(Ctx(kit, problems=Problems()), c)
        icon = next(g for g in face.children if isinstance(g, scene.Group) and str(g.key).startswith("icon-"))
        foot = _bbox(icon.children, icon.transform)[1]
        label_top = max(t.y + CAP * t.size * PT for t in scene.walk_text(face))
        assert foot >= label_top + 0.3, (kit_id, c.id, round(foot - label_top, 2))


@pytest.mark.parametrize("name", KITS)
def test_a_standees_base_folds_read_on_its_base_colour(name):
    """The dashed folds between a standee's base and its figure were in the board's line colour, lost on a black or
    purple base (Tahiti's Perle noire and Couronne, review 9): now each base's fold is dashed in the ink that reads
    on the base's colour, the fold between the two figures in the line colour as before."""
    from kits_cache import checked
    from pnp import scene
    from pnp.layout import pieces
    from pnp.layout.common import Ctx, contrast

    kit, problems = checked(name)
    ctx = Ctx(kit, problems=problems)
    assert kit.counters.tokens
    for t in kit.counters.tokens:
        folds = [s for s in pieces.standee(ctx, t).children if isinstance(s, scene.Line) and s.dash]
        ends = sorted(folds, key=lambda s: s.y1)
        assert len(folds) == 3 and {ends[0].stroke, ends[-1].stroke} == {contrast(t.colour)}, \
            (t.id, [(s.y1, s.stroke) for s in folds])
