"""What pnp may read from a game folder: plain files only.

A pipe would block the reader for ever, a device never ends, a folder is not a document; every reader
(the YAML loader, the picture check, the incremental hashes, ``pnp new --from``) asks here first.
"""
from __future__ import annotations

import os
import stat

#: Largest content file read (a kit's files are a few kB each).
MAX_BYTES = 5_000_000


def not_plain(st: os.stat_result) -> str | None:
    """Why a file with this ``os.stat`` result must not be read, or None for a plain file."""
    if stat.S_ISREG(st.st_mode):
        return None
    return "a folder" if stat.S_ISDIR(st.st_mode) else "not a plain file (a pipe, socket or device)"
