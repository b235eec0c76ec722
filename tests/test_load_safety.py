"""Hostile content folders end in clear errors, fast: no crash, no hang, no traceback (issue 21)."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from conftest import HANG_GUARD, ROOT, edit, not_a_plain_file


def _pnp(*args, cwd=ROOT, timeout=30):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=timeout,
                       cwd=cwd, env=env)
    return r, time.perf_counter() - start


@pytest.mark.parametrize("command", ["validate", "build", "list"])
def test_a_file_nested_25000_deep_is_an_error_not_a_segfault(mini, tmp_path, command):
    # "file:" too: the incremental build looks for pictures in a file naming one, and must not recurse either
    (mini / "reference.yaml").write_text("file: x\na: " + "[" * 25000 + "]" * 25000 + "\n", encoding="utf-8")
    if command == "list":  # list peeks at every game.yaml under ./content
        (tmp_path / "content").mkdir()
        (tmp_path / "content" / "deep").mkdir()
        (tmp_path / "content" / "deep" / "game.yaml").write_text("title: " + "[" * 25000 + "]" * 25000 + "\n")
        r, took = _pnp("list", cwd=tmp_path)
        assert r.returncode == 0 and "deep" in r.stdout
    else:
        r, took = _pnp(command, str(mini), "--out", str(tmp_path / "out")) if command == "build" else \
            _pnp(command, str(mini))
        assert r.returncode == 1, (r.returncode, r.stderr[-500:])
        assert "reference.yaml:2:" in r.stderr and "[E-yaml-too-large]" in r.stderr
    assert "Traceback" not in r.stderr and took < HANG_GUARD


@pytest.mark.parametrize("thing", ["fifo", "folder", "dangling-link"])
def test_only_regular_files_are_read(mini, thing):
    not_a_plain_file(mini / "titles.yaml", thing)
    for command in ("validate", "build"):
        r, took = _pnp(command, str(mini), *(["--out", str(mini.parent / "out")] if command == "build" else []))
        assert r.returncode == 1 and took < HANG_GUARD and "Traceback" not in r.stderr, r.stderr
        assert "titles.yaml" in r.stderr
        assert ("[E-file-missing]" if thing == "dangling-link" else "[E-file-unreadable]") in r.stderr


def test_decks_must_be_a_folder(mini):
    import shutil

    shutil.rmtree(mini / "decks")
    (mini / "decks").write_text("not a folder\n")
    r, _ = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-file-unreadable]" in r.stderr and "decks" in r.stderr


def test_the_alias_budget_covers_the_whole_kit(mini):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcd", "bcde"))  # 10^5 values a file
    for n in range(100):
        (mini / "decks" / f"bomb{n:03}.yaml").write_text(bomb, encoding="utf-8")
    r, took = _pnp("validate", str(mini), timeout=60)
    assert r.returncode == 1 and "[E-yaml-too-large]" in r.stderr and took < HANG_GUARD, (took, r.stderr[-300:])
    assert r.stderr.count("[E-yaml-too-large]") == 1  # reported where the budget ran out, once


def test_keys_that_are_the_same_number_are_duplicates(mini):
    edit(mini / "game.yaml", "starting_split: {50: 1,", "starting_split: {50: 1, 0050: 2,")
    r, _ = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-yaml-duplicate-key]" in r.stderr and "same number" in r.stderr
    assert "game.yaml:" in r.stderr


def test_new_from_a_game_holding_a_pipe_copies_nothing(mini, tmp_path):
    os.mkfifo(mini / "images.png")
    r, took = _pnp("new", "copy", "--from", str(mini), cwd=tmp_path)
    assert r.returncode == 2 and "pipe" in r.stderr and "Traceback" not in r.stderr and took < HANG_GUARD
    assert not (tmp_path / "content" / "copy").exists()


def test_a_bad_character_or_byte_is_reported_at_its_line(mini):
    (mini / "reference.yaml").write_bytes(b'cards:\n  - {id: a, title: "x\x00y", text: hi}\n')
    r, _ = _pnp("validate", str(mini))
    assert "reference.yaml:2:" in r.stderr and "[E-yaml-syntax]" in r.stderr
    (mini / "reference.yaml").write_bytes(b'cards:\n  - {id: a, title: "caf\xe9", text: hi}\n')
    r, _ = _pnp("validate", str(mini))
    assert "reference.yaml:2:" in r.stderr and "[E-yaml-encoding]" in r.stderr


def test_a_huge_flat_file_is_refused_before_it_is_composed(mini):
    (mini / "reference.yaml").write_text("x: [" + ", ".join(["1"] * 300_000) + "]\n", encoding="utf-8")
    r, took = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-yaml-too-large]" in r.stderr and took < HANG_GUARD


_DEEP = {
    "flow": "a: " + "[" * 25000 + "]" * 25000 + "\n",  # libyaml reads ahead 1000 levels before giving an event
    "block": "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 3000)) + "  " * 3000 + "c\n",
    "dashes": "- " * 3000 + "x\n",
    "mixed": "a:\n  b: " + "{k: " * 2000 + "v" + "}" * 2000 + "\n",
}


@pytest.mark.parametrize("parser", ["libyaml", "python"])
@pytest.mark.parametrize("shape", sorted(_DEEP))
def test_too_deep_is_one_code_whichever_parser_sees_it_first(monkeypatch, parser, shape):
    # PyYAML with libyaml stops deep nesting itself in some releases (its own error, its own words), in
    # others not at all; pure-Python PyYAML never: pnp says E-yaml-too-large with the limit in every case
    import yaml

    from pnp import load
    from pnp.problems import Problems

    if parser == "python":
        monkeypatch.setattr(load, "_Loader", yaml.SafeLoader)
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("this PyYAML was built without libyaml")
    problems = Problems()
    assert load.load_text(_DEEP[shape], "deep.yaml", problems) is None
    [p] = problems.items
    assert p.code == "E-yaml-too-large" and f"deeper than {load.MAX_DEPTH} levels" in p.message
    assert p.loc.file == "deep.yaml" and p.loc.line >= 1


@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_a_syntax_error_is_not_taken_for_nesting(monkeypatch, parser):
    import yaml

    from pnp import load
    from pnp.problems import Problems

    if parser == "python":
        monkeypatch.setattr(load, "_Loader", yaml.SafeLoader)
    problems = Problems()
    text = "a: [[[1, 2], [3]]\nb: {c: [d, e}\n" + "x: 1\n" * 10  # unbalanced, shallow
    assert load.load_text(text, "bad.yaml", problems) is None
    assert [p.code for p in problems.items] == ["E-yaml-syntax"]
    # exactly MAX_DEPTH levels is allowed
    ok = "a: " + "[" * (load.MAX_DEPTH - 1) + "]" * (load.MAX_DEPTH - 1) + "\n"
    problems = Problems()
    assert load.load_text(ok, "ok.yaml", problems) is not None and not problems.items
