"""A build writes each sheet as soon as it is imposed and keeps no drawing once its page is written."""
import gc
from collections import deque
import weakref

from pnp import parts as registry
from pnp.build import BuildOptions, imposing, load_valid, pdf_bytes, render_part
from pnp.impose import impose, imposed
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.render import pdf


def kit_of(root):
    problems = Problems()
    kit = load_valid(root, problems)
    assert kit is not None, problems.sorted()
    return kit


def test_streamed_part_is_the_pdf_of_every_sheet_at_once(mini):
    """render_part (sheets imposed and written one by one) gives the bytes of impose's whole list written at once,
    in every layout."""
    kit = kit_of(mini)
    for layout in ("duplex", "simplex", "gutterfold"):
        opts = BuildOptions(layout=layout)
        for part in ("cards", "notes", "tokens"):
            ctx = Ctx(kit, bleed=opts.bleed, problems=Problems())
            items = list(registry.items(ctx, part))
            sheets = impose(items, opts, **imposing(kit, ctx, part, items))
            whole, info = pdf_bytes(f"{kit.game.title}: {part}", part, [s.page for s in sheets], opts.colour)
            result = render_part(kit, part, opts, Problems())
            assert result.files[0].data == whole, (layout, part)
            assert result.files[0].info == info
            assert result.record["pages"] == [
                {"page": n, "side": s.side, "items": [p.record() for p in s.placed]} for n, s in enumerate(sheets, 1)]


def test_imposed_lets_go_of_each_sheets_items(mini):
    """A duplex job's items go once their sheet is made: a weakref to the first sheet's item is dead when the
    second sheet comes, with nothing but the generator holding them."""
    kit = kit_of(mini)
    opts = BuildOptions()
    ctx = Ctx(kit, bleed=opts.bleed, problems=Problems())
    items = list(registry.items(ctx, "notes"))
    ctx.memo.clear()  # the context's own list of them
    first, last = weakref.ref(items[0]), weakref.ref(items[-1])
    sheets = imposed(items, opts, kit.game.title, "notes")
    del items
    sheet = next(sheets)  # the first front
    assert sheet.placed[0].item is first()
    assert next(sheets).side == "back"
    del sheet
    gc.collect()
    assert first() is not None  # its back is made: the generator still holds the sheet
    nxt = next(sheets)  # the second front
    gc.collect()
    assert first() is None
    assert last() is not None
    del nxt
    deque(sheets, maxlen=0)  # the rest, each sheet dropped as it comes
    gc.collect()
    assert last() is None


def test_build_holds_no_item_once_its_page_is_written(mini, monkeypatch):
    """In a build, an imposed item is dead once the pages of its sheet are written: the layout context keeps the
    items light (what the booklet counts), the sheets go as they are written."""
    from pnp import impose as imposing

    kit = kit_of(mini)
    opts = BuildOptions()
    refs: list = []
    alive: list = []
    given = imposing.imposed

    def spied(items, *a, **kw):
        refs.extend(weakref.ref(it) for it in items)
        return given(items, *a, **kw)

    add = pdf.PdfWriter.add

    def watched(self, page):
        add(self, page)
        gc.collect()
        alive.append(refs[0]() is not None)

    monkeypatch.setattr(imposing, "imposed", spied)
    monkeypatch.setattr(pdf.PdfWriter, "add", watched)
    ctx = Ctx(kit, bleed=opts.bleed, problems=Problems())
    result = render_part(kit, "notes", opts, Problems(), ctx)
    assert result is not None and len(result.record["pages"]) > 4
    # alive while its sheet's front and back are written, dead from the next sheet on
    assert alive[:2] == [True, True] and not any(alive[2:])
    assert not any(r() for r in refs)
    # what the context keeps of the items: every one, by kind, without its drawing (the booklet counts them)
    kept = [it for p in ("notes", "chips") for it in ctx.memo.get(("items", p), [])]
    assert sum(result.counts.values()) == len(kept)
    assert all(not it.front.children and it.back is None for it in kept)
