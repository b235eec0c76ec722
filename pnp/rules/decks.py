"""Decks and effects: deck sizes, decks in use, and what cards and spaces do (moves, amounts, tables, keep).

The game may declare how many cards each deck holds (rules.deck_sizes, counting copies) and how many
each player is dealt (rules.hand). An effect, of a card or of a space (on_land, on_pass), is what it
does; it must say everything its action needs (where to move, how much, from which table or deck),
refer to spaces, kinds, decks and tables that exist, and a card that frees a player must be kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Effect
from . import check, did_you_mean, known, rule
from .board import REF_DECK, REF_KIND, REF_SPACE
from .tables import REF_TABLE, TABLE_RANGE, number

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

DECK_SIZE = rule("E-deck-size", (
    "A deck holds a different number of cards (counting copies) from rules.deck_sizes; add or remove cards, "
    "or correct the declared size."))

DECK_SIZE_UNDECLARED = rule("W-deck-size-undeclared", (
    "The game declares deck sizes in rules.deck_sizes but not for this deck, so its size is not checked; add "
    "it."))

DECK_UNUSED = rule("W-deck-unused", (
    "Nothing uses this deck: no space draws from it (deck: <id>) and no effect names it (draw, buy_card, "
    "lose_cards); add one or remove the deck."))

EFFECT_MOVE = rule("E-effect-move", (
    "An effect moves a player but does not say where: advance and go need a target (a space id) or nearest "
    "(a kind); nearest needs nearest; forward and back need steps."))

EFFECT_AMOUNT = rule("E-effect-amount", (
    "An effect moves money but says no amount: pay, collect, pay_each and collect_each need an amount or a "
    "table to read it from; buy_card, take_property and sell_back need amount (amount_improved, the price of "
    "a built-up property, is never less); repairs needs per_house and per_hotel."))

KEEP_MISMATCH = rule("E-keep-mismatch", (
    "A card whose effect helps a player later (leave_jail: a way out of jail) is kept until used: it needs "
    "keep: true, which prints the keep line. A kept card may have any effect."))

DECK_RESHUFFLE = rule("E-deck-reshuffle", (
    "A deck whose rules shuffle every card again when the last is drawn (reshuffle: all) holds a card a "
    "player keeps: that card would be missing from the new pile. Make the card not kept, or say reshuffle: "
    "used (the used cards are shuffled; a kept card returns when played)."))

CHARGED_TWICE = rule("W-charged-twice", (
    "A space charges (or pays) the same in on_pass and on_land. on_pass applies to a player who lands there "
    "too, so a player landing pays twice; a toll charged on passing or landing is on_pass only, and on_land "
    "is for what landing exactly adds."))

CARD_TARGET = rule("W-card-target", (
    "A card moves the player to a space (advance or go with a target) but its text does not name that space "
    "(its name or subtitle, as printed, in any case): the effect and the text send the player to different "
    "places, or the text leaves the player guessing. Name the space in the text, best through a template "
    "({{ space('<id>').name }}), or correct the effect's target. The check compares names only: it cannot "
    "tell whether the text's verb agrees with advance (collects on the way) or go (directly)."))


@check(REF_DECK, DECK_SIZE, DECK_SIZE_UNDECLARED, DECK_UNUSED, DECK_RESHUFFLE)
def _decks(v: Validator) -> None:
    kit, rules = v.kit, v.kit.game.rules
    for deck in kit.decks:
        if deck.reshuffle == "all":
            for card in deck.cards:
                if card.keep:
                    v.report(DECK_RESHUFFLE, card, "keep",
                             f"deck {deck.id!r} shuffles every card again when the last is drawn (reshuffle: all), "
                             f"but this card is kept by a player; remove keep: true or set reshuffle: used")
    for did in rules.deck_sizes:
        if did not in v.decks:
            v.report(REF_DECK, rules, "deck_sizes",
                     f"rules.deck_sizes names deck {did!r}, but there is no such deck{did_you_mean(did, v.decks)}; "
                     f"decks: {known(v.decks)}", path=f"{rules.sub('deck_sizes')}.{did}")
    drawn = {s.deck for s in kit.board.spaces if s.deck is not None}  # drawn on a space, or named by an effect
    drawn |= {e.deck for s in kit.board.spaces for e in s.charges() if e.deck is not None}
    drawn |= {c.effect.deck for d in kit.decks for c in d.cards if c.effect is not None and c.effect.deck is not None}
    for deck in kit.decks:
        if v.decks.get(deck.id) is not deck:
            continue  # a duplicate id, reported by _unique_ids
        total = sum(c.copies for c in deck.cards)
        want = rules.deck_sizes.get(deck.id)
        if want is not None and total != want:
            diff = total - want
            v.report(DECK_SIZE, deck, "cards",
                     f"deck {deck.id!r} has {total} card(s) counting copies, but rules.deck_sizes says {want}; "
                     f"{'remove' if diff > 0 else 'add'} {abs(diff)} card(s) or correct rules.deck_sizes")
        elif want is None and rules.deck_sizes:
            v.report(DECK_SIZE_UNDECLARED, deck, "id",
                     f"rules.deck_sizes does not list deck {deck.id!r}; add {deck.id}: {total} so its size is "
                     f"checked")
        if deck.id not in drawn:
            v.report(DECK_UNUSED, deck, "id",
                     f"nothing uses deck {deck.id!r}: no space draws from it and no effect names it; add deck: "
                     f"{deck.id} to a space, or remove the deck")


@check(KEEP_MISMATCH, EFFECT_MOVE, REF_SPACE, REF_KIND, EFFECT_AMOUNT, REF_DECK, REF_TABLE, TABLE_RANGE,
       DECK_SIZE, CHARGED_TWICE, CARD_TARGET)
def _effects(v: Validator) -> None:
    """Every effect, of a card or of a space, has what its action needs; kept cards say so."""
    kinds = {s.kind for s in v.kit.board.spaces}
    for s in v.kit.board.spaces:
        for e in s.charges():
            _effect(v, e, kinds)
        passing = {(e.action, e.amount, e.table) for e in s.on_pass if e.action in _MONEY}
        for e in s.on_land:
            if (e.action, e.amount, e.table) in passing:
                v.report(CHARGED_TWICE, e, "action",
                         f"{s.id!r} has the same {e.action} in on_pass and on_land: on_pass applies when landing too, "
                         f"so a player landing here would {e.action} twice; keep it in on_pass only (or say what "
                         f"landing adds)")
    for deck in v.kit.decks:
        for card in deck.cards:
            e = card.effect
            if e is not None:
                _effect(v, e, kinds)
                _card_names_target(v, card, e)
                if e.action == "leave_jail" and not card.keep:
                    v.report(KEEP_MISMATCH, e, "action",
                             "the card frees a player from jail, which they need later: add keep: true to the card "
                             "(it prints the keep line)")
    rules = v.kit.game.rules
    for did, n in rules.hand.items():
        deck = v.decks.get(did)
        if deck is None:
            v.report(REF_DECK, rules, "hand",
                     f"rules.hand deals cards of deck {did!r}, but there is no such deck{did_you_mean(did, v.decks)}",
                     path=f"{rules.sub('hand')}.{did}")
            continue
        total, most = sum(c.copies for c in deck.cards), v.kit.game.players.max
        if n * most > total:
            v.report(DECK_SIZE, deck, "cards",
                     f"every player starts with {n} card(s) of {did!r}: {most} players (players.max) need {n * most}, "
                     f"but the deck has {total}; add cards or lower rules.hand")


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _card_names_target(v: Validator, card, e: Effect) -> None:
    """A card that moves the player to a space names that space in its (rendered) text."""
    if "{{" in card.text or "{%" in card.text:
        return  # the template did not render: that is reported (E-template-*), and the names are unknown
    said = _folded(card.text)
    for move in [e, *e.options]:
        if move.action not in _MOVES_TO or move.target not in v.spaces:
            continue
        s = v.spaces[move.target]
        names = [n for n in (s.name, s.subtitle) if n]
        if not any(_folded(n) in said for n in names):
            v.report(CARD_TARGET, card, "text",
                     f"the card's effect {move.action}s to {move.target!r} ({' / '.join(names)}), but its text does "
                     f"not name it; write {{{{ space('{move.target}').name }}}} into the text, or correct the target "
                     f"(at {v.loc(move, 'target')})")


#: what each action needs besides its name
_MOVES_TO = ("advance", "go")
_STEPS = ("forward", "back")
_MONEY = ("pay", "collect", "pay_each", "collect_each")
_DECK = ("draw", "buy_card", "lose_cards")
_PRICED = ("buy_card", "take_property", "sell_back")


def _effect(v: Validator, e: Effect, kinds: set) -> None:
    a = e.action
    if a in _MOVES_TO and e.target is None and e.nearest is None:
        v.report(EFFECT_MOVE, e, "action",
                 f"the {a!r} effect needs somewhere to go; add target: <space id> or nearest: <kind>",
                 path=e.sub("target"))
    if a == "nearest" and e.nearest is None:
        v.report(EFFECT_MOVE, e, "action",
                 "a 'nearest' effect needs the kind to move to; add nearest: <kind> (e.g. station)",
                 path=e.sub("nearest"))
    if a in _STEPS and e.steps is None:
        v.report(EFFECT_MOVE, e, "action", f"a {a!r} effect needs steps: <how many spaces>", path=e.sub("steps"))
    if e.target is not None and e.target not in v.spaces:
        v.report(REF_SPACE, e, "target", f"no space {e.target!r} on the board{did_you_mean(e.target, v.spaces)}")
    if e.nearest is not None and e.nearest not in kinds:
        v.report(REF_KIND, e, "nearest",
                 f"the effect moves to the nearest {e.nearest!r}, but no space on the board is of that kind; kinds: "
                 f"{known(kinds)}{did_you_mean(e.nearest, kinds)}")
    if a in ("jail", "leave_jail") and not v.kit.jails():
        v.report(REF_KIND, e, "action",
                 f"the {a!r} effect needs a space that holds players, but no space has jail: {{...}}")
    if a in _MONEY and e.amount is None and e.table is None:
        v.report(EFFECT_AMOUNT, e, "action",
                 f"the {a!r} effect needs amount: <how much> or table: <table id>", path=e.sub("amount"))
    if a in _PRICED and e.amount is None:
        v.report(EFFECT_AMOUNT, e, "action", f"the {a!r} effect needs amount: <price>", path=e.sub("amount"))
    if e.amount_improved is not None and e.amount is not None and e.amount_improved < e.amount:
        v.report(EFFECT_AMOUNT, e, "amount_improved",
                 f"amount_improved {e.amount_improved} is less than amount {e.amount}; a built-up property never "
                 f"costs less")
    if a == "repairs":
        for name in ("per_house", "per_hotel"):
            if getattr(e, name) is None:
                v.report(EFFECT_AMOUNT, e, "action", f"a 'repairs' effect needs {name}: <amount>", path=e.sub(name))
    if a in _DECK:
        if e.deck is None:
            v.report(REF_DECK, e, "action", f"the {a!r} effect needs deck: <deck id> (decks: {known(v.decks)})",
                     path=e.sub("deck"))
        elif e.deck not in v.decks:
            v.report(REF_DECK, e, "deck", f"no deck {e.deck!r}{did_you_mean(e.deck, v.decks)}; decks: "
                     f"{known(v.decks)}")
    if e.table is not None:
        _effect_table(v, e)
    for option in e.options:
        _effect(v, option, kinds)


#: how a table is read -> (what the rows must cover, what the columns must cover)
_READS = {"dice": (range(1, 7), range(1, 7)), "total": (None, range(2, 13))}


def _effect_table(v: Validator, e: Effect) -> None:
    """The named table exists and covers every roll it is read by."""
    table = v.kit.tables.table(e.table)
    if table is None:
        ids = [t.id for t in v.kit.tables.tables if t.id]
        v.report(REF_TABLE, e, "table",
                 f"no table {e.table!r} in tables.yaml{did_you_mean(e.table, ids)}; tables: {known(ids)}")
        return
    if table.read is None:
        v.report(TABLE_RANGE, table, "id",
                 f"table {table.id!r} is read by an effect (at {v.loc(e, 'table')}) but does not say how: add "
                 f"read: dice (rows and columns: one die each), total (columns: the dice total) or owned")
        return
    rows_need, cols_need = _READS.get(table.read, (None, None))
    sep, sym = v.cur.thousands, v.cur.symbol
    if table.read == "total":  # the dice total may run along the columns or down the rows
        cols = {number(c, sep, sym) for c in table.columns}
        rows = {number(r.key if r.key is not None else r.label, sep, sym) for r in table.rows}
        if all(n in rows for n in cols_need) and not all(n in cols for n in cols_need):
            rows_need, cols_need = cols_need, None
    if cols_need is not None:
        have = {number(c, sep, sym) for c in table.columns}
        missing = [n for n in cols_need if n not in have]
        if missing:
            v.report(TABLE_RANGE, table, "columns",
                     f"table {table.id!r} is read by {table.read} and needs a column for each of "
                     f"{cols_need.start}-{cols_need.stop - 1}; missing: {', '.join(map(str, missing))}")
    if rows_need is not None:
        have = {number(r.key if r.key is not None else r.label, sep, sym) for r in table.rows}
        missing = [n for n in rows_need if n not in have]
        if missing:
            v.report(TABLE_RANGE, table, "rows",
                     f"table {table.id!r} is read by {table.read} and needs a row for each of "
                     f"{rows_need.start}-{rows_need.stop - 1}; missing: {', '.join(map(str, missing))}")
