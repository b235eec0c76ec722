"""reportlab's parse of a TrueType font, kept between runs in the user's cache folder (``pnp/cache.py``).

A PDF that embeds a font needs reportlab's full parse of it (``TTFont``: names, metrics of every glyph,
where each glyph lies, for the subset it writes): ~13 ms per Noto font on the 2-core machine, five fonts for
most kits, paid by every build, preview and export before it draws. Restoring the parse from a pickle takes
a quarter of that. The parse depends on nothing but the font's bytes and reportlab's version (the salt,
with Python's version, the font's name and path); the font's bytes themselves are not stored, they are read
from the font file as reportlab would.

What is stored is the parsed objects' attributes, less the three reportlab rebuilds or cannot pickle: the
font's bytes, the face's scaling function and the font's per-document state. A parse is kept only when its
restored copy equals it attribute for attribute (a reportlab that changes its objects is parsed every time,
never restored wrong).
"""
from __future__ import annotations

import pickle
import sys
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import Version as REPORTLAB
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

from .. import cache

MAGIC = b"pnp-font-face 1\n"
#: attributes rebuilt on restoring, not stored: the font's bytes (read from its file), the scaling function
#: (made from unitsPerEm), the per-document subset state (empty until a PDF draws with the font)
_FACE_REBUILT = ("_ttf_data", "_pdfScale")
_FONT_REBUILT = ("face", "state", "encoding")


def ttfont(name: str, path: Path) -> TTFont:
    """reportlab's ``TTFont(name, path)``, restored from the cache when the same bytes were parsed before."""
    data = Path(path).read_bytes()
    where = cache.folder()
    salt = f"reportlab {REPORTLAB}; Python {sys.version_info[:2]}; {name}; {path}".encode("utf-8", "surrogatepass")
    file = where / "faces" / f"{cache.digest(salt + data).hex()[:32]}.face" if where is not None else None
    kept = cache.read(file, MAGIC, salt)
    if kept is not None:
        try:
            return _restore(pickle.loads(kept), data)
        except Exception:  # a file we wrote that no longer restores: parse as without a cache
            pass
    font = TTFont(name, str(path))
    try:
        payload = pickle.dumps(_attributes(font), protocol=pickle.HIGHEST_PROTOCOL)
        if _same(_restore(pickle.loads(payload), data), font):
            cache.write(file, MAGIC, salt, payload)
    except Exception:  # objects that do not pickle or restore alike: kept nowhere, parsed every time
        pass
    return font


def _attributes(font: TTFont) -> tuple[dict, dict]:
    face = {k: v for k, v in vars(font.face).items() if k not in _FACE_REBUILT}
    return {k: v for k, v in vars(font).items() if k not in _FONT_REBUILT}, face


def _restore(attributes: tuple[dict, dict], data: bytes) -> TTFont:
    own, face_attributes = attributes
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(face_attributes)
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    vars(font).update(own)
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    return font


def _scale(units_per_em: int):
    """reportlab's scaling of font units to 1/1000 em (``TTFontFile.extractInfo``)."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def _same(restored: TTFont, parsed: TTFont) -> bool:
    """The restored font is the parsed one: the same attributes with the same values (the scaling function
    gives the same numbers, the encoding the same table, the state is empty in both)."""
    a, b = vars(restored.face), vars(parsed.face)
    if a.keys() != b.keys() or not all(_equal(a[k], b[k]) for k in a if k != "_pdfScale"):
        return False
    if any(a["_pdfScale"](x) != b["_pdfScale"](x) for x in (0, 1, -731, 2048, 1000)):
        return False
    a, b = vars(restored), vars(parsed)
    if a.keys() != b.keys() or not all(_equal(a[k], b[k]) for k in a if k not in _FONT_REBUILT):
        return False
    return vars(restored.encoding) == vars(parsed.encoding) and len(parsed.state) == 0


def _equal(x, y) -> bool:
    """Equal values of one type, with equal attributes (reportlab's name strings carry their text in one)."""
    return type(x) is type(y) and x == y and getattr(x, "__dict__", None) == getattr(y, "__dict__", None)
