"""validate hashes a game folder's files twice (the kit, then each part: pnp/build.py): the second hash takes what
the first read (``part_inputs(read=...)``) and gives the hashes a fresh reading gives."""
import shutil

from pnp import incremental, parts as registry
from pnp.bundled import KITS
from pnp.incremental import _MAY_NAME_A_FILE, _NAMES_A_FILE, _named_files


def test_hashes_sharing_a_reading_are_those_of_a_fresh_one(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(KITS / "etymonopoly", game)
    (game / "pictures").mkdir()
    (game / "pictures" / "a.png").write_bytes(b"not really a picture")
    board = game / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace(
        "centre:", "centre:\n  pictures: [{file: pictures/a.png, width: 10, height: 10}]", 1), encoding="utf-8")
    every = tuple(f.pattern for f in registry.FILES)
    names = [p.name for p in registry.PARTS]
    read: dict = {}
    kit = incremental.part_inputs(game, ["kit"], {"a": 1}, of=lambda _: every, read=read)
    shared = incremental.part_inputs(game, names, {"b": 2}, of=registry.part_sources, read=read)
    assert read["contents"]  # the second call took the first's reading
    assert kit == incremental.part_inputs(game, ["kit"], {"a": 1}, of=lambda _: every)
    assert shared == incremental.part_inputs(game, names, {"b": 2}, of=registry.part_sources)
    other = tmp_path / "other"
    shutil.copytree(game, other)
    (other / "pictures" / "a.png").write_bytes(b"another picture")
    assert incremental.part_inputs(other, names, {"b": 2}, of=registry.part_sources, read=read) != shared


def test_the_quick_search_finds_every_file_key():
    for text in (b"file: a.png", b"  back_file : x", b"{csv: a.csv}", b"x, picture_file:\n", b"a:\n  file:"):
        assert _NAMES_A_FILE.search(text) and _MAY_NAME_A_FILE.search(text)
    assert _named_files(b"board:\n  back_file: b.png\n  cards: {csv: c.csv}\n") == ["c.csv", "b.png"] or \
        sorted(_named_files(b"board:\n  back_file: b.png\n  cards: {csv: c.csv}\n")) == ["b.png", "c.csv"]
    for text in (b"profile text", b"files are here", b"csv file", b"name: Profile"):
        assert not _NAMES_A_FILE.search(text)
