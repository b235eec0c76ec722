"""A booklet table whose header is wider than its body (issue 33): the header reaches over its neighbour's rather than
wrap the body's cells."""
from __future__ import annotations

from pnp.layout import booklet
from pnp.layout.booklet import COLUMN, PAD_X, TABLE_PT, _Setter
from pnp.layout.common import Ctx

from conftest import ROOT, loaded


def _setter():
    game, problems = loaded(ROOT / "content" / "monopoly-2-3", checked=True)
    ctx = Ctx(game, problems=problems)
    return _Setter(ctx, ctx.style)


def _extents(g) -> list[tuple[float, float]]:
    """Where each header cell's lines run across the table (mm from its left edge), as ``_Pages._row`` draws them."""
    out, x = [], 0.0
    for width, cell in zip(g.widths, g.header.cells):
        for ln in cell.lines:
            left = x + width - PAD_X - ln.width if cell.right else x + PAD_X
            out.append((left, left + ln.width))
        x += width
    return out


def _apart(g) -> None:
    spans = sorted(_extents(g))
    assert spans[0][0] >= PAD_X - 1e-6 and spans[-1][1] <= COLUMN - PAD_X + 1e-6, spans
    for (_, end), (start, _) in zip(spans, spans[1:]):
        assert start - end >= 2 * PAD_X - 1e-6, spans  # a column's gap between two headers, at least


def test_monopoly_23s_property_names_keep_one_line():
    """Northumberland Avenue, Fenchurch St. Station and Liverpool Street Station wrapped: the four columns' widest
    cells needed 123 mm of the column's 118, their bodies 112 (the headers "Board price" and "Building" over
    figures of three digits). Every cell of the body now keeps one line, the headers on one line over them and clear
    of each other, at the largest size that does it: 8 pt since the rents stand in seven headed columns (a few mm
    wider than the dotted run they replaced), the building column headed 'House' (terms.building)."""
    s = _setter()
    (g,) = booklet._Blocks(s.ctx, s)._properties("", None)
    # (the row naming the four stations, test_booklet_proof, wraps its names by design)
    wrapped = [" ".join("".join(p[0] for p in w.pieces) for w in c.lines[0].words)
               for r in g.rows for c in r.cells if len(c.lines) > 1 and not getattr(r.cells[0].swatch, "hollow", 0)]
    assert not wrapped and booklet.MIN_BODY_PT <= g.size <= TABLE_PT, (wrapped, g.size)
    assert all(len(c.lines) == 1 for c in g.header.cells)
    _apart(g)
    # each figures' header ends where its figures do
    for j, cell in enumerate(g.header.cells):
        if cell.right:
            assert all(r.cells[j].right for r in g.rows)


def test_a_header_reaches_only_over_a_neighbours_free_side():
    """A right-aligned header runs on over a left-aligned neighbour's header (whose text is at its far side); two
    left-aligned columns keep their headers to themselves, and the body wraps as before."""
    s = _setter()
    rows = [["A street of a name " + "x" * 14, "12 · 30 · 90 · 270 · 400 · 550 · 1,100", "100"]] * 3
    head = [["Name", "Rent", "Constructions"]]
    g = s.grid(head + rows, True, None, right={2})
    assert all(len(c.lines) == 1 for r in g.rows for c in r.cells) and g.size == TABLE_PT
    assert len(g.header.cells[2].lines) == 1 and g.header.cells[2].lines[0].width > g.widths[2]  # past its column
    _apart(g)
    g = s.grid(head + rows, True, None, right=set())  # all left-aligned: no header has a free side to reach over
    assert any(len(c.lines) > 1 for r in g.rows for c in r.cells)
    assert all(ln.width <= w - 2 * PAD_X + 1e-6 for w, c in zip(g.widths, g.header.cells) for ln in c.lines)
    _apart(g)
