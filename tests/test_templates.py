from pnp.content import load_kit
from pnp.model import Currency
from pnp.money import format_money
from pnp.problems import Problems

from conftest import edit


def test_templates_render_with_game_data(mini):
    problems = Problems()
    kit = load_kit(mini, problems)
    assert not problems.errors
    assert kit.board.space("go").text == "Collect ₩20"
    assert kit.deck("luck").cards[0].text == "Advance to Start. Collect ₩20."


def test_unknown_name_is_an_error_with_file_and_line(mini):
    edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}", "Pay {{ fine_amount | money }}")
    problems = Problems()
    load_kit(mini, problems)
    (p,) = problems.errors
    assert p.code == "E-template-undefined"
    assert p.loc.file.endswith("luck.yaml") and p.loc.line == 8
    assert "fine_amount" in p.message


def test_unknown_space_is_an_error(mini):
    edit(mini / "decks" / "luck.yaml", "space('go').name }}. Collect", "space('gone').name }}. Collect")
    problems = Problems()
    load_kit(mini, problems)
    (p,) = problems.errors
    assert p.code == "E-template-reference" and "gone" in p.message


def test_sandbox_blocks_attribute_escapes(mini):
    edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}", "Pay {{ ''.__class__.__mro__ }}")
    problems = Problems()
    load_kit(mini, problems)
    assert [p.code for p in problems.errors] == ["E-template-unsafe"]


def test_money_formats_for_all_five_games():
    won = Currency(symbol="₩", name="words")
    francs = Currency(symbol="F", name="Francs", position="suffix", space=True, thousands="'")
    mu = Currency(symbol="MU", name="monetary units", position="suffix", space=True)
    dollar = Currency(symbol="$", name="dollars")
    pound = Currency(symbol="£", name="pounds")
    assert format_money(200, won) == "₩200"
    assert format_money(400000, francs) == "400'000 F"
    assert format_money(1000000, francs) == "1'000'000 F"
    assert format_money(2000, francs) == "2'000 F"
    assert format_money(3000, mu) == "3000 MU"
    assert format_money(300, dollar) == "$300"
    assert format_money(5, pound) == "£5"
