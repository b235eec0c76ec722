"""Export timings: `pnp export tts` and `pnp export shop` on every bundled kit at their default sizes.

Run: python bench/export.py [--kits tahiti,euronopoly] [--runs N]

Each export runs in a fresh process (import time counts, as a user sees it) into a temporary
folder; the table gives the median wall time, peak RSS and the size of what was written.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from timing import measure

ROOT = Path(__file__).resolve().parent.parent
KITS = ("etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3")


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.resolve().iterdir() if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kits", default=",".join(KITS))
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    print(f"{'kit':<14} {'export':<6} {'wall s':>7} {'peak MB':>8} {'written MB':>11}")
    for kit in args.kits.split(","):
        for export, out in (("tts", f"{kit}-tts"), ("shop", f"{kit}-shop.zip")):
            walls, peaks = [], []
            with tempfile.TemporaryDirectory(prefix="pnp-bench-export-") as tmp:
                for _ in range(args.runs):
                    wall, peak = measure([sys.executable, "-m", "pnp", "export", export, kit], Path(tmp),
                                         {**os.environ, "PYTHONPATH": str(ROOT)})
                    walls.append(wall)
                    peaks.append(peak)
                written = size(Path(tmp) / "output" / out)
            print(f"{kit:<14} {export:<6} {statistics.median(walls):>7.1f} {statistics.median(peaks):>8.0f} "
                  f"{written / 1e6:>11.1f}")


if __name__ == "__main__":
    main()
