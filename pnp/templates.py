"""Card and board texts may be Jinja2 templates over the game's data.

``Collect {{ salary | money }}`` or ``Advance to {{ space('irish').name }}``.
Rendering is sandboxed and undefined names are errors reported at the text's line.

What a template can and cannot do (README.md, "Safety"):

* It reads the game's values and nothing else: the names the E-template-undefined message lists, the
  content fields of model objects (``space('go').name``, ``game.players.max``, and plain lookups such as
  ``space('tax').amount``), items of lists and mappings, and the methods in ``_METHODS`` (``'x'.upper()``,
  ``data.get('k')``). Where a value was written (``loc``, ``locs``, ``path``), the model's methods and
  anything starting with ``_`` are refused (E-template-unsafe), so no text can print a path of the maker's
  machine.
* It changes nothing: the sandbox is immutable (``rules.deck_sizes.update(...)`` is refused), so the
  validator checks exactly what the files say.
* It is bounded (E-template-limit, the numbers below): loop iterations and calls, the length of its
  source, of the text and of every value built on the way, the characters written and built in all, and
  time. Sizes are predicted before the work where a single step could allocate a lot (``'a' * 10**9``,
  ``range(10**9)``, ``'x'.ljust(10**9)``, ``'%999999999s' % x``, ``2 ** 10**9``, ``batch(10**9)``), so such
  a text fails at once without the memory; the deadline, checked on every loop iteration, call, operator,
  filter and output, catches the rest.

The checks sit where Jinja2 lets a sandbox intervene: attribute and method access, calls, operators
(``intercepted_binops``), filters (each wrapped), ``finalize`` (every printed value) and a code generator
that routes loops, list/tuple/dict literals, ``~`` and literal output through the guard. No signal or
thread is involved, so rendering behaves the same in any thread.
"""
from __future__ import annotations

import gc
import math
import re
import time
from functools import lru_cache

from .model import Kit
from .money import format_money
from .problems import Problems
from .rules.schema import (TEMPLATE_ERROR, TEMPLATE_LIMIT, TEMPLATE_REFERENCE, TEMPLATE_SYNTAX, TEMPLATE_UNDEFINED,
                           TEMPLATE_UNSAFE)
from .schema import Entity, field_names
from .template_cache import CodeCache
from .values import Text
from .words import spelled

#: the name under which a text's language reaches its filters (``words``); not a name a text may read
LANGUAGE = "_language"
#: the longest text a template may render, and the largest value (text, list) it may build on the way, in
#: characters. The longest rendered text in the five kits is 475 characters (a reference card); a 57 x 89 mm
#: card at the 6 pt minimum shows about 2,500, a board panel a few thousand.
MAX_OUTPUT = 20_000
#: the longest text that holds {{ }} or {% %}: compiling is the one step no limit can interrupt, and a
#: 10,000-character text of the densest expressions compiles in ~0.6 s (the kits' longest template is 768)
MAX_SOURCE = 10_000
#: the most digits a number may have (Python itself refuses to print numbers over 4300 digits)
MAX_DIGITS = 4_000
#: loop iterations plus calls (space(...), macros, methods) per text. The kits' loops run at most 10 times;
#: a table written out by a loop needs hundreds. 10,000 simple iterations take ~10 ms.
MAX_STEPS = 10_000
#: characters written (also inside {% set %} blocks and macros) and built (each text and list made) per
#: text, in all: bounds the memory a text can hold to a few MB.
MAX_WORK = 50 * MAX_OUTPUT
#: seconds one text may take to render. The kits' texts take under 4 ms each (all 196 templates of the five
#: kits ~0.17 s, mostly compiling); 0.5 s keeps a hostile text's error within a second of start-up.
MAX_SECONDS = 0.5
#: the clock the time limits read: this thread's CPU time, not the wall's, so that a busy machine (a print
#: queue, a second build) cannot make a text that renders at once on a quiet one fail; a template does no I/O
#: and cannot wait, so what would hang spends CPU time all the same
_clock = time.thread_time
#: CPU seconds the garbage collector has spent (in whichever thread it ran), and when the collection under way
#: began: a collection is the process's housekeeping, not the text's work, and a process holding much (a long test
#: run, a watch session) may spend a tenth of a second in one; the deadlines do not count it
_gc = {"spent": 0.0, "began": None}


def _gc_watch(phase: str, info: dict) -> None:
    if phase == "start":
        _gc["began"] = _clock()
    elif _gc["began"] is not None:
        _gc["spent"] += max(0.0, _clock() - _gc["began"])
        _gc["began"] = None


gc.callbacks.append(_gc_watch)


def _work() -> float:
    """This thread's CPU seconds, less what garbage collection took: the clock the deadlines read."""
    return _clock() - _gc["spent"]

#: seconds all texts of a kit may take together, so many slow texts cannot add up to a hang; when they are
#: spent, the text being rendered is reported and the texts after it are left unrendered.
MAX_KIT_SECONDS = 2.0

#: methods a template may call, by the type of the value; every other method (and every method of other
#: objects, model objects included) is refused. None of these changes its object.
_METHODS = {
    str: frozenset({
        "capitalize", "casefold", "center", "count", "endswith", "find", "format", "format_map", "index",
        "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier", "islower", "isnumeric",
        "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower", "lstrip", "partition",
        "removeprefix", "removesuffix", "replace", "rfind", "rindex", "rjust", "rpartition", "rsplit",
        "rstrip", "split", "splitlines", "startswith", "strip", "swapcase", "title", "upper", "zfill"}),
    dict: frozenset({"get", "items", "keys", "values"}),
    list: frozenset({"count", "index"}),
    tuple: frozenset({"count", "index"}),
}
#: filters not offered: HTML/JavaScript output a card cannot use, whose size cannot be bounded beforehand
_DROPPED_FILTERS = ("tojson", "urlize")
#: globals not offered: lipsum (random placeholder text: builds must be byte-identical)
_DROPPED_GLOBALS = ("lipsum",)


class TemplateLookupError(Exception):
    pass


class TemplateLimit(Exception):
    """A text went over one of the limits above; the message says which and what to do."""

    def __init__(self, message: str, kit_wide: bool = False):
        super().__init__(message)
        self.kit_wide = kit_wide  # the kit's time ran out: the texts after this one are not rendered


_KIT_TIME = (f"the kit's templates took more than {MAX_KIT_SECONDS:g} s together (time limit per kit); this text "
             "and the texts after it were not rendered: simplify the slow texts")


def _digits(n: int) -> int:
    return int(n.bit_length() * 0.30103) + 1


def _show(n) -> str:
    """A number for a message (ints too long to print whole are shown by size)."""
    if isinstance(n, int) and not isinstance(n, bool) and n.bit_length() > 64:
        return f"about 10**{_digits(n) - 1}"
    return str(n)


def _too_big(what: str, size: int, unit: str = "characters") -> TemplateLimit:
    return TemplateLimit(
        f"{what} would make {_show(size)} {unit}; a text and every value in it are limited to {MAX_OUTPUT} "
        f"characters (output limit): shorten the text or what it repeats")


def _too_long_number(what: str, digits: int) -> TemplateLimit:
    return TemplateLimit(
        f"{what} would make a number of {_show(digits)} digits; numbers in a text are limited to {MAX_DIGITS} "
        "digits (output limit): no game needs more")


def _number(part: str | None, values) -> int:
    """A width or precision in a format spec: digits, or '*'/'{..}' taken from the arguments."""
    if not part:
        return 0
    if not part.isdigit():  # '*' or a nested field: the largest int argument
        return max((abs(v) for v in values if isinstance(v, int)), default=0)
    return 10 ** 9 if len(part) > 9 else int(part)


#: (as text: ``re`` compiles them when a text first formats with % or format(), which most kits never do)
_PRINTF = r"%(?:\([^)]*\))?[#0 +\-]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]"
_SPEC_NUMBER = r"\d+|\{[^{}]*\}"


@lru_cache(maxsize=None)
def _readable(cls) -> tuple[str, ...]:
    """What a template may read on a model object: its content fields and properties (plain lookups)."""
    props = [n for c in cls.__mro__ for n, v in vars(c).items() if isinstance(v, property) and not n.startswith("_")]
    return tuple(dict.fromkeys([*field_names(cls), *props]))


@lru_cache(maxsize=None)
def _classes():
    """The sandbox classes (built on first use: only kits whose texts hold templates import Jinja2)."""
    import string
    import types

    import jinja2
    from jinja2.compiler import CodeGenerator
    from jinja2.runtime import LoopContext
    from jinja2.sandbox import ImmutableSandboxedEnvironment, modifies_known_mutable
    from jinja2.utils import Cycler, Joiner, Namespace

    helpers = (LoopContext, Cycler, Joiner, Namespace)
    views = (type({}.keys()), type({}.values()), type({}.items()))

    class Generator(CodeGenerator):
        """Routes what the sandbox's own hooks do not see through the guard: every loop iteration, list,
        tuple and dict literal, ``~`` and literal text written (inside blocks and macros too)."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.pnp_counted: set[int] = set()  # ids of the loops' iterable nodes

        def visit_For(self, node, frame):
            self.pnp_counted.add(id(node.iter))
            super().visit_For(node, frame)

        def visit(self, node, *args, **kwargs):
            if id(node) not in self.pnp_counted:
                return super().visit(node, *args, **kwargs)
            self.write("environment.pnp_loop(")
            super().visit(node, *args, **kwargs)
            self.write(")")

        def _checked(self, visit, node, frame):
            self.write("environment.pnp_value(")
            visit(node, frame)
            self.write(")")

        def visit_List(self, node, frame):
            self._checked(super().visit_List, node, frame)

        def visit_Dict(self, node, frame):
            self._checked(super().visit_Dict, node, frame)

        def visit_Tuple(self, node, frame):
            if node.ctx == "load":
                self._checked(super().visit_Tuple, node, frame)
            else:  # an assignment or loop target
                super().visit_Tuple(node, frame)

        def visit_Concat(self, node, frame):
            self._checked(super().visit_Concat, node, frame)

        def _output_const_repr(self, group):
            return f"environment.pnp_text({super()._output_const_repr(group)})"

    class Guard:
        """The limits of the text being rendered: steps, characters made, deadline."""

        def __init__(self):
            self.steps = 0
            self.made = 0
            self.deadline = float("inf")
            self.seconds = MAX_SECONDS
            self.kit_wide = False
            self.entity_sizes: dict[int, int] = {}

        def start(self, seconds: float, kit_wide: bool) -> None:
            self.steps = 0
            self.made = 0
            self.seconds = seconds
            self.deadline = _work() + seconds
            self.kit_wide = kit_wide

        def compiled(self) -> None:
            """The text is compiled: what Jinja2 computed while compiling (constant filters), and the time it
            took, are not counted, so a text's limits hold the same whether its code was compiled now or kept
            (pnp/template_cache.py), and a first text does not pay for Jinja2's first compile (its imports, on a
            loaded machine: Tahiti's first space name failed its 0.5 s under CI's floors run). A kit-wide
            deadline keeps running: it bounds the whole kit, compiling included."""
            self.steps = 0
            self.made = 0
            if not self.kit_wide:
                self.deadline = _work() + self.seconds

        def clock(self) -> None:
            if _work() > self.deadline:
                raise TemplateLimit(_KIT_TIME, kit_wide=True) if self.kit_wide else TemplateLimit(
                    f"the text took more than {MAX_SECONDS:g} s to render (time limit per text): loop over fewer "
                    "items or write the text out")

        def step(self) -> None:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise TemplateLimit(
                    f"the text runs more than {MAX_STEPS} loop iterations and calls (loop limit per text): loop "
                    "over fewer items or write the text out")
            self.clock()

        def charge(self, n: int) -> None:
            self.made += n
            if self.made > MAX_WORK:
                raise TemplateLimit(
                    f"the text writes and builds more than {MAX_WORK} characters on the way to its result (work "
                    f"limit per text; the text itself may have {MAX_OUTPUT}): loop over fewer items or write "
                    "the text out")
            self.clock()

        def weigh(self, value, limit: int = MAX_OUTPUT, printing: bool = False) -> int:
            """About how many characters ``value`` prints as (a list of lists counts each copy), stopping
            once past ``limit``. When ``printing``, an undefined value inside fails as it would alone."""
            memo: dict[int, int] = {}

            def w(v, depth: int) -> int:
                if printing and isinstance(v, jinja2.Undefined):
                    v._fail_with_undefined_error()
                if isinstance(v, str):
                    return len(v) + 2
                if isinstance(v, bool) or v is None or isinstance(v, float):
                    return 24
                if isinstance(v, int):
                    return _digits(v)
                if isinstance(v, Entity):
                    size = self.entity_sizes.get(id(v))
                    if size is None:
                        size = self.entity_sizes[id(v)] = len(repr(v))
                    return size
                if isinstance(v, views):
                    v = v.mapping
                elif isinstance(v, Namespace):
                    v = object.__getattribute__(v, "_Namespace__attrs")
                if not isinstance(v, (list, tuple, dict, set, frozenset)):
                    return 1  # functions, ranges, loops, generators: short reprs
                key = id(v)
                if key in memo:
                    return memo[key]
                if depth > 100:
                    raise TemplateLimit("this value is nested more than 100 levels deep (output limit): a text "
                                        "needs no lists within lists that deep")
                memo[key] = limit + 1  # a container holding itself counts as too large
                total = 2
                for item in (v.items() if isinstance(v, dict) else v):
                    total += (w(item[0], depth + 1) + w(item[1], depth + 1) + 4 if isinstance(v, dict)
                              else w(item, depth + 1) + 2)
                    if total > limit:
                        break
                memo[key] = total
                return total

            return w(value, 0)

        def size(self, value) -> int:
            return len(value) if isinstance(value, str) else self.weigh(value)

        def made_value(self, value, what: str = "this"):
            """Check a value a template built (not the game's own objects) and count it as work."""
            if isinstance(value, str):
                if len(value) > MAX_OUTPUT:
                    raise _too_big(what, len(value))
                self.charge(len(value))
            elif isinstance(value, int) and not isinstance(value, bool):
                self.digits(_digits(value), what)  # not counted as work: a number is freed at once
                self.clock()
            elif isinstance(value, (list, tuple, dict, set, frozenset)):
                size = self.weigh(value)
                if size > MAX_OUTPUT:
                    raise _too_big(what, size)
                self.charge(len(value))
            else:
                self.clock()
            return value

        def expect(self, size: int, what: str, unit: str = "characters") -> None:
            """A size predicted before doing the work."""
            if size > MAX_OUTPUT:
                raise _too_big(what, size, unit)

        def digits(self, digits: int, what: str) -> None:
            if digits > MAX_DIGITS:
                raise _too_long_number(what, digits)

        # ---- predictions for single steps that could allocate a lot
        def binop(self, op: str, a, b) -> None:
            if op == "*":
                if isinstance(a, int) and isinstance(b, (str, list, tuple)):
                    a, b = b, a
                if isinstance(a, (str, list, tuple)) and isinstance(b, int):
                    self.expect(self.size(a) * b if b > 0 and a else 0,
                                f"repeating {'a text' if isinstance(a, str) else 'a list'} {_show(b)} times")
                elif isinstance(a, int) and isinstance(b, int):
                    self.digits(_digits(a) + _digits(b), "multiplying these numbers")
            elif op == "**" and isinstance(a, int) and isinstance(b, int) and b > 0 and abs(a) > 1:
                self.digits(int(math.log10(abs(a)) * min(b, 10 ** 12)) + 1,
                            f"raising a number to the power {_show(b)}")
            elif op == "+" and isinstance(a, (str, list, tuple)) and isinstance(b, (str, list, tuple)):
                self.expect(self.size(a) + self.size(b), "joining these")
            elif op == "%" and isinstance(a, str):
                self.expect(self.printf_size(a, b), "this % formatting")

        def printf_size(self, fmt: str, args) -> int:
            values = list(args.values()) if isinstance(args, dict) else list(args) if isinstance(args, tuple) \
                else [args]
            biggest = max((self.weigh(v) for v in values), default=0)
            total = len(fmt)
            for m in re.finditer(_PRINTF, fmt):
                total += _number(m.group(1), values) + _number(m.group(2), values) + biggest + 330
            return total

        def format_size(self, fmt: str, args, kwargs) -> int:
            values = [*args, *kwargs.values()]
            biggest = max((self.weigh(v) for v in values), default=0)
            total = len(fmt)
            try:
                fields = list(string.Formatter().parse(fmt))
            except ValueError:
                return total  # str.format reports the broken format itself
            for _literal, name, spec, _conversion in fields:
                if name is not None:
                    total += biggest + 330 + sum(_number(n if n.isdigit() else "*", values)
                                                 for n in re.findall(_SPEC_NUMBER, spec or ""))
            return total

        def method(self, obj, args: tuple, kwargs: dict) -> tuple:
            """Predict the str methods whose result can be far longer than the text."""
            name, s = obj.__name__, obj.__self__
            if name in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
                self.expect(args[0], f"{name}({_show(args[0])})")
            elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
                count = args[2] if len(args) > 2 else kwargs.get("count", -1)
                n = s.count(args[0]) if args[0] else len(s) + 1
                if isinstance(count, int) and count >= 0:
                    n = min(n, count)
                self.expect(len(s) + n * max(len(args[1]) - len(args[0]), 0), "this replace()")
            elif name == "join" and args:
                items = list(args[0])
                self.expect(len(s) * max(len(items) - 1, 0), "joining with this separator")
                args = (items, *args[1:])
            return args

    def filter_check(name: str, args: tuple, kwargs: dict, guard: Guard) -> tuple:
        """Predictions for the filters whose arguments set the size of their result. ``args`` starts with
        the filtered value. Returns the (possibly materialised) arguments."""
        value, rest = args[0], args[1:]

        def arg(i, key, default=None):
            return rest[i] if len(rest) > i else kwargs.get(key, default)

        if name == "center":
            width = arg(0, "width", 80)
            if isinstance(width, int):
                guard.expect(width, f"center({_show(width)})")
        elif name == "indent" and isinstance(value, str):
            width = arg(0, "width", 4)
            per_line = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
            guard.expect(len(value) + per_line * (value.count("\n") + 2), "this indent")
        elif name in ("batch", "slice"):
            count = arg(0, "linecount" if name == "batch" else "slices")
            if isinstance(count, int):
                guard.expect(count, f"{name}({_show(count)})", "lists or items")
        elif name == "wordwrap" and isinstance(value, str):
            wrap = arg(2, "wrapstring")
            if isinstance(wrap, str):
                guard.expect(len(value) + len(wrap) * (len(value) + 1), "wrapping with this wrapstring")
        elif name == "replace" and isinstance(value, str):
            old, new, count = (str(arg(0, "old", "")), str(arg(1, "new", "")), arg(2, "count"))
            n = value.count(old) if old else len(value) + 1
            if isinstance(count, int) and count >= 0:
                n = min(n, count)
            guard.expect(len(value) + n * max(len(new) - len(old), 0), "this replace")
        elif name == "join":
            sep = arg(0, "d", "")
            if isinstance(sep, str) and not isinstance(value, (str, jinja2.Undefined)):
                items = list(value)
                guard.expect(len(sep) * max(len(items) - 1, 0), "joining with this separator")
                args = (items, *rest)
        elif name == "format" and isinstance(value, str):
            guard.expect(guard.printf_size(value, kwargs or tuple(rest)), "this format")
        return args

    def guarded_filter(name: str, func, guard: Guard):
        passes = getattr(func, "jinja_pass_arg", None) is not None  # the first argument is a context

        def run(*args, **kwargs):
            guard.clock()
            if passes:
                args = (args[0], *filter_check(name, args[1:], kwargs, guard))
            else:
                args = filter_check(name, args, kwargs, guard)
            return guard.made_value(func(*args, **kwargs), f"the {name} filter")

        run.__name__ = getattr(func, "__name__", name)
        run.__doc__ = getattr(func, "__doc__", None)
        if passes:
            run.jinja_pass_arg = func.jinja_pass_arg
        return run

    class Environment(ImmutableSandboxedEnvironment):
        """Immutable sandbox that reads only content fields and guards every step (see the module doc)."""

        code_generator_class = Generator
        intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

        def __init__(self, **kwargs):
            super().__init__(finalize=self.pnp_output, **kwargs)
            self.pnp_guard = guard = Guard()
            for name in _DROPPED_FILTERS:
                self.filters.pop(name, None)
            for name in _DROPPED_GLOBALS:
                self.globals.pop(name, None)
            self.filters = {name: guarded_filter(name, f, guard) for name, f in self.filters.items()}
            self.globals["range"] = self.pnp_range

        # ---- what a template may read
        def is_safe_attribute(self, obj, attr, value):
            if isinstance(obj, Entity):
                return attr in _readable(type(obj))
            if not super().is_safe_attribute(obj, attr, value):
                return False
            if not callable(value) or isinstance(obj, helpers):
                return True
            allowed = next((names for kind, names in _METHODS.items() if isinstance(obj, kind)), ())
            return attr in allowed

        def unsafe_undefined(self, obj, attribute):
            kind = type(obj).__name__
            if isinstance(obj, Entity):
                message = (f"{attribute!r} of a {kind} cannot be read by templates (where a value was written "
                           f"and the model's methods are internal); a {kind} has: {', '.join(_readable(type(obj)))}")
            elif not attribute.startswith("_") and modifies_known_mutable(obj, attribute):
                message = (f"{kind}.{attribute}() would change the game's data; templates only read it, so the "
                           "validator checks what the files say")
            elif not attribute.startswith("_") and callable(getattr(obj, attribute, None)):
                allowed = next((names for k, names in _METHODS.items() if isinstance(obj, k)), ())
                message = (f"{kind}.{attribute}() cannot be called in a template; "
                           + (f"the {kind} methods a template may call: {', '.join(sorted(allowed))}" if allowed
                              else f"{kind} values have no methods a template may call"))
            else:
                return super().unsafe_undefined(obj, attribute)
            return self.undefined(message, name=attribute, obj=obj, exc=jinja2.exceptions.SecurityError)

        # ---- the guard's hooks
        def call(__self, __context, __obj, *args, **kwargs):
            guard = __self.pnp_guard
            guard.step()
            if isinstance(__obj, LoopContext) and args:  # loop(children) in a recursive loop
                args = (__self.pnp_loop(args[0]), *args[1:])
            elif isinstance(__obj, types.BuiltinMethodType) and isinstance(getattr(__obj, "__self__", None), str):
                args = guard.method(__obj, args, kwargs)
            result = super().call(__context, __obj, *args, **kwargs)
            return guard.made_value(result, f"calling {getattr(__obj, '__name__', 'this')}()")

        def call_binop(self, context, operator, left, right):
            self.pnp_guard.binop(operator, left, right)
            return self.pnp_guard.made_value(super().call_binop(context, operator, left, right),
                                             f"'{operator}'")

        def wrap_str_format(self, value):
            wrapper = super().wrap_str_format(value)
            if wrapper is None:
                return None
            fmt, guard, is_map = value.__self__, self.pnp_guard, value.__name__ == "format_map"

            def checked(*args, **kwargs):
                mapping = args[0] if is_map and args and isinstance(args[0], dict) else kwargs
                guard.expect(guard.format_size(fmt, () if is_map else args, mapping), "this format()")
                return wrapper(*args, **kwargs)

            checked.__name__ = value.__name__
            return checked

        def pnp_range(self, *args):
            numbers = range(*args)
            try:
                n = len(numbers)
            except OverflowError:
                n = 10 ** 20
            if n > MAX_STEPS:
                raise TemplateLimit(
                    f"range({', '.join(_show(a) for a in args)}) would give {_show(n)} numbers; a text may loop "
                    f"at most {MAX_STEPS} times (loop limit per text): use a smaller range")
            return numbers

        def pnp_loop(self, iterable):
            guard = self.pnp_guard
            for item in iterable:
                guard.step()
                yield item

        def pnp_value(self, value):
            return self.pnp_guard.made_value(value)

        def pnp_text(self, text):
            self.pnp_guard.charge(len(text))
            return text

        def pnp_output(self, value):
            guard = self.pnp_guard
            if not isinstance(value, str):
                if isinstance(value, (list, tuple, dict, set, frozenset, *views, Namespace)):
                    size = guard.weigh(value, printing=True)
                    if size > MAX_OUTPUT:
                        raise _too_big("printing this value", size)
                value = str(value)
            if len(value) > MAX_OUTPUT:
                raise _too_big("printing this value", len(value))
            guard.charge(len(value))
            return value

    return Environment


def make_environment(kit: Kit):
    """The sandboxed Jinja2 environment and the names texts may use."""
    import jinja2  # only kits whose texts hold templates pay for importing Jinja2

    env = _classes()(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False)

    @jinja2.pass_context  # never folded into the compiled code (which is kept between runs): it reads the kit
    def money(_context, value):
        if isinstance(value, jinja2.Undefined):
            value._fail_with_undefined_error()  # report the unknown name, not a formatting error
        return format_money(value, kit.game.currency)

    env.filters["money"] = money

    @jinja2.pass_context  # the text's own language: a translation spells its numbers in its words
    def words(context, value):
        if isinstance(value, jinja2.Undefined):
            value._fail_with_undefined_error()
        return spelled(value, context.get(LANGUAGE, kit.language))

    env.filters["words"] = words

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

    def panel(pid):
        found = next((p for p in kit.board.centre.panels if p.id == pid), None)
        if found is None:
            raise TemplateLookupError(f"panel({pid!r}): no panel with that id in the board's centre")
        return found

    rules = kit.game.rules
    context = {
        "game": kit.game,
        "rules": rules,
        "currency": kit.game.currency,
        **derived(kit),
        "starting_money": kit.game.money.starting,
        "space": space,
        "deck": deck,
        "title": title,
        "panel": panel,
    }
    context.update(kit.game.data)
    return env, context


def derived(kit: Kit) -> dict:
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


def render_text(env, context, source: str, seconds: float = MAX_SECONDS, kit_wide: bool = False,
                cache: CodeCache | None = None) -> str:
    """Render one text within the limits; raises ``TemplateLimit`` when it goes over one. With a ``cache``,
    the text's code is taken from it when it holds it, else compiled and kept in it."""
    if len(source) > MAX_SOURCE:
        raise TemplateLimit(
            f"the text is {len(source)} characters long and holds template expressions; such a text is limited "
            f"to {MAX_SOURCE} characters (source limit): shorten it, or let a loop write the repeated part")
    env.pnp_guard.start(seconds, kit_wide)
    if cache is None:
        template = env.from_string(source)
    else:
        template = env.template_class.from_code(env, cache.code(source, env.compile), env.make_globals(None), None)
    env.pnp_guard.compiled()
    out, length = [], 0
    for chunk in template.generate(context):
        length += len(chunk)
        if length > MAX_OUTPUT:
            raise TemplateLimit(
                f"the text renders to more than {MAX_OUTPUT} characters (output limit per text); a card cannot "
                "show that much: shorten it or loop over fewer items")
        out.append(chunk)
    return "".join(out)


def render_all(kit: Kit, problems: Problems) -> None:
    """Render every ``Text`` field of the kit in place; report failures where the text was written."""
    env = _LazyEnvironment(kit)
    roots = kit.roots()
    for root in roots:
        _walk(root, env, problems)
    env.save()


#: the environment's settings that shape the code Jinja2 compiles a text to
_SYNTAX = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
           "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
           "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized", "autoescape",
           "is_async")


def code_salt(env) -> str | None:
    """What the code Jinja2 compiles a text to depends on besides the text: Jinja2's and Python's versions, this
    module (the code generator, the sandbox and how it is set up), the environment's settings, whether it has a
    ``finalize``, and the names of its filters and tests (Jinja2 refuses an unknown one when compiling). Jinja2
    calls a filter with constant arguments while compiling and keeps the result in the code: a filter that reads
    the kit is ``pass_context``, which Jinja2 never calls early. None when this module's file cannot be read."""
    import hashlib
    import sys
    from pathlib import Path

    import jinja2

    try:
        here = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    except OSError:
        return None
    settings = tuple(getattr(env, name) for name in _SYNTAX)
    return repr((jinja2.__version__, sys.version, here, settings, env.finalize is not None, sorted(env.extensions),
                 sorted(env.filters), sorted(env.tests)))


class _LazyEnvironment:
    """Builds the environment the first time a text needs it; keeps the time the kit's texts have taken, and
    the compiled code of its texts between runs (pnp/template_cache.py)."""

    def __init__(self, kit: Kit):
        self.kit = kit
        self.pair = None
        self.cache: CodeCache | None = None
        self.spent = 0.0  # seconds spent rendering this kit's texts
        self.out_of_time = False  # the kit's time ran out and that was reported

    def get(self):
        if self.pair is None:
            self.pair = make_environment(self.kit)
            salt = code_salt(self.pair[0])
            self.cache = CodeCache(self.kit.root, salt) if salt is not None else None
        return self.pair

    def save(self) -> None:
        if self.cache is not None:
            self.cache.save()


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
            setattr(obj, name, _render_translated(obj, name, value, env, problems))
        elif isinstance(value, list) and value and isinstance(value[0], Text):
            setattr(obj, name, [_render_translated(obj, name, v, env, problems) for v in value])
        elif isinstance(value, (Entity, list)):
            _walk(value, env, problems)


def _unknown_names(env, context, source: str) -> str:
    """An undefined-name error in pnp's words: the names the text reads that neither the game nor the
    environment defines (the report adds Jinja2's own message after it, as the detail)."""
    from jinja2 import meta

    try:
        read = meta.find_undeclared_variables(env.parse(source))
    except Exception:  # it rendered up to the undefined value, so it parses; the report must not fail
        read = set()
    unknown = sorted(n for n in read if n not in context and n not in env.globals)
    if not unknown:  # a missing field or item of a defined value (rules.deck_sizes.nope)
        return "the text reads a value that is not defined"
    return f"unknown name{'s' if len(unknown) > 1 else ''} {', '.join(repr(n) for n in unknown)}"


def _render_translated(obj: Entity, name: str, source: Text, lazy: _LazyEnvironment, problems: Problems) -> Text:
    """A text rendered, and the other languages it is written in (the booklet's lookup prints them)."""
    rendered = _render_one(obj, name, source, lazy, problems, lazy.kit.language)
    if source.translations:
        rendered.__dict__["translations"] = {
            lang: rendered if text is source else _render_one(obj, name, text, lazy, problems, lang)
            for lang, text in source.translations.items()}
    return rendered


def _render_one(obj: Entity, name: str, source: Text, lazy: _LazyEnvironment, problems: Problems,
                lang: str) -> Text:
    if "{" not in source:
        return source
    loc, path = obj.at(name), obj.sub(name)
    left = MAX_KIT_SECONDS - lazy.spent
    if left <= 0 or lazy.out_of_time:  # reported once, at the first text not rendered
        if not lazy.out_of_time:
            lazy.out_of_time = True
            problems.report(TEMPLATE_LIMIT, loc, path, _KIT_TIME)
        return source
    import jinja2

    env, context = lazy.get()
    started = _work()
    try:
        rendered = Text(render_text(env, {**context, LANGUAGE: lang}, source, min(MAX_SECONDS, left),
                                    left < MAX_SECONDS, lazy.cache))
        rendered.source = str(source)  # what was written (the booklet's check looks for literal numbers in it)
        return rendered
    except TemplateLimit as exc:
        lazy.out_of_time = exc.kit_wide
        problems.report(TEMPLATE_LIMIT, loc, path, str(exc))
    except jinja2.UndefinedError as exc:
        problems.report(TEMPLATE_UNDEFINED, loc, path,
                        f"{_unknown_names(env, context, source)} ({exc.message}); "
                        f"known names: {', '.join(sorted(k for k in context if not k.startswith('_')))}")
    except jinja2.TemplateSyntaxError as exc:
        problems.report(TEMPLATE_SYNTAX, loc, path, f"template syntax error: {exc.message}")
    except TemplateLookupError as exc:
        problems.report(TEMPLATE_REFERENCE, loc, path, str(exc))
    except jinja2.exceptions.SecurityError as exc:
        problems.report(TEMPLATE_UNSAFE, loc, path, f"not allowed in a template: {exc}")
    except Exception as exc:  # any other failure inside a designer's expression is a content error
        problems.report(TEMPLATE_ERROR, loc, path, f"template failed: {exc}")
    finally:
        lazy.spent += _work() - started
    return source
