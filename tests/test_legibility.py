"""The legibility check: text under 6 pt or under 4.5:1 contrast against what is drawn beneath it."""
from __future__ import annotations

import pytest

from pnp import legibility, scene
from pnp.build import BuildOptions, check_game, load_valid
from pnp.impose import impose
from pnp.layout.common import Ctx, Item, contrast
from pnp.parts import part
from pnp.problems import Problems
from pnp.rules.printing import TEXT_LEGIBILITY

from conftest import MINI, ROOT, edit


def text(s: str, x: float = 10, y: float = 10, size: float = 8, colour: str = "#000000") -> scene.Text:
    return scene.Text(x, y, s, "NotoSans-Regular", size, colour, "start", 0.0)


# ---------------------------------------------------------------- contrast
def test_contrast_ratio_follows_wcag():
    assert legibility.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert legibility.contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert legibility.contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert legibility.contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the known AA grey


@pytest.mark.parametrize("band", ["#d6358d", "#2f7fc1", "#2e9a57", "#c8702a", "#8a5230", "#a8dcf0", "#f2d13a"])
def test_contrast_picks_the_text_colour_that_reads(band):
    """Black or white on a band, whichever reads (WCAG), never one under 4.5:1 when another passes."""
    ink = contrast(band)
    assert legibility.contrast_ratio(ink, band) >= legibility.MIN_CONTRAST
    assert ink == max(("#1d1d1b", "#ffffff", "#000000"), key=lambda c: legibility.contrast_ratio(c, band)) \
        or legibility.contrast_ratio(ink, band) >= legibility.MIN_CONTRAST


# ---------------------------------------------------------------- findings on tiny scenes
def test_a_five_point_label_is_too_small():
    (f,) = legibility.findings(scene.Group([scene.Rect(0, 0, 50, 50, fill="#ffffff"), text("Proto", size=5)]))
    assert f.small and not f.faint and f.size == 5


def test_grey_on_grey_is_too_faint():
    g = scene.Group([scene.Rect(0, 0, 50, 50, fill="#888888"), text("Rent", colour="#777777")])
    (f,) = legibility.findings(g)
    assert f.faint and not f.small and f.background == "#888888" and f.ratio < 1.5


def test_legible_text_passes():
    g = scene.Group([scene.Rect(0, 0, 50, 50, fill="#fbf7ec"), text("Rent", size=7, colour="#1f1d1a")])
    assert legibility.findings(g) == []


def test_the_background_is_the_topmost_fill_drawn_before_the_text():
    white_on = [scene.Rect(0, 0, 50, 50, fill="#1d1d1b"), scene.Rect(0, 5, 50, 10, fill="#ffffff")]
    # white text on the white band drawn over the black card: faint
    assert legibility.findings(scene.Group([*white_on, text("X band", colour="#ffffff")]))
    # the same band drawn after the text does not count: the text sat on black
    assert not legibility.findings(scene.Group([white_on[0], text("X band", colour="#ffffff"), white_on[1]]))
    # an outline (no fill) does not change the background
    assert not legibility.findings(scene.Group([white_on[0], scene.Rect(0, 5, 50, 10, stroke="#ffffff"),
                                                text("X band", colour="#ffffff")]))
    # nothing beneath: the white sheet
    (f,) = legibility.findings(scene.Group([text("X", colour="#eeeeee")]))
    assert f.background == legibility.PAPER


def test_transforms_and_clips_are_followed():
    band = scene.Group([scene.Rect(0, 0, 20, 20, fill="#ffffff")], transform=scene.translate(100, 0))
    on_band = scene.Group([text("Rotated", x=0, y=-5, colour="#ffffff")],
                          transform=scene.compose(scene.translate(105, 10), scene.rotate(90)))
    assert legibility.findings(scene.Group([scene.Rect(0, 0, 200, 50, fill="#000000"), band, on_band]))
    off_band = scene.Group([text("Rotated", x=0, y=-5, colour="#ffffff")],
                           transform=scene.compose(scene.translate(150, 10), scene.rotate(90)))
    assert not legibility.findings(scene.Group([scene.Rect(0, 0, 200, 50, fill="#000000"), band, off_band]))
    clipped = scene.Group([scene.Rect(0, 0, 50, 50, fill="#ffffff")], clip=(0, 0, 5, 5))  # only a corner shows
    assert not legibility.findings(scene.Group([scene.Rect(0, 0, 50, 50, fill="#000000"), clipped,
                                                text("Clip", x=20, y=20, colour="#ffffff")]))
    # a scaled group prints its text smaller
    (f,) = legibility.findings(scene.Group([text("Small", size=8)], transform=scene.scale(0.5)))
    assert f.small and f.size == pytest.approx(4.0)


def test_a_text_half_on_a_band_is_judged_by_its_worst_part():
    g = scene.Group([scene.Rect(0, 0, 200, 50, fill="#ffffff"), scene.Rect(0, 0, 14, 50, fill="#000000"),
                     text("White text running off its band", x=2, colour="#ffffff")])
    (f,) = legibility.findings(g)
    assert f.background == "#ffffff"


# ---------------------------------------------------------------- reported where the content says it
def _check(kit_root):
    problems = Problems()
    check_game(kit_root, problems)
    return [p for p in problems.sorted() if p.code == TEXT_LEGIBILITY.code]


def test_a_faint_band_is_reported_at_the_names_it_prints(mini):
    edit(mini / "board.yaml", 'colour: "#d03030", size: 2}', 'colour: "#8a8a8a", text_colour: "#777777", size: 2}')
    found = _check(mini)
    names = {p.path: p for p in found}
    assert {"spaces[1].name", "spaces[4].name"} <= set(names), [str(p) for p in found]
    p = names["spaces[1].name"]
    assert p.loc.file.endswith("board.yaml") and p.loc.line == 7 and p.severity == "warning"
    assert "title-red-1" in p.message and "#777777 on #8a8a8a" in p.message and "1.3:1" in p.message


def test_a_fixed_label_is_reported_at_its_items_entry():
    """A run drawn without Ctx.fit (no content value of its own) is reported at the entry of the item."""
    problems = Problems()
    kit = load_valid(MINI, problems)
    ctx = Ctx(kit, problems=problems)
    title = kit.titles.titles[0]
    face = scene.Group([scene.Rect(0, 0, 57, 89, fill="#ffffff"), text("7", colour="#dddddd")])
    item = Item(id="x", kind="property", width=57, height=89, front=face, source=title)
    legibility.check_items(ctx, [item], "titles")
    (p,) = problems.items
    assert p.code == TEXT_LEGIBILITY.code and p.loc == title.loc and "fixed label" in p.message


def test_strict_validate_fails_on_a_legibility_warning(mini):
    from click.testing import CliRunner

    from pnp.cli import cli

    edit(mini / "board.yaml", 'colour: "#d03030", size: 2}', 'colour: "#8a8a8a", text_colour: "#777777", size: 2}')
    assert CliRunner().invoke(cli, ["validate", str(mini)]).exit_code == 0
    result = CliRunner().invoke(cli, ["validate", str(mini), "--strict"])
    assert result.exit_code == 1 and "W-text-legibility" in result.output


# ---------------------------------------------------------------- sheet furniture
@pytest.mark.parametrize("kit", ["etymonopoly", "tahiti"])
def test_sheet_footers_are_legible(kit):
    """The footers ('print at 100 %') are not items, so the validator does not see them: checked here."""
    problems = Problems()
    k = load_valid(ROOT / "content" / kit, problems)
    ctx = Ctx(k, problems=problems)
    items = part("reference").items(ctx)
    sheets = impose(items, BuildOptions(), k.game.title, "cards", "")
    for sheet in sheets:
        page = sheet.page.content
        footers = [t for t in scene.walk_text(page) if "100 %" in t.text or "·" in t.text]
        assert footers, "no footer found"
        assert min(t.size for t in footers) >= legibility.MIN_PT
        faint = [f.text.text for f in legibility.findings(page, paper="#ffffff")]
        assert not [t for t in footers if t.text in faint], faint
