"""Issue 33, the booklet's lists at page breaks (the editor's review): a heading over a list never ends a page with
one bullet under it, a list's short first item never ends a page alone, and its short last item never starts one
alone."""
from __future__ import annotations

from pnp.layout.booklet import HEAD_LINES

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


def test_a_heading_over_a_list_keeps_at_least_two_of_its_lines_on_its_page(mini):
    """Tahiti's "Les cases" ended page 4 with one bullet under it, the list going on overleaf. (Three lines cost
    Moneyloopy its board picture: its booklet is full to the last line.)"""
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
