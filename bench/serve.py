"""pnp serve as a designer sees it: from a save to the new picture on the page, in a real browser.

Run: python bench/serve.py [--kit etymonopoly] [--runs 5] [--chromium /usr/bin/chromium]

Starts ``pnp serve`` on a copy of the kit in its own process, opens the page in headless Chromium
(Playwright, by the browser's path) and measures, with the page's clock and this process's (the same
system clock, ms):

- start: from launching ``pnp serve`` to every picture of the kit loaded on the page;
- one card: a Change card's text saved -> its new picture loaded on the page;
- every card: the theme's paper colour saved -> the last of the changed pictures loaded.

Medians of ``--runs`` saves each; the machine's load average is printed with them, since this machine's
two cores are shared.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RECORD_LOADS = """
window.__loads = new Map();
document.addEventListener("load", (e) => {
  if (e.target.tagName === "IMG") window.__loads.set(e.target.getAttribute("src"), Date.now());
}, true);
"""

SHOWN = """() => Array.from(document.querySelectorAll("figure img"), (img) => img.getAttribute("src"))"""


def start_serve(game: Path, dpi: float) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", str(game), "--port", "0", "--dpi", str(dpi)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    for line in proc.stdout:
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if m:
            return proc, m.group(1)
    raise SystemExit("pnp serve did not start")


def until(page, expression: str, timeout: float = 60.0) -> None:
    """Wait until a JS expression is true (polled: page.wait_for_function evaluates a string, which the
    page's Content-Security-Policy forbids)."""
    end = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise SystemExit(f"not true after {timeout} s: {expression}")
        page.wait_for_timeout(10)


def wait_loaded(page, srcs: set[str], timeout: float = 60.0) -> float:
    """The time (s, epoch) the last of these pictures finished loading on the page."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        times = page.evaluate("(srcs) => srcs.map((s) => window.__loads.get(s) ?? null)", sorted(srcs))
        if all(t is not None for t in times):
            return max(times) / 1000.0
        page.wait_for_timeout(10)
    raise SystemExit(f"{len(srcs)} pictures did not load in {timeout} s")


def save_and_wait(page, path: Path, text: str) -> tuple[float, int]:
    """Write the file; seconds until every picture it changed is loaded on the page, and how many changed."""
    before = set(page.evaluate(SHOWN))
    generation = int(page.evaluate("document.body.dataset.generation"))
    saved = time.time()
    path.write_text(text, encoding="utf-8")
    end = time.monotonic() + 60
    while int(page.evaluate("document.body.dataset.generation")) == generation:
        if time.monotonic() > end:
            raise SystemExit("the page did not update")
        page.wait_for_timeout(10)
    changed = set(page.evaluate(SHOWN)) - before
    if not changed:
        raise SystemExit("the save changed no picture")
    return wait_loaded(page, changed) - saved, len(changed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kit", default="etymonopoly")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dpi", type=float, default=100)
    ap.add_argument("--chromium", default=os.environ.get("PNP_CHROMIUM") or shutil.which("chromium"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / args.kit
        shutil.copytree(ROOT / "content" / args.kit, game)
        deck = game / "decks" / "change.yaml"
        settings = game / "game.yaml"
        card_text, theme_text = deck.read_text(encoding="utf-8"), settings.read_text(encoding="utf-8")
        first = re.search(r'^    text: "([^"{]+)', card_text, re.M).group(1)  # the deck's first card
        paper = re.search(r'paper: "(#[0-9a-f]{6})"', theme_text).group(1)
        load = os.getloadavg()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.add_init_script(RECORD_LOADS)
            started = time.time()
            proc, url = start_serve(game, args.dpi)
            try:
                page.goto(url)
                until(page, "document.body.dataset.generation !== undefined")
                shown = set(page.evaluate(SHOWN))
                start = wait_loaded(page, shown) - started
                one, every = [], []
                for i in range(args.runs):
                    took, n = save_and_wait(page, deck, card_text.replace(first, first + " Again." * (i + 1), 1))
                    assert n == 1, f"{n} pictures changed for one card"
                    one.append(took)
                    colour = f"#fbf7{0xc0 + i % 32:02x}"  # a new paper colour each run (the kit's is #fbf7ec)
                    took, n_every = save_and_wait(page, settings, theme_text.replace(paper, colour, 1))
                    every.append(took)
            finally:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=10)
                browser.close()
    print(f"pnp serve {args.kit} at {args.dpi:g} dpi, Chromium {args.chromium}; load average before "
          f"{load[0]:.2f}, after {os.getloadavg()[0]:.2f} (2 cores shared)")
    print(f"start to every picture on the page: {start:.2f} s ({len(shown)} pictures)")
    print(f"one card saved -> its new picture on the page: median {statistics.median(one):.2f} s "
          f"of {', '.join(f'{t:.2f}' for t in one)}")
    print(f"theme colour saved -> all {n_every} changed pictures on the page: median {statistics.median(every):.2f} s "
          f"of {', '.join(f'{t:.2f}' for t in every)}")


if __name__ == "__main__":
    main()
