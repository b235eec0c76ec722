"""The rules validator: one broken content case per check, the kits validate clean, details of some checks.

A case in ``tests/invalid/<case>/`` holds only the files that differ from the mini
fixture, plus ``expected.yaml``: a comment saying what is broken, an optional
``remove: [file, ...]``, and ``problems``: every problem the case must produce, as
{code, file, line} (file relative to the game folder; line 0 for a whole file).
The case is the mini fixture with those files laid over it.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from pnp.build import check_game
from pnp.problems import Problems
from pnp.rules import INTERNAL, checks, explain
from pnp.rules.tables import FormulaError, compile_formula, evaluate_formula

from conftest import MINI, ROOT, edit

INVALID = ROOT / "tests" / "invalid"
CASES = sorted(p.name for p in INVALID.iterdir() if (p / "expected.yaml").is_file())
KITS = [MINI, ROOT / "tests" / "fixtures" / "mech",
        *(d for d in sorted((ROOT / "content").iterdir()) if (d / "game.yaml").is_file())]


def overlay(case: str, dest: Path) -> tuple[Path, dict]:
    """Copy the mini fixture to ``dest`` and lay the case's files over it."""
    src = INVALID / case
    spec = yaml.safe_load((src / "expected.yaml").read_text(encoding="utf-8"))
    shutil.copytree(MINI, dest)
    for f in src.rglob("*"):
        if f.is_file() and f.name != "expected.yaml":
            target = dest / f.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
    for name in spec.get("remove") or []:
        (dest / name).unlink()
    return dest, spec


def run(root: Path) -> Problems:
    problems = Problems()
    check_game(root, problems)
    return problems


def rel(root: Path, file: str) -> str:
    return Path(file).resolve().relative_to(root.resolve()).as_posix()


def key(root: Path, p) -> tuple[str, str, int]:
    return (p.code, rel(root, p.loc.file), p.loc.line)


@pytest.fixture(scope="module")
def baseline() -> set[str]:
    """Codes the unbroken mini fixture itself reports (should be none; see test_kit_is_clean)."""
    return {p.code for p in run(MINI).items}


@pytest.mark.parametrize("case", CASES)
def test_invalid_case(case, tmp_path, baseline):
    root, spec = overlay(case, tmp_path / "mini")
    problems = run(root)
    expected = sorted((e["code"], e["file"], e["line"]) for e in spec["problems"])
    wanted_codes = {e["code"] for e in spec["problems"]}
    # a code the pristine fixture reports too is not this case's doing, unless the case is about that code
    got = [p for p in problems.sorted() if p.code in wanted_codes or p.code not in baseline]
    assert sorted(key(root, p) for p in got) == expected, "\n".join(map(str, got))
    for p in got:
        assert p.message and p.loc.file, p
        assert p.severity == ("warning" if p.code.startswith("W-") else "error"), p
        assert explain(p.code), f"{p.code} has no explanation"
        if p.loc.line:
            assert p.loc.col >= 1, p


@pytest.mark.parametrize("kit", KITS, ids=lambda p: p.name)
def test_kit_is_clean(kit):
    problems = run(kit).sorted()
    assert not problems, "\n".join(map(str, problems))


# ---------------------------------------------------------------- every check has a case
def test_every_rule_code_has_an_invalid_case():
    """Every rule a check may report is produced by some case (the registry itself is tested in test_rules)."""
    covered = set()
    for case in CASES:
        spec = yaml.safe_load((INVALID / case / "expected.yaml").read_text(encoding="utf-8"))
        covered |= {e["code"] for e in spec["problems"]}
    rule_codes = {r.code for c in checks() for r in c.rules}
    assert len(rule_codes) > 50, "no rules found: the registry did not load"
    untested = sorted(rule_codes - covered - {INTERNAL.code})
    assert not untested, f"rule codes without a case in tests/invalid: {untested}"


# ---------------------------------------------------------------- details of some checks
def test_problem_names_where_what_and_how(mini):
    edit(mini / "titles.yaml", "rent_by_owned: [25], trade_value: 10}", "rent_by_owned: [25], trade_value: 20}")
    (p,) = run(mini).errors
    assert p.code == "E-trade-value" and p.path == "titles[2].trade_value"
    assert str(p).startswith(f"{p.loc.file}:4:")
    assert "20" in p.message and "trade_value: 10" in p.message  # what is wrong and the fix


def test_money_reserve_warning_says_what_to_add(tmp_path):
    root, _ = overlay("money-reserve", tmp_path / "mini")
    (p,) = [p for p in run(root).warnings if p.code == "W-money-reserve"]
    assert "4 players" in p.message and "reserve:" in p.message


def test_a_token_marked_as_a_marker_is_not_a_players_piece(tmp_path):
    root, _ = overlay("supply-tokens", tmp_path / "mini")
    (p,) = [p for p in run(root).errors if p.code == "E-supply-tokens"]
    assert "3 player token(s) for up to 4 players" in p.message
    edit(root / "counters.yaml", ", marker: true}", "}")
    assert not [p for p in run(root).errors if p.code == "E-supply-tokens"]


def test_glyph_error_names_the_character_and_code_point(tmp_path):
    root, _ = overlay("glyph-missing", tmp_path / "mini")
    (p,) = run(root).errors
    assert "'猫'" in p.message and "U+732B" in p.message and p.path == "tokens[0].name"


def test_mortgage_is_half_the_price_rounded_up(mini):
    edit(mini / "game.yaml", "  equal_development_costs: true\n", "  equal_development_costs: true\n  mortgage: half\n")
    edit(mini / "titles.yaml", "trade_value: 30}", "trade_value: 30, mortgage: 30}")
    edit(mini / "titles.yaml", "hotel_cost: 50, trade_value: 40}", "hotel_cost: 50, trade_value: 40, mortgage: 40}")
    edit(mini / "titles.yaml", "trade_value: 10}", "trade_value: 10, mortgage: 50}")
    edit(mini / "titles.yaml", "multiplier.\", trade_value: 40}", "multiplier.\", trade_value: 40, mortgage: 37}")
    problems = run(mini)
    (p,) = problems.errors
    assert p.code == "E-mortgage-value" and "mortgage: 38" in p.message


def test_deck_size_counts_copies(mini):
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:", "{id: fine, copies: 2, text:")
    (p,) = run(mini).errors
    assert p.code == "E-deck-size" and "4 card(s)" in p.message


def test_tables_that_agree_with_their_formula_pass(mini):
    edit(mini / "board.yaml", "    - {deck: luck, x: 0, y: 0}\n", """    - {deck: luck, x: 0, y: 0}
  panels:
    - id: fines
      x: 0
      y: -60
      width: 100
      height: 40
      table:
        columns: [1, 2, 3]
        formula: "max(row * col, 5)"
        rows:
          - {label: "10", key: 10, cells: [10, 20, 30]}
          - {label: "20", cells: ["20", "40", 60.0]}
          - {label: "0", key: 0, cells: [5, 5, 5]}
""")
    edit(mini / "titles.yaml", "{space: line, rent_by_owned: [25], trade_value: 10}",
         '{space: line, trade_value: 10, table: {columns: [1, 2], formula: "25 * col", '
         'rows: [{label: Rent, key: 1, cells: [25, 50]}]}}')
    problems = run(mini)
    assert not problems.items, "\n".join(map(str, problems.sorted()))


# ---------------------------------------------------------------- the formula evaluator
@pytest.mark.parametrize("formula, row, col, result", [
    ("50 * col * row", 2, 3, 300),
    ("row + col * 2", 1, 2, 5),
    ("(row + col) * 2", 1, 2, 6),
    ("row // col", 7, 2, 3),
    ("row % col", 7, 2, 1),
    ("row / col", 1, 4, 0.25),
    ("-row + abs(-col)", 1, 4, 3),
    ("min(row, col, 10) + max(row, 0)", 5, 2, 7),
    ("max(row)", 5, 2, 5),
])
def test_formula_evaluates(formula, row, col, result):
    assert evaluate_formula(formula, row, col) == result


@pytest.mark.parametrize("formula", [
    "__import__('os').system('true')", "row.real", "row ** 2", "open('x')", "[row]", "row if col else 1",
    "lambda: 1", "row < col", "'a' * 3", "True + row", "min(*[row])", "min(row, key=abs)", "x + 1",
    "row +", "", "1" * 600, "(" * 300 + ")" * 300, "min", "abs(row, col)",
])
def test_formula_rejects_anything_but_arithmetic(formula):
    with pytest.raises(FormulaError):
        evaluate_formula(formula, 1, 2)


def test_formula_division_by_zero_is_an_error_not_a_crash():
    with pytest.raises(FormulaError, match="divides by zero"):
        evaluate_formula("row / (col - 2)", 1, 2)
    tree = compile_formula("row * col")
    assert evaluate_formula(tree, 3, 4) == 12


@pytest.mark.parametrize("text, script", [("مرحبا", "Arabic"), ("שלום", "Hebrew"), ("ܫܠܡܐ", "Syriac")])
def test_right_to_left_text_is_refused_naming_its_script(mini, text, script):
    edit(mini / "game.yaml", "subtitle: A test kit", f"subtitle: A test {text} kit")
    found = [p for p in run(mini).errors if p.code == "E-text-direction"]
    assert len(found) == 1 and found[0].loc.line == 3 and script in found[0].message


def test_left_to_right_scripts_are_not_refused(mini):
    edit(mini / "game.yaml", "subtitle: A test kit", "subtitle: Ελληνικά, Հայերեն, français, русский")
    assert not [p for p in run(mini).items if p.code == "E-text-direction"]
