"""``pnp build`` (``--force`` too) takes the kit as loaded before from the same content files, as ``pnp validate``
does (pnp/build.py ``_kit_loader``, pnp/checked.py): the same PDFs, every rule still run, the kit loaded again when
a file, the edition or the working folder changes, and a torn cache file passed over."""
from __future__ import annotations

import shutil

import pnp.build
from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

from conftest import MINI


def _build(game, out, **kw):
    problems = Problems()
    result = build_game(game, out, BuildOptions(**kw), problems, force=True)
    assert result is not None, [str(p) for p in problems.items]
    return {f.name: f.read_bytes() for f in sorted(out.glob("*.pdf"))}, problems


def test_a_forced_build_takes_the_kit_kept_and_prints_the_same(cache_home, tmp_path, loads, monkeypatch):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    first, _ = _build(game, tmp_path / "a")
    assert loads == [1]
    ran = []
    real = pnp.build.load_valid

    def rules_ran(*a, **kw):
        ran.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(pnp.build, "load_valid", rules_ran)
    again, _ = _build(game, tmp_path / "b")
    assert loads == [1]  # not loaded from its files again
    assert ran == [1]  # the rules still ran on it
    assert again == first


def test_a_saved_file_or_another_edition_loads_the_kit_again(cache_home, tmp_path, loads):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    _build(game, tmp_path / "a")
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
    _build(game, tmp_path / "b")
    assert loads == [1, 1]
    _build(game, tmp_path / "c", players=2)
    assert loads == [1, 1, 1]


def test_a_torn_kit_file_is_passed_over(cache_home, tmp_path, loads):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    first, _ = _build(game, tmp_path / "a")
    (kept,) = (cache_home / "pnp" / "findings").glob("*.kit")
    kept.write_bytes(kept.read_bytes()[:100])
    again, _ = _build(game, tmp_path / "b")
    assert loads == [1, 1] and again == first


def test_loading_problems_are_told_again_from_the_kept_kit(cache_home, tmp_path, loads):
    """Content that does not load (an unknown key) fails the build again, with the same problems, unread."""
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\nsurplus_key: 1\n", encoding="utf-8")
    told = []
    for out in ("a", "b"):
        problems = Problems()
        assert build_game(game, tmp_path / out, BuildOptions(), problems, force=True) is None
        told.append([str(p) for p in problems.sorted()])
    assert loads == [1]
    assert told[0] == told[1] and any("surplus_key" in p for p in told[0])
