"""pnp serve in a real browser: headless Chromium (Debian's ``chromium``, driven by Playwright through its
executable path; no browser download) opens the page of a copy of the mini kit, a card's text is edited
on disk, and the card's picture on the page changes by itself; a broken YAML shows a banner with its line.

Skipped only where there is no Chromium (``PNP_CHROMIUM``, else ``chromium`` on the PATH); ``.ci/run``
installs it and sets ``PNP_REQUIRE_BROWSER=1``, which turns that skip into a failure."""
from __future__ import annotations

import json
import os
import shutil
import sys
import time

import pytest

from conftest import edit
from pnp.content import load_kit
from pnp.problems import Problems
from test_serve import start_serve, stop_serve

CHROMIUM = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("PNP_REQUIRE_BROWSER") == "1"

if not CHROMIUM and not REQUIRED:
    pytest.skip("no Chromium here (apt-get install chromium, or set PNP_CHROMIUM to its executable)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install '.[test]'") \
    if not REQUIRED else __import__("playwright.sync_api").sync_api

#: seconds the page may take to show a save (the issue asks for one; slack for a loaded 2-core machine)
WAIT = 3.0


@pytest.fixture
def browser():
    assert CHROMIUM, "PNP_REQUIRE_BROWSER=1 but no Chromium: apt-get install chromium"
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def picture(page, item_id: str, side: str = "front") -> dict:
    """What the page shows for an item's side: its address and its pixels (drawn on a canvas, read back)."""
    return page.evaluate(
        """([id, side]) => {
             const img = document.querySelector(`figure[data-id="${id}"] img[data-side="${side}"]`);
             if (!img || !img.complete || !img.naturalWidth) return null;
             const c = document.createElement("canvas");
             c.width = img.naturalWidth; c.height = img.naturalHeight;
             c.getContext("2d").drawImage(img, 0, 0);
             return {src: img.getAttribute("src"), pixels: c.toDataURL("image/png")};
           }""", [item_id, side])


def wait_for(page, predicate, what: str, timeout: float = WAIT):
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        value = predicate()
        if value:
            return value, time.monotonic() - started
        page.wait_for_timeout(50)
    raise AssertionError(f"after {timeout} s: {what}")


def test_the_page_shows_a_save_by_itself_and_a_yaml_error_as_a_banner(mini, browser, tmp_path):
    record = tmp_path / "opened.json"
    editor = tmp_path / "editor.py"
    editor.write_text(f"import json, sys\nopen({str(record)!r}, 'w').write(json.dumps(sys.argv[1:]))\n",
                      encoding="utf-8")
    proc, url = start_serve(mini, "--dpi", "60", "--interval", "0.1",
                            "--editor", f"'{sys.executable}' '{editor}' {{file}} {{line}}")
    try:
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        page.wait_for_selector('#status.live')
        before, _ = wait_for(page, lambda: picture(page, "luck-free"), "the card luck-free is shown")
        # every picture the test compares later, once loaded (read before its image had loaded, one was None)
        other, _ = wait_for(page, lambda: picture(page, "luck-go"), "the card luck-go is shown")
        fine, _ = wait_for(page, lambda: picture(page, "luck-fine"), "the card luck-fine is shown")
        assert page.locator("#banner").is_hidden()

        # a designer saves a new text for the card: its picture on the page changes, without a reload (a text of as
        # many lines: a line more on the deck's fullest card, this one, would bring every card of the deck up by the
        # deck's drop, pnp/layout/cards.py, and redraw them all, rightly)
        edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Get out of jail at once.")
        after, took = wait_for(page, lambda: (p := picture(page, "luck-free")) and p["src"] != before["src"] and p,
                               "the card's picture changed on the page")
        assert after["pixels"] != before["pixels"]
        assert picture(page, "luck-go") == other  # the other cards were not touched
        print(f"save -> new picture on the page: {took:.2f} s")

        # its source line opens in the editor, by the server, from a click on the page
        page.locator('figure[data-id="luck-free"] .where').click()
        wait_for(page, lambda: record.exists() and record.read_text(), "the editor was started")
        assert json.loads(record.read_text()) == [str((mini / "decks" / "luck.yaml").resolve()), "7"]

        # a YAML mistake: a banner with the file and line; the last good picture stays
        good = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
        (mini / "decks" / "luck.yaml").write_text(good.replace("  - {id: fine,", "  - {id: fine, [oops\n  - {id: x,", 1),
                                                  encoding="utf-8")
        banner = page.locator("#banner")
        # the server may catch the file half written (write_text truncates first) and say so for a moment: wait for
        # what the designer ends up reading, the finished file's mistake (CI once read "missing required key" here)
        wait_for(page, lambda: banner.is_visible() and "YAML syntax error" in banner.inner_text(),
                 "the banner appeared")
        problems = Problems()
        assert load_kit(mini, problems) is None
        line = problems.errors[0].loc.line  # where pnp validate says the mistake is
        text = banner.inner_text()
        assert f"decks/luck.yaml:{line}" in text and "YAML syntax error" in text and line >= 8, text
        assert picture(page, "luck-free") == after

        # fixed: the banner goes
        (mini / "decks" / "luck.yaml").write_text(good, encoding="utf-8")
        wait_for(page, banner.is_hidden, "the banner went away")

        # pnp serve stopped, a card changed meanwhile, started again on the same port: the open page finds it
        stop_serve(proc)
        wait_for(page, lambda: page.locator("#status.down").count(), "the page saw the server go")
        edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}.", "Pay {{ 5 | money }} to the bank.")
        port = url.rsplit(":", 1)[1].strip("/")
        proc, again = start_serve(mini, "--dpi", "60", "--interval", "0.1", port=port)
        assert again == url
        wait_for(page, lambda: (p := picture(page, "luck-fine")) and p["src"] != fine["src"] and p,
                 "the page shows the restarted server's picture")
        assert not errors, errors
    finally:
        stop_serve(proc)
