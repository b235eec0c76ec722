"""Pictures are checked once, in pnp/images.py, before anything reads or draws them: a truncated PNG, a path
leaving the game folder, a FIFO or a huge image is a clear error for validate and build, and preview (which
draws broken content on purpose) puts a placeholder in its place instead of a traceback or a hang."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image

from conftest import ROOT, edit, not_a_plain_file

PICTURE = "{id: fine, picture: {file: art/logo.png, width: 20, height: 15}, text:"


def _with_picture(mini, png: bytes | None = None):
    (mini / "art").mkdir(exist_ok=True)
    if png is not None:
        (mini / "art" / "logo.png").write_bytes(png)
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:", PICTURE)


def _png(w=240, h=180) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), "#c04040").save(buf, format="PNG")
    return buf.getvalue()


def _pnp(*args, timeout=20):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env)


def test_a_truncated_png_is_an_error_everywhere_and_never_a_traceback(mini, tmp_path):
    _with_picture(mini, _png()[:300])  # the header and a little data: Image.open alone would accept it
    r = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-image-unreadable]" in r.stderr and "Traceback" not in r.stderr
    r = _pnp("build", str(mini), "--out", str(tmp_path / "out"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and not (tmp_path / "out").exists()
    r = _pnp("preview", str(mini), "--out", str(tmp_path / "prev"), "--dpi", "30", "-q")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert (tmp_path / "prev" / "luck-fine-front.png").is_file()  # drawn, with a placeholder for the picture


@pytest.mark.parametrize("where", ["outside", "fifo", "folder"])
def test_pictures_that_must_not_be_read_are_not(mini, tmp_path, where):
    _with_picture(mini)
    target = mini / "art" / "logo.png"
    if where == "outside":
        secret = tmp_path / "secret.png"
        secret.write_bytes(_png())
        target.symlink_to(secret)  # a link leading out of the game folder
    else:
        not_a_plain_file(target, where)
    for cmd in (["validate", str(mini)], ["preview", str(mini), "--out", str(tmp_path / "p"), "--dpi", "30", "-q"]):
        r = _pnp(*cmd, timeout=20)
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        code = "E-image-outside" if where == "outside" else "E-image-unreadable"
        assert f"[{code}]" in r.stderr, r.stderr


@pytest.mark.parametrize("side", [7000, 20000])  # over pnp's cap; over Pillow's own (it will not even open it)
def test_a_huge_image_is_refused_before_it_is_decoded(mini, side):
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
    _with_picture(mini, b"\x89PNG\r\n\x1a\n" + header + chunk(b"IEND", b""))
    r = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-image-too-large]" in r.stderr and "million pixels" in r.stderr


def test_the_board_pdf_does_not_depend_on_the_folder_name(tmp_path):
    for name in ("a", "a-much-longer-folder-name"):
        shutil.copytree(ROOT / "tests" / "fixtures" / "mini", tmp_path / name)
        r = _pnp("build", str(tmp_path / name), "--only", "board", "--out", str(tmp_path / f"out-{name}"), "-q")
        assert r.returncode == 0, r.stderr
    assert (tmp_path / "out-a" / "board-full.pdf").read_bytes() == \
        (tmp_path / "out-a-much-longer-folder-name" / "board-full.pdf").read_bytes()


@pytest.mark.parametrize("fmt", ["MPO", "WEBP", "GIF", "TIFF", "BMP"])
def test_every_format_pillow_reads_is_printed(mini, tmp_path, fmt):
    """A phone's photo is an MPO (a JPEG with a second frame): accepted like every format Pillow reads."""
    buf = io.BytesIO()
    first = Image.new("RGB", (240, 180), "#c04040")
    if fmt == "MPO":
        first.save(buf, format="MPO", save_all=True, append_images=[Image.new("RGB", (240, 180), "#4040c0")])
    else:
        first.save(buf, format=fmt)
    _with_picture(mini, buf.getvalue())
    r = _pnp("build", str(mini), "--only", "cards", "--out", str(tmp_path / "out"), "-q")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "cards-a4.pdf").stat().st_size > 0


def test_pillows_own_size_warning_is_pnps_error_in_its_words(mini):
    """10000 x 10000 px: past pnp's cap and past the size Pillow warns about (its warning must not leak)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

    _with_picture(mini, b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 10000, 10000, 8, 2, 0, 0, 0))
                  + chunk(b"IEND", b""))
    r = _pnp("validate", str(mini))
    assert r.returncode == 1 and "[E-image-too-large]" in r.stderr
    assert "Warning" not in r.stderr and "Traceback" not in r.stderr
