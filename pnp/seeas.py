"""The kit as someone else sees it (``pnp preview --see``, ``pnp serve --see``): every colour of every drawing
as seen with protanopia, deuteranopia, tritanopia (Machado et al. 2009) or in greyscale (pnp/vision.py), so a
designer can look at the board, the cards and the money with other eyes before printing. A picture (a raster
image in the content) is drawn as it is."""
from __future__ import annotations

from dataclasses import replace

from . import scene
from .vision import seen_hex


def _shape(shape, vision: str):
    if isinstance(shape, scene.Group):
        return _group(shape, vision)
    changes = {}
    for attr in ("fill", "stroke", "colour"):
        c = getattr(shape, attr, None)
        if isinstance(c, str) and c.startswith("#") and len(c) == 7:
            changes[attr] = seen_hex(c.lower(), vision)
    return replace(shape, **changes) if changes else shape


def _group(g: scene.Group, vision: str) -> scene.Group:
    return scene.Group([_shape(c, vision) for c in g.children], transform=g.transform, clip=g.clip,
                       key=f"{g.key}-{vision}" if g.key else None, bounds=g.bounds, miniature=g.miniature,
                       whole=g.whole)


def as_seen(item, vision: str):
    """The item as someone with ``vision`` sees it (a new Item)."""
    if vision == "normal":
        return item
    front = _group(item.front, vision)
    back = front if item.back is item.front else (_group(item.back, vision) if item.back is not None else None)
    return replace(item, front=front, back=back)
