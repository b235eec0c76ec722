"""The user's cache folder: what pnp can remake, kept between runs to start faster (never needed, never in a
game folder or an output). Two things live there: the compiled code of a game's texts (``template_cache.py``)
and reportlab's parse of the fonts a PDF embeds (``render/faces.py``).

Each file starts with a magic line and a checksum of a ``salt`` (the versions and settings its contents depend
on) and the payload: a file that is torn, foreign or written under another salt is passed over as if missing.
Files are replaced whole (written beside, then renamed). A folder that cannot be read or written makes pnp run
as without a cache; no run ever fails for it. Deleting the folder is always safe.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path


def folder() -> Path | None:
    """``$XDG_CACHE_HOME/pnp`` (an absolute path, as the XDG spec asks), else ``~/.cache/pnp``; None when there
    is no home to find."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    except (RuntimeError, KeyError, OSError):  # no home directory
        return None
    return root / "pnp"


def digest(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def read(path: Path | None, magic: bytes, salt: bytes) -> bytes | None:
    """The payload of a cache file, when it is whole and was written under this salt; else None."""
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    head = len(magic) + 32
    if not data.startswith(magic) or len(data) < head or data[len(magic):head] != digest(salt + data[head:]):
        return None  # not ours, torn, or from another version: the caller never sees bytes we did not write
    return data[head:]


def write(path: Path | None, magic: bytes, salt: bytes, payload: bytes) -> None:
    """Replace a cache file whole (readers see the old file or the new one); silent when it cannot be written."""
    if path is None:
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(magic + digest(salt + payload) + payload)
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
