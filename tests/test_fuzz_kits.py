"""The shipped kits, mutated at random, never crash, hang or half-write pnp.

Each example takes one of the kits (and the mech fixture), mutates one to three of its files
with test_fuzz's mutations (odd values, retyped and deleted keys, deep nesting, aliases, raw
text damage), and checks it. A quarter of the examples then run ``pnp build`` into a folder
that holds an earlier good build: the exit code is 0 or 1, never a traceback, and when the
build fails the earlier files are exactly as they were.

CI runs PNP_FUZZ_EXAMPLES (default 100) examples; a nightly run sets it to thousands.
"""
from __future__ import annotations

import copy
import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import HANG_GUARD, MECH, ROOT
from pnp.cli import cli
from test_fuzz import check, damage_text, dump, mutate

#: random and bulk input through pnp's own checks: run with the newest releases only (.ci/floors)
pytestmark = pytest.mark.volume

KITS = [d for d in sorted((ROOT / "content").iterdir()) if (d / "game.yaml").is_file()] + [MECH]
DOCS = {kit.name: {p.relative_to(kit).as_posix(): yaml.safe_load(p.read_text(encoding="utf-8"))
                   for p in sorted(kit.rglob("*.yaml"))} for kit in KITS}
EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "100"))


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def good_build(tmp_path_factory) -> Path:
    """An earlier good build (the mini-sized tokens output of the mech kit) that failed builds must not touch."""
    out = tmp_path_factory.mktemp("good")
    r = CliRunner().invoke(cli, ["build", str(MECH), "--only", "tokens", "--out", str(out), "-q"])
    assert r.exit_code == 0, r.output
    return out


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_kits_never_crash_hang_or_half_write(good_build, data):
    kit = data.draw(st.sampled_from(KITS), label="kit")
    original = DOCS[kit.name]
    docs = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        fname = data.draw(st.sampled_from(sorted(docs)), label="file")
        mutate(data, docs[fname])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / kit.name
        shutil.copytree(kit, root)
        for fname, doc in docs.items():
            if doc != original[fname]:
                (root / fname).write_text(damage_text(data, dump(doc)), encoding="utf-8")
        problems = check(root)  # no exception, known codes, under 10 s
        if data.draw(st.integers(0, 3), label="build?") == 0:
            out = Path(tmp) / "out"
            shutil.copytree(good_build, out)
            before = _digests(out)
            start = time.perf_counter()
            r = CliRunner().invoke(cli, ["build", str(root), "--only", "tokens", "--out", str(out), "-q"])
            assert time.perf_counter() - start < HANG_GUARD
            assert r.exit_code in (0, 1), (r.exit_code, r.output)
            assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
            assert "Traceback" not in r.output
            if r.exit_code == 1:
                assert problems.errors or "error" in r.output
                assert _digests(out) == before, "a failed build changed the earlier output"
