"""``pnp new``: start a game folder from an existing kit, from the commented starter, or from a CSV file of
cards (the starter, its deck's cards read from a copy of the CSV)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

STARTER = Path(__file__).resolve().parent / "starter"


class ScaffoldError(Exception):
    pass


class ScaffoldContentError(ScaffoldError):
    """The CSV file to start from has content errors (exit 1): ``problems`` says where."""

    def __init__(self, problems):
        super().__init__(f"{len(problems.errors)} content error(s)")
        self.problems = problems


#: the starter's deck, which a game started from a CSV file takes its cards for
STARTER_DECK = "luck"


def new_game(name: str, dest_root: Path, source: Path | None = None, cards_csv: Path | None = None) -> Path:
    """Copy ``source`` (a game folder; default: the starter) to ``dest_root/name`` and give it ``name`` as
    its title. The copy validates and builds as it is.

    With ``cards_csv`` (a CSV file of cards, header row = card fields): the starter, whose deck
    ``luck`` reads its cards from ``decks/luck.csv``, a copy of the file, and ``rules.deck_sizes``
    counts them. The CSV is read first: a content error in it (ScaffoldContentError) creates nothing."""
    from .problems import quote
    from .values import MAX_ID

    if len(name) > MAX_ID:
        raise ScaffoldError(f"{quote(name)} is too long for a game id: at most {MAX_ID} characters (e.g. my-game)")
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", name):
        raise ScaffoldError(f"{quote(name)} is not a game id: use lowercase letters, digits, - and _ (e.g. my-game)")
    dest = dest_root / name
    if dest.exists() or dest.is_symlink():
        raise ScaffoldError(f"{dest} already exists; choose another name or remove it")
    src = source or STARTER
    count = _read_cards(cards_csv) if cards_csv is not None else None
    _check_copyable(Path(src))
    try:
        dest_root.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    except OSError as exc:  # a folder one cannot write, a full disk: nothing half made is left
        shutil.rmtree(dest, ignore_errors=True)
        why = exc.strerror or "some of its files could not be copied"  # shutil.Error: a list of every file
        raise ScaffoldError(f"cannot create {dest} ({why})") from None
    if cards_csv is not None:
        _take_cards(dest, cards_csv, count)
    game = dest / "game.yaml"
    text = game.read_text(encoding="utf-8")
    # the title's value only: a comment after it keeps its place (and the space before its '#')
    value = r"""(?:"[^"\n]*"|'[^'\n]*'|[^\n#]*?)"""
    text, n = re.subn(rf"(?m)^title:[ \t]*{value}(?=[ \t]+#|[ \t]*$)", f'title: "{name}"', text, count=1)
    if not n:
        text = f'title: "{name}"\n' + text
    game.write_text(text, encoding="utf-8")
    return dest


def _check_copyable(src: Path) -> None:
    """Refuse, before copying anything, a source holding what a copy must not read: a pipe (it would wait for
    ever), a device, a link to nothing or leading out of the folder."""
    import os

    from .files import not_plain

    root = src.resolve()
    for folder, dirs, files in os.walk(src):
        for name in dirs + files:
            path = Path(folder) / name
            try:
                st = os.stat(path)
                path.resolve().relative_to(root)
            except (OSError, ValueError, RuntimeError):
                raise ScaffoldError(f"{path} is a link to nothing, or leading out of {src}; a game to copy holds "
                                    f"plain files and folders only") from None
            if not_plain(st) not in (None, "a folder"):
                raise ScaffoldError(f"{path} is not a plain file (a pipe or a device); a game to copy holds plain "
                                    f"files and folders only")


def _read_cards(path: Path) -> int:
    """Read a CSV file of cards as a deck would (header, rows, every cell against the card's fields): how
    many cards it makes (copies counted). Raises ScaffoldContentError with the problems, ScaffoldError when
    it is not a file one can start from."""
    from .csvdata import element_class, read_rows
    from .load import Budget, Node
    from .model import Deck
    from .problems import Loc, Problems
    from .schema import build

    path = Path(path).resolve()  # a link to a file elsewhere is fine: it is the maker's own file
    if not path.name.lower().endswith(".csv"):
        raise ScaffoldError(f"{path}: --from takes a game (an id under ./content, a kit or a folder) or a .csv "
                            f"file of cards")
    problems = Problems()
    ref = Node(path.name, Loc(str(path)))
    rows = read_rows(path.parent, ref, element_class(Deck, "cards"), problems, Budget(), "cards")
    cards = []
    if rows is not None:
        cards = [build(element_class(Deck, "cards"), row, problems, f"cards[{i}]") for i, row in enumerate(rows.value)]
    if problems.errors:
        raise ScaffoldContentError(problems)
    return sum(int(c.copies) for c in cards if c is not None)


def _take_cards(dest: Path, csv_file: Path, count: int) -> None:
    """The starter's deck reads its cards from a copy of the CSV file; its size rule counts them."""
    target = f"decks/{STARTER_DECK}.csv"
    shutil.copyfile(csv_file, dest / target)
    deck = dest / "decks" / f"{STARTER_DECK}.yaml"
    text = deck.read_text(encoding="utf-8")
    text = re.sub(r"(?ms)^cards:.*\Z", f"# one card a row of {target} (copied from {Path(csv_file).name}): the "
                                        f"header row names the fields,\n# dotted for an effect's (effect.action)\n"
                                        f"cards: {{csv: {target}}}\n", text)
    deck.write_text(text, encoding="utf-8")
    game = dest / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = re.sub(rf"(?m)^(\s*deck_sizes:\s*\{{\s*{STARTER_DECK}:\s*)\d+", rf"\g<1>{count}", text, count=1)
    game.write_text(text, encoding="utf-8")
