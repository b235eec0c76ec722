"""What every benchmark shares: one command timed in a fresh process, and how busy the machine was."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path


def measure(cmd: list[str], cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """Run ``cmd`` in a process of its own: (wall seconds, peak RSS in MB). A failing command ends the bench."""
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed ({os.waitstatus_to_exitcode(status)}):\n{err}")
    return wall, usage.ru_maxrss / 1024.0  # ru_maxrss is in kB on Linux


def load() -> str:
    """The load averages (1, 5, 15 minutes): a 2-core machine shared with other work times slower."""
    try:
        return " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:  # pragma: no cover - not on this kind of machine
        return "?"


def installed_pnp(venv: Path, root: Path) -> Path:
    """pnp as a maker has it: ``root`` installed (not editable) into a fresh virtual environment at ``venv``;
    the path of its ``pnp`` command. A checkout run with PYTHONPATH pays for whatever the developer's
    interpreter loads at start (``.pth`` files of other packages, an editable install's finder: ~50 ms on
    the 2-core machine), which a maker's ``pipx install`` does not."""
    import sys

    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = venv / "bin" / "pip"
    done = subprocess.run([str(pip), "install", "-q", "--disable-pip-version-check", str(root)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise SystemExit(f"installing {root} into {venv} failed:\n{done.stdout.decode(errors='replace')}")
    return venv / "bin" / "pnp"
