"""The registry of content files and printable parts, and the print options declared once."""
from __future__ import annotations

import json

import click
from click.testing import CliRunner

from conftest import MINI
from pnp import marks, parts
from pnp.build import BuildOptions, build_game
from pnp.layout.common import Item
from pnp.options import DEFAULT, OPTIONS, PAPERS, PrintOptions, from_cli, print_options
from pnp.problems import Problems
from pnp.watch import affected_parts


def test_every_part_lays_out_with_a_declared_output_and_files():
    outputs = set(parts.OUTPUT_NAMES)
    declared = {f.pattern for f in parts.FILES}
    for p in parts.PARTS:
        assert p.output in outputs, p
        module, func = p.layout.split(":")
        assert callable(getattr(__import__(f"pnp.layout.{module}", fromlist=[func]), func)), p
        assert set(p.files) <= declared, p


def test_every_content_file_has_a_model_and_a_schema():
    for f in parts.FILES:
        assert f.model_class() is not None
        assert f.schema.endswith(".schema.json")
    assert {f.pattern for f in parts.FILES if f.required} == {"game.yaml", "board.yaml"}


def test_a_change_reaches_the_outputs_the_registry_says():
    # the rules booklet reads every file: its components list counts what the other parts print
    assert affected_parts(["decks/luck.yaml"]) == ["board", "cards", "rules"]
    assert affected_parts(["money.yaml"]) == ["notes", "rules"]
    assert affected_parts(["rules.yaml"]) == ["rules"]
    assert affected_parts(["tables.yaml"]) == list(parts.OUTPUT_NAMES)
    assert parts.file_for("decks/chance.yaml").kind == "deck"
    assert parts.file_for("notes.txt") is None


def _stickers(ctx):
    from pnp import scene

    face = scene.Group([scene.Rect(-3, -3, 26, 26, fill="#ff0000")])
    return [Item(id=f"sticker-{i}", kind="sticker", width=20, height=20, front=face, back=face) for i in range(3)]


def test_a_new_part_is_one_registry_line(tmp_path, monkeypatch):
    import sys
    import types

    module = types.ModuleType("pnp.layout.stickers")
    module.items = _stickers
    monkeypatch.setitem(sys.modules, "pnp.layout.stickers", module)
    monkeypatch.setattr(parts, "PARTS", parts.PARTS + (parts.Part("stickers", "tokens", (), "stickers:items"),))
    problems = Problems()
    result = build_game(MINI, tmp_path, BuildOptions(parts=("tokens",)), problems)
    assert result is not None, problems.items
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["counts"]["tokens"]["sticker"] == 3
    ids = {p["id"] for page in manifest["parts"]["tokens"]["pages"] for p in page["items"]}
    assert {"sticker-0", "sticker-1", "sticker-2"} <= ids


def test_print_options_are_declared_once():
    assert set(PAPERS) == set(marks.PAPERS)
    assert {f.field for f in OPTIONS} == set(PrintOptions.__dataclass_fields__)
    assert BuildOptions().bleed == DEFAULT.bleed and BuildOptions().margin == DEFAULT.margin

    @click.command()
    @print_options("paper", "bleed", "offset")
    def cmd(**values):
        click.echo(repr(from_cli(values)))

    r = CliRunner().invoke(cmd, ["--paper", "LETTER", "--offset", "0.5,-1"])
    assert r.exit_code == 0, r.output
    got = eval(r.output)  # a dict of plain values, printed by repr
    assert got["paper"] == "letter" and got["offset"] == (0.5, -1.0) and got["bleed"] == DEFAULT.bleed
    for bad in (["--offset", "nan,0"], ["--offset", "1"], ["--bleed", "nan"], ["--bleed", "11"]):
        r = CliRunner().invoke(cmd, bad)
        assert r.exit_code == 2, (bad, r.output)


def test_nan_is_refused_by_every_number_option():
    from pnp.cli import cli

    for args in (["watch", str(MINI), "--interval", "nan"], ["watch", str(MINI), "--dpi", "nan"],
                 ["build", str(MINI), "--margin", "nan"], ["build", str(MINI), "--offset", "inf,0"]):
        r = CliRunner().invoke(cli, args)
        assert r.exit_code == 2, (args, r.output)
