"""Commands import only what they need, so start-up cannot grow back unnoticed.

Each command runs in a fresh interpreter (as ``pnp`` does) and reports which modules it imported;
what a command must not import is listed beside it. (How long start-up takes is measured by
``python bench/startup.py``, never asserted here.)
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"

#: run pnp's command line like the console script, then list the imported modules into a file
_PROBE = """
import json, sys
out, argv = sys.argv[1], sys.argv[2:]
sys.argv = ["pnp"] + argv
import pnp.cli
from pnp.cli import main

def leave(done):  # the console script ends at once (no teardown): this probe has a file to write first
    raise done

pnp.cli._leave = leave
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
with open(out, "w") as fh:
    json.dump({"code": code, "modules": sorted(sys.modules)}, fh)
"""

RENDERING = ("reportlab", "PIL", "pnp.render", "pnp.impose", "pnp.layout", "pnp.tiling")
#: (``pnp.rules`` and ``pnp.rules.schema`` only declare rules, which the loader's modules import: cheap)
LOADING = ("yaml", "jinja2", "pnp.model", "pnp.schema", "pnp.load", "pnp.templates", "pnp.rules.board",
           "pnp.rules.decks", "pnp.rules.money", "pnp.rules.printing", "pnp.rules.tables", "pnp.rules.titles")


def imported(tmp_path: Path, *argv: str, cwd: Path = ROOT) -> tuple[int, list[str]]:
    out = tmp_path / f"modules-{len(list(tmp_path.glob('modules-*')))}.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}  # the test's own: what pnp keeps between its runs
    proc = subprocess.run([sys.executable, "-c", _PROBE, str(out), *argv], cwd=cwd, env=env,
                          capture_output=True, text=True)
    assert out.is_file(), proc.stderr
    result = json.loads(out.read_text())
    return result["code"], result["modules"]


def offending(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


def test_help_imports_neither_loading_nor_rendering(tmp_path):
    code, modules = imported(tmp_path, "--help")
    assert code == 0
    assert offending(modules, RENDERING + LOADING) == []


def test_validate_does_not_import_the_pdf_renderer(tmp_path):
    code, modules = imported(tmp_path, "validate", str(MINI))
    assert code == 0
    assert "yaml" in modules and "pnp.layout.cards" in modules  # it did load and lay out the kit
    assert offending(modules, ("reportlab", "PIL", "pnp.render")) == []


def test_validate_of_unchanged_content_neither_parses_nor_lays_out(tmp_path):
    """The second validate of the same content reads the kit and each part's findings back (pnp/checked.py): no
    YAML parser, no template engine, no layout; every rule still runs."""
    imported(tmp_path, "validate", str(MINI))
    code, modules = imported(tmp_path, "validate", str(MINI))
    assert code == 0 and "pnp.rules.validator" in modules
    assert offending(modules, ("yaml", "jinja2", "reportlab", "PIL", "pnp.layout", "pnp.render")) == []


def test_a_build_with_nothing_to_do_decides_from_hashes_alone(tmp_path):
    out = tmp_path / "out"
    code, modules = imported(tmp_path, "build", str(MINI), "--out", str(out), "-q")
    assert code == 0 and "reportlab" in modules  # the first build renders
    code, modules = imported(tmp_path, "build", str(MINI), "--out", str(out), "-q")
    assert code == 0
    assert offending(modules, RENDERING + LOADING) == []


def test_a_changed_file_still_rebuilds_after_a_no_op(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    out = tmp_path / "out"
    assert imported(tmp_path, "build", str(game), "--out", str(out), "-q")[0] == 0
    manifest = json.loads((out / "manifest.json").read_text())
    money = game / "money.yaml"
    money.write_text(money.read_text() + "\n# changed\n")
    code, modules = imported(tmp_path, "build", str(game), "--out", str(out), "-q")
    assert code == 0 and "reportlab" in modules
    after = json.loads((out / "manifest.json").read_text())
    assert after["parts"]["notes"]["inputs"] != manifest["parts"]["notes"]["inputs"]
    assert after["parts"]["cards"] == manifest["parts"]["cards"]


@pytest.mark.parametrize("argv", [("list",), ("validate", "--explain", "E-board-ring")])
def test_commands_that_read_no_kit_render_nothing(tmp_path, argv):
    code, modules = imported(tmp_path, *argv)
    assert code == 0
    assert offending(modules, RENDERING) == []
