"""What a proofreader found in the bundled booklets (issue 33), held for every kit."""
from __future__ import annotations

import pytest

from pnp.layout import booklet
from pnp.layout.booklet import _Setter
from pnp.layout.common import Ctx

from conftest import REFERENCE_KITS
from kits_cache import bundled, checked


def _line_texts(t) -> list[str]:
    return [" ".join("".join(p[0] for p in w.pieces) for w in ln.words) for ln in t.lines]


def without_heads(kit: str, tmp_path):
    """A copy of the bundled ``kit`` without heads over its rents (terms.rent_heads), loaded and checked: its table's
    key then says each step in words."""
    import re
    import shutil

    from conftest import ROOT, loaded

    game = tmp_path / kit
    shutil.copytree(ROOT / "content" / kit, game)
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^  rent_heads:.*\n(?:    - .*\n)*", "", text, flags=re.M), encoding="utf-8")
    return loaded(game, checked=True)


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_the_rent_ladder_under_a_property_table_breaks_only_between_its_steps(kit, tmp_path):
    """Monopoly 2.3's note split "Set with / 2 houses", Etymonopoly's "…with / 1 reconstruction": each step of the
    ladder stays whole on its line (the key of a kit without heads over its rents, which says the steps in words)."""
    game, problems = without_heads(kit, tmp_path)
    assert game.game.terms.rent_heads is None
    ctx = Ctx(game, problems=problems)
    s = _Setter(ctx, ctx.style)
    (g,) = booklet._Blocks(ctx, s)._properties("", None)
    steps = [" ".join(str(x).split()) for x in game.game.terms.rent_ladder]
    lines = [ln.replace("\u00a0", " ").replace("\u202f", " ") for ln in _line_texts(g.lead)]
    assert len(lines) > 1
    split = [step for step in steps if not any(step in ln for ln in lines)]
    assert not split, (split, lines)


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_a_property_tables_key_stands_over_its_header(kit):
    """The key of a property table (its unit, the rent ladder's steps) is set between its heading and its header, not
    under its last row (the review: Etymonopoly's came a page after the table's start, under its continuation)."""
    from pnp import words

    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    (g,) = booklet._Blocks(ctx, _Setter(ctx, ctx.style))._properties("", None)
    assert g.lead is not None and g.note is None
    key = [ln.replace("\u00a0", " ").replace("\u202f", " ") for ln in _line_texts(g.lead)]
    lines = [ln.replace("\u00a0", " ").replace("\u202f", " ") for ln in _page_lines(kit)]
    at = lines.index(key[0])
    header = words.of(game.language)["property"]
    assert lines[at + len(key)].startswith(header), (kit, lines[at:at + len(key) + 2])


def _page_lines(kit: str, lang: str | None = None) -> list[str]:
    """Every line of the booklet's text pages, its runs joined left to right (the figures' and board's own texts
    left out: they are drawn, not set)."""
    from kits_cache import bundled
    from test_booklet import _texts
    out = []
    for page in bundled(kit, lang).pages[1:]:
        lines: dict[float, list] = {}
        for y, t in _texts(page.front):
            lines.setdefault(round(y, 1), []).append(t)
        out += [" ".join(t.text for t in sorted(ts, key=lambda t: t.x)) for _, ts in sorted(lines.items(),
                                                                                               reverse=True)]
    return out


def test_a_name_and_its_number_never_part_at_a_lines_end():
    """Moneyloopy's "and section 4 from Tollbooth / 3 to Boardwalk": a capitalised word inside a sentence keeps the
    number after it (a name and its number); a word starting a sentence may still break from one ("Roll / 8")."""
    game, problems = checked("moneyloopy")
    ctx = Ctx(game, problems=problems)
    s = _Setter(ctx, ctx.style)
    for width in range(40, 118, 3):
        t = s.text([booklet.markup.Span("The jump skips it: section 4 runs from Tollbooth 3 to Boardwalk, and "
                                        "section 2 from Tollbooth 1 to New York Avenue.")], width=float(width))
        lines = _line_texts(t)
        assert not any(ln.endswith("Tollbooth") for ln in lines), (width, lines)
    assert not [ln for ln in _page_lines("moneyloopy") if ln.rstrip().endswith("Tollbooth")]


@pytest.mark.parametrize("kit", REFERENCE_KITS)
def test_a_property_tables_building_head_is_the_kits_word(kit):
    """The head over what building costs is the kit's own word where game.yaml gives one (terms.building:
    Etymonopoly's languages are developed, not built: the third review), else pnp's."""
    from pnp import words

    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    (g,) = booklet._Blocks(ctx, _Setter(ctx, ctx.style))._properties("", None)
    heads = [" ".join(" ".join("".join(p[0] for p in w.pieces) for w in ln.words) for ln in cell.lines)
             for cell in g.header.cells]
    want = str(game.game.terms.building) if game.game.terms.building else words.of(game.language)["build"]
    said = " ".join(_line_texts(g.lead))  # a column of one value in every row is said once, in the key
    assert want in heads or want in said, (kit, heads, said)
    assert (kit in ("etymonopoly", "monopoly-2-3", "euronopoly", "tahiti")) == (game.game.terms.building is not None)


def _names(row) -> str:
    return " ".join(" ".join("".join(p[0] for p in w.pieces) for w in ln.words)
                    for ln in row.cells[0].lines).replace("\u00a0", " ")


def test_alike_spaces_of_no_colour_group_share_one_row_of_the_property_table():
    """Euronopoly's booklet printed its four toll stations and four speed traps in eight rows, each pair of lines
    the same but its name (review 16), Monopoly 2.3 and Tahiti their four stations among the streets (review 17):
    alike spaces of no colour group (swatch, icon, price and rents the same) share one row naming them all, each
    name whole, where the first of them stands; streets keep a row each, and so do unalike utilities (Monopoly 2.3's
    bulb and tap)."""
    for kit, kinds in (("euronopoly", 2), ("monopoly-2-3", 3)):
        game, problems = checked(kit)
        ctx = Ctx(game, problems=problems)
        (g,) = booklet._Blocks(ctx, _Setter(ctx, ctx.style))._properties("", None)
        names = [_names(r) for r in g.rows]
        spaces = [game.board.space(t.space) for t in game.titles.titles]
        stations = [game.board.space(t.space) for t in game.titles.titles if t.rent_by_owned]
        assert len(stations) == 4
        (row,) = [n for n in names if str(stations[0].name).replace("'", "’") in n]
        assert all(str(s.name).replace("'", "’") in row for s in stations), row
        streets = [s for s in spaces if s.group]
        assert len(g.rows) == len(streets) + kinds, (kit, names)
        first = next(i for i, s in enumerate(spaces) if not s.group)  # the stations' row where the first stands
        assert names.index(row) == first


def test_a_property_table_breaks_between_colour_groups():
    """Monopoly 2.3's booklet broke its property table inside the greens, Etymonopoly's inside the yellow family
    (review 17): a page break moves back (at most GROUP_BACK rows) to the end of a group."""
    from pnp.layout.booklet import GROUP_BACK, _group_end, _Row

    rows = [_Row([], 5.0, group=g) for g in ("a", "a", "b", "b", "b", None, "c")]
    assert _group_end(rows, 3, 1) == 2  # inside b: back to a's end
    assert _group_end(rows, 5, 1) == 5  # b ends there
    assert _group_end(rows, 4, 3) == 4  # back to 2 would leave fewer than side rows: stays
    assert _group_end([_Row([], 5.0, group="x")] * 6, 4, 1) == 4  # no group's end within GROUP_BACK: stays
    assert GROUP_BACK >= 2
    for kit in ("monopoly-2-3", "tahiti", "euronopoly"):  # Etymonopoly's booklet now splits no table
        pages = bundled(kit).flowed[0]
        assert pages.splits, kit
        game, problems = checked(kit)
        ctx = Ctx(game, problems=problems)
        (g,) = booklet._Blocks(ctx, _Setter(ctx, ctx.style))._properties("", None)
        groups = [r.group for r in g.rows]
        for sides in pages.splits:
            if len(sides) > 1 and sum(sides) == len(groups):
                end = sides[0]
                assert groups[end] is None or groups[end] != groups[end - 1], (kit, sides)


def test_a_two_way_tables_row_heads_are_bold_on_the_headers_tint():
    """Euronopoly's risk table in the booklet: the board shades its rows' heads (the die's faces), the booklet set
    them as bare figures beside the figures they head (review 16)."""
    from pnp import scene
    from pnp.layout.common import mix

    def rects(shape):
        if isinstance(shape, scene.Rect):
            yield shape
        elif isinstance(shape, scene.Group):
            for c in shape.children:
                yield from rects(c)

    game, problems = checked("euronopoly")
    ctx = Ctx(game, problems=problems)
    (g,) = booklet._Blocks(ctx, _Setter(ctx, ctx.style))._table("risk", None)
    assert g.row_heads and len(g.rows) == 6
    for r in g.rows:
        (word,) = r.cells[0].lines[0].words
        assert word.pieces[0][1] == ctx.fonts.heading  # bold
    tint = mix(ctx.colours.accent, "#ffffff", booklet.HEAD_TINT)
    heads = [r for page in booklet.booklet_pages(ctx) for r in rects(page.front)
             if r.fill == tint and abs(r.w - g.widths[0]) < 1e-6]
    assert len(heads) == 6  # the six rows' heads, each as wide as the first column


def test_a_pale_grey_icon_in_the_property_table_takes_the_texts_ink():
    """Etymonopoly's white Tocharians' icon, darkened to a grey, read as a lighter weight beside the branches' black
    (review 17): a pale grey or white icon takes the text's ink; a pale hue is still darkened, keeping its colour."""
    from pnp import scene

    assert booklet._grey("#ffffff") and booklet._grey("#f0f2f1") and not booklet._grey("#f2c12e")
    game, problems = checked("etymonopoly")
    ctx = Ctx(game, problems=problems)
    tocharian = game.board.space(next(t.space for t in game.titles.titles if t.multipliers))
    assert booklet._grey(booklet.space_colour(ctx, tocharian))

    def inks(g, inside=False):
        for c in g.children:
            if isinstance(c, scene.Group):
                yield from inks(c, inside or (c.key or "").startswith(f"icon-{tocharian.icon}-"))
            elif inside and getattr(c, "fill", None):
                yield c.fill

    found = {f for page in booklet.booklet_pages(ctx) for f in inks(page.front)}
    assert ctx.colours.ink in found, found
