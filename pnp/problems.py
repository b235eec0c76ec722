"""Problems found in content: where they are, what is wrong, how to fix it.

Every stage (loading, schema, templates, validation, layout) reports into one
``Problems`` collector instead of raising, so a run shows every mistake at once.
A ``Problem`` prints as ``file:line:col: path: message``. Every problem is of a rule
declared in ``pnp.rules``, which gives its code and severity.

The collector keeps at most ``PER_FILE`` problems of one file (``MAX_KEPT`` in all): past that it only counts
them, and ``sorted()`` ends with one line per such file saying how many more there are. A file of a million
broken rows costs two hundred messages, not a million (``full(file)`` tells a reader that it may stop
building them). Messages quote a value with ``quote``: short, never an internal object.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, NamedTuple


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


#: the most problems kept of one file; past it they are only counted (a file of a million broken rows: two
#: hundred messages and one line saying how many more)
PER_FILE = 200
#: the most problems kept in all, whatever the number of files
MAX_KEPT = 2000
#: the most characters of a value a message quotes (then its length)
QUOTE = 40


def quote(value: Any, limit: int = QUOTE) -> str:
    """A value as a message shows it: text and numbers as Python writes them (``'Go'``, ``12``), past ``limit``
    characters only their start and their length (``'aaaaaaaa...' (300,000 characters)``); a list or a mapping
    by what it is and its size, never by its items (a content value is a tree of internal nodes)."""
    value = getattr(value, "value", value) if hasattr(value, "loc") else value  # a Node: what it holds
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        shown = repr(value[:limit])
        return f"{shown[:-1]}...{shown[-1]} ({len(value):,} characters)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return f"a mapping of {len(value):,} key{'' if len(value) == 1 else 's'}"
    if value is None or isinstance(value, (bool, int, float)):
        try:
            text = repr(value)
        except ValueError:  # an int of more digits than Python writes
            return "a number of more than 4,300 digits"
        return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} digits)"
    return f"a {type(value).__name__}"


def clip(text: str, limit: int = 64) -> str:
    """A name (a key in a problem's path) as written, or its start when longer than ``limit``."""
    return text if len(text) <= limit else f"{text[:QUOTE]}...({len(text):,} characters)"


@dataclass
class Problems:
    """Collects problems from every stage; nothing here raises.

    Past ``PER_FILE`` problems of a file (or ``MAX_KEPT`` in all), a problem is counted in ``dropped``, not
    kept; ``sorted()`` (what is printed, sent to the page, written as JSON) ends with one problem per such
    file saying how many more it has."""

    items: list[Problem] = field(default_factory=list)
    #: problems past the caps, counted: file -> {(severity, code): how many}
    dropped: dict[str, dict[tuple[str, str], int]] = field(default_factory=dict)
    _kept: dict[str, int] = field(default_factory=dict, init=False, repr=False)  # file -> problems kept

    def report(self, rule, loc: Loc, path: str, message: str) -> None:
        """Add a problem of a declared rule (see ``pnp.rules``): its code and severity are the rule's, so a
        problem cannot carry an undeclared code or the wrong severity."""
        if self.full(loc.file):
            self.count(rule, loc.file)
            return
        self.add(Problem(rule.severity, rule.code, loc, path, message))

    def add(self, problem: Problem) -> None:
        """Keep a problem made elsewhere (a trial's), or count it when its file is full."""
        file = problem.loc.file
        if self.full(file):
            self._count(file, problem.severity, problem.code, 1)
            return
        self.items.append(problem)
        self._kept[file] = self._kept.get(file, 0) + 1

    def extend(self, other: "Problems") -> None:
        """Take every problem of ``other`` (kept and counted), within the caps."""
        for p in other.items:
            self.add(p)
        for file, counts in other.dropped.items():
            for (severity, code), n in counts.items():
                self._count(file, severity, code, n)

    def full(self, file: str) -> bool:
        """Whether a problem of ``file`` would only be counted now: a reader may stop building messages."""
        return self._kept.get(file, 0) >= PER_FILE or len(self.items) >= MAX_KEPT

    def count(self, rule, file: str, n: int = 1) -> None:
        """Count ``n`` problems of ``rule`` in ``file`` without making them (past the caps)."""
        self._count(file, rule.severity, rule.code, n)

    def _count(self, file: str, severity: str, code: str, n: int) -> None:
        counts = self.dropped.setdefault(file, {})
        counts[(severity, code)] = counts.get((severity, code), 0) + n

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == ERROR] + [p for p in self._more() if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == WARNING] + [p for p in self._more() if p.severity == WARNING]

    @property
    def error_count(self) -> int:
        """Every error, kept or only counted."""
        return sum(p.severity == ERROR for p in self.items) + self._dropped(ERROR)

    @property
    def warning_count(self) -> int:
        """Every warning, kept or only counted."""
        return sum(p.severity == WARNING for p in self.items) + self._dropped(WARNING)

    def _dropped(self, severity: str) -> int:
        return sum(n for counts in self.dropped.values() for (s, _), n in counts.items() if s == severity)

    def _more(self) -> list[Problem]:
        """One problem per file with problems past the caps, saying how many (an error if any of them is);
        files none of whose problems were kept share one."""
        out, unseen = [], []
        for file in sorted(self.dropped):
            if self._kept.get(file, 0):
                out.append(self._summary(file, [file], "in this file, not listed", f"{PER_FILE} problems a file"))
            else:
                unseen.append(file)
        if unseen:
            others = f" and {len(unseen) - 1:,} other file(s)" if len(unseen) > 1 else ""
            out.append(self._summary(unseen[0], unseen, f"in this file{others}, not listed",
                                     f"{MAX_KEPT} problems in all"))
        return out

    def _summary(self, file: str, files: list[str], where: str, cap: str) -> Problem:
        counts: dict[tuple[str, str], int] = {}
        for f in files:
            for key, n in self.dropped[f].items():
                counts[key] = counts.get(key, 0) + n
        total = sum(counts.values())
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        severity = ERROR if any(s == ERROR for s, _ in counts) else WARNING
        code = next(c for (s, c), _ in ranked if s == severity)  # the commonest of the line's severity
        kinds = ", ".join(f"{n:,} {c}" for (_, c), n in ranked[:3]) + (", ..." if len(ranked) > 3 else "")
        return Problem(severity, code, Loc(file), "",
                       f"and {total:,} more problem(s) {where} ({kinds}): pnp lists at most {cap}; fix the "
                       f"ones listed and run again")

    def sorted(self) -> list[Problem]:
        """The problems in file order, each once, then a line for each file with more than were kept."""
        seen, out = set(), []
        for p in sorted(self.items, key=lambda p: (p.loc, p.path, p.code, p.message)):
            if p not in seen:
                seen.add(p)
                out.append(p)
        return out + self._more()

    def to_json(self) -> str:
        return json.dumps([p.as_json() for p in self.sorted()], ensure_ascii=False, indent=2)


class ContentError(Exception):
    """Raised at a stage boundary when content has errors; carries them all."""

    def __init__(self, problems: Problems):
        super().__init__(f"{len(problems.errors)} content error(s)")
        self.problems = problems
