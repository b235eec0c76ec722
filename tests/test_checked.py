"""``pnp validate`` keeps the loaded kit and each part's layout findings by their inputs (pnp/checked.py): told
again exactly as found while the inputs hold, found again for what a saved file reaches, never a failure for the
cache."""
from __future__ import annotations

import os
import shutil

import pytest
from click.testing import CliRunner

import pnp.build
import pnp.checked
from pnp import cache
from pnp import parts as registry
from pnp.cli import cli

from conftest import MINI
from test_validate import overlay

#: cases whose problems come from laying out: a text that overflows, shrinks or is hard to read
LAYOUT_CASES = ("text-overflow", "text-shrunk", "text-legibility", "text-legibility-small")
#: cases whose problems come from loading (a schema warning, a CSV cell, a picture) and from the rules
LOAD_CASES = ("schema-unknown-key", "schema-type", "csv-cell", "image-dpi", "colour-confusable", "money-reserve")


@pytest.fixture
def laid_out(monkeypatch):
    """The parts validate lays out (and checks), in order."""
    seen: list[str] = []
    real = pnp.build._lay_out_and_check

    def spy(ctx, part, bleed):
        seen.append(part.name)
        return real(ctx, part, bleed)

    monkeypatch.setattr(pnp.build, "_lay_out_and_check", spy)
    return seen


def validate(game, *more):
    r = CliRunner().invoke(cli, ["validate", str(game), *more])
    assert "Traceback" not in r.output
    return r.exit_code, r.output


@pytest.mark.parametrize("case", LAYOUT_CASES + LOAD_CASES)
def test_findings_are_told_again_exactly_as_found(tmp_path, cache_home, laid_out, loads, case):
    game, _ = overlay(case, tmp_path / case)
    first = validate(game, "--format", "json")
    assert first[1].strip() not in ("", "[]") and loads == [1]
    laid_out.clear()
    assert validate(game, "--format", "json") == first
    assert laid_out == [] and loads == [1]  # the kit read back and every part told from the cache
    assert validate(game)[0] == first[0]
    shutil.rmtree(cache_home)  # and the same as a validate with no cache at all
    assert validate(game, "--format", "json") == first


def test_a_saved_file_lays_out_the_parts_drawn_from_it_again(tmp_path, cache_home, laid_out, loads):
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    assert validate(game)[0] == 0
    assert set(laid_out) == {p.name for p in registry.PARTS}
    laid_out.clear()
    text = (game / "decks" / "luck.yaml").read_text(encoding="utf-8")
    (game / "decks" / "luck.yaml").write_text(text + "\n# saved again\n", encoding="utf-8")
    validate(game)
    drawn_from_decks = {p.name for p in registry.PARTS if "decks/*.y*ml" in registry.part_sources(p.name)}
    assert set(laid_out) == drawn_from_decks and "notes" not in laid_out
    assert len(loads) == 2  # any saved content file: loaded again
    laid_out.clear()
    (game / "money.yaml").write_text((game / "money.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    validate(game)
    assert set(laid_out) == {p.name for p in registry.PARTS if "money.yaml" in registry.part_sources(p.name)}


def test_a_part_that_found_nothing_and_then_a_problem_reports_it(tmp_path, cache_home):
    game, _ = overlay("text-overflow", tmp_path / "case")
    broken = validate(game, "--format", "json")
    fixed = tmp_path / "fixed"
    shutil.copytree(MINI, fixed)
    assert validate(fixed)[0] == 0
    for f in (game).rglob("*.yaml"):  # the same folder name, now with the broken files: found, not recalled
        target = fixed / f.relative_to(game)
        shutil.copyfile(f, target)
    code, out = validate(fixed, "--format", "json")
    assert code == broken[0] and code == 1 and "text-overflow" in out


def test_a_torn_or_foreign_cache_file_is_passed_over(tmp_path, cache_home, laid_out):
    game, _ = overlay("text-overflow", tmp_path / "case")
    first = validate(game, "--format", "json")
    files = sorted((cache_home / "pnp" / "findings").iterdir())
    assert [f.suffix for f in files] == [".json", ".kit"]  # the findings and the loaded kit
    for f in files:
        for damage in (f.read_bytes()[:-7], f.read_bytes()[:16] + b"\0" * 40, b"not ours"):
            f.write_bytes(damage)
            laid_out.clear()
            assert validate(game, "--format", "json") == first
            assert set(laid_out) == ({p.name for p in registry.PARTS} if f.suffix == ".json" else set())


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch, laid_out):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    game, _ = overlay("text-overflow", tmp_path / "case")
    first = validate(game, "--format", "json")
    assert validate(game, "--format", "json") == first and first[0] == 1


def test_the_cache_keeps_the_last_game_folders_validated_and_no_more(tmp_path, cache_home, monkeypatch):
    monkeypatch.setattr(pnp.checked, "FOLDERS", 3)
    games = []
    for i in range(5):
        game = tmp_path / f"game{i}"
        shutil.copytree(MINI, game)
        assert validate(game)[0] == 0
        games.append(game)
    kept = sorted(f.name for f in (cache_home / "pnp" / "findings").iterdir())
    stems = {cache.digest(os.fsencode(os.path.abspath(g))).hex()[:32] for g in games[2:]}  # the last three
    assert kept == sorted(f"{stem}{suffix}" for stem in stems for suffix in (".json", ".kit"))
