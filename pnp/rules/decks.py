"""Decks and cards: deck sizes, decks drawn from the board, and card effects (moves, amounts, keep).

The game may declare how many cards each deck holds (rules.deck_sizes, counting copies). A card's
effect is what the card does; it must say everything its action needs (where to move, how much to
pay), refer to spaces and kinds the board has, and agree with the card's keep line.
"""
from __future__ import annotations

from . import Validator, check, did_you_mean, known, rule
from .board import REF_DECK, REF_KIND, REF_SPACE

DECK_SIZE = rule("E-deck-size", (
    "A deck holds a different number of cards (counting copies) from rules.deck_sizes; add or remove cards, "
    "or correct the declared size."))

DECK_SIZE_UNDECLARED = rule("W-deck-size-undeclared", (
    "The game declares deck sizes in rules.deck_sizes but not for this deck, so its size is not checked; add "
    "it."))

DECK_UNUSED = rule("W-deck-unused", (
    "No space on the board draws from this deck; add a deck space (kind: deck, deck: <id>) or remove the "
    "deck."))

EFFECT_MOVE = rule("E-effect-move", (
    "A card's effect moves a player but does not say where: advance and go need a target (a space id) or "
    "nearest (a kind); nearest needs nearest; back needs steps."))

EFFECT_AMOUNT = rule("E-effect-amount", (
    "A card's effect moves money but says no amount: pay, collect, pay_each and collect_each need amount; "
    "repairs needs per_house and per_hotel."))

KEEP_MISMATCH = rule("E-keep-mismatch", (
    "A card kept until used must say so twice, consistently: keep: true on the card (it prints the keep line) "
    "and an effect with action keep, if it has an effect."))


@check(REF_DECK, DECK_SIZE, DECK_SIZE_UNDECLARED, DECK_UNUSED)
def _decks(v: Validator) -> None:
    kit, rules = v.kit, v.kit.game.rules
    for did in rules.deck_sizes:
        if did not in v.decks:
            v.report(REF_DECK, rules, "deck_sizes",
                     f"rules.deck_sizes names deck {did!r}, but there is no such deck{did_you_mean(did, v.decks)}; "
                     f"decks: {known(v.decks)}", path=f"{rules.sub('deck_sizes')}.{did}")
    drawn = {s.deck for s in kit.board.spaces if s.deck is not None}
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
                     f"no board space draws from deck {deck.id!r}; add a space with kind: deck, deck: {deck.id}")


@check(KEEP_MISMATCH, EFFECT_MOVE, REF_SPACE, REF_KIND, EFFECT_AMOUNT)
def _effects(v: Validator) -> None:
    kinds = {s.kind for s in v.kit.board.spaces}
    for deck in v.kit.decks:
        for card in deck.cards:
            e = card.effect
            if e is not None:
                _effect(v, card, e, kinds)
            action = e.action if e is not None else None
            if card.keep and e is not None and action != "keep":
                v.report(KEEP_MISMATCH, card, "keep",
                         f"the card is kept (keep: true) but its effect is {action!r}; use effect: {{action: keep}} "
                         f"or remove keep: true")
            elif action == "keep" and not card.keep:
                v.report(KEEP_MISMATCH, e, "action",
                         "the effect is 'keep' but the card does not say keep: true (which prints the keep line); "
                         "add keep: true to the card")


def _effect(v: Validator, card, e, kinds: set) -> None:
    a = e.action
    if a in ("advance", "go") and e.target is None and e.nearest is None:
        v.report(EFFECT_MOVE, e, "action",
                 f"the {a!r} effect needs somewhere to go; add target: <space id> or nearest: <kind>",
                 path=e.sub("target"))
    if a == "nearest" and e.nearest is None:
        v.report(EFFECT_MOVE, e, "action",
                 "a 'nearest' effect needs the kind to move to; add nearest: <kind> (e.g. station)",
                 path=e.sub("nearest"))
    if a == "back" and e.steps is None:
        v.report(EFFECT_MOVE, e, "action", "a 'back' effect needs steps: <how many spaces>", path=e.sub("steps"))
    if e.target is not None and e.target not in v.spaces:
        v.report(REF_SPACE, e, "target",
                 f"no space {e.target!r} on the board{did_you_mean(e.target, v.spaces)}")
    if e.nearest is not None and e.nearest not in kinds:
        v.report(REF_KIND, e, "nearest",
                 f"the card moves to the nearest {e.nearest}, but the board has no {e.nearest} space")
    if a == "jail" and "jail" not in kinds:
        v.report(REF_KIND, e, "action", "the card sends a player to jail, but the board has no jail space")
    if a in ("pay", "collect", "pay_each", "collect_each") and e.amount is None:
        v.report(EFFECT_AMOUNT, e, "action", f"the {a!r} effect needs amount: <how much>", path=e.sub("amount"))
    if a == "repairs":
        for name in ("per_house", "per_hotel"):
            if getattr(e, name) is None:
                v.report(EFFECT_AMOUNT, e, "action", f"a 'repairs' effect needs {name}: <amount>",
                         path=e.sub(name))
