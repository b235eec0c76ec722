"""Title cards: one per ownable space, what they print (rents, development costs), mortgages and trade values.

Every property, station and utility has exactly one title card. The game's rules (game.yaml ``rules``)
fix what the cards must agree on: the rent ladder's steps, equal development costs, the mortgage
(none, or half the price) and fixed trade values per kind of title.
"""
from __future__ import annotations

from collections import Counter, defaultdict

from ..model import OWNABLE, Space, Title
from . import Validator, check, did_you_mean, rule
from .board import REF_KIND, REF_SPACE

TITLE_MISSING = rule("E-title-missing", (
    "An ownable space has no title card. Every property, station and utility needs exactly one title card in "
    "titles.yaml, or it could be bought with nothing to hold."))

TITLE_DUPLICATE = rule("E-title-duplicate", (
    "Two title cards are for the same space; there must be exactly one per ownable space."))

TITLE_NOT_OWNABLE = rule("E-title-not-ownable", (
    "A title card is for a space that cannot be owned (not a property, station or utility)."))

TITLE_RENT = rule("E-title-rent", (
    "A title card prints no rent at all: give it rent (properties), rent_by_owned (stations), multipliers "
    "(utilities) or a table."))

RENT_STEPS = rule("E-rent-steps", (
    "A rent list has a different number of steps from terms.rent_ladder, so the card's labels and amounts "
    "would not line up. Each rent list has one amount per label."))

RENT_DECREASING = rule("E-rent-decreasing", (
    "A rent ladder (rent, rent_by_owned, multipliers) goes down somewhere. More development or owning more of "
    "a kind never lowers the rent; this is nearly always a typo."))

DEV_COST_GROUP = rule("E-dev-cost-group", (
    "The house or hotel cost differs between properties of the same group. Development costs are set per "
    "group; make them equal."))

DEV_COST_EQUAL = rule("E-dev-cost-equal", (
    "rules.equal_development_costs says house and hotel cost are always the same, but this card differs."))

MORTGAGE_VALUE = rule("E-mortgage-value", (
    "rules.mortgage is 'half': every title card carries a mortgage value of half its space's price, rounded "
    "up to money.rounding. This card's value is missing or different."))

MORTGAGE_UNEXPECTED = rule("E-mortgage-unexpected", (
    "rules.mortgage is 'none' (the game has no mortgages) but a title card prints a mortgage value; remove it "
    "or set rules.mortgage to 'half'."))

TRADE_VALUE = rule("E-trade-value", (
    "rules.trade_value fixes the trade value of every title of a kind (e.g. every station); this card's trade "
    "value is missing or different."))


# --------------------------------------------------------------------------- title cards
def _titles_by_space(v: Validator) -> list[tuple[Title, Space]]:
    """Title cards paired with their ownable space (first card per space only)."""
    out, seen = [], set()
    for t in v.kit.titles.titles:
        s = v.spaces.get(t.space)
        if s is not None and s.kind in OWNABLE and t.space not in seen:
            seen.add(t.space)
            out.append((t, s))
    return out


@check(REF_SPACE, TITLE_NOT_OWNABLE, TITLE_DUPLICATE, TITLE_RENT, TITLE_MISSING)
def _titles(v: Validator) -> None:
    kit = v.kit
    first: dict[str, Title] = {}
    for t in kit.titles.titles:
        s = v.spaces.get(t.space)
        if s is None:
            v.report(REF_SPACE, t, "space",
                     f"title card for space {t.space!r}, but no space on the board has that id"
                     f"{did_you_mean(t.space, v.spaces)}")
            continue
        if s.kind not in OWNABLE:
            v.report(TITLE_NOT_OWNABLE, t, "space",
                     f"title card for {t.space!r}, a {s.kind} space, which cannot be owned; remove the card or make "
                     f"the space a property, station or utility")
            continue
        if t.space in first:
            v.report(TITLE_DUPLICATE, t, "space",
                     f"a second title card for {t.space!r} (the first is at {v.loc(first[t.space], 'space')}); "
                     f"keep one")
            continue
        first[t.space] = t
        if not (t.rent or t.rent_by_owned or t.multipliers or t.table is not None):
            key = {"property": "rent", "station": "rent_by_owned", "utility": "multipliers"}[s.kind]
            v.report(TITLE_RENT, t, None,
                     f"the title card for {s.kind} {t.space!r} prints no rent; add {key}: [...] (or a table)",
                     path=t.sub(key))
    for s in kit.board.spaces:
        if s.kind in OWNABLE and s.id not in first:
            v.report(TITLE_MISSING, s, "id",
                     f"{s.kind} {s.id!r} has no title card; add one to titles.yaml: - {{space: {s.id}, ...}}")


@check(RENT_STEPS, RENT_DECREASING)
def _rents(v: Validator) -> None:
    terms = v.kit.game.terms
    steps = len(terms.rent_ladder)
    for t, s in _titles_by_space(v):
        if t.rent is not None and len(t.rent) != steps:
            v.report(RENT_STEPS, t, "rent",
                     f"{len(t.rent)} rent amount(s) but terms.rent_ladder has {steps} label(s) "
                     f"({', '.join(terms.rent_ladder)}); give one amount per label")
        for name in ("rent", "rent_by_owned", "multipliers"):
            ladder = getattr(t, name)
            if not ladder:
                continue
            for i in range(1, len(ladder)):
                if ladder[i] < ladder[i - 1]:
                    v.report(RENT_DECREASING, t, name,
                             f"{name}[{i}] = {ladder[i]} is less than {name}[{i - 1}] = {ladder[i - 1]}; a ladder "
                             f"never goes down: check for a typo", path=f"{t.sub(name)}[{i}]")
                    break


@check(DEV_COST_EQUAL, DEV_COST_GROUP)
def _development_costs(v: Validator) -> None:
    rules = v.kit.game.rules
    by_group: dict[str, list[Title]] = defaultdict(list)
    for t, s in _titles_by_space(v):
        if s.kind == "property" and s.group is not None:
            by_group[s.group].append(t)
        if rules.equal_development_costs and t.house_cost is not None and t.hotel_cost is not None \
                and t.house_cost != t.hotel_cost:
            v.report(DEV_COST_EQUAL, t, "hotel_cost",
                     f"hotel_cost {t.hotel_cost} differs from house_cost {t.house_cost}, but "
                     f"rules.equal_development_costs says they are always the same; make them equal")
    for gid, titles in by_group.items():
        for name in ("house_cost", "hotel_cost"):
            values = [getattr(t, name) for t in titles]
            common = Counter(values).most_common()
            if len(common) < 2:
                continue
            want = common[0][0]
            if common[0][1] == common[1][1]:  # a tie: the first card sets the value
                want = values[0]
            for t in titles:
                have = getattr(t, name)
                if have != want:
                    shown = "missing" if have is None else str(have)
                    others = f"no {name}" if want is None else f"{name} {want}"
                    v.report(DEV_COST_GROUP, t, name if have is not None else None,
                             f"{name} of {t.space!r} is {shown}, but the other cards of group {gid!r} have {others}; "
                             f"development costs are the same within a group", path=t.sub(name))


@check(MORTGAGE_UNEXPECTED, MORTGAGE_VALUE)
def _mortgages(v: Validator) -> None:
    rules = v.kit.game.rules
    r = v.rounding if v.rounding >= 1 else 1
    for t, s in _titles_by_space(v):
        if rules.mortgage == "none":
            if t.mortgage is not None:
                v.report(MORTGAGE_UNEXPECTED, t, "mortgage",
                         f"the card prints mortgage {t.mortgage}, but rules.mortgage is 'none'; remove it or set "
                         f"rules.mortgage: half")
        elif rules.mortgage == "half" and s.price is not None:
            want = -(-s.price // (2 * r)) * r  # half the price, rounded up to the rounding
            if t.mortgage != want:
                have = "the card has no mortgage value" if t.mortgage is None else f"the card's mortgage is {t.mortgage}"
                v.report(MORTGAGE_VALUE, t, "mortgage" if t.mortgage is not None else None,
                         f"{have}, but rules.mortgage is 'half' and {t.space!r} costs {s.price}: write "
                         f"mortgage: {want}", path=t.sub("mortgage"))


@check(REF_KIND, TRADE_VALUE)
def _trade_values(v: Validator) -> None:
    rules = v.kit.game.rules
    for kind in rules.trade_value:
        if kind not in OWNABLE:
            v.report(REF_KIND, rules, "trade_value",
                     f"rules.trade_value names {kind!r}, which is not a kind of title; use "
                     f"{', '.join(OWNABLE)}{did_you_mean(kind, OWNABLE)}", path=f"{rules.sub('trade_value')}.{kind}")
    for t, s in _titles_by_space(v):
        want = rules.trade_value.get(s.kind)
        if want is not None and t.trade_value != want:
            have = "the card has no trade value" if t.trade_value is None else f"the card's trade value is {t.trade_value}"
            v.report(TRADE_VALUE, t, "trade_value" if t.trade_value is not None else None,
                     f"{have}, but rules.trade_value says every {s.kind} is worth {want}; write trade_value: {want}",
                     path=t.sub("trade_value"))
