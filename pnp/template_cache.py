"""Compiled template code kept between runs: a kit's texts are compiled by Jinja2 once, not on every run.

Compiling is nearly all that rendering a kit's texts costs (Etymonopoly's 38 templates: ~40-70 ms compiling,
~2 ms running the code). The code Jinja2 makes of a text depends on nothing but the text and a ``salt``: Jinja2's
and Python's versions, the environment's settings and pnp's code generator (pnp/templates.py says what goes
in it). So the code is kept by a digest of the text, in a file whose checksum covers the salt.

One file per game name (the game folder's name), in the user's cache folder (``pnp/cache.py``:
``$XDG_CACHE_HOME/pnp``, else ``~/.cache/pnp``; never in the game folder or the output), holding the code of the texts the game's last run
rendered: it stays the size of one game's texts however often they are edited or the folder is copied. (Two
games of one name take turns: each finds the other's code and compiles its own, as without a cache.) A cache that cannot be read or written (missing,
broken, read-only, written by another version) is passed over: the texts are compiled as without one, and
no run ever fails for it.
"""
from __future__ import annotations

import marshal
import os
import types
from pathlib import Path
from typing import Callable

from . import cache
from .cache import digest, folder

#: first line of a cache file; a new layout of the file gets a new number
MAGIC = b"pnp-template-code 1\n"


class CodeCache:
    """The compiled code of one game's texts: ``code(source, compile)`` gives the kept code or compiles
    (and keeps) it; ``save()`` writes what this run used, when that differs from what was read."""

    def __init__(self, game_root: Path, salt: str):
        self.salt = salt.encode("utf-8", "surrogatepass")
        where = folder()
        name = digest(os.fsencode(Path(os.path.abspath(game_root)).name)).hex()[:32]
        self.path = where / "templates" / f"{name}.code" if where is not None else None
        self.kept: dict[str, types.CodeType] | None = None  # read on first use
        self.used: dict[str, types.CodeType] = {}

    def code(self, source: str, compile: Callable[[str], types.CodeType]) -> types.CodeType:
        key = digest(source.encode("utf-8", "surrogatepass")).hex()
        if self.kept is None:
            self.kept = self._read()
        found = self.kept.get(key)
        if found is None:
            found = compile(source)
        self.used[key] = found
        return found

    def save(self) -> None:
        if self.path is None or not self.used or self.used == self.kept:
            return
        cache.write(self.path, MAGIC, self.salt, marshal.dumps(self.used))

    def _read(self) -> dict[str, types.CodeType]:
        """What the file holds, when it is whole and was written under this salt; else nothing."""
        payload = cache.read(self.path, MAGIC, self.salt)
        if payload is None:
            return {}
        try:
            kept = marshal.loads(payload)
        except (EOFError, ValueError, TypeError):
            return {}
        if not isinstance(kept, dict):
            return {}
        return {k: v for k, v in kept.items() if isinstance(k, str) and isinstance(v, types.CodeType)}
