"""Never a traceback: random mutations of valid content are reported, not raised, and stay fast.

The mini fixture's YAML is loaded as plain data, mutated at random (values retyped,
keys and items deleted or added, huge and odd strings, unicode, deep nesting, shared
values that YAML writes as anchors and aliases, raw text damage), written back, and
checked with ``pnp.build.check_game``. Every problem must carry a known code.

CI runs twice PNP_FUZZ_EXAMPLES (default 100) examples; a nightly run sets it to thousands.
"""
from __future__ import annotations

import copy
import os
import shutil
import tempfile
import time
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.build import check_game
from pnp.problems import Problems
from pnp.rules import RULES

from conftest import HANG_GUARD, MINI

FILES = sorted(p.relative_to(MINI).as_posix() for p in MINI.rglob("*.yaml"))
DATA = {f: yaml.safe_load((MINI / f).read_text(encoding="utf-8")) for f in FILES}

odd_text = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=20),
    st.sampled_from(["", " ", "\t", "{{", "}}", "{{ salary | money }}", "{{ space('nowhere').name }}",
                     "{% for x in range(10**9) %}x{% endfor %}", "{", "}", "{n}", "{x}", "{count}", "{0}", "{n.real}", "{{ ''.__class__ }}", "{{ 1/0 }}", "~", "null",
                     "yes", "0x1F", "1e400", "-0", ".nan", "#", "&", "*", "!!str", "?", "- x", "a: b",
                     "\u200b", "\u202e", "🎲🏠", "Ⅻ", "ǅ", "\U0010ffff", "é" * 3, "猫", "Հայերեն", "x" * 3000,
                     "word " * 2000]),
)
numbers = st.one_of(
    st.integers(min_value=-10, max_value=10),
    st.integers(), st.sampled_from([0, -1, 10**30, -(10**30), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(numbers, odd_text, st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=8)


def _slots(node, out: list, seen: set | None = None) -> list:
    """Every (container, key) in the tree, so a mutation can pick one (each shared container once)."""
    seen = set() if seen is None else seen
    if isinstance(node, (dict, list)):
        if id(node) in seen or len(seen) > 5000:
            return out
        seen.add(id(node))
    if isinstance(node, dict):
        for k in list(node):
            out.append((node, k))
            _slots(node[k], out, seen)
    elif isinstance(node, list):
        for i in range(len(node)):
            out.append((node, i))
            _slots(node[i], out, seen)
    return out


def _nest(value, depth: int):
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


def mutate(data, doc: dict) -> None:
    slots = _slots(doc, [])
    if not slots:
        return
    container, key = data.draw(st.sampled_from(slots), label="slot")
    op = data.draw(st.sampled_from(["tweak", "tweak", "tweak", "retype", "delete", "add", "nest", "alias", "repeat",
                                    "swap"]), label="op")
    if op == "tweak":  # same type, odd value: gets past the schema into the rules and the layout
        old = container[key]
        if isinstance(old, bool):
            container[key] = not old
        elif isinstance(old, int):
            container[key] = data.draw(st.one_of(st.integers(0, 12), st.integers(0, 10**7), st.just(10**40)))
        elif isinstance(old, float):
            container[key] = data.draw(st.floats(-1e6, 1e6))
        elif isinstance(old, str):
            container[key] = data.draw(odd_text.filter(lambda t: t.strip()), label="text")
        elif isinstance(old, list) and old:
            container[key] = data.draw(st.lists(st.sampled_from(old), max_size=len(old) + 3), label="items")
    elif op == "retype":
        container[key] = data.draw(values, label="value")
    elif op == "delete":
        del container[key]
    elif op == "add":
        if isinstance(container, dict):
            container[data.draw(st.sampled_from(["id", "x", "text", "kind", "copies", "deck", "group", "amount",
                                                 "price", "formula", "table", "effect", "keep", "cards", "owned",
                                                 "utility_roll", "print_advice", "rounding", "corners"]))] = \
                data.draw(values, label="value")
        else:
            container.insert(key, copy.deepcopy(container[key]) if data.draw(st.booleans()) else data.draw(values))
    elif op == "nest":
        container[key] = _nest(container[key], data.draw(st.integers(1, 120), label="depth"))
    elif op == "alias":  # the same object twice: yaml.dump writes an anchor (&id001) and an alias (*id001)
        other_container, other_key = data.draw(st.sampled_from(slots), label="alias source")
        container[key] = other_container[other_key]
    elif op == "repeat":
        value = container[key]
        if isinstance(value, list) and value:
            container[key] = value * data.draw(st.integers(2, 60), label="times")
        elif isinstance(value, str):
            container[key] = value * data.draw(st.integers(2, 400), label="times")
    elif op == "swap":
        other_container, other_key = data.draw(st.sampled_from(slots), label="swap with")
        container[key], other_container[other_key] = other_container[other_key], container[key]


def dump(doc) -> str:
    try:
        return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10**6)
    except (yaml.YAMLError, RecursionError):  # a cycle made by aliasing a container into itself
        return "a: &x [1, 2]\nb: *x\n"


def damage_text(data, text: str) -> str:
    if not text or not data.draw(st.integers(0, 5), label="damage?") == 0:
        return text
    at = data.draw(st.integers(0, len(text)), label="at")
    junk = data.draw(st.sampled_from(["\n", ":", "- ", "  ", "{", "]", "'", '"', "&a ", "*a", "!!binary ",
                                      "<<: *a\n", "\t", "%YAML 1.1\n---\n", "---\n", "\x00", "\ufeff"]))
    return text[:at] + junk + text[at:]


def check(root: Path) -> Problems:
    problems = Problems()
    start = time.perf_counter()
    check_game(root, problems)  # must not raise
    elapsed = time.perf_counter() - start
    assert elapsed < HANG_GUARD, f"check_game took {elapsed:.1f} s"
    for p in problems.items:
        assert p.code in RULES, f"undeclared code {p.code}: {p}"
        assert p.code != "E-internal", str(p)
        assert p.message
    return problems


EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "100"))


@settings(max_examples=2 * EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_content_is_reported_never_raised(data):
    docs = copy.deepcopy(DATA)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        fname = data.draw(st.sampled_from(FILES), label="file")
        mutate(data, docs[fname])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "mini"
        shutil.copytree(MINI, root)
        for fname, doc in docs.items():
            if doc != DATA[fname]:
                (root / fname).write_text(damage_text(data, dump(doc)), encoding="utf-8")
        check(root)


def _replace(root: Path, fname: str, text: str) -> None:
    (root / fname).write_text(text, encoding="utf-8")


def test_alias_bomb_is_an_error_and_fast(mini):
    levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefghi", "bcdefghij"):
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    _replace(mini, "reference.yaml", "\n".join(levels) + "\ncards: *j\n")
    start = time.perf_counter()
    problems = check(mini)
    assert time.perf_counter() - start < HANG_GUARD
    assert "E-yaml-too-large" in {p.code for p in problems.errors}


def test_deep_nesting_is_an_error_and_fast(mini):
    _replace(mini, "counters.yaml", "counters: " + "[" * 5000 + "]" * 5000 + "\n")
    start = time.perf_counter()
    problems = check(mini)
    assert time.perf_counter() - start < HANG_GUARD
    assert problems.errors


def test_large_valid_deck_stays_fast(mini):
    cards = "".join(f"  - {{id: c{i}, text: \"Collect {{{{ {i % 7 + 1} | money }}}}.\", "
                    f"effect: {{action: collect, amount: {i % 7 + 1}}}}}\n" for i in range(600))
    _replace(mini, "decks/luck.yaml", f"id: luck\nname: Luck\ncolour: \"#e08a1e\"\ncards:\n{cards}")
    start = time.perf_counter()
    problems = check(mini)
    assert time.perf_counter() - start < HANG_GUARD
    assert [p.code for p in problems.errors] == ["E-deck-size"]
