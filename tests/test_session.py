"""The warm preview Session (pnp watch and pnp serve): per-item keys, what a refresh redraws, the last good
state on a YAML error, problem marks on the pictures, and pictures that are the print's own pixels."""
from __future__ import annotations

import io
import json
import time

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageFilter

from pnp.build import BuildOptions, build_game
from pnp.session import ERROR_COLOUR, ItemInfo, Session, Update
from pnp.problems import Problems
from pnp.watch import Reporter

from conftest import MINI, edit, pnp_watch

DPI = 60


def _img(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.fixture
def session(mini):
    return Session(mini, dpi=DPI)


def test_items_and_pictures(session):
    s = session
    assert s.error is None and s.problems == [] and isinstance(s.last, Update)
    info = s.items["luck-go"]
    assert isinstance(info, ItemInfo)
    assert (info.kind, info.part, info.group, info.output, info.has_back) == ("luck", "decks", "luck", "cards", True)
    assert info.source is not None and info.source.file.endswith("luck.yaml") and info.source.line > 0
    assert {"board", "title-red-1", "note-1-1", "hotel-1", "token-cat"} <= set(s.items)
    front = _img(s.png("luck-go"))
    assert front.size == (round(info.width * DPI / 25.4), round(info.height * DPI / 25.4))
    assert s.png("luck-go", "back") != s.png("luck-go")
    with pytest.raises(KeyError):
        s.png("no-such-card")
    with pytest.raises(KeyError):
        s.png("token-cat", "back")  # a standee has one side


def test_an_edited_card_is_the_only_one_redrawn(session, mini):
    s = session
    before = {k: s.png(k) for k in ("luck-go", "luck-free", "title-red-1")}
    edit(mini / "decks" / "luck.yaml", 'text: "Get out of jail free."', 'text: "Get out of jail at once."')
    update = s.refresh([mini / "decks" / "luck.yaml"])
    assert update.error is None and update.changed == {"luck-free"} and update.removed == set()
    assert s.png("luck-free") != before["luck-free"]
    assert s.png("luck-go") is before["luck-go"]  # the cached picture itself: not drawn again
    assert s.refresh(None).changed == set()  # nothing changed since


def test_a_theme_colour_reaches_every_item_it_colours(session, mini):
    edit(mini / "game.yaml", 'accent: "#8a1c1c"', 'accent: "#1c1c8a"')
    update = session.refresh([mini / "game.yaml"])
    assert {"title-red-1", "luck-go", "ref-turn"} & update.changed  # cards drawn in the accent colour
    assert update.changed <= set(session.items)


def test_removed_items_are_reported(session, mini):
    text = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    start = text.index("  - {id: fine")
    (mini / "decks" / "luck.yaml").write_text(text[:start], encoding="utf-8")
    update = session.refresh()
    assert update.error is None and "luck-fine" in update.removed and "luck-fine" not in session.items


def test_a_yaml_error_keeps_the_last_good_pictures(session, mini):
    good = session.png("luck-go")
    ids = set(session.items)
    path = mini / "decks" / "luck.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "cards: [unclosed\n", encoding="utf-8")
    update = session.refresh([path])
    assert update.error is not None and update.error.code == "E-yaml-syntax"
    assert update.error.loc.file.endswith("luck.yaml") and update.error.loc.line > 0
    assert update.changed == set() and update.removed == set()
    assert session.error is update.error and [p.code for p in update.problems] == ["E-yaml-syntax"]
    assert set(session.items) == ids and session.png("luck-go") == good
    path.write_text(text, encoding="utf-8")
    update = session.refresh([path])
    assert update.error is None and session.error is None and update.problems == []


def _red_share(img: Image.Image, box) -> float:
    a = np.asarray(img.crop(box), np.int16)
    red = np.array([int(ERROR_COLOUR[i:i + 2], 16) for i in (1, 3, 5)])
    return float((np.abs(a - red).max(axis=2) <= 8).mean())


def test_problems_are_drawn_on_the_item_they_concern(session, mini):
    edit(mini / "decks" / "luck.yaml", 'text: "Get out of jail free."', 'text: "Get out of jail free 漢."')
    update = session.refresh()
    assert update.changed == {"luck-free"}
    assert [p.code for p in session.problems_of("luck-free")] == ["E-glyph-missing"]
    marked, clean = _img(session.png("luck-free")), _img(session.png("luck-free", marks=False))
    w, h = marked.size
    assert _red_share(marked, (0, h // 2, 2, h // 2 + 20)) == 1.0  # the frame
    assert _red_share(clean, (0, h // 2, 2, h // 2 + 20)) == 0.0
    inner = (4, 4, w - 4, h - 4)  # inside the frame: the code's label and the box around the run
    assert _red_share(marked, inner) > 0.01 and _red_share(clean, inner) == 0.0
    other = _img(session.png("luck-go"))
    assert _red_share(other, (0, 0, w, h)) == 0.0


def test_the_preview_is_the_print(tmp_path):
    """An item's picture matches the same item on the built PDF's sheet (pdfium), within a pixel at 150 dpi. Both
    are softened by a one-pixel blur first: the item stands at a fraction of a pixel on the sheet, so its hairlines
    and letters are sampled differently there, and more ink (a deed's bold 'Rent' heading) took the mean difference
    of identical drawings past the bound."""
    out = tmp_path / "out"
    assert build_game(MINI, out, BuildOptions(parts=("cards",)), Problems()) is not None
    manifest = json.loads((out / "manifest.json").read_text())
    page_record = manifest["parts"]["cards"]["pages"][0]
    doc = pdfium.PdfDocument(str(out / "cards-a4.pdf"))
    dpi = 150
    page = doc[0]
    sheet = page.render(scale=dpi / 72).to_pil().convert("RGB").filter(ImageFilter.GaussianBlur(1))
    page_h = page.get_height() * 25.4 / 72
    session = Session(MINI, dpi=dpi)
    checked = 0
    for placed in page_record["items"]:
        if placed["rotation"] or placed["side"] != "front":
            continue
        x, y, w, h = placed["trim"]
        mine = np.asarray(_img(session.png(placed["id"], marks=False)).filter(ImageFilter.GaussianBlur(1)), np.int16)
        left, top = x * dpi / 25.4, (page_h - y - h) * dpi / 25.4
        best = min(
            float(np.abs(np.asarray(sheet.crop((round(left) + dx, round(top) + dy, round(left) + dx + mine.shape[1],
                                                round(top) + dy + mine.shape[0])), np.int16) - mine).mean())
            for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        assert best < 3.0, (placed["id"], best)
        wrong = float(np.abs(np.asarray(sheet.crop((round(left), round(top), round(left) + mine.shape[1],
                                                     round(top) + mine.shape[0])).transpose(Image.Transpose.FLIP_TOP_BOTTOM),
                                        np.int16) - mine).mean())
        assert wrong > 3 * best + 1, (placed["id"], best, wrong)  # the comparison tells a wrong picture
        checked += 1
    assert checked >= 3


def test_reporter_tells_each_problem_once(session, mini):
    lines = []
    report = Reporter(lines.append)
    edit(mini / "decks" / "luck.yaml", 'text: "Get out of jail free."', 'text: "Get out of jail free 漢."')
    problems = session.refresh().problems
    assert report(problems) == (1, 0)
    assert sum("E-glyph-missing" in line for line in lines) == 1
    lines.clear()
    assert report(problems) == (1, 0)  # the same problem again: a count, not the message
    assert not any("E-glyph-missing" in line for line in lines) and "told before" in lines[-1]
    lines.clear()
    report([])
    assert lines == [next(line for line in lines if line.startswith("fixed:"))] and "E-glyph-missing" in lines[0]


def test_pnp_watch_draws_at_start_and_tells_a_yaml_error_once(mini, tmp_path):
    out = tmp_path / "out"
    sheet = out / "preview" / "contact-luck.png"
    card = out / "preview" / "luck-free-front.png"
    with pnp_watch(mini, out, "--dpi", "40") as w:
        w.until(sheet.exists)
        assert sheet.exists() and card.exists()  # drawn at start, before any save
        time.sleep(0.3)
        drawn = card.stat().st_mtime_ns
        path = mini / "decks" / "luck.yaml"
        good = path.read_text(encoding="utf-8")
        path.write_text(good + "cards: [unclosed\n", encoding="utf-8")
        w.until(lambda: "E-yaml-syntax" in w.said())  # it saw the broken file and told it (stderr: as printed)
        assert "E-yaml-syntax" in w.said(), w.said()
        path.write_text(good.replace("Get out of jail free.", "Get out of jail at once."), encoding="utf-8")
        w.until(lambda: card.stat().st_mtime_ns != drawn)
        time.sleep(0.5)
    text = w.text
    assert w.returncode == 0, text
    assert card.stat().st_mtime_ns != drawn
    assert text.count("E-yaml-syntax") == 2, text  # told once, and once as fixed
    assert "the last good previews stay" in text and "redrew 1 item(s)" in text and "Traceback" not in text
