"""Booklet tables only as wide as their content: a table whose every cell fits on one line is set snug (its columns as
wide as their longest cells, booklet.GUTTER mm between their texts, left-aligned with the text column), unless it
would take more than booklet.SNUG_MOST of the column; a publisher's reviewer found Monopoly 2.3's three-number
utility table and two-column house-price table stretched over the whole column, their figures far apart. The header
band, the rules and the cells follow the table's widths, whatever they are."""
from __future__ import annotations

import dataclasses

import pytest

from pnp import scene
from pnp.layout import booklet
from pnp.layout.booklet import COLUMN, GUTTER, PAD_X, SIDE, SNUG_MOST, _Setter
from pnp.layout.common import Ctx

from conftest import REFERENCE_KITS, ROOT, loaded
from kits_cache import bundled
from test_booklet import _diagram

EPS = 0.01


def _setter():
    game, problems = loaded(ROOT / "content" / "monopoly-2-3", checked=True)
    ctx = Ctx(game, problems=problems)
    return _Setter(ctx, ctx.style)


def _flat(group, m=scene.IDENTITY, out=None) -> list:
    """A page's shapes where they are drawn (its groups moved into place), pictures (the board's diagram with its
    labels) left out."""
    out = [] if out is None else out
    for child in group.children if isinstance(group, scene.Group) else group:
        if isinstance(child, scene.Group):
            if not child.miniature and not _diagram(child):
                _flat(child, scene.compose(m, child.transform), out)
        elif isinstance(child, scene.Line):
            (x1, y1), (x2, y2) = scene.apply(m, child.x1, child.y1), scene.apply(m, child.x2, child.y2)
            out.append(dataclasses.replace(child, x1=x1, y1=y1, x2=x2, y2=y2))
        elif isinstance(child, (scene.Rect, scene.Text)):
            x, y = scene.apply(m, child.x, child.y)
            out.append(dataclasses.replace(child, x=x, y=y))
    return out


def _rules(page) -> list[scene.Line]:
    """A page's thin horizontal lines from the text column's left edge: the rules under a table's rows."""
    return [s for s in page if isinstance(s, scene.Line) and abs(s.y1 - s.y2) < 1e-9 and s.width < 0.5
            and abs(s.x1 - SIDE) < EPS]


def _tables(page) -> list[tuple[scene.Rect, list[scene.Line], list[scene.Text]]]:
    """Each table begun on a page under its header band: the band, the rules under its rows (from the header's own
    down, as long as they follow on row by row at the band's width) and the texts of its rows."""
    rules = sorted(_rules(page), key=lambda s: -s.y1)
    texts = [s for s in page if isinstance(s, scene.Text)]
    out = []
    for band in (s for s in page if isinstance(s, scene.Rect) and s.fill and abs(s.x - SIDE) < EPS):
        if any(abs(r.y1 - band.y) < EPS and r.x2 - r.x1 > band.w + EPS for r in rules):
            continue  # a row's head (a two-way table's first column), on its row's rule: no header band
        under = [r for r in rules if r.y1 <= band.y + EPS]
        mine: list[scene.Line] = []
        for r in under:
            last = mine[-1].y1 if mine else band.y
            if abs(r.x2 - r.x1 - band.w) > EPS or last - r.y1 > 2 * band.h + EPS:
                break
            mine.append(r)
        low = mine[-1].y1 if mine else band.y
        inside = [t for t in texts if low < t.y < band.y + band.h and t.x >= SIDE - EPS]
        out.append((band, mine, inside))
    return out


def _flowed_tables(kit: str, lang: str | None = None):
    pages = bundled(kit, lang).flowed[0].pages
    return [(n, t) for n, page in enumerate(pages[1:-1], 1) for t in _tables(_flat(page))]


def test_monopoly_23s_utility_and_house_price_tables_are_as_wide_as_their_content():
    """The review's two tables: "Roll | 1 | 2" narrower than half the column, "Colour sets | One house or hotel"
    narrower than the column, each band and every rule of the table as wide as the table, its figures right-aligned
    at the band's right edge less the cell's padding."""
    found = {}
    for _, (band, rules, texts) in _flowed_tables("monopoly-2-3"):
        head = [t.text for t in texts if band.y - EPS <= t.y <= band.y + band.h]
        for word in ("Roll", "Colour sets"):
            if word in head:
                found[word] = (band, rules, texts)
    assert set(found) == {"Roll", "Colour sets"}, found.keys()
    band, rules, texts = found["Roll"]
    assert band.w < COLUMN / 2, band.w
    assert len(rules) == 12 and all(abs(r.x2 - r.x1 - band.w) < EPS for r in rules)  # the header's and 11 rolls'
    right = [t for t in texts if t.text in ("120", "100") or t.text == "2" and t.y > band.y]  # the header's "2"
    assert right and all(abs(t.x + t.width - (SIDE + band.w - PAD_X)) < EPS for t in right)
    band, rules, _ = found["Colour sets"]
    assert band.w < SNUG_MOST * COLUMN, band.w


@pytest.mark.parametrize("kit,lang", [(k, None) for k in REFERENCE_KITS] + [("tahiti", "en")])
def test_every_table_band_and_rule_spans_exactly_its_rows(kit, lang):
    """Every table's header band is as wide as its rules and never wider than its widest row: a table set snug ends
    PAD_X after its widest cell's text, one at the full measure is the column's width; a snug table is at most
    SNUG_MOST of the column (or as wide as its caption), and nothing of its rows is drawn past the band."""
    tables = _flowed_tables(kit, lang)
    assert tables
    pages = bundled(kit, lang).flowed[0].pages
    all_texts = {n: [t for t in _flat(page) if isinstance(t, scene.Text)] for n, page in enumerate(pages[1:-1], 1)}
    snug = 0
    for n, (band, rules, texts) in tables:
        assert rules and all(abs(r.x2 - r.x1 - band.w) < EPS for r in rules), (n, band.w, [r.x2 - r.x1 for r in rules])
        ends = [t.x + t.width for t in texts]
        assert ends and max(ends) <= SIDE + band.w - PAD_X + EPS, (n, band.w, max(ends) - SIDE)
        if band.w < COLUMN - EPS:
            snug += 1
            # at most SNUG_MOST of the column, or as wide as the one-line caption over it
            over = [t for t in all_texts[n] if band.y + band.h < t.y < band.y + band.h + 8.0 and t.size > 9.0]
            caption = max((t.x + t.width - SIDE for t in over), default=0.0)
            assert band.w <= max(SNUG_MOST * COLUMN, caption) + EPS, (n, band.w, caption)
            assert abs(max(ends) - (SIDE + band.w - PAD_X)) < EPS, (n, band.w, max(ends) - SIDE)
        else:
            assert abs(band.w - COLUMN) < EPS, (n, band.w)
    assert snug  # every bundled booklet has a small table


def test_a_snug_table_keeps_a_gutter_between_its_columns_texts():
    """A table of a label column and two columns of figures: each column as wide as its longest text and its
    padding, GUTTER mm between the texts of neighbouring columns (the white on the free side of the texts: before
    the right-aligned figures), and the figures right-aligned."""
    s = _setter()
    rows = [["Roll", "One", "Both"], ["2", "10", "20"], ["12", "50", "120"]]
    g = s.grid(rows, True, None)
    assert sum(g.widths) < COLUMN / 3
    head, body = s.ctx.fonts.heading, s.body.plain
    wide = [max(booklet.text_width(r[j], head if i == 0 else body, g.size) for i, r in enumerate(rows))
            for j in range(3)]
    # column 0 ends PAD_X after its widest text; the figures' columns take the gutter on their left
    assert abs(g.widths[0] - (wide[0] + 2 * PAD_X)) < EPS
    assert abs(g.widths[1] - (wide[1] + GUTTER)) < EPS and abs(g.widths[2] - (wide[2] + GUTTER)) < EPS
    assert all(c.right for r in g.rows for c in r.cells[1:]) and not any(r.cells[0].right for r in g.rows)


def test_a_table_that_wraps_or_is_nearly_full_keeps_the_full_measure():
    """A table whose cells wrap, one whose content takes more than SNUG_MOST of the column, and one whose key or
    caption is wider than SNUG_MOST of it are stretched to the column as before; a key or a caption wider than the
    table, but not so wide, sets the table at its width (review 17: Euronopoly's risk caption ran past its table)."""
    s = _setter()
    long = " ".join(["a rule of some length"] * 8)
    assert abs(sum(s.grid([["Case", "Rule"], ["One", long]], True, None).widths) - COLUMN) < EPS
    wide = "x" * next(n for n in range(10, 200) if booklet.text_width("x" * n, s.body.plain, booklet.TABLE_PT)
                      > (SNUG_MOST - 0.05) * COLUMN)
    g = s.grid([["Name", "Count"], [wide, "1"]], True, None)
    assert not any(len(c.lines) > 1 for r in g.rows for c in r.cells)  # on one line, yet nearly the whole column
    assert abs(sum(g.widths) - COLUMN) < EPS
    short = [["A", "B"], ["1", "2"]]
    assert sum(s.grid(short, True, None).widths) < COLUMN / 4
    key = "A key of a few words, wider than the table"
    g = s.grid(short, True, None, lead=key)
    assert abs(sum(g.widths) - max(ln.width for ln in g.lead.lines)) < EPS < COLUMN - sum(g.widths)
    g = s.grid(short, True, None, caption="A caption of a few words")
    assert abs(sum(g.widths) - max(ln.width for ln in g.caption.lines)) < EPS < COLUMN - sum(g.widths)
    assert abs(sum(s.grid(short, True, None, lead=" ".join([key] * 3)).widths) - COLUMN) < EPS
    assert abs(sum(s.grid(short, True, None, caption=" ".join([key] * 3)).widths) - COLUMN) < EPS
