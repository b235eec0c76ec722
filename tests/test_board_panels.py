"""The board's centre panels read alike and breathe: the rule panels of one row share one body size (a long text
makes its panel taller, it does not shrink alone: Monopoly 2.3's "Drawing" was set at 8 pt beside "In Jail" at
10 pt), the last line of every panel keeps at least 2 mm to the panel's bottom rule, and the things stacked in a
centre (panels and deck spots) stand at least 5 mm apart. A corner sets its amount (Moneyloopy's tolls) big under
its name, and a tax space says what to do ("Pay £200"), it does not print a bare amount where a price goes."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from pnp import scene
from pnp.content import load_kit
from pnp.editions import Edition
from pnp.fonts import PT
from pnp.layout import board as B
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.text import CAP, DESC

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = (("etymonopoly", None), ("euronopoly", None), ("moneyloopy", None), ("monopoly-2-3", None),
            ("tahiti", None), ("tahiti", "en"))
AIR = 2.0  # mm under a panel's last line, at least
ROW_GAP = 5.0  # mm between things stacked in a centre, at least


@lru_cache(maxsize=None)
def laid_out(name: str, lang: str | None):
    problems = Problems()
    kit = load_kit(ROOT / "content" / name, problems, Edition(lang=lang) if lang else None)
    return Ctx(kit, bleed=3.0, problems=Problems())


def _body(ctx: Ctx, p) -> list[scene.Text]:
    """The runs of a panel's text (its body font; a table's cells come before it, above)."""
    return [t for t in scene.walk_text(B._panel(ctx, p, float(ctx.kit.board.size))) if t.font == ctx.fonts.body]


def _rows(panels) -> list[list]:
    """The panels with a text, by row: the same turn, the same centre height and the same height."""
    rows: dict = {}
    for p in panels:
        if p.text:
            rows.setdefault((round(float(p.rotate)) % 360, round(float(p.y), 1), round(float(p.height), 1)),
                            []).append(p)
    return list(rows.values())


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_the_rule_panels_of_a_row_share_one_body_size(name, lang):
    ctx = laid_out(name, lang)
    for row in _rows(ctx.kit.board.centre.panels):
        sizes = {p.id: round(min(_body(ctx, p), key=lambda t: t.y).size, 2) for p in row if _body(ctx, p)}
        assert len(set(sizes.values())) <= 1, (name, lang, sizes)


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_every_panels_last_line_keeps_air_above_its_bottom_rule(name, lang):
    ctx = laid_out(name, lang)
    for p in ctx.kit.board.centre.panels:
        runs = _body(ctx, p) if p.text else []
        if not runs:
            continue
        last = min(runs, key=lambda t: t.y)
        foot = last.y - DESC * last.size * PT
        assert foot - (-float(p.height) / 2) >= AIR - 1e-6, (name, lang, p.id, round(foot + float(p.height) / 2, 2))
        top = max(t.y + CAP * t.size * PT for t in runs)
        assert top <= float(p.height) / 2 - AIR + 1e-6, (name, lang, p.id)


def _box(poly):
    xs, ys = [x for x, _ in poly], [y for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_things_stacked_in_the_centre_stand_apart(name, lang):
    """A panel over a deck spot or another panel (their extents across overlapping) keeps ROW_GAP of air between
    them: Monopoly 2.3's market row, rules row and building spots were 3 mm apart. (Panels of one chart, a
    family's or an island group's chips that share their size, are one thing and may stand closer.)"""
    ctx = laid_out(name, lang)
    things = [(what, _box(poly), e) for what, poly, e in B._placed_footprints(ctx)
              if what.startswith(("panel", "deck spot"))]
    chips = {}
    for _, _, e in things:
        if hasattr(e, "width") and hasattr(e, "height") and getattr(e, "text", None):
            chips.setdefault((float(e.width), float(e.height)), []).append(e)
    chart = {id(e) for group in chips.values() if len(group) > 2 for e in group}
    close = []
    for i, (a, (ax0, ay0, ax1, ay1), ea) in enumerate(things):
        for b, (bx0, by0, bx1, by1), eb in things[i + 1:]:
            if id(ea) in chart and id(eb) in chart:
                continue
            if min(ax1, bx1) - max(ax0, bx0) > 1e-6:  # one over the other
                gap = max(by0 - ay1, ay0 - by1)
                if gap < ROW_GAP - 1e-6:
                    close.append((a, b, round(gap, 2)))
            elif min(ay1, by1) - max(ay0, by0) > 1e-6:  # side by side
                gap = max(bx0 - ax1, ax0 - bx1)
                if gap < ROW_GAP - 1e-6:
                    close.append((a, b, round(gap, 2)))
    assert not close, (name, lang, close)


def test_a_corners_amount_is_set_big_under_its_name():
    """Moneyloopy's tollbooths: the toll ($100, $200, $300) was the smallest text of the corner; now it is set at
    CORNER_MONEY_PT, under the name (toward the outer vertex), and the instruction over the name keeps 2 mm."""
    ctx = laid_out("moneyloopy", None)
    tolls = [g for g in B.space_geometry(ctx.kit.board) if g.corner and g.space.kind == "tollbooth"]
    assert len(tolls) == 3
    for g in tolls:
        money = B._printed_amount(ctx, g.space)[0]
        runs = list(scene.walk_text(B._corner(ctx, g)))
        name = [t for t in runs if t.text.replace("\u00a0", " ") == g.space.name]
        amount = [t for t in runs if t.text == money]
        text = [t for t in runs if t.font == ctx.fonts.body]
        assert name and amount and text, [t.text for t in runs]
        assert amount[0].size >= 14.0 * g.along / 60 - 1e-6, amount[0].size
        assert amount[0].size > max(t.size for t in text)
        assert amount[0].y < name[0].y  # under the name
        # the instruction's foot is 2 mm clear of the name's tallest letters (ascenders at 0.76 em)
        foot = min(t.y - DESC * t.size * PT for t in text)
        assert foot - (name[0].y + 0.76 * name[0].size * PT) >= AIR, (g.space.id, foot)


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_a_tax_space_says_pay_rather_than_print_a_bare_amount(name, lang):
    """Tahiti's "Impôts sur le revenu" printed "400 000 F" where a property prints its price, and Monopoly 2.3's
    Income Tax "£200": a tax's amount stands in its instruction ("Payez 400 000 F", "Pay £200")."""
    ctx = laid_out(name, lang)
    for g in B.space_geometry(ctx.kit.board):
        s = g.space
        if s.kind != "tax" or g.corner:
            continue
        assert B._printed_amount(ctx, s) is None, (name, lang, s.id)
        assert s.text, (name, lang, s.id)


def test_a_long_text_makes_its_row_small_and_the_maker_hears_of_it(tmp_path):
    """Two panels side by side, one with a text too long for its box at 10 pt: both are set at the size the long
    one needs (not 10 pt beside 6), and the long one is named, with the advice to make it taller."""
    import shutil

    from conftest import edit, loaded

    root = tmp_path / "board36"
    shutil.copytree(ROOT / "tests" / "fixtures" / "board36", root)
    long = " ".join(["Every amount on this board is in pounds, and every rent is paid to the owner."] * 4)
    old = "{id: notes, x: 80, y: -80, width: 100, height: 50, rotate: 45, title: Notes, text: "
    edit(root / "board.yaml", f'    - {old}"Every amount is in pounds."}}',
         f"""    - {{id: notes, x: 40, y: -100, width: 90, height: 26, title: Notes, text: "{long}"}}
    - {{id: more, x: -60, y: -100, width: 90, height: 26, title: More, text: "Short."}}""")
    kit, _ = loaded(root)
    problems = Problems()
    ctx = Ctx(kit, bleed=3.0, problems=problems)
    panels = {p.id: p for p in kit.board.centre.panels}
    sizes = {pid: min(_body(ctx, p), key=lambda t: t.y).size for pid, p in panels.items()}
    assert sizes["notes"] == sizes["more"] < 7.0, sizes
    told = [str(p) for p in problems.items if p.code == "W-text-shrunk" and "taller" in p.message]
    assert len(told) == 1 and "panels[0].text" in told[0], told


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_panels_of_one_size_name_themselves_at_one_size(name, lang):
    """Monopoly 2.3's building spots (64 × 26 mm each): "Brown set" stood bigger than "Light blue set" beside it;
    the titles of panels of one size (building spots, a chart's chips) share one size."""
    ctx = laid_out(name, lang)
    S = float(ctx.kit.board.size)
    by_size: dict = {}
    for p in ctx.kit.board.centre.panels:
        if p.title:
            runs = [t for t in scene.walk_text(B._panel(ctx, p, S)) if t.font == ctx.fonts.heading]
            top = max(runs, key=lambda t: t.y)
            by_size.setdefault((float(p.width), float(p.height)), {})[p.id] = round(top.size, 2)
    for size, titles in by_size.items():
        assert len(set(titles.values())) == 1, (name, lang, size, titles)


def _table_rules(ctx: Ctx, p) -> list[float]:
    """The heights (in the board's frame) of a panel's table rules across: its grid's horizontal lines."""
    g = B._panel(ctx, p, float(ctx.kit.board.size))
    ys = []
    for s in g.children:
        if isinstance(s, scene.Line) and abs(s.y1 - s.y2) < 1e-9:
            ys.append(round(scene.apply(g.transform, s.x1, s.y1)[1], 3))
    return sorted(set(ys), reverse=True)


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_the_tables_of_a_row_of_panels_keep_their_rows_in_line(name, lang):
    """Panels side by side (one turn, one centre height, one height) with tables draw their rows at one height
    from the same top, whatever their number of rows: Euronopoly's "Speed traps 8–12" (a row fewer than "2–7"
    beside it) is as tall a panel as its neighbours, its rows in line with theirs and the spare under its last."""
    ctx = laid_out(name, lang)
    rows: dict = {}
    for p in ctx.kit.board.centre.panels:
        if p.table is not None and not p.rotate:
            rows.setdefault((round(float(p.y), 1), round(float(p.height), 1)), []).append(p)
    seen = 0
    for row in rows.values():
        if len(row) < 2:
            continue
        rules = [_table_rules(ctx, p) for p in row]
        n = min(len(r) for r in rules)
        for r in rules[1:]:
            assert r[:n] == pytest.approx(rules[0][:n], abs=0.01), (name, [p.id for p in row])
        seen += 1
    if name == "euronopoly":
        assert seen and len(_table_rules(ctx, next(p for p in ctx.kit.board.centre.panels
                                                   if p.id == "speed-trap-2"))) == 7


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_a_panels_title_ranges_left_with_its_text(name, lang):
    """A panel's title over a text starts where the text's lines start (Etymonopoly's family chips set their
    titles centred over left-aligned lines: review 10), and a title over a table starts at the panel's inner edge
    with the table's own caption (Euronopoly's table panels centred both beside rule panels ranged left: review
    11); a title alone (a building spot, a place for a pile) stands in the middle of its panel."""
    ctx = laid_out(name, lang)
    texted = 0
    for p in ctx.kit.board.centre.panels:
        if not p.title:
            continue
        drawn = B._panel(ctx, p, float(ctx.kit.board.size))
        runs = list(scene.walk_text(drawn))
        title = [t for t in runs if t.font == ctx.fonts.heading]
        xs = [t.x for t in title]
        if p.table is not None:  # the title and the table's own caption (both in the heading face, over the grid)
            x0 = -float(p.width) / 2 + B.PANEL_PAD  # start at the panel's inner edge, where its grid does (review 11)
            grid = max(s.y1 for s in drawn.children if isinstance(s, scene.Line))
            lines: dict = {}
            for t in (t for t in title if t.y > grid):
                lines.setdefault(round(t.y, 2), []).append(t.x)
            assert all(abs(min(v) - x0) < 0.05 for v in lines.values()), (name, p.id, lines, x0)
            texted += 1
        elif p.text:
            body = [t for t in runs if t.font == ctx.fonts.body]
            assert abs(min(xs) - min(t.x for t in body)) < 0.05, (name, p.id, min(xs), min(t.x for t in body))
            texted += 1
        else:
            from pnp.text import text_width

            ends = [t.x + text_width(t.text, t.font, t.size) for t in title]
            assert abs(min(xs) + max(ends)) < 0.5, (name, p.id)  # centred on the panel's middle (x 0)
    assert texted, name


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_every_rule_panel_prints_at_the_panels_full_size(name, lang):
    """A row of panels shares one size, the least its texts hold at: a few words too many in one panel set its
    whole row smaller (Euronopoly's 'Event fields' at 9.8 pt in a 1 mm shorter box, Monopoly 2.3's lower row at
    9.75 pt), beside panels at PANEL_PT. The kits' panels all print at PANEL_PT."""
    ctx = laid_out(name, lang)
    small = {p.id: min(t.size for t in _body(ctx, p)) for p in ctx.kit.board.centre.panels
             if p.text and _body(ctx, p) and min(t.size for t in _body(ctx, p)) < B.PANEL_PT - 1e-6}
    assert not small, (name, lang, small)
