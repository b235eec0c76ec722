"""The board: unique ids, the ring of spaces, its corners and start, per-space data, groups, references.

A board is a square ring of spaces with a corner every quarter; spaces refer to colour groups and
decks by id, cards and title cards refer to spaces and kinds of space. The reference rules (E-ref-*)
for spaces, groups, decks and kinds are declared here and also reported by the title and deck checks.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from ..model import OWNABLE, Space
from ..schema import Entity
from . import Validator, check, did_you_mean, known, rule
from .printing import MAX_LENGTH

ID_DUPLICATE = rule("E-id-duplicate", (
    "Two things of the same sort share an id (spaces, groups, decks, cards within a deck, counters, tokens, "
    "reference cards, panels). Ids are how content refers to things, so each must be unique; rename one."))

BOARD_RING = rule("E-board-ring", (
    "The ring of spaces must have a length divisible by 4 (and at least 8), since the board is a square with "
    "a corner space at each quarter and spaces between them; add or remove spaces."))

BOARD_SIZE = rule("E-board-size", (
    "board.corner (the side of a corner space) must be more than 0 and less than half of board.size, or the "
    "spaces between the corners would have no room."))

BOARD_START = rule("E-board-start", (
    "The board must have exactly one space of kind start: it is where players begin and where the salary is "
    "paid."))

BOARD_CORNER = rule("E-board-corner", (
    "The spaces at indices 0, N/4, N/2 and 3N/4 are the corners; their kinds must be rules.corners (by "
    "default start, jail, free, go_to_jail), and rules.corners must list four kinds."))

SPACE_GROUP = rule("E-space-group", (
    "A property has no colour group. Every property belongs to a group: that is what sets, colour bands and "
    "development depend on."))

SPACE_PRICE = rule("E-space-price", (
    "An ownable space (property, station, utility) has no price, so it cannot be bought and its title card "
    "has no price to print."))

SPACE_DECK = rule("E-space-deck", (
    "A space of kind deck does not say which deck is drawn there (deck: <deck id>)."))

GROUP_SIZE = rule("E-group-size", (
    "A group's declared size differs from the number of spaces that belong to it. The size is what a player "
    "needs to own to complete the set; fix the size or the spaces' groups."))

REF_SPACE = rule("E-ref-space", (
    "A space id is referred to (a title card's space, a card effect's target) but no space on the board has "
    "it. Fix the spelling or add the space."))

REF_GROUP = rule("E-ref-group", (
    "A space names a colour group that board.yaml does not declare under groups. Fix the spelling or add the "
    "group."))

REF_DECK = rule("E-ref-deck", (
    "A deck id is referred to (a deck space, a deck spot in the centre, rules.deck_sizes) but there is no "
    "decks/*.yaml with that id."))

REF_KIND = rule("E-ref-kind", (
    "A kind of space is referred to but cannot be used: rules.trade_value keys must be ownable kinds "
    "(property, station, utility), and a card that moves to the nearest station, or to jail, needs such a "
    "space on the board."))


# --------------------------------------------------------------------------- ids
@check(ID_DUPLICATE)
def _unique_ids(v: Validator) -> None:
    kit = v.kit

    def unique(items: Iterable[Entity], what: str, scope: str = "", attr: str = "id") -> None:
        seen: dict[str, Entity] = {}
        for obj in items:
            value = getattr(obj, attr, None)
            if value is None:
                continue
            if value in seen:
                first = v.loc(seen[value], attr)
                v.report(ID_DUPLICATE, obj, attr,
                         f"{what} id {value!r} is used twice{scope} (first at {first}); give each {what} its own id")
            else:
                seen[value] = obj

    unique(kit.board.spaces, "space")
    unique(kit.board.groups, "group")
    unique(kit.board.centre.panels, "panel")
    unique(kit.decks, "deck")
    for deck in kit.decks:
        unique(deck.cards, "card", f" in deck {deck.id!r}")
    unique(kit.counters.counters, "counter")
    unique(kit.counters.tokens, "token")
    unique(kit.reference.cards, "reference card")


# --------------------------------------------------------------------------- board
@check(BOARD_RING, BOARD_SIZE, BOARD_START, BOARD_CORNER, REF_GROUP, SPACE_GROUP, SPACE_PRICE, SPACE_DECK, REF_DECK,
       GROUP_SIZE)
def _board(v: Validator) -> None:
    board, rules = v.kit.board, v.kit.game.rules
    spaces = board.spaces
    n = len(spaces)
    if n < 8 or n % 4:
        fix = (f"add {4 - n % 4} or remove {n % 4}" if n >= 8 and n % 4 else f"add {8 - n}" if n < 8 else "")
        v.report(BOARD_RING, board, "spaces",
                 f"the ring has {n} spaces; it needs a multiple of 4, at least 8 (a square board has a corner every "
                 f"quarter and a space between corners); {fix} space(s)")
    if not 0 < board.corner < board.size / 2 and board.size <= MAX_LENGTH:
        v.report(BOARD_SIZE, board, "corner" if "corner" in board.locs else "size",
                 f"corner spaces of {board.corner:g} mm do not fit a {board.size:g} mm board: the corner must be more "
                 f"than 0 and less than half the board's size; change board.size or board.corner")
    starts = [s for s in spaces if s.kind == "start"]
    if not starts:
        v.report(BOARD_START, board, "spaces",
                 "no space has kind 'start'; make the first space (where players begin and collect the salary) "
                 "kind: start")
    for extra in starts[1:]:
        v.report(BOARD_START, extra, "kind",
                 f"a second start space ({extra.id!r}; the first is {starts[0].id!r} at {v.loc(starts[0], 'kind')}); "
                 f"a board has exactly one start: change this space's kind")
    corners = list(rules.corners)
    if len(corners) != 4:
        v.report(BOARD_CORNER, rules, "corners",
                 f"rules.corners lists {len(corners)} kind(s); list exactly four, the kinds of the corners in board "
                 f"order (e.g. [start, jail, free, go_to_jail])")
    elif n >= 8 and n % 4 == 0:
        for k, want in enumerate(corners):
            i = k * n // 4
            s = spaces[i]
            if s.kind != want:
                v.report(BOARD_CORNER, s, "kind",
                         f"space {i} ({s.id!r}) is a corner and rules.corners says corner {k + 1} is {want!r}, but its "
                         f"kind is {s.kind!r}; move the {want} space to index {i} or correct rules.corners")
    # references and per-space data
    group_ids = {g.id for g in board.groups}
    for s in spaces:
        if s.group is not None and s.group not in group_ids:
            v.report(REF_GROUP, s, "group",
                     f"no group {s.group!r} in board.yaml's groups{did_you_mean(s.group, group_ids)}; "
                     f"groups: {known(group_ids)}")
        if s.kind == "property" and s.group is None:
            v.report(SPACE_GROUP, s, None,
                     f"property {s.id!r} has no group; add group: <group id> (groups: {known(group_ids)})",
                     path=s.sub("group"))
        if s.kind in OWNABLE and s.price is None:
            v.report(SPACE_PRICE, s, None, f"{s.kind} {s.id!r} has no price; add price: <amount>",
                     path=s.sub("price"))
        if s.kind == "deck" and s.deck is None:
            v.report(SPACE_DECK, s, None,
                     f"deck space {s.id!r} does not say which deck is drawn; add deck: <deck id> "
                     f"(decks: {known(v.decks)})", path=s.sub("deck"))
        if s.deck is not None and s.deck not in v.decks:
            v.report(REF_DECK, s, "deck",
                     f"no deck {s.deck!r}{did_you_mean(s.deck, v.decks)}; decks: {known(v.decks)} "
                     f"(a deck is a decks/<name>.yaml file with that id)")
    for spot in board.centre.deck_spots:
        if spot.deck not in v.decks:
            v.report(REF_DECK, spot, "deck",
                     f"deck spot for {spot.deck!r}, but there is no such deck{did_you_mean(spot.deck, v.decks)}; "
                     f"decks: {known(v.decks)}")
    # group sizes
    members: dict[str, list[Space]] = defaultdict(list)
    for s in spaces:
        if s.group is not None:
            members[s.group].append(s)
    for g in board.groups:
        have = len(members.get(g.id, []))
        if have != g.size:
            names = ", ".join(repr(s.id) for s in members.get(g.id, [])) or "none"
            v.report(GROUP_SIZE, g, "size",
                     f"group {g.id!r} declares size {g.size} but {have} space(s) belong to it ({names}); "
                     f"set size: {have} or correct the spaces' group")
