"""The rules validator: checks a loaded kit and reports problems with file:line.

Checks are generic for Monopoly-style games and driven by the game's content
(its rules, terms, groups and declared counts); no game is named here. Every
problem carries a stable code; ``EXPLAIN`` says what each code checks and why,
for every code pnp can emit (loading, schema, templates, these rules, layout,
imposition), and ``explain(code)`` looks one up.

``check(kit, problems)`` runs every rule check. A check never raises: a bug in
one is reported as ``E-internal`` and the other checks still run.
"""
from __future__ import annotations

import ast
import difflib
import math
import operator
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable

from . import fonts as fontlib
from .model import Deck, Effect, Kit, Space, Table, Title
from .money import format_money
from .problems import Loc, Problems
from .schema import Entity, field_names
from .values import Label, Length, Text

# --------------------------------------------------------------------------- explanations
#: code -> what the rule checks and why. Covers every code pnp emits.
EXPLAIN: dict[str, str] = {
    "E-file-unreadable": "A content file exists but cannot be read (it is a folder, or permissions forbid it); "
                         "fix the file system, pnp never writes content files.",
    "E-image-outside": "An image path must stay inside the game's folder (no ../ or absolute paths leaving it), "
                       "so a kit is one folder that can be shared and built anywhere.",
    "E-image-missing": "An image named by the content must exist; a missing file would silently leave a hole "
                       "in the printed card or board.",
    "E-image-unreadable": "An image must be a file pnp can read (PNG or JPEG).",
    "W-image-dpi": "Raster images need at least 300 dpi at their printed size to print sharp; below that the "
                   "printed picture looks blurred or blocky.",
    # ---- files and YAML (pnp/load.py, pnp/content.py)
    "E-file-missing": (
        "A file the kit needs cannot be found: every game folder has a game.yaml and a board.yaml "
        "(titles, money, counters, reference and decks/ are optional). Create the file or check the game folder's name."),
    "E-yaml-encoding": (
        "The file is not UTF-8 text. pnp reads every content file as UTF-8 so that accents and other scripts "
        "survive; save the file as UTF-8 in your editor."),
    "E-yaml-syntax": (
        "The file is not valid YAML at the given line: usually a bad indentation, a missing colon, or an "
        "unclosed quote or bracket. Nothing in the file can be read until it parses."),
    "E-yaml-too-large": (
        "The document expands to too many values or nests too deeply, almost always because anchors and "
        "aliases (&name / *name) multiply each other (an 'alias bomb'). pnp stops instead of hanging; write the "
        "values out or use fewer aliases."),
    "E-yaml-tag": (
        "A YAML tag such as !!python/object or !custom is used. Content is plain data (text, numbers, lists, "
        "mappings), loaded safely; remove the tag and write a plain value."),
    "E-yaml-key": (
        "A mapping key is itself a list or mapping. Keys are plain words or numbers; rewrite the key."),
    "E-yaml-merge": (
        "A YAML merge key (<<: *anchor) is used. Merges hide where a value comes from, so error positions "
        "would be wrong; write the keys out."),
    "E-yaml-duplicate-key": (
        "The same key appears twice in one mapping. YAML would silently keep the last one, which hides "
        "mistakes; keep one of them."),
    # ---- schema (pnp/schema.py, pnp/values.py)
    "E-schema-unknown-key": (
        "A key the schema does not know, often a typo; the message suggests the nearest known key or lists the "
        "allowed ones. Unknown keys are errors rather than ignored so a misspelt value never silently vanishes."),
    "E-schema-missing": (
        "A required key is missing; the message says what it is for. Add it."),
    "E-schema-type": (
        "A value has the wrong type: for example text where a number, list or mapping is expected. The message "
        "says what is expected there."),
    "E-schema-choice": (
        "A value must be one of a fixed set of words (a space kind, an icon, an effect action...); the message "
        "lists them and suggests the nearest."),
    "E-schema-colour": (
        "A colour is not written as \"#rrggbb\" (or #rgb). Quote it in YAML: a bare # starts a comment."),
    "E-schema-length": (
        "A length is not a non-negative number of millimetres, or a number with the unit mm, cm, in or pt."),
    "E-schema-amount": (
        "An amount or count must be a whole number, 0 or more; amounts are written positive and the card or "
        "effect says whether they are paid or collected."),
    "E-schema-id": (
        "An id uses characters other than lowercase letters, digits, - and _. Ids are referred to from other "
        "files (title cards, deck spaces, rules), so they are kept simple."),
    "E-schema-empty-text": (
        "A text or label is empty or only spaces; write it or remove the key."),
    # ---- templates (pnp/templates.py)
    "E-template-undefined": (
        "A {{ ... }} expression in a text names a value that does not exist; the message lists the names a "
        "template can use (game, rules, salary, space(...), deck(...), title(...), and game.data)."),
    "E-template-syntax": (
        "A {{ ... }} or {% ... %} expression in a text is not valid Jinja2 syntax, e.g. an unclosed brace."),
    "E-template-reference": (
        "A template asks for a space, deck or title card by an id that does not exist, e.g. space('irsh')."),
    "E-template-unsafe": (
        "A template tried something the sandbox forbids (internal attributes, methods). Texts may only read the "
        "game's values."),
    "E-template-error": (
        "A template failed while rendering, e.g. money applied to text or a division by zero."),
    # ---- rules: ids and references (pnp/validate.py)
    "E-id-duplicate": (
        "Two things of the same sort share an id (spaces, groups, decks, cards within a deck, counters, tokens, "
        "reference cards, panels). Ids are how content refers to things, so each must be unique; rename one."),
    "E-ref-space": (
        "A space id is referred to (a title card's space, a card effect's target) but no space on the board has "
        "it. Fix the spelling or add the space."),
    "E-ref-group": (
        "A space names a colour group that board.yaml does not declare under groups. Fix the spelling or add the "
        "group."),
    "E-ref-deck": (
        "A deck id is referred to (a deck space, a deck spot in the centre, rules.deck_sizes) but there is no "
        "decks/*.yaml with that id."),
    "E-ref-counter": (
        "rules.countermix names a counter id that counters.yaml does not have. Fix the spelling or add the counter."),
    "E-ref-kind": (
        "A kind of space is referred to but the board has none that fits: rules.trade_value names kinds of "
        "spaces that can be owned (have a price), an effect that moves to the nearest of a kind needs a space "
        "of that kind, and one that sends a player to jail (or frees one) needs a space with jail: {...}."),
    # ---- rules: board
    "E-board-ring": (
        "The ring of spaces must have a length divisible by 4 (and at least 8), since the board is a square "
        "with a corner space at each quarter and spaces between them; add or remove spaces."),
    "E-board-size": (
        "board.corner (the side of a corner space) must be more than 0 and less than half of board.size, or "
        "the spaces between the corners would have no room."),
    "E-board-corner": (
        "The spaces at indices 0, N/4, N/2 and 3N/4 are the corners; their kinds must be rules.corners "
        "(by default start, jail, free, go_to_jail), and rules.corners must list four kinds."),
    "E-space-group": (
        "A space whose title card has a rent ladder (developed with houses) has no colour group. Development "
        "depends on owning the whole group, and the group gives the colour band."),
    "E-space-price": (
        "A space in a colour group has no price, so it cannot be bought and its title card has no price to "
        "print. A space with a price can be owned."),
    "E-spot": (
        "A spot in the board's centre must show something: a deck's pile (deck:), the title cards' pile "
        "(titles: true) or a label; cards dealt face up beside it (face_up: N, a market row) need a pile "
        "holding more than N cards, so the row can be refilled."),
    "E-jail-exit": (
        "A space that holds players (jail: {...}) must say how a player gets out: a fine, fines by turn, a "
        "most number of turns, or a double. Otherwise a player sent there could never leave."),
    "E-title-value": (
        "A title card's values disagree with its price or the rules: a sale value (what the bank pays back) is "
        "less than the price, and with rules.buyout every card's buyout is its price times that number."),
    "E-market-price": (
        "rules.market_price says every space that can be owned costs one price; a space's price differs. "
        "Write that price on every ownable space."),
    "E-group-size": (
        "A group's declared size differs from the number of spaces that belong to it. The size is what a "
        "player needs to own to complete the set; fix the size or the spaces' groups."),
    # ---- rules: title cards
    "E-title-missing": (
        "A space with a price has no title card. Every space that can be bought needs exactly one title card "
        "in titles.yaml, or it could be bought with nothing to hold."),
    "E-title-duplicate": (
        "Two title cards are for the same space; there must be exactly one per ownable space."),
    "E-title-not-ownable": (
        "A title card is for a space that cannot be owned: it has no price."),
    "E-title-rent": (
        "A title card prints no rent at all: give it rent (properties), rent_by_owned (stations), multipliers "
        "(utilities) or a table."),
    "E-rent-steps": (
        "A rent list has a different number of steps from terms.rent_ladder, so the card's labels and amounts "
        "would not line up. Each rent list has one amount per label."),
    "E-rent-decreasing": (
        "A rent ladder (rent, rent_by_owned, multipliers) goes down somewhere. More development or owning more "
        "of a kind never lowers the rent; this is nearly always a typo."),
    "E-dev-cost-group": (
        "The house or hotel cost differs between properties of the same group. Development costs are set per "
        "group; make them equal."),
    "E-dev-cost-equal": (
        "rules.equal_development_costs says house and hotel cost are always the same, or rules.house_cost "
        "gives the one house cost of every card, but this card differs."),
    "E-mortgage-value": (
        "rules.mortgage is 'half': every title card carries a mortgage value of half its space's price, rounded "
        "up to money.rounding. This card's value is missing or different."),
    "E-mortgage-unexpected": (
        "rules.mortgage is 'none' (the game has no mortgages) but a title card prints a mortgage value; remove "
        "it or set rules.mortgage to 'half'."),
    "E-trade-value": (
        "rules.trade_value fixes the trade value of every title of a kind (e.g. every station); this card's "
        "trade value is missing or different."),
    # ---- rules: decks and cards
    "E-deck-size": (
        "A deck holds a different number of cards (counting copies) from rules.deck_sizes; add or remove cards, "
        "or correct the declared size."),
    "W-deck-size-undeclared": (
        "The game declares deck sizes in rules.deck_sizes but not for this deck, so its size is not checked; "
        "add it."),
    "W-deck-unused": (
        "Nothing uses this deck: no space draws from it (deck: <id>) and no effect names it (draw, buy_card, "
        "lose_cards); add one or remove the deck."),
    "W-charged-twice": (
        "A space charges (or pays) the same in on_pass and on_land. on_pass applies to a player who lands there "
        "too, so a player landing pays twice; a toll charged on passing or landing is on_pass only, and on_land "
        "is for what landing exactly adds."),
    "E-effect-move": (
        "An effect moves a player but does not say where: advance and go need a target (a space id) or "
        "nearest (a kind); nearest needs nearest; forward and back need steps."),
    "E-effect-amount": (
        "An effect moves money but says no amount: pay, collect, pay_each and collect_each need an amount or a "
        "table to read it from; buy_card, take_property and sell_back need amount (amount_improved, the price "
        "of a built-up property, is never less); repairs needs per_house and per_hotel."),
    "E-keep-mismatch": (
        "A card whose effect helps a player later (leave_jail: a way out of jail) is kept until used: it needs "
        "keep: true, which prints the keep line. A kept card may have any effect."),
    # ---- rules: money and counters
    "E-rounding": (
        "Every amount (prices, rents, costs, what spaces and cards charge or pay, fines, money table cells, and a "
        "utility's multiplier times every dice total 2-12, denominations...) must be a multiple of "
        "money.rounding, so it can be paid with the game's notes; money.rounding itself must be at least 1."),
    "E-money-split-sum": (
        "money.starting_split (note value -> how many) must add up to money.starting."),
    "E-money-split-denomination": (
        "money.starting_split pays out a note value that is not in money.denominations."),
    "E-money-denomination": (
        "money.yaml prints a note or chip whose value is not in game.yaml's money.denominations."),
    "W-money-unprinted": (
        "A denomination in money.denominations has no printed note or chip in money.yaml."),
    "W-money-count": (
        "The printed notes (or chips) of a value do not cover the starting split for the most players "
        "(players.max), and neither notes nor chips carry a print_advice saying how many copies of which sheet "
        "to print. Raise the count or add print_advice."),
    "E-countermix": (
        "A counter's count differs from rules.countermix, the number the game's rules say exist (a limit on "
        "development); fix the count or the rule."),
    "W-countermix-undeclared": (
        "The game declares a countermix but not for this counter, so its count is not checked; add it."),
    "E-size-range": (
        "A size or number is outside what can be printed: every length (card, note, board, panel, counter sizes) "
        "must be more than 0 and at most 2000 mm, positions and rotations finite numbers of sane size, and "
        "print.min_text_pt between 3 and 24 pt. Usually a typo or a unit mistake."),
    "E-count-large": (
        "A count or copies value is implausibly large (more than 1000 of one item, or more than 10000 items in "
        "all): nearly always a typo, and laying it out would take very long. Print a sheet several times instead."),
    "E-terms-placeholder": (
        "terms.owned and terms.utility_roll are filled in for each line of a station or utility card: owned may use "
        "{n} (how many are owned), utility_roll {n} and {x} (the multiplier). Any other {name}, or a lone brace, "
        "cannot be filled in; write {{ or }} for a literal brace."),
    "E-players-range": (
        "players.min is larger than players.max, or less than 1. The maximum sets how much starting money the printed notes "
        "must cover, so the range must make sense."),
    # ---- rules: tables
    "E-table-shape": (
        "A table row has a different number of cells from the table's columns."),
    "E-table-formula": (
        "A table declares a formula, and a cell differs from what the formula gives for its row and column. "
        "The formula is the game's rule; the table is what gets printed, so they must agree."),
    "E-table-formula-invalid": (
        "A table's formula cannot be evaluated: it may use only row, col, numbers, + - * / // % and "
        "parentheses, min, max, abs and the table's own named parts (where: name: expression); every row "
        "needs a numeric key (or a numeric label), every column heading must be a number, and it must not divide "
        "by zero for any cell."),
    "E-ref-table": (
        "A space, card, panel or title card names a table by an id that tables.yaml does not have. Fix the "
        "spelling or add the table."),
    "E-table-range": (
        "A table read by the dice must cover every roll: read: dice needs rows and columns 1-6 (one die each), "
        "read: total needs columns 2-12 (the dice total); a table read by an effect must say how it is read."),
    # ---- print checks
    "E-font-unknown": (
        "theme.fonts names a font that is neither in the game's own fonts/ folder nor one of the fonts that ship "
        "with pnp (fonts are named by their file stem, e.g. NotoSans-Bold), or one pnp cannot embed: a PDF "
        "embeds TrueType (glyf) outlines, so an .otf with PostScript (CFF) outlines needs its .ttf version."),
    "E-glyph-missing": (
        "A printed text contains a character that neither the game's fonts nor their fallbacks can draw; it would "
        "print as an empty box. Replace or transliterate it, or add a font with that script to fonts/."),
    "E-text-overflow": (
        "A text does not fit its box on the printed item even at the smallest allowed size "
        "(print.min_text_pt); shorten it. Reported at the text's line."),
    "W-text-shrunk": (
        "A text was shrunk well below its nominal size to fit its box; it still prints but may be hard to "
        "read. Consider shortening it."),
    "E-sheet-fit": (
        "An item (card, note, counter...) is larger than the printable area of the chosen paper; use a larger "
        "paper or a smaller item size in print."),
    "E-internal": (
        "A check failed with an unexpected error on this content. This is a bug in pnp, not in the content: "
        "please report it with the content that triggers it. The other checks still ran."),
}


def explain(code: str) -> str | None:
    """What rule ``code`` checks and why, or None for an unknown code (case-insensitive)."""
    if code in EXPLAIN:
        return EXPLAIN[code]
    folded = {k.lower(): v for k, v in EXPLAIN.items()}
    return folded.get(code.strip().lower())


# --------------------------------------------------------------------------- entry point
def check(kit: Kit, problems: Problems) -> None:
    """Run every rule check; problems are collected, nothing raises."""
    v = _Validator(kit, problems)
    for fn in _CHECKS:
        try:
            fn(v)
        except Exception as exc:  # a bug in a check must not hide the others' findings
            problems.error("E-internal", v.game_file, fn.__name__.lstrip("_"),
                           f"the {fn.__name__.lstrip('_')} check failed ({type(exc).__name__}: {exc}); this is a "
                           f"bug in pnp, please report it with this content")


_CHECKS: list[Callable[["_Validator"], None]] = []


def _rule(fn):
    _CHECKS.append(fn)
    return fn


class _Validator:
    """The kit, the problems, and the lookups every check shares."""

    def __init__(self, kit: Kit, problems: Problems):
        self.kit = kit
        self.problems = problems
        self.root = Path(kit.root)
        self.game_file = Loc(str(kit.sources.get("game.yaml", self.root / "game.yaml")))
        self.spaces: dict[str, Space] = {}
        for s in kit.board.spaces:
            self.spaces.setdefault(s.id, s)
        self.decks: dict[str, Deck] = {}
        for d in kit.decks:
            self.decks.setdefault(d.id, d)
        self.rounding = kit.game.money.rounding
        self.cur = kit.game.currency

    # where a defaulted object (no file) is reported
    def _fallback(self, obj: Entity) -> Loc:
        for part, cls_names in (("titles.yaml", ("Titles", "TitleBack")), ("money.yaml", ("MoneySet",)),
                                ("counters.yaml", ("Counters",)), ("reference.yaml", ("Reference",)),
                                ("board.yaml", ("Board", "Centre"))):
            if type(obj).__name__ in cls_names:
                return Loc(str(self.kit.sources.get(part, self.root / part)))
        return self.game_file

    def loc(self, obj: Entity, name: str | None = None) -> Loc:
        loc = obj.at(name) if name else obj.loc
        return loc if loc.file else self._fallback(obj)

    def _where(self, obj: Entity, name: str | None, path: str | None) -> Loc:
        """The most precise place known: a list item or mapping key the path names (rent[3]), else the field."""
        if path:
            prefix = f"{obj.path}." if obj.path else ""
            rel = path[len(prefix):] if path.startswith(prefix) else None
            if rel and rel in obj.locs and obj.locs[rel].file:
                return obj.locs[rel]
        return self.loc(obj, name)

    def error(self, code: str, obj: Entity, name: str | None, message: str, path: str | None = None) -> None:
        self.problems.error(code, self._where(obj, name, path), path if path is not None else _sub(obj, name),
                            message)

    def warning(self, code: str, obj: Entity, name: str | None, message: str, path: str | None = None) -> None:
        self.problems.warning(code, self._where(obj, name, path), path if path is not None else _sub(obj, name),
                              message)

    def money(self, amount: int) -> str:
        try:
            return format_money(amount, self.cur)
        except Exception:  # never let formatting a message fail a check
            return str(amount)


def _sub(obj: Entity, name: str | None) -> str:
    return obj.sub(name) if name else obj.path


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    hint = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {hint[0]!r}?)" if hint else ""


def _known(choices: Iterable[str], limit: int = 12) -> str:
    items = sorted(set(choices))
    if not items:
        return "none"
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


# --------------------------------------------------------------------------- ids
@_rule
def _unique_ids(v: _Validator) -> None:
    kit = v.kit

    def unique(items: Iterable[Entity], what: str, scope: str = "", attr: str = "id") -> None:
        seen: dict[str, Entity] = {}
        for obj in items:
            value = getattr(obj, attr, None)
            if value is None:
                continue
            if value in seen:
                first = v.loc(seen[value], attr)
                v.error("E-id-duplicate", obj, attr,
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
@_rule
def _board(v: _Validator) -> None:
    board, rules = v.kit.board, v.kit.game.rules
    spaces = board.spaces
    n = len(spaces)
    if n < 8 or n % 4:
        fix = (f"add {4 - n % 4} or remove {n % 4}" if n >= 8 and n % 4 else f"add {8 - n}" if n < 8 else "")
        v.error("E-board-ring", board, "spaces",
                f"the ring has {n} spaces; it needs a multiple of 4, at least 8 (a square board has a corner every "
                f"quarter and a space between corners); {fix} space(s)")
    if not 0 < board.corner < board.size / 2 and board.size <= MAX_LENGTH:
        v.error("E-board-size", board, "corner" if "corner" in board.locs else "size",
                f"corner spaces of {board.corner:g} mm do not fit a {board.size:g} mm board: the corner must be more "
                f"than 0 and less than half the board's size; change board.size or board.corner")
    corners = list(rules.corners)
    if corners and len(corners) != 4:
        v.error("E-board-corner", rules, "corners",
                f"rules.corners lists {len(corners)} kind(s); list exactly four, the kinds of the corners in board "
                f"order (e.g. [start, jail, free, go_to_jail])")
    elif corners and n >= 8 and n % 4 == 0:
        for k, want in enumerate(corners):
            i = k * n // 4
            s = spaces[i]
            if s.kind != want:
                v.error("E-board-corner", s, "kind",
                        f"space {i} ({s.id!r}) is a corner and rules.corners says corner {k + 1} is {want!r}, but its "
                        f"kind is {s.kind!r}; move the {want} space to index {i} or correct rules.corners")
    # references and per-space data
    group_ids = {g.id for g in board.groups}
    for s in spaces:
        if s.group is not None and s.group not in group_ids:
            v.error("E-ref-group", s, "group",
                    f"no group {s.group!r} in board.yaml's groups{_did_you_mean(s.group, group_ids)}; "
                    f"groups: {_known(group_ids)}")
        if s.group is not None and s.price is None:
            v.error("E-space-price", s, None,
                    f"{s.id!r} belongs to group {s.group!r} but has no price, so it cannot be bought; add price: "
                    f"<amount>", path=s.sub("price"))
        panels = {p.id for p in board.centre.panels}
        for link in s.links:
            if link.to not in v.spaces and link.to not in panels:
                v.error("E-ref-space", link, "to",
                        f"the link leads to {link.to!r}, but no space or centre panel has that id"
                        f"{_did_you_mean(link.to, [*v.spaces, *panels])}")
        if s.deck is not None and s.deck not in v.decks:
            v.error("E-ref-deck", s, "deck",
                    f"no deck {s.deck!r}{_did_you_mean(s.deck, v.decks)}; decks: {_known(v.decks)} "
                    f"(a deck is a decks/<name>.yaml file with that id)")
    for spot in board.centre.deck_spots:
        if spot.deck is not None and spot.deck not in v.decks:
            v.error("E-ref-deck", spot, "deck",
                    f"deck spot for {spot.deck!r}, but there is no such deck{_did_you_mean(spot.deck, v.decks)}; "
                    f"decks: {_known(v.decks)}")
        elif spot.deck is None and not spot.titles and not spot.label:
            v.error("E-spot", spot, None,
                    "a spot in the centre shows nothing: give it deck: <deck id>, titles: true (the pile of title "
                    "cards) or label: <text>", path=spot.path)
        elif spot.deck is not None and spot.titles:
            v.error("E-spot", spot, "titles",
                    f"the spot holds deck {spot.deck!r} and the title cards' pile; one pile per spot")
        if spot.face_up:
            pile = (sum(c.copies for c in v.decks[spot.deck].cards) if spot.deck in v.decks
                    else len(v.kit.titles.titles) if spot.titles else None)
            if pile is None:
                v.error("E-spot", spot, "face_up",
                        f"{spot.face_up} cards face up, but the spot holds no pile to deal them from; add deck: or "
                        f"titles: true")
            elif spot.face_up >= pile:
                v.error("E-spot", spot, "face_up",
                        f"{spot.face_up} cards face up from a pile of {pile}: the row must leave cards to refill it "
                        f"from; lower face_up")
    # jails: each can be left
    leave_cards = any(c.effect is not None and c.effect.action == "leave_jail" for d in v.kit.decks for c in d.cards)
    for s in spaces:
        j = s.jail
        if j is not None and j.fine is None and not j.fines and j.turns is None and not j.doubles:
            v.error("E-jail-exit", j, None,
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
            v.error("E-group-size", g, "size",
                    f"group {g.id!r} declares size {g.size} but {have} space(s) belong to it ({names}); "
                    f"set size: {have} or correct the spaces' group")


# --------------------------------------------------------------------------- title cards
def ownable(s: Space) -> bool:
    """A space with a price can be bought, so it has a title card."""
    return s.price is not None


def _titles_by_space(v: _Validator) -> list[tuple[Title, Space]]:
    """Title cards paired with their ownable space (first card per space only)."""
    out, seen = [], set()
    for t in v.kit.titles.titles:
        s = v.spaces.get(t.space)
        if s is not None and ownable(s) and t.space not in seen:
            seen.add(t.space)
            out.append((t, s))
    return out


@_rule
def _titles(v: _Validator) -> None:
    kit = v.kit
    first: dict[str, Title] = {}
    for t in kit.titles.titles:
        s = v.spaces.get(t.space)
        if s is None:
            v.error("E-ref-space", t, "space",
                    f"title card for space {t.space!r}, but no space on the board has that id"
                    f"{_did_you_mean(t.space, v.spaces)}")
            continue
        if not ownable(s):
            v.error("E-title-not-ownable", t, "space",
                    f"title card for {t.space!r}, which has no price and so cannot be owned; remove the card or give "
                    f"the space a price (at {v.loc(s, 'id')})")
            continue
        if t.space in first:
            v.error("E-title-duplicate", t, "space",
                    f"a second title card for {t.space!r} (the first is at {v.loc(first[t.space], 'space')}); "
                    f"keep one")
            continue
        first[t.space] = t
        if not (t.rent or t.rent_by_owned or t.multipliers or t.table is not None):
            v.error("E-title-rent", t, None,
                    f"the title card for {t.space!r} prints no rent; add rent: [...] (a ladder by development), "
                    f"rent_by_owned: [...] (by how many of its kind are owned), multipliers: [...] (times the dice) "
                    f"or a table", path=t.sub("rent"))
        if t.rent and s.group is None:
            v.error("E-space-group", s, "id",
                    f"{t.space!r} has a rent ladder (it is developed with houses) but no colour group; add group: "
                    f"<group id> (groups: {_known(g.id for g in kit.board.groups)})", path=s.sub("group"))
    for s in kit.board.spaces:
        if ownable(s) and s.id not in first:
            v.error("E-title-missing", s, "id",
                    f"{s.id!r} has a price but no title card; add one to titles.yaml: - {{space: {s.id}, ...}}")


@_rule
def _rents(v: _Validator) -> None:
    terms = v.kit.game.terms
    steps = len(terms.rent_ladder)
    for t, s in _titles_by_space(v):
        if t.rent is not None and len(t.rent) != steps:
            v.error("E-rent-steps", t, "rent",
                    f"{len(t.rent)} rent amount(s) but terms.rent_ladder has {steps} label(s) "
                    f"({', '.join(terms.rent_ladder)}); give one amount per label")
        for name in ("rent", "rent_by_owned", "multipliers"):
            ladder = getattr(t, name)
            if not ladder:
                continue
            for i in range(1, len(ladder)):
                if ladder[i] < ladder[i - 1]:
                    v.error("E-rent-decreasing", t, name,
                            f"{name}[{i}] = {ladder[i]} is less than {name}[{i - 1}] = {ladder[i - 1]}; a ladder "
                            f"never goes down: check for a typo", path=f"{t.sub(name)}[{i}]")
                    break


@_rule
def _development_costs(v: _Validator) -> None:
    rules = v.kit.game.rules
    by_group: dict[str, list[Title]] = defaultdict(list)
    for t, s in _titles_by_space(v):
        if s.group is not None:
            by_group[s.group].append(t)
        if rules.house_cost is not None and t.house_cost is not None and t.house_cost != rules.house_cost:
            v.error("E-dev-cost-equal", t, "house_cost",
                    f"house_cost {t.house_cost}, but rules.house_cost says every house costs {rules.house_cost}; "
                    f"write house_cost: {rules.house_cost}")
        if rules.equal_development_costs and t.house_cost is not None and t.hotel_cost is not None \
                and t.house_cost != t.hotel_cost:
            v.error("E-dev-cost-equal", t, "hotel_cost",
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
                    v.error("E-dev-cost-group", t, name if have is not None else None,
                            f"{name} of {t.space!r} is {shown}, but the other cards of group {gid!r} have {others}; "
                            f"development costs are the same within a group", path=t.sub(name))


@_rule
def _mortgages(v: _Validator) -> None:
    rules = v.kit.game.rules
    r = v.rounding if v.rounding >= 1 else 1
    for t, s in _titles_by_space(v):
        if rules.mortgage == "none":
            if t.mortgage is not None:
                v.error("E-mortgage-unexpected", t, "mortgage",
                        f"the card prints mortgage {t.mortgage}, but rules.mortgage is 'none'; remove it or set "
                        f"rules.mortgage: half")
        elif rules.mortgage == "half" and s.price is not None:
            want = -(-s.price // (2 * r)) * r  # half the price, rounded up to the rounding
            if t.mortgage != want:
                have = "the card has no mortgage value" if t.mortgage is None else f"the card's mortgage is {t.mortgage}"
                v.error("E-mortgage-value", t, "mortgage" if t.mortgage is not None else None,
                        f"{have}, but rules.mortgage is 'half' and {t.space!r} costs {s.price}: write "
                        f"mortgage: {want}", path=t.sub("mortgage"))


@_rule
def _trade_values(v: _Validator) -> None:
    rules = v.kit.game.rules
    kinds = sorted({s.kind for s in v.kit.board.spaces if ownable(s)})
    for kind in rules.trade_value:
        if kind not in kinds:
            v.error("E-ref-kind", rules, "trade_value",
                    f"rules.trade_value names {kind!r}, but no space of that kind can be owned; the kinds with a "
                    f"price are {', '.join(kinds) or 'none'}{_did_you_mean(kind, kinds)}",
                    path=f"{rules.sub('trade_value')}.{kind}")
    for t, s in _titles_by_space(v):
        if t.sale_value is not None and s.price is not None and t.sale_value >= s.price:
            v.error("E-title-value", t, "sale_value",
                    f"sale value {t.sale_value} is not less than the price of {t.space!r} ({s.price}); the bank buys "
                    f"back for less than it sells: lower the sale value")
        if rules.buyout is not None and s.price is not None:
            r = max(1, v.rounding)
            want = math.ceil(s.price * rules.buyout / r - 1e-9) * r  # rounded up to the money grid
            if t.buyout != want:
                have = "no buyout" if t.buyout is None else f"buyout {t.buyout}"
                up = f", rounded up to a multiple of {r}" if r > 1 or want != s.price * rules.buyout else ""
                v.error("E-title-value", t, "buyout" if t.buyout is not None else None,
                        f"the card has {have}, but rules.buyout says {s.price} × {rules.buyout:g}{up} = {want}; "
                        f"write buyout: {want}", path=t.sub("buyout"))
        elif t.buyout is not None and rules.buyout is None and s.price is not None and t.buyout < s.price:
            v.error("E-title-value", t, "buyout",
                    f"buyout {t.buyout} is less than the price of {t.space!r} ({s.price}); a buyout costs at least "
                    f"the price")
    if rules.market_price is not None:
        for s in v.kit.board.spaces:
            if ownable(s) and s.price != rules.market_price:
                v.error("E-market-price", s, "price",
                        f"{s.id!r} costs {s.price}, but rules.market_price says every space that can be owned costs "
                        f"{rules.market_price}; write price: {rules.market_price}")
    for t, s in _titles_by_space(v):
        want = rules.trade_value.get(s.kind)
        if want is not None and t.trade_value != want:
            have = "the card has no trade value" if t.trade_value is None else f"the card's trade value is {t.trade_value}"
            v.error("E-trade-value", t, "trade_value" if t.trade_value is not None else None,
                    f"{have}, but rules.trade_value says every {s.kind} is worth {want}; write trade_value: {want}",
                    path=t.sub("trade_value"))


# --------------------------------------------------------------------------- decks and cards
@_rule
def _decks(v: _Validator) -> None:
    kit, rules = v.kit, v.kit.game.rules
    for did in rules.deck_sizes:
        if did not in v.decks:
            v.error("E-ref-deck", rules, "deck_sizes",
                    f"rules.deck_sizes names deck {did!r}, but there is no such deck{_did_you_mean(did, v.decks)}; "
                    f"decks: {_known(v.decks)}", path=f"{rules.sub('deck_sizes')}.{did}")
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
            v.error("E-deck-size", deck, "cards",
                    f"deck {deck.id!r} has {total} card(s) counting copies, but rules.deck_sizes says {want}; "
                    f"{'remove' if diff > 0 else 'add'} {abs(diff)} card(s) or correct rules.deck_sizes")
        elif want is None and rules.deck_sizes:
            v.warning("W-deck-size-undeclared", deck, "id",
                      f"rules.deck_sizes does not list deck {deck.id!r}; add {deck.id}: {total} so its size is "
                      f"checked")
        if deck.id not in drawn:
            v.warning("W-deck-unused", deck, "id",
                      f"nothing uses deck {deck.id!r}: no space draws from it and no effect names it; add deck: "
                      f"{deck.id} to a space, or remove the deck")


@_rule
def _effects(v: _Validator) -> None:
    """Every effect, of a card or of a space, has what its action needs; kept cards say so."""
    kinds = {s.kind for s in v.kit.board.spaces}
    for s in v.kit.board.spaces:
        for e in s.charges():
            _effect(v, e, kinds)
        passing = {(e.action, e.amount, e.table) for e in s.on_pass if e.action in _MONEY}
        for e in s.on_land:
            if (e.action, e.amount, e.table) in passing:
                v.warning("W-charged-twice", e, "action",
                          f"{s.id!r} has the same {e.action} in on_pass and on_land: on_pass applies when landing too, "
                          f"so a player landing here would {e.action} twice; keep it in on_pass only (or say what "
                          f"landing adds)")
    for deck in v.kit.decks:
        for card in deck.cards:
            e = card.effect
            if e is not None:
                _effect(v, e, kinds)
                if e.action == "leave_jail" and not card.keep:
                    v.error("E-keep-mismatch", e, "action",
                            "the card frees a player from jail, which they need later: add keep: true to the card "
                            "(it prints the keep line)")
    for did, n in v.kit.game.rules.hand.items():
        deck = v.decks.get(did)
        if deck is None:
            v.error("E-ref-deck", v.kit.game.rules, "hand",
                    f"rules.hand deals cards of deck {did!r}, but there is no such deck{_did_you_mean(did, v.decks)}",
                    path=f"{v.kit.game.rules.sub('hand')}.{did}")
            continue
        total, most = sum(c.copies for c in deck.cards), v.kit.game.players.max
        if n * most > total:
            v.error("E-deck-size", deck, "cards",
                    f"every player starts with {n} card(s) of {did!r}: {most} players (players.max) need {n * most}, "
                    f"but the deck has {total}; add cards or lower rules.hand")


#: what each action needs besides its name
_MOVES_TO = ("advance", "go")
_STEPS = ("forward", "back")
_MONEY = ("pay", "collect", "pay_each", "collect_each")
_DECK = ("draw", "buy_card", "lose_cards")
_PRICED = ("buy_card", "take_property", "sell_back")


def _effect(v: _Validator, e: Effect, kinds: set) -> None:
    a = e.action
    if a in _MOVES_TO and e.target is None and e.nearest is None:
        v.error("E-effect-move", e, "action",
                f"the {a!r} effect needs somewhere to go; add target: <space id> or nearest: <kind>",
                path=e.sub("target"))
    if a == "nearest" and e.nearest is None:
        v.error("E-effect-move", e, "action",
                "a 'nearest' effect needs the kind to move to; add nearest: <kind> (e.g. station)",
                path=e.sub("nearest"))
    if a in _STEPS and e.steps is None:
        v.error("E-effect-move", e, "action", f"a {a!r} effect needs steps: <how many spaces>", path=e.sub("steps"))
    if e.target is not None and e.target not in v.spaces:
        v.error("E-ref-space", e, "target",
                f"no space {e.target!r} on the board{_did_you_mean(e.target, v.spaces)}")
    if e.nearest is not None and e.nearest not in kinds:
        v.error("E-ref-kind", e, "nearest",
                f"the effect moves to the nearest {e.nearest!r}, but no space on the board is of that kind; kinds: "
                f"{_known(kinds)}{_did_you_mean(e.nearest, kinds)}")
    if a in ("jail", "leave_jail") and not v.kit.jails():
        v.error("E-ref-kind", e, "action",
                f"the {a!r} effect needs a space that holds players, but no space has jail: {{...}}")
    if a in _MONEY and e.amount is None and e.table is None:
        v.error("E-effect-amount", e, "action",
                f"the {a!r} effect needs amount: <how much> or table: <table id>", path=e.sub("amount"))
    if a in _PRICED and e.amount is None:
        v.error("E-effect-amount", e, "action", f"the {a!r} effect needs amount: <price>", path=e.sub("amount"))
    if e.amount_improved is not None and e.amount is not None and e.amount_improved < e.amount:
        v.error("E-effect-amount", e, "amount_improved",
                f"amount_improved {e.amount_improved} is less than amount {e.amount}; a built-up property never "
                f"costs less")
    if a == "repairs":
        for name in ("per_house", "per_hotel"):
            if getattr(e, name) is None:
                v.error("E-effect-amount", e, "action", f"a 'repairs' effect needs {name}: <amount>",
                        path=e.sub(name))
    if a in _DECK:
        if e.deck is None:
            v.error("E-ref-deck", e, "action", f"the {a!r} effect needs deck: <deck id> (decks: {_known(v.decks)})",
                    path=e.sub("deck"))
        elif e.deck not in v.decks:
            v.error("E-ref-deck", e, "deck", f"no deck {e.deck!r}{_did_you_mean(e.deck, v.decks)}; decks: "
                    f"{_known(v.decks)}")
    if e.table is not None:
        _effect_table(v, e)


#: how a table is read -> (what the rows must cover, what the columns must cover)
_READS = {"dice": (range(1, 7), range(1, 7)), "total": (None, range(2, 13))}


def _effect_table(v: _Validator, e: Effect) -> None:
    """The named table exists and covers every roll it is read by."""
    table = v.kit.tables.table(e.table)
    if table is None:
        known = [t.id for t in v.kit.tables.tables if t.id]
        v.error("E-ref-table", e, "table",
                f"no table {e.table!r} in tables.yaml{_did_you_mean(e.table, known)}; tables: {_known(known)}")
        return
    if table.read is None:
        v.error("E-table-range", table, "id",
                f"table {table.id!r} is read by an effect (at {v.loc(e, 'table')}) but does not say how: add "
                f"read: dice (rows and columns: one die each), total (columns: the dice total) or owned")
        return
    rows_need, cols_need = _READS.get(table.read, (None, None))
    sep, sym = v.cur.thousands, v.cur.symbol
    if table.read == "total":  # the dice total may run along the columns or down the rows
        cols = {_number(c, sep, sym) for c in table.columns}
        rows = {_number(r.key if r.key is not None else r.label, sep, sym) for r in table.rows}
        if all(n in rows for n in cols_need) and not all(n in cols for n in cols_need):
            rows_need, cols_need = cols_need, None
    if cols_need is not None:
        have = {_number(c, sep, sym) for c in table.columns}
        missing = [n for n in cols_need if n not in have]
        if missing:
            v.error("E-table-range", table, "columns",
                    f"table {table.id!r} is read by {table.read} and needs a column for each of "
                    f"{cols_need.start}-{cols_need.stop - 1}; missing: {', '.join(map(str, missing))}")
    if rows_need is not None:
        have = {_number(r.key if r.key is not None else r.label, sep, sym) for r in table.rows}
        missing = [n for n in rows_need if n not in have]
        if missing:
            v.error("E-table-range", table, "rows",
                    f"table {table.id!r} is read by {table.read} and needs a row for each of "
                    f"{rows_need.start}-{rows_need.stop - 1}; missing: {', '.join(map(str, missing))}")


# --------------------------------------------------------------------------- amounts and money
def _amounts(v: _Validator) -> Iterable[tuple[Entity, str, str, int]]:
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
        for name in ("house_cost", "hotel_cost", "mortgage", "trade_value", "sale_value", "premium", "buyout"):
            if getattr(t, name) is not None:
                yield t, name, t.sub(name), getattr(t, name)
        for r in t.rows:
            if r.amount is not None:
                yield r, "amount", r.sub("amount"), r.amount
    effects += [card.effect for deck in kit.decks for card in deck.cards if card.effect is not None]
    for e in effects:
        for name in ("amount", "amount_improved", "per_house", "per_hotel"):
            if getattr(e, name) is not None:
                yield e, name, e.sub(name), getattr(e, name)
    for table in _tables(kit):
        if not table.money:
            continue
        for r in table.rows:
            for j, cell in enumerate(r.cells):
                n = _number(cell, v.cur.thousands, v.cur.symbol)
                if isinstance(n, int) or (isinstance(n, float) and n.is_integer()):
                    yield r, "cells", f"{r.sub('cells')}[{j}]", abs(int(n))
    for ms in (kit.money.notes, kit.money.chips):
        if ms is not None:
            for d in ms.denominations:
                yield d, "value", d.sub("value"), d.value


@_rule
def _rounding(v: _Validator) -> None:
    m = v.kit.game.money
    r = m.rounding
    if r < 1:
        v.error("E-rounding", m, "rounding",
                f"money.rounding is {r}; it must be at least 1 (1 means any whole amount)")
        return
    if r == 1:
        return
    for obj, name, path, amount in _amounts(v):
        if amount % r:
            lower = amount - amount % r
            v.error("E-rounding", obj, name,
                    f"{amount} is not a multiple of money.rounding ({r}); use {lower} or {lower + r}", path=path)
    for t, s in _titles_by_space(v):  # a rent of multiplier × the dice, for every dice total
        for i, x in enumerate(t.multipliers or []):
            off = [d for d in range(2, 13) if (x * d) % r]
            if off:
                v.error("E-rounding", t, "multipliers",
                        f"{x} × the dice is not a multiple of money.rounding ({r}) for a roll of "
                        f"{', '.join(map(str, off[:4]))}{' ...' if len(off) > 4 else ''} ({x} × {off[0]} = "
                        f"{x * off[0]}); print a table of rounded rents by dice total instead of the multiplier",
                        path=f"{t.sub('multipliers')}[{i}]")
    for value in m.starting_split:
        if value % r:
            v.error("E-rounding", m, "starting_split",
                    f"note value {value} is not a multiple of money.rounding ({r})",
                    path=f"{m.sub('starting_split')}.{value}")


@_rule
def _money(v: _Validator) -> None:
    kit = v.kit
    m, players = kit.game.money, kit.game.players
    denoms = set(m.denominations)
    total = sum(value * count for value, count in m.starting_split.items())
    if total != m.starting:
        parts = " + ".join(f"{c} × {val}" for val, c in sorted(m.starting_split.items(), reverse=True)) or "nothing"
        v.error("E-money-split-sum", m, "starting_split",
                f"the starting split pays {parts} = {total}, but money.starting is {m.starting}; "
                f"{'remove' if total > m.starting else 'add'} {abs(total - m.starting)} worth of notes or correct "
                f"money.starting")
    for value in m.starting_split:
        if value not in denoms:
            v.error("E-money-split-denomination", m, "starting_split",
                    f"the starting split pays out {value}-notes, but {value} is not in money.denominations "
                    f"({', '.join(map(str, sorted(denoms))) or 'none'}); use existing values or add {value}",
                    path=f"{m.sub('starting_split')}.{value}")
    sets = [(name, ms) for name, ms in (("notes", kit.money.notes), ("chips", kit.money.chips)) if ms is not None]
    if not sets:
        return  # the kit prints no money
    printed: dict[int, int] = defaultdict(int)
    first: dict[int, tuple[str, Any]] = {}
    for name, ms in sets:
        for d in ms.denominations:
            printed[d.value] += d.count
            first.setdefault(d.value, (name, d))
            if d.value not in denoms:
                v.error("E-money-denomination", d, "value",
                        f"{name} of value {d.value} are printed, but {d.value} is not in game.yaml's "
                        f"money.denominations ({', '.join(map(str, sorted(denoms))) or 'none'}); add it there or "
                        f"remove this {name[:-1]}")
    for value in sorted(denoms):
        if value not in printed:
            v.warning("W-money-unprinted", m, "denominations",
                      f"denomination {value} has no printed note or chip; add it to money.yaml")
    if any(ms.print_advice for _, ms in sets):  # the sheets tell the maker how many copies to print
        return
    short = []
    for value, count in sorted(m.starting_split.items()):
        need = count * players.max
        have = printed.get(value, 0)
        if value in printed and have < need:
            short.append((value, count, need, have))
    for value, count, need, have in short:
        what, d = first[value]
        copies = f"print the sheet(s) with the {v.money(value)} {what} {math.ceil(need / have)} times, " if have else ""
        v.warning("W-money-count", d, "count",
                  f"{have} {v.money(value)} {what} are printed, but {players.max} players (players.max) start with "
                  f"{count} each: {need} are needed; {copies}raise count to {need}, or add {what}.print_advice "
                  f"telling the maker how many copies of which sheet to print")


@_rule
def _counters(v: _Validator) -> None:
    kit, rules = v.kit, v.kit.game.rules
    counters = {c.id: c for c in reversed(kit.counters.counters)}  # first wins
    for cid, want in rules.countermix.items():
        c = counters.get(cid)
        if c is None:
            v.error("E-ref-counter", rules, "countermix",
                    f"rules.countermix names counter {cid!r}, but counters.yaml has no such counter"
                    f"{_did_you_mean(cid, counters)}; counters: {_known(counters)}",
                    path=f"{rules.sub('countermix')}.{cid}")
        elif c.count != want:
            v.error("E-countermix", c, "count",
                    f"{c.count} {cid!r} counters are printed, but rules.countermix says {want}; set count: {want} "
                    f"or correct rules.countermix")
    if rules.countermix:
        for c in kit.counters.counters:
            if c.id not in rules.countermix:
                v.warning("W-countermix-undeclared", c, "id",
                          f"rules.countermix does not list counter {c.id!r}; add {c.id}: {c.count} so its count is "
                          f"checked")


#: lengths (mm) content may give: anything outside is a typo or a unit mistake (570 for 57)
MAX_LENGTH = 2000.0
MAX_COORD = 10_000.0
TEXT_PT = (3.0, 24.0)


@_rule
def _sizes(v: _Validator) -> None:
    """Every length is more than 0 and at most MAX_LENGTH mm; every plain number is finite and of sane size."""
    kit = v.kit
    pt = kit.game.print.min_text_pt
    if not (math.isfinite(pt) and TEXT_PT[0] <= pt <= TEXT_PT[1]):
        v.error("E-size-range", kit.game.print, "min_text_pt",
                f"print.min_text_pt is {pt:g}; the smallest text size must be between {TEXT_PT[0]:g} and "
                f"{TEXT_PT[1]:g} pt (6 is usual)")
    roots = [kit.game, kit.board, kit.tables, kit.titles, *kit.decks, kit.money, kit.counters, kit.reference]
    for root in roots:
        for obj, name, value, is_length in _numbers(root):
            if is_length:
                if not (0 < value <= MAX_LENGTH):
                    v.error("E-size-range", obj, name,
                            f"{name} is {value:g} mm; a length must be more than 0 and at most {MAX_LENGTH:g} mm "
                            f"(write units: 57mm, 5.7cm, 2.25in)")
            elif not (math.isfinite(value) and abs(value) <= MAX_COORD):
                v.error("E-size-range", obj, name,
                        f"{name} is {value:g}; write a number between {-MAX_COORD:g} and {MAX_COORD:g}")


def _numbers(obj: Any) -> Iterable[tuple[Entity, str, float, bool]]:
    """Every Length and float field below ``obj``: (object, field, value, is a length)."""
    if isinstance(obj, list):
        for item in obj:
            yield from _numbers(item)
        return
    if not isinstance(obj, Entity):
        return
    for name in field_names(type(obj)):
        if name == "min_text_pt":
            continue
        value = getattr(obj, name)
        if isinstance(value, Length):
            yield obj, name, float(value), True
        elif isinstance(value, float) and not isinstance(value, bool):
            yield obj, name, value, False
        elif isinstance(value, (Entity, list)):
            yield from _numbers(value)


#: the most copies of one item (a note, a card, a counter) a kit may print, and of all items together
MAX_COPIES = 1000
MAX_ITEMS = 10_000


@_rule
def _print_counts(v: _Validator) -> None:
    kit = v.kit
    entries: list[tuple[Entity, str, int]] = []
    for ms in (kit.money.notes, kit.money.chips):
        if ms is not None:
            entries += [(d, "count", d.count) for d in ms.denominations]
    entries += [(c, "copies", c.copies) for deck in kit.decks for c in deck.cards]
    entries += [(c, "copies", c.copies) for c in kit.reference.cards]
    entries += [(c, "count", c.count) for c in kit.counters.counters]
    for obj, name, n in entries:
        if n > MAX_COPIES:
            v.error("E-count-large", obj, name,
                    f"{n} copies of one item; a kit prints at most {MAX_COPIES} of one item (a typo?): lower "
                    f"{name}, or tell the maker to print the sheet several times")
    total = sum(min(n, MAX_COPIES + 1) for _, _, n in entries)
    if total > MAX_ITEMS and all(n <= MAX_COPIES for _, _, n in entries):
        v.error("E-count-large", kit.game, None,
                f"the kit would print {total} items (notes, cards, counters); at most {MAX_ITEMS} are allowed: "
                f"lower the counts and copies", path="")


@_rule
def _players(v: _Validator) -> None:
    p = v.kit.game.players
    if p.min > p.max:
        v.error("E-players-range", p, "min", f"players.min ({p.min}) is more than players.max ({p.max}); swap them")
    elif p.min < 1:
        v.error("E-players-range", p, "min", f"players.min is {p.min}; a game needs at least 1 player")


#: terms whose text the layout fills in with str.format: term -> the names it may use
PLACEHOLDERS = {"owned": ("n",), "utility_roll": ("n", "x")}


@_rule
def _terms(v: _Validator) -> None:
    terms = v.kit.game.terms
    for name, allowed in PLACEHOLDERS.items():
        text = getattr(terms, name)
        problem = _placeholder_problem(text, allowed)
        if problem:
            names = " and ".join("{" + a + "}" for a in allowed)
            v.error("E-terms-placeholder", terms, name,
                    f"terms.{name} {text!r}: {problem}; it may use only {names} (write {{{{ and }}}} for a literal "
                    f"brace)")


def _placeholder_problem(text: str, allowed: tuple[str, ...]) -> str | None:
    """Why ``text`` cannot be filled in with ``str.format`` over ``allowed`` names, or None."""
    import string

    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        return str(exc).replace("'{'", "brace").replace("'}'", "brace")
    for _, field_name, spec, conversion in fields:
        if field_name is None:
            continue
        if field_name not in allowed:
            return f"{{{field_name}}} is not a value it can show" if field_name else "{} has no name"
        if spec and "{" in spec:
            return "nested braces in a format"
    try:
        text.format(**{a: 1 for a in allowed})
    except (ValueError, KeyError, IndexError, AttributeError, TypeError) as exc:
        return f"it cannot be filled in ({exc})"
    return None


# --------------------------------------------------------------------------- tables
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
                                   f"abs{_did_you_mean(node.id, names)}")
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


def _number(value: Any, thousands: str = "", symbol: str = "") -> float | None:
    """A table value as a number: 3, 2.5, '400\\'000', '₩50'; None if it is not one."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return value if (isinstance(value, int) or math.isfinite(value)) else None
    if isinstance(value, str):
        s = value.strip()
        if symbol:
            s = s.replace(symbol, "")
        for sep in {thousands, "'", "\u2019", "\u202f", "\u00a0", " "} - {""}:
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


def _tables(kit: Kit) -> Iterable[Table]:
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


@_rule
def _table_checks(v: _Validator) -> None:
    known = [t.id for t in v.kit.tables.tables if t.id]
    seen: dict[str, Table] = {}
    for t in v.kit.tables.tables:
        if t.id is None:
            v.error("E-schema-missing", t, None, "a table in tables.yaml needs id: <name> (spaces, panels and "
                    "cards name it)", path=t.sub("id"))
        elif t.id in seen:
            v.error("E-id-duplicate", t, "id", f"table id {t.id!r} is used twice (first at {v.loc(seen[t.id], 'id')})")
        else:
            seen[t.id] = t
    for obj, tid in _table_refs(v.kit):
        if tid not in seen:
            v.error("E-ref-table", obj, "table",
                    f"no table {tid!r} in tables.yaml{_did_you_mean(tid, known)}; tables: {_known(known)}")
    for table in _tables(v.kit):
        _table(v, table)


def _table(v: _Validator, table: Table) -> None:
    ncols = len(table.columns)
    for r in table.rows:
        if len(r.cells) != ncols:
            v.error("E-table-shape", r, "cells",
                    f"row {r.label!r} has {len(r.cells)} cell(s) but the table has {ncols} column(s); give one cell "
                    f"per column")
    if table.formula is None:
        return
    try:
        tree = compile_formula(table.formula, _NAMES + tuple(table.where))
    except FormulaError as exc:
        v.error("E-table-formula-invalid", table, "formula", f"formula {table.formula!r}: {exc}")
        return
    where: list[tuple[str, ast.Expression]] = []
    for name, source in table.where.items():
        try:
            where.append((name, compile_formula(str(source), _NAMES + tuple(n for n, _ in where))))
        except FormulaError as exc:
            v.error("E-table-formula-invalid", table, "where", f"where {name}: {source!r}: {exc}",
                    path=f"{table.sub('where')}.{name}")
            return
    sep, sym = v.cur.thousands, v.cur.symbol
    cols: list[float | None] = []
    bad = False
    for j, c in enumerate(table.columns):
        n = _number(c, sep, sym)
        cols.append(n)
        if n is None:
            bad = True
            v.error("E-table-formula-invalid", table, "columns",
                    f"column heading {c!r} is not a number, so the formula cannot use it as col; write a number",
                    path=f"{table.sub('columns')}[{j}]")
    for r in table.rows:
        rv = _number(r.key, sep, sym) if r.key is not None else _number(r.label, sep, sym)
        if rv is None:
            v.error("E-table-formula-invalid", r, "key" if r.key is not None else "label",
                    f"row {r.label!r} has no numeric value for the formula's row; add key: <number> to the row")
            continue
        if bad:
            continue
        for j, cell in enumerate(r.cells[:ncols]):
            cv = cols[j]
            try:
                want = evaluate_formula(tree, rv, cv, where)
            except FormulaError as exc:
                v.error("E-table-formula-invalid", table, "formula", f"formula {table.formula!r}: {exc}")
                return
            have = _number(cell, sep, sym)
            if have is None or not _same(have, want):
                shown = _show_number(want)
                v.error("E-table-formula", r, "cells",
                        f"cell {cell!r} (row {r.label!r}, column {table.columns[j]!r}) differs from the formula "
                        f"{table.formula!r}, which gives {shown}; write {shown} or correct the formula",
                        path=f"{r.sub('cells')}[{j}]")


def _show_number(x: float) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


# --------------------------------------------------------------------------- print checks
_FONT_ROLES = ("title", "heading", "body", "italic")


@_rule
def _fonts(v: _Validator) -> None:
    fonts = v.kit.game.theme.fonts
    available = set(fontlib.available())
    for role in _FONT_ROLES:
        name = getattr(fonts, role)
        if name not in available:
            v.error("E-font-unknown", fonts, role,
                    f"font {name!r} is neither in the game's fonts/ folder nor one of pnp's"
                    f"{_did_you_mean(name, available)}; name a font by its file stem (available: "
                    f"{_known(available, 20)})")
            continue
        try:
            fontlib.get_font(name)
        except fontlib.FontMissing as exc:
            v.error("E-font-unknown", fonts, role, str(exc))


def _printed_texts(obj: Any, skip: frozenset = frozenset({"data"})) -> Iterable[tuple[Entity, str, str, str]]:
    """Every text the kit prints: (object, field, path, text). Ids, colours, font names and formulas are not
    printed; game.data only reaches print through templates, which are already rendered."""
    if isinstance(obj, list):
        for item in obj:
            yield from _printed_texts(item, skip)
        return
    if not isinstance(obj, Entity):
        return
    for name in field_names(type(obj)):
        if name in skip:
            continue
        value = getattr(obj, name)
        if isinstance(value, (Text, Label)):
            yield obj, name, obj.sub(name), str(value)
        elif name == "thousands" and isinstance(value, str) and value:
            yield obj, name, obj.sub(name), value
        elif name in ("columns", "cells") and isinstance(value, list):  # table headings and cells
            for i, item in enumerate(value or []):
                if item is not None:
                    yield obj, name, f"{obj.sub(name)}[{i}]", str(item)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, (Text, Label)):
                    yield obj, name, f"{obj.sub(name)}[{i}]", str(item)
                elif isinstance(item, Entity):
                    yield from _printed_texts(item, skip)
        elif isinstance(value, Entity):
            yield from _printed_texts(value, skip)


MIN_DPI = 300


def _pictures(kit: Kit) -> Iterable:
    yield from kit.board.centre.pictures
    for deck in kit.decks:
        for card in deck.cards:
            if card.picture is not None:
                yield card.picture


@_rule
def _images(v: _Validator) -> None:
    """Every image is a readable file inside the game folder, with 300 dpi at its printed size."""
    pictures = list(_pictures(v.kit))
    if not pictures:
        return
    from PIL import Image, UnidentifiedImageError  # only kits with pictures pay for Pillow

    root = v.root.resolve()
    for pic in pictures:
        path = (root / pic.file).resolve()
        try:
            path.relative_to(root)
        except ValueError:
            v.error("E-image-outside", pic, "file",
                    f"{pic.file!r} points outside the game folder; copy the image into the folder and name it "
                    f"relative to it")
            continue
        if not path.is_file():
            v.error("E-image-missing", pic, "file",
                    f"no image at {pic.file!r} (looked for {path}); check the name, it is relative to the game folder")
            continue
        try:
            with Image.open(path) as im:
                px_w, px_h = im.size
        except (UnidentifiedImageError, OSError) as exc:
            v.error("E-image-unreadable", pic, "file", f"{pic.file!r} is not an image pnp can read ({exc}); "
                    f"save it as PNG or JPEG")
            continue
        dpi = min(px_w / (float(pic.width) / 25.4), px_h / (float(pic.height) / 25.4))
        if dpi < MIN_DPI - 0.5:
            need_w = round(float(pic.width) / 25.4 * MIN_DPI)
            need_h = round(float(pic.height) / 25.4 * MIN_DPI)
            v.warning("W-image-dpi", pic, "file",
                      f"{pic.file!r} is {px_w}×{px_h} px, {dpi:.0f} dpi at {float(pic.width):g}×{float(pic.height):g} mm; "
                      f"it will print blurred: use at least {need_w}×{need_h} px or print it smaller")


@_rule
def _glyphs(v: _Validator) -> None:
    kit = v.kit
    fonts = kit.game.theme.fonts
    available = set(fontlib.available())
    names = []
    for role in _FONT_ROLES:
        name = getattr(fonts, role)
        if name in available and name not in names:
            names.append(name)
    if not names:
        return
    coverage: dict[str, tuple[str, ...]] = {}  # char -> fonts (with their fallbacks) lacking it

    def lacking(ch: str) -> tuple[str, ...]:
        if ch not in coverage:
            out = []
            for name in names:
                try:
                    if fontlib.missing_glyphs(ch, name):
                        out.append(name)
                except fontlib.FontMissing:
                    pass
            coverage[ch] = tuple(out)
        return coverage[ch]

    printable: set[str] = set()  # characters every font (with its fallbacks) has
    roots = [kit.game, kit.board, kit.tables, kit.titles, *kit.decks, kit.money, kit.counters, kit.reference]
    for root in roots:
        for obj, name, path, text in _printed_texts(root):
            new = set(text) - printable  # usually empty: every character was seen in an earlier text
            if not new:
                continue
            missing: dict[str, tuple[str, ...]] = {}
            for ch in dict.fromkeys(text):
                if ch in new:
                    lack = () if ch.isspace() else lacking(ch)
                    if lack:
                        missing[ch] = lack
                    else:
                        printable.add(ch)
            if not missing:
                continue
            shown = [f"{ch!r} (U+{ord(ch):04X})" for ch in list(missing)[:8]]
            more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
            lack_all = sorted({f for lack in missing.values() for f in lack})
            v.error("E-glyph-missing", obj, name,
                    f"no glyph for {', '.join(shown)}{more} in font(s) {', '.join(lack_all)} or their fallbacks: it "
                    f"would print as a box; replace or transliterate the character, or add a font with it to fonts/ "
                    f"and name it in theme.fonts", path=path)
