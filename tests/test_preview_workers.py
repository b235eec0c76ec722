"""The fast paths of pnp preview draw what the plain ones draw, byte for byte: a full preview in forked
workers (-j 2) and in one process (-j 1); --item with its kit checked in a forked child and all in one
process; contact sheets put together as PNG scanlines, band by band (raster.Pixels, raster.Canvas), and in a
Pillow image."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw, ImageFont

from pnp import forked as pnp_forked
from pnp import preview
from pnp.fonts import get_font
from pnp.preview import PreviewOptions, preview_game
from pnp.problems import Problems
from pnp.render import raster

from conftest import edit

DPI = 60


@pytest.fixture
def broken(mini):
    """The mini game with an error the layout finds and one the validator finds, both marked on cards."""
    edit(mini / "decks" / "luck.yaml", 'text: "Pay {{ 5 | money }}."',
         'text: "' + "Pay a very long fine because this text goes on and on. " * 40 + '"')
    edit(mini / "decks" / "luck.yaml", 'text: "Get out of jail free."', 'text: "Get out of jail free 漢."')
    return mini


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _run(root, out, **options):
    problems = Problems()
    result = preview_game(root, out, PreviewOptions(dpi=DPI, **options), problems)
    return result, [str(p) for p in problems.sorted()]


def test_workers_write_what_one_process_writes(broken, tmp_path, monkeypatch):
    forked = []
    real = pnp_forked.each

    def spy(*args):
        forked.append(True)
        yield from real(*args)

    monkeypatch.setattr(pnp_forked, "each", spy)
    one, said_one = _run(broken, tmp_path / "one", jobs=1)
    assert not forked
    two, said_two = _run(broken, tmp_path / "two", jobs=2)
    assert forked  # the workers drew it
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    assert said_one == said_two and len(said_one) == 2
    assert one.flagged == two.flagged == {"luck-free": ["E-glyph-missing"], "luck-fine": ["E-text-overflow"]}
    assert one.images == two.images and sorted(one.files) == sorted(p.parent.parent / "one" / p.name for p in two.files)
    boxes = {name: [(c.label, c.box) for c in cells] for name, cells in one.sheets.items()}
    assert boxes == {name: [(c.label, c.box) for c in cells] for name, cells in two.sheets.items()}
    assert all(box is not None for cells in boxes.values() for _, box in cells)


@pytest.mark.parametrize("item", ["luck-fine", "luck-go", "board", "token-cat"])
def test_an_item_checked_in_a_child_is_the_item_drawn_in_one_process(broken, tmp_path, monkeypatch, item):
    took = []
    real = preview._preview_item
    monkeypatch.setattr(preview, "_preview_item", lambda *args: took.append(True) or real(*args))
    forked, said_forked = _run(broken, tmp_path / "forked", item=item)
    assert took and forked is not preview._AGAIN
    monkeypatch.setattr(preview, "can_fork", lambda: False)
    plain, said_plain = _run(broken, tmp_path / "plain", item=item)
    assert len(took) == 1  # the second run made the whole session in this process
    assert _files(tmp_path / "forked") == _files(tmp_path / "plain")
    assert said_forked == said_plain and len(said_forked) == 2
    assert (forked.images, forked.flagged, forked.skipped) == (plain.images, plain.flagged, plain.skipped)


def test_an_unknown_item_and_a_kit_that_cannot_be_loaded(broken, tmp_path):
    with pytest.raises(preview.UsageError, match="no item 'luck-gp'.*luck-go"):
        _run(broken, tmp_path / "a", item="luck-gp")
    edit(broken / "board.yaml", "price: 60}", "price: -60}")  # a schema error
    result, said = _run(broken, tmp_path / "b", item="luck-go")
    assert result is None and any("E-schema-amount" in line for line in said)
    assert not (tmp_path / "b").exists()


def test_pixels_and_canvas_compose_as_pillow_draws():
    colour, ink = (230, 230, 227), (215, 25, 28)
    rng = Image.effect_noise((23, 17), 60).convert("RGB")
    png = Image.open(io.BytesIO(raster.png_bytes(rng))).convert("RGB")
    assert png.tobytes() == rng.tobytes()  # png_bytes: lossless, rows as Pillow packs them
    font = ImageFont.truetype(str(get_font("DejaVuSans").path), 13, layout_engine=ImageFont.Layout.BASIC)

    theirs = Image.new("RGB", (90, 60), colour)
    draw = ImageDraw.Draw(theirs)
    draw.rectangle((5, 4, 39, 29), fill=ink)
    draw.rectangle((60, 0, 62, 59), fill=ink)
    theirs.paste(rng, (80, 50))
    theirs.paste(rng, (10, 8))
    draw.text((45.5, 38), "Épée ·", font=font, fill="#222222", anchor="mt")

    def text(d, x0, y0):  # drawn on a crop whose top left corner is (x0, y0)
        d.text((45.5 - x0, 38 - y0), "Épée ·", font=font, fill="#222222", anchor="mt")

    mine = raster.Pixels.blank((90, 60), colour)
    mine.fill((5, 4, 40, 30), ink)  # a band (wider than tall)
    mine.fill((60, -3, 63, 70), ink)  # a tall strip, clipped
    mine.paste(raster.Pixels.of(rng), 80, 50)  # clipped at the right and the bottom
    mine.paste(raster.Pixels.of(rng), 10, 8)
    mine.draw((0, 30, 90, 60), text)
    assert mine.image().tobytes() == theirs.tobytes()
    assert mine.png(72.0) == raster.png_bytes(theirs, 72.0)

    for rows in (1, 7, 60):  # a canvas made band by band: steps cut at any row draw the same pixels
        canvas = raster.Canvas((90, 60), colour)
        canvas.BAND = rows * (3 * 90 + 1)
        canvas.fill((5, 4, 40, 30), ink)
        canvas.fill((60, -3, 63, 70), ink)
        canvas.paste(raster.Pixels.of(rng), 80, 50)
        canvas.paste(raster.Pixels.of(rng), 10, 8)
        canvas.draw((0, 30, 90, 60), text)
        assert canvas.png(72.0) == raster.png_bytes(theirs, 72.0), rows


def test_a_child_that_fails_leaves_the_item_to_this_process(broken, tmp_path, monkeypatch):
    def fails(*args):
        raise RuntimeError("a child that fails")

    monkeypatch.setattr(preview, "_item_facts", fails)
    result, said = _run(broken, tmp_path / "out", item="luck-fine")
    assert result.flagged == {"luck-fine": ["E-text-overflow"]} and len(said) == 2
    assert sorted(_files(tmp_path / "out")) == ["luck-fine-back.png", "luck-fine-front.png"]
