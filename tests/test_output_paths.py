"""Hostile output paths: each test is the attack, set up in tmp_path and run as ``python -m pnp``.

``--out`` of every command writes only a file or folder pnp made, or a new path: never a file pnp did
not write, a device, a FIFO, or anything in a game folder (exit 2, the reason, nothing written). The
output folder's own record (``.<game>.pnp``: generations, lock, journal) is checked before a build
trusts it. A preview and a build of one folder at once take turns (the build folder's lock) and both
end whole. Devices are never written to: ``/dev/null`` only appears as a path ``check_target`` refuses
before anything is done, and a device in tmp_path is simulated through ``os.lstat``.
"""
import fcntl
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pnp import output
from pnp.output import OutputError, check_target, writing_into

from conftest import HANG_GUARD, MINI, ROOT

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs, symlinks and flock: POSIX")

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
FAST = {"build": ["--only", "notes"], "preview": ["--only", "notes", "--dpi", "40", "-j", "1"],
        "tts": ["--dpi", "50"], "shop": ["--only", "notes", "--dpi", "72"], "calibrate": [], "schema": []}
VERB = {"tts": ["export", "tts"], "shop": ["export", "shop"]}


def pnp(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, cwd=cwd, env=ENV,
                          timeout=HANG_GUARD)


def command(which: str, game: Path, out: Path) -> list[str]:
    """``which`` with --out: the game-less commands (calibrate, schema) take no game."""
    verb = VERB.get(which, [which])
    takes_game = which not in ("calibrate", "schema")
    return [*verb, *([str(game)] if takes_game else []), "--out", str(out), *FAST[which]]


def tree(root: Path) -> dict:
    """Everything under ``root``: each path's kind and its bytes (or a link's target), without following links."""
    seen = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            if stat.S_ISLNK(st.st_mode):
                seen[str(p.relative_to(root))] = ("link", os.readlink(p))
            elif stat.S_ISREG(st.st_mode):
                seen[str(p.relative_to(root))] = ("file", p.read_bytes())
            else:
                seen[str(p.relative_to(root))] = (stat.S_IFMT(st.st_mode), st.st_ino)
    return seen


def refused(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    for word in words:
        assert word in r.stderr, r.stderr


@pytest.fixture
def game(tmp_path) -> Path:
    dest = tmp_path / "mini"
    shutil.copytree(MINI, dest)
    return dest


# ------------------------------------------------------------------------------ --out: what it names
@pytest.mark.parametrize("which", list(FAST))
@pytest.mark.parametrize("where", [".", "decks", "new-sub/x"])
def test_out_inside_a_game_folder_is_refused(tmp_path, game, which, where):
    """--out content/g/..., for every command: the game's own files are never overwritten."""
    target = game / where if which != "shop" else game / where / "kit.zip"
    if which == "shop" and where == ".":
        target = game / "game.yaml"  # the attack: the game's own file replaced by a zip
    before = tree(tmp_path)
    r = pnp(tmp_path, *command(which, game, target))
    refused(r, "game folder", "game.yaml")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("which", list(FAST))
def test_out_naming_a_fifo_is_refused_without_waiting(tmp_path, game, which):
    """A FIFO as --out (click lets one through where a folder is wanted: it is no plain file); opening it to
    look inside would wait for a writer for ever."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command(which, game, fifo)), "pipe is a named pipe (FIFO)")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and tree(tmp_path) == before


@pytest.mark.parametrize("which", ["calibrate", "schema", "preview"])
def test_a_fifo_where_one_of_the_files_goes_is_refused(tmp_path, game, which):
    out = tmp_path / "out"
    out.mkdir()
    name = {"calibrate": "calibrate-a4.pdf", "schema": "game.schema.json", "preview": "contact-notes.png"}[which]
    os.mkfifo(out / name)
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command(which, game, out)), "named pipe (FIFO)", name)
    assert tree(tmp_path) == before


@pytest.mark.parametrize("which,name", [("shop", None), ("calibrate", "calibrate-a4.pdf"),
                                        ("schema", "game.schema.json"), ("preview", "contact-notes.png")])
def test_a_file_pnp_did_not_write_is_never_replaced(tmp_path, game, which, name):
    """A user's file where pnp would write: refused, byte for byte as it was. A file pnp wrote is replaced."""
    out = tmp_path / "out"
    out.mkdir()
    mine = out / (name or "mine.zip")
    mine.write_bytes(b"my own notes, not a pnp file\n")
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command(which, game, mine if which == "shop" else out)), "pnp did not write it")
    assert tree(tmp_path) == before
    mine.unlink()
    assert pnp(tmp_path, *command(which, game, mine if which == "shop" else out)).returncode == 0
    assert mine.is_file()
    r = pnp(tmp_path, *command(which, game, mine if which == "shop" else out))  # its own file: replaced
    assert r.returncode == 0, r.stderr


def test_shop_out_a_symlink_is_refused_and_its_target_kept(tmp_path, game):
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n")
    (tmp_path / "kit.zip").symlink_to(precious)
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command("shop", game, tmp_path / "kit.zip")), "symbolic link")
    assert tree(tmp_path) == before


def test_shop_out_a_folder_is_refused(tmp_path, game):
    (tmp_path / "kit.zip").mkdir()
    refused(pnp(tmp_path, *command("shop", game, tmp_path / "kit.zip")))
    assert not any((tmp_path / "kit.zip").iterdir())


def test_build_out_a_link_into_a_game_folder_is_refused(tmp_path, game):
    """A path outside that leads into a game folder (a user's link): refused as the game folder itself is."""
    (tmp_path / "kit").symlink_to(game / "decks")
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command("build", game, tmp_path / "kit")), "game folder")
    assert tree(tmp_path) == before


# ------------------------------------------------------------------------------ devices (never written to)
def test_odd_kinds_are_told_from_the_mode():
    assert output._odd_kind(stat.S_IFCHR | 0o666) == "a device"
    assert output._odd_kind(stat.S_IFBLK | 0o660) == "a device"
    assert output._odd_kind(stat.S_IFIFO | 0o644) == "a named pipe (FIFO)"
    assert output._odd_kind(stat.S_IFSOCK | 0o755) == "a socket"
    assert output._odd_kind(stat.S_IFREG | 0o644) is None and output._odd_kind(stat.S_IFDIR | 0o755) is None


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_dev_null_is_refused_before_anything_is_done():
    """Only check_target, which reads and never writes: /dev/null is refused as a file and as a folder."""
    before = os.lstat("/dev/null")
    assert stat.S_ISCHR(before.st_mode)
    for folder in (False, True):
        with pytest.raises(OutputError, match="is a device"):
            check_target(Path("/dev/null"), folder=folder)
    after = os.lstat("/dev/null")
    assert (after.st_mode, after.st_ino, after.st_rdev, after.st_uid) == \
           (before.st_mode, before.st_ino, before.st_rdev, before.st_uid)


def test_shop_and_calibrate_refuse_a_device_before_laying_anything_out(tmp_path, game, monkeypatch):
    """A device in tmp_path, simulated: os.lstat says a character device for it (a real one is never made)."""
    from pnp.cli import cli
    from pnp.export.shop import ShopOptions, export_shop
    from pnp.problems import Problems

    (tmp_path / "cal").mkdir()
    devices = {tmp_path / "tape", tmp_path / "cal" / "calibrate-a4.pdf"}
    for fake in devices:
        fake.write_bytes(b"stands for a device")
    real_lstat = os.lstat

    def lstat(path, *a, **kw):
        st = real_lstat(path, *a, **kw)
        if Path(os.fspath(path)) in devices:
            return os.stat_result((stat.S_IFCHR | 0o666, *tuple(st)[1:]))
        return st

    monkeypatch.setattr(output.os, "lstat", lstat)
    monkeypatch.setattr("pnp.export.shop.lay_out", lambda *a: pytest.fail("laid out before the check"))
    before = tree(tmp_path)
    with pytest.raises(OutputError, match="tape is a device"):
        export_shop(game, tmp_path / "tape", ShopOptions(dpi=72, parts=("notes",)), Problems())
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path / "cal")])
    assert isinstance(r.exception, OutputError) and "calibrate-a4.pdf is a device" in str(r.exception)
    assert tree(tmp_path) == before
    assert all(fake.read_bytes() == b"stands for a device" for fake in devices)


# ------------------------------------------------------------------------------ the output folder's own record
def built(tmp_path: Path, game: Path) -> Path:
    out = tmp_path / "out" / "kit"
    r = pnp(tmp_path, *command("build", game, out))
    assert r.returncode == 0, r.stderr
    return out


@pytest.mark.parametrize("which", ["build", "tts"])
def test_a_symlinked_record_folder_is_refused_and_its_target_untouched(tmp_path, game, which):
    """output/.<game>.pnp is a link (a cloned or unzipped project can carry one): a build used to empty its target."""
    victim = tmp_path / "victim"
    (victim / "sub").mkdir(parents=True)
    (victim / "a.txt").write_text("precious\n")
    (victim / "sub" / "b.txt").write_text("precious too\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / ".kit.pnp").symlink_to(victim)
    (tmp_path / "out" / "kit").mkdir()  # a folder there, as a checkout carries it: the record is read
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command(which, game, tmp_path / "out" / "kit")), ".kit.pnp is a symbolic link",
            "nothing was deleted or moved")
    assert tree(tmp_path) == before


def test_a_planted_journal_leading_out_is_refused_and_nothing_moved(tmp_path, game):
    """A journal naming ../../x: a build used to move that folder into output/<game>."""
    x = tmp_path / "x"
    x.mkdir()
    (x / "f").write_text("mine\n")
    meta = tmp_path / "out" / ".kit.pnp"
    meta.mkdir(parents=True)
    (meta / "commit").write_text("../../x")
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command("build", game, tmp_path / "out" / "kit")), "commit names '../../x'")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("plant", ["foreign file", "generation link", "link leading out", "lock link"])
def test_a_record_folder_holding_what_pnp_does_not_put_there_is_refused(tmp_path, game, plant):
    out = built(tmp_path, game)
    meta = out.parent / ".kit.pnp"
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "a.txt").write_text("precious\n")
    live = os.readlink(out).split("/")[1]
    if plant == "foreign file":
        (meta / "notes.txt").write_text("someone's file: a build would delete it\n")
    elif plant == "generation link":  # the stale generation a build removes is a link elsewhere
        (meta / "gen-9").symlink_to(victim)
    elif plant == "link leading out":  # a swap's link (used by recovery) naming a folder outside
        (meta / "link-gen-9").symlink_to("../../victim")
        (meta / "commit").write_text("link-gen-9")
    else:
        (meta / "lock").unlink()
        (meta / "lock").symlink_to(victim / "a.txt")
    before = tree(tmp_path)
    refused(pnp(tmp_path, *command("build", game, out), "--force"), ".kit.pnp", "nothing was deleted or moved")
    assert tree(tmp_path) == before
    assert os.readlink(out).split("/")[1] == live


def test_a_well_formed_record_is_still_trusted(tmp_path, game):
    """What pnp leaves there itself (stale generations, a finished journal, a file browser's file) is tidied."""
    out = built(tmp_path, game)
    meta = out.parent / ".kit.pnp"
    (meta / "gen-7").mkdir()
    (meta / ".DS_Store").write_bytes(b"\0")
    r = pnp(tmp_path, *command("build", game, out), "--force")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in meta.iterdir()) == sorted(["lock", os.readlink(out).split("/")[1]])


# ------------------------------------------------------------------------------ a preview and a build at once
def hold_lock(meta: Path):
    meta.mkdir(parents=True, exist_ok=True)
    fd = os.open(meta / "lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


#: what a pnp waiting for the lock of output/mini says (once) on stderr
WAITING = "waiting for another pnp writing output/mini (up to 60 s)…"
#: how long a test watches a child that said it waits: nothing may land meanwhile
STILL = 0.3


class Waiting:
    """A child ``pnp`` whose stderr is read as it comes (a thread), so a test can wait for a line of it."""

    def __init__(self, cwd: Path, *args: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=cwd, env=ENV, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.told = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.append(line)
            if line.rstrip("\n") == WAITING:
                self.told.set()
        self.told.set()  # the end of stderr: nothing more will be said

    def wait_told(self) -> None:
        """Until the child says it waits (HANG_GUARD at most); it must still be running then."""
        assert self.told.wait(HANG_GUARD), "the child never said it waits"
        assert any(line.rstrip("\n") == WAITING for line in self.lines), (self.proc.poll(), "".join(self.lines))
        assert self.proc.poll() is None, "".join(self.lines)

    def finish(self) -> str:
        self.proc.wait(timeout=HANG_GUARD)
        self.reader.join(HANG_GUARD)
        return "".join(self.lines)


def test_a_preview_waits_for_a_build_holding_the_folder(tmp_path, game):
    """While a build holds output/<game> (its lock), the preview says it waits and no preview file lands; once it is
    let go the preview ends whole."""
    assert pnp(tmp_path, "build", str(game), "--only", "notes").returncode == 0
    preview = tmp_path / "output" / "mini" / "preview"
    fd = hold_lock(tmp_path / "output" / ".mini.pnp")
    child = Waiting(tmp_path, "preview", str(game), *FAST["preview"])
    try:
        child.wait_told()  # it reached the lock: everything before writing is done
        still = time.monotonic() + STILL
        while time.monotonic() < still:
            assert not preview.exists() or not any(preview.iterdir()), "a preview file landed during the build"
            time.sleep(0.05)
        assert child.proc.poll() is None, "".join(child.lines)
    finally:
        os.close(fd)
    err = child.finish()
    assert child.proc.returncode == 0, err
    assert err.count(WAITING) == 1, err
    assert {p.name for p in preview.iterdir()} >= {"contact-notes.png"}


def test_a_build_waits_for_a_preview_writing_into_its_folder(tmp_path, game):
    """While a preview writes output/<game>/preview (writing_into), a build says it waits and does not swap the folder
    under it."""
    assert pnp(tmp_path, "build", str(game), "--only", "notes").returncode == 0
    out = tmp_path / "output" / "mini"
    live = os.readlink(out)
    with writing_into(out, create=True):
        child = Waiting(tmp_path, "build", str(game), "--only", "notes", "--force")
        child.wait_told()
        still = time.monotonic() + STILL
        while time.monotonic() < still:
            assert os.readlink(out) == live, "the build swapped the folder during the preview"
            time.sleep(0.05)
        assert child.proc.poll() is None, "".join(child.lines)
    err = child.finish()
    assert child.proc.returncode == 0, err
    assert err.count(WAITING) == 1, err
    assert os.readlink(out) != live


def test_a_wait_for_the_lock_is_told_once_naming_the_folder(tmp_path, monkeypatch):
    """pnp waiting for another's lock says so once, after the grace, with the folder and how long it may wait; when
    the lock stays held the wait ends in an OutputError; a free lock is taken without a word."""
    told = []
    monkeypatch.setattr(output, "on_wait", told.append)
    monkeypatch.setattr(output.OutputFolder, "LOCK_WAIT", 0.6)
    monkeypatch.chdir(tmp_path)
    fd = hold_lock(tmp_path / "output" / ".mini.pnp")
    started = time.monotonic()
    try:
        with pytest.raises(OutputError, match="another pnp is writing output/mini"):
            with output.OutputFolder(Path("output") / "mini"):
                pass
        assert time.monotonic() - started >= 0.6
        assert told == ["waiting for another pnp writing output/mini (up to 1 s)…"]
        told.clear()
        with pytest.raises(OutputError):
            with writing_into(Path("output") / "mini", create=True):
                pass
        assert told == ["waiting for another pnp writing output/mini (up to 1 s)…"]
    finally:
        os.close(fd)
    told.clear()
    with output.OutputFolder(Path("output") / "mini"):
        pass
    with writing_into(Path("output") / "mini", create=True):
        pass
    assert told == []


def test_a_preview_and_a_build_at_once_both_end_whole(tmp_path, game):
    """The race of the issue (a preview exited 2 and left a partial preview/), run for real at a few offsets: both
    exit 0, the build's files are those its manifest lists, and the preview folder holds every file a preview
    alone writes. (The window was milliseconds wide: the two tests above show the turns deterministically.)"""
    alone = tmp_path / "alone"
    assert pnp(tmp_path, "preview", str(game), "--out", str(alone), *FAST["preview"]).returncode == 0
    expected = {p.name for p in alone.iterdir()}
    out = tmp_path / "output" / "mini"
    for delay in (0.0, 0.4, 0.8):
        shutil.rmtree(out / "preview", ignore_errors=True)  # what this round's preview writes, alone
        procs = []
        for args, wait in ((["build", str(game), "--force"], 0.0), (["preview", str(game), *FAST["preview"]], delay)):
            time.sleep(wait)
            procs.append(subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=tmp_path, env=ENV,
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        for p in procs:
            _, err = p.communicate(timeout=HANG_GUARD)
            assert p.returncode == 0, err
        assert {p.name for p in (out / "preview").iterdir()} == expected
        manifest = json.loads((out / "manifest.json").read_text())
        assert all((out / f["name"]).is_file() for f in manifest["files"])
        meta = tmp_path / "output" / ".mini.pnp"
        assert {p.name for p in meta.iterdir()} == {"lock", os.readlink(out).split("/")[1]}


def test_the_ink_saver_previews_go_beside_the_full_ones_and_a_build_keeps_both(tmp_path, game):
    """``pnp preview --ink saver`` wrote its pictures over the full edition's, under the same names, in one
    folder; the build's PDFs of the two editions sit side by side, and so do the previews now."""
    saver = pnp(tmp_path, "preview", str(game), *FAST["preview"], "--ink", "saver")
    assert saver.returncode == 0, saver.stderr
    full = pnp(tmp_path, "preview", str(game), *FAST["preview"])
    assert full.returncode == 0, full.stderr
    out = tmp_path / "output" / "mini"
    shown = {d: (out / d / "contact-notes.png").read_bytes() for d in ("preview", "preview-ink-saver")}
    assert shown["preview"] != shown["preview-ink-saver"]
    built = pnp(tmp_path, "build", str(game), *FAST["build"])  # a folder of previews only: pnp's to take over
    assert built.returncode == 0, built.stderr
    assert (out / "preview-ink-saver" / "contact-notes.png").read_bytes() == shown["preview-ink-saver"]
