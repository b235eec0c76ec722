"""pnp preview: the Pillow backend draws what the PDF shows, at the asked size; contact sheets show problems.

The PDF side is rendered by pdfium (pypdfium2), the renderer of a real PDF viewer, from a page made
by ``PdfWriter`` with the item alone on it.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageFilter

from pnp import rules, scene
from pnp.build import part_items
from pnp.cli import cli
from pnp.content import load_kit
from pnp.layout.common import Ctx
from pnp.preview import ERROR_COLOUR, PreviewOptions, preview_game
from pnp.problems import Problems
from pnp.render import png
from pnp.render.pdf import PdfWriter
from pnp.scene import Page

from conftest import MINI, ROOT, edit

ETYMONOPOLY = ROOT / "content" / "etymonopoly"
DPI = 150


def _items(root: Path) -> dict:
    problems = Problems()
    kit = load_kit(root, problems)
    rules.run(kit, problems)
    ctx = Ctx(kit, problems=problems)
    items = {}
    for part in ("cards", "notes", "tokens"):
        for it in part_items(ctx, part):
            items.setdefault(it.id, it)
    return items


@pytest.fixture(scope="module")
def kits() -> dict:
    return {"mini": _items(MINI), "etymonopoly": _items(ETYMONOPOLY)}


def pdf_image(group: scene.Group, w: float, h: float, dpi: float) -> Image.Image:
    """The drawing alone on a PDF page, rendered by pdfium.

    pdfium maps a page onto ceil(size) pixels, stretching it by up to a pixel; so the page is made a
    whole number of pixels (a hair under, so ceil does not add one), the item at its top left."""
    W, H = png.size_px(w, h, dpi)
    pw, ph = (W - 0.01) * 25.4 / dpi, (H - 0.01) * 25.4 / dpi
    writer = PdfWriter("preview test")
    writer.add(Page(pw, ph, scene.Group([group], transform=scene.translate(0, ph - h))))
    page = pdfium.PdfDocument(writer.finish())[0]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def compare(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference over all channels, share of pixels within 40 after a 1 px blur).

    Renderers place glyphs and shade their edges each their own way (pdfium snaps glyph origins);
    the blur lets those sub-pixel differences pass while a shape in the wrong place still counts."""
    assert abs(a.size[0] - b.size[0]) <= 1 and abs(a.size[1] - b.size[1]) <= 1, (a.size, b.size)
    w, h = min(a.size[0], b.size[0]), min(a.size[1], b.size[1])
    a, b = a.crop((0, 0, w, h)), b.crop((0, 0, w, h))
    mean = float(np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)).mean())
    ba = np.asarray(a.filter(ImageFilter.GaussianBlur(1)), np.int16)
    bb = np.asarray(b.filter(ImageFilter.GaussianBlur(1)), np.int16)
    within = float((np.abs(ba - bb).max(axis=2) <= 40).mean())
    return mean, within


KINDS = [  # (kit, item id, side): one item of each kind
    ("etymonopoly", "title-latvian", "front"),  # property title card
    ("mini", "title-line", "front"),  # station
    ("mini", "title-power", "front"),  # utility
    ("etymonopoly", "title-hittite", "front"),  # a branch (station) with an icon on a disc
    ("mini", "luck-free", "front"),  # deck card with its keep label
    ("etymonopoly", "change-sound-change", "front"),  # deck card
    ("mini", "luck-go", "back"),  # deck back
    ("etymonopoly", "ref-turn-sequence-1", "front"),  # reference card, a page of text
    ("etymonopoly", "note-500-1", "front"),  # note
    ("mini", "note-1-1", "back"),  # note back
    ("mini", "hotel-1", "front"),  # counter
    ("etymonopoly", "proto-language-1", "front"),  # counter with a label
    ("mini", "token-cat", "front"),  # token standee: half of it upside down
]


@pytest.mark.parametrize("kit,item_id,side", KINDS)
def test_preview_matches_the_pdf(kits, kit, item_id, side):
    it = kits[kit][item_id]
    group = it.front if side == "front" else it.back
    mine = png.render(group, it.width, it.height, DPI)
    assert mine.size == png.size_px(it.width, it.height, DPI)
    mean, within = compare(mine, pdf_image(group, it.width, it.height, DPI))
    assert mean < 6, f"{item_id} {side}: mean difference {mean:.2f}"
    assert within >= 0.99, f"{item_id} {side}: only {within:.2%} of pixels within 40"


def test_the_comparison_sees_a_wrong_drawing(kits):
    """The tolerance is not so loose that another card passes for this one."""
    a, b = kits["mini"]["luck-go"], kits["mini"]["luck-free"]
    mean, within = compare(png.render(a.front, a.width, a.height, DPI), pdf_image(b.front, b.width, b.height, DPI))
    assert mean >= 6 or within < 0.99


def test_clipped_rotated_board_tile_matches_the_pdf():
    """A board tile: the keyed board drawing seen through a clip, spaces turned by right angles, corners by 45°."""
    from pnp import tiling
    from pnp.layout import board

    problems = Problems()
    kit = load_kit(MINI, problems)
    ctx = Ctx(kit, problems=problems)
    drawing = board.draw_board(ctx)
    pages, _ = tiling.board_tiles(drawing, float(kit.board.size), 3.0, "a4", 6.0, 10.0, "mini")
    page = pages[0]
    dpi = 60
    mine = png.render(page.content, page.width, page.height, dpi)
    mean, within = compare(mine, pdf_image(page.content, page.width, page.height, dpi))
    assert mean < 6 and within >= 0.99, (mean, within)


def test_primitives_land_where_the_pdf_puts_them(tmp_path):
    """Each primitive alone, at fractional positions: dashes, round corners, Béziers, clips, rotation, images."""
    picture = Image.new("RGBA", (40, 30), (40, 160, 200, 255))
    picture.paste((250, 240, 20, 255), (10, 5, 30, 25))
    picture.paste((0, 0, 0, 0), (0, 0, 8, 8))  # a transparent corner
    picture.save(tmp_path / "picture.png")
    shapes = [
        scene.Image(str(tmp_path / "picture.png"), 3.3, 46.2, 16.0, 12.0),
        scene.Group([scene.Rect(-10, -10, 30, 30, fill="#208040")],
                    transform=scene.compose(scene.translate(36, 52), scene.rotate(30)), clip=(0, 0, 8, 5)),
        scene.Rect(2.3, 3.1, 20.2, 12.6, fill="#c03030"),
        scene.Rect(26.1, 3.4, 18.0, 12.0, stroke="#1050a0", width=0.8, radius=3.0),
        scene.Line(2.0, 19.3, 44.0, 21.7, "#000000", 0.4, dash=(2.0, 1.0)),
        scene.Circle(10.0, 30.0, 6.2, fill="#f0c040", stroke="#202020", width=0.5),
        scene.Path((("M", 20, 24), ("C", 25, 36, 35, 20, 44, 34), ("L", 44, 24), ("Z",)), fill="#30a060",
                   stroke="#000000", width=0.3),
        scene.Group([scene.Rect(0, 0, 20, 20, fill="#6040a0")], transform=scene.translate(30, 38),
                    clip=(2.5, 2.5, 9, 9)),
        scene.Group([scene.Text(0, 0, "Rotated 90", "NotoSans-Bold", 9, "#000000", width=13.0)],
                    transform=scene.compose(scene.translate(6, 40), scene.rotate(90))),
    ]
    group = scene.Group(shapes)
    mine = png.render(group, 50, 60, 200)
    mean, within = compare(mine, pdf_image(group, 50, 60, 200))
    assert mean < 4 and within >= 0.995, (mean, within)


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
