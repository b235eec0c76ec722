import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "mini"


@pytest.fixture
def mini(tmp_path) -> Path:
    """A writable copy of the mini game."""
    dest = tmp_path / "mini"
    shutil.copytree(MINI, dest)
    return dest


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
