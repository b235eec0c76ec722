"""Colours as people see them: simulated colour-vision deficiencies and perceived colour difference.

Pure maths on ``#rrggbb`` strings; nothing here knows a kit.

- Dichromacy (protanopia, deuteranopia, tritanopia) is simulated with the matrices of Machado, Oliveira and
  Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions on
  Visualization and Computer Graphics 15(6), 2009, at severity 1.0, applied to linear sRGB as the authors do.
- Greyscale is the colour's relative luminance (sRGB / Rec. 709 weights), as a black-and-white printer or
  copier renders it.
- Text contrast is WCAG 2's ratio of relative luminances (``contrast_ratio``, ``MIN_CONTRAST`` for normal text
  at level AA), what the layouts choose ink by and the legibility check holds them to.
- Differences are CIEDE2000 (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula: Implementation
  Notes, Supplementary Test Data, and Mathematical Observations", Color Research & Application 30(1), 2005),
  between CIELAB values under D65.
"""
from __future__ import annotations

import colorsys
import math
from functools import lru_cache

#: the ways a colour is seen, in the order they are checked
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia", "greyscale")

#: Machado et al. 2009, severity 1.0 (their Table / supplementary matrices), on linear RGB
_MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

_WHITE = (0.95047, 1.0, 1.08883)  # D65

#: WCAG 2 minimum contrast ratio for normal text (level AA)
MIN_CONTRAST = 4.5


def _channel(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def mix(colour: str, other: str, t: float) -> str:
    """Blend two ``#rrggbb`` colours: t=0 gives ``colour``, t=1 gives ``other``."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def tint(colour: str, t: float) -> str:
    """A light tint of ``colour`` keeping its hue and saturation: its lightness taken a fraction ``t`` of the way
    to white. Unlike ``mix`` with another colour, a tint of red on a turquoise ground stays pink, not grey."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    out = colorsys.hls_to_rgb(h, lightness + (1 - lightness) * t, s)
    return "#" + "".join(f"{round(v * 255):02x}" for v in out)


@lru_cache(maxsize=1024)
def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (0 black .. 1 white)."""
    r, g, b = (_channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=4096)
def contrast_ratio(a: str, b: str) -> float:
    """(L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance over the darker's: 1 (same) .. 21."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as linear sRGB in 0..1."""
    h = colour.lstrip("#")
    return tuple(_linear(int(h[i:i + 2], 16) / 255) for i in (0, 2, 4))  # type: ignore[return-value]


def seen(rgb: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    """Linear RGB as seen with ``vision`` (one of VISIONS), clipped to the displayable range."""
    if vision == "normal":
        return rgb
    if vision == "greyscale":
        y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
        return (y, y, y)
    m = _MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))  # type: ignore


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB (D65) as CIELAB."""
    r, g, b = rgb
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    Lm, Cm = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    d_theta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * Cm
    sh = 1 + 0.015 * Cm * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


@lru_cache(maxsize=4096)
def difference(a: str, b: str, vision: str = "normal") -> float:
    """How far apart ``a`` and ``b`` (``#rrggbb``) look with ``vision``: CIEDE2000 of what is seen."""
    return ciede2000(lab(seen(linear_rgb(a), vision)), lab(seen(linear_rgb(b), vision)))


def _encode(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


@lru_cache(maxsize=4096)
def seen_hex(colour: str, vision: str) -> str:
    """``#rrggbb`` as someone with ``vision`` sees it, as ``#rrggbb`` (what ``pnp preview --see`` draws)."""
    if vision == "normal":
        return colour
    return "#" + "".join(f"{_encode(v):02x}" for v in seen(linear_rgb(colour), vision))
