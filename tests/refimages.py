"""Reference images: render every page of a PDF with pypdfium2 and compare it with a stored PNG.

A page's reference is ``tests/reference/<kit>/<pdf stem>-pNNN.png`` (``NNN`` the page number from 1).
Pages are rendered at ``DPI``; a pixel differs when one of its channels differs from the reference by
more than ``THRESHOLD`` (of 255), and a page fails when more than ``MAX_PIXELS`` of its pixels differ.
The numbers, measured on both kits at commit 30d22ba with pypdfium2 5.15.2 (pdfium 159):

* noise: two builds of the same content render identically (0 pixels differ at any threshold); the
  same PDFs rendered by pypdfium2 5.0.0 (pdfium 143) are identical too. pypdfium2 4.30 (pdfium 126)
  differs by up to 5 levels on most pages and, above that, redraws some icons and board lines (up to
  ~2500 pixels on a page): that is why the test extra pins pypdfium2, and a new pin needs a refresh.
* backgrounds stopping at the trim instead of the bleed: ≥ 888 pixels on every page holding items.
  The subtlest sliver is paper colour (#fbf7ec, #fdf8ec) turning white: 19 levels in blue, which is
  why THRESHOLD is 12 and not the more usual 48 (at 48 the cream card fronts do not fail at all).
* a back moved by 0.5 mm (about one pixel at 50 dpi): ≥ 2813 pixels on every back page.
* one word of one card changed: 181 pixels ("drift" → "shift", Etymonopoly) and 312 ("maison" →
  "locale", Tahiti) on the page holding the card's face; 0 on every other page.
MAX_PIXELS (8) leaves room for a stray anti-aliased pixel or two, far below the smallest of these.
test_reference_mutations.py checks all three.

A page that differs from an earlier page of the same PDF only in a small area (two of Tahiti's 46
banknote sheets of one value differ only in the number in their "sheet N of 46" footer) is stored as
that area alone: a PNG whose text chunks ``pnp-base`` (the full page's file, beside it) and
``pnp-at`` (x,y in pixels) say where to paste it. That keeps the references at 3.9 MB instead of 9 MB,
and every page still has its one file, named as above, that git diffs and history follow.

References are written only on purpose: ``PNP_UPDATE_REFERENCES=1 python -m pytest
tests/test_reference_images.py -rs`` (see README.md, "Testing").
"""
from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
from PIL import Image
from PIL.PngImagePlugin import PngInfo

DPI = 50
THRESHOLD = 12
MAX_PIXELS = 8
MM_PER_PX = 25.4 / DPI

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
UPDATE_ENV = "PNP_UPDATE_REFERENCES"
FAILURES_ENV = "PNP_REFERENCE_FAILURES"
REFRESH_COMMAND = f"{UPDATE_ENV}=1 python -m pytest tests/test_reference_images.py -rs"


def render(pdf: Path) -> list[np.ndarray]:
    """Every page of ``pdf`` as an RGB array (height × width × 3)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [np.asarray(doc[i].render(scale=DPI / 72).to_pil().convert("RGB")) for i in range(len(doc))]
    finally:
        doc.close()


def reference_path(kit: str, stem: str, page: int) -> Path:
    return REFERENCE_DIR / kit / f"{stem}-p{page:03d}.png"


def reference_pages(kit: str, stem: str) -> dict[int, Path]:
    """The stored references of one PDF: page number → file."""
    pattern = re.compile(rf"{re.escape(stem)}-p(\d{{3}})\.png")
    folder = REFERENCE_DIR / kit
    found = {}
    for path in sorted(folder.glob(f"{stem}-p*.png")) if folder.is_dir() else []:
        m = pattern.fullmatch(path.name)
        if m:
            found[int(m.group(1))] = path
    return found


def load_reference(path: Path) -> np.ndarray:
    """A stored page as an RGB array; a patch is pasted onto the full page it names."""
    with Image.open(path) as img:
        base = img.text.get("pnp-base")
        pixels = np.asarray(img.convert("RGB"))
        at = img.text.get("pnp-at")
    if base is None:
        return pixels
    page = load_reference(path.with_name(base)).copy()
    x, y = (int(v) for v in at.split(","))
    page[y:y + pixels.shape[0], x:x + pixels.shape[1]] = pixels
    return page


@dataclass
class PageDiff:
    """How one rendered page compares with its reference."""
    page: int
    count: int = 0  # pixels that differ by more than THRESHOLD in a channel
    bbox: tuple[int, int, int, int] | None = None  # of those pixels: x0, y0, x1, y1 (exclusive), px
    mask: np.ndarray | None = None
    problem: str = ""  # no reference, unreadable reference, or a different size

    @property
    def failed(self) -> bool:
        return bool(self.problem) or self.count > MAX_PIXELS

    def describe(self) -> str:
        if self.problem:
            return f"page {self.page}: {self.problem}"
        x0, y0, x1, y1 = (v * MM_PER_PX for v in self.bbox)
        return (f"page {self.page}: {self.count} pixels differ, within x {x0:.1f}–{x1:.1f} mm, "
                f"y {y0:.1f}–{y1:.1f} mm (from the page's top left)")


def diff_page(page: int, actual: np.ndarray, expected: np.ndarray) -> PageDiff:
    """Compare two renderings of one page, pixel by pixel."""
    if actual.shape != expected.shape:
        return PageDiff(page, problem=f"rendered {actual.shape[1]}×{actual.shape[0]} px, "
                                      f"reference {expected.shape[1]}×{expected.shape[0]} px")
    mask = (np.abs(actual.astype(np.int16) - expected.astype(np.int16)) > THRESHOLD).any(axis=2)
    count = int(mask.sum())
    if not count:
        return PageDiff(page)
    ys, xs = np.nonzero(mask)
    return PageDiff(page, count, (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1), mask)


@dataclass
class Comparison:
    kit: str
    stem: str
    pages: list[PageDiff]  # one per rendered page
    extra: list[int]  # reference pages beyond the PDF's last page

    @property
    def failed_pages(self) -> list[int]:
        return [d.page for d in self.pages if d.failed]

    @property
    def ok(self) -> bool:
        return not self.failed_pages and not self.extra


def compare(rendered: list[np.ndarray], kit: str, stem: str) -> Comparison:
    """Compare the rendered pages of ``<kit>/<stem>.pdf`` with their references."""
    refs = reference_pages(kit, stem)
    diffs = []
    for page, actual in enumerate(rendered, 1):
        path = refs.get(page)
        if path is None:
            diffs.append(PageDiff(page, problem=f"no reference {_rel(reference_path(kit, stem, page))}"))
            continue
        try:
            expected = load_reference(path)
        except (OSError, ValueError, AttributeError) as exc:
            diffs.append(PageDiff(page, problem=f"cannot read {_rel(path)}: {exc}"))
            continue
        diffs.append(diff_page(page, actual, expected))
    return Comparison(kit, stem, diffs, sorted(p for p in refs if p > len(rendered)))


def failures_folder(default: Path) -> Path:
    """Where the images of failed pages go: ``$PNP_REFERENCE_FAILURES`` if set, else ``default``."""
    return Path(os.environ.get(FAILURES_ENV) or default)


def write_failure_images(cmp: Comparison, rendered: list[np.ndarray], folder: Path) -> Path:
    """For each failed page: ``…-actual.png``, ``…-expected.png`` (if any) and ``…-diff.png``, in which
    the reference is shown faded and grey and the differing pixels red."""
    out = folder / cmp.kit
    out.mkdir(parents=True, exist_ok=True)
    for d in cmp.pages:
        if not d.failed:
            continue
        name = f"{cmp.stem}-p{d.page:03d}"
        actual = rendered[d.page - 1]
        Image.fromarray(actual).save(out / f"{name}-actual.png")
        path = reference_pages(cmp.kit, cmp.stem).get(d.page)
        try:
            expected = load_reference(path) if path else None
        except (OSError, ValueError, AttributeError):
            expected = None
        if expected is not None:
            Image.fromarray(expected).save(out / f"{name}-expected.png")
        if d.mask is not None:
            grey = np.asarray(Image.fromarray(expected).convert("L"), dtype=np.uint16)
            faded = (160 + grey * 95 // 255).astype(np.uint8)
            img = np.repeat(faded[:, :, None], 3, axis=2)
            img[d.mask] = (255, 0, 0)
            Image.fromarray(img).save(out / f"{name}-diff.png")
    return out


def failure_message(cmp: Comparison, images: Path | None) -> str:
    failed = [d for d in cmp.pages if d.failed]
    lines = [f"{cmp.kit}/{cmp.stem}.pdf: {len(failed)} of {len(cmp.pages)} pages differ from their references "
             f"in {_rel(REFERENCE_DIR / cmp.kit)} (at {DPI} dpi a pixel differs when a channel differs by more than "
             f"{THRESHOLD}/255; a page may have {MAX_PIXELS} such pixels)"]
    lines += ["  " + d.describe() for d in failed]
    if cmp.extra:
        lines.append(f"  the PDF has {len(cmp.pages)} pages but there are references for pages "
                     + ", ".join(str(p) for p in cmp.extra))
    if images is not None and failed:
        lines.append(f"images of those pages: {images}/{cmp.stem}-pNNN-actual.png, and -expected.png and -diff.png "
                     "(differing pixels in red) where there is a reference")
    command = f"{REFRESH_COMMAND} -k '{cmp.kit}-{cmp.stem}'"
    if any(d.problem.startswith("no reference") for d in failed):
        lines.append(f"To create the missing references: {command}; look at them, then commit them.")
    else:
        lines.append(f"If the new look is intended, refresh the references: {command}; "
                     "review them and commit them with the change that altered the look, saying why.")
    return "\n".join(lines)


# -- writing references (on purpose only) --------------------------------------------------------------

def _png(img: Image.Image, info: PngInfo | None = None) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True, pnginfo=info)
    return buf.getvalue()


def _encode(rendered: list[np.ndarray], stem: str) -> list[bytes]:
    """The PNG bytes of each page: a full page, or a patch onto an earlier full page when that is less
    than half the size."""
    encoded, full = [], []  # full: (page, pixels) stored whole
    for page, pixels in enumerate(rendered, 1):
        whole = _png(Image.fromarray(pixels))
        best = None
        for base, other in full:
            if other.shape != pixels.shape:
                continue
            changed = (pixels != other).any(axis=2)
            ys, xs = np.nonzero(changed)
            box = (0, 0, 1, 1) if not len(xs) else (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
            area = (box[2] - box[0]) * (box[3] - box[1])
            if best is None or area < best[0]:
                best = (area, base, box)
        if best is not None:
            _, base, (x0, y0, x1, y1) = best
            info = PngInfo()
            info.add_text("pnp-base", f"{stem}-p{base:03d}.png")
            info.add_text("pnp-at", f"{x0},{y0}")
            patch = _png(Image.fromarray(np.ascontiguousarray(pixels[y0:y1, x0:x1])), info)
            if len(patch) < len(whole) / 2:
                encoded.append(patch)
                continue
        encoded.append(whole)
        full.append((page, pixels))
    return encoded


def update_references(rendered: list[np.ndarray], kit: str, stem: str) -> list[Path]:
    """Make the references of ``<kit>/<stem>.pdf`` show ``rendered``. Nothing is written when they already
    do, pixel for pixel (so a refresh on another machine, whose zlib may pack differently, changes no file);
    otherwise the PDF's references are all rewritten. Returns the files written."""
    refs = reference_pages(kit, stem)
    if set(refs) == set(range(1, len(rendered) + 1)):
        try:
            if all(np.array_equal(load_reference(refs[p]), a) for p, a in enumerate(rendered, 1)):
                return []
        except (OSError, ValueError, AttributeError):
            pass
    for path in refs.values():
        path.unlink()
    written = []
    for page, data in enumerate(_encode(rendered, stem), 1):
        path = reference_path(kit, stem, page)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(REFERENCE_DIR.parent.parent))
    except ValueError:
        return str(path)
