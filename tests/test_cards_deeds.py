"""A banded title deed's name stands in the middle of the band's room under its label, on every card of every
kit, with a subtitle or without; a subtitle hangs under it, inside the band."""
import pytest

from kits_cache import checked
from pnp.fonts import PT
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.scene import walk_text

KITS = ["etymonopoly", "euronopoly", "moneyloopy", "monopoly-2-3", "tahiti"]


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deeds_name_stands_in_the_middle_of_its_band(kit_id):
    """Euronopoly's and Tahiti's deeds without a subtitle (Vilnius, Amsterdam, Maiao) set their name over an
    empty subtitle's line, 2.6 mm above the middle of the band's room: now every name's capitals are centred in
    the room between the band's foot and the label (within 0.5 mm), every one-line name on one baseline, and a
    subtitle under its name, clear of it and of the band's foot."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, h = cards._size(ctx)
    band_y = h - 4.5 - 20
    baselines = set()
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if not space.group:
            continue
        runs = [r for r in walk_text(cards.title_front(ctx, t, space)) if r.y > band_y]
        label = [r for r in runs if r.font == ctx.fonts.body]
        name = [r for r in runs if r.font == ctx.fonts.heading]
        sub = [r for r in runs if r.font == ctx.fonts.italic]
        room_top = min(r.y for r in label) - 0.2 * label[0].size * PT  # under the label's descenders
        cap_top = max(r.y + 0.72 * r.size * PT for r in name)
        foot = min(r.y for r in name)
        lines = {round(r.y, 2) for r in name}
        if len(lines) == 1:
            baselines.add(round(foot, 2))
        if not sub or len(lines) == 1:
            assert abs((cap_top + foot) / 2 - (room_top + band_y) / 2) < 0.5, (t.space, cap_top, foot, room_top)
        if sub:
            assert max(r.y + 0.72 * r.size * PT for r in sub) < foot - 1.0, t.space
            assert min(r.y - 0.2 * r.size * PT for r in sub) > band_y + 0.3, t.space
    assert len(baselines) == 1, baselines


@pytest.mark.parametrize("kit_id", KITS)
def test_a_deeds_name_keeps_clear_of_its_bands_ends(kit_id):
    """Moneyloopy's "CONNECTICUT AVENUE" ran almost edge to edge in its band (about 1 mm clear, a publisher's
    review): every run of a banded deed's name and subtitle stays 3 mm or more inside the band's ends (a long name
    takes two lines), on the card and on its continued cards."""
    kit, problems = checked(kit_id)
    ctx = Ctx(kit, problems=problems)
    w, h = cards._size(ctx)
    band_x0, band_x1 = 4.5, w - 4.5  # the band's ends, as title_front draws it
    seen = 0
    for t in kit.titles.titles:
        space = kit.board.space(t.space)
        if not space.group:
            continue
        for face in cards.title_fronts(ctx, t, space):
            for r in walk_text(face):
                if r.y < h - 4.5 - 20 or r.font == ctx.fonts.body:  # under the band, or its small label
                    continue
                left = {"start": r.x, "middle": r.x - r.width / 2, "end": r.x - r.width}[r.anchor]
                assert left - band_x0 >= 3.0 - 1e-6 and band_x1 - (left + r.width) >= 3.0 - 1e-6, \
                    (kit_id, t.space, r.text, round(left - band_x0, 2), round(band_x1 - left - r.width, 2))
                seen += 1
    assert seen
