"""Sheet furniture shared by every imposition: paper sizes, crop marks, footers."""
from __future__ import annotations

from . import scene
from .fonts import PT, text_width
from .text import greedy_lines, runs
from .typeset import ENGLISH, Style

#: paper sizes in mm, portrait
PAPERS = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}

MARK_OFFSET = 2.0  # mm outside the bleed
MARK_LENGTH = 5.0  # mm
MARK_MIN = 3.0  # mm: marks may be shortened to this to fit the printable margin
MARK_WIDTH = 0.25 * PT  # 0.25 pt, in mm
REGISTRATION = "#000000"
FOOTER_PT = 6.0
FOOTER_FONT = "NotoSans-Regular"


def cut_marks(xs, ys, block: tuple[float, float, float, float], bleed: float,
              length: float = MARK_LENGTH, offset: float = MARK_OFFSET) -> list[scene.Line]:
    """Crop marks for cut lines at ``xs`` (vertical cuts) and ``ys`` (horizontal cuts) of a block of
    items (x, y, w, h: the trim rectangle around all of them). Marks start ``offset`` mm outside the
    bleed and run ``length`` mm outward, so they never touch the art."""
    x, y, w, h = block
    d0 = bleed + offset
    d1 = d0 + length
    out = []
    for cx in sorted(set(round(v, 4) for v in xs)):
        out.append(scene.Line(cx, y - d1, cx, y - d0, REGISTRATION, MARK_WIDTH))
        out.append(scene.Line(cx, y + h + d0, cx, y + h + d1, REGISTRATION, MARK_WIDTH))
    for cy in sorted(set(round(v, 4) for v in ys)):
        out.append(scene.Line(x - d1, cy, x - d0, cy, REGISTRATION, MARK_WIDTH))
        out.append(scene.Line(x + w + d0, cy, x + w + d1, cy, REGISTRATION, MARK_WIDTH))
    return out


def gutter_tick(x1: float, y1: float, x2: float, y2: float) -> scene.Group:
    """A cut marked inside the sheet (in a gutter, or along a shared cut): a registration-black hairline on
    a white underline, visible on any colour."""
    return scene.Group([scene.Line(x1, y1, x2, y2, "#ffffff", 3 * MARK_WIDTH),
                        scene.Line(x1, y1, x2, y2, REGISTRATION, MARK_WIDTH)])


def cut_guide(cx: float, cy: float, r: float) -> scene.Group:
    """A round item's cut guide: a registration-black hairline circle of radius ``r`` on a white underline (visible
    on any colour), drawn in the item's bleed just outside its trim circle, so scissors follow it and a punch
    lines up with it, and a cut on it or inside it leaves no ink on the item."""
    return scene.Group([scene.Circle(cx, cy, r, stroke="#ffffff", width=3 * MARK_WIDTH),
                        scene.Circle(cx, cy, r, stroke=REGISTRATION, width=MARK_WIDTH)])


FOOTER_PARTS = " · "  # between the parts of a sheet's slug (kit · part · sheet n of m · side · how to print)


def footer_lines(text: str, width: float) -> list[str]:
    """A footer text broken into lines no wider than ``width`` mm: between its parts (``FOOTER_PARTS``) where each
    part fits a line, so a part is read whole (Tahiti's slug left "partagent une coupe" alone on its second line:
    review 11), else at word boundaries; greedily (``text.greedy_lines``), as few lines as hold it."""
    out: list[str] = []
    for para in text.split("\n"):
        if text_width(para, FOOTER_FONT, FOOTER_PT) <= width:  # the usual footer: one line, measured once
            out.append(para)
            continue
        parts = para.split(FOOTER_PARTS)
        glue = FOOTER_PARTS if len(parts) > 1 and all(
            text_width(part, FOOTER_FONT, FOOTER_PT) <= width for part in parts) else " "
        pieces = para.split(glue)
        widths = [text_width(piece, FOOTER_FONT, FOOTER_PT) for piece in pieces]
        lines = greedy_lines(widths, width, text_width(glue, FOOTER_FONT, FOOTER_PT))
        ends = [first for first, _ in lines[1:]] + [len(pieces)]
        out += [glue.join(pieces[first:end]) for (first, _), end in zip(lines, ends)]
    return out


def footer(text: str, x: float, y: float, anchor: str = "middle", rotate_deg: float = 0.0,
           style: Style = ENGLISH) -> scene.Group:
    """A small footer line (kit, part, sheet n of m, side, print at 100 %) with its baseline at (x, y), typeset
    in ``style``: English for pnp's own words (the kit's name in them is a name), the kit's for its advice."""
    g = scene.Group(runs(text, 0.0, 0.0, FOOTER_FONT, FOOTER_PT, "#555555", anchor, style=style))
    g.transform = scene.compose(scene.translate(x, y), scene.rotate(rotate_deg))
    return g
