"""A game's own fonts are hostile input: each attack is a TrueType file made here, named in theme.fonts.

Every one must end as a content error at its line in theme.fonts (``E-font-unknown``, the file named and what
is wrong with it), exit 1 from ``pnp validate`` and ``pnp build``, with no traceback, no hang and bounded
memory: pnp/ttf.py checks what a file says (table sizes, glyph counts, character map ranges) against the file
itself before it does any work, and reportlab parses a game's font when it is first used, so that a font it
rejects is found by validate, not by the build's PDF writer.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import HANG_GUARD, ROOT, edit, not_a_plain_file
from pnp import fonts, ttf
from pnp.build import check_game
from pnp.problems import Problems

NOTO = ROOT / "fonts" / "NotoSans-Regular.ttf"
#: generous: pnp validating the mini kit takes ~60 MB; the attacks took gigabytes
MEMORY_MB = 500


# --------------------------------------------------------------------------- making TrueType files
def sfnt(tables: dict[str, bytes], version: int = 0x00010000, count: int | None = None) -> bytes:
    """A TrueType file of these tables, in this order, each at a 4-byte boundary (checksums left 0)."""
    n = len(tables) if count is None else count
    head = struct.pack(">IHHHH", version, n, 16, 0, 0)
    offset = 12 + 16 * len(tables)
    directory, body = b"", b""
    for tag, data in tables.items():
        directory += struct.pack(">4sIII", tag.encode("latin-1"), 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + directory + body


def cmap4(segments: list[tuple[int, int, int]]) -> bytes:
    """A format 4 subtable: (start, end, delta) ranges, no glyph index array."""
    seg = len(segments)
    ends = struct.pack(f">{seg}H", *(e for _, e, _ in segments))
    starts = struct.pack(f">{seg}H", *(s for s, _, _ in segments))
    deltas = struct.pack(f">{seg}h", *(d for _, _, d in segments))
    body = ends + b"\0\0" + starts + deltas + bytes(2 * seg)
    return struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * seg, 0, 0, 0) + body


def cmap12(groups: list[tuple[int, int, int]]) -> bytes:
    """A format 12 subtable: (start, end, first glyph) groups."""
    flat = [x for g in groups for x in g]
    return struct.pack(f">HHIII{len(flat)}I", 12, 0, 16 + 12 * len(groups), 0, len(groups), *flat)


def cmap_table(subtable: bytes) -> bytes:
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + subtable


def font(*, glyphs: int = 3, cmap: bytes | None = None, glyf: bytes = b"", loca: list[int] | None = None,
         long_loca: bool = False, hmtx_glyphs: int | None = None, drop: tuple[str, ...] = ()) -> bytes:
    """A small sound TrueType font ('A' and 'B' drawn by empty glyphs 1 and 2), or one of its damaged kin.
    ``loca``: where each glyph's outline lies in ``glyf`` (in words, or with ``long_loca`` in bytes)."""
    head = struct.pack(">HHIIIHHqqhhhhHHhhh", 1, 0, 0x10000, 0, 0x5F0F3CF5, 0, 1000, 0, 0, 0, -200, 600, 800,
                       0, 8, 2, int(long_loca), 0)
    hhea = struct.pack(">Ihhh H hhh hhh 4h hH", 0x10000, 800, -200, 0, 600, 0, 0, 600, 1, 0, 0, 0, 0, 0, 0, 0,
                       hmtx_glyphs or glyphs)
    maxp = struct.pack(">IH", 0x10000, glyphs) + bytes(26)
    hmtx = struct.pack(">H", 600) * 2 * (hmtx_glyphs or glyphs)
    name_text = "EvilSans".encode("utf-16-be")
    name = struct.pack(">HHH6H", 0, 1, 18, 3, 1, 0x409, 6, len(name_text), 0) + name_text
    post = struct.pack(">IIhhI", 0x30000, 0, -100, 50, 0) + bytes(16)
    loca = loca if loca is not None else [0] * (glyphs + 1)
    tables = {"head": head, "hhea": hhea, "maxp": maxp, "hmtx": hmtx,
              "cmap": cmap_table(cmap if cmap is not None else cmap4([(65, 66, -64), (0xFFFF, 0xFFFF, 1)])),
              "name": name, "post": post, "glyf": glyf,
              "loca": struct.pack(f">{len(loca)}{'IH'[not long_loca]}", *loca)}
    return sfnt({k: v for k, v in tables.items() if k not in drop})


def composite(*kids: int) -> bytes:
    """A glyph made of other glyphs (no offset, no scale)."""
    out = struct.pack(">h4h", -1, 0, 0, 0, 0)
    for i, kid in enumerate(kids):
        more = 0x20 if i < len(kids) - 1 else 0
        out += struct.pack(">HHbb", more, kid, 0, 0)
    return out


def many_parts(glyphs: int, parts: int) -> bytes:
    """A font whose glyphs (but .notdef) are each made of ``parts`` copies of glyph 0."""
    one = composite(*[0] * parts)
    return font(glyphs=glyphs, glyf=one * (glyphs - 1), long_loca=True,
                loca=[0] + [len(one) * i for i in range(glyphs)])


def patched(data: bytes, old: bytes, new: bytes) -> bytes:
    assert data.count(old) >= 1 and len(old) == len(new)
    return data.replace(old, new)


def set_in_table(data: bytes, table: str, at: int, value: bytes) -> bytes:
    """The font with ``value`` written at byte ``at`` of its table ``table``."""
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == table.encode("latin-1"):
            return data[:offset + at] + value + data[offset + at + len(value):]
    raise AssertionError(f"no {table} table")


def noto() -> bytes:
    return NOTO.read_bytes()


#: name -> (the file's bytes, words the message must hold). Each is the attack of a report, or its kin.
ATTACKS = {
    # a 400-byte file whose character map claims 4 billion code points (before: 28 s and 4 GB, then killed)
    "cmap12-huge-range": (lambda: font(cmap=cmap12([(0, 0xFFFFFFFE, 0)])), "character map"),
    # every one of 65,535 glyphs given to three ranges of characters: 196,605 characters from a 400 kB file
    "cmap12-too-many-characters": (lambda: font(glyphs=65535, cmap=cmap12([(0x10000 * k, 0x10000 * k + 65534, 0)
                                                                          for k in range(3)])),
                                   "more than 131,072 characters"),
    # ranges that fit Unicode, to glyphs the font does not have
    "cmap12-beyond-glyphs": (lambda: font(cmap=cmap12([(0x20, 0x10FFFF, 0)])), "glyphs"),
    # a 64 kB file of 8,000 overlapping full ranges: half a billion steps (before: still looping after 30 s)
    "cmap4-overlapping": (lambda: font(cmap=cmap4([(0, 0xFFFE, 0)] * 8000 + [(0xFFFF, 0xFFFF, 1)])),
                          "overlapping"),
    "cmap4-more-ranges-than-bytes": (lambda: font(cmap=struct.pack(">HHHH", 4, 0, 0, 0xFFFE) + bytes(8)),
                                     "ranges"),
    "cmap-format-13": (lambda: font(cmap=struct.pack(">HHIII", 13, 0, 28, 0, 1) + struct.pack(">III", 0, 0x10FFFF, 1)),
                       "format 13"),
    # a table directory that points past the end of the file
    "table-past-the-end": (lambda: font()[:-40], "past the end"),
    "directory-of-65535-tables": (lambda: sfnt({"head": b""}, count=65535), "65,535 tables"),
    # a real font cut in half
    "noto-cut-in-half": (lambda: noto()[:len(noto()) // 2], "past the end"),
    # garbage, with and without a TrueType start
    "garbage": (lambda: random.Random(1).randbytes(5000), "not a TrueType font"),
    "garbage-after-magic": (lambda: b"\0\1\0\0" + random.Random(2).randbytes(5000), "table directory"),
    "empty": (lambda: b"", "not a TrueType font"),
    "collection": (lambda: b"ttcf" + bytes(100), "collection"),
    # 65,535 glyphs in a file that has the widths of three
    "huge-numglyphs": (lambda: font(glyphs=65535, hmtx_glyphs=3, loca=[0] * 4), "65,535 glyphs"),
    "no-glyph-locations": (lambda: font(drop=("loca",)), "'loca'"),
    "zero-units-per-em": (lambda: patched(font(), struct.pack(">HH", 0, 1000), struct.pack(">HH", 0, 0)), "units"),
    # outlines: what reportlab walks when it writes the PDF's subset
    "glyph-made-of-itself": (lambda: font(glyf=composite(1), loca=[0, 0, 8, 8]), "made of itself"),
    "glyph-made-of-missing-glyph": (lambda: font(glyf=composite(9000), loca=[0, 0, 8, 8]), "only 3"),
    "glyph-locations-out-of-order": (lambda: font(glyf=composite(2), loca=[0, 8, 0, 8]), "out of order"),
    # 8 million parts in 50 MB of glyphs made of other glyphs (reportlab walks them to subset the font)
    "glyphs-of-millions-of-parts": (lambda: many_parts(60000, 130), "more than 262,144"),
    # pnp's reader accepts these; reportlab, which writes the PDF, refuses them
    "name-table-format-1": (lambda: set_in_table(noto(), "name", 0, struct.pack(">H", 1)), "'name' table"),
    "post-table-version-9": (lambda: set_in_table(noto(), "post", 0, struct.pack(">H", 9)), "reportlab"),
    "postscript-name-with-brackets": (lambda: patched(noto(), "NotoSans-Regular".encode("utf-16-be"),
                                                      "NotoSans(Regular".encode("utf-16-be")), "PostScript name"),
}


def with_font(mini: Path, data: bytes, name: str = "Evil") -> Path:
    (mini / "fonts").mkdir(exist_ok=True)
    (mini / "fonts" / f"{name}.ttf").write_bytes(data)
    edit(mini / "game.yaml", "theme:\n", f"theme:\n  fonts: {{heading: NotoSans-Bold, body: {name}}}\n")
    return mini


def theme_fonts_line(mini: Path) -> str:
    lines = (mini / "game.yaml").read_text(encoding="utf-8").splitlines()
    return f"game.yaml:{next(i for i, t in enumerate(lines, 1) if t.startswith('  fonts:'))}"


#: runs pnp in a process of its own and says how it ended, how long it took and its peak memory (MB)
#: (a small process between pytest and pnp on purpose: on Linux a process inherits its parent's peak RSS through
#: fork and exec, so a pnp started straight from a grown pytest reports pytest's size as its own peak)
RUNNER = textwrap.dedent("""
    import resource, subprocess, sys, time
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "pnp", *sys.argv[1:]], capture_output=True, text=True)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    sys.stdout.write(f"{r.returncode} {took:.2f} {peak:.0f}\\n" + r.stderr + r.stdout)
""")


def pnp(*args: str, cwd: Path) -> tuple[int, float, float, str]:
    """``pnp ARGS``: (exit code, seconds, peak MB, its output), killed as a hang after HANG_GUARD."""
    r = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, cwd=cwd,
                       timeout=HANG_GUARD, env={**os.environ, "PYTHONPATH": str(ROOT)})
    first, _, output = r.stdout.partition("\n")
    code, took, peak = first.split()
    return int(code), float(took), float(peak), output


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_hostile_font_is_a_content_error_at_its_line(mini, attack):
    make, words = ATTACKS[attack]
    data = make()
    with_font(mini, data)
    where = theme_fonts_line(mini)
    for command in (["validate", str(mini)], ["build", str(mini), "--out", str(mini.parent / "out")]):
        code, took, peak, output = pnp(*command, cwd=mini.parent)
        assert code == 1, output
        assert "Traceback" not in output and "E-internal" not in output, output
        assert f"{where}:" in output and "[E-font-unknown]" in output, output
        assert "fonts/Evil.ttf" in output and words in output, output
        assert took < HANG_GUARD and peak < MEMORY_MB, (command[0], took, peak)
    assert not (mini.parent / "out").exists() or not list((mini.parent / "out").glob("*.pdf"))


@pytest.mark.parametrize("thing", ["fifo", "folder", "dangling"])
def test_only_a_plain_font_file_is_read(mini, thing):
    """A pipe named like a font is never opened (it would wait for ever); the name is then no font of the game."""
    with_font(mini, b"")
    not_a_plain_file(mini / "fonts" / "Evil.ttf", thing)
    code, took, peak, output = pnp("validate", str(mini), cwd=mini.parent)
    assert code == 1 and f"{theme_fonts_line(mini)}:" in output and "[E-font-unknown]" in output, output
    assert "Traceback" not in output and took < HANG_GUARD


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_the_reader_refuses_each_attack_in_words(tmp_path, attack):
    make, words = ATTACKS[attack]
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Evil.ttf").write_bytes(make())
    assert fonts.register_kit_fonts(tmp_path) == ["Evil"]
    with pytest.raises(fonts.FontBroken) as caught:
        fonts.get_font("Evil")
    message = str(caught.value)
    assert "Evil.ttf" in message and words in message, message
    assert "sound copy" in message or "collection" in message


def test_the_small_sound_font_passes_and_its_glyphs_are_used(mini):
    """The files above are damaged copies of this one, which pnp reads: what fails is the damage."""
    with_font(mini, font())
    problems = Problems()
    assert check_game(mini, problems) is not None, [str(p) for p in problems.sorted()]
    assert fonts.get_font("Evil").has("A") and not fonts.get_font("Evil").has("\uffff")
    assert fonts.split_runs("AB\u0531", "Evil") == (("Evil", "AB"), ("NotoSansArmenian-Regular", "\u0531"))


def test_a_real_font_with_a_format_12_map_passes(tmp_path):
    """A format 12 map within bounds (a range per glyph) reads as reportlab reads it."""
    path = tmp_path / "Twelve.ttf"
    path.write_bytes(font(glyphs=300, cmap=cmap12([(0x41, 0x42, 1), (0x1F600, 0x1F6FF, 3)])))
    m = ttf.read_metrics(path, outlines=True)
    assert m.cmap[0x41] == 1 and m.cmap[0x1F6FF] == 258 and len(m.cmap) == 258


def test_the_largest_font_pnp_reads_stays_within_bounds(mini):
    """At the limits (65,535 glyphs, 131,070 characters), pnp and reportlab read a font in bounded time and memory."""
    data = font(glyphs=65535, cmap=cmap12([(0x10000 * k, 0x10000 * k + 65534, 0) for k in range(2)]))
    with_font(mini, data)
    code, took, peak, output = pnp("validate", str(mini), cwd=mini.parent)
    assert code == 0, output
    assert took < HANG_GUARD and peak < MEMORY_MB, (took, peak)


def test_bundled_fonts_pass_every_check():
    for path in sorted(fonts.font_dir().glob("*.ttf")):
        assert len(ttf.read_metrics(path, outlines=True).cmap) > 50


def test_a_font_made_bad_while_serving_is_read_again(mini):
    """``pnp serve`` loads the game again after each save: a font file saved again is read again, so a damaged
    save is found (and a repaired one used) without restarting."""
    with_font(mini, noto())
    assert check_game(mini, Problems()) is not None
    (mini / "fonts" / "Evil.ttf").write_bytes(noto()[:30000])
    problems = Problems()
    assert check_game(mini, problems) is None
    (p,) = problems.errors
    assert p.code == "E-font-unknown" and "fonts/Evil.ttf" in p.message
    shutil.copyfile(NOTO, mini / "fonts" / "Evil.ttf")
    assert check_game(mini, Problems()) is not None


def test_the_serve_session_keeps_the_last_pictures_and_says_why(mini):
    """Under ``pnp serve`` (pnp/session.py) a font damaged by a save is a content error at its line, found at
    once (no picture request waits on it); the pictures drawn with the good font stay."""
    from pnp.session import Session

    with_font(mini, noto())
    session = Session(mini, dpi=30, parts=("cards",))
    assert session.items and not [p for p in session.problems if p.severity == "error"]
    before = dict(session.items)
    (mini / "fonts" / "Evil.ttf").write_bytes(font(cmap=cmap12([(0, 0xFFFFFFFE, 0)])))
    start = time.perf_counter()
    update = session.refresh([mini / "fonts" / "Evil.ttf"])
    assert time.perf_counter() - start < HANG_GUARD
    errors = [p for p in update.problems if p.severity == "error"]
    assert [p.code for p in errors] == ["E-font-unknown"] and "fonts/Evil.ttf" in errors[0].message
    assert re.search(r"game\.yaml$", errors[0].loc.file) and errors[0].loc.line > 0
    assert set(session.items) == set(before)  # the last good items stay


# --------------------------------------------------------------------------- characters that do not print
@pytest.mark.parametrize("char, what", [("\uffff", "noncharacter"), ("\ufdd0", "noncharacter"),
                                        ("\x07", "control character"), ("\x1b", "control character"),
                                        ("\x00", "control character"), ("\x85", "control character")])
def test_a_character_that_does_not_print_is_reported_like_a_missing_glyph(mini, char, what):
    escaped = f"\\u{ord(char):04x}"
    edit(mini / "game.yaml", "subtitle: A test kit", f'subtitle: "A test{escaped}kit"')
    problems = Problems()
    check_game(mini, problems)
    (p,) = problems.errors
    assert p.code == "E-glyph-missing" and p.loc.line == 3, str(p)
    assert f"U+{ord(char):04X}, a {what}" in p.message and "not a printable character" in p.message


def test_white_space_is_not_reported():
    assert fonts.missing_glyphs("a\tb\nc\rd\u00a0e", "NotoSans-Regular") == []
    assert fonts.missing_glyphs("a\x0bb", "NotoSans-Regular") == []  # a vertical tab: layout breaks a line there


# --------------------------------------------------------------------------- damage at random
def damaged(rng: random.Random, data: bytes) -> bytes:
    """``data`` with one to six random changes: a byte, an extreme number, a cut, bytes put in."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if len(out) < 16:
            break
        op = rng.random()
        if op < 0.5:
            out[rng.randrange(len(out))] = rng.randrange(256)
        elif op < 0.75:  # a number of the directory or a small table at its extreme
            at = rng.randrange(min(len(out) - 4, 2048))
            out[at:at + 2] = rng.choice([b"\xff\xff", b"\x00\x00", b"\x7f\xff", b"\x80\x00"])
        elif op < 0.85:
            out = out[:rng.randrange(len(out))]
        else:
            at = rng.randrange(len(out))
            out[at:at] = rng.randbytes(rng.randint(1, 16))
    return bytes(out)


def test_a_randomly_damaged_font_is_refused_or_embeds(tmp_path):
    """Whatever the damage, pnp refuses the font (``FontBroken``) or reportlab embeds it in a PDF: never another
    error, and never an error only when the PDF is written."""
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    rng = random.Random(7)
    seeds = [font(glyphs=4, glyf=composite(2, 3), loca=[0, 0, 8, 8, 8]), noto()]
    (tmp_path / "fonts").mkdir()
    for i in range(int(os.environ.get("PNP_FUZZ_EXAMPLES", "120"))):
        name = f"Damaged{i}"
        (tmp_path / "fonts" / f"{name}.ttf").write_bytes(damaged(rng, rng.choice(seeds)))
        fonts.register_kit_fonts(tmp_path)
        start = time.perf_counter()
        try:
            found = fonts.get_font(name)
        except fonts.FontBroken as exc:
            assert f"fonts/{name}.ttf" in str(exc)
        else:
            text = "".join(chr(c) for c in sorted(found.cmap)[:200] if 0x20 <= c < 0xD800) or "A"
            pdfmetrics.registerFont(found.ttfont)
            canvas = Canvas(io.BytesIO())
            canvas.setFont(name, 10)
            canvas.drawString(10, 10, text)
            canvas.save()
        assert time.perf_counter() - start < HANG_GUARD
        (tmp_path / "fonts" / f"{name}.ttf").unlink()


def test_the_live_page_shows_a_damaged_font_as_its_banner_over_the_last_good_pictures(mini):
    """pnp serve: a font damaged by a save leaves the last good pictures and a red banner naming game.yaml."""
    from pnp.serve import Live

    with_font(mini, noto())
    live = Live(mini, dpi=30)
    assert live.state["error"] is None
    before = live.state["groups"]
    (mini / "fonts" / "Evil.ttf").write_bytes(font(cmap=cmap12([(0, 0xFFFFFFFE, 0)])))
    live.check()
    err = live.state["error"]
    assert err is not None and err["file"] == "game.yaml" and err["code"] == "E-font-unknown", err
    assert "last good" in err["text"] and "fonts/Evil.ttf" in err["text"]
    assert live.state["groups"] == before
    (mini / "fonts" / "Evil.ttf").write_bytes(noto())
    live.check()
    assert live.state["error"] is None


def test_preview_of_one_item_with_a_broken_font_says_why_not_that_the_item_is_unknown(mini, tmp_path):
    with_font(mini, noto()[:3000])
    code, _, _, output = pnp("preview", str(mini), "--item", "luck-go", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert code == 1 and f"{theme_fonts_line(mini)}:" in output and "[E-font-unknown]" in output, output
    assert "no item" not in output and "Traceback" not in output
