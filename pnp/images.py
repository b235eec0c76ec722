"""Pictures a kit names, checked once before anything reads or draws them.

``inspect(root, file)`` answers, for every command alike (validate, build, preview,
watch): where the file is (inside the game folder, a regular file: never a FIFO, a
device or a folder), whether it decodes fully (a truncated PNG fails here, not while a
PDF is written) and whether it is of a printable size (pixels and bytes capped, so a
20000×20000 PNG is a clear error, not a memory spike). The validator reports what it
finds; layouts draw a picture only when ``usable`` says so, and a placeholder otherwise,
so even a preview of broken content never hands a bad file to a renderer.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .files import NOT_PLAIN, Unreadable, inside, plain

#: the most a picture may hold: bytes on disk and pixels decoded (a 300 dpi A3 is ~17.5 Mpx)
MAX_BYTES = 50_000_000
MAX_PIXELS = 40_000_000

OUTSIDE, MISSING, UNREADABLE, TOO_LARGE = "outside", "missing", "unreadable", "too-large"


@dataclass(frozen=True)
class Picture:
    path: Path | None  # the file, resolved; None when it must not be read
    problem: str | None = None  # OUTSIDE, MISSING, UNREADABLE or TOO_LARGE
    detail: str = ""
    width: int = 0  # pixels
    height: int = 0


def inspect(root: Path | str, file: str) -> Picture:
    """Check the picture ``file`` names inside the game folder ``root`` (cached by the file's state)."""
    path = inside(root, file)
    if path is None:  # outside the folder, or a symlink loop
        return Picture(None, OUTSIDE)
    try:
        st = plain(path, MAX_BYTES)
    except Unreadable as why:
        if why.why == NOT_PLAIN:
            return Picture(None, UNREADABLE, f"it is {why.detail}")
        if why.why == TOO_LARGE:
            return Picture(None, TOO_LARGE, f"{why.size / 1e6:.0f} MB; at most {MAX_BYTES / 1e6:.0f} MB")
        return Picture(None, MISSING, str(path))  # not there, or the system refused
    return _decode(path, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=256)
def _decode(path: Path, mtime_ns: int, size: int) -> Picture:
    """Any format Pillow reads (PNG, JPEG and a phone's MPO, WebP, GIF, TIFF, BMP ...: its first frame), sized
    before it is decoded. Pillow's own size limits (its warning past ~89 Mpx, its error past twice that) are far
    beyond pnp's cap: either is reported as too large, in pnp's words, never let out to the terminal."""
    import warnings

    from PIL import Image, UnidentifiedImageError  # only kits with pictures pay for Pillow

    huge = f"far more than {MAX_PIXELS / 1e6:.0f} million pixels"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                w, h = im.size
                if w * h > MAX_PIXELS:
                    return Picture(None, TOO_LARGE, f"{w}×{h} px; at most {MAX_PIXELS / 1e6:.0f} million pixels")
                im.load()  # decode it all: a truncated or corrupt file fails here
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return Picture(None, TOO_LARGE, huge)
    except UnidentifiedImageError:
        return Picture(None, UNREADABLE, "it is no picture format pnp reads (save it as PNG or JPEG)")
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        return Picture(None, UNREADABLE, f"it cannot be decoded whole, it may be truncated or damaged "
                                         f"({str(exc)[:80] or type(exc).__name__})")
    return Picture(path, None, "", w, h)


def usable(root: Path | str, file: str) -> Path | None:
    """The picture's path when it may be drawn, else None (draw a placeholder; the validator says why)."""
    return inspect(root, file).path
