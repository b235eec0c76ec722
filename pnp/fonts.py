"""Font metrics and glyph coverage for layout, read from the TTFs in ``fonts/``.

Layout measures text here and never touches a drawing backend. Metrics come from
``ttf.py`` (a quick reader of the cmap and widths); reportlab parses a font fully only
when a PDF embeds it. A font is named by its file stem, e.g. ``NotoSans-Bold``. When a
character is missing from the chosen font, the fallback chain (same weight) supplies it,
so Armenian or an arrow in a Latin line still prints; a character no font has is reported.

A game's own font (its fonts/ folder) is checked in full when first used: ``ttf.py`` reads it within bounds
set by the file itself, and reportlab parses it as the PDF will; a file that fails is a ``FontBroken``,
which the validator reports at the font's line in theme.fonts.
"""
from __future__ import annotations

import stat
from functools import lru_cache
from itertools import repeat
from pathlib import Path

from . import ttf
from .bundled import FONTS as FONT_DIR
PT = 25.4 / 72.0  # mm per point

#: Tried in order after the requested font, by weight. Noto Sans Math gives the true minus (U+2212, a digit's
#: width: Debian's Noto Sans has none, and DejaVu's is half as wide again) and the other math signs.
FALLBACKS = {
    "regular": ("NotoSans-Regular", "NotoSansArmenian-Regular", "NotoSansMath-Regular", "DejaVuSans"),
    "bold": ("NotoSans-Bold", "NotoSansArmenian-Bold", "NotoSansMath-Regular", "DejaVuSans-Bold"),
}


class FontMissing(Exception):
    pass


class FontBroken(FontMissing):
    """A font file pnp cannot use: damaged, cut short, not a TrueType font, or one reportlab cannot embed. The
    message names the file and says what is wrong. (A ``FontMissing``: where pnp's own font is broken, pnp
    needs reinstalling.)"""


def _shown(path: Path, own: bool) -> str:
    """The font file as a message names it: ``fonts/X.ttf`` for a game's own font."""
    return f"fonts/{path.name}" if own else str(path)


def _broken(name: str, path: Path, own: bool, why: str, fix: str = "") -> FontBroken:
    """``FontBroken`` for the font ``name`` at ``path``: what is wrong (``why``) and what to do about it."""
    if not own:
        fix = "pnp's installation is damaged"
    elif not fix:
        fix = "replace it with a sound copy of the font (download it again) or name another font in theme.fonts"
    return FontBroken(f"font {name!r} ({_shown(path, own)}) cannot be used: {why}; {fix}")


#: what reportlab says of a font it will not embed -> the same in pnp's words
_REPORTLAB_SAYS = (
    ("psName", "its PostScript name (in its 'name' table) holds characters a PDF font name cannot have"),
    ("name table format", "its 'name' table is in a format reportlab (which writes pnp's PDFs) does not read"),
)


def _reportlab_refuses(exc: Exception) -> str:
    text = str(exc)
    for clue, said in _REPORTLAB_SAYS:
        if clue in text:
            return said
    return f"reportlab, which writes pnp's PDFs, cannot read it ({type(exc).__name__}: {text[:200]})"


def _without_notdef(cmap: dict[int, int]) -> dict[int, int]:
    """The character map less the characters it gives glyph 0 (.notdef, an empty box): those the font does not
    draw (format 4 maps U+FFFF so, and the gaps of a range)."""
    if all(cmap.values()):
        return cmap
    return {ch: g for ch, g in cmap.items() if g}


class Font:
    def __init__(self, name: str, path: Path, own: bool = False):
        """The font ``name`` at ``path``; ``own``: a game's own font (from its fonts/ folder), checked in full
        before it is used: its outlines (``ttf.read_metrics(outlines=True)``) and reportlab's parse of it, so
        that a font pnp measures is a font the PDF can embed. Raises ``FontBroken`` for a file it cannot use."""
        self.name = name
        self.path = path
        self._ttfont = None
        try:
            m = ttf.read_metrics(path, outlines=True) if own else ttf.read_metrics(path)
            self.widths, self.cmap, self.default_width = m.widths, _without_notdef(m.cmap), m.default_width
            ascent, descent = m.ascent, m.descent
        except ttf.Refused as exc:
            raise _broken(name, path, own, str(exc)) from None
        except ttf.Unsupported:  # a font our quick reader does not know: reportlab's full parse
            try:
                face = self.ttfont.face
                beyond = [g for g in face.charToGlyph.values() if g >= face.numGlyphs]
            except Exception as exc:  # reportlab refuses it, in whatever way it fails
                raise _broken(name, path, own, _reportlab_refuses(exc)) from None
            if beyond:
                raise _broken(name, path, own, f"its character map gives glyph {beyond[0]:,}, but the font has "
                                                f"only {face.numGlyphs:,} glyphs")
            self.widths, self.cmap, self.default_width = face.charWidths, _without_notdef(face.charToGlyph), \
                face.defaultWidth
            ascent, descent = face.ascent, face.descent
        if own and self._ttfont is None:  # found now, not when a build writes its PDF: reportlab's parse
            try:
                self.ttfont
            except Exception as exc:
                raise _broken(name, path, own, _reportlab_refuses(exc)) from None
        self.ascent = ascent / 1000.0
        self.descent = descent / 1000.0  # negative
        self.bold = "Bold" in name

    @property
    def ttfont(self):
        """reportlab's parse of the font, for embedding: made (or restored from the user's cache,
        ``render/faces.py``) when a PDF first draws with it."""
        if self._ttfont is None:
            from .render.faces import ttfont  # only the PDF backend needs reportlab

            self._ttfont = ttfont(self.name, self.path)
        return self._ttfont

    def has(self, ch: str) -> bool:
        """The font draws ``ch`` (a glyph other than .notdef), or it is a line end or tab."""
        return ord(ch) in self.cmap or ch in "\n\t"

    def advance(self, text: str) -> float:
        """Width of ``text`` in em."""
        return sum(map(self.widths.get, map(ord, text), repeat(self.default_width))) / 1000.0


def font_dir() -> Path:
    return FONT_DIR


#: fonts a game folder brings in its own fonts/ folder: name (file stem) -> file
_KIT_FONTS: dict[str, Path] = {}
#: name -> (modification time, size) of its file when registered: a font file saved again is read again
_STAMPS: dict[str, tuple[int, int]] = {}
FONT_SUFFIXES = (".ttf", ".otf")


#: name -> why its file cannot be used, until the file changes: a broken font is read once per run, not once
#: for every character the validator looks up
_BROKEN: dict[str, FontBroken] = {}


def _forget() -> None:
    for cached in (get_font, chain, split_runs, em_width):
        cached.cache_clear()
    _BROKEN.clear()


def register_kit_fonts(root: Path) -> list[str]:
    """Make the font files in ``root/fonts/`` available by their file stem (after pnp's own: a kit font with
    the name of a bundled one is not used). Returns the names registered. Nothing is read yet: a font is read
    (and checked) when first used. A font file that changed since it was read (``pnp serve``, ``watch``) is
    read again."""
    folder = Path(root) / "fonts"
    names: list[str] = []
    bundled = set(_bundled())
    for path in sorted(folder.iterdir()) if folder.is_dir() else ():
        if path.suffix.lower() not in FONT_SUFFIXES or path.stem in bundled:
            continue
        try:
            st = path.stat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        stamp = (st.st_mtime_ns, st.st_size)
        if _KIT_FONTS.get(path.stem) not in (None, path) or _STAMPS.get(path.stem, stamp) != stamp:
            _forget()  # another game's font of that name, or this one saved again: read it afresh
        _KIT_FONTS[path.stem] = path
        _STAMPS[path.stem] = stamp
        names.append(path.stem)
    gone = [n for n, p in _KIT_FONTS.items() if p.parent == folder and n not in names]
    for name in gone:  # deleted since: no longer a font of this game
        del _KIT_FONTS[name]
        _STAMPS.pop(name, None)
    if gone:
        _forget()
    return names


@lru_cache(maxsize=None)
def _bundled() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in FONT_DIR.glob("*.ttf")))


@lru_cache(maxsize=None)
def get_font(name: str) -> Font:
    """The font ``name``: a game's own (its fonts/ folder) or pnp's. Raises ``FontMissing`` for a name neither
    has, ``FontBroken`` for a file pnp cannot use (the message names the file and what is wrong)."""
    known = _BROKEN.get(name)
    if known is not None:
        raise FontBroken(str(known))
    try:
        return _open(name)
    except FontBroken as exc:
        _BROKEN[name] = exc
        raise


def _open(name: str) -> Font:
    own = _KIT_FONTS.get(name)
    path = own or FONT_DIR / f"{name}.ttf"
    if not path.is_file():
        raise FontMissing(f"font {name!r} is neither in the game's fonts/ folder nor one of pnp's "
                          f"(available: {', '.join(available())})")
    try:
        with open(path, "rb") as f:
            magic = f.read(4)
    except OSError as exc:
        raise _broken(name, path, own is not None, f"it cannot be read ({exc.strerror or exc})") from None
    if magic == b"OTTO":
        raise FontMissing(f"font {name!r} ({path.name}) has PostScript (CFF) outlines, which PDFs made by pnp "
                          f"cannot embed; use the TrueType (.ttf, glyf outlines) version of the font")
    if magic == b"ttcf":
        raise _broken(name, path, own is not None, "it is a TrueType collection (several fonts in one file), "
                      "which pnp does not read", "use a file of one font (.ttf) from the same family instead")
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise _broken(name, path, own is not None, "it is not a TrueType font file (it does not start like one)")
    return Font(name, path, own=own is not None)


def available() -> list[str]:
    """Font names a game may use: pnp's own, then those its fonts/ folder brought."""
    return sorted(set(_bundled()) | set(_KIT_FONTS))


@lru_cache(maxsize=None)
def chain(name: str) -> tuple[Font, ...]:
    first = get_font(name)
    rest = FALLBACKS["bold" if first.bold else "regular"]
    return (first,) + tuple(get_font(n) for n in rest if n != name)


#: the texts whose runs and widths are kept (a whole kit measures ~3500; a deck of 6000 texts of their own measured
#: 18 000 lines and words, ~3 MB of its peak at 65 536)
MEASURED_KEPT = 8192


@lru_cache(maxsize=MEASURED_KEPT)
def split_runs(text: str, name: str) -> tuple[tuple[str, str], ...]:
    """Split text into (font name, text) runs so that every character has a glyph.
    A character no font has stays in the first font (it will print as a box) and
    is found by ``missing_glyphs``."""
    cmap = get_font(name).cmap
    if cmap.keys() >= set(map(ord, text)):  # the common case: one run, no fallback font even opened
        return ((name, text),) if text else ()
    fonts = chain(name)
    runs: list[tuple[str, str]] = []
    for ch in text:
        chosen = next((f for f in fonts if f.has(ch)), fonts[0])
        if ch == " " and runs:  # spaces stay with the run they are in
            chosen = get_font(runs[-1][0])
        if runs and runs[-1][0] == chosen.name:
            runs[-1] = (chosen.name, runs[-1][1] + ch)
        else:
            runs.append((chosen.name, ch))
    return tuple(runs)


#: control characters pnp's text layout takes for white space (line ends, tabs): not drawn, not reported
LAYOUT_SPACE = "\t\n\r\f\v"


def unprintable(ch: str) -> str | None:
    """What ``ch`` is if it is no character to print whatever the font: a control character (other than the
    white space layout breaks lines at), a noncharacter (U+FFFF, U+FDD0...) or half of a surrogate pair;
    else None."""
    cp = ord(ch)
    if (cp < 0x20 or 0x7F <= cp < 0xA0) and ch not in LAYOUT_SPACE:
        return "a control character"
    if 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE:
        return "a noncharacter"
    if 0xD800 <= cp <= 0xDFFF:
        return "half of a surrogate pair"
    return None


def missing_glyphs(text: str, name: str) -> list[str]:
    """Characters of ``text`` that neither the font nor its fallbacks can print: no font draws them (a glyph
    other than .notdef), or they are no characters to print (``unprintable``). White space is not drawn."""
    first = get_font(name)
    if all((first.has(ch) or ch.isspace()) and not unprintable(ch) for ch in text):
        return []
    fonts = chain(name)
    return sorted({ch for ch in text
                   if unprintable(ch) or not ch.isspace() and not any(f.has(ch) for f in fonts)})


def text_width(text: str, name: str, size_pt: float) -> float:
    """Advance width in mm, with fallbacks."""
    return em_width(text, name) * size_pt * PT


@lru_cache(maxsize=MEASURED_KEPT)
def em_width(text: str, name: str) -> float:
    return sum(get_font(f).advance(t) for f, t in split_runs(text, name))
