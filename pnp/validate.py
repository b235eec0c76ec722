"""The rules validator: checks a loaded kit and reports problems with file:line.

Checks are generic for Monopoly-style games and driven by the game's content;
no game is named here.
"""
from __future__ import annotations

from .model import Kit
from .problems import Problems


def check(kit: Kit, problems: Problems) -> None:
    """Run every rule check; problems are collected, nothing raises."""
    _unique_ids(kit, problems)


def _unique_ids(kit: Kit, problems: Problems) -> None:
    seen: dict[str, object] = {}
    for s in kit.board.spaces:
        if s.id in seen:
            problems.error("E-id-duplicate", s.at("id"), s.sub("id"),
                           f"space id {s.id!r} is used twice (first at {seen[s.id].at('id')}); give each space its own id")
        else:
            seen[s.id] = s
