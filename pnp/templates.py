"""Card and board texts may be Jinja2 templates over the game's data.

``Collect {{ salary | money }}`` or ``Advance to {{ space('irish').name }}``.
Rendering is sandboxed and undefined names are errors reported at the text's line.
"""
from __future__ import annotations

from .model import Kit
from .money import format_money
from .problems import Problems
from .rules.schema import TEMPLATE_ERROR, TEMPLATE_REFERENCE, TEMPLATE_SYNTAX, TEMPLATE_UNDEFINED, TEMPLATE_UNSAFE
from .schema import Entity, field_names
from .values import Text


class TemplateLookupError(Exception):
    pass


def make_environment(kit: Kit):
    """The sandboxed Jinja2 environment and the names texts may use."""
    import jinja2  # only kits whose texts hold templates pay for importing Jinja2
    from jinja2.sandbox import SandboxedEnvironment

    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False,
                               keep_trailing_newline=False)
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
    return env.from_string(source).render(context)


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
    except jinja2.exceptions.SecurityError as exc:
        problems.report(TEMPLATE_UNSAFE, loc, path, f"not allowed in a template: {exc}")
    except Exception as exc:  # any other failure inside a designer's expression is a content error
        problems.report(TEMPLATE_ERROR, loc, path, f"template failed: {exc}")
    return source
