"""Read drawing back out of a PDF (not out of our scene): line segments and page boxes in mm."""
from pypdf import PdfReader

MM = 72.0 / 25.4


def _apply(cm, x, y):
    a, b, c, d, e, f = cm
    return ((a * x + c * y + e) / MM, (b * x + d * y + f) / MM)


def _mul(m, n):
    """The matrix m then n (PDF order: a point is mapped by m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def segments(page, width_pt: float | None = None) -> list[tuple[float, float, float, float]]:
    """Every straight segment on the page (outside forms), in page millimetres; with ``width_pt``
    only those stroked at that line width (crop marks are 0.25 pt).

    Only the page's own content stream is read (its q/Q/cm/w/m/l operators): forms (cards, notes, the board)
    are not entered, so a page of banknotes' line work costs no more than its marks."""
    from pypdf.generic import ContentStream

    out = []
    current = None
    cm, width, stack = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0, []
    contents = page.get_contents()
    if contents is None:
        return out
    for args, op in ContentStream(contents, page.pdf).operations:
        if op == b"q":
            stack.append((cm, width))
        elif op == b"Q":
            cm, width = stack.pop() if stack else (cm, width)
        elif op == b"cm":
            cm = _mul(tuple(float(v) for v in args), cm)
        elif op == b"w":
            width = float(args[0]) * (cm[0] ** 2 + cm[1] ** 2) ** 0.5  # in points
        elif op == b"m":
            current = _apply(cm, float(args[0]), float(args[1]))
        elif op == b"l" and current is not None:
            p = _apply(cm, float(args[0]), float(args[1]))
            if width_pt is None or abs(width - width_pt) <= 0.01:
                out.append((*current, *p))
            current = p
    return out


def texts(path) -> list[str]:
    """The text of every page as pdfium reads it (its own C++ parser: fast on pages of fine line work, where
    pypdf's text extraction walks every path operator of every form)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def box_mm(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) / MM for v in (box.left, box.bottom, box.right, box.top))
    return (x0, y0, x1 - x0, y1 - y0)


def reader(path) -> PdfReader:
    return PdfReader(str(path))
