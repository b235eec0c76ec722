"""Tables: named tables (tables.yaml) and those written on title cards, panels and reference cards, and the
small formula language they may declare.

A table's rows have one cell per column. A table may declare a ``formula`` over ``row`` and ``col``
(integers, + - * / // %, min, max, abs, and its own named parts under ``where``; see
``compile_formula``): the game's rule, which every printed cell must agree with. The formula is parsed
with ``ast`` and evaluated by walking the tree, never with eval.
"""
from __future__ import annotations

import ast
import math
import operator
from typing import Any, Callable, Iterable, TYPE_CHECKING

from ..model import Kit, Table
from ..schema import Entity
from . import check, did_you_mean, known, rule
from .board import ID_DUPLICATE

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

TABLE_SHAPE = rule("E-table-shape", (
    "A table row has a different number of cells from the table's columns."))

TABLE_FORMULA = rule("E-table-formula", (
    "A table declares a formula, and a cell differs from what the formula gives for its row and column. The "
    "formula is the game's rule; the table is what gets printed, so they must agree."))

TABLE_FORMULA_INVALID = rule("E-table-formula-invalid", (
    "A table's formula cannot be evaluated: it may use only row, col, numbers, + - * / // % and parentheses, "
    "min, max, abs and the table's own named parts (where: name: expression); every row needs a numeric key "
    "(or a numeric label), every column heading must be a number, and it must not divide by zero for any "
    "cell."))

TABLE_ID = rule("E-table-id", (
    "A table in tables.yaml has no id, so nothing can name it: give it id: <name> (spaces, panels and cards "
    "name a table by its id)."))

REF_TABLE = rule("E-ref-table", (
    "A space, card, panel or title card names a table by an id that tables.yaml does not have. Fix the "
    "spelling or add the table."))

TABLE_RANGE = rule("E-table-range", (
    "A table read by the dice must cover every roll: read: dice needs rows and columns 1-6 (one die each), "
    "read: total needs the dice totals 2-12 along its columns or down its rows; a table read by an effect "
    "must say how it is read."))


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


def compile_formula(source: str, names: tuple[str, ...] = _NAMES) -> ast.Expression:
    """Parse a table formula and check it uses only the allowed arithmetic and ``names``; raises FormulaError.
    It is never handed to eval: ``evaluate_formula`` walks the checked tree itself."""
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
            if node.id not in names and node.id not in _FUNCS:
                raise FormulaError(f"unknown name {node.id!r}; a formula can use {', '.join(names)}, min, max and "
                                   f"abs{did_you_mean(node.id, names)}")
            continue
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and node.func.id in _FUNCS) or node.keywords or not node.args \
                    or any(isinstance(a, ast.Starred) for a in node.args):
                raise FormulaError("only min(...), max(...) and abs(...) may be called, with plain arguments")
            continue
        raise FormulaError(f"{type(node).__name__} is not allowed; use numbers, row, col, + - * / // % "
                           f"( ), min, max, abs")
    return tree


def evaluate_formula(tree: ast.Expression | str, row: float, col: float,
                     where: Iterable[tuple[str, ast.Expression]] = ()) -> float:
    """Evaluate a compiled (or source) formula for one cell, after its named parts (``where``, in order);
    raises FormulaError."""
    if isinstance(tree, str):
        tree = compile_formula(tree)
    env = {"row": row, "col": col}
    for name, part in where:
        env[name] = _eval_in(part, env)
    return _eval_in(tree, env)


def _eval_in(tree: ast.Expression, env: dict) -> float:
    row, col = env["row"], env["col"]

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
        raise FormulaError(f"it divides by zero for the cell at row {row:g}, column {col:g}; change the formula "
                           f"(or that heading) so no cell divides by zero") from None
    except (OverflowError, RecursionError, MemoryError):
        raise FormulaError("the result is too large") from None
    except TypeError as exc:
        raise FormulaError(str(exc)) from None
    if isinstance(result, float) and not math.isfinite(result):
        raise FormulaError("the result is not a finite number")
    return result


def number(value: Any, thousands: str | None = "", symbol: str = "") -> float | None:
    """A table value as a number: 3, 2.5, '400\\'000', '₩50'; None if it is not one."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return value if (isinstance(value, int) or math.isfinite(value)) else None
    if isinstance(value, str):
        s = value.strip()
        if symbol:
            s = s.replace(symbol, "")
        for sep in {thousands or "", "'", "\u2019", "\u202f", "\u00a0", " "} - {""}:
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


def tables(kit: Kit) -> Iterable[Table]:
    """Every table the kit holds: tables.yaml's, and those written in place on title cards and panels."""
    yield from kit.tables.tables
    for t in kit.titles.titles:
        if isinstance(t.table, Table):
            yield t.table
    for p in kit.board.centre.panels:
        if isinstance(p.table, Table):
            yield p.table
    for c in kit.reference.cards:
        if isinstance(c.table, Table):
            yield c.table


def _table_refs(kit: Kit) -> Iterable[tuple[Entity, str]]:
    """(entity, id) for every table named by its id."""
    for t in kit.titles.titles:
        if isinstance(t.table, str):
            yield t, t.table
    for p in kit.board.centre.panels:
        if isinstance(p.table, str):
            yield p, p.table
    for c in kit.reference.cards:
        if isinstance(c.table, str):
            yield c, c.table


@check(TABLE_ID, ID_DUPLICATE, REF_TABLE, TABLE_SHAPE, TABLE_FORMULA, TABLE_FORMULA_INVALID)
def _table_checks(v: Validator) -> None:
    ids = [t.id for t in v.kit.tables.tables if t.id]
    seen: dict[str, Table] = {}
    for t in v.kit.tables.tables:
        if t.id is None:
            v.report(TABLE_ID, t, None, "a table in tables.yaml needs id: <name> (spaces, panels and "
                     "cards name it)", path=t.sub("id"))
        elif t.id in seen:
            v.report(ID_DUPLICATE, t, "id", f"table id {t.id!r} is used twice (first at {v.loc(seen[t.id], 'id')})")
        else:
            seen[t.id] = t
    for obj, tid in _table_refs(v.kit):
        if tid not in seen:
            v.report(REF_TABLE, obj, "table",
                     f"no table {tid!r} in tables.yaml{did_you_mean(tid, ids)}; tables: {known(ids)}")
    for table in tables(v.kit):
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
        tree = compile_formula(table.formula, _NAMES + tuple(table.where))
    except FormulaError as exc:
        v.report(TABLE_FORMULA_INVALID, table, "formula", f"formula {table.formula!r}: {exc}")
        return
    where: list[tuple[str, ast.Expression]] = []
    for name, source in table.where.items():
        try:
            where.append((name, compile_formula(str(source), _NAMES + tuple(n for n, _ in where))))
        except FormulaError as exc:
            v.report(TABLE_FORMULA_INVALID, table, "where", f"where {name}: {source!r}: {exc}",
                     path=f"{table.sub('where')}.{name}")
            return
    sep, sym = v.cur.thousands, v.cur.symbol
    cols: list[float | None] = []
    bad = False
    for j, c in enumerate(table.columns):
        n = number(c, sep, sym)
        cols.append(n)
        if n is None:
            bad = True
            v.report(TABLE_FORMULA_INVALID, table, "columns",
                     f"column heading {c!r} is not a number, so the formula cannot use it as col; write a number",
                     path=f"{table.sub('columns')}[{j}]")
    for r in table.rows:
        rv = number(r.key, sep, sym) if r.key is not None else number(r.label, sep, sym)
        if rv is None:
            v.report(TABLE_FORMULA_INVALID, r, "key" if r.key is not None else "label",
                     f"row {r.label!r} has no numeric value for the formula's row; add key: <number> to the row")
            continue
        if bad:
            continue
        for j, cell in enumerate(r.cells[:ncols]):
            cv = cols[j]
            try:
                want = evaluate_formula(tree, rv, cv, where)
            except FormulaError as exc:
                v.report(TABLE_FORMULA_INVALID, table, "formula", f"formula {table.formula!r}: {exc}")
                return
            have = number(cell, sep, sym)
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
