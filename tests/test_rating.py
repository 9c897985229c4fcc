"""The rater on puzzles written out here: levels, techniques, steps that agree with the answer."""

from __future__ import annotations

import pytest
from conftest import brute_count, singles_finish

from sudoku_teach.cli import main
from sudoku_teach.errors import NotAPuzzleError, RuleViolation
from sudoku_teach.fast import solve
from sudoku_teach.grid import Grid
from sudoku_teach.rating import LEVELS, rate

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
MEDIUM = "8...25....7..8...526.4...7...7..19...1...7.4.6..2.....9...1....7.......4.2.....36"
HARD_PAIR = "4.............86...567..14.5....39....8....54....7.3...3.1..576....3...16.14..8.."
HARD_POINTING = "..6.3..41.....4....4....93.42.9.....8..3.6.........2.5...2.......75.962...5.....7"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
"""Arto Inkala's puzzle (2012), often called the hardest: no technique here gets a start."""


def rows(text: str) -> list[list[int]]:
    """A puzzle line as rows, read here without the package."""
    cells = [0 if ch == "." else int(ch) for ch in text]
    return [cells[r * 9 : r * 9 + 9] for r in range(9)]


def test_the_examples_are_proper_and_singles_tell_them_apart():
    """The examples themselves, checked with the tests' own solvers."""
    for text in (EASY, MEDIUM, HARD_PAIR, HARD_POINTING, INKALA):
        assert brute_count(rows(text)) == 1
    assert singles_finish(rows(EASY), hidden=False)
    assert not singles_finish(rows(MEDIUM), hidden=False) and singles_finish(rows(MEDIUM))
    for text in (HARD_PAIR, HARD_POINTING, INKALA):
        assert not singles_finish(rows(text))


@pytest.mark.parametrize(("text", "level", "needed"), [
    (EASY, "easy", "naked single"),
    (MEDIUM, "medium", "hidden single"),
    (HARD_PAIR, "hard", "naked pair"),
    (HARD_POINTING, "hard", "pointing pair"),
])
def test_the_level_is_named_by_the_hardest_technique_needed(text, level, needed):
    rating = rate(text)
    assert rating.level == level
    assert needed in rating.techniques
    assert rating.search_nodes == 0
    assert str(rating).startswith(f"{level} (score {rating.score}): naked single x")
    assert sum(rating.counts.values()) == len(rating.steps)


def test_every_step_agrees_with_the_one_solution():
    for text in (EASY, MEDIUM, HARD_PAIR, HARD_POINTING):
        answer = Grid.parse(text)
        solution = solve(answer).solution
        assert solution is not None
        for step in rate(text).steps:
            if step.value is not None:
                assert solution[step.cell] == step.value, step.explain()
            for cell, number in step.eliminations:
                assert solution[cell] != number, step.explain()


def test_pairs_are_explained_by_the_rating():
    explained = rate(HARD_PAIR).explain()
    assert "naked pair in " in explained and "can only hold" in explained
    assert "pointing pair: region " in rate(HARD_POINTING).explain()
    assert rate(EASY).explain().startswith("1. (")


def test_a_puzzle_no_technique_starts_needs_search():
    rating = rate(INKALA)
    assert rating.level == "expert"
    assert rating.steps == () and rating.search_nodes > 0
    assert "then search" in str(rating)


def test_search_effort_breaks_ties_between_expert_puzzles():
    harder, easier = rate(INKALA), rate(HARD_PAIR)
    assert harder.score > easier.score
    assert LEVELS.index(harder.level) > LEVELS.index(easier.level)


@pytest.mark.parametrize(("text", "message"), [
    ("." * 81, "more than one solution"),
    ("12345678." + "." * 8 + "9" + "." * 63, "no solution"),
])
def test_what_is_not_a_proper_puzzle_is_refused_with_a_reason(text, message):
    with pytest.raises(NotAPuzzleError, match=f"this puzzle has {message}"):
        rate(text)


def test_a_broken_rule_is_named():
    with pytest.raises(RuleViolation, match="5"):
        rate("55" + "0" * 79)


def test_rate_prints_one_line_a_puzzle(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text(f"{EASY}\n{HARD_PAIR}\n")
    assert main(["rate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path} line 1: easy (score")
    assert out[1].startswith(f"{path} line 2: hard (score")


def test_rate_says_why_a_grid_cannot_be_rated(capsys):
    assert main(["rate", "." * 81]) == 1
    assert "cannot rate: this puzzle has more than one solution" in capsys.readouterr().err


def test_rate_steps_prints_every_step(capsys):
    assert main(["rate", "--steps", EASY]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("easy") and len(lines) == 1 + EASY.count("0")


def rows_of(puzzle: str) -> list[list[int]]:
    """A 9x9 puzzle's rows, for the test's own counter."""
    grid = Grid.parse(puzzle)
    return [grid.row(r) for r in range(9)]


def no_solution_without_a_conflict() -> str:
    """The assignment's puzzle with one more given that breaks no rule but leaves no
    solution, both found here by the test's own counter."""
    from conftest import sat_count

    from sudoku_teach import ASSIGNMENT_PUZZLE
    from sudoku_teach.rules import conflicts

    rows = rows_of(ASSIGNMENT_PUZZLE)
    for r, c in ((r, c) for r in range(9) for c in range(9) if not rows[r][c]):
        for value in range(1, 10):
            trial = [row[:] for row in rows]
            trial[r][c] = value
            if not conflicts(Grid.from_rows(trial)) and sat_count(trial, 3, 3) == 0:
                return Grid.from_rows(trial).to_string()
    raise AssertionError("every single extra given leaves a solution")


def test_rate_at_the_node_limit_says_whether_the_puzzle_is_proper(monkeypatch, capsys):
    from conftest import sat_count

    from sudoku_teach import ASSIGNMENT_PUZZLE, NORVIG_HARD
    from sudoku_teach.cli import rate as cli_rate
    from sudoku_teach.errors import SearchLimitReached

    def stops(grid):
        raise SearchLimitReached(10)

    monkeypatch.setattr(cli_rate, "rate", stops)  # as on a sparse 25x25 puzzle, quickly
    assert sat_count(rows_of(ASSIGNMENT_PUZZLE), 3, 3) == 1
    assert sat_count(rows_of(NORVIG_HARD), 3, 3) == 2
    for puzzle, said in ((Grid.parse(ASSIGNMENT_PUZZLE).to_string(), "has one solution"),
                         (NORVIG_HARD, "has more than one solution"),
                         (no_solution_without_a_conflict(), "has no solution")):  # fmt: skip
        assert main(["rate", puzzle]) == 1
        assert capsys.readouterr().err == (
            "argument 1: cannot rate: the search stopped at its limit of 10 nodes without"
            f" finishing; by --method sat it {said}"
            + (", but rating needs the package's own search\n" if said == "has one solution"
               else "\n")
        )
