"""The user's cache folder: what pnp can remake, kept between runs to start faster (never needed, never in a
game folder or an output). What lives there: the compiled code of a game's texts (``template_cache.py``),
reportlab's parse of the fonts a PDF embeds (``render/faces.py``), the metrics of fonts (``ttf.py``), validate's
findings and loaded kit (``checked.py``) and a checkout's engine hash (``incremental.py``).

Kept by a file's stamp, not its bytes (``settled``): the parse of a font (``ttf.py``) and a checkout's engine hash
(``incremental.py``); a file whose stamp changed since is read again.

Each file starts with a magic line and a checksum of a ``salt`` (the versions and settings its contents depend
on) and the payload: a file that is torn, foreign or written under another salt is passed over as if missing.
Files are replaced whole (written beside, then renamed). A folder that cannot be read or written makes pnp run
as without a cache; no run ever fails for it. Deleting the folder is always safe.
"""
from __future__ import annotations

import hashlib
import os
import time
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


#: how long ago a file must have been written for its stamp (size, times, inode) to stand for its bytes: a file
#: system's clock moves in ticks (as coarse as 10 ms), so a file written twice within one tick, at the same size,
#: keeps its stamp; what was read from a file written this recently is not kept by its stamp
SETTLED_NS = 2_000_000_000


def settled(st: os.stat_result) -> bool:
    """The file was last written (or its times set) long enough ago that a new write would change its stamp."""
    return max(st.st_mtime_ns, st.st_ctime_ns) < time.time_ns() - SETTLED_NS


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
