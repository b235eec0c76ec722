"""Tables: printed tables (on title cards and centre panels), and the small formula language they may declare.

A table's rows have one cell per column. A table may declare a ``formula`` over ``row`` and ``col``
(arithmetic, min, max, abs; see ``compile_formula``): the game's rule, which every printed cell must
agree with. The formula is parsed with ``ast`` and evaluated by walking the tree, never with eval.
"""
from __future__ import annotations

import ast
import math
import operator
from typing import Any, Callable, Iterable

from ..model import Kit, Table
from . import Validator, check, rule

TABLE_SHAPE = rule("E-table-shape", (
    "A table row has a different number of cells from the table's columns."))

TABLE_FORMULA = rule("E-table-formula", (
    "A table declares a formula, and a cell differs from what the formula gives for its row and column. The "
    "formula is the game's rule; the table is what gets printed, so they must agree."))

TABLE_FORMULA_INVALID = rule("E-table-formula-invalid", (
    "A table's formula cannot be evaluated: it may use only row, col, numbers, + - * / // % and parentheses, "
    "and min, max, abs; every row needs a numeric key (or a numeric label) and every column heading must be a "
    "number."))


# --------------------------------------------------------------------------- the formula language
class FormulaError(ValueError):
    pass


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
}
_UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.UAdd: operator.pos}
_FUNCS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
_NAMES = ("row", "col")
MAX_FORMULA = 500


def compile_formula(source: str) -> ast.Expression:
    """Parse a table formula and check it uses only the allowed arithmetic; raises FormulaError."""
    if len(source) > MAX_FORMULA:
        raise FormulaError(f"the formula is longer than {MAX_FORMULA} characters")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise FormulaError(f"not a valid expression ({getattr(exc, 'msg', None) or exc})") from None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Expression, ast.Load)) or type(node) in _BINOPS or type(node) in _UNARY:
            continue
        if isinstance(node, ast.BinOp):
            if type(node.op) not in _BINOPS:
                raise FormulaError(f"operator {type(node.op).__name__} is not allowed; use + - * / // %")
            continue
        if isinstance(node, ast.UnaryOp):
            if type(node.op) not in _UNARY:
                raise FormulaError(f"operator {type(node.op).__name__} is not allowed")
            continue
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                raise FormulaError(f"{node.value!r} is not a number")
            continue
        if isinstance(node, ast.Name):
            if node.id not in _NAMES and node.id not in _FUNCS:
                raise FormulaError(f"unknown name {node.id!r}; a formula can use row, col, min, max and abs")
            continue
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and node.func.id in _FUNCS) or node.keywords or not node.args \
                    or any(isinstance(a, ast.Starred) for a in node.args):
                raise FormulaError("only min(...), max(...) and abs(...) may be called, with plain arguments")
            continue
        raise FormulaError(f"{type(node).__name__} is not allowed; use numbers, row, col, + - * / // % "
                           f"( ), min, max, abs")
    return tree


def evaluate_formula(tree: ast.Expression | str, row: float, col: float) -> float:
    """Evaluate a compiled (or source) formula for one cell; raises FormulaError."""
    if isinstance(tree, str):
        tree = compile_formula(tree)
    env = {"row": row, "col": col}

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            raise FormulaError(f"{node.id!r} is a function; call it, e.g. {node.id}(row, col)")
        if isinstance(node, ast.BinOp):
            return _BINOPS[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp):
            return _UNARY[type(node.op)](ev(node.operand))
        if isinstance(node, ast.Call):
            args = [ev(a) for a in node.args]
            if node.func.id == "abs" and len(args) != 1:
                raise FormulaError("abs takes one argument")
            return _FUNCS[node.func.id](*args) if len(args) > 1 or node.func.id == "abs" else args[0]
        raise FormulaError(f"{type(node).__name__} is not allowed")  # pragma: no cover (compile rejects it)

    try:
        result = ev(tree)
    except ZeroDivisionError:
        raise FormulaError(f"division by zero (row {row:g}, col {col:g})") from None
    except (OverflowError, RecursionError, MemoryError):
        raise FormulaError("the result is too large") from None
    except TypeError as exc:
        raise FormulaError(str(exc)) from None
    if isinstance(result, float) and not math.isfinite(result):
        raise FormulaError("the result is not a finite number")
    return result


# --------------------------------------------------------------------------- table checks
def _number(value: Any, thousands: str = "", symbol: str = "") -> float | None:
    """A table value as a number: 3, 2.5, '400\\'000', '₩50'; None if it is not one."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return value if (isinstance(value, int) or math.isfinite(value)) else None
    if isinstance(value, str):
        s = value.strip()
        if symbol:
            s = s.replace(symbol, "")
        for sep in {thousands, "'", "\u2019", "\u202f", "\u00a0", " "} - {""}:
            s = s.replace(sep, "")
        if not s or len(s) > 40:
            return None
        try:
            return int(s)
        except ValueError:
            pass
        try:
            f = float(s)
        except ValueError:
            return None
        return f if math.isfinite(f) else None
    return None


def _same(a: float, b: float) -> bool:
    try:
        return a == b or abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    except OverflowError:
        return False


def _tables(kit: Kit) -> Iterable[Table]:
    for t in kit.titles.titles:
        if t.table is not None:
            yield t.table
    for p in kit.board.centre.panels:
        if p.table is not None:
            yield p.table


@check(TABLE_SHAPE, TABLE_FORMULA_INVALID, TABLE_FORMULA)
def _table_checks(v: Validator) -> None:
    for table in _tables(v.kit):
        _table(v, table)


def _table(v: Validator, table: Table) -> None:
    ncols = len(table.columns)
    for r in table.rows:
        if len(r.cells) != ncols:
            v.report(TABLE_SHAPE, r, "cells",
                     f"row {r.label!r} has {len(r.cells)} cell(s) but the table has {ncols} column(s); give one cell "
                     f"per column")
    if table.formula is None:
        return
    try:
        tree = compile_formula(table.formula)
    except FormulaError as exc:
        v.report(TABLE_FORMULA_INVALID, table, "formula", f"formula {table.formula!r}: {exc}")
        return
    sep, sym = v.cur.thousands, v.cur.symbol
    cols: list[float | None] = []
    bad = False
    for j, c in enumerate(table.columns):
        n = _number(c, sep, sym)
        cols.append(n)
        if n is None:
            bad = True
            v.report(TABLE_FORMULA_INVALID, table, "columns",
                     f"column heading {c!r} is not a number, so the formula cannot use it as col; write a number",
                     path=f"{table.sub('columns')}[{j}]")
    for r in table.rows:
        rv = _number(r.key, sep, sym) if r.key is not None else _number(r.label, sep, sym)
        if rv is None:
            v.report(TABLE_FORMULA_INVALID, r, "key" if r.key is not None else "label",
                     f"row {r.label!r} has no numeric value for the formula's row; add key: <number> to the row")
            continue
        if bad:
            continue
        for j, cell in enumerate(r.cells[:ncols]):
            cv = cols[j]
            try:
                want = evaluate_formula(tree, rv, cv)
            except FormulaError as exc:
                v.report(TABLE_FORMULA_INVALID, table, "formula", f"formula {table.formula!r}: {exc}")
                return
            have = _number(cell, sep, sym)
            if have is None or not _same(have, want):
                shown = _show_number(want)
                v.report(TABLE_FORMULA, r, "cells",
                         f"cell {cell!r} (row {r.label!r}, column {table.columns[j]!r}) differs from the formula "
                         f"{table.formula!r}, which gives {shown}; write {shown} or correct the formula",
                         path=f"{r.sub('cells')}[{j}]")


def _show_number(x: float) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)
