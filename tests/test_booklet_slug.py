"""Issue 33: every side of every sheet of the imposed rules booklet but the covers carries a slug (kit, part, sheet n
of m, front or back, how to print it: the paper, two-sided, the edge to flip on, at 100 %) in the edition's language,
upright, in a band of the sheet outside every page's trim, following --flip and --paper. The covers (the first
sheet's front) carry none: a booklet folded at home keeps the band, and review 16 read the slug at its covers' foot."""
from __future__ import annotations

import json
from dataclasses import replace

import pypdfium2 as pdfium
import pytest

from pnp import scene
from pnp.build import BuildOptions, build_game
from pnp.layout.booklet import booklet_binding
from pnp.marks import FOOTER_FONT, FOOTER_PT
from pnp.options import DEFAULT
from pnp.problems import Problems
from pnp.saddle import impose_booklet, slug_band

from conftest import ROOT
from kits_cache import bundled

MM_PT = 72 / 25.4


@pytest.fixture(scope="module")
def etymonopoly():
    shared = bundled("etymonopoly")  # laid out once a session (tests/kits_cache.py): read only
    return shared.ctx, shared.pages


def _runs(group, m=scene.IDENTITY, out=None):
    """(matrix, run) of every text run of a sheet, a miniature's too."""
    out = [] if out is None else out
    for child in group.children:
        if isinstance(child, scene.Group):
            _runs(child, scene.compose(m, child.transform), out)
        elif isinstance(child, scene.Text):
            out.append((m, child))
    return out


def _box(m, t: scene.Text) -> tuple[float, float, float, float]:
    """A run's box on the sheet (x0, y0, x1, y1 mm): its advance, from its descenders to its accents."""
    x0 = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0.0)
    pt = t.size * 25.4 / 72
    corners = [scene.apply(m, x, y) for x in (x0, x0 + t.width) for y in (t.y - 0.3 * pt, t.y + 1.0 * pt)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _slug(sheet) -> list:
    return [(m, t) for m, t in _runs(sheet.page.content)
            if t.font == FOOTER_FONT and t.size == FOOTER_PT and t.colour == "#555555"]


@pytest.mark.parametrize("flip,paper", [("long", "a4"), ("short", "a4"), ("long", "letter"), ("short", "letter")])
def test_every_sheet_side_has_its_slug_upright_outside_every_pages_trim(etymonopoly, flip, paper):
    ctx, items = etymonopoly
    opts = replace(DEFAULT, flip=flip, paper=paper)
    sheets = impose_booklet(items, opts, booklet_binding(ctx))
    total = len(sheets) // 2
    assert total == 4 and [s.side for s in sheets] == ["front", "back"] * total
    assert not _slug(sheets[0]) and sheets[0].placed, "the covers carry no slug"
    for i, sheet in enumerate(sheets[1:], start=1):
        slug = _slug(sheet)
        text = _plain(" ".join(t.text for _, t in slug))
        side = "front" if i % 2 == 0 else "back"
        assert f"Etymonopoly · rules · sheet {i // 2 + 1} of {total} · {side}" in text, text
        if i == 1:  # the first sheet's back: how to bind the booklet, its front having said how to print
            assert "fold the sheets in half" in text and "staple twice on the fold" in text, text
        else:
            assert f"print on {'A4' if paper == 'a4' else 'Letter'}, two-sided, flip on the {flip} edge" in text, text
            assert "print at 100" in text and "actual size" in text
        for m, t in slug:
            assert m[0] > 0 and m[3] > 0 and abs(m[1]) < 1e-9, "a slug reads upright on the sheet as printed"
            x0, y0, x1, y1 = _box(m, t)
            assert opts.margin - 1e-6 <= x0 and x1 <= sheet.page.width - opts.margin + 1e-6
            assert opts.margin - 1e-6 <= y0 and y1 <= sheet.page.height - opts.margin + 1e-6  # printable
            for p in sheet.placed:  # outside every page's trim: nothing of it on the page art
                assert x1 <= p.x or x0 >= p.x + p.w or y1 <= p.y or y0 >= p.y + p.h, (t.text, p.record())
        # the pages leave the band free at the edge the slug is on, and meet at the fold
        band = slug_band(opts)
        low = min(p.y for p in sheet.placed)
        high = max(p.y + p.h for p in sheet.placed)
        ys = [_box(m, t)[1] for m, t in slug]
        if side == "back" and flip == "long":
            assert high <= sheet.page.height - band + 1e-6 and min(ys) >= high
        else:
            assert low >= band - 1e-6 and max(_box(m, t)[3] for m, t in slug) <= low
        for p in sheet.placed:
            assert abs(p.x + p.w - sheet.page.width / 2) < 1e-6 or abs(p.x - sheet.page.width / 2) < 1e-6


def test_plain_pages_and_a_print_shops_pages_have_no_slug(etymonopoly):
    ctx, items = etymonopoly
    for opts in (replace(DEFAULT, layout="simplex"), replace(DEFAULT, per_item=True)):
        assert not any(_slug(s) for s in impose_booklet(items, opts))


def _pdf_text(path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    return [_plain(" ".join(doc[i].get_textpage().get_text_range().split())) for i in range(len(doc))]


def _plain(text: str) -> str:
    """Text with its no-break spaces (the typography's) as plain spaces."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_built_booklet_prints_a_slug_on_every_side_in_the_editions_language(tmp_path, flip):
    """Tahiti's French edition on Letter: the slug in French, with French spacing, naming the paper and the flip."""
    problems = Problems()
    out = tmp_path / "out"
    assert build_game(ROOT / "content" / "tahiti", out, BuildOptions(parts=("rules",), flip=flip, paper="letter"),
                      problems) is not None, [str(p) for p in problems.sorted()]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    sides = _pdf_text(out / "rules-letter.pdf")
    assert len(sides) == len(manifest["parts"]["rules"]["pages"]) == 8
    edge = {"long": "long", "short": "court"}[flip]
    assert "feuille 1 sur" not in sides[0] and "retournement" not in sides[0], "the covers carry no slug"
    for i, text in enumerate(sides[1:], start=1):
        side = "recto" if i % 2 == 0 else "verso"
        assert f"règle · feuille {i // 2 + 1} sur 4 · {side}" in text, text
        if i == 1:  # the first sheet's back says how to bind the booklet
            assert "pour relier : pliez les feuilles en deux" in text, text
        else:
            assert f"imprimer sur Letter en recto verso, retournement sur le bord {edge}" in text, text
            assert "imprimer à 100 % (taille réelle)" in text, text


def test_the_gutterfold_layout_folds_the_booklet_alike_with_its_slug(tmp_path):
    """--layout gutterfold has no meaning for a booklet: its sheets are the saddle-stitched ones, slug and all."""
    problems = Problems()
    out = tmp_path / "out"
    assert build_game(ROOT / "content" / "etymonopoly", out, BuildOptions(parts=("rules",), layout="gutterfold"),
                      problems) is not None, [str(p) for p in problems.sorted()]
    sides = _pdf_text(out / "rules-a4-gutterfold.pdf")
    assert len(sides) == 8 and "sheet 1 of 4" not in sides[0]
    for i, text in enumerate(sides[1:], start=1):
        assert f"sheet {i // 2 + 1} of 4 · {'front' if i % 2 == 0 else 'back'}" in text, text
        assert "print on A4, two-sided, flip on the long edge" in text or i == 1 and "staple twice" in text
