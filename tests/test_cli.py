"""The command line: exit codes 0 (ok), 1 (content errors), 2 (usage errors); never a traceback."""
from click.testing import CliRunner

from pnp import __version__
from pnp.cli import cli

from conftest import MINI, edit


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_version_and_help():
    assert __version__ in run("--version").output
    # each command's help says what it does in pnp's words (its docstring), not only the framework's heading
    for cmd, words in (("list", "List the games"), ("validate", "Load GAME and check it"),
                       ("build", "Validate GAME and write its PDFs")):
        r = run(cmd, "--help")
        assert r.exit_code == 0 and words in " ".join(r.output.split()), r.output


def test_validate_ok_is_exit_0():
    r = run("validate", str(MINI))
    assert r.exit_code == 0, r.output


def test_content_error_is_exit_1_with_file_line(mini):
    edit(mini / "board.yaml", "price: 60}", "price: -60}")
    r = run("validate", str(mini))
    assert r.exit_code == 1
    assert "board.yaml:7:" in r.output and "E-schema-amount" in r.output
    assert "Traceback" not in r.output


def test_validate_json(mini):
    import json

    edit(mini / "board.yaml", "price: 60}", "price: -60}")
    r = run("validate", str(mini), "--format", "json")
    assert r.exit_code == 1
    (p,) = json.loads(r.stdout)
    assert p["code"] == "E-schema-amount" and p["line"] == 7 and p["severity"] == "error"


def test_unknown_game_is_exit_2():
    r = run("validate", "no-such-game")
    assert r.exit_code == 2
    assert "no game 'no-such-game'" in r.output


def test_bad_option_is_exit_2(tmp_path):
    r = run("build", str(MINI), "--only", "cards,dice", "--out", str(tmp_path))
    assert r.exit_code == 2
    assert "unknown part(s) dice" in r.output
    assert not any(tmp_path.iterdir())


def test_build_writes_files_and_content_error_writes_nothing(mini, tmp_path):
    r = run("build", str(mini), "--only", "cards", "--out", str(tmp_path / "ok"))
    assert r.exit_code == 0, r.output
    assert (tmp_path / "ok" / "cards-a4.pdf").is_file()
    edit(mini / "decks" / "luck.yaml", "Pay {{ 5 | money }}", "Pay {{ nope }}")
    r = run("build", str(mini), "--out", str(tmp_path / "bad"))
    assert r.exit_code == 1
    assert "nothing was written" in r.output
    assert not (tmp_path / "bad").exists()


def test_list_shows_shipped_games(monkeypatch):
    from conftest import ROOT

    monkeypatch.chdir(ROOT)
    r = run("list")
    assert r.exit_code == 0
    assert "etymonopoly\tEtymonopoly" in r.output


def test_explain_a_code():
    r = run("validate", "--explain", "E-board-ring")
    assert r.exit_code == 0 and "divisible by 4" in r.output
    r = run("validate", "--explain", "E-board-rng")
    assert r.exit_code == 2 and "E-board-ring" in r.output


def test_explain_all_lists_every_rule_by_concern():
    from pnp.rules import RULES, concerns

    r = run("validate", "--explain", "all")
    assert r.exit_code == 0, r.output
    headings = [line.split(":")[0] for line in r.output.splitlines() if line and not line.startswith(" ")]
    assert headings == [c.name for c in concerns()]
    listed = [line.split()[0] for line in r.output.splitlines() if line.startswith("  ") and line[2] != " "]
    assert sorted(listed) == sorted(RULES)
    assert "  E-board-ring (error)" in r.output and "  W-deck-unused (warning)" in r.output


def test_calibrate_writes_two_pages(tmp_path):
    from pypdf import PdfReader

    r = run("calibrate", "--paper", "letter", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert len(PdfReader(str(tmp_path / "calibrate-letter.pdf")).pages) == 2


def test_progress_is_quiet_when_not_a_terminal(tmp_path):
    r = run("build", str(MINI), "--only", "cards", "--out", str(tmp_path))
    assert r.exit_code == 0 and "[" not in r.output and "#" not in r.output


def test_progress_bar_draws_on_a_terminal(capsys):
    from pnp.cli import _ProgressBar

    bar = _ProgressBar(enabled=True)
    bar(1, 2, "cards")
    bar(2, 2, "notes")
    bar.close()
    err = capsys.readouterr().err
    assert "[############............] 1/2 cards" in err and "2/2 notes" in err


def test_an_unwritable_output_folder_is_a_usage_error_not_a_traceback(tmp_path):
    import subprocess
    import sys

    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = subprocess.run([sys.executable, "-m", "pnp", "build", str(MINI), "--out", str(blocker / "out")],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "cannot create the output folder" in r.stderr and "Traceback" not in r.stderr


def test_the_command_ends_without_teardown_yet_its_output_is_whole_and_its_exit_code_kept(mini, tmp_path):
    """``pnp`` leaves with ``os._exit`` once a command is over (``cli._leave``): what it printed into a file
    (fully buffered, unlike a terminal) is all there, and the exit code is the command's."""
    import json
    import subprocess
    import sys

    def pnp(*argv):
        out, err = tmp_path / "out.txt", tmp_path / "err.txt"
        with open(out, "wb") as o, open(err, "wb") as e:
            code = subprocess.run([sys.executable, "-m", "pnp", *argv], stdout=o, stderr=e).returncode
        return code, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")

    code, out, _ = pnp("validate", str(mini), "--format", "json")
    assert code == 0 and json.loads(out) == []
    edit(mini / "board.yaml", "price: 60}", "price: -60}")
    code, _, err = pnp("validate", str(mini))
    assert code == 1 and "board.yaml:7:" in err and err.rstrip().endswith("0 warning(s)")
    code, _, err = pnp("validate", str(tmp_path / "no-such-game"))
    assert code == 2 and "no game " in err and "no-such-game" in err


def test_the_quick_exit_waits_for_a_thread_still_running_and_for_a_message(monkeypatch):
    import threading

    import pytest

    from pnp import cli as cli_module

    monkeypatch.setattr(cli_module.os, "_exit", lambda code: pytest.fail("left with a thread running"))
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        with pytest.raises(SystemExit) as done:
            cli_module._leave(SystemExit(3))
        assert done.value.code == 3
    finally:
        stop.set()
        worker.join()
    with pytest.raises(SystemExit) as done:  # a message for Python to print, not a number
        cli_module._leave(SystemExit("stopped"))
    assert done.value.code == "stopped"


def test_a_build_names_the_pdfs_in_its_folder_it_did_not_write(tmp_path):
    out = tmp_path / "kit"
    assert run("build", str(MINI), "--only", "cards", "--layout", "simplex", "--out", str(out)).exit_code == 0
    result = run("build", str(MINI), "--only", "cards", "--out", str(out))
    assert result.exit_code == 0
    assert "not from this build" in result.output and "cards-a4-simplex.pdf" in result.output
    again = run("build", str(MINI), "--only", "cards", "--layout", "simplex", "--out", str(tmp_path / "fresh"))
    assert "not from this build" not in again.output
