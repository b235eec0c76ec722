"""pnp as a maker installs it: games found from any folder, the default game, a kit's own fonts.
(.ci/wheel-smoke builds the wheel and runs the commands from an empty folder.)"""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from conftest import MINI, ROOT, edit
from pnp import bundled, fonts
from pnp.build import BuildOptions, build_game, check_game
from pnp.cli import cli
from pnp.content import default_game, resolve_game
from pnp.problems import Problems


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_the_bundled_kits_are_found_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert bundled.KITS.resolve() == (ROOT / "content").resolve()  # a checkout: the top-level folders
    assert resolve_game("tahiti").resolve() == (ROOT / "content" / "tahiti").resolve()
    assert default_game() == "etymonopoly"
    r = run("list")
    assert r.exit_code == 0 and "etymonopoly\tEtymonopoly\tbundled" in r.output
    r = run("build", "tahiti", "--only", "cards", "-q")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "output" / "tahiti" / "cards-a4.pdf").is_file()
    # where the kit is, clickable: the folder's own path, not the generation its symlink names today
    assert (Path.cwd() / "output" / "tahiti").as_uri() in r.output and ".tahiti.pnp" not in r.output


def test_the_default_game_is_the_one_under_content_else_the_bundled_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(MINI, tmp_path / "content" / "mine")
    assert default_game() == "mine"
    r = run("list")
    assert r.output.splitlines()[0] == "mine\tMini Monopoly\t./content"
    shutil.copytree(MINI, tmp_path / "content" / "other")
    r = run("validate")
    assert r.exit_code == 2 and "several games" in r.output and "mine, other" in r.output
    assert run("validate", "mine").exit_code == 0


def _kit_with_font(tmp_path: Path, font_file: str, name: str) -> Path:
    game = tmp_path / "fonty"
    shutil.copytree(MINI, game)
    (game / "fonts").mkdir()
    shutil.copyfile(ROOT / "fonts" / font_file, game / "fonts" / f"{name}.ttf")
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("theme:\n", f"theme:\n  fonts: {{title: {name}}}\n", 1),
                                    encoding="utf-8")
    return game


def test_a_kit_may_bring_its_own_font(tmp_path):
    game = _kit_with_font(tmp_path, "NotoSerif-Italic.ttf", "HouseSerif")
    problems = Problems()
    assert check_game(game, problems) is not None, [str(p) for p in problems.items]
    assert "HouseSerif" in fonts.available()
    assert build_game(game, tmp_path / "out", BuildOptions(parts=("cards",)), Problems()) is not None
    embedded = set()

    def walk(resources):
        for ref in resources.get("/Font", {}).values():
            embedded.add(str(ref.get_object()["/BaseFont"]).split("+")[-1])
        for ref in resources.get("/XObject", {}).values():
            walk(ref.get_object().get("/Resources", {}))

    for page in PdfReader(str(tmp_path / "out" / "cards-a4.pdf")).pages:
        walk(page["/Resources"])
    assert "NotoSerif-Italic" in embedded  # the file behind HouseSerif (its PostScript name); mini uses no other


def test_a_missing_or_cff_font_is_an_error_at_its_line(tmp_path):
    game = _kit_with_font(tmp_path, "NotoSerif-Italic.ttf", "HouseSerif")
    edit(game / "game.yaml", "{title: HouseSerif}", "{title: HouseSerf}")
    problems = Problems()
    check_game(game, problems)
    (p,) = problems.errors
    assert p.code == "E-font-unknown" and p.loc.line > 0 and "HouseSerif" in p.message
    (game / "fonts" / "Cff.otf").write_bytes(b"OTTO" + bytes(200))
    edit(game / "game.yaml", "{title: HouseSerf}", "{title: Cff}")
    problems = Problems()
    check_game(game, problems)
    (p,) = problems.errors
    assert p.code == "E-font-unknown" and "CFF" in p.message and ".ttf" in p.message


def test_the_wheel_lists_every_package_of_pnp():
    """pyproject.toml names the packages (it maps content/ and fonts/ into the wheel), so a new subpackage
    must be added there or the installed pnp cannot import it (.ci/wheel-smoke would fail)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "pnp").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {sorted(found - listed)}"
