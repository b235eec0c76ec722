"""Benchmarks: pnp against the plain-reportlab floor. Run: python bench/run.py [--runs N]

Every job runs in a fresh process (so import time counts, as a user sees it); the
table gives medians of N runs of wall time, peak RSS and output bytes. pnp's runs and
the floor's alternate, so a busy moment of the machine falls on both.

pnp's modules are byte-compiled first, as pip does for an installed package: a machine
with PYTHONDONTWRITEBYTECODE set (this kind of machine has it) would otherwise compile
pnp from source in every run, which no user of an installed pnp pays.
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/timing.py, also when a test loads this file
from timing import measure  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZES = (60, 600, 6000)


def synthetic_game(folder: Path, n: int) -> Path:
    """A game whose only printed part is one deck of n cards: title and three lines, one shared back,
    printed with the same two fonts as the floor."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decks").mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(
        "title: Bench\ncurrency: {symbol: $, name: dollars}\nplayers: {min: 2, max: 4}\n"
        # the floor's two fonts, so both embed the same font programs
        "theme: {fonts: {title: NotoSans-Bold, heading: NotoSans-Bold, body: NotoSans-Regular}}\n"
        "money: {starting: 0, denominations: [1], starting_split: {}}\n"
        f"rules: {{deck_sizes: {{bench: {n}}}, corners: [start, free, free, free]}}\n", encoding="utf-8")
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


def _clear(out: Path | None) -> None:
    """Remove an earlier run's output: a file, a folder, or a build's folder (a link to its generation in
    .<name>.pnp beside it), so every run builds from scratch."""
    if out is None:
        return
    if out.is_symlink() or out.is_file():
        out.unlink()
    elif out.is_dir():
        shutil.rmtree(out)
    shutil.rmtree(out.parent / f".{out.name}.pnp", ignore_errors=True)


def _pdfs(out: Path) -> list[Path]:
    return sorted(out.rglob("*.pdf")) if out.is_dir() else [out]


def font_bytes(out: Path) -> int:
    """Bytes of the embedded font programs (streams carrying /Length1) in the PDFs at ``out``."""
    total = 0
    for pdf in _pdfs(out):
        for m in re.finditer(rb"<<[^>]*?/Length (\d+) /Length1 \d+[^>]*>>", pdf.read_bytes()):
            total += int(m.group(1))
    return total


def runs_of(jobs: list[tuple[list[str], Path | None]], runs: int, cwd: Path) -> list[dict]:
    """Run each job ``runs`` times, alternating between jobs; medians per job."""
    walls: list[list[float]] = [[] for _ in jobs]
    rsss: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for k, (cmd, out) in enumerate(jobs):
            _clear(out)
            w, r = measure(cmd, cwd)
            walls[k].append(w)
            rsss[k].append(r)
    results = []
    for k, (cmd, out) in enumerate(jobs):
        size = sum(p.stat().st_size for p in _pdfs(out)) if out is not None else 0
        fonts = font_bytes(out) if out is not None else 0
        results.append({"wall": statistics.median(walls[k]), "rss": statistics.median(rsss[k]), "bytes": size,
                        "fonts": fonts})
    return results


def check(label: str, ok: bool, value: str) -> str:
    return f"| {label} | {value} | {'met' if ok else 'NOT met'} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7, help="runs per job (the median is reported)")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    py = sys.executable
    subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "pnp")], check=True, stdout=subprocess.DEVNULL)
    pnp = [py, "-m", "pnp"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        tmp = Path(tmp)
        kit, val = runs_of([(pnp + ["build", "etymonopoly", "--out", str(tmp / "kit")], tmp / "kit"),
                            (pnp + ["validate", "etymonopoly"], None)], args.runs, ROOT)
        rows.append(("pnp build etymonopoly (all parts)", kit, None))
        rows.append(("pnp validate etymonopoly", val, None))
        results = {}
        for n in sizes:
            game = synthetic_game(tmp / f"deck{n}", n)
            runs = max(1, args.runs if n <= 600 else min(args.runs, 3))
            p, f = runs_of([(pnp + ["build", str(game), "--only", "cards", "--out", str(tmp / f"out{n}")],
                             tmp / f"out{n}"),
                            ([py, str(ROOT / "bench" / "floor.py"), str(n), str(tmp / f"floor{n}.pdf")],
                             tmp / f"floor{n}.pdf")], runs, ROOT)
            results[n] = (p, f)
            rows.append((f"{n} cards: pnp", p, n))
            rows.append((f"{n} cards: plain reportlab (floor)", f, n))
    print(f"medians of {args.runs} runs (3 for decks over 600 cards), each job in a fresh process, "
          f"pnp and floor alternating\n")
    print("| job | wall s | peak RSS MB | bytes | ms/card | bytes/card | bytes/card without fonts |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, r, n in rows:
        per = f"{1000 * r['wall'] / n:.2f}" if n else ""
        bpc = f"{r['bytes'] / n:.0f}" if n else ""
        lean = f"{(r['bytes'] - r['fonts']) / n:.0f}" if n else ""
        print(f"| {name} | {r['wall']:.2f} | {r['rss']:.0f} | {r['bytes']} | {per} | {bpc} | {lean} |")
    print()
    for n, (p, f) in results.items():
        print(f"{n} cards: pnp / floor = {p['wall'] / f['wall']:.2f}")
    print()
    print("| target (issue 8) | measured | |")
    print("| --- | ---: | --- |")
    print(check("full kit build ≤ 1.5 s", kit["wall"] <= 1.5, f"{kit['wall']:.2f} s"))
    print(check("validate ≤ 0.5 s", val["wall"] <= 0.5, f"{val['wall']:.2f} s"))
    if 600 in results:
        ratio = results[600][0]["wall"] / results[600][1]["wall"]
        print(check("pnp / floor ≤ 2.0 at 600 cards", ratio <= 2.0, f"{ratio:.2f}"))
    if 600 in results and 6000 in results:
        a, b = results[600][0], results[6000][0]
        grow = (b["wall"] / 6000) / (a["wall"] / 600)
        print(check("per-card time 6000 vs 600 ≤ 1.25×", grow <= 1.25, f"{grow:.2f}×"))
        print(check("peak RSS at 6000 cards ≤ 200 MB", b["rss"] <= 200, f"{b['rss']:.0f} MB"))
        raw = (b["bytes"] / 6000) / (a["bytes"] / 600)
        lean = ((b["bytes"] - b["fonts"]) / 6000) / ((a["bytes"] - a["fonts"]) / 600)
        print(check("bytes per card 6000 vs 600 within 10 %", 0.9 <= raw <= 1.1, f"{raw:.2f}×"))
        print(check("the same, embedded font programs (a fixed cost) left out", 0.9 <= lean <= 1.1, f"{lean:.2f}×"))
        fa, fb = results[600][1], results[6000][1]
        floor_raw = (fb["bytes"] / 6000) / (fa["bytes"] / 600)
        print(f"\n(the floor's own bytes per card 6000 vs 600: {floor_raw:.2f}×; its fonts are "
              f"{fa['fonts']} bytes, pnp's {a['fonts']})")


if __name__ == "__main__":
    main()
