"""Font metrics and glyph coverage for layout, read from the TTFs in ``fonts/``.

Layout measures text here and never touches a drawing backend. Metrics come from
``ttf.py`` (a quick reader of the cmap and widths); reportlab parses a font fully only
when a PDF embeds it. A font is named by its file stem, e.g. ``NotoSans-Bold``. When a
character is missing from the chosen font, the fallback chain (same weight) supplies it,
so Armenian or an arrow in a Latin line still prints; a character no font has is reported.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import ttf
from .bundled import FONTS as FONT_DIR
PT = 25.4 / 72.0  # mm per point

#: Tried in order after the requested font, by weight.
FALLBACKS = {
    "regular": ("NotoSans-Regular", "NotoSansArmenian-Regular", "DejaVuSans"),
    "bold": ("NotoSans-Bold", "NotoSansArmenian-Bold", "DejaVuSans-Bold"),
}


class FontMissing(Exception):
    pass


class Font:
    def __init__(self, name: str, path: Path):
        self.name = name
        self.path = path
        self._ttfont = None
        try:
            m = ttf.read_metrics(path)
            self.widths, self.cmap, self.default_width = m.widths, m.cmap, m.default_width
            ascent, descent = m.ascent, m.descent
        except ttf.Unsupported:  # a font our quick reader does not know: reportlab's full parse
            face = self.ttfont.face
            self.widths, self.cmap, self.default_width = face.charWidths, face.charToGlyph, face.defaultWidth
            ascent, descent = face.ascent, face.descent
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
        return ord(ch) in self.cmap or ch in "\n\t"

    def advance(self, text: str) -> float:
        """Width of ``text`` in em."""
        w = self.widths
        d = self.default_width
        return sum(w.get(ord(c), d) for c in text) / 1000.0


def font_dir() -> Path:
    return FONT_DIR


#: fonts a game folder brings in its own fonts/ folder: name (file stem) -> file
_KIT_FONTS: dict[str, Path] = {}
FONT_SUFFIXES = (".ttf", ".otf")


def register_kit_fonts(root: Path) -> list[str]:
    """Make the font files in ``root/fonts/`` available by their file stem (after pnp's own: a kit font with
    the name of a bundled one is not used). Returns the names registered."""
    folder = Path(root) / "fonts"
    names = []
    if not folder.is_dir():
        return names
    bundled = set(_bundled())
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in FONT_SUFFIXES or not path.is_file() or path.stem in bundled:
            continue
        if _KIT_FONTS.get(path.stem) not in (None, path):  # another game's font of that name: forget it
            for cached in (get_font, chain, split_runs, em_width):
                cached.cache_clear()
        _KIT_FONTS[path.stem] = path
        names.append(path.stem)
    return names


@lru_cache(maxsize=None)
def _bundled() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in FONT_DIR.glob("*.ttf")))


@lru_cache(maxsize=None)
def get_font(name: str) -> Font:
    path = _KIT_FONTS.get(name) or FONT_DIR / f"{name}.ttf"
    if not path.is_file():
        raise FontMissing(f"font {name!r} is neither in the game's fonts/ folder nor one of pnp's "
                          f"(available: {', '.join(available())})")
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic == b"OTTO":
        raise FontMissing(f"font {name!r} ({path.name}) has PostScript (CFF) outlines, which PDFs made by pnp "
                          f"cannot embed; use the TrueType (.ttf, glyf outlines) version of the font")
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise FontMissing(f"{path.name} is not a TrueType font file")
    return Font(name, path)


def available() -> list[str]:
    """Font names a game may use: pnp's own, then those its fonts/ folder brought."""
    return sorted(set(_bundled()) | set(_KIT_FONTS))


@lru_cache(maxsize=None)
def chain(name: str) -> tuple[Font, ...]:
    first = get_font(name)
    rest = FALLBACKS["bold" if first.bold else "regular"]
    return (first,) + tuple(get_font(n) for n in rest if n != name)


@lru_cache(maxsize=65536)
def split_runs(text: str, name: str) -> tuple[tuple[str, str], ...]:
    """Split text into (font name, text) runs so that every character has a glyph.
    A character no font has stays in the first font (it will print as a box) and
    is found by ``missing_glyphs``."""
    cmap = get_font(name).cmap
    if all(ord(ch) in cmap for ch in text):  # the common case: one run, no fallback font even opened
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


def missing_glyphs(text: str, name: str) -> list[str]:
    """Characters of ``text`` that neither the font nor its fallbacks can print."""
    first = get_font(name)
    if all(first.has(ch) or ch.isspace() for ch in text):
        return []
    fonts = chain(name)
    return sorted({ch for ch in text if not ch.isspace() and not any(f.has(ch) for f in fonts)})


def text_width(text: str, name: str, size_pt: float) -> float:
    """Advance width in mm, with fallbacks."""
    return em_width(text, name) * size_pt * PT


@lru_cache(maxsize=65536)
def em_width(text: str, name: str) -> float:
    return sum(get_font(f).advance(t) for f, t in split_runs(text, name))
