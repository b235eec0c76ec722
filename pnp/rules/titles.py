"""Title cards: one per ownable space, what they print (rents, development costs), mortgages and values.

A space with a price can be owned and has exactly one title card. The game's rules (game.yaml ``rules``)
fix what the cards must agree on: the rent ladder's steps, equal or fixed development costs, the mortgage
(none, or half the price), fixed trade values per kind of space, one market price, the buyout.
"""
from __future__ import annotations

from collections import Counter, defaultdict
import math
from typing import TYPE_CHECKING

from ..model import Space, Title
from . import check, did_you_mean, known, rule
from .board import REF_KIND, REF_SPACE, SPACE_GROUP

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

TITLE_MISSING = rule("E-title-missing", (
    "A space with a price has no title card. Every space that can be bought needs exactly one title card in "
    "titles.yaml, or it could be bought with nothing to hold."))

TITLE_DUPLICATE = rule("E-title-duplicate", (
    "Two title cards are for the same space; there must be exactly one per ownable space."))

TITLE_NOT_OWNABLE = rule("E-title-not-ownable", (
    "A title card is for a space that cannot be owned: it has no price."))

TITLE_RENT = rule("E-title-rent", (
    "A title card prints no rent at all: give it rent (a ladder by development), rent_by_owned (by how many of "
    "its kind are owned), multipliers (times the dice) or a table."))

RENT_STEPS = rule("E-rent-steps", (
    "A rent list has a different number of steps from terms.rent_ladder, so the card's labels and amounts "
    "would not line up. Each rent list has one amount per label."))

RENT_HEADS = rule("E-rent-heads", (
    "terms.rent_heads has a different number of heads from terms.rent_ladder's steps. The rules booklet's "
    "property table sets one head over each step's column of rents: give one head per step."))

RENT_DECREASING = rule("E-rent-decreasing", (
    "A rent ladder (rent, rent_by_owned, multipliers) goes down somewhere. More development or owning more of "
    "a kind never lowers the rent; this is nearly always a typo."))

DEV_COST_GROUP = rule("E-dev-cost-group", (
    "The house or hotel cost differs between properties of the same group. Development costs are set per "
    "group; make them equal."))

DEV_COST_EQUAL = rule("E-dev-cost-equal", (
    "rules.equal_development_costs says house and hotel cost are always the same, or rules.house_cost gives "
    "the one house cost of every card, but this card differs."))

MORTGAGE_VALUE = rule("E-mortgage-value", (
    "rules.mortgage is 'half': every title card carries a mortgage value of half its space's price, rounded "
    "up to money.rounding. This card's value is missing or different."))

MORTGAGE_UNEXPECTED = rule("E-mortgage-unexpected", (
    "rules.mortgage is 'none' (the game has no mortgages) but a title card prints a mortgage value, or "
    "rules.mortgage_interest sets an interest on mortgages; remove it or set rules.mortgage to 'half'."))

TRADE_VALUE = rule("E-trade-value", (
    "rules.trade_value fixes the trade value of every title of a kind (e.g. every station); this card's trade "
    "value is missing or different."))

MARKET_PRICE = rule("E-market-price", (
    "rules.market_price says every space that can be owned costs one price; a space's price differs. Write "
    "that price on every ownable space."))

TITLE_VALUE = rule("E-title-value", (
    "A title card's values disagree with its price, the rules or its kind: a sale value (what the bank pays "
    "back) is less than the price; with rules.buyout every card's buyout is its price times that number, "
    "rounded up to money.rounding; rules.building_sale 'half' makes a building sell back for half its cost, "
    "'none' for nothing (no card prints one); and a value (sale value, premium, buyout, building sale) one "
    "card of a kind states, every card of that kind states."))


def ownable(s: Space) -> bool:
    """A space with a price can be bought, so it has a title card."""
    return s.price is not None


# --------------------------------------------------------------------------- title cards
def titles_by_space(v: Validator) -> list[tuple[Title, Space]]:
    """Title cards paired with their ownable space (first card per space only)."""
    out, seen = [], set()
    for t in v.kit.titles.titles:
        s = v.spaces.get(t.space)
        if s is not None and ownable(s) and t.space not in seen:
            seen.add(t.space)
            out.append((t, s))
    return out


@check(REF_SPACE, TITLE_NOT_OWNABLE, TITLE_DUPLICATE, TITLE_RENT, TITLE_MISSING, SPACE_GROUP)
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
        if not ownable(s):
            v.report(TITLE_NOT_OWNABLE, t, "space",
                     f"title card for {t.space!r}, which has no price and so cannot be owned; remove the card or give "
                     f"the space a price (at {v.loc(s, 'id')})")
            continue
        if t.space in first:
            v.report(TITLE_DUPLICATE, t, "space",
                     f"a second title card for {t.space!r} (the first is at {v.loc(first[t.space], 'space')}); "
                     f"keep one")
            continue
        first[t.space] = t
        if not (t.rent or t.rent_by_owned or t.multipliers or t.table is not None):
            v.report(TITLE_RENT, t, None,
                     f"the title card for {t.space!r} prints no rent; add rent: [...] (a ladder by development), "
                     f"rent_by_owned: [...] (by how many of its kind are owned), multipliers: [...] (times the dice) "
                     f"or a table", path=t.sub("rent"))
        if t.rent and s.group is None:
            v.report(SPACE_GROUP, s, "id",
                     f"{t.space!r} has a rent ladder (it is developed with houses) but no colour group; add group: "
                     f"<group id> (groups: {known(g.id for g in kit.board.groups)})", path=s.sub("group"))
    for s in kit.board.spaces:
        if ownable(s) and s.id not in first:
            v.report(TITLE_MISSING, s, "id",
                     f"{s.id!r} has a price but no title card; add one to titles.yaml: - {{space: {s.id}, ...}}")


@check(RENT_STEPS, RENT_HEADS, RENT_DECREASING)
def _rents(v: Validator) -> None:
    terms = v.kit.game.terms
    steps = len(terms.rent_ladder)
    if terms.rent_heads is not None and len(terms.rent_heads) != steps:
        v.report(RENT_HEADS, terms, "rent_heads",
                 f"{len(terms.rent_heads)} head(s) in terms.rent_heads but terms.rent_ladder has {steps} step(s) "
                 f"({', '.join(terms.rent_ladder)}); give one short head per step")
    for t, s in titles_by_space(v):
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
    for t, s in titles_by_space(v):
        if s.group is not None:
            by_group[s.group].append(t)
        if rules.house_cost is not None and t.house_cost is not None and t.house_cost != rules.house_cost:
            v.report(DEV_COST_EQUAL, t, "house_cost",
                     f"house_cost {t.house_cost}, but rules.house_cost says every house costs {rules.house_cost}; "
                     f"write house_cost: {rules.house_cost}")
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
    if rules.mortgage == "none" and rules.mortgage_interest is not None:
        v.report(MORTGAGE_UNEXPECTED, rules, "mortgage_interest",
                 f"rules.mortgage_interest is {rules.mortgage_interest} %, but rules.mortgage is 'none' (no title is "
                 f"ever mortgaged); remove mortgage_interest or set rules.mortgage: half")
    for t, s in titles_by_space(v):
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


@check(REF_KIND, TRADE_VALUE, MARKET_PRICE, TITLE_VALUE)
def _trade_values(v: Validator) -> None:
    rules = v.kit.game.rules
    kinds = sorted({s.kind for s in v.kit.board.spaces if ownable(s)})
    for kind in rules.trade_value:
        if kind not in kinds:
            v.report(REF_KIND, rules, "trade_value",
                     f"rules.trade_value names {kind!r}, but no space of that kind can be owned; the kinds with a "
                     f"price are {', '.join(kinds) or 'none'}{did_you_mean(kind, kinds)}",
                     path=f"{rules.sub('trade_value')}.{kind}")
    for t, s in titles_by_space(v):
        want = rules.trade_value.get(s.kind)
        if want is not None and t.trade_value != want:
            have = "the card has no trade value" if t.trade_value is None else f"the card's trade value is {t.trade_value}"
            v.report(TRADE_VALUE, t, "trade_value" if t.trade_value is not None else None,
                     f"{have}, but rules.trade_value says every {s.kind} is worth {want}; write trade_value: {want}",
                     path=t.sub("trade_value"))
    for t, s in titles_by_space(v):
        if t.sale_value is not None and s.price is not None and t.sale_value >= s.price:
            v.report(TITLE_VALUE, t, "sale_value",
                     f"sale value {t.sale_value} is not less than the price of {t.space!r} ({s.price}); the bank buys "
                     f"back for less than it sells: lower the sale value")
        if rules.buyout is not None and s.price is not None:
            r = max(1, v.rounding)
            want = math.ceil(s.price * rules.buyout / r - 1e-9) * r  # rounded up to the money grid
            if t.buyout != want:
                have = "no buyout" if t.buyout is None else f"buyout {t.buyout}"
                up = f", rounded up to a multiple of {r}" if r > 1 or want != s.price * rules.buyout else ""
                v.report(TITLE_VALUE, t, "buyout" if t.buyout is not None else None,
                         f"the card has {have}, but rules.buyout says {s.price} × {rules.buyout:g}{up} = {want}; "
                         f"write buyout: {want}", path=t.sub("buyout"))
        elif t.buyout is not None and rules.buyout is None and s.price is not None and t.buyout < s.price:
            v.report(TITLE_VALUE, t, "buyout",
                     f"buyout {t.buyout} is less than the price of {t.space!r} ({s.price}); a buyout costs at least "
                     f"the price")
    r = max(1, v.rounding)
    for t, s in titles_by_space(v):
        if rules.building_sale == "none" and t.building_sale is not None:
            v.report(TITLE_VALUE, t, "building_sale",
                     f"the card prints a building sale of {t.building_sale}, but rules.building_sale is 'none' "
                     f"(buildings are never sold back); remove it")
        elif rules.building_sale == "half" and t.building_sale is not None and t.house_cost is not None:
            want = math.ceil(t.house_cost / 2 / r - 1e-9) * r
            if t.building_sale != want:
                v.report(TITLE_VALUE, t, "building_sale",
                         f"building_sale {t.building_sale}, but rules.building_sale is 'half' and a building costs "
                         f"{t.house_cost}: write building_sale: {want}")
    by_kind: dict[str, list[Title]] = defaultdict(list)
    for t, s in titles_by_space(v):
        by_kind[s.kind].append(t)
    for kind, titles in by_kind.items():  # a value one card of a kind states, every card of that kind states
        for name in ("sale_value", "premium", "buyout", "building_sale"):
            stated = [t for t in titles if getattr(t, name) is not None]
            if stated and len(stated) < len(titles):
                for t in titles:
                    if getattr(t, name) is None:
                        v.report(TITLE_VALUE, t, None,
                                 f"the other {kind} cards state a {name} ({len(stated)} of {len(titles)}, e.g. at "
                                 f"{v.loc(stated[0], name)}), this one does not; write {name}: <amount>",
                                 path=t.sub(name))
    if rules.market_price is not None:
        for s in v.kit.board.spaces:
            if ownable(s) and s.price != rules.market_price:
                v.report(MARKET_PRICE, s, "price",
                         f"{s.id!r} costs {s.price}, but rules.market_price says every space that can be owned costs "
                         f"{rules.market_price}; write price: {rules.market_price}")
