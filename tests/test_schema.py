"""The JSON Schemas: generated from the model, committed, and true to the shipped kits."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from pnp.schemas import FILES, kind_of, render_all

from conftest import MINI, ROOT

SCHEMA_DIR = ROOT / "content" / "schema"
KITS = [d for d in sorted((ROOT / "content").iterdir()) if (d / "game.yaml").is_file()]
GAMES = KITS + [ROOT / "pnp" / "starter", MINI]


def validator(kind):
    schema = json.loads((SCHEMA_DIR / FILES[kind][1]).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def test_committed_schemas_match_the_model():
    for name, data in render_all().items():
        assert (SCHEMA_DIR / name).read_bytes() == data, f"{name} is stale: run `pnp schema`"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_shipped_content_file_passes_its_schema(game):
    for path in sorted(game.rglob("*.yaml")):
        rel = path.relative_to(game).as_posix()
        errors = list(validator(kind_of(rel)).iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, f"{rel}: {errors[0].message}"


def test_kits_name_their_schema_for_editors():
    for game in KITS:
        for path in game.rglob("*.yaml"):
            first = path.read_text(encoding="utf-8").splitlines()[0]
            rel = path.relative_to(game).as_posix()
            target = (path.parent / first.split("$schema=")[1]).resolve()
            assert first.startswith("# yaml-language-server: $schema=") and target.is_file(), rel
            assert target.name == FILES[kind_of(rel)][1]


def test_schema_rejects_an_unknown_key():
    data = yaml.safe_load((MINI / "board.yaml").read_text(encoding="utf-8"))
    check = validator("board")
    assert not list(check.iter_errors(data))
    data["spaces"][1]["prize"] = 60
    errors = list(check.iter_errors(data))
    # the one error is at the space holding the key (where it is, not how jsonschema words it)
    assert [list(e.absolute_path) for e in errors] == [["spaces", 1]]
