"""`sudoku-teach generate`: proper puzzles one a line, same seed same output, clear refusals."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import brute_count

from sudoku_teach.cli import main


def puzzle_rows(line: str, size: int) -> list[list[int]]:
    """A one-line puzzle as rows, read here ('.' is blank)."""
    assert len(line) == size * size
    values = [0 if ch == "." else int(ch) for ch in line]
    return [values[r * size : r * size + size] for r in range(size)]


@pytest.mark.parametrize(("size", "box"), [(4, (2, 2)), (6, (2, 3)), (9, (3, 3))])
def test_generate_prints_proper_puzzles_one_a_line(size: int, box: tuple[int, int], capsys) -> None:
    assert main(["generate", "--count", "4", "--seed", "7", "--size", str(size)]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 4 and len(set(lines)) == 4
    for line in lines:
        assert brute_count(puzzle_rows(line, size), *box) == 1


def test_options_are_honoured(capsys) -> None:
    args = ["generate", "--count", "3", "--seed", "2", "--givens", "30", "--symmetric",
            "--method", "template"]
    assert main(args) == 0
    for line in capsys.readouterr().out.split():
        assert sum(ch != "." for ch in line) == 30
        assert all((line[i] == ".") == (line[80 - i] == ".") for i in range(81))
        assert brute_count(puzzle_rows(line, 9)) == 1


def test_same_seed_same_output_in_a_new_process(capsys) -> None:
    assert main(["generate", "--count", "3", "--seed", "11", "--method", "rows"]) == 0
    here = capsys.readouterr().out
    command = [sys.executable, "-m", "sudoku_teach", "generate", "--count", "3", "--seed", "11",
               "--method", "rows"]
    there = subprocess.run(command, capture_output=True, text=True, check=True)
    assert there.stdout == here
    assert there.stderr == ""  # no progress bar when stderr is not a terminal


def test_count_zero_prints_nothing(capsys) -> None:
    assert main(["generate", "--count", "0"]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(("args", "message"), [
    (["--givens", "16"], "no proper 9x9 puzzle has 16 givens"),
    (["--givens", "3", "--size", "4"], "no proper 4x4 puzzle has 3 givens"),
    (["--givens", "18"], "no puzzle with 18 givens"),
])
def test_impossible_requests_exit_2_with_a_message(args: list[str], message: str, capsys) -> None:
    assert main(["generate", *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


@pytest.mark.parametrize(("args", "message"), [
    (["--count", "-1"], "cannot be negative"),
    (["--count", "many"], "whole number"),
    (["--method", "magic"], "invalid choice"),
    (["--size", "5"], "no grid of size '5' here: choose 4, 6, 9, 16 or 25"),
])
def test_malformed_options_exit_2(args: list[str], message: str, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["generate", *args])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_difficulty_gives_the_same_proper_puzzles_for_the_same_seed(level, capsys):
    assert main(["generate", "--count", "3", "--seed", "5", "--difficulty", level]) == 0
    first = capsys.readouterr().out.splitlines()
    assert main(["generate", "--count", "3", "--seed", "5", "--difficulty", level]) == 0
    assert capsys.readouterr().out.splitlines() == first and len(first) == 3
    for line in first:
        cells = [0 if ch == "." else int(ch) for ch in line]
        assert brute_count([cells[r * 9 : r * 9 + 9] for r in range(9)]) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--size", "4", "--difficulty", "medium"], "no 4x4 puzzle is medium"),
    (["--difficulty", "easy", "--givens", "16"], "no proper 9x9 puzzle has 16 givens"),
    (["--difficulty", "easy", "--method", "template"], "leave out --method"),
    (["--difficulty", "easy", "--givens", "20"], "no easy puzzle with 20 givens in 100 tries"),
])
def test_impossible_levels_get_a_message_and_status_2(args, message, capsys):
    assert main(["generate", *args]) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_difficulty_is_refused(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["generate", "--difficulty", "tricky"])
    assert stopped.value.code == 2
    assert "invalid choice: 'tricky'" in capsys.readouterr().err
