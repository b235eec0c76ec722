"""A chart in the board's centre (Etymonopoly's families, Tahiti's island groups: three or more coloured chips of
one width, each a title and a short text) fits its text: the fullest chip of each row leaves no more air under its
last line than over its title, give or take CHIP_SLACK. The review saw a third of every chip empty at its foot
(Etymonopoly 6.5 mm under the text and 3.9 over the title; Tahiti 9.1 and 4.5)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from pnp import scene
from pnp.content import load_kit
from pnp.editions import Edition
from pnp.fonts import PT
from pnp.layout import board as B
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.text import CAP, DESC

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = (("etymonopoly", None), ("euronopoly", None), ("moneyloopy", None), ("monopoly-2-3", None),
            ("tahiti", None), ("tahiti", "en"))
CHIP_SLACK = 1.5  # mm: how much more air a chip may keep under its text than over its title


@lru_cache(maxsize=None)
def laid_out(name: str, lang: str | None):
    kit = load_kit(ROOT / "content" / name, Problems(), Edition(lang=lang) if lang else None)
    return Ctx(kit, bleed=3.0, problems=Problems())


def _charts(panels) -> list[list]:
    """The centre's charts: three or more coloured panels of one width with a title and a text, no table."""
    by_width: dict = {}
    for p in panels:
        if p.colour and p.title and p.text and p.table is None:
            by_width.setdefault(round(float(p.width), 1), []).append(p)
    return [chips for chips in by_width.values() if len(chips) >= 3]


def _air(ctx: Ctx, p) -> tuple[float, float]:
    """The air (mm) over a panel's highest capitals and under its last line's descenders."""
    runs = list(scene.walk_text(B._panel(ctx, p, float(ctx.kit.board.size))))
    h = float(p.height)
    top = max(t.y + CAP * t.size * PT for t in runs)
    foot = min(t.y - DESC * t.size * PT for t in runs)
    return h / 2 - top, foot + h / 2


def test_the_kits_have_charts():
    assert _charts(laid_out("etymonopoly", None).kit.board.centre.panels)
    assert _charts(laid_out("tahiti", None).kit.board.centre.panels)


@pytest.mark.parametrize("name,lang", EDITIONS)
def test_a_charts_row_is_as_tall_as_its_fullest_chip_needs(name, lang):
    ctx = laid_out(name, lang)
    for chips in _charts(ctx.kit.board.centre.panels):
        rows: dict = {}
        for p in chips:
            rows.setdefault((round(float(p.y), 1), round(float(p.height), 1)), []).append(p)
        for row in rows.values():
            airs = {p.id: _air(ctx, p) for p in row}
            fullest = min(airs, key=lambda i: airs[i][1])
            over, under = airs[fullest]
            assert under <= over + CHIP_SLACK, (name, lang, fullest, round(over, 1), round(under, 1))
