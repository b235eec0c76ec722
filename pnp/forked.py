"""Work done in forked processes: a build's parts with ``-j``, a preview's units, ``--item``'s check.

A forked worker inherits what its parent has read (the kit, the modules, the parsed fonts) instead of
loading it again, which is what makes ``-j`` pay on two cores. So the parent does once what every worker
would repeat, then forks; ``shared`` data is set just before the fork and read by the workers, never sent.
"""
from __future__ import annotations

import os
import sys
import threading
from typing import Callable, Iterable, Iterator


def can_fork() -> bool:
    """Workers are forked only from a process with one thread: a fork copies no other thread, nor can it
    release a lock another thread held."""
    return hasattr(os, "fork") and threading.active_count() == 1


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):  # what is buffered would be written again by each child
        stream.flush()


#: what the workers of ``each`` run and read, set just before they are forked
_SHARED: tuple | None = None


def _run(key):
    fn, shared = _SHARED
    return fn(shared, key)


def each(fn: Callable, shared, keys: Iterable, workers: int) -> Iterator[tuple]:
    """``(key, fn(shared, key))`` for every key, as ``workers`` forked processes finish them; the keys are
    handed out in the order given (the biggest first, say). ``shared`` is inherited by the workers."""
    import concurrent.futures as cf
    import multiprocessing

    global _SHARED
    _flush()
    _SHARED = (fn, shared)
    try:
        with cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {pool.submit(_run, key): key for key in keys}
            for fut in cf.as_completed(futures):
                yield futures[fut], fut.result()
    finally:
        _SHARED = None


def child(fn: Callable, *args) -> Callable[[], object]:
    """Run ``fn(*args)`` in one forked child (without the process pool's imports); returns a function that
    waits for its result (None if the child failed: an error, a signal)."""
    import pickle

    _flush()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        code = 1
        try:
            os.close(read)
            with os.fdopen(write, "wb") as out:
                pickle.dump(fn(*args), out, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)
    os.close(write)

    def result():
        try:
            with os.fdopen(read, "rb") as got:
                data = got.read()
        finally:
            os.waitpid(pid, 0)
        try:
            return pickle.loads(data)
        except Exception:  # nothing, or half a result
            return None

    return result
