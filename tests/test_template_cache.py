"""Compiled template code is kept between runs in the user's cache folder (pnp/template_cache.py): the texts
render the same from it, it is never written beside the game, and a broken or unwritable cache never fails a run."""
from __future__ import annotations

import os

import pytest

from conftest import edit
from pnp import templates
from pnp.build import check_game
from pnp.content import load_kit
from pnp.problems import Problems
from pnp.template_cache import MAGIC, folder


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of the test's own: ``$XDG_CACHE_HOME/pnp``."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "pnp"


def texts(game):
    problems = Problems()
    kit = load_kit(game, problems)
    assert not problems.items, [str(p) for p in problems.items]
    return [kit.board.space("go").text, *(c.text for c in kit.deck("luck").cards), *kit.game.credits,
            kit.reference.cards[0].text]


def files_of(root):
    return sorted(p.relative_to(root) for p in root.rglob("*"))


def compiling_fails(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise AssertionError("compiled although the code was kept")

    monkeypatch.setattr(templates._classes(), "compile", refuse)


def test_kept_code_renders_the_same_texts_and_is_not_written_beside_the_game(mini, cache, monkeypatch):
    before = files_of(mini)
    first = texts(mini)
    assert "Collect ₩20" in first and "Pay ₩5." in first
    assert folder() == cache
    (kept,) = (cache / "templates").iterdir()
    assert kept.read_bytes().startswith(MAGIC)
    assert files_of(mini) == before
    compiling_fails(monkeypatch)
    assert texts(mini) == first  # every text from the kept code


def test_a_changed_text_is_compiled_and_kept_in_place_of_the_old(mini, cache, monkeypatch):
    texts(mini)
    edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}.", "Pay {{ 7 | money }} now.")
    assert "Pay ₩7 now." in texts(mini)
    compiling_fails(monkeypatch)
    assert "Pay ₩7 now." in texts(mini)
    assert len(list((cache / "templates").iterdir())) == 1


def test_a_kept_text_formats_money_as_the_game_says_now(mini, cache):
    """Jinja2 computes a constant filter while compiling; money depends on the game, so it never is."""
    assert "Pay ₩5." in texts(mini)
    edit(mini / "game.yaml", 'currency: {symbol: "₩", name: words}',
         'currency: {symbol: "F", name: Francs, position: suffix, space: true}')
    assert "Pay 5\u00a0F." in texts(mini)


@pytest.mark.parametrize("damage", ["garbage", "torn", "empty", "another version", "a folder"])
def test_a_broken_cache_is_passed_over_and_made_again(mini, cache, monkeypatch, damage):
    first = texts(mini)
    (kept,) = (cache / "templates").iterdir()
    data = kept.read_bytes()
    if damage == "garbage":
        kept.write_bytes(b"\x00\xff" * 500)
    elif damage == "torn":
        kept.write_bytes(data[:len(data) // 2])
    elif damage == "empty":
        kept.write_bytes(b"")
    elif damage == "another version":  # a whole file, written under another salt
        monkeypatch.setattr(templates, "code_salt", lambda env: "another pnp")
        texts(mini)
        monkeypatch.undo()
        monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent))
    else:
        kept.unlink()
        kept.mkdir()
    assert texts(mini) == first
    if damage != "a folder":
        compiling_fails(monkeypatch)  # made again, whole
        assert texts(mini) == first


@pytest.mark.parametrize("where", ["a file", "relative"])
def test_a_cache_that_cannot_be_written_never_fails_a_run(mini, tmp_path, monkeypatch, where):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if where == "a file":
        (tmp_path / "xdg").write_text("not a folder")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    else:  # a relative XDG_CACHE_HOME is not used (the XDG spec): the cache goes under the home folder
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    first = texts(mini)
    assert texts(mini) == first
    assert not (tmp_path / "relative").exists()
    assert (where == "relative") == (tmp_path / "home" / ".cache" / "pnp" / "templates").is_dir()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_cache_never_fails_a_run(mini, cache):
    cache.mkdir(parents=True)
    cache.chmod(0o500)
    try:
        first = texts(mini)
        assert texts(mini) == first
    finally:
        cache.chmod(0o700)


@pytest.mark.parametrize("template, code", [
    ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}", "E-template-limit"),
    ("{{ 'a' * 10**9 }}", "E-template-limit"),
    ("{{ 'x' | center(30000) }}", "E-template-limit"),
    ("{{ rules.deck_sizes.update({'luck': 99}) }}", "E-template-unsafe"),
    ("{{ game.loc }}", "E-template-unsafe"),
    ("{{ nothing_of_that_name }}", "E-template-undefined"),
])
def test_kept_code_keeps_the_sandbox_and_its_limits(mini, cache, template, code):
    edit(mini / "game.yaml", '  - "Collect {{ salary', '  - "' + template.replace('"', '\\"') + ' Collect {{ salary')
    for _ in range(2):  # compiled, then from the kept code
        problems = Problems()
        check_game(mini, problems)
        assert [(p.code, p.loc.line) for p in problems.errors] == [(code, 23)], [str(p) for p in problems.items]
