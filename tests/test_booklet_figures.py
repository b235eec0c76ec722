"""The rules booklet's figures (``@figure WHAT [WHAT ...] [| caption]``): the kit's own printed items (a title deed,
a deck's card or back, a note or chip, a reference card, a counter, a token) drawn as their sheets print them, side
by side, a vector picture; a figure floats like the board's picture, fills the room a table going whole to the next
page leaves, and is left out where it would cost the booklet a sheet of paper."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pnp import markup, scene
from pnp.cli import cli
from pnp.layout import booklet
from pnp.problems import Problems

from conftest import REFERENCE_KITS, ROOT
from kits_cache import bundled
from test_booklet import _texts, _with_rules


def _items(group, m=scene.IDENTITY) -> list[tuple[float, float, float]]:
    """(x, y, scale) of every item a figure draws on a page (a miniature drawing that is not the board's)."""
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            mm = scene.compose(m, child.transform)
            if child.miniature:
                board = any(isinstance(c, scene.Group) and str(c.key).startswith("booklet-board")
                            for c in child.children)
                if not board:
                    out.append((*scene.apply(mm, 0.0, 0.0), mm[0]))
            else:
                out += _items(child, mm)
    return out


def _page_of(pages, text: str) -> int:
    """The number (1-based) of the first page showing ``text``."""
    for n, page in enumerate(pages, 1):
        if any(text in t.text for _, t in _texts(page.front)):
            return n
    raise AssertionError(f"{text!r} on no page")


def _figure_pages(pages) -> list[int]:
    return [n for n, page in enumerate(pages, 1) if n > 1 and _items(page.front)]


# --------------------------------------------------------------------------- the markup
def test_the_figure_block_parses_its_items_and_caption():
    (block,) = markup.parse("@figure deed:red-1 card:luck:2 back:luck note:5 | A deed, a card and a note")
    assert (block.kind, block.name) == ("generated", "figure") and markup.BLOCKS["figure"] == "items"
    shown, caption, bad = markup.figure(block.arg)
    assert [(s.kind, s.id, s.number) for s in shown] == [("deed", "red-1", 1), ("card", "luck", 2),
                                                        ("back", "luck", 1), ("note", "5", 1)]
    assert caption == "A deed, a card and a note" and bad == []
    # typography's no-break spaces (a French text is typeset before it is read) still part the items
    shown, caption, _ = markup.figure("card:luck:2\u00a0note:5 | Une carte\u202f: la chance")
    assert [s.written for s in shown] == ["card:luck:2", "note:5"] and caption == "Une carte\u202f: la chance"
    assert markup.figure("deed card:luck:0")[2] == ["deed", "card:luck:0"]


@pytest.mark.parametrize("arg, words", [
    ("deed:red1", "did you mean 'red-1'?"),
    ("dede:red-1", "did you mean 'deed'?"),
    ("card:lucky:2", "did you mean 'luck'?"),
    ("card:luck:99", "has 3 cards"),
    ("note:7", "not a banknote's value"),
    ("deed", "kind:id"),
    ("", "names no item"),
])
def test_a_wrong_figure_is_reported_at_its_file_and_line(mini, arg, words):
    problems, _ = _with_rules(mini, f"Some words.\n\n@figure {arg} | A caption")
    found = [p for p in problems.items if p.code == "E-rules-block"]
    assert len(found) == 1, [str(p) for p in problems.items]
    assert words in found[0].message, found[0].message
    assert found[0].loc.file.endswith("rules.yaml") and found[0].loc.line == 8  # the text starts on line 6


def test_validate_exits_1_naming_the_line_of_a_wrong_figure(mini):
    _with_rules(mini, "Some words.\n\n@figure card:luck deed:red-9")
    r = CliRunner().invoke(cli, ["validate", str(mini)])
    assert r.exit_code == 1, r.output
    assert re.search(r"rules\.yaml:8:\d+", r.output) and "E-rules-block" in r.output and "red-9" in r.output
    assert "Traceback" not in r.output


def test_the_explanation_of_the_rule_names_the_figure():
    from pnp.rules.booklet import RULES_BLOCK

    assert "@figure" in RULES_BLOCK.explanation and "deed:SPACE" in RULES_BLOCK.explanation


# --------------------------------------------------------------------------- the drawing
def test_a_figure_is_the_items_own_vector_drawing_centred_in_the_column(mini, tmp_path):
    """The card's own words are text in the booklet's PDF (a vector drawing, no image anywhere); the items sit side
    by side at a reading scale, the row centred in the column, the caption under it."""
    _, pages = _with_rules(mini, "Each card reads as printed.\n\n@figure card:luck:2 back:luck | Two cards")
    (n,) = _figure_pages(pages)
    items = sorted(_items(pages[n - 1].front))
    assert len(items) == 2 and all(0.6 <= k <= 0.7 for _, _, k in items)
    card_w = 57.0 * items[0][2]  # the mini's cards are 57 mm wide, as the bundled kits'
    left, right = items[0][0], items[1][0] + card_w
    assert abs((left - booklet.SIDE) - (booklet.SIDE + booklet.COLUMN - right)) < 0.01
    assert _page_of(pages, "Two cards") == n

    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["build", str(mini), "--out", str(out), "--force", "--only", "rules",
                                 "--layout", "simplex"])
    assert r.exit_code == 0, r.output
    (pdf,) = out.glob("rules-*.pdf")
    from pypdf import PdfReader

    def images(res, seen) -> int:
        xobjects = res.get("/XObject") if res is not None else None
        count = 0
        for ref in (xobjects or {}).values():
            if id(ref) in seen:
                continue
            seen.add(id(ref))
            x = ref.get_object()
            if x.get("/Subtype") == "/Image":
                count += 1
            elif x.get("/Subtype") == "/Form":
                count += images(x.get("/Resources"), seen)
        return count

    reader = PdfReader(str(pdf))
    assert sum(images(page.get("/Resources"), set()) for page in reader.pages) == 0
    words = " ".join(reader.pages[n - 1].extract_text().split())
    assert "Get out of jail free." in words and "Two cards" in words


# --------------------------------------------------------------------------- the flow
def _filled(mini, sentences: int, after_table: str, table_rows: int = 8, found: list | None = None) -> tuple:
    para = " ".join(["Words to fill the page."] * sentences)
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, table_rows + 1))
    problems, pages = _with_rules(mini, para + "\n\n" + table + "\nAfter the table a last line.\n\n" + after_table)
    assert not [p for p in problems.items if p.code.startswith("E-")], [str(p) for p in problems.items]
    if found is not None:
        found[:] = problems.items
    return pages


def test_a_figure_fills_the_room_a_table_leaves_when_it_goes_whole_to_the_next_page(mini):
    """A table of eight rows never splits: meeting a page's foot it goes whole to the next and leaves the foot
    blank. The section's figure after it is set in that room; the text stays in its order."""
    filled = 0
    for sentences in range(60, 140, 4):  # the table meets page 2's foot lower down each time
        pages = _filled(mini, sentences, "@figure counter:house counter:hotel | The buildings")
        table, after = _page_of(pages, "row1"), _page_of(pages, "After the table")
        fig = _figure_pages(pages)
        assert len(fig) == 1 and after == table, sentences  # the text after the table stays after it
        last_words = _page_of(pages, "Words to fill")
        if fig[0] < table:
            filled += 1
            assert fig[0] == table - 1, sentences  # in the room left at the foot of the page before the table
            (x, y, k), _ = sorted(_items(pages[fig[0] - 1].front))
            texts = [ty for ty, _ in _texts(pages[fig[0] - 1].front) if "Words" in _.text]
            assert y < min(texts), sentences  # under the text of its page
        else:
            assert fig[0] >= table  # where it stands, after the table
        assert last_words <= table
    assert filled >= 3


def test_a_figure_is_left_out_where_it_would_take_another_sheet(mini):
    """The booklet's text alone fills its pages: a figure that would take a page more, a sheet of paper, is left out
    (as the board's picture is); the same figure in a booklet with the room is set."""
    kept = left = 0
    for sentences in range(1050, 1250, 25):
        bare = _filled(mini, sentences, "")
        found: list = []
        pages = _filled(mini, sentences, "@figure card:luck:1 card:luck:2 | Two cards of the deck", found=found)
        assert -(-len(pages) // 4) == -(-len(bare) // 4), sentences  # never another sheet for a figure
        warned = [p for p in found if p.code == "W-rules-figure"]
        if _figure_pages(pages):
            kept += 1
            assert not warned
        else:  # left out, and the author told at the figure's own line: rules.yaml's text starts on line 6 (the
            # paragraph, a blank, the header and rule, 8 rows, a blank, the last line, a blank, the figure)
            left += 1
            assert len(pages) == len(bare)
            assert len(warned) == 1 and warned[0].loc.line == 6 + 1 + 2 + 8 + 1 + 1 + 1 + 1, [str(p) for p in warned]
    assert kept and left


# --------------------------------------------------------------------------- the bundled booklets
@pytest.mark.parametrize("kit,lang", [(k, None) for k in REFERENCE_KITS] + [("tahiti", "en")])
def test_every_bundled_booklet_stays_16_pages_and_sets_every_figure_it_writes(kit, lang):
    shared = bundled(kit, lang)  # laid out once a session (tests/kits_cache.py): read only
    game, problems, pages = shared.game, shared.problems, shared.pages
    assert len(pages) == 16
    written = 0
    for section in game.booklet.sections:
        for block in markup.parse(str(section.text)):
            if block.kind == "generated" and block.name == "figure":
                written += len(markup.figure(block.arg)[0])
    assert sum(len(_items(p.front)) for p in pages[1:]) == written
    assert not [p for p in problems.items if p.code in ("E-rules-block", "W-rules-blank")]


def test_a_figure_never_takes_the_place_of_the_boards_picture(mini):
    """The board's picture is judged first: where the booklet has the room for it alone, a figure written before it
    is left out rather than the board (until this was tested, Moneyloopy's two figures pushed its board out)."""
    from test_booklet_board import _pictures as boards

    figure_out = 0
    for sentences in range(500, 800, 20):
        para = " ".join(["Words to fill the page."] * sentences)
        _, alone = _with_rules(mini, para + "\n\n@board\n\nThe end.")
        _, both = _with_rules(mini, para + "\n\n@figure card:luck:1 card:luck:2 | Two cards\n\n@board\n\nThe end.")
        board_alone = sum(len(boards(p.front)) for p in alone[1:])
        assert sum(len(boards(p.front)) for p in both[1:]) == board_alone, sentences
        figure_out += board_alone and not _figure_pages(both)
    assert figure_out


def test_a_wrong_figure_in_a_text_with_templates_is_reported_at_its_own_line(mini):
    """The bundled booklets' texts are templates: a wrong figure among them is still reported at its line, not at the
    section's text field."""
    problems, _ = _with_rules(mini, "You collect {{ salary | money }}.\n\n@money\n\n@figure deed:red-1 | Fine\n\n"
                                    "@figure note:{{ 5 }} card:luk | {{ 'Wrong' }}")
    (p,) = [p for p in problems.items if p.code == "E-rules-block"]
    assert "did you mean 'luck'?" in p.message and p.loc.line == 12, (p.loc, p.message)


def test_the_booklet_of_a_whole_build_shows_its_figures_as_a_booklet_built_alone_does(tmp_path):
    """A build prints its parts one after another and lets each part's drawings go once its sheets are written
    (``build._let_go``); the booklet's figures drew those emptied items, so in a whole build Etymonopoly's counters
    and Breton's card printed as empty outlines (the final review of issue 33's round). The booklet's bytes cannot
    depend on which other parts are built."""
    from pnp.build import BuildOptions, build_game

    whole, alone = tmp_path / "whole", tmp_path / "alone"
    for out, options in ((whole, BuildOptions()), (alone, BuildOptions(parts=("rules",)))):
        problems = Problems()
        assert build_game(ROOT / "content" / "etymonopoly", out, options, problems) is not None
    assert (whole / "rules-a4.pdf").read_bytes() == (alone / "rules-a4.pdf").read_bytes()
