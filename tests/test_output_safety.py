"""A build's output is all or nothing: a kill at any moment leaves the old set or the new one.

Builds run as ``python -m pnp build`` in a subprocess and are killed with SIGKILL, either at a
named point of the writer (``PNP_TEST_KILL_AT``, see ``pnp/output.py``) or after a random delay.
Each time, the folder must hold exactly the complete old set or the complete new set (every
file, including a user's own and the previews, byte for byte; every file the manifest lists
with its sha256; no PDF newer than the manifest), and the next build must finish with the new
set and no staging left behind.
"""
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp import output
from pnp.build import BuildOptions, build_game
from pnp.output import OutFile, OutputError, write_all
from pnp.problems import Problems

from conftest import MINI, ROOT, edit

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and symlinks: POSIX")

REBUILT = ("cards", "notes")  # the killed builds rebuild cards (a deck changed) and keep notes
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

#: mode -> (how the old folder is made, how the killed build writes, the points it is killed at)
MODES = {
    # the usual case: output/<game> is pnp's symlink, replaced by a new one
    "symlink": ("", "", ("claimed", "file:1", "file:2", "staged", "linked", "swapped")),
    # a real folder (from pnp preview or an older pnp) becomes the symlink: an atomic exchange
    "migrate": ("nosymlink", "", ("staged", "linked", "swapped")),
    # the same without the exchange: two renames and a journal (a gap the next run closes)
    "migrate-2": ("nosymlink", "noexchange", ("journal", "between", "swapped")),
    # no symlinks at all (Windows, FAT): the generation folder itself is renamed into place
    "folder": ("nosymlink", "nosymlink,noexchange", ("staged", "journal", "between", "swapped")),
}
GAP_POINTS = ("between",)  # two renames: the folder is absent for an instant, until the next run


@contextlib.contextmanager
def flags(value: str):
    old = os.environ.get("PNP_TEST_OUTPUT")
    os.environ["PNP_TEST_OUTPUT"] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ["PNP_TEST_OUTPUT"]
        else:
            os.environ["PNP_TEST_OUTPUT"] = old


def build_in_process(game: Path, out: Path, parts=REBUILT, mode: str = ""):
    with flags(mode):
        result = build_game(game, out, BuildOptions(parts=parts), Problems())
    assert result is not None
    return result


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_build(game: Path, out: Path, mode: str, kill_at: str | None = None, delay: float | None = None):
    env = {**ENV, "PNP_TEST_OUTPUT": mode}
    if kill_at:
        env["PNP_TEST_KILL_AT"] = kill_at
    cmd = [sys.executable, "-m", "pnp", "build", str(game), "--out", str(out), "--only", ",".join(REBUILT), "-q"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if delay is not None:
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err.decode()


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    """The game after its change, and for each way the old folder can be: the old folder (a full build,
    a user's file, previews), and the old and new sets it may hold."""
    base = tmp_path_factory.mktemp("kill")
    game = base / "mini"
    shutil.copytree(MINI, game)
    starts = {}
    for how in {m[0] for m in MODES.values()}:
        out = base / f"start-{how or 'link'}" / "out"
        build_in_process(game, out, parts=("board", "cards", "notes", "tokens"), mode=how)
        (out / "my-notes.txt").write_text("the user's own file\n")
        (out / "preview").mkdir()
        (out / "preview" / "luck-go-front.png").write_bytes(b"\x89PNG not really")
        starts[how] = out
    edit(game / "decks" / "luck.yaml", "Get out of jail free.", "Leave jail for free.")
    old = snapshot(starts[""])
    probe = base / "probe" / "out"
    shutil.copytree(starts[""].parent, probe.parent, symlinks=True)
    build_in_process(game, probe)
    new = snapshot(probe)
    assert new != old and {k for k in new if not k.endswith(".pdf")} >= {"my-notes.txt", "preview/luck-go-front.png"}
    return {"game": game, "starts": starts, "old": old, "new": new}


def copy_start(scene, how: str, dest: Path) -> Path:
    shutil.copytree(scene["starts"][how].parent, dest, symlinks=True)
    return dest / "out"


def check_old_or_new(out: Path, old: dict, new: dict, gap: bool = False) -> str:
    """What the folder holds: 'old' or 'new', each complete; 'gap' (no folder) only where allowed."""
    if not os.path.lexists(out):
        assert gap, "the output folder is gone"
        return "gap"
    held = snapshot(out)
    manifest = json.loads(held["manifest.json"])
    for f in manifest["files"]:
        assert hashlib.sha256(held[f["name"]]).hexdigest() == f["sha256"], f["name"]
    stamp = (out / "manifest.json").stat().st_mtime_ns
    assert all(p.stat().st_mtime_ns <= stamp for p in out.glob("*.pdf")), "a PDF newer than the manifest"
    assert held in (old, new), "a mix of old and new files"
    return "old" if held == old else "new"


def check_next_build_tidies(scene, out: Path, mode: str) -> None:
    build_in_process(scene["game"], out, mode=mode)
    assert snapshot(out) == scene["new"]
    meta = out.parent / ".out.pnp"
    live = {os.readlink(out).split("/")[1]} if out.is_symlink() else set()
    assert {p.name for p in meta.iterdir()} == {"lock"} | live, "staging left behind"
    assert {p.name for p in out.parent.iterdir()} == {"out", ".out.pnp"}
    assert not [p for p in out.rglob("*.tmp")]


CASES = [(mode, point) for mode, (_, _, points) in MODES.items() for point in points]


@pytest.mark.parametrize("mode,point", CASES, ids=[f"{m}-{p}" for m, p in CASES])
def test_a_kill_at_each_point_leaves_the_old_or_the_new_set(scene, tmp_path, mode, point):
    start, writes, _ = MODES[mode]
    out = copy_start(scene, start, tmp_path / "w")
    code, err = run_build(scene["game"], out, writes, kill_at=point)
    assert code == -signal.SIGKILL, f"the build was not stopped at {point}: {code} {err}"
    held = check_old_or_new(out, scene["old"], scene["new"], gap=point in GAP_POINTS)
    expected = {"swapped": "new", "between": "gap"}.get(point, "old")
    assert held == expected
    check_next_build_tidies(scene, out, writes)


@pytest.mark.parametrize("point", ["file:1", "linked", "swapped"])
def test_a_killed_first_build_leaves_nothing_or_everything(scene, tmp_path, point):
    out = tmp_path / "w" / "out"
    out.parent.mkdir()
    code, _ = run_build(scene["game"], out, "", kill_at=point)
    assert code == -signal.SIGKILL
    if point == "swapped":
        assert json.loads((out / "manifest.json").read_text())["parts"].keys() == set(REBUILT)
    else:
        assert not os.path.lexists(out)
    build_in_process(scene["game"], out)
    assert {p.name for p in (out.parent / ".out.pnp").iterdir()} == {"lock", os.readlink(out).split("/")[1]}


@pytest.mark.volume
def test_kills_at_random_moments(scene, tmp_path):
    """SIGKILL after a random delay, up to the length of a whole build: whatever moment it hits."""
    out = copy_start(scene, "", tmp_path / "timing")
    began = time.monotonic()
    assert run_build(scene["game"], out, "")[0] == 0
    whole = time.monotonic() - began
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        out = copy_start(scene, "", tmp_path / f"seed{seed}")
        run_build(scene["game"], out, "", delay=rng.uniform(0.3, 1.1) * whole)
        seen.add(check_old_or_new(out, scene["old"], scene["new"]))
        check_next_build_tidies(scene, out, "")
    assert seen <= {"old", "new"}


def test_a_failed_write_leaves_the_old_set_and_no_staging(mini, tmp_path, monkeypatch):
    out = tmp_path / "out"
    build_in_process(mini, out)
    before = snapshot(out)
    edit(mini / "game.yaml", "title: Mini Monopoly", "title: Mini Monopoly Deluxe")
    real_link = os.link

    def failing_link(src, dst, *a, **kw):  # carrying the kept notes dies: the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, "link", failing_link)
    monkeypatch.setattr(shutil, "copy2", failing_link)  # output imports shutil where it copies
    with pytest.raises(OutputError, match="nothing was changed"):
        build_game(mini, out, BuildOptions(parts=("cards",)), Problems())
    monkeypatch.setattr(output.os, "link", real_link)
    assert snapshot(out) == before
    assert {p.name for p in (tmp_path / ".out.pnp").iterdir()} == {"lock", os.readlink(out).split("/")[1]}


def test_a_first_build_that_fails_leaves_no_trace(mini, tmp_path):
    edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}", "Pay {{ nope }}")
    (tmp_path / "w").mkdir()
    assert build_game(mini, tmp_path / "w" / "out", BuildOptions(parts=("cards",)), Problems()) is None
    assert not any((tmp_path / "w").iterdir())


def test_files_pnp_did_not_write_survive_builds(mini, tmp_path):
    out = tmp_path / "out"
    build_in_process(mini, out)
    (out / "preview").mkdir()
    (out / "preview" / "contact-luck.png").write_bytes(b"png")
    (out / "printing notes.txt").write_text("print at 100 %")
    (out / "link-to-notes").symlink_to("printing notes.txt")
    edit(mini / "decks" / "luck.yaml", "Get out of jail free.", "Leave jail for free.")
    assert build_in_process(mini, out, parts=("cards",)).rebuilt == ["cards"]
    assert (out / "preview" / "contact-luck.png").read_bytes() == b"png"
    assert (out / "printing notes.txt").read_text() == "print at 100 %"
    assert (out / "link-to-notes").read_text() == "print at 100 %"
    # the notes (from the first build, not in this manifest) are kept too: nothing is deleted
    assert (out / "notes-a4.pdf").is_file() and (out / "cards-a4.pdf").is_file()


def test_a_folder_pnp_did_not_make_is_refused(mini, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "holiday.jpg").write_bytes(b"jpeg")
    with pytest.raises(OutputError, match="pnp did not make"):
        build_game(mini, mine, BuildOptions(parts=("cards",)), Problems())
    assert [p.name for p in mine.iterdir()] == ["holiday.jpg"] and not (tmp_path / ".mine.pnp").exists()


def test_the_users_own_symlink_to_a_folder_elsewhere_is_kept(mini, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "kit").symlink_to(tmp_path / "elsewhere" / "kit")
    build_in_process(mini, tmp_path / "kit")
    assert os.readlink(tmp_path / "kit") == str(tmp_path / "elsewhere" / "kit")
    assert (tmp_path / "kit" / "cards-a4.pdf").is_file()
    assert (tmp_path / "elsewhere" / ".kit.pnp").is_dir()


def test_write_all_removes_temporaries_a_killed_run_left(tmp_path):
    (tmp_path / ".calibrate-a4.pdf.k3j_x9q2.tmp").write_bytes(b"half")
    (tmp_path / "keep.tmp").write_bytes(b"someone else's")
    write_all(tmp_path, [OutFile("calibrate-a4.pdf", b"%PDF", {})])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calibrate-a4.pdf", "keep.tmp"]
