"""A layout's fits are told (their problems reported, their runs' sources noted) once, where the layout is taken:
a deck's faces laid out quietly to find its text size, then taken as its cards' faces, tell the build's context
each fit once, and the quiet context that recorded them tells nothing itself. The context's memo of fits is keyed
by every input of a fit: a changed input is a new fit."""
from conftest import ROOT, loaded
from pnp import scene
from pnp.layout import cards
from pnp.layout.common import Ctx, text_key


def _runs(shape):
    if isinstance(shape, scene.Group):
        for child in shape.children:
            yield from _runs(child)
    elif isinstance(shape, scene.Text):
        yield shape


def test_a_decks_faces_tell_each_fit_once_where_they_are_taken():
    kit, problems = loaded(ROOT / "content" / "etymonopoly", checked=True)
    ctx = Ctx(kit, problems=problems)
    made = []
    quiet_of = Ctx.quiet

    def spy(self, record=False):
        q = quiet_of(self, record)
        made.append((record, q))
        return q

    Ctx.quiet = spy
    try:
        items = cards.deck_items(ctx)
    finally:
        Ctx.quiet = quiet_of
    taken = [v[1] for k, v in ctx.memo.items() if isinstance(k, tuple) and k[0] == "deck-faces"]
    assert taken and not any(taken)  # each face measured is let go as its card takes it
    recording = [q for record, q in made if record]
    assert recording and all(q.recorded for q in recording)
    assert all(not q.sources and not q.problems.items for q in recording)  # told where taken, not here
    for it in items:
        card = it.source
        for t in _runs(it.front):
            told = ctx.sources.get(text_key(t), [])
            if t.text.strip() and any(src is card for src, _, _ in told):
                # one telling per fit of this card: the card's copies share one face
                fields = [name for src, name, _ in told if src is card]
                assert len(fields) == len(set(fields)), (it.id, t.text, fields)


def test_a_fit_is_kept_by_every_input_and_a_changed_one_is_fitted_anew():
    kit, problems = loaded(ROOT / "content" / "etymonopoly", checked=True)
    ctx = Ctx(kit, problems=problems)
    f = ctx.fonts
    game = kit.game
    box = (5.0, 5.0, 40.0, 10.0)
    first = ctx.fit("Go to jail", box, f.body, 10.0, game, "title")
    assert len(ctx.fitted) == 1
    again = ctx.fit("Go to jail", box, f.body, 10.0, game, "title")
    assert len(ctx.fitted) == 1 and again.shapes == first.shapes and again.shapes is not first.shapes
    for changed in (("Go to gaol", box, f.body, 10.0, {}), ("Go to jail", (5.0, 5.0, 41.0, 10.0), f.body, 10.0, {}),
                    ("Go to jail", box, f.heading, 10.0, {}), ("Go to jail", box, f.body, 9.0, {}),
                    ("Go to jail", box, f.body, 10.0, {"mode": "para"}),
                    ("Go to jail", box, f.body, 10.0, {"align": "left"})):
        n = len(ctx.fitted)
        text, b, font, size, kw = changed
        ctx.fit(text, b, font, size, game, "title", **kw)
        assert len(ctx.fitted) == n + 1, changed


def test_letting_fittings_caches_go_changes_no_fit():
    from pnp import fonts, text, typeset
    from pnp.rules import language

    kit, problems = loaded(ROOT / "content" / "tahiti", checked=True)
    ctx = Ctx(kit, problems=problems)
    f = ctx.fonts
    args = ("Payez 400'000 F à la banque : « tout de suite » !", (5.0, 5.0, 30.0, 20.0), f.body, 10.0, kit.game, "title")
    first = ctx.fit(*args, mode="para")
    ctx.forget_fits()  # the part's fits and fitting's caches go
    assert not ctx.fitted and not ctx.sources
    for cached in (typeset._typeset, fonts.em_width, fonts.split_runs, text._layout_lines):
        assert cached.cache_info().currsize == 0
    assert ctx.fit(*args, mode="para") == first
    assert language._words_in("Payez la banque")
    language.let_go()
    assert language._words_in.cache_info().currsize == 0


def test_a_fits_plans_are_made_once_per_sizes_and_as_before():
    from pnp import text

    text._plans.cache_clear()
    sizes = text._sizes(10.5, 6.0)
    label = text._plans(10.5, 6.0, 9.5)
    assert label == tuple([(s, True) for s in sizes if s >= 9.5 - 1e-9] + [(s, False) for s in sizes])
    assert text._plans(10.5, 6.0, None) == tuple((s, False) for s in sizes)
    assert text._plans(10.5, 6.0, 9.5) is label  # every title of a deck tries the same plans, made once
    assert text._plans(10.5, 6.0, 9.0) != label  # another wrap size is other plans
