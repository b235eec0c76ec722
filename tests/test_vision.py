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
