"""Writing amounts the way a game prints them: ₩200, 400 000 F, 3000 MU, $1,000, £5.

The currency (``game.currency``) says which symbol, before or after the number, whether a (no-break) space
separates them, and how digits are grouped. A line never breaks inside an amount: the space before or after
the symbol is a no-break space, a space between digit groups a narrow no-break space.
"""
from __future__ import annotations

from .model import Currency
from .typeset import NBSP, NNBSP

#: what ``currency.thousands`` may say -> the character printed between digit groups
SEPARATORS = {
    "": "",
    "'": "'",
    "’": "’",
    ",": ",",
    ".": ".",
    "narrow": NNBSP,  # French, SI: 400 000 (a narrow no-break space)
    " ": NNBSP,  # a space typed in YAML: the narrow no-break one
    NNBSP: NNBSP,
    "nbsp": NBSP,  # a full-width no-break space
    NBSP: NBSP,
}


#: the digit grouping of a language, for a currency that does not declare its own
BY_LANGUAGE = {"en": ",", "fr": "narrow"}
MINUS = "\u2212"  # a true minus: a hyphen is shorter than a digit and breaks a line after it


def separator(name: str | None) -> str:
    """The character ``currency.thousands`` stands for (the validator allows only the keys of SEPARATORS)."""
    return SEPARATORS.get(name or "", name or "")


def thousands_of(language: str) -> str:
    """How a language groups digits when the kit does not say (English 1,000; French 1 000; others none)."""
    return BY_LANGUAGE.get(str(language).lower().split("-")[0], "")


def group_digits(n: int, sep: str | None) -> str:
    """``n`` with its digits grouped by three, joined by the separator ``sep`` names (see SEPARATORS)."""
    sep = separator(sep)
    digits = str(abs(n))
    if sep:
        parts = []
        while len(digits) > 3:
            parts.insert(0, digits[-3:])
            digits = digits[:-3]
        parts.insert(0, digits)
        digits = sep.join(parts)
    return (MINUS if n < 0 else "") + digits


def format_money(amount, currency: Currency) -> str:
    if isinstance(amount, bool) or not isinstance(amount, (int, float)):
        raise ValueError(f"money expects a number, got {amount!r}")
    if isinstance(amount, float) and not amount.is_integer():
        raise ValueError(f"money expects a whole amount, got {amount}")
    number = group_digits(int(amount), currency.thousands)
    gap = NBSP if currency.space else ""
    if currency.position == "prefix":
        return f"{currency.symbol}{gap}{number}"
    return f"{number}{gap}{currency.symbol}"
