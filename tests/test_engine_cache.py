"""A checkout's engine hash (pnp/incremental.py: every source file and bundled font read and hashed) is kept in the
user's cache folder with the files' stamps: taken from there while no file changed, worked out again when one
did, and a cache file that is torn or foreign is passed over."""
import os
import time
from pathlib import Path

import pytest

from pnp import bundled, cache, incremental


@pytest.fixture
def engine(tmp_path, monkeypatch):
    """A checkout of its own (two source files and a font), a cache folder of its own; a function giving the
    engine hash as a new run works it out."""
    pkg = tmp_path / "pnp"
    (pkg / "rules").mkdir(parents=True)
    (pkg / "__init__.py").write_text("x = 1\n")
    (pkg / "rules" / "a.py").write_text("y = 2\n")
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "Some.ttf").write_bytes(b"\0\1\0\0" + b"font" * 100)
    monkeypatch.setattr(incremental, "PKG", pkg)
    monkeypatch.setattr(bundled, "FONTS", fonts)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(cache, "SETTLED_NS", 0)  # files written a moment ago are settled (the tick is waited out)
    time.sleep(0.05)

    def run() -> str:
        incremental.engine_hash.cache_clear()
        return incremental.engine_hash()

    yield run
    incremental.engine_hash.cache_clear()


def _unread(monkeypatch):
    """No source file or font is read (other files are: the cache's own, the RECORD an installed pnp has)."""
    original = Path.read_bytes

    def read_bytes(self):
        if self.suffix not in (".py", ".ttf"):
            return original(self)
        raise AssertionError(f"{self} was read: the engine hash was not taken from the cache")

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


def test_the_engine_hash_is_kept_while_no_file_changes(engine, monkeypatch):
    first = engine()
    with monkeypatch.context() as m:
        _unread(m)
        assert engine() == first


@pytest.mark.parametrize("change", ["source", "font", "new source", "removed source", "time set back"])
def test_a_changed_file_changes_the_engine_hash(engine, tmp_path, monkeypatch, change):
    first = engine()
    pkg, fonts = tmp_path / "pnp", tmp_path / "fonts"
    time.sleep(0.05)  # past the file system clock's tick
    if change == "source":
        (pkg / "rules" / "a.py").write_text("y = 3\n")  # same size
    elif change == "font":
        (fonts / "Some.ttf").write_bytes(b"\0\1\0\0" + b"fonT" * 100)
    elif change == "new source":
        (pkg / "b.py").write_text("z = 1\n")
    elif change == "removed source":
        (pkg / "rules" / "a.py").unlink()
    else:  # rewritten in place, its modification time set back: the change time tells
        path = pkg / "rules" / "a.py"
        st = os.stat(path)
        with open(path, "r+") as f:
            f.write("y = 4\n")
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    changed = engine()
    assert changed != first
    monkeypatch.setattr(cache, "folder", lambda: None)  # worked out from the files alone
    assert engine() == changed


def test_files_written_a_moment_ago_are_not_kept_by_their_stamp(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "SETTLED_NS", 2_000_000_000)
    (tmp_path / "pnp" / "rules" / "a.py").write_text("y = 5\n")
    engine()
    assert not (tmp_path / "xdg" / "pnp" / "engine").exists()


@pytest.mark.parametrize("damage", ["garbage", "torn", "not hex"])
def test_a_torn_or_foreign_cache_file_is_passed_over(engine, tmp_path, monkeypatch, damage):
    first = engine()
    (kept,) = (tmp_path / "xdg" / "pnp" / "engine").iterdir()
    data = kept.read_bytes()
    if damage == "garbage":
        kept.write_bytes(b"\xff" * len(data))
    elif damage == "torn":
        kept.write_bytes(data[:-10])
    else:  # whole and checksummed, but not a hash
        stamp, _ = incremental._stamp(sorted((tmp_path / "pnp").rglob("*.py")) + [tmp_path / "fonts" / "Some.ttf"])
        cache.write(kept, incremental._ENGINE_MAGIC, incremental.__version__.encode(), stamp + b"z" * 64)
    assert engine() == first
    with monkeypatch.context() as m:  # written anew
        _unread(m)
        assert engine() == first


def test_a_cache_folder_that_cannot_be_written_changes_nothing(engine, tmp_path, monkeypatch):
    first = engine()
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert engine() == first
    assert engine() == first
