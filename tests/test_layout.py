"""Card layouts keep their lines apart, whatever the content adds."""
from pnp.build import load_valid
from pnp.layout import cards
from pnp.layout.common import Ctx
from pnp.problems import Problems
from pnp.scene import walk_text

from conftest import edit


def test_extra_title_lines_never_overlap_the_ladder(mini):
    edit(mini / "titles.yaml", "trade_value: 30}",
         "trade_value: 30, rows: [{label: Sale value, amount: 30}, {label: Remote-buy premium, amount: 45}]}")
    problems = Problems()
    kit = load_valid(mini, problems)
    assert kit is not None, [str(p) for p in problems.items]
    ctx = Ctx(kit, problems=problems)
    title = kit.titles.titles[0]
    front = cards.title_front(ctx, title, kit.board.space(title.space))
    left = sorted({round(t.y, 2) for t in walk_text(front) if abs(t.x - 6) < 0.01}, reverse=True)
    assert len(left) == 7 + 2 + 2  # ladder, extra lines, costs
    gaps = [a - b for a, b in zip(left, left[1:])]
    assert min(gaps) >= 3.0, gaps  # 7 pt text needs about 2.5 mm
    assert not problems.errors
