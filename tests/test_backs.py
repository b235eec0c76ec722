"""Every back reads upright when its item is cut out and turned over about its own vertical axis.

Read from the PDF as a printer gets it, not from the layout's numbers: for each item, the direction of the
text on its face (pdfium's character angles inside the item's trim) and on the spot of the back page that
lies behind it once the sheet is turned over (long edge: mirrored left to right; short edge: top to bottom;
gutterfold: mirrored about the fold line). Turning an item over about its own vertical axis sends a reading
direction u on the face to F(-u) on the back page, F the sheet's own mirror (PRINT.md, Duplex).
"""
import json
import math
from collections import Counter

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from pnp.build import BuildOptions, build_game
from pnp.marks import PAPERS
from pnp.problems import Problems

from conftest import MINI, ROOT

MM = 72 / 25.4


_CHARS: dict = {}


def _chars(pdf, index) -> list[tuple[float, float, int]]:
    """Every visible character of a page: its centre (pt) and direction (degrees counter-clockwise), read once
    per page (a note sheet's text page is slow to make: one per item made these tests 4x slower)."""
    key = (pdf, index)  # the document itself: an id could be reused by the next test's
    if key not in _CHARS:
        tp = pdf[index].get_textpage()
        out = []
        for i in range(tp.count_chars()):
            if tp.get_text_range(i, 1).isspace():
                continue
            left, bottom, right, top = tp.get_charbox(i)
            # pdfium measures clockwise; the tests speak counter-clockwise like the scene
            out.append(((left + right) / 2, (bottom + top) / 2,
                        round(-math.degrees(pdfium_c.FPDFText_GetCharAngle(tp.raw, i))) % 360))
        _CHARS[key] = out
    return _CHARS[key]


def _angles(pdf, index, rect):
    """The most common text direction (degrees counter-clockwise, page coordinates) inside ``rect`` (mm)."""
    x, y, w, h = (v * MM for v in rect)
    found = Counter(a for cx, cy, a in _chars(pdf, index) if x < cx < x + w and y < cy < y + h)
    return found.most_common(1)[0][0] if found else None


def _mirror(rect, axis, about):
    x, y, w, h = rect
    return (2 * about - x - w, y, w, h) if axis == "vertical" else (x, 2 * about - y - h, w, h)


def _expected(face: int, axis: str) -> int:
    """F(-u) for a face reading at ``face`` degrees: -face about a vertical axis, 180-face about a horizontal one."""
    return (-face) % 360 if axis == "vertical" else (180 - face) % 360


def _check(pdf, front_index, back_index, items, axis, about):
    checked = 0
    for item in items:
        face = _angles(pdf, front_index, item["trim"])
        if face is None:
            continue
        back = _angles(pdf, back_index, _mirror(item["trim"], axis, about))
        if back is None:
            continue
        assert back == _expected(face, axis), (item["id"], face, back, axis)
        checked += 1
    return checked


#: the parts with backs, which the tests build
PARTS = ("cards", "notes", "tokens")


def _build(tmp_path, game, **kw):
    problems = Problems()
    result = build_game(game, tmp_path, BuildOptions(parts=PARTS, **kw), problems)
    assert result is not None, problems.sorted()
    return json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", [MINI, ROOT / "content" / "etymonopoly"], ids=["mini", "etymonopoly"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_duplex_backs_read_upright_once_turned_over(tmp_path, game, paper, flip, request):
    defaults = BuildOptions()
    if game.parent == ROOT / "content" and (paper, flip) == (defaults.paper, defaults.flip):
        # a bundled kit with the default options: the session's build of it (conftest.reference_builds, which
        # builds every part with BuildOptions()), read only; its parts are built as a build of PARTS alone builds them
        folder = request.getfixturevalue("reference_builds") / game.name
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    else:
        folder = tmp_path
        manifest = _build(tmp_path, game, paper=paper, flip=flip)
    pw, ph = PAPERS[paper]
    axis, about = ("vertical", pw / 2) if flip == "long" else ("horizontal", ph / 2)
    checked = Counter()
    for part, info in manifest["parts"].items():
        if part not in PARTS:  # the board and the booklet of a whole build: not what this test builds
            continue
        pdf = pdfium.PdfDocument(folder / info["files"][0])
        pages = info["pages"]
        for front, back in zip(pages, pages[1:]):
            if front["side"] != "front" or back["side"] != "back":
                continue
            with_back = {i["id"] for i in back["items"]}
            items = [i for i in front["items"] if i["id"] in with_back]
            checked[part] += _check(pdf, front["page"] - 1, back["page"] - 1, items, axis, about)
    # the test must have looked at something on every part that has backs
    assert checked["cards"] > 0 and checked["notes"] > 0, checked


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_backs_read_upright_once_folded(tmp_path, paper):
    manifest = _build(tmp_path, MINI, paper=paper, layout="gutterfold")
    pw, ph = PAPERS[paper]
    checked = 0
    for part, info in manifest["parts"].items():
        pdf = pdfium.PdfDocument(tmp_path / info["files"][0])
        for rec in info["pages"]:
            fronts = [i for i in rec["items"] if i["side"] == "front"]
            backs = {i["id"] for i in rec["items"] if i["side"] == "back"}
            # the fold is the dashed line across the middle of the page: which way it runs, the PDF says
            axis = _fold_axis(tmp_path / info["files"][0], rec["page"] - 1, pw, ph)
            about = pw / 2 if axis == "vertical" else ph / 2
            checked += _check(pdf, rec["page"] - 1, rec["page"] - 1, [i for i in fronts if i["id"] in backs], axis, about)
    assert checked > 0


def _fold_axis(path, index, pw, ph):
    from pdfread import reader, segments

    segs = segments(reader(path).pages[index])
    if any(abs(s[0] - pw / 2) < 1e-3 and abs(s[2] - pw / 2) < 1e-3 and abs(s[1] - s[3]) > ph / 2 for s in segs):
        return "vertical"
    assert any(abs(s[1] - ph / 2) < 1e-3 and abs(s[3] - ph / 2) < 1e-3 and abs(s[0] - s[2]) > pw / 2 for s in segs)
    return "horizontal"


def test_the_deed_back_is_one_back_for_every_title_card():
    """Monopoly 2.3's deeds showed the game's name and tagline on their backs, where every other back shows an icon
    and what the card is (review 12): titles.back style 'deed' gives every title card one back, the house over the
    kit's word for a title card, in the game's back colour, as the board's deeds pile shows it."""
    from kits_cache import checked
    from pnp import scene
    from pnp.layout import board, cards
    from pnp.layout.common import Ctx

    kit, problems = checked("monopoly-2-3")
    assert kit.titles.back.style == "deed"
    ctx = Ctx(kit, problems=problems)
    backs = {cards.title_back(ctx, t, kit.board.space(t.space)).key for t in kit.titles.titles}
    assert backs == {"title-back-deed"}
    back = cards.title_back(ctx, kit.titles.titles[0], kit.board.space(kit.titles.titles[0].space))
    words = " ".join(t.text for t in scene.walk_text(back))
    assert str(kit.game.terms.title_card).upper() in words.replace("\u00a0", " ")
    assert any(isinstance(s, scene.Group) and str(s.key).startswith("icon-house") for s in back.children)
    assert board.titles_back_colour(ctx) == ctx.colours.back
