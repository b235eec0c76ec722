"""Writing amounts the way a game prints them: ₩200, 400'000 F, 3000 MU, $300, £5."""
from __future__ import annotations

from .model import Currency


def group_digits(n: int, sep: str) -> str:
    digits = str(abs(n))
    if sep:
        parts = []
        while len(digits) > 3:
            parts.insert(0, digits[-3:])
            digits = digits[:-3]
        parts.insert(0, digits)
        digits = sep.join(parts)
    return ("-" if n < 0 else "") + digits


def format_money(amount, currency: Currency) -> str:
    if isinstance(amount, bool) or not isinstance(amount, (int, float)):
        raise ValueError(f"money expects a number, got {amount!r}")
    if isinstance(amount, float) and not amount.is_integer():
        raise ValueError(f"money expects a whole amount, got {amount}")
    number = group_digits(int(amount), currency.thousands)
    gap = " " if currency.space else ""
    if currency.position == "prefix":
        return f"{currency.symbol}{gap}{number}"
    return f"{number}{gap}{currency.symbol}"
