"""pnp/vision.py: simulated colour vision (Machado et al. 2009) and CIEDE2000 differences."""
from __future__ import annotations

import pytest

from pnp.vision import VISIONS, ciede2000, difference, lab, linear_rgb, seen

# Sharma, Wu and Dalal 2005, Table 1: pairs of CIELAB colours and their CIEDE2000 difference
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("a, b, expected", SHARMA)
def test_ciede2000_matches_sharmas_test_data(a, b, expected):
    assert ciede2000(a, b) == pytest.approx(expected, abs=5e-5)


def test_lab_of_white_black_and_srgb_red():
    assert lab(linear_rgb("#ffffff")) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab(linear_rgb("#000000")) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab(linear_rgb("#ff0000")) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


def test_greys_look_the_same_to_everyone():
    for vision in VISIONS:
        assert seen(linear_rgb("#808080"), vision) == pytest.approx(linear_rgb("#808080"), abs=1e-3)


def test_red_and_green_collapse_for_the_red_green_blind_but_not_for_others():
    red, green = "#d62828", "#2a9d3a"
    assert difference(red, green) > 40
    assert difference(red, green, "deuteranopia") < difference(red, green) / 3
    assert difference(red, green, "protanopia") < difference(red, green) / 3
    assert difference(red, green, "tritanopia") > 25


def test_blue_and_green_collapse_for_the_blue_yellow_blind():
    blue, green = "#3d7fd6", "#3aa89a"
    assert difference(blue, green, "tritanopia") < difference(blue, green, "deuteranopia")


def test_greyscale_keeps_only_lightness():
    assert difference("#cc3333", "#3366cc", "greyscale") < 8  # a red and a blue of like lightness
    assert difference("#ffee66", "#333399", "greyscale") > 50


# ---------------------------------------------------------------- the rule and the group marks
import shutil  # noqa: E402

from pnp import scene  # noqa: E402
from pnp.build import part_items  # noqa: E402
from pnp.groupmarks import SHAPES, group_marks  # noqa: E402
from pnp.layout.common import Ctx  # noqa: E402

from conftest import ROOT, edit, loaded  # noqa: E402
from kits_cache import checked  # noqa: E402

CASE = ROOT / "tests" / "invalid" / "colour-confusable"


@pytest.fixture
def two_groups(mini):
    """The mini game with a red and an olive group a deuteranope cannot tell apart."""
    shutil.copy(CASE / "board.yaml", mini / "board.yaml")
    return mini


def _marks_drawn(group) -> set[str]:
    """The group marks a drawing prints (not those of a miniature of another drawing)."""
    out = set()
    for child in group.children:
        if isinstance(child, scene.Group) and not child.miniature:
            if child.key and child.key.startswith("mark-"):
                out.add(child.key.split("-")[1])
            out |= _marks_drawn(child)
    return out


def _warnings(root):
    from pnp.rules import validator

    kit, problems = loaded(root)
    validator.run(kit, problems)
    return kit, [p for p in problems.items if p.code == "W-colour-confusable"]


def test_two_groups_a_deuteranope_confuses_are_named_when_marks_are_off(two_groups):
    edit(two_groups / "game.yaml", "theme:\n", "theme:\n  group_marks: 'off'\n")
    _, found = _warnings(two_groups)
    (p,) = found
    assert "'Reds'" in p.message and "'Greens'" in p.message and "deuteranopia" in p.message
    assert p.loc.line == 4 and "board.yaml:5" in p.message  # the one colour's place, and the other's
    assert "group_marks" in p.message


def test_marks_print_by_default_where_groups_look_alike_and_then_the_rule_is_satisfied(two_groups):
    kit, found = _warnings(two_groups)
    assert not found
    marks = group_marks(kit)
    assert set(marks) == {"red", "green"} and len(set(marks.values())) == 2
    ctx = Ctx(kit)
    board = part_items(ctx, "board")
    cards = part_items(ctx, "cards")
    assert _marks_drawn(scene.Group([it.front for it in board])) == set(marks.values())
    deeds = [it for it in cards if it.id in ("title-red-1", "title-red-2")]
    assert deeds and all(_marks_drawn(it.front) for it in deeds)


def test_no_marks_where_every_group_is_told_apart_and_always_with_on(mini):
    kit, _ = loaded(mini)
    assert group_marks(kit) == {}  # one group: nothing to confuse
    edit(mini / "game.yaml", "theme:\n", "theme:\n  group_marks: 'on'\n")
    kit, _ = loaded(mini)
    assert group_marks(kit) == {"red": SHAPES[0]}


def test_a_mark_a_group_names_is_printed_even_where_no_groups_look_alike(mini):
    edit(mini / "board.yaml", 'colour: "#d03030", size: 2}', 'colour: "#d03030", size: 2, mark: star}')
    kit, _ = loaded(mini)
    assert group_marks(kit) == {"red": "star"}
    edit(mini / "game.yaml", "theme:\n", "theme:\n  group_marks: 'off'\n")
    kit, _ = loaded(mini)
    assert group_marks(kit) == {}


def test_a_group_keeps_its_own_mark_and_the_others_take_the_free_shapes(two_groups):
    edit(two_groups / "board.yaml", 'colour: "#d03030", size: 1}', 'colour: "#d03030", size: 1, mark: circle}')
    kit, _ = loaded(two_groups)
    assert group_marks(kit) == {"red": "circle", "green": "square"}


def test_two_groups_with_one_mark_are_not_told_apart_by_it(two_groups):
    edit(two_groups / "board.yaml", 'colour: "#d03030", size: 1}', 'colour: "#d03030", size: 1, mark: star}')
    edit(two_groups / "board.yaml", 'colour: "#6f8f2f", size: 1}', 'colour: "#6f8f2f", size: 1, mark: star}')
    _, found = _warnings(two_groups)
    (p,) = found
    assert "star" in p.message


def test_two_note_values_of_one_colour_are_named(mini):
    kit, _ = loaded(mini)
    colours = [str(d.colour) for d in kit.money.notes.denominations]
    edit(mini / "money.yaml", colours[1], colours[0])
    _, found = _warnings(mini)
    assert len(found) == 1 and "normal colour vision" in found[0].message


@pytest.mark.parametrize("kit", ["etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3"])
def test_every_shipped_kit_tells_its_groups_apart(kit):
    game, found = _warnings(ROOT / "content" / kit)
    assert not found, [str(p) for p in found]


def test_the_booklets_property_table_prints_each_groups_mark_in_its_swatch():
    kit, problems = checked("etymonopoly")
    ctx = Ctx(kit, problems=problems)
    pages = part_items(ctx, "rules")
    drawn = set()
    for page in pages:
        drawn |= _marks_drawn(page.front)
    assert set(group_marks(kit).values()) <= drawn


def test_two_colours_alike_to_everyone_are_said_to_look_alike_with_normal_vision(two_groups):
    # the closest vision was the first by name on a tie (deuteranopia, greyscale): a pair of one colour
    # was reported as looking alike only to the green-blind
    edit(two_groups / "game.yaml", "theme:\n", "theme:\n  group_marks: 'off'\n")
    edit(two_groups / "board.yaml", '"#6f8f2f"', '"#D03030"')
    _, found = _warnings(two_groups)
    (p,) = found
    assert "normal colour vision" in p.message


def test_two_deck_backs_are_named_by_the_colours_they_print(mini):
    # a back of its own colour was compared, but the message named the decks' face colours (a blue and an
    # orange said to differ by 0.1) and pointed at the face colour's line
    luck = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    fate = (luck.replace("id: luck", "id: fate").replace("name: Luck", "name: Fate")
            .replace('colour: "#e08a1e"', 'colour: "#1c5d99"\nback: {colour: "#e08a1f"}'))
    (mini / "decks" / "fate.yaml").write_text(fate, encoding="utf-8")
    _, found = _warnings(mini)
    (p,) = found
    assert "#e08a1f" in p.message and "#e08a1e" in p.message and "#1c5d99" not in p.message
    assert p.loc.file.endswith("fate.yaml") and p.loc.line == 4  # back: {colour: ...}
    assert "luck.yaml:3" in p.message


def _more_groups(mini, colours):
    """The mini game with groups of these colours after its red one (no spaces: only the colours count)."""
    extra = "".join(f'  - {{id: g{i}, name: G{i}, colour: "{c}", size: 1}}\n' for i, c in enumerate(colours))
    edit(mini / "board.yaml", 'colour: "#d03030", size: 2}\n', 'colour: "#d03030", size: 2}\n' + extra)


def test_with_more_groups_than_shapes_a_shape_repeats_on_groups_colour_tells_apart(mini):
    # the eleventh group took the first shape again whatever its colour: here the circle of the red group it
    # nearly matches, while the shapes of the blue and green groups were there for it
    palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
    _more_groups(mini, palette + ["#d03131", "#ffe000"])
    edit(mini / "game.yaml", "theme:\n", "theme:\n  group_marks: 'on'\n")
    kit, found = _warnings(mini)
    marks = group_marks(kit)
    assert len(marks) == 12 and set(marks.values()) == set(SHAPES)
    assert marks["g9"] != marks["red"]
    assert not found


def test_groups_left_alike_for_want_of_shapes_are_told_to_change_a_colour(mini):
    _more_groups(mini, ["#d03030"] * 11)  # twelve groups of one colour: two pairs share a shape
    _, found = _warnings(mini)
    assert len(found) == 2
    for p in found:
        assert "change one of the two colours" in p.message and "another mark" not in p.message
        assert "10 mark shapes" in p.message


@pytest.mark.parametrize("written, setting", [("off", "off"), ("no", "off"), ("on", "on"), ("true", "on")])
def test_group_marks_written_bare_as_yaml_reads_a_yes_or_no(mini, written, setting):
    # YAML reads a bare off as false: "theme.group_marks: off", as the README and the rule's own advice
    # ("theme.group_marks: on") write it, was an error saying False is not one of 'auto', 'on', 'off'
    edit(mini / "game.yaml", "theme:\n", f"theme:\n  group_marks: {written}\n")
    kit, problems = loaded(mini)
    assert not problems.errors
    assert kit.game.theme.group_marks == setting


def test_a_choice_written_in_capitals_or_as_a_yes_or_no_is_told_what_to_write(mini):
    from pnp.content import load_kit
    from pnp.problems import Problems

    edit(mini / "game.yaml", "theme:\n", "theme:\n  group_marks: 'ON'\n")
    edit(mini / "board.yaml", 'colour: "#d03030", size: 2}', 'colour: "#d03030", size: 2, mark: no}')
    problems = Problems()
    load_kit(mini, problems)
    by_file = {p.loc.file.rsplit("/", 1)[-1]: p for p in problems.items if p.code == "E-schema-choice"}
    assert "'on'" in by_file["game.yaml"].message.split("did you mean")[1]
    assert by_file["board.yaml"].loc.line == 4 and "quotes" in by_file["board.yaml"].message


def test_groups_of_one_colour_keep_their_own_marks_in_the_booklets_property_table(tmp_path):
    # the table looked a swatch's mark up by its colour: two groups of one colour (what the marks are for)
    # both printed the mark of the last of them
    root = tmp_path / "etymonopoly"
    shutil.copytree(ROOT / "content" / "etymonopoly", root)
    edit(root / "board.yaml", 'colour: "#a8dcf0"', 'colour: "#8a5230"')  # Iranian as brown as Baltic
    kit, problems = loaded(root, checked=True)
    marks = group_marks(kit)
    assert marks["baltic"] != marks["iranian"]
    ctx = Ctx(kit, problems=problems)
    drawn = set()
    for page in part_items(ctx, "rules"):
        drawn |= _marks_drawn(page.front)
    assert set(marks.values()) <= drawn


@pytest.mark.parametrize("name, icon, alike", [("Luck", "chest", False), ("LUCK", "question", True)])
def test_deck_backs_are_compared_by_what_they_print(mini, name, icon, alike):
    # a back prints the deck's icon unless it has its own, and its title in capitals: two backs with the
    # decks' own, different icons were taken for one face (and a green-blind player's confusion reported),
    # while 'Luck' and 'LUCK' were taken for two
    luck = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    fate = (luck.replace("id: luck", "id: fate").replace("name: Luck", f"name: {name}")
            .replace('colour: "#e08a1e"', 'colour: "#a8a800"').replace("icon: question", f"icon: {icon}"))
    (mini / "decks" / "fate.yaml").write_text(fate, encoding="utf-8")
    _, found = _warnings(mini)
    assert [p for p in found if "deuteranopia" in p.message] if alike else not found


@pytest.mark.parametrize("kit", ["etymonopoly", "moneyloopy", "monopoly-2-3"])
def test_a_groups_mark_has_one_ink_on_the_board_and_its_title_cards(kit):
    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)

    def keys(group, out):
        for child in group.children:
            if isinstance(child, scene.Group) and not child.miniature:
                if child.key and child.key.startswith("mark-"):
                    out.add(tuple(child.key.split("-")[1:4]))  # shape, ink, edge
                keys(child, out)
        return out

    board = keys(scene.Group([it.front for it in part_items(ctx, "board")]), set())
    cards = keys(scene.Group([it.front for it in part_items(ctx, "cards")]), set())
    assert board and {k for k in cards if k[2] in {e for _, _, e in board}} == board


def test_seen_hex_keeps_greys_and_normal_vision_and_moves_red_towards_olive():
    from pnp.vision import seen_hex

    assert seen_hex("#d03030", "normal") == "#d03030"
    assert seen_hex("#808080", "deuteranopia") in ("#7f7f7f", "#808080", "#818181")
    r, g, b = (int(seen_hex("#d03030", "deuteranopia")[i:i + 2], 16) for i in (1, 3, 5))
    assert abs(r - g) < 40 and b < r  # a red reads as a dark yellow-brown


def test_preview_with_other_eyes_draws_every_colour_as_seen_and_checks_the_print(two_groups, tmp_path,
                                                                               monkeypatch):
    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.vision import seen_hex

    kit, _ = loaded(two_groups)
    ctx = Ctx(kit, see="deuteranopia")
    board = part_items(ctx, "board")[0]

    def fills(g, out):
        for c in g.children:
            if isinstance(c, scene.Group):
                fills(c, out)
            elif getattr(c, "fill", None):
                out.add(c.fill)
        return out

    seen = fills(board.front, set())
    assert "#d03030" not in seen and seen_hex("#d03030", "deuteranopia") in seen
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["preview", str(two_groups), "--see", "deuteranopia", "--only", "board"])
    assert result.exit_code == 0, result.output
    folders = [p.name for p in (tmp_path / "output").glob("*/preview*")]
    assert folders == ["preview-deuteranopia"]  # beside the plain previews, never over them
    assert "--see" not in CliRunner().invoke(cli, ["build", "--help"]).output  # a view, never a print


@pytest.mark.parametrize("kit", ["etymonopoly", "monopoly-2-3"])
def test_every_row_of_the_booklets_property_table_has_its_swatch(kit):
    """The stations' and utilities' rows had no swatch among the sets' (the seventh review: they read as missing):
    every title's row carries one, a set's colour, or the colour the space's title card carries as an outline (a
    full yellow swatch read as the yellow set's: the tenth review), or, where the board draws the space with an icon,
    that icon (the twelfth: Etymonopoly's branches and Tocharians read as squares, not as on the board)."""
    from pnp.layout import booklet
    from pnp.layout.common import mix, space_colour

    game, problems = checked(kit)
    ctx = Ctx(game, problems=problems)
    fills = []

    def walk(g):
        for c in g.children:
            if isinstance(c, scene.Group) and (c.key or "").startswith("icon-") \
                    and abs(c.transform[0] * 100 - booklet.SWATCH * 1.15) < 1e-6:
                fills.append(("icon", c.key.split("-")[1]))
            elif isinstance(c, scene.Group):
                walk(c)
            elif isinstance(c, scene.Rect) and abs(c.w - booklet.SWATCH) < 1e-6 and abs(c.h - booklet.SWATCH) < 1e-6:
                fills.append(("fill", c.fill))
            elif isinstance(c, scene.Rect) and c.fill is None and abs(c.w - booklet.SWATCH + 0.6) < 1e-6:
                fills.append(("outline", c.stroke))

    for page in part_items(ctx, "rules"):
        walk(page.front)
    spaces = [game.board.space(t.space) for t in game.titles.titles]
    (table,) = booklet._Blocks(ctx, booklet._Setter(ctx, ctx.style))._properties("", None)
    assert len(fills) == len(table.rows)  # a row each; alike stations share one (test_booklet_proof)
    assert sorted(f for kind, f in fills if kind == "fill") == sorted(space_colour(ctx, s) for s in spaces if s.group)
    assert {f for kind, f in fills if kind == "outline"} == \
        {mix(space_colour(ctx, s), "#000000", 0.2) for s in spaces if not s.group and not s.icon}
    assert {f for kind, f in fills if kind == "icon"} == {s.icon for s in spaces if not s.group and s.icon}
    assert any(kind == "icon" for kind, _ in fills)
