"""The rules booklet's vertical justification (feathering): every text page but the last ends at the column's foot,
its blank spread over the gaps between its blocks (``_Pages.feather``), as a publisher's facing pages do. Before it,
keeps (headings with what follows, tables whole, pictures never shrunk) left pages 10 to 40 mm short of the foot."""
from __future__ import annotations

import pytest

from pnp import scene
from pnp.fonts import PT
from pnp.layout import booklet as booklet_module
from pnp.layout.booklet import BOTTOM, DESC, FEATHER_KEPT, FEATHER_LEAST, FEATHER_MM, FEATHER_MOST

from conftest import REFERENCE_KITS
from kits_cache import bundled
from test_booklet import _texts, _with_rules

#: every bundled booklet, and Tahiti's English edition (another flow of the same kit)
BOOKLETS = [(kit, None) for kit in REFERENCE_KITS] + [("tahiti", "en")]


def _both(kit: str, lang: str | None):
    """The kit's booklet flowed twice: feathered (as built) and not; each laid out once a session
    (tests/kits_cache.py, shared with the other booklet tests): read only."""
    shared = bundled(kit, lang)
    return shared.flowed[0], shared.unfeathered


@pytest.fixture(scope="module", params=BOOKLETS, ids=lambda b: "-".join(filter(None, b)))
def booklet(request):
    return _both(*request.param)


def _foot(shapes: list, m: scene.Affine = scene.IDENTITY) -> float:
    """The lowest ink (mm) of a page drawn from ``shapes``: a line's descenders, a table's rule, a picture's foot."""
    low = float("inf")
    for s in shapes:
        if isinstance(s, scene.Group):
            mm = scene.compose(m, s.transform)
            low = min(low, scene.apply(mm, 0.0, 0.0)[1] if s.miniature else _foot(s.children, mm))
        elif isinstance(s, scene.Text):
            low = min(low, scene.apply(m, s.x, s.y)[1] - DESC * s.size * PT)
        elif isinstance(s, scene.Line):
            low = min(low, scene.apply(m, s.x1, s.y1)[1], scene.apply(m, s.x2, s.y2)[1])
        elif isinstance(s, scene.Rect):
            low = min(low, scene.apply(m, s.x, s.y)[1])
    return low


def _capped(pages, n: int) -> bool:
    """Every gap of page ``n`` grown as far as it may (or the page has none)."""
    return all(grown >= cap - 1e-9 for (_, _, cap), grown in zip(pages.gaps[n], pages.stretch[n]))


def _runs(shapes: list) -> list[tuple[float, str]]:
    return [(y, t.text) for y, t in _texts(scene.Group(list(shapes)))]


def test_every_text_page_but_the_last_ends_at_the_columns_foot(booklet):
    """Measured on the drawing: a page ends within FEATHER_LEAST mm of the foot unless every gap on it has grown as
    far as it may (a page of few gaps keeps some blank rather than holes between its paragraphs); none goes below."""
    on, off = booklet
    short = []
    for n in range(1, len(on.pages) - 2):
        foot = _foot(on.pages[n])
        assert foot >= BOTTOM - 1e-6, (n + 1, foot)
        if foot - BOTTOM > FEATHER_LEAST and not _capped(on, n):
            short.append((n + 1, round(foot - BOTTOM, 2)))
    assert not short, short
    before = max(_foot(off.pages[n]) - BOTTOM for n in range(1, len(off.pages) - 2))
    after = max(_foot(on.pages[n]) - BOTTOM for n in range(1, len(on.pages) - 2) if not _capped(on, n))
    assert after < FEATHER_LEAST < before  # the flow alone leaves pages short: every bundled booklet had one


def test_no_gap_grows_beyond_its_cap_and_the_space_over_a_heading_takes_more(booklet):
    """A gap grows by FEATHER_MOST of itself and FEATHER_MM at most (a section heading's space doubled read as a
    hole: review 8), FEATHER_KEPT of that under a heading or lead-in; the gaps of a page grow in proportion to their
    size (the space over a heading, the largest, the most) until they reach their cap."""
    on, _ = booklet
    for n, (gaps, grown) in enumerate(zip(on.gaps, on.stretch)):
        assert len(gaps) == len(grown)
        for (_, size, cap), g in zip(gaps, grown):
            most = min(size * FEATHER_MOST, FEATHER_MM)
            assert 0.0 <= g <= cap + 1e-9 and cap <= most + 1e-9, (n + 1, size, cap, g)
            assert cap >= most * FEATHER_KEPT - 1e-9
        free = [g / size for (_, size, cap), g in zip(gaps, grown) if size > 0 and g < cap - 1e-9]
        assert max(free, default=0.0) - min(free, default=0.0) < 1e-9, (n + 1, free)  # one share for every free gap
        by_size = sorted((size, g) for (_, size, cap), g in zip(gaps, grown) if g < cap - 1e-9)
        assert all(a[1] <= b[1] + 1e-9 for a, b in zip(by_size, by_size[1:])), (n + 1, by_size)


def test_the_flow_is_the_same_feathered_or_not(booklet):
    """Feathering is a pass after the flow: the same texts on the same pages, the same blank, the same splits."""
    on, off = booklet
    assert len(on.pages) == len(off.pages)
    assert on.blank == off.blank and on.ink == off.ink and on.splits == off.splits and on.gaps == off.gaps
    for a, b in zip(on.pages, off.pages):
        assert [t for _, t in _runs(a)] == [t for _, t in _runs(b)]
    assert any(any(g) for g in on.stretch) and not any(any(g) for g in off.stretch)


def test_shapes_only_move_down_together_at_the_gaps_and_keep_their_order(booklet):
    """Each text run moves down by the growth of the gaps above it, and nothing else: the lines of a paragraph, a
    table's rows, a heading and its first line beyond its cap never move apart; the page reads top to bottom as
    before. The cover, the last text page and the back cover are drawn as flowed."""
    on, off = booklet
    for n, (a, b) in enumerate(zip(on.pages, off.pages)):
        drawn = _runs(a)
        flowed = [(k, y, t) for k, shape in enumerate(b) for y, t in _runs([shape])]
        assert len(drawn) == len(flowed)
        for (y, text), (k, y0, _) in zip(drawn, flowed):
            drop = sum(g for (at, _, _), g in zip(on.gaps[n], on.stretch[n]) if at <= k)
            assert y0 - y == pytest.approx(drop, abs=1e-6), (n + 1, text)
        order = lambda runs: [t for _, t in sorted(runs, key=lambda r: -r[0])]  # noqa: E731
        assert order(drawn) == order([(y, t) for _, y, t in flowed]), n + 1
        if n in (0, len(on.pages) - 2, len(on.pages) - 1):
            assert a == b, n + 1


def test_a_heading_moves_with_its_text(booklet):
    """Under a heading the space grows by FEATHER_KEPT at most, so a heading stays nearer its text than the text
    above it: measured on the drawing, a heading's distance to the line under it grows less than its distance to
    the line over it."""
    on, off = booklet
    headings = {14.0, 10.5}
    for n in range(1, len(on.pages) - 2):
        drawn = [(y, t) for y, t in _texts(scene.Group(list(on.pages[n])))]
        flowed = [(y, t) for y, t in _texts(scene.Group(list(off.pages[n])))]
        for i in range(1, len(drawn) - 1):
            y, t = drawn[i]
            if t.size not in headings or drawn[i + 1][1].size in headings or drawn[i - 1][1].size in headings:
                continue
            under = (y - drawn[i + 1][0]) - (flowed[i][0] - flowed[i + 1][0])
            over = (drawn[i - 1][0] - y) - (flowed[i - 1][0] - flowed[i][0])
            assert under <= over + 1e-9, (n + 1, t.text, under, over)


def test_a_page_of_few_gaps_keeps_blank_at_its_foot_rather_than_holes(mini, monkeypatch):
    """A page of a heading, two paragraphs and a ten-row table's first five rows (the table splits five and five, its
    rows on each side of a break) is left more blank than its three gaps may take: each grows to its cap (doubled,
    half again under the heading) and the rest stays at the page's foot."""
    flowed = []
    real = booklet_module.set_pages
    monkeypatch.setattr(booklet_module, "set_pages", lambda ctx: flowed.append(real(ctx)) or flowed[-1])
    table = "| Row | Value |\n| --- | --- |\n" + "".join(f"| row{k} | {k * 10} |\n" for k in range(1, 11))
    seen = 0
    for sentences in range(60, 90, 4):
        para = " ".join(["Words to fill the page."] * sentences)
        _with_rules(mini, "Opening words.\n\n" + para + "\n\n" + table + "\n\nAfter the table.")
        pages = flowed[-1][0]
        for n in range(1, len(pages.pages) - 2):
            foot = _foot(pages.pages[n]) - BOTTOM
            if foot > FEATHER_LEAST:
                assert _capped(pages, n), (sentences, n + 1, foot)
                assert foot == pytest.approx(pages.ink[n] - sum(pages.stretch[n]), abs=1e-6)
                seen += 1
    assert seen
