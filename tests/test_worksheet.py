"""Worksheets: the same arguments give the same PDF; every puzzle is proper, every answer right."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens

from sudoku_teach.cli import build_parser, main
from sudoku_teach.teacher.worksheet import build_sheet

HARD_SIX = ["worksheet", "--count", "6", "--difficulty", "hard", "--seed", "11", "--answers",
            "--title", "Week 3"]


def test_same_arguments_make_the_same_bytes_and_the_key_matches(tmp_path):
    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    assert main([*HARD_SIX, "-o", str(first)]) == 0
    subprocess.run(  # a fresh process: no state shared with the first run
        [sys.executable, "-m", "sudoku_teach", *HARD_SIX, "-o", str(second)],
        check=True, capture_output=True,
    )
    data = first.read_bytes()
    assert data == second.read_bytes()
    assert data.startswith(b"%PDF") and b"CreationDate" not in data
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2  # puzzles + answers

    sheet = build_sheet(build_parser().parse_args([*HARD_SIX, "-o", "unused.pdf"]))
    assert len(sheet.puzzles) == 6 and sheet.answers is not None
    for puzzle, answer in zip(sheet.puzzles, sheet.answers):
        rows = puzzle.to_rows()
        assert brute_count(rows) == 1
        assert independent_is_solved(answer.to_rows())
        assert keeps_givens(rows, answer.to_rows())


CLASSIC_LINE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_a_puzzle_file_prints_but_needs_single_answers_for_a_key(tmp_path, capsys):
    source = tmp_path / "mine.txt"
    source.write_text(CLASSIC_LINE + "\n" + "1" + "." * 80 + "\n")
    out = tmp_path / "mine.pdf"
    assert main(["worksheet", "--from", str(source), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert main(["worksheet", "--from", str(source), "--answers", "-o", str(out)]) == 2
    assert "puzzle 2 has more than one solution" in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--count", "-2", "--difficulty", "easy", "--seed", "1"], "whole number from 1 up"),
        (["--count", "2", "--difficulty", "impossible", "--seed", "1"], "invalid choice"),
        (["--count", "2", "--difficulty", "easy"], "--seed"),
        (["--count", "2", "--difficulty", "easy", "--seed", "1", "--per-page", "40"], "at most"),
        (["--count", "2", "--difficulty", "hard", "--seed", "1", "--size", "4"],
         "no 4x4 puzzle is hard"),
    ],
)
def test_impossible_requests_say_why_and_exit_2(tmp_path, capsys, extra, message):
    out = tmp_path / "never.pdf"
    try:
        status = main(["worksheet", *extra, "-o", str(out)])
    except SystemExit as stop:  # argparse refuses the option itself
        status = stop.code
    assert status == 2
    assert message in capsys.readouterr().err
    assert not out.exists()
