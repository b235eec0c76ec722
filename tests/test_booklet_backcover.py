"""The rules booklet's back cover: the turn at a glance (the reference cards rules.yaml's ``back_cover`` names, set
large above the credits, in the edition's language), the booklet's other pages and its page count untouched by it,
and a card too long for the page set smaller, never over the credits."""
from __future__ import annotations

import re

import pytest

from pnp import markup, scene
from pnp.build import load_valid
from pnp.editions import Edition
from pnp.layout import booklet
from pnp.layout.booklet import MIN_BODY_PT, SUMMARY_PT, booklet_pages
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.values import Text

from conftest import REFERENCE_KITS, ROOT
from kits_cache import bundled

EDITIONS = [(kit, None) for kit in REFERENCE_KITS] + [("tahiti", "en")]


def _runs(group: scene.Group, m=scene.IDENTITY) -> list[tuple[float, float, str, float]]:
    """Every text run of a page: (x, y) in mm, its text, its size."""
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            out += _runs(child, scene.compose(m, child.transform))
        elif isinstance(child, scene.Text):
            x, y = scene.apply(m, child.x, child.y)
            out.append((round(x, 3), round(y, 3), child.text, child.size))
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.replace("\u2019", "'"))


def _fresh(kit: str, lang: str | None):
    problems = Problems()
    game = load_valid(ROOT / "content" / kit, problems, Edition(lang=lang))
    assert game is not None, [str(p) for p in problems.sorted()]
    return game, problems


@pytest.mark.parametrize("kit,lang", EDITIONS)
def test_every_kit_names_a_card_and_its_back_cover_sets_its_steps_large_in_the_editions_language(kit, lang):
    shared = bundled(kit, lang)  # laid out once a session (tests/kits_cache.py): read only
    game = shared.game
    assert game.booklet.back_cover, "every bundled kit has a turn card for its back cover"
    cards = {str(c.id): c for c in game.reference.cards}
    back = _runs(shared.pages[-1].front)
    printed = _words(" ".join(t for _, _, t, _ in back))
    big = [s for _, _, _, s in back if s >= SUMMARY_PT[0] - 1e-9]
    assert big, "the back cover sets its turn summary at SUMMARY_PT[0]"
    for cid in game.booklet.back_cover:
        card = cards[str(cid)]
        assert " ".join(_words(str(card.title))) in " ".join(printed)
        steps = [b for b in markup.parse(str(card.text)) if b.kind == "item"]
        assert steps, f"{cid} has numbered steps"
        for step in steps:  # each step's words, in order, on the last page
            said = _words("".join(s.text for s in step.spans))
            assert " ".join(said[:6]) in " ".join(printed), (cid, said[:6])
    other = {"en": "Roll", "fr": "Lancez"}
    if kit == "tahiti":  # the card's text follows the edition's language
        mine, theirs = ("en", "fr") if lang == "en" else ("fr", "en")
        assert other[mine] in printed and other[theirs] not in printed


@pytest.mark.parametrize("kit,lang", EDITIONS)
def test_the_turn_summary_changes_no_other_page_nor_the_page_count(kit, lang):
    shared = bundled(kit, lang)
    game, problems = _fresh(kit, lang)
    game.booklet.back_cover = []
    plain = booklet_pages(Ctx(game, problems=problems))
    pages = shared.pages
    assert len(pages) == len(plain) == 16
    for n, (a, b) in enumerate(zip(pages[:-1], plain[:-1]), 1):
        assert _runs(a.front) == _runs(b.front), f"page {n} changed"
    assert len(_runs(pages[-1].front)) > len(_runs(plain[-1].front))
    # and without a card named, the back cover is the credits alone
    assert {t for _, _, t, _ in _runs(plain[-1].front)} <= {t for _, _, t, _ in _runs(pages[-1].front)}


def test_a_card_too_long_for_the_back_cover_is_set_smaller_and_stays_above_the_credits():
    game, problems = _fresh("etymonopoly", None)
    card = next(c for c in game.reference.cards if str(c.id) == str(game.booklet.back_cover[0]))
    card.text = Text("\n".join(f"{n}. " + "Roll the dice, move your token and do what the space says. " * 2
                               for n in range(1, 10)))
    ctx = Ctx(game, problems=problems)
    shapes = booklet._back_cover(ctx)
    runs = _runs(scene.Group(shapes))
    credit = next(y for x, y, t, s in runs if t == "Credits")
    steps = [(y, s) for x, y, t, s in runs if y > credit and t != "Credits"]
    titles = {str(c.title) for c in game.reference.cards if str(c.id) in map(str, game.booklet.back_cover)}
    sizes = {s for x, y, t, s in runs if y > credit and t not in {"Credits", *titles} and not t.isdigit()}
    assert steps and all(MIN_BODY_PT - 1e-9 <= s < SUMMARY_PT[0] for s in sizes), sizes
    rule = max(sh.y1 for sh in shapes if isinstance(sh, scene.Line) and sh.y1 == sh.y2 and sh.x2 - sh.x1 > 50)
    assert min(y for y, _ in steps) > rule + 5.0
    assert "Roll the dice" in " ".join(t for _, _, t, _ in runs).replace("\xa0", " ")
    assert not problems.errors, [str(p) for p in problems.errors]


def test_a_card_too_long_even_at_the_smallest_size_is_reported_and_cut_above_the_credits():
    game, problems = _fresh("etymonopoly", None)
    card = next(c for c in game.reference.cards if str(c.id) == str(game.booklet.back_cover[0]))
    card.text = Text("\n".join(f"{n}. " + "Roll the dice, move your token and do what the space says. " * 8
                               for n in range(1, 10)))
    shapes = booklet._back_cover(Ctx(game, problems=problems))
    assert any(p.code == "E-text-overflow" for p in problems.errors), [str(p) for p in problems.sorted()]
    runs = _runs(scene.Group(shapes))
    credit = next(y for x, y, t, s in runs if t == "Credits")
    rule = max(sh.y1 for sh in shapes if isinstance(sh, scene.Line) and sh.y1 == sh.y2 and sh.x2 - sh.x1 > 50)
    assert min(y for x, y, t, s in runs if y > credit) > rule + 5.0
