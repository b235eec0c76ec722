"""--colour cmyk: a press's PDF. Read back from the file (pypdf): no RGB colour anywhere (shapes, text, forms,
pictures), text and rules in solid black where the design asks for a dark grey, at most 300 % ink."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.build import BuildOptions, build_game
from pnp.problems import Problems
from pnp.render.pdf import cmyk

from conftest import ROOT, edit

#: a colour operator and the numbers before it
_OP = re.compile(rb"((?:-?[\d.]+\s+){1,4})(rg|RG|g|G|k|K|sc|scn|SC|SCN|cs|CS)(?=\s)")


def _streams(obj):
    """The content of a page or form, then of every form it draws (nested), with whether it is a form."""
    yield obj.get_contents().get_data() if hasattr(obj, "get_contents") else obj.get_data()
    xobjects = obj.get("/Resources", {}).get("/XObject", {}) if hasattr(obj, "get") else {}
    for ref in xobjects.values():
        x = ref.get_object()
        if x.get("/Subtype") == "/Form":
            yield from _streams(x)


def _read(pdf) -> tuple[set[bytes], list[tuple[float, ...]], list[tuple[float, ...]], set[str]]:
    """Operators used, every k/K colour, the colours of text (k inside BT ... ET), image colour spaces."""
    reader = PdfReader(str(pdf))
    ops, colours, text, spaces = set(), [], [], set()
    for page in reader.pages:
        for data in _streams(page):
            for part in re.split(rb"\bBT\b", data)[1:]:
                inside = part.split(b"ET", 1)[0]
                text += [tuple(float(v) for v in m.group(1).split()) for m in _OP.finditer(inside)
                         if m.group(2) == b"k"]
            for m in _OP.finditer(data):
                ops.add(m.group(2))
                if m.group(2) in (b"k", b"K"):
                    colours.append(tuple(float(v) for v in m.group(1).split()))
        for ref in page.get("/Resources", {}).get("/XObject", {}).values():
            x = ref.get_object()
            if x.get("/Subtype") == "/Image":
                spaces.add(str(x.get("/ColorSpace")))
    return ops, colours, text, spaces


@pytest.fixture(scope="module")
def cmyk_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("cmyk")
    options = BuildOptions(parts=("board", "cards", "notes"), colour="cmyk")
    assert build_game(ROOT / "content" / "etymonopoly", out, options, Problems()) is not None
    return out


@pytest.mark.parametrize("pdf", ["board-full.pdf", "board-a4.pdf", "cards-a4.pdf", "notes-a4.pdf"])
def test_a_press_pdf_holds_process_inks_only(cmyk_kit, pdf):
    ops, colours, text, _ = _read(cmyk_kit / pdf)
    assert ops <= {b"k", b"K"}, ops  # no rg, RG, g, G, nor a colour space of another kind
    assert colours and all(len(c) == 4 and sum(c) <= 3.0 + 1e-6 for c in colours)
    # the kit's ink colour (#1f1d1a, a dark grey) sets every body text: solid black, never four inks
    assert (0.0, 0.0, 0.0, 1.0) in text
    assert not [c for c in text if c[3] >= 0.8 and any(c[:3])], "black text in four colours"


def test_greys_go_to_black_ink_and_colours_keep_their_hue():
    assert cmyk("#1d1d1b", solid=True) == (0.0, 0.0, 0.0, 1.0)
    assert cmyk("#808080") == (0.0, 0.0, 0.0, round(1 - 128 / 255, 4))
    c, m, y, k = cmyk("#c8102e")  # a red: magenta and yellow, no cyan
    assert c == 0.0 and m > 0.9 and y > 0.7 and c + m + y + k <= 3.0


def test_pictures_go_to_process_inks_too(mini, tmp_path):
    (mini / "art").mkdir()
    buf = io.BytesIO()
    Image.new("RGBA", (240, 180), (192, 64, 64, 200)).save(buf, format="PNG")
    (mini / "art" / "logo.png").write_bytes(buf.getvalue())
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:",
         "{id: fine, picture: {file: art/logo.png, width: 20, height: 15}, text:")
    out = tmp_path / "out"
    assert build_game(mini, out, BuildOptions(parts=("cards",), colour="cmyk"), Problems()) is not None
    ops, _, _, spaces = _read(out / "cards-a4.pdf")
    assert ops <= {b"k", b"K"} and spaces == {"/DeviceCMYK"}
