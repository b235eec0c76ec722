"""Which colour groups look alike to someone, and the marks that tell them apart without colour.

The validator's W-colour-confusable and the layouts (board bands, title cards, the booklet's property table)
ask this module the same question, so what is printed and what is checked agree.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, get_args

from .model import GroupMarkShape
from .vision import VISIONS, difference

if TYPE_CHECKING:
    from .model import Group, Kit

#: the shapes a group mark can take, in the order groups get them
SHAPES: tuple[str, ...] = get_args(GroupMarkShape)

#: two colours closer than this (CIEDE2000) read as one colour at a glance on a small band: a difference of
#: about 10 is where categorical palettes for maps and charts start to be told apart without comparing
MIN_DIFFERENCE = 10.0


def closest(a: str, b: str, visions: Iterable[str] = VISIONS) -> tuple[float, str]:
    """How close ``a`` and ``b`` come, and for which vision (the first of the closest, in ``visions``' order:
    two colours alike to everyone look alike with normal vision, not "in greyscale")."""
    return min(((difference(a, b, v), v) for v in visions), key=lambda dv: dv[0])


def confusable_pairs(colours: list[tuple[object, str]], visions: Iterable[str] = VISIONS,
                     threshold: float = MIN_DIFFERENCE) -> list[tuple[object, object, str, float]]:
    """Every pair of (key, colour) closer than ``threshold`` for some vision: (key a, key b, vision, difference)."""
    visions = tuple(visions)
    out = []
    for i, (ka, a) in enumerate(colours):
        for kb, b in colours[i + 1:]:
            diff, vision = closest(a.lower(), b.lower(), visions)
            if diff < threshold:
                out.append((ka, kb, vision, diff))
    return out


def marks(groups: list[Group]) -> dict[str, str]:
    """Every group's mark: its own ``mark``, else the next shape no group claims, in the groups' order. With more
    groups than shapes, a group left without one takes the shape whose groups look least like it (its colour
    told apart from theirs in every way of seeing), so a shape repeats on groups that colour tells apart."""
    out = {str(g.id): str(g.mark) for g in groups if g.mark}
    free = [s for s in SHAPES if s not in set(out.values())]
    for g in groups:
        if g.mark:
            continue
        if free:
            out[str(g.id)] = free.pop(0)
            continue
        holders: dict[str, list[str]] = {}
        for other in groups:
            if str(other.id) in out and other is not g:
                holders.setdefault(out[str(other.id)], []).append(str(other.colour).lower())
        colour = str(g.colour).lower()
        # the shape whose groups' colours are furthest from this one's, then the one fewest groups print, then
        # the first in the shapes' order
        score = {shape: (min((closest(colour, c)[0] for c in holders.get(shape, [])), default=math.inf),
                         -len(holders.get(shape, []))) for shape in SHAPES}
        out[str(g.id)] = max(SHAPES, key=score.__getitem__)
    return out


def group_marks(kit: Kit) -> dict[str, str]:
    """The marks the kit prints, by group id: none with ``group_marks: off``, all with ``on``, and with ``auto``
    all when two groups look alike to someone or a group names its own ``mark`` (a designer who chose a shape
    expects to see it)."""
    setting = str(kit.game.theme.group_marks)
    groups = list(kit.board.groups)
    if setting == "off" or not groups:
        return {}
    if setting == "auto" and not any(g.mark for g in groups) and not confusable_pairs([(g.id, str(g.colour)) for g in groups]):
        return {}
    return marks(groups)
