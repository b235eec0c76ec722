"""The board: ring geometry, drawing, the print-shop sheet and the home-printer tiles.

PDFs are read back as a printer would get them: boxes with pypdf, text positions and pixels
with pdfium (pypdfium2). Fixtures: ``mini`` (12 spaces), ``board36`` (400 mm, 9 a side),
``board48`` (480 mm, 12 a side), and the real kits under content/ when they are present.
"""
from __future__ import annotations

import dataclasses
import io
import math
import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp import scene
from pnp.layout.board import draw_board, ring_geometry, space_geometry
from pnp.layout.common import Ctx
from pnp.marks import PAPERS
from pnp.problems import Problems
from pnp.render.pdf import PdfWriter
from pnp.typeset import Style, typeset
from pnp.tiling import FULL_MARGIN, LABEL_BAND, board_full, board_tiles, tile_grid

from conftest import loaded
from kits_cache import checked

HERE = Path(__file__).parent
ROOT = HERE.parent
FIXTURES = ("mini", "board36", "board48")
KITS = [HERE / "fixtures" / f for f in FIXTURES] + [
    p for p in (ROOT / "content" / "etymonopoly", ROOT / "content" / "tahiti") if (p / "board.yaml").is_file()]
KIT_IDS = [p.name for p in KITS]
MM = 72.0 / 25.4
BLEED = 3.0
TOL_MM = 0.01


@lru_cache(maxsize=None)
def kit(path: Path):
    return loaded(path)[0]


@lru_cache(maxsize=None)
def drawn(path: Path):
    ctx = Ctx(kit(path), bleed=BLEED, problems=Problems())
    return ctx, draw_board(ctx)


def pdf(pages) -> bytes:
    w = PdfWriter("test")
    for p in pages:
        w.add(p)
    return w.finish()


@lru_cache(maxsize=None)
def full_pdf(path: Path) -> bytes:
    ctx, g = drawn(path)
    return pdf([board_full(g, float(ctx.kit.board.size), BLEED, ctx.kit.game.title)])


@lru_cache(maxsize=None)
def tiles_pdf(path: Path, paper: str, margin: float = 6.0, overlap: float = 10.0):
    ctx, g = drawn(path)
    pages, grid = board_tiles(g, float(ctx.kit.board.size), BLEED, paper, margin, overlap, ctx.kit.game.title)
    return pdf(pages), pages, grid


def words(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- geometry
@pytest.mark.parametrize("n,size,corner", [(36, 480, 60), (40, 480, 60), (48, 480, 60), (36, 400, 50), (40, 500, 62.5)])
def test_ring_tiles_exactly(n, size, corner):
    ring = ring_geometry(n, size, corner)
    assert len(ring) == n
    k = n // 4
    w = (size - 2 * corner) / (k - 1)
    # corners: square, at the four corners, start at the bottom right, then clockwise
    assert [(x, y, cw, ch) for x, y, cw, ch, *_ in (ring[i] for i in (0, k, 2 * k, 3 * k))] == [
        (size - corner, 0, corner, corner), (0, 0, corner, corner), (0, size - corner, corner, corner),
        (size - corner, size - corner, corner, corner)]
    for i, (x, y, sw, sh, side, is_corner, rot) in enumerate(ring):
        assert side == i // k and is_corner == (i % k == 0)
        assert rot == (0.0, 270.0, 180.0, 90.0)[side]
        if not is_corner:  # width along the edge, depth = corner
            along, depth = (sh, sw) if side in (1, 3) else (sw, sh)
            assert along == pytest.approx(w, abs=1e-9) and depth == corner
        # inside the ring: inside the board, outside the centre square
        assert -1e-9 <= x and x + sw <= size + 1e-9 and -1e-9 <= y and y + sh <= size + 1e-9
        cx0, cx1 = max(x, corner), min(x + sw, size - corner)
        cy0, cy1 = max(y, corner), min(y + sh, size - corner)
        assert cx1 - cx0 <= 1e-9 or cy1 - cy0 <= 1e-9, f"space {i} reaches into the centre"
    # no overlaps, and the areas add up to the ring: the spaces tile it exactly
    for i in range(n):
        for j in range(i + 1, n):
            a, b = ring[i], ring[j]
            ox = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            oy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            assert ox <= 1e-9 or oy <= 1e-9, f"spaces {i} and {j} overlap"
    area = sum(r[2] * r[3] for r in ring)
    assert area == pytest.approx(size ** 2 - (size - 2 * corner) ** 2, rel=1e-12)
    # clockwise: each space shares an edge with the next
    for i in range(n):
        a, b = ring[i], ring[(i + 1) % n]
        share_x = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
        share_y = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
        assert (abs(share_x) < 1e-9 and share_y > 1) or (abs(share_y) < 1e-9 and share_x > 1), (i, a, b)
    # the first side runs right to left along the bottom (clockwise seen from above)
    assert ring[1][0] < ring[0][0] and ring[1][1] == 0


@pytest.mark.parametrize("n", [0, 4, 38, 42])
def test_ring_rejects_bad_counts(n):
    with pytest.raises(ValueError):
        ring_geometry(n, 480, 60)


def test_space_geometry_follows_content():
    k = kit(HERE / "fixtures" / "board48")
    geoms = space_geometry(k.board)
    assert [g.space.id for g in geoms] == [s.id for s in k.board.spaces]
    assert [g.index for g in geoms] == list(range(48))
    assert geoms[0].space.kind == "start" and (geoms[0].x, geoms[0].y) == (420, 0)
    assert geoms[12].space.kind == "jail" and (geoms[12].x, geoms[12].y) == (0, 0)
    assert geoms[1].w == pytest.approx(360 / 11)
    # the local frame maps the outer edge (y = 0) onto the board's edge, the inner edge onto the centre's
    for g in geoms:
        ox, oy = scene.apply(g.transform, g.along / 2, 0)
        ix, iy = scene.apply(g.transform, g.along / 2, g.depth)
        assert min(ox, oy, 480 - ox, 480 - oy) == pytest.approx(0, abs=1e-9)
        if not g.corner:
            assert min(ix, iy, 480 - ix, 480 - iy) == pytest.approx(60, abs=1e-9)


# --------------------------------------------------------------------------- drawing
@pytest.mark.parametrize("path", KITS, ids=KIT_IDS)
def test_board_draws_without_errors(path):
    ctx, g = drawn(path)
    assert not ctx.problems.errors, [str(p) for p in ctx.problems.items]
    S, b = float(ctx.kit.board.size), BLEED
    assert g.key and g.bounds == (-b, -b, S + 2 * b, S + 2 * b)
    texts = list(scene.walk_text(g))
    assert texts and all(t.size >= ctx.min_pt - 1e-9 for t in texts)


def test_overflowing_name_is_reported_at_its_line():
    k = kit(HERE / "fixtures" / "mini")
    long = dataclasses.replace(k.board.spaces[1], name="Supercalifragilisticexpialidocious" * 4)
    board = dataclasses.replace(k.board, spaces=[k.board.spaces[0], long] + k.board.spaces[2:])
    ctx = Ctx(dataclasses.replace(k, board=board), problems=Problems())
    draw_board(ctx)
    errors = [p for p in ctx.problems.errors if p.code == "E-text-overflow"]
    assert errors and errors[0].loc == k.board.spaces[1].at("name")
    assert errors[0].loc.line > 0 and errors[0].loc.file.endswith("board.yaml")


# --------------------------------------------------------------------------- board-full.pdf
@pytest.mark.parametrize("path", KITS, ids=KIT_IDS)
def test_board_full_page_and_boxes(path):
    S = float(kit(path).board.size)
    page = PdfReader(io.BytesIO(full_pdf(path))).pages[0]
    m = FULL_MARGIN

    def check(box, x, y, w, h):
        got = [float(box.left) / MM, float(box.bottom) / MM, float(box.right) / MM, float(box.top) / MM]
        assert got == pytest.approx([x, y, x + w, y + h], abs=TOL_MM)

    check(page.mediabox, 0, 0, S + 2 * m, S + 2 * m)
    check(page.trimbox, m, m, S, S)
    check(page.bleedbox, m - BLEED, m - BLEED, S + 2 * BLEED, S + 2 * BLEED)
    if S == 480:
        assert float(page.mediabox.width) / MM == pytest.approx(500, abs=TOL_MM)


def _space_rects_pt(path):
    m = FULL_MARGIN
    return [(g, ((m + g.x) * MM, (m + g.y) * MM, (m + g.x + g.w) * MM, (m + g.y + g.h) * MM))
            for g in space_geometry(kit(path).board)]


@pytest.mark.parametrize("path", KITS, ids=KIT_IDS)
def test_every_name_is_printed_inside_its_space(path):
    doc = pdfium.PdfDocument(full_pdf(path))
    tp = doc[0].get_textpage()
    style = Style(kit(path).game.language)
    for g, (l, b, r, t) in _space_rects_pt(path):
        inside = words(tp.get_text_bounded(l, b, r, t))
        name = words(typeset(g.space.name, style))  # as printed: King's prints King’s
        if g.space.kind == "jail":  # "Just / Visiting" along the two outer strips
            assert all(w in inside.split() for w in name.split()), (g.index, name, inside)
        else:  # on one line, or on two (Quai des / goélettes), which a turned side may read in either order
            parts = name.split()
            assert name in inside or any(" ".join(parts[:k]) in inside and " ".join(parts[k:]) in inside
                                         for k in range(1, len(parts))), (g.index, name, inside)


@pytest.mark.parametrize("path", KITS, ids=KIT_IDS)
def test_no_text_crosses_a_space_edge(path):
    doc = pdfium.PdfDocument(full_pdf(path))
    tp = doc[0].get_textpage()
    rects = [r for _, r in _space_rects_pt(path)]
    eps = 0.05  # pt
    crossing = []
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if not ch.strip():
            continue
        l, b, r, t = tp.get_charbox(i)
        for (x0, y0, x1, y1) in rects:
            overlaps = l < x1 - eps and r > x0 + eps and b < y1 - eps and t > y0 + eps
            inside = l >= x0 - eps and r <= x1 + eps and b >= y0 - eps and t <= y1 + eps
            if overlaps and not inside:
                crossing.append((ch, (l, b, r, t)))
    assert not crossing, crossing[:10]


@pytest.mark.parametrize("path", KITS, ids=KIT_IDS)
def test_board_is_vector_only(path):
    for page in PdfReader(io.BytesIO(full_pdf(path))).pages:
        assert not list(page.images)


# --------------------------------------------------------------------------- tiles
@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [240.0, 400.0, 480.0])
def test_tile_grid_follows_the_formula(paper, size):
    margin, overlap = 6.0, 10.0
    grid = tile_grid(size, BLEED, paper, margin, overlap)
    extent = size + 2 * BLEED
    W, H = grid["page"]
    assert sorted((W, H)) == sorted(PAPERS[paper])
    expected = {}
    for orient, (w, h) in (("portrait", PAPERS[paper]), ("landscape", PAPERS[paper][::-1])):
        cols = math.ceil((extent - overlap) / (w - 2 * margin - overlap))
        rows = math.ceil((extent - overlap) / (h - 2 * margin - overlap))
        expected[orient] = (rows, cols)
    fewest = min(r * c for r, c in expected.values())
    got = (grid["rows"], grid["cols"])
    # the formula, in the orientation that needs fewer tiles; one extra row only when the label has no room
    assert got == expected[grid["orientation"]] or (
        got[0] == expected[grid["orientation"]][0] + 1 and
        (extent - overlap) / expected[grid["orientation"]][0] + overlap > H - 2 * margin - LABEL_BAND)
    assert grid["rows"] * grid["cols"] <= fewest + max(expected[grid["orientation"]][1], 1)
    if got == expected[grid["orientation"]]:
        assert grid["rows"] * grid["cols"] == fewest
    # the slices fit the printable area
    assert grid["tile_w"] <= W - 2 * margin + 1e-9 and grid["tile_h"] <= H - 2 * margin - LABEL_BAND + 1e-9


def test_seeded_board_on_a4_is_six_tiles():
    grid = tile_grid(480, 3, "a4", 6, 10)
    assert grid["rows"] * grid["cols"] == 6


@pytest.mark.parametrize("name,paper", [("board48", "a4"), ("mini", "letter"), ("board36", "a3")])
def test_tile_pages(name, paper):
    path = HERE / "fixtures" / name
    data, pages, grid = tiles_pdf(path, paper)
    reader = PdfReader(io.BytesIO(data))
    R, C = grid["rows"], grid["cols"]
    assert len(reader.pages) == R * C + 1
    W, H = (PAPERS[paper] if grid["orientation"] == "portrait" else PAPERS[paper][::-1])
    for page in reader.pages:
        assert float(page.mediabox.width) / MM == pytest.approx(W, abs=TOL_MM)
        assert float(page.mediabox.height) / MM == pytest.approx(H, abs=TOL_MM)
    assert "assembly map" in reader.pages[0].extract_text()
    doc = pdfium.PdfDocument(data)
    for t in grid["tiles"]:
        text = words(doc[t["page"] - 1].get_textpage().get_text_range())
        assert f"row {t['row']} of {R}, column {t['col']} of {C}" in text
        assert "print at 100%" in text
        # everything inside the printable margin
        x, y, w, h = t["page_rect"]
        assert x >= 6 - 1e-9 and y >= 6 - 1e-9 and x + w <= W - 6 + 1e-9 and y + h <= H - 6 + 1e-9
    # the slices cover the board with its bleed, neighbours overlapping by exactly the overlap (slices may differ
    # in size: their cuts follow the drawing), one width per column and one height per row
    S = float(kit(path).board.size)
    o = grid["overlap"]
    cols = {t["col"]: tuple(t["board_rect"][0::2]) for t in grid["tiles"]}
    rows = {t["row"]: (t["board_rect"][1], t["board_rect"][3]) for t in grid["tiles"]}
    for t in grid["tiles"]:
        assert tuple(t["board_rect"][0::2]) == cols[t["col"]] and (t["board_rect"][1], t["board_rect"][3]) == rows[t["row"]]
        assert t["page_rect"][2:] == t["board_rect"][2:]
    assert cols[1][0] == pytest.approx(-BLEED) and sum(cols[C]) == pytest.approx(S + BLEED, abs=1e-3)
    assert rows[R][0] == pytest.approx(-BLEED, abs=1e-3) and sum(rows[1]) == pytest.approx(S + BLEED, abs=1e-3)
    for c in range(1, C):
        assert sum(cols[c]) - cols[c + 1][0] == pytest.approx(o, abs=1e-3)
    for r in range(1, R):
        assert sum(rows[r + 1]) - rows[r][0] == pytest.approx(o, abs=1e-3)
    assert not any(list(p.images) for p in reader.pages)


def test_tiles_hold_the_board_once():
    data, _, grid = tiles_pdf(HERE / "fixtures" / "board48", "a4")
    reader = PdfReader(io.BytesIO(data))
    forms = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for name, ref in xobjects.items():
            if "Fboard" in name:
                forms.add(ref.idnum)
    assert len(forms) == 1
    assert len(data) < 3 * len(full_pdf(HERE / "fixtures" / "board48"))


def _render(data: bytes, index: int, dpi: float) -> np.ndarray:
    page = pdfium.PdfDocument(data)[index]
    return page.render(scale=dpi / 72.0).to_numpy()[:, :, :3].astype(np.int16)


def _box_blur(img: np.ndarray) -> np.ndarray:
    """3 × 3 box average: a 1 px line drawn crisp or spread over two pixels blurs to the same values."""
    pad = np.pad(img.astype(np.float32), ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = img.shape[:2]
    return sum(pad[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)) / 9.0


def _drift_error(a: np.ndarray, b: np.ndarray, reach: int = 1) -> np.ndarray:
    """Per pixel, the colour difference between a and b at the best shift of up to ``reach`` pixels.

    Both are box-blurred first so that rendering at another sub-pixel phase (how a tile's edges fall on
    the pixel grid) does not count; a missing, doubled or misplaced piece of art still does.
    """
    a, b = _box_blur(a), _box_blur(b)
    h, w = a.shape[:2]
    core = a[reach:h - reach, reach:w - reach]
    best = np.full(core.shape[:2], 255.0, dtype=np.float32)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            moved = b[reach + dy:h - reach + dy, reach + dx:w - reach + dx]
            best = np.minimum(best, np.abs(core - moved).max(axis=2))
    return best


@pytest.mark.parametrize("name,paper", [("board48", "a4"), ("board36", "letter")])
def test_tiles_reassemble_the_board(name, paper):
    dpi = 100.0
    k = dpi / 25.4  # px per mm
    path = HERE / "fixtures" / name
    S = float(kit(path).board.size)
    extent = S + 2 * BLEED
    full = _render(full_pdf(path), 0, dpi)
    side = S + 2 * FULL_MARGIN
    top = round((side - (FULL_MARGIN + S + BLEED)) * k)
    left = round((FULL_MARGIN - BLEED) * k)
    n = round(extent * k)
    reference = full[top:top + n, left:left + n]
    data, _, grid = tiles_pdf(path, paper)
    W, H = (PAPERS[paper] if grid["orientation"] == "portrait" else PAPERS[paper][::-1])
    canvas = np.zeros((n + 4, n + 4, 3), dtype=np.int16)
    # tiles to the left and above lie on top: paste from the bottom right so they end up over the glue strips
    for t in sorted(grid["tiles"], key=lambda t: (-t["row"], -t["col"])):
        img = _render(data, t["page"] - 1, dpi)
        x, y, w, h = t["page_rect"]
        bx, by = t["board_rect"][:2]
        px, py = round(x * k), round((H - y - h) * k)
        pw, ph = round(w * k), round(h * k)
        cx, cy = round((bx + BLEED) * k), round((S + BLEED - (by + h)) * k)
        canvas[cy:cy + ph, cx:cx + pw] = img[py:py + ph, px:px + pw]
    assembled = canvas[:n, :n]
    assert assembled.shape == reference.shape
    error = _drift_error(reference, assembled, 1)
    # Equal within a pixel of seam drift and a small colour tolerance. pdfium snaps each glyph to the pixel
    # grid, so small text differs a little between two renderings at different offsets (measured: 99.9th
    # percentile about 30, under 0.01 % of pixels above 48); one tile misplaced by 2 px gives a 99.9th
    # percentile above 90 and 0.4 % of pixels above 48.
    assert np.percentile(error, 99.9) <= 40, np.percentile(error, [99, 99.9, 100])
    assert (error > 48).mean() < 5e-4, (error > 48).mean()


# ---------------------------------------------------------------- corner names sized from the room
@pytest.mark.parametrize("kit_id", ["monopoly-2-3", "etymonopoly", "euronopoly", "moneyloopy", "tahiti"])
def test_a_corner_name_takes_the_size_its_room_gives(kit_id):
    """One rule for every corner: its name as large as it holds on one line while the instruction, subtitle,
    amount and icon keep their sizes and the arrow its length. A short start name (GO) grows past the size a
    14 mm band gave it (41 pt on a 60 mm corner); no corner's name comes out smaller than in that band."""
    from pnp.layout import board as B
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    for g in space_geometry(kit.board):
        if not g.corner or g.space.jail is not None:
            continue
        k = g.along / 60.0
        banded = B._corner_face(ctx.quiet(), g, None)[1]
        drawn = B._corner(ctx, g)
        sizes = {round(t.size, 3) for t in scene.walk_text(drawn) if t.font == ctx.fonts.heading
                 and t.size > B.CORNER_NAME_PT * k - 1e-6}
        name = max(sizes)
        assert name >= banded[0] - 1e-6, (g.space.id, name, banded[0])
        if kit_id == "monopoly-2-3" and g.index == 0:
            assert name > B.CORNER_BAND * k / (0.96 * 25.4 / 72) + 5, name  # GO: well past the band's 41 pt
        texts = [t.size for t in scene.walk_text(drawn) if t.font == ctx.fonts.body]
        if g.space.text:
            assert texts and min(texts) >= banded[3] - 1e-6  # the instruction kept its size
    assert not problems.errors


def test_a_board_name_breaks_only_where_its_content_lets_it():
    """The board splits a long name into two balanced halves at plain spaces; a no-break space the content wrote
    (Fenchurch St.) is never a break."""
    from pnp.layout.common import split_balanced as _split_words  # the board and the title cards split alike

    assert _split_words("Fenchurch St. Station") == ("Fenchurch", "St. Station")
    assert _split_words("Fenchurch\u00a0St. Station") == ("Fenchurch\u00a0St.", "Station")
    assert _split_words("Just Visiting") == ("Just", "Visiting")
