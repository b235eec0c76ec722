"""The quick metrics reader (pnp/ttf.py) must agree with reportlab, which embeds the fonts.

If they disagreed, layout would measure one width and the PDF print another:
names would run off their spaces by the difference.
"""
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from pnp import fonts, ttf

FONT_FILES = sorted(fonts.font_dir().glob("*.ttf"))


@pytest.mark.parametrize("path", FONT_FILES, ids=lambda p: p.stem)
def test_reader_gives_reportlabs_numbers(path: Path):
    m = ttf.read_metrics(path)
    face = TTFont(path.stem, str(path)).face
    assert m.cmap == face.charToGlyph
    assert m.widths == face.charWidths
    assert m.default_width == face.defaultWidth
    assert (m.ascent, m.descent) == (face.ascent, face.descent)


def test_every_bundled_font_is_read():
    assert len(FONT_FILES) >= 4
    for path in FONT_FILES:
        assert len(ttf.read_metrics(path).cmap) > 50


def test_a_font_the_reader_refuses_is_parsed_by_reportlab(monkeypatch):
    def refuse(path):
        raise ttf.Unsupported("cmap format 2")

    quick = fonts.Font("NotoSans-Regular", fonts.font_dir() / "NotoSans-Regular.ttf")
    monkeypatch.setattr(ttf, "read_metrics", refuse)
    slow = fonts.Font("NotoSans-Regular", fonts.font_dir() / "NotoSans-Regular.ttf")
    assert slow._ttfont is not None  # reportlab did the parsing
    assert slow.widths == quick.widths and slow.cmap == quick.cmap
    assert (slow.ascent, slow.descent, slow.default_width) == (quick.ascent, quick.descent, quick.default_width)


def test_reportlab_parses_a_font_only_when_a_pdf_needs_it():
    font = fonts.Font("NotoSans-Bold", fonts.font_dir() / "NotoSans-Bold.ttf")
    assert font._ttfont is None
    assert font.ttfont.face.charWidths == font.widths


def test_a_file_that_is_not_a_font_is_refused(tmp_path):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"\0\1\0\0" + b"\0" * 8)
    with pytest.raises(ttf.Unsupported):
        ttf.read_metrics(bad)
