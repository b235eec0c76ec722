"""Euronopoly's speed-trap table on the board kept 1.2 mm between its four-figure amounts and their rules at 8.7 pt
(eleven columns across one panel). Turned and split in two panels (dice totals 2-7 and 8-12), every figure and label
of the board's tables keeps at least 1.5 mm of air to its cell's walls, at no less than the kit's type floor."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.content import load_kit
from pnp.layout import board as B
from pnp.layout import table as T
from pnp.layout.common import Ctx
from pnp.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
AIR = 1.5  # mm between a cell's widest figure or label and its walls, at least


def _grids(monkeypatch, ctx: Ctx) -> dict[str, tuple]:
    """table id -> (size pt, label column mm, value column mm, widest label mm, widest figure mm), as the board's
    panels lay them out."""
    seen: dict[str, tuple] = {}
    real = T._grid

    def spy(ctx, t, w, row_h):
        size, label_w, col_w, air = real(ctx, t, w, row_h)
        label, value = T._ems(ctx, t)
        seen[t.id] = (size, label_w, col_w, label * size, value * size)
        return size, label_w, col_w, air

    monkeypatch.setattr(T, "_grid", spy)
    for p in ctx.kit.board.centre.panels:
        if p.table is not None:
            B._panel(ctx, p, float(ctx.kit.board.size))
    return seen


def test_euronopolys_board_tables_keep_air_in_their_cells(monkeypatch):
    kit = load_kit(ROOT / "content" / "euronopoly", Problems())
    ctx = Ctx(kit, bleed=3.0, problems=Problems())
    grids = _grids(monkeypatch, ctx)
    assert {"speed-trap-low", "speed-trap-high", "risk"} <= set(grids), grids
    for tid, (size, label_w, col_w, label, value) in grids.items():
        assert size >= ctx.min_pt, (tid, size)
        assert (col_w - value) / 2 >= AIR, (tid, round((col_w - value) / 2, 2))
        assert (label_w - label) / 2 >= AIR, (tid, round((label_w - label) / 2, 2))


def test_the_board_prints_every_dice_total_of_the_speed_trap_table_once():
    kit = load_kit(ROOT / "content" / "euronopoly", Problems())
    tables = [kit.table(p.table) for p in kit.board.centre.panels if str(p.table or "").startswith("speed-trap")]
    totals = [int(r.label) for t in tables for r in t.rows]
    assert totals == list(range(2, 13))
    full = kit.table("speed-trap")  # the seed's table, as the booklet prints it
    for t in tables:
        for r in t.rows:
            assert [int(v) for v in r.cells] == [full.rows[n - 1].cells[int(r.label) - 2] for n in t.columns]
