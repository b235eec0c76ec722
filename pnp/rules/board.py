"""The board: unique ids, the ring of spaces, its corners and start, per-space data, groups, references.

A board is a square ring of spaces with a corner every quarter; spaces refer to colour groups and
decks by id, cards and title cards refer to spaces and kinds of space. The reference rules (E-ref-*)
for spaces, groups, decks and kinds are declared here and also reported by the title and deck checks.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, TYPE_CHECKING

from ..model import Space
from ..schema import Entity
from . import check, did_you_mean, known, rule
from .printing import MAX_LENGTH

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

ID_DUPLICATE = rule("E-id-duplicate", (
    "Two things of the same sort share an id (spaces, groups, decks, cards within a deck, counters, tokens, "
    "reference cards, panels). Ids are how content refers to things, so each must be unique; rename one."))

BOARD_RING = rule("E-board-ring", (
    "The ring of spaces must have a length divisible by 4 (and at least 8), since the board is a square with "
    "a corner space at each quarter and spaces between them; add or remove spaces."))

BOARD_SIZE = rule("E-board-size", (
    "board.corner (the side of a corner space, which is also the depth of every space) must be at least a "
    "sixteenth and less than half of board.size: smaller, no name fits a space; larger, the spaces between the "
    "corners have no room."))

BOARD_CORNER = rule("E-board-corner", (
    "The spaces at indices 0, N/4, N/2 and 3N/4 are the corners; when rules.corners is given, it lists four "
    "kinds and the corners' kinds must be those (e.g. start, jail, free, go_to_jail)."))

SPACE_GROUP = rule("E-space-group", (
    "A space whose title card has a rent ladder (developed with houses) has no colour group. Development "
    "depends on owning the whole group, and the group gives the colour band."))

SPACE_PRICE = rule("E-space-price", (
    "A space in a colour group has no price, so it cannot be bought and its title card has no price to "
    "print. A space with a price can be owned."))

SPOT = rule("E-spot", (
    "A spot in the board's centre must show something: a deck's pile (deck:), the title cards' pile "
    "(titles: true) or a label; cards dealt face up beside it (face_up: N, a market row) need a pile "
    "holding more than N cards, so the row can be refilled."))

JAIL_EXIT = rule("E-jail-exit", (
    "A space that holds players (jail: {...}) must say how a player gets out: a fine, fines by turn, a "
    "most number of turns, or a double. Otherwise a player sent there could never leave."))

GROUP_SIZE = rule("E-group-size", (
    "A group's declared size differs from the number of spaces that belong to it. The size is what a player "
    "needs to own to complete the set; fix the size or the spaces' groups."))

ICON_REUSED = rule("W-icon-reused", (
    "One icon, one meaning: the same icon is printed on spaces that do different things (another kind, or "
    "another deck to draw from), or on two decks. A player reads a board by its pictures: a tollbooth's "
    "barrier on a tax space, or a deck's sign on a space that draws nothing, says the wrong thing. Give one of "
    "them another icon (the names are listed in content/schema/board.schema.json). A space that names no icon "
    "shows its deck's."))

REF_SPACE = rule("E-ref-space", (
    "A space id is referred to (a title card's space, an effect's target, a link) but no space on the board "
    "has it (a link may also lead to a centre panel). Fix the spelling or add the space."))

REF_GROUP = rule("E-ref-group", (
    "A space names a colour group that board.yaml does not declare under groups. Fix the spelling or add the "
    "group."))

REF_DECK = rule("E-ref-deck", (
    "A deck id is referred to (a space that draws, a spot in the centre, an effect, rules.deck_sizes, "
    "rules.hand) but there is no decks/*.yaml with that id."))

REF_KIND = rule("E-ref-kind", (
    "A kind of space is referred to but the board has none that fits: rules.trade_value names kinds of "
    "spaces that can be owned (have a price), an effect that moves to the nearest of a kind needs a space "
    "of that kind, and one that sends a player to jail (or frees one) needs a space with jail: {...}."))


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
@check(BOARD_RING, BOARD_SIZE, BOARD_CORNER, REF_GROUP, REF_SPACE, SPACE_PRICE, REF_DECK, SPOT, JAIL_EXIT,
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
    if not board.size / 16 <= board.corner < board.size / 2 and board.size <= MAX_LENGTH:
        v.report(BOARD_SIZE, board, "corner" if "corner" in board.locs else "size",
                 f"corner spaces of {board.corner:g} mm do not fit a {board.size:g} mm board: the corner (also the "
                 f"depth of every space) must be at least {board.size / 16:g} mm (a sixteenth of the board) and less "
                 f"than {board.size / 2:g} mm (half); change board.size or board.corner")
    corners = list(rules.corners)  # the start is the first space; corners are checked when the rules name them
    if corners and len(corners) != 4:
        v.report(BOARD_CORNER, rules, "corners",
                 f"rules.corners lists {len(corners)} kind(s); list exactly four, the kinds of the corners in board "
                 f"order (e.g. [start, jail, free, go_to_jail])")
    elif corners and n >= 8 and n % 4 == 0:
        for k, want in enumerate(corners):
            i = k * n // 4
            s = spaces[i]
            if s.kind != want:
                v.report(BOARD_CORNER, s, "kind",
                         f"space {i} ({s.id!r}) is a corner and rules.corners says corner {k + 1} is {want!r}, but its "
                         f"kind is {s.kind!r}; move the {want} space to index {i} or correct rules.corners")
    # references and per-space data
    group_ids = {g.id for g in board.groups}
    panels = {p.id for p in board.centre.panels}
    for s in spaces:
        if s.group is not None and s.group not in group_ids:
            v.report(REF_GROUP, s, "group",
                     f"no group {s.group!r} in board.yaml's groups{did_you_mean(s.group, group_ids)}; "
                     f"groups: {known(group_ids)}")
        if s.group is not None and s.price is None:
            v.report(SPACE_PRICE, s, None,
                     f"{s.id!r} belongs to group {s.group!r} but has no price, so it cannot be bought; add price: "
                     f"<amount>", path=s.sub("price"))
        for link in s.links:
            if link.to not in v.spaces and link.to not in panels:
                v.report(REF_SPACE, link, "to",
                         f"the link leads to {link.to!r}, but no space or centre panel has that id"
                         f"{did_you_mean(link.to, [*v.spaces, *panels])}")
        if s.deck is not None and s.deck not in v.decks:
            v.report(REF_DECK, s, "deck",
                     f"no deck {s.deck!r}{did_you_mean(s.deck, v.decks)}; decks: {known(v.decks)} "
                     f"(a deck is a decks/<name>.yaml file with that id)")
    _spots(v)
    # jails: each can be left
    leave_cards = any(c.effect is not None and c.effect.action == "leave_jail" for d in v.kit.decks for c in d.cards)
    for s in spaces:
        j = s.jail
        if j is not None and j.fine is None and not j.fines and j.turns is None and not j.doubles:
            v.report(JAIL_EXIT, j, None,
                     f"{s.id!r} holds players but says no way out: give it fine: <amount>, fines: [by turn], "
                     f"turns: <most turns inside> or doubles: true"
                     + (" (a card that frees a player is not enough: it may never be drawn)" if leave_cards else ""),
                     path=s.sub("jail"))
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


# --------------------------------------------------------------------------- icons
def _space_icon(v: Validator, s: Space) -> tuple[str | None, str | None]:
    """The icon a space prints and the field that decides it (its own icon, else its deck's)."""
    if s.icon:
        return s.icon, "icon"
    deck = v.decks.get(s.deck) if s.deck else None
    if deck is not None and (deck.icon or deck.back.icon):
        return deck.icon or deck.back.icon, "deck"
    return None, None


@check(ICON_REUSED)
def _icons(v: Validator) -> None:
    """Each icon stands for one thing: spaces of one kind drawing from one deck (or none), or one deck."""
    first: dict[str, tuple[tuple, str, Entity, str]] = {}  # icon -> (meaning, what, entity, field) first seen
    seen_meaning: set[tuple[str, tuple]] = set()
    things: list[tuple[str, tuple, str, Entity, str]] = []
    for deck in v.kit.decks:
        name = deck.icon or deck.back.icon
        if name:
            things.append((name, ("deck", deck.id), f"deck {deck.id!r}", deck, "icon" if deck.icon else "back"))
    for s in v.kit.board.spaces:
        name, field = _space_icon(v, s)
        if name and (s.deck is None or s.deck in v.decks):  # an unknown deck is E-ref-deck's
            meaning = ("deck", s.deck) if s.deck else ("kind", s.kind)
            things.append((name, meaning, f"space {s.id!r} (kind {s.kind!r})", s, field))
    for name, meaning, what, obj, field in things:
        if name not in first:
            first[name] = (meaning, what, obj, field)
            seen_meaning.add((name, meaning))
            continue
        owner, owner_what, owner_obj, owner_field = first[name]
        if meaning == owner or (name, meaning) in seen_meaning:
            continue
        seen_meaning.add((name, meaning))
        means = f"draws from deck {owner[1]!r}" if owner[0] == "deck" else f"is a {owner[1]!r} space"
        v.report(ICON_REUSED, obj, field,
                 f"{what} shows icon {name!r}, which already means something else here: {owner_what} "
                 f"({v.loc(owner_obj, owner_field)}) {means}; give one of them another icon")


def _spots(v: Validator) -> None:
    """Each centre spot holds a deck, the title cards' pile or a label; a face-up row leaves cards to refill."""
    for spot in v.kit.board.centre.deck_spots:
        if spot.deck is not None and spot.deck not in v.decks:
            v.report(REF_DECK, spot, "deck",
                     f"deck spot for {spot.deck!r}, but there is no such deck{did_you_mean(spot.deck, v.decks)}; "
                     f"decks: {known(v.decks)}")
        elif spot.deck is None and not spot.titles and not spot.label:
            v.report(SPOT, spot, None,
                     "a spot in the centre shows nothing: give it deck: <deck id>, titles: true (the pile of title "
                     "cards) or label: <text>", path=spot.path)
        elif spot.empty and spot.deck is None:
            v.report(SPOT, spot, "empty", "an empty place is a deck's (its discard pile, drawn in its colour): add "
                     "deck: <deck id>, or drop empty: and give the spot a label", path=spot.path)
        elif spot.deck is not None and spot.titles:
            v.report(SPOT, spot, "titles", f"the spot holds deck {spot.deck!r} and the title cards' pile; one pile "
                     f"per spot")
        if spot.face_up:
            pile = (sum(c.copies for c in v.decks[spot.deck].cards) if spot.deck in v.decks
                    else len(v.kit.titles.titles) if spot.titles else None)
            if pile is None:
                v.report(SPOT, spot, "face_up",
                         f"{spot.face_up} cards face up, but the spot holds no pile to deal them from; add deck: or "
                         f"titles: true")
            elif spot.face_up >= pile:
                v.report(SPOT, spot, "face_up",
                         f"{spot.face_up} cards face up from a pile of {pile}: the row must leave cards to refill it "
                         f"from; lower face_up")
