"""Where the board's tiles are cut, their trim marks, their names and the words of their footers.

The cut placement is tested on small synthetic drawings (lines and texts at known places) and on the
kits (no cut through a space's texts where the paper leaves room for a better one). Reassembly and the
slices' geometry are tested in test_board.py.
"""
from __future__ import annotations

import ctypes
import io
import math
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp import scene, tiling
from pnp.layout.board import draw_board, space_geometry
from pnp.layout.common import Ctx
from pnp.marks import MARK_OFFSET, MARK_WIDTH, PAPERS
from pnp.problems import Problems
from pnp.render.pdf import PdfWriter
from pnp.text import runs
from pnp.typeset import ENGLISH

from conftest import loaded

ROOT = Path(__file__).resolve().parent.parent
KITS = ("etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3")
BLEED = 3.0


@lru_cache(maxsize=None)
def board(path: Path):
    kit, _ = loaded(path)
    return kit, draw_board(Ctx(kit, bleed=BLEED, problems=Problems()))


def synthetic(size: float, xs=(), texts=(), depth: float = 60.0) -> scene.Group:
    """A board-sized drawing: a background, vertical and horizontal rules at ``xs`` across the outer ``depth`` mm
    of each edge (as between a board's spaces), 8 pt texts at (x, y)."""
    g = scene.Group(key="synthetic", bounds=(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED))
    g.add(scene.Rect(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED, fill="#f0e8d8"))
    for x in xs:
        for a, b in ((-BLEED, depth), (size - depth, size + BLEED)):
            g.add(scene.Line(x, a, x, b, "#000000", 0.3), scene.Line(a, x, b, x, "#000000", 0.3))
    for x, y, text in texts:
        g.add(*runs(text, x, y, "NotoSans-Regular", 8.0, "#000000", "middle", style=ENGLISH))
    return g


# --------------------------------------------------------------------------- where the cuts go
def test_cuts_follow_a_line_within_reach():
    # 480 mm on A4 portrait: 3 columns; rules every 40 mm from 60: the cuts land on rules
    g = synthetic(480.0, xs=[60.0 + 40 * i for i in range(10)])
    plan = tiling.tile_plan(g, 480.0, BLEED, "a4", 6.0, 10.0)
    even = tiling.tile_grid(480.0, BLEED, "a4", 6.0, 10.0)
    assert (plan["rows"], plan["cols"]) == (even["rows"], even["cols"])
    rules = {60.0 + 40 * i for i in range(10)}
    assert plan["seams_x"] and all(round(s, 6) in rules for s in plan["seams_x"]), plan["seams_x"]
    assert plan["seams_y"] and all(round(s, 6) in rules for s in plan["seams_y"]), plan["seams_y"]
    # the even split would not have: the rules moved the cuts
    plain = [-BLEED + even["tile_w"] * (k + 1) - 10.0 * k for k in range(even["cols"] - 1)]
    assert not any(round(p, 6) in rules for p in plain)


def test_a_cut_avoids_text_even_on_a_line():
    # a text straddling the rule nearest the even split: the cut takes another rule (or plain paper)
    lines = [60.0 + 40 * i for i in range(10)]
    clean = tiling.tile_plan(synthetic(480.0, xs=lines), 480.0, BLEED, "a4", 6.0, 10.0)["seams_x"]
    texts = [(s, y, "a name that straddles the rule") for s in clean for y in (30.0, 450.0)]
    plan = tiling.tile_plan(synthetic(480.0, xs=lines, texts=texts), 480.0, BLEED, "a4", 6.0, 10.0)
    obstacles, _ = tiling._art(synthetic(480.0, texts=texts))
    for s in plan["seams_x"]:
        assert not any(o[0] < s < o[2] for o in obstacles), (s, plan["seams_x"])
    assert plan["seams_x"] != clean


def test_without_lines_or_texts_the_cuts_are_the_even_split():
    plan = tiling.tile_plan(synthetic(480.0), 480.0, BLEED, "letter", 6.0, 10.0)
    grid = tiling.tile_grid(480.0, BLEED, "letter", 6.0, 10.0)
    assert plan["rows"] * plan["cols"] == grid["rows"] * grid["cols"]  # nothing to avoid: no extra tile
    widths = [w for _, w in plan["cols_x"]]
    heights = [h for _, h in plan["rows_y"]]
    assert widths == pytest.approx([plan["tile_w"]] * plan["cols"])
    assert heights == pytest.approx([plan["tile_h"]] * plan["rows"])


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("name", KITS)
def test_slices_fit_the_page_with_at_most_one_more_row_or_column(name, paper):
    kit, g = board(ROOT / "content" / name)
    S = float(kit.board.size)
    plan = tiling.tile_plan(g, S, BLEED, paper, 6.0, 10.0)
    least = tiling._grid(S + 2 * BLEED, paper, plan["orientation"], 6.0, 10.0)
    assert least["rows"] <= plan["rows"] <= least["rows"] + 1 and least["cols"] <= plan["cols"] <= least["cols"] + 1
    # each slice with the art past its inner edges, and room for its marks, on the page
    ext, room = plan["ext"], tiling.ROOM_MIN
    widths = [w + (ext if i < plan["cols"] - 1 else 0.0) for i, (_, w) in enumerate(plan["cols_x"])]
    heights = [h + (ext if i < plan["rows"] - 1 else 0.0) for i, (_, h) in enumerate(plan["rows_y"])]
    assert all(w <= plan["max_w"] - 2 * room + 1e-9 for w in widths), widths
    assert all(h <= plan["max_h"] - 2 * room + 1e-9 for h in heights), heights
    assert plan["cols_x"][0][0] == pytest.approx(-BLEED) and sum(plan["cols_x"][-1]) == pytest.approx(S + BLEED)
    assert plan["rows_y"][-1][0] == pytest.approx(-BLEED) and sum(plan["rows_y"][0]) == pytest.approx(S + BLEED)


def _ring_texts(kit, g):
    """The text runs of the ring's spaces (their boxes in the board's frame)."""
    S, C = float(kit.board.size), float(kit.board.corner)
    obstacles, _ = tiling._art(g)
    return [o for o in obstacles if o[4] >= tiling.CUT_TEXT * 0.5
            and not (C < (o[0] + o[2]) / 2 < S - C and C < (o[1] + o[3]) / 2 < S - C)]


@pytest.mark.parametrize("name", KITS)
def test_a4_cuts_miss_every_space_text(name):
    """The home printer's usual paper: no tile edge runs through a space's name, price or text."""
    kit, g = board(ROOT / "content" / name)
    S = float(kit.board.size)
    plan = tiling.tile_plan(g, S, BLEED, "a4", 6.0, 10.0)
    ring = _ring_texts(kit, g)
    cut = [("x", s) for s in plan["seams_x"] if any(o[0] + 0.3 < s < o[2] - 0.3 for o in ring)]
    cut += [("y", s) for s in plan["seams_y"] if any(o[1] + 0.3 < s < o[3] - 0.3 for o in ring)]
    assert not cut, cut
    # and the cuts across the ring follow the lines between its spaces where one is within reach
    edges_x = {round(v, 3) for sg in space_geometry(kit.board) for v in (sg.x, sg.x + sg.w)}
    edges_y = {round(v, 3) for sg in space_geometry(kit.board) for v in (sg.y, sg.y + sg.h)}
    on_line = [round(s, 3) in edges_x for s in plan["seams_x"]] + [round(s, 3) in edges_y for s in plan["seams_y"]]
    assert sum(on_line) >= len(on_line) - 1, (plan["seams_x"], plan["seams_y"])


# --------------------------------------------------------------------------- marks, names, words
def _lines(group: scene.Group, m=scene.IDENTITY):
    for s in group.children:
        if isinstance(s, scene.Group):
            yield from _lines(s, scene.compose(m, s.transform))
        elif isinstance(s, scene.Line):
            yield (*scene.apply(m, s.x1, s.y1), *scene.apply(m, s.x2, s.y2), s.width)


def _marks(page) -> list:
    """The registration lines drawn on a tile page outside the board drawing."""
    return [ln for s in page.content.children[1:] if isinstance(s, scene.Group) is False or s.key is None
            for ln in (_lines(s) if isinstance(s, scene.Group) else
                       [(s.x1, s.y1, s.x2, s.y2, s.width)] if isinstance(s, scene.Line) else [])
            if abs(ln[4] - MARK_WIDTH) < 1e-9]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_on_the_boards_edge_carry_trim_marks(paper):
    kit, g = board(ROOT / "content" / "etymonopoly")
    S = float(kit.board.size)
    pages, info = tiling.board_tiles(g, S, BLEED, paper, 6.0, 10.0, kit.game.title)
    R, C = info["rows"], info["cols"]
    for t, page in zip(info["tiles"], pages[1:]):
        x0, y0, w, h = t["page_rect"]
        bx, by = t["board_rect"][:2]
        trims_x = [x0 - bx + v for v, edge in ((0.0, t["col"] == 1), (S, t["col"] == C)) if edge]
        trims_y = [y0 - by + v for v, edge in ((0.0, t["row"] == R), (S, t["row"] == 1)) if edge]
        marks = _marks(page)
        for x in trims_x:  # a mark in line with the trim beyond both ends of the slice, clear of the bleed
            ends = [m for m in marks if abs(m[0] - x) < 1e-6 and abs(m[2] - x) < 1e-6]
            assert any(min(m[1], m[3]) >= y0 + h + MARK_OFFSET - 1e-6 for m in ends), t["name"]
            assert any(max(m[1], m[3]) <= y0 - MARK_OFFSET + 1e-6 for m in ends), t["name"]
        for y in trims_y:
            ends = [m for m in marks if abs(m[1] - y) < 1e-6 and abs(m[3] - y) < 1e-6]
            assert any(min(m[0], m[2]) >= x0 + w + MARK_OFFSET - 1e-6 for m in ends), t["name"]
            assert any(max(m[0], m[2]) <= x0 - MARK_OFFSET + 1e-6 for m in ends), t["name"]
        if not trims_x and not trims_y:  # an inner tile: no trim marks, only crosses (short arms)
            assert all(max(abs(m[0] - m[2]), abs(m[1] - m[3])) <= 2 * tiling.CROSS_ARM + 1e-6 for m in marks)
        # every mark on the printable page, none on the slice
        W, H = info["page_size"]
        for m in marks:
            assert 6.0 - 1e-6 <= min(m[0], m[2]) and max(m[0], m[2]) <= W - 6.0 + 1e-6
            assert 6.0 - 1e-6 <= min(m[1], m[3]) and max(m[1], m[3]) <= H - 6.0 + 1e-6
            inside = x0 + 1e-6 < (m[0] + m[2]) / 2 < x0 + w - 1e-6 and y0 + 1e-6 < (m[1] + m[3]) / 2 < y0 + h - 1e-6
            assert not inside


def _pdf(pages) -> bytes:
    w = PdfWriter("test")
    for p in pages:
        w.add(p)
    return w.finish()


def _text(data: bytes, index: int) -> str:
    return " ".join(pdfium.PdfDocument(data)[index].get_textpage().get_text_range().split())


@pytest.mark.parametrize("paper", ["letter", "a3"])
def test_the_map_names_every_tile_as_the_tile_does(paper):
    kit, g = board(ROOT / "content" / "tahiti")
    pages, info = tiling.board_tiles(g, float(kit.board.size), BLEED, paper, 6.0, 10.0, kit.game.title)
    data = _pdf(pages)
    names = [t["name"] for t in info["tiles"]]
    assert len(set(names)) == len(names) == info["rows"] * info["cols"]
    assert names[0] == "A1" and names[-1] == f"{chr(64 + info['cols'])}{info['rows']}"
    the_map = _text(data, 0)
    for t in info["tiles"]:
        assert f"{t['name']} page {t['page']}" in the_map, (t["name"], the_map)
        assert f"{t['name']}: row {t['row']} of {info['rows']}, column {t['col']} of" in _text(data, t["page"] - 1)


def test_tile_names_run_past_z():
    assert [tiling.tile_name(1, c) for c in (1, 2, 26, 27, 28)] == ["A1", "B1", "Z1", "AA1", "AB1"]
    assert tiling.tile_name(12, 3) == "C12"


@pytest.mark.parametrize("label", ["Etymonopoly · board", "Etymonopoly"])
def test_the_footers_say_board_once(label):
    kit, g = board(ROOT / "content" / "etymonopoly")
    S = float(kit.board.size)
    full = _text(_pdf([tiling.board_full(g, S, BLEED, label)]), 0)
    pages, _ = tiling.board_tiles(g, S, BLEED, "a4", 6.0, 10.0, label)
    data = _pdf(pages)
    for text in (full, _text(data, 0), _text(data, 1)):
        assert "board · board" not in text and "board board" not in text, text
    assert "Etymonopoly · board 480×480 mm, bleed 3 mm" in full
    assert "Etymonopoly · board · assembly map" in _text(data, 0)
    assert "Etymonopoly · board · tile A1" in _text(data, 1)


def test_pnp_own_words_are_english_in_a_french_kit():
    """Tile labels, the assembly map and the footers are pnp's words, set in English whatever the kit's language
    (they were once set French, with a narrow no-break space before their colons: "A1 : row 1"); the kit's
    own texts on the board keep the kit's French typesetting."""
    kit, g = board(ROOT / "content" / "tahiti")
    assert kit.game.language == "fr"
    pages, info = tiling.board_tiles(g, float(kit.board.size), BLEED, "a4", 6.0, 10.0, kit.game.title)
    ours = [t.text for page in pages for t in scene.walk_text(page.content)
            if not any(t is b for b in scene.walk_text(g))]
    labels = [t for t in ours if ": row " in t]
    assert len(labels) == info["rows"] * info["cols"]
    assert any("print at 100" in t for t in ours) and any("assembly map" in t for t in ours)
    assert all("\u202f" not in t for t in ours), [t for t in ours if "\u202f" in t]
    assert any("\u202f" in t.text for t in scene.walk_text(g))  # French spacing on the board itself


def test_a_french_edition_footers_are_set_in_french():
    """In a French edition pnp's words are French and set as French: a no-break space before "%" in every
    footer (the tiles' and the full sheet's were set in English, "100%", beside the cards' "100 %"), and the
    paper named as it is printed ("A4 portrait", not "a4 portrait")."""
    kit, g = board(ROOT / "content" / "tahiti")
    S = float(kit.board.size)
    pages, _ = tiling.board_tiles(g, S, BLEED, "a4", 6.0, 10.0, kit.game.title, lang="fr")
    full = tiling.board_full(g, S, BLEED, kit.game.title, lang="fr")
    ours = [t.text for page in [*pages, full] for t in scene.walk_text(page.content)
            if not any(t is b for b in scene.walk_text(g))]
    feet = [t for t in ours if "imprimer" in t]
    assert len(feet) == len(pages) + 1
    assert all("100%" not in t and ("100\u202f%" in t or "100\u00a0%" in t) for t in feet), feet
    assert any("A4 portrait" in t for t in feet) and not any("a4 portrait" in t for t in feet)
    assert tiling.words.paper("letter") == "Letter" and tiling.words.paper("a3") == "A3"


# --------------------------------------------------------------------------- the built board: its cuts and its texts
def _words(page) -> list[tuple[float, float, float, float, float, float]]:
    """Every word the page prints, as pdfium reads it back: (left, bottom, right, top in mm, font size in pt,
    baseline angle in degrees). A word ends at a space of any width, at a line's end and where the angle turns."""
    import pypdfium2.raw as raw

    tp = page.get_textpage()
    out, word = [], []

    def close():
        if word:
            boxes = [b for b, _, _ in word]
            out.append((min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                        max(b[3] for b in boxes), max(s for _, s, _ in word), word[0][2]))
            word.clear()

    mm = 25.4 / 72
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if raw.FPDFText_IsGenerated(tp.raw, i) or not ch.strip() or ch in "\u00a0\u202f\u2009":
            close()
            continue
        box = tuple(v * mm for v in tp.get_charbox(i))
        m = raw.FS_MATRIX()
        raw.FPDFText_GetMatrix(tp.raw, i, ctypes.byref(m))  # text space to the page: its scale turns size into pt
        size = raw.FPDFText_GetFontSize(tp.raw, i) * math.hypot(m.a, m.b)
        angle = math.degrees(math.atan2(m.b, m.a)) % 180.0
        if word:
            last, _, last_angle = word[-1]
            far = max(abs(box[0] - last[2]), abs(box[1] - last[1])) > 2 * max(box[3] - box[1], last[3] - last[1])
            if far or abs(angle - last_angle) > 1.0:
                close()
        word.append((box, size, angle))
    close()
    return out


@pytest.mark.parametrize("name", KITS)
def test_no_text_crosses_a_cut_of_the_built_board(name, tmp_path):
    """The cuts a default build records in its manifest (A4 tiles, in the board's frame), read against every word
    the board's PDF prints: no cut runs through a word; the board's display title (36 pt and up) only from the
    top of its letters to their foot, never along its lines."""
    from pnp.build import BuildOptions, build_game
    from pnp.problems import Problems
    from pnp.tiling import FULL_MARGIN

    problems = Problems()
    result = build_game(ROOT / "content" / name, tmp_path, BuildOptions(parts=("board",)), problems)
    assert result is not None, [str(p) for p in problems.sorted()]
    tiles = result.manifest["parts"]["board"]["tiles"]
    assert tiles["rows"] * tiles["cols"] == tiles["fewest"]["tiles"] == 6, (tiles["rows"], tiles["cols"])
    page = pdfium.PdfDocument(tmp_path / "board-full.pdf")[0]
    words = _words(page)
    assert len(words) > 100  # the board's names, prices and panels were read
    crossed = []
    for axis, cuts in tiles["cuts"].items():
        for cut in cuts:
            at = cut + FULL_MARGIN  # on the page
            for x0, y0, x1, y1, size, angle in words:
                lo, hi = (x0, x1) if axis == "x" else (y0, y1)
                if not lo + 0.3 < at < hi - 0.3:
                    continue
                along = (abs(angle - 90) <= 30) if axis == "x" else (min(angle, 180 - angle) <= 30)
                if size >= tiling.DISPLAY_PT and not along:
                    continue  # the wordmark, crossed from top to bottom as a board's crease crosses it
                crossed.append((axis, cut, round(x0, 1), round(y0, 1), size))
    assert not crossed, crossed
    assert not [p for p in problems.items if p.code == "W-board-cut"]


def test_a_text_across_the_papers_cut_is_named_with_its_line(tmp_path):
    """A designer's panel laid across the centre, wider than an A4 tile: no cut can go round its text, and the
    validator names the text at its file:line and the line the cut follows (in the centre's coordinates)."""
    import shutil

    from pnp.build import check_game
    from pnp.problems import Problems

    kit = tmp_path / "etymonopoly"
    shutil.copytree(ROOT / "content" / "etymonopoly", kit)
    board_yaml = kit / "board.yaml"
    text = board_yaml.read_text(encoding="utf-8")
    panel = ("    - {id: note, x: 0, y: -110, width: 330, height: 40, title: Trading,\n"
             "       text: 'Trade streets, stations and cards with any player at any time on your turn, for money or "
             "for other streets; a street with buildings on its group cannot be traded until they are sold.'}\n")
    assert "  panels:\n" in text
    board_yaml.write_text(text.replace("  panels:\n", "  panels:\n" + panel, 1), encoding="utf-8")
    line = board_yaml.read_text(encoding="utf-8").splitlines().index("  panels:") + 2
    problems = Problems()
    check_game(kit, problems)
    cut = [p for p in problems.items if p.code == "W-board-cut"]
    assert cut, [str(p) for p in problems.items]
    assert {(Path(p.loc.file).name, p.loc.line) for p in cut} <= {("board.yaml", line), ("board.yaml", line + 1)}
    assert all("on A4 paper the cut between tile columns" in p.message and "(the line x = " in p.message
               for p in cut), [p.message for p in cut]


def test_a_tile_label_moves_off_a_text_it_would_hide():
    """The assembly map's label plate for a tile goes where it hides the least of the miniature's texts, near the
    middle of the tile's own part: a text across the middle pushes it up or down, never out of its tile."""
    title = scene.Text(50.0, 48.0, "A TITLE ACROSS THE MIDDLE", "NotoSans-Bold", 30.0, width=80.0, anchor="middle")
    obstacles = tiling._art(scene.Group([title]))[0]
    area = (0.0, 0.0, 100.0, 100.0)
    cx, cy = tiling._label_spot(area, 20.0, 10.0, obstacles)
    x0, y0, x1, y1 = obstacles[0][:4]
    assert cy - 5.0 >= y1 - 1e-6 or cy + 5.0 <= y0 + 1e-6, (cy, y0, y1)  # clear of the title's box
    assert 10.0 <= cx - 10.0 and cx + 10.0 <= 90.0 and 5.0 <= cy - 5.0 and cy + 5.0 <= 95.0
    assert tiling._label_spot(area, 20.0, 10.0, []) == (50.0, 50.0)  # nothing to hide: the middle


def test_the_tile_labels_of_a_row_share_a_line_and_of_a_column_a_place_across():
    """The review found Tahiti's C1 label 3 mm below A1 and B1, each plate placed for its own tile alone: the plates
    of a row of tiles now sit on one line and those of a column one above the other, the line chosen for the whole
    row (a text across the middle of one tile moves its whole row's labels clear of it)."""
    title = scene.Text(150.0, 48.0, "A TITLE ACROSS ONE TILE", "NotoSans-Bold", 30.0, width=80.0, anchor="middle")
    obstacles = tiling._art(scene.Group([title]))[0]
    areas = {(r, c): (100.0 * (c - 1), 100.0 * (2 - r), 100.0 * c, 100.0 * (3 - r)) for r in (1, 2) for c in (1, 2, 3)}
    # the title lies across the middle of the tile of row 2, column 2 (y 0-100, x 100-200)
    grids = {rc: tiling._label_grid(a, 20.0, 10.0, obstacles) for rc, a in areas.items()}
    spots = tiling._label_spots(grids)
    for r in (1, 2):
        assert len({round(spots[r, c][1], 6) for c in (1, 2, 3)}) == 1, spots
    for c in (1, 2, 3):
        assert len({round(spots[r, c][0] - areas[r, c][0], 6) for r in (1, 2)}) == 1, spots
    x0, y0, x1, y1 = obstacles[0][:4]
    cx, cy = spots[2, 2]
    assert cy - 5.0 >= y1 - 1e-6 or cy + 5.0 <= y0 + 1e-6, (cy, y0, y1)  # clear of the title's box
    assert spots[1, 1] == tiling._label_spot(areas[1, 1], 20.0, 10.0, obstacles)  # a row with nothing to hide: the middle


def test_a_tile_label_hides_a_panels_bare_ground_rather_than_a_word():
    """A label plate over the bare face of a panel (a thing drawn whole, its texts elsewhere) hides less than one
    over a word: Monopoly 2.3's B2 plate sat on the "Buying property" panel's lines and Euronopoly's on the ring's
    names, where a panel's empty ground was within reach. Here a panel fills the middle of the tile's part and a line
    of text runs across the part under it and another over it, each a few mm off the panel: the plate goes on the
    panel (or the bare ground beside it), never over a line."""
    panel = scene.Group([scene.Rect(0.0, 28.0, 100.0, 44.0, fill="#eeeeee")], whole=True)
    words = [scene.Text(0.0, y, "A LINE ACROSS", "NotoSans-Bold", 8.0, width=100.0) for y in (16.7, 81.74)]
    obstacles = tiling._art(scene.Group([panel, *words]))[0]
    cx, cy = tiling._label_spot((0.0, 0.0, 100.0, 100.0), 20.0, 10.0, obstacles)
    for x0, y0, x1, y1, *_, text in obstacles:
        if text is not None:  # clear of the word across or up and down
            assert (cx - 10.0 >= x1 - 1e-6 or cx + 10.0 <= x0 + 1e-6 or cy - 5.0 >= y1 - 1e-6
                    or cy + 5.0 <= y0 + 1e-6), (cx, cy, x0, y0, x1, y1)


def test_the_tile_labels_take_the_least_cost_of_every_grid_of_lines():
    """The rows' heights and the columns' places of the map's label plates are the cheapest of all their
    choices together (tried one by one against every choice), where rounds of improving rows and columns in turn
    stopped at a worse grid: checked on random costs against every choice."""
    import itertools
    import random
    rnd = random.Random(7)
    n = 3
    for _ in range(200):
        grids = {(r, c): ([10.0 * c + i for i in range(n)], [10.0 * r + j for j in range(n)],
                          [[rnd.choice((0.0, 1.0, 5.0, 20.0)) for _ in range(n)] for _ in range(n)])
                 for r in (1, 2) for c in (1, 2, 3)}
        spots = tiling._label_spots(grids)
        got = sum(g[2][g[0].index(spots[rc][0])][g[1].index(spots[rc][1])] for rc, g in grids.items())
        best = min(sum(grids[r, c][2][cols[c - 1]][rows[r - 1]] for r in (1, 2) for c in (1, 2, 3))
                   for rows in itertools.product(range(n), repeat=2) for cols in itertools.product(range(n), repeat=3))
        assert got == best, (got, best)
