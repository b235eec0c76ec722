"""What a part was built from, so an unchanged part is not built again.

Each output's inputs hash covers the content files that can reach it (from the
registry, ``parts.sources``), the build options, and the engine itself (pnp's source
and the fonts). Templates may name anything in ``game.yaml``, ``board.yaml`` and
``tables.yaml``, so every output depends on those.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from . import __version__
from .parts import sources

PKG = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def engine_hash() -> str:
    """pnp's own code and fonts: a new pnp rebuilds everything."""
    h = hashlib.sha256(__version__.encode())
    for path in sorted(PKG.rglob("*.py")):
        h.update(str(path.relative_to(PKG)).encode())
        h.update(path.read_bytes())
    from .bundled import FONTS

    for path in sorted(FONTS.glob("*.ttf")):
        st = path.stat()
        h.update(f"{path.name}:{st.st_size}".encode())
    return h.hexdigest()


def part_inputs(root: Path, parts, options: dict) -> dict[str, str]:
    opts = json.dumps(options, sort_keys=True).encode()
    out = {}
    for part in parts:
        h = hashlib.sha256(engine_hash().encode())
        h.update(opts)
        for pattern in sources(part):
            for path in sorted(root.glob(pattern)):
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
        out[part] = h.hexdigest()
    return out


def read_manifest(out_dir: Path) -> dict | None:
    try:
        return json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_current(manifest: dict | None, out_dir: Path, part: str, inputs: str) -> bool:
    """The part was built from these inputs and its files are still there, unaltered."""
    if not manifest:
        return False
    record = manifest.get("parts", {}).get(part)
    if not record or record.get("inputs") != inputs:
        return False
    shas = {f["name"]: f.get("sha256") for f in manifest.get("files", [])}
    for name in record.get("files", []):
        path = out_dir / name
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != shas.get(name):
            return False
    return True
