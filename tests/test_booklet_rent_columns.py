"""Issue 33, the booklet's property table (reviews 11 and 12): each step of a rent ladder in a column of its own, its
figures on one right edge from row to row, under a short head where the kit gives them (terms.rent_heads), beside the
other columns (Monopoly 2.3) or on a line under each property (Tahiti, Euronopoly), where a row of dotted rents of
their own widths could not be read down."""
from __future__ import annotations

import shutil

import pytest

from pnp import scene
from pnp.layout.table import cell_text

from conftest import ROOT, edit, loaded
from kits_cache import bundled
from test_booklet import _texts

#: mm: two runs of one cell (a figure set in pieces) are nearer than this
JOIN = 0.3


def _lines(shapes) -> dict[float, list[tuple[float, float, str, str]]]:
    """A page's lines of text by baseline: its cells, each (left, right, text, font), runs nearer than JOIN joined."""
    rows: dict[float, list] = {}
    for y, t in _texts(scene.Group(list(shapes))):
        rows.setdefault(round(y, 2), []).append(t)
    out = {}
    for y, ts in rows.items():
        cells: list[list] = []
        for t in sorted(ts, key=lambda t: t.x):
            if cells and t.x - cells[-1][1] < JOIN:
                cells[-1][1], cells[-1][2] = t.x + t.width, cells[-1][2] + t.text
            else:
                cells.append([t.x, t.x + t.width, t.text, t.font])
        out[y] = [tuple(c) for c in cells]
    return out


def _plain(text: str) -> str:
    return "".join(text.split()).replace("\u202f", "").replace("\u00a0", "")


def _columns(pages, ladders: dict[str, list[str]], heads: list[str] | None):
    """For each page of the table: the right edges of its heads (None without heads) and of each ladder found on it."""
    found = []
    for shapes in pages:
        lines = _lines(shapes)
        head = None
        if heads:
            for cells in lines.values():
                texts = [c[2] for c in cells]
                for i in range(len(texts) - len(heads) + 1):
                    if texts[i:i + len(heads)] == heads:
                        head = [c[1] for c in cells[i:i + len(heads)]]
        rows = []
        for cells in lines.values():
            texts = [_plain(c[2]) for c in cells]
            for name, rents in ladders.items():
                want = [_plain(r) for r in rents]
                for i in range(len(texts) - len(want) + 1):
                    if texts[i:i + len(want)] == want:
                        rows.append((name, [c[1] for c in cells[i:i + len(want)]]))
        if rows:
            found.append((head, rows))
    return found


def _ladders(shared) -> dict[str, list[str]]:
    kit = shared.ctx.kit if hasattr(shared, "ctx") else shared
    return {str(t.space): [cell_text(shared.ctx, r) for r in t.rent] for t in kit.titles.titles if t.rent}


@pytest.mark.parametrize("kit, lang", [("monopoly-2-3", None), ("moneyloopy", None), ("etymonopoly", None),
                                       ("euronopoly", None), ("tahiti", None), ("tahiti", "en")],
                         ids=lambda v: v or "")
def test_each_rent_step_stands_in_a_column_under_its_head(kit, lang):
    shared = bundled(kit, lang)
    heads = [str(h) for h in shared.ctx.kit.game.terms.rent_heads]
    ladders = _ladders(shared)
    found = _columns(shared.flowed[0].pages, ladders, heads)
    assert {name for _, rows in found for name, _ in rows} == set(ladders)  # every street's ladder, whole, on a line
    for head, rows in found:
        assert head is not None, "a page of the table without its heads"
        for name, rights in rows:
            assert rights == pytest.approx(head, abs=0.01), name  # each figure ends where its step's head does


def test_without_heads_the_steps_still_stand_in_columns(tmp_path):
    """A kit that gives no heads (terms.rent_heads) still has its rents in the steps' columns, the table's key saying
    what each step is, in words."""
    game = tmp_path / "euronopoly"
    shutil.copytree(ROOT / "content" / "euronopoly", game)
    edit(game / "game.yaml", '  rent_heads: [Rent, "1", "2", "3", "4", "5", "6", "7", "8", Villa]\n', "")
    from pnp.layout.booklet import set_pages
    from pnp.layout.common import Ctx
    from pnp.problems import Problems
    kit, _ = loaded(game)
    ctx = Ctx(kit, problems=Problems())
    pages, _ = set_pages(ctx)
    ladders = {str(t.space): [cell_text(ctx, r) for r in t.rent] for t in kit.titles.titles if t.rent}
    found = _columns(pages.pages, ladders, None)
    rows = list({tuple(rights): rights for _, page in found for _, rights in page}.values())
    assert rows
    for rights in rows:
        assert rights == pytest.approx(rows[0], abs=0.01)
    keyed = any("holiday house" in c[2] for shapes in pages.pages for cells in _lines(shapes).values() for c in cells)
    assert keyed  # the steps in words over the table


def test_a_ladder_under_its_property_keeps_off_the_last_columns_figures_by_its_band():
    """Where each ladder is set on a line under its property (Tahiti: too long beside the other columns), the line
    lies on a pale band, the heads' band of the header, so its figures read as the heads' row and not as the figures
    of the price, building and mortgage columns over them."""
    shared = bundled("tahiti", None)
    pages = shared.flowed[0].pages
    accent = shared.ctx.kit.game.theme.colours.accent
    from pnp.layout.booklet import UNDER_TINT
    from pnp.layout.common import mix
    pale = mix(accent, "#ffffff", UNDER_TINT)
    bands = [c for shapes in pages for c in _rects(scene.Group(list(shapes))) if c.fill == pale]
    # one under every row, stations' and utilities' too, and one under the heads on each page of the table
    pages_of_table = sum(1 for shapes in pages if any(t.text == "(suite)" for _, t in _texts(scene.Group(list(shapes)))))
    from pnp.layout import booklet
    s = booklet._Setter(shared.ctx, shared.ctx.style)
    (g,) = booklet._Blocks(shared.ctx, s)._properties("", None)
    assert len(g.rows) < len(shared.ctx.kit.titles.titles)  # alike stations share a row (test_booklet_proof)
    assert len(bands) == len(g.rows) + 1 + pages_of_table


def _rects(group) -> list:
    out = []
    for child in group.children:
        if isinstance(child, scene.Group):
            out.extend(_rects(child))
        elif isinstance(child, scene.Rect):
            out.append(child)
    return out


@pytest.mark.parametrize("kit, lang", [("euronopoly", None), ("tahiti", None), ("tahiti", "en")],
                         ids=lambda v: v or "")
def test_a_propertys_figures_over_its_ladder_stand_on_the_ladders_columns(kit, lang):
    """Where the ladder goes on a line under each property, the figures on the property's own line (price,
    building, mortgage) each end on one of the ladder's column edges (review 13: Tahiti's "Prix" stood 6 mm off the
    grid, between two rent columns, belonging to neither); the rent columns are of one width, evenly spaced."""
    from pnp.layout import booklet

    shared = bundled(kit, lang)
    ctx = shared.ctx
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    heads = g.header.under[0].words[0]
    stops = [x for x, _, _ in heads.stops]
    gaps = [b - a for a, b in zip(stops, stops[1:])]
    assert max(gaps) - min(gaps) < 0.01, gaps  # one width, one gap
    indent = g.rows[0].indent
    edges = [sum(g.widths[:j + 1]) - booklet.PAD_X - indent for j in range(1, len(g.widths))]
    for j, edge in enumerate(edges, 1):
        if any(c.lines for r in g.rows for c in r.cells[j:j + 1]):
            assert min(abs(edge - x) for x in stops) < 0.01, (j, round(edge, 2), [round(x, 2) for x in stops])


@pytest.mark.parametrize("kit", ["monopoly-2-3", "moneyloopy", "etymonopoly"])
def test_beside_the_other_columns_the_rents_come_last_under_the_kits_key(kit):
    """A building's price between the rents' heads and the price read as one more step of rent ("Hotel 250 House
    50", review 13): the rents are the table's last columns, and the key over the table says what the heads count
    (terms.rent_key), after the unit."""
    from pnp.layout import booklet

    shared = bundled(kit)
    ctx = shared.ctx
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    last = g.header.cells[-1].lines[0].words[0]
    assert isinstance(last, booklet._Tabbed) and [t for _, t, _ in last.stops] == \
        [str(h) for h in ctx.kit.game.terms.rent_heads]
    key = " ".join(" ".join(w.text for w in ln.words) for ln in g.lead.lines).replace("\u00a0", " ")
    assert " ".join(str(ctx.kit.game.terms.rent_key).split()) in " ".join(key.split())


def test_steps_are_evened_as_far_as_the_room_allows():
    """The narrowest columns rise to one width, as many as the room takes, none past the widest."""
    from pnp.layout.booklet import _level

    assert _level([2.0, 5.0, 3.0], 10.0) == pytest.approx([2.0, 5.0, 3.0])
    assert _level([2.0, 5.0, 3.0], 11.0) == pytest.approx([3.0, 5.0, 3.0])
    assert _level([2.0, 5.0, 3.0], 12.0) == pytest.approx([3.5, 5.0, 3.5])
    assert _level([2.0, 5.0, 3.0], 20.0) == [5.0, 5.0, 5.0]  # the rest goes to the gaps
    assert _level([4.0, 4.0], 9.0) == [4.0, 4.0]


@pytest.mark.parametrize("kit, lang, words", [("euronopoly", None, "× dice total"), ("tahiti", "en", "× the dice")],
                         ids=lambda v: v or "")
def test_a_rent_by_the_dice_reads_in_the_kits_words(kit, lang, words):
    """Euronopoly's speed-trap rent read "50 MU × dice total" on its deeds, "50 × the roll" in the booklet's table
    and "× the dice total" on the board (review 13): the table says it in the kit's words (terms.rolled)."""
    from pnp.layout import booklet

    shared = bundled(kit, lang)
    ctx = shared.ctx
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    printed = " ".join(w.text for r in g.rows for ln in [*(ln for c in r.cells for ln in c.lines), *(r.under or [])]
                       for w in ln.words).replace("\u00a0", " ").replace("\u202f", " ")
    assert words in printed and "× the roll" not in printed


@pytest.mark.parametrize("kit", ["monopoly-2-3", "etymonopoly"])
def test_a_short_price_head_stands_over_the_prices_on_one_line(kit):
    """"Board price" and "List price" took two lines over their figures, or the width the rent columns needed
    (reviews 13, 14): the kit's short head (terms.price_head) stands there on one line, its key saying the rest."""
    from pnp.layout import booklet

    shared = bundled(kit)
    ctx = shared.ctx
    terms = ctx.kit.game.terms
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    lines = g.header.cells[1].lines
    assert len(lines) == 1 and " ".join(w.text for w in lines[0].words) == str(terms.price_head)


@pytest.mark.parametrize("kit, lang", [("euronopoly", None), ("tahiti", None), ("tahiti", "en")],
                         ids=lambda v: v or "")
def test_a_propertys_own_figures_are_set_apart_from_its_rents(kit, lang):
    """On the line under each property the rents stand on the columns' edges, and so do the property's own figures
    on its name line (price, a building's cost): set as the rents, review 14 read them as one more rent; in the heads'
    bold under heads standing over the rents' columns, review 17 still did ("6", "Villa"). Each is said with its
    own word before it ("Price 200", "Apartment 100"), its figure in bold, the rents in the body's face; no head over
    the rents' columns names them."""
    from pnp.layout import booklet

    shared = bundled(kit, lang)
    ctx = shared.ctx
    terms = ctx.kit.game.terms
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    heads = [str(terms.price_head or terms.price), str(terms.building or booklet.words(ctx)["build"])]
    assert not any(ln.words for c in g.header.cells[1:] for ln in c.lines)
    said = 0
    for r in g.rows:
        for c in r.cells[1:]:
            pieces = [p for ln in c.lines for w in ln.words for p in w.pieces]
            if not pieces:
                continue
            word, figure = " ".join(t for t, _ in pieces[:-1]), pieces[-1]
            assert word.replace("\u00a0", " ").strip() in heads, (word, heads)
            assert figure[1] == ctx.fonts.heading and figure[0][0].isdigit(), figure
            assert all(f != ctx.fonts.heading for _, f in pieces[:-1])
            said += 1
    assert said >= len(g.rows)
    rents = [f for r in g.rows for ln in r.under or () for w in ln.words for _, f in w.pieces]
    assert rents and ctx.fonts.heading not in set(rents)


@pytest.mark.parametrize("kit, lang", [("monopoly-2-3", None), ("etymonopoly", None), ("euronopoly", None),
                                       ("tahiti", None), ("tahiti", "en")], ids=lambda v: v or "")
def test_every_rent_by_the_number_owned_says_so(kit, lang):
    """Monopoly 2.3's stations and Etymonopoly's branches printed "25 · 50 · 100 · 200" under the heads of the
    houses' steps (review 15: read as rents by houses); Euronopoly's speed traps said "× dice total" four times
    and not what the four count. Every row of a station's or a utility's rents (rent_by_owned, multipliers) says
    they go by the number owned, in the kit's words, and says the dice once, after the factors said as alternatives
    (review 17 read "4 · 10 × the roll" as the roll times 10 alone)."""
    from pnp import words
    from pnp.layout import booklet

    shared = bundled(kit, lang)
    ctx = shared.ctx
    w = words.of(str(ctx.kit.language or "en"))
    said = (w["owned"], w["by_owned"].format(rent=ctx.kit.game.terms.rent))
    s = booklet._Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    rows = [" ".join(wd.text for ln in [*(ln for c in r.cells for ln in c.lines), *(r.under or [])]
                     for wd in ln.words).replace("\u00a0", " ").replace("\u202f", " ") for r in g.rows]
    titles = [t for t in ctx.kit.titles.titles if ctx.kit.board.space(t.space) is not None]
    assert len(rows) <= len(titles)  # alike stations share a row (test_booklet_proof)
    named = lambda t: " ".join(str(ctx.kit.board.space(t.space).name).split())  # noqa: E731
    plain = lambda text: text.replace("’", "'")  # noqa: E731  (King’s Cross, as typeset)
    owned = [(t, next(row for row in rows if named(t) in plain(row))) for t in titles
             if t.rent_by_owned or t.multipliers]
    assert owned
    for t, row in owned:
        assert any(x.replace("\u00a0", " ") in row for x in said), row
        if t.multipliers:
            assert row.count("×") == 1, row
            # the factors as alternatives ("4 or 10 × the roll"): dotted, the dice read as the last one's alone
            assert len(t.multipliers) < 2 or f" {w['or']} " in row and " · " not in row.split(":")[-1], row
