"""Writing results: all files of a build land together or not at all; bytes are deterministic."""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


class OutputError(Exception):
    """The output folder cannot be written (not content's fault: exit code 2)."""


@dataclass
class OutFile:
    name: str
    data: bytes
    info: dict  # pages, sizes ... for the manifest

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def write_all(out_dir: Path, files: list[OutFile]) -> list[Path]:
    """Write every file to a temporary name first, then rename them all into place.

    If anything fails before the renames, the previous output is untouched and the
    temporaries are removed."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the output folder {out_dir}: {exc.strerror or exc}") from None
    temps: list[tuple[str, Path]] = []
    try:
        for f in files:
            fd, tmp = tempfile.mkstemp(prefix=f".{f.name}.", suffix=".tmp", dir=out_dir)
            temps.append((f.name, Path(tmp)))
            os.chmod(tmp, 0o644)
            with os.fdopen(fd, "wb") as fh:
                fh.write(f.data)
                fh.flush()
                os.fsync(fh.fileno())
    except BaseException as exc:
        for _, tmp in temps:
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write into {out_dir}: {exc.strerror or exc}; nothing was changed there") from exc
        raise
    written = []
    try:
        for name, tmp in temps:
            final = out_dir / name
            os.replace(tmp, final)
            written.append(final)
    except OSError as exc:
        for _, tmp in temps:
            tmp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {out_dir}: {exc.strerror or exc}") from None
    return written


def manifest_bytes(manifest: dict) -> bytes:
    """Pretty at the top (one key, file or part per line), compact below: readable, and written by
    json's C encoder even for thousands of items."""
    def compact(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = ["{"]
    keys = list(manifest)
    for i, key in enumerate(keys):
        value = manifest[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, list) and value:
            inner = ",\n".join(f"    {compact(v)}" for v in value)
            lines.append(f"  {compact(key)}: [\n{inner}\n  ]{comma}")
        elif isinstance(value, dict) and value:
            inner = ",\n".join(f"    {compact(k)}: {compact(v)}" for k, v in value.items())
            lines.append(f"  {compact(key)}: {{\n{inner}\n  }}{comma}")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}{comma}")
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")
