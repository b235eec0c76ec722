"""Loading keeps positions, rejects what YAML should not hold, and never raises."""
from pathlib import Path

from pnp.content import load_kit
from pnp.load import load_text
from pnp.problems import Problems

from conftest import edit


def codes(problems):
    return [p.code for p in problems.sorted()]


def test_nested_list_item_error_names_its_line(mini):
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:", "{id: fine, keep: maybe, text:")
    problems = Problems()
    assert load_kit(mini, problems) is None
    (p,) = problems.errors
    assert p.code == "E-schema-type"
    assert p.loc.file.endswith("luck.yaml")
    assert p.loc.line == 8  # the third card's line
    assert p.path == "cards[2].keep"
    assert "true or false" in p.message


def test_every_problem_is_reported_not_only_the_first(mini):
    edit(mini / "board.yaml", "price: 60}", "price: -60, prize: 3}")
    edit(mini / "decks" / "luck.yaml", 'colour: "#e08a1e"', 'colour: "#e08a1"')
    problems = Problems()
    load_kit(mini, problems)
    assert set(codes(problems)) == {"E-schema-amount", "E-schema-unknown-key", "E-schema-colour"}
    unknown = next(p for p in problems.errors if p.code == "E-schema-unknown-key")
    assert "did you mean 'price'" in unknown.message
    assert str(unknown).startswith(f"{unknown.loc.file}:7:")


def test_duplicate_keys_are_rejected():
    problems = Problems()
    load_text("a: 1\nb: 2\na: 3\n", "x.yaml", problems)
    (p,) = problems.errors
    assert (p.code, p.loc.line, p.loc.col) == ("E-yaml-duplicate-key", 3, 1)
    assert "first at line 1" in p.message


def test_yaml_syntax_error_names_file_and_line():
    problems = Problems()
    assert load_text("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml", problems) is None
    (p,) = problems.errors
    assert p.code == "E-yaml-syntax"
    assert p.loc.file == "bad.yaml" and p.loc.line >= 2


def test_python_tags_are_not_constructed():
    problems = Problems()
    node = load_text("a: !!python/object/apply:os.system ['echo hi']\n", "evil.yaml", problems)
    assert [p.code for p in problems.errors] == ["E-yaml-tag"]
    assert node is not None


def test_alias_bomb_is_an_error_not_a_hang():
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
    prev = "a"
    for n in "bcdefghi":
        lines.append(f"{n}: &{n} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]")
        prev = n
    problems = Problems()
    assert load_text("\n".join(lines) + "\n", "bomb.yaml", problems) is None
    assert [p.code for p in problems.errors] == ["E-yaml-too-large"]


def test_missing_required_file(tmp_path):
    (tmp_path / "game.yaml").write_text("title: X\n", encoding="utf-8")
    problems = Problems()
    assert load_kit(tmp_path, problems) is None
    assert "E-file-missing" in codes(problems)


def test_values_keep_their_positions(mini):
    problems = Problems()
    kit = load_kit(mini, problems)
    assert not problems.errors
    red2 = kit.board.space("red-2")
    assert red2.loc.line == 10
    assert red2.at("price").line == 10
    assert red2.path == "spaces[4]"
