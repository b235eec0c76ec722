"""A font's metrics are kept in the user's cache folder (pnp/ttf.py, pnp/cache.py) by the font file's path and
stamp: a font read before is taken from there, a font file changed since is read again, and a cache file that is
torn, foreign or stale is passed over (and written anew), never trusted and never a traceback."""
import marshal
import os
import struct
import time
from pathlib import Path

import pytest

from pnp import fonts, ttf

NOTO = fonts.font_dir() / "NotoSans-Regular.ttf"
BOLD = fonts.font_dir() / "NotoSans-Bold.ttf"


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of the test's own; its font metrics' folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "pnp" / "font-metrics"


def _parsed(path: Path, outlines: bool = False) -> ttf.Metrics:
    return ttf._parse(path.read_bytes(), outlines)


def _same(a: ttf.Metrics, b: ttf.Metrics) -> bool:
    """Equal metrics, in the same order and of the same number types (a width measured is a width printed)."""
    return (a == b and list(a.cmap) == list(b.cmap) and list(a.widths) == list(b.widths)
            and [type(w) for w in a.widths.values()] == [type(w) for w in b.widths.values()]
            and type(a.default_width) is type(b.default_width))


def _no_parse(monkeypatch):
    def parse(data, outlines):
        raise AssertionError("the font was parsed, not taken from the cache")

    monkeypatch.setattr(ttf, "_parse", parse)


def test_a_font_read_before_is_taken_from_the_cache(cache_home, monkeypatch):
    first = ttf.read_metrics(NOTO)
    assert len(list(cache_home.iterdir())) == 1
    _no_parse(monkeypatch)
    again = ttf.read_metrics(NOTO)
    assert _same(again, first)


@pytest.mark.parametrize("path", sorted(fonts.font_dir().glob("*.ttf")), ids=lambda p: p.stem)
def test_kept_metrics_are_the_parsed_ones(cache_home, path):
    ttf.read_metrics(path)
    assert _same(ttf.read_metrics(path), _parsed(path))


def test_kept_outlines_are_kept_apart_from_plain_metrics(cache_home, monkeypatch):
    """A reading with ``outlines`` checked the glyphs too: a plain reading kept does not stand for it."""
    ttf.read_metrics(NOTO)
    expected = _parsed(NOTO, True)
    calls = []
    parse = ttf._parse
    monkeypatch.setattr(ttf, "_parse", lambda data, outlines: calls.append(outlines) or parse(data, outlines))
    assert _same(ttf.read_metrics(NOTO, outlines=True), expected)
    assert calls == [True]
    ttf.read_metrics(NOTO, outlines=True)
    assert calls == [True]


def test_a_changed_font_file_is_read_again(cache_home, tmp_path):
    font = tmp_path / "Mine.ttf"
    font.write_bytes(NOTO.read_bytes())
    assert _same(ttf.read_metrics(font), _parsed(NOTO))
    font.write_bytes(BOLD.read_bytes())
    assert _same(ttf.read_metrics(font), _parsed(BOLD))


def _widen_space(data: bytes) -> bytes:
    """The same font, as long, with the space's advance 100 units (a tenth of Noto's em) wider."""
    glyph = ttf._parse(data, False).cmap[0x20]
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"hmtx":
            at = offset + 4 * glyph
            width = struct.unpack_from(">H", data, at)[0]
            return data[:at] + struct.pack(">H", width + 100) + data[at + 2:]
    raise AssertionError("no hmtx")


def test_a_font_changed_in_place_with_its_time_set_back_is_read_again(cache_home, tmp_path, monkeypatch):
    """Same size, same modification time (set back, as a copy keeping times does): the change time tells, and
    the new widths are measured."""
    from pnp import cache

    monkeypatch.setattr(cache, "SETTLED_NS", 0)  # a font written a moment ago is kept (the tick is waited out)
    font = tmp_path / "Mine.ttf"
    font.write_bytes(NOTO.read_bytes())
    time.sleep(0.05)
    before = os.stat(font)
    old = ttf.read_metrics(font)
    assert len(list(cache_home.iterdir())) == 1  # kept
    time.sleep(0.05)  # past the file system clock's tick
    with open(font, "r+b") as f:  # rewritten in place: same file, same size
        f.write(_widen_space(NOTO.read_bytes()))
    os.utime(font, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(font).st_size == before.st_size and os.stat(font).st_mtime_ns == before.st_mtime_ns
    new = ttf.read_metrics(font)
    assert new.widths[0x20] == old.widths[0x20] + 100
    assert _same(new, _parsed(font))


def test_a_font_written_a_moment_ago_is_not_kept(cache_home, tmp_path, monkeypatch):
    """Written again within the file system's clock tick, at the same size, it would keep its stamp: what was
    read from it is not kept by that stamp."""
    font = tmp_path / "Mine.ttf"
    font.write_bytes(NOTO.read_bytes())
    ttf.read_metrics(font)
    assert not cache_home.exists() or not list(cache_home.iterdir())
    font.write_bytes(_widen_space(NOTO.read_bytes()))
    assert ttf.read_metrics(font).widths[0x20] == _parsed(NOTO).widths[0x20] + 100


def _entry(cache_home: Path) -> Path:
    (only,) = cache_home.iterdir()
    return only


@pytest.mark.parametrize("damage", ["garbage", "torn", "empty", "another font's"])
def test_a_corrupt_or_foreign_cache_entry_is_passed_over_and_written_anew(cache_home, monkeypatch, damage):
    ttf.read_metrics(NOTO)
    entry = _entry(cache_home)
    data = entry.read_bytes()
    if damage == "garbage":
        entry.write_bytes(b"\x00\xff" * 500)
    elif damage == "torn":
        entry.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        entry.write_bytes(b"")
    else:  # a whole, checksummed entry, but of another font file: its stamp differs
        entry.unlink()
        ttf.read_metrics(BOLD)
        _entry(cache_home).rename(entry)
    expected = _parsed(NOTO)
    assert _same(ttf.read_metrics(NOTO), expected)
    _no_parse(monkeypatch)  # written anew: the next reading takes it
    assert _same(ttf.read_metrics(NOTO), expected)


def test_an_entry_whose_checksum_holds_but_whose_contents_are_not_metrics_is_passed_over(cache_home):
    """Written under the right salt (as if by a pnp that stored something else): still not trusted."""
    from pnp import cache

    ttf.read_metrics(NOTO)
    file, salt = ttf._cache_file(NOTO, False)
    for payload in (b"not marshal", marshal.dumps((1, 2, 3)), marshal.dumps(["x"] * 9),
                    marshal.dumps(([], b"\0", b"", "I", b"", 0, 0, 0, 0))):
        cache.write(file, ttf._CACHE_MAGIC, salt, payload)
        assert _same(ttf.read_metrics(NOTO), _parsed(NOTO))


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert _same(ttf.read_metrics(NOTO), _parsed(NOTO))
    assert _same(ttf.read_metrics(NOTO), _parsed(NOTO))


def test_a_refused_font_is_never_kept(cache_home, tmp_path):
    bad = tmp_path / "Bad.ttf"
    bad.write_bytes(NOTO.read_bytes()[:5000])
    for _ in range(2):
        with pytest.raises(ttf.Refused):
            ttf.read_metrics(bad)
    assert not cache_home.exists() or not list(cache_home.iterdir())


def test_fonts_measure_alike_from_the_cache(cache_home):
    """pnp's own fonts, opened as layout opens them, measure the same from the cache as parsed."""
    fonts._forget()
    parsed = {n: fonts.em_width("Ⴀ Aրm → €1 234 ", n) for n in ("NotoSans-Regular", "NotoSans-Bold")}
    fonts._forget()
    kept = {n: fonts.em_width("Ⴀ Aրm → €1 234 ", n) for n in ("NotoSans-Regular", "NotoSans-Bold")}
    fonts._forget()
    assert kept == parsed
