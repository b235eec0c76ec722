"""The shipped kits' tables as a player meets them in several places: Euronopoly's speed-trap rent is printed on
the board (two panels) and in the booklet, and every one of them reads the same way (rows: the dice total, columns:
the speed traps owned) with the seed's cells; the reference card says it in words, with the seed's rates and cells."""
from __future__ import annotations

import re

from pnp.content import load_kit
from pnp.problems import Problems

from conftest import ROOT


def _grid(table) -> dict[tuple[int, int], int]:
    """(dice total, traps owned) -> rent, read with the rows as the dice total and the columns as traps owned."""
    return {(int(r.label), int(c)): int(v) for r in table.rows for c, v in zip(table.columns, r.cells)}


def test_euronopoly_speed_trap_tables_read_one_way_everywhere():
    kit = load_kit(ROOT / "content" / "euronopoly", Problems())
    seed = kit.table("speed-trap")  # the seed's table (rows: traps owned, columns: the dice total)
    want = {(int(c), r.key): int(v) for r in seed.rows for c, v in zip(seed.columns, r.cells)}
    assert len(want) == 44

    board = [kit.table(p.table) for p in kit.board.centre.panels if str(p.table or "").startswith("speed-trap")]
    assert len(board) == 2
    board_grid = {**_grid(board[0]), **_grid(board[1])}
    assert board_grid == want

    # the reference card gives the rule in words (no grid: at a card's width it set 44 figures at about 6.5 pt): the
    # rates it lists are the seed's for every dice total, and its worked examples are the seed's cells
    card = next(c for c in kit.reference.cards if c.id == "speed-trap-rent")
    assert card.table is None
    text = re.sub(r"(\d),(\d{3})", r"\1\2", re.sub(r"\s", " ", str(card.text)))  # 2,400\xa0MU as 2400 MU
    rates = [int(m) for m in re.findall(r"(\d+) MU with (?:all )?\d", text)]
    assert len(rates) == 4
    assert {(t, n): t * rates[n - 1] for t, n in want} == want
    # the examples as the card words them ('7 on the dice, 1 trap owned: 7 × 50 MU = 350 MU')
    examples = re.findall(r"(\d+) on the dice, (?:all )?(\d+) (?:traps? )?owned: \1 × (\d+) MU = (\d+) MU", text)
    assert len(examples) >= 2, text
    for total, owned, rate, rent in examples:
        assert int(rate) == rates[int(owned) - 1]
        assert want[int(total), int(owned)] == int(rent)

    booklet = [m for s in kit.booklet.sections for m in re.findall(r"^\s*@table (\S+)", str(s.text), re.M)
               if m.startswith("speed-trap")]
    assert len(booklet) == 1
    table = kit.table(booklet[0])
    assert [int(r.label) for r in table.rows] == list(range(2, 13)), "the booklet's rows are the dice totals"
    assert [int(c) for c in table.columns] == [1, 2, 3, 4], "the booklet's columns are the traps owned"
    assert _grid(table) == want


def test_monopoly_2_3_utility_rent_says_its_amounts_are_pounds():
    """Every other amount on the deeds and cards carries £; the utility table's figures are bare (a £ in every
    cell would set the deed's grid at 6.3 pt, not 7.5), so its title says they are pounds."""
    kit = load_kit(ROOT / "content" / "monopoly-2-3", Problems())
    t = kit.table("utility-rent")
    symbol = kit.game.currency.symbol
    bare = [c for r in t.rows for c in r.cells if symbol not in str(c)]
    assert not bare or f"in {symbol}" in str(t.title), t.title


def test_monopoly_2_3_utility_card_example_is_the_table_s():
    """The reference card gives the utility rent in words and a worked example (no grid: the deeds print the table);
    the example's roll and rents are the table's row, the multipliers the table's formula."""
    kit = load_kit(ROOT / "content" / "monopoly-2-3", Problems())
    t = kit.table("utility-rent")
    card = next(c for c in kit.reference.cards if c.id == "utilities")
    assert card.table is None
    text = re.sub(r"\s", " ", str(card.text))
    m = re.search(r"roll of (\d+) pays £(\d+) with one utility \(\1 × (\d+) = £(\d+), rounded up\), £(\d+) with both",
                  text)
    assert m, text
    roll, one, times, raw, both = map(int, m.groups())
    row = next(r for r in t.rows if int(r.label) == roll)
    assert [int(v) for v in row.cells] == [one, both]
    assert roll * times == raw and one == -(-raw // 5) * 5 and one > raw, "the example shows a rounding"
    assert f"{times} × the dice total with one utility" in text and "10 × with both" in text


def test_etymonopoly_tocharian_data_is_written_one_way():
    """The Tocharian cards, the booklet and the Change card all say '4 × the roll' (the booklet's property list
    says it in pnp's words): no 'roll × 4' beside it."""
    from pnp import words
    kit = load_kit(ROOT / "content" / "etymonopoly", Problems())
    roll = kit.game.terms.utility_roll
    lines = [str(v) for v in roll.forms()] if hasattr(roll, "forms") else [str(roll)]
    assert lines and all(line.endswith("{x} × the roll") for line in lines), lines
    assert words.of("en")["rolled"] == "{x} × the roll"
    texts = [str(s.text) for s in kit.booklet.sections] + [str(c.text) for d in kit.decks for c in d.cards]
    texts += [str(t.text) for t in kit.titles.titles if t.text]
    for text in texts:
        assert "roll ×" not in text and "roll times" not in text, text
    assert any("× the roll" in text for text in texts)



def test_moneyloopy_short_line_panel_agrees_with_the_compensation_table_and_the_corners():
    """The board's Short Line panel prints the compensation as its own small table (a section's corner over what the
    bank pays): its amounts are tables.yaml's compensation, which the formula checks, and each section starts at
    the corner space opening that side of the board (spaces 0, 10, 20, 30)."""
    kit = load_kit(ROOT / "content" / "moneyloopy", Problems())
    seed = kit.table("compensation")
    panel = next(p for p in kit.board.centre.panels if p.id == "jump-spot")
    table = kit.table(panel.table)
    assert [int(c) for c in table.columns] == [int(c) for c in seed.columns]
    rows = {str(r.label): [str(c) for c in r.cells] for r in table.rows}
    assert rows["Bank pays"] == [str(c) for c in seed.rows[0].cells]
    side = len(kit.board.spaces) // 4
    assert rows["Starts at"] == [str(kit.board.spaces[side * (int(c) - 1)].name) for c in table.columns]
