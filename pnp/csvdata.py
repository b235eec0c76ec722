"""Spreadsheet data: a deck's cards or the title cards may come from a CSV file.

A content file names the CSV where the list would be, by its path in the game folder::

    # decks/chance.yaml
    id: chance
    name: Chance
    colour: "#c8702a"
    cards: {csv: decks/chance.csv}

The CSV's first row names the fields of each row's item (``id,title,text,effect.action,effect.amount``);
every other row is one item. ``expand`` reads the file into the same ``Node`` tree a YAML list would
give, each value carrying its cell's place (``decks/chance.csv:ROW:COLUMN``, counted as a spreadsheet
shows them: the header is row 1, column A is 1), so the schema, the templates and the validator report
a bad cell where it is, as they do for YAML. How a cell is read:

* empty: the field is absent (its default); a required field's empty cell is an error at the cell;
* in a text column (text, title, help, id, colour, an icon or action name ...): as written, so ``No``,
  ``1984`` or ``007`` stay text;
* in any other column: as YAML reads a plain value (``12`` a number, ``true``/``TRUE``/``yes`` true);
* a list of plain values (``rent``): in one cell, items separated by ``;`` (``2; 10; 30; 90``);
* a mapping: one column per field, dotted (``effect.action``, ``effect.amount``, ``picture.file``); a text in
  each language the kit carries: one column per language (``text.fr``, ``text.en``);
  or one column whose cells hold YAML in braces or brackets, as a list of mappings must
  (``rows``: ``[{label: Sale value, amount: 100}]``);
* a blank row is skipped; cells are trimmed of surrounding spaces.

The file is read like a YAML content file: only a plain file inside the game folder, at most 5 MB,
UTF-8 with or without a byte-order mark (Excel's "CSV UTF-8"); its values count against the kit's
budget of values. Comma, semicolon or tab separated: whichever the header row uses most. At most
``MAX_COLUMNS`` columns (a spreadsheet's own limit), and a name of at most ``MAX_NAME`` characters. However
broken the file, the rows are read one at a time and past ``problems.PER_FILE`` problems only counted, so
a file of a million bad rows costs no more than its size.
"""
from __future__ import annotations

import csv
import dataclasses
import difflib
import io
import re
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import yaml

from .files import MISSING, NOT_PLAIN, NOT_UTF8, TOO_LARGE, Unreadable, inside, read_plain
from .load import MAX_BYTES, Budget, Node, load_text
from .problems import Loc, Problem, Problems, clip, quote
from .rules.schema import CSV_FILE, CSV_HEADER, CSV_ROW, FILE_MISSING, FILE_UNREADABLE, YAML_ENCODING, YAML_TOO_LARGE
from .schema import fields_of
from .values import is_language

#: the lists that may come from a CSV file: model class name -> its list field
CSV_LISTS = {"Deck": "cards", "Titles": "titles"}
#: separates the items of a list of plain values written in one cell
LIST_SEPARATOR = ";"
#: the separators a CSV file may use (the header row's most frequent one wins; ties: this order)
DELIMITERS = (",", ";", "\t")
#: the most columns a CSV file may have: as many as a spreadsheet has (Excel, LibreOffice: XFD)
MAX_COLUMNS = 16_384
#: the longest CSV file name (its path in the game folder) read; longer ones cannot be made on most systems
MAX_NAME = 255
#: the problems of a header row's columns listed one by one; the columns past them share one
HEADER_DETAIL = 10
#: the columns a message lists by name (a row's missing cells)
LISTED = 6

TEXT, VALUE, LIST, YAML = "text", "value", "list", "yaml"


def csv_field(cls) -> str | None:
    """The field of model class ``cls`` that may be written ``{csv: FILE}``, or None."""
    return CSV_LISTS.get(getattr(cls, "__name__", ""))


def expand(node: Node | None, cls, root: Path, problems: Problems, budget: Budget | None = None,
           sources: dict[str, Path] | None = None) -> Node | None:
    """In a content file's tree, replace ``FIELD: {csv: FILE}`` by the rows of FILE (for the classes in
    ``CSV_LISTS``). Problems are reported; a CSV that cannot be read becomes an empty list (the kit is not
    built: the problems are errors). ``sources`` gets the CSV's path (relative name -> path)."""
    name = csv_field(cls)
    if name is None or node is None or not node.is_map:
        return node
    ref = node.value.get(name)
    if ref is None or not ref.is_map or "csv" not in ref.value:
        return node
    rows = None
    others = [k for k in ref.value if k != "csv"]
    for k in others:
        problems.report(CSV_FILE, ref.key_locs.get(k, ref.loc), f"{name}.{clip(k)}",
                        f"{name}: {{csv: FILE}} holds only csv, the CSV file's path; remove {quote(k)}")
    if not others:
        rows = read_rows(Path(root), ref.value["csv"], element_class(cls, name), problems,
                         budget if budget is not None else Budget(), name, sources)
    node.value[name] = rows if rows is not None else Node([], ref.loc)
    return node


def element_class(cls, name: str):
    """The model class of one item of list field ``name`` of ``cls`` (Card for Deck.cards)."""
    tp = next(tp for n, tp, _ in fields_of(cls) if n == name)
    return get_args(tp)[0]


# ---------------------------------------------------------------------------------------------- columns
@dataclasses.dataclass
class Column:
    index: int  # 0-based
    header: str  # as written (trimmed)
    keys: tuple[str, ...]  # the dotted path: ("effect", "amount")
    kind: str  # TEXT, VALUE, LIST or YAML
    item_text: bool = False  # LIST: its items are text
    required: bool = False  # the last key's field has no default

    @property
    def letter(self) -> str:
        return letter(self.index + 1)


def letter(n: int) -> str:
    """A spreadsheet column's letters: 1 -> A, 27 -> AA."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _unwrap(tp):
    """Optional[X] -> X."""
    if get_origin(tp) in (Union, types.UnionType):
        args = tuple(a for a in get_args(tp) if a is not type(None))
        if len(args) == 1:
            return args[0]
    return tp


def _is_text(tp) -> bool:
    if get_origin(tp) is Literal:
        return all(isinstance(a, str) for a in get_args(tp))
    return isinstance(tp, type) and issubclass(tp, str)  # str, Text, Label, Id, Colour


def _kind(tp) -> tuple[str, bool]:
    tp = _unwrap(tp)
    if _is_text(tp):
        return TEXT, False
    origin = get_origin(tp)
    if origin is list:
        item = _unwrap(get_args(tp)[0])
        if dataclasses.is_dataclass(item) or get_origin(item) in (list, dict, Union, types.UnionType):
            return YAML, False
        return LIST, _is_text(item)
    if dataclasses.is_dataclass(tp) or origin in (dict, Union, types.UnionType) or tp is Any:
        return YAML, False
    return VALUE, False


def _column(cls, header: str, index: int, explain: bool = True) -> Column | str:
    """The column a header names, or what is wrong with it (without ``explain``: no "did you mean")."""
    keys = tuple(k.strip() for k in header.split("."))
    current = cls
    for depth, key in enumerate(keys):
        spec = {n: (tp, f) for n, tp, f in fields_of(current)}
        where = ".".join(keys[:depth])
        if key not in spec:
            hint = difflib.get_close_matches(key, list(spec), n=1, cutoff=0.6) if explain and len(key) <= 64 else []
            extra = f"; did you mean {'.'.join((*keys[:depth], hint[0]))!r}?" if hint else \
                f"; the fields{' of ' + where if where else ''} are: {', '.join(spec)}"
            return f"unknown field {quote(key or '(empty)')}{' in ' + where if where else ''}{extra}"
        tp, f = spec[key]
        if depth == len(keys) - 1:
            kind, item_text = _kind(tp)
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            return Column(index, header, keys, kind, item_text, required)
        inner = _unwrap(tp)
        here = ".".join(keys[:depth + 1])
        if getattr(inner, "translatable", False) and depth == len(keys) - 2 and is_language(keys[-1]):
            kind, item_text = _kind(tp)  # text.fr, text.en: the text in each language the kit carries
            return Column(index, header, keys, kind, item_text, False)
        if not dataclasses.is_dataclass(inner):
            if get_origin(inner) is list:
                return (f"{here} is a list: write it in one column {quote(here)}, each cell's items in YAML, "
                        f"e.g. [{{...}}, {{...}}]")
            return f"{here} has no fields to name with a dot; name the column {quote(here)}"
        current = inner


# ---------------------------------------------------------------------------------------------- cells
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_TYPED = {
    "tag:yaml.org,2002:int": _CONSTRUCTOR.construct_yaml_int,
    "tag:yaml.org,2002:float": _CONSTRUCTOR.construct_yaml_float,
    "tag:yaml.org,2002:bool": _CONSTRUCTOR.construct_yaml_bool,
    "tag:yaml.org,2002:null": _CONSTRUCTOR.construct_yaml_null,
}


def typed(raw: str) -> Any:
    """A cell as YAML reads a plain value: 12 -> 12, 2.5 -> 2.5, true/TRUE/yes -> True, ~/null -> None,
    anything else stays text (a date too)."""
    tag = _RESOLVER.resolve(yaml.ScalarNode, raw, (True, False))
    make = _TYPED.get(tag)
    if make is None:
        return raw
    try:
        return make(yaml.ScalarNode(tag, raw))
    except (yaml.YAMLError, ValueError, OverflowError):  # a number of more digits than Python converts
        return raw


class _Reader:
    def __init__(self, shown: str, problems: Problems, budget: Budget):
        self.shown = shown
        self.problems = problems
        self.budget = budget
        self.spent = False

    def spend(self, loc: Loc) -> bool:
        self.budget.left -= 1
        if self.budget.left >= 0:
            return True
        if not self.spent:
            self.spent = True
            self.problems.report(YAML_TOO_LARGE, loc, "", "more than the kit's values allow (200000 in all its "
                                                          "files); this CSV file has too many rows or columns")
        return False

    def cell(self, col: Column, raw: str, loc: Loc) -> Node | None:
        """The node of a non-empty cell; None when it holds nothing (null) or cannot be read (reported)."""
        if col.kind == TEXT:
            return Node(raw, loc)
        if col.kind == LIST and raw[0] != "[":
            parts = [p.strip() for p in raw.split(LIST_SEPARATOR)]
            if len(parts) > 1 and not parts[-1]:  # a separator after the last item
                parts.pop()
            items = []
            for p in parts:
                if not self.spend(loc):
                    return None
                items.append(Node(p if col.item_text else (typed(p) if p else None), loc))
            return Node(items, loc)
        if col.kind in (LIST, YAML) and raw[0] in "[{":
            return self.yaml_cell(col, raw, loc)
        value = typed(raw)
        return None if value is None else Node(value, loc)

    def yaml_cell(self, col: Column, raw: str, loc: Loc) -> Node | None:
        """A cell holding YAML (a list of mappings, a mapping): parsed with the YAML loader's safety (depth,
        tags, duplicate keys, the kit's budget), every value and problem placed at the cell."""
        trial = Problems()
        node = load_text(raw, loc.file, trial, self.budget)
        for p in trial.sorted():
            self.problems.add(Problem(p.severity, p.code, loc, p.path,
                                      f"in the YAML of column {col.letter} ({col.header}): {p.message}"))
        if node is None:
            return None
        stack = [node]
        while stack:
            n = stack.pop()
            n.loc = loc
            n.key_locs = {k: loc for k in n.key_locs}
            if n.is_map:
                stack.extend(n.value.values())
            elif n.is_list:
                stack.extend(n.value)
        return node


def _first_line(text: str) -> str:
    end = text.find("\n")
    return text if end < 0 else text[:end]


def _delimiter(text: str) -> str:
    first = _first_line(text)
    counts = [(first.count(d), -i, d) for i, d in enumerate(DELIMITERS)]
    best = max(counts)
    return best[2] if best[0] else ","


def _open(root: Path, ref: Node, problems: Problems) -> tuple[str, str] | None:
    """The CSV file ``ref`` names: (path as shown, its text); None when it must not or cannot be read."""
    name = ref.value
    if not isinstance(name, str) or not name.strip():
        problems.report(CSV_FILE, ref.loc, "", "csv: names the CSV file holding the rows, relative to the game "
                                               "folder, e.g. {csv: decks/chance.csv}")
        return None
    if len(name) > MAX_NAME:
        problems.report(CSV_FILE, ref.loc, "", f"the CSV file's name {quote(name)} is too long: a file's path in the "
                                               f"game folder is at most {MAX_NAME} characters")
        return None
    shown = str(root / name)
    if not name.lower().endswith(".csv"):
        problems.report(CSV_FILE, ref.loc, "", f"{quote(name)} does not end in .csv; save the sheet as CSV (UTF-8) "
                                               f"and name that file")
        return None
    real = inside(root, name)
    if real is None:  # outside, a NUL in the name, a symlink loop
        problems.report(CSV_FILE, ref.loc, "", f"{name!r} is outside the game folder {root}; put the CSV file "
                                               f"inside it (paths are relative to the game folder)")
        return None
    try:
        return shown, read_plain(real, encoding="utf-8-sig")
    except Unreadable as why:
        if why.why == MISSING:
            problems.report(FILE_MISSING, ref.loc, "",
                            f"{name}: no such file in the game folder (paths are relative to the game folder, "
                            f"not to this file: decks/... for a file beside the deck)")
        elif why.why == NOT_PLAIN:
            problems.report(FILE_UNREADABLE, ref.loc, "", f"{name} is {why.detail}; a CSV file must be a plain file")
        elif why.why == TOO_LARGE:
            problems.report(CSV_FILE, ref.loc, "", f"{name} is {why.size / 1e6:.1f} MB; a CSV file is at most "
                                                   f"{MAX_BYTES / 1e6:g} MB")
        elif why.why == NOT_UTF8:
            problems.report(YAML_ENCODING, Loc(shown, why.line, why.col), "",
                            f"not UTF-8 text ({why.reason} at byte {why.byte}); save the sheet as \"CSV UTF-8\" "
                            f"(Excel) or with the character set UTF-8 (LibreOffice, Google Sheets do)")
        else:
            problems.report(FILE_UNREADABLE, ref.loc, "", f"cannot read {name} ({why.detail})")
        return None


def _records(text: str, shown: str, problems: Problems) -> Iterator[list[str]] | None:
    """The file's records, one at a time (a million short rows are not a million lists at once); None when
    it is not CSV (reported where it breaks: read once through before any row is looked at) or its header
    row has more than MAX_COLUMNS cells."""
    delimiter = _delimiter(text)
    # the header's cells counted before the csv module makes a list of them (quoted cells taken out)
    width = re.sub(r'"[^"]*"', "", _first_line(text)).count(delimiter) + 1
    if width > MAX_COLUMNS:
        _too_wide(width, shown, problems)
        return None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows = 0
    while True:
        try:
            next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            row = rows + 1
            problems.report(CSV_ROW, Loc(shown, row, 1), "",
                            f"row {row} cannot be read as CSV ({exc}, line {reader.line_num} of the file): a cell "
                            f"that starts with a quote must end with one (write a quote inside it twice: \"\"), "
                            f"and a cell holds at most 128 kB")
            return None
        rows += 1
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)


def _too_wide(width: int, shown: str, problems: Problems) -> None:
    problems.report(CSV_HEADER, Loc(shown, 1, 1), "",
                    f"the header row has {width:,} columns; a CSV file has at most {MAX_COLUMNS:,} (a spreadsheet's "
                    f"columns A to {letter(MAX_COLUMNS)}): the header names the fields of each row, one a column")


def _listed(columns: list[Column]) -> str:
    """Some columns by letter and header: the first LISTED, then how many more."""
    named = ", ".join(f"{c.letter} ({c.header or 'no header'})" for c in columns[:LISTED])
    return named + (f" and {len(columns) - LISTED:,} more" if len(columns) > LISTED else "")


def read_rows(root: Path, ref: Node, cls, problems: Problems, budget: Budget, list_path: str,
              sources: dict[str, Path] | None = None) -> Node | None:
    """The rows of the CSV file ``ref`` names, as a list node of mappings for model class ``cls``; None when
    the file or its header cannot be read (reported)."""
    opened = _open(root, ref, problems)
    if opened is None:
        return None
    shown, text = opened
    del opened
    if sources is not None:
        sources[ref.value] = root / ref.value
    records = _records(text, shown, problems)
    if records is None:
        return None
    del text  # the reader holds its own copy
    header = next(records, [])
    if len(header) > MAX_COLUMNS:  # a header whose quoted cells hold line breaks: counted only now
        _too_wide(len(header), shown, problems)
        return None
    columns = _header(header, cls, shown, problems)
    del header
    if columns is None:
        return None
    named = [c for c in columns if c.keys]
    reader = _Reader(shown, problems, budget)
    rows: list[Node] = []
    reported_blank: set[int] = set()
    bad = False
    for index, record in enumerate(records, start=2):
        cells = [c.strip() for c in record]
        if not any(cells):  # a blank row
            continue
        if len(cells) < len(columns):
            bad = True
            if problems.full(shown):  # past the cap: counted, no message made
                problems.count(CSV_ROW, shown)
                continue
            problems.report(CSV_ROW, Loc(shown, index, len(cells) + 1), "",
                            f"row {index} has {len(cells)} cell(s) and the header {len(columns)}: column(s) "
                            f"{_listed(columns[len(cells):])} are missing; add the empty cells (a separator each)")
            continue
        beyond = next((i for i in range(len(columns), len(cells)) if cells[i]), None)
        if beyond is not None:
            bad = True
            if problems.full(shown):
                problems.count(CSV_ROW, shown)
                continue
            problems.report(CSV_ROW, Loc(shown, index, beyond + 1), "",
                            f"a value in column {letter(beyond + 1)}, after the last header (column "
                            f"{letter(len(columns))}); name the field in the header row or remove the value")
            continue
        for c in columns:
            if not c.keys and cells[c.index] and c.index not in reported_blank:
                reported_blank.add(c.index)
                problems.report(CSV_HEADER, Loc(shown, 1, c.index + 1), "",
                                f"column {c.letter} has no header but row {index} has a value in it; name the "
                                f"field or remove the column")
                bad = True
        if bad or not reader.spend(Loc(shown, index, 1)):
            continue
        row = Node({}, Loc(shown, index, 1))
        for c in named:
            raw = cells[c.index]
            if not raw:
                continue
            loc = Loc(shown, index, c.index + 1)
            if not reader.spend(loc):
                break
            value = reader.cell(c, raw, loc)
            if value is not None:
                _put(row, c.keys, value, loc)
        for c in named:  # an empty cell of a required field, where its mapping is given: an error at the cell
            if c.required and not cells[c.index]:
                parent = _get(row, c.keys[:-1])
                if parent is not None and c.keys[-1] not in parent.value:
                    loc = Loc(shown, index, c.index + 1)
                    parent.value[c.keys[-1]] = Node(None, loc)
                    parent.key_locs[c.keys[-1]] = loc
        rows.append(row)
    if bad or reader.spent:
        return None
    return Node(rows, ref.loc)


def _put(row: Node, keys: tuple[str, ...], value: Node, loc: Loc) -> None:
    node = row
    for k in keys[:-1]:
        if k not in node.value:
            node.value[k] = Node({}, loc)
            node.key_locs[k] = loc
        node = node.value[k]
    node.value[keys[-1]] = value
    node.key_locs[keys[-1]] = loc


def _get(row: Node, keys: tuple[str, ...]) -> Node | None:
    node = row
    for k in keys:
        node = node.value.get(k)
        if node is None:
            return None
    return node


def _header(cells: list[str], cls, shown: str, problems: Problems) -> list[Column] | None:
    """The columns the header row names; None when it has a problem (reported)."""
    if not any(c.strip() for c in cells):
        fields = ", ".join(n for n, _, _ in fields_of(cls))
        problems.report(CSV_HEADER, Loc(shown, 1, 1), "",
                        f"the first row must name the fields of each row ({fields}); it is empty")
        return None
    columns: list[Column] = []
    bad: list[int] = []  # the columns found wrong; past HEADER_DETAIL of them, only counted
    seen: dict[tuple[str, ...], Column] = {}
    for i, raw in enumerate(cells):
        header = raw.strip()
        loc = Loc(shown, 1, i + 1)
        if not header:
            columns.append(Column(i, "", (), VALUE))
            continue
        col = _column(cls, header, i, explain=len(bad) < HEADER_DETAIL)
        if isinstance(col, str):
            bad.append(i)
            if len(bad) <= HEADER_DETAIL:
                problems.report(CSV_HEADER, loc, "", f"column {letter(i + 1)} ({quote(header)}): {col}")
            continue
        clash = next((c for k, c in seen.items() if k == col.keys[:len(k)] or col.keys == k[:len(col.keys)]), None)
        if clash is not None:
            bad.append(i)
            if len(bad) <= HEADER_DETAIL:
                what = "repeats" if clash.keys == col.keys else "overlaps"
                fix = "keep one of them" if what == "repeats" else "name a mapping whole or by its fields, not both"
                problems.report(CSV_HEADER, loc, "", f"column {col.letter} ({quote(header)}) {what} column "
                                                     f"{clash.letter} ({quote(clash.header)}); {fix}")
            continue
        seen[col.keys] = col
        columns.append(col)
    if len(bad) > HEADER_DETAIL:
        rest = bad[HEADER_DETAIL:]
        fields = ", ".join(n for n, _, _ in fields_of(cls))
        problems.report(CSV_HEADER, Loc(shown, 1, rest[0] + 1), "",
                        f"and {len(rest):,} more column(s) of the header row (from column {letter(rest[0] + 1)} to "
                        f"{letter(rest[-1] + 1)}) name no field or repeat one; each column names one field of a row "
                        f"({fields}), once")
    if bad:
        return None
    named = {c.keys[0] for c in columns if c.keys}
    for n, tp, f in fields_of(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING and n not in named:
            doc = f.metadata.get("doc", "")
            problems.report(CSV_HEADER, Loc(shown, 1, 1), "",
                            f"no column {n!r}{' (' + doc + ')' if doc else ''}: every row needs one; add it to the "
                            f"header row")
            bad = True
    # trailing columns without a header and without values: what spreadsheets often leave
    return None if bad else columns


def named_files(data: bytes, yaml_named) -> list[str]:
    """The files a CSV's cells name (pictures): cells of a column whose last key ends in ``file``
    (``picture.file``), and what ``yaml_named`` finds in cells holding YAML. [] when it does not read."""
    try:
        text = data.decode("utf-8-sig")
        records = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
        del text
        header = next(records, None)
        if header is None:
            return []
        filecols = {i for i, h in enumerate(header) if h.strip().split(".")[-1].strip().endswith("file")}
        del header
        out: list[str] = []
        for record in records:  # one at a time
            for i, cell in enumerate(record):
                cell = cell.strip()
                if i in filecols and cell:
                    out.append(cell)
                elif cell[:1] in ("[", "{") and "file" in cell:
                    out += yaml_named(cell.encode("utf-8"))
    except (UnicodeDecodeError, csv.Error):
        return []
    return out
