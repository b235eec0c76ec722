"""An incremental build rebuilds a part when anything it reads changed: content, the images the content
names, the game's fonts, pnp's own fonts, the options."""
import shutil

from PIL import Image

from pnp import bundled, incremental
from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

from conftest import ROOT, edit

ALL = ("board", "cards", "notes", "tokens")


def build(game, out, **kw):
    problems = Problems()
    result = build_game(game, out, BuildOptions(parts=kw.pop("parts", ALL), **kw), problems)
    assert result is not None, [str(p) for p in problems.items]
    return result


def test_changing_only_an_image_rebuilds_the_parts_that_print_it(mini, tmp_path):
    (mini / "art").mkdir()
    Image.new("RGB", (240, 180), "#3366cc").save(mini / "art" / "logo.png")
    Image.new("RGB", (10, 10), "#000000").save(mini / "art" / "unused.png")
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:",
         "{id: fine, picture: {file: art/logo.png, width: 20, height: 15}, text:")
    out = tmp_path / "out"
    build(mini, out)
    cards = (out / "cards-a4.pdf").read_bytes()

    Image.new("RGB", (10, 10), "#ffffff").save(mini / "art" / "unused.png")  # named by nothing
    assert build(mini, out).rebuilt == []

    Image.new("RGB", (240, 180), "#cc3333").save(mini / "art" / "logo.png")  # same name, new bytes
    result = build(mini, out)
    assert result.rebuilt == ["board", "cards"] and result.kept == ["notes", "tokens"]  # decks feed both
    assert (out / "cards-a4.pdf").read_bytes() != cards
    assert build(mini, out).rebuilt == []


def test_changing_only_a_board_picture_rebuilds_the_board(mini, tmp_path):
    (mini / "art").mkdir()
    Image.new("RGB", (240, 180), "#3366cc").save(mini / "art" / "logo.png")
    edit(mini / "board.yaml", "  title: Mini\n",
         "  title: Mini\n  pictures:\n    - {file: art/logo.png, width: 20, height: 15, y: -40}\n")
    out = tmp_path / "out"
    build(mini, out)
    board = (out / "board-full.pdf").read_bytes()
    Image.new("RGB", (240, 180), "#cc3333").save(mini / "art" / "logo.png")
    assert "board" in build(mini, out).rebuilt
    assert (out / "board-full.pdf").read_bytes() != board


def test_changing_a_kit_font_file_rebuilds(mini, tmp_path):
    (mini / "fonts").mkdir()
    shutil.copyfile(ROOT / "fonts" / "NotoSerif-Italic.ttf", mini / "fonts" / "HouseSerif.ttf")
    edit(mini / "game.yaml", "theme:\n", "theme:\n  fonts: {title: HouseSerif}\n")
    out = tmp_path / "out"
    build(mini, out)
    assert build(mini, out).rebuilt == []
    shutil.copyfile(ROOT / "fonts" / "NotoSerif-Bold.ttf", mini / "fonts" / "HouseSerif.ttf")
    assert build(mini, out).rebuilt == list(ALL)


def test_the_engine_hash_covers_the_bytes_of_pnps_fonts(tmp_path, monkeypatch):
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copyfile(ROOT / "fonts" / "NotoSans-Regular.ttf", fonts / "NotoSans-Regular.ttf")
    monkeypatch.setattr(bundled, "FONTS", fonts)
    incremental.engine_hash.cache_clear()
    try:
        before = incremental.engine_hash()
        data = bytearray((fonts / "NotoSans-Regular.ttf").read_bytes())
        data[-1] ^= 0xFF  # same size, one byte different
        (fonts / "NotoSans-Regular.ttf").write_bytes(bytes(data))
        incremental.engine_hash.cache_clear()
        assert incremental.engine_hash() != before
    finally:
        incremental.engine_hash.cache_clear()


def test_an_installed_pnp_hashes_the_file_hashes_pip_recorded(tmp_path, monkeypatch):
    """A wheel's RECORD holds each installed file's sha256: a changed file (a new pnp) changes the engine hash,
    the bytecode pip compiled at install (listed without a hash) does not; no usable RECORD, the files are read."""
    pkg = tmp_path / "site" / "pnp"
    pkg.mkdir(parents=True)
    info = tmp_path / "site" / f"pnp-{incremental.__version__}.dist-info"
    info.mkdir()
    record = info / "RECORD"
    lines = ["pnp/__init__.py,sha256=AAAA,10", "pnp/fonts/NotoSans-Regular.ttf,sha256=BBBB,20",
             "pnp/__pycache__/cli.cpython-311.pyc,,", f"{info.name}/RECORD,,", "../../../bin/pnp,sha256=CCCC,5"]
    monkeypatch.setattr(incremental, "PKG", pkg)

    def engine(text: str | None) -> str:
        if text is None:
            record.unlink(missing_ok=True)
        else:
            record.write_text(text)
        incremental.engine_hash.cache_clear()
        return incremental.engine_hash()

    try:
        first = engine("\n".join(lines))
        assert engine("\n".join(reversed(lines))) == first  # the order pip wrote them in does not matter
        assert engine("\n".join(lines).replace("BBBB", "BBBC")) != first  # a font changed
        assert engine("\n".join(lines).replace("cli.cpython", "cli2.cpython")) == first  # bytecode is not hashed
        assert engine("\n".join(lines).replace("CCCC", "DDDD")) == first  # the console script is not pnp's package
        assert incremental._installed_record() is not None
        engine(None)
        assert incremental._installed_record() is None  # a checkout: no RECORD, the files themselves are hashed
        engine("pnp/__init__.py,,\n")
        assert incremental._installed_record() is None  # an editable install's RECORD names no hashed package files
    finally:
        incremental.engine_hash.cache_clear()


def test_changing_an_option_rebuilds(mini, tmp_path):
    out = tmp_path / "out"
    build(mini, out, parts=("cards",))
    assert build(mini, out, parts=("cards",), bleed=2.0).rebuilt == ["cards"]
