"""Value types that content fields are declared with.

Each parses itself from a YAML scalar and raises ``ValueError`` with a message a
designer can act on. ``schema.py`` calls ``parse`` and turns the error into a
problem at the value's line. A message quotes the value short (``problems.quote``).
"""
from __future__ import annotations

import re

from .problems import quote

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}


class Length(float):
    """A length in millimetres. YAML may say ``57``, ``57mm``, ``5.7cm``, ``2.5in`` or ``12pt``."""

    schema_doc = "a length: a number of millimetres, or a number with mm, cm, in or pt"

    @classmethod
    def parse(cls, raw) -> "Length":
        if isinstance(raw, bool):
            raise ValueError("expected a length such as 57 or 57mm, not true/false")
        if isinstance(raw, (int, float)):
            value = float(raw)
        elif isinstance(raw, str):
            m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*", raw)
            if not m:
                raise ValueError(f"{quote(raw)} is not a length; write a number of mm such as 57 or 57mm")
            unit = m.group(2).lower() or "mm"
            if unit not in MM_PER:
                raise ValueError(f"unknown unit {quote(m.group(2))} in {quote(raw)}; use mm, cm, in or pt")
            value = float(m.group(1)) * MM_PER[unit]
        else:
            raise ValueError("expected a length such as 57 or 57mm")
        if value < 0:
            raise ValueError(f"a length cannot be negative ({quote(raw)})")
        return cls(value)


class Amount(int):
    """A whole amount of money or a count: 0 or more."""

    schema_doc = "a whole number, 0 or more"

    @classmethod
    def parse(cls, raw) -> "Amount":
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (isinstance(raw, float) and not raw.is_integer()):
            raise ValueError(f"expected a whole number, got {quote(raw)}")
        if raw < 0:
            raise ValueError(f"cannot be negative ({quote(raw)}); amounts are written as positive numbers")
        return cls(int(raw))


class Colour(str):
    """``#rrggbb`` (or ``#rgb``); stored as lowercase ``#rrggbb``."""

    schema_doc = "a colour written #rrggbb"

    @classmethod
    def parse(cls, raw) -> "Colour":
        if not isinstance(raw, str):
            raise ValueError(f"expected a colour such as \"#1a7f3c\" (quote it in YAML), got {quote(raw)}")
        s = raw.strip()
        if re.fullmatch(r"#[0-9a-fA-F]{3}", s):
            s = "#" + "".join(c * 2 for c in s[1:])
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", s):
            raise ValueError(f"{quote(raw)} is not a colour; write it as \"#rrggbb\", for example \"#1a7f3c\"")
        return cls(s.lower())

    @property
    def rgb(self) -> tuple[float, float, float]:
        return tuple(int(self[i:i + 2], 16) / 255.0 for i in (1, 3, 5))  # type: ignore[return-value]


#: the longest id: ids name files, zip entries and pictures' addresses (a deck's and a card's together), which
#: must stay well under the 255 characters a file name may have
MAX_ID = 64


class Id(str):
    """An identifier: lowercase letters, digits, ``-`` and ``_``; at most ``MAX_ID`` characters."""

    schema_doc = "an id: lowercase letters, digits, - and _"

    @classmethod
    def parse(cls, raw) -> "Id":
        if isinstance(raw, bool) or not isinstance(raw, (str, int)):
            raise ValueError(f"expected an id such as 'irish', got {quote(raw)}")
        s = str(raw)
        if len(s) > MAX_ID:
            raise ValueError(f"{quote(s)} is too long for an id: at most {MAX_ID} characters (ids name files and "
                             f"pictures); write a shorter one")
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", s):
            raise ValueError(f"{quote(s)} is not an id; use lowercase letters, digits, - and _ (e.g. 'tocharian-a')")
        return cls(s)


def _scalar(raw, expected: str) -> str:
    """A written value as text, or ValueError for a yes/no, an empty value, a list or a mapping."""
    if isinstance(raw, bool) or raw is None or isinstance(raw, (dict, list)):
        raise ValueError(f"expected {expected}, got {quote(raw)}")
    return str(raw)


def is_language(code: str) -> bool:
    """A language code as a translation's key: two lowercase ASCII letters (ISO 639-1: en, fr, de)."""
    return len(code) == 2 and code.isascii() and code.isalpha() and code.islower()


class Text(str):
    """Text shown to players. May hold Jinja2 expressions such as ``{{ salary | money }}``.

    Written in several languages as a mapping of language codes (``{fr: ..., en: ...}``), a text (or a
    ``Label``) carries them all in ``translations``; the edition's is the text itself (``editions.select``)."""

    schema_doc = "text; may use {{ ... }} expressions over the game's data"
    translatable = True

    @property
    def translations(self) -> dict:
        """The text in each language it was written in (language code -> text); empty for a text written in
        one language."""
        return self.__dict__.get("translations", {})

    @property
    def written(self) -> str:
        """The text as written in the file: its template source once rendered (``templates._render_one`` keeps
        it as ``source``), else the text itself."""
        return self.__dict__.get("source", str(self))

    @classmethod
    def parse(cls, raw) -> "Text":
        s = _scalar(raw, "text")
        if not s.strip():
            raise ValueError("text is empty; write the text or remove the key")
        return cls(s)


class Label(str):
    """A short plain string (names, labels): no template expressions. May be written in several languages,
    as a ``Text``."""

    schema_doc = "a short text"
    translatable = True
    translations = Text.translations

    @classmethod
    def parse(cls, raw) -> "Label":
        s = _scalar(raw, "text")
        if not s.strip():
            raise ValueError("text is empty; write it or remove the key")
        return cls(s)


#: the longest path of a file content names (a picture), relative to the game folder: longer names cannot be
#: made on most systems
MAX_NAME = 255


class FileName(str):
    """A file's path relative to the game folder (a picture): at most ``MAX_NAME`` characters."""

    schema_doc = "a file's path in the game folder"

    @classmethod
    def parse(cls, raw) -> "FileName":
        s = _scalar(raw, "a file's path in the game folder")
        if len(s) > MAX_NAME:
            raise ValueError(f"the file name {quote(s)} is too long: a file's path in the game folder is at most "
                             f"{MAX_NAME} characters")
        return cls(s)
