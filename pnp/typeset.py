"""Typesetting rules, in one place: what a printed text looks like in the game's language.

``typeset(text, style)`` turns what a designer types into what a typesetter prints:

* quotes and apostrophes: ``"..."`` → “...” (English) or « ... » (French, narrow no-break spaces inside);
  ``'`` → ’ (l’an, don’t) or ‘...’; a straight quote after a digit is a prime: ``5'30"`` → 5′30″, ``12"`` →
  12″ (unless it closes a quote opened before it);
* numbers: digit groups written with ``'``, ``’`` or a no-break space (French: a plain space too) are joined
  by a narrow no-break space (400'000 → 400 000); a number never parts from its unit or currency symbol
  (``10 %``, ``400 000 F``, ``£ 5``), nor ``×`` from what it multiplies (``8 000 F × les dés``);
* French spacing: a narrow no-break space (U+202F) before ``; : ! ?`` and ``»`` and after ``«``, replacing a
  plain space there or added where none was (only where the mark ends a word: ``10:30``, ``http://`` and
  ``?q=`` stay as they are).

Content files are never rewritten: ``pnp/text.py`` applies this to every text it fits or draws, in the style
its caller names: a layout the game's (``style_of``: the edition's language and the currency, kept by the layout
context), pnp's own words on a sheet (marks, footers, tile labels) ``ENGLISH``. Languages other than ``fr``
follow the English rules. Typesetting typeset text changes nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

NBSP = "\u00a0"  # no-break space: between a number and its unit, around ×
NNBSP = "\u202f"  # narrow no-break space: French punctuation, thousands
FIGURE_SPACE = "\u2007"
#: spaces a line never breaks at (text.py wraps only at the other white space)
NO_BREAK = NBSP + NNBSP + FIGURE_SPACE

#: units a number keeps on its line (besides the game's currency symbols)
UNITS = ("%", "‰", "°", "°C", "mm", "cm", "m", "km", "g", "kg", "h", "min", "s", "pt", "€", "$", "£", "¥", "₩", "¢")
#: symbols written before the number they belong to
PREFIX_SYMBOLS = ("€", "$", "£", "¥", "₩", "№")
#: the money signs a figure may follow ("$200"): a value's start wherever running text looks for one
CURRENCY_SIGNS = "$€£¥₩"


@dataclass(frozen=True)
class Style:
    """How texts of one game are set: its language, the currency symbols that stick to their numbers, and the
    names kept on one line (its board's short names of several words: "Pall Mall", "Community Chest")."""

    language: str = "en"
    symbols: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    @property
    def french(self) -> bool:
        return self.language.lower().split("-")[0].split("_")[0] == "fr"


#: the style of pnp's own words (sheet marks, footers, tile labels) and the default of ``typeset``
ENGLISH = Style()


#: a board name of at most NAME_WORDS words and NAME_CHARS characters is kept on one line in running text
#: (``keep_names``: card texts, panels, the booklet's paragraphs)
NAME_WORDS, NAME_CHARS = 3, 18


def style_of(kit) -> Style:
    """The style of a kit's texts: its edition's language, its currency's symbol, its board's short names and its
    game's terms (``_terms``)."""
    symbol = str(kit.game.currency.symbol).strip()
    names = {str(s.name).strip() for s in kit.board.spaces} | _terms(kit)
    kept = tuple(sorted((n for n in names if 1 < len(n.split()) <= NAME_WORDS and len(n) <= NAME_CHARS),
                        key=lambda n: (-len(n), n)))
    return Style(str(kit.language or "en"), (symbol,) if symbol else (), kept)


def _terms(kit) -> set[str]:
    """A kit's own terms, kept whole as its board's names are: the titles of its reference cards and board panels
    and its decks' names, where they read as a name, capitalised at both ends ("Up for Grabs", "Îles du Vent";
    review 16 read "Up for / Grabs"), not as a heading ("Buying property")."""
    titles = [c.title for c in kit.reference.cards] + [p.title for p in kit.board.centre.panels]
    titles += [d.name for d in kit.decks]
    words = (str(t).split() for t in titles if t)
    return {" ".join(w) for w in words if len(w) > 1 and w[0][:1].isupper() and w[-1][:1].isupper()}


_TRIGGERS = frozenset("'\"«»:;!?×%0123456789/=&.+-" + NBSP + NNBSP)
_SP = f"[ \t{NBSP}{NNBSP}]"  # a space on one line (plain or no-break)
_SPS = f"{_SP}*(?:\\n{_SP}*)?"  # spaces, and at most one line end (texts are folded from YAML lines)


def typeset(text: str, style: Style = ENGLISH) -> str:
    """``text`` as printed in ``style``."""
    if not text:
        return text
    return _typeset(text, style)


@lru_cache(maxsize=4096)  # a kit typesets ~1100 texts; a deck of 6000 titles and texts of their own, 12 000
def _typeset(text: str, style: Style) -> str:
    if _TRIGGERS.isdisjoint(text) and not any(s in text for s in style.symbols):
        return text
    french = style.french
    text = _thousands(text, french)
    text = _primes(text)
    text = _quotes(text, french)
    text = _units(text, style)
    text = _times(text)
    text = _joins(text)
    if french:
        text = _french_spacing(text)
    return text


def running(text: str, style: Style) -> str:
    """A paragraph as printed in ``style``: typeset, its board names kept whole (``keep_names``), an abbreviation
    kept with the word before it (``bind_abbreviations``), its short words bound to the word after them where they
    would read as the end of a line (``bind_short``)."""
    return bind_short(bind_abbreviations(keep_names(typeset(text, style), style)))


#: a word of at most this many letters opening a sentence or clause is bound to the word after it
OPENER = 4
_LETTERS = rf"[^\W\d_]{{1,{OPENER}}}"  # a word of 1 to OPENER letters
_BIND = re.compile(
    "("
    rf"(?<=[.!?;:][ {NBSP}{NNBSP}]){_LETTERS}"  # opening a sentence or clause ("prison. Ne / passez", "too. If")
    r"|(?<![^\s(\[«“‘])[^\W\d_]"  # a word of one letter ("or a / Go To Jail card", "à / la banque")
    rf"|(?<![^\s])[(\[]{_LETTERS}"  # opening a bracket ("(from / Start")
    rf")[ \t]+(?=[\w«“‘\"'(\[{CURRENCY_SIGNS}*_])")  # then the space to bind, before a word


#: a space before a value that reads as the start of a line, away from what it names (review 16): a bare number
#: naming what the word before it names ("roll 8:", "Tollbooth 2,", "May 2009"), not counting a word after it
#: (``_NUMBER_WORD`` binds that one forward); an amount after such a number ("Tollbooth 2 $200"; not after an amount,
#: or a list of amounts would be one word). A value after a colon
#: ("Market price: / 300") is the line breakers' to keep (``text._stranded``): bound, a narrow space's "property:
#: $600," outgrew its line and Moneyloopy's board names fell a point
_BIND_VALUE = re.compile(
    r"(?<=[^\W\d_])[ \t]+(?=\d{1,4}(?:[.,;:!?)\]](?!\d)|[ \t]+(?![^\W\d_])|$))"
    rf"|(?:(?<=[^\W\d_][ {NBSP}]\d)|(?<=[^\W\d_][ {NBSP}]\d\d))[ \t]+(?=[{CURRENCY_SIGNS}]\d)")
_SPACED_FIGURE = re.compile(rf"[ \t][\d{CURRENCY_SIGNS}]")  # where _BIND_VALUE may apply


def bind_short(text: str) -> str:
    """Running text with a no-break space after each word that would read as the end of its line if one ended
    there (reviews 14 and 15): a short word opening a sentence or clause, a word of one letter, a short word
    opening a bracket; and before each number that would read as the start of one, away from what it names
    (review 16: "roll / 8", ``_BIND_VALUE``). Bound to its neighbour on one line, it goes down with
    it; the line breaks elsewhere. Spaces within a line only: a line end in the text (a list's next item) is
    never bound."""
    if not text:
        return text
    text = _BIND.sub(lambda m: m.group(1) + NBSP, text)
    return _BIND_VALUE.sub(NBSP, text) if _SPACED_FIGURE.search(text) else text


def keep_names(text: str, style: Style) -> str:
    """Running text with the board's short names (``style.names``) kept on one line: a card's line broke "advances
    to Pall / Mall" (review 9). For paragraphs only: a label (a space's own name on the board) still wraps."""
    return _keep_names(text, style.names) if style.names and text else text


@lru_cache(maxsize=4096)
def _keep_names(text: str, names: tuple[str, ...]) -> str:
    for name in names:
        if name in text:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", name.replace(" ", NBSP), text)
    return text


# --------------------------------------------------------------------------- numbers
# The patterns are kept as text: ``re`` compiles each the first time a text needs it (and keeps it), so a kit
# in English never compiles the French ones, nor a kit without primes the prime's.
def _group_pattern(seps: str) -> str:
    return rf"(?<![\d.,'’])\d{{1,3}}(?:[{seps}]\d{{3}})+(?![\d'’]|[.,]\d)"


_SEPARATORS = {False: "'’" + NBSP + NNBSP, True: "'’ " + NBSP + NNBSP}
_GROUPS = {french: _group_pattern(seps) for french, seps in _SEPARATORS.items()}
_GROUP_SEP = f"['’ {NBSP}{NNBSP}]"
#: a figure followed by a space: where a unit or a counted word may be joined to its number (each substitution
#: below runs only on a text where it can apply, so that a title such as "Card 12" is spared every one)
_NUMBER_SPACE = re.compile(r"\d[ \t]")
#: a figure followed by a space or a line end: where a counted word may be joined to its number (``_NUMBER_WORD``)
_NUMBER_GAP = re.compile(r"\d[ \t\n]")


def _thousands(text: str, french: bool) -> str:
    """Digit groups (1 to 3 digits, then groups of exactly 3) joined by ' ’ or a no-break space (French: or a
    plain space) are joined by a narrow no-break space instead."""
    if not any(sep in text for sep in _SEPARATORS[french]):
        return text
    return re.sub(_GROUPS[french], lambda m: re.sub(_GROUP_SEP, NNBSP, m.group(0)), text)


_MIN_SEC = r"(\d)'(\d{1,2})\""  # 5'30" (feet and inches, minutes and seconds)


def _primes(text: str) -> str:
    """A straight quote right after a digit is a prime: 5'30" → 5′30″, 5' → 5′, 12" → 12″, unless a quote of
    its kind opened before it waits to be closed ("take 5" and 'take 5' end with closing quotes)."""
    if "'" not in text and '"' not in text:
        return text
    text = re.sub(_MIN_SEC, "\\1′\\2″", text)
    out = []
    doubles = 0  # straight double quotes seen (odd: one is open)
    singles = 0  # single quotes opened at a word's start and not closed yet
    for i, ch in enumerate(text):
        prev = text[i - 1] if i else " "
        nxt = text[i + 1] if i + 1 < len(text) else " "
        if ch == '"':
            if prev.isdigit() and doubles % 2 == 0:
                out.append("″")
                continue
            doubles += 1
        elif ch == "'":
            if prev.isdigit() and singles == 0 and (nxt.isdigit() or not nxt.isalnum()):
                out.append("′")
                continue
            if prev in _OPENS_AFTER and nxt.isalpha():
                singles += 1
            elif not nxt.isalnum() and singles:
                singles -= 1
        out.append(ch)
    return "".join(out)


# --------------------------------------------------------------------------- quotes
_OPENS_AFTER = set(" \t\n([{‘“«—–-/" + NBSP + NNBSP)


def _quotes(text: str, french: bool) -> str:
    """Straight quotes to typographic ones, opening or closing by what precedes them."""
    if "'" not in text and '"' not in text and not (french and ("«" in text or "»" in text)):
        return text
    out: list[str] = []
    for i, ch in enumerate(text):
        k = i - 1
        while k >= 0 and text[k] in "*_":  # emphasis markers: a quote opens after **, as after what precedes them
            k -= 1
        prev = text[k] if k >= 0 else " "
        nxt = text[i + 1] if i + 1 < len(text) else " "
        if ch == "'":
            opening = prev in _OPENS_AFTER and not nxt.isspace() and not nxt.isdigit()
            out.append("‘" if opening and not french else "’")
        elif ch == '"':
            opening = prev in _OPENS_AFTER and not nxt.isspace()
            if french:
                out.append("«" if opening else "»")
            else:
                out.append("“" if opening else "”")
        else:
            out.append(ch)
    text = "".join(out)
    if french:  # « and » hold a narrow no-break space on their inner side, whatever was typed there
        text = re.sub(f"«{_SPS}", "«" + NNBSP, text)
        text = re.sub(f"(?:(?<=\\S)|^){_SPS}»", NNBSP + "»", text)
    return text


# --------------------------------------------------------------------------- units and ×
@lru_cache(maxsize=64)
def _unit_patterns(symbols: tuple[str, ...]):
    units = sorted(set(UNITS) | set(symbols), key=len, reverse=True)
    alt = "|".join(re.escape(u) for u in units)
    prefixes = sorted(set(PREFIX_SYMBOLS) | {s for s in symbols if not s[-1:].isalnum()}, key=len, reverse=True)
    palt = "|".join(re.escape(p) for p in prefixes)
    after = re.compile(rf"(?<=\d)[ \t]+(?=(?:{alt})(?!\w))")
    before = re.compile(rf"(?<![\w])({palt})[ \t]+(?=\d)")
    return after, before, tuple(prefixes)


def _units(text: str, style: Style) -> str:
    """A number and its unit or currency symbol stay on one line: 10 %, 400 000 F, £ 5."""
    after, before, prefixes = _unit_patterns(style.symbols)
    if _NUMBER_SPACE.search(text):
        text = after.sub(NBSP, text)
    if any(p in text for p in prefixes):
        text = before.sub("\\1" + NBSP, text)
    if "%" not in text and "‰" not in text:
        return text
    if style.french:  # a narrow no-break space before % in French
        text = re.sub(f"(?<=\\d)[{NBSP}](?=[%‰])", NNBSP, text)
    else:  # English writes 10%
        text = re.sub(f"(?<=\\d)[{NBSP}{NNBSP}](?=[%‰])", "", text)
    return text


def _times(text: str) -> str:
    """× between spaces never starts or ends a line: those spaces do not break (8 000 F × les dés)."""
    if "×" not in text:
        return text
    return re.sub(f"[ \t{NBSP}]+×[ \t{NBSP}]+", NBSP + "×" + NBSP, text)  # "×2", "2×" still break before/after


# --------------------------------------------------------------------------- joins
_MINUS = re.compile(r"(?<![\w\-−–])-(?=\d)")  # -100, not 2-12 nor a-1
_BEFORE = re.compile(r"[ \t]+(?=[/=&][ \t])")  # 1 / apartment, B. & O.: never a line starting "/ 1200"
_AFTER = re.compile(r"(?<=[\s(][/=&+])[ \t]+|(?<=^[/=&+])[ \t]+")  # (= 3, + 10 %: never a line ending "=" or "+"
_INITIAL = re.compile(r"(?<![\w.])([A-Z]\.)[ \t]+(?=[A-Z&])")  # B. O., J. R. R.
#: the space before a capitalised abbreviation of two or three letters after a word ("Fenchurch St. Station" broke
#: "FENCHURCH / ST. STATION" on Monopoly 2.3's deed, a publisher's review): it belongs to that word
_ABBREVIATION = re.compile(r"(?<=[^\W\d_])[ \t]+(?=[A-Z][A-Za-z]{1,2}\.(?:[\s,;:)]|$))")
# 3 apartments, 1 house; also across a line end of the content's text, which a paragraph folds into a space ("comes
# back as 4" / "reconstructions" on two YAML lines broke there on Etymonopoly's board, review 16)
_NUMBER_WORD = re.compile(r"(?<![\w.,'’])(\d{1,4})(?:[ \t]+|[ \t]*\n[ \t]*)(?=[^\W\d_])")


def _joins(text: str) -> str:
    """Where a line must not break: a true minus before a negative number (−100: a hyphen would let the line
    break after it), no-break spaces around / = & between words (1 / apartment, (= 3 houses), B. & O.) and
    after a + (valeur + 10 %),
    after an initial (B. O.) and between a short number and the word it counts (3 apartments)."""
    if "-" in text:
        text = _MINUS.sub("−", text)
    if "/" in text or "=" in text or "&" in text or "+" in text:
        text = _AFTER.sub(NBSP, _BEFORE.sub(NBSP, text))
    if "." in text:
        text = _INITIAL.sub("\\1" + NBSP, text)
    return _NUMBER_WORD.sub("\\1" + NBSP, text) if _NUMBER_GAP.search(text) else text


def bind_abbreviations(text: str) -> str:
    """``text`` with a no-break space before each capitalised abbreviation of two or three letters that follows a
    word ("Fenchurch St.", "EUSTON RD."): a line never starts with one. For running text and a deed's balanced
    name, not a board space's label: there the space's width breaks "Fenchurch / St. Station" (bound, every name
    on Monopoly 2.3's board shrank from 11 to 9 pt to let "Fenchurch St." fit a line)."""
    return _ABBREVIATION.sub(NBSP, text) if "." in text else text


# --------------------------------------------------------------------------- French
_FRENCH_PUNCT = f"([^\\s(\\[{{«])(?:{_SPS})([;:!?]+)(?=\\s|$|[»”)\\]’'\"….,])"


def _french_spacing(text: str) -> str:
    """A narrow no-break space before ; : ! ? where they end a word (replacing a space typed there)."""
    return re.sub(_FRENCH_PUNCT, "\\1" + NNBSP + "\\2", text)
