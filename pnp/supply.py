"""What the players on the box need: how many copies of each note and chip to print.

A kit's money.yaml prints ``count`` notes of each value: the designer's set (a sheet of ten 500s). The players a
kit is printed for (``Kit.players``: ``--players``, default players.max) each start with money.starting_split,
and the bank keeps money.reserve of every value besides. ``plan`` says how many whole copies of each value's set
that takes; the notes and chips layouts print that many, and the build's summary and manifest say why.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Denomination, Kit


@dataclass(frozen=True)
class Copies:
    """How many copies of one value's set the edition prints, and why."""

    kind: str  # "notes" or "chips"
    value: int
    per_set: int  # what money.yaml prints of the value (one copy)
    each: int  # what a player starts with
    players: int
    reserve: int  # what the bank keeps besides

    @property
    def needed(self) -> int:
        return self.each * self.players + self.reserve

    @property
    def copies(self) -> int:
        return max(1, math.ceil(self.needed / self.per_set)) if self.per_set else 1

    @property
    def printed(self) -> int:
        return self.per_set * self.copies

    def why(self, money) -> str:
        """``money(value)`` formats an amount as the game prints it."""
        start = f"{self.players} players × {self.each}" if self.each else "none in the starting money"
        reserve = f" + {self.reserve} in reserve" if self.reserve else ""
        sets = f"{self.copies} set{'s' if self.copies > 1 else ''} of {self.per_set}"
        return f"{money(self.value)} {self.kind}: {sets} = {self.printed} ({start}{reserve} = {self.needed} needed)"

    def record(self) -> dict:
        return {"kind": self.kind, "value": self.value, "copies": self.copies, "printed": self.printed,
                "per_set": self.per_set, "each": self.each, "players": self.players, "reserve": self.reserve,
                "needed": self.needed}


def plan(kit: Kit) -> list[Copies]:
    """Every printed value of the kit's money (notes before chips), with the copies ``kit.players`` need. A value
    printed both as notes and as chips is paid out in notes."""
    m = kit.game.money
    out: list[Copies] = []
    paid: set[int] = set()
    for kind, ms in (("notes", kit.money.notes), ("chips", kit.money.chips)):
        if ms is None:
            continue
        for d in ms.denominations:
            first = d.value not in paid  # a value printed twice (notes and chips) is dealt and kept from the first
            paid.add(d.value)
            out.append(Copies(kind, int(d.value), int(d.count), int(m.starting_split.get(d.value, 0)) if first else 0,
                              int(kit.players), m.reserve_of(d.value) if first else 0))
    return out


def printed(kit: Kit, kind: str, d: Denomination) -> int:
    """How many of this note or chip the edition prints."""
    return next((c.printed for c in plan(kit) if c.kind == kind and c.value == d.value and c.per_set == d.count),
                int(d.count))
