"""Benchmarks: pnp against the plain-reportlab floor. Run: python bench/run.py [--runs N]

Every job runs in a fresh process (so import time counts, as a user sees it); the
table gives medians of N runs of wall time, peak RSS and output bytes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (60, 600, 6000)


def measure(cmd: list[str], cwd: Path) -> tuple[float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed:\n{err}")
    return wall, usage.ru_maxrss / 1024.0  # kB on Linux


def synthetic_game(folder: Path, n: int) -> Path:
    """A game whose only printed part is one deck of n cards: title and three lines, one shared back."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decks").mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(
        "title: Bench\ncurrency: {symbol: $, name: dollars}\nplayers: {min: 2, max: 4}\n"
        "money: {starting: 0, denominations: [1], starting_split: {}}\n"
        f"rules: {{salary: 0, deck_sizes: {{bench: {n}}}, corners: [start, free, free, free]}}\n", encoding="utf-8")
    spaces = []
    for i in range(8):  # corners on every other space, the deck's spaces between them
        kind = ("start" if i == 0 else "free") if i % 2 == 0 else "deck"
        extra = ", deck: bench" if kind == "deck" else ""
        spaces.append(f"  - {{id: s{i}, kind: {kind}, name: Space {i}{extra}}}")
    (folder / "board.yaml").write_text("size: 240\ncorner: 80\nspaces:\n" + "\n".join(spaces)
                                       + "\ncentre: {title: Bench}\n", encoding="utf-8")
    lines = ["id: bench", "name: Bench", 'colour: "#24405f"', "cards:"]
    for i in range(n):
        lines.append(f"  - {{id: c{i + 1}, title: Card {i + 1}, text: \"The first line of text, a second line of "
                     f"text and a third one.\"}}")
    (folder / "decks" / "bench.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def median_of(runs: int, cmd: list[str], cwd: Path, out: Path | None = None) -> dict:
    walls, rsss = [], []
    size = 0
    for _ in range(runs):
        if out is not None and out.exists():
            if out.is_dir():
                shutil.rmtree(out)
            else:
                out.unlink()
        w, r = measure(cmd, cwd)
        walls.append(w)
        rsss.append(r)
    if out is not None:
        size = sum(p.stat().st_size for p in out.rglob("*.pdf")) if out.is_dir() else out.stat().st_size
    return {"wall": statistics.median(walls), "rss": statistics.median(rsss), "bytes": size}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5, help="runs per job (the median is reported)")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    py = sys.executable
    pnp = [py, "-m", "pnp"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        tmp = Path(tmp)
        kit = median_of(args.runs, pnp + ["build", "etymonopoly", "--out", str(tmp / "kit")], ROOT, tmp / "kit")
        rows.append(("pnp build etymonopoly (all parts)", kit, None))
        val = median_of(args.runs, pnp + ["validate", "etymonopoly"], ROOT)
        rows.append(("pnp validate etymonopoly", val, None))
        results = {}
        for n in sizes:
            game = synthetic_game(tmp / f"deck{n}", n)
            runs = max(1, args.runs if n <= 600 else min(args.runs, 3))
            p = median_of(runs, pnp + ["build", str(game), "--only", "cards", "--out", str(tmp / f"out{n}")], ROOT,
                          tmp / f"out{n}")
            f = median_of(runs, [py, str(ROOT / "bench" / "floor.py"), str(n), str(tmp / f"floor{n}.pdf")], ROOT,
                          tmp / f"floor{n}.pdf")
            results[n] = (p, f)
            rows.append((f"{n} cards: pnp", p, n))
            rows.append((f"{n} cards: plain reportlab (floor)", f, n))
    print(f"medians of {args.runs} runs (3 for the largest deck), each job in a fresh process\n")
    print(f"| job | wall s | peak RSS MB | bytes | ms/card | bytes/card |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, r, n in rows:
        per = f"{1000 * r['wall'] / n:.2f}" if n else ""
        bpc = f"{r['bytes'] / n:.0f}" if n else ""
        print(f"| {name} | {r['wall']:.2f} | {r['rss']:.0f} | {r['bytes']} | {per} | {bpc} |")
    print()
    for n, (p, f) in results.items():
        print(f"{n} cards: pnp / floor = {p['wall'] / f['wall']:.2f}")
    if len(sizes) >= 2 and 600 in results and 6000 in results:
        a, b = results[600][0], results[6000][0]
        print(f"per-card time 6000 vs 600: {(b['wall'] / 6000) / (a['wall'] / 600):.2f}x")
        print(f"bytes per card 6000 vs 600: {(b['bytes'] / 6000) / (a['bytes'] / 600):.2f}x")
        print(f"peak RSS at 6000 cards: {b['rss']:.0f} MB")


if __name__ == "__main__":
    main()
