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
    assert codes(root) == [("E-dev-cost-equal", "titles.yaml", 14), ("E-dev-cost-equal", "titles.yaml", 16)]
