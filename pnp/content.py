"""Find game folders and load one into a ``Kit``: YAML → positioned nodes → typed model → rendered texts."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .load import load_file
from .model import Counters, Kit, MoneySet, Reference, Tables, Titles
from .parts import FILES
from .problems import Loc, Problems
from .schema import build
from .templates import render_all

DEFAULT_GAME = "etymonopoly"


@dataclass
class GameRef:
    id: str
    root: Path
    title: str


class UsageError(Exception):
    """The user asked for something that does not exist (exit code 2)."""


def content_dir() -> Path:
    return Path("content")


def list_games(base: Path | None = None) -> list[GameRef]:
    base = base or content_dir()
    out = []
    if base.is_dir():
        for d in sorted(base.iterdir()):
            if (d / "game.yaml").is_file():
                out.append(GameRef(d.name, d, _peek_title(d / "game.yaml")))
    return out


def _peek_title(path: Path) -> str:
    node = load_file(path, Problems())
    if node is not None and node.is_map and "title" in node.value:
        return str(node.value["title"].value)
    return "(title unreadable: run pnp validate)"


def resolve_game(name: str | None) -> Path:
    """A game id under ./content or a path to a game folder."""
    name = name or DEFAULT_GAME
    candidate = Path(name)
    if (candidate / "game.yaml").is_file():
        return candidate
    under = content_dir() / name
    if (under / "game.yaml").is_file():
        return under
    known = ", ".join(g.id for g in list_games()) or "none found"
    raise UsageError(f"no game {name!r}: not a folder with a game.yaml, nor a game under ./content "
                     f"(games here: {known})")


def load_kit(root: Path, problems: Problems) -> Kit | None:
    """Load a game folder. Every problem goes to ``problems``; returns None when the model can't be built."""
    root = Path(root)
    built: dict[str, object] = {}
    many: dict[str, list] = {}
    sources: dict[str, Path] = {}
    for cf in FILES:
        if cf.many:  # a folder of files, one object each (decks/*.yaml)
            folder, pattern = cf.pattern.split("/", 1)
            objects = many.setdefault(cf.pattern, [])
            if (root / folder).is_dir():
                for path in sorted((root / folder).glob(pattern)):
                    sources[f"{folder}/{path.name}"] = path
                    node = load_file(path, problems)
                    obj = build(cf.model_class(), node, problems) if node is not None else None
                    if obj is not None:
                        objects.append(obj)
            continue
        path = root / cf.pattern
        sources[cf.pattern] = path
        if not path.is_file():
            if cf.required:
                problems.error("E-file-missing", Loc(str(path)), "",
                               f"{cf.pattern} is missing; every game folder needs one")
            continue
        node = load_file(path, problems)
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
        sources=sources,
    )
    render_all(kit, problems)
    return kit
