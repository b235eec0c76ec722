"""What a part was built from, so an unchanged part is not built again.

Each output's inputs hash covers everything that can change its bytes:

* the content files that can reach it (from the registry, ``parts.sources``; templates may
  name anything in ``game.yaml``, ``board.yaml`` and ``tables.yaml``, so every output
  depends on those);
* the files those content files name (a picture's ``file:``, a list's ``csv:`` and the pictures
  its cells name; relative to the game folder): their bytes, or that they are missing;
* the game's own fonts (every file in its ``fonts/`` folder: ``theme.fonts`` may name any);
* the build options;
* the engine: pnp's version, its source and the bytes of its bundled fonts.
"""
from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from . import __version__
from .files import Unreadable, read_bytes
from .parts import sources

PKG = Path(__file__).resolve().parent

#: a content file that may name a file: a key ``file`` or ``*_file`` (Picture.file), or ``csv`` (a list's rows)
_NAMES_A_FILE = re.compile(rb"(?m)(^|[\s{,])([A-Za-z_]*file|csv)\s*:")
#: what every match of ``_NAMES_A_FILE`` holds: searched first, as it is found (or not) ~50 times faster, without
#: trying a run of letters before "file" at every byte of the file
_MAY_NAME_A_FILE = re.compile(rb"(?:file|csv)\s*:")


@lru_cache(maxsize=1)
def engine_hash() -> str:
    """pnp's own code and fonts: a new pnp rebuilds everything.

    An installed pnp (a wheel, by pip or pipx) has its files' sha256 in its ``RECORD``, written by pip,
    which checked them against the wheel: hashing those lines stands for hashing the files (6 MB, most
    of it fonts; ~15 ms of a 0.1 s build with nothing to do). A checkout or an editable install has no such
    list of its files: there every source file and bundled font is read and hashed (~30 ms), and the hash is
    kept in the user's cache folder with the files' stamps (``_stamp``): while no file is saved, added or
    removed, the next run takes it from there (~3 ms)."""
    record = _installed_record()
    if record is not None:
        return hashlib.sha256(__version__.encode() + b"\0RECORD\0" + record).hexdigest()
    from .bundled import FONTS

    sources = sorted(PKG.rglob("*.py"))
    fonts = sorted(p for p in FONTS.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    stamp, settled = _stamp(sources + fonts)
    kept = _kept_engine(stamp)
    if kept is not None:
        return kept
    h = hashlib.sha256(__version__.encode())
    for path in sources:
        h.update(str(path.relative_to(PKG)).encode())
        h.update(path.read_bytes())
    for path in fonts:
        if path.is_file():
            h.update(f"{path.name}:{path.stat().st_size}:".encode())
            h.update(path.read_bytes())
    found = h.hexdigest()
    if settled and _stamp(sources + fonts) == (stamp, True):  # nothing saved lately, nor while it was read
        _keep_engine(stamp, found)
    return found


#: the hash of a checkout's files, kept in the user's cache folder (pnp/cache.py) with their stamp
_ENGINE_MAGIC = b"pnp-engine 1\n"


def _stamp(paths: list[Path]) -> tuple[bytes, bool]:
    """What says pnp's files are those hashed before (a checkout's, which has no RECORD): a digest of each
    file's path, size, modification and change times (a change time moves whenever a file is written, even one
    whose modification time is set back) and inode, or that it is not a regular file; and whether every file was
    written long enough ago that its stamp stands for its bytes (``cache.settled``)."""
    import os
    import stat

    from . import cache

    h = hashlib.sha256()
    settled = True
    for path in paths:
        try:
            st = os.stat(path)
            h.update(os.fsencode(path) + b"\0%d %d %d %d %d %d\0" % (
                stat.S_ISREG(st.st_mode), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev))
            settled = settled and cache.settled(st)
        except (OSError, ValueError):
            h.update(os.fsencode(path) + b"\0gone\0")
    return h.digest(), settled


def _engine_file() -> Path | None:
    import os

    from . import cache

    where = cache.folder()
    return None if where is None else where / "engine" / f"{cache.digest(os.fsencode(PKG)).hex()[:32]}.hash"


def _kept_engine(stamp: bytes) -> str | None:
    """The engine hash kept for pnp's files with this stamp; None when there is none, or it is not one."""
    from . import cache

    payload = cache.read(_engine_file(), _ENGINE_MAGIC, __version__.encode())
    if payload is None or len(payload) != 32 + 64 or payload[:32] != stamp:
        return None
    found = payload[32:]
    return found.decode() if all(c in b"0123456789abcdef" for c in found) else None


def _keep_engine(stamp: bytes, found: str) -> None:
    from . import cache

    cache.write(_engine_file(), _ENGINE_MAGIC, __version__.encode(), stamp + found.encode())


def _installed_record() -> bytes | None:
    """The lines of pnp's installed ``RECORD`` naming its package files with their sha256 (bytecode left
    out: it is compiled at install, not shipped); None where pnp is not installed from a wheel."""
    try:
        lines = (PKG.parent / f"pnp-{__version__}.dist-info" / "RECORD").read_bytes().splitlines()
    except OSError:
        return None
    ours = sorted(line for line in lines if line.startswith(b"pnp/") and b"/__pycache__/" not in line)
    if not ours or not all(b",sha256=" in line for line in ours):  # not a list of pnp's hashed files
        return None
    return b"\n".join(ours)


def _named_files(data: bytes) -> list[str]:
    """The values of every ``file`` (or ``*_file``) key in a YAML document; [] if it does not parse
    (the build's loader reports that)."""
    if not _MAY_NAME_A_FILE.search(data) or not _NAMES_A_FILE.search(data):
        return []
    import yaml

    from .load import too_deep

    try:
        text = data.decode("utf-8")
        if too_deep(text, ""):  # libyaml would recurse into it (and crash): the loader reports it
            return []
        doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, ValueError, RecursionError):
        return []
    out: list[str] = []
    stack = [doc]
    seen = 0
    while stack and seen < 1_000_000:  # aliases may repeat a subtree; the loader itself caps documents
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            for k, v in node.items():
                if isinstance(k, str) and (k.endswith("file") or k == "csv") and isinstance(v, str):
                    out.append(v)
                else:
                    stack.append(v)
        elif isinstance(node, list):
            stack.extend(node)
    return out


def _read(path: Path) -> bytes | None:
    """A regular file's bytes (at most the loader's limit); None for anything else: a pipe is never opened
    (it would block), a folder or a missing file is the loader's to report."""
    try:
        return read_bytes(path)
    except (Unreadable, ValueError):  # missing, unreadable, too large, a NUL in the name
        return None


def _file_digest(path: Path) -> bytes:
    data = _read(path)
    return b"<missing>" if data is None else hashlib.sha256(data).digest()


def part_inputs(root: Path, parts, options: dict, of=sources, read: dict | None = None) -> dict[str, str]:
    """Each of ``parts``' inputs hash; ``of(part)``: the content files (names and globs) it is drawn from (by
    default an output's, ``parts.sources``; validate keeps findings per registry part, ``parts.part_sources``).
    ``read``: what an earlier call of the same moment read of the same game folder (its files, the files they
    name, the folders' listings), kept in that dict for the next call: every file is read once."""
    root = Path(root)
    opts = json.dumps(options, sort_keys=True).encode()
    if read is None:
        read = {}
    if read.get("root") != root:  # another folder's reading: not this one's
        read.clear()
        read["root"] = root
    contents: dict[Path, bytes] = read.setdefault("contents", {})  # each content file read once
    named: dict[Path, list[str]] = read.setdefault("named", {})
    digests: dict[str, bytes] = read.setdefault("digests", {})
    named_by_csv: dict[str, list[str]] = read.setdefault("named_by_csv", {})
    globbed: dict[str, list[Path]] = read.setdefault("globbed", {})  # each pattern's files, listed once

    def digest(name: str) -> bytes:
        if name not in digests:
            digests[name] = _file_digest(root / name)
        return digests[name]

    fonts = read.get("fonts")
    if fonts is None:
        fonts = hashlib.sha256()
        folder = root / "fonts"
        if folder.is_dir():
            for path in sorted(folder.iterdir()):
                if path.is_file():
                    fonts.update(path.name.encode() + b"\0" + _file_digest(path))
        fonts = read["fonts"] = fonts.digest()
    out = {}
    for part in parts:
        h = hashlib.sha256(engine_hash().encode())
        h.update(opts)
        h.update(fonts)
        pictures: list[str] = []
        for pattern in of(part):
            if pattern not in globbed:
                globbed[pattern] = sorted(root.glob(pattern))
            for path in globbed[pattern]:
                if path not in contents:
                    data = _read(path)  # None: not a plain file, the loader reports it
                    contents[path] = b"<unreadable>" if data is None else data
                    named[path] = _named_files(contents[path]) if data is not None else []
                h.update(str(path.relative_to(root)).encode())
                h.update(contents[path])
                pictures += named[path]
        for name in [n for n in pictures if n.lower().endswith(".csv")]:  # a list's rows, and the pictures they name
            if name not in named_by_csv:
                from .csvdata import named_files as csv_named_files  # only kits with CSV files import it

                data = _read(root / name)
                named_by_csv[name] = [] if data is None else csv_named_files(data, _named_files)
            pictures += named_by_csv[name]
        for name in sorted(set(pictures)):
            h.update(b"\0file\0" + name.encode("utf-8", "surrogatepass") + b"\0" + digest(name))
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
