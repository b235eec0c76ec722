"""Issue 33: the board's picture inside the rules booklet earns its place beside the cover's miniature. It is set at
the column's full width (booklet.PICTURE): it was shrunk to 59-92 mm, too small to read. Where a page has not the
room it goes to the top of the next and what follows it in its section comes up (a figure floats, never past a
heading of its section). Review 17 asked for it in every kit, labelled: the middle of each board is a game of its
own, and the booklet only described it in prose. So it is a diagram: a label on each corner, deck spot and panel
(``board.landmarks``), the board's own name for it, readable where the board's own words are not; where the column's
width would take another sheet of paper, the next sections come up over it, and failing that it is drawn smaller,
down to booklet.BOARD_LEAST, its labels at their size; a booklet with no room even for that leaves it out."""
from __future__ import annotations

import pytest

from pnp import scene
from pnp.layout import booklet
from pnp.layout.board import landmarks, plain_words
from pnp.layout.booklet import (BOARD_LEAST, BOARD_STEP, COLUMN, LABEL_GAP, LABEL_GAP_LEAST, LABEL_LEAST, LABEL_PT,
                                PICTURE, LEAST_SIDE_ROWS)
from pnp.layout.common import Ctx
from pnp.problems import Problems

from conftest import REFERENCE_KITS
from kits_cache import bundled
from test_booklet import _diagram, _texts, _with_rules

KITS = [(k, None) for k in REFERENCE_KITS] + [("tahiti", "en")]


def _pictures(group, m=scene.IDENTITY) -> list[tuple[float, float, float]]:
    """(x, y of its foot, scale) of every picture of the board (a miniature drawing of it) on a page; a figure's
    items (test_booklet_figures.py) are miniatures of other drawings."""
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            mm = scene.compose(m, child.transform)
            if not child.miniature:
                out += _pictures(child, mm)
            elif any(isinstance(c, scene.Group) and str(c.key).startswith("booklet-board")
                     for c in child.children):
                out.append((*scene.apply(mm, 0.0, 0.0), mm[0]))
    return out


def _labels(group, m=scene.IDENTITY) -> list[tuple[tuple, list[scene.Text]]]:
    """The board diagram's labels on a page: (the box its slip takes, x, y, w, h on the page, its words)."""
    out = []
    for child in group.children:
        if not isinstance(child, scene.Group) or child.miniature:
            continue
        mm = scene.compose(m, child.transform)
        if not _diagram(child):
            out += _labels(child, mm)
            continue
        for label in (c for c in child.children if isinstance(c, scene.Group) and not c.miniature):
            lm = scene.compose(mm, label.transform)
            (r,) = [c for c in label.children if isinstance(c, scene.Rect)]
            corners = [scene.apply(lm, r.x + dx, r.y + dy) for dx in (0, r.w) for dy in (0, r.h)]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            out.append(((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                        [t for t in scene.walk_text(label)]))
    return out


def _diagram_page(kit: str, lang: str | None) -> tuple[scene.Group, list[tuple]]:
    """The bundled booklet's page with the board's diagram, and the boxes of its labels' slips."""
    page = next(p.front for p in bundled(kit, lang).pages[1:] if _pictures(p.front))
    return page, [box for box, _ in _labels(page)]


def _sheets(shared, size: float | None, reach: bool = True, side: int = LEAST_SIDE_ROWS) -> int:
    """Sheets of paper the booklet takes with its board's picture at ``size`` mm (None: without it), with ``side``
    rows of a table a side of its breaks at least."""
    ctx = Ctx(shared.game, problems=Problems())  # the trials' own: the shared problems stay as laid out
    sections = booklet._sections(ctx)
    assert any(isinstance(b, booklet._Picture) and not b.figure for _, blocks in sections for b in blocks)
    sized = [(s, [b if not isinstance(b, booklet._Picture) or b.figure else booklet.replace(b, w=size, h=size + b.under)
                  for b in blocks if size or not isinstance(b, booklet._Picture) or b.figure])
             for s, blocks in sections]
    cover, back = booklet._cover(ctx, ctx.kit.booklet), booklet._back_cover(ctx)
    return booklet._sheets(booklet._flow(ctx, cover, back, sized, True, side, reach=reach))


@pytest.mark.parametrize("kit,lang", KITS)
def test_the_board_inside_is_full_width_else_as_large_as_four_sheets_let_it_be(kit, lang):
    shared = bundled(kit, lang)  # laid out once a session (tests/kits_cache.py): read only
    ctx, problems, pages = shared.ctx, shared.problems, shared.pages
    assert len(pages) == 16 and not [p for p in problems.items if "W-rules-blank" in str(p)]
    size = float(ctx.kit.board.size)
    assert PICTURE == COLUMN and BOARD_LEAST >= 0.7 * COLUMN
    cover = _pictures(pages[0].front)
    assert len(cover) == 1 and cover[0][2] * size < BOARD_LEAST  # the cover's miniature
    inner = [p for page in pages[1:] for p in _pictures(page.front)]
    assert len(inner) == 1, kit  # every bundled kit shows its board's diagram
    (x, _, k), = inner
    drawn = k * size
    assert BOARD_LEAST - 1e-6 <= drawn <= COLUMN + 1e-6
    assert abs(x - (booklet.SIDE + (COLUMN - drawn) / 2)) < 1e-6  # centred in the column
    if drawn < COLUMN - 1e-6:  # smaller: a step larger, it would take a fifth sheet of paper, or cost a table the
        # SIDE_ROWS a side it keeps without the board in four
        larger = min(drawn + BOARD_STEP, COLUMN)
        assert _sheets(shared, larger) > 4 or (_sheets(shared, None, side=booklet.SIDE_ROWS) <= 4 <
                                                _sheets(shared, larger, side=booklet.SIDE_ROWS)), (kit, drawn)


@pytest.mark.parametrize("kit,lang", KITS)
def test_the_board_diagram_labels_every_landmark_readably_and_no_label_touches_another(kit, lang):
    shared = bundled(kit, lang)
    ctx, pages = shared.ctx, shared.pages
    labels = [lb for page in pages[1:] for lb in _labels(page.front)]
    (x0, y0, k), = [p for page in pages[1:] for p in _pictures(page.front)]
    marks = landmarks(Ctx(shared.game, problems=Problems()))
    assert len(labels) == len(marks) >= 4 + 2  # the corners, the decks' spots at least
    size = k * float(ctx.kit.board.size)
    ring = k * float(ctx.kit.board.corner)
    for mark, ((x, y, w, h), words) in zip(marks, labels):
        said = plain_words(*(t.text for t in words))
        assert said in (plain_words(mark.name), plain_words(mark.short)), (said, mark.name)
        assert all(LABEL_LEAST - 1e-9 <= t.size <= LABEL_PT + 1e-9 for t in words), said
        edge = ring if mark.centre else 0.0  # a centre thing's label in the centre, a corner's on the board
        assert x0 + edge - 1e-6 <= x and x + w <= x0 + size - edge + 1e-6, said
        assert y0 + edge - 1e-6 <= y and y + h <= y0 + size - edge + 1e-6, said
    for i, (a, _) in enumerate(labels):
        for b, _ in labels[i + 1:]:
            assert not booklet._touch(a, b, LABEL_GAP_LEAST - 1e-6), (kit, a, b)


@pytest.mark.parametrize("kit,lang", KITS)
def test_the_diagrams_board_leaves_out_the_words_its_labels_stand_for(kit, lang):
    """Review 18: a label over the board's own word for the thing, half covering it, left loose letters round it
    ("Toll…", "…th 2") that read as a misprint. The diagram's picture of the board draws none of the runs a label
    stands for (a run of a landmark's own words inside it); the cover's picture still has them all."""
    shared = bundled(kit, lang)
    pages = shared.pages
    marks = landmarks(Ctx(shared.game, problems=Problems()))

    def named(group, m=scene.IDENTITY, inside=False) -> int:
        """Runs of a landmark's words inside it, in the board's picture(s) under ``group``."""
        found = 0
        for c in group.children:
            if isinstance(c, scene.Group):
                board = inside or str(c.key).startswith("booklet-board")
                found += named(c, scene.compose(m, c.transform) if inside or board else m, board)
            elif inside and isinstance(c, scene.Text):  # the run's middle
                x, y = scene.apply(m, c.x + {"start": c.width / 2, "end": -c.width / 2}.get(c.anchor, 0.0), c.y)
                found += any(plain_words(c.text) and plain_words(c.text) <= mark.words and
                             mark.box[0] - 2 <= x <= mark.box[0] + mark.box[2] + 2 and
                             mark.box[1] - 2 <= y <= mark.box[1] + mark.box[3] + 2 for mark in marks)
        return found

    assert named(pages[0].front) >= len(marks) - 2  # the cover's board prints its names (a pile may show none)
    assert named(next(p.front for p in pages[1:] if _pictures(p.front))) == 0


def test_the_labels_of_crowded_panels_take_two_lines_or_their_panels_width_never_each_other():
    """Two panels side by side, their long titles each wider than its panel: the first label that would run over
    the other's takes another way (two lines, its panel's width) and neither touches the other."""
    from pnp.layout.board import Landmark

    game = bundled("euronopoly").game
    ctx = Ctx(game, problems=Problems())
    s = float(game.board.size)
    marks = [Landmark(f"Speed traps, totals {t}", (100.0 + dx, 300.0, 60.0, 80.0), None, "title",
                      title=(103.0 + dx, 368.0, 54.0, 9.0))
             for t, dx in (("two to seven", 0.0), ("eight to twelve", 62.0))]
    placed = booklet._labels(ctx, marks, s / 4)
    (a, _), (b, _) = placed
    assert not booklet._touch(a, b, LABEL_GAP - 1e-6)
    assert a[2] <= 60.0 / 4 and b[2] <= 60.0 / 4 + 1.0 or a[3] > 4.0  # set narrower, on more lines


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


def test_where_the_boards_section_ends_the_next_sections_text_comes_up_over_it(mini):
    """A section whose text leaves less room than the board takes, the board its last block: it goes to the top of
    the next page. Without ``reach`` the page's foot stays blank (nothing moves past a section's end); with it the
    next section, heading and all, comes up to fill it, as a book's figure floats, and that section begins there."""
    from conftest import loaded

    para = " ".join(["Words to fill the page."] * 70)
    (mini / "rules.yaml").write_text(
        "title: Rules of play\nsections:\n"
        "  - heading: Playing\n    covers: [components, setup, turn, winning, jail, building, cards]\n"
        f"    text: |\n      {para}\n\n      @board\n"
        "  - heading: Next part\n    text: |\n      Undertext one, a short paragraph.\n\n"
        "      Undertext two, another short one.\n", encoding="utf-8")
    kit, _ = loaded(mini)
    ctx = Ctx(kit, problems=Problems())
    sections = booklet._sections(ctx)
    cover, back = booklet._cover(ctx, ctx.kit.booklet), booklet._back_cover(ctx)
    found = {}
    for reach in (False, True):
        pages, begun = booklet._flow(ctx, cover, back, sections, True, reach=reach)
        where = {t.text: n for n, page in enumerate(pages.pages, 1) for _, t in _texts(scene.Group(page))}
        board = [n for n, page in enumerate(pages.pages[1:], 2) if _pictures(scene.Group(page))]  # not the cover
        found[reach] = (where["Next part"], board[0], dict((s.heading, p) for p, s in begun)["Next part"])
    (head, board, begins), (head2, board2, begins2) = found[False], found[True]
    assert head >= board  # after it
    assert head2 < board2 == board and begins2 == head2  # came up over it, its section begun there


@pytest.mark.parametrize("kit,lang", KITS)
def test_no_word_of_the_diagrams_board_shows_half_under_a_label(kit, lang):
    """Review 19 found "Took the", "3. End yo" round a label set on a panel's middle, and bits of a corner's slanted
    rule round its label: the diagram's board draws no run of text that a label's slip covers any part of."""
    from pnp.fonts import PT
    from pnp.text import CAP, DESC

    page, slips = _diagram_page(kit, lang)

    def runs(group, m=scene.IDENTITY, inside=False):
        for c in group.children:
            if isinstance(c, scene.Group):
                yield from runs(c, scene.compose(m, c.transform),
                                inside or str(c.key).startswith("booklet-board-diagram"))
            elif inside and isinstance(c, scene.Text):
                x0 = c.x - {"middle": c.width / 2, "end": c.width}.get(c.anchor, 0.0)
                corners = [scene.apply(m, x, c.y + dy) for x in (x0, x0 + c.width)
                           for dy in (-DESC * c.size * PT, CAP * c.size * PT)]
                xs, ys = [x for x, _ in corners], [y for _, y in corners]
                yield c.text, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    shown = list(runs(page))
    assert shown  # the board's other words are there
    hidden = [(text, slip) for text, box in shown for slip in slips if booklet._touch(box, slip, -0.05)]
    assert not hidden, hidden[:3]


@pytest.mark.parametrize("kit,lang", KITS)
def test_a_jail_corners_cell_and_strips_are_labelled_apart(kit, lang):
    """A jail corner's cell and its visitors' strips were labelled in one block ("Language Death / Close Call", "In
    Jail / Just Visiting"): a reader could not tell which name was which area's (three publisher's reviews). Each
    jail corner has two labels, its cell's name over its cell and its strips' in its long strip."""
    from pnp.layout.board import JAIL_CELL

    shared = bundled(kit, lang)
    page, _ = _diagram_page(kit, lang)
    (x0, y0, k), = _pictures(page)
    marks = landmarks(Ctx(shared.game, problems=Problems()))
    labels = dict(zip((id(m) for m in marks), _labels(page)))
    jails = [s for s in shared.game.board.spaces if s.inner]
    assert jails or kit == "moneyloopy"  # its corners are tollbooths, none a jail
    for space in jails:
        cell, strip = [m for m in marks if m.entity is space]
        assert (cell.name, strip.name) == (str(space.inner), str(space.name))
        (cx, cy, cw, ch), (sx, sy, sw, sh) = cell.box, strip.box
        assert abs(cw - JAIL_CELL * sw) < 1e-6 and cx >= sx - 1e-6 and cy >= sy - 1e-6  # the cell inside its corner
        for mark in (cell, strip):
            (box, words) = labels[id(mark)]
            assert plain_words(*(t.text for t in words)) == plain_words(mark.name)
        (bx, by, bw, bh), _ = labels[id(cell)]
        middle = (bx + bw / 2 - x0) / k, (by + bh / 2 - y0) / k
        assert cx <= middle[0] <= cx + cw and cy <= middle[1] <= cy + ch  # the cell's label on the cell


def test_a_board_diagram_with_no_room_is_left_out_with_a_warning(mini):
    """The diagram is the booklet's key to the board's centre: a booklet with no room for it, even drawn at
    BOARD_LEAST, leaves it out and says so at its @board line (W-rules-figure), as it does for a figure."""
    warned = shown = 0
    for sentences in range(60, 200, 10):
        para = " ".join(["Words to fill the page."] * sentences)
        problems, pages = _with_rules(mini, "@board\n\n" + para)
        inner = [p for page in pages[1:] for p in _pictures(page.front)]
        left = [p for p in problems.items if p.code == "W-rules-figure"]
        assert bool(inner) != bool(left), sentences  # shown, or left out and said
        if left:
            assert left[0].loc.line is not None
            warned += 1
        else:
            shown += 1
    assert warned and shown


def _lines(drawn: scene.Group) -> int:
    """The lines of words a label's drawing sets (runs at distinct heights)."""
    def ys(group, m=scene.IDENTITY):
        for c in group.children:
            if isinstance(c, scene.Group):
                yield from ys(c, scene.compose(m, c.transform))
            elif isinstance(c, scene.Text):
                yield round(scene.apply(m, c.x, c.y)[1], 2)
    return len(set(ys(drawn)))


def test_a_long_name_on_a_narrow_spot_takes_two_lines_past_it_not_four_inside_it():
    """Review of session 24: Moneyloopy's "Chance bids: put your bid here" stood in a column of four lines inside
    its narrow spot. A label takes more than booklet.LABEL_LINES lines only where fewer have no way: on two, it
    reaches a little past the spot."""
    from pnp.layout.board import Landmark

    game = bundled("moneyloopy").game
    ctx = Ctx(game, problems=Problems())
    s = float(game.board.size)
    name = "Chance bids: put your bid here"
    spot = Landmark(name, (150.0, 150.0, 57.0, 89.0), None, "label", words=plain_words(name))
    ((box, drawn),) = booklet._labels(ctx, [spot], s / 4)
    assert plain_words(*(t.text for t in scene.walk_text(drawn))) == plain_words(name)
    assert _lines(drawn) <= 2, _lines(drawn)
    assert box[2] > 57.0 / 4  # wider than the spot: it reaches past it


def test_a_label_keeps_off_a_neighbouring_landmark_where_its_own_has_room_on_more_lines():
    """Euronopoly's two speed-trap panels side by side: on two lines each label spanned both panels and named
    neither (a trial of session 25). Over another landmark a label weighs more than one a line longer."""
    from pnp.layout.board import Landmark

    game = bundled("euronopoly").game
    ctx = Ctx(game, problems=Problems())
    s = float(game.board.size)
    marks = [Landmark(f"Speed traps, totals {t}", (120.0 + dx, 220.0, 50.0, 70.0), None, "title",
                      title=(121.5 + dx, 277.0, 47.0, 11.0)) for t, dx in (("2–7", 0.0), ("8–12", 54.0))]
    k = 88.5 / s
    placed = booklet._labels(ctx, marks, 88.5)
    for (box, _), mark in zip(placed, marks):
        other = next(m for m in marks if m is not mark)
        ox, oy, ow, oh = (v * k for v in other.box)
        assert not booklet._touch(box, (ox, oy, ow, oh), -0.05), (mark.name, box)


def test_tahitis_island_panels_are_labelled_in_one_place():
    """Review 19: Tahiti's island panels, alike in size and side by side, had some labels in their title's place and
    some on their middle (there the label hid the panel's text, and its title was left bare). Each is labelled in
    its title's place: a label on a panel's middle weighs more than one reaching a little past its title's."""
    shared = bundled("tahiti")
    page = next(p.front for p in shared.pages[1:] if _pictures(p.front))
    (x0, y0, k), = _pictures(page)
    marks = landmarks(Ctx(shared.game, problems=Problems()))
    islands = [(mark.name, abs(box[1] - (y0 + k * mark.title[1])) < 0.05) for mark, (box, _) in zip(marks, _labels(page))
               if mark.title is not None and mark.field == "title" and mark.box[3] < 30.0]
    assert len(islands) == 8 and all(titled for _, titled in islands), islands


def test_a_diagram_at_another_size_is_a_drawing_of_its_own():
    """The diagram's board leaves out the words under its labels, which lie elsewhere at each size: its drawing is
    stored under a key of its size (one key for every size would have drawn the first one stored wherever another
    size was placed)."""
    ctx = Ctx(bundled("moneyloopy").game, problems=Problems())

    def keys(group) -> set:
        found = set()
        for c in group.children:
            if isinstance(c, scene.Group):
                found |= ({c.key} if str(c.key).startswith("booklet-board") else set()) | keys(c)
        return found

    small, large = keys(booklet.board_diagram(ctx, 90.0)), keys(booklet.board_diagram(ctx, 118.0))
    assert len(small) == len(large) == 1 and small != large


@pytest.mark.parametrize("kit,lang", KITS)
def test_a_piles_label_stands_clear_of_its_icon(kit, lang):
    """A publisher's review (session 25): labels on the piles' middles cut their icons in two ("Chance" across the
    "?", "Title deeds" on the house), leaving slivers round the slip. A pile's label goes where the pile names its
    deck, under its icon (a title deeds' pile: in its band), clear of the icon."""
    from pnp.layout import board as board_mod

    shared = bundled(kit, lang)
    page = next(p.front for p in shared.pages[1:] if _pictures(p.front))
    (x0, y0, k), = _pictures(page)
    ctx = Ctx(shared.game, problems=Problems())
    S = float(shared.game.board.size)
    marks = landmarks(ctx)
    by_name = {mark.name: box for mark, (box, _) in zip(marks, _labels(page))}
    piles = 0
    for spot in shared.game.board.centre.deck_spots:
        if board_mod.spot_name_area(ctx, spot) is None:
            continue
        cw, ch = board_mod.spot_size(ctx, spot)
        size = min(cw, ch) * board_mod.SPOT_ICON * (0.8 if spot.titles and not spot.deck else 1.0)
        cy = -ch * 0.08 if spot.titles and not spot.deck else ch * board_mod.SPOT_ICON_Y  # the deeds' house
        quad = board_mod._quad(S / 2 + spot.x, S / 2 + spot.y, spot.rotate,
                               -size / 2 - board_mod._spot_shift(ctx, spot), cy - size / 2, size, size)
        xs, ys = [x0 + k * x for x, _ in quad], [y0 + k * y for _, y in quad]
        icon = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        label = by_name[str(board_mod.spot_name(ctx, spot)[0])]
        assert not booklet._touch(label, icon, -0.05), (kit, spot.deck or spot.label, label, icon)
        piles += 1
    assert piles >= (1 if kit != "etymonopoly" else 2)


def test_a_panel_is_labelled_with_its_short_name_where_its_title_has_not_the_room(mini):
    """A panel whose title has not the room in the booklet's diagram says its short name (board.yaml ``short``), as
    Euronopoly's speed-trap panels once said 'Traps 2–7' and Tahiti's archipelagos 'Australes' (the bundled kits now
    name each thing alike on the board and in the diagram: a publisher's review); a title with the room says itself."""
    from conftest import edit, loaded

    long = "Everything about the long rules of this panel"
    edit(mini / "board.yaml", "  deck_spots:\n", "  panels:\n"
         f'    - {{id: wide, x: 0, y: -35, width: 28, height: 22, title: "{long}", short: Rules, text: "Some text."}}\n'
         '    - {id: roomy, x: 0, y: 35, width: 60, height: 14, title: Bank, short: B, text: "More text."}\n'
         "  deck_spots:\n")
    problems, pages = _with_rules(mini, "A first short paragraph.\n\n@board\n\nAfter it.")
    page = next(p.front for p in pages[1:] if _pictures(p.front))
    marks = landmarks(Ctx(loaded(mini)[0], problems=Problems()))
    said = {mark.name: plain_words(*(t.text for t in words)) for mark, (_, words) in zip(marks, _labels(page))}
    assert said[long] == plain_words("Rules"), said
    assert said["Bank"] == plain_words("Bank"), said


def test_a_label_reaching_into_the_next_panel_counts_as_over_it():
    """Moneyloopy's 'Reading → Pennsylvania' ran on one line 1 mm into the Auctions panel beside it, pushing that
    one's label to its panel's far end: a title's place lets a label rise over its panel's top, not spread sideways
    over a neighbour (the allowance was taken on every side). Two lines rising under the spot above it win."""
    from pnp.layout.board import Landmark

    game = bundled("moneyloopy").game
    ctx = Ctx(game, problems=Problems())
    k = 118.0 / float(game.board.size)

    def panel(name, x, y, w, h):
        return Landmark(name, (x, y, w, h), None, "title", title=(x + 3.0, y + h - 12.0, w - 6.0, 9.0),
                        words=plain_words(name))

    left = panel("Reading → Pennsylvania", 63.9, 76.9, 111.9, 46.4)
    right = panel("Auctions", 183.9, 85.4, 152.1, 37.8)
    above = Landmark("Chance bids: put your bid here", (91.5, 128.6, 57.0, 89.1), None, "label",
                     words=plain_words("Chance bids: put your bid here"))
    placed = booklet._labels(ctx, [left, right, above], 118.0)
    (box, _), (right_box, _) = placed[0], placed[1]
    rx, ry, rw, rh = (v * k for v in right.box)
    assert not booklet._touch(box, (rx, ry, rw, rh), -booklet.LABEL_HAIR), box
    assert right_box[0] < rx + 2.0  # the Auctions label at its panel's left, in its title's place


@pytest.mark.parametrize("kit,lang", KITS)
def test_no_icon_of_the_diagrams_board_shows_in_slivers_round_a_label(kit, lang):
    """A publisher's review (session 25): corner labels left bits of the corners' art round their slips (Free
    Parking's car, the tollbooths' gates, Go to Jail's badge). The diagram's board draws no icon that a label's
    slip covers a part of."""
    page, slips = _diagram_page(kit, lang)

    def icons(group, m=scene.IDENTITY, inside=False):
        for c in group.children:
            if isinstance(c, scene.Group):
                mm = scene.compose(m, c.transform)
                if inside and str(c.key or "").startswith("icon-") and c.bounds:
                    bx, by, bw, bh = c.bounds
                    corners = [scene.apply(mm, x, y) for x in (bx, bx + bw) for y in (by, by + bh)]
                    xs, ys = [x for x, _ in corners], [y for _, y in corners]
                    yield c.key, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                else:
                    yield from icons(c, mm, inside or str(c.key).startswith("booklet-board-diagram"))

    shown = list(icons(page))
    assert shown  # the board's other icons are there
    hidden = [(key, slip) for key, box in shown for slip in slips if booklet._touch(box, slip, -0.05)]
    assert not hidden, hidden[:3]


def test_a_panels_label_is_a_one_line_tab_set_smaller_where_that_holds_it_inside():
    """A publisher's review (session 25): two-line labels covered their panels' text. A panel's label that one line
    holds inside the panel at a smaller size (down to LABEL_LEAST) is set so, a tab over the panel's title, rather
    than on two lines (Moneyloopy's 'Pennsylvania → B. & O.')."""
    from pnp.layout.board import Landmark

    game = bundled("moneyloopy").game
    ctx = Ctx(game, problems=Problems())
    k = 118.0 / float(game.board.size)
    name = "Pennsylvania → B. & O."
    x, y, w, h = 63.9, 279.9, 111.9, 46.4
    mark = Landmark(name, (x, y, w, h), None, "title", title=(x + 3.0, y + h - 12.0, w - 6.0, 9.0),
                    words=plain_words(name))
    ((box, drawn),) = booklet._labels(ctx, [mark], 118.0)
    sizes = {round(t.size, 2) for t in scene.walk_text(drawn)}
    assert _lines(drawn) == 1 and max(sizes) < LABEL_PT and min(sizes) >= LABEL_LEAST, (sizes, _lines(drawn))
    assert x * k - 1e-6 <= box[0] and box[0] + box[2] <= (x + w) * k + 1e-6  # inside the panel's width


def test_a_row_of_piles_and_their_discards_is_labelled_in_line():
    """Monopoly 2.3's row of decks: the piles' labels under their icons, the discards' on their middles (a
    publisher's review: four decks labelled four ways). A deck's empty place names it where its pile does, under the
    room an icon takes: the row's labels stand on one line, each centred on the same height."""
    shared = bundled("monopoly-2-3")
    page = next(p.front for p in shared.pages[1:] if _pictures(p.front))
    marks = landmarks(Ctx(shared.game, problems=Problems()))
    spots = {round(s.y, 1) for s in shared.game.board.centre.deck_spots if s.deck}
    (row,) = [y for y in spots if sum(1 for s in shared.game.board.centre.deck_spots if s.deck and
                                      round(s.y, 1) == y) >= 4]
    names = {str(spot_label) for spot_label in
             (_said_by(shared, s) for s in shared.game.board.centre.deck_spots if round(s.y, 1) == row)}
    middles = {round(box[1] + box[3] / 2, 1) for mark, (box, _) in zip(marks, _labels(page)) if mark.name in names}
    assert len(names) == 4 and len(middles) == 1, middles


def _said_by(shared, spot) -> str:
    """What a deck spot of a bundled kit says (its label, its deck's name, ...)."""
    from pnp.layout.board import spot_name

    return spot_name(Ctx(shared.game, problems=Problems()), spot)[0]


def test_a_thing_is_labelled_with_its_short_name_inside_it_where_its_own_reaches_past(mini):
    """A spot's label that runs far past its spot in the booklet's diagram (Moneyloopy's 'Chance bids: put your bid
    here' once ran twice its spot's width) says its short name (board.yaml ``short``), inside its thing. The bundled
    kits now name their things alike on the board and in the diagram (a publisher's review), so mini shows it."""
    from conftest import edit, loaded

    long = "The luck cards, face down, shuffled before the first roll"
    edit(mini / "board.yaml", "- {deck: luck, x: 0, y: 0}", f'- {{deck: luck, x: 0, y: 0, label: "{long}", short: Luck}}')
    problems, pages = _with_rules(mini, "A first short paragraph.\n\n@board\n\nAfter it.")
    page = next(p.front for p in pages[1:] if _pictures(p.front))
    (x0, y0, k), = _pictures(page)
    marks = landmarks(Ctx(loaded(mini)[0], problems=Problems()))
    ((mark, (box, words)),) = [(m, lb) for m, lb in zip(marks, _labels(page)) if m.name == long]
    assert plain_words(*(t.text for t in words)) == plain_words("Luck")
    bx, by, bw, bh = mark.box
    assert x0 + k * bx - 1e-6 <= box[0] and box[0] + box[2] <= x0 + k * (bx + bw) + 1e-6, (box, mark.box)


def test_a_boards_caption_is_set_under_its_diagram_centred_on_it(mini):
    """``@board | caption`` (Euronopoly's diagram floats into Setting up: review 4 read it as an interruption with
    no title): the caption's words stand under the diagram's foot, centred on it, and the diagram with its caption
    is drawn at the column's width where the page has the room."""
    caption = "The board and what lies in its middle"
    problems, pages = _with_rules(mini, f"A first short paragraph.\n\n@board | {caption}\n\nAfter it.")
    assert not [p for p in problems.items if p.code in ("E-rules-block", "W-rules-figure")]
    (n, (x, foot, k)), = [(n, p) for n, page in enumerate(pages[1:], 1) for p in _pictures(page.front)]
    assert abs(k * _board_size(mini) - COLUMN) < 1e-6
    def runs(group, m=scene.IDENTITY):
        for c in group.children:
            if isinstance(c, scene.Group) and not c.miniature:
                yield from runs(c, scene.compose(m, c.transform))
            elif isinstance(c, scene.Text):
                yield (*scene.apply(m, c.x, c.y), c)

    (left, y, line), = [(at, y, t) for at, y, t in runs(pages[n].front) if t.text == caption]
    assert foot - 8.0 < y < foot  # under the diagram, close to it
    assert abs(left + line.width / 2 - (x + COLUMN / 2)) < 0.5  # centred on it
    after = [at for at, t in _texts(pages[n].front, labels=False) if t.text == "After it."]
    assert after and after[0] < y  # the text after the diagram comes after its caption


def test_a_board_block_takes_only_a_caption_after_a_bar(mini):
    problems, _ = _with_rules(mini, "A paragraph.\n\n@board The board")
    (p,) = [p for p in problems.items if p.code == "E-rules-block"]
    assert "@board | The board" in p.message


def test_a_text_a_labels_slip_covers_a_line_of_goes_whole():
    """A publisher's review (rev28) read '1,000 MU.' / '200 MU more.' round Euronopoly's Start label: the slip hid
    the lines it covered and left the others of the corner's text. A block's lines (a group's runs of one size, its
    bold amounts too) go together where a slip covers one of them; another size in the group (the corner's name)
    is judged on its own, and a block no slip touches stays."""
    game = bundled("euronopoly").game
    ctx = Ctx(game, problems=Problems())
    lines = [scene.Text(10.0, 50.0 - 4.0 * n, words, "Body", 8.0, "#000000", width=30.0)
             for n, words in enumerate(("Pass Start:", "1,000 MU.", "Stop on it:", "200 MU more."))]
    name = scene.Text(10.0, 20.0, "Elsewhere", "Heading", 14.0, "#000000", width=30.0)
    block = scene.Group([*lines, name])
    other = scene.Group([scene.Text(100.0, 50.0, "Far away", "Body", 8.0, "#000000", width=30.0)])
    slip = (8.0, 41.0, 20.0, 3.0)  # over the third line only
    kept = booklet._unnamed(ctx, [], [slip])(scene.Group([block, other]))
    said = [t.text for t in scene.walk_text(kept)]
    assert said == ["Elsewhere", "Far away"], said


@pytest.mark.parametrize("kit,lang", [("tahiti", None), ("tahiti", "en"), ("etymonopoly", None)])
def test_a_panels_label_covers_no_other_landmark(kit, lang):
    """A publisher's review (rev30): Tahiti's 'Leeward / Islands', two lines in its title's place, rose 1 mm over
    the Tuamotu panel above and hid its text, the rise allowance (LABEL_RISE) having been taken against the panel
    above as well as its own. A label over another landmark now weighs LABEL_OVER wherever it is, and a panel's
    label may also stand from its top left down over its own text: no panel's label reaches over another thing above
    or below it (a one-line label may still reach a millimetre into a neighbour's side margin)."""
    shared = bundled(kit, lang)
    ctx = Ctx(shared.game, problems=Problems())
    marks = landmarks(ctx)
    page, _ = _diagram_page(kit, lang)
    (_, _, k), = _pictures(page)  # the diagram at the size the booklet prints it
    for mark, (box, _) in zip(marks, booklet._labels(ctx, marks, k * float(shared.game.board.size))):
        if mark.title is None:
            continue
        for other in marks:
            if other is not mark:
                ox, oy, ow, oh = (v * k for v in other.box)
                across = min(box[0] + box[2], ox + ow) - max(box[0], ox)  # how far they share a column
                down = min(box[1] + box[3], oy + oh) - max(box[1], oy)  # ... and a row
                # a one-line label may reach a hair into a neighbour's side margin, never over its text's lines
                assert not (across > 1.0 and down > booklet.LABEL_HAIR), (mark.name, other.name, box)
