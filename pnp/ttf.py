"""Just the metrics of a TrueType file: which characters it has and how wide they are.

Layout and the validator need only the character map, the advance widths and the
ascent/descent. reportlab's TTF parser reads all that too, but also names, glyph
locations and every table a subset needs, one number at a time: ~8 ms per Noto
font, and a kit names four or more fonts of which a job may draw two. This reader
takes the few tables it needs with whole-array ``struct`` reads (~1 ms), and gives the
same numbers reportlab would (same cmap choice, same 1/1000 em scaling), so a line
measured here is the line reportlab prints; ``tests/test_fonts.py`` holds them equal
for every bundled font. The PDF backend still parses a font with reportlab, once,
when it embeds it.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path


class Unsupported(Exception):
    """A font this reader does not handle (another cmap format, no hmtx...): use reportlab's parser."""


@dataclass
class Metrics:
    cmap: dict[int, int]  # code point -> glyph
    widths: dict[int, float]  # code point -> advance in 1/1000 em
    default_width: float  # advance of glyph 0 (.notdef), 1/1000 em
    ascent: float  # 1/1000 em
    descent: float  # 1/1000 em, negative


def read_metrics(path: Path) -> Metrics:
    data = Path(path).read_bytes()
    try:
        return _parse(data)
    except (struct.error, KeyError, IndexError) as exc:
        raise Unsupported(f"{path}: {exc}") from None


def _parse(data: bytes) -> Metrics:
    unpack_from = struct.unpack_from
    (count,) = unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _, offset, length = unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag.decode("latin-1")] = (offset, length)

    head = tables["head"][0]
    units = unpack_from(">H", data, head + 18)[0]
    y_min, y_max = unpack_from(">h", data, head + 38)[0], unpack_from(">h", data, head + 42)[0]
    if units == 1000:
        def scale(x):
            return x
    else:
        mult = 1000 / units

        def scale(x):
            return x * mult

    if "OS/2" in tables:
        os2 = tables["OS/2"][0]
        ascent, descent = (scale(v) for v in unpack_from(">hh", data, os2 + 68))
    else:
        ascent, descent = scale(y_max), scale(y_min)

    hhea = tables["hhea"][0]
    (n_metrics,) = unpack_from(">H", data, hhea + 34)
    (n_glyphs,) = unpack_from(">H", data, tables["maxp"][0] + 4)
    cmap = _cmap(data, tables["cmap"][0])

    hmtx = tables["hmtx"][0]
    advances = unpack_from(f">{2 * n_metrics}H", data, hmtx)[0::2]
    last = advances[-1]
    glyph_width = [scale(advances[g] if g < n_metrics else last) for g in range(n_glyphs)]
    widths = {ch: glyph_width[g] for ch, g in cmap.items() if g < n_glyphs}
    if 0x20 in cmap:  # a no-break space prints as a space (reportlab does the same)
        cmap[0xA0], widths[0xA0] = cmap[0x20], widths[0x20]
    elif 0xA0 in cmap:
        cmap[0x20], widths[0x20] = cmap[0xA0], widths[0xA0]
    return Metrics(cmap, widths, glyph_width[0], ascent, descent)


def _cmap(data: bytes, base: int) -> dict[int, int]:
    """The subtable reportlab would pick (the last Unicode-ish record), formats 4 and 12."""
    unpack_from = struct.unpack_from
    version, n = unpack_from(">HH", data, base)
    if n == 0 and version != 0:
        n = version
    chosen, rank = None, 0
    for i in range(n):
        platform, encoding, offset = unpack_from(">HHI", data, base + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, rank = offset, 1
        elif platform == 1 and encoding == 0 and rank != 1:
            chosen, rank = offset, 2
    if chosen is None:
        raise Unsupported("no Unicode cmap")
    at = base + chosen
    (fmt,) = unpack_from(">H", data, at)
    out: dict[int, int] = {}
    if fmt == 4:
        length = unpack_from(">H", data, at + 2)[0]
        seg = unpack_from(">H", data, at + 6)[0] // 2
        ends = unpack_from(f">{seg}H", data, at + 14)
        starts = unpack_from(f">{seg}H", data, at + 16 + 2 * seg)
        deltas = unpack_from(f">{seg}h", data, at + 16 + 4 * seg)
        range_at = at + 16 + 6 * seg
        offsets = unpack_from(f">{seg}H", data, range_at)
        limit = at + length
        for k in range(seg):
            start, end, delta, ro = starts[k], ends[k], deltas[k], offsets[k]
            if ro == 0:
                for ch in range(start, end + 1):
                    out[ch] = (ch + delta) & 0xFFFF
            else:
                for ch in range(start, end + 1):
                    pos = range_at + 2 * k + (ch - start) * 2 + ro
                    glyph = 0 if pos >= limit else unpack_from(">H", data, pos)[0]
                    out[ch] = (glyph + delta) & 0xFFFF if glyph else 0
    elif fmt == 12:
        (groups,) = unpack_from(">I", data, at + 12)
        flat = unpack_from(f">{3 * groups}I", data, at + 16)
        for k in range(0, 3 * groups, 3):
            start, end, first = flat[k], flat[k + 1], flat[k + 2]
            out.update(zip(range(start, end + 1), range(first, first + end - start + 1)))
    else:
        raise Unsupported(f"cmap format {fmt}")
    return out
