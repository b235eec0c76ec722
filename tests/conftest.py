import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: seconds after which a safety test calls a run a hang. Not a speed measure (speed lives in bench/): a loaded
#: 2-core CI machine may be several times slower than a quiet one, a hang is not finite at all.
HANG_GUARD = 60.0
MINI = ROOT / "tests" / "fixtures" / "mini"
MECH = ROOT / "tests" / "fixtures" / "mech"


@pytest.fixture(autouse=True, scope="session")
def own_cache_folder(tmp_path_factory):
    """pnp keeps compiled template code and parsed fonts in the user's cache folder (pnp/cache.py): the tests, and the
    commands they run, use a folder of their own and leave the user's alone."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    yield
    patch.undo()


@pytest.fixture
def mini(tmp_path) -> Path:
    """A writable copy of the mini game."""
    dest = tmp_path / "mini"
    shutil.copytree(MINI, dest)
    return dest


@pytest.fixture
def mech(tmp_path) -> Path:
    """A writable copy of the mech game (every general mechanic)."""
    dest = tmp_path / "mech"
    shutil.copytree(MECH, dest)
    return dest


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """pnp's cache folder of the test's own (XDG_CACHE_HOME)."""
    home = tmp_path / "cache-home"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


@pytest.fixture
def loads(monkeypatch):
    """How many times a build or validate loaded a kit from its files (one entry a load)."""
    import pnp.build

    seen: list[int] = []
    real = pnp.build.load_kit

    def spy(*a, **kw):
        seen.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(pnp.build, "load_kit", spy)
    return seen


def sheet_furniture(sheet, kinds: tuple) -> list:
    """Every shape of the ``kinds`` on an imposed sheet's page that is not part of an item's drawing (marks, guides,
    footers), with the transform it is drawn under: (shape, transform)."""
    from pnp import scene

    drawings = {id(p.item.front) for p in sheet.placed} | {id(p.item.back) for p in sheet.placed}
    out = []

    def walk(s, m):
        if id(s) in drawings:
            return
        if isinstance(s, scene.Group):
            for c in s.children:
                walk(c, scene.compose(m, s.transform))
        elif isinstance(s, kinds):
            out.append((s, m))

    walk(sheet.page.content, scene.IDENTITY)
    return out


def not_a_plain_file(path: Path, kind: str) -> None:
    """Put at ``path`` what pnp must refuse to read: a pipe ("fifo": opening it would wait for a writer for ever),
    a folder, or a link to nothing (a kind starting "dangling")."""
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind.startswith("dangling"):
        path.symlink_to(path.parent / f"nowhere{path.suffix}")
    else:
        raise ValueError(kind)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def loaded(root: Path, checked: bool = False):
    """(kit, problems): the game at ``root`` loaded (with ``checked``, also passing the rules, as a build
    needs); a game that does not load fails the test, naming its problems."""
    from pnp.build import load_valid
    from pnp.content import load_kit
    from pnp.problems import Problems

    problems = Problems()
    kit = (load_valid if checked else load_kit)(root, problems)
    assert kit is not None, [str(p) for p in problems.sorted()]
    return kit, problems


class Watching:
    """A ``pnp watch`` running in a process of its own (``pnp_watch``); after it stopped, ``text`` is what it
    printed and ``returncode`` how it ended. While it runs, ``said()`` is what it printed so far (read as it comes,
    by a thread): its stderr (the problems) line by line; its stdout, a pipe, reaches it when Python flushes it."""

    def __init__(self, proc: subprocess.Popen, seconds: float = 30.0):
        import threading

        self.proc = proc
        self.deadline = time.time() + seconds  # for all the waiting a test does
        self.text = ""
        self.returncode: int | None = None
        self._lines: list[str] = []
        self._reader = threading.Thread(target=lambda: self._lines.extend(iter(proc.stdout.readline, "")), daemon=True)
        self._reader.start()

    def said(self) -> str:
        return "".join(self._lines)

    def stop(self) -> None:
        """Ctrl-C (SIGINT), then wait for it to end and for all it printed."""
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=20)
        self._reader.join(timeout=20)
        self.text = self.said()
        self.returncode = self.proc.returncode

    def until(self, condition) -> None:
        """Wait until ``condition()`` holds (or the deadline passes: the test's asserts then say what is missing)."""
        while time.time() < self.deadline and not condition():
            time.sleep(0.05)


@contextmanager
def pnp_watch(game: Path, out: Path, *options: str):
    """``pnp watch GAME --out OUT [options]`` for the length of the block, then Ctrl-C (SIGINT) and its output."""
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "watch", str(game), "--out", str(out), *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    watching = Watching(proc)
    try:
        yield watching
    finally:
        watching.stop()


#: every kit that ships: each page of each PDF is compared with tests/reference/<kit>/
REFERENCE_KITS = ("etymonopoly", "tahiti", "moneyloopy", "euronopoly", "monopoly-2-3")
#: the kits the mutation tests break on purpose (the guard must catch each mutation)
MUTATION_KITS = ("etymonopoly", "tahiti")


@pytest.fixture(scope="session")
def reference_builds(tmp_path_factory) -> Path:
    """Every shipped kit built once per session with the default options (A4 duplex): ``<folder>/<kit>/*.pdf``."""
    from pnp.build import BuildOptions, build_game
    from pnp.problems import Problems

    out = tmp_path_factory.mktemp("reference-builds")
    for kit in REFERENCE_KITS:
        problems = Problems()
        result = build_game(ROOT / "content" / kit, out / kit, BuildOptions(), problems)
        assert result is not None, [str(p) for p in problems.sorted()]
    return out
