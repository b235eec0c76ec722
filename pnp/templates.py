"""Card and board texts may be Jinja2 templates over the game's data.

``Collect {{ salary | money }}`` or ``Advance to {{ space('irish').name }}``.
Rendering is sandboxed and undefined names are errors reported at the text's line.
"""
from __future__ import annotations

from .model import Kit
from .money import format_money
from .problems import Problems
from .rules.schema import (TEMPLATE_ERROR, TEMPLATE_LIMIT, TEMPLATE_REFERENCE, TEMPLATE_SYNTAX, TEMPLATE_UNDEFINED,
                           TEMPLATE_UNSAFE)
from .schema import Entity, field_names
from .values import Text


class TemplateLookupError(Exception):
    pass


class TemplateLimit(Exception):
    """A text's template did too much (loop steps, output length, time)."""


#: a text's template may take at most this many loop steps, make this many characters, run this long
MAX_STEPS = 10_000
MAX_OUTPUT = 20_000
MAX_SECONDS = 1.0
#: what a template may not reach: where a value was written (it would print a path of the maker's
#: machine), and the str methods that pad or format to any width
_HIDDEN = frozenset({"loc", "locs", "path", "at", "sub"})
_WIDENING = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs", "format", "format_map", "replace",
                       "join"})


class _Budget:
    """One text's allowance of loop steps and time, renewed for every text."""

    def __init__(self):
        self.steps = 0
        self.deadline = 0.0

    def renew(self) -> None:
        import time

        self.steps = 0
        self.deadline = time.perf_counter() + MAX_SECONDS

    def step(self, n: int = 1) -> None:
        import time

        self.steps += n
        if self.steps > MAX_STEPS:
            raise TemplateLimit(f"more than {MAX_STEPS} loop steps")
        if time.perf_counter() > self.deadline:
            raise TemplateLimit(f"more than {MAX_SECONDS:g} s of work")


def _sandbox(budget: _Budget):
    """An immutable sandbox (no .update(), .append() ... on the game's data) that hides internals, counts
    loop steps and refuses to make text or lists longer than MAX_OUTPUT."""
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Sandbox(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset({"*", "**", "%"})

        def is_safe_attribute(self, obj, attr, value):
            if attr in _HIDDEN or (isinstance(obj, str) and attr in _WIDENING):
                return False
            return super().is_safe_attribute(obj, attr, value)

        def call_binop(self, context, operator, left, right):
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_OUTPUT:
                        raise TemplateLimit(f"{len(seq)} item(s) repeated {n} times would make more than {MAX_OUTPUT}")
            if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
                raise TemplateLimit("a power above 64")
            if operator == "%" and isinstance(left, str):
                import re

                if any(int(w) > 100 for w in re.findall(r"%[-+ #0]*(\d+)", left)):
                    raise TemplateLimit("a % format wider than 100 characters")
            budget.step()
            return super().call_binop(context, operator, left, right)

    env = Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)
    for name in ("center", "indent", "format", "wordwrap", "urlize", "filesizeformat"):  # pad to any width
        env.filters.pop(name, None)

    def counted_range(*args):
        r = range(*args)
        if len(r) > MAX_STEPS:
            raise TemplateLimit(f"range of {len(r)} values (at most {MAX_STEPS})")

        def steps():
            for i in r:
                budget.step()
                yield i
        return steps()

    env.globals["range"] = counted_range
    return env


def make_environment(kit: Kit):
    """The sandboxed Jinja2 environment and the names texts may use."""
    import jinja2  # only kits whose texts hold templates pay for importing Jinja2

    budget = _Budget()
    env = _sandbox(budget)
    env.pnp_budget = budget
    def money(value):
        if isinstance(value, jinja2.Undefined):
            value._fail_with_undefined_error()  # report the unknown name, not a formatting error
        return format_money(value, kit.game.currency)

    env.filters["money"] = money

    def space(sid):
        found = kit.board.space(str(sid))
        if found is None:
            raise TemplateLookupError(f"space({sid!r}): no space with that id on the board")
        return found

    def deck(did):
        found = kit.deck(str(did))
        if found is None:
            raise TemplateLookupError(f"deck({did!r}): no deck with that id")
        return found

    def title(sid):
        found = next((t for t in kit.titles.titles if t.space == sid), None)
        if found is None:
            raise TemplateLookupError(f"title({sid!r}): no title card for that space")
        return found

    rules = kit.game.rules
    context = {
        "game": kit.game,
        "rules": rules,
        "currency": kit.game.currency,
        **_derived(kit),
        "starting_money": kit.game.money.starting,
        "space": space,
        "deck": deck,
        "title": title,
    }
    context.update(kit.game.data)
    return env, context


def _derived(kit: Kit) -> dict:
    """Values worked out from the board: ``salary`` (what passing the start pays) and ``jail_fine`` (the first
    jail's fine). A value the board does not give is left out, so a text naming it is an undefined-name error."""
    out = {}
    salary = kit.salary()
    if salary is not None:
        out["salary"] = salary
    fine = next((s.jail.fine for s in kit.jails() if s.jail.fine is not None), None)
    if fine is not None:
        out["jail_fine"] = fine
    return out


def render_text(env, context, source: str) -> str:
    """Render one text within its allowance: MAX_STEPS loop steps, MAX_OUTPUT characters, MAX_SECONDS (a
    timer interrupts a render that runs on outside the counted steps, where the platform has one)."""
    budget = getattr(env, "pnp_budget", None) or _Budget()
    budget.renew()
    with _deadline():
        out = env.from_string(source).render(context)
    if len(out) > MAX_OUTPUT:
        raise TemplateLimit(f"the text is {len(out)} characters long (at most {MAX_OUTPUT})")
    return out


class _deadline:
    """Raise TemplateLimit in the main thread when a render outlives MAX_SECONDS (POSIX interval timer)."""

    def __enter__(self):
        import signal
        import threading

        self.armed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if self.armed:
            def expire(signum, frame):
                raise TemplateLimit(f"more than {MAX_SECONDS:g} s of work")

            self.previous = signal.signal(signal.SIGALRM, expire)
            signal.setitimer(signal.ITIMER_REAL, MAX_SECONDS + 0.5)
        return self

    def __exit__(self, *exc):
        if self.armed:
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
        return False


def render_all(kit: Kit, problems: Problems) -> None:
    """Render every ``Text`` field of the kit in place; report failures where the text was written."""
    env = _LazyEnvironment(kit)
    roots = [kit.game, kit.board, kit.titles, *kit.decks, kit.money, kit.counters, kit.reference]
    for root in roots:
        _walk(root, env, problems)


class _LazyEnvironment:
    """Builds the environment the first time a text needs it."""

    def __init__(self, kit: Kit):
        self.kit = kit
        self.pair = None

    def get(self):
        if self.pair is None:
            self.pair = make_environment(self.kit)
        return self.pair


def _walk(obj, env: _LazyEnvironment, problems: Problems) -> None:
    if isinstance(obj, list):
        for item in obj:
            _walk(item, env, problems)
        return
    if not isinstance(obj, Entity):
        return
    for name in field_names(type(obj)):
        value = getattr(obj, name)
        if isinstance(value, Text):
            setattr(obj, name, _render_one(obj, name, value, env, problems))
        elif isinstance(value, list) and value and isinstance(value[0], Text):
            setattr(obj, name, [_render_one(obj, name, v, env, problems) for v in value])
        elif isinstance(value, (Entity, list)):
            _walk(value, env, problems)


def _render_one(obj: Entity, name: str, source: Text, lazy: _LazyEnvironment, problems: Problems) -> Text:
    if "{" not in source:
        return source
    import jinja2

    env, context = lazy.get()
    loc, path = obj.at(name), obj.sub(name)
    try:
        return Text(render_text(env, context, source))
    except jinja2.UndefinedError as exc:
        problems.report(TEMPLATE_UNDEFINED, loc, path,
                        f"{exc.message}; known names: {', '.join(sorted(k for k in context if not k.startswith('_')))}")
    except jinja2.TemplateSyntaxError as exc:
        problems.report(TEMPLATE_SYNTAX, loc, path, f"template syntax error: {exc.message}")
    except TemplateLookupError as exc:
        problems.report(TEMPLATE_REFERENCE, loc, path, str(exc))
    except TemplateLimit as exc:
        problems.report(TEMPLATE_LIMIT, loc, path, f"the template does too much: {exc}; a text shows a few values, "
                                                   f"simplify it")
    except (MemoryError, RecursionError) as exc:
        problems.report(TEMPLATE_LIMIT, loc, path, f"the template does too much ({type(exc).__name__}); simplify it")
    except jinja2.exceptions.SecurityError as exc:
        problems.report(TEMPLATE_UNSAFE, loc, path, f"not allowed in a template: {exc}")
    except Exception as exc:  # any other failure inside a designer's expression is a content error
        problems.report(TEMPLATE_ERROR, loc, path, f"template failed: {exc}")
    return source
