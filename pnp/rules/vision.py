"""Colour vision: groups, deck backs and money told apart by every player, whatever their eyes or printer.

One man in twelve sees colour differently, and a black-and-white printer keeps only lightness. Each pair of
colours that tells things apart is compared as seen with normal vision, protanopia, deuteranopia, tritanopia
(Machado et al. 2009) and in greyscale, by CIEDE2000 (pnp/vision.py). Where colour is the only cue (colour
groups without group marks, deck backs alike in title and icon) every way of seeing counts; where the item also
prints what it is (a note's or chip's value, a deck back's own title or icon) only normal vision does: two values
that look alike to everyone still slow the bank down.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..groupmarks import MIN_DIFFERENCE, SHAPES, confusable_pairs, group_marks
from ..vision import VISIONS
from . import check, rule

if TYPE_CHECKING:  # checks are handed a Validator; its module (the runner) sits above them
    from .validator import Validator

COLOUR_CONFUSABLE = rule("W-colour-confusable", (
    f"Two colours that tell things apart look alike (CIEDE2000 difference under {MIN_DIFFERENCE:g}) with normal "
    "vision, protanopia, deuteranopia, tritanopia (simulated after Machado, Oliveira and Fernandes 2009) or in "
    "greyscale. Colour groups are compared in every way of seeing unless the kit prints group marks "
    "(theme.group_marks: auto prints them when this would fire; off turns them off), deck backs when they also "
    "share their title and icon, note and chip values with normal vision only (they print their value). "
    "Change one of the two colours, or let group marks print."))

#: what a player reads a vision type as, in a message
_SEEN = {"normal": "with normal colour vision", "protanopia": "with protanopia (red-blind)",
         "deuteranopia": "with deuteranopia (green-blind)", "tritanopia": "with tritanopia (blue-blind)",
         "greyscale": "printed in greyscale"}


def _report(v: Validator, what: str, a, b, name_a: str, name_b: str, vision: str, diff: float, fix: str) -> None:
    """``a`` and ``b``: the entities whose ``colour`` was compared (a deck's back when it has its own colour)."""
    other = v.loc(b, "colour")
    v.report(COLOUR_CONFUSABLE, a, "colour",
             f"{what} {name_a} ({a.colour}) and {name_b} ({b.colour}, {other}) look alike {_SEEN[vision]}: they "
             f"differ by {diff:.1f} (CIEDE2000; under {MIN_DIFFERENCE:g} two colours read as one at a glance); "
             f"{fix}")


@check(COLOUR_CONFUSABLE)
def _colour_vision(v: Validator) -> None:
    kit = v.kit
    groups = list(kit.board.groups)
    marked = group_marks(kit)  # every group or none
    if marked:  # marks tell apart only groups whose marks differ
        by_mark: dict[str, list] = {}
        for g in groups:
            by_mark.setdefault(marked.get(str(g.id), ""), []).append(g)
        pairs = [p for same in by_mark.values() if len(same) > 1 for p in confusable_pairs(
            [(g, str(g.colour)) for g in same])]
    else:
        pairs = confusable_pairs([(g, str(g.colour)) for g in groups])
    for a, b, vision, diff in pairs:
        if a.id == b.id:  # one id twice is E-id-duplicate's to report
            continue
        shape = marked.get(str(a.id))
        if not marked:
            fix = "change one of the two colours, or print group marks (theme.group_marks: on)"
        elif len(groups) > len(SHAPES):  # some groups must share a shape: another mark may be no better
            fix = (f"change one of the two colours (both print the {shape}: {len(groups)} groups share the "
                   f"{len(SHAPES)} mark shapes)")
        else:
            fix = f"give one of them another mark (both print the {shape})"
        _report(v, "the colour groups", a, b, repr(str(a.name)), repr(str(b.name)), vision, diff, fix)

    decks = list(kit.decks)
    for i, a in enumerate(decks):
        for b in decks[i + 1:]:
            # what a back prints: its title (the deck's name by default) in capitals, its icon (the deck's)
            same_face = (str(a.back.title or a.name).upper() == str(b.back.title or b.name).upper()
                         and (a.back.icon or a.icon) == (b.back.icon or b.icon))
            # a back is the deck's colour unless it has its own: the colour compared, and the place named
            pa, pb = (d.back if d.back.colour else d for d in (a, b))
            for _, _, vision, diff in confusable_pairs([(pa, str(pa.colour)), (pb, str(pb.colour))],
                                                       VISIONS if same_face else ("normal",)):
                fix = "change one back's colour" if pa is not a or pb is not b else "change one deck's colour"
                if same_face:
                    fix += ", or give the backs their own titles or icons"
                _report(v, "the card backs of", pa, pb, repr(str(a.name)), repr(str(b.name)), vision, diff, fix)

    for kind, holder in (("notes", kit.money.notes), ("chips", kit.money.chips)):
        if holder is None:
            continue
        ds = list(holder.denominations)
        for a, b, vision, diff in confusable_pairs([(d, str(d.colour)) for d in ds], ("normal",)):
            _report(v, f"the {kind} of", a, b, v.money(int(a.value)), v.money(int(b.value)), vision, diff,
                    "change one of the two colours")
