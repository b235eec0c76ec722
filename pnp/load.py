"""Read YAML into a tree of ``Node``s that remember file, line and column.

Safe by construction: PyYAML only *composes* the document (no Python objects are
built), scalars are resolved with the safe resolver, unknown tags are errors.
Duplicate keys are errors. Aliases are expanded with a budget, so an alias bomb
becomes an error instead of a hang.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

from .node import Node
from .files import MAX_BYTES, MISSING, NOT_PLAIN, NOT_UTF8, TOO_LARGE, Unreadable, read_plain
from .problems import Loc, Problems, clip, quote
from .rules.schema import (FILE_MISSING, FILE_UNREADABLE, YAML_DUPLICATE_KEY, YAML_ENCODING, YAML_KEY, YAML_MERGE,
                           YAML_SYNTAX, YAML_TAG, YAML_TOO_LARGE)

#: Most nodes one kit's files may expand to, together (aliases count every time they are used).
MAX_NODES = 200_000
#: Deepest nesting accepted (checked on the parser's event stream, before anything recurses).
MAX_DEPTH = 64
#: Largest content file read: ``files.MAX_BYTES`` (there, the incremental hashes read it without PyYAML).

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


class _Budget(Exception):
    pass


def _loc(path: str, mark) -> Loc:
    return Loc(path, mark.line + 1, mark.column + 1)


class Budget:
    """How many more nodes may be expanded: one budget for every file of a kit, so a hundred files of
    aliases cost no more than one."""

    def __init__(self, nodes: int = MAX_NODES):
        self.left = nodes


def load_file(path: Path, problems: Problems, budget: Budget | None = None) -> Node | None:
    """Parse one YAML file; report problems and return None if it cannot be read.

    Only a regular file is opened (a FIFO would block, a device never ends), at most MAX_BYTES of it."""
    spath = str(path)
    try:
        text = read_plain(path)
    except Unreadable as why:
        _report(why, spath, problems)
        return None
    return load_text(text, spath, problems, budget)


def _report(why: Unreadable, spath: str, problems: Problems) -> None:
    """A content file ``read_plain`` could not read, in the loader's words."""
    if why.why == MISSING:
        problems.report(FILE_MISSING, Loc(spath), "",
                        "a link to a file that does not exist" if why.dangling else "file not found")
    elif why.why == NOT_PLAIN:
        problems.report(FILE_UNREADABLE, Loc(spath), "", f"this is {why.detail}; a content file must be a plain file")
    elif why.why == TOO_LARGE:
        problems.report(YAML_TOO_LARGE, Loc(spath), "",
                        f"the file is {why.size / 1e6:.1f} MB; content files are at most {MAX_BYTES / 1e6:g} MB")
    elif why.why == NOT_UTF8:
        problems.report(YAML_ENCODING, Loc(spath, why.line, why.col), "",
                        f"not UTF-8 text ({why.reason} at byte {why.byte}); save the file as UTF-8")
    else:
        problems.report(FILE_UNREADABLE, Loc(spath), "", f"cannot read this file ({why.detail})")


#: libyaml's parser when PyYAML was built with it (same nodes and marks, several times faster)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: how many texts' depth scans (``too_deep``) a process keeps, by their digest: the tests, ``pnp serve`` and
#: ``pnp watch`` load the same files again and again, and the scan is a quarter of a file's load
DEPTHS_KEPT = 1024
_depths: dict[tuple, tuple[Loc, str] | None] = {}


def too_deep(text: str, path: str) -> tuple[Loc, str] | None:
    """``_too_deep``, kept for the last DEPTHS_KEPT texts: the answer is a function of the text, the path it names,
    the parser and the limits alone."""
    key = (hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest(), path, _Loader,
           MAX_DEPTH, MAX_NODES, _RECOUNT)
    if key in _depths:
        return _depths[key]
    found = _too_deep(text, path)
    if len(_depths) >= DEPTHS_KEPT:
        del _depths[next(iter(_depths))]  # the oldest
    _depths[key] = found
    return found


def _too_deep(text: str, path: str) -> tuple[Loc, str] | None:
    """Scan the parser's events (no recursion) for nesting deeper than MAX_DEPTH: libyaml composes
    recursively, and a document 25,000 levels deep would crash the process before any check ran.

    One condition, one answer, whichever layer sees it first: a libyaml that stops deep nesting itself
    (0.2.6 and later stop at 1000 levels, before handing over the events it read ahead) raises a scanner
    error of its own; the events from the last one it gave to the error are then counted again by PyYAML's
    own parser (no limit, no recursion), so too deep is still too deep, in pnp's words."""
    depth = events = 0
    base, start = 0, 0  # the depth before the last event, and where that event starts
    try:
        for event in yaml.parse(text, Loader=_Loader):
            events += 1
            if events > MAX_NODES:  # more values than a whole kit may hold, before any alias is expanded
                return _loc(path, event.start_mark), f"more than {MAX_NODES} values in one file"
            base, start = depth, event.start_mark.index
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return _loc(path, event.start_mark), f"nested deeper than {MAX_DEPTH} levels"
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        if _Loader is not yaml.SafeLoader:
            return _deeper_after(text, path, start, base)
        return None  # reported with its line by the full parse
    return None


#: How much text after the last event libyaml gave is counted again when it stops with an error: libyaml
#: reads ahead at most 1024 characters for a key, and the rest of the file is the full parse's to report.
_RECOUNT = 65_536


def _deeper_after(text: str, path: str, start: int, base: int) -> tuple[Loc, str] | None:
    """Count nesting again from ``start`` (where ``base`` levels are open) with PyYAML's own parser, which
    has no limit of its own: a fragment, so it may end in an error, by which time the levels are counted."""
    fragment = text[start:start + _RECOUNT]
    depth = base
    try:
        for event in yaml.parse(fragment, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    before = text[:start + event.start_mark.index]
                    line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
                    return Loc(path, line, col), f"nested deeper than {MAX_DEPTH} levels"
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass
    return None


def load_text(text: str, path: str, problems: Problems, budget: Budget | None = None) -> Node | None:
    deep = too_deep(text, path)
    if deep is not None:
        problems.report(YAML_TOO_LARGE, deep[0], "", f"{deep[1]}; a kit's files are small: write the values "
                                                     f"flatter and fewer")
        return None
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
        position = getattr(exc, "position", None)  # a reader error (a control character) knows its offset
        loc = Loc(path)
        if isinstance(position, int):
            before = text[:position]
            loc = Loc(path, before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1)
        what = getattr(exc, "reason", None) or str(exc).split("\n")[0]
        character = getattr(exc, "character", None)
        shown = f" (U+{ord(character):04X})" if isinstance(character, str) and len(character) == 1 else ""
        problems.report(YAML_SYNTAX, loc, "", f"YAML error: {what}{shown}; remove the character or write the "
                                              f"value in quotes with an escape")
        return None
    finally:
        loader.dispose()
    if root is None:
        return Node({}, Loc(path, 1, 1))
    budget = budget if budget is not None else Budget()
    if budget.left < 0:  # an earlier file spent the kit's budget: its error says so, this file is not read
        return None
    try:
        return _convert(root, path, loader, problems, budget, 0)
    except _Budget as exc:
        mark = exc.args[1] if len(exc.args) > 1 else root.start_mark
        problems.report(YAML_TOO_LARGE, _loc(path, mark), "",
                        f"{exc.args[0]}; this usually means aliases (*name) that expand to a huge document")
        return None


def _convert(node, path: str, loader, problems: Problems, budget: Budget, depth: int) -> Node:
    budget.left -= 1
    if budget.left < 0:
        raise _Budget(f"more than {MAX_NODES} values in the kit's files after expanding aliases",
                      node.start_mark)
    if depth > MAX_DEPTH:
        raise _Budget(f"nested deeper than {MAX_DEPTH} levels")
    loc = _loc(path, node.start_mark)
    if isinstance(node, yaml.ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            problems.report(YAML_TAG, loc, "", f"unsupported tag {quote(node.tag)}; remove it and write a plain value")
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
            problems.report(YAML_TAG, loc, "", f"unsupported tag {quote(node.tag)} on a list")
        return Node([_convert(n, path, loader, problems, budget, depth + 1) for n in node.value], loc)
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            problems.report(YAML_TAG, loc, "", f"unsupported tag {quote(node.tag)} on a mapping")
        out: dict[str, Node] = {}
        key_locs: dict[str, Loc] = {}
        same: dict[object, str] = {}  # a key as YAML reads it (50 and 0050 are both 50) -> as written
        for knode, vnode in node.value:
            kloc = _loc(path, knode.start_mark)
            if not isinstance(knode, yaml.ScalarNode):
                problems.report(YAML_KEY, kloc, "", "a key must be a plain word or number, not a list or mapping")
                continue
            if knode.tag == "tag:yaml.org,2002:merge":
                problems.report(YAML_MERGE, kloc, "", "merge keys (<<) are not supported; write the keys out")
                continue
            key = str(knode.value)
            read = _key_value(knode, loader)
            if key in out or read in same:
                earlier = key if key in out else same[read]
                first = key_locs[earlier]
                also = "" if earlier == key else f" ({quote(earlier)} and {quote(key)} are the same number)"
                problems.report(YAML_DUPLICATE_KEY, kloc, clip(key),
                                f"duplicate key {quote(key)}{also} (first at line {first.line}); keep one of them")
                continue
            same[read] = key
            key_locs[key] = kloc
            out[key] = _convert(vnode, path, loader, problems, budget, depth + 1)
        return Node(out, loc, key_locs)
    raise _Budget(f"unexpected YAML node {type(node).__name__}")  # pragma: no cover


def _key_value(knode, loader) -> object:
    """A key as the schema reads it: 50, 0050 and +50 are one number (keys of digits are read as decimal
    numbers, as starting_split's are); other text stays text."""
    text = str(knode.value).strip()
    digits = text[1:] if text[:1] in "+-" else text
    if knode.tag == "tag:yaml.org,2002:int" and digits.isdigit():
        return ("number", int(text))
    return ("text", str(knode.value))
