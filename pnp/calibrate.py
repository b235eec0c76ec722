"""A two-sided calibration sheet: read your printer's duplex offset off the paper.

Front: two scales of numbered lines, 10 mm apart. Back: the same lines, each one
shifted by its own number (in 0.5 mm steps). Held against a light, the one pair that
forms a single straight line names the offset to pass as ``--offset X,Y``.
"""
from __future__ import annotations

from . import scene
from .marks import PAPERS
from .scene import Page
from .text import fit, runs
from . import words
from .typeset import ENGLISH

STEP = 0.5  # mm between readings
SPAN = 8  # readings each side of zero: ±4 mm
PITCH = 10.0  # mm between lines
FONT = "NotoSans-Regular"
BOLD = "NotoSans-Bold"


def readings() -> list[float]:
    return [k * STEP for k in range(-SPAN, SPAN + 1)]


def _label(v: float) -> str:
    return f"{v:+.1f}".replace("+0.0", "0")


def calibration_pages(paper: str, flip: str = "long", lang: str = "en") -> list[Page]:
    """Front and back page; both are built from one description of the marks so they cannot disagree. pnp's
    words on them are in ``lang``."""
    w, own = words.of(lang), words.style(lang)
    pw, ph = PAPERS[paper]
    cx, cy = pw / 2, ph / 2
    ink = "#000000"
    front, back = scene.Group(), scene.Group()

    def to_back(x: float, y: float) -> tuple[float, float]:
        """Where a front point lands on the back page when the printer registers perfectly."""
        return (pw - x, y) if flip == "long" else (x, ph - y)

    x_scale_y = cy + 35  # the row of vertical lines (reads the X offset)
    y_scale_x = cx - 60  # the column of horizontal lines (reads the Y offset)
    for k, v in zip(range(-SPAN, SPAN + 1), readings()):
        # X: vertical line at x; its partner on the back is shifted by +v in back-page x
        x = cx + k * PITCH
        front.add(scene.Line(x, x_scale_y, x, x_scale_y + 18, ink, 0.2))
        front.add(*runs(_label(v), x, x_scale_y + 20, FONT, 5.5, ink, "middle", style=ENGLISH))
        bx, by = to_back(x, x_scale_y)
        _, by2 = to_back(x, x_scale_y + 18)
        back.add(scene.Line(bx + v, min(by, by2), bx + v, max(by, by2), ink, 0.2))
        # Y: horizontal line at y; partner shifted by +v in back-page y
        y = cy - 40 + k * (PITCH * 0.6)
        front.add(scene.Line(y_scale_x, y, y_scale_x + 18, y, ink, 0.2))
        front.add(*runs(_label(v), y_scale_x + 20, y - 0.7, FONT, 5.5, ink, "start", style=ENGLISH))
        bx1, by = to_back(y_scale_x, y)
        bx2, _ = to_back(y_scale_x + 18, y)
        back.add(scene.Line(min(bx1, bx2), by + v, max(bx1, bx2), by + v, ink, 0.2))
    # a frame on both sides shows gross misregistration at a glance
    for g, frame in ((front, (20.0, 20.0)), (back, (20.0, 20.0))):
        g.add(scene.Rect(frame[0], frame[1], pw - 40, ph - 40, stroke=ink, width=0.3))
    instructions = w["cal_text"].format(edge=w["long" if flip == "long" else "short"])
    text = fit(instructions, (30, 24, pw - 60, cy - 92 - 24), FONT, 8.5, 6.5, mode="para", align="left", valign="top",
               style=own)
    front.add(*text.shapes)
    front.add(*fit(w["cal_title"], (30, ph - 40, pw - 60, 10), BOLD, 14, 8, style=own).shapes)
    back.add(*fit(w["cal_back"], (30, ph - 32, pw - 60, 6), FONT, 8, 6, style=own).shapes)
    return [Page(pw, ph, front), Page(pw, ph, back)]
