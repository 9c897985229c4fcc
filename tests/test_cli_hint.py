"""The command line for issue 3: `hint` and `solve --method singles`, exit codes, messages."""

from __future__ import annotations

import io
import sys

from sudoku_teach import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, Grid
from sudoku_teach.cli import main

LINE = Grid.parse(ASSIGNMENT_PUZZLE).to_string()
NORVIG_STUCK = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CONFLICT = "2" + LINE[1:]  # a second 2 in row 0
NO_SURVIVOR = "12345678." + "." * 27 + "........9" + "." * 36
NORVIG_AFTER_3 = "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......"
"""NORVIG_STUCK after its three hidden singles: no single of either kind is left."""
HIDDEN_ONLY = "....6. ...... 6..... ...... .6.... ......"  # 6x6: row 1's 6 fits only (1, 2)


def test_hint_prints_the_next_step_and_its_reason(capsys):
    assert main(["hint", LINE]) == 0
    out, err = capsys.readouterr()
    assert out == (
        "(0, 5) = 3, a naked single: row 0 rules out {2, 5, 8, 9}, column 5 rules out"
        " {1, 4, 5, 6}, region B rules out {4, 6, 7, 8, 9}; only 3 survives\n"
    )
    assert err == ""


def test_hint_falls_back_to_a_hidden_single(capsys):
    assert main(["hint", HIDDEN_ONLY]) == 0
    assert capsys.readouterr().out.startswith(
        "(1, 2) = 6, a hidden single: row 1 needs a 6 and it fits nowhere else:"
    )


def test_hint_on_a_full_grid_exits_1(capsys):
    assert main(["hint", ASSIGNMENT_SOLUTION]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "argument 1: no hint: the grid is already full\n"


def test_hint_on_a_conflict_exits_1_naming_it(capsys):
    assert main(["hint", CONFLICT]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("argument 1: no hint: the grid breaks the rules: row 0 has the number 2")


def test_hint_on_a_cell_without_survivors_exits_1_naming_the_cell(capsys):
    assert main(["hint", NO_SURVIVOR]) == 1
    assert capsys.readouterr().err == (
        "argument 1: no hint: cell (0, 8) has no candidate: row 0, column 8 and region C"
        " rule out every number\n"
    )


def test_hint_goes_on_to_pairs_when_singles_find_nothing(capsys):
    assert main(["hint", NORVIG_AFTER_3]) == 0  # no single is left, but a pointing pair is
    out, err = capsys.readouterr()
    assert out.startswith("pointing pair: region C can only put its 7 in (1, 6), (1, 8)")
    assert err == ""


def test_hint_when_no_rule_gives_a_step_names_every_rule_tried(capsys):
    nearly_empty = "1" + "." * 80  # every rule needs more givens than one to bite
    assert main(["hint", nearly_empty]) == 1
    assert capsys.readouterr().err == (
        "argument 1: no hint: no cell has a single candidate, no number has a single place,"
        " no two cells share the same two candidates and no number is confined to one row or"
        " column of a region; this puzzle needs more rules\n"
    )


def test_hint_on_unusable_input_exits_2(capsys):
    assert main(["hint", "12x"]) == 2
    assert "unexpected character 'x'" in capsys.readouterr().err


def test_hint_labels_each_of_several_puzzles(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(LINE + "\n" + ASSIGNMENT_SOLUTION + "\n"))
    assert main(["hint"]) == 1  # the worst of the two
    out, err = capsys.readouterr()
    assert out.startswith("stdin line 1: (0, 5) = 3, a naked single")
    assert err == "stdin line 2: no hint: the grid is already full\n"


def test_solve_singles_prints_the_solution_on_one_line(capsys):
    assert main(["solve", "--method", "singles", LINE]) == 0
    out, err = capsys.readouterr()
    assert out == ASSIGNMENT_SOLUTION + "\n"
    assert err == ""


def test_solve_singles_steps_one_a_line_counted_from_0(capsys):
    assert main(["solve", "--method", "singles", "--steps", LINE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == [
        "0 5 3 naked single",
        "0 8 4 naked single",
        "0 7 6 naked single",
        "1 5 2 naked single",
        "1 3 5 naked single",
    ]
    assert len(lines) == 42 and lines[-1] == ASSIGNMENT_SOLUTION
    # replaying the printed steps on the puzzle gives the printed solution
    grid = Grid.parse(LINE)
    for line in lines[:-1]:
        row, col, value, *_ = line.split()
        grid[int(row), int(col)] = int(value)
    assert grid.to_string() == ASSIGNMENT_SOLUTION


def test_solve_singles_says_where_it_got_stuck(capsys):
    assert main(["solve", "--method", "singles", "--steps", NORVIG_STUCK]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "5 1 4 hidden single",
        "7 2 3 hidden single",
        "7 5 1 hidden single",
        "stuck",
    ]
    assert err.startswith(
        "argument 1: stuck after 3 steps: no cell has a single candidate and no number has a"
        " single place; this puzzle needs more rules\ncandidates left:\n"
    )
    assert "row 6: (6, 0) {2, 8, 9}  (6, 1) {8, 9}" in err
    assert f"argument 1: grid so far: {NORVIG_AFTER_3}\n" in err


def test_solve_singles_on_a_contradiction_exits_1(capsys):
    assert main(["solve", "--method", "singles", CONFLICT]) == 1
    out, err = capsys.readouterr()
    assert out == "unsolvable\n"
    assert "argument 1: the givens break the rules: row 0 has the number 2" in err


def test_solve_singles_stats_follow_the_answer_like_the_other_methods(capsys):
    assert main(["solve", "--method", "singles", "--stats", LINE]) == 0
    out, err = capsys.readouterr()
    assert out == ASSIGNMENT_SOLUTION + "  steps=41 naked=41 hidden=0\n"
    assert err == ""
