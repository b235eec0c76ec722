"""pnp new: a scaffolded game validates and builds at once."""
from click.testing import CliRunner

from pnp.build import BuildOptions, build_game, check_game
from pnp.cli import cli
from pnp.problems import Problems

from conftest import ROOT


def test_new_from_the_starter_validates_and_builds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["new", "my-game"])
    assert r.exit_code == 0, r.output
    game = tmp_path / "content" / "my-game"
    assert "title: My Game" in (game / "game.yaml").read_text(encoding="utf-8")
    problems = Problems()
    assert check_game(game, problems) is not None and not problems.items, [str(p) for p in problems.items]
    assert build_game(game, tmp_path / "out", BuildOptions(), Problems()) is not None
    assert (tmp_path / "out" / "board-full.pdf").is_file() and (tmp_path / "out" / "cards-a4.pdf").is_file()


def test_new_from_a_kit_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["new", "my-tahiti", "--from", str(ROOT / "content" / "tahiti")])
    assert r.exit_code == 0, r.output
    problems = Problems()
    assert check_game(tmp_path / "content" / "my-tahiti", problems) is not None
    assert CliRunner().invoke(cli, ["new", "my-tahiti"]).exit_code == 2  # exists
    assert CliRunner().invoke(cli, ["new", "Bad Name"]).exit_code == 2
