"""Writing results: a build's files land as one set or not at all; bytes are deterministic.

A build's folder (``output/<game>``, or ``--out X``) is swapped as a whole
------------------------------------------------------------------------------
Every build writes its complete set (the new PDFs, the kept parts' files carried over by hard
link, ``manifest.json``, and everything else the folder held) into a fresh generation folder
beside it, then makes that generation *the* folder in one atomic step:

    output/etymonopoly -> .etymonopoly.pnp/gen-7        (a relative symlink: the path users open)
    output/.etymonopoly.pnp/gen-7/cards-a4.pdf ...      (the live set)
    output/.etymonopoly.pnp/lock                        (held while a build works on the folder)

The swap is ``rename(2)`` of a new symlink over the old one, which POSIX makes atomic: a reader,
or a kill -9 at any instant, sees either the old generation or the new one, never a mix. The
generation the link does not name (the previous one, or a staging folder a killed build left)
is removed at the start of the next build of that folder, and after each swap.

Where there is no symlink to replace yet (the first build into a folder that ``pnp preview``
or an older pnp made, or a system without symlinks, such as Windows without developer mode or
a FAT drive), the folder is a real directory and a directory cannot be renamed over a
non-empty one. Then pnp first tries an atomic exchange of the two (Linux ``renameat2``
``RENAME_EXCHANGE``, macOS ``renamex_np`` ``RENAME_SWAP``); failing that it writes a journal naming the new generation, renames the
old folder away and the new one into place, and removes the journal. A kill between those two
renames leaves no folder at that path for an instant; the next pnp run on the folder finds the
journal and finishes the swap (the new set, complete), before anything else.

Files pnp did not write (``preview/``, a user's notes) are carried into each new generation
(hard links; a copy where links are impossible), so they survive every build. A build never
takes over a non-empty folder that does not look like pnp's (no ``manifest.json``, and more
than a ``preview/`` folder): that is an ``OutputError``, as is a folder that cannot be written.

Why a link to the whole folder: a set of files can only change in one step if one name
changes, and the folder is the one name users open. Renaming files one by one (pnp before)
leaves a mix after a kill; a link per file would keep ``output/<game>`` a real folder but make
every PDF a link (copied as links, listed as links). With the folder as the link, its files are
plain files, and what a build must do besides is carry what it did not write. A program that
writes into the folder *during* a build may lose what it wrote after the build carried the
folder's files; builds of one folder take turns (the lock), and ``pnp preview`` takes that lock too.

Other writers (``pnp calibrate``, ``pnp schema``, previews, the shop's zip) use ``write_all``: each
file whole (written to a temporary name, then renamed), leftover temporaries of a killed run removed.
A preview writing into a build's folder (``output/<game>/preview``) holds the build's lock while it
writes (``writing_into``): a build never carries a half-written preview, nor removes the generation a
preview is writing into.

What pnp writes over, and what it trusts
-----------------------------------------
Every output path passes ``check_target`` before anything is written: a folder pnp writes into must be
new or a folder, a file it replaces must be a plain file pnp wrote (``_made_by_pnp``); never a device,
FIFO or socket, a link where a file belongs, nor anything in a game folder. The folder's own record
(``.<name>.pnp``) is checked before a build believes it (``OutputFolder._check_meta``): a real folder,
holding only the entries pnp makes there, a journal naming one of them, links naming its generations.
Anything else is an ``OutputError`` (exit 2), with nothing deleted or moved.

Test-only hooks (environment variables, read when used; unset in normal use):
``PNP_TEST_KILL_AT=point[:n]`` sends SIGKILL to the process itself the n-th time (default 1)
it reaches ``point`` (see ``KILL_POINTS``); ``PNP_TEST_OUTPUT=nosymlink,noexchange`` makes
the writer act as if symlinks, or the atomic exchange, were unavailable.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable


class OutputError(Exception):
    """The output folder cannot be written (not content's fault: exit code 2)."""


@dataclass
class OutFile:
    name: str
    data: bytes
    info: dict  # pages, sizes ... for the manifest

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


# ------------------------------------------------------------------------------ test hooks
#: where PNP_TEST_KILL_AT may stop a build (in the order a build reaches them)
KILL_POINTS = (
    "claimed",  # the folder is locked, recovered and cleaned; nothing written yet
    "file",  # after each file written into the staging generation (file:2 = after the second)
    "staged",  # the new generation is complete on disk; the old one is still live
    "linked",  # the new symlink exists beside the old one, not yet renamed over it
    "journal",  # two-rename swap: the journal is written, the old folder not yet moved
    "between",  # two-rename swap: the old folder is moved away, the new one not yet in place
    "swapped",  # the new generation is live; the old one is not yet removed
)
_reached: dict[str, int] = {}


def _checkpoint(point: str) -> None:
    spec = os.environ.get("PNP_TEST_KILL_AT")
    if not spec:
        return
    name, _, nth = spec.partition(":")
    if name != point:
        return
    _reached[point] = _reached.get(point, 0) + 1
    if _reached[point] == int(nth or 1):
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def _test_flag(flag: str) -> bool:
    return flag in os.environ.get("PNP_TEST_OUTPUT", "").split(",")


# ------------------------------------------------------------------------------ small tools
#: a temporary file of write_all (tempfile.mkstemp: ".<name>.<8 random characters>.tmp")
_TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
_GEN = re.compile(r"^gen-(\d+)$")


def _write_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(path, 0o644)  # whatever the umask: as write_all always did


def _fsync_dir(path: Path) -> None:
    """Make a folder's entries (renames, new files) durable; a no-op where folders cannot be opened."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        import shutil  # imported where used, as tempfile is: a build with nothing to do never writes (~9 ms)

        shutil.rmtree(path, ignore_errors=True)


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically: Linux renameat2(RENAME_EXCHANGE), macOS renamex_np(RENAME_SWAP).
    False where that is not available (other systems, file systems that cannot, PNP_TEST_OUTPUT=noexchange)."""
    if _test_flag("noexchange") or not hasattr(os, "uname"):
        return False
    import ctypes

    system = os.uname().sysname
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if system == "Linux":
            fn = libc.renameat2  # glibc >= 2.28
            fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            at_fdcwd, rename_exchange = -100, 2
            result = fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
        elif system == "Darwin":  # not exercised by the tests, which run on Linux
            fn = libc.renamex_np
            fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
            rename_swap = 2
            result = fn(os.fsencode(a), os.fsencode(b), rename_swap)
        else:
            return False
    except (OSError, AttributeError):  # a libc without the call
        return False
    if result == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EPERM, errno.ENOTTY):
        return False  # the file system (or kernel) cannot exchange: take the journalled way
    raise OSError(err, os.strerror(err), str(b))


# ------------------------------------------------------------------------------ output targets
def check_target(path: Path, folder: bool) -> None:
    """Refuse an output path pnp must not write (``OutputError``: exit 2), before anything is written.

    ``folder``: a folder pnp writes into (build, preview, tts, calibrate, schema) must be new or a folder
    (a link to one is followed). Else a file pnp writes whole (the shop's zip, each file ``write_all``
    writes) must be new or a plain file pnp wrote (``_made_by_pnp``): a file it did not write is never
    replaced. Never a device, a FIFO or a socket, nor anything in a game folder (one holding game.yaml,
    or any folder under it), whether the path or the place it leads to is in one."""
    for where in {Path(os.path.abspath(path)), Path(os.path.realpath(path))}:
        for d in (where, *where.parents):
            if os.path.lexists(d / "game.yaml"):
                raise OutputError(f"{path} is in the game folder {d} (it holds game.yaml): pnp never writes into "
                                  f"a game's folder; name a path outside it with --out")
    _check_kind(path, folder)


def _check_kind(path: Path, folder: bool) -> None:
    """What ``check_target`` checks of ``path`` itself, not where it is (``write_all``: a file in a folder
    that passed ``check_target``)."""
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            if not folder:
                raise OutputError(f"{path} is a symbolic link: pnp replaces only a plain file it wrote; remove the "
                                  f"link or name another file with --out")
            st = os.stat(path)
    except OSError:  # absent (or a link to nothing, or under a file): a new path; writing says if it cannot be made
        return
    kind = _odd_kind(st.st_mode)
    what = "folder" if folder else "file"
    if kind:
        raise OutputError(f"{path} is {kind}, not a {what} pnp writes: pnp writes only its own files and folders, or "
                          f"new ones; name another path with --out")
    if folder and not stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{path} is a file, not a folder: name a folder (a new one, or one pnp made) with --out")
    if not folder and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{path} is a folder: --out names the file to write (a new one, or one pnp made)")
    if not folder and not _made_by_pnp(path):
        raise OutputError(f"{path} exists and pnp did not write it: pnp replaces only its own files; move it away "
                          f"or name another file with --out")


def _odd_kind(mode: int) -> str | None:
    """What a file of this ``st_mode`` is when it is neither a plain file nor a folder (None: one of those)."""
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return "not a plain file"
    return None


_PNG = b"\x89PNG\r\n\x1a\n"


def _made_by_pnp(path: Path) -> bool:
    """Whether the plain file ``path`` is one pnp writes through ``write_all``, told by its bytes: a PDF pnp made
    (``/Creator (pnp)``), a print-shop zip (one ``<x>-shop/`` folder with its ``files.csv``), a schema
    (``"title": "pnp ..."``), a PNG (previews carry no mark of their own: any PNG under a preview's name
    passes). Opened without following a link or waiting on a pipe swapped in since it was looked at."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as fh:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return False
            size = st.st_size
            head = fh.read(8)
            if head.startswith(_PNG):
                return True
            if head.startswith(b"%PDF-"):
                fh.seek(max(0, size - 65536))
                return b"/Creator (pnp)" in fh.read()
            if head.startswith(b"PK\x03\x04"):
                import zipfile

                fh.seek(0)
                names = zipfile.ZipFile(fh).namelist()
                top = names[0].partition("/")[0] if names else ""
                return (top.endswith("-shop") and f"{top}/files.csv" in names
                        and all(n.startswith(f"{top}/") for n in names))
            if head.startswith(b"{") and size <= 4 << 20:
                fh.seek(0)
                doc = json.loads(fh.read())
                return isinstance(doc, dict) and str(doc.get("title", "")).startswith("pnp ")
        except Exception:  # unreadable, or malformed (zipfile and json raise their own errors): not pnp's
            return False
    return False


# ------------------------------------------------------------------------------ single files
def write_all(out_dir: Path, files: list[OutFile], sync: bool = True) -> list[Path]:
    """Write every file to a temporary name first, then rename each into place.

    Each file is whole or absent, never half-written; if a write fails, nothing was renamed and
    the temporaries are removed. Temporaries a killed run left in ``out_dir`` are removed first.
    ``sync=False`` skips the fsync of each file (previews: hundreds of files drawn again at will;
    a killed run still leaves each whole or absent, only a power cut may lose the latest).
    For a build's set of files, which must change together, see ``OutputFolder``. Every target is
    checked first (``check_target``): a refusal writes nothing."""
    check_target(out_dir, folder=True)
    for f in files:
        _check_kind(out_dir / f.name, folder=False)  # where it is: checked with the folder
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the output folder {out_dir}: {exc.strerror or exc}") from None
    ours = tuple(f".{f.name}." for f in files)  # the temporaries of these files only, not a stranger's .tmp
    try:
        for entry in os.scandir(out_dir):
            if entry.name.startswith(ours) and _TEMP.match(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
    except OSError:
        pass  # only tidying: the writes below report a folder that cannot be written
    import tempfile

    temps: list[tuple[str, Path]] = []
    try:
        for f in files:
            fd, tmp = tempfile.mkstemp(prefix=f".{f.name}.", suffix=".tmp", dir=out_dir)
            temps.append((f.name, Path(tmp)))
            os.chmod(tmp, 0o644)
            with os.fdopen(fd, "wb") as fh:
                fh.write(f.data)
                fh.flush()
                if sync:
                    os.fsync(fh.fileno())
    except BaseException as exc:
        for _, tmp in temps:
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write into {out_dir}: {exc.strerror or exc}; nothing was changed there") from exc
        raise
    written = []
    try:
        for name, tmp in temps:
            final = out_dir / name
            os.replace(tmp, final)
            written.append(final)
    except OSError as exc:
        for _, tmp in temps:
            tmp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {out_dir}: {exc.strerror or exc}") from None
    return written


# ------------------------------------------------------------------------------ a build's folder
#: told once per wait, after ``WAIT_GRACE`` seconds, when another pnp holds the lock of a folder this one must
#: write (a build's, or a preview into a build's folder): the message says what pnp waits for and how long it
#: may. None: wait silently. The command line (pnp/cli.py) shows it on stderr; a turn shorter than the grace
#: (a preview's batch) is not worth a line.
on_wait: Callable[[str], None] | None = None
WAIT_GRACE = 0.2


class OutputFolder:
    """A build's output folder, swapped as a whole (see the module's docstring).

    Use as a context manager around the whole build: entering locks the folder against other
    pnp builds, finishes a swap a killed build left half done, and removes stale generations
    (for a folder that does not exist yet, ``publish`` does that, so a failed first build leaves
    nothing behind); ``publish(files)`` then makes ``files`` plus everything else the folder
    holds the new live set. Reading (``path / name``) works as for any folder."""

    LOCK_WAIT = 60.0  # seconds to wait for another build of the same folder

    def __init__(self, out_dir: Path):
        self.shown = Path(out_dir)  # the path the user gave: what results name
        check_target(self.shown, folder=True)
        path = Path(os.path.abspath(out_dir))
        for _ in range(40):  # the user's own symlink to a folder elsewhere: work where it points
            if path.is_symlink() and not self._ours(path):
                path = Path(os.path.abspath(path.parent / os.readlink(path)))
            else:
                break
        if not path.name:
            raise OutputError(f"cannot build into {out_dir}: pnp needs a folder of its own, not a drive's root")
        if path != Path(os.path.abspath(out_dir)):
            check_target(path, folder=True)  # where the user's link leads
        self.path = path
        self.meta = path.parent / f".{path.name}.pnp"
        self._lock_fd: int | None = None
        self._unwritable: OSError | None = None

    # -- what is live
    def _ours(self, path: Path) -> bool:
        try:
            target = os.readlink(path)
        except OSError:
            return False
        head, _, gen = target.replace("\\", "/").partition("/")
        return head == f".{path.name}.pnp" and bool(_GEN.match(gen))

    def _live_gen(self) -> str | None:
        """The generation the folder's symlink names (None: the folder is a real directory, or absent)."""
        if self.path.is_symlink() and self._ours(self.path):
            return os.readlink(self.path).replace("\\", "/").partition("/")[2]
        return None

    # -- entering: lock, recover, clean
    def __enter__(self) -> "OutputFolder":
        if os.path.isdir(self.path) and self._live_gen() is None and not self._pnp_folder(self.path):
            raise OutputError(f"{self.shown} is a folder that pnp did not make (it has no manifest.json); "
                              f"pnp builds into a folder of its own: name a new or empty one with --out")
        if os.path.lexists(self.path) or os.path.lexists(self.meta):
            self._claim()
        # else a first build: nothing to read or tidy, and a build that fails leaves no trace; publish claims
        return self

    def _claim(self, tidy: bool = True) -> None:
        self._check_meta()  # before anything is made in it
        try:
            self.meta.mkdir(parents=True, exist_ok=True)
            self._lock_fd = os.open(self.meta / "lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:  # reading may still work (nothing to rebuild); publishing will say why not
            self._unwritable = exc
            return
        self._lock()
        try:
            self._check_meta()  # again, now that no other pnp changes it
        except OutputError:
            self.__exit__()
            raise
        self._recover()
        if tidy:
            self._clean()
            _checkpoint("claimed")

    #: what pnp itself puts in ``.<name>.pnp`` (see _claim, publish, _swap_in, _two_renames), and the files file
    #: browsers leave in a folder they showed (removed with the stale generations)
    _META_ENTRY = re.compile(r"^(lock|commit|commit\.tmp|(link-)?gen-\d+|old-(link-)?gen-\d+-\d+"
                             r"|\.DS_Store|Thumbs\.db|desktop\.ini)$")

    def _check_meta(self) -> None:
        """Trust ``.<name>.pnp`` only once it is checked, for a build deletes and moves what is in it: a real
        folder (not a link, which may lead anywhere) holding only what pnp puts there, each of its kind
        (generations folders, ``lock`` and the journal plain files, ``link-gen-N`` a link to its generation or
        the folder an exchange left), and a journal naming a generation. Else ``OutputError``: nothing deleted
        or moved. (Another build may be changing it: what vanishes while it is looked at is passed over.)"""
        meta = self.meta
        refuse = f"pnp refuses to build {self.shown} until it is removed (nothing was deleted or moved)"
        try:
            st = os.lstat(meta)
            names = sorted(os.listdir(meta)) if stat.S_ISDIR(st.st_mode) else []
        except OSError:
            return  # absent (made on claiming), or unreadable (claiming says why)
        if not stat.S_ISDIR(st.st_mode):
            kind = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a folder"
            raise OutputError(f"{meta} is {kind}, not the folder pnp keeps {self.shown}'s generations in; {refuse}")
        for name in names:
            entry = meta / name
            if not self._META_ENTRY.match(name):
                raise OutputError(f"{entry} is not something pnp puts in {meta.name} (a build removes what is "
                                  f"there); {refuse}")
            try:
                mode = os.lstat(entry).st_mode
                if name.startswith("link-"):
                    fine = stat.S_ISDIR(mode) or (stat.S_ISLNK(mode) and os.readlink(entry).replace("\\", "/")
                                                  == f"{meta.name}/{name[len('link-'):]}")
                elif name.startswith(("gen-", "old-")):
                    fine = stat.S_ISDIR(mode)
                else:
                    fine = stat.S_ISREG(mode)
                journal = ""
                if fine and name == "commit":
                    with open(entry, "rb") as fh:
                        journal = fh.read(256).decode("utf-8", "replace").strip()
            except FileNotFoundError:
                continue
            if not fine:
                raise OutputError(f"{entry} is not what pnp keeps under that name (a link, or a folder where a file "
                                  f"belongs, or the reverse); {refuse}")
            if journal and not re.fullmatch(r"(link-)?gen-\d+", journal):
                raise OutputError(f"{entry} names {journal!r}, not a generation in {meta.name}; {refuse}")

    def __exit__(self, *exc) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the lock
            self._lock_fd = None

    def _lock(self) -> None:
        fd = self._lock_fd
        try:
            import fcntl
        except ImportError:  # Windows: a byte-range lock, retried
            import msvcrt

            def attempt() -> bool:
                try:
                    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                    return True
                except OSError:
                    return False
        else:
            def attempt() -> bool:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return True
                except BlockingIOError:
                    return False
                except OSError:  # a file system without locks: go on unlocked
                    return True
        start = time.monotonic()
        told = False
        while not attempt():
            waited = time.monotonic() - start
            if waited > self.LOCK_WAIT:
                raise OutputError(f"another pnp is writing {self.shown}; waited {self.LOCK_WAIT:.0f} s")
            if not told and waited >= WAIT_GRACE and on_wait is not None:
                on_wait(f"waiting for another pnp writing {self.shown} (up to {self.LOCK_WAIT:.0f} s)…")
                told = True
            time.sleep(0.05)

    def _recover(self) -> None:
        """A swap a killed build left between its two renames: finish it (its journal names the new set)."""
        journal = self.meta / "commit"
        try:
            name = journal.read_text(encoding="utf-8").strip()
        except OSError:
            return
        entry = self.meta / name if name else None
        if entry is not None and os.path.lexists(entry):
            if not os.path.lexists(self.path):  # killed between the renames: put the new set in place
                os.rename(entry, self.path)
                _fsync_dir(self.path.parent)
            elif self._old_names(name) and os.path.isdir(self.path):
                # killed between the renames, and something (pnp preview) made the folder again since:
                # keep what it wrote, with the new set
                staged = self.meta / os.readlink(entry).partition("/")[2] if entry.is_symlink() else entry
                _carry(self.path, staged, skip=set(os.listdir(staged)))
                if not _exchange(entry, self.path):
                    self._two_renames(entry)
                _fsync_dir(self.path.parent)
        journal.unlink(missing_ok=True)

    def _old_names(self, name: str) -> list[str]:
        """Where earlier two-rename swaps of the entry ``name`` moved the folder they replaced."""
        return [e for e in os.listdir(self.meta) if e.startswith(f"old-{name}-")]

    def _clean(self) -> None:
        """Remove every generation but the live one: earlier ones, and staging a killed build left."""
        keep = {"lock", self._live_gen()}
        for entry in sorted(self.meta.iterdir()):
            if entry.name not in keep:
                _remove(entry)

    # -- publishing
    def publish(self, files: list[OutFile], drop: frozenset[str] | set[str] = frozenset()) -> list[Path]:
        """Make ``files``, with everything else the folder holds, the folder's new content, in one step.

        ``drop`` names files of the live set that are not carried over (files an earlier run of the
        same writer made and this one no longer does). On any failure the folder is as it was and the
        staging is removed (``OutputError``)."""
        if self._lock_fd is None and self._unwritable is None:
            self._claim()
        if self._unwritable is not None:
            exc = self._unwritable
            raise OutputError(f"cannot create the output folder {self.shown}: {_why(exc)}") from None
        live = self.path if os.path.isdir(self.path) else None
        gens = [int(m.group(1)) for e in self.meta.iterdir() if (m := _GEN.match(e.name))]
        gen = self.meta / f"gen-{max(gens, default=0) + 1}"
        names = {f.name for f in files}
        try:
            gen.mkdir()
            for f in files:
                _write_file(gen / f.name, f.data)
                _checkpoint("file")
            if live is not None:
                _carry(live, gen, skip=names | set(drop))
            _fsync_dir(gen)
            _checkpoint("staged")
            self._swap_in(gen)
        except OSError as exc:
            _remove(gen)
            for leftover in (self.meta / f"link-{gen.name}", self.meta / "commit"):
                _remove(leftover)
            raise OutputError(f"cannot write {self.shown}: {_why(exc)}; nothing was changed there") from exc
        _checkpoint("swapped")
        self._clean()
        return [self.shown / f.name for f in files]

    @staticmethod
    def _pnp_folder(folder: Path) -> bool:
        """A real folder pnp may take over: earlier pnp output (a manifest), or holding nothing but previews
        and the files file browsers leave (hidden ones, Thumbs.db, desktop.ini)."""
        try:
            names = {e.name for e in os.scandir(folder)}
        except OSError:
            return True  # unreadable: writing will say so
        visible = {n for n in names if not n.startswith(".") and n.lower() not in ("thumbs.db", "desktop.ini")}
        return "manifest.json" in names or all(n == "preview" or n.startswith("preview-") for n in visible)

    def _swap_in(self, gen: Path) -> None:
        entry = gen
        if not _test_flag("nosymlink"):
            link = self.meta / f"link-{gen.name}"
            try:
                os.symlink(f"{self.meta.name}/{gen.name}", link, target_is_directory=True)
            except (OSError, NotImplementedError):  # no symlinks here: the generation itself moves into place
                pass
            else:
                entry = link
                _checkpoint("linked")
        parent = self.path.parent
        if not os.path.lexists(self.path):
            os.rename(entry, self.path)  # nothing to replace: atomic
        elif entry is not gen and self._live_gen() is not None:
            os.replace(entry, self.path)  # a symlink over a symlink: atomic
        elif _exchange(entry, self.path):
            pass  # atomic; the old folder is now at entry's name, removed by _clean
        else:
            self._two_renames(entry)
        _fsync_dir(parent)

    def _two_renames(self, entry: Path) -> None:
        """Move the old folder away and the new one into place; a journal lets the next run finish."""
        journal = self.meta / "commit"
        tmp = self.meta / "commit.tmp"
        tmp.unlink(missing_ok=True)
        _write_file(tmp, entry.name.encode("utf-8"))
        os.replace(tmp, journal)
        _fsync_dir(self.meta)
        _checkpoint("journal")
        old = self.meta / f"old-{entry.name}-{len(self._old_names(entry.name)) + 1}"
        os.rename(self.path, old)  # fails (nothing changed) where the folder is busy, e.g. Windows with a PDF open
        _checkpoint("between")
        try:
            os.rename(entry, self.path)
        except OSError as exc:
            try:
                os.rename(old, self.path)  # put the old folder back
            except OSError:  # both failed: the journal stays, and the next run puts the new set in place
                raise OutputError(f"cannot write {self.shown}: {_why(exc)}; the new files are complete in "
                                  f"{entry}, and the next pnp build puts them in place") from exc
            journal.unlink(missing_ok=True)
            raise
        _fsync_dir(self.path.parent)
        journal.unlink(missing_ok=True)


@contextlib.contextmanager
def writing_into(folder: Path, create: bool):
    """Hold the lock builds of ``folder`` take while writing into it (``pnp preview`` into ``output/<game>/preview``):
    a build waits until the files are written, and no file is written while a build carries the folder's
    files into its new generation or removes the old one. ``folder``'s record is checked as a build checks
    it, and a swap a killed build left half done is finished first. Only a build's folder (its
    ``.<name>.pnp`` exists) is locked, or with ``create`` any (the record is made: a first build may start)."""
    if not Path(os.path.abspath(folder)).name:  # a drive's root: never a build's folder
        yield
        return
    out = OutputFolder(folder)
    if not create and not os.path.lexists(out.meta):
        yield
        return
    out._claim(tidy=False)
    try:
        yield
    finally:
        out.__exit__()


def _carry(src: Path, dst: Path, skip: set[str] = frozenset()) -> None:
    """Put everything in ``src`` (but the names in ``skip``, and write_all's leftover temporaries) into
    ``dst``: files as hard links (a copy where that fails), folders recursively, symlinks as symlinks."""
    import shutil

    for entry in sorted(os.scandir(src), key=lambda e: e.name):
        if entry.name in skip or _TEMP.match(entry.name):
            continue
        target = dst / entry.name
        if entry.is_symlink():
            os.symlink(os.readlink(entry.path), target)
        elif entry.is_dir():
            target.mkdir()
            shutil.copymode(entry.path, target)
            _carry(Path(entry.path), target)
        elif entry.is_file():
            try:
                os.link(entry.path, target)
            except OSError:
                shutil.copy2(entry.path, target)
        # sockets, fifos, devices: not something an output folder holds; left behind


def manifest_bytes(manifest: dict) -> bytes:
    """Pretty at the top (one key, file or part per line), compact below: readable, and written by
    json's C encoder even for thousands of items."""
    def compact(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = ["{"]
    keys = list(manifest)
    for i, key in enumerate(keys):
        value = manifest[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, list) and value:
            inner = ",\n".join(f"    {compact(v)}" for v in value)
            lines.append(f"  {compact(key)}: [\n{inner}\n  ]{comma}")
        elif isinstance(value, dict) and value:
            inner = ",\n".join(f"    {compact(k)}: {compact(v)}" for k, v in value.items())
            lines.append(f"  {compact(key)}: {{\n{inner}\n  }}{comma}")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}{comma}")
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")
