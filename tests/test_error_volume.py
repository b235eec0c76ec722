"""Hostile input, round two: the volume of errors ("Error floods" and "Ids and names" of the issue).

Each attack is a file written into a copy of the mini fixture and run as ``pnp`` would be, in a process of its
own: it must end in exit 1 (content) or 2 (usage) with a clear message, no traceback, a bounded output (at most
``PER_FILE`` problems of a file, then one line saying how many more), and bounded memory. The times are a hang
guard only (conftest's HANG_GUARD), never a speed measure; the memory bound is generous (what a run of pnp
needs, plus a small multiple of the file)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pnp.problems import MAX_KEPT, PER_FILE, Loc, Problem, Problems, quote
from pnp.rules.schema import CSV_ROW, SCHEMA_TYPE

from conftest import HANG_GUARD, ROOT

#: random and bulk input through pnp's own checks: run with the newest releases only (.ci/floors)
pytestmark = pytest.mark.volume

DECK_HEAD = 'id: luck\nname: Luck\ncolour: "#e08a1e"\nicon: question\n'
#: stderr of any attack stays under this
MAX_OUTPUT = 100_000
#: the most memory a run of an attack may take (a run of pnp on the mini kit takes ~30 MB)
MAX_MB = 400

#: runs the command given, passing its output through, then writes the peak memory of that command (MB)
#: (a small process between pytest and pnp on purpose: on Linux a process inherits its parent's peak RSS through
#: fork and exec, so a pnp started straight from a grown pytest reports pytest's size as its own peak)
_MEASURE = """
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
open(sys.argv[1], "w").write(str(peak / (1 << 20 if sys.platform == "darwin" else 1 << 10)))
sys.exit(code)
"""


class Run:
    def __init__(self, proc: subprocess.CompletedProcess, peak_mb: float):
        self.returncode, self.stdout, self.stderr, self.peak_mb = proc.returncode, proc.stdout, proc.stderr, peak_mb

    def problems(self) -> list[str]:
        """The problem lines printed (not the count line)."""
        return [line for line in self.stderr.splitlines() if line.endswith("]")]


def attack(tmp_path: Path, *args: str, cwd: Path | None = None) -> Run:
    """``pnp ARGS`` in a process of its own (its memory measured by a process in between), within the hang guard;
    whatever it hit, it ended without a traceback and said little."""
    peak = tmp_path / "peak-mb"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", _MEASURE, str(peak), sys.executable, "-m", "pnp", *args],
                          capture_output=True, text=True, timeout=HANG_GUARD, cwd=cwd, env=env)
    run = Run(proc, float(peak.read_text()))
    assert "Traceback" not in run.stderr and "Node(" not in run.stderr and "loc=" not in run.stderr, run.stderr[:2000]
    assert len(run.stderr.encode()) < MAX_OUTPUT and len(run.stdout.encode()) < MAX_OUTPUT, run.stderr[-2000:]
    assert run.peak_mb < MAX_MB, f"{run.peak_mb:.0f} MB"
    return run


def csv_deck(root: Path, text: str) -> Path:
    """The mini kit's luck deck reading its cards from decks/luck.csv, holding ``text``."""
    path = root / "decks" / "luck.csv"
    path.write_text(text, encoding="utf-8")
    (root / "decks" / "luck.yaml").write_text(DECK_HEAD + "cards: {csv: decks/luck.csv}\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- error floods
def test_a_million_short_rows_give_200_problems_and_a_count(mini, tmp_path):
    """2 MB of one-cell rows: each row is missing five cells. Before: a million messages (230 MB of output)."""
    csv_deck(mini, "id,text,keep,effect.action,effect.target,effect.amount\n" + "x\n" * 1_000_000)
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    lines = run.problems()
    assert len(lines) == PER_FILE + 1 and all("[E-csv-row]" in line for line in lines)
    assert "decks/luck.csv:2:2: row 2 has 1 cell(s) and the header 6" in lines[0]
    assert "and 999,800 more problem(s) in this file, not listed (999,800 E-csv-row)" in lines[-1]
    assert f"at most {PER_FILE} problems a file" in lines[-1]


def test_a_million_short_rows_as_json_too(mini, tmp_path):
    csv_deck(mini, "id,text\n" + "x\n" * 1_000_000)
    run = attack(tmp_path, "validate", str(mini), "--format", "json")
    assert run.returncode == 1
    got = json.loads(run.stdout)
    assert len(got) == PER_FILE + 1 and "999,800 more" in got[-1]["message"]
    assert len(run.stdout) < MAX_OUTPUT


def test_a_header_of_a_million_unknown_columns_is_one_problem(mini, tmp_path):
    """3.2 MB of header. Before: 1.6 million problems, 90 s, 840 MB."""
    csv_deck(mini, "id,text," + ",".join(["a"] * 1_600_000) + "\n")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    (line,) = run.problems()
    assert "decks/luck.csv:1:1: the header row has 1,600,002 columns; a CSV file has at most 16,384" in line
    assert line.endswith("[E-csv-header]")


def test_a_header_of_a_million_quoted_columns_is_one_problem(mini, tmp_path):
    csv_deck(mini, "id,text," + ",".join(['"ab"'] * 800_000) + "\n")
    (line,) = attack(tmp_path, "validate", str(mini)).problems()
    assert "the header row has 800,002 columns" in line


def test_a_header_of_16000_unknown_columns_lists_ten_and_counts_the_rest(mini, tmp_path):
    """Under the column limit: the first ten are explained one by one, the rest share one problem."""
    csv_deck(mini, "id,text," + ",".join(f"x{i}" for i in range(16_000)) + "\n")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    lines = run.problems()
    assert len(lines) == 11 and all(line.endswith("[E-csv-header]") for line in lines)
    assert "decks/luck.csv:1:3: column C ('x0'): unknown field 'x0'; the fields are: text, id" in lines[0]
    assert "decks/luck.csv:1:13: and 15,990 more column(s) of the header row (from column M to " in lines[-1]


def test_rows_short_of_a_wide_header_name_a_few_missing_columns(mini, tmp_path):
    """16,000 columns without a header, then a million rows of two cells: each message names six of the
    missing columns and counts the rest (before: every message listed 16,000 columns)."""
    csv_deck(mini, "id,text" + "," * 16_000 + "\n" + "x,y\n" * 1_000_000)
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    lines = run.problems()
    assert len(lines) == PER_FILE + 1
    assert "column(s) C (no header), D (no header), E (no header), F (no header), G (no header), H (no header) " \
           "and 15,994 more are missing" in lines[0]
    assert "and 999,800 more problem(s)" in lines[-1]


def test_pnp_new_from_a_csv_of_a_million_short_rows(tmp_path):
    """``pnp new --from FILE.csv`` reads the CSV as a deck does: the same cap, nothing created."""
    cards = tmp_path / "cards.csv"
    cards.write_text("id,text\n" + "x\n" * 1_000_000, encoding="utf-8")
    run = attack(tmp_path, "new", "flood", "--from", str(cards), cwd=tmp_path)
    assert run.returncode == 1 and len(run.problems()) == PER_FILE + 1 and "999,800 more" in run.problems()[-1]
    assert not (tmp_path / "content" / "flood").exists()


def test_a_list_where_a_choice_is_expected_is_named_by_its_size(mini, tmp_path):
    """A 900 kB list as an effect's action. Before: one 16 MB line of internal Node(...) objects, 740 MB."""
    (mini / "decks" / "luck.yaml").write_text(
        DECK_HEAD + "cards:\n  - {id: go, text: Go, effect: {action: [" + ",".join(["aaaaa"] * 150_000) + "]}}\n",
        encoding="utf-8")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    (line,) = run.problems()
    assert "cards[0].effect.action: a list of 150,000 items is not one of 'advance', 'go'" in line
    assert line.endswith("[E-schema-choice]")


def test_long_values_and_keys_are_quoted_short(mini, tmp_path):
    """A 1 MB colour and a 1 MB key: quoted by their first 40 characters and their length."""
    (mini / "decks" / "luck.yaml").write_text(
        DECK_HEAD.replace('"#e08a1e"', "k" * 1_000_000) + "? " + "q" * 1_000_000 + "\n: 1\ncards: []\n",
        encoding="utf-8")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1 and len(run.stderr) < 5_000
    colour, key = run.problems()
    assert f"colour: '{'k' * 40}...' (1,000,000 characters) is not a colour" in colour
    assert f"unknown key '{'q' * 40}...' (1,000,000 characters)" in key


def test_a_deck_of_20000_cards_with_an_unknown_key_each(mini, tmp_path):
    """The schema's flood: 20,000 problems of one YAML file, 200 listed."""
    (mini / "decks" / "luck.yaml").write_text(
        DECK_HEAD + "cards:\n" + "".join(f"  - {{id: c{i}, text: T, zz: 1}}\n" for i in range(20_000)),
        encoding="utf-8")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    lines = run.problems()
    assert len(lines) == PER_FILE + 1 and "19,800 more problem(s)" in lines[-1]
    assert lines[-1].endswith("[E-schema-unknown-key]")


def test_a_csv_of_40000_bad_cells(mini, tmp_path):
    csv_deck(mini, "id,text,copies\n" + "a,b,x\n" * 40_000)
    lines = attack(tmp_path, "validate", str(mini)).problems()
    assert len(lines) == PER_FILE + 1 and "39,800 more problem(s)" in lines[-1]


def test_the_state_pnp_serve_sends_is_bounded(mini):
    """pnp serve builds the page's state from the session's problems: the cap holds there too (no browser
    started, no port opened). Before: a million problems, 300 MB of state."""
    from pnp.serve import Live

    csv_deck(mini, "id,text,keep,effect.action,effect.target,effect.amount\n" + "x\n" * 1_000_000)
    got = {}

    def serve():
        live = Live(mini, dpi=40)
        got["state"], got["json"] = live.state, live.state_json
        live.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert not thread.is_alive(), "pnp serve did not start"
    problems = got["state"]["problems"]
    assert len(problems) == PER_FILE + 1 and "999,800 more problem(s)" in problems[-1]["message"]
    assert problems[-1]["file"] == "decks/luck.csv" and len(got["json"]) < MAX_OUTPUT


# ---------------------------------------------------------------------------- ids and names
def test_a_300_character_card_id_is_an_error(mini, tmp_path):
    """Before: it validated, then gave a zip entry unzip cannot create and a preview that exited 2."""
    (mini / "decks" / "luck.yaml").write_text(
        DECK_HEAD + "cards:\n  - {id: " + "a" * 300 + ", text: Go, effect: {action: advance, target: go}}\n",
        encoding="utf-8")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    (line,) = run.problems()
    assert f"cards[0].id: '{'a' * 40}...' (300 characters) is too long for an id: at most 64 characters" in line
    assert line.endswith("[E-schema-id]")


def test_a_64_character_id_is_fine(mini):
    from pnp.values import Id

    assert Id.parse("a" * 64) == "a" * 64
    with pytest.raises(ValueError, match="at most 64"):
        Id.parse("a" * 65)


def test_pnp_new_refuses_a_300_character_name(tmp_path):
    """Before: a traceback (the folder's name is too long for the file system)."""
    run = attack(tmp_path, "new", "a" * 300, cwd=tmp_path)
    assert run.returncode == 2 and "is too long for a game id: at most 64 characters" in run.stderr
    assert not (tmp_path / "content").exists()


def test_long_file_names_are_refused(mini, tmp_path):
    """A picture's and a CSV file's name: at most 255 characters, said at the name."""
    text = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    (mini / "decks" / "luck.yaml").write_text(
        text.replace("keep: true,", "keep: true, picture: {file: " + "p" * 300 + ".png, width: 10, height: 10},"),
        encoding="utf-8")
    (mini / "titles.yaml").write_text("titles: {csv: " + "t" * 300 + ".csv}\n", encoding="utf-8")
    run = attack(tmp_path, "validate", str(mini))
    assert run.returncode == 1
    picture, csv_name = sorted(run.problems())
    assert "cards[1].picture.file: the file name 'pppp" in picture and "(304 characters) is too long" in picture
    assert "at most 255 characters [E-schema-type]" in picture
    assert "titles.yaml:1:15: the CSV file's name 'tttt" in csv_name and "at most 255 characters" in csv_name


# ---------------------------------------------------------------------------- the collector
def _problem(file: str, line: int, code: str = "E-csv-row", severity: str = "error") -> Problem:
    return Problem(severity, code, Loc(file, line, 1), "", f"problem {line}")


def test_the_cap_is_per_file_and_counts_the_rest():
    problems = Problems()
    for i in range(1, 1001):
        problems.report(CSV_ROW, Loc("a.csv", i, 1), "", f"row {i}")
    for i in range(1, 4):
        problems.report(SCHEMA_TYPE, Loc("b.yaml", i, 1), "", f"value {i}")
    assert len(problems.items) == PER_FILE + 3 and problems.full("a.csv") and not problems.full("b.yaml")
    shown = problems.sorted()
    assert len(shown) == PER_FILE + 4 and shown[-1].loc == Loc("a.csv") and shown[-1].code == "E-csv-row"
    assert shown[-1].message.startswith("and 800 more problem(s) in this file, not listed (800 E-csv-row)")
    assert problems.error_count == 1003 and len(problems.errors) == PER_FILE + 4
    assert len(json.loads(problems.to_json())) == PER_FILE + 4


def test_the_cap_in_all_groups_the_files_none_of_whose_problems_are_listed():
    problems = Problems()
    for f in range(MAX_KEPT // 100 + 5):
        for i in range(100):
            problems.add(_problem(f"f{f:03}.yaml", i))
    assert len(problems.items) == MAX_KEPT
    last = problems.sorted()[-1]
    assert last.loc == Loc("f020.yaml") and "in this file and 4 other file(s), not listed" in last.message
    assert f"at most {MAX_KEPT} problems in all" in last.message and problems.error_count == MAX_KEPT + 500


def test_a_summary_is_an_error_when_any_error_was_dropped_and_names_a_code_of_its_severity():
    problems = Problems()
    for i in range(PER_FILE + 50):
        problems.add(_problem("a.yaml", i, "W-image-dpi", "warning"))
    problems.add(_problem("a.yaml", 999, "E-image-missing"))
    last = problems.sorted()[-1]
    assert last.severity == "error" and last.code == "E-image-missing"
    assert "(50 W-image-dpi, 1 E-image-missing)" in last.message
    assert problems.warning_count == PER_FILE + 50 and problems.error_count == 1


def test_extend_keeps_the_cap_and_the_counts():
    trial, problems = Problems(), Problems()
    for i in range(PER_FILE + 7):
        trial.add(_problem("a.csv", i))
    problems.extend(trial)
    problems.extend(trial)
    assert len(problems.items) == PER_FILE and problems.error_count == 2 * (PER_FILE + 7)


def test_quote():
    from pnp.load import Node

    assert quote("Go") == "'Go'" and quote(12) == "12" and quote(None) == "None" and quote(True) == "True"
    assert quote("x" * 41) == f"'{'x' * 40}...' (41 characters)"
    assert quote([Node(1, Loc("/home/me/secret.yaml", 1, 1))] * 3) == "a list of 3 items"
    assert quote({"a": 1}) == "a mapping of 1 key"
    assert quote(Node("Go", Loc("/home/me/x.yaml"))) == "'Go'"
    assert quote(10 ** 100) == "1" + "0" * 39 + "... (101 digits)"
