"""Printing: what can be printed and how it prints; sizes, counts, placeholders, fonts, glyphs, images, fit.

Lengths and counts must be printable (no 570 mm card, no 100000 notes); the texts the layout fills in
must have fillable placeholders; every printed character must exist in the game's fonts; images must
be readable files inside the game folder, sharp enough at their printed size. Text overflow and
shrinking are found by the layout (pnp/layout/common.py), text too small or too faint to read on the laid-out
drawings (pnp/legibility.py), and an item too large for the paper by the imposition (pnp/build.py); their rules
are declared here.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, TYPE_CHECKING

from .. import fonts as fontlib
from .. import images
from ..model import Counted, Kit
from ..schema import Entity, field_names
from ..values import Label, Length, Text
from . import check, did_you_mean, known, rule

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

SIZE_RANGE = rule("E-size-range", (
    "A size or number is outside what can be printed: every length (card, note, board, panel, counter sizes) "
    "must be more than 0 and at most 2000 mm, positions and rotations finite numbers of sane size, and "
    "print.min_text_pt between 3 and 24 pt. Usually a typo or a unit mistake."))

COUNT_LARGE = rule("E-count-large", (
    "A count or copies value is implausibly large (more than 1000 of one item, or more than 10000 items in "
    "all): nearly always a typo, and laying it out would take very long. Print a sheet several times instead."))

TERMS_PLACEHOLDER = rule("E-terms-placeholder", (
    "terms.owned and terms.utility_roll are filled in for each line of a station or utility card: owned may "
    "use {n} (how many are owned), utility_roll {n}, {x} (the multiplier as a number) and {amount} (the "
    "multiplier as money); terms.rolled, the rules booklet's table cell for such a rent, {x}. Any other {name}, "
    "or a lone brace, cannot be filled in; write {{ or }} for a literal brace. A term written as "
    "{one: ..., other: ...} is checked in both forms."))

FONT_UNKNOWN = rule("E-font-unknown", (
    "theme.fonts names a font that is neither in the game's own fonts/ folder nor one of the fonts that ship "
    "with pnp (fonts are named by their file stem, e.g. NotoSans-Bold), or one pnp cannot use: a PDF embeds "
    "TrueType (glyf) outlines, so an .otf with PostScript (CFF) outlines needs its .ttf version; and a font "
    "file that is damaged, cut short or not a TrueType font at all (its tables must lie inside the file and "
    "hold what they say: every glyph's width and place, every range of its character map), or that reportlab, "
    "which writes the PDFs, cannot embed (a name or table it does not read), is refused before anything reads more "
    "of it. The message names the file and what is wrong; replace it with a sound copy of the font."))

GLYPH_MISSING = rule("E-glyph-missing", (
    "A printed text contains a character that neither the game's fonts nor their fallbacks can draw, or that "
    "is no character to print at all (a control character such as U+0007, a noncharacter such as U+FFFF); it "
    "would print as an empty box, or as nothing. Replace or transliterate it (remove a control character), or "
    "add a font with that script to fonts/."))

TEXT_DIRECTION = rule("E-text-direction", (
    "A printed text is in a script written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko ...). pnp sets "
    "every line left to right and does not join letters: such a text would print backwards, Arabic letters "
    "unjoined. Until pnp shapes and orders these scripts, write the text in a left-to-right script (a "
    "transliteration), or put it on the card as a picture."))

IMAGE_OUTSIDE = rule("E-image-outside", (
    "An image path must stay inside the game's folder (no ../ or absolute paths leaving it), so a kit is one "
    "folder that can be shared and built anywhere."))

IMAGE_MISSING = rule("E-image-missing", (
    "An image named by the content must exist; a missing file would silently leave a hole in the printed card "
    "or board."))

IMAGE_UNREADABLE = rule("E-image-unreadable", (
    "An image must be a picture pnp can read whole: PNG, JPEG (a phone's MPO too), WebP, GIF, TIFF, BMP or another "
    "format Pillow reads (its first frame prints)."))

IMAGE_TOO_LARGE = rule("E-image-too-large", (
    "An image is too large to print: more than 50 MB on disk or 40 million pixels. Such a file would take "
    "minutes and gigabytes to draw; scale it to 300 dpi at its printed size (an A3 picture needs ~17.5 million "
    "pixels)."))

IMAGE_DPI = rule("W-image-dpi", (
    "Raster images need at least 300 dpi at their printed size to print sharp; below that the printed picture "
    "looks blurred or blocky."))

TEXT_OVERFLOW = rule("E-text-overflow", (
    "A text does not fit its box on the printed item even at the smallest allowed size (print.min_text_pt), "
    "or has no room at all where it would print (a title card full of rents, a jail corner); shorten it or "
    "move it. Reported at the text's line."),
    emitted_by=("pnp.layout.common", "pnp.layout.cards", "pnp.layout.board"))

TEXT_SHRUNK = rule("W-text-shrunk", (
    "A text was shrunk well below its nominal size to fit its box; it still prints but may be hard to read. "
    "Or one card of a deck is set smaller than the rest: a deck's cards share one text size (the largest every "
    "card fits at, down to 70 % of the nominal size), and a card that needs less stands out. Consider "
    "shortening it."),
    emitted_by=("pnp.layout.common", "pnp.layout.cards"))

TEXT_LEGIBILITY = rule("W-text-legibility", (
    "A printed text is hard to read: smaller than 6 pt, or its colour has a contrast ratio under 4.5:1 (WCAG 2, "
    "(L1 + 0.05) / (L2 + 0.05) of the two colours' relative luminance) against what it is printed on (the "
    "topmost shape drawn under it, else the white sheet). Found on the laid-out items (cards, notes, counters, "
    "the board); reported at the content value the text comes from, or at the item's entry for a fixed label. "
    "Shorten the text so it fits at a larger size, or choose colours that differ more in lightness."),
    emitted_by="pnp.legibility")

BOARD_CUT = rule("W-board-cut", (
    "On a home printer's paper the board prints as tiles, and one of the tiles' cuts runs through a text of "
    "the board: a cut a little off shifts the two halves of every letter it crosses. pnp lays its cuts along "
    "the board's lines and clear of its texts, and adds a row or a column of tiles where that keeps them "
    "clear; when no cut within reach avoids the text, this names it and the line the cut follows (x or y in "
    "mm from the board's centre, as board.yaml places panels). Move the text or its panel clear of that "
    "line, or print the board on larger paper or whole (board-full.pdf). The board's large title is display "
    "type: a cut may cross its letters from top to bottom, as the crease of a folding board does, but not "
    "along its lines. pnp validate checks the default paper (A4); pnp build the paper it prints on."),
    emitted_by="pnp.build")

SHEET_FIT = rule("E-sheet-fit", (
    "An item (card, note, counter...) is larger than the printable area of the chosen paper; use a larger "
    "paper or a smaller item size in print."),
    emitted_by="pnp.build")


# --------------------------------------------------------------------------- sizes and counts
#: lengths (mm) content may give: anything outside is a typo or a unit mistake (570 for 57)
MAX_LENGTH = 2000.0
MAX_COORD = 10_000.0
TEXT_PT = (3.0, 24.0)


@check(SIZE_RANGE)
def _sizes(v: Validator) -> None:
    """Every length is more than 0 and at most MAX_LENGTH mm; every plain number is finite and of sane size."""
    kit = v.kit
    pt = kit.game.print.min_text_pt
    if not (math.isfinite(pt) and TEXT_PT[0] <= pt <= TEXT_PT[1]):
        v.report(SIZE_RANGE, kit.game.print, "min_text_pt",
                 f"print.min_text_pt is {pt:g}; the smallest text size must be between {TEXT_PT[0]:g} and "
                 f"{TEXT_PT[1]:g} pt (6 is usual)")
    for _, fields in v.fields():
        for obj, name, value, is_length in _numbers(fields):
            if is_length:
                if not (0 < value <= MAX_LENGTH):
                    v.report(SIZE_RANGE, obj, name,
                             f"{name} is {value:g} mm; a length must be more than 0 and at most {MAX_LENGTH:g} mm "
                             f"(write units: 57mm, 5.7cm, 2.25in)")
            elif not (math.isfinite(value) and abs(value) <= MAX_COORD):
                v.report(SIZE_RANGE, obj, name,
                         f"{name} is {value:g}; write a number between {-MAX_COORD:g} and {MAX_COORD:g}")


def _numbers(fields: list) -> Iterable[tuple[Entity, str, float, bool]]:
    """Every Length and float field of ``fields`` (a root's, ``Validator.fields``): (object, field, value, is a
    length)."""
    for owner, name, value in fields:
        if name == "min_text_pt":
            continue
        if isinstance(value, Length):
            yield owner, name, float(value), True
        elif isinstance(value, float) and not isinstance(value, bool):
            yield owner, name, value, False


#: the most copies of one item (a note, a card, a counter) a kit may print, and of all items together
MAX_COPIES = 1000
MAX_ITEMS = 10_000


@check(COUNT_LARGE)
def _print_counts(v: Validator) -> None:
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
            v.report(COUNT_LARGE, obj, name,
                     f"{n} copies of one item; a kit prints at most {MAX_COPIES} of one item (a typo?): lower "
                     f"{name}, or tell the maker to print the sheet several times")
    total = sum(min(n, MAX_COPIES + 1) for _, _, n in entries)
    if total > MAX_ITEMS and all(n <= MAX_COPIES for _, _, n in entries):
        v.report(COUNT_LARGE, kit.game, None,
                 f"the kit would print {total} items (notes, cards, counters); at most {MAX_ITEMS} are allowed: "
                 f"lower the counts and copies", path="")


# --------------------------------------------------------------------------- placeholders
#: terms whose text the layout fills in with str.format: term -> the names it may use
PLACEHOLDERS = {"owned": ("n",), "utility_roll": ("n", "x", "amount"), "rolled": ("x",)}


@check(TERMS_PLACEHOLDER)
def _terms(v: Validator) -> None:
    terms = v.kit.game.terms
    for name, allowed in PLACEHOLDERS.items():
        term = getattr(terms, name)
        if term is None:  # an optional term the kit does not give
            continue
        counted = isinstance(term, Counted)  # {one: ..., other: ...}: each form where it is written
        for form, text in zip(("one", "other"), term.forms()) if counted else ((None, term),):
            problem = _placeholder_problem(text, allowed)
            if problem:
                names = ", ".join("{" + a + "}" for a in allowed)
                v.report(TERMS_PLACEHOLDER, term if counted else terms, form or name,
                         f"terms.{name}{'.' + form if form else ''} {text!r}: {problem}; it may use only {names} "
                         f"(write {{{{ and }}}} for a literal brace)")


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


# --------------------------------------------------------------------------- fonts, images and glyphs
_FONT_ROLES = ("title", "heading", "body", "italic")


@check(FONT_UNKNOWN)
def _fonts(v: Validator) -> None:
    fonts = v.kit.game.theme.fonts
    available = set(fontlib.available())
    for role in _FONT_ROLES:
        name = getattr(fonts, role)
        if name not in available:
            v.report(FONT_UNKNOWN, fonts, role,
                     f"font {name!r} is neither in the game's fonts/ folder nor one of pnp's"
                     f"{did_you_mean(name, available)}; name a font by its file stem (available: "
                     f"{known(available, 20)})")
            continue
        try:
            fontlib.get_font(name)
        except fontlib.FontMissing as exc:
            v.report(FONT_UNKNOWN, fonts, role, str(exc))


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


def _every_printed_text(v: Validator) -> list[tuple[Entity, str, str, str]]:
    """``_printed_texts`` of every root of the kit, walked once per run for the checks that read them all."""
    found = v.shared.get("printed texts")
    if found is None:
        found = v.shared["printed texts"] = [t for root in v.kit.roots() for t in _printed_texts(root)]
    return found


MIN_DPI = 300


def _pictures(kit: Kit) -> Iterable:
    yield from kit.board.centre.pictures
    for deck in kit.decks:
        for card in deck.cards:
            if card.picture is not None:
                yield card.picture


@check(IMAGE_OUTSIDE, IMAGE_MISSING, IMAGE_UNREADABLE, IMAGE_TOO_LARGE, IMAGE_DPI)
def _images(v: Validator) -> None:
    """Every image is a regular file inside the game folder that decodes, of a printable size, with 300 dpi at
    its printed size (pnp/images.py checks the file; layouts draw only what it passes)."""
    for pic in _pictures(v.kit):
        found = images.inspect(v.root, pic.file)
        if found.problem == images.OUTSIDE:
            v.report(IMAGE_OUTSIDE, pic, "file",
                     f"{pic.file!r} points outside the game folder; copy the image into the folder and name it "
                     f"relative to it")
        elif found.problem == images.MISSING:
            v.report(IMAGE_MISSING, pic, "file",
                     f"no image at {pic.file!r}; check the name, it is relative to the game folder")
        elif found.problem == images.UNREADABLE:
            v.report(IMAGE_UNREADABLE, pic, "file", f"{pic.file!r} is not an image pnp can read ({found.detail}); "
                     f"save it as PNG or JPEG")
        elif found.problem == images.TOO_LARGE:
            v.report(IMAGE_TOO_LARGE, pic, "file", f"{pic.file!r} is too large to print ({found.detail}); scale "
                     f"it down to 300 dpi at its printed size")
        elif float(pic.width) > 0 and float(pic.height) > 0:  # a zero size is E-size-range's
            dpi = min(found.width / (float(pic.width) / 25.4), found.height / (float(pic.height) / 25.4))
            if dpi < MIN_DPI - 0.5:
                need_w = round(float(pic.width) / 25.4 * MIN_DPI)
                need_h = round(float(pic.height) / 25.4 * MIN_DPI)
                v.report(IMAGE_DPI, pic, "file",
                         f"{pic.file!r} is {found.width}×{found.height} px, {dpi:.0f} dpi at {float(pic.width):g}×"
                         f"{float(pic.height):g} mm; it will print blurred: use at least {need_w}×{need_h} px or "
                         f"print it smaller")


_RIGHT_TO_LEFT = ("R", "AL")  # Unicode bidirectional classes of the letters of right-to-left scripts


@check(TEXT_DIRECTION)
def _direction(v: Validator) -> None:
    """Refuse right-to-left text, which pnp would print reversed (README, "Safety": why refuse, not shape)."""
    import unicodedata

    bidirectional = unicodedata.bidirectional
    left_to_right: set[str] = set()  # characters of no right-to-left script seen in earlier texts
    for obj, name, path, text in _every_printed_text(v):
        if text.isascii():
            continue
        new = set(text) - left_to_right  # usually few: each character is looked up once a run
        if not new:
            continue
        if not any(bidirectional(c) in _RIGHT_TO_LEFT for c in new):
            left_to_right |= new
            continue
        ch = next((c for c in text if bidirectional(c) in _RIGHT_TO_LEFT), None)
        if ch is not None:
            script = unicodedata.name(ch, "").split(" ")[0].title() or "a right-to-left script"
            start = text.index(ch)
            shown = text[max(0, start - 10):start + 20]
            v.report(TEXT_DIRECTION, obj, name,
                     f"{script} text (\u2026{shown}\u2026) is written right to left; pnp prints every line left to "
                     f"right and does not join letters, so it would print backwards: write it in a left-to-right "
                     f"script or put it in a picture", path=path)


@check(GLYPH_MISSING)
def _glyphs(v: Validator) -> None:
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
                except fontlib.FontMissing:  # (and FontBroken) reported by _fonts at its line in theme.fonts
                    pass
            coverage[ch] = tuple(out)
        return coverage[ch]

    printable: set[str] = set()  # characters every font (with its fallbacks) has
    for obj, name, path, text in _every_printed_text(v):
        new = set(text) - printable  # usually empty: every character was seen in an earlier text
        if not new:
            continue
        missing: dict[str, tuple[str, ...]] = {}
        for ch in dict.fromkeys(text):
            if ch in new:
                lack = () if ch.isspace() and not fontlib.unprintable(ch) else lacking(ch)
                if lack:
                    missing[ch] = lack
                else:
                    printable.add(ch)
        if not missing:
            continue
        v.report(GLYPH_MISSING, obj, name, _glyph_message(missing), path=path)


def _glyph_message(missing: dict[str, tuple[str, ...]]) -> str:
    """Characters no font draws (``missing``: char -> the fonts lacking it), then those that are no characters
    to print (controls, noncharacters)."""
    def shown(chars: list[str]) -> str:
        out = []
        for ch in chars[:8]:
            what = fontlib.unprintable(ch)
            out.append(f"{ch!r} (U+{ord(ch):04X}{', ' + what if what else ''})")
        return ", ".join(out) + (f" and {len(chars) - 8} more" if len(chars) > 8 else "")

    odd = [ch for ch in missing if fontlib.unprintable(ch)]
    glyphless = [ch for ch in missing if ch not in odd]
    lacking = sorted({f for ch in glyphless for f in missing[ch]})
    parts = []
    if glyphless:
        parts.append(f"no glyph for {shown(glyphless)} in font(s) {', '.join(lacking)} or their fallbacks: it "
                     f"would print as a box; replace or transliterate the character, or add a font with it to "
                     f"fonts/ and name it in theme.fonts")
    if odd:
        parts.append(f"{shown(odd)} {'is' if len(odd) == 1 else 'are'} not a printable character and would print "
                     f"as a box or not at all; remove {'it' if len(odd) == 1 else 'them'} (in YAML, look for an "
                     f"escape such as \\u0007 or \\x1b)")
    return "; ".join(parts)
