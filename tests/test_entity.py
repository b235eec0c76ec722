"""Model classes share Entity's ``__init__``, ``__repr__`` and ``__eq__`` (pnp/schema.py): they behave as the methods
``dataclass(kw_only=True)`` would generate for each class, checked here against a twin of every model class that
is a plain dataclass, on every object of the kits."""
from __future__ import annotations

import copy
import dataclasses
import types

import pytest

from conftest import MINI, ROOT
from pnp import model
from pnp.content import load_kit
from pnp.problems import Problems
from pnp.schema import Entity

CLASSES = [c for c in vars(model).values() if isinstance(c, type) and issubclass(c, Entity) and c is not Entity]
GAMES = [MINI, ROOT / "tests" / "fixtures" / "mech",
         *(d for d in sorted((ROOT / "content").iterdir()) if (d / "game.yaml").is_file())]


def twin(cls):
    """``cls`` as a plain ``dataclass(kw_only=True)`` of the same fields, name and defaults."""
    def body(ns):
        ns["__annotations__"] = {f.name: f.type for f in dataclasses.fields(cls)}
        for f in dataclasses.fields(cls):
            ns[f.name] = dataclasses.field(default=f.default, default_factory=f.default_factory, repr=f.repr,
                                           compare=f.compare)
        ns["__qualname__"] = cls.__qualname__

    return dataclasses.dataclass(kw_only=True)(types.new_class(cls.__name__, (), exec_body=body))


TWINS = {cls: twin(cls) for cls in CLASSES}


def as_twin(obj):
    """The same object as its twin's instance, all the way down (lists and mappings of objects too)."""
    if isinstance(obj, Entity):
        return TWINS[type(obj)](**{f.name: as_twin(getattr(obj, f.name)) for f in dataclasses.fields(obj)})
    if isinstance(obj, list):
        return [as_twin(v) for v in obj]
    if isinstance(obj, dict):
        return {k: as_twin(v) for k, v in obj.items()}
    return obj


def objects(obj):
    if isinstance(obj, Entity):
        yield obj
        for f in dataclasses.fields(obj):
            yield from objects(getattr(obj, f.name))
    elif isinstance(obj, list):
        for v in obj:
            yield from objects(v)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_object_prints_and_compares_as_a_dataclass_would(game):
    kit = load_kit(game, Problems())
    seen = 0
    for root in (kit.game, kit.board, kit.titles, *kit.decks, kit.money, kit.counters, kit.reference, kit.tables):
        for obj in objects(root):
            ref = as_twin(obj)
            assert repr(obj) == repr(ref)
            same, ref_same = copy.deepcopy(obj), copy.deepcopy(ref)
            assert (obj == same) == (ref == ref_same) is True
            compared = [f.name for f in dataclasses.fields(obj) if f.compare]
            if compared:  # a change to a compared field makes them differ, as it does the twins
                setattr(same, compared[0], "changed")
                setattr(ref_same, compared[0], "changed")
                assert (obj == same) == (ref == ref_same) is False
            moved = copy.deepcopy(obj)
            moved.loc, moved.path = "elsewhere", "elsewhere"  # where it was written is not compared
            assert obj == moved
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_construction_behaves_as_a_dataclass_would(cls):
    ref = TWINS[cls]
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]

    def outcome(make, **values):
        try:
            obj = make(**values)
        except TypeError as exc:
            return str(exc)
        return repr(obj), {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}

    values = {name: f"v-{name}" for name in required}
    assert outcome(cls, **values) == outcome(ref, **values)  # the defaults and default factories filled in
    assert outcome(cls, **values, no_such_field=1) == outcome(ref, **values, no_such_field=1)
    for n in range(1, min(3, len(required)) + 1):  # one, two and three missing: Python's wording
        partial = dict(list(values.items())[n:])
        assert outcome(cls, **partial) == outcome(ref, **partial)
    with pytest.raises(TypeError):
        cls("positional")
    a, b = cls(**values), cls(**values)
    assert a.locs is not b.locs  # each gets a mapping of its own from the factory
    with pytest.raises(TypeError):
        hash(a)  # model objects are mutable and compared by value: unhashable, as a dataclass's are
