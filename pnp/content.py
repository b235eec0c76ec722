"""Find game folders and load one into a ``Kit``: YAML → positioned nodes → typed model → rendered texts."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .load import load_file
from .model import Board, Counters, Deck, Game, Kit, MoneySet, Reference, Titles
from .problems import Loc, Problems
from .rules.schema import FILE_MISSING
from .schema import build
from .templates import render_all

DEFAULT_GAME = "etymonopoly"

#: file name -> model class; ``required`` files must exist.
PARTS = {
    "game.yaml": (Game, True),
    "board.yaml": (Board, True),
    "titles.yaml": (Titles, False),
    "money.yaml": (MoneySet, False),
    "counters.yaml": (Counters, False),
    "reference.yaml": (Reference, False),
}


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
    sources: dict[str, Path] = {}
    for fname, (cls, required) in PARTS.items():
        path = root / fname
        sources[fname] = path
        if not path.is_file():
            if required:
                problems.report(FILE_MISSING, Loc(str(path)), "", f"{fname} is missing; every game folder needs one")
            continue
        node = load_file(path, problems)
        if node is not None:
            built[fname] = build(cls, node, problems)
    decks: list[Deck] = []
    deck_dir = root / "decks"
    if deck_dir.is_dir():
        for path in sorted(deck_dir.glob("*.y*ml")):
            sources[f"decks/{path.name}"] = path
            node = load_file(path, problems)
            if node is not None:
                deck = build(Deck, node, problems)
                if deck is not None:
                    decks.append(deck)
    if problems.errors or any(built.get(f) is None for f, (_, req) in PARTS.items() if req):
        return None
    kit = Kit(
        id=root.resolve().name,
        root=root,
        game=built["game.yaml"],
        board=built["board.yaml"],
        titles=built.get("titles.yaml") or Titles(titles=[]),
        decks=decks,
        money=built.get("money.yaml") or MoneySet(),
        counters=built.get("counters.yaml") or Counters(),
        reference=built.get("reference.yaml") or Reference(cards=[]),
        sources=sources,
    )
    render_all(kit, problems)
    return kit
