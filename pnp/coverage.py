"""How much ink a PDF asks of a printer: the mean share of each page each process ink covers.

The pages are PDFium's own pixels (as the previews are) at COVERAGE_DPI, each pixel split into cyan, magenta,
yellow and black the way a home printer's driver does without a colour profile (black takes the grey every
colour shares, K = 1 − max(R, G, B)). A PDF of more than SAMPLE pages is measured on SAMPLE pages spread evenly
through it (a kit's note sheets repeat a handful of designs; fronts and backs alternate). It costs a second or
more a kit (a guilloché note page takes PDFium 0.2 s at 150 dpi), so a build measures only on request
(``pnp build --ink-coverage``).
``ink_area`` turns a file's coverage into mm² of full ink, which adds up across files of any page size: the
measure by which the ink-saver edition is compared with the full one.
"""
from __future__ import annotations

COVERAGE_DPI = 150  # PDFium paints a stroke at least a pixel wide: at 72 dpi a 0.1 mm line measures 3.5 times its
#                     ink, at 150 dpi 1.7 times (a kit's finest lines, 0.12 to 0.15 mm, about 1.2 to 1.4 times)
SAMPLE = 4
MAX_PIXELS = 2.3e6  # an A4 page at COVERAGE_DPI; a larger page (the 500 mm board) is measured at fewer dpi
INKS = ("c", "m", "y", "k")


def coverage(data: bytes) -> dict:
    """{"c", "m", "y", "k": % of the page each ink covers (pages weighed by their area), "total": their sum,
    "sampled": pages measured, "mm2": mm² of full ink on all the pages}."""
    import numpy as np
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        n = len(doc)
        areas = [w * h for w, h in (doc.get_page_size(i) for i in range(n))]  # points²
        picks = sorted({round(i * (n - 1) / (SAMPLE - 1)) for i in range(SAMPLE)}) if n > SAMPLE else range(n)
        sums = np.zeros(4)
        for i in picks:
            page = doc[i]
            w, h = page.get_size()  # points
            scale = min(COVERAGE_DPI / 72, (MAX_PIXELS / (w * h)) ** 0.5)
            bitmap = page.render(scale=scale, rev_byteorder=True)  # RGB(A), not PDFium's BGR(A)
            rgb = bitmap.to_numpy()[..., :3].astype(np.float32) / 255.0
            page.close()
            k = 1.0 - rgb.max(axis=2)
            rest = np.where(k < 1.0, 1.0 - k, 1.0)
            cmy = (1.0 - rgb - k[..., None]) / rest[..., None]
            # each page weighs by its area: a print-shop file holds pages of several sizes (counters and tokens)
            sums += np.array([cmy[..., 0].mean(), cmy[..., 1].mean(), cmy[..., 2].mean(), k.mean()]) * areas[i]
        shares = sums / max(1e-9, sum(areas[i] for i in picks)) * 100
    finally:
        doc.close()
    out = {ink: round(float(v), 1) for ink, v in zip(INKS, shares)}
    out["total"] = round(float(shares.sum()), 1)
    out["sampled"] = len(picks)
    out["mm2"] = round(float(shares.sum()) / 100 * sum(areas) * (25.4 / 72) ** 2)  # full ink on every page
    return out


def ink_area(info: dict) -> float:
    """mm² of full ink a file's pages take in all (its manifest entry: pages, page size, ink)."""
    if "mm2" in info["ink"]:  # measured on every page's own size
        return float(info["ink"]["mm2"])
    sizes = info["page_size_mm"]
    w, h = sizes if isinstance(sizes[0], (int, float)) else sizes[0]
    return info["ink"]["total"] / 100 * w * h * info["pages"]


def line(name: str, ink: dict) -> str:
    """What the build says of one file's ink."""
    return (f"ink {name}: {ink['total']:.0f} % of a page (C {ink['c']:.0f}, M {ink['m']:.0f}, Y {ink['y']:.0f}, "
            f"K {ink['k']:.0f})")
