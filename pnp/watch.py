"""``pnp watch``: redo the designer's loop whenever a content file is saved.

Polls the game folder (the standard library is enough: a game holds a dozen small
files, and polling behaves the same on every system and network drive).
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

from .parts import reached_by

Snapshot = dict[str, tuple[int, int]]


def snapshot(root: Path) -> Snapshot:
    """Modification time and size of every content file, by path relative to the game folder."""
    out: Snapshot = {}
    for path in sorted([*root.rglob("*.y*ml"), *root.rglob("*.[cC][sS][vV]")]):  # CSV: a list's rows ({csv: FILE})
        try:
            st = path.stat()
        except OSError:  # removed while we looked
            continue
        out[path.relative_to(root).as_posix()] = (st.st_mtime_ns, st.st_size)
    return out


def changed_files(before: Snapshot, after: Snapshot) -> list[str]:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def affected_parts(changed: list[str]) -> list[str]:
    """The outputs (board, cards, notes, tokens) a change to these files can reach. A CSV file reaches what the
    content files that may name one reach (decks, titles)."""
    from .csvdata import CSV_LISTS
    from .parts import FILES

    csv_lists = [cf.pattern for cf in FILES if cf.model in CSV_LISTS]
    return reached_by([n for f in changed for n in (csv_lists if f.lower().endswith(".csv") else [f])])


def watch(root: Path, on_change: Callable[[list[str], list[str]], None], interval: float = 0.5,
          stop: threading.Event | None = None, max_changes: int | None = None) -> int:
    """Call ``on_change(changed_files, affected_parts)`` after every save, until ``stop`` is set,
    ``max_changes`` changes were handled, or Ctrl-C. Returns how many changes were handled."""
    stop = stop or threading.Event()
    seen = snapshot(root)
    handled = 0
    while not stop.is_set():
        if stop.wait(interval):
            break
        now = snapshot(root)
        changed = changed_files(seen, now)
        if not changed:
            continue
        time.sleep(min(0.1, interval))  # let an editor finish writing
        now = snapshot(root)
        changed = changed_files(seen, now)
        seen = now
        on_change(changed, affected_parts(changed))
        handled += 1
        if max_changes is not None and handled >= max_changes:
            break
    return handled
