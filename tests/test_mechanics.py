"""Mechanics as content: the ``mech`` fixture uses tolls charged on passing or landing, a formula-checked
table read by the dice, two prisons with different fines, a market row of four face-up title cards, a kept
card with an effect and chips; it validates, builds, and a mistake in any of them is reported at its line."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MECH, ROOT, edit
from pnp.build import BuildOptions, build_game, check_game
from pnp.content import load_kit
from pnp.problems import Problems


def problems_of(root: Path) -> Problems:
    problems = Problems()
    check_game(root, problems)
    return problems


def where(root: Path, problems: Problems) -> list[tuple[str, str, int]]:
    return [(p.code, Path(p.loc.file).relative_to(root).as_posix(), p.loc.line) for p in problems.sorted()]


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_the_fixture_uses_every_mechanic_and_is_clean():
    problems = Problems()
    kit = load_kit(MECH, problems)
    assert kit is not None and not problems.items
    spaces = {s.id: s for s in kit.board.spaces}
    toll = spaces["toll-1"]
    assert [e.action for e in toll.on_pass] == ["pay"] and not toll.on_land  # on_pass: passing or landing
    assert [e.action for e in spaces["start"].on_land] == ["collect"]  # landing exactly adds a bonus
    assert [e.table for e in spaces["risk-1"].on_land] == ["risk"]
    fines = [s.jail for s in kit.jails()]
    assert len(fines) == 2 and fines[0].fines != [fines[1].fine]
    assert any(spot.face_up == 4 and spot.titles for spot in kit.board.centre.deck_spots)
    kept = [c for c in kit.deck("event").cards if c.keep]
    assert kept and all(c.effect is not None for c in kept)
    assert kit.money.chips is not None and kit.money.notes is None
    assert kit.salary() == 1000
    assert not problems_of(MECH).items, "\n".join(map(str, problems_of(MECH).sorted()))


def test_the_fixture_builds(tmp_path):
    problems = Problems()
    result = build_game(MECH, tmp_path, BuildOptions(), problems)
    assert result is not None, [str(p) for p in problems.items]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    counts = manifest["counts"]
    assert counts["notes"] == {"chip-1000": 10, "chip-200": 20, "chip-50": 15, "chip-10": 25}
    assert counts["cards"]["event"] == 8
    # the speed-trap table is too long for one grid on a deed: it flows into two grids side by side
    ids = [p["id"] for page in manifest["parts"]["cards"]["pages"] for p in page["items"] if p["side"] == "front"]
    assert "title-trap-1" in ids and "title-trap-1-2" not in ids and "ref-traps" in ids


def test_a_table_too_long_for_a_card_continues_on_more_cards(mech, tmp_path):
    rows = "\n".join(f'      - {{label: "{n}", cells: [{10 * n}, {20 * n}]}}' for n in range(1, 121))
    (mech / "tables.yaml").write_text((mech / "tables.yaml").read_text(encoding="utf-8") + f"""
  - id: long
    title: A long table
    formula: "10 * row * col"
    columns: [1, 2]
    rows:
{rows}
""", encoding="utf-8")
    edit(mech / "reference.yaml", "table: speed-trap", "table: long")
    problems = Problems()
    result = build_game(mech, tmp_path / "out", BuildOptions(parts=("cards",)), problems)
    assert result is not None and not problems.errors, [str(p) for p in problems.items]
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    refs = [p["id"] for page in manifest["parts"]["cards"]["pages"] for p in page["items"]
            if p["side"] == "front" and p["id"].startswith("ref-traps")]
    assert refs[:2] == ["ref-traps", "ref-traps-2"] and len(refs) >= 3
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(str(tmp_path / "out" / "cards-a4.pdf")).pages)
    assert "Speed traps (continued)" in text
    for n in (1, 60, 120):  # every row printed somewhere, none dropped (amounts grouped as English does: 1,200)
        assert f"{10 * n:,}" in text


def test_a_wrong_table_cell_is_reported_at_its_line_with_the_formulas_value(mech):
    edit(mech / "tables.yaml", '{label: "4", cells: [90, 180, 30, 400, -30, 300]}',
         '{label: "4", cells: [90, 180, 30, 410, -30, 300]}')
    problems = problems_of(mech)
    line = line_of(mech / "tables.yaml", "410")
    assert ("E-table-formula", "tables.yaml", line) in where(mech, problems)
    (p,) = [p for p in problems.errors if p.code == "E-table-formula"]
    assert "gives 400" in p.message and "410" in p.message


def test_a_fine_off_the_rounding_grid_is_reported_at_its_line(mech):
    edit(mech / "board.yaml", "jail: {fine: 50, doubles: true}", "jail: {fine: 55, doubles: true}")
    problems = problems_of(mech)
    assert where(mech, problems) == [("E-rounding", "board.yaml", line_of(mech / "board.yaml", "fine: 55"))]
    assert "55 is not a multiple of money.rounding (10)" in problems.errors[0].message


def test_a_charge_on_pass_and_on_land_alike_is_a_warning(mech):
    edit(mech / "board.yaml", 'on_pass: [{action: pay, amount: 200}]}',
         'on_pass: [{action: pay, amount: 200}], on_land: [{action: pay, amount: 200}]}')
    problems = problems_of(mech)
    assert [p.code for p in problems.items] == ["W-charged-twice"] and not problems.errors


def test_a_toll_without_an_amount_is_an_error(mech):
    edit(mech / "board.yaml", "on_pass: [{action: pay, amount: 100}]", "on_pass: [{action: pay}]")
    problems = problems_of(mech)
    assert [p.code for p in problems.errors] == ["E-effect-amount"]


def test_a_link_to_a_missing_space_is_an_error(mech):
    edit(mech / "board.yaml", "links: [{to: toll-2,", "links: [{to: toll-3,")
    problems = problems_of(mech)
    assert [(p.code, "toll-2" in p.message) for p in problems.errors] == [("E-ref-space", True)]


@pytest.mark.parametrize("old, new, code", [
    ("read: dice", "read: dice\n    colour: red", "E-schema-unknown-key"),
    ("on_land: [{action: pay, table: risk}]", "on_land: [{action: pay, table: risky}]", "E-ref-table"),
    ('formula: "50 * row * col"', 'formula: "50 * row * cols"', "E-table-formula-invalid"),
    ('formula: "50 * row * col"', 'formula: "50 * row * col / (col - 1)"', "E-table-formula-invalid"),
])
def test_bad_input_is_a_clear_error_from_the_command_line(mech, old, new, code):
    """Unknown field, a space naming a missing table, a formula with an unknown name, a formula that divides by
    zero: exit 1, file:line and the code, never a traceback."""
    target = mech / ("tables.yaml" if ("read:" in old or "formula" in old) else "board.yaml")
    edit(target, old, new)
    r = subprocess.run([sys.executable, "-m", "pnp", "validate", str(mech)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    assert f"[{code}]" in r.stderr and f"{target.name}:" in r.stderr, r.stderr


def test_the_options_of_a_choice_are_checked_like_any_effect(mech):
    edit(mech / "decks" / "event.yaml", "effect: {action: miss_turn}",
         "effect: {action: choice, options: [{action: miss_turn}, {action: pay}, {action: go, target: nowhere}]}")
    problems = problems_of(mech)
    line = line_of(mech / "decks" / "event.yaml", "action: choice")
    assert sorted(where(mech, problems)) == [("E-effect-amount", "decks/event.yaml", line),
                                             ("E-ref-space", "decks/event.yaml", line)]


def test_a_value_one_card_of_a_kind_states_every_card_of_that_kind_states(tmp_path):
    import re

    kit = tmp_path / "euronopoly"
    shutil.copytree(ROOT / "content" / "euronopoly", kit)
    text = (kit / "titles.yaml").read_text(encoding="utf-8")
    m = re.search(r",\s*premium: \d+", text)
    (kit / "titles.yaml").write_text(text[:m.start()] + text[m.end():], encoding="utf-8")
    problems = problems_of(kit)
    assert [p.code for p in problems.errors] == ["E-title-value"] and "premium" in problems.errors[0].message


@pytest.mark.parametrize("kit, old, new, words", [
    ("euronopoly", "building_sale: 50", "building_sale: 60", "half"),  # an apartment sells back for half its cost
    ("moneyloopy", "house_cost: 100,", "house_cost: 100, building_sale: 50,", "never sold"),  # houses are never sold
])
def test_what_a_building_sells_back_for_follows_the_rules(tmp_path, kit, old, new, words):
    root = tmp_path / kit
    shutil.copytree(ROOT / "content" / kit, root)
    edit(root / "titles.yaml", old, new)
    problems = problems_of(root)
    assert {p.code for p in problems.errors} == {"E-title-value"}
    assert any(words in p.message for p in problems.errors), [p.message for p in problems.errors]
