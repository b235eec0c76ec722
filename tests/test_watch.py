"""pnp watch notices a saved file and redoes the work, and stops cleanly."""
import threading
import time

from pnp.build import BuildOptions, build_game
from pnp.problems import Problems
from pnp.watch import affected_parts, watch

from conftest import edit, pnp_watch


def test_watch_rebuilds_after_a_change(mini, tmp_path):
    out = tmp_path / "out"
    assert build_game(mini, out, BuildOptions(), Problems()) is not None
    seen = []
    stop = threading.Event()

    def on_change(changed, parts):
        result = build_game(mini, out, BuildOptions(), Problems())
        seen.append((changed, parts, result.rebuilt))
        stop.set()

    thread = threading.Thread(target=watch, args=(mini, on_change, 0.05, stop))
    thread.start()
    time.sleep(0.2)
    edit(mini / "counters.yaml", "name: Cat,", "name: Kitten,")
    thread.join(timeout=10)
    stop.set()
    assert not thread.is_alive()
    assert seen == [(["counters.yaml"], ["tokens", "rules"], ["tokens", "rules"])]  # the booklet counts the counters


def test_watch_stops_when_asked():
    stop = threading.Event()
    stop.set()
    assert watch(__import__("pathlib").Path("."), lambda c, p: None, 0.05, stop) == 0


def test_which_parts_a_file_reaches():
    assert affected_parts(["decks/luck.yaml"]) == ["board", "cards", "rules"]
    assert affected_parts(["money.yaml"]) == ["notes", "rules"]
    assert affected_parts(["game.yaml"]) == ["board", "cards", "notes", "tokens", "rules"]
    assert affected_parts(["rules.yaml"]) == ["rules"]


def test_pnp_watch_redraws_previews_and_stops_on_ctrl_c(mini, tmp_path):
    out = tmp_path / "out"
    token = out / "preview" / "token-cat-front.png"
    with pnp_watch(mini, out, "--interval", "0.1") as w:
        w.until(token.exists)  # drawn at start
        drawn = token.stat().st_mtime_ns
        edit(mini / "counters.yaml", "name: Cat,", "name: Kitten,")
        w.until(lambda: token.stat().st_mtime_ns != drawn)
        time.sleep(0.5)
    text = w.text
    assert w.returncode == 0, text
    assert "changed: counters.yaml (reaches tokens, rules)" in text and "✓ ok" in text and "stopped" in text
    assert (out / "preview" / "contact-tokens.png").is_file()
    assert "Traceback" not in text
