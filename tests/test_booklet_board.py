"""Issue 33: the board's picture inside the rules booklet earns its place beside the cover's miniature. It is set at
the column's full width (booklet.PICTURE), never smaller (it was shrunk to 59-92 mm, too small to read); where a page
has not the room it goes to the top of the next and what follows it in its section comes up (a figure floats,
never past a heading); a booklet that would take another sheet of paper for it leaves it out."""
from __future__ import annotations

import pytest

from pnp import scene
from pnp.layout import booklet
from pnp.layout.booklet import COLUMN, PICTURE, LEAST_SIDE_ROWS
from pnp.layout.common import Ctx
from pnp.problems import Problems

from conftest import REFERENCE_KITS
from kits_cache import bundled
from test_booklet import _texts, _with_rules


def _pictures(group, m=scene.IDENTITY) -> list[tuple[float, float, float]]:
    """(x, y of its foot, scale) of every picture of the board (a miniature drawing of it) on a page; a figure's
    items (test_booklet_figures.py) are miniatures of other drawings."""
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            mm = scene.compose(m, child.transform)
            if not child.miniature:
                out += _pictures(child, mm)
            elif any(isinstance(c, scene.Group) and c.key == "booklet-board" for c in child.children):
                out.append((*scene.apply(mm, 0.0, 0.0), mm[0]))
    return out


@pytest.mark.parametrize("kit,lang", [(k, None) for k in REFERENCE_KITS] + [("tahiti", "en")])
def test_the_board_inside_is_full_width_or_left_out_where_it_would_take_another_sheet(kit, lang):
    shared = bundled(kit, lang)  # laid out once a session (tests/kits_cache.py): read only
    ctx, problems, pages = shared.ctx, shared.problems, shared.pages
    assert len(pages) == 16 and not [p for p in problems.items if "W-rules-blank" in str(p)]
    size = float(ctx.kit.board.size)
    assert PICTURE == COLUMN
    cover = _pictures(pages[0].front)
    assert len(cover) == 1 and cover[0][2] * size < PICTURE  # the cover's miniature
    inner = [p for page in pages[1:] for p in _pictures(page.front)]
    assert len(inner) <= 1
    for x, _, k in inner:  # at the column's full width, from margin to margin
        assert abs(k * size - COLUMN) < 1e-6 and abs(x - booklet.SIDE) < 1e-6
    if not inner:  # left out: with it the booklet would take a fifth sheet of paper, even set tight, or a
        # table would keep fewer than SIDE_ROWS rows a side that it keeps without the picture in four
        ctx = Ctx(shared.game, problems=Problems())  # the trials' own: the shared problems stay as laid out
        sections = booklet._sections(ctx)
        assert any(isinstance(b, booklet._Picture) for _, blocks in sections for b in blocks)
        bare = [(s, [b for b in blocks if not isinstance(b, booklet._Picture)]) for s, blocks in sections]
        cover, back = booklet._cover(ctx, ctx.kit.booklet), booklet._back_cover(ctx)

        def sheets(secs, side):
            return booklet._sheets(booklet._flow(ctx, cover, back, secs, True, side))
        assert sheets(sections, LEAST_SIDE_ROWS) > 4 or (sheets(sections, booklet.SIDE_ROWS) > 4
                                                          and sheets(bare, booklet.SIDE_ROWS) <= 4)


def test_a_board_that_meets_a_pages_foot_goes_whole_to_the_next_and_the_text_after_it_comes_up(mini):
    """The picture meets a page's foot lower down each time: it is never shrunk; where it goes to the next page, the
    two short paragraphs after it fill the room it left, and the subheading after them and its text stay after it."""
    after = "Aftertext first, a short paragraph.\n\nAftertext second, another one."
    floated, board = 0, _board_size(mini)
    for sentences in range(40, 100, 6):
        para = " ".join(["Words to fill the page."] * sentences)
        _, pages = _with_rules(mini, para + "\n\n@board\n\n" + after + "\n\n## Next part\n\nUndertext here.")
        where = [(n, p) for n, page in enumerate(pages[1:], 1) for p in _pictures(page.front)]
        assert len(where) == 1, sentences
        n, (_, foot, k) = where[0]
        assert abs(k * board - COLUMN) < 1e-6, sentences  # never smaller
        texts = {t.text: (m, y) for m, page in enumerate(pages) for y, t in _texts(page.front)}
        moved = {texts[t][0] for t in texts if t.startswith("Aftertext")}
        heading, under = texts["Next part"][0], texts["Undertext here."][0]
        assert heading >= n and under >= heading  # nothing moves past the heading
        words = max(m for m, page in enumerate(pages) for _, t in _texts(page.front) if "fill" in t.text)
        if n > words and moved == {words}:  # the picture went over, the text after it came up
            floated += 1
            assert foot > booklet.BOTTOM  # the picture at the head of its page
    assert floated >= 1


def _board_size(mini) -> float:
    from conftest import loaded

    kit, _ = loaded(mini)
    return float(kit.board.size)
