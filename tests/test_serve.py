"""pnp serve without a browser: what the server answers, what it refuses, and how its state follows a save.
(tests/test_serve_browser.py drives the page itself in Chromium.)"""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import MINI, ROOT, edit
from pnp.cli import cli
from pnp.serve import Live, make_server, parse_editor
from pnp.watch import snapshot


def _serving(game: Path):
    """A live server of ``game`` on a free port, in this process (the poll thread is not started: tests call
    check()), stopped after."""
    live = Live(game, dpi=40)
    server = make_server(live, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    server.stop()
    thread.join(timeout=5)


@pytest.fixture
def served(mini):
    """A server of the test's own copy of mini: for a test that edits the game or changes the server."""
    yield from _serving(mini)


@pytest.fixture(scope="module")
def served_unchanged(tmp_path_factory):
    """One server of an untouched copy of mini for the whole module, for the tests that only send it requests
    (what it refuses, what it answers): none edits the game, calls check(), or sets anything on the server."""
    game = tmp_path_factory.mktemp("served") / "mini"
    shutil.copytree(MINI, game)
    yield from _serving(game)


def request(server, path, method="GET", host=None, headers=None, body=None):
    """A raw request: the path is sent exactly as given (no client-side normalising of ``..``)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    if host is not False:
        conn.putheader("Host", host or f"127.0.0.1:{server.port}")
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    if data is not None:
        conn.putheader("Content-Length", str(len(data)))
    conn.endheaders(data)
    r = conn.getresponse()
    out = r.status, dict(r.getheaders()), r.read()
    conn.close()
    return out


def item(state, item_id):
    for g in state["groups"]:
        for it in g["items"]:
            if it["id"] == item_id or item_id in it["copies"]:
                return it
    raise KeyError(item_id)


def get_state(server):
    status, _, body = request(server, "/api/state")
    assert status == 200
    return json.loads(body)


def test_the_page_its_state_and_the_pictures(served_unchanged):
    status, headers, body = request(served_unchanged, "/")
    assert status == 200 and b'<script src="/app.js"' in body
    assert "default-src 'self'" in headers["Content-Security-Policy"]  # no inline script, nothing from elsewhere
    for asset in ("/app.js", "/app.css"):
        assert request(served_unchanged, asset)[0] == 200
    state = get_state(served_unchanged)
    assert state["title"] == "Mini Monopoly" and state["error"] is None and not state["editor"]
    groups = [(g["output"], g["group"]) for g in state["groups"]]
    assert groups[:3] == [("board", "board"), ("cards", "titles"), ("cards", "luck")]
    go = item(state, "luck-go")
    assert go["source"] == {"file": "decks/luck.yaml", "line": 6, "col": 5}
    assert set(go["sides"]) == {"front", "back"} and go["width"] == 57.0
    # copies of a banknote are one picture shown once, with the other ids listed
    note = item(state, "note-1-1")
    assert note["id"] == "note-1-1" and note["copies"] == [f"note-1-{k}" for k in range(2, 26)]  # for 4 players
    status, headers, png = request(served_unchanged, f"/img/luck-go/front.png?v={go['sides']['front']}")
    assert status == 200 and headers["Content-Type"] == "image/png" and png.startswith(b"\x89PNG")
    assert png == served_unchanged.live.session.png("luck-go", "front")
    assert "immutable" in headers["Cache-Control"]  # its address carries its version
    assert request(served_unchanged, "/img/board/back.png")[0] == 404  # the board has no back


def test_a_picture_is_cached_for_good_only_under_its_own_version(served, mini):
    """A save between the state the page holds and its request: the new bytes must not be pinned to the old
    version's address (an undo would bring that address back, and the browser would show the wrong card)."""
    old = item(get_state(served), "luck-free")["sides"]["front"]
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Get out of jail free, once.")
    update = served.live.session.refresh()  # the session has the new picture, the page still the old state
    status, headers, png = request(served, f"/img/luck-free/front.png?v={old}")
    assert status == 200 and headers["Cache-Control"] == "no-store"
    served.live._publish(update)  # what check() does next
    new = item(get_state(served), "luck-free")["sides"]["front"]
    assert new != old
    assert "immutable" in request(served, f"/img/luck-free/front.png?v={new}")[1]["Cache-Control"]


@pytest.mark.parametrize("path", [
    "/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/img/..%2F..%2F..%2Fetc%2Fpasswd/front.png",
    "/img/../../pyproject.toml", "/app.js/../../pyproject.toml", "/static/app.js", "/game.yaml", "/decks/luck.yaml",
    "/img/nope/front.png", "/img/luck-go/side.png", "/img/luck-go/front.txt", "/img/luck-go", "/api/nothing",
])
def test_no_path_outside_what_the_session_gives(served_unchanged, path):
    status, _, body = request(served_unchanged, path)
    assert status == 404, path
    assert b"root:" not in body and b"[project]" not in body and b"cards:" not in body


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1", "localhost:1", "[::1]:{port}", False])
def test_a_request_that_does_not_name_this_server_is_refused(served_unchanged, host):
    """DNS rebinding: a site whose name resolves to 127.0.0.1 reaches the socket, but sends its own Host."""
    host = host.format(port=served_unchanged.port) if host else host
    for path in ("/", "/api/state", "/img/luck-go/front.png", "/events"):
        assert request(served_unchanged, path, host=host)[0] == 403, (host, path)
    assert request(served_unchanged, "/api/state", host=f"localhost:{served_unchanged.port}")[0] == 200


def test_the_state_follows_a_save_and_a_yaml_error_keeps_the_last_good_pictures(served, mini):
    live = served.live
    before = get_state(served)
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Get out of jail free, once.")
    assert live.check() == ["decks/luck.yaml"]
    after = get_state(served)
    assert after["generation"] > before["generation"]
    assert item(after, "luck-free")["sides"]["front"] != item(before, "luck-free")["sides"]["front"]
    assert item(after, "luck-go")["sides"] == item(before, "luck-go")["sides"]  # only the edited card changed
    assert live.check() == []  # nothing saved since: nothing to do

    good = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    broken = good.replace("  - {id: fine,", "  - {id: fine, [oops\n  - {id: x,", 1)
    (mini / "decks" / "luck.yaml").write_text(broken, encoding="utf-8")
    live.check()
    state = get_state(served)
    err = state["error"]
    assert err["file"] == "decks/luck.yaml" and err["line"] > 0 and err["code"] == "E-yaml-syntax"
    assert err["text"].startswith(f"decks/luck.yaml:{err['line']}: YAML syntax error")
    assert state["groups"] == after["groups"]  # the last good pictures stay on the page ...
    v = item(state, "luck-free")["sides"]["front"]
    assert request(served, f"/img/luck-free/front.png?v={v}")[0] == 200  # ... and are still served

    (mini / "decks" / "luck.yaml").write_text(good, encoding="utf-8")
    live.check()
    assert get_state(served)["error"] is None


def test_a_game_broken_at_start_is_served_and_drawn_once_fixed(mini):
    good = (mini / "decks" / "luck.yaml").read_text(encoding="utf-8")
    (mini / "decks" / "luck.yaml").write_text("id: luck\nname: [Luck\n", encoding="utf-8")
    live = Live(mini, dpi=40)
    assert live.state["error"]["file"] == "decks/luck.yaml" and live.state["groups"] == []
    assert live.state["title"] == "mini"  # no title read yet: the folder's name
    (mini / "decks" / "luck.yaml").write_text(good, encoding="utf-8")
    live.check()
    assert live.state["error"] is None and item(live.state, "luck-go")["sides"]["front"]
    assert live.state["title"] == "Mini Monopoly"


def test_a_failure_of_pnp_itself_is_said_on_the_page_and_serving_goes_on(served, mini, monkeypatch):
    def broken(changed=None):
        raise RuntimeError("a bug")

    monkeypatch.setattr(served.live.session, "refresh", broken)
    edit(mini / "counters.yaml", "name: Cat,", "name: Kitten,")
    served.live.check()
    state = get_state(served)
    assert "RuntimeError: a bug" in state["crash"] and item(state, "luck-go")["sides"]["front"]
    monkeypatch.undo()
    edit(mini / "counters.yaml", "name: Kitten,", "name: Cat,")
    served.live.check()
    assert get_state(served)["crash"] is None


def test_problems_are_listed_with_the_items_they_are_drawn_on(served, mini):
    long = "Advance to the very last space of the board and then keep going around the board " * 6
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", long)
    served.live.check()
    state = get_state(served)
    on_card = [p for p in state["problems"] if "luck-free" in p["items"]]
    assert on_card and all(p["file"] == "decks/luck.yaml" and p["line"] == 7 for p in on_card)
    free = item(state, "luck-free")
    assert [state["problems"][i] for i in free["problems"]] == on_card


def test_events_stream_the_state_when_it_changes(served, mini):
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.request("GET", "/events")
    r = conn.getresponse()
    assert r.status == 200 and r.getheader("Content-Type").startswith("text/event-stream")

    def next_block():
        lines = []
        while True:
            line = r.fp.readline().decode()
            if line == "\n" and lines:
                return lines
            lines.append(line)

    def next_state():
        lines = next_block()
        assert lines[0] == "event: state\n"
        return json.loads(lines[1][len("data: "):])

    assert next_block() == ["retry: 500\n"]  # a restarted server is found again at once
    first = next_state()  # the current state at once
    assert first["generation"] == served.live.generation
    edit(mini / "counters.yaml", "name: Cat,", "name: Kitten,")
    served.live.check()
    second = next_state()
    assert second["generation"] > first["generation"]
    conn.close()


def test_the_editor_opens_a_shown_file_inside_the_game_folder_only(tmp_path):
    game = tmp_path / "my game; rm -rf ~ $(x)"  # the path reaches the editor as one argument, never via a shell
    shutil.copytree(MINI, game)
    (game / "notes.txt").write_text("not content", encoding="utf-8")
    record = tmp_path / "argv.json"
    editor = tmp_path / "editor.py"
    editor.write_text(f"import json, sys\nopen({str(record)!r}, 'w').write(json.dumps(sys.argv[1:]))\n",
                      encoding="utf-8")
    live = Live(game, dpi=40, editor=parse_editor(f"'{sys.executable}' '{editor}' --goto {{file}}:{{line}}:{{col}}"))
    server = make_server(live, 0)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        origin = {"Origin": f"http://127.0.0.1:{server.port}", "Content-Type": "application/json"}
        status, _, body = request(server, "/api/open", "POST", headers=origin,
                                  body={"file": "decks/luck.yaml", "line": 7, "col": 5})
        assert status == 200, body
        for _ in range(100):
            if record.exists() and record.read_text():
                break
            threading.Event().wait(0.05)
        assert json.loads(record.read_text()) == ["--goto", f"{(game / 'decks' / 'luck.yaml').resolve()}:7:5"]
        refused = [
            ({"file": "../../etc/passwd", "line": 1}, origin, 400),
            ({"file": str(Path("/etc/passwd")), "line": 1}, origin, 400),
            ({"file": "notes.txt", "line": 1}, origin, 400),  # in the folder, but not a file the page shows
            ({"file": "decks/luck.yaml", "line": "1; rm -rf ~"}, origin, 400),
            ({"file": "decks/luck.yaml", "line": 1}, {**origin, "Origin": "http://evil.example"}, 403),
            ({"file": "decks/luck.yaml", "line": 1}, {"Content-Type": "text/plain"}, 415),  # a form another site posts
        ]
        for body, headers, expected in refused:
            record.unlink(missing_ok=True)
            assert request(server, "/api/open", "POST", headers=headers, body=body)[0] == expected, body
        assert request(server, "/api/open", "POST", host="evil.example", headers=origin,
                       body={"file": "decks/luck.yaml", "line": 1})[0] == 403
        threading.Event().wait(0.3)
        assert not record.exists()
    finally:
        server.stop()


def test_without_an_editor_the_page_is_told_to_copy(served_unchanged):
    status, _, body = request(served_unchanged, "/api/open", "POST", headers={"Content-Type": "application/json"},
                              body={"file": "decks/luck.yaml", "line": 1})
    assert status == 409 and b"PNP_EDITOR" in body


def test_parse_editor():
    assert parse_editor(None) is None and parse_editor("  ") is None
    assert parse_editor("code -g {file}:{line}") == ["code", "-g", "{file}:{line}"]
    assert parse_editor("subl") == ["subl", "{file}"]
    with pytest.raises(ValueError):
        parse_editor("vim '+{line}")


def test_swap_files_are_not_content(mini):
    (mini / ".luck.yaml.swp").write_text("x")
    (mini / "game.yaml~").write_text("x")
    (mini / "4913").write_text("x")
    (mini / "decks" / "cards.csv").write_text("id,text\n")
    assert set(snapshot(mini, every_file=True)) == {"game.yaml", "board.yaml", "titles.yaml", "money.yaml", "counters.yaml",
                                   "reference.yaml", os.path.join("decks", "luck.yaml"),
                                   os.path.join("decks", "cards.csv")}


def test_usage_mistakes_exit_2(mini):
    r = CliRunner().invoke(cli, ["serve", str(mini), "--editor", "vim '+{line}"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "--editor \"vim '+{line}\" cannot be read as a command" in r.output, r.output
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(cli, ["serve", str(mini), "--port", str(port)])
    assert r.exit_code == 2 and f"127.0.0.1:{port}" in r.output and "--port" in r.output


def start_serve(game: Path, *args: str, port: str = "0", preexec=None) -> tuple[subprocess.Popen, str]:
    """``pnp serve`` in a process of its own (on a free port): the process and the address it printed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", str(game), "--port", port, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, preexec_fn=preexec)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if m:
            return proc, m.group(1)
    proc.wait(timeout=10)
    raise AssertionError("pnp serve did not start:\n" + "".join(lines))


def stop_serve(proc: subprocess.Popen) -> str:
    if proc.returncode is not None:  # stopped already
        return ""
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0, out
    return out


def test_pnp_serve_prints_its_address_and_stops_on_ctrl_c(mini):
    proc, url = start_serve(mini)
    try:
        conn = http.client.HTTPConnection(url.split("/")[2], timeout=10)
        conn.request("GET", "/api/state")
        assert json.loads(conn.getresponse().read())["title"] == "Mini Monopoly"
    finally:
        out = stop_serve(proc)
    assert "stopped" in out and "Traceback" not in out


def test_the_page_ships_in_the_wheel():
    """pyproject lists package data file by pattern: every file of the page must match one (.ci/wheel-smoke
    fetches the page from an installed wheel)."""
    import fnmatch
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    static = ROOT / "pnp" / "serve" / "static"
    names = [p.relative_to(static.parent).as_posix() for p in static.iterdir()]
    assert {"static/index.html", "static/app.js", "static/app.css"} <= set(names)
    assert all(any(fnmatch.fnmatch(n, pat) for pat in data["pnp.serve"]) for n in names)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c-in-a-script", "kill"])
def test_pnp_serve_stops_when_started_in_the_background_of_a_script(mini, sig):
    """A shell script starts background jobs with SIGINT ignored (the wheel smoke test hung on it): pnp serve
    still stops on Ctrl-C's signal, and on a plain kill, without a traceback."""
    proc, _ = start_serve(mini, preexec=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    proc.send_signal(sig)
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("pnp serve did not stop") from None
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in out, out


# ---------------------------------------------------------------- attacks (issue 31)
def test_an_editor_the_kit_ships_is_never_run(tmp_path, monkeypatch):
    """A kit carrying a program named like the designer's editor, and a PATH with an empty entry (the current
    folder): the editor is looked up once, on PATH's absolute folders, and one inside the game folder is refused."""
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    planted = game / "myeditor"
    planted.write_text("#!/bin/sh\ntouch \"$(dirname \"$0\")/ran\"\n", encoding="utf-8")
    planted.chmod(0o755)
    monkeypatch.chdir(game)
    monkeypatch.setenv("PATH", os.pathsep + os.environ.get("PATH", ""))  # an empty entry: "."
    from pnp.serve import EditorError

    for editor in ("myeditor {file}", f"{planted} {{file}}", "./myeditor {file}"):
        with pytest.raises(EditorError):
            Live(game, dpi=40, editor=parse_editor(editor))
    r = CliRunner().invoke(cli, ["serve", str(game), "--editor", "myeditor {file}"])
    assert r.exit_code == 2 and "myeditor" in r.output and "Traceback" not in r.output
    assert not (game / "ran").exists()


def test_the_editor_runs_outside_the_game_folder(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    record = tmp_path / "cwd.txt"
    editor = tmp_path / "editor.py"
    editor.write_text(f"import os\nopen({str(record)!r}, 'w').write(os.getcwd())\n", encoding="utf-8")
    live = Live(game, dpi=40, editor=parse_editor(f"'{sys.executable}' '{editor}' {{file}}"))
    live.files = {(game / "game.yaml").resolve()}
    assert live.open_in_editor("game.yaml", 1, 1) is None
    for _ in range(100):
        if record.exists() and record.read_text():
            break
        threading.Event().wait(0.05)
    assert Path(record.read_text()).resolve() != game.resolve()


def test_pictures_are_refused_to_another_site(served_unchanged):
    state = get_state(served_unchanged)
    first = state["groups"][0]["items"][0]
    path = f"/img/{first['id']}/front.png"
    status, headers, _ = request(served_unchanged, path)
    assert status == 200 and headers["Cross-Origin-Resource-Policy"] == "same-origin"
    for site in ("cross-site", "same-site"):
        assert request(served_unchanged, path, headers={"Sec-Fetch-Site": site})[0] == 403
    assert request(served_unchanged, path, headers={"Sec-Fetch-Site": "same-origin"})[0] == 200


def test_api_open_checks_every_field_type(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    live = Live(game, dpi=40, editor=parse_editor(f"'{sys.executable}' -c pass {{file}}"))
    server = make_server(live, 0)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        headers = {"Content-Type": "application/json"}
        for body in ({"file": "decks/luck.yaml", "line": True}, {"file": "decks/luck.yaml", "col": 1.5},
                     {"file": ["decks/luck.yaml"], "line": 1}, {"file": "decks/luck.yaml", "line": -1}):
            assert request(server, "/api/open", "POST", headers=headers, body=body)[0] == 400, body
        assert request(server, "/api/open", "POST", headers=headers, body=b"[1, 2]")[0] == 400
    finally:
        server.stop()


def test_a_dropped_connection_is_not_a_traceback(served, capsys):
    try:
        raise BrokenPipeError(32, "Broken pipe")
    except BrokenPipeError:
        served.handle_error(None, ("127.0.0.1", 1))
    lines = []
    served.live.log = lines.append
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        served.handle_error(None, ("127.0.0.1", 1))
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out and lines == ["a request failed: RuntimeError: boom"]
