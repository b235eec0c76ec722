"""The floor: the least a plain reportlab script does to print N cards duplex on A4.

Cards of 57×89 mm with a title and three lines of text, one shared back drawn once
as a form, 3×3 per A4 sheet, crop marks, backs mirrored for long-edge flip. Same
embedded TrueType font as pnp, so the comparison measures pnp's own overhead.

    python bench/floor.py N OUT.pdf
"""
import sys
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "fonts"
W, H = 57 * mm, 89 * mm
PW, PH = 210 * mm, 297 * mm
COLS, ROWS = 3, 3


def main(n: int, out: str) -> None:
    pdfmetrics.registerFont(TTFont("Body", str(FONTS / "NotoSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Bold", str(FONTS / "NotoSans-Bold.ttf")))
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
    main(int(sys.argv[1]), sys.argv[2])
