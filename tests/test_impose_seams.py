"""Where two items' bleeds meet, their clips overlap a hair (impose.SEAM_OVERLAP) instead of butting: butting clips
let a screen render (pdftoppm at 72, 100 or 200 dpi) show the paper between two cards as a white hairline. Only the
sides that meet a neighbour's bleed grow; the outer bleed, the crop marks and where each item (a back too) is placed
stay as they were."""
from __future__ import annotations

import pytest

from pnp import impose, scene
from pnp.impose import ROUND_GUTTER, SEAM_OVERLAP, Block, _cells, _clip, _placing
from pnp.layout.common import Item

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
