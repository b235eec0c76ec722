"""Find game folders and load one into a ``Kit``: YAML → positioned nodes → typed model → rendered texts.

Finding a game is cheap: PyYAML, the model and Jinja2 are imported by ``load_kit`` (and by ``list_games``,
which reads each game's title), so ``pnp --help`` or a build with nothing to do never pays for them."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import bundled
from .problems import Problems
from .rules.schema import FILE_MISSING, FILE_UNREADABLE  # declarations only: cheap

if TYPE_CHECKING:
    from .editions import Edition
    from .load import Budget
    from .model import Kit

DEFAULT_GAME = "etymonopoly"
#: most deck files a kit may hold (each is read and checked)
MAX_DECK_FILES = 200


@dataclass
class GameRef:
    id: str
    root: Path
    title: str
    bundled: bool = False  # ships with pnp (else: a game under ./content)


class UsageError(Exception):
    """The user asked for something that does not exist (exit code 2)."""


def content_dir() -> Path:
    return Path("content")


def _games_in(base: Path, bundled: bool, titles: bool = True) -> list[GameRef]:
    out = []
    if base.is_dir():
        for d in sorted(base.iterdir()):
            if (d / "game.yaml").is_file():
                out.append(GameRef(d.name, d, _peek_title(d / "game.yaml") if titles else "", bundled))
    return out


def _same_dir(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def local_games(titles: bool = True) -> list[GameRef]:
    """The games under ./content, unless ./content is where the bundled kits live (a checkout of pnp).
    ``titles=False`` leaves the titles empty (reading them loads every game.yaml)."""
    base = content_dir()
    if _same_dir(base, bundled.KITS):
        return []
    return _games_in(base, bundled=False, titles=titles)


def list_games(base: Path | None = None) -> list[GameRef]:
    """The games under ./content first, then the bundled kits (those not shadowed by a local game of that id)."""
    if base is not None:
        return _games_in(base, bundled=False)
    local = local_games()
    ids = {g.id for g in local}
    return local + [g for g in _games_in(bundled.KITS, bundled=True) if g.id not in ids]


def _peek(path: Path, key: str, default: str) -> str | None:
    """A top-level value of a game.yaml, read without loading the kit: ``default`` when the file says nothing of
    it, None when the file cannot be read."""
    from .load import load_file

    node = load_file(path, Problems())
    if node is None or not node.is_map:
        return None
    return str(node.value[key].value) if key in node.value else default


def _peek_title(path: Path) -> str:
    return _peek(path, "title", None) or "(title unreadable: run pnp validate)"


def edition_name(root: Path, lang: str | None) -> str:
    """The game's id, with the language after it for an edition in a language other than the game's own (read
    from game.yaml without loading the kit): what output folders and files of an edition are named."""
    name = Path(root).resolve().name
    own = _peek(Path(root) / "game.yaml", "language", "en")
    return name if lang is None or lang == (own or "").lower() else f"{name}-{lang}"


def default_game() -> str:
    """The single game under ./content when there is one, else the bundled default."""
    local = local_games(titles=False)
    if len(local) == 1:
        return local[0].id
    if len(local) > 1:
        raise UsageError(f"several games are under ./content ({', '.join(g.id for g in local)}): name the one "
                         f"you mean, e.g. pnp build {local[0].id}")
    return DEFAULT_GAME


def resolve_game(name: str | None) -> Path:
    """A game folder: a path to one, a game id under ./content, or a bundled kit."""
    name = name or default_game()
    candidate = Path(name)
    if (candidate / "game.yaml").is_file():
        return candidate
    for base in (content_dir(), bundled.KITS):
        under = base / name
        if (under / "game.yaml").is_file():
            return under
    known = ", ".join(g.id for g in list_games()) or "none found"
    raise UsageError(f"no game {name!r}: not a folder with a game.yaml, a game under ./content, nor a kit that "
                     f"ships with pnp (games: {known})")


def _csv_rows(node, cls, root: Path, problems: Problems, budget: Budget, sources: dict[str, Path]):
    """A file whose list is written ``{csv: FILE}`` gets the CSV's rows there (pnp/csvdata.py, imported only
    for a kit that names a CSV file)."""
    if node is None or not node.is_map or not any(v.is_map and "csv" in v.value for v in node.value.values()):
        return node
    from .csvdata import expand

    return expand(node, cls, root, problems, budget, sources)


def load_kit(root: Path, problems: Problems, edition: Edition | None = None) -> Kit | None:
    """Load a game folder as ``edition`` (its language and players; default: the game's language, players.max).
    Every problem goes to ``problems``; returns None when the model can't be built. An edition the kit does not
    offer raises ``editions.EditionError``."""
    root = Path(root)
    from .editions import Edition, choose, select
    from .fonts import register_kit_fonts
    from .load import Budget, load_file
    from .model import Counters, Kit, MoneySet, Reference, Tables, Titles
    from .parts import FILES
    from .problems import Loc
    from .schema import build
    from .templates import render_all

    register_kit_fonts(root)
    built: dict[str, object] = {}
    many: dict[str, list] = {}
    sources: dict[str, Path] = {}
    budget = Budget()  # one for the whole kit: many files of aliases cost no more than one
    for cf in FILES:
        if cf.many:  # a folder of files, one object each (decks/*.yaml)
            folder, pattern = cf.pattern.split("/", 1)
            objects = many.setdefault(cf.pattern, [])
            where = root / folder
            if os.path.lexists(where) and not where.is_dir():
                problems.report(FILE_UNREADABLE, Loc(str(where)), "",
                                f"{folder} must be a folder of YAML files, one per deck; this is not a folder")
                continue
            if where.is_dir():
                paths = sorted(where.glob(pattern))
                if len(paths) > MAX_DECK_FILES:
                    problems.report(FILE_UNREADABLE, Loc(str(where)), "",
                                    f"{len(paths)} files in {folder}/; a kit has at most {MAX_DECK_FILES}")
                    continue
                for path in paths:
                    sources[f"{folder}/{path.name}"] = path
                    node = _csv_rows(load_file(path, problems, budget), cf.model_class(), root, problems, budget,
                                     sources)
                    obj = build(cf.model_class(), node, problems) if node is not None else None
                    if obj is not None:
                        objects.append(obj)
            continue
        path = root / cf.pattern
        sources[cf.pattern] = path
        if not os.path.lexists(path):  # anything there (a folder, a pipe, a dangling link) is load_file's to report
            if cf.required:
                problems.report(FILE_MISSING, Loc(str(path)), "",
                                f"{cf.pattern} is missing; every game folder needs one")
            continue
        node = _csv_rows(load_file(path, problems, budget), cf.model_class(), root, problems, budget, sources)
        if node is not None:
            built[cf.pattern] = build(cf.model_class(), node, problems)
    if problems.errors or any(built.get(cf.pattern) is None for cf in FILES if cf.required):
        return None
    kit = Kit(
        id=root.resolve().name,
        root=root,
        game=built["game.yaml"],
        board=built["board.yaml"],
        titles=built.get("titles.yaml") or Titles(titles=[]),
        decks=many.get("decks/*.y*ml", []),
        money=built.get("money.yaml") or MoneySet(),
        counters=built.get("counters.yaml") or Counters(),
        reference=built.get("reference.yaml") or Reference(cards=[]),
        tables=built.get("tables.yaml") or Tables(),
        booklet=built.get("rules.yaml"),
        sources=sources,
    )
    kit.language, kit.players = choose(kit, edition or Edition())
    select(kit, kit.language, problems)
    if kit.game.currency.thousands is None:  # digit groups as the edition's language writes them
        from .money import thousands_of

        kit.game.currency.thousands = thousands_of(kit.language)
    render_all(kit, problems)
    return kit
