"""Issue 33, the booklet's lists at page breaks (the editor's review): a heading over a list never ends a page with
one bullet under it, a list's short first item never ends a page alone, and its short last item never starts one
alone."""
from __future__ import annotations

from pnp.layout.booklet import HEAD_LINES, booklet_pages, set_pages
from pnp.layout.common import Ctx
from pnp.problems import Problems

from conftest import loaded
from test_booklet import _texts, _with_rules
from test_booklet_float import _page_of

#: the paragraph that fills the page, longer each time so the list meets the page's foot at every height
FILL = "Words to fill the page."
SENTENCES = range(80, 124, 2)


def _runs(mini, tail: str):
    """For each fill, the page of every text run starting "Item" or "Heading" (list items are one line each)."""
    out = []
    for sentences in SENTENCES:
        para = " ".join([FILL] * sentences)
        _, pages = _with_rules(mini, para + "\n\n" + tail)
        out.append((sentences, _page_of(pages, "Item", "Heading")))
    return out


def test_a_heading_over_a_list_keeps_at_least_head_lines_of_it_on_its_page(mini):
    """Tahiti's "Les cases" ended page 4 with one bullet under it, the list going on overleaf. Three lines, as under
    every heading (they cost Moneyloopy its board picture before the rule yielded to a sheet of paper)."""
    items = "\n".join(f"- Item{k} short." for k in range(1, 7))
    for sentences, at in _runs(mini, "## Heading over a list\n\n" + items + "\n\nAfter the list."):
        heading = at["Heading over a list"]
        with_it = [k for k in range(1, 7) if at[f"Item{k} short."] == heading]
        assert len(with_it) >= HEAD_LINES >= 2, (sentences, at)


def test_a_short_last_item_never_starts_a_page_alone_nor_a_short_first_item_ends_one(mini):
    """Euronopoly's set-up step 5 opened page 4, cut off from steps 1 to 4; Monopoly 2.3 ended a page with the first
    bullet of a list going on overleaf."""
    items = "\n".join(f"{k}. Item{k} short." for k in range(1, 6))
    split = 0
    for sentences, at in _runs(mini, "Lead-in paragraph before the steps.\n\n" + items + "\n\nAfter the list."):
        page = [at[f"Item{k} short."] for k in range(1, 6)]
        assert page[-1] == page[-2], (sentences, page)
        assert page[0] == page[1], (sentences, page)
        split += len(set(page)) > 1
    assert split  # the list did meet a page break


def test_a_long_item_next_to_a_short_one_still_splits_as_a_paragraph(mini):
    """The item kept with a short first or last one is at most KEEP_ITEM_LINES long: a longer one is set as a
    paragraph (split with two lines a side), so a long item never leaves most of a page blank."""
    long = " ".join(["Item2 runs on and on."] * 30)
    items = f"- Item1 short.\n- {long}\n- Item3 short."
    for sentences in SENTENCES:
        para = " ".join([FILL] * sentences)
        _, pages = _with_rules(mini, para + "\n\n" + items)
        for page in pages[1:-1]:
            lowest = min((y for y, t in _texts(page.front) if t.text.strip()), default=None)
            texts = [t.text for _, t in _texts(page.front)]
            if any("Item2" in t for t in texts) and not any("Item3" in t for t in texts):
                assert lowest is not None and lowest < 40, (sentences, lowest)  # the page is filled to its foot


# --------------------------------------------------------------------------- a heading keeps three lines under it
def _sections(mini, first: str, heading: str, second: str):
    """The booklet of two sections, ``first`` (under "Playing") and ``heading`` over ``second``: its pages and
    whether its headings keep HEAD_LINES lines (``_Pages.heads``: the rule yields where it costs a sheet)."""
    indent = lambda text: "\n".join("      " + line for line in text.split("\n"))  # noqa: E731
    (mini / "rules.yaml").write_text(
        "title: Rules of play\nsections:\n  - heading: Playing\n    covers: [components, setup, turn, winning, jail, "
        f"building, cards]\n    text: |\n{indent(first)}\n  - heading: {heading}\n    text: |\n{indent(second)}\n",
        encoding="utf-8")
    kit, _ = loaded(mini)
    pages, _ = set_pages(Ctx(kit, problems=Problems()))
    return booklet_pages(Ctx(kit, problems=Problems())), pages.heads


def _under(pages, heading: str) -> tuple[int, int, int]:
    """The page of ``heading``, how many lines of text are set under it there, and on the pages after it."""
    for n, page in enumerate(pages):
        at = [y for y, t in _texts(page.front) if t.text.replace("\xa0", " ") == heading]  # as written
        if at:
            lines = {round(y, 1) for y, t in _texts(page.front) if 15 < y < at[0] - 1 and t.text.strip()}
            later = sum(len({round(y, 1) for y, t in _texts(p.front) if 15 < y < 195 and t.text.strip()})
                        for p in pages[n + 1:-1])
            return n, len(lines), later
    raise AssertionError(f"{heading!r} on no page")


def test_a_heading_keeps_three_lines_of_its_paragraph_on_its_page(mini):
    """A heading over a long paragraph meeting the page's foot keeps HEAD_LINES of its lines there (it kept two)."""
    para = " ".join(["Next words run on and on."] * 40)
    seen = 0
    for sentences in SENTENCES:
        pages, heads = _sections(mini, " ".join([FILL] * sentences) + "\n\n## Heading over a paragraph\n\n" + para,
                                 "Ending", "The end.")
        page, lines, _ = _under(pages, "Heading over a paragraph")
        if heads:
            seen += 1
            assert lines >= HEAD_LINES == 3, (sentences, page, lines)
    assert seen


def test_a_heading_over_a_sentence_goes_over_with_what_follows_it(mini):
    """Tahiti's page 9 ended with the section's heading "Hypothèques" and its one sentence, the section going on
    overleaf under a subheading; a heading over a one-line paragraph keeps two lines of the next block with them."""
    rest = "## Sub one\n\n" + " ".join(["Sub words run on and on."] * 30) + "\n\nLast words of all."
    tail = "One sentence only.\n\n"
    met = set()  # the pages the heading went on: it met a page's foot
    for sentences in range(84, 96):
        pages, heads = _sections(mini, " ".join([FILL] * sentences), "Hypotheques", tail + rest)
        page, lines, later = _under(pages, "Hypotheques")
        if heads and later:
            assert lines >= HEAD_LINES, (sentences, page, lines)
        met.add(page)
    assert len(met) > 1
    para = " ".join(["Second words run on and on."] * 30)
    for sentences in range(84, 96):  # a one-line paragraph, then a paragraph: two lines of it at least
        pages, heads = _sections(mini, " ".join([FILL] * sentences), "Hypotheques", tail + para)
        page, lines, later = _under(pages, "Hypotheques")
        if heads and later:
            assert lines >= HEAD_LINES, (sentences, page, lines)


def test_a_subheading_whose_text_is_one_sentence_is_complete_at_a_pages_foot(mini):
    """Monopoly 2.3's "Stations" and its one line end a page; the next subheading goes over with its text: the
    first subheading's text is whole, so it stays."""
    text = "## Stations\n\nOne line of stations.\n\n## Utilities\n\n" + " ".join(["Utility words run on."] * 30)
    stayed = 0
    for sentences in SENTENCES:
        pages, heads = _sections(mini, " ".join([FILL] * sentences) + "\n\n" + text, "Ending", "The end.")
        page, lines, _ = _under(pages, "Stations")
        other, _, _ = _under(pages, "Utilities")
        stayed += heads and page < other and lines == 1
    assert stayed


def test_a_heading_over_a_sentence_and_a_subheading_never_ends_a_page_even_where_the_booklet_is_tight(mini):
    """Where HEAD_LINES would cost a sheet of paper (``_Pages.heads`` off), a heading still keeps LEAST_HEAD_LINES:
    Tahiti's French "Hypothèques" and "Échanges" ended pages over their one sentence, the section going on overleaf,
    and the English "Mortgages" did so even with the rule on: the subheading under its sentence asked for more of
    its list than the heading had kept for it, and went overleaf alone (``_Pages._keep``). At every height the
    heading's page holds the subheading and its first item too, or the heading goes over with them."""
    from pnp.layout import booklet
    from pnp import scene

    rest = ("One sentence only.\n\n## Sub one\n\n- First item of the list, which runs on over two lines of the page "
            "at this size of type.\n- Second item of the list, on two lines of its own as well, to be sure of it.\n"
            "- Third item.\n\n" + " ".join(["Sub words run on and on."] * 30))
    met = set()
    for sentences in range(84, 100):
        _sections(mini, " ".join([FILL] * sentences), "Hypotheques", rest)
        kit, _ = loaded(mini)
        ctx = Ctx(kit, problems=Problems())
        for heads in (False, True):
            pages, _ = booklet._flow(ctx, booklet._cover(ctx, kit.booklet), booklet._back_cover(ctx),
                                     booklet._sections(ctx), True, heads=heads)
            texts = [{t.text.replace("\xa0", " ") for _, t in _texts(scene.Group(page))} for page in pages.pages]
            (page,) = [n for n, t in enumerate(texts) if "Hypotheques" in t]
            assert "Sub one" in texts[page] and any(t.startswith("First item") for t in texts[page]), \
                (sentences, heads)
            met.add(page)
    assert len(met) > 1  # the heading met a page's foot
