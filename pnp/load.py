"""Read YAML into a tree of ``Node``s that remember file, line and column.

Safe by construction: PyYAML only *composes* the document (no Python objects are
built), scalars are resolved with the safe resolver, unknown tags are errors.
Duplicate keys are errors. Aliases are expanded with a budget, so an alias bomb
becomes an error instead of a hang.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problems import Loc, Problems
from .rules.schema import (FILE_MISSING, FILE_UNREADABLE, YAML_DUPLICATE_KEY, YAML_ENCODING, YAML_KEY, YAML_MERGE,
                           YAML_SYNTAX, YAML_TAG, YAML_TOO_LARGE)

#: Most nodes one file may expand to (aliases count every time they are used).
MAX_NODES = 200_000
#: Deepest nesting accepted.
MAX_DEPTH = 64

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


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


class _Budget(Exception):
    pass


def _loc(path: str, mark) -> Loc:
    return Loc(path, mark.line + 1, mark.column + 1)


def load_file(path: Path, problems: Problems) -> Node | None:
    """Parse one YAML file; report problems and return None if it cannot be read."""
    spath = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.report(FILE_MISSING, Loc(spath), "", "file not found")
        return None
    except OSError as exc:  # a folder with a .yaml name, no permission ...
        problems.report(FILE_UNREADABLE, Loc(spath), "", f"cannot read this file ({exc.strerror or exc})")
        return None
    except UnicodeDecodeError as exc:
        problems.report(YAML_ENCODING, Loc(spath), "",
                        f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the file as UTF-8")
        return None
    return load_text(text, spath, problems)


#: libyaml's parser when PyYAML was built with it (same nodes and marks, several times faster)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_text(text: str, path: str, problems: Problems) -> Node | None:
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = _loc(path, mark) if mark else Loc(path)
        what = exc.problem or exc.context or "invalid YAML"
        problems.report(YAML_SYNTAX, loc, "", f"YAML syntax error: {what}; check indentation, colons and quotes")
        return None
    except yaml.YAMLError as exc:
        problems.report(YAML_SYNTAX, Loc(path), "", f"YAML error: {exc}")
        return None
    finally:
        loader.dispose()
    if root is None:
        return Node({}, Loc(path, 1, 1))
    counter = [0]
    try:
        return _convert(root, path, loader, problems, counter, 0)
    except _Budget as exc:
        problems.report(YAML_TOO_LARGE, _loc(path, root.start_mark), "",
                        f"{exc}; this usually means aliases (*name) that expand to a huge document")
        return None


def _convert(node, path: str, loader, problems: Problems, counter: list[int], depth: int) -> Node:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise _Budget(f"more than {MAX_NODES} values after expanding aliases")
    if depth > MAX_DEPTH:
        raise _Budget(f"nested deeper than {MAX_DEPTH} levels")
    loc = _loc(path, node.start_mark)
    if isinstance(node, yaml.ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            problems.report(YAML_TAG, loc, "", f"unsupported tag {node.tag!r}; remove it and write a plain value")
            return Node(node.value, loc)
        if node.tag == "tag:yaml.org,2002:str":  # most values: no constructor needed
            return Node(node.value, loc)
        try:
            value = loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError):
            value = node.value
        return Node(value, loc)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            problems.report(YAML_TAG, loc, "", f"unsupported tag {node.tag!r} on a list")
        return Node([_convert(n, path, loader, problems, counter, depth + 1) for n in node.value], loc)
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            problems.report(YAML_TAG, loc, "", f"unsupported tag {node.tag!r} on a mapping")
        out: dict[str, Node] = {}
        key_locs: dict[str, Loc] = {}
        for knode, vnode in node.value:
            kloc = _loc(path, knode.start_mark)
            if not isinstance(knode, yaml.ScalarNode):
                problems.report(YAML_KEY, kloc, "", "a key must be a plain word or number, not a list or mapping")
                continue
            if knode.tag == "tag:yaml.org,2002:merge":
                problems.report(YAML_MERGE, kloc, "", "merge keys (<<) are not supported; write the keys out")
                continue
            key = str(knode.value)
            if key in out:
                first = key_locs[key]
                problems.report(YAML_DUPLICATE_KEY, kloc, key,
                                f"duplicate key {key!r} (first at line {first.line}); keep one of them")
                continue
            key_locs[key] = kloc
            out[key] = _convert(vnode, path, loader, problems, counter, depth + 1)
        return Node(out, loc, key_locs)
    raise _Budget(f"unexpected YAML node {type(node).__name__}")  # pragma: no cover
