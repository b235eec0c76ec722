"""reportlab's parse of a font is kept in the user's cache folder (pnp/render/faces.py): a restored font is the
parsed one, a PDF drawn with it has the same bytes, and a broken cache file is parsed over, never trusted."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import MINI, ROOT
from pnp.bundled import FONTS
from pnp.render import faces

FONT = "NotoSans-Bold"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "pnp" / "faces"


def test_a_kept_parse_is_restored_equal_to_a_fresh_one(cache, monkeypatch):
    path = FONTS / f"{FONT}.ttf"
    parsed = faces.ttfont(FONT, path)
    (kept,) = cache.iterdir()

    def parse(*args, **kwargs):
        raise AssertionError("parsed although a parse was kept")

    monkeypatch.setattr(faces.TTFont, "__init__", parse)
    restored = faces.ttfont(FONT, path)
    assert restored is not parsed and faces._same(restored, parsed)
    assert restored.face.name.ustr == parsed.face.name.ustr == FONT
    text = "Épée ₩200 · Göttingen"
    assert restored.stringWidth(text, 10) == parsed.stringWidth(text, 10)
    assert restored.face.makeSubset(list(range(40, 90))) == parsed.face.makeSubset(list(range(40, 90)))


def test_a_broken_cache_file_is_parsed_over(cache):
    path = FONTS / f"{FONT}.ttf"
    faces.ttfont(FONT, path)
    (kept,) = cache.iterdir()
    good = kept.read_bytes()
    kept.write_bytes(good[: len(good) // 2])  # torn
    font = faces.ttfont(FONT, path)
    assert font.face.name.ustr == FONT and kept.read_bytes() == good


def test_pdfs_drawn_with_restored_fonts_have_the_same_bytes(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    outs = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        subprocess.run([sys.executable, "-m", "pnp", "build", str(MINI), "--out", str(out), "-q"], env=env,
                       check=True, capture_output=True)
        outs.append(out)
        if n == 1:
            kept = {p: p.stat().st_mtime_ns for p in (tmp_path / "xdg" / "pnp" / "faces").iterdir()}
            assert len(kept) >= 2  # the mini kit embeds a regular and a bold font at least
    assert {p: p.stat().st_mtime_ns for p in kept} == kept  # the second build parsed nothing (wrote nothing)
    pdfs = sorted(p.name for p in outs[0].glob("*.pdf"))
    assert pdfs and all((outs[0] / n).read_bytes() == (outs[1] / n).read_bytes() for n in pdfs)
