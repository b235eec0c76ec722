"""The bundled kits' rules booklets laid out once per test session, for the tests that only read them.

Several test files judge the same unmodified bundled booklets (content/<kit>, its own language or an edition's) with
the default options: each layout takes 0.2-0.5 s, and until this cache each test made its own. ``checked(kit)`` gives
the loaded kit alone (each load 0.05-0.1 s) to the tests that lay out parts of it in a context of their own. ``bundled(kit, lang)``
loads the kit (``load_valid``, as a build does), and lays out its booklet on first use: ``flowed`` is
``set_pages(ctx)``, ``pages`` is ``booklet_pages(ctx)``, ``unfeathered`` is ``set_pages(..., feather=False)`` on a
context of its own. What it returns is shared: a test reads it and never changes it.

Never for a test that changes what a layout reads (a patched constant of pnp/layout/booklet.py such as SIDE_ROWS or
HEAD_LINES, a patched function, an edited kit): such a test lays out its own. As a guard, every use compares the
booklet module's constants and functions with those it found when first imported, and fails the test that patched
them rather than hand it (or cache for others) a layout of the patched code.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from pnp.build import load_valid
from pnp.editions import Edition
from pnp.layout import booklet
from pnp.layout.common import Ctx
from pnp.problems import Problems

ROOT = Path(__file__).resolve().parent.parent


def _module_state() -> dict:
    """What a layout of pnp/layout/booklet.py reads from its module: its constants and its functions."""
    return {name: value for name, value in vars(booklet).items()
            if not name.startswith("__") and (name.isupper() or callable(value))}


_PRISTINE = _module_state()


def _unpatched() -> None:
    changed = sorted(name for name, value in _module_state().items() if _PRISTINE.get(name, object()) is not value)
    changed += sorted(set(_PRISTINE) - set(_module_state()))
    assert not changed, (f"pnp.layout.booklet is patched ({', '.join(changed)}): a test that patches it lays out its "
                         f"own booklet, not the shared one of tests/kits_cache.py")


@dataclass
class Bundled:
    """A bundled kit loaded as an edition, and its booklet laid out on first use (read only)."""

    kit: str
    lang: str | None
    game: object
    problems: Problems  # what loading and laying out reported (a layout may add warnings)
    loaded: Problems  # what loading reported, kept apart from what layouts add (``checked`` copies it)
    ctx: Ctx
    _done: dict = field(default_factory=dict)

    def _once(self, what: str, make):
        _unpatched()
        if what not in self._done:
            self._done[what] = make()
        return self._done[what]

    @property
    def flowed(self):
        """``set_pages(ctx)``: (the flowed ``_Pages``, the page each section begins on)."""
        return self._once("flowed", lambda: booklet.set_pages(self.ctx))

    @property
    def pages(self) -> list:
        """``booklet_pages(ctx)``: one item a page, the cover first."""
        return self._once("pages", lambda: booklet.booklet_pages(self.ctx))

    @property
    def unfeathered(self):
        """``set_pages(..., feather=False)[0]`` on a context of its own: the flow before feathering."""
        return self._once("unfeathered", lambda: booklet.set_pages(Ctx(self.game, problems=Problems()),
                                                                   feather=False)[0])


@functools.cache
def _bundled(kit: str, lang: str | None) -> Bundled:
    problems = Problems()
    game = load_valid(ROOT / "content" / kit, problems, Edition(lang=lang))
    assert game is not None, [str(p) for p in problems.sorted()]
    on_loading = Problems()
    on_loading.extend(problems)
    return Bundled(kit, lang, game, problems, on_loading, Ctx(game, problems=problems))


def checked(kit: str) -> tuple:
    """(kit, problems) as ``conftest.loaded(ROOT / "content" / kit, checked=True)`` gives them: the kit loaded once a
    session and shared (read only: a test builds its own ``Ctx`` of it, and never changes it), the problems a copy
    of what loading reported, the test's own to add to."""
    shared = bundled(kit)
    problems = Problems()
    problems.extend(shared.loaded)
    return shared.game, problems


def bundled(kit: str, lang: str | None = None) -> Bundled:
    """content/<kit> as the edition in ``lang`` (None: its own language), loaded once a session."""
    _unpatched()
    return _bundled(kit, lang)
