"""The benchmark's inputs stay valid: its synthetic deck builds, and the floor script runs.

(Speed is measured by ``python bench/run.py``, never asserted here.)
"""
import importlib.util
import subprocess
import sys
from pathlib import Path

from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("pnp_bench_run", ROOT / "bench" / "run.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_synthetic_deck_validates_and_builds_with_the_floors_fonts(tmp_path):
    game = bench.synthetic_game(tmp_path / "deck", 12)
    problems = Problems()
    result = build_game(game, tmp_path / "out", BuildOptions(parts=("cards",)), problems)
    assert result is not None, [str(p) for p in problems.items]
    assert not problems.items, [str(p) for p in problems.items]
    assert result.manifest["parts"]["cards"]["items"] == 12
    pdf = (tmp_path / "out" / "cards-a4.pdf").read_bytes()
    assert pdf.count(b"/FontFile2") == 2  # NotoSans Regular and Bold, as the floor embeds


def test_floor_script_writes_the_deck_and_font_bytes_are_counted(tmp_path):
    out = tmp_path / "floor.pdf"
    subprocess.run([sys.executable, str(ROOT / "bench" / "floor.py"), "12", str(out)], check=True)
    assert out.read_bytes().startswith(b"%PDF")
    fonts = bench.font_bytes(out)
    assert 5_000 < fonts < out.stat().st_size
