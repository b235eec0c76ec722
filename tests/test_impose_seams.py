"""Where two items' bleeds meet, their clips overlap a hair (impose.SEAM_OVERLAP) instead of butting: butting clips
let a screen render (pdftoppm at 72, 100 or 200 dpi) show the paper between two cards as a white hairline. Only the
sides that meet a neighbour's bleed grow; the outer bleed, the crop marks and where each item (a back too) is placed
stay as they were. What shows there is the item's own background: cards and standees paint it SEAM_OVERLAP past their
bleed (``Ctx.reach``), reused blocks (a deck's frame, a back) included, or the wider clip would show paper instead."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from pnp import impose, scene
from pnp.build import BuildOptions, build_game
from pnp.impose import ROUND_GUTTER, SEAM_OVERLAP, Block, _cells, _clip, _placing
from pnp.layout.common import Item
from pnp.problems import Problems

from conftest import MINI

W, H, BLEED = 63.0, 88.0, 3.0


def _block(n: int, cols: int, rows: int, gap: float, edge: float, rnd: bool = False) -> Block:
    items = [Item(f"i{k}", "card", W, H, scene.Group(), scene.Group(), round=rnd) for k in range(n)]
    return Block(items, cols, rows, 0, W, H, gap, edge, round=rnd, x0=13.5, y0=9.0)


def _sides(clip, trim):
    """How far the clip runs past the trim: left, bottom, right, top."""
    (cx, cy, cw, ch), (x, y, w, h) = clip, trim
    return tuple(round(v, 6) for v in (x - cx, y - cy, cx + cw - x - w, cy + ch - y - h))


def _clips(b: Block, side: str = "front", axis: str = "", about: float = 0.0):
    cells, _ = _cells(b, {}, side, axis, about)
    out = []
    for (x, y, w, h), (transform, clip, outside) in cells:
        assert not outside  # unturned: the clip is in the item's frame, after the move
        out.append(_sides((clip[0] + x, clip[1] + y, clip[2], clip[3]), (x, y, w, h)))
    return out


def test_bleeds_that_meet_overlap_and_the_outer_bleed_stays():
    # 3 columns, 2 rows, 5 items: reading order from the top left, the last cell of the bottom row empty
    b = _block(5, 3, 2, 2 * BLEED, BLEED)
    grown, kept = BLEED + SEAM_OVERLAP, BLEED
    assert _clips(b) == [
        (kept, grown, grown, kept), (grown, grown, grown, kept), (grown, kept, kept, kept),  # top row
        (kept, kept, grown, grown), (grown, kept, kept, grown),                             # bottom row
    ]
    # where bleeds meet the clip is 0.15 mm wider on each side than where they don't
    cells = _cells(b, {}, "front")[0]
    middle, corner = cells[1][1][1][2], cells[0][1][1][2]  # widths: grown on both sides, on its right alone
    assert middle - corner == pytest.approx(SEAM_OVERLAP)
    assert middle == pytest.approx(W + 2 * (BLEED + SEAM_OVERLAP))


def test_a_mirrored_back_meets_its_neighbours_and_does_not_move():
    b = _block(5, 3, 2, 2 * BLEED, BLEED)
    about = 105.0
    fronts = _clips(b)
    backs = _clips(b, "back", "vertical", about)
    # the back of a cell is the front mirrored: its left is its front's right
    assert backs == [(r, bo, le, t) for le, bo, r, t in fronts]
    # each back sits where it sat with butting clips: the clip changes, never the transform
    for (rect, (transform, clip, _)) in _cells(b, {}, "back", "vertical", about)[0]:
        assert transform == _placing(rect[0], rect[1], W, H, 0, _clip(*rect, BLEED))[0]


def test_shared_cuts_and_round_items_keep_their_clips():
    shared = _block(4, 2, 2, 0.0, 0.0)
    assert _clips(shared) == [(0.0, 0.0, 0.0, 0.0)] * 4
    chips = _block(4, 2, 2, 2 * BLEED + ROUND_GUTTER, BLEED, rnd=True)  # bare paper between their bleeds
    assert _clips(chips) == [(BLEED,) * 4] * 4


def test_the_overlap_is_a_hair():
    assert 0 < impose.SEAM_OVERLAP <= 0.2  # under any printer's registration: no art moves across a cut


# --------------------------------------------------------------------------- as a screen shows a sheet
#: the renderers that showed the paper between two butting bleeds as a white hairline: poppler's pdftoppm at 72, 100
#: and 200 dpi (a viewer's zoom). pdfium (pypdfium2, tests/refimages.py) shows none at any resolution, butting or
#: not: it cannot tell; the test needs poppler, and says so when it is missing. At 300 dpi pdftoppm showed a card's
#: paper through its band's edge pixel where both ran to the clip (Ctx.under_bands)
SCREEN_DPI = (72, 100, 300)
#: the share of a seam's length that may show a lighter pixel: the UNDER_BAND (0.5 mm) where a card's background runs
#: under its band, two layers at the clip's edge there (0.6 % of an 89 mm card)
SEAM_SHOWS = 0.02


def _pdftoppm(pdf, page: int, dpi: int, folder) -> "np.ndarray":
    import numpy as np
    from PIL import Image

    stem = folder / f"p{page}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", "-png", str(pdf),
                    str(stem)], check=True)
    with Image.open(f"{stem}.png") as im:
        return np.asarray(im.convert("RGB")).astype(int)


def _seams(items: list[dict], bleed: float) -> list[tuple]:
    """Where two items' bleeds meet on a page (from the manifest's trims, mm from the page's lower left): (axis, the
    seam's line, the span both items share along it, the two items' kinds)."""
    out = []
    for a in items:
        ax, ay, aw, ah = a["trim"]
        for b in items:
            bx, by, bw, bh = b["trim"]
            if abs(bx - ax - aw - 2 * bleed) < 1e-3 and min(ay + ah, by + bh) - max(ay, by) > 1:
                out.append(("x", ax + aw + bleed, (max(ay, by), min(ay + ah, by + bh)), (a["kind"], b["kind"])))
            if abs(by - ay - ah - 2 * bleed) < 1e-3 and min(ax + aw, bx + bw) - max(ax, bx) > 1:
                out.append(("y", ay + ah + bleed, (max(ax, bx), min(ax + aw, bx + bw)), (a["kind"], b["kind"])))
    return out


def _hairline(img, axis: str, at: float, span: tuple[float, float], page_h: float, dpi: int) -> float:
    """The share of a seam's length that shows paper: of the pixel lines (columns across an x seam, rows across a y
    seam) within 2 px of it, the largest share of pixels lighter than the pixels 2 px either side of them in no
    channel less and in one by more than 2 levels. An edge between two colours is a mix of them, darker than one of
    them in some channel; paper showing between two bleeds is lighter than both in every channel."""
    import numpy as np

    k = dpi / 25.4
    if axis == "x":
        lines, across = img.transpose(1, 0, 2), at * k
        lo, hi = int((page_h - span[1]) * k) + 2, int((page_h - span[0]) * k) - 2  # rows count from the top
    else:
        lines, across = img, (page_h - at) * k
        lo, hi = int(span[0] * k) + 2, int(span[1] * k) - 2
    worst = 0.0
    for j in range(int(across) - 2, int(across) + 3):
        mid, side = lines[j, lo:hi], np.maximum(lines[j - 2, lo:hi], lines[j + 2, lo:hi])
        lift = mid - side
        paper = (lift.min(axis=1) >= -1) & (lift.max(axis=1) > 2)
        worst = max(worst, float(paper.mean()))
    return worst


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm (the renderer that shows it)")
def test_no_paper_shows_between_two_cards_on_screen(tmp_path):
    """The mini kit's card sheet, front and back (title cards, a deck's cards, reference cards: fronts drawn alone,
    backs and deck frames drawn once and reused): no seam between two cards' bleeds shows paper at 72, 100 or 300
    dpi. Before each background ran SEAM_OVERLAP past its bleed, every seam on the back and most on the front did at
    72 and 100 dpi (a column of near-white pixels the whole length of the seam); with the card's paper running to the
    clip under its band, the deck's and the reference cards' bands did at 300 dpi (along 15 % of the seam)."""
    problems = Problems()
    assert build_game(MINI, tmp_path, BuildOptions(parts=("cards",)), problems) is not None, problems.sorted()
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    bleed = manifest["options"]["bleed"]
    (cards,) = [f for f in manifest["files"] if f["part"] == "cards"]
    pdf, page_h = tmp_path / cards["name"], cards["page_size_mm"][1]
    pages = {p["side"]: p for p in manifest["parts"]["cards"]["pages"] if p["page"] <= 2}
    assert set(pages) == {"front", "back"}
    shown = []
    for side, page in pages.items():
        seams = _seams(page["items"], bleed)
        kinds = {k for *_, pair in seams for k in pair}
        assert {"property", "luck"} <= kinds and any(a == b == "luck" for *_, (a, b) in seams), (side, kinds)
        for dpi in SCREEN_DPI:
            img = _pdftoppm(pdf, page["page"], dpi, tmp_path)
            for axis, at, span, pair in seams:
                share = _hairline(img, axis, at, span, page_h, dpi)
                if share > SEAM_SHOWS:
                    shown.append(f"{side} page {page['page']} at {dpi} dpi: the {axis} = {at:g} mm seam between "
                                 f"{pair[0]} and {pair[1]} shows paper along {share:.0%} of it")
    assert not shown, "\n".join(shown)


def test_every_background_that_meets_another_runs_past_its_bleed():
    """What the sheet's clip lets show past a seam is the item's own background, whatever renders it: each side of
    each card and standee of the mini kit is painted SEAM_OVERLAP past its bleed, on all four sides, in the colour
    it has at its bleed's edge (a strip of the drawing alone, rendered at 1200 dpi). Notes and counters share their
    cuts (paper inside their trims) and chips stand apart: their drawings keep to the bleed."""
    import numpy as np

    from pnp import parts
    from pnp.layout.common import Ctx
    from pnp.render import raster

    from conftest import loaded

    kit, _ = loaded(MINI)
    ctx = Ctx(kit, bleed=BLEED)
    drawings = {}
    for output in ("cards", "tokens"):
        for it in parts.items(ctx, output):
            if it.cut == "gutter" and not it.round:
                for side in (it.front, it.back):
                    if side is not None:
                        drawings.setdefault(id(side), (it, side))
    kinds = {it.kind for it, _ in drawings.values()}
    assert {"property", "luck", "token"} <= kinds, kinds
    for it, drawing in drawings.values():
        w, h = it.width, it.height
        for name, (x, y, sw, sh), (ix, iy) in (
                ("left", (-BLEED - SEAM_OVERLAP, h / 3, SEAM_OVERLAP, h / 3), (-BLEED, h / 3)),
                ("right", (w + BLEED, h / 3, SEAM_OVERLAP, h / 3), (w + BLEED - SEAM_OVERLAP, h / 3)),
                ("bottom", (w / 3, -BLEED - SEAM_OVERLAP, w / 3, SEAM_OVERLAP), (w / 3, -BLEED)),
                ("top", (w / 3, h + BLEED, w / 3, SEAM_OVERLAP), (w / 3, h + BLEED - SEAM_OVERLAP))):
            past = np.asarray(raster.render(drawing, sw, sh, 1200, origin=(x, y))).astype(int)
            inside = np.asarray(raster.render(drawing, sw, sh, 1200, origin=(ix, iy))).astype(int)
            off = int(np.abs(past - inside).max())
            assert off <= 2, (f"{it.id}: {SEAM_OVERLAP} mm past its bleed on its {name}, "
                              f"{past.mean(axis=(0, 1)).round()} where the bleed is {inside.mean(axis=(0, 1)).round()}")
    assert ctx.reach == pytest.approx(BLEED + SEAM_OVERLAP)
    assert Ctx(kit, bleed=0.0).reach == 0.0  # no bleed, nothing past the trim


def test_a_page_or_picture_of_one_item_is_drawn_to_its_bleed_alone(tmp_path):
    """``--per-item`` pages and the exports show one item with exactly its bleed, nothing to meet: their items are
    laid out with no overlap (``Ctx.overlap`` 0), drawn as they were before the seams overlapped, a background under
    a band whole."""
    from pnp.build import _overlap
    from pnp.export import lay_out
    from pnp.layout import cards
    from pnp.layout.common import Ctx

    from conftest import loaded

    assert _overlap(BuildOptions(per_item=True)) == 0.0 and _overlap(BuildOptions()) == SEAM_OVERLAP
    laid = lay_out(MINI, Problems(), BLEED)
    assert laid is not None
    kit, _ = loaded(MINI)
    alone = Ctx(kit, bleed=BLEED, overlap=0.0)
    assert alone.reach == BLEED
    deck = kit.decks[0]
    w, h = cards._size(alone)
    ground = cards.deck_frame(alone, deck).children[0]
    assert (ground.x, ground.y, ground.w, ground.h) == (-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED)
    from pnp.layout.common import bleed_rect

    sheet_ctx = Ctx(kit, bleed=BLEED)  # a background under a band running off an item's top (a standee's base)
    on_a_sheet = sheet_ctx.under_bands(bleed_rect(w, h, sheet_ctx.reach, "#ffffff"), h, head=13.0)  # stops under
    # it, SEAM_OVERLAP wider
    assert on_a_sheet.y == -BLEED - SEAM_OVERLAP and on_a_sheet.w == pytest.approx(w + 2 * (BLEED + SEAM_OVERLAP))
    assert on_a_sheet.y + on_a_sheet.h < h
    luck = next(it for it in laid.items["cards"] if it.kind == deck.id)
    frame = luck.back if luck.back.key else luck.front.children[0]
    assert frame.bounds == (-BLEED, -BLEED, luck.width + 2 * BLEED, luck.height + 2 * BLEED)


def test_a_gutterfold_sheet_of_items_without_backs_has_a_bare_back_half():
    """Pawns and other one-sided items on a gutterfold sheet: the back half holds nothing and needs no marks (the
    footer's placement read the lowest block of an empty half: an IndexError, Etymonopoly's tokens)."""
    from pnp.options import PrintOptions
    items = [Item(f"p{k}", "token", 25.0, 40.0, scene.Group(), None) for k in range(6)]
    sheets = impose.impose(items, PrintOptions(layout="gutterfold"), "Kit", "tokens")
    assert sheets and all(p.side == "front" for s in sheets for p in s.placed)
    assert sum(len(s.placed) for s in sheets) == 6
