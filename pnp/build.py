"""Orchestrates a build: load → validate → layout → impose → render → output."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import validate
from .content import load_kit
from .model import Kit
from .problems import Problems


def check_game(root: Path, problems: Problems) -> Kit | None:
    """Load and validate; the kit is returned only when there is no error."""
    kit = load_kit(root, problems)
    if kit is None:
        return None
    validate.check(kit, problems)
    return None if problems.errors else kit
