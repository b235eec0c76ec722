"""The shipped kits keep the facts their seeds give (/work/shared/seeds): each test breaks one fact in a copy
of a kit and expects the validator to say so at the file and line, so a later edit cannot lose it silently."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.build import check_game
from pnp.problems import Problems

from conftest import ROOT, edit


def kit_copy(tmp_path: Path, kit: str) -> Path:
    dest = tmp_path / kit
    shutil.copytree(ROOT / "content" / kit, dest)
    return dest


def problems_of(root: Path) -> list:
    problems = Problems()
    check_game(root, problems)
    return problems.sorted()


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line holding ``text``."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def codes(root: Path) -> list[tuple[str, str, int]]:
    return [(p.code, Path(p.loc.file).name, p.loc.line) for p in problems_of(root)]


# ---------------------------------------------------------------- Tahiti (seed 001)
def test_tahiti_hotel_costs_a_fifth_house(tmp_path):
    """Seed: "The hotel is built for the price of a fifth house": rules.equal_development_costs holds every
    title card to hotel_cost == house_cost."""
    root = kit_copy(tmp_path, "tahiti")
    text = (root / "titles.yaml").read_text(encoding="utf-8")  # the two Australes cards: a hotel at 5 houses
    (root / "titles.yaml").write_text(text.replace("hotel_cost: 100000, mortgage: 60000", "hotel_cost: 500000, "
                                                   "mortgage: 60000"), encoding="utf-8")
    lines = [line_of(root / "titles.yaml", f"space: {sid},") for sid in ("rurutu", "tubuai")]
    assert codes(root) == [("E-dev-cost-equal", "titles.yaml", n) for n in lines]


def test_tahiti_interest_is_paid_in_notes(tmp_path):
    """Seed: "Interest is 10% of the mortgage's value"; the smallest note is 2'000 F. Back at the US x 2000
    price (300'000, mortgage 150'000) a utility's interest would be 15'000: no notes pay it."""
    root = kit_copy(tmp_path, "tahiti")
    edit(root / "board.yaml", "en: Electric Company}, price: 320000", "en: Electric Company}, price: 300000")
    edit(root / "titles.yaml", "multipliers: [8000, 20000]\n    mortgage: 160000",
         "multipliers: [8000, 20000]\n    mortgage: 150000")
    (p,) = problems_of(root)
    assert (p.code, Path(p.loc.file).name, p.path) == ("E-rounding", "titles.yaml", "titles[7].mortgage")
    assert "15000" in p.message and "160000" in p.message and "320000" in p.message  # what is wrong, and the fix


def test_interest_needs_mortgages(tmp_path):
    root = kit_copy(tmp_path, "tahiti")
    edit(root / "game.yaml", "  mortgage: half\n", "  mortgage: none\n")
    found = {(p.code, p.path) for p in problems_of(root)}
    assert ("E-mortgage-unexpected", "rules.mortgage_interest") in found


# ---------------------------------------------------------------- payable amounts, in every kit
def test_without_rounding_amounts_are_held_to_the_smallest_note(tmp_path):
    """money.rounding is optional: without it every amount must still be a multiple of the smallest note."""
    root = kit_copy(tmp_path, "monopoly-2-3")
    edit(root / "game.yaml", "  rounding: 5 ", "  # rounding: 5 ")
    assert problems_of(root) == []  # every amount is whole £5 notes
    edit(root / "titles.yaml", "rent: [5, 5, 10, 30, 90, 160, 250]", "rent: [2, 5, 10, 30, 90, 160, 250]")
    (p,) = problems_of(root)
    assert p.code == "E-rounding" and p.path == "titles[0].rent[0]" and "smallest note" in p.message


def test_rounding_must_be_payable_itself(tmp_path):
    """A rounding finer than the smallest chip lets through amounts no chips pay."""
    root = kit_copy(tmp_path, "euronopoly")
    edit(root / "game.yaml", "  rounding: 10\n", "  rounding: 5\n")
    (p,) = problems_of(root)
    assert (p.code, Path(p.loc.file).name, p.path) == ("E-rounding", "game.yaml", "money.rounding")
    assert "multiples of 10" in p.message


def test_a_card_names_the_space_it_moves_to(tmp_path):
    """W-card-target: the Hiva Oa card (seed: "Avancez à HIVA OVA") moving to Ua Pou instead is caught."""
    root = kit_copy(tmp_path, "tahiti")
    edit(root / "decks" / "chance.yaml", "effect: {action: advance, target: hiva-oa}",
         "effect: {action: advance, target: ua-pou}")
    (p,) = problems_of(root)
    assert p.code == "W-card-target" and p.path == "cards[3].text" and "'ua-pou'" in p.message
    assert p.loc.line == line_of(root / "decks" / "chance.yaml", "Avancez jusqu'à {{ space('hiva-oa')")  # its text
