"""Problems found in content: where they are, what is wrong, how to fix it.

Every stage (loading, schema, templates, validation, layout) reports into one
``Problems`` collector instead of raising, so a run shows every mistake at once.
A ``Problem`` prints as ``file:line:col: path: message``. Every problem is of a rule
declared in ``pnp.rules``, which gives its code and severity.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import NamedTuple


class Loc(NamedTuple):
    """A position in a content file: 1-based line and column.

    A named tuple: immutable, ordered by file, line, column, and cheap to make (every
    value and key of every content file gets one)."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        shown = _display_path(self.file)
        if self.line:
            return f"{shown}:{self.line}:{self.col}"
        return shown


def _display_path(path: str) -> str:
    """Paths below the working directory print relative, like a compiler's."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if rel.startswith("..") else rel


ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    severity: str
    code: str
    loc: Loc
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.loc}: {self.path}: " if self.path else f"{self.loc}: "
        tag = "" if self.severity == ERROR else "warning: "
        return f"{where}{tag}{self.message} [{self.code}]"

    def as_json(self) -> dict:
        return {
            "severity": self.severity,
            "code": self.code,
            "file": _display_path(self.loc.file),
            "line": self.loc.line,
            "column": self.loc.col,
            "path": self.path,
            "message": self.message,
        }


@dataclass
class Problems:
    """Collects problems from every stage; nothing here raises."""

    items: list[Problem] = field(default_factory=list)

    def report(self, rule, loc: Loc, path: str, message: str) -> None:
        """Add a problem of a declared rule (see ``pnp.rules``): its code and severity are the rule's, so a
        problem cannot carry an undeclared code or the wrong severity."""
        self.items.append(Problem(rule.severity, rule.code, loc, path, message))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == WARNING]

    def sorted(self) -> list[Problem]:
        seen, out = set(), []
        for p in sorted(self.items, key=lambda p: (p.loc, p.path, p.code, p.message)):
            if p not in seen:
                seen.add(p)
                out.append(p)
        return out

    def to_json(self) -> str:
        return json.dumps([p.as_json() for p in self.sorted()], ensure_ascii=False, indent=2)


class ContentError(Exception):
    """Raised at a stage boundary when content has errors; carries them all."""

    def __init__(self, problems: Problems):
        super().__init__(f"{len(problems.errors)} content error(s)")
        self.problems = problems
