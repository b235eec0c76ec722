"""Spreadsheet data: a deck's cards or the title cards read from a CSV file the YAML names (issue 22).

The mini fixture's luck deck and title cards, written as CSV, give the same kit (byte-identical PDFs);
every problem in a CSV is reported at its file:row:column; a CSV is read as safely as a YAML file."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.build import BuildOptions, build_game, check_game
from pnp.cli import cli
from pnp.content import load_kit
from pnp.csvdata import letter, typed
from pnp.problems import Problems
from pnp.watch import affected_parts, watch

from conftest import HANG_GUARD, MINI, edit, loaded, not_a_plain_file

LUCK_CSV = """id,text,keep,effect.action,effect.target,effect.amount
go,"Advance to {{ space('go').name }}. Collect {{ salary | money }}.",,advance,go,
free,Get out of jail free.,TRUE,leave_jail,,
fine,Pay {{ 5 | money }}.,,pay,,5
"""
TITLES_CSV = """space,rent,house_cost,hotel_cost,trade_value,rent_by_owned,multipliers,text
red-1,2; 4; 10; 30; 90; 160; 250,50,50,30,,,
red-2,4;8;20;60;180;320;450,50,50,40,,,
line,,,,10,25,,
power,,,,40,,4,Roll the dice and pay the total times the multiplier.
"""
DECK_HEAD = 'id: luck\nname: Luck\ncolour: "#e08a1e"\nicon: question\n'


def as_csv(root: Path, cards: str = LUCK_CSV, name: str = "decks/luck.csv", ref: str | None = None) -> Path:
    """The mini kit's luck deck reading its cards from a CSV file."""
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(cards, encoding="utf-8")
    (root / "decks" / "luck.yaml").write_text(DECK_HEAD + f"cards: {{csv: {ref or name}}}\n", encoding="utf-8")
    return path


def problems_of(root: Path) -> list:
    problems = Problems()
    check_game(root, problems)
    return problems.sorted()


def where(p) -> str:
    """A problem's place, relative to the game folder: 'decks/luck.csv:4:6'."""
    return f"{Path(p.loc.file).parent.name}/{Path(p.loc.file).name}:{p.loc.line}:{p.loc.col}"


def _pnp(*args, cwd=None):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=60, cwd=cwd,
                          env=env)


# ---------------------------------------------------------------------------- the same kit, from CSV
def test_a_csv_backed_deck_and_title_list_validate_and_build_the_same_pdfs(mini, tmp_path):
    as_csv(mini)
    (mini / "titles.csv").write_text(TITLES_CSV, encoding="utf-8")
    (mini / "titles.yaml").write_text("titles: {csv: titles.csv}\n", encoding="utf-8")
    assert problems_of(mini) == []
    problems = Problems()
    kit = load_kit(mini, problems)
    luck = kit.deck("luck")
    assert [c.id for c in luck.cards] == ["go", "free", "fine"] and [c.keep for c in luck.cards] == [False, True, False]
    assert luck.cards[2].effect.amount == 5 and kit.titles.titles[1].rent == [4, 8, 20, 60, 180, 320, 450]
    assert luck.cards[2].loc.file.endswith("luck.csv") and luck.cards[2].loc.line == 4
    assert luck.cards[2].at("text").col == 2 and kit.sources["decks/luck.csv"] == mini / "decks/luck.csv"

    ours, theirs = tmp_path / "csv-out", tmp_path / "yaml-out"
    assert build_game(mini, ours, BuildOptions(), Problems()) is not None
    assert build_game(MINI, theirs, BuildOptions(), Problems()) is not None
    for pdf in sorted(p.name for p in theirs.glob("*.pdf")):
        assert (ours / pdf).read_bytes() == (theirs / pdf).read_bytes(), pdf


def test_a_bad_cell_is_reported_at_its_row_and_column(mini):
    as_csv(mini, LUCK_CSV.replace(",,pay,,5", ",,pya,,-5"))
    r = _pnp("validate", str(mini), cwd=mini)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert any(l.startswith("decks/luck.csv:4:4: cards[2].effect.action: 'pya' is not one of") and
               "did you mean 'pay'?" in l and l.endswith("[E-schema-choice]") for l in lines), r.stderr
    assert any(l.startswith("decks/luck.csv:4:6: cards[2].effect.amount: cannot be negative (-5)") for l in lines)
    as_csv(mini, LUCK_CSV.replace("Collect {{ salary | money }}", "Collect {{ salry | money }}"))
    r = _pnp("validate", str(mini), cwd=mini)
    assert r.returncode == 1 and r.stderr.startswith("decks/luck.csv:2:2: cards[0].text:")
    assert "[E-template-undefined]" in r.stderr.splitlines()[0]


def test_validator_problems_point_into_the_csv(mini):
    as_csv(mini, LUCK_CSV.replace(",advance,go,", ",advance,nowhere,"))
    (p,) = [p for p in problems_of(mini) if p.severity == "error"]
    assert where(p) == "decks/luck.csv:2:5" and p.path == "cards[0].effect.target"


def test_an_empty_required_cell_is_an_error_at_the_cell(mini):
    as_csv(mini, LUCK_CSV.replace("\nfree,Get out of jail free.,", "\nfree,,").replace(",,pay,,5", ",,,,5"))
    got = sorted((where(p), p.path, p.code) for p in problems_of(mini))
    assert got == [("decks/luck.csv:3:2", "cards[1].text", "E-schema-type"),
                   ("decks/luck.csv:4:4", "cards[2].effect.action", "E-schema-type")]


# ---------------------------------------------------------------------------- how cells are read
def test_cells_are_typed_as_yaml_reads_them_except_in_text_columns(mini):
    as_csv(mini, 'id,title,text,keep,copies,help,effect.action,effect.amount,effect.optional\n'
                 'go,No,1984,yes,2,007,pay,5,FALSE\n'
                 'free,  Spaced  ,"multi\nline, with comma",,,,leave_jail,,\n'
                 'fine,~,Pay.,,,,pay,5,\n')
    kit = load_kit(mini, Problems())
    go, free, fine = kit.deck("luck").cards
    assert (go.title, go.text, go.help, go.keep, go.copies) == ("No", "1984", "007", True, 2)
    assert go.effect.optional is False and go.effect.amount == 5
    assert free.title == "Spaced" and free.text == "multi\nline, with comma" and free.keep is False
    assert free.copies == 1 and free.effect.amount is None
    assert fine.title == "~"  # a text column keeps what is written
    assert typed("12") == 12 and typed("2.5") == 2.5 and typed("TRUE") is True and typed("~") is None
    assert typed("2024-01-01") == "2024-01-01" and typed("1" * 5000) == "1" * 5000


def test_lists_mappings_and_yaml_cells(mini):
    (mini / "art").mkdir()
    Image.new("RGB", (240, 180), "#3366cc").save(mini / "art" / "logo.png")
    as_csv(mini, 'id,text,picture.file,picture.width,picture.height,effect\n'
                 'go,Go.,art/logo.png,20,15,"{action: advance, target: go}"\n'
                 'free,Free.,,,,"{action: leave_jail}"\n'
                 'fine,Choose.,,,,"{action: choice, options: [{action: pay, amount: 5}, {action: collect, amount: 5}]}"\n')
    (mini / "titles.csv").write_text('space,rows,rent,trade_value\n'
                                     'red-1,"[{label: Sale value, amount: 25}]",2;4;10;30;90;160;250;,30\n'
                                     'red-2,,"[4, 8, 20, 60, 180, 320, 450]",40\n', encoding="utf-8")
    edit(mini / "titles.yaml", "titles:\n", "titles: {csv: titles.csv}\nold:\n")
    text = (mini / "titles.yaml").read_text(encoding="utf-8").split("old:\n")
    (mini / "titles.yaml").write_text(text[0], encoding="utf-8")
    kit, _ = loaded(mini)
    go, _, fine = kit.deck("luck").cards
    assert go.picture.file == "art/logo.png" and go.picture.width == 20 and go.effect.target == "go"
    assert [o.action for o in fine.effect.options] == ["pay", "collect"]
    assert fine.effect.at("options").file.endswith("luck.csv") and fine.effect.at("options").col == 6
    red1, red2 = kit.titles.titles
    assert red1.rows[0].label == "Sale value" and red1.rent == [2, 4, 10, 30, 90, 160, 250]
    assert red2.rent[-1] == 450


def test_semicolons_crlf_and_a_byte_order_mark(mini):
    text = LUCK_CSV.replace(",", ";").replace("Advance to {{ space('go').name }}; Collect",
                                              "Advance to {{ space('go').name }}, Collect")
    path = as_csv(mini, "")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert problems_of(mini) == []
    assert [c.id for c in load_kit(mini, Problems()).deck("luck").cards] == ["go", "free", "fine"]


def test_blank_rows_are_skipped_and_rows_keep_the_spreadsheet_numbers(mini):
    as_csv(mini, LUCK_CSV.replace("\nfree,", "\n,,,,,\n\nfree,").replace(",,pay,,5", ",,pay,,x"))
    (p,) = problems_of(mini)
    assert where(p) == "decks/luck.csv:6:6" and p.code == "E-schema-amount"


# ---------------------------------------------------------------------------- header and rows
@pytest.mark.parametrize("header, place, words", [
    ("id,txet,effect.action", "1:2", ["column B ('txet')", "did you mean 'text'?"]),
    ("id,text,text", "1:3", ["column C ('text') repeats column B"]),
    ("id,text,effect,effect.action", "1:4", ["overlaps column C"]),
    ("id,text,effect.actoin", "1:3", ["did you mean 'effect.action'?"]),
    ("id,text,effect.action.x", "1:3", ["effect.action has no fields"]),
    ("id,text,effect.options.action", "1:3", ["effect.options is a list", "in YAML"]),
    ("id,effect.action", "1:1", ["no column 'text'"]),
    ("", "1:1", ["first row must name the fields", "it is empty"]),
])
def test_header_problems(mini, header, place, words):
    as_csv(mini, header + "\n")
    got = problems_of(mini)
    assert got and all(p.code == "E-csv-header" for p in got), got
    (p,) = [p for p in got if all(w in p.message for w in words)]
    assert where(p) == f"decks/luck.csv:{place}"


def test_a_column_without_header_is_fine_while_empty(mini):
    as_csv(mini, LUCK_CSV.replace("\n", ",,\n"))
    assert problems_of(mini) == []
    as_csv(mini, LUCK_CSV.replace("\n", ",,\n").replace("5,,\n", "5,,oops\n"))
    (p,) = problems_of(mini)
    assert where(p) == "decks/luck.csv:1:8" and p.code == "E-csv-header" and "row 4 has a value" in p.message


@pytest.mark.parametrize("change, place, words", [
    ((",,pay,,5", ",,pay,"), "4:6", ["row 4 has 5 cell(s) and the header 6", "F (effect.amount)"]),
    ((",,pay,,5", ",,pay,,5,,9"), "4:8", ["a value in column H, after the last header (column F)"]),
    (("fine,Pay", 'fine,"Pay'), "4:1", ["row 4 cannot be read as CSV", "quote"]),
])
def test_ragged_and_broken_rows(mini, change, place, words):
    as_csv(mini, LUCK_CSV.replace(*change))
    (p,) = problems_of(mini)
    assert p.code == "E-csv-row" and where(p) == f"decks/luck.csv:{place}" and all(w in p.message for w in words)


def test_column_letters():
    assert [letter(n) for n in (1, 2, 26, 27, 52, 703)] == ["A", "B", "Z", "AA", "AZ", "AAA"]


# ---------------------------------------------------------------------------- the file itself
def _deck_problem(mini) -> tuple[str, str, str]:
    (p,) = problems_of(mini)
    return p.code, where(p), p.message


def test_a_missing_csv_is_an_error_at_the_yaml_line(mini):
    (mini / "decks" / "luck.yaml").write_text(DECK_HEAD + "cards: {csv: luck.csv}\n", encoding="utf-8")
    code, place, message = _deck_problem(mini)
    assert code == "E-file-missing" and place == "decks/luck.yaml:5:14" and "relative to the game folder" in message


@pytest.mark.parametrize("ref, words", [
    ("../outside.csv", "outside the game folder"),
    ("/etc/passwd.csv", "outside the game folder"),
    ("link.csv", "outside the game folder"),
    ("decks/luck.txt", "does not end in .csv"),
    ("", "names the CSV file"),
])
def test_a_csv_outside_the_game_folder_or_not_named_csv_is_refused(mini, ref, words):
    (mini.parent / "outside.csv").write_text(LUCK_CSV, encoding="utf-8")
    (mini / "link.csv").symlink_to(mini.parent / "outside.csv")
    (mini / "decks" / "luck.yaml").write_text(DECK_HEAD + f"cards: {{csv: '{ref}'}}\n", encoding="utf-8")
    code, place, message = _deck_problem(mini)
    assert code == "E-csv-file" and place == "decks/luck.yaml:5:14" and words in message


@pytest.mark.parametrize("thing, code", [("fifo", "E-file-unreadable"), ("folder", "E-file-unreadable"),
                                         ("dangling", "E-file-missing")])
def test_only_a_plain_csv_file_is_read(mini, thing, code):
    not_a_plain_file(as_csv(mini), thing)
    start = time.perf_counter()
    r = _pnp("validate", str(mini), cwd=mini)
    assert r.returncode == 1 and f"[{code}]" in r.stderr and "decks/luck.yaml:5:" in r.stderr
    assert "Traceback" not in r.stderr and time.perf_counter() - start < HANG_GUARD


def test_a_csv_over_5_mb_not_utf8_or_with_other_keys_is_refused(mini):
    path = as_csv(mini)
    path.write_bytes(LUCK_CSV.encode() + b"x," * 2_600_000)
    assert _deck_problem(mini)[0] == "E-csv-file"
    path.write_bytes(LUCK_CSV.replace("Get out", "Sortez").encode() + "fine,Payé\n".encode("latin-1"))
    code, place, message = _deck_problem(mini)
    assert code == "E-yaml-encoding" and place == "decks/luck.csv:5:9" and "UTF-8" in message
    path.write_text(LUCK_CSV, encoding="utf-8")
    (mini / "decks" / "luck.yaml").write_text(DECK_HEAD + "cards: {csv: decks/luck.csv, sep: ';'}\n")
    code, place, message = _deck_problem(mini)
    assert code == "E-csv-file" and place == "decks/luck.yaml:5:30" and "remove 'sep'" in message


def test_the_kits_value_budget_covers_csv_cells(mini):
    rows = "".join(f"c{i},Card {i}.,,pay,,5\n" for i in range(40_000))  # 40,000 rows of 4 values
    as_csv(mini, LUCK_CSV + rows)
    start = time.perf_counter()
    got = problems_of(mini)
    assert [p.code for p in got] == ["E-yaml-too-large"] and "CSV" in got[0].message
    assert time.perf_counter() - start < HANG_GUARD


def test_yaml_in_a_cell_is_loaded_safely(mini):
    as_csv(mini, 'id,text,effect\n'
                 'go,Go.,"!!python/object/apply:os.system [echo hi]"\n'
                 'free,Free.,"{action: leave_jail, action: pay}"\n'
                 'fine,Fine.,"' + "[" * 100 + "]" * 100 + '"\n')
    got = sorted((where(p), p.code) for p in problems_of(mini))
    assert ("decks/luck.csv:3:3", "E-yaml-duplicate-key") in got and ("decks/luck.csv:4:3", "E-yaml-too-large") in got
    # a tag is not a YAML cell (it does not start with a bracket): text where a mapping belongs
    assert ("decks/luck.csv:2:3", "E-schema-type") in got


# ---------------------------------------------------------------------------- incremental build, watch, new
def test_a_changed_csv_or_a_picture_it_names_rebuilds_the_cards(mini, tmp_path):
    (mini / "art").mkdir()
    Image.new("RGB", (240, 180), "#3366cc").save(mini / "art" / "logo.png")
    path = as_csv(mini, LUCK_CSV.replace("id,text,", "id,picture.file,picture.width,picture.height,text,")
                  .replace("\ngo,", "\ngo,art/logo.png,20,15,").replace("\nfree,", "\nfree,,,,")
                  .replace("\nfine,", "\nfine,,,,"))
    out = tmp_path / "out"
    opts = BuildOptions(parts=("board", "cards", "notes", "tokens"))
    assert build_game(mini, out, opts, Problems()).rebuilt
    assert build_game(mini, out, opts, Problems()).rebuilt == []
    cards = (out / "cards-a4.pdf").read_bytes()
    path.write_text(path.read_text(encoding="utf-8").replace("Pay {{ 5", "Now pay {{ 5"), encoding="utf-8")
    result = build_game(mini, out, opts, Problems())
    assert result.rebuilt == ["board", "cards"] and (out / "cards-a4.pdf").read_bytes() != cards
    Image.new("RGB", (240, 180), "#cc3333").save(mini / "art" / "logo.png")
    assert build_game(mini, out, opts, Problems()).rebuilt == ["board", "cards"]


def test_watch_notices_a_saved_csv(mini):
    path = as_csv(mini)
    assert affected_parts(["decks/luck.csv"]) == ["board", "cards", "rules"]
    seen, stop = [], threading.Event()

    def on_change(changed, parts):
        seen.append((changed, parts))
        stop.set()

    thread = threading.Thread(target=watch, args=(mini, on_change, 0.05, stop))
    thread.start()
    time.sleep(0.2)
    path.write_text(LUCK_CSV.replace("Pay {{", "Now pay {{"), encoding="utf-8")
    thread.join(timeout=10)
    stop.set()
    assert seen == [(["decks/luck.csv"], ["board", "cards", "rules"])]


def test_the_json_schemas_take_a_csv_file_for_the_list():
    import json

    import jsonschema

    from conftest import ROOT

    for kind, data in (("deck", {"id": "luck", "name": "Luck", "colour": "#e08a1e"}), ("titles", {})):
        schema = json.loads((ROOT / "content" / "schema" / f"{kind}.schema.json").read_text(encoding="utf-8"))
        check = jsonschema.Draft202012Validator(schema)
        field = "cards" if kind == "deck" else "titles"
        assert not list(check.iter_errors({**data, field: {"csv": "sheets/list.CSV"}}))
        for bad in ({"csv": "sheets/list.txt"}, {"csv": "list.csv", "sep": ";"}, {}):
            assert list(check.iter_errors({**data, field: bad})), bad



def test_new_from_a_csv_starts_a_game_whose_deck_reads_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cards = tmp_path / "my cards.csv"
    cards.write_text(LUCK_CSV.replace("fine,Pay {{ 5 | money }}.,,pay,,5",
                                      "fine,Pay {{ 5 | money }}.,,pay,,5\nfine2,Pay {{ 5 | money }}.,,pay,,5"),
                     encoding="utf-8")
    edit(cards, "id,text,", "id,copies,text,")
    for row in ("go,", "free,", "fine,", "fine2,"):
        edit(cards, f"\n{row}", f"\n{row}{2 if row == 'fine2,' else ''},")
    r = CliRunner().invoke(cli, ["new", "from-sheet", "--from", str(cards)])
    assert r.exit_code == 0, r.output
    game = tmp_path / "content" / "from-sheet"
    assert (game / "decks" / "luck.csv").read_bytes() == cards.read_bytes()
    assert "cards: {csv: decks/luck.csv}" in (game / "decks" / "luck.yaml").read_text(encoding="utf-8")
    assert "deck_sizes: {luck: 5}" in (game / "game.yaml").read_text(encoding="utf-8")  # 1 + 1 + 1 + 2 copies
    problems = Problems()
    assert check_game(game, problems) is not None and not problems.items, [str(p) for p in problems.items]
    assert build_game(game, tmp_path / "out", BuildOptions(), Problems()) is not None


def test_new_from_a_broken_csv_creates_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cards = tmp_path / "cards.csv"
    cards.write_text(LUCK_CSV.replace(",,pay,,5", ",,pay,,-5"), encoding="utf-8")
    r = CliRunner().invoke(cli, ["new", "broken", "--from", str(cards)])
    assert r.exit_code == 1 and "cards.csv:4:6: cards[2].effect.amount" in r.output and "nothing created" in r.output
    assert not (tmp_path / "content" / "broken").exists()
    r = CliRunner().invoke(cli, ["new", "broken", "--from", str(tmp_path / "none.csv")])
    assert r.exit_code == 2 and "no such file" in r.output
    (tmp_path / "cards.txt").write_text(LUCK_CSV, encoding="utf-8")
    r = CliRunner().invoke(cli, ["new", "broken", "--from", str(tmp_path / "cards.txt")])
    assert r.exit_code == 2 and ".csv file" in r.output and not (tmp_path / "content" / "broken").exists()
