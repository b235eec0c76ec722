"""Start-up benchmark: what a command costs before it does anything, and whether -j pays.
Run: python bench/startup.py [--runs N] [--kit etymonopoly] [--checkout]

Each job runs in a fresh process, as a user starts pnp; the jobs alternate run by run, so a busy
moment of the machine falls on all of them. The table gives the median and the fastest run.

* ``python -c pass``: the interpreter alone, the floor under every command;
* ``python -c 'import click'``: the interpreter and click, the floor under every pnp command;
* ``pnp --help``: the command line itself (click and pnp's command definitions);
* ``pnp build`` with nothing to do: warm (the kit built once before), nothing changed;
* ``pnp validate``: load, check and lay out the kit;
* a full ``pnp build --force`` serial (``-j 1``) and in two processes (``-j 2``).

pnp is timed as a maker runs it: this checkout installed (not editable) into a fresh virtual
environment, byte-compiled by pip, the ``pnp`` command of that environment. ``--checkout`` times the
checkout itself instead (``python -m pnp`` with PYTHONPATH, modules byte-compiled first: this kind of
machine sets PYTHONDONTWRITEBYTECODE), with whatever the developer's interpreter loads at start. The load
average before and after is printed: on a shared machine the figures are only as good as it is idle.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import installed_pnp, load, measure

ROOT = Path(__file__).resolve().parent.parent

#: issue 22's targets on the 2-core machine, seconds
TARGETS = {"noop": 0.08, "validate": 0.15}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15, help="runs per job (the median is reported)")
    ap.add_argument("--kit", default="etymonopoly")
    ap.add_argument("--checkout", action="store_true", help="time this checkout with PYTHONPATH, not an installed pnp")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnp-startup-") as tmp:
        tmp = Path(tmp)
        if args.checkout:
            py = sys.executable
            subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "pnp")], check=True, stdout=subprocess.DEVNULL)
            env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
            pnp = [py, "-m", "pnp"]
            cwd = ROOT
        else:
            pnp = [str(installed_pnp(tmp / "venv", ROOT))]
            py = str(tmp / "venv" / "bin" / "python")
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
            cwd = tmp  # an empty folder, as a maker's: the kit is the one the package ships
        before = load()
        warm = tmp / "warm"
        measure(pnp + ["build", args.kit, "--out", str(warm), "-q"], cwd, env)  # the no-op builds find it current
        jobs = {
            "floor": ("python -c pass (the interpreter alone)", [py, "-c", "pass"], None),
            "click": ("python -c 'import click' (the command-line library every command needs)",
                      [py, "-c", "import click"], None),
            "help": ("pnp --help", pnp + ["--help"], None),
            "noop": (f"pnp build {args.kit}, nothing changed", pnp + ["build", args.kit, "--out", str(warm), "-q"],
                     None),
            "validate": (f"pnp validate {args.kit}", pnp + ["validate", args.kit], None),
            "j1": (f"pnp build {args.kit} --force -j 1", pnp + ["build", args.kit, "--force", "-q", "-j", "1",
                                                                "--out", str(tmp / "j1")], tmp / "j1"),
            "j2": (f"pnp build {args.kit} --force -j 2", pnp + ["build", args.kit, "--force", "-q", "-j", "2",
                                                                "--out", str(tmp / "j2")], tmp / "j2"),
        }
        walls: dict[str, list[float]] = {k: [] for k in jobs}
        for _ in range(args.runs):
            for key, (_, cmd, out) in jobs.items():
                walls[key].append(measure(cmd, cwd, env)[0])
        same = all((tmp / "j1" / f.name).read_bytes() == f.read_bytes()
                   for f in (tmp / "j2").iterdir() if f.is_file())
        for out in ("j1", "j2", "warm"):
            shutil.rmtree(tmp / out, ignore_errors=True)
    after = load()
    med = {k: statistics.median(v) for k, v in walls.items()}
    print(f"medians of {args.runs} runs, each job in a fresh process, jobs alternating; "
          f"load average (1, 5, 15 min) before: {before}, after: {after}; {os.cpu_count()} cores\n")
    print("| job | median s | fastest s |")
    print("| --- | ---: | ---: |")
    for key, (label, _, _) in jobs.items():
        print(f"| {label} | {med[key]:.3f} | {min(walls[key]):.3f} |")
    print()
    print("| target (issue 22) | measured | |")
    print("| --- | ---: | --- |")
    for key, label in (("noop", "no-op build ≤ 0.08 s"), ("validate", "validate ≤ 0.15 s")):
        print(f"| {label} | {med[key]:.3f} s | {'met' if med[key] <= TARGETS[key] else 'NOT met'} |")
    ratio = med["j2"] / med["j1"]
    print(f"| -j 2 faster than -j 1 (full build) | {ratio:.2f}× the serial time | "
          f"{'met' if ratio < 1 else 'NOT met'} |")
    print(f"\n-j 1 and -j 2 wrote {'the same bytes' if same else 'DIFFERENT BYTES'}")


if __name__ == "__main__":
    main()
