"""The floor: the least a plain reportlab script does to print the bench's deck as pnp prints it.

The same print job as ``pnp build --only cards`` of ``bench/run.py``'s synthetic deck, A4 duplex (long-edge
flip), in plain reportlab canvas calls and nothing else:

* cards of 57×89 mm, each with its own 3 mm bleed, 6 mm apart (gutters), 3×3 on a sheet, the block centred
  in the 6 mm printable margin;
* the deck's frame (paper, the name band with "BENCH", a rounded border) as one form, drawn under every
  face; each face's title "Card N" and its text, wrapped to the card (``simpleSplit``), every face clipped
  to its bleed;
* the shared back as one form, on the back page where each front lands when the sheet is turned over
  (mirrored about the long edge);
* the cuts marked: crop marks in the right margin, ticks in the gutters (a black hairline on a white
  underline) where the margin has no room, and the sheet's footer up the left margin, on both sides;
* the same two embedded TrueType fonts as pnp, so the comparison measures pnp's own overhead.

What it leaves out, as plain code would: reading content files, checking anything, any layout decision (every
position and size is a constant worked out for this deck).

    python bench/floor.py N OUT.pdf            the floor (the print job above)
    python bench/floor.py N OUT.pdf --issue8   issue 8's floor, kept for history: no bleed, no gutters, butted
                                               cards with crop marks around the block, no footer
"""
import sys
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"
W, H = 57 * mm, 89 * mm
PW, PH = 210 * mm, 297 * mm
COLS, ROWS = 3, 3
TEXT = "The first line of text, a second line of text and a third one."


def fonts() -> None:
    pdfmetrics.registerFont(TTFont("Body", str(FONTS / "NotoSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Bold", str(FONTS / "NotoSans-Bold.ttf")))


def main(n: int, out: str) -> None:
    """The floor: pnp's print job for the bench deck, in plain reportlab (all lengths in mm on a scaled page)."""
    fonts()
    c = Canvas(out, pagesize=(PW, PH), invariant=1, pageCompression=1)
    w, h, bleed, gap = 57, 89, 3, 6
    band = 13
    # the forms are drawn in mm, as they are used on pages scaled to mm
    c.beginForm("frame", -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColorRGB(0.984, 0.973, 0.941)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setFillColorRGB(0.141, 0.251, 0.373)
    c.rect(-bleed, h - band, w + 2 * bleed, band + bleed, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Bold", 12 * 0.3528)  # 12 pt, in a frame drawn in mm
    c.drawCentredString(w / 2, h - 7.85, "BENCH")
    c.setStrokeColorRGB(0.31, 0.396, 0.486)
    c.setLineWidth(0.5)
    c.roundRect(4, 4, w - 8, h - band - 5.5, 2, stroke=1, fill=0)
    c.endForm()
    c.beginForm("back", -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColorRGB(0.141, 0.251, 0.373)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.5)
    c.roundRect(4, 4, w - 8, h - 8, 2.5, stroke=1, fill=0)
    c.setStrokeColorRGB(0.529, 0.588, 0.655)
    c.setLineWidth(0.25)
    c.roundRect(5.2, 5.2, w - 10.4, h - 10.4, 2, stroke=1, fill=0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Bold", 16 * 0.3528)
    c.drawCentredString(w / 2, 43.03, "BENCH")
    c.endForm()
    x0, y0 = 13.5, 9.0  # the block's lower-left trim corner: 183 × 279 mm centred in the 198 × 285 mm area
    xs = [x0 + col * (w + gap) + d for col in range(COLS) for d in (0, w)]  # the cuts
    ys = [y0 + r * (h + gap) + d for r in range(ROWS) for d in (0, h)]
    gutters_x = [x0 + col * (w + gap) + w + gap / 2 for col in range(COLS - 1)]
    gutters_y = [y0 + r * (h + gap) + h + gap / 2 for r in range(ROWS - 1)]
    hair, under = 0.25 * 0.3528, 0.75 * 0.3528  # mm
    per = COLS * ROWS
    sheets = (n + per - 1) // per
    for sheet, start in enumerate(range(0, n, per), 1):
        batch = range(start, min(n, start + per))
        for side in ("front", "back"):
            c.scale(mm, mm)
            for k, i in enumerate(batch):
                r, col = divmod(k, COLS)
                x = x0 + col * (w + gap)
                if side == "back":
                    x = 210 - x - w  # turned over about the long edge
                y = y0 + (ROWS - 1 - r) * (h + gap)
                c.saveState()
                c.translate(x, y)
                p = c.beginPath()
                p.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
                c.clipPath(p, stroke=0, fill=0)
                if side == "front":
                    c.doForm("frame")
                    c.setFillColorRGB(0, 0, 0)
                    c.setFont("Bold", 10.5 * 0.3528)
                    c.drawCentredString(w / 2, 69.26, f"Card {i + 1}")
                    c.setFont("Body", 10 * 0.3528)
                    for j, line in enumerate(simpleSplit(TEXT, "Body", 10 * 0.3528, w - 12)):
                        c.drawCentredString(w / 2, 63.83 - j * 4.233, line)
                else:
                    c.doForm("back")
                c.restoreState()
            # cuts: ticks in the gutters (no room above or below the block), marks in the right margin
            for cx in xs:
                for g in gutters_y:
                    for colour, width in ((1, under), (0, hair)):
                        c.setStrokeGray(colour)
                        c.setLineWidth(width)
                        c.line(cx, g - 1, cx, g + 1)
            c.setLineWidth(hair)
            for cy in ys:
                c.setStrokeGray(0)
                c.setLineWidth(hair)
                c.line(201.5, cy, 204, cy)
                for g in gutters_x:
                    for colour, width in ((1, under), (0, hair)):
                        c.setStrokeGray(colour)
                        c.setLineWidth(width)
                        c.line(g - 1, cy, g + 1, cy)
            c.saveState()
            c.translate(9.05, 148.5)
            c.rotate(90)
            c.setFillColorRGB(0.333, 0.333, 0.333)
            c.setFont("Body", 6 * 0.3528)
            c.drawCentredString(0, 0, f"Bench · cards · sheet {sheet} of {sheets} · {side} · print at 100 % / "
                                      f"actual size")
            c.restoreState()
            c.showPage()
    c.save()


def issue8(n: int, out: str) -> None:
    """Issue 8's floor: cards butted 3×3 with no bleed, a title and three fixed lines, one shared back drawn
    once as a form, crop marks around the block, backs mirrored for long-edge flip."""
    fonts()
    c = Canvas(out, pagesize=(PW, PH), invariant=1, pageCompression=1)
    c.beginForm("back", 0, 0, W, H)
    c.setFillColorRGB(0.14, 0.25, 0.37)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Bold", 16)
    c.drawCentredString(W / 2, H / 2, "BENCH")
    c.endForm()
    x0 = (PW - COLS * W) / 2
    y0 = (PH - ROWS * H) / 2
    per = COLS * ROWS
    for start in range(0, n, per):
        batch = range(start, min(n, start + per))
        for side in ("front", "back"):
            for k, i in enumerate(batch):
                r, col = divmod(k, COLS)
                x = x0 + col * W if side == "front" else PW - (x0 + col * W) - W
                y = y0 + (ROWS - 1 - r) * H
                c.saveState()
                c.translate(x, y)
                if side == "front":
                    c.setFillColorRGB(0.98, 0.97, 0.94)
                    c.rect(0, 0, W, H, stroke=0, fill=1)
                    c.setFillColorRGB(0.1, 0.1, 0.1)
                    c.setFont("Bold", 11)
                    c.drawCentredString(W / 2, H - 15 * mm, f"Card {i + 1}")
                    c.setFont("Body", 8)
                    for j, line in enumerate(("The first line of text,", "a second line of text", "and a third one.")):
                        c.drawCentredString(W / 2, H / 2 - j * 4 * mm, line)
                else:
                    c.doForm("back")
                c.restoreState()
            c.setLineWidth(0.25)
            for col in range(COLS + 1):
                x = x0 + col * W
                c.line(x, y0 - 10 * mm, x, y0 - 5 * mm)
                c.line(x, y0 + ROWS * H + 5 * mm, x, y0 + ROWS * H + 10 * mm)
            for r in range(ROWS + 1):
                y = y0 + r * H
                c.line(x0 - 10 * mm, y, x0 - 5 * mm, y)
                c.line(x0 + COLS * W + 5 * mm, y, x0 + COLS * W + 10 * mm, y)
            c.showPage()
    c.save()


if __name__ == "__main__":
    (issue8 if "--issue8" in sys.argv[3:] else main)(int(sys.argv[1]), sys.argv[2])
