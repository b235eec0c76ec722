"""``pnp new``: start a game folder from an existing kit or from the commented starter."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

STARTER = Path(__file__).resolve().parent / "starter"


class ScaffoldError(Exception):
    pass


def new_game(name: str, dest_root: Path, source: Path | None = None) -> Path:
    """Copy ``source`` (a game folder; default: the starter) to ``dest_root/name`` and give it ``name`` as
    its title. The copy validates and builds as it is."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
        raise ScaffoldError(f"{name!r} is not a game id: use lowercase letters, digits, - and _ (e.g. my-game)")
    dest = dest_root / name
    if dest.exists() or dest.is_symlink():
        raise ScaffoldError(f"{dest} already exists; choose another name or remove it")
    src = source or STARTER
    _check_copyable(Path(src))
    dest_root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    game = dest / "game.yaml"
    text = game.read_text(encoding="utf-8")
    # the title's value only: a comment after it keeps its place (and the space before its '#')
    value = r"""(?:"[^"\n]*"|'[^'\n]*'|[^\n#]*?)"""
    text, n = re.subn(rf"(?m)^title:[ \t]*{value}(?=[ \t]+#|[ \t]*$)", f'title: "{name}"', text, count=1)
    if not n:
        text = f'title: "{name}"\n' + text
    game.write_text(text, encoding="utf-8")
    return dest


def _check_copyable(src: Path) -> None:
    """Refuse, before copying anything, a source holding what a copy must not read: a pipe (it would wait for
    ever), a device, a link to nothing or leading out of the folder."""
    import os

    from .files import not_plain

    root = src.resolve()
    for folder, dirs, files in os.walk(src):
        for name in dirs + files:
            path = Path(folder) / name
            try:
                st = os.stat(path)
                path.resolve().relative_to(root)
            except (OSError, ValueError, RuntimeError):
                raise ScaffoldError(f"{path} is a link to nothing, or leading out of {src}; a game to copy holds "
                                    f"plain files and folders only") from None
            if not_plain(st) not in (None, "a folder"):
                raise ScaffoldError(f"{path} is not a plain file (a pipe or a device); a game to copy holds plain "
                                    f"files and folders only")
