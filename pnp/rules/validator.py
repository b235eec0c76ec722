"""The runner of the checks: ``run(kit, problems)`` and the ``Validator`` every check is given.

It sits above the model and the registry of content files (pnp/parts.py), which the declarations in
pnp/rules/__init__.py must not import: the loader imports those declarations.
"""
from __future__ import annotations

from pathlib import Path

from ..model import Deck, Kit, Space
from ..money import format_money
from ..parts import FILES
from ..problems import Loc, Problems
from ..schema import Entity, field_list
from . import INTERNAL, Rule, RuleNotDeclared, checks


def run(kit: Kit, problems: Problems) -> None:
    """Run every check; problems are collected, nothing raises (but ``RuleNotDeclared``, a bug in a check)."""
    v = Validator(kit, problems)
    for c in checks():
        v._allowed = c.rules
        try:
            c.fn(v)
        except RuleNotDeclared:
            raise
        except Exception as exc:  # a bug in a check must not hide the others' findings
            problems.report(INTERNAL, v.game_file, c.name,
                            f"the {c.name} check failed ({type(exc).__name__}: {exc}); this is a "
                            f"bug in pnp, please report it with this content")
    v._allowed = frozenset()


# --------------------------------------------------------------------------- what a check sees
class Validator:
    """The kit, the problems, and the lookups every check shares."""

    def __init__(self, kit: Kit, problems: Problems):
        self.kit = kit
        self.problems = problems
        self.root = Path(kit.root)
        self.game_file = Loc(str(kit.sources.get("game.yaml", self.root / "game.yaml")))
        self.spaces: dict[str, Space] = {}
        for s in kit.board.spaces:
            self.spaces.setdefault(s.id, s)
        self.decks: dict[str, Deck] = {}
        for d in kit.decks:
            self.decks.setdefault(d.id, d)
        self.rounding = kit.game.money.rounding
        self.cur = kit.game.currency
        self._allowed: frozenset[Rule] = frozenset()  # the rules the running check declared
        #: what several checks of one run read alike, worked out by the first that needs it (e.g. every printed
        #: text, pnp/rules/printing.py); made anew for every run
        self.shared: dict = {}

    def fields(self) -> list[tuple[Entity, list]]:
        """Each root of the kit (``Kit.roots``) with every content field below it, (entity, field name, value) in
        ``walk_fields``' order: walked once per run for the checks that read them all (the kit does not change
        while they run)."""
        found = self.shared.get("fields")
        if found is None:
            found = self.shared["fields"] = [(root, field_list(root)) for root in self.kit.roots()]
        return found

    #: objects that stand for a whole file when they were defaulted (the file is absent or says nothing)
    _WHOLE_FILE = {"TitleBack": "Titles", "Centre": "Board"}

    def _fallback(self, obj: Entity) -> Loc:
        """Where a defaulted object (no place of its own) is reported: the content file of its model class, as
        the registry declares it (pnp/parts.py), else game.yaml."""
        cls = self._WHOLE_FILE.get(type(obj).__name__, type(obj).__name__)
        cf = next((f for f in FILES if f.model == cls and not f.many), None)
        if cf is None or cf.pattern == "game.yaml":
            return self.game_file
        return Loc(str(self.kit.sources.get(cf.pattern, self.root / cf.pattern)))

    def loc(self, obj: Entity, name: str | None = None) -> Loc:
        loc = obj.at(name) if name else obj.loc
        return loc if loc.file else self._fallback(obj)

    def _where(self, obj: Entity, name: str | None, path: str | None) -> Loc:
        """The most precise place known: a list item or mapping key the path names (rent[3]), else the field."""
        if path:
            prefix = f"{obj.path}." if obj.path else ""
            rel = path[len(prefix):] if path.startswith(prefix) else None
            if rel and rel in obj.locs and obj.locs[rel].file:
                return obj.locs[rel]
        return self.loc(obj, name)

    def report(self, rule: Rule, obj: Entity, name: str | None, message: str, path: str | None = None) -> None:
        """Report ``rule`` at field ``name`` of ``obj`` (at ``obj`` itself for None; at the list item or key
        ``path`` names, when known); ``path`` overrides the content path shown. Raises ``RuleNotDeclared`` if
        the running check did not declare ``rule``."""
        if rule not in self._allowed:
            raise RuleNotDeclared(f"a check reported {rule.code}, which its @check(...) does not declare")
        self.problems.report(rule, self._where(obj, name, path), path if path is not None else _sub(obj, name),
                             message)

    def money(self, amount: int) -> str:
        try:
            return format_money(amount, self.cur)
        except Exception:  # never let formatting a message fail a check
            return str(amount)


def _sub(obj: Entity, name: str | None) -> str:
    return obj.sub(name) if name else obj.path
