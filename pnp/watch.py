"""``pnp watch``: redo the designer's loop whenever a content file is saved.

Polls the game folder (the standard library is enough: a game holds a dozen small
files, and polling behaves the same on every system and network drive; a look at them
takes about a millisecond, so it looks ten times a second). The command keeps a warm
``session.Session``: it draws every picture once at start, and after a save only those whose
drawing changed; ``Reporter`` tells each problem once.
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Callable

from .parts import FILES, reached_by
from .problems import ERROR

Snapshot = dict[str, tuple[int, int]]
#: editors' swap and backup files change while a designer types: they are not content
IGNORED_SUFFIXES = ("~", ".swp", ".swx", ".tmp", ".bak")
#: content files: YAML, and the CSV files a list may name ({csv: FILE}; Excel on Windows writes .CSV)
CONTENT_SUFFIXES = (".yaml", ".yml", ".csv")


def snapshot(root: Path, every_file: bool = False) -> Snapshot:
    """Modification time and size of the game's content files (with ``every_file``: of all its files, the
    pictures and fonts too), by path relative to the game folder; hidden files and folders and editors' swap
    files left out."""
    out: Snapshot = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if name.startswith(".") or name.endswith(IGNORED_SUFFIXES) or name == "4913":  # vim's probe file
                continue
            if not every_file and not name.lower().endswith(CONTENT_SUFFIXES):
                continue
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
            except OSError:  # removed while we looked
                continue
            out[Path(os.path.relpath(path, root)).as_posix()] = (st.st_mtime_ns, st.st_size)
    return out


def changed_files(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def look(root: Path, seen: Snapshot, settle: float, every_file: bool = False) -> tuple[list[str], Snapshot]:
    """The files changed since ``seen``, and the folder as it is now. After a change is seen it waits
    ``settle`` seconds and looks again: an editor may still be writing."""
    now = snapshot(root, every_file)
    if now == seen:
        return [], seen
    time.sleep(settle)
    now = snapshot(root, every_file)
    return changed_files(seen, now), now


def affected_parts(changed: list[str]) -> list[str]:
    """The outputs (board, cards, notes, tokens, rules) a change to these files can reach. A CSV file reaches what the
    content files that may name one reach (decks, titles)."""
    from .csvdata import CSV_LISTS

    csv_lists = [cf.pattern for cf in FILES if cf.model in CSV_LISTS]
    return reached_by([n for f in changed for n in (csv_lists if f.lower().endswith(".csv") else [f])])


#: after a change is seen, wait this long (at most the interval) and look again: an editor may still be writing
SETTLE = 0.05


def watch(root: Path, on_change: Callable[[list[str], list[str]], None], interval: float = 0.05,
          stop: threading.Event | None = None, max_changes: int | None = None, seen: Snapshot | None = None) -> int:
    """Call ``on_change(changed_files, affected_parts)`` after every save, until ``stop`` is set,
    ``max_changes`` changes were handled, or Ctrl-C. Returns how many changes were handled.
    ``seen``: the files as they were when the caller last read them (default: now)."""
    stop = stop or threading.Event()
    seen = snapshot(root) if seen is None else seen
    handled = 0
    while not stop.is_set():
        if stop.wait(interval):
            break
        changed, seen = look(root, seen, min(SETTLE, interval))
        if not changed:
            continue
        on_change(changed, affected_parts(changed))
        handled += 1
        if max_changes is not None and handled >= max_changes:
            break
    return handled


class Reporter:
    """Tells each problem once: a new one in full, those already told as a count, and those fixed since."""

    def __init__(self, echo: Callable[[str], None]):
        self.echo = echo
        self.told: set = set()

    def __call__(self, problems: list) -> tuple[int, int]:
        """Tell what changed in ``problems`` since the last call; (errors, warnings) now."""
        now = list(dict.fromkeys(problems))
        for p in now:
            if p not in self.told:
                self.echo(str(p))
        current = set(now)
        for p in sorted(self.told - current, key=lambda p: (p.loc, p.code)):
            self.echo(f"fixed: {p.loc}: {p.code}")
        still = len(current & self.told)
        self.told = current
        errors = sum(1 for p in now if p.severity == ERROR)
        if now:
            told = f" ({still} of them told before)" if still else ""
            self.echo(f"{errors} error(s), {len(now) - errors} warning(s){told}")
        return errors, len(now) - errors
