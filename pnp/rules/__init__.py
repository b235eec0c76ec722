"""The rules: every problem pnp can report, declared once, and the checks that look for them.

A rule is a stable code (``E-board-ring``), a severity (``E-`` is an error, ``W-`` a
warning) and an explanation of what it checks and why, shown by ``pnp validate
--explain CODE``. Rules are declared in the module of their concern, and a check
(a function over the loaded kit) names every rule it may report. Adding a rule::

    # pnp/rules/board.py
    BOARD_RING = rule("E-board-ring", "The ring of spaces must have a length divisible by 4 ...")

    @check(BOARD_RING, BOARD_SIZE)                # every rule this check may report
    def _board(v: Validator) -> None:             # Validator: imported under TYPE_CHECKING from .validator
        if len(v.kit.board.spaces) % 4:
            v.report(BOARD_RING, v.kit.board, "spaces", "the ring has 30 spaces; add 2 space(s)")

and a broken-content case in tests/invalid/ that produces it (tests/test_validate.py
wants one for every rule a check declares). ``v.report`` takes the declared ``Rule``,
never a code string, so a code cannot be reported undeclared and its severity cannot
drift; it raises ``RuleNotDeclared`` if the running check did not name the rule in
its ``@check``. A new module of checks is added to ``MODULES``. Rules reported
outside the checks (while loading, converting to the model, rendering templates,
laying out, imposing) are declared here too, with ``emitted_by=`` naming the modules
that report them through ``Problems.report(RULE, loc, path, message)``.

The modules: ``schema`` (files, YAML, schema, templates), ``board`` (ids, ring,
corners, spaces, groups, references), ``titles`` (title cards, rents, development
costs, mortgages, trade values), ``decks`` (deck sizes, effects, keep), ``money``
(amounts, rounding, starting split, denominations, counters, players), ``tables``
(the formula language and table checks), ``printing`` (sizes, print counts, terms
placeholders, fonts, glyphs, images, text fit, sheet fit), ``booklet`` (the rules booklet: its generated
blocks, literal numbers in its prose, the topics the game's data implies), ``language`` (the edition's texts in
its language), ``vision`` (colours told apart with every kind of colour vision and in greyscale).

This package's own module declares: ``Rule``, ``rule``, ``check``, the registry, and the
helpers messages use. It imports nothing above pnp/problems.py, because the loader's modules
(pnp/load.py, pnp/schema.py) import the declarations of ``schema`` and so run this module
first. ``RULES`` maps every code to its rule, ``explain(code)`` looks one up
(case-insensitive), ``concerns()`` lists the rules grouped by module, ``checks()`` every
registered check. The check modules are imported on first use, so importing a declaration
(as pnp/load.py does) stays cheap.

The runner sits above the model: ``pnp.rules.validator.run(kit, problems)`` runs every
check, module by module in ``MODULES`` order and in declaration order within a module,
each given a ``Validator`` (the kit and the lookups checks share). A check never raises:
a bug in one is reported as ``E-internal`` and the others still run.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

from ..problems import ERROR, WARNING

if TYPE_CHECKING:  # names the type only: the runner (pnp/rules/validator.py) sits above the model
    from .validator import Validator

#: the modules of rules, in the order their checks run (``schema`` declares rules only)
MODULES = ("schema", "board", "titles", "decks", "money", "tables", "printing", "booklet", "language", "vision")

_SEVERITY = {"E-": ERROR, "W-": WARNING}


def _well_formed(code: str) -> bool:
    """E- or W-, then lowercase words (ASCII letters, digits) joined by dashes: E-board-ring, W-image-dpi.
    (No regex: this runs for every rule while pnp starts.)"""
    words = code[2:].split("-")
    return code[:2] in _SEVERITY and words[0][:1].isalpha() \
        and all(w.isalnum() and w.isascii() and w == w.lower() for w in words)


class _Frozen:
    """Attributes set once in ``__init__`` (with ``_set``); equal only to itself. (Not a dataclass: this
    package is imported on every run, and two dataclasses cost more to create than the whole registry.)"""

    __slots__ = ()
    _set = object.__setattr__

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__slots__)})"


class Rule(_Frozen):
    """One problem pnp can report: its code, severity, explanation and the module (concern) declaring it."""

    __slots__ = ("code", "severity", "explanation", "concern", "emitted_by")
    code: str
    severity: str  # "error" or "warning", from the code's E-/W- prefix
    explanation: str
    concern: str  # the declaring module's name: board, titles, ...
    emitted_by: tuple[str, ...]  # for rules reported outside the checks: the modules reporting them

    def __init__(self, code: str, severity: str, explanation: str, concern: str, emitted_by: tuple[str, ...]):
        self._set("code", code)
        self._set("severity", severity)
        self._set("explanation", explanation)
        self._set("concern", concern)
        self._set("emitted_by", emitted_by)

    def __str__(self) -> str:
        return self.code


_DECLARED: dict[str, Rule] = {}  # code -> rule, in declaration order


def rule(code: str, explanation: str, *, emitted_by: str | Iterable[str] = ()) -> Rule:
    """Declare a rule; the severity comes from the code's prefix (E- error, W- warning).

    The concern is the declaring module (``pnp.rules.board`` -> ``board``). ``emitted_by`` names the modules
    that report the rule when no check does (``"pnp.load"``). A code may be declared only once."""
    if not _well_formed(code):
        raise ValueError(f"rule code {code!r} is not E-words or W-words (lowercase, digits, -)")
    if code in _DECLARED:
        raise ValueError(f"rule {code} is declared twice (first in {_DECLARED[code].concern})")
    if not explanation.strip():
        raise ValueError(f"rule {code} has no explanation")
    module = sys._getframe(1).f_globals.get("__name__", "")
    if module == __name__:
        concern = "rules"
    elif module.startswith(__name__ + "."):
        concern = module.rpartition(".")[2]
    else:
        raise ValueError(f"rule {code} is declared in {module}; declare rules in pnp/rules/<concern>.py")
    if isinstance(emitted_by, str):
        emitted_by = (emitted_by,)
    declared = Rule(code=code, severity=_SEVERITY[code[:2]], explanation=explanation, concern=concern,
                    emitted_by=tuple(emitted_by))
    _DECLARED[code] = declared
    return declared


# --------------------------------------------------------------------------- checks
class RuleNotDeclared(RuntimeError):
    """A check reported a rule its ``@check(...)`` does not name: a bug in pnp, raised, never reported."""


class Check(_Frozen):
    """A registered check: the function and the rules it may report."""

    __slots__ = ("fn", "rules", "concern")
    fn: Callable[[Validator], None]
    rules: frozenset[Rule]
    concern: str

    def __init__(self, fn: Callable[[Validator], None], rules: frozenset[Rule], concern: str):
        self._set("fn", fn)
        self._set("rules", rules)
        self._set("concern", concern)

    @property
    def name(self) -> str:
        return self.fn.__name__.lstrip("_")


_CHECKS: dict[str, list[Check]] = {}  # concern -> checks, in declaration order


def check(*rules: Rule) -> Callable:
    """Register a check function together with every rule it may report."""
    for r in rules:
        if not isinstance(r, Rule):
            raise TypeError(f"@check takes declared rules, not {r!r}")

    def register(fn: Callable[["Validator"], None]) -> Callable[["Validator"], None]:
        concern = fn.__module__.rpartition(".")[2]
        _CHECKS.setdefault(concern, []).append(Check(fn=fn, rules=frozenset(rules), concern=concern))
        return fn

    return register


_loaded = False


def _load() -> None:
    """Import every module of rules (declarations and checks); once."""
    global _loaded
    if not _loaded:
        for name in MODULES:
            import_module(f"{__name__}.{name}")
        _loaded = True


def checks() -> list[Check]:
    """Every registered check, in the order ``run`` runs them."""
    _load()
    return [c for name in MODULES for c in _CHECKS.get(name, ())]


INTERNAL = rule("E-internal", (
    "A check failed with an unexpected error on this content. This is a bug in pnp, not in the content: "
    "please report it with the content that triggers it. The other checks still ran."), emitted_by="pnp.rules.validator")


# --------------------------------------------------------------------------- the registry
class _Rules(Mapping):
    """code -> Rule for every declared rule, read-only; loads every module of rules on first use."""

    def __getitem__(self, code: str) -> Rule:
        _load()
        return _DECLARED[code]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter(list(_DECLARED))

    def __len__(self) -> int:
        _load()
        return len(_DECLARED)

    def __repr__(self) -> str:
        return f"<{len(self)} rules>"


#: every rule pnp can report: code -> Rule
RULES: Mapping[str, Rule] = _Rules()


def explain(code: str) -> str | None:
    """What rule ``code`` checks and why, or None for an unknown code (case-insensitive)."""
    if code in RULES:
        return RULES[code].explanation
    folded = {k.lower(): r for k, r in RULES.items()}
    found = folded.get(code.strip().lower())
    return found.explanation if found is not None else None


class Concern(_Frozen):
    """The rules one module declares."""

    __slots__ = ("name", "summary", "rules")
    name: str  # the module: board, titles, ...
    summary: str  # the first line of its docstring
    rules: tuple[Rule, ...]

    def __init__(self, name: str, summary: str, rules: tuple[Rule, ...]):
        self._set("name", name)
        self._set("summary", summary)
        self._set("rules", rules)


def concerns() -> list[Concern]:
    """Every rule, grouped by the module declaring it, in ``MODULES`` order (the validator's own last)."""
    _load()
    out = []
    for name in (*MODULES, "rules"):
        if name == "rules":  # declared in this module
            summary = "The validator itself."
        else:
            summary = sys.modules[f"{__name__}.{name}"].__doc__.strip().splitlines()[0]
        out.append(Concern(name=name, summary=summary, rules=tuple(r for r in _DECLARED.values() if r.concern == name)))
    return out


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest choice, or nothing."""
    import difflib  # only a content with a mistake asks: not imported by every run

    hint = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {hint[0]!r}?)" if hint else ""


def known(choices: Iterable[str], limit: int = 12) -> str:
    """The choices, sorted and shortened, for a message."""
    items = sorted(set(choices))
    if not items:
        return "none"
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
