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
