"""The command line on the input people really give it, and its options: messages, exit status."""

from __future__ import annotations

import codecs
import io
import os
import signal
import subprocess
import sys
import textwrap
import tracemalloc

import pytest
from conftest import brute_count, pattern_rows

from sudoku_teach import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, NORVIG_HARD, Grid, __version__
from sudoku_teach.cli import inputs as cli_input
from sudoku_teach.cli import main

LINE = Grid.parse(ASSIGNMENT_PUZZLE).to_string()
COMMENTED = "# from the café, é included\n" + ASSIGNMENT_PUZZLE + "\n"
CLI = [sys.executable, "-m", "sudoku_teach"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of one command."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def feed(monkeypatch, data: bytes) -> None:
    """Make standard input a pipe holding these bytes."""

    class Pipe(io.TextIOWrapper):
        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdin", Pipe(io.BytesIO(data)))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(codecs.BOM_UTF8 + COMMENTED.encode(), id="utf-8 BOM"),
        pytest.param(COMMENTED.encode("cp1252"), id="windows-1252"),
        pytest.param(COMMENTED.encode("utf-16"), id="utf-16"),
    ],
)
def test_files_in_every_common_encoding_are_read(tmp_path, capsys, data):
    path = tmp_path / "puzzle.txt"
    path.write_bytes(data)
    assert run(capsys, "solve", str(path)) == (0, ASSIGNMENT_SOLUTION + "\n", "")


def test_stdin_in_windows_1252_is_read(monkeypatch, capsys):
    feed(monkeypatch, COMMENTED.encode("cp1252"))
    assert run(capsys, "show", "--line") == (0, LINE + "\n", "")


def test_bytes_of_no_known_encoding_are_named_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "puzzle.txt"
    path.write_bytes(b"# \x81\n" + LINE.encode())
    status, out, err = run(capsys, "check", str(path))
    assert (status, out) == (2, "")
    assert err == (
        f"sudoku-teach check: {path}, line 1, column 3: byte 0x81 is neither UTF-8 nor"
        " Windows-1252 text; save the file as UTF-8 text (in Notepad: Save as..., Encoding:"
        " UTF-8)\n"
    )


def test_a_directory_says_it_is_one(tmp_path, capsys):
    status, out, err = run(capsys, "show", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == f"sudoku-teach show: argument 1: {tmp_path} is a directory, not a puzzle file\n"


@pytest.mark.parametrize("word", ["mypuzzle", "puzzle.TXT"])
def test_a_word_that_is_no_file_and_no_puzzle_says_no_such_file(capsys, word):
    status, _, err = run(capsys, "check", word)
    assert status == 2
    assert err.startswith(f"sudoku-teach check: argument 1: no such file: {word} (and it is not")


@pytest.mark.parametrize("data", [b"", b"\n\n  \n", b"# notes only\n------+-------+------\n"])
def test_input_without_a_puzzle_exits_2(monkeypatch, capsys, data):
    feed(monkeypatch, data)
    status, out, err = run(capsys, "solve")
    assert (status, out) == (2, "")
    assert err.startswith("sudoku-teach solve: stdin holds no puzzle (it is empty, or only blank")


def test_a_file_row_with_8_numbers_names_its_line(tmp_path, capsys):
    rows = ASSIGNMENT_PUZZLE.splitlines()
    rows[3] = rows[3][:-2]
    path = tmp_path / "puzzle.txt"
    path.write_text("\n".join(rows))
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert err == (
        f"sudoku-teach check: {path}, line 4: this row has 8 numbers, the row on line 1 has 9\n"
    )


def test_a_pasted_grid_with_spaces_for_blanks_explains_blanks(capsys):
    pasted = "\n".join(row.replace("0", " ") for row in ASSIGNMENT_PUZZLE.splitlines())
    status, _, err = run(capsys, "show", pasted)
    assert status == 2
    assert "spaces only separate numbers: write a blank as 0 or ." in err


def test_skip_bad_reports_each_bad_line_and_solves_the_good_ones(tmp_path, capsys):
    path = tmp_path / "many.txt"
    path.write_text(f"{LINE}\n{LINE[:80]}\n{LINE}\n{LINE.replace('.', 'x', 1)}\n")
    status, out, err = run(capsys, "solve", "--skip-bad", str(path))
    assert status == 2 and out == f"{ASSIGNMENT_SOLUTION}\n{ASSIGNMENT_SOLUTION}\n"
    lines = err.splitlines()
    assert lines[0].startswith(f"skipped: {path}, line 2: found 80 cells on this line")
    assert lines[1].startswith(f"skipped: {path}, line 4, column 1: unexpected character 'x'")
    assert lines[2] == "skipped 2 bad puzzle(s); the others were processed"
    status, out, _ = run(capsys, "solve", str(path))
    assert (status, out) == (2, ASSIGNMENT_SOLUTION + "\n")  # without it: stop at the first


@pytest.mark.parametrize("unreadable", [
    (LINE + "\n").encode("utf-16-le"),  # UTF-16 without its mark: zero bytes
    LINE.encode() + b"\n" + b"1" * 50_000 + b"\n",  # a line longer than any puzzle
])
def test_skip_bad_goes_on_with_the_next_file_after_one_it_cannot_read(tmp_path, capsys,
                                                                     unreadable):
    bad, good = tmp_path / "bad.txt", tmp_path / "good.txt"
    bad.write_bytes(unreadable)
    good.write_text(LINE + "\n")
    status, out, err = run(capsys, "solve", "--skip-bad", str(bad), str(good))
    assert status == 2 and out.endswith(f"{ASSIGNMENT_SOLUTION}\n"), err
    assert err.startswith(f"skipped: {bad}, line ")
    solved = out.count(ASSIGNMENT_SOLUTION)
    status, out, _ = run(capsys, "solve", str(bad), str(good))
    assert status == 2 and out.count(ASSIGNMENT_SOLUTION) == solved - 1  # without: stop there


def test_show_labels_several_puzzles_and_writes_file_formats(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(f"{LINE}\n\n{ASSIGNMENT_SOLUTION}\n")
    status, out, _ = run(capsys, "show", "--format", "sdk", str(path))
    assert status == 0
    assert out.startswith(f"# {path} line 1\n..298.5..\n")
    assert f"\n\n# {path} line 3\n{ASSIGNMENT_SOLUTION[:9]}\n" in out
    again = tmp_path / "again.sdk"
    again.write_text(out)
    assert run(capsys, "show", "--line", str(again))[1] == f"{LINE}\n{ASSIGNMENT_SOLUTION}\n"


def test_show_of_one_puzzle_has_no_label(capsys):
    assert run(capsys, "show", "--format", "rows", LINE)[1] == ASSIGNMENT_PUZZLE.strip() + "\n"


def test_solve_says_when_a_puzzle_has_several_solutions(capsys):
    for method, puzzle in [("fast", NORVIG_HARD), ("naive", "." * 16)]:
        status, out, err = run(capsys, "solve", "--method", method, puzzle)
        assert status == 1 and len(out.strip()) == len(puzzle)
        assert err == "argument 1: has more than one solution: this is one of them\n"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--steps"], "--steps works only with --method singles, not with --method fast"),
        (["--method", "singles", "--max-nodes", "5"], "--max-nodes works only with --method fast"),
    ],
)
def test_an_option_the_method_does_not_use_is_an_error(capsys, argv, message):
    status, out, err = run(capsys, "solve", *argv, LINE)
    assert (status, out) == (2, "")
    assert message in err


@pytest.mark.parametrize("method", ["naive", "mrv", "propagate", "fast"])
def test_max_nodes_stops_a_search(capsys, method):
    status, out, err = run(capsys, "solve", "--method", method, "--max-nodes", "3", NORVIG_HARD)
    assert status == 1
    assert out.startswith("node limit reached (")
    faster = ", or --method fast (the package's own solver, far quicker)"
    if method == "fast":
        faster = ", or --method sat (a SAT solver, which has no node limit)"
    assert err == f"argument 1: try a larger --max-nodes{faster}\n"


def test_count_stops_at_its_max_nodes_and_says_how_to_go_further(capsys):
    status, out, err = run(capsys, "count", "--max-nodes", "1", NORVIG_HARD)
    assert status == 1 and out == "node limit reached (1 nodes), no answer\n"
    assert err.endswith("limit of 1 nodes without finishing; try a larger --max-nodes, or"
                        " --method sat (a SAT solver, which has no node limit)\n")
    status, out, err = run(capsys, "count", "--max-nodes", "100000", NORVIG_HARD)
    assert (status, out, err) == (0, "2 (limit reached)\n", "")  # it has several solutions


def test_count_keeps_none_of_the_solutions_it_counts(capsys):
    rows = pattern_rows()
    rows[:4] = [[0] * 9 for _ in range(4)]  # four rows blank: thousands of solutions
    puzzle = "".join(str(v) for row in rows for v in row)
    expected = brute_count(rows, limit=10**9)
    assert expected > 1000  # kept, so many grids would take megabytes

    def count(limit: int) -> tuple[str, int]:
        tracemalloc.start()
        try:
            status, out, err = run(capsys, "count", "--limit", str(limit), puzzle)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert (status, err) == (0, "")
        return out, peak

    two, two_peak = count(2)
    every, every_peak = count(10**9)
    assert (two, every) == ("2 (limit reached)\n", f"{expected}\n")
    assert every_peak < two_peak + 500_000, (two_peak, every_peak)  # kept: about 2.4 MB


def test_version(capsys):
    with pytest.raises(SystemExit) as raised:
        main(["--version"])
    assert raised.value.code == 0
    assert capsys.readouterr().out == f"sudoku-teach {__version__}\n"


def test_progress_bar_only_when_stderr_is_a_terminal_and_answers_go_elsewhere(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli_input.with_progress([1, 2]).disable is False
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert cli_input.with_progress([1, 2]).disable is True
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert cli_input.with_progress([1, 2]).disable is True


# --- streaming and interrupting: real processes --------------------------------------------------
def as_in_a_terminal() -> None:
    """Ctrl-C as a terminal gives it: a suite started in the background (`make test &`)
    passes Ctrl-C on ignored, and the command would then rightly not stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_answers_stream_out_before_input_ends_and_ctrl_c_exits_130():
    child = subprocess.Popen(
        [*CLI, "solve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=as_in_a_terminal,
    )
    try:
        child.stdin.write(LINE.encode() + b"\n")
        child.stdin.flush()
        assert child.stdout.readline().decode().strip() == ASSIGNMENT_SOLUTION  # stdin still open
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=60) == 130
        assert child.stderr.read().decode() == "sudoku-teach: interrupted\n"
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="resource is POSIX only")
def test_memory_stays_flat_on_long_input(tmp_path):
    probe = textwrap.dedent(
        """
        import resource, sys
        from sudoku_teach.cli import main
        main(["check", sys.argv[1]])
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
        """
    )
    peaks = []
    for count in (100, 4000):
        path = tmp_path / f"{count}.txt"
        path.write_text(f"{LINE}\n" * count)
        done = subprocess.run(
            [sys.executable, "-c", probe, str(path)], capture_output=True, text=True,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=True,
        )
        peaks.append(int(done.stderr.split()[-1]))  # kilobytes on Linux
    assert peaks[1] - peaks[0] < 20_000, f"peak grew from {peaks[0]} to {peaks[1]} kB"


@pytest.mark.parametrize("command", ["solve", "count"])
def test_a_grid_of_one_number_is_told_in_one_short_line(command, capsys, tmp_path):
    path = tmp_path / "ones.txt"
    path.write_text("1" * 81 + "\n")
    status, _, err = run(capsys, command, str(path))
    assert status == 1
    assert err.count("\n") == 1  # 27 broken rules: 8 named, 19 counted
    assert err.count(" has the number 1 9 times: ") == 8
    assert err.endswith("(7, 8); and 19 more broken rules\n")  # rows 0-7 named
