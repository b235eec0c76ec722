"""Building writes deterministic PDFs and a manifest, all together or not at all."""
import hashlib
import json
import os

import pytest
from pypdf import PdfReader

from pnp import output
from pnp.build import BuildOptions, build_game
from pnp.problems import Problems

from conftest import ROOT, edit

PARTS = ("cards", "notes", "tokens")


def build(root, out, **kw):
    problems = Problems()
    result = build_game(root, out, BuildOptions(parts=kw.pop("parts", PARTS), **kw), problems)
    return result, problems


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_build_twice_gives_identical_bytes(mini, tmp_path):
    a, _ = build(mini, tmp_path / "a")
    b, _ = build(mini, tmp_path / "b")
    assert a and b
    assert snapshot(tmp_path / "a") == snapshot(tmp_path / "b")


def test_manifest_describes_every_file(mini, tmp_path):
    out = tmp_path / "out"
    result, problems = build(mini, out)
    assert result is not None, problems.sorted()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    names = {f["name"] for f in manifest["files"]}
    assert names == {"cards-a4.pdf", "notes-a4.pdf", "tokens-a4.pdf"}
    for f in manifest["files"]:
        data = (out / f["name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        reader = PdfReader(out / f["name"])
        assert len(reader.pages) == f["pages"]
        box = reader.pages[0].mediabox
        assert [round(float(box.width) * 25.4 / 72, 2), round(float(box.height) * 25.4 / 72, 2)] == f["page_size_mm"]
    # the reference card and the credits card every kit with credits gets
    assert manifest["counts"]["cards"] == {"property": 2, "station": 1, "utility": 1, "luck": 3, "reference": 2}
    # sets of money.yaml copied for 4 players and 2 of each value in reserve: ₩1 4 × 5 + 2 = 22, five sets of 5
    assert manifest["counts"]["notes"] == {"note-1": 25, "note-5": 6, "note-10": 20, "note-50": 6}
    assert manifest["counts"]["tokens"] == {"house": 8, "hotel": 2, "token": 4}
    assert manifest["edition"] == {"language": "en", "players": 4}
    assert [(c["value"], c["copies"], c["needed"]) for c in manifest["supply"]] == [
        (1, 5, 22), (5, 2, 6), (10, 5, 18), (50, 3, 6)]


def test_failed_build_leaves_previous_output_untouched(mini, tmp_path):
    out = tmp_path / "out"
    assert build(mini, out)[0] is not None
    before = snapshot(out)
    # tokens are laid out after cards and notes: a name that cannot fit fails the build late
    edit(mini / "counters.yaml", "name: Cat,", "name: " + "Catastrophically " * 12 + ",")
    result, problems = build(mini, out)
    assert result is None
    assert [p.code for p in problems.errors] == ["E-text-overflow"]
    assert snapshot(out) == before


def test_interrupted_write_leaves_previous_output_and_no_temporaries(mini, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert build(mini, out)[0] is not None
    before = snapshot(out)
    edit(mini / "game.yaml", "title: Mini Monopoly", "title: Mini Monopoly Deluxe")
    calls = {"n": 0}
    real_fsync = os.fsync

    def failing_fsync(fd):
        calls["n"] += 1
        if calls["n"] == 2:  # the first file is on disk, the second write dies
            raise OSError("disk full")
        real_fsync(fd)

    monkeypatch.setattr(output.os, "fsync", failing_fsync)
    with pytest.raises(output.OutputError, match="disk full"):
        build(mini, out)
    assert snapshot(out) == before


def _mtimes(folder):
    return {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}


def test_nothing_changed_rewrites_nothing(mini, tmp_path):
    out = tmp_path / "out"
    first, _ = build(mini, out, parts=("board", "cards", "notes", "tokens"))
    assert first.rebuilt == ["board", "cards", "notes", "tokens"]
    before = _mtimes(out)
    again, _ = build(mini, out, parts=("board", "cards", "notes", "tokens"))
    assert again.rebuilt == [] and again.files == []
    assert _mtimes(out) == before


def test_a_deck_change_rebuilds_only_the_parts_it_feeds(mini, tmp_path):
    out = tmp_path / "out"
    build(mini, out, parts=("board", "cards", "notes", "tokens"))
    before = _mtimes(out)
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Leave jail for free.")
    result, _ = build(mini, out, parts=("board", "cards", "notes", "tokens"))
    assert result.rebuilt == ["board", "cards"] and result.kept == ["notes", "tokens"]
    after = _mtimes(out)
    assert after["notes-a4.pdf"] == before["notes-a4.pdf"] and after["tokens-a4.pdf"] == before["tokens-a4.pdf"]
    assert after["cards-a4.pdf"] != before["cards-a4.pdf"]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert {f["name"] for f in manifest["files"]} == {"board-full.pdf", "board-a4.pdf", "cards-a4.pdf",
                                                       "notes-a4.pdf", "tokens-a4.pdf"}
    for f in manifest["files"]:
        assert hashlib.sha256((out / f["name"]).read_bytes()).hexdigest() == f["sha256"]
    assert set(manifest["counts"]) == {"board", "cards", "notes", "tokens"}


def test_a_deleted_output_file_is_rebuilt_and_force_rebuilds_all(mini, tmp_path):
    out = tmp_path / "out"
    build(mini, out)
    (out / "notes-a4.pdf").unlink()
    result, _ = build(mini, out)
    assert result.rebuilt == ["notes"]
    forced = build_game(mini, out, BuildOptions(parts=PARTS), Problems(), force=True)
    assert forced.rebuilt == list(PARTS)


def test_parallel_build_gives_the_same_bytes(mini, tmp_path):
    parts = ("board", "cards", "notes", "tokens")
    serial = build_game(mini, tmp_path / "s", BuildOptions(parts=parts), Problems())
    parallel = build_game(mini, tmp_path / "p", BuildOptions(parts=parts), Problems(), jobs=2)
    assert serial and parallel
    assert snapshot(tmp_path / "s") == snapshot(tmp_path / "p")


def test_parallel_workers_render_the_kit_the_build_loaded(mini, tmp_path, monkeypatch):
    """-j forks after loading and validating: no worker loads the kit again (that made -j 2 slower than serial),
    and a worker's layout problem still reaches the build (a text that does not fit: nothing written)."""
    import os

    import pnp.build as build_module

    loads = tmp_path / "loads"
    real = build_module.load_kit

    def counted(root, problems, edition=None):
        with open(loads, "a") as fh:
            fh.write(f"{os.getpid()}\n")
        return real(root, problems, edition)

    monkeypatch.setattr(build_module, "load_kit", counted)
    parallel = build_game(mini, tmp_path / "p", BuildOptions(), Problems(), jobs=2)
    assert parallel is not None and parallel.rebuilt == ["board", "cards", "notes", "tokens", "rules"]
    assert loads.read_text().split() == [str(os.getpid())]

    edit(mini / "decks" / "luck.yaml", '"Pay {{ 5 | money }}."', '"' + "Pay a great many words to the bank. " * 30 + '"')
    problems = Problems()
    assert build_game(mini, tmp_path / "q", BuildOptions(), problems, jobs=2) is None
    assert [p.code for p in problems.errors] == ["E-text-overflow"]  # found by the layout, in a worker
    assert not (tmp_path / "q").exists()


def test_a_picture_prints_as_an_image_at_its_size(mini, tmp_path):
    from PIL import Image

    (mini / "art").mkdir()
    Image.new("RGB", (240, 180), "#3366cc").save(mini / "art" / "logo.png")  # 305 dpi at 20×15 mm
    edit(mini / "decks" / "luck.yaml", "{id: fine, text:", "{id: fine, picture: {file: art/logo.png, width: 20, height: 15}, text:")
    edit(mini / "board.yaml", "  title: Mini\n", "  title: Mini\n  pictures:\n    - {file: art/logo.png, width: 20, height: 15, y: -40}\n")
    result, problems = build(mini, tmp_path / "out", parts=("board", "cards"))
    assert result is not None and not problems.items, [str(p) for p in problems.items]
    for name in ("cards-a4.pdf", "board-full.pdf"):
        reader = PdfReader(tmp_path / "out" / name)
        images = [img for page in reader.pages for img in page.images]
        assert images and images[0].image.size == (240, 180), name


def test_every_font_subset_has_a_tag_of_its_own(tmp_path):
    """reportlab tags the first subset of every font AAAAAA+: preflight tools flag the duplicates. Each subset's
    tag is its own, its descriptor names it alike, and the file reads back strictly (offsets kept)."""
    out = tmp_path / "out"
    assert build_game(ROOT / "content" / "tahiti", out, BuildOptions(parts=("cards",)), Problems()) is not None
    reader = PdfReader(out / "cards-a4.pdf", strict=True)
    seen: dict[str, str] = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            tag, _, name = str(font["/BaseFont"])[1:].partition("+")
            assert len(tag) == 6 and tag.isupper() and name, font["/BaseFont"]
            assert seen.setdefault(tag, name) == name, f"{tag} tags both {seen[tag]} and {name}"
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None:
                assert descriptor.get_object()["/FontName"] == font["/BaseFont"]
    assert len(seen) >= 3
