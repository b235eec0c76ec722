"""Templates cannot hang, eat memory, change the game's data or print where a file lives (issue 21)."""
from __future__ import annotations

import time

import pytest

from conftest import edit
from pnp.build import check_game
from pnp.problems import Problems

HOSTILE = [
    ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}", "E-template-limit"),
    ("{% for c in 'x' * 10000 %}{% for d in 'y' * 10000 %}{% endfor %}{% endfor %}", "E-template-limit"),
    ("{{ 'a' * 10**9 }}", "E-template-limit"),
    ("{{ [0] * 10**9 }}", "E-template-limit"),
    ("{{ range(10**9) | list | length }}", "E-template-limit"),
    ("{{ '%900000000s' % 'x' }}", "E-template-limit"),
    ("{{ 'x' * 30000 }}", "E-template-limit"),
    ("{{ rules.deck_sizes.update({'luck': 99}) }}", "E-template-unsafe"),
    ("{{ game.data.update({'x': 1}) }}", "E-template-unsafe"),
    ("{{ game.loc }}", "E-template-unsafe"),
    ("{{ space('go').locs }}", "E-template-unsafe"),
    ("{{ 'x'.ljust(10**9) }}", "E-template-limit"),
]


@pytest.mark.parametrize("template, code", HOSTILE)
def test_a_hostile_template_is_a_fast_error_at_its_line(mini, template, code):
    edit(mini / "game.yaml", '  - "Collect {{ salary', '  - "' + template.replace('"', '\\"') + ' Collect {{ salary')
    problems = Problems()
    start = time.perf_counter()
    check_game(mini, problems)
    assert time.perf_counter() - start < 2
    assert [(p.code, p.loc.line) for p in problems.errors] == [(code, 23)], [str(p) for p in problems.items]


def test_the_validator_sees_the_data_no_template_changed(mini):
    edit(mini / "game.yaml", '  - "Collect {{ salary', '  - "{{ rules.deck_sizes.update({\'luck\': 99}) }} {{ salary')
    problems = Problems()
    check_game(mini, problems)
    assert not any(p.code == "E-deck-size" for p in problems.items)  # luck still declared 3, and holds 3
