"""What pnp may read from a game folder: plain files only, of a bounded size, as UTF-8 text.

A pipe would block the reader for ever, a device never ends, a folder is not a document; every reader
(the YAML loader, the CSV reader, the picture check, the incremental hashes, ``pnp new --from``) asks here
first. ``read_plain`` is the one safe read of a content file; when it cannot read one it raises
``Unreadable`` with one reason (``why``) and its details, and each caller phrases the problem in its own
words (a YAML file, a CSV sheet, a picture).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

#: Largest content file read (a kit's files are a few kB each).
MAX_BYTES = 5_000_000

#: why a file cannot be read (``Unreadable.why``)
MISSING = "missing"  # nothing there (``dangling``: a link to nothing)
UNREADABLE = "unreadable"  # the system refused (``detail``: its reason)
NOT_PLAIN = "not-plain"  # a folder, a pipe, a socket, a device (``detail``: which)
TOO_LARGE = "too-large"  # more than the limit (``size``: its bytes)
NOT_UTF8 = "not-utf8"  # a byte that is no UTF-8 (``line``, ``col``, ``byte``, ``reason``)


class Unreadable(Exception):
    """A content file that must not or cannot be read, and why (one of the reasons above)."""

    def __init__(self, why: str, detail: str = "", *, dangling: bool = False, size: int = 0, line: int = 0,
                 col: int = 0, byte: int = 0, reason: str = ""):
        super().__init__(why, detail)
        self.why = why
        self.detail = detail
        self.dangling = dangling
        self.size = size
        self.line, self.col, self.byte, self.reason = line, col, byte, reason


def not_plain(st: os.stat_result) -> str | None:
    """Why a file with this ``os.stat`` result must not be read, or None for a plain file."""
    if stat.S_ISREG(st.st_mode):
        return None
    return "a folder" if stat.S_ISDIR(st.st_mode) else "not a plain file (a pipe, socket or device)"


def inside(root: Path | str, name: str) -> Path | None:
    """``name`` (relative to the folder ``root``) resolved, or None when it leads outside the folder (``..``,
    a link out, a NUL in the name, a loop of links)."""
    base = Path(root).resolve()
    try:
        path = (base / name).resolve()
        path.relative_to(base)
    except (ValueError, OSError, RuntimeError):
        return None
    return path


def plain(path: Path | str, limit: int = MAX_BYTES) -> os.stat_result:
    """The ``os.stat`` of a plain file of at most ``limit`` bytes; raises ``Unreadable`` (MISSING, UNREADABLE,
    NOT_PLAIN, TOO_LARGE) for anything else. Nothing is opened."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise Unreadable(MISSING, dangling=os.path.islink(path)) from None
    except OSError as exc:
        raise Unreadable(UNREADABLE, f"{exc.strerror or exc}") from None
    what = not_plain(st)
    if what:
        raise Unreadable(NOT_PLAIN, what)
    if st.st_size > limit:
        raise Unreadable(TOO_LARGE, size=st.st_size)
    return st


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """A plain file's bytes (at most ``limit`` + 1 of them: a file growing while read is cut); raises
    ``Unreadable``. A pipe is never opened."""
    plain(path, limit)
    try:
        with open(path, "rb") as fh:
            return fh.read(limit + 1)
    except OSError as exc:  # no permission ...
        raise Unreadable(UNREADABLE, f"{exc.strerror or exc}") from None


def read_plain(path: Path | str, limit: int = MAX_BYTES, encoding: str = "utf-8") -> str:
    """A plain content file's text (``encoding``: utf-8, or utf-8-sig to drop a spreadsheet's byte-order mark);
    raises ``Unreadable``, for a byte that is not UTF-8 with its line and column (1-based) and offset."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        line, col = before.count(b"\n") + 1, exc.start - (before.rfind(b"\n") + 1) + 1
        raise Unreadable(NOT_UTF8, line=line, col=col, byte=exc.start, reason=exc.reason) from None
