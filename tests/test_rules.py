"""The registry of rules: every code is declared once, explained, reported somewhere, by a check that declares it.

The checks themselves are tested with broken content in test_validate.py.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
import sys

import pytest

from pnp import rules
from pnp.rules import validator
from pnp.content import load_kit
from pnp.problems import Problems
from pnp.rules import INTERNAL, MODULES, RULES, Check, Rule, RuleNotDeclared, check, checks, concerns, explain, rule
from pnp.rules.board import BOARD_RING, BOARD_SIZE

from conftest import MINI, ROOT

PNP = ROOT / "pnp"
RULES_DIR = PNP / "rules"
QUOTED_CODE = re.compile(r"""["']([EW]-[a-z][a-z0-9-]*[a-z0-9])["']""")


def _declared_in(path) -> list[str]:
    """The codes ``rule("CODE", ...)`` declares in a file (docstrings and messages do not count)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "rule" and node.args \
                and isinstance(node.args[0], ast.Constant):
            out.append(node.args[0].value)
    return out


def _name_of(r: Rule) -> tuple[object, str]:
    """The declaring module of a rule and the name it is bound to there."""
    module = rules if r.concern == "rules" else sys.modules[f"pnp.rules.{r.concern}"]
    (name,) = [n for n, value in vars(module).items() if value is r]
    return module, name


# ---------------------------------------------------------------- declared once
def test_every_code_is_declared_exactly_once_in_pnp_rules():
    declared = [code for path in sorted(RULES_DIR.glob("*.py")) for code in _declared_in(path)]
    assert len(declared) > 70, "no declarations found: the pattern is wrong"
    twice = sorted({c for c in declared if declared.count(c) > 1})
    assert not twice, f"codes declared more than once: {twice}"
    assert sorted(declared) == sorted(RULES)


def test_no_code_string_outside_pnp_rules():
    """Problems are reported with declared rules (``problems.report(RULE, ...)``), never with a code string."""
    found = []
    for path in sorted(PNP.rglob("*.py")):
        if RULES_DIR in path.parents:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}: {code}" for code in QUOTED_CODE.findall(text)]
    assert not found, "code strings outside pnp/rules (import the rule instead):\n" + "\n".join(found)


def test_rules_say_something():
    for code, r in RULES.items():
        assert r.code == code and re.fullmatch(r"[EW]-[a-z][a-z0-9-]*", code), code
        assert r.severity == ("warning" if code.startswith("W-") else "error"), code
        assert len(r.explanation) > 40 and r.explanation.endswith((".", ")")), code
        assert r.concern in (*MODULES, "rules"), code


def test_explain_is_case_insensitive():
    assert explain("E-board-ring") == RULES["E-board-ring"].explanation == BOARD_RING.explanation
    assert explain("e-board-ring") == BOARD_RING.explanation
    assert explain(" E-BOARD-RING ") == BOARD_RING.explanation
    assert explain("E-no-such-code") is None


def test_the_registry_is_read_only():
    with pytest.raises(TypeError):
        RULES["E-board-ring"] = BOARD_SIZE  # type: ignore[index]
    assert "E-board-ring" in RULES and "E-no-such-code" not in RULES


def test_a_rule_cannot_be_declared_twice_or_badly():
    before = len(RULES)
    with pytest.raises(ValueError, match="twice"):
        rule("E-board-ring", "The same code again, which would make explain() ambiguous.")
    with pytest.raises(ValueError):
        rule("X-board-ring", "Not an error nor a warning: the prefix sets the severity.")
    with pytest.raises(ValueError):
        rule("E-Board_Ring", "Codes are lowercase words joined by dashes.")
    with pytest.raises(ValueError):
        rule("E-new-rule", "  ")
    with pytest.raises(ValueError, match="pnp/rules"):
        rule("E-new-rule", "Declared outside pnp/rules, where --explain all would not list it.")
    assert len(RULES) == before


# ---------------------------------------------------------------- reported somewhere
def test_every_rule_is_reported_by_a_check_or_by_the_modules_it_names():
    by_checks = {r for c in checks() for r in c.rules}
    for r in RULES.values():
        if r.emitted_by:
            assert r not in by_checks, f"{r.code} is reported by a check and also says it is emitted_by {r.emitted_by}"
            _, name = _name_of(r)
            for module_name in r.emitted_by:
                module = importlib.import_module(module_name)
                assert getattr(module, name, None) is r, f"{module_name} does not import {name} ({r.code})"
                used = {n.id for n in ast.walk(ast.parse(inspect.getsource(module))) if isinstance(n, ast.Name)}
                assert name in used, f"{module_name} imports {name} ({r.code}) but never uses it"
        else:
            assert r in by_checks, f"{r.code} is declared but no check reports it (or say emitted_by=...)"


def _reported(module, fn: ast.FunctionDef, helpers: dict[str, ast.FunctionDef], seen: set[str]) -> set[Rule]:
    """The rules ``v.report(RULE, ...)`` calls report in ``fn`` and the module's functions it calls."""
    out = set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "report":
            arg = node.args[0]
            assert isinstance(arg, ast.Name), f"{module.__name__}:{node.lineno}: report a declared rule by its name"
            out.add(getattr(module, arg.id))
        elif isinstance(node.func, ast.Name) and node.func.id in helpers and node.func.id not in seen:
            seen.add(node.func.id)
            out |= _reported(module, helpers[node.func.id], helpers, seen)
    return out


@pytest.mark.parametrize("chk", checks(), ids=lambda c: f"{c.concern}.{c.name}")
def test_a_check_declares_exactly_the_rules_it_reports(chk: Check):
    module = sys.modules[chk.fn.__module__]
    tree = ast.parse(inspect.getsource(module))
    helpers = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    reported = _reported(module, helpers[chk.fn.__name__], helpers, {chk.fn.__name__})
    assert {r.code for r in reported} == {r.code for r in chk.rules}


# ---------------------------------------------------------------- running the checks
@pytest.fixture
def only(monkeypatch):
    """Run only the checks a test declares: call the returned function after declaring them."""
    checks()  # load the real checks first, so that they are not registered into the test's registry
    monkeypatch.setattr(rules, "_CHECKS", {})

    def use_declared() -> None:
        rules._CHECKS["board"] = rules._CHECKS.pop(__name__.rpartition(".")[2])
    return use_declared


def test_a_check_reporting_an_undeclared_rule_fails_loudly(only):
    @check(BOARD_SIZE)
    def _sloppy(v):
        v.report(BOARD_RING, v.kit.board, "spaces", "declared BOARD_SIZE, reports BOARD_RING")

    only()
    kit = load_kit(MINI, Problems())
    with pytest.raises(RuleNotDeclared, match="E-board-ring"):
        validator.run(kit, Problems())


def test_a_crashing_check_is_reported_and_the_others_still_run(only):
    @check(BOARD_RING)
    def _crashes(v):
        raise KeyError("oops")

    @check(BOARD_RING)
    def _reports(v):
        v.report(BOARD_RING, v.kit.board, "spaces", "found")

    only()
    problems = Problems()
    validator.run(load_kit(MINI, Problems()), problems)
    crash, found = problems.items
    assert crash.code == INTERNAL.code and crash.path == "crashes" and "KeyError" in crash.message
    assert crash.loc.file.endswith("game.yaml")
    assert (found.code, found.severity, found.message) == ("E-board-ring", "error", "found")


def test_a_check_takes_declared_rules_only():
    with pytest.raises(TypeError):
        check("E-board-ring")


def test_checks_run_module_by_module():
    order = [c.concern for c in checks()]
    assert order == sorted(order, key=MODULES.index)
    assert [c.name for c in checks()][:2] == ["unique_ids", "board"]


# ---------------------------------------------------------------- grouped by concern
def test_rules_are_listed_grouped_by_the_module_declaring_them():
    groups = concerns()
    assert [g.name for g in groups] == ["schema", "board", "titles", "decks", "money", "tables", "printing", "booklet",
                                             "language", "vision", "rules"]
    listed = [r for g in groups for r in g.rules]
    assert sorted(r.code for r in listed) == sorted(RULES)
    for g in groups:
        assert g.summary and g.summary[0].isupper()
        for r in g.rules:
            module, _ = _name_of(r)
            assert r.concern == g.name and module.__name__.endswith(g.name)
    by_name = {g.name: g.rules for g in groups}
    assert {"E-yaml-syntax", "E-schema-type", "E-template-syntax"} <= {r.code for r in by_name["schema"]}
    assert by_name["rules"] == (INTERNAL,)


def test_check_modules_load_on_first_use():
    """Importing a declaration (as pnp/load.py does) does not import the checks, nor Pillow."""
    import subprocess

    code = ("import sys, pnp.load, pnp.rules.schema; print(pnp.load.__file__); "
            "print(sorted(m for m in sys.modules if m.startswith('pnp.rules')), 'PIL' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout
    where, loaded = out.splitlines()
    assert where.startswith(str(ROOT))
    assert loaded == "['pnp.rules', 'pnp.rules.schema'] False"
