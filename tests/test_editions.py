"""Editions: a kit printed in one of the languages it carries, for the players on the box.

Texts written {en: ..., fr: ...} print in the edition's language only; pnp's own words on the sheets follow it;
the money printed covers the starting money of the players and the bank's reserve, counted from the build's
manifest (the items printed), not from pnp's own plan."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.build import BuildOptions, build_game
from pnp.cli import cli
from pnp.content import load_kit
from pnp.editions import Edition, EditionError
from pnp.problems import Problems

from conftest import ROOT, edit
from pdfread import texts

KITS = ("etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti")


def _bilingual(mini: Path) -> Path:
    """The mini kit carrying French too: its deck's name and first card written in both languages."""
    edit(mini / "game.yaml", "language: en\n", "language: en\ntranslations: [fr]\n")
    edit(mini / "decks" / "luck.yaml", "name: Luck\n", "name: {en: Luck, fr: Chance}\n")
    edit(mini / "decks" / "luck.yaml", "text: \"Get out of jail free.\"",
         "text: {en: \"Get out of jail free.\", fr: \"Vous êtes libéré de prison.\"}")
    return mini


def _load(root: Path, lang: str | None = None):
    problems = Problems()
    kit = load_kit(root, problems, Edition(lang=lang))
    return kit, problems


def test_each_edition_prints_its_own_language(mini):
    root = _bilingual(mini)
    en, p_en = _load(root)
    fr, p_fr = _load(root, "fr")
    assert not p_en.errors and not p_fr.errors, [str(p) for p in (*p_en.errors, *p_fr.errors)]
    assert (en.language, fr.language) == ("en", "fr")
    assert (str(en.deck("luck").name), str(fr.deck("luck").name)) == ("Luck", "Chance")
    card = fr.deck("luck").cards[1]
    assert str(card.text) == "Vous êtes libéré de prison."
    assert card.reading("en") == "Get out of jail free."  # the booklet's lookup reads the other language
    assert card.at("text").line == en.deck("luck").cards[1].at("text").line  # one line holds both here
    assert fr.edition_id == "mini-fr" and en.edition_id == "mini"


def test_a_text_lacking_a_carried_language_is_an_error_at_its_line(mini):
    root = _bilingual(mini)
    edit(root / "decks" / "luck.yaml", "fr: \"Vous êtes libéré de prison.\"", "de: \"Du kommst frei.\"")
    _, problems = _load(root)
    found = [p for p in problems.errors if p.code == "E-text-translation"]
    assert len(found) == 2, [str(p) for p in problems.items]  # de is not carried; fr is missing
    assert all(p.loc.file.endswith("luck.yaml") and p.loc.line for p in found)
    assert any("add fr:" in p.message for p in found) and any("'de'" in p.message or "de," in p.message
                                                               or " de " in p.message for p in found)


def test_an_edition_the_kit_does_not_carry_is_a_usage_error(mini):
    with pytest.raises(EditionError, match="--lang de"):
        _load(mini, "de")
    with pytest.raises(EditionError, match="--players 9"):
        load_kit(mini, Problems(), Edition(players=9))
    done = subprocess.run([sys.executable, "-m", "pnp", "validate", str(mini), "--lang", "fr"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "--lang fr" in done.stderr
    done = subprocess.run([sys.executable, "-m", "pnp", "validate", str(mini), "--lang", "french"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "two-letter" in done.stderr


def test_a_section_for_one_edition_is_left_out_of_the_others(mini):
    root = _bilingual(mini)
    (root / "rules.yaml").write_text(
        "sections:\n"
        "  - {heading: {en: Setup, fr: Mise en place}, covers: [setup], text: {en: Deal the money., fr: Distribuez.}}\n"
        "  - {heading: Lexique, editions: [fr], language: en, text: \"@lookup luck\"}\n", encoding="utf-8")
    en, _ = _load(root)
    fr, problems = _load(root, "fr")
    assert [str(s.heading) for s in en.booklet.sections] == ["Setup"]
    assert [str(s.heading) for s in fr.booklet.sections] == ["Mise en place", "Lexique"]
    assert not problems.errors, [str(p) for p in problems.errors]


def test_mixed_languages_and_placeholders_are_named(mini):
    edit(mini / "decks" / "luck.yaml", "text: \"Get out of jail free.\"",
         "text: \"Get out of jail free. Vous êtes libéré.\"")
    edit(mini / "decks" / "luck.yaml", "name: Luck\n", "name: \"???\"\n")
    from pnp.build import check_game

    problems = Problems()
    check_game(mini, problems)
    codes = {p.code: p for p in problems.warnings}
    assert "W-text-language" in codes and "vous" in codes["W-text-language"].message
    assert "W-name-placeholder" in codes and codes["W-name-placeholder"].loc.file.endswith("luck.yaml")


# ---------------------------------------------------------------- the kits as printed
@pytest.fixture(scope="module")
def money_builds(tmp_path_factory) -> Path:
    """Each kit's notes and tokens built with the default edition (its most players)."""
    out = tmp_path_factory.mktemp("editions")
    for kit in KITS:
        problems = Problems()
        result = build_game(ROOT / "content" / kit, out / kit, BuildOptions(parts=("notes", "tokens")), problems)
        assert result is not None, [str(p) for p in problems.sorted()]
    return out


@pytest.mark.parametrize("kit", KITS)
def test_every_kit_prints_enough_to_start_with_a_reserve(money_builds, kit):
    """From the manifest's counts (the items the PDFs hold): every player's starting notes or chips, and at least
    one of every value left in the bank; a piece for every player."""
    game = yaml.safe_load((ROOT / "content" / kit / "game.yaml").read_text(encoding="utf-8"))
    counters = yaml.safe_load((ROOT / "content" / kit / "counters.yaml").read_text(encoding="utf-8"))
    manifest = json.loads((money_builds / kit / "manifest.json").read_text(encoding="utf-8"))
    players = game["players"]["max"]
    printed: dict[int, int] = {}
    for kind, n in manifest["counts"]["notes"].items():
        printed[int(kind.split("-", 1)[1])] = printed.get(int(kind.split("-", 1)[1]), 0) + n
    for value, each in game["money"]["starting_split"].items():
        assert printed.get(int(value), 0) >= players * each + 1, (kit, value, printed.get(int(value)), players, each)
    pieces = manifest["counts"]["tokens"]["token"]  # a marker (the turn marker) is counted as "marker"
    assert pieces >= players and pieces == sum(1 for t in counters["tokens"] if not t.get("marker"))
    assert manifest["edition"] == {"language": game["language"], "players": players}


def test_fewer_players_print_fewer_notes_and_the_summary_says_why(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp", "build", "etymonopoly", "--only", "notes", "--players", "2",
                           "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["counts"]["notes"]["note-1"] == 30  # 2 players × 5 + 15 in reserve: three sets of ten (60 for 8)
    assert manifest["edition"]["players"] == 2
    assert "for 2 players" in done.stdout and "₩1 notes: 3 sets of 10 = 30 (2 players × 5 + 15 in reserve = 25 needed)" in done.stdout


def test_the_french_edition_prints_pnp_words_in_french(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "fr"
    problems = Problems()
    result = build_game(ROOT / "content" / "tahiti", out, BuildOptions(parts=("cards", "board")), problems)
    assert result is not None, [str(p) for p in problems.sorted()]
    cards = PdfReader(str(out / "cards-a4.pdf")).pages[0].extract_text()
    tiles = PdfReader(str(out / "board-a4.pdf")).pages[0].extract_text()
    assert "feuille 1 sur" in cards and "sheet" not in cards
    assert "plan d’assemblage" in tiles and "assembly map" not in tiles


@pytest.mark.parametrize("mention,flagged", [("Red Road", False), ("red road", False), ("RED ROAD", True),
                                             ("Red-Road", True), ("Red road", False), ("red-road", False)])
def test_a_name_written_another_way_is_named(mini, mention, flagged):
    edit(mini / "decks" / "luck.yaml", "text: \"Get out of jail free.\"", f"text: \"Walk down {mention}. Out of jail.\"")
    from pnp.build import check_game

    problems = Problems()
    check_game(mini, problems)
    found = [p for p in problems.warnings if p.code == "W-term-spelling"]
    assert bool(found) == flagged, [str(p) for p in found]
    if flagged:
        assert "'Red Road'" in found[0].message and "board.yaml:" in found[0].message


@pytest.mark.parametrize("mention,flagged", [("Red Road", False), ("RED ROAD", True), ("Red-Road", True)])
def test_a_name_written_with_a_no_break_space_is_the_same_name(mini, mention, flagged):
    """A no-break space in a name only says where the name may break: a mention with a plain space is the name
    written the same way (no W-term-spelling at every mention), another spelling still is one."""
    edit(mini / "board.yaml", "name: Red Road,", 'name: "Red\\u00a0Road",')
    edit(mini / "decks" / "luck.yaml", "text: \"Get out of jail free.\"", f"text: \"Walk down {mention}. Out of jail.\"")
    from pnp.build import check_game

    problems = Problems()
    check_game(mini, problems)
    found = [p for p in problems.warnings if p.code == "W-term-spelling"]
    assert bool(found) == flagged, [str(p) for p in found]


#: words that say a text is English, or French (none is a name in the Tahiti kit)
ENGLISH = {"the", "you", "your", "pay", "collect", "jail", "free", "parking", "rent", "with", "here", "each", "go",
           "sheet", "front", "back", "print", "mortgage", "houses"}
FRENCH = {"vous", "votre", "payez", "recevez", "prison", "avec", "chaque", "cagnotte", "feuille", "recto", "verso",
          "imprimer", "maisons", "loyer", "hypothèque"}


@pytest.mark.parametrize("lang,foreign", [("fr", ENGLISH), ("en", FRENCH)])
def test_each_tahiti_edition_prints_one_language(tmp_path, lang, foreign):
    """Every word on the French edition's cards, board, notes and tokens (read back from the PDFs) is French or
    a name, and the English edition's English: the English lookup is in the booklet only."""
    import re

    from pypdf import PdfReader

    problems = Problems()
    result = build_game(ROOT / "content" / "tahiti", tmp_path / lang,
                        BuildOptions(parts=("board", "cards", "notes", "tokens"), lang=lang), problems)
    assert result is not None, [str(p) for p in problems.sorted()]
    for pdf in sorted((tmp_path / lang).glob("*.pdf")):
        words = {w.lower() for page in texts(pdf) for w in re.findall(r"[^\W\d_]+", page)}
        assert not words & foreign, (pdf.name, sorted(words & foreign))


def test_only_some_parts_of_another_edition_is_refused(tmp_path):
    """--only notes --players 2 into a folder built for 8 would leave a booklet counting 8 players' notes."""
    out = tmp_path / "out"
    args = ["build", "etymonopoly", "--out", str(out)]
    # the builds that succeed run pnp's command line in this process (catch_exceptions=False: an exception fails
    # the test); the refusal runs as `pnp` does, for its exit code 2 and message come from pnp.cli.main
    assert CliRunner().invoke(cli, [*args, "--only", "notes,rules"], catch_exceptions=False).exit_code == 0
    done = subprocess.run([sys.executable, "-m", "pnp", *args, "--only", "notes", "--players", "2"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "another edition" in done.stderr and "Traceback" not in done.stderr
    every = CliRunner().invoke(cli, [*args, "--only", "notes,rules", "--players", "2"], catch_exceptions=False)
    assert every.exit_code == 0  # every part of the folder: fine


def test_hostile_supply_numbers_are_content_errors_not_a_hang(mini):
    """A reserve of a trillion notes, players.max of a million, a value's set of 0: errors at their lines."""
    from pnp.build import check_game

    edit(mini / "game.yaml", "  reserve: 2\n", "  reserve: 1000000000000\n")
    problems = Problems()
    check_game(mini, problems)
    assert [p.code for p in problems.errors] == ["E-supply-size"] and problems.errors[0].loc.line == 11
    edit(mini / "game.yaml", "  reserve: 1000000000000\n", "  reserve: 2\n")
    edit(mini / "game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 1000000}")
    problems = Problems()
    check_game(mini, problems)
    assert "E-supply-size" in [p.code for p in problems.errors]
    edit(mini / "game.yaml", "players: {min: 2, max: 1000000}", "players: {min: 2, max: 4}")
    edit(mini / "money.yaml", "{value: 5, colour: \"#f2c6d6\", count: 3}", "{value: 5, colour: \"#f2c6d6\", count: 0}")
    problems = Problems()
    check_game(mini, problems)
    assert [p.code for p in problems.errors] == ["E-money-set-empty"]


def test_a_spreadsheet_deck_gives_a_column_per_language(mini):
    """text.en and text.fr columns: the card's text in each language the kit carries."""
    edit(mini / "game.yaml", "language: en\n", "language: en\ntranslations: [fr]\n")
    (mini / "decks" / "luck.csv").write_text(
        "id,text.en,text.fr,effect.action,effect.amount,keep\n"
        "go,Collect {{ 5 | money }}.,Recevez {{ 5 | money }}.,collect,5,\n"
        "free,Get out of jail free.,Vous êtes libéré de prison.,leave_jail,,true\n"
        "fine,Pay {{ 5 | money }}.,Payez {{ 5 | money }}.,pay,5,\n", encoding="utf-8")
    text = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    (mini / "decks" / "luck.yaml").write_text(text[:text.index("cards:")] + "cards: {csv: decks/luck.csv}\n",
                                              encoding="utf-8")
    en, p_en = _load(mini)
    fr, p_fr = _load(mini, "fr")
    assert not p_en.errors and not p_fr.errors, [str(p) for p in (*p_en.errors, *p_fr.errors)]
    assert [str(c.text) for c in fr.deck("luck").cards] == ["Recevez ₩5.", "Vous êtes libéré de prison.", "Payez ₩5."]
    assert str(en.deck("luck").cards[1].text) == "Get out of jail free."


def test_a_save_that_takes_the_edition_away_is_shown_not_raised(mini):
    """pnp serve/watch for 4 players; the designer lowers players.max to 3: the last pictures stay and the
    problem says why (at the start, the same edition is a usage error, as for a build)."""
    from pnp.options import PrintOptions
    from pnp.session import Session

    session = Session(mini, 30, print=PrintOptions(players=4), parts=("tokens",))
    assert session.items
    edit(mini / "game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 3}")
    update = session.refresh()
    assert update.error is not None and update.error.code == "E-edition-gone" and "--players 4" in update.error.message
    assert session.items  # the last good pictures stay
    with pytest.raises(EditionError):
        Session(mini, 30, print=PrintOptions(players=4), parts=("tokens",))


def test_pnp_words_name_each_key_once_in_each_language():
    """A key written twice in one language's words (a dict literal keeps the last) hid "Reference card" behind the
    reference cards' back title "Reference": the booklet's list of components read "Reference 15" (review 16)."""
    import ast

    from pnp import words

    tree = ast.parse(Path(words.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            assert not {k for k in keys if keys.count(k) > 1}, sorted({k for k in keys if keys.count(k) > 1})
    assert words.of("en")["reference"] == "Reference card" and words.of("fr")["reference"] == "Carte aide-mémoire"
