"""What ``pnp validate`` found laying out each part, kept between runs by the part's inputs.

Laying out every item to find the texts that overflow their box, shrink or cannot be read, and the board texts
a tile cut crosses, is most of what validating a kit costs. A part's findings are a function of its inputs:
the content files the registry says it is drawn from (``parts.PARTS``, with ``parts.SHARED``), the files they
name, the game's fonts, pnp itself (``incremental.part_inputs`` hashes exactly these for the incremental
build), and the edition, the bleed and the game folder (the findings name its files). So each part's findings
are kept under that hash and told again, as found, while it holds: a designer who saved a deck lays out and
checks the parts drawn from decks; the others are told from the file. The loaded kit is kept the same way, by
the hash of every content file (with the problems loading found): a validate of unchanged content reads it
back instead of parsing the YAML again. Every rule runs on every validate, on the kit as loaded.

Two files per game folder, in the user's cache folder (``pnp/cache.py``: never in the game folder or the
output): each part's hash and findings, and the loaded kit, from the folder's last validate: they stay the size
of one kit, and the files of the ``FOLDERS`` game folders validated last are kept (older ones are deleted when
a new one is written). A file that is torn, foreign or from another pnp is passed over (the kit is loaded and
the parts laid out as without it); no run ever fails for it, and deleting the folder is always safe.
"""
from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

from . import cache
from .problems import Loc, Problem, Problems

#: first line of a cache file; a new layout of the file gets a new number
MAGIC = b"pnp-findings 1\n"
KIT_MAGIC = b"pnp-kit 1\n"
#: the game folders whose findings are kept (a designer's few games; a folder of copies in /tmp does not grow it)
FOLDERS = 32


class Findings:
    """The kept findings of one game folder's parts: ``recall(part, inputs)`` gives a part's problems when they
    were found from these inputs, else None; ``keep(part, inputs, problems)``; ``save()`` writes them."""

    def __init__(self, game_root: Path, salt: str):
        self.salt = salt.encode("utf-8", "surrogatepass")
        where = cache.folder()
        name = cache.digest(os.fsencode(os.path.abspath(game_root))).hex()[:32]
        self.path = where / "findings" / f"{name}.json" if where is not None else None
        self.kit_path = where / "findings" / f"{name}.kit" if where is not None else None
        self.kept = self._read()
        self.changed = False

    def recall(self, part: str, inputs: str) -> Problems | None:
        entry = self.kept.get(part)
        if not isinstance(entry, dict) or entry.get("inputs") != inputs:
            return None
        try:
            return _problems(entry)
        except (TypeError, ValueError, KeyError):  # not what this version writes: laid out again
            return None

    def keep(self, part: str, inputs: str, found: Problems) -> None:
        self.kept[part] = {"inputs": inputs, **_entry(found)}
        self.changed = True

    def recall_kit(self, inputs: str):
        """(the kit, the problems loading it found) when it was loaded from these inputs, else None."""
        payload = cache.read(self.kit_path, KIT_MAGIC, self.salt)
        if payload is None or not payload.startswith(inputs.encode() + b"\n"):
            return None
        try:
            kit, entry = pickle.loads(payload[len(inputs) + 1:])
            return kit, _problems(entry)
        except Exception:  # noqa: BLE001 -- anything a file not written by this pnp holds: loaded again
            return None

    def keep_kit(self, inputs: str, kit, found: Problems) -> None:
        try:
            data = pickle.dumps((kit, _entry(found)), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return  # a kit that cannot be kept is loaded again next time
        cache.write(self.kit_path, KIT_MAGIC, self.salt, inputs.encode() + b"\n" + data)
        _prune(self.kit_path.parent if self.kit_path is not None else None)

    def save(self) -> None:
        if self.changed:
            cache.write(self.path, MAGIC, self.salt, json.dumps(self.kept, ensure_ascii=False).encode("utf-8"))

    def _read(self) -> dict:
        payload = cache.read(self.path, MAGIC, self.salt)
        if payload is None:
            return {}
        try:
            kept = json.loads(payload.decode("utf-8"))
        except ValueError:
            return {}
        return kept if isinstance(kept, dict) else {}


def _prune(folder: Path | None) -> None:
    """Keep the files of the ``FOLDERS`` game folders written last; delete the others (silent where it cannot)."""
    if folder is None:
        return
    try:
        by_folder: dict[str, float] = {}
        for f in folder.iterdir():
            if f.suffix in (".json", ".kit"):
                by_folder[f.stem] = max(by_folder.get(f.stem, 0.0), f.stat().st_mtime)
        for stem in sorted(by_folder, key=by_folder.__getitem__)[:-FOLDERS]:
            for suffix in (".json", ".kit"):
                (folder / f"{stem}{suffix}").unlink(missing_ok=True)
    except OSError:
        pass


def _entry(found: Problems) -> dict:
    return {"items": [_row(p) for p in found.items],
            "dropped": [[file, s, c, n] for file, counts in found.dropped.items() for (s, c), n in counts.items()]}


def _row(p: Problem) -> list:
    return [p.severity, p.code, p.loc.file, p.loc.line, p.loc.col, p.path, p.message]


def _problems(entry: dict) -> Problems:
    found = Problems()
    for severity, code, file, line, col, path, message in entry["items"]:
        found.add(Problem(str(severity), str(code), Loc(str(file), int(line), int(col)), str(path), str(message)))
    for file, severity, code, n in entry["dropped"]:
        found._count(str(file), str(severity), str(code), int(n))
    return found
