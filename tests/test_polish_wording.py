"""Content that says one thing in two places says it in the same words (the polish round)."""
from __future__ import annotations

from conftest import ROOT, loaded


def test_moneyloopys_booklet_words_its_tollbooths_as_the_board_does():
    """The board's tollbooths read "Pass or land: ..."; the booklet's table of spaces read "Passing or landing: ..."."""
    kit, _ = loaded(ROOT / "content" / "moneyloopy")
    leads = {str(s.text).split(":")[0] for s in kit.board.spaces if s.kind == "tollbooth"}
    assert leads == {"Pass or land"}, leads
    rules = (ROOT / "content" / "moneyloopy" / "rules.yaml").read_text(encoding="utf-8")
    row = next(line for line in rules.splitlines() if "space('just-visiting').name }}, 2, 3 |" in line)
    assert row.split("|")[2].strip().startswith("Pass or land: pay "), row


def _reference(kit_id: str, lang: str | None = None) -> dict[str, str]:
    from pnp.content import load_kit
    from pnp.editions import Edition
    from pnp.problems import Problems

    kit = load_kit(ROOT / "content" / kit_id, Problems(), Edition(lang=lang))
    return {str(c.id): str(c.text) for c in kit.reference.cards}


def test_reference_cards_repeat_the_turn_ending_rules_of_their_booklets():
    """The booklets state what ends a turn; the reference cards, where a player looks it up, said nothing of it."""
    ety = _reference("etymonopoly")
    assert "your turn ends, doubles or not" in ety["up-for-grabs"]
    assert "having none left puts you out" in ety["trading"]
    fr, en = _reference("tahiti", "fr"), _reference("tahiti", "en")
    assert "L'enchère finit votre tour, même après un double" in fr["encheres"]
    assert "The auction ends your turn, even after doubles" in en["encheres"]
    assert "Fin du tour, sans salaire" in fr["prison"]
    assert "Your turn ends; no salary" in en["prison"]


def _tahiti(lang: str):
    from pnp.content import load_kit
    from pnp.editions import Edition
    from pnp.problems import Problems

    return load_kit(ROOT / "content" / "tahiti", Problems(), Edition(lang=lang))


def test_tahitis_english_booklet_names_the_deeds_rent_line_as_the_deeds_print_it():
    """The review: the English rules said "*Rent, site only*, is printed on its deed" where the deed's first line
    reads "Rent". Every italic name of a rent line in the booklet is a line the deeds print."""
    import re

    kit = _tahiti("en")
    lines = {str(x) for x in kit.game.terms.rent_ladder}
    text = " ".join(str(s.text) for s in kit.booklet.sections)
    named = [m for m in re.findall(r"(?<!\*)\*([^*\n]+)\*(?!\*)", text) if m.startswith("Rent")]
    assert named and set(named) <= lines, named


def test_tahitis_local_words_on_cards_carry_a_gloss_in_both_languages():
    """The review: "mitiero" stood bare on its card while "tifaifai" and "firifiri" carry a gloss in brackets.
    Each of these words is followed by its gloss, in French and in English."""
    for lang in ("fr", "en"):
        texts = [str(c.text) for d in _tahiti(lang).decks for c in d.cards]
        for word in ("mitiero", "firifiri") + (("tifaifai",) if lang == "en" else ()):
            said = [t for t in texts if word in t]
            assert said and all(f"{word} (" in t for t in said), (lang, word, said)


def test_euronopolys_toll_station_and_speed_trap_deeds_say_their_kind_alike():
    """The review: a speed trap's deed and space say "Speed trap" under the name, where a toll station's said its
    local name ("Pont de Normandie"): a toll-station deed never said what it is. Every ownable space outside the
    colour groups carries its kind as its subtitle, the same words for every space of a kind."""
    kit, _ = loaded(ROOT / "content" / "euronopoly")
    owned = {t.space for t in kit.titles.titles}
    kinds: dict[str, set] = {}
    for s in kit.board.spaces:
        if s.id in owned and not s.group:
            kinds.setdefault(str(s.kind), set()).add(str(s.subtitle or ""))
    assert set(kinds) == {"toll-station", "speed-trap"}, kinds
    for kind, subtitles in kinds.items():
        assert subtitles == {kind.replace("-", " ").capitalize()}, (kind, subtitles)
