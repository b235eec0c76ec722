"""Turn a ``Node`` tree into typed model objects, driven by the dataclasses' type hints.

The model classes in ``model.py`` *are* the schema: each field's annotation says
what YAML may hold there, its metadata says what it means. ``build`` walks node and
class together, collects every problem (unknown keys with a "did you mean",
wrong types, missing fields, bad values) and never raises.
"""
from __future__ import annotations

import dataclasses
import reprlib
import types
import typing
from functools import lru_cache
from typing import Any, Literal, Union, get_args, get_origin

from .node import Node
from .problems import Loc, Problems, clip, quote
from .values import is_language
from .rules.schema import (SCHEMA_AMOUNT, SCHEMA_CHOICE, SCHEMA_COLOUR, SCHEMA_EMPTY_TEXT, SCHEMA_ID, SCHEMA_LENGTH,
                           SCHEMA_MISSING, SCHEMA_TYPE, SCHEMA_UNKNOWN_KEY)

_MISSING = dataclasses.MISSING


def doc(text: str, default: Any = _MISSING, default_factory: Any = _MISSING) -> Any:
    """A dataclass field with a description (used in messages and the JSON schema)."""
    kw: dict[str, Any] = {"metadata": {"doc": text}}
    if default is not _MISSING:
        kw["default"] = default
    if default_factory is not _MISSING:
        kw["default_factory"] = default_factory
    return dataclasses.field(**kw)


@dataclasses.dataclass(init=False, repr=False, eq=False)
class Entity:
    """Base of every model object: knows where it came from.

    Model classes are declared with ``@entity``: keyword-only dataclasses whose ``__init__``, ``__repr__`` and
    ``__eq__`` are the ones below, written once for all of them. They do what the methods a dataclass generates
    do; generating those costs ~0.8 ms per class (Python compiles each from source), 25 ms in every run
    of pnp for the model's 41 classes."""

    loc: Loc = dataclasses.field(default=Loc(""), kw_only=True, repr=False, compare=False)
    path: str = dataclasses.field(default="", kw_only=True, repr=False, compare=False)
    locs: dict = dataclasses.field(default_factory=dict, kw_only=True, repr=False, compare=False)

    def __init__(self, **values: Any):
        missing = []
        for name, default, factory in _init_fields(type(self)):
            if name in values:
                setattr(self, name, values.pop(name))
            elif factory is not _MISSING:
                setattr(self, name, factory())
            elif default is not _MISSING:
                setattr(self, name, default)
            else:
                missing.append(name)
        if missing or values:  # what Python says of a call to a generated __init__
            where = f"{type(self).__qualname__}.__init__()"
            if values:
                raise TypeError(f"{where} got an unexpected keyword argument {next(iter(values))!r}")
            quoted = [repr(n) for n in missing]
            names = " and ".join(quoted) if len(quoted) < 3 else ", ".join(quoted[:-1]) + ", and " + quoted[-1]
            raise TypeError(f"{where} missing {len(missing)} required keyword-only argument"
                            f"{'s' if len(missing) > 1 else ''}: {names}")

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _shown(type(self)))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _compared(type(self))
        return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)

    def at(self, name: str) -> Loc:
        """Where field ``name`` was written (or the object itself if it was defaulted)."""
        return self.locs.get(name, self.loc)

    def sub(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name


def entity(cls):
    """Declare a model class: a keyword-only dataclass with Entity's ``__init__``, ``__repr__`` and ``__eq__``."""
    return dataclasses.dataclass(kw_only=True, init=False, repr=False, eq=False)(cls)


@lru_cache(maxsize=None)
def _init_fields(cls) -> tuple[tuple[str, Any, Any], ...]:
    """(name, default, default factory) of every field a model class's ``__init__`` takes, in order."""
    return tuple((f.name, f.default, f.default_factory) for f in dataclasses.fields(cls) if f.init)


@lru_cache(maxsize=None)
def _shown(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr)


@lru_cache(maxsize=None)
def _compared(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.compare)


_INTERNAL = {"loc", "path", "locs"}


@lru_cache(maxsize=None)
def field_names(cls) -> tuple[str, ...]:
    """The content fields of a model class (not loc/path/locs), for walks over a whole kit."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.name not in _INTERNAL)


def walk_fields(obj: Any):
    """(entity, field name, value) for every content field of every model object below ``obj`` (an entity or a
    list of them), the outer object's fields before those of the objects they hold."""
    if isinstance(obj, list):
        for item in obj:
            yield from walk_fields(item)
        return
    if not isinstance(obj, Entity):
        return
    for name in field_names(type(obj)):
        value = getattr(obj, name)
        yield obj, name, value
        if isinstance(value, (Entity, list)):
            yield from walk_fields(value)


def field_list(obj: Any) -> list[tuple[Any, str, Any]]:
    """``walk_fields(obj)`` as a list, in the same order, made by plain recursion (no generator per object and
    per level: a 6000-card kit has a hundred thousand of them)."""
    out: list = []
    _collect(obj, out.append)
    return out


def _collect(obj: Any, add) -> None:
    if isinstance(obj, list):
        for item in obj:
            if isinstance(item, (Entity, list)):
                _collect(item, add)
        return
    if not isinstance(obj, Entity):
        return
    for name in field_names(type(obj)):
        value = getattr(obj, name)
        add((obj, name, value))
        if isinstance(value, (Entity, list)):
            _collect(value, add)


@lru_cache(maxsize=None)
def fields_of(cls) -> tuple[tuple[str, Any, dataclasses.Field], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f) for f in dataclasses.fields(cls)
                 if f.name not in _INTERNAL and f.init)


def _type_name(tp) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return " or ".join(repr(a) for a in get_args(tp))
    if origin in (list, tuple):
        return "a list"
    if origin is dict:
        return "a mapping"
    if origin in (Union, types.UnionType):
        return " or ".join(_type_name(a) for a in get_args(tp) if a is not type(None))
    if dataclasses.is_dataclass(tp):
        return "a mapping"
    if hasattr(tp, "schema_doc"):
        return tp.schema_doc
    return {str: "text", int: "a whole number", float: "a number", bool: "true or false"}.get(tp, getattr(tp, "__name__", str(tp)))


class _Invalid(Exception):
    pass


def build(cls, node: Node, problems: Problems, path: str = "") -> Any:
    """Convert ``node`` into an instance of ``cls`` (a model dataclass). Returns None on failure."""
    try:
        return _convert(cls, node, problems, path)
    except _Invalid:
        return None


@lru_cache(maxsize=None)
def _shape(tp) -> tuple[Any, tuple]:
    """(origin, arguments) of a type, None dropped from unions: worked out once per type, not per value."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return Union, tuple(a for a in get_args(tp) if a is not type(None))
    if dataclasses.is_dataclass(tp):
        return dataclasses.dataclass, ()
    return origin, get_args(tp)


def _convert(tp, node: Node, problems: Problems, path: str) -> Any:
    origin, args = _shape(tp)
    if origin is Union:
        if node.value is None:
            return None
        if len(args) == 1:
            return _convert(args[0], node, problems, path)
        return _convert_union(args, node, problems, path)
    if node.value is None and tp is not type(None):
        problems.report(SCHEMA_TYPE, node.loc, path, f"no value given; expected {_type_name(tp)}")
        raise _Invalid
    if origin is Literal:
        choices = args
        value = node.value
        if isinstance(value, bool) and "on" in choices and "off" in choices:
            # YAML 1.1 reads a bare on/off (and yes/no, true/false) as a yes or no: the word was meant
            return "on" if value else "off"
        if isinstance(value, (dict, list)) or value not in choices:  # a list is not hashed, nor compared
            import difflib  # only a value out of its choices asks: not imported by every load

            hint = difflib.get_close_matches(str(value), [str(c) for c in choices], n=1) \
                if isinstance(value, (str, int, float)) and len(str(value)) <= 64 else []
            if isinstance(value, str) and value.strip().lower() in choices:  # 'ON', ' Auto'
                hint = [value.strip().lower()]
            extra = f"; did you mean {hint[0]!r}?" if hint else ""
            if isinstance(value, bool):
                extra = "; YAML reads a bare yes, no, on, off, true or false as a yes or no: write the word in quotes"
            problems.report(SCHEMA_CHOICE, node.loc, path,
                            f"{quote(value)} is not one of {', '.join(map(repr, choices))}{extra}")
            raise _Invalid
        return node.value
    if origin is list:
        (item_tp,) = args
        if not node.is_list:
            problems.report(SCHEMA_TYPE, node.loc, path, f"expected a list (lines starting with '- '), got {_describe(node)}")
            raise _Invalid
        out, bad = [], False
        for i, child in enumerate(node.value):
            try:
                out.append(_convert(item_tp, child, problems, f"{path}[{i}]"))
            except _Invalid:
                bad = True
        if bad:
            raise _Invalid
        return out
    if origin is dict:
        key_tp, val_tp = args
        if not node.is_map:
            problems.report(SCHEMA_TYPE, node.loc, path, f"expected a mapping (key: value lines), got {_describe(node)}")
            raise _Invalid
        out_d, bad = {}, False
        for key, child in node.value.items():
            kpath = f"{path}.{clip(str(key))}" if path else clip(str(key))
            try:
                k = _scalar(key_tp, key, node.key_locs.get(key, child.loc), problems, kpath)
                out_d[k] = _convert(val_tp, child, problems, kpath)
            except _Invalid:
                bad = True
        if bad:
            raise _Invalid
        return out_d
    if origin is dataclasses.dataclass:
        return _convert_object(tp, node, problems, path)
    if tp is Any:
        return node.plain()
    if node.is_map and getattr(tp, "translatable", False):
        if translations_map(node):
            return _translations(tp, node, problems, path)
        odd = next((k for k in node.value if not (isinstance(k, str) and is_language(k))), None)
        problems.report(SCHEMA_TYPE, node.key_locs.get(odd, node.loc) if odd is not None else node.loc, path,
                        f"expected {_type_name(tp)}; a text in several languages is a mapping of two-letter language "
                        f"codes ({{en: ..., fr: ...}})" + (f", and {quote(odd)} is not one" if odd is not None
                                                           else ", and this one is empty"))
        raise _Invalid
    return _scalar(tp, node.value, node.loc, problems, path)


def translations_map(node: Node) -> bool:
    """A mapping of language codes (``{fr: Prison, en: Jail}``): a text written in several languages."""
    return bool(node.value) and all(isinstance(k, str) and is_language(k) for k in node.value)


def _translations(tp, node: Node, problems: Problems, path: str):
    """A text in several languages: the value of the first, carrying every language's value and where it was
    written (``editions.select`` puts the edition's language in its place)."""
    out: dict[str, Any] = {}
    bad = False
    for lang, child in node.value.items():
        try:
            out[lang] = _scalar(tp, child.value, child.loc, problems, f"{path}.{lang}")
        except _Invalid:
            bad = True
        else:
            out[lang].__dict__["loc"] = child.loc
    if bad:
        raise _Invalid
    first = next(iter(out.values()))
    value = tp(first)
    value.__dict__.update(first.__dict__, translations=out)
    return value


def _convert_union(args, node: Node, problems: Problems, path: str) -> Any:
    """Try each alternative quietly. If none fits, a mapping written for the one mapping alternative gets that
    alternative's own problems (an unknown key, a missing one); anything else a general "expected ..."."""
    shaped: Problems | None = None
    for a in args:
        trial = Problems()
        try:
            value = _convert(a, node, trial, path)
        except _Invalid:
            if node.is_map and _shape(a)[0] in (dataclasses.dataclass, dict) and trial.items:
                shaped = trial if shaped is None else Problems()  # two mapping alternatives: say neither
            continue
        problems.extend(trial)
        return value
    if shaped is not None and shaped.items:
        problems.extend(shaped)
        raise _Invalid
    problems.report(SCHEMA_TYPE, node.loc, path,
                    f"expected {' or '.join(_type_name(a) for a in args)}, got {_describe(node)}")
    raise _Invalid


def _describe(node: Node) -> str:
    v = node.value
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return quote(v)


#: the rule a value type (pnp/values.py) that fails to parse is reported under; other types: E-schema-type
_VALUE_RULES = {"Colour": SCHEMA_COLOUR, "Length": SCHEMA_LENGTH, "Text": SCHEMA_EMPTY_TEXT, "Label": SCHEMA_EMPTY_TEXT,
                "Amount": SCHEMA_AMOUNT, "Id": SCHEMA_ID}


def _scalar(tp, raw, loc: Loc, problems: Problems, path: str):
    if isinstance(raw, (dict, list)):
        problems.report(SCHEMA_TYPE, loc, path, f"expected {_type_name(tp)}, got {'a mapping' if isinstance(raw, dict) else 'a list'}")
        raise _Invalid
    parse = getattr(tp, "parse", None)
    try:
        if parse is not None:
            return parse(raw)
        if tp is bool:
            if isinstance(raw, bool):
                return raw
            raise ValueError(f"expected true or false, got {quote(raw)}")
        if tp is int:
            if isinstance(raw, bool) or not isinstance(raw, int):
                if isinstance(raw, str) and raw.strip().lstrip("-").isdigit() and len(raw) <= 100:
                    return int(raw)
                raise ValueError(f"expected a whole number, got {quote(raw)}")
            return raw
        if tp is float:
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                raise ValueError(f"expected a number, got {quote(raw)}")
            return float(raw)
        if tp is str:
            if isinstance(raw, bool) or raw is None:
                raise ValueError(f"expected text, got {quote(raw)}")
            return str(raw)
    except ValueError as exc:
        rule = _VALUE_RULES.get(tp.__name__, SCHEMA_TYPE)
        if rule is SCHEMA_EMPTY_TEXT and not str(exc).startswith("text is empty"):
            rule = SCHEMA_TYPE
        problems.report(rule, loc, path, str(exc))
        raise _Invalid
    raise TypeError(f"schema: no rule for {tp!r}")  # a programming error, not a content one


@lru_cache(maxsize=None)
def _names_of(cls) -> list[str]:
    return [n for n, _, _ in fields_of(cls)]


def _convert_object(cls, node: Node, problems: Problems, path: str):
    if not node.is_map:
        problems.report(SCHEMA_TYPE, node.loc, path, f"expected a mapping (key: value lines), got {_describe(node)}")
        raise _Invalid
    spec = fields_of(cls)
    names = _names_of(cls)
    kwargs: dict[str, Any] = {}
    locs: dict[str, Loc] = {}
    bad = False
    for key, child in node.value.items():
        kloc = node.key_locs.get(key, child.loc)
        if key not in names:
            import difflib  # only an unknown key asks: not imported by every load

            hint = difflib.get_close_matches(key, names, n=1, cutoff=0.6) if len(key) <= 64 else []
            extra = f"; did you mean {hint[0]!r}?" if hint else f"; allowed here: {', '.join(names)}"
            problems.report(SCHEMA_UNKNOWN_KEY, kloc, f"{path}.{clip(key)}" if path else clip(key),
                            f"unknown key {quote(key)}{extra}")
            bad = True
    for name, tp, f in spec:
        fpath = f"{path}.{name}" if path else name
        if name not in node.value:
            if f.default is _MISSING and f.default_factory is _MISSING:
                what = f.metadata.get("doc", _type_name(tp))
                problems.report(SCHEMA_MISSING, node.loc, fpath, f"missing required key {name!r} ({what})")
                bad = True
            continue
        child = node.value[name]
        locs[name] = child.loc
        if child.is_list:  # each item's place too, so a problem with rent[3] points at that value
            for i, item in enumerate(child.value):
                locs[f"{name}[{i}]"] = item.loc
        elif child.is_map:
            for k, item in child.value.items():
                locs[f"{name}.{k}"] = item.loc
        try:
            kwargs[name] = _convert(tp, child, problems, fpath)
        except _Invalid:
            bad = True
    if bad:
        raise _Invalid
    obj = cls(**kwargs)
    obj.loc, obj.path, obj.locs = node.loc, path, locs
    return obj
