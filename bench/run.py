"""Benchmarks: pnp beside its floors, issue 34's targets. Run: python bench/run.py [--runs N] [--sizes 60,600,6000]

Every job runs in a fresh process (so import time counts, as a user sees it); the table gives medians of N
runs of wall time, peak RSS and output bytes. The jobs of a group alternate run by run, so a busy moment of the
machine falls on pnp and its floor alike:

* the kit (``--kit``, default Etymonopoly): a cold ``pnp build --force`` (every part laid out and written; the
  cache folder as a user's is after earlier runs: parsed fonts, compiled texts, the loaded kit), the same with an
  empty cache folder, ``pnp validate`` (content as at the last validate, each part's findings kept:
  pnp/checked.py; and with nothing kept), a no-op build, beside ``python -c 'import click'``, the floor under
  every command (pnp's cache folder is the bench's own);
* synthetic decks of 60, 600 and 6000 cards (``--only cards``), beside ``bench/floor.py``, plain reportlab
  printing the same job (per-card bleed, gutters, ticks and marks, mirrored backs), and issue 8's floor
  (``--issue8``: no bleed, no gutters), kept for history; at 6000 cards also a deck read from a CSV file,
  each card with a text of its own (memory).

pnp's modules are byte-compiled first, as pip does for an installed package: a machine
with PYTHONDONTWRITEBYTECODE set (this kind of machine has it) would otherwise compile
pnp from source in every run, which no user of an installed pnp pays.
"""
from __future__ import annotations

import argparse
import os
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


def synthetic_game(folder: Path, n: int, csv: bool = False) -> Path:
    """A game whose only printed part is one deck of n cards: title and three lines, one shared back,
    printed with the same two fonts as the floor. ``csv``: the cards are the rows of a CSV file (each with
    a text of its own), as a designer keeps a long deck."""
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
    head = ["id: bench", "name: Bench", 'colour: "#24405f"']
    if csv:
        rows = ["id,title,text"] + [f"c{i + 1},Card {i + 1},The first line of card {i + 1}: a second line of text "
                                    f"and a third one." for i in range(n)]
        (folder / "decks" / "bench.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        (folder / "decks" / "bench.yaml").write_text("\n".join(head + ["cards: {csv: decks/bench.csv}"]) + "\n",
                                                     encoding="utf-8")
        return folder
    lines = head + ["cards:"]
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


def check(label: str, ok: bool, value: str, floor: str = "") -> str:
    return f"| {label} | {value} | {floor} | {'met' if ok else 'NOT met'} |"


#: issue 34's targets
RATIO, VALIDATE_OVER, NOOP_OVER, COLD, RSS = 1.3, 0.10, 0.03, 0.25, 100


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7, help="runs per job (the median is reported)")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--kit", default="etymonopoly")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    py = sys.executable
    subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "pnp")], check=True, stdout=subprocess.DEVNULL)
    pnp = [py, "-m", "pnp"]
    click = ([py, "-c", "import click"], None)  # the floor under every command: the interpreter and click
    floor = ROOT / "bench" / "floor.py"
    rows = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        tmp = Path(tmp)
        warm = tmp / "warm"
        # pnp's cache folder (compiled texts, parsed fonts, validate's findings: pnp/cache.py) is the bench's own,
        # warmed by the first runs as a user's is; "nothing kept" empties the findings before each of its runs
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache")
        findings = tmp / "cache" / "pnp" / "findings"
        measure(pnp + ["build", args.kit, "--out", str(warm), "-q"], ROOT)  # the no-op builds find it current
        empty = tmp / "empty-cache"  # a cache folder of its own, emptied before each run: nothing kept at all
        cold, val, first, noop, base, coldest = runs_of([
            (pnp + ["build", args.kit, "--force", "-q", "--out", str(tmp / "kit")], tmp / "kit"),
            (pnp + ["validate", args.kit], None),
            (pnp + ["validate", args.kit], findings),
            (pnp + ["build", args.kit, "-q", "--out", str(warm)], None),
            click,
            (["env", f"XDG_CACHE_HOME={empty}"] + pnp + ["build", args.kit, "--force", "-q", "--out",
                                                          str(tmp / "kit-empty")], empty)], args.runs, ROOT)
        rows.append((f"pnp build {args.kit} --force (cold, all parts)", cold, None, base))
        rows.append((f"pnp build {args.kit} --force, empty cache folder (fonts parsed, YAML loaded)", coldest, None,
                     base))
        rows.append((f"pnp validate {args.kit} (content as at its last validate: findings kept)", val, None, base))
        rows.append((f"pnp validate {args.kit} (nothing kept: every part laid out)", first, None, base))
        rows.append((f"pnp build {args.kit}, nothing changed", noop, None, base))
        rows.append(("python -c 'import click' (the floor under every command)", base, None, None))
        results = {}
        jobs = [(n, False) for n in sizes] + ([(max(sizes), True)] if max(sizes) >= 6000 else [])
        for n, csv in jobs:
            name = f"csv{n}" if csv else f"deck{n}"
            game = synthetic_game(tmp / name, n, csv)
            runs = max(1, args.runs if n <= 600 else min(args.runs, 3))
            out = tmp / f"out-{name}"
            todo = [(pnp + ["build", str(game), "--only", "cards", "--out", str(out)], out)]
            if not csv:  # the floors, paired with pnp: the same print job, and issue 8's (for history)
                todo += [([py, str(floor), str(n), str(tmp / f"floor{n}.pdf")], tmp / f"floor{n}.pdf"),
                         ([py, str(floor), str(n), str(tmp / f"floor8-{n}.pdf"), "--issue8"],
                          tmp / f"floor8-{n}.pdf")]
            measured = runs_of(todo, runs, ROOT)
            if csv:
                rows.append((f"{n} cards from a CSV file (a text each): pnp", measured[0], n, None))
                results["csv"] = measured[0]
                continue
            p, f, f8 = measured
            results[n] = (p, f, f8)
            rows.append((f"{n} cards: pnp", p, n, f))
            rows.append((f"{n} cards: plain reportlab, the same print job (floor)", f, n, None))
            rows.append((f"{n} cards: issue 8's floor (no bleed, no gutters; history)", f8, n, None))
    print(f"medians of {args.runs} runs (3 for decks over 600 cards), each job in a fresh process, every job of a "
          f"group alternating with the others (pnp beside its floor); load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores\n")
    print("| job | wall s | floor s | pnp / floor | peak RSS MB | bytes | ms/card | bytes/card | bytes/card without fonts |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, r, n, fl in rows:
        per = f"{1000 * r['wall'] / n:.2f}" if n else ""
        bpc = f"{r['bytes'] / n:.0f}" if n and r["bytes"] else ""
        lean = f"{(r['bytes'] - r['fonts']) / n:.0f}" if n and r["bytes"] else ""
        fs = f"{fl['wall']:.3f}" if fl else ""
        ratio = (f"{r['wall'] / fl['wall']:.2f}" if n else f"{r['wall'] - fl['wall']:+.3f} s") if fl else ""
        size = r["bytes"] or ""
        print(f"| {name} | {r['wall']:.3f} | {fs} | {ratio} | {r['rss']:.0f} | {size} | {per} | {bpc} | {lean} |")
    print()
    print("| target (issue 34) | measured | floor | |")
    print("| --- | ---: | ---: | --- |")
    for n in (600, 6000):
        if n in results:
            p, f, _ = results[n]
            ratio = p["wall"] / f["wall"]
            print(check(f"{n} cards, pnp / floor ≤ {RATIO}", ratio <= RATIO, f"{ratio:.2f}", f"{f['wall']:.2f} s"))
    if 600 in results and 6000 in results:
        a, b = results[600][0], results[6000][0]
        grow = (b["wall"] / 6000) / (a["wall"] / 600)
        fa, fb = results[600][1], results[6000][1]
        fgrow = (fb["wall"] / 6000) / (fa["wall"] / 600)
        print(check("per-card time, 6000 vs 600 cards ≤ 1×", grow <= 1.0, f"{grow:.2f}×", f"{fgrow:.2f}×"))
        print(check(f"peak RSS, 6000 cards ≤ {RSS} MB", b["rss"] <= RSS, f"{b['rss']:.0f} MB",
                    f"{results[6000][1]['rss']:.0f} MB"))
    if "csv" in results:
        c = results["csv"]
        print(check(f"peak RSS, a {max(sizes)}-row CSV deck ≤ {RSS} MB", c["rss"] <= RSS, f"{c['rss']:.0f} MB"))
    print(check(f"pnp validate {args.kit} ≤ floor + {VALIDATE_OVER} s", val["wall"] <= base["wall"] + VALIDATE_OVER,
                f"{val['wall']:.3f} s ({val['wall'] - base['wall']:+.3f})", f"{base['wall']:.3f} s"))
    print(check(f"no-op pnp build ≤ floor + {NOOP_OVER} s", noop["wall"] <= base["wall"] + NOOP_OVER,
                f"{noop['wall']:.3f} s ({noop['wall'] - base['wall']:+.3f})", f"{base['wall']:.3f} s"))
    print(check(f"{args.kit} cold build (--force) ≤ {COLD} s", cold["wall"] <= COLD, f"{cold['wall']:.3f} s",
                f"{base['wall']:.3f} s"))


if __name__ == "__main__":
    main()
