"""The PDFs' look, page by page: both kits built with the default options, every page rendered and
compared with its reference PNG under tests/reference/ (see refimages.py for the scheme and numbers).

Refresh on purpose, after a change that is meant to alter the look:
    PNP_UPDATE_REFERENCES=1 python -m pytest tests/test_reference_images.py -rs
"""
import os

import pytest

pytestmark = pytest.mark.pixels  # compared with pages rendered by the pinned pypdfium2

from conftest import REFERENCE_KITS
from refimages import (REFERENCE_DIR, UPDATE_ENV, compare, failure_message, failures_folder, reference_pages, render,
                       update_references, write_failure_images)

PDFS = ("board-full", "board-a4", "cards-a4", "notes-a4", "tokens-a4", "rules-a4")
CASES = [pytest.param(kit, stem, id=f"{kit}-{stem}") for kit in REFERENCE_KITS for stem in PDFS]


@pytest.mark.parametrize("kit,stem", CASES)
def test_reference(reference_builds, tmp_path_factory, kit, stem):
    rendered = render(reference_builds / kit / f"{stem}.pdf")
    if os.environ.get(UPDATE_ENV, "") not in ("", "0"):
        written = update_references(rendered, kit, stem)
        if written:
            pytest.skip(f"{UPDATE_ENV}: rewrote the {len(written)} references of {kit}/{stem}; review and commit them")
    cmp = compare(rendered, kit, stem)
    if not cmp.ok:
        images = None
        if cmp.failed_pages:
            images = write_failure_images(cmp, rendered,
                                          failures_folder(tmp_path_factory.getbasetemp() / "reference-failures"))
        pytest.fail(failure_message(cmp, images), pytrace=False)


def test_every_pdf_has_its_references(reference_builds):
    """A new PDF needs references (add it to PDFS); a PDF no longer built must not leave stale ones."""
    built = {(kit, p.stem) for kit in REFERENCE_KITS for p in (reference_builds / kit).glob("*.pdf")}
    assert built == {(kit, stem) for kit in REFERENCE_KITS for stem in PDFS}
    stored = {p.relative_to(REFERENCE_DIR).as_posix() for p in REFERENCE_DIR.rglob("*") if p.is_file()}
    known = {f"{kit}/{path.name}" for kit in REFERENCE_KITS for stem in PDFS
             for path in reference_pages(kit, stem).values()}
    assert stored <= known, f"files under tests/reference that no test reads: {sorted(stored - known)}"
