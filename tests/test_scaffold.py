"""pnp new: a scaffolded game validates and builds at once."""
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game, check_game
from pnp.cli import cli
from pnp.problems import Problems

from conftest import ROOT


def test_new_from_the_starter_validates_and_builds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["new", "my-game"])
    assert r.exit_code == 0, r.output
    game = tmp_path / "content" / "my-game"
    assert yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))["title"] == "my-game"
    problems = Problems()
    assert check_game(game, problems) is not None and not problems.items, [str(p) for p in problems.items]
    assert build_game(game, tmp_path / "out", BuildOptions(), Problems()) is not None
    assert (tmp_path / "out" / "board-full.pdf").is_file() and (tmp_path / "out" / "cards-a4.pdf").is_file()
    assert "my-game" in PdfReader(str(tmp_path / "out" / "cards-a4.pdf")).pages[0].extract_text()


def test_the_title_is_exactly_the_name_and_the_comment_keeps_its_place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("foo", "true", "12", "a_b-c"):
        assert CliRunner().invoke(cli, ["new", name]).exit_code == 0
        text = (tmp_path / "content" / name / "game.yaml").read_text(encoding="utf-8")
        assert yaml.safe_load(text)["title"] == name
        line = next(l for l in text.splitlines() if l.startswith("title:"))
        assert line.startswith(f'title: "{name}"') and "  # the name on the board" in line, line


def test_new_refuses_an_existing_folder_or_symlink(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "dangling").symlink_to(tmp_path / "nowhere")
    r = CliRunner().invoke(cli, ["new", "dangling"])
    assert r.exit_code == 2 and "already exists" in r.output
    assert not (tmp_path / "nowhere").exists()


def test_new_from_a_kit_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["new", "my-tahiti", "--from", str(ROOT / "content" / "tahiti")])
    assert r.exit_code == 0, r.output
    problems = Problems()
    assert check_game(tmp_path / "content" / "my-tahiti", problems) is not None
    assert CliRunner().invoke(cli, ["new", "my-tahiti"]).exit_code == 2  # exists
    assert CliRunner().invoke(cli, ["new", "Bad Name"]).exit_code == 2
