"""pnp/files.py: the one safe read of a content file, and the one reason it gives when it cannot read one."""
from __future__ import annotations

import os

import pytest

from pnp import files
from pnp.files import Unreadable, inside, plain, read_bytes, read_plain


def _why(path, **kw) -> Unreadable:
    with pytest.raises(Unreadable) as caught:
        read_plain(path, **kw)
    return caught.value


def test_a_plain_utf8_file_is_read(tmp_path):
    (tmp_path / "a.yaml").write_text("name: café\n", encoding="utf-8")
    assert read_plain(tmp_path / "a.yaml") == "name: café\n"
    (tmp_path / "b.csv").write_bytes(b"\xef\xbb\xbfid\n")
    assert read_plain(tmp_path / "b.csv", encoding="utf-8-sig") == "id\n"


def test_each_reason(tmp_path):
    assert _why(tmp_path / "none.yaml").why == files.MISSING and not _why(tmp_path / "none.yaml").dangling
    os.symlink(tmp_path / "nowhere", tmp_path / "link.yaml")
    assert _why(tmp_path / "link.yaml").dangling
    (tmp_path / "folder.yaml").mkdir()
    folder = _why(tmp_path / "folder.yaml")
    assert (folder.why, folder.detail) == (files.NOT_PLAIN, "a folder")
    os.mkfifo(tmp_path / "pipe.yaml")  # never opened: the read would wait for ever
    assert _why(tmp_path / "pipe.yaml").why == files.NOT_PLAIN
    (tmp_path / "big.yaml").write_bytes(b"#" * 101)
    big = _why(tmp_path / "big.yaml", limit=100)
    assert (big.why, big.size) == (files.TOO_LARGE, 101)
    (tmp_path / "bad.yaml").write_bytes(b"a: 1\nb: caf\xe9\n")
    bad = _why(tmp_path / "bad.yaml")
    assert (bad.why, bad.line, bad.col, bad.byte) == (files.NOT_UTF8, 2, 7, 11) and bad.reason


def test_plain_and_read_bytes_open_nothing_else(tmp_path):
    (tmp_path / "a.png").write_bytes(b"x" * 10)
    assert plain(tmp_path / "a.png").st_size == 10 and read_bytes(tmp_path / "a.png") == b"x" * 10
    with pytest.raises(Unreadable):
        plain(tmp_path / "a.png", limit=9)


def test_inside_the_game_folder(tmp_path):
    (tmp_path / "decks").mkdir()
    assert inside(tmp_path, "decks/x.csv") == (tmp_path / "decks" / "x.csv").resolve()
    assert inside(tmp_path, "../x.csv") is None
    assert inside(tmp_path, "a\0b") is None
