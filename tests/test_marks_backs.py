"""A back page carries crop marks only where something is printed on it: a token sheet's standees (no back)
leave their cells blank on the back, unmarked."""
from pnp import scene
from pnp.impose import impose
from pnp.layout.common import Item
from pnp.marks import REGISTRATION
from pnp.options import PrintOptions


def _square(colour):
    return scene.Group([scene.Rect(-3, -3, 26, 26, fill=colour)])


def _marks(page_content, ticks_only=False):
    """The crop marks of a page: registration-black hairlines, as (x1, y1, x2, y2); ``ticks_only``: the ticks
    in the gutters alone (a hairline on a white underline), not the marks in the margins."""
    out = []

    def walk(s, m, ticked):
        if isinstance(s, scene.Group):
            tick = any(isinstance(c, scene.Line) and c.stroke == "#ffffff" for c in s.children)
            for c in s.children:
                walk(c, scene.compose(m, s.transform), tick)
        elif isinstance(s, scene.Line) and s.stroke == REGISTRATION and (ticked or not ticks_only):
            out.append((*scene.apply(m, s.x1, s.y1), *scene.apply(m, s.x2, s.y2)))

    walk(page_content, scene.IDENTITY, False)
    return out


def test_a_back_page_marks_only_the_cuts_of_items_with_a_back():
    backed = [Item(id=f"c{i}", kind="counter", width=20, height=20, front=_square("#cc0000"),
                   back=_square("#00cc00")) for i in range(6)]
    bare = [Item(id=f"t{i}", kind="token", width=25, height=80, front=_square("#0000cc")) for i in range(5)]
    sheets = impose(backed + bare, PrintOptions(paper="a4"), "Test", "tokens")
    assert [s.side for s in sheets] == ["front", "back"]
    front, back = sheets
    cuts_x = {round(v, 3) for p in back.placed for v in (p.x, p.x + p.w)}
    cuts_y = {round(v, 3) for p in back.placed for v in (p.y, p.y + p.h)}
    assert {p.item.id for p in back.placed} == {it.id for it in backed}
    marks = _marks(back.page.content)
    assert marks
    for x1, y1, x2, y2 in marks:
        if abs(x1 - x2) < 1e-6:  # a vertical mark marks a vertical cut
            assert round(x1, 3) in cuts_x, (x1, cuts_x)
        else:
            assert round(y1, 3) in cuts_y, (y1, cuts_y)
    assert len(_marks(front.page.content)) > len(marks)  # the front marks the standees' cuts too


def test_a_sheet_without_backs_has_no_back_page():
    bare = [Item(id=f"t{i}", kind="token", width=25, height=80, front=_square("#0000cc")) for i in range(5)]
    sheets = impose(bare, PrintOptions(paper="a4"), "Test", "tokens")
    assert [s.side for s in sheets] == ["front"]


def _near(page, marks, reach):
    """The marks farther than ``reach`` mm from every item placed on the page."""
    far = []
    for x1, y1, x2, y2 in marks:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d = min(max(p.x - mx, 0, mx - p.x - p.w) ** 2 + max(p.y - my, 0, my - p.y - p.h) ** 2 for p in page.placed)
        if d > reach ** 2:
            far.append((round(mx, 1), round(my, 1)))
    return far


def test_no_mark_stands_in_a_blank_cell_of_a_token_sheet():
    """Counters in gutters that fill the sheet end in a part row: the gutter ticks of the cells left blank (on the
    front at the row's end, on the back mirrored to its start) went with them; and no sheet's back marks the
    standees. (Euronopoly's villas were the case; its counters now share their cuts and have no gutter ticks at all:
    see the test after this one.)"""
    counters = [Item(id=f"c{i}", kind="counter", width=22, height=22, front=_square("#2a7f41"),
                     back=_square("#2a7f41")) for i in range(74)]
    standees = [Item(id=f"t{i}", kind="token", width=25, height=80, front=_square("#0000cc")) for i in range(2)]
    opts = PrintOptions(paper="a4")
    sheets = impose(counters + standees, opts, "Test", "tokens")
    assert any(s.side == "back" for s in sheets)
    seen = 0
    for s in sheets:
        if s.placed:  # a sheet of one row of standees has no gutter to tick: only its margins are marked
            ticks = _marks(s.page.content, ticks_only=True)
            seen += len(ticks)
            assert not _near(s, ticks, opts.bleed + 0.5), s.side
    assert seen


def test_counters_that_share_their_cuts_have_no_tick_on_their_colour():
    """Euronopoly's counters (colour to 1.5 mm inside the trim) share their cuts: each cut is marked in the sheet's
    margin, no tick lies between two counters; and no mark stands in a blank cell of the villas' part row."""
    from kits_cache import checked
    from pnp.layout.common import Ctx
    from pnp.parts import part

    kit, problems = checked("euronopoly")
    ctx = Ctx(kit, problems=problems)
    items = part("counters").items(ctx) + part("tokens").items(ctx)
    opts = PrintOptions(paper="a4")
    sheets = impose(items, opts, "Euronopoly", "tokens")
    assert any(s.side == "back" for s in sheets)
    for s in sheets:
        assert not _marks(s.page.content, ticks_only=True), s.side
        assert not _near(s, _marks(s.page.content), opts.bleed + 2.0 + 5.0 + 0.5), s.side
