"""The typed model of a game kit. These dataclasses are also the content schema.

A kit is a folder ``content/<id>/`` with:

=====================  ====================================================
``game.yaml``          ``Game``: title, currency, players, money, rules, terms, theme, print sizes
``board.yaml``         ``Board``: size, groups, the ring of spaces, the centre
``titles.yaml``        ``Titles``: one title card per ownable space, and their back
``decks/<id>.yaml``    ``Deck``: a card deck (Chance-like), its back and cards
``money.yaml``         ``MoneySet``: banknotes and/or chips to print
``counters.yaml``      ``Counters``: houses/hotels-like counters and player tokens
``reference.yaml``     ``Reference``: reference cards (turn sequence, short rules)
``rules.yaml``         ``Booklet``: the rules booklet, sections of marked-up text (``pnp/markup.py``)
=====================  ====================================================

Every object knows where it was written (``.loc``, ``.at(field)``, ``.path``). Each class is declared ``@entity``:
a keyword-only dataclass sharing Entity's ``__init__``, ``__repr__`` and ``__eq__`` (pnp/schema.py says why).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional, Union

from .schema import Entity, doc, entity
from .values import Amount, Colour, FileName, Id, Label, Length, Text, is_language


#: Vector icons the layouts can draw. A space, deck or token names one of these.
Icon = Literal[
    "arrow", "train", "branch", "bulb", "tap", "question", "chest", "car", "police", "bars",
    "plane", "ship", "ring", "diamond", "star", "book", "scroll", "toll", "camera", "dice",
    "flag", "skull", "leaf", "tree", "crown", "house", "hotel", "wave", "sun", "speech", "receipt",
    "flats", "villa", "pearl", "asterisk", "roots", "banner",
]


# --------------------------------------------------------------------------- game.yaml
@entity
class Currency(Entity):
    symbol: Label = doc("the sign printed with amounts, e.g. ₩, $, £, F, MU")
    name: Label = doc("what the money is called, e.g. words, Francs")
    one: Optional[Label] = doc("what one unit is called, printed on a note of 1 (word, dollar); default the name",
                               None)
    position: Literal["prefix", "suffix"] = doc("symbol before (₩200) or after (400 000 F) the number", "prefix")
    space: bool = doc("a space between number and symbol (printed as a no-break space: 400 000 F)", False)
    thousands: Optional[Literal["", "'", "’", ",", ".", " ", "narrow", "nbsp", "\u202f", "\u00a0"]] = doc(
        "what separates digit groups: \"\" none (3000 MU), \",\" ($1,000), \".\", \"'\" (400'000), \"narrow\" or "
        "\" \" a narrow no-break space (French: 400 000 F), \"nbsp\" a full no-break space; default: the "
        "edition's language's (English 1,000; French 1 000; other languages none)", None)


@entity
class Players(Entity):
    min: Amount = doc("fewest players")
    max: Amount = doc("most players")


@entity
class MoneyRules(Entity):
    starting: Amount = doc("money each player starts with")
    denominations: list[Amount] = doc("the note or chip values that exist")
    starting_split: dict[int, Amount] = doc("how the starting money is paid out: value -> how many")
    reserve: Optional[Union[Amount, dict[int, Amount]]] = doc(
        "what the bank keeps once every player has their starting money: a number of notes (or chips) of every "
        "value, or value -> how many. The build prints copies of each value's set (money.yaml's count) until the "
        "starting money of the players (--players, default players.max) and this reserve are covered", None)

    def reserve_of(self, value: int) -> int:
        """How many notes (or chips) of ``value`` the bank keeps besides the players' starting money."""
        if isinstance(self.reserve, dict):
            return int(self.reserve.get(value, 0))
        return int(self.reserve or 0)
    rounding: Amount = doc("every amount in the game is a multiple of this", 1)


@entity
class Rules(Entity):
    """Numbers of the game's rules that the validator holds the content to."""

    mortgage: Literal["none", "half"] = doc("'half': title cards carry a mortgage value of half the price", "none")
    mortgage_interest: Optional[Amount] = doc(
        "percent of a title's mortgage value paid as interest when the mortgage is lifted (or a mortgaged title "
        "changes hands), e.g. 10; each card's interest must be payable in the game's notes", None)
    trade_value: dict[str, Amount] = doc("fixed trade value of every title of a space kind: kind -> value",
                                         default_factory=dict)
    market_price: Optional[Amount] = doc("every ownable space costs this one price (what is printed is unused)", None)
    house_cost: Optional[Amount] = doc("every title card's house cost is this one amount", None)
    deck_sizes: dict[str, Amount] = doc("how many cards each deck holds: deck id -> count", default_factory=dict)
    countermix: dict[str, Amount] = doc("how many of each counter the kit has: counter id -> count", default_factory=dict)
    equal_development_costs: bool = doc("house and hotel cost are always the same on a title card", False)
    buyout: Optional[float] = doc("every title card's buyout is its space's price times this (e.g. 1.5)", None)
    building_sale: Literal["any", "half", "none"] = doc(
        "what the bank pays for a building sold back: 'half' its cost (every card that prints a building_sale "
        "prints half its house_cost, rounded up), 'none' (buildings are never sold: no card prints one), 'any'",
        "any")
    corners: list[Id] = doc("the kinds of the four corner spaces, in board order (checked when given)",
                            default_factory=list)
    hand: dict[str, Amount] = doc("cards of each deck every player starts with: deck id -> count", default_factory=dict)


@entity
class Counted(Entity):
    """A line that reads differently for one than for more: {one: "If 1 branch is owned", other: "If {n} branches
    are owned"}."""

    one: Label = doc("the line when the number {n} is 1")
    other: Label = doc("the line for any other number")

    def forms(self) -> tuple[str, ...]:
        return (self.one, self.other)

    def format(self, **values) -> str:
        """The form for ``n`` (``values["n"]``), filled in like ``str.format``."""
        return (self.one if values.get("n") == 1 else self.other).format(**values)


@entity
class Terms(Entity):
    """The game's own words for what the cards print."""

    price: Label = doc("label for the purchase price", "Price")
    rent: Label = doc("what visitors pay", "Rent")
    rent_ladder: list[Label] = doc("labels for each step of a property's rent list", default_factory=lambda: [
        "Rent", "With colour set", "With 1 house", "With 2 houses", "With 3 houses", "With 4 houses", "With hotel"])
    rent_heads: Optional[list[Label]] = doc(
        "the rules booklet's property table: a short head over each step of the rent ladder (one per "
        "rent_ladder step, e.g. Rent, Set, 1, 2, 3, 4, Hotel), each step's rents in the column under it; "
        "without: the same columns under the one rent head, the ladder said in words over the table", None)
    price_head: Optional[Label] = doc(
        "the rules booklet's property table: a short head over the prices, where terms.price is long (a head of two "
        "words took the width the rent columns needed, review 14; default: terms.price)", None)
    rent_key: Optional[Label] = doc(
        "the rules booklet's property table, with rent_heads: what the heads mean, said over the table after the "
        "unit (e.g. 'Set: the whole colour set, unbuilt. 1–4: houses.')", None)
    house_cost: Label = doc("label for the development cost", "House cost")
    hotel_cost: Label = doc("label for the top development cost", "Hotel cost")
    mortgage: Label = doc("label for the mortgage value", "Mortgage value")
    trade_value: Label = doc("label for the trade value", "Trade value")
    owned: Union[Label, Counted] = doc(
        "'If {n} are owned' line on station cards; {n} is the number. A text, or {one: ..., other: ...} when "
        "the line for 1 reads differently", "If {n} owned")
    utility_roll: Union[Label, Counted] = doc(
        "multiplier line on utility cards: {n} owned, {x} the multiplier as a number (4, 8 000), {amount} the "
        "multiplier as money (₩4, 8 000 F). A text, or {one: ..., other: ...}", "If {n} owned: {x} × dice")
    rolled: Optional[Label] = doc(
        "the rules booklet's property table: a rent that is the dice times a multiplier ({x}: the multiplier), in the "
        "words the kit's cards use (default: pnp's, '{x} × the roll' in the edition's language)", None)
    keep: Label = doc("marks a card the player keeps until used", "Keep until used")
    title_card: Label = doc("heading of a title card", "Title deed")
    mortgaged: Label = doc("what a mortgaged card's back says", "Mortgaged")
    lift: Optional[Label] = doc(
        "a mortgaged title card's back (titles.yaml back style 'mortgage'): the label of what lifting its mortgage "
        "costs, printed on each card with the amount (its mortgage value plus rules.mortgage_interest %); without: "
        "no such line", None)
    continued: Label = doc("marks the cards a table too long for one card continues on", "continued")
    sale_value: Label = doc("label for the sale value", "Sale value")
    premium: Label = doc("label for the premium", "Premium")
    buyout: Label = doc("label for the buyout price", "Buy-out price")
    building_sale: Label = doc("label for what a building sells back for", "A house sells for")
    building: Optional[Label] = doc(
        "the rules booklet's property-table head over what building costs (default: pnp's word, 'Building', in "
        "the edition's language)", None)


@entity
class Colours(Entity):
    paper: Colour = doc("background of cards and board", "#fbf8f0")
    ink: Colour = doc("main text colour", "#1d1d1b")
    accent: Colour = doc("highlights, titles", "#8a1c1c")
    board: Colour = doc("board spaces' background", "#dfeedd")
    centre: Colour = doc("board centre background", "#cfe6cf")
    line: Colour = doc("rules and space edges", "#1d1d1b")
    back: Colour = doc("default background of card backs", "#24405f")


@entity
class Fonts(Entity):
    title: str = doc("font for titles (a file stem in fonts/)", "NotoSerif-Bold")
    heading: str = doc("font for names and headings", "NotoSans-Bold")
    body: str = doc("font for running text", "NotoSans-Regular")
    italic: str = doc("font for help lines and notes", "NotoSans-Italic")


GroupMarkShape = Literal["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "drop", "ring",
                         "bar"]


@entity
class Theme(Entity):
    colours: Colours = doc("colour scheme", default_factory=Colours)
    fonts: Fonts = doc("fonts used", default_factory=Fonts)
    group_marks: Literal["auto", "on", "off"] = doc(
        "a small shape per colour group in its band on the board and title cards, so a group is told without "
        "colour: 'auto' prints them when two groups look alike to someone (W-colour-confusable's test) or a "
        "group names its own mark, 'on' always, 'off' never", "auto")


@entity
class Size(Entity):
    width: Length = doc("width")
    height: Length = doc("height")


@entity
class PrintSpec(Entity):
    card: Size = doc("card trim size", default_factory=lambda: Size(width=Length(57), height=Length(89)))
    note: Size = doc("banknote trim size (landscape)", default_factory=lambda: Size(width=Length(99), height=Length(52.5)))
    min_text_pt: float = doc("smallest text size allowed when shrinking to fit", 6.0)


@entity
class Game(Entity):
    title: Label = doc("the game's name")
    subtitle: Optional[Label] = doc("a line under the title", None)
    sheet_title: Optional[Label] = doc("the kit's name in the footers of its printed sheets, where the title alone "
                                       "does not tell two kits' sheets apart, e.g. 'Monopoly Polynésie française' "
                                       "(default: the title)", None)

    @property
    def sheet_name(self) -> str:
        """The kit's name on its sheets' footers: its sheet title, else its title."""
        return str(self.sheet_title or self.title)
    language: str = doc("language of the texts (a two-letter ISO 639-1 code: en, fr, de)", "en")
    translations: list[str] = doc(
        "other languages the kit carries (two-letter codes): a text may then be written {fr: ..., en: ...}, and "
        "`pnp build --lang en` prints that edition; every text written in several languages needs each one",
        default_factory=list)
    currency: Currency = doc("how money is written")
    players: Players = doc("player count")
    money: MoneyRules = doc("starting money and denominations")
    rules: Rules = doc("numbers the validator checks")
    terms: Terms = doc("the game's words on cards", default_factory=Terms)
    theme: Theme = doc("colours and fonts", default_factory=Theme)
    print: PrintSpec = doc("item sizes", default_factory=PrintSpec)
    credits: list[Text] = doc("credits and trademark notes printed in the kit", default_factory=list)
    data: dict[str, Any] = doc("extra values for text templates", default_factory=dict)


@entity
class Picture(Entity):
    """A raster image from the game folder, printed at a set size (it needs 300 dpi at that size)."""

    file: FileName = doc("image file, relative to the game folder (PNG or JPEG)")
    width: Length = doc("printed width")
    height: Length = doc("printed height")
    x: float = doc("centre x in mm (board centre: from the board's centre)", 0.0)
    y: float = doc("centre y in mm (board centre: from the board's centre)", 0.0)


# --------------------------------------------------------------------------- board.yaml
@entity
class Group(Entity):
    id: Id = doc("group id")
    name: Label = doc("group name, e.g. Celtic")
    colour: Colour = doc("the group's colour band")
    size: Amount = doc("how many properties belong to it")
    text_colour: Optional[Colour] = doc("text colour on the band (default: black or white by contrast)", None)
    mark: Optional[GroupMarkShape] = doc("its group mark (default: the shapes in turn, in the order of the groups)",
                                         None)


@entity
class Jail(Entity):
    """A space that holds players: how they get out. It must be possible to get out."""

    fine: Optional[Amount] = doc("pay this to leave", None)
    fines: list[Amount] = doc("the fine by turn spent inside: first turn, second, ...", default_factory=list)
    turns: Optional[Amount] = doc("at most this many turns inside, then the player is out", None)
    doubles: bool = doc("a double frees the player", False)


@entity
class Link(Entity):
    """A route from one space to another (transit between stations), drawn in the board's centre."""

    to: Id = doc("the space, or the centre panel, the link leads to")
    text: Optional[Label] = doc("what the zone says, e.g. 'In transit: wait a turn'", None)


@entity
class Space(Entity):
    id: Id = doc("space id, referred to by title cards and templates")
    kind: Id = doc("the game's word for what the space is (property, station, tollbooth, prison, ...): cards move "
                   "to the nearest of a kind, trade values and corners name kinds")
    name: Label = doc("name printed on the space")
    subtitle: Optional[Label] = doc("secondary line (native name, second language)", None)
    group: Optional[Id] = doc("colour group: the space prints its colour band", None)
    price: Optional[Amount] = doc("purchase price: a space with a price can be owned and has a title card", None)
    deck: Optional[Id] = doc("the deck a player draws from on landing", None)
    on_land: list[Effect] = doc("what happens to a player who lands here, besides on_pass (pay, collect, jail ...)",
                                default_factory=list)
    on_pass: list[Effect] = doc("what happens to a player who passes this space or lands on it (a toll charged "
                                "either way is on_pass only; on_land adds to it, as a bonus for landing exactly)",
                                default_factory=list)
    jail: Optional[Jail] = doc("the space holds players (a jail or prison) and this is how they get out", None)
    links: list[Link] = doc("routes from this space to others (transit), drawn in the centre", default_factory=list)
    text: Optional[Text] = doc("instruction printed on the space", None)
    icon: Optional[Icon] = doc("vector icon", None)
    colour: Optional[Colour] = doc("accent colour: a disc behind the icon", None)
    ground: Optional[Colour] = doc("background tint of the space", None)
    inner: Optional[Label] = doc("a jail corner: name of the inner area (e.g. Language Death)", None)

    def charges(self) -> list["Effect"]:
        """What the space does, landing effects first."""
        return [*self.on_land, *self.on_pass]

    def money(self, actions: tuple[str, ...] = ()) -> Optional["Effect"]:
        """The first effect with a fixed amount (of one of ``actions``, when given), looking into a choice's
        options too."""
        todo = self.charges()
        for e in todo:
            if e.amount is not None and (not actions or e.action in actions):
                return e
            todo.extend(e.options)
        return None

    @property
    def amount(self) -> int | None:
        """The first fixed amount the space charges, pays or asks (texts say ``space('tax').amount``)."""
        e = self.money()
        return e.amount if e is not None else None


@entity
class DeckSpot(Entity):
    """A card-sized place in the centre: a deck's pile, the title cards' pile, or a labelled area."""

    deck: Optional[Id] = doc("the deck placed here", None)
    titles: bool = doc("the pile of title cards is placed here (deeds dealt from a pile)", False)
    label: Optional[Label] = doc("what the spot says (default: the deck's name)", None)
    short: Optional[Label] = doc("a shorter name for it, which the rules booklet's board diagram labels it with where "
                                 "its own has not the room (a label such as 'Chance bids: put your bid here' as "
                                 "'Your bid here')", None)
    empty: bool = doc("the deck's place drawn empty, a dashed outline in the deck's colour, where its cards go "
                      "later (a discard pile): no pile", False)
    face_up: Amount = doc("cards dealt face up in a row beside the pile (a market)", Amount(0))
    x: float = doc("centre x in mm from the board centre (right is positive)")
    y: float = doc("centre y in mm from the board centre (up is positive)")
    rotate: float = doc("rotation in degrees", 0.0)
    size: Literal["card", "note"] = doc(
        "the spot's size: a card's, or a banknote's laid across (a labelled place where money is put)", "card")
    colour: Optional[Colour] = doc("a labelled area's colour, its outline and (tinted) its ground (default: the "
                                   "kit's accent); a deck's place takes its deck's", None)


def translated(value: Any) -> Any:
    """A table cell or column head written in several languages (``{fr: Loyer, en: Rent}``) as the schema makes
    of a text field so written: a Label in the first language carrying every language's (``editions.select``
    then puts the edition's in its place and reports a missing one); any other value as it is."""
    if (isinstance(value, dict) and value and all(isinstance(k, str) and is_language(k) for k in value)
            and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value.values())):
        written = {k: Label(str(v)) for k, v in value.items()}
        label = Label(next(iter(written.values())))
        label.__dict__["translations"] = written
        return label
    return value


@entity
class TableRow(Entity):
    label: Label = doc("row label")
    key: Any = doc("value the formula sees as `row`", None)
    cells: list[Any] = doc("cell values")  # a text cell may be written in several languages (``translated``)

    def __init__(self, **values: Any):
        super().__init__(**values)
        if isinstance(self.cells, list):
            self.cells = [translated(c) for c in self.cells]


@entity
class Table(Entity):
    id: Optional[Id] = doc("table id (tables.yaml): spaces, panels, cards and effects name a table by it", None)
    title: Optional[Label] = doc("caption", None)
    corner: Optional[Label] = doc("top-left cell", None)
    columns: list[Any] = doc("column headings; the formula sees each as `col`")  # texts: ``translated``
    rows: list[TableRow] = doc("rows")
    formula: Optional[str] = doc("expression over row and col every cell must equal, e.g. '50 * col * row'", None)
    where: dict[str, str] = doc("named parts of the formula: name -> expression over row, col and earlier names",
                                default_factory=dict)
    money: bool = doc("cells are amounts of money (each a multiple of money.rounding)", True)
    read: Optional[Literal["dice", "total", "owned"]] = doc(
        "how a space or card reads it: 'dice' (row: one die, column: the other, 1-6), 'total' (columns: the dice "
        "total 2-12) or 'owned' (rows: how many of the kind are owned)", None)

    def __init__(self, **values: Any):
        super().__init__(**values)
        if isinstance(self.columns, list):
            self.columns = [translated(c) for c in self.columns]


@entity
class Panel(Entity):
    id: Id = doc("panel id")
    x: float = doc("centre x in mm from the board centre")
    y: float = doc("centre y in mm from the board centre")
    width: Length = doc("width")
    height: Length = doc("height")
    title: Optional[Label] = doc("heading", None)
    short: Optional[Label] = doc("a shorter name for it, which the rules booklet's board diagram labels it with where "
                                 "its title has not the room (a title such as 'Speed traps, totals 2–7' as "
                                 "'Traps 2–7')",
                                 None)
    text: Optional[Text] = doc("text", None)
    table: Optional[Union[Id, Table]] = doc("a table: the id of one in tables.yaml, or written here", None)
    colour: Optional[Colour] = doc("background", None)
    rotate: float = doc("rotation in degrees", 0.0)


@entity
class Centre(Entity):
    title: Label = doc("title in the centre")
    subtitle: Optional[Label] = doc("line under the title", None)
    title_rotate: float = doc("rotation of the title in degrees", 45.0)
    title_y: float = doc("mm from the board's centre to the title's middle, along the title's own up-down axis "
                         "(up is positive); from there it slides clear of anything covering it", 0.0)
    title_frame: bool = doc("a plaque behind the title and its subtitle: a panel of the ring's ground colour, "
                            "ruled twice in the title's colour, drawn as vector around the letters (off by default)",
                            False)
    deck_spots: list[DeckSpot] = doc("where decks are placed", default_factory=list)
    panels: list[Panel] = doc("extra panels (tables, areas)", default_factory=list)
    pictures: list[Picture] = doc("images placed in the centre (a logo, an illustration)", default_factory=list)


@entity
class Board(Entity):
    size: Length = doc("side of the square board", Length(480))
    corner: Length = doc("side of a corner space", Length(60))
    groups: list[Group] = doc("colour groups", default_factory=list)
    spaces: list[Space] = doc("the ring of spaces, clockwise from the start corner")
    centre: Centre = doc("the centre of the board")

    def space(self, sid: str) -> Space | None:
        """The space of id ``sid`` (the first, where ids repeat: the validator reports that), found in an index of
        the ring made on first use and again whenever the ring is another list or of another length (title cards ask
        it for every card and every measure: a profile of the test suite counted 4.7 million walks along the ring)."""
        index = self.__dict__.get("_by_id")
        try:
            if index is None or index[0] is not self.spaces or index[1] != len(self.spaces):
                index = (self.spaces, len(self.spaces), {s.id: s for s in reversed(self.spaces)})
                self.__dict__["_by_id"] = index
            return index[2].get(sid)
        except TypeError:  # an id of a kind no index takes (content the validator refuses)
            return next((s for s in self.spaces if s.id == sid), None)

    def group(self, gid: str) -> Group | None:
        return next((g for g in self.groups if g.id == gid), None)


# --------------------------------------------------------------------------- tables.yaml
@entity
class Tables(Entity):
    tables: list[Table] = doc("named tables (amounts by dice, by number owned ...), each with an id",
                              default_factory=list)

    def table(self, tid: str) -> Table | None:
        return next((t for t in self.tables if t.id == tid), None)


# --------------------------------------------------------------------------- titles.yaml
@entity
class Row(Entity):
    label: Label = doc("what the line says")
    amount: Optional[Amount] = doc("amount printed at the right", None)


@entity
class Title(Entity):
    space: Id = doc("the space this card belongs to")
    rent: Optional[list[Amount]] = doc("property: rent for each step of terms.rent_ladder", None)
    house_cost: Optional[Amount] = doc("property: cost of a house-like development", None)
    hotel_cost: Optional[Amount] = doc("property: cost of the top development", None)
    rent_by_owned: Optional[list[Amount]] = doc("station: rent when 1, 2, 3 ... are owned", None)
    multipliers: Optional[list[Amount]] = doc("utility: dice multiplier when 1, 2 ... are owned", None)
    table: Optional[Union[Id, Table]] = doc("a printed rent table: the id of one in tables.yaml, or written here",
                                            None)
    text: Optional[Text] = doc("instruction text", None)
    rows: list[Row] = doc("extra lines (sale value, premium, ...)", default_factory=list)
    mortgage: Optional[Amount] = doc("mortgage value", None)
    trade_value: Optional[Amount] = doc("trade value", None)
    sale_value: Optional[Amount] = doc("what the bank pays when the card is sold back (less than the price)", None)
    premium: Optional[Amount] = doc("paid to the player on the space when another buys it from afar", None)
    buyout: Optional[Amount] = doc("what another player pays to buy the card from its owner "
                                   "(rules.buyout: price times this)", None)
    building_sale: Optional[Amount] = doc("what the bank pays for one building sold back (rules.building_sale)",
                                          None)


@entity
class TitleBack(Entity):
    style: Literal["game", "deed", "group", "mortgage"] = doc(
        "'game': the game's back; 'deed': one back for every title card, in the game's back colour, with the house "
        "icon and terms.title_card (a pile dealt face down shows nothing of the next card); 'group': the group "
        "colour; 'mortgage': 'mortgaged' with the mortgage value", "game")
    text: Optional[Text] = doc("extra line on the back", None)


@entity
class Titles(Entity):
    back: TitleBack = doc("what the backs show", default_factory=TitleBack)
    price: bool = doc("print each card's price (its space's) under terms.price", False)
    titles: list[Title] = doc("one title card per ownable space")


# --------------------------------------------------------------------------- decks/*.yaml
#: what an effect (of a card or a space) does: the validator knows what each needs
Action = Literal[
    "advance",  # move to target (or the nearest of a kind), collecting what is passed on the way
    "go",  # move to target directly: nothing passed is collected (no salary)
    "forward", "back",  # move steps spaces
    "nearest",  # move to the nearest space of a kind
    "opposite",  # move to the space on the opposite side of the board
    "jail",  # go to the nearest space that holds players
    "leave_jail",  # leave jail (free)
    "roll_again", "miss_turn",
    "pay", "collect",  # to or from the bank: amount, or read from a table
    "pay_each", "collect_each",  # to or from every other player
    "repairs",  # pay per house and per hotel
    "draw",  # draw a card of a deck
    "buy_card",  # buy one card of a deck for amount
    "lose_cards",  # give up every card of a deck
    "take_property",  # take a property from another player for amount (amount_improved if built up)
    "sell_back",  # sell one property back to the bank for amount
    "choice", "other",
]


@entity
class Effect(Entity):
    action: Action = doc("what the card or space does (the validator checks what each action needs)")
    target: Optional[Id] = doc("space moved to", None)
    nearest: Optional[Id] = doc("kind of the nearest space moved to", None)
    steps: Optional[int] = doc("spaces moved back or forward", None)
    amount: Optional[Amount] = doc("money paid or collected", None)
    amount_improved: Optional[Amount] = doc("take_property: the amount when the property is built up", None)
    table: Optional[Id] = doc("the amount is read from this table (tables.yaml) by the table's 'read'", None)
    deck: Optional[Id] = doc("draw, buy_card, lose_cards: the deck", None)
    per_house: Optional[Amount] = doc("repairs: per house", None)
    per_hotel: Optional[Amount] = doc("repairs: per hotel", None)
    options: list["Effect"] = doc("choice: the effects a player chooses between", default_factory=list)
    optional: bool = doc("the player may decline it (a 'you may')", False)


@entity
class Card(Entity):
    text: Text = doc("what the card says")
    id: Optional[Id] = doc("card id (for previews and errors)", None)
    title: Optional[Label] = doc("a heading above the text", None)
    help: Optional[Text] = doc("a second-language line under the text", None)
    keep: bool = doc("the player keeps this card until used", False)
    copies: Amount = doc("how many copies to print", Amount(1))
    icon: Optional[Icon] = doc("icon on the face", None)
    picture: Optional[Picture] = doc("an image on the face, in place of the icon (centred; x, y unused)", None)
    effect: Optional[Effect] = doc("what the card does, for the validator", None)

    def reading(self, lang: str) -> str | None:
        """What the card says in ``lang`` for a reader of that language: its text written in it, else its help
        line (the booklet's lookup of the cards)."""
        text = self.text.translations.get(lang)
        return str(text) if text is not None else (str(self.help) if self.help else None)


@entity
class DeckBack(Entity):
    title: Optional[Label] = doc("text on the back (default: the deck name)", None)
    icon: Optional[Icon] = doc("icon on the back", None)
    colour: Optional[Colour] = doc("background (default: the deck colour)", None)


@entity
class Deck(Entity):
    id: Id = doc("deck id, referred to by deck spaces and rules.deck_sizes")
    name: Label = doc("deck name printed on every card")
    colour: Colour = doc("the deck's colour")
    cards: list[Card] = doc("the cards")
    help_name: Optional[Label] = doc("the name in a second language", None)
    icon: Optional[Icon] = doc("icon on the faces", None)
    back: DeckBack = doc("the back", default_factory=DeckBack)
    reshuffle: Literal["used", "all", "none"] = doc(
        "when the last card is drawn: 'used' (the used cards are shuffled into a new pile; kept cards return "
        "when played), 'all' (every card of the deck is shuffled again: none may be kept out of it), 'none' "
        "(the deck is used once)", "used")

    def name_in(self, lang: str) -> str:
        """The deck's name in ``lang``: written in it, else its help name, else its name."""
        return str(self.name.translations.get(lang) or self.help_name or self.name)


# --------------------------------------------------------------------------- money.yaml
@entity
class Denomination(Entity):
    value: Amount = doc("face value")
    colour: Colour = doc("colour of this denomination")
    count: Amount = doc("how many to print")


@entity
class NoteSet(Entity):
    denominations: list[Denomination] = doc("one entry per note value")
    title: Optional[Label] = doc("name on the notes (default: the game title)", None)
    print_advice: Optional[Text] = doc("advice printed on the sheets, e.g. extra copies to make", None)


@entity
class ChipSet(Entity):
    diameter: Length = doc("chip diameter")
    denominations: list[Denomination] = doc("one entry per chip value")
    print_advice: Optional[Text] = doc("advice printed on the sheets, e.g. 'print on thick card, cut or punch'", None)


@entity
class MoneySet(Entity):
    notes: Optional[NoteSet] = doc("banknotes", None)
    chips: Optional[ChipSet] = doc("round chips", None)


# --------------------------------------------------------------------------- counters.yaml
@entity
class Counter(Entity):
    id: Id = doc("counter id, referred to by rules.countermix")
    name: Label = doc("name printed on the counter sheet")
    count: Amount = doc("how many to print")
    shape: Literal["house", "hotel", "flats", "villa", "disc", "square"] = doc(
        "outline shape: a house, a hotel, a block of flats, a villa, a disc or a square")
    colour: Colour = doc("fill colour")
    size: Length = doc("width of one counter", Length(14))
    label: Optional[Label] = doc("short text on the counter", None)
    icon: Optional[Icon] = doc(
        "an icon drawn in place of the shape's own (a building's icon, a disc's or a square's outline), at its "
        "size and place and in its colours; default none: the shape's", None)
    limited: bool = doc(
        "the supply is a rule of the game (as the classic game's 32 houses): when none are left, none can be "
        "built; the rules booklet's components say so. A counter in rules.countermix is limited", False)
    per_space: Optional[Amount] = doc(
        "most of these one property holds at a time (4 houses, 1 hotel): unless the supply is limited, the count "
        "must cover every property of the board built up that far", None)


@entity
class Token(Entity):
    id: Id = doc("token id")
    name: Label = doc("name on the standee")
    colour: Colour = doc("colour")
    icon: Optional[Icon] = doc("icon on the standee", None)
    marker: bool = doc("not a player's piece (a turn marker, a pot marker): not counted for players.max", False)


@entity
class Counters(Entity):
    counters: list[Counter] = doc("counters to print", default_factory=list)
    tokens: list[Token] = doc("player tokens (fold-over standees)", default_factory=list)


# --------------------------------------------------------------------------- reference.yaml
@entity
class RefCard(Entity):
    id: Id = doc("card id")
    title: Label = doc("heading")
    text: Optional[Text] = doc("body; blank lines separate paragraphs, '- ' starts a bullet, '1. ' a numbered step",
                               None)
    table: Optional[Union[Id, Table]] = doc(
        "a table under the text (the id of one in tables.yaml, or written here); one too long for a card "
        "continues on more cards", None)
    copies: Amount = doc("how many to print", Amount(1))


@entity
class Reference(Entity):
    cards: list[RefCard] = doc("reference cards")
    colour: Optional[Colour] = doc(
        "the colour of the cards' title band (default: theme.accent); give it its own where the accent is a deck's "
        "colour, so a reference card face up is not taken for one of that deck's cards", None)
    back: Optional[DeckBack] = doc(
        "the cards' back (default: the game's, as the title cards'); give them their own where title cards are "
        "shuffled face down, so a reference card among them is told apart (colour default: the title band's)", None)


# --------------------------------------------------------------------------- rules.yaml
#: what a section of the rules booklet covers; the validator wants the topics the game's data implies
Topic = Literal[
    "components", "setup", "turn", "spaces", "buying", "auctions", "rent", "building", "mortgages", "jail",
    "cards", "trading", "bankruptcy", "winning", "variants", "notes", "lookup",
]


@entity
class RulesSection(Entity):
    heading: Label = doc("the section's heading")
    text: Text = doc(
        "the section: paragraphs (a blank line between), '## ' a subheading, '- ' a bullet, '1. ' a numbered step, "
        "**strong**, *emphasis*, '| a | b |' table rows (a '| --- |' row under the first makes it the header), and "
        "generated blocks on a line of their own: @components, @money, @properties, @table ID, @board [| caption], "
        "@lookup DECK, @figure WHAT [WHAT ...] [| caption]")
    covers: list[Topic] = doc("the topics this section covers (components, setup, turn, jail, building, winning ...)",
                              default_factory=list)
    language: Optional[str] = doc("the section's language when not the edition's (its typography follows it), e.g. "
                                  "en for a lookup of the cards for players who do not read the game's language", None)
    editions: list[str] = doc("the editions (languages) that print this section, e.g. [fr] for an English lookup of "
                              "the French cards; default: every edition", default_factory=list)


@entity
class Booklet(Entity):
    sections: list[RulesSection] = doc("the booklet's sections, in reading order")
    title: Optional[Label] = doc("the booklet's heading on the cover (default: 'Rules' in the game's language)", None)
    intro: Optional[Text] = doc("a short paragraph on the cover, under the title", None)
    back_cover: list[Id] = doc(
        "the reference cards (their ids in reference.yaml) the back cover shows, large, above the credits: the turn "
        "at a glance, e.g. [turn]; their titles and texts in the edition's language. Default: none, the back cover "
        "holds the credits alone", default_factory=list)


# --------------------------------------------------------------------------- the kit
@dataclass(kw_only=True)
class Kit:
    """Everything loaded for one game."""

    id: str
    root: Path
    game: Game
    board: Board
    titles: Titles
    decks: list[Deck]
    money: MoneySet
    counters: Counters
    reference: Reference
    tables: Tables = field(default_factory=Tables)
    booklet: Booklet | None = None  # rules.yaml, when the game has one
    sources: dict[str, Path] = field(default_factory=dict)  # part file name -> path
    #: the edition loaded: the language its texts are printed in (game.language or one of game.translations)
    language: str = "en"
    #: the players it is printed for (--players; players.max when not given): how many copies of the money
    players: int = 0

    @property
    def edition_id(self) -> str:
        """The game's id, with the edition's language after it when that is not the game's own (tahiti-en)."""
        return self.id if self.language == self.game.language else f"{self.id}-{self.language}"

    def roots(self) -> list:
        """The model object of every content file, in the registry's order (for walks over every text)."""
        out = [self.game, self.board, self.tables, self.titles, *self.decks, self.money, self.counters,
               self.reference]
        return out + [self.booklet] if self.booklet is not None else out

    def deck(self, did: str) -> Deck | None:
        return next((d for d in self.decks if d.id == did), None)

    def table(self, ref: "str | Table | None") -> Table | None:
        """A table written in place, or the one tables.yaml has under that id."""
        if ref is None or isinstance(ref, Table):
            return ref
        return self.tables.table(ref)

    def salary(self) -> int | None:
        """What the start space (the first) pays a player passing it."""
        start = self.board.spaces[0] if self.board.spaces else None
        return next((e.amount for e in start.on_pass if e.action == "collect" and e.amount is not None), None) \
            if start else None

    def jails(self) -> list[Space]:
        return [s for s in self.board.spaces if s.jail is not None]
