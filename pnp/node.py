"""A loaded content value with its position: what pnp/load.py makes of a YAML file and pnp/schema.py converts.

Its own module, below the loader, so that what only reads loaded values (the schema, the model, a kit read back
by ``pnp validate`` from pnp/checked.py) does not import the YAML parser."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .problems import Loc


@dataclass
class Node:
    """A YAML value with its position. ``value`` is a str/int/float/bool/None,
    a ``dict[str, Node]`` or a ``list[Node]``."""

    value: Any
    loc: Loc
    key_locs: dict[str, Loc] = field(default_factory=dict)

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value without positions (for hashing, templates, JSON)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value
