"""The live page's server: standard library only (``http.server``), bound to 127.0.0.1.

What it answers (nothing else; no URL names a file):

``GET /``, ``/app.js``, ``/app.css``   the page (``static/``, read once)
``GET /api/state``                     the kit as the page shows it (JSON, below)
``GET /events``                        server-sent events: ``state`` with the same JSON whenever it changed
``GET /img/<item id>/<front|back>.png`` an item's picture from the session (404 for an id it does not know)
``POST /api/open``                     opens ``{"file", "line", "col"}`` in the designer's editor

Safety: the socket listens on 127.0.0.1 only; every request must name this server in its ``Host``
header (``127.0.0.1:PORT`` or ``localhost:PORT``), so a web page whose domain is made to resolve to
127.0.0.1 (DNS rebinding) gets 403; ``POST /api/open`` further needs a JSON body and, when the browser
sends one, an ``Origin`` of this server, so another site cannot make it open files. The editor runs
as an argument list (``--editor 'code -g {file}:{line}'``, split like a shell would, once, at start;
the request's values only replace ``{file}``, ``{line}``, ``{col}`` inside single arguments), its program
found once at start on PATH's absolute folders and never one inside the game folder, in the user's home
folder, only on a file inside the game folder that the page was shown. Pictures are refused to requests a
browser marks as from another site (``Sec-Fetch-Site``), and every answer says
``Cross-Origin-Resource-Policy: same-origin``; a connection the browser drops is not reported.

The state (``/api/state`` and each event)::

    {"generation": 4, "instance": "9f2c01ab", "title": "Mini Monopoly", "folder": "mini", "editor": true,
     "error": null | {"file", "line", "col", "message", "code", "text"},  # a load error: last good pictures stay
     "crash": null | "pnp could not redraw the kit: ...",             # a failure of pnp itself
     "problems": [{"severity", "code", "file", "line", "col", "path", "message", "items": [ids]}],
     "groups": [{"output", "part", "group", "items": [
         {"id", "kind", "width", "height", "copies": [ids of identical items], "problems": [indices],
          "source": null | {"file", "line", "col"}, "sides": {"front": version, "back": version}}]}]}

A side's version is a digest of its PNG, so ``/img/<id>/<side>.png?v=<version>`` may be cached for good
and the page fetches again exactly the pictures that changed.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import shlex
import shutil
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, unquote, urlsplit

from ..options import DEFAULT, PrintOptions
from ..session import Session
from ..watch import look, snapshot
from ..problems import ERROR

HOST = "127.0.0.1"
SIDES = ("front", "back")
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
#: every response: no inline script or style, nothing from elsewhere, not framed by another site
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
                               "form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",  # another site's <img> or fetch gets nothing
}
#: what a browser says of where a request comes from (Sec-Fetch-Site): this page, or typed in the address bar
OWN_SITE = ("same-origin", "none")
MAX_BODY = 4096


def parse_editor(template: str | None) -> list[str] | None:
    """``code -g {file}:{line}`` -> its argument list (ValueError for unbalanced quotes); without ``{file}``
    the file is added as the last argument. None or blank: no editor (the page copies file:line instead)."""
    if template is None or not template.strip():
        return None
    argv = shlex.split(template, posix=os.name != "nt")
    if not any("{file}" in a for a in argv):
        argv.append("{file}")
    return argv


class EditorError(ValueError):
    """The editor command cannot be used (not found, or a program inside the game folder): a usage error."""


def resolve_editor(argv: list[str] | None, root: Path) -> list[str] | None:
    """The editor's program found once, at start, as an absolute path: by name on PATH's absolute folders only
    (an empty entry or "." would find a program the kit ships), or given absolute; never one inside the game
    folder."""
    if argv is None:
        return None
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        path = Path(program).expanduser()
        if not path.is_absolute():
            raise EditorError(f"--editor {program!r}: name the editor (it is looked up on PATH) or give its "
                              f"absolute path, not a path relative to a folder")
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise EditorError(f"--editor {program!r}: no program there")
    else:
        folders = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and os.path.isabs(d)]
        found = shutil.which(program, path=os.pathsep.join(folders))
        if found is None:
            raise EditorError(f"--editor: no program {program!r} on PATH")
        path = Path(found)
    real = path.resolve()
    game = Path(root).resolve()
    if real == game or game in real.parents:
        raise EditorError(f"--editor: {program!r} is a program inside the game folder ({real}); pnp serve never "
                          f"runs a program the kit ships")
    return [str(path), *argv[1:]]


def version(png: bytes) -> str:
    """A picture's version: a digest of its bytes (its address on the page carries it)."""
    return hashlib.blake2b(png, digest_size=8).hexdigest()


class Live:
    """A game kept current: a warm ``Session``, the pictures' versions, and the state the page is sent.

    ``start()`` runs a thread that looks at the game folder every ``interval`` seconds and, after a
    save, refreshes the session, draws the pictures that changed and publishes the new state (waking
    every ``/events`` stream)."""

    def __init__(self, root: Path, dpi: float = 100.0, interval: float = 0.2, editor: list[str] | None = None,
                 log: Callable[[str], None] | None = None, print: PrintOptions = DEFAULT):
        self.root = Path(root).resolve()
        editor = resolve_editor(editor, self.root)  # once, at start (EditorError: a usage error)
        self.interval = interval
        self.editor = editor
        self.log = log or (lambda line: None)
        self.stop = threading.Event()
        self.changed = threading.Condition()
        self.generation = 0
        self.instance = secrets.token_hex(4)  # a page that outlives a restart of pnp serve sees a new server
        self.state: dict = {}
        self.state_json = b"{}"
        self.files: set[Path] = set()  # the files the page was shown (the only ones /api/open opens)
        self.crash: str | None = None
        self._versions: dict[str, dict[str, str]] = {}
        self._thread: threading.Thread | None = None
        self._seen = snapshot(self.root, every_file=True)
        self.session = Session(self.root, dpi, print=print)
        self._publish(self.session.last, first=True)

    # -- the loop
    def start(self) -> None:
        self._thread = threading.Thread(target=self._poll, name="pnp-serve-poll", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.stop.set()
        with self.changed:
            self.changed.notify_all()
        if self._thread is not None and self._thread.ident is not None:  # a stop may come before it ran
            self._thread.join(timeout=5)

    def _poll(self) -> None:
        while not self.stop.wait(self.interval):
            self.check()

    def check(self) -> list[str]:
        """Look at the folder once; refresh if a file changed. Returns the files that changed."""
        changed, self._seen = look(self.root, self._seen, 0.03, every_file=True)  # pictures and fonts too
        if changed:
            self.refresh(changed)
        return changed

    def refresh(self, changed: list[str] | None = None) -> None:
        started = time.perf_counter()
        try:
            update = self.session.refresh(None if changed is None else [self.root / c for c in changed])
            self._publish(update)
        except Exception as exc:  # a bug in pnp, not the designer's: say it on the page, keep serving
            self.crash = f"pnp could not redraw the kit: {type(exc).__name__}: {exc} (the next save tries again)"
            self.log(self.crash)
            self._announce()
            return
        what = ", ".join(changed) if changed else "everything"
        took = time.perf_counter() - started
        if update.error is not None:
            self.log(f"{update.error} (the page keeps the last good pictures)")
        else:
            n = len(update.changed) + len(update.removed)
            errors = sum(p.severity == ERROR for p in update.problems)
            self.log(f"{what}: {n} item(s) redrawn in {took:.2f} s; "
                     f"{errors} error(s), {len(update.problems) - errors} warning(s)")

    # -- the state
    def _publish(self, update, first: bool = False) -> None:
        s = self.session
        self.crash = None
        if update.error is None:
            s.draw()  # every picture not drawn yet, in batches: the page's requests then find them ready
            redo = set(s.items) if first else set(update.changed) | (set(s.items) - set(self._versions))
            for item_id in set(self._versions) - set(s.items):
                del self._versions[item_id]
            for item_id in redo:
                self._versions[item_id] = {side: version(s.png(item_id, side)) for side in s.sides(item_id)}
        self.state = self._state(update)
        self._announce()

    def _announce(self) -> None:
        state = dict(self.state, crash=self.crash, instance=self.instance)
        with self.changed:
            self.generation += 1
            state["generation"] = self.generation
            self.state_json = json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            self.changed.notify_all()

    def _where(self, loc, files: set[Path]) -> dict | None:
        """A location as the page shows it: the file relative to the game folder (None when outside it)."""
        if loc is None or not loc.file:
            return None
        path = Path(loc.file).resolve()
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            return {"file": str(path), "line": loc.line, "col": loc.col, "outside": True}
        files.add(path)
        return {"file": rel, "line": loc.line, "col": loc.col}

    def _state(self, update) -> dict:
        s = self.session
        files: set[Path] = set()
        problems = list(update.problems)
        index = {}
        for i, p in enumerate(problems):
            index.setdefault(p, i)
        shown = []
        for i, p in enumerate(problems):
            where = self._where(p.loc, files) or {"file": "", "line": 0, "col": 0}
            shown.append(dict(where, severity=p.severity, code=p.code, path=p.path, message=p.message, items=[]))
        groups: dict[tuple[str, str], dict] = {}
        alike: dict[tuple, dict] = {}  # identical copies (every note of a value) are shown once
        for item_id, info in s.items.items():
            marks = sorted({index[p] for p in s.problems_of(item_id) if p in index})
            for i in marks:
                shown[i]["items"].append(item_id)
            source = self._where(info.source, files)
            sides = self._versions.get(item_id, {})
            key = (info.output, info.group, info.kind, tuple(sorted(sides.items())), tuple(marks),
                   json.dumps(source, sort_keys=True))
            if key in alike:
                alike[key]["copies"].append(item_id)
                continue
            g = groups.setdefault((info.output, info.group), {"output": info.output, "part": info.part,
                                                              "group": info.group, "items": []})
            entry = {"id": item_id, "kind": info.kind, "width": info.width, "height": info.height,
                     "sides": sides, "source": source, "problems": marks, "copies": []}
            alike[key] = entry
            g["items"].append(entry)
        error = None
        if update.error is not None:
            e = update.error
            error = dict(self._where(e.loc, files) or {"file": "", "line": 0, "col": 0},
                         message=e.message, code=e.code, text=self._display(e))
        elif s.skipped:  # content the layouts cannot draw (a broken font): the banner, over the last good pictures
            e = next((p for p in problems if p.severity == ERROR), None)
            if e is not None:
                why = f"{', '.join(s.skipped)} could not be drawn, the pictures are the last good ones: "
                error = dict(self._where(e.loc, files) or {"file": "", "line": 0, "col": 0},
                             message=why + e.message, code=e.code, text=why + self._display(e))
        self.files = files
        kit = s.kit
        title = kit.game.title if kit is not None else self.root.name
        return {"title": str(title), "folder": self.root.name, "editor": self.editor is not None,
                "error": error, "problems": shown, "groups": list(groups.values())}

    def _display(self, problem) -> str:
        where = self._where(problem.loc, set())
        if where is None:
            return problem.message
        line = f":{where['line']}" if where["line"] else ""
        return f"{where['file']}{line}: {problem.message}"

    # -- the editor
    def open_in_editor(self, file: str, line: int, col: int) -> str | None:
        """Run the editor on a file of the game the page was shown; an error message, or None when started."""
        if self.editor is None:
            return "no editor command: start pnp serve with --editor 'COMMAND {file}:{line}' or set PNP_EDITOR"
        try:
            path = (self.root / file).resolve()
            path.relative_to(self.root)
        except (ValueError, OSError):
            return "that file is not in the game folder"
        if path not in self.files or not path.is_file():
            return "that file is not one the page shows"
        values = {"{file}": str(path), "{line}": str(line), "{col}": str(col)}
        argv = []
        for arg in self.editor:
            for k, v in values.items():
                arg = arg.replace(k, v)
            argv.append(arg)
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, cwd=_neutral_folder())
        except OSError as exc:
            return f"the editor command could not start: {exc}"
        threading.Thread(target=proc.wait, daemon=True).start()  # reaped when it exits
        self.log(f"opened {file}:{line} in {argv[0]}")
        return None


def _neutral_folder() -> str:
    """Where the editor runs: the user's home (else the file system's root), never the game folder."""
    home = Path.home()
    return str(home) if home.is_dir() else os.path.abspath(os.sep)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "pnp-serve"
    timeout = 60  # idle keep-alive connections end
    # headers and body go out in two writes: with Nagle's algorithm the body then waits for the browser's
    # delayed ACK, 40 ms per picture on a kept-alive connection (157 pictures took 6.9 s, now 0.1 s)
    disable_nagle_algorithm = True
    server: "Server"

    def log_message(self, format, *args) -> None:  # noqa: A002 - quiet: the terminal shows saves, not requests
        pass

    # -- answers
    def _send(self, status: int, body: bytes, ctype: str = "text/plain; charset=utf-8", headers: dict | None = None):
        self.send_response(status)
        for k, v in {**SECURITY_HEADERS, **(headers or {})}.items():
            self.send_header(k, v)
        if status != 204:  # No Content has neither
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, data) -> None:
        self._send(status, json.dumps(data).encode("utf-8"), "application/json; charset=utf-8")

    def _allowed_host(self) -> bool:
        host = self.headers.get("Host", "")
        return host in self.server.hosts

    # -- requests
    def do_GET(self) -> None:  # noqa: N802
        if not self._allowed_host():
            self._send(403, b"this server answers only to 127.0.0.1 and localhost\n")
            return
        url = urlsplit(self.path)
        path = url.path
        live = self.server.live
        if path in STATIC:
            name, ctype = STATIC[path]
            self._send(200, self.server.static[name], ctype)
        elif path == "/api/state":
            self._send(200, live.state_json, "application/json; charset=utf-8")
        elif path == "/events":
            self._events()
        elif path.startswith("/img/"):
            if self.headers.get("Sec-Fetch-Site", "none") not in OWN_SITE:
                self._send(403, b"a picture for another site\n")
                return
            self._image(path, url.query)
        elif path == "/favicon.ico":  # browsers ask: nothing, rather than a 404 in the console
            self._send(204, b"")
        else:
            self._send(404, b"not found\n")

    def _image(self, path: str, query: str) -> None:
        parts = path.split("/")  # "", "img", id, side.png
        if len(parts) != 4 or not parts[3].endswith(".png") or parts[3][:-4] not in SIDES:
            self._send(404, b"not found\n")
            return
        item_id, side = unquote(parts[2]), parts[3][:-4]
        session = self.server.live.session
        try:
            png = session.png(item_id, side)
        except KeyError:
            self._send(404, b"no such item or side\n")
            return
        # cached for good only under its own version: a request for a version the picture no longer has (a save
        # landed between the state the page holds and this request) must not pin these bytes to that address
        wanted = parse_qs(query).get("v", [""])[0]
        fresh = wanted == version(png)
        self._send(200, png, "image/png", {"Cache-Control": "private, max-age=31536000, immutable" if fresh
                                           else "no-store"})

    def _events(self) -> None:
        live = self.server.live
        self.send_response(200)
        for k, v in SECURITY_HEADERS.items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        sent = -1
        try:
            self.wfile.write(b"retry: 500\n\n")  # a restarted pnp serve is found again within a second
            while not live.stop.is_set():
                with live.changed:
                    live.changed.wait_for(lambda: live.generation != sent or live.stop.is_set(), timeout=15)
                    generation, data = live.generation, live.state_json
                if live.stop.is_set():
                    break
                if generation != sent:
                    self.wfile.write(b"event: state\ndata: " + data + b"\n\n")
                    sent = generation
                else:
                    self.wfile.write(b": still here\n\n")  # a quiet connection is not dropped by proxies
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass  # the page was closed

    def do_POST(self) -> None:  # noqa: N802
        if not self._allowed_host():
            self._send(403, b"this server answers only to 127.0.0.1 and localhost\n")
            return
        if urlsplit(self.path).path != "/api/open":
            self._send(404, b"not found\n")
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin not in {f"http://{h}" for h in self.server.hosts}:
            self._json(403, {"error": "a request from another site"})
            return
        if self.headers.get_content_type() != "application/json":
            self._json(415, {"error": "send JSON"})
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY:
            self._json(400, {"error": "a JSON body of at most 4 KB"})
            return
        try:
            body = json.loads(self.rfile.read(length))
            file, line, col = body["file"], body.get("line", 0), body.get("col", 0)
            if not (isinstance(file, str) and all(type(v) is int and 0 <= v < 10**7 for v in (line, col))):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            self._json(400, {"error": 'expected {"file": "...", "line": 1, "col": 1}'})
            return
        problem = self.server.live.open_in_editor(file, line, col)
        if problem is None:
            self._json(200, {"ok": True})
        else:
            self._json(409 if self.server.live.editor is None else 400, {"error": problem})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # a restart right after Ctrl-C gets its port back (the old connections wait out TIME_WAIT); not on Windows,
    # where SO_REUSEADDR would let a second server take a port a first one listens on
    allow_reuse_address = os.name != "nt"

    def __init__(self, live: Live, port: int):
        self.live = live
        super().__init__((HOST, port), Handler)
        self.port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.static = {name: resources.files(__package__).joinpath("static", name).read_bytes()
                       for name, _ in STATIC.values()}

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def handle_error(self, request, client_address) -> None:
        """A browser that closes a connection mid-answer (a page reloaded, a picture no longer wanted) is not
        news; anything else is one line in the terminal, never a traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)):
            return
        self.live.log(f"a request failed: {type(exc).__name__}: {exc}")

    def stop(self) -> None:
        self.live.close()
        self.shutdown()
        self.server_close()


def make_server(live: Live, port: int = 0, fallback: bool = False) -> Server:
    """A server for ``live`` on 127.0.0.1:``port`` (0: a free one). ``fallback``: if the port is taken, take
    a free one instead of raising ``OSError``."""
    try:
        return Server(live, port)
    except OSError as exc:
        if not (fallback and exc.errno == errno.EADDRINUSE):
            raise
        return Server(live, 0)
