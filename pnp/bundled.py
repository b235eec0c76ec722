"""Where the kits and fonts that ship with pnp are.

An installed pnp (a wheel, pipx) carries them inside the package, as ``pnp/kits`` and
``pnp/fonts`` (the build copies the repository's top-level ``content/`` and ``fonts/``
there, see pyproject.toml); a checkout run in place (``pip install -e .``) finds them at
the top of the repository.
"""
from __future__ import annotations

from pathlib import Path

PKG = Path(__file__).resolve().parent


def _first(*candidates: Path) -> Path:
    return next((p for p in candidates if p.is_dir()), candidates[-1])


KITS = _first(PKG / "kits", PKG.parent / "content")
FONTS = _first(PKG / "fonts", PKG.parent / "fonts")
