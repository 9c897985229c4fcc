"""The command line: show and check, exit codes, messages on stderr."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from sudoku_teach import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, Grid
from sudoku_teach.cli import main

LINE = Grid.parse(ASSIGNMENT_PUZZLE).to_string()


def test_show_pretty_prints_an_argument(capsys):
    assert main(["show", LINE]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ". . 2 | 9 8 . | 5 . ."
    assert "------+-------+------" in out


def test_show_reads_the_assignment_file(tmp_path, capsys):
    path = tmp_path / "puzzle.txt"
    path.write_text(ASSIGNMENT_PUZZLE)
    assert main(["show", "--line", str(path)]) == 0
    assert capsys.readouterr().out.strip() == LINE


def test_show_reads_stdin_one_puzzle_a_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(LINE + "\n" + ASSIGNMENT_SOLUTION + "\n"))
    assert main(["show", "--line"]) == 0
    assert capsys.readouterr().out.split() == [LINE, ASSIGNMENT_SOLUTION]


def test_check_clean_puzzle_exits_0(capsys):
    assert main(["check", LINE]) == 0
    assert "no conflicts (40 of 81 cells filled)" in capsys.readouterr().out


def test_check_duplicate_in_a_region_exits_1_naming_region_and_cells(capsys):
    # put a 3 at (1, 1): region A already has a 3 at (2, 1), and so does column 1
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    rows[1][1] = 3
    puzzle = Grid.from_rows(rows).to_string()
    assert main(["check", puzzle]) == 1
    err = capsys.readouterr().err
    assert "region A has the number 3 twice: cells (1, 1) and (2, 1)" in err


def test_check_12x4_exits_2_saying_what_and_where(capsys):
    assert main(["check", "12x4"]) == 2
    err = capsys.readouterr().err
    assert "line 1, column 3" in err and "'x'" in err


def test_check_missing_file_exits_2(capsys):
    assert main(["check", "no/such/file.txt"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_short_puzzle_exits_2(capsys):
    assert main(["check", "1" * 80]) == 2
    assert "found 80 cells" in capsys.readouterr().err


@pytest.mark.parametrize("entry", [["-m", "sudoku_teach"]])
def test_python_dash_m_runs_the_same_command(entry):
    bad = subprocess.run([sys.executable, *entry, "check", "12x4"], capture_output=True, text=True)
    assert bad.returncode == 2 and "column 3" in bad.stderr and bad.stdout == ""
    good = subprocess.run([sys.executable, *entry, "show", LINE], capture_output=True, text=True)
    assert good.returncode == 0 and good.stdout.startswith(". . 2 | 9 8 .")


@pytest.mark.parametrize("method", ["fast", "naive", "mrv", "propagate", "singles"])
def test_solve_names_the_broken_rule_whatever_the_method(method, capsys):
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    rows[1][1] = 3  # region A and column 1 already have a 3
    assert main(["solve", "--method", method, Grid.from_rows(rows).to_string()]) == 1
    out, err = capsys.readouterr()
    assert out == "unsolvable\n"
    assert err.startswith("argument 1: the givens break the rules: row 1 has the number 3 twice")
    assert "region A has the number 3 twice: cells (1, 1) and (2, 1)" in err


def test_no_puzzle_and_a_keyboard_for_stdin_explains_instead_of_waiting(monkeypatch, capsys):
    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Keyboard())
    assert main(["show"]) == 2
    assert "give a puzzle or a file name, or pipe puzzles in" in capsys.readouterr().err


def test_help_names_every_command_and_grade_has_a_description(capsys):
    from sudoku_teach.cli import build_parser

    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    assert set(re.findall(r"[\w-]+", parser.description)) >= set(commands) >= {"generate", "grade"}
    grade_help = commands["grade"].format_help()
    assert "fresh kernel" in grade_help and "exercise" in grade_help
