"""Read drawing back out of a PDF (not out of our scene): line segments and page boxes in mm."""
from pypdf import PdfReader

MM = 72.0 / 25.4


def _apply(cm, x, y):
    a, b, c, d, e, f = cm
    return ((a * x + c * y + e) / MM, (b * x + d * y + f) / MM)


def segments(page, width_pt: float | None = None) -> list[tuple[float, float, float, float]]:
    """Every straight segment on the page (outside forms), in page millimetres; with ``width_pt``
    only those stroked at that line width (crop marks are 0.25 pt)."""
    out = []
    current = [None]
    state = {"w": 1.0}

    def visit(op, args, cm, tm):
        if op == b"w":
            state["w"] = float(args[0]) * (cm[0] ** 2 + cm[1] ** 2) ** 0.5  # in points
        elif width_pt is not None and abs(state["w"] - width_pt) > 0.01:
            return
        if op == b"m":
            current[0] = _apply(cm, float(args[0]), float(args[1]))
        elif op == b"l" and current[0] is not None:
            p = _apply(cm, float(args[0]), float(args[1]))
            out.append((*current[0], *p))
            current[0] = p

    page.extract_text(visitor_operand_before=visit)
    return out


def box_mm(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) / MM for v in (box.left, box.bottom, box.right, box.top))
    return (x0, y0, x1 - x0, y1 - y0)


def reader(path) -> PdfReader:
    return PdfReader(str(path))
