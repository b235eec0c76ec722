"""The rules booklet (rules.yaml): its generated blocks, numbers in its prose, the topics the data implies.

A booklet cannot disagree with the cards when every number it states comes from the game's data: prose
states amounts and counts through templates (``{{ salary | money }}``), so a changed salary changes every
place the booklet says it. A number written out in the prose is reported with what in the data it might
mean.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, TYPE_CHECKING

from .. import markup
from ..model import Booklet, Kit
from ..problems import Loc
from ..schema import Entity, walk_fields
from ..templates import derived
from . import check, did_you_mean, known, rule

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

RULES_BLOCK = rule("E-rules-block", (
    "A line of the rules booklet starts with @ but names no generated block, or its argument names nothing: "
    "the blocks are @components, @money, @properties, @table ID (a table of tables.yaml), @board [| caption], "
    "@lookup DECK (a deck whose cards are written in the section's language too, or have help lines) and "
    "@figure WHAT [WHAT ...] [| caption], where a WHAT names a printable item of the kit as kind:id: deed:SPACE "
    "(the title card of a space), card:DECK or card:DECK:N (its Nth card), back:DECK, note:VALUE, chip:VALUE, "
    "ref:ID (a reference card), counter:ID or token:ID. Or a table's rows have different numbers of cells, or "
    "it has a header and no rows."))

RULES_BACK = rule("E-rules-back-cover", (
    "rules.yaml's back_cover names a reference card that reference.yaml does not have: the back cover shows the "
    "cards it names (the turn at a glance). Fix the id (the message lists the kit's reference cards), add the card "
    "to reference.yaml, or take the id out."))

RULES_LITERAL = rule("W-rules-literal", (
    "The rules booklet's prose writes a number out: an amount of money, or a number over 12. A number the "
    "game's data holds must come from it through a template ({{ salary | money }}, "
    "{{ rules.deck_sizes['chance'] }}), or the booklet will disagree with the cards the day the data changes; "
    "a rule's number the data lacks belongs in game.yaml (rules, or data: for the texts). A number that must "
    "stay as written (a year) can be written {{ 2023 }}. With --strict this is an error."))

RULES_SIZE = rule("E-rules-size", (
    "The rules booklet is far longer than a rules booklet is: more than 50,000 words, or a table of more than "
    "1,000 rows. Setting it would take minutes and gigabytes; a published game's rules run to a few thousand "
    "words. Shorten it, or split a long table."))

RULES_BLANK = rule("W-rules-blank", (
    "The rules booklet (more than four pages) is not a multiple of four pages long: a saddle-stitched booklet is folded sheets of four "
    "pages, so printing it adds blank pages before the back cover, and a published booklet has none. The "
    "message says how many pages the booklet has and how many blank ones it would get: shorten the rules by "
    "that much of a page (or add as much that players need), and look at the pages again."),
    emitted_by="pnp.layout.booklet")

RULES_FIGURE = rule("W-rules-figure", (
    "A picture of the rules booklet (@figure, or @board) is left out: the booklet has not the room for it without "
    "another sheet of paper, or without a table losing its five rows on each side of a break. The message names "
    "the picture's line. Shorten the text around it, move it where a page has room (after a table that goes to "
    "the next page whole), or take it out; then look at the pages again."),
    emitted_by="pnp.layout.booklet")

RULES_TOPIC = rule("W-rules-topic", (
    "The rules booklet has no section covering a topic the game's data implies: the components, set-up, a "
    "turn and winning always; jail when the board has a jail; building when title cards have rent ladders; "
    "cards when the kit has decks; mortgages when rules.mortgage is not none. A section says what it covers "
    "with covers: [jail, ...]."))

#: plain numbers up to this go unreported: dice, doubles, turns, the small counts of every rules text
SMALL = 12
#: the most a booklet may hold: words in all, rows in a table (a rules leaflet has a few thousand words)
MAX_WORDS = 50_000
MAX_ROWS = 1_000


def too_large(booklet: Booklet) -> tuple[object, str, str] | None:
    """(object, field, what) when the booklet is beyond what a rules booklet holds, before anything parses or
    sets it (layout/booklet.py draws nothing then); counted on the text as it reads, cheaply."""
    words = 0
    for obj, name in [(booklet, "intro")] * bool(booklet.intro) + [(s, "text") for s in booklet.sections]:
        text = str(getattr(obj, name))
        words += text.count(" ") + text.count("\n")
        if words > MAX_WORDS:
            return obj, name, f"the booklet has more than {MAX_WORDS:,} words (by here); shorten it"
        rows = run = 0
        for line in text.split("\n"):
            run = run + 1 if line.lstrip().startswith("|") else 0
            rows = max(rows, run)
        if rows > MAX_ROWS:
            return obj, name, f"a table of {rows:,} rows; a booklet's table has at most {MAX_ROWS:,}: split it"
    return None


@check(RULES_SIZE)
def _size(v: Validator) -> None:
    booklet = v.kit.booklet
    found = too_large(booklet) if booklet is not None else None
    if found:
        v.report(RULES_SIZE, found[0], found[1], found[2])


# --------------------------------------------------------------------------- where a line of a text is
@lru_cache(maxsize=64)
def _file_lines(path: str) -> tuple[str, ...]:
    try:
        with open(path, encoding="utf-8") as fh:
            return tuple(fh.read().split("\n"))
    except (OSError, UnicodeDecodeError):
        return ()


def line_of(obj: Entity, name: str, n: int, find: str = "") -> Loc:
    """Where line ``n`` (0-based) of text field ``name`` was written: a literal block (``text: |``) starts on
    the line after its key, one line for one; any other text (quoted, folded) is reported at the field. With
    ``find``, the column where that text first stands on the line."""
    loc = obj.at(name)
    if not loc.file or not loc.line:
        return loc
    lines = _file_lines(loc.file)
    first = loc.line
    if 0 < loc.line <= len(lines):
        at = lines[loc.line - 1][max(loc.col - 1, 0):].lstrip()
        if at[:1] in ("|", ">"):
            first += 1
    else:
        at = ""
    if first == loc.line or at[:1] != "|":  # a quoted or folded text: its lines are not the file's
        return loc
    line = first + n
    col = 1
    if find and 0 < line <= len(lines):
        at = lines[line - 1].find(find, col - 1)
        col = at + 1 if at >= 0 else col
    return Loc(loc.file, line, col)


# --------------------------------------------------------------------------- generated blocks
def _block_problem(kit: Kit, block: markup.Block) -> str | None:
    """What is wrong with a generated block, or None."""
    if block.name not in markup.BLOCKS:
        return (f"@{block.name} is not a generated block{did_you_mean(block.name, markup.BLOCKS)}; the blocks are "
                f"{', '.join('@' + b for b in markup.BLOCKS)}")
    wants = markup.BLOCKS[block.name]
    if not wants:
        return f"@{block.name} takes no argument; write it alone on its line" if block.arg else None
    if wants == "items":
        return _figure_problem(kit, block.arg)
    if wants == "caption":
        return None if not block.arg or block.arg.startswith("|") else \
            f"@{block.name} takes only a caption, after a bar: @{block.name} | {block.arg}"
    if not block.arg:
        return f"@{block.name} needs a {wants} id after it, e.g. @{block.name} {_example(kit, wants)}"
    if wants == "table" and kit.tables.table(block.arg) is None:
        ids = [t.id for t in kit.tables.tables if t.id]
        return f"@table {block.arg}: tables.yaml has no table {block.arg!r}{did_you_mean(block.arg, ids)} " \
               f"(tables: {known(ids)})"
    if wants == "deck":
        deck = kit.deck(block.arg)
        if deck is None:
            ids = [d.id for d in kit.decks]
            return f"@lookup {block.arg}: no deck {block.arg!r}{did_you_mean(block.arg, ids)} (decks: {known(ids)})"
        if not any(c.help or len(c.text.translations) > 1 for c in deck.cards):
            return f"@lookup {block.arg}: no card of deck {block.arg!r} has its text in another language to " \
                   f"look up; write the cards' texts in each language ({{fr: ..., en: ...}}) or give them help: " \
                   f"lines"
    return None


def figure_ids(kit: Kit, kind: str) -> list[str]:
    """The ids a figure's WHAT of ``kind`` (markup.FIGURE_KINDS) may name in this kit, in the data's order."""
    if kind == "deed":
        return [str(t.space) for t in kit.titles.titles]
    if kind in ("card", "back"):
        return [str(d.id) for d in kit.decks]
    if kind in ("note", "chip"):
        money = kit.money.notes if kind == "note" else kit.money.chips
        return [str(int(d.value)) for d in money.denominations] if money is not None else []
    if kind == "ref":
        return [str(c.id) for c in kit.reference.cards] if kit.reference is not None else []
    if kind == "counter":
        return [str(c.id) for c in kit.counters.counters]
    if kind == "token":
        return [str(t.id) for t in kit.counters.tokens]
    return []


def _figure_problem(kit: Kit, arg: str) -> str | None:
    """What is wrong with a figure's argument (``markup.figure``), or None."""
    shown, _, bad = markup.figure(arg)
    kinds = ", ".join(f"{k}:" for k in markup.FIGURE_KINDS)
    if bad:
        return (f"@figure {bad[0]}: a figure names each item as kind:id ({kinds}), e.g. @figure "
                f"{_example(kit, 'items')}; a caption goes after a |")
    if not shown:
        return f"@figure names no item; write one or more as kind:id ({kinds}), e.g. @figure {_example(kit, 'items')}"
    for item in shown:
        if item.kind not in markup.FIGURE_KINDS:
            return (f"@figure {item.written}: {item.kind!r} is not a kind of item"
                    f"{did_you_mean(item.kind, markup.FIGURE_KINDS)}; the kinds are {kinds}")
        ids = figure_ids(kit, item.kind)
        if item.id not in ids:
            what = markup.FIGURE_KINDS[item.kind].split(",")[0]
            return (f"@figure {item.written}: {item.id!r} is not {what} of this kit{did_you_mean(item.id, ids)} "
                    f"({item.kind}: {known(ids)})")
        if item.kind == "card":
            deck = kit.deck(item.id)
            if deck is not None and item.number > len(deck.cards):
                return (f"@figure {item.written}: deck {item.id!r} has {len(deck.cards)} cards; number one of "
                        f"them, 1 to {len(deck.cards)}")
    return None


def _example(kit: Kit, wants: str) -> str:
    if wants == "items":
        if kit.titles.titles:
            return f"deed:{kit.titles.titles[0].space}"
        return f"card:{kit.decks[0].id}" if kit.decks else "note:100"
    if wants == "table":
        return next((t.id for t in kit.tables.tables if t.id), "risk")
    return kit.decks[0].id if kit.decks else "chance"


def _table_problem(block: markup.Block) -> str | None:
    widths = [len(r) for r in block.rows]
    if block.header and len(widths) == 1:
        return "a table with a header row and no rows under it; write its rows or remove it"
    if len(set(widths)) > 1:
        first = widths[0]
        n, odd = next((i, w) for i, w in enumerate(widths) if w != first)
        return (f"a table whose rows have different numbers of cells: row {n + 1} has {odd}, the first {first}; "
                f"give every row as many cells as its header")
    return None


@check(RULES_BLOCK)
def _blocks(v: Validator) -> None:
    booklet = v.kit.booklet
    if booklet is None or too_large(booklet):
        return
    for section in booklet.sections:
        written = section.text.written
        rendered = markup.parse(str(section.text))
        # the lines of the text as written are the file's; a template may add lines, so blocks a template
        # writes are read from the rendered text and reported at the field, but for a generated block whose
        # line is found as written (the nth @name line of the rendered text is the nth of the written one)
        blocks = markup.parse(written) if "{" not in written else rendered
        lines = written.split("\n")
        for block in blocks:
            problem = None
            if block.kind == "generated":
                problem = _block_problem(v.kit, block)
            elif block.kind == "table":
                problem = _table_problem(block)
            if problem:
                if "{" not in written:
                    at = line_of(section, "text", block.line, "@" + block.name if block.name else "|")
                else:
                    at = section.at("text")
                    if block.kind == "generated":
                        mine = [b for b in blocks if b.kind == "generated" and b.name == block.name]
                        found = [n for n, line in enumerate(lines)
                                 if re.match(rf"@{re.escape(block.name)}(\s|$)", line.strip())]
                        if len(found) == len(mine):
                            at = line_of(section, "text", found[mine.index(block)], "@" + block.name)
                v.problems.report(RULES_BLOCK, at, section.sub("text"), problem)


@check(RULES_BACK)
def _back_cover(v: Validator) -> None:
    booklet = v.kit.booklet
    if booklet is None:
        return
    cards = figure_ids(v.kit, "ref")
    for n, card in enumerate(booklet.back_cover):
        if str(card) not in cards:
            v.report(RULES_BACK, booklet, "back_cover",
                     f"the back cover names reference card {str(card)!r}, which reference.yaml does not have"
                     f"{did_you_mean(str(card), cards)}; its cards: {known(cards)}",
                     path=f"{booklet.sub('back_cover')}[{n}]")


# --------------------------------------------------------------------------- numbers written out
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_NUMBER = re.compile(r"\d+(?:[ ,.'’\u202f\u00a0]\d{3})*(?:[.,]\d+)?")


def _blank_templates(text: str) -> str:
    """The text with every template expression replaced by spaces (its lines kept where they were)."""
    return _TEMPLATE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _value(token: str) -> float:
    """A number as written (exact for whole numbers of any length; a decimal as near as a float is)."""
    digits = re.sub(r"[ ,.'’\u202f\u00a0](?=\d{3}\b)", "", token)
    if re.search(r"[.,]\d+$", digits):
        try:
            return float(digits.replace(",", "."))
        except OverflowError:
            return float("inf")
    return int(digits) if len(digits) <= 400 else float("inf")


def literal_numbers(text: str, symbol: str, name: str) -> Iterable[tuple[int, str, float, bool]]:
    """(line, as written, value, is money) for every number the prose of ``text`` writes out: outside template
    expressions, generated-block lines and list markers; part of no word (A1, 2e). Money: the currency's
    symbol or name beside it."""
    for n, line in enumerate(_blank_templates(text).split("\n")):
        stripped = line.strip()
        if stripped.startswith("@"):
            continue
        if re.match(r"^\d{1,3}[.)]\s", stripped):  # a numbered step's marker
            line = line.replace(stripped[:stripped.index(" ")], " " * stripped.index(" "), 1)
        for m in _NUMBER.finditer(line):
            before, after = line[:m.start()], line[m.end():]
            if before[-1:].isalnum() or (before[-1:] in ".,'’" and before[-2:-1].isdigit()):
                continue  # inside a word or a longer number
            if after[:1].isalpha() and not after.startswith(symbol):
                continue  # an ordinal (2nd, 3e) or a word
            token = m.group(0).rstrip(" \u202f\u00a0")
            money = _money_beside(before, after, symbol, name)
            yield n, token, _value(token), money


def _money_beside(before: str, after: str, symbol: str, name: str) -> bool:
    near_before = before.rstrip(" \u202f\u00a0")
    near_after = after.lstrip(" \u202f\u00a0")
    if symbol and near_before.endswith(symbol) and len(before) - len(near_before) <= 1:
        return True
    if symbol and near_after.startswith(symbol) and len(after) - len(near_after) <= 1:
        rest = near_after[len(symbol):]
        return not rest[:1].isalpha()
    return bool(name) and near_after.lower().startswith(name.lower())


def _data_values(kit: Kit) -> dict[float, list[str]]:
    """Where each number of the game's data is (file and path), for a message about a number written out."""
    out: dict[float, list[str]] = {}
    for name, value in {**derived(kit), "starting_money": kit.game.money.starting}.items():
        out.setdefault(float(value), []).append(f"{{{{ {name} | money }}}}")
    for root in kit.roots():
        if isinstance(root, Booklet):
            continue
        for obj, path, value in _ints(root):
            where = obj.loc.file.rsplit("/", 1)[-1] if obj.loc.file else ""
            out.setdefault(float(value), []).append(f"{path} ({where}:{obj.loc.line})" if where else path)
    return out


def _ints(obj: Any) -> Iterable[tuple[Entity, str, int]]:
    """(object, path, value) of every whole number below ``obj``: fields, and items of lists and mappings."""
    for owner, name, value in walk_fields(obj):
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            yield owner, owner.sub(name), value
        elif isinstance(value, dict):
            yield from ((owner, f"{owner.sub(name)}[{k!r}]", v) for k, v in value.items()
                        if isinstance(v, int) and not isinstance(v, bool))
        elif isinstance(value, list):
            yield from ((owner, f"{owner.sub(name)}[{i}]", v) for i, v in enumerate(value)
                        if isinstance(v, int) and not isinstance(v, bool))


def _texts(booklet: Booklet) -> Iterable[tuple[Entity, str, str]]:
    if booklet.intro:
        yield booklet, "intro", booklet.intro.written
    for section in booklet.sections:
        yield section, "text", section.text.written


@check(RULES_LITERAL)
def _literals(v: Validator) -> None:
    booklet = v.kit.booklet
    if booklet is None or too_large(booklet):
        return
    cur = v.kit.game.currency
    values: dict[float, list[str]] | None = None
    for obj, name, text in _texts(booklet):
        for n, token, value, money in literal_numbers(text, str(cur.symbol), str(cur.name)):
            if not money and value <= SMALL:
                continue
            if values is None:
                values = _data_values(v.kit)
            token = token if len(token) <= 24 else f"{token[:12]}…({len(token):,} digits)"
            exact = isinstance(value, int)
            shown = v.money(value) if money and exact and value < 10 ** 18 else token
            what = f"the amount {shown}" if money else f"the number {token}"
            found = values.get(value)
            if found:
                shown = "; ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
                message = (f"{what} is written out; the data holds it as {shown}: write it as a template reading "
                           f"that value, so the booklet follows the data")
            else:
                message = (f"{what} is written out and no value of the game's data is {token}: if it is a rule's "
                           f"number, put it in game.yaml (data: for the texts) and write it as a template; a "
                           f"number that must stay as written: {{{{ {token.replace(' ', '')} }}}}")
            v.problems.report(RULES_LITERAL, line_of(obj, name, n, token), obj.sub(name), message)


# --------------------------------------------------------------------------- topics the data implies
def implied_topics(kit: Kit) -> list[tuple[str, str]]:
    """(topic, why) for every topic the game's data asks the booklet to cover."""
    out = [("components", "every kit"), ("setup", "every game"), ("turn", "every game"), ("winning", "every game")]
    if kit.jails():
        out.append(("jail", f"the board has a jail: {kit.jails()[0].name}"))
    if any(t.rent and len(t.rent) > 2 and (t.house_cost or t.hotel_cost) for t in kit.titles.titles):
        out.append(("building", "title cards have rent ladders with building costs"))
    if kit.decks:
        out.append(("cards", f"the kit has decks: {', '.join(d.name for d in kit.decks)}"))
    if kit.game.rules.mortgage != "none":
        out.append(("mortgages", f"rules.mortgage is {kit.game.rules.mortgage}"))
    return out


@check(RULES_TOPIC)
def _topics(v: Validator) -> None:
    booklet = v.kit.booklet
    if booklet is None:
        return
    covered = {t for s in booklet.sections for t in s.covers}
    for topic, why in implied_topics(v.kit):
        if topic not in covered:
            v.report(RULES_TOPIC, booklet, "sections",
                     f"no section covers {topic} ({why}); write one and mark it covers: [{topic}]")


__all__ = ["RULES_BLOCK", "RULES_LITERAL", "RULES_TOPIC", "line_of", "literal_numbers", "implied_topics",
           "figure_ids"]
