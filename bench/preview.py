"""Preview latencies (issue 22). Run: python bench/preview.py [--runs N] [--kit etymonopoly] [--pnp DIR] [--quick] [--checkout]

What a designer waits for, on a copy of a kit, medians of N runs:

* save → updated PNG of one edited card, in a warm ``session.Session`` (what ``pnp serve`` does):
  the card's text is changed on disk, then ``refresh`` and ``png`` of that card;
* the same for a change that touches every card (the theme's paper colour): ``refresh`` and every
  changed picture drawn;
* save → updated PNG in a running ``pnp watch`` (polling included): from the write of the YAML file
  to the card's PNG file changing on disk;
* a full ``pnp preview`` of the kit and ``pnp preview --item ID``, each in a fresh process (imports count),
  beside ``python -c 'import click'`` (what the machine's speed is just now); ``--quick`` times these alone.

The fresh-process jobs and the watch run pnp as a maker has it: installed (not editable) into a fresh
virtual environment (see bench/startup.py); ``--checkout`` runs the package folder with PYTHONPATH instead,
byte-compiled first, with whatever this interpreter loads at start (~50 ms of ``.pth`` hooks here).
``--pnp DIR`` takes pnp from DIR (e.g. an earlier commit unpacked with ``git archive``), to measure before
and after; the Session jobs always import this checkout's pnp, so they run only without it.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import installed_pnp, measure

ROOT = Path(__file__).resolve().parent.parent
CARD = ("decks/change.yaml", "change-sound-change")
TEXT = "Your vowels drift and your consonants soften."
#: how fast the machine is just now: the interpreter and click, which every pnp command starts with (on the
#: 2-core machine it drifts from 0.06 to 0.1 s, and every figure of the table with it)
FLOOR = "python -c 'import click' (the floor under every command: the machine's speed now)"
TARGETS = {  # issue 22
    "session: save -> PNG of the edited card": 0.3,
    "session: theme colour -> every changed PNG": 1.0,
    "watch: save -> PNG file of the edited card": 0.3,
    "pnp preview (all items and contact sheets)": 2.0,
    "pnp preview --item": 0.5,
}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def session_runs(kit: Path, runs: int) -> tuple[list[float], list[float], int]:
    sys.path.insert(0, str(ROOT))
    from pnp.session import Session

    session = Session(kit, dpi=150.0)
    session.draw()  # every picture once, as pnp watch and pnp serve do at start
    card, theme = [], []
    deck = kit / CARD[0]
    for i in range(runs):
        edit(deck, TEXT if i == 0 else f"{TEXT} ({i - 1})", f"{TEXT} ({i})")
        start = time.perf_counter()
        update = session.refresh([deck])
        session.png(CARD[1])
        card.append(time.perf_counter() - start)
        assert CARD[1] in update.changed and len(update.changed) <= 2, update.changed  # the card (and the board? no)
    game = kit / "game.yaml"
    changed = 0
    for i in range(runs):
        edit(game, 'paper: "#fbf7ec"' if i % 2 == 0 else 'paper: "#fbf7ed"',
             'paper: "#fbf7ed"' if i % 2 == 0 else 'paper: "#fbf7ec"')
        start = time.perf_counter()
        update = session.refresh([game])
        session.draw([(k, s) for k in update.changed for s in session.sides(k)])
        theme.append(time.perf_counter() - start)
        changed = len(update.changed)
    return card, theme, changed


def watch_runs(pnp: list[str], kit: Path, out: Path, runs: int, env: dict) -> list[float]:
    proc = subprocess.Popen(pnp + ["watch", str(kit), "--out", str(out)], env=env,
                            cwd=out.parent, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    png = out / "preview" / f"{CARD[1]}-front.png"
    deck = kit / CARD[0]
    times = []
    try:
        proc.stdout.readline()  # "watching ..."
        time.sleep(3.0)  # this pnp draws everything at start; an earlier one drew nothing
        for i in range(runs):
            before = png.stat().st_mtime_ns if png.exists() else None
            time.sleep(0.3)
            edit(deck, f"{TEXT} [{i - 1}]" if i else TEXT, f"{TEXT} [{i}]")
            start = time.perf_counter()
            deadline = start + 30
            while time.perf_counter() < deadline:
                if png.exists() and png.stat().st_mtime_ns != before:
                    break
                time.sleep(0.002)
            times.append(time.perf_counter() - start)
            time.sleep(1.5)  # let the contact sheets land before the next save
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--kit", default="etymonopoly")
    ap.add_argument("--pnp", type=Path, default=ROOT, help="folder holding the pnp package for the fresh processes")
    ap.add_argument("--quick", action="store_true", help="only pnp preview and pnp preview --item")
    ap.add_argument("--checkout", action="store_true", help="run DIR's package with PYTHONPATH, not installed")
    args = ap.parse_args()
    pnp_dir = args.pnp.resolve()
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="pnp-bench-preview-") as tmp:
        tmp = Path(tmp)
        if args.checkout:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(pnp_dir / "pnp")], check=True,
                           stdout=subprocess.DEVNULL)
            env = {**os.environ, "PYTHONPATH": str(pnp_dir)}  # run from the temporary folder: python -m puts the cwd first
            pnp = [sys.executable, "-m", "pnp"]
            py = sys.executable
        else:
            pnp = [str(installed_pnp(tmp / "venv", pnp_dir))]
            py = str(tmp / "venv" / "bin" / "python")
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
        loads = [os.getloadavg()[0]]
        kit = tmp / args.kit
        shutil.copytree(ROOT / "content" / args.kit, kit)
        full, item, floor = [], [], []
        for i in range(args.runs):
            floor.append(measure([py, "-c", "import click"], tmp, env)[0])
            full.append(measure(pnp + ["preview", str(kit), "--out", str(tmp / "full"), "-q"], tmp, env)[0])
            item.append(measure(pnp + ["preview", str(kit), "--out", str(tmp / "item"), "--item", CARD[1], "-q"],
                                tmp, env)[0])
            loads.append(os.getloadavg()[0])
        results["pnp preview (all items and contact sheets)"] = full
        results["pnp preview --item"] = item
        results[FLOOR] = floor
        if not args.quick:
            results["watch: save -> PNG file of the edited card"] = watch_runs(pnp, kit, tmp / "watch", args.runs, env)
        if pnp_dir == ROOT and not args.quick:
            card, theme, changed = session_runs(kit, args.runs)
            results["session: save -> PNG of the edited card"] = card
            results["session: theme colour -> every changed PNG"] = theme
    load = os.getloadavg()
    how = "with PYTHONPATH" if args.checkout else "installed in a fresh venv"
    print(f"{args.kit}, pnp from {pnp_dir} ({how}), medians of {args.runs} runs; load average {load[0]:.2f} "
          f"{load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores (1 minute, during the fresh-process runs: "
          f"{min(loads):.2f}-{max(loads):.2f})\n")
    print("| job | median s | min s | max s | target s | |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for name, times in results.items():
        target = TARGETS.get(name)
        med = statistics.median(times)
        verdict = "" if target is None else ("met" if med <= target else "NOT met")
        print(f"| {name} | {med:.2f} | {min(times):.2f} | {max(times):.2f} | {target or ''} | {verdict} |")
    if pnp_dir == ROOT and not args.quick:
        print(f"\n(the theme colour change redrew {changed} items)")


if __name__ == "__main__":
    main()
