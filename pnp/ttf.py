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

A game's own fonts come from whoever made the game, so this reader is also the gate in front of
reportlab: before any work that grows with what the file says, it checks what the file says against the
file itself (``Refused`` says what is wrong, in words for the font's user). The file is at most
``MAX_BYTES``; every table it lists lies inside it, and each table is long enough for what is read from it
(the widths of every glyph ``maxp`` counts, a location for each, every range of the character map); a
character map gives at most ``MAX_CHARACTERS`` characters (format 4 at most 65,536, however its ranges
overlap), each to a glyph the font has. With ``outlines`` (a game's own font, before reportlab embeds
it), the glyph locations run in order inside ``glyf`` and every glyph made of other glyphs names glyphs
the font has, inside its own bytes, without a loop (``MAX_PARTS`` in all). What reportlab then does with the
file (read its tables, expand its character map, subset the glyphs a PDF draws) is bounded by the same numbers.
"""
from __future__ import annotations

import marshal
import os
import struct
from array import array
from dataclasses import dataclass
from pathlib import Path

from . import cache

#: the largest font file pnp reads (the largest real TrueType fonts, all of CJK in one, are some 20-30 MB)
MAX_BYTES = 50 * 1024 * 1024
#: the most characters one character map may give: twice the most glyphs a font can have (a real font gives
#: fewer characters than it has glyphs, but for a few it draws alike)
MAX_CHARACTERS = 0x20000
#: the most glyphs all the composite glyphs of a font may name together (real fonts name fewer than they have
#: glyphs: an accented letter is made of two or three)
MAX_PARTS = 0x40000
#: the tables reportlab reads to embed a TrueType font
REQUIRED = ("head", "hhea", "maxp", "hmtx", "cmap", "name", "post", "loca", "glyf")
#: the bytes read from the start of a table (its fixed part)
MIN_LENGTH = {"head": 54, "hhea": 36, "maxp": 6, "cmap": 4, "name": 6, "post": 16, "OS/2": 72}


class Unsupported(Exception):
    """A font this reader does not handle (an old character map format): use reportlab's parser."""


class Refused(Unsupported):
    """A file pnp does not read as a font: damaged, truncated, not a TrueType font, or beyond what pnp reads.
    The message says what is wrong ("its 'glyf' table ..."), without the file's name."""


@dataclass
class Metrics:
    cmap: dict[int, int]  # code point -> glyph
    widths: dict[int, float]  # code point -> advance in 1/1000 em
    default_width: float  # advance of glyph 0 (.notdef), 1/1000 em
    ascent: float  # 1/1000 em
    descent: float  # 1/1000 em, negative
    glyphs: int = 0  # glyphs in the font (maxp)


def read_metrics(path: Path, outlines: bool = False) -> Metrics:
    """The metrics of the font at ``path``; with ``outlines``, also check the glyph outlines a PDF embeds.
    Raises ``Refused`` for a file that is not a sound TrueType font, ``Unsupported`` for one in a character
    map format only reportlab reads (0 or 6).

    A font read whole is kept in the user's cache folder (``pnp/cache.py``), by its path, with the file's size,
    modification and change times and inode: the next run that finds the file with the same stamp takes its
    metrics from there (a third of the time; nine fonts are a glyph check's). A file saved since, a cache file
    that is torn, foreign or from another reader, is passed over: the font is read again (and kept again). A
    font this reader refuses is never kept: it is read, and refused, every time; nor is a font file written in
    the last seconds (``cache.settled``: written again within the file system's clock tick, it would keep its
    stamp)."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            before = _stamp(st)
            kept = _kept(path, before, outlines)
            if kept is not None:
                return kept
            data = f.read(MAX_BYTES + 1)
            after = _stamp(os.fstat(f.fileno()))
    except OSError as exc:
        raise Refused(f"it cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise Refused(f"it is larger than {MAX_BYTES // 2**20} MB, more than any font pnp reads")
    try:
        metrics = _parse(data, outlines)
    except Unsupported:  # (and Refused)
        raise
    except (struct.error, KeyError, IndexError, ValueError, OverflowError) as exc:  # damage no check names
        raise Refused(f"it is damaged ({exc})") from None
    if after == before and len(data) == before[0] and cache.settled(st):  # the stamp stands for the bytes read
        _keep(path, before, outlines, metrics)
    return metrics


# --------------------------------------------------------------------------- metrics kept between runs
_CACHE_MAGIC = b"pnp-font-metrics 1\n"


def _stamp(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """What says a font file is the one read before: its size, modification and change times (a change time
    moves whenever the file is written, even when its modification time is set back), inode and device."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def _cache_file(path: Path, outlines: bool) -> tuple[Path | None, bytes]:
    """The cache file of the font at ``path`` (one per font file and reading: a font saved again replaces its
    entry) and the salt its contents are written under: this reader's own source, so a changed reader reads
    every font again."""

    where = cache.folder()
    name = os.fsencode(os.path.abspath(path)) + (b"\0outlines" if outlines else b"\0metrics")
    return (where / "font-metrics" / f"{cache.digest(name).hex()[:32]}.metrics" if where is not None else None,
            _salt() + name)


_SALT: list[bytes] = []


def _salt() -> bytes:
    if not _SALT:
        try:
            source = Path(__file__).read_bytes()
        except OSError:  # no source beside the code: the version stands for it
            from . import __version__

            source = __version__.encode()
        _SALT.append(b"marshal %d\0" % marshal.version + cache.digest(source))
    return _SALT[0]


#: the array type code of a character, a glyph or a whole width (at least 32 bits), and of a scaled width
_WHOLE = "I" if array("I").itemsize >= 4 else "L"
_CODES = (_WHOLE, "d")


def _kept(path: Path, stamp: tuple, outlines: bool) -> Metrics | None:
    """The metrics kept for this font file when it still has the stamp it had when read; else None."""

    file, salt = _cache_file(path, outlines)
    payload = cache.read(file, _CACHE_MAGIC, salt)
    if payload is None:
        return None
    try:
        kept = marshal.loads(payload)
        got, chars, glyphs, code, widths, default_width, ascent, descent, n_glyphs = kept
        if got != list(stamp) or code not in _CODES:
            return None  # a font saved since: read it again
        keys = array(_WHOLE, chars)
        cmap = dict(zip(keys, array(_WHOLE, glyphs)))
        advances = array(code, widths)
        if not (len(keys) == len(cmap) == len(advances)
                and all(isinstance(x, (int, float)) for x in (default_width, ascent, descent, n_glyphs))):
            return None
    except (ValueError, EOFError, TypeError):  # not what this reader writes
        return None
    return Metrics(cmap, dict(zip(keys, advances)), default_width, ascent, descent, n_glyphs)


def _keep(path: Path, stamp: tuple, outlines: bool, m: Metrics) -> None:
    """Keep the metrics of a font read whole, as arrays (restored three times as fast as dictionaries); the
    widths in the type they were read in (whole numbers for a font of 1000 units to the em)."""

    if list(m.widths) != list(m.cmap):
        return  # not a map this reader makes (widths for other characters, or in another order): read every time
    kinds = {type(w) for w in m.widths.values()}
    code = _WHOLE if kinds <= {int} else "d" if kinds == {float} else None
    if code is None:
        return
    try:
        chars, glyphs = array(_WHOLE, m.cmap.keys()), array(_WHOLE, m.cmap.values())
        widths = array(code, [m.widths[ch] for ch in m.cmap])
    except OverflowError:
        return
    payload = marshal.dumps((list(stamp), chars.tobytes(), glyphs.tobytes(), code, widths.tobytes(),
                             m.default_width, m.ascent, m.descent, m.glyphs))
    file, salt = _cache_file(path, outlines)
    cache.write(file, _CACHE_MAGIC, salt, payload)


def _parse(data: bytes, outlines: bool) -> Metrics:
    unpack_from = struct.unpack_from
    size = len(data)
    if size < 12:
        raise Refused(f"it is only {size} bytes long, shorter than a font's header")
    version, count = unpack_from(">IH", data, 0)
    if version not in (0x00010000, 0x74727565):
        raise Refused("it is not a TrueType font file (it does not start like one)")
    if 12 + 16 * count > size:
        raise Refused(f"its table directory lists {count:,} tables, more than the {size:,}-byte file holds "
                      f"(a truncated copy?)")
    tables: dict[str, tuple[int, int]] = {}
    for i in range(count):
        raw, _, offset, length = unpack_from(">4sIII", data, 12 + 16 * i)
        if not all(0x20 <= b <= 0x7E for b in raw):
            raise Refused(f"its table directory is damaged (entry {i + 1} of {count} is not a table's name)")
        tag = raw.decode("ascii")
        if offset + length > size:
            raise Refused(f"its table directory puts the {tag!r} table at bytes {offset:,} to {offset + length:,}, "
                          f"past the end of the {size:,}-byte file (a truncated copy?)")
        tables[tag] = (offset, length)
    missing = [t for t in REQUIRED if t not in tables]
    if missing:
        if "CFF " in tables or "CFF2" in tables:
            raise Refused("it has PostScript (CFF) outlines, which PDFs made by pnp cannot embed; use the TrueType "
                          "(.ttf, glyf outlines) version of the font")
        raise Refused(f"it has no {', '.join(repr(t) for t in missing)} table{'s' if len(missing) > 1 else ''}, "
                      f"which every TrueType font has")
    for tag, least in MIN_LENGTH.items():
        if tag in tables and tables[tag][1] < least:
            raise Refused(f"its {tag!r} table is {tables[tag][1]} bytes long, too short for what it must hold "
                          f"({least} bytes)")

    head = tables["head"][0]
    head_major, magic, units = unpack_from(">H", data, head)[0], unpack_from(">I", data, head + 12)[0], \
        unpack_from(">H", data, head + 18)[0]
    if head_major != 1 or magic != 0x5F0F3CF5:
        raise Refused("its 'head' table is damaged (wrong version or magic number)")
    if not 16 <= units <= 16384:
        raise Refused(f"its 'head' table gives {units} units to the em; a font has between 16 and 16384")
    y_min, y_max = unpack_from(">h", data, head + 38)[0], unpack_from(">h", data, head + 42)[0]
    loc_format, glyph_format = unpack_from(">HH", data, head + 50)
    if loc_format not in (0, 1) or glyph_format != 0:
        raise Refused(f"its 'head' table names glyph location format {loc_format} and glyph data format "
                      f"{glyph_format}; TrueType has 0 or 1, and 0")
    if units == 1000:
        def scale(x):
            return x
    else:
        mult = 1000 / units

        def scale(x):
            return x * mult

    if "OS/2" in tables:
        os2, os2_length = tables["OS/2"]
        if unpack_from(">H", data, os2)[0] > 1 and os2_length < 90:
            raise Refused(f"its 'OS/2' table is {os2_length} bytes long, too short for its version")
        ascent, descent = (scale(v) for v in unpack_from(">hh", data, os2 + 68))
    else:
        ascent, descent = scale(y_max), scale(y_min)

    hhea = tables["hhea"][0]
    if unpack_from(">H", data, hhea)[0] != 1 or unpack_from(">H", data, hhea + 32)[0] != 0:
        raise Refused("its 'hhea' table is damaged (an unknown version or metric format)")
    (n_metrics,) = unpack_from(">H", data, hhea + 34)
    maxp = tables["maxp"][0]
    if unpack_from(">H", data, maxp)[0] != 1:
        raise Refused("its 'maxp' table is not that of a font with TrueType outlines")
    (n_glyphs,) = unpack_from(">H", data, maxp + 4)
    if n_glyphs == 0 or n_metrics == 0:
        raise Refused(f"it has {n_glyphs} glyphs and {n_metrics} glyph widths; a font has at least one of each")
    hmtx, hmtx_length = tables["hmtx"]
    needed = 4 * n_metrics + 2 * max(0, n_glyphs - n_metrics)
    if hmtx_length < needed:
        raise Refused(f"it says it has {n_glyphs:,} glyphs ({n_metrics:,} with widths of their own), but its "
                      f"'hmtx' table is {hmtx_length:,} bytes long, too short for them ({needed:,} bytes)")
    loca, loca_length = tables["loca"]
    needed = (n_glyphs + 1) * (2, 4)[loc_format]
    if loca_length < needed:
        raise Refused(f"it says it has {n_glyphs:,} glyphs, but its 'loca' table (where each one lies) is "
                      f"{loca_length:,} bytes long, too short for them ({needed:,} bytes)")
    name, name_length = tables["name"]
    records = unpack_from(">H", data, name + 2)[0]
    if 6 + 12 * records > name_length:
        raise Refused(f"its 'name' table lists {records:,} names, more than its {name_length:,} bytes hold")
    if outlines:
        _check_outlines(data, tables, n_glyphs, loc_format)

    cmap = _cmap(data, tables["cmap"], n_glyphs)

    advances = unpack_from(f">{2 * n_metrics}H", data, hmtx)[0::2]
    last = advances[-1]
    glyph_width = [scale(advances[g] if g < n_metrics else last) for g in range(n_glyphs)]
    widths = {ch: glyph_width[g] for ch, g in cmap.items() if g < n_glyphs}
    if 0x20 in cmap:  # a no-break space prints as a space (reportlab does the same)
        cmap[0xA0], widths[0xA0] = cmap[0x20], widths[0x20]
    elif 0xA0 in cmap:
        cmap[0x20], widths[0x20] = cmap[0xA0], widths[0xA0]
    return Metrics(cmap, widths, glyph_width[0], ascent, descent, n_glyphs)


def _check_outlines(data: bytes, tables: dict, n_glyphs: int, loc_format: int) -> None:
    """The glyph locations run in order inside 'glyf'; a glyph made of others (a composite: é from e and ´)
    lists glyphs the font has, inside its own bytes, and no glyph is made of itself through others. reportlab
    walks these when it writes the subset a PDF embeds; so does the PDF viewer."""
    unpack_from = struct.unpack_from
    loca = tables["loca"][0]
    glyf, glyf_length = tables["glyf"]
    if loc_format == 0:
        where = [2 * x for x in unpack_from(f">{n_glyphs + 1}H", data, loca)]
    else:
        where = list(unpack_from(f">{n_glyphs + 1}I", data, loca))
    if any(b < a for a, b in zip(where, where[1:])) or where[-1] > glyf_length:
        raise Refused("its 'loca' table (where each glyph lies) is out of order or points past the end of its "
                      "'glyf' table")
    parts: dict[int, list[int]] = {}
    named = 0
    for g in range(n_glyphs):
        start, end = where[g], where[g + 1]
        if start == end:
            continue  # a glyph without an outline (a space)
        if end - start < 10:
            raise Refused(f"glyph {g}'s outline is {end - start} bytes long, shorter than an outline's header")
        if unpack_from(">h", data, glyf + start)[0] >= 0:
            continue  # drawn with its own contours
        at, stop = glyf + start + 10, glyf + end
        kids = []
        flags = 0x20
        while flags & 0x20:  # MORE_COMPONENTS
            if at + 6 > stop:
                raise Refused(f"glyph {g}, made of other glyphs, runs past its own end")
            flags, kid = unpack_from(">HH", data, at)
            if kid >= n_glyphs:
                raise Refused(f"glyph {g} is made of glyph {kid}, but the font has only {n_glyphs:,} glyphs")
            kids.append(kid)
            named += 1
            if named > MAX_PARTS:
                raise Refused(f"its glyphs made of other glyphs name more than {MAX_PARTS:,} glyphs in all, more "
                              f"than any font does")
            # the glyph's number, its offset (two words or two bytes), then its scale (one, two or four numbers)
            at += 4 + (4 if flags & 0x1 else 2) + (2 if flags & 0x8 else 4 if flags & 0x40 else 8 * (flags >> 7 & 1))
        if at > stop:
            raise Refused(f"glyph {g}, made of other glyphs, runs past its own end")
        parts[g] = kids
    # no glyph made of itself (through others): a walk over the composites, each glyph left once finished
    done: set[int] = set()
    for root in parts:
        if root in done:
            continue
        path, on_path = [(root, iter(parts[root]))], {root}
        while path:
            g, kids = path[-1]
            kid = next(kids, None)
            if kid is None:
                path.pop()
                on_path.discard(g)
                done.add(g)
            elif kid in on_path:
                raise Refused(f"glyph {kid} is made of itself (through other glyphs)")
            elif kid in parts and kid not in done:
                path.append((kid, iter(parts[kid])))
                on_path.add(kid)


def _cmap(data: bytes, table: tuple[int, int], n_glyphs: int) -> dict[int, int]:
    """The subtable reportlab would pick (the last Unicode-ish record), formats 4 and 12."""
    unpack_from = struct.unpack_from
    base, cmap_length = table
    end = base + cmap_length
    version, n = unpack_from(">HH", data, base)
    if n == 0 and version != 0:
        n = version
    if 4 + 8 * n > cmap_length:
        raise Refused(f"its character map ('cmap' table) lists {n:,} subtables, more than its "
                      f"{cmap_length:,} bytes hold")
    chosen, rank = None, 0
    for i in range(n):
        platform, encoding, offset = unpack_from(">HHI", data, base + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, rank = offset, 1
        elif platform == 1 and encoding == 0 and rank != 1:
            chosen, rank = offset, 2
    if chosen is None:
        raise Refused("it has no Unicode character map, so it cannot tell which characters it draws")
    at = base + chosen
    if at + 2 > end:
        raise Refused("its character map points past the end of its 'cmap' table")
    (fmt,) = unpack_from(">H", data, at)
    out: dict[int, int] = {}
    if fmt == 4:
        if at + 16 > end:
            raise Refused("its character map (format 4) is cut short")
        length = unpack_from(">H", data, at + 2)[0]
        seg = unpack_from(">H", data, at + 6)[0] // 2
        if at + 16 + 8 * seg > end:
            raise Refused(f"its character map (format 4) lists {seg:,} ranges of characters, more than its "
                          f"'cmap' table holds")
        ends = unpack_from(f">{seg}H", data, at + 14)
        starts = unpack_from(f">{seg}H", data, at + 16 + 2 * seg)
        total = sum(e - s + 1 for s, e in zip(starts, ends) if e >= s)
        if total > 0x10000:
            raise Refused(f"its character map (format 4) lists {total:,} characters in overlapping ranges; such a "
                          f"map holds at most 65,536")
        deltas = unpack_from(f">{seg}h", data, at + 16 + 4 * seg)
        range_at = at + 16 + 6 * seg
        offsets = unpack_from(f">{seg}H", data, range_at)
        limit = at + length
        for k in range(seg):
            start, stop, delta, ro = starts[k], ends[k], deltas[k], offsets[k]
            if ro == 0:
                for ch in range(start, stop + 1):
                    out[ch] = (ch + delta) & 0xFFFF
            else:
                for ch in range(start, stop + 1):
                    pos = range_at + 2 * k + (ch - start) * 2 + ro
                    glyph = 0 if pos >= limit else unpack_from(">H", data, pos)[0]
                    out[ch] = (glyph + delta) & 0xFFFF if glyph else 0
        beyond = next((ch for ch, g in out.items() if g >= n_glyphs), None)
        if beyond is not None:
            raise Refused(f"its character map gives U+{beyond:04X} glyph {out[beyond]:,}, but the font has only "
                          f"{n_glyphs:,} glyphs")
    elif fmt == 12:
        if at + 16 > end:
            raise Refused("its character map (format 12) is cut short")
        (groups,) = unpack_from(">I", data, at + 12)
        if groups > MAX_CHARACTERS or at + 16 + 12 * groups > end:
            raise Refused(f"its character map (format 12) lists {groups:,} ranges of characters, more than its "
                          f"'cmap' table holds")
        flat = unpack_from(f">{3 * groups}I", data, at + 16)
        total = 0
        for k in range(0, 3 * groups, 3):
            start, stop, first = flat[k], flat[k + 1], flat[k + 2]
            if not start <= stop <= 0x10FFFF:
                raise Refused(f"its character map (format 12) has a range U+{start:04X} to U+{stop:04X}, which "
                              f"is not one (Unicode ends at U+10FFFF)")
            if first + stop - start >= n_glyphs:
                raise Refused(f"its character map gives U+{start:04X} to U+{stop:04X} glyphs {first:,} to "
                              f"{first + stop - start:,}, but the font has only {n_glyphs:,} glyphs")
            total += stop - start + 1
            if total > MAX_CHARACTERS:
                raise Refused(f"its character map (format 12) gives more than {MAX_CHARACTERS:,} characters, "
                              f"more than any font does")
        for k in range(0, 3 * groups, 3):
            start, stop, first = flat[k], flat[k + 1], flat[k + 2]
            out.update(zip(range(start, stop + 1), range(first, first + stop - start + 1)))
    elif fmt in (0, 6):  # old Macintosh maps of at most 65,536 characters: reportlab reads them
        raise Unsupported(f"cmap format {fmt}")
    else:
        raise Refused(f"its character map is in format {fmt}, which pnp does not read (pnp reads formats 4 and "
                      f"12, which nearly every font has)")
    return out
