"""pnp preview: pictures at the asked size, contact sheets that show problems.

That a picture is the print's own pixels (PDFium rasterising the build's PDF writer) is
tests/test_session.py's concern.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.rules import validator
from pnp.build import part_items
from pnp.cli import cli
from pnp.content import load_kit
from pnp.layout.common import Ctx
from pnp.preview import PreviewOptions, preview_game
from pnp.session import ERROR_COLOUR
from pnp.problems import Problems

from conftest import MINI, ROOT, edit

ETYMONOPOLY = ROOT / "content" / "etymonopoly"
DPI = 150


def _items(root: Path) -> dict:
    problems = Problems()
    kit = load_kit(root, problems)
    validator.run(kit, problems)
    ctx = Ctx(kit, problems=problems)
    items = {}
    for part in ("cards", "notes", "tokens"):
        for it in part_items(ctx, part):
            items.setdefault(it.id, it)
    return items


@pytest.fixture(scope="module")
def kits() -> dict:
    return {"mini": _items(MINI), "etymonopoly": _items(ETYMONOPOLY)}


# ------------------------------------------------------------------------------ the command
def _size_at(w_mm: float, h_mm: float, dpi: float) -> tuple[int, int]:
    return round(w_mm * dpi / 25.4), round(h_mm * dpi / 25.4)


def test_preview_sizes_are_the_item_at_the_asked_dpi(tmp_path, kits):
    for dpi, bleed in ((100, False), (150, True)):
        out = tmp_path / f"p{dpi}"
        result = preview_game(MINI, out, PreviewOptions(dpi=dpi, parts=("cards", "notes", "tokens"), bleed=bleed),
                              Problems())
        pad = 6.0 if bleed else 0.0
        for item_id in ("title-red-1", "luck-go", "ref-turn", "note-1-1", "house-1", "token-cat"):
            it = kits["mini"][item_id]
            with Image.open(out / f"{item_id}-front.png") as im:
                want = _size_at(it.width + pad, it.height + pad, dpi)
                assert abs(im.size[0] - want[0]) <= 1 and abs(im.size[1] - want[1]) <= 1, (item_id, im.size, want)
                assert round(im.info["dpi"][0]) == dpi  # a viewer that honours it shows the real size
        assert result.images > 0


def test_contact_sheets_one_cell_per_item(tmp_path, kits):
    result = preview_game(MINI, tmp_path, PreviewOptions(dpi=60), Problems())
    items = kits["mini"]
    fronts = {name: cells for name, cells in result.sheets.items() if not name.endswith("-backs.png")}
    assert set(fronts) == {"contact-titles.png", "contact-luck.png", "contact-reference.png", "contact-notes.png",
                           "contact-tokens.png", "contact-board.png"}
    labels = [c.label for name, cells in fronts.items() if name != "contact-board.png" for c in cells]
    assert sorted(labels) == sorted(items)  # every item once
    assert [c.label for c in result.sheets["contact-luck.png"]] == ["luck-go", "luck-free", "luck-fine"]
    assert [c.label for c in result.sheets["contact-luck-backs.png"]] == ["back of all 3"]
    for name in result.sheets:
        with Image.open(tmp_path / name) as im:
            assert im.size[0] > 100 and im.size[1] > 100
    assert (tmp_path / "board-front.png").is_file() and (tmp_path / "luck-go-back.png").is_file()
    assert not result.flagged


def _red_around(sheet: Path, box) -> bool:
    x, y, w, h = box
    with Image.open(sheet) as im:
        im = im.convert("RGB")
        red = tuple(int(ERROR_COLOUR[i:i + 2], 16) for i in (1, 3, 5))
        edges = [(x - 3, y + h // 2), (x + w + 2, y + h // 2), (x + w // 2, y - 3), (x + w // 2, y + h + 2)]
        return all(im.getpixel(p) == red for p in edges)


def test_an_overflowing_card_is_outlined_red(mini, tmp_path):
    edit(mini / "decks" / "luck.yaml", 'text: "Pay {{ 5 | money }}."',
         'text: "' + "Pay a very long fine because this text goes on and on. " * 40 + '"')
    problems = Problems()
    result = preview_game(mini, tmp_path, PreviewOptions(dpi=60, parts=("cards",)), problems)
    assert [p.code for p in problems.errors] == ["E-text-overflow"]
    assert result.flagged == {"luck-fine": ["E-text-overflow"]}
    cells = {c.label: c for c in result.sheets["contact-luck.png"]}
    assert [p.code for p in cells["luck-fine"].problems] == ["E-text-overflow"]
    assert _red_around(tmp_path / "contact-luck.png", cells["luck-fine"].box)
    assert not _red_around(tmp_path / "contact-luck.png", cells["luck-go"].box)
    assert (tmp_path / "luck-fine-front.png").is_file()  # the error is drawn, to be seen


def test_a_validator_problem_marks_the_card_it_points_into(mini, tmp_path):
    edit(mini / "decks" / "luck.yaml", 'text: "Get out of jail free."', 'text: "Get out of jail free 漢."')
    problems = Problems()
    result = preview_game(mini, tmp_path, PreviewOptions(dpi=60, parts=("cards",)), problems)
    assert result.flagged == {"luck-free": ["E-glyph-missing"]}


def test_cli_preview(tmp_path):
    r = CliRunner().invoke(cli, ["preview", str(MINI), "--dpi", "60", "--only", "cards", "--out", str(tmp_path / "a")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "a" / "contact-luck.png").is_file() and (tmp_path / "a" / "luck-go-front.png").is_file()
    assert not (tmp_path / "a" / "note-1-1-front.png").exists()

    r = CliRunner().invoke(cli, ["preview", str(MINI), "--dpi", "60", "--item", "luck-go",
                                 "--out", str(tmp_path / "b")])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["luck-go-back.png", "luck-go-front.png"]


def test_cli_preview_usage_and_content_errors(mini, tmp_path):
    r = CliRunner().invoke(cli, ["preview", str(MINI), "--item", "luck-gp", "--out", str(tmp_path / "a")])
    assert r.exit_code == 2 and "no item 'luck-gp'" in r.output and "luck-go" in r.output
    r = CliRunner().invoke(cli, ["preview", str(MINI), "--only", "dice", "--out", str(tmp_path / "a")])
    assert r.exit_code == 2
    assert not (tmp_path / "a").exists()

    edit(mini / "board.yaml", "price: 60}", "price: -60}")  # a schema error: the kit cannot be loaded
    r = CliRunner().invoke(cli, ["preview", str(mini), "--out", str(tmp_path / "c")])
    assert r.exit_code == 1 and "E-schema-amount" in r.output and "nothing was written" in r.output
    assert not (tmp_path / "c").exists()


def test_the_board_owns_the_problems_in_its_file(tmp_path):
    """board36 has spaces without title cards: the board picture is outlined (it is drawn from board.yaml)."""
    problems = Problems()
    result = preview_game(ROOT / "tests" / "fixtures" / "board36", tmp_path, PreviewOptions(dpi=30, parts=("board",)),
                          problems)
    assert result.flagged == {"board": ["E-title-missing"]}
    (cell,) = result.sheets["contact-board.png"]
    assert _red_around(tmp_path / "contact-board.png", cell.box)
    with Image.open(tmp_path / "board-front.png") as im:
        assert im.size == _size_at(400, 400, 30)
