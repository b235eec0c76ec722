"""The ink-saver edition (pnp/inksaver.py, --ink saver) and the ink coverage of a PDF (pnp/coverage.py)."""
from __future__ import annotations

import json

import pytest

from pnp import scene
from pnp.build import BuildOptions, build_game, part_items, pdf_bytes
from pnp.coverage import coverage, ink_area
from pnp.inksaver import FLOOD_CM2, _area
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.parts import OUTPUT_NAMES

from conftest import edit, loaded


def _fills(group, m=scene.IDENTITY, out=None):
    """(area mm², fill, shape) of every filled shape, areas on the page (a miniature at its own size)."""
    out = [] if out is None else out
    m = scene.IDENTITY if group.miniature else scene.compose(m, group.transform)
    for child in group.children:
        if isinstance(child, scene.Group):
            _fills(child, m, out)
        elif getattr(child, "fill", None) and not isinstance(child, (scene.Text, scene.Line)):
            out.append((_area(child, m), child.fill, child))
    return out


def _items(root, ink):
    kit, problems = loaded(root, checked=True)
    ctx = Ctx(kit, problems=problems, ink=ink)
    items = [it for out in OUTPUT_NAMES for it in part_items(ctx, out)]
    return items, problems


def test_the_saver_edition_has_no_flood_and_keeps_the_group_colours(mini):
    full, _ = _items(mini, "full")
    saver, problems = _items(mini, "saver")
    floods = [(it.id, f) for it in full for side in (it.front, it.back) if side is not None
              for a, f, _ in _fills(side) if a >= FLOOD_CM2 * 100]
    assert floods  # the full edition has floods to save
    for it in saver:
        for side in (it.front, it.back):
            if side is None:
                continue
            for a, fill, shape in _fills(side):
                assert a < FLOOD_CM2 * 100 and a < 0.8 * it.width * it.height, (it.id, fill, a)
    band = "#d03030"  # the mini's red group: its bands on the board and the title cards stay red
    board = next(it for it in saver if it.part == "board")
    assert any(f == band for _, f, _ in _fills(board.front))
    assert not [p for p in problems.items if p.code == "W-text-legibility"]


def test_a_back_keeps_its_colour_as_a_light_hatch(mini):
    saver, _ = _items(mini, "saver")
    backs = [it.back for it in saver if it.back is not None and it.part == "titles"]
    assert backs

    def lines(g):
        return [c for c in g.children if isinstance(c, scene.Line)] + [x for c in g.children
                                                                        if isinstance(c, scene.Group) for x in lines(c)]

    assert all(len(lines(b)) > 10 for b in backs)


def _pdf(shapes, w=100.0, h=100.0) -> bytes:
    return pdf_bytes("t", "t", [scene.Page(w, h, scene.Group(shapes))])[0]


@pytest.mark.parametrize("shapes, expected", [
    ([], {"c": 0, "m": 0, "y": 0, "k": 0}),
    ([scene.Rect(0, 0, 50, 100, fill="#000000")], {"c": 0, "m": 0, "y": 0, "k": 50}),
    ([scene.Rect(0, 0, 100, 100, fill="#00ffff")], {"c": 100, "m": 0, "y": 0, "k": 0}),
    ([scene.Rect(0, 0, 100, 25, fill="#ff0000")], {"c": 0, "m": 25, "y": 25, "k": 0}),
])
def test_coverage_is_the_share_of_the_page_each_ink_covers(shapes, expected):
    got = coverage(_pdf(shapes))
    for ink, share in expected.items():
        assert got[ink] == pytest.approx(share, abs=1.5), (ink, got)
    assert got["total"] == pytest.approx(sum(expected.values()), abs=3)


def test_a_hairline_is_measured_as_thin_as_it_is():
    lines = [scene.Line(0, y, 100, y, "#000000", 0.1) for y in range(5, 100, 10)]  # 10 lines of 0.1 mm
    # 1 % of the page; PDFium paints a line at least a pixel wide, so at COVERAGE_DPI it measures up to 1.7 %
    assert 0.9 <= coverage(_pdf(lines))["k"] <= 2.0


def test_the_build_measures_both_editions_on_request_and_the_saver_takes_far_less(mini, tmp_path):
    totals = {}
    for ink in ("full", "saver"):
        problems = Problems()
        result = build_game(mini, tmp_path / "out", BuildOptions(parts=("board", "cards", "tokens"), ink=ink,
                                                                 ink_coverage=True), problems)
        assert result is not None, [str(p) for p in problems.sorted()]
        manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
        files = [f for f in manifest["files"] if f["name"].endswith(".pdf")]
        assert files and all("ink" in f and f["ink"]["total"] >= 0 for f in files)
        assert all(f["name"].endswith("-ink-saver.pdf") == (ink == "saver") for f in files)
        totals[ink] = sum(ink_area(f) for f in files)
    # the two editions sit side by side in one folder
    names = {p.name for p in (tmp_path / "out").iterdir()}
    assert "cards-a4.pdf" in names and "cards-a4-ink-saver.pdf" in names
    assert totals["saver"] < 0.5 * totals["full"]


def test_without_the_request_no_coverage_is_measured(mini, tmp_path):
    problems = Problems()
    assert build_game(mini, tmp_path / "o", BuildOptions(parts=("cards",)), problems) is not None
    manifest = json.loads((tmp_path / "o" / "manifest.json").read_text(encoding="utf-8"))
    assert all("ink" not in f for f in manifest["files"])


def _keyed(group, out):
    for child in group.children:
        if isinstance(child, scene.Group):
            if child.key is not None and child.bounds is not None:
                out.setdefault(child.key, set()).add(repr(child.children))
            _keyed(child, out)
    return out


def test_a_key_names_one_drawing_in_the_saver_edition(mini):
    # a keyed group is drawn once per PDF: a counter recoloured on its back (its ground hatched away) and left
    # as it was on its front shared one key, and the PDF printed the first of the two on both sides
    saver, _ = _items(mini, "saver")
    keys: dict = {}
    for it in saver:
        for side in (it.front, it.back):
            if side is not None:
                _keyed(scene.Group([side]), keys)
    assert keys and not {k: len(v) for k, v in keys.items() if len(v) > 1}


def test_a_chips_value_stays_on_a_light_inlay(mech):
    # the inlay (a pale tint under the value) on the chip's flood was taken for light ink knocked out of the
    # flood and printed in the chip's colour, under the value in the kit's ink: 2.7:1 on the blue chip
    kit, problems = loaded(mech, checked=True)
    ctx = Ctx(kit, problems=problems, ink="saver")
    chips = [it for it in part_items(ctx, "notes") if it.id.startswith("chip-")]
    assert chips
    assert not [str(p) for p in problems.items if p.code == "W-text-legibility"]
    paper = kit.game.theme.colours.paper
    for it in chips:
        inlay = max((c for c in it.front.children if isinstance(c, scene.Circle) and c.fill), key=lambda c: c.r)
        assert inlay.fill == paper, (it.id, inlay.fill)


def test_a_file_of_pages_of_several_sizes_counts_each_pages_ink_at_its_size():
    # a print-shop file holds counters and tokens, pages of two sizes: the ink was taken as the mean share of
    # a page times the first page's size, here a hundredth of what the large black page takes
    pages = [scene.Page(10, 10, scene.Group([])),
             scene.Page(100, 100, scene.Group([scene.Rect(0, 0, 100, 100, fill="#000000")]))]
    data, info = pdf_bytes("t", "t", pages)
    info["ink"] = coverage(data)
    assert ink_area(info) == pytest.approx(100 * 100, rel=0.03)
    assert info["ink"]["k"] == pytest.approx(100 * 100 / (100 * 100 + 10 * 10) * 100, abs=1.5)


def test_a_piece_whose_back_is_its_front_keeps_one_drawing(mini):
    # a counter's back is its front: the saver drew the back apart, as a card's back (its ground hatched), so
    # the counter printed plain on one side and hatched on the other, and the preview listed its backs apart
    full, _ = _items(mini, "full")
    saver, _ = _items(mini, "saver")
    same = {it.id for it in full if it.back is it.front}
    assert same
    assert {it.id for it in saver if it.back is it.front} == same


def test_an_up_to_date_build_still_tells_the_ink_it_was_asked_for(mini, tmp_path):
    # the second build found every part current and said only that: --ink-coverage printed nothing
    from click.testing import CliRunner

    from pnp.cli import cli

    args = ["build", str(mini), "--out", str(tmp_path / "out"), "--only", "cards", "--ink-coverage", "-q"]
    first = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert again.exit_code == 0 and "up to date" in again.output
    ink = [line for line in first.output.splitlines() if line.startswith("ink ")]
    assert ink and ink == [line for line in again.output.splitlines() if line.startswith("ink ")]


def test_a_chip_loses_its_flood_without_bleed_too(mech):
    # a round item's ground is the disc in its square, 79 % of the square: without bleed it fell short of the
    # 80 % that makes a ground whole, and --bleed 0 printed every chip in its full colour
    kit, problems = loaded(mech, checked=True)
    ctx = Ctx(kit, bleed=0.0, problems=problems, ink="saver")
    chips = [it for it in part_items(ctx, "notes") if it.id.startswith("chip-")]
    assert chips
    for it in chips:
        disc = 3.1416 * (it.width / 2) ** 2
        assert all(a < 0.5 * disc for a, _, _ in _fills(it.front)), it.id


def test_a_large_cards_bands_keep_their_colour(mini):
    # on a 70 x 120 mm card a title card's group band (61 x 20 mm) and a deck card's name band come to more
    # than a flood's 12 cm², and the saver took them away: the group's colour was left as a black outline
    edit(mini / "game.yaml", "theme:\n", "print:\n  card: {width: 70, height: 120}\ntheme:\n")
    saver, problems = _items(mini, "saver")
    deed = next(it for it in saver if it.id == "title-red-1")
    assert any(fill == "#d03030" and a >= FLOOD_CM2 * 100 for a, fill, _ in _fills(deed.front))
    card = next(it for it in saver if it.part == "decks")  # its band, inside its frame, is under a flood now
    assert any(fill == "#e08a1e" for _, fill, _ in _fills(card.front))
    assert not [str(p) for p in problems.items if p.code == "W-text-legibility"]


def test_a_pale_group_keeps_its_band_in_the_saver_edition(mini):
    from conftest import edit

    edit(mini / "board.yaml", 'colour: "#d03030"', 'colour: "#bfe3f7"')  # a pale blue family
    saver, _ = _items(mini, "saver")
    board = next(it for it in saver if it.part == "board")
    assert any(f == "#bfe3f7" for _, f, _ in _fills(board.front))
