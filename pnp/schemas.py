"""JSON Schemas for the content files, generated from the model (the one source of truth).

Editors with the YAML language server read them through the
``# yaml-language-server: $schema=...`` line at the top of each content file, and
complete and check fields as the designer types.
"""
from __future__ import annotations

import dataclasses
import json
import types
from typing import Any, Literal, Union, get_args, get_origin

from .csvdata import csv_field
from .parts import FILES as CONTENT_FILES
from .parts import file_for
from .schema import fields_of
from .values import Amount, Colour, FileName, Id, Label, Length, Text

#: file kind -> (model class, schema file name), from the registry of content files
FILES = {cf.kind: (cf.model_class(), cf.schema) for cf in CONTENT_FILES}

#: a text in several languages: {fr: ..., en: ...}
_TRANSLATED = {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^[a-z]{2}$"},
               "additionalProperties": {"anyOf": [{"type": "string", "minLength": 1}, {"type": "number"}]},
               "description": "the text in each language the kit carries: language code -> text"}

_SCALARS = {
    Length: {"anyOf": [{"type": "number", "minimum": 0},
                       {"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*(mm|cm|in|pt)?\s*$"}]},
    Amount: {"type": "integer", "minimum": 0},
    Colour: {"type": "string", "pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"},
    Id: {"anyOf": [{"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$"}, {"type": "integer", "minimum": 0}]},
    Text: {"anyOf": [{"type": "string", "minLength": 1}, {"type": "number"}, _TRANSLATED]},
    Label: {"anyOf": [{"type": "string", "minLength": 1}, {"type": "number"}, _TRANSLATED]},
    str: {"type": "string"},
    FileName: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
}


_CSV = {"type": "object", "properties": {"csv": {
    "type": "string", "pattern": r"(?i)\.csv$",
    "description": "a CSV file in the game folder (path relative to it): header row = field names (dotted for "
                   "a mapping's: effect.action), one item a row"}},
    "required": ["csv"], "additionalProperties": False}


def _type(tp, defs: dict) -> dict:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        inner = _type(args[0], defs) if len(args) == 1 else {"anyOf": [_type(a, defs) for a in args]}
        return {"anyOf": [inner, {"type": "null"}]} if type(None) in get_args(tp) else inner
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin is list:
        return {"type": "array", "items": _type(get_args(tp)[0], defs)}
    if origin is dict:
        key, val = get_args(tp)
        out: dict = {"type": "object", "additionalProperties": _type(val, defs)}
        if key is int:
            out["propertyNames"] = {"pattern": "^-?[0-9]+$"}
        return out
    if dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder against recursion
            defs[name] = _object(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    if tp is Any:
        return {}
    for cls, schema in _SCALARS.items():
        if tp is cls:
            return dict(schema)
    raise TypeError(f"no JSON Schema rule for {tp!r}")  # a programming error


def _object(cls, defs: dict) -> dict:
    props, required = {}, []
    for name, tp, f in fields_of(cls):
        prop = _type(tp, defs)
        if csv_field(cls) == name:  # the list, or {csv: FILE}: its rows from a CSV file (pnp/csvdata.py)
            prop = {"anyOf": [prop, _CSV]}
        if f.metadata.get("doc"):
            prop = {**prop, "description": f.metadata["doc"]}
        props[name] = prop
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(name)
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        out["description"] = " ".join(cls.__doc__.split())
    if required:
        out["required"] = required
    return out


def schema_for(kind: str) -> dict:
    cls, fname = FILES[kind]
    defs: dict = {}
    root = _object(cls, defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": fname,
            "title": f"pnp {kind} file", **root, "$defs": defs}


def render_all() -> dict[str, bytes]:
    """File name -> JSON bytes, for every content file kind."""
    return {fname: (json.dumps(schema_for(kind), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
            for kind, (_, fname) in FILES.items()}


def kind_of(relative: str) -> str | None:
    """Which schema a content file (path relative to its game folder) follows."""
    cf = file_for(relative)
    return cf.kind if cf else None
