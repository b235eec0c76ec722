"""Money, counters and players: amounts and rounding, the starting split, denominations, countermix.

Every amount is a multiple of money.rounding; the starting split adds up to the starting money and
pays out existing denominations; the printed notes and chips are the game's denominations, in
numbers that cover the starting money of the most players; counters match rules.countermix.
"""
from __future__ import annotations

import math
from typing import Iterable, TYPE_CHECKING

from ..schema import Entity
from ..supply import plan
from . import check, did_you_mean, known, rule
from .printing import MAX_COPIES  # the most of one item (E-count-large)
from .tables import number, tables
from .titles import titles_by_space

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

ROUNDING = rule("E-rounding", (
    "Every amount a player pays or is paid (prices, rents, costs, mortgage values, what spaces and cards charge "
    "or pay, fines, money table cells, a utility's multiplier times every dice total 2-12, the interest "
    "rules.mortgage_interest takes of each mortgage value, denominations...) must be a multiple of "
    "money.rounding, or, without one, of the smallest amount the notes or chips can make (the greatest common "
    "divisor of money.denominations, usually the smallest note): otherwise no notes pay it. money.rounding "
    "itself must be at least 1 and a multiple of that smallest amount."))

MONEY_SPLIT_SUM = rule("E-money-split-sum", (
    "money.starting_split (note value -> how many) must add up to money.starting."))

MONEY_SPLIT_DENOMINATION = rule("E-money-split-denomination", (
    "money.starting_split pays out a note value that is not in money.denominations."))

MONEY_DENOMINATION = rule("E-money-denomination", (
    "money.yaml prints a note or chip whose value is not in game.yaml's money.denominations."))

MONEY_UNPRINTED = rule("W-money-unprinted", (
    "A denomination in money.denominations has no printed note or chip in money.yaml."))

MONEY_RESERVE = rule("W-money-reserve", (
    "The game declares no money.reserve: how many notes (or chips) of every value the bank keeps once each "
    "player has their starting money. The build prints copies of each value's notes until the starting money of "
    "the players it is printed for (--players, default players.max) and the reserve are covered; with no reserve "
    "the bank starts with next to nothing to pay the first salaries and change. Declare one (5 is a good start)."))

SUPPLY_SIZE = rule("E-supply-size", (
    "The edition would print more money than a kit can: at most 5,000 notes and chips in all (a reserve of "
    "thousands, or players.max in the thousands, is a typing slip), and players.max is at most 99. Lower "
    "money.reserve or players.max."))

MONEY_SET_EMPTY = rule("E-money-set-empty", (
    "money.yaml prints none of a value (count: 0) that the players start with or the bank keeps: copies of an "
    "empty set are empty, and the game could not be dealt. Give the value's set a count (a sheet's worth)."))

SUPPLY_TOKENS = rule("E-supply-tokens", (
    "counters.yaml has fewer player tokens (tokens not marked marker: true) than players.max: some players would "
    "have no piece. Add tokens or lower players.max."))

SUPPLY_COUNTER = rule("W-supply-counter", (
    "A counter's supply is neither enough nor declared a limit. A counter in rules.countermix is a limit the game "
    "sets (the classic 32 houses): mark it limited: true so the rules booklet's components say that none can be "
    "built once they run out. A counter with per_space (most on one property) and not limited must cover every "
    "property of the board built up that far: print per_space × the properties, or mark it limited."))

REF_COUNTER = rule("E-ref-counter", (
    "rules.countermix names a counter id that counters.yaml does not have. Fix the spelling or add the "
    "counter."))

COUNTERMIX = rule("E-countermix", (
    "A counter's count differs from rules.countermix, the number the game's rules say exist (a limit on "
    "development); fix the count or the rule."))

COUNTERMIX_UNDECLARED = rule("W-countermix-undeclared", (
    "The game declares a countermix but not for this counter, so its count is not checked; add it."))

PLAYERS_RANGE = rule("E-players-range", (
    "players.min is larger than players.max, or less than 1. The maximum sets how much starting money the "
    "printed notes must cover, so the range must make sense."))


# --------------------------------------------------------------------------- amounts and money
def _amounts(v: Validator) -> Iterable[tuple[Entity, str, str, int]]:
    """Every money amount in the kit: (object, field, path, value)."""
    kit = v.kit
    m, rules = kit.game.money, kit.game.rules
    yield m, "starting", m.sub("starting"), m.starting
    for i, d in enumerate(m.denominations):
        yield m, "denominations", f"{m.sub('denominations')}[{i}]", d
    for kind, amount in rules.trade_value.items():
        yield rules, "trade_value", f"{rules.sub('trade_value')}.{kind}", amount
    for name in ("market_price", "house_cost"):
        if getattr(rules, name) is not None:
            yield rules, name, rules.sub(name), getattr(rules, name)
    effects = [e for s in kit.board.spaces for e in s.charges()]
    for s in kit.board.spaces:
        if s.price is not None:
            yield s, "price", s.sub("price"), s.price
        if s.jail is not None:
            j = s.jail
            if j.fine is not None:
                yield j, "fine", j.sub("fine"), j.fine
            for i, f in enumerate(j.fines):
                yield j, "fines", f"{j.sub('fines')}[{i}]", f
    for t in kit.titles.titles:
        for name in ("rent", "rent_by_owned"):
            for i, a in enumerate(getattr(t, name) or []):
                yield t, name, f"{t.sub(name)}[{i}]", a
        for name in ("house_cost", "hotel_cost", "mortgage", "trade_value", "sale_value", "premium", "buyout",
                     "building_sale"):
            if getattr(t, name) is not None:
                yield t, name, t.sub(name), getattr(t, name)
        for r in t.rows:
            if r.amount is not None:
                yield r, "amount", r.sub("amount"), r.amount
    effects += [card.effect for deck in kit.decks for card in deck.cards if card.effect is not None]
    for e in effects:
        effects.extend(e.options)  # the options of a choice, walked in turn
    for e in effects:
        for name in ("amount", "amount_improved", "per_house", "per_hotel"):
            if getattr(e, name) is not None:
                yield e, name, e.sub(name), getattr(e, name)
    for table in tables(kit):
        if not table.money:
            continue
        for r in table.rows:
            for j, cell in enumerate(r.cells):
                n = number(cell, v.cur.thousands, v.cur.symbol)
                if isinstance(n, int) or (isinstance(n, float) and n.is_integer()):
                    yield r, "cells", f"{r.sub('cells')}[{j}]", abs(int(n))
    for ms in (kit.money.notes, kit.money.chips):
        if ms is not None:
            for d in ms.denominations:
                yield d, "value", d.sub("value"), d.value


def payable_unit(v: Validator) -> tuple[int, str]:
    """The step every amount must be a multiple of, and how a message names it: money.rounding when given,
    else the smallest amount the denominations make (their greatest common divisor)."""
    m = v.kit.game.money
    if m.rounding > 1:
        return m.rounding, f"money.rounding ({m.rounding})"
    unit = math.gcd(*(d for d in m.denominations if d > 0)) if any(d > 0 for d in m.denominations) else 1
    return max(1, unit), f"the smallest note value ({v.money(unit)}, from money.denominations)"


@check(ROUNDING)
def _rounding(v: Validator) -> None:
    m = v.kit.game.money
    r = m.rounding
    if r < 1:
        v.report(ROUNDING, m, "rounding",
                 f"money.rounding is {r}; it must be at least 1 (1 means any whole amount)")
        return
    notes = math.gcd(*(d for d in m.denominations if d > 0)) if any(d > 0 for d in m.denominations) else 1
    if r > 1 and notes > 1 and r % notes:
        v.report(ROUNDING, m, "rounding",
                 f"money.rounding is {r}, but the notes (money.denominations) only make multiples of {notes}; "
                 f"use a multiple of {notes} ({r - r % notes or notes} or {r - r % notes + notes})")
    r, unit = payable_unit(v)
    if r == 1:
        return
    for obj, name, path, amount in _amounts(v):
        if amount % r:
            lower = amount - amount % r
            v.report(ROUNDING, obj, name,
                     f"{amount} is not a multiple of {unit}; use {lower} or {lower + r}", path=path)
    for t, s in titles_by_space(v):  # a rent of multiplier × the dice, for every dice total
        for i, x in enumerate(t.multipliers or []):
            off = [d for d in range(2, 13) if (x * d) % r]
            if off:
                v.report(ROUNDING, t, "multipliers",
                         f"{x} × the dice is not a multiple of {unit} for a roll of "
                         f"{', '.join(map(str, off[:4]))}{' ...' if len(off) > 4 else ''} ({x} × {off[0]} = "
                         f"{x * off[0]}); print a table of rounded rents by dice total instead of the multiplier",
                         path=f"{t.sub('multipliers')}[{i}]")
    _interest(v, r, unit)
    for value in m.starting_split:
        if value % r:
            v.report(ROUNDING, m, "starting_split",
                     f"note value {value} is not a multiple of {unit}",
                     path=f"{m.sub('starting_split')}.{value}")


def _interest(v: Validator, r: int, unit: str) -> None:
    """The interest rules.mortgage_interest takes of every mortgage value is payable."""
    rules = v.kit.game.rules
    pct = rules.mortgage_interest
    if not pct:
        return
    step = 100 * r  # a mortgage value m is fine when m × pct is a multiple of 100 × r
    for t, s in titles_by_space(v):
        if t.mortgage is None or (t.mortgage * pct) % step == 0:
            continue
        interest = t.mortgage * pct / 100
        good = [m for m in range(t.mortgage - t.mortgage % r, t.mortgage + step + 1, r) if (m * pct) % step == 0]
        below = [m for m in range(t.mortgage - t.mortgage % r, max(-1, t.mortgage - step - 1), -r)
                 if m > 0 and (m * pct) % step == 0]
        fixes = " or ".join(str(m) for m in (below[:1] + good[:1]))
        how = f"a mortgage value of {fixes}" if fixes else "another mortgage value"
        if rules.mortgage == "half" and s.price is not None and fixes:
            how += f" (rules.mortgage is 'half': a price of {' or '.join(str(2 * int(m)) for m in below[:1] + good[:1])} for {t.space!r})"
        v.report(ROUNDING, t, "mortgage",
                 f"rules.mortgage_interest takes {pct} % of this mortgage value: {t.mortgage} × {pct} % = "
                 f"{interest:g}, not a multiple of {unit}, so no notes pay it; give {how}, or change "
                 f"rules.mortgage_interest", path=t.sub("mortgage"))


@check(MONEY_SPLIT_SUM, MONEY_SPLIT_DENOMINATION, MONEY_DENOMINATION, MONEY_UNPRINTED, MONEY_RESERVE,
       MONEY_SET_EMPTY)
def _money(v: Validator) -> None:
    kit = v.kit
    m = kit.game.money
    denoms = set(m.denominations)
    total = sum(value * count for value, count in m.starting_split.items())
    if total != m.starting:
        parts = " + ".join(f"{c} × {val}" for val, c in sorted(m.starting_split.items(), reverse=True)) or "nothing"
        v.report(MONEY_SPLIT_SUM, m, "starting_split",
                 f"the starting split pays {parts} = {total}, but money.starting is {m.starting}; "
                 f"{'remove' if total > m.starting else 'add'} {abs(total - m.starting)} worth of notes or correct "
                 f"money.starting")
    for value, missing in _not_denominations(m, m.starting_split):
        v.report(MONEY_SPLIT_DENOMINATION, m, "starting_split",
                 f"the starting split pays out {value}-notes, but {missing}; use existing values or add {value}",
                 path=f"{m.sub('starting_split')}.{value}")
    sets = [(name, ms) for name, ms in (("notes", kit.money.notes), ("chips", kit.money.chips)) if ms is not None]
    if not sets:
        return  # the kit prints no money
    printed: set[int] = set()
    for name, ms in sets:
        for d in ms.denominations:
            printed.add(d.value)
            if d.count == 0 and (m.starting_split.get(d.value) or m.reserve_of(d.value)):
                v.report(MONEY_SET_EMPTY, d, "count",
                         f"{name} of value {d.value}: a set of 0, but each player starts with "
                         f"{m.starting_split.get(d.value, 0)} and the bank keeps {m.reserve_of(d.value)}; give the "
                         f"set a count (a sheet's worth, e.g. 10)")
            if d.value not in denoms:
                v.report(MONEY_DENOMINATION, d, "value",
                         f"{name} of value {d.value} are printed, but {d.value} is not in game.yaml's "
                         f"money.denominations ({', '.join(map(str, sorted(denoms))) or 'none'}); add it there or "
                         f"remove this {name[:-1]}")
    for value in sorted(denoms):
        if value not in printed:
            v.report(MONEY_UNPRINTED, m, "denominations",
                     f"denomination {value} has no printed note or chip; add it to money.yaml")
    if m.reserve is None:
        v.report(MONEY_RESERVE, m, None,
                 f"money.reserve is not declared: the build prints each value's notes for {kit.players} players' "
                 f"starting money and nothing more; add reserve: 5 (notes of every value the bank keeps besides)")
    elif isinstance(m.reserve, dict):
        for value, missing in _not_denominations(m, m.reserve):
            v.report(MONEY_RESERVE, m, "reserve",
                     f"the reserve keeps {value}-notes, but {missing}: it is never printed; use one of those values",
                     path=f"{m.sub('reserve')}.{value}")


def _not_denominations(m, values) -> Iterable[tuple[int, str]]:
    """The note values of a mapping (the starting split, the reserve) that money.denominations lacks, each with
    the words that say so."""
    denoms = ", ".join(map(str, sorted(m.denominations))) or "none"
    for value in values:
        if value not in m.denominations:
            yield value, f"{value} is not in money.denominations ({denoms})"


# --------------------------------------------------------------------------- counters
@check(REF_COUNTER, COUNTERMIX, COUNTERMIX_UNDECLARED)
def _counters(v: Validator) -> None:
    kit, rules = v.kit, v.kit.game.rules
    counters = {c.id: c for c in reversed(kit.counters.counters)}  # first wins
    for cid, want in rules.countermix.items():
        c = counters.get(cid)
        if c is None:
            v.report(REF_COUNTER, rules, "countermix",
                     f"rules.countermix names counter {cid!r}, but counters.yaml has no such counter"
                     f"{did_you_mean(cid, counters)}; counters: {known(counters)}",
                     path=f"{rules.sub('countermix')}.{cid}")
        elif c.count != want:
            v.report(COUNTERMIX, c, "count",
                     f"{c.count} {cid!r} counters are printed, but rules.countermix says {want}; set count: {want} "
                     f"or correct rules.countermix")
    if rules.countermix:
        for c in kit.counters.counters:
            if c.id not in rules.countermix:
                v.report(COUNTERMIX_UNDECLARED, c, "id",
                         f"rules.countermix does not list counter {c.id!r}; add {c.id}: {c.count} so its count is "
                         f"checked")


# --------------------------------------------------------------------------- supply
#: the most notes and chips an edition prints, and the most players a game may be for
MAX_PIECES = 5000
MAX_PLAYERS = 99


@check(SUPPLY_SIZE, SUPPLY_TOKENS, SUPPLY_COUNTER)
def _supply(v: Validator) -> None:
    kit = v.kit
    players = kit.game.players
    if players.max > MAX_PLAYERS:
        v.report(SUPPLY_SIZE, players, "max", f"players.max is {players.max}; a kit is for at most {MAX_PLAYERS} "
                                              f"players")
    elif all(c.per_set <= MAX_COPIES for c in plan(kit)):  # a set too large is E-count-large's to say
        total = sum(c.printed for c in plan(kit))
        if total > MAX_PIECES:
            m = kit.game.money
            v.report(SUPPLY_SIZE, m, "reserve" if m.reserve is not None else None,
                     f"{kit.players} players and the reserve need {total:,} notes and chips; an edition prints at "
                     f"most {MAX_PIECES:,}: lower money.reserve (or players.max)")
    pieces = [t for t in kit.counters.tokens if not t.marker]
    if kit.counters.tokens and len(pieces) < players.max:
        v.report(SUPPLY_TOKENS, kit.counters, "tokens",
                 f"{len(pieces)} player token(s) for up to {players.max} players (players.max): add "
                 f"{players.max - len(pieces)}, or lower players.max")
    properties = sum(1 for s in kit.board.spaces if s.group)
    for c in kit.counters.counters:
        if c.limited:
            continue
        if c.id in kit.game.rules.countermix:
            fix = "remove it from rules.countermix, or set limited: true" if "limited" in c.locs else \
                "add limited: true so the kit says that none can be built once they run out"
            v.report(SUPPLY_COUNTER, c, "count",
                     f"rules.countermix sets the supply of {c.name} at {c.count}, a limit of the game: {fix}")
        elif c.per_space is not None and c.count < c.per_space * properties:
            v.report(SUPPLY_COUNTER, c, "count",
                     f"{c.count} {c.name} printed, but {properties} properties × {c.per_space} = "
                     f"{c.per_space * properties} can stand on the board at once: print that many, or add "
                     f"limited: true if the game's supply is a limit")


# --------------------------------------------------------------------------- players
@check(PLAYERS_RANGE)
def _players(v: Validator) -> None:
    p = v.kit.game.players
    if p.min > p.max:
        v.report(PLAYERS_RANGE, p, "min", f"players.min ({p.min}) is more than players.max ({p.max}); swap them")
    elif p.min < 1:
        v.report(PLAYERS_RANGE, p, "min", f"players.min is {p.min}; a game needs at least 1 player")
