"""pnp export tts / shop: every bundled kit exports; the files say what the kit holds.

Tabletop Simulator's saved object is checked by its invariants (every deck's cards, keys, grids
against its images' sizes, counts against the layout's items and a build's manifest), and card N
of a sheet is compared, pixel by pixel, with the item the export's manifest says sits there. The
print-shop zip is checked file by file against its CSV (sizes in mm and pixels, counts, sides).
Most runs use a low resolution; one of each runs at the default size.
"""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.build import load_valid, part_items
from pnp.cli import cli
from pnp.export.shop import ShopOptions, export_shop
from pnp.export.tts import MAX_COLS, MAX_ROWS, MAX_SIDE, TtsOptions, export_tts, figure_region
from pnp.layout.common import Ctx
from pnp.parts import OUTPUT_NAMES
from pnp.problems import Problems
from pnp.render import raster

from conftest import MINI, REFERENCE_KITS, ROOT, edit, loaded

LOW_TTS_DPI = 50
LOW_SHOP_DPI = 72
MM_PT = 72 / 25.4


def _items(root: Path) -> dict[str, list]:
    kit, problems = loaded(root, checked=True)
    ctx = Ctx(kit, bleed=3.0, problems=problems)
    return {out: part_items(ctx, out) for out in OUTPUT_NAMES}


def _kinds(items: dict[str, list], outputs=("cards", "notes", "tokens")) -> Counter:
    return Counter(it.kind for out in outputs for it in items[out])


def _close(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two images of one size (0: identical)."""
    assert a.size == b.size, (a.size, b.size)
    return float(np.abs(np.asarray(a.convert("RGB"), dtype=np.int16) - np.asarray(b.convert("RGB"), dtype=np.int16)).mean())


# ------------------------------------------------------------------------------ Tabletop Simulator
@pytest.fixture(scope="module")
def tts_exports(tmp_path_factory) -> dict[str, Path]:
    out = {}
    for kit in REFERENCE_KITS:
        folder = tmp_path_factory.mktemp("tts") / kit
        problems = Problems()
        result = export_tts(ROOT / "content" / kit, folder, TtsOptions(dpi=LOW_TTS_DPI), problems)
        assert result is not None, [str(p) for p in problems.sorted()]
        out[kit] = folder
    return out


def _walk(objects):
    for o in objects:
        yield o
        yield from _walk(o.get("ContainedObjects", []))


def _check_save(folder: Path, kit: str) -> tuple[dict, dict]:
    """The saved object's invariants; returns (save, manifest)."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    save = json.loads((folder / manifest["save"]).read_text(encoding="utf-8"))
    assert manifest["export"] == "tts" and manifest["game"] == kit
    objects = save["ObjectStates"]
    guids = [o["GUID"] for o in _walk(objects)]
    assert len(guids) == len(set(guids)) and all(len(g) == 6 and int(g, 16) >= 0 for g in guids)
    keys_seen: set[str] = set()
    for o in objects:
        assert o["Name"] in {"Custom_Board", "Deck", "Card", "Bag", "Figurine_Custom", "Custom_PDF"}, o["Name"]
        decks = o["CustomDeck"] if o["Name"] in ("Deck", "Card") else {}
        assert not (keys_seen & set(decks)), "a CustomDeck key used by two decks"
        keys_seen |= set(decks)
        for key, d in decks.items():
            assert 1 <= d["NumWidth"] <= MAX_COLS and 1 <= d["NumHeight"] <= MAX_ROWS
            assert d["BackIsHidden"] is True
            face = Image.open(folder / d["FaceURL"])
            W, H = face.size
            assert W <= MAX_SIDE and H <= MAX_SIDE
            assert W % d["NumWidth"] == 0 and H % d["NumHeight"] == 0, "slots are whole pixels"
            cell = (W // d["NumWidth"], H // d["NumHeight"])
            back = Image.open(folder / d["BackURL"])
            assert back.size == ((W, H) if d["UniqueBack"] else cell)
        if o["Name"] == "Deck":
            cards = o["ContainedObjects"]
            assert len(o["DeckIDs"]) == len(cards) >= 2
            assert [c["CardID"] for c in cards] == o["DeckIDs"]
        elif o["Name"] == "Card":
            cards = [o]
        else:
            cards = []
        for c in cards:
            assert c["Name"] == "Card"
            key, index = divmod(c["CardID"], 100)
            d = decks[str(key)]
            assert c["CustomDeck"] == {str(key): d}
            assert index < d["NumWidth"] * d["NumHeight"] - 1, "a card in the hidden card's slot"
        for obj in _walk([o]):
            for k in ("ImageURL", "ImageSecondaryURL"):
                url = obj.get("CustomImage", {}).get(k)
                if url:
                    assert (folder / url).is_file(), url
            if "CustomPDF" in obj:
                assert (folder / obj["CustomPDF"]["PDFUrl"]).is_file()
    for f in manifest["files"]:
        assert (folder / f["name"]).is_file(), f["name"]
    return save, manifest


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_tts_save_holds_every_item_in_its_slot(tts_exports, kit):
    folder = tts_exports[kit]
    save, manifest = _check_save(folder, kit)
    items = _items(ROOT / "content" / kit)
    by_id = {it.id: it for out in items.values() for it in out}
    # the counts: every card, tile and figure on the table is one item of the layout, each once
    on_table = Counter()
    slot_item = {}
    for rec in manifest["objects"]:
        for sheet in rec.get("sheets", []):
            for s in sheet["slots"]:
                slot_item[s["card_id"]] = s
    for o in save["ObjectStates"]:
        if o["Name"] == "Deck":
            on_table.update(by_id[slot_item[cid]["item"]].kind for cid in o["DeckIDs"])
            assert sorted(c["Nickname"] for c in o["ContainedObjects"]) == sorted(
                i for cid in set(o["DeckIDs"]) for i in slot_item[cid]["ids"])
        elif o["Name"] == "Card":
            on_table[by_id[slot_item[o["CardID"]]["item"]].kind] += 1
        elif o["Name"] == "Bag":
            on_table.update(c["Description"] for c in o["ContainedObjects"])
        elif o["Name"] == "Figurine_Custom":
            on_table[o["Description"]] += 1
        elif o["Name"] == "Custom_PDF":  # the rules booklet: its pages, in reading order, in one PDF
            rec = next(r for r in manifest["objects"] if r["guid"] == o["GUID"])
            assert o["CustomPDF"]["PDFUrl"] == rec["file"]
            assert len(PdfReader(str(folder / rec["file"])).pages) == len(rec["items"])
            on_table.update(by_id[i].kind for i in rec["items"])
    assert on_table == _kinds(items, ("cards", "notes", "tokens", "rules"))
    assert manifest["counts"] == {out: ({"spaces": len(_board_spaces(kit))} if out == "board" else dict(_kinds(items, (out,))))
                                  for out in OUTPUT_NAMES if out == "board" or items[out]}
    # card N of each sheet is the item the manifest names; the hidden slot shows the back
    for rec in manifest["objects"]:
        for sheet in rec.get("sheets", []):
            faces = Image.open(folder / sheet["faces"]).convert("RGB")
            cols, rows = sheet["grid"]
            cw, ch = sheet["cell_px"]
            assert faces.size == (cols * cw, rows * ch)
            w, h = rec["trim_mm"]
            backs = Image.open(folder / sheet["backs"]).convert("RGB")

            def cell(img, n):
                return img.crop(((n % cols) * cw, (n // cols) * ch, (n % cols + 1) * cw, (n // cols + 1) * ch))

            slots = sheet["slots"]
            for s in slots[::4] + slots[-1:]:  # a sample: enough to see a shifted or reordered sheet
                it = by_id[s["item"]]
                assert (it.width, it.height) == (w, h)
                want = raster.render(it.front, w, h, sheet["dpi"])
                assert want.size == (cw, ch)
                assert _close(cell(faces, s["slot"]), want) < 0.5, (kit, sheet["faces"], s["slot"], s["item"])
                if sheet["unique_back"]:
                    assert _close(cell(backs, s["slot"]), raster.render(it.back, w, h, sheet["dpi"])) < 0.5
                else:
                    assert _close(backs, raster.render(it.back, w, h, sheet["dpi"])) < 0.5
            if not sheet["unique_back"]:
                assert _close(cell(faces, cols * rows - 1), backs) < 0.5, "the hidden slot shows the back"
            # the comparison tells cards apart: a neighbour's picture is not card 0's
            # (two cards of one deck may differ by a few words only: a title deed's neighbour in its colour group
            # sets its name on the same line; it is still several times farther than card 0's own picture)
            distinct = [s for s in slots if by_id[s["item"]].front is not by_id[slots[0]["item"]].front]
            if distinct:
                own = raster.render(by_id[slots[0]["item"]].front, w, h, sheet["dpi"])
                other = raster.render(by_id[distinct[0]["item"]].front, w, h, sheet["dpi"])
                apart = _close(cell(faces, 0), other)
                assert apart > 0.3 and apart > 4 * _close(cell(faces, 0), own), (kit, sheet["faces"], apart)


def _board_spaces(kit: str):
    problems = Problems()
    return load_valid(ROOT / "content" / kit, problems).board.spaces


def test_tts_figures_show_the_standee_and_tiles_both_faces(tts_exports):
    """A player token stands as its figure (not the whole fold-over strip); a counter's tile shows both faces."""
    folder = tts_exports["euronopoly"]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    items = {it.id: it for out in _items(ROOT / "content" / "euronopoly").values() for it in out}
    figures = [r for r in manifest["objects"] if r["type"] == "figure"]
    assert figures
    for rec in figures:
        it = items[rec["items"][0]]
        x0, y0, w, h = figure_region(it)
        assert h < it.height / 2, "the figure, not the whole fold-over strip"
        img = Image.open(folder / rec["image"])
        assert rec["dpi"] == 2 * LOW_TTS_DPI
        assert _close(img, raster.render(it.front, w, h, rec["dpi"], origin=(x0, y0))) < 0.5
    bags = [r for r in manifest["objects"] if r["type"] == "bag"]
    assert bags
    for rec in bags:
        for piece in rec["pieces"]:
            it = items[piece["item"]]
            for side, drawing in (("front", it.front), ("back", it.back)):
                img = Image.open(folder / piece[side])
                assert _close(img, raster.render(drawing, it.width, it.height, piece["dpi"])) < 0.5


def test_tts_counts_match_a_builds_manifest(tts_exports, reference_builds):
    """The table holds what `pnp build` says it prints (its manifest's counts)."""
    for kit in ("tahiti", "euronopoly"):
        built = json.loads((reference_builds / kit / "manifest.json").read_text(encoding="utf-8"))
        exported = json.loads((tts_exports[kit] / "manifest.json").read_text(encoding="utf-8"))
        assert exported["counts"] == built["counts"]
        save = json.loads((tts_exports[kit] / exported["save"]).read_text(encoding="utf-8"))
        cards = sum(len(o["DeckIDs"]) if o["Name"] == "Deck" else o["Name"] == "Card" for o in save["ObjectStates"])
        printed = sum(n for out in ("cards", "notes") for n in built["counts"].get(out, {}).values())
        assert cards == printed


def test_tts_full_size_sheets_fit_4096_and_the_board_is_sharp(mini, tmp_path):
    """The default resolution: a deck of more than 69 different cards spreads over sheets of at most 10 x 7
    and 4096 px; the board is drawn finer than the cards."""
    game = mini
    extra = "".join(f"  - {{id: extra-{n}, text: \"Pay {{{{ {n + 1} | money }}}}.\", effect: {{action: pay, amount: {n + 1}}}}}\n"
                    for n in range(76))
    with open(game / "decks" / "luck.yaml", "a", encoding="utf-8") as fh:
        fh.write(extra)
    edit(game / "game.yaml", "deck_sizes: {luck: 3}", "deck_sizes: {luck: 79}")
    problems = Problems()
    result = export_tts(game, tmp_path / "out", TtsOptions(), problems)
    if result is None:  # the kit's rules may refuse a longer deck: then say why instead of passing silently
        pytest.fail("; ".join(str(p) for p in problems.sorted()))
    save, manifest = _check_save(tmp_path / "out", "mini")
    luck = next(r for r in manifest["objects"] if r["name"] == "luck")
    assert len(luck["sheets"]) == 2 and luck["cards"] == 79
    assert [s["grid"] for s in luck["sheets"]][0] == [10, 7]
    assert all(s["dpi"] <= 150 for s in luck["sheets"])
    big = Image.open(tmp_path / "out" / luck["sheets"][0]["faces"]).size
    assert max(big) <= 4096 and max(big) > 3500
    titles = next(r for r in manifest["objects"] if r["name"] == "titles")
    assert titles["sheets"][0]["dpi"] == 150 and titles["sheets"][0]["cell_px"] == list(raster.size_px(57, 89, 150))
    # the board at 1.5 x the cards' resolution (a 480 mm board: capped at 4096 px)
    assert Image.open(tmp_path / "out" / "board.png").size == raster.size_px(240, 240, 225)
    deck_obj = next(o for o in save["ObjectStates"] if o["GUID"] == luck["guid"])
    assert sorted(deck_obj["CustomDeck"]) == sorted(str(s["key"]) for s in luck["sheets"])


def test_tts_export_is_deterministic_and_replaces_its_own_files(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for folder in (a, b):
        assert export_tts(MINI, folder, TtsOptions(dpi=LOW_TTS_DPI), Problems()) is not None
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    # a file the previous export wrote and this one does not is gone; a user's own file stays
    manifest = json.loads((a / "manifest.json").read_text(encoding="utf-8"))
    (a / "old-sheet.png").write_bytes(b"old")
    manifest["files"].append({"name": "old-sheet.png"})
    (a / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (a / "my-notes.txt").write_text("mine", encoding="utf-8")
    assert export_tts(MINI, a, TtsOptions(dpi=LOW_TTS_DPI), Problems()) is not None
    assert not (a / "old-sheet.png").exists() and (a / "my-notes.txt").read_text(encoding="utf-8") == "mine"
    assert (a / "manifest.json").read_bytes() == (b / "manifest.json").read_bytes()


def test_tts_base_url_prefixes_every_image(tmp_path):
    r = CliRunner().invoke(cli, ["export", "tts", str(MINI), "--dpi", "50", "--out", str(tmp_path / "t"),
                                 "--base-url", "https://example.org/kit/"])
    assert r.exit_code == 0, r.output
    save = json.loads((tmp_path / "t" / "mini.json").read_text(encoding="utf-8"))
    urls = [v for o in _walk(save["ObjectStates"]) for d in o.get("CustomDeck", {}).values()
            for v in (d["FaceURL"], d["BackURL"])]
    urls += [o["CustomImage"]["ImageURL"] for o in _walk(save["ObjectStates"]) if "CustomImage" in o]
    assert urls and all(u.startswith("https://example.org/kit/") for u in urls)


# ------------------------------------------------------------------------------ print shop
def _read_zip(path: Path) -> tuple[zipfile.ZipFile, list[dict], str]:
    zf = zipfile.ZipFile(path)
    top = zf.namelist()[0].split("/")[0]
    rows = list(csv.DictReader(io.StringIO(zf.read(f"{top}/files.csv").decode("utf-8"))))
    return zf, rows, top


def _check_shop(path: Path, root: Path, dpi: int, bleed: float = 3.0, outputs=OUTPUT_NAMES, compare: int = 3) -> list[dict]:
    zf, rows, top = _read_zip(path)
    items = _items(root)
    by_id = {it.id: it for out in items.values() for it in out}
    names = set(zf.namelist())
    assert {f"{top}/README.txt", f"{top}/files.csv"} <= names
    assert names == {f"{top}/{r['file']}" for r in rows} | {f"{top}/README.txt", f"{top}/files.csv"}
    fronts = Counter()
    compared = Counter()
    booklets = [r for r in rows if r["kind"] == "booklet"]
    if "rules" in outputs and items["rules"]:  # the rules: one PDF of the booklet's pages in reading order
        (r,) = booklets
        pages = PdfReader(io.BytesIO(zf.read(f"{top}/{r['file']}"))).pages
        assert r["count"] == "1" and r["format"] == "pdf" and len(pages) == len(items["rules"])
        first = items["rules"][0]
        for page in (pages[0], pages[-1]):
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [bleed * MM_PT, bleed * MM_PT, (bleed + first.width) * MM_PT, (bleed + first.height) * MM_PT], abs=0.01)
        assert "Rules" in pages[1].extract_text() or "gle du jeu" in pages[1].extract_text()  # the running head
    else:
        assert not booklets
    for r in rows:
        if r["kind"] == "booklet":
            continue
        it = by_id[r["item"]]
        data = zf.read(f"{top}/{r['file']}")
        w, h = it.width + 2 * bleed, it.height + 2 * bleed
        assert (float(r["trim_width_mm"]), float(r["trim_height_mm"])) == pytest.approx((it.width, it.height))
        assert (float(r["width_mm"]), float(r["height_mm"])) == pytest.approx((w, h))
        assert int(r["count"]) >= 1 and r["file"].split("/")[-1].split("-x")[-1].startswith(r["count"] + "-")
        assert r["side"] in ("front", "back") and r["file"].endswith(f"-{r['side']}.{r['format']}")
        if r["side"] == "front":
            fronts[it.kind] += int(r["count"])
        else:
            assert it.back is not None
        if r["format"] == "png":
            img = Image.open(io.BytesIO(data))
            assert img.mode == "RGB"
            assert b"\x00\x00\x00\x01sRGB" in data[:data.index(b"IDAT")]  # an sRGB chunk before the pixels
            assert img.size == (int(r["width_px"]), int(r["height_px"])) == raster.size_px(w, h, dpi)
            if compared[r["side"]] < compare:  # the picture is the item's, with its bleed
                compared[r["side"]] += 1
                drawing = it.front if r["side"] == "front" else it.back
                assert _close(img, raster.render(drawing, w, h, dpi, origin=(-bleed, -bleed))) < 0.5, r["file"]
        else:
            page = PdfReader(io.BytesIO(data)).pages[0]
            assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w * MM_PT, h * MM_PT], abs=0.01)
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [bleed * MM_PT, bleed * MM_PT, (bleed + it.width) * MM_PT, (bleed + it.height) * MM_PT], abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w * MM_PT, h * MM_PT], abs=0.01)
    # every item is printed: its kind's count is the layout's, and every item with a back has a back file
    assert fronts == _kinds(items, tuple(o for o in outputs if o != "rules"))
    with_back = {r["file"].rsplit("-", 1)[0] for r in rows if r["side"] == "back"}
    for r in rows:
        if r["side"] == "front" and by_id[r["item"]].back is not None:
            assert r["file"].rsplit("-", 1)[0] in with_back, r["file"]
    return rows


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_shop_package_lists_every_piece_once_with_its_count(kit, tmp_path):
    path = tmp_path / f"{kit}-shop.zip"
    result = export_shop(ROOT / "content" / kit, path, ShopOptions(dpi=LOW_SHOP_DPI), Problems())
    assert result is not None and result.path == path
    rows = _check_shop(path, ROOT / "content" / kit, LOW_SHOP_DPI)
    assert [r["format"] for r in rows if r["item"] == "board"] == ["pdf"], "auto: the board as a vector page"
    notes = [r for r in rows if r["file"].startswith(("notes/",)) and r["side"] == "front"]
    assert notes and all(int(r["count"]) > 1 for r in notes), "identical notes once, with their count"


def test_shop_full_size_png_and_pdf_are_deterministic(tmp_path):
    """300 dpi, the default: a 57 x 89 mm card with 3 mm bleed is 744 x 1122 px; every format gives the same
    bytes on a rebuild (whatever the zip is called)."""
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    for path in (a, b):
        assert export_shop(MINI, path, ShopOptions(format="png", dpi=LOW_SHOP_DPI), Problems()) is not None
    assert a.read_bytes() == b.read_bytes()
    assert export_shop(MINI, a, ShopOptions(format="png"), Problems()) is not None
    rows = _check_shop(a, MINI, 300, compare=2)
    cards = [r for r in rows if r["file"].startswith("cards/")]
    assert cards and all((r["width_px"], r["height_px"]) == ("744", "1122") for r in cards)
    board = next(r for r in rows if r["item"] == "board")
    assert (int(board["width_px"]), int(board["height_px"])) == raster.size_px(246, 246, 300)
    zf, _, _ = _read_zip(a)
    assert all(i.date_time == (1980, 1, 1, 0, 0, 0) for i in zf.infolist())
    c, d = tmp_path / "c.zip", tmp_path / "d.zip"
    for path in (c, d):
        assert export_shop(MINI, path, ShopOptions(format="pdf", bleed=2.0), Problems()) is not None
    assert c.read_bytes() == d.read_bytes()
    _check_shop(c, MINI, 300, bleed=2.0)


def test_shop_batches_give_the_bytes_of_one_face_at_a_time(tmp_path, monkeypatch):
    """The PNG faces are drawn in batches of at most BATCH_BYTES of pixels, each batch one PDF: a budget so small
    that every face is a batch of its own (as when each face was a PDF of its own) gives the same zip, byte for
    byte, as one batch of them all."""
    from pnp.export import shop

    one, each = tmp_path / "one.zip", tmp_path / "each.zip"
    monkeypatch.setattr(shop, "BATCH_BYTES", 10 ** 12)
    assert export_shop(MINI, one, ShopOptions(format="png", dpi=LOW_SHOP_DPI), Problems()) is not None
    batches = []
    drawn = raster.render_many
    monkeypatch.setattr(shop, "BATCH_BYTES", 1)
    monkeypatch.setattr(raster, "render_many", lambda regions, dpi: batches.append(len(regions)) or drawn(regions, dpi))
    assert export_shop(MINI, each, ShopOptions(format="png", dpi=LOW_SHOP_DPI), Problems()) is not None
    assert len(batches) > 10 and set(batches) == {1}
    assert one.read_bytes() == each.read_bytes()


def test_shop_pictures_are_the_shops_pdf_pages_pixels(tmp_path):
    """A piece's PNG (its drawing rasterised with its bleed around it) shows what the same piece's PDF page
    (imposed one item to a page, as --per-item prints it) shows, rasterised by PDFium: the PNGs are the
    print's own pixels, bleed and all, and sit where the page puts them. (PDFium maps a page onto a whole
    number of pixels, stretching it by under one; the page's picture is brought back to the PNG's size.)"""
    png, pdf = tmp_path / "png.zip", tmp_path / "pdf.zip"
    dpi = 100
    assert export_shop(MINI, png, ShopOptions(format="png", dpi=dpi, parts=("cards", "tokens")), Problems())
    assert export_shop(MINI, pdf, ShopOptions(format="pdf", dpi=dpi, parts=("cards", "tokens")), Problems())
    zpng, rows, top = _read_zip(png)
    zpdf, pdf_rows, pdf_top = _read_zip(pdf)
    pages = {r["file"].rsplit(".", 1)[0]: r["file"] for r in pdf_rows}

    def picture(row) -> Image.Image:
        return Image.open(io.BytesIO(zpng.read(f"{top}/{row['file']}"))).convert("RGB")

    def page(row, size) -> Image.Image:
        doc = pdfium.PdfDocument(zpdf.read(f"{pdf_top}/{pages[row['file'].rsplit('.', 1)[0]]}"))
        try:
            img = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
        finally:
            doc.close()
        assert abs(img.size[0] - size[0]) <= 1 and abs(img.size[1] - size[1]) <= 1, (row["file"], img.size, size)
        return img.resize(size, Image.Resampling.BILINEAR)

    for r in rows:
        img = picture(r)
        assert _close(img, page(r, img.size)) < 4.0, r["file"]  # measured: 0.4-3.4 (edges shaded apart)
    assert len(rows) >= 10
    # the comparison fails a picture 2 px off its place, or another piece's picture
    a = rows[0]
    img = picture(a)
    assert _close(img, ImageChops.offset(page(a, img.size), 2, 0)) > 4.0
    other = next(r for r in rows if r["item"].split("-")[0] != a["item"].split("-")[0] and r["side"] == a["side"]
                 and r["width_mm"] == a["width_mm"])
    assert _close(img, page(other, img.size)) > 4.0


def test_shop_only_some_parts(tmp_path):
    r = CliRunner().invoke(cli, ["export", "shop", str(MINI), "--only", "notes", "--dpi", "72",
                                 "--out", str(tmp_path / "n.zip")])
    assert r.exit_code == 0, r.output
    _, rows, _ = _read_zip(tmp_path / "n.zip")
    assert rows and all(r["file"].startswith("notes/") for r in rows)


# ------------------------------------------------------------------------------ errors and safety
@pytest.mark.parametrize("args", [
    ["export", "shop", "--dpi", "10"], ["export", "shop", "--dpi", "nan"], ["export", "shop", "--format", "tiff"],
    ["export", "shop", "--only", "dice"], ["export", "shop", "--bleed", "-1"], ["export", "tts", "--dpi", "5000"],
    ["export", "tts", "no-such-game"], ["export", "pdf"],
])
def test_usage_mistakes_are_exit_2(args):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output


@pytest.mark.parametrize("which", ["tts", "shop"])
def test_content_error_is_exit_1_with_file_line_and_leaves_earlier_output(mini, tmp_path, which):
    out = tmp_path / ("t" if which == "tts" else "s.zip")
    args = ["export", which, str(mini), "--dpi", "72", "--out", str(out)]
    assert CliRunner().invoke(cli, args).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()} if which == "tts" else out.read_bytes()
    edit(mini / "game.yaml", "starting: 100", "startng: 100")
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 1
    assert "game.yaml:" in r.output and "Traceback" not in r.output
    after = {p.name: p.read_bytes() for p in out.iterdir()} if which == "tts" else out.read_bytes()
    assert after == before


def test_export_into_a_build_folder_is_refused(tmp_path):
    from pnp.build import BuildOptions, build_game

    assert build_game(MINI, tmp_path / "built", BuildOptions(), Problems()) is not None
    r = subprocess.run([sys.executable, "-m", "pnp", "export", "tts", str(MINI), "--dpi", "50",
                        "--out", str(tmp_path / "built")], capture_output=True, text=True, cwd=tmp_path,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2, r.stderr
    assert "not a Tabletop Simulator export" in r.stderr and "Traceback" not in r.stderr
    assert (tmp_path / "built" / "manifest.json").is_file()


def test_the_wheel_carries_the_export_package():
    """pyproject lists pnp's packages one by one: a package left out is missing from the wheel (.ci/wheel-smoke
    runs the exports from it; this says so sooner)."""
    tomllib = pytest.importorskip("tomllib")
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "pnp").rglob("__init__.py")}
    assert found <= listed, found - listed
