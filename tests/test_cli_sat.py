"""`solve --method sat` and `count --method sat`: the way through where `fast` stops at its node
limit. Each answer is checked by the independent checker and counter of conftest, and
against `--method fast` on the same puzzle: the same lines, messages and exit status."""

from __future__ import annotations

import random
from functools import cache

import pytest
from conftest import independent_is_solved, sat_count

from sudoku_teach import fast, generate
from sudoku_teach.cli import main
from sudoku_teach.shape import Shape

Cells = list[int]
METHODS = ("fast", "sat")
SYMBOLS = ".123456789ABCDEFGHIJKLMNOP"
"""Blank, then 1-25 as the files write them (written here, not taken from the package)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of one command."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def both(capsys: pytest.CaptureFixture[str], command: str, *argv: str) -> dict[str, tuple]:
    """One command with each method: {method: (status, stdout, stderr)}."""
    return {m: run(capsys, command, "--method", m, *argv) for m in METHODS}


def line_of(cells: Cells) -> str:
    """A puzzle as one line."""
    return "".join(SYMBOLS[v] for v in cells)


def cells_of(line: str) -> Cells:
    """The numbers of a printed line."""
    return [SYMBOLS.index(ch) for ch in line.strip()]


def rows_of(cells: Cells) -> list[Cells]:
    """The cells as rows, for the checkers of conftest."""
    n = int(len(cells) ** 0.5)
    return [cells[r * n : (r + 1) * n] for r in range(n)]


def count(cells: Cells, limit: int = 2) -> int:
    """Solutions by conftest's own SAT encoding, no further than `limit`."""
    box = int(len(cells) ** 0.25)
    return sat_count(rows_of(cells), box, box, limit)


def solves(line: str, puzzle: Cells) -> bool:
    """Whether a printed line is a solved grid that keeps every given of the puzzle."""
    cells = cells_of(line)
    box = int(len(puzzle) ** 0.25)
    kept = len(cells) == len(puzzle) and all(not g or g == v for g, v in zip(puzzle, cells))
    return kept and independent_is_solved(rows_of(cells), box, box)


def peers(cell: int, n: int) -> set[int]:
    """The cells that share a row, column or region with `cell` (square regions)."""
    box = int(n**0.5)
    r, c = divmod(cell, n)
    return {
        i for i in range(n * n)
        if i != cell and (i // n == r or i % n == c
                          or (i // n // box, i % n // box) == (r // box, c // box))
    }


@cache
def proper16() -> tuple[Cells, Cells]:
    """A generated 16x16 puzzle (minimal: as sparse as a proper one gets) and its solution."""
    puzzle = list(generate.new_puzzle(7, Shape.for_size(16)).numbers)
    assert count(puzzle) == 1  # proper, says the independent counter
    found = fast.solve(line_of(puzzle)).solution
    assert found is not None
    solution = cells_of(found.to_string())
    assert solves(line_of(solution), puzzle)  # so the one solution, checked here
    return puzzle, solution


def test_a_proper_16x16_is_solved_and_counted_by_sat_as_by_fast(capsys):
    puzzle, _ = proper16()
    solved = both(capsys, "solve", line_of(puzzle))
    assert solved["sat"] == solved["fast"]
    status, out, err = solved["sat"]
    assert (status, err) == (0, "") and solves(out, puzzle)
    assert set(out) & set("ABCDEFG")  # 10-16 written as letters
    assert both(capsys, "count", line_of(puzzle)) == {m: (0, "1\n", "") for m in METHODS}


def test_a_16x16_with_several_solutions_is_told_so_by_sat_as_by_fast(capsys):
    puzzle, _ = proper16()
    loose = list(puzzle)  # four givens fewer than a minimal puzzle: several solutions
    for i in random.Random(7).sample([i for i, v in enumerate(puzzle) if v], 4):
        loose[i] = 0
    assert count(loose, 3) == 3
    several = "argument 1: has more than one solution: this is one of them\n"
    for status, out, err in both(capsys, "solve", line_of(loose)).values():
        assert (status, err) == (1, several) and solves(out, loose)
    counted = both(capsys, "count", "--limit", "3", line_of(loose))
    assert counted == {m: (0, "3 (limit reached)\n", "") for m in METHODS}


def test_a_16x16_with_no_solution_and_no_broken_rule_is_unsolvable_by_sat_as_by_fast(capsys):
    puzzle, solution = proper16()
    # one more given that no peer shows, but not the one solution's number there: no
    # solution (it would solve the proper puzzle too), and no rule broken to say so
    n = 16
    cell, number = next(
        (i, d) for i, v in enumerate(puzzle) if not v for d in range(1, n + 1)
        if d != solution[i] and d not in {puzzle[p] for p in peers(i, n)}
    )
    impossible = list(puzzle)
    impossible[cell] = number
    assert count(impossible) == 0
    assert run(capsys, "check", line_of(impossible))[0] == 0  # no rule is broken
    solved = both(capsys, "solve", line_of(impossible))
    assert solved == {m: (1, "unsolvable\n", "") for m in METHODS}
    counted = both(capsys, "count", line_of(impossible))
    assert counted["sat"] == counted["fast"] and counted["sat"][1] == "0\n"


def test_a_16x16_that_breaks_a_rule_is_told_which_by_sat_as_by_fast(capsys):
    puzzle, _ = proper16()
    cell = puzzle.index(0)
    twice = next(puzzle[p] for p in sorted(peers(cell, 16)) if puzzle[p])
    broken = list(puzzle)
    broken[cell] = twice
    for command, out in [("solve", "unsolvable\n"), ("count", "0\n")]:
        said = both(capsys, command, line_of(broken))
        assert said["sat"] == said["fast"]
        status, printed, err = said["sat"]
        assert (status, printed) == (1, out)
        assert "the givens break the rules: " in err and f"number {SYMBOLS[twice]} twice" in err


def test_sat_solves_a_sparse_25x25_writing_10_and_up_as_letters(capsys):
    full = cells_of(generate.full_grid(3, Shape.for_size(25)).to_string())
    puzzle = list(full)
    for i in random.Random(3).sample(range(625), 400):  # 225 givens left
        puzzle[i] = 0
    status, out, err = run(capsys, "solve", "--method", "sat", line_of(puzzle))
    assert solves(out, puzzle) and set(out) & set("HIJKLMNOP")
    several = count(puzzle) > 1
    assert (status, err) == ((1, "argument 1: has more than one solution: this is one of them\n")
                             if several else (0, ""))


def test_where_fast_stops_at_its_node_limit_it_points_to_sat_which_answers(capsys):
    puzzle, _ = proper16()
    line = line_of(puzzle)
    status, out, err = run(capsys, "solve", "--max-nodes", "1", line)
    assert (status, out) == (1, "node limit reached (1 nodes), no answer\n")
    assert err == ("argument 1: try a larger --max-nodes, or --method sat (a SAT solver,"
                   " which has no node limit)\n")
    status, out, err = run(capsys, "count", "--max-nodes", "1", line)
    assert (status, out) == (1, "node limit reached (1 nodes), no answer\n")
    assert err.endswith("; try a larger --max-nodes, or --method sat (a SAT solver,"
                        " which has no node limit)\n")
    status, out, err = run(capsys, "solve", "--method", "sat", line)
    assert (status, err) == (0, "") and solves(out, puzzle)
    # where sat cannot count so far, it is not offered
    status, out, err = run(capsys, "count", "--max-nodes", "1", "--limit", "5000", line)
    assert status == 1 and err.endswith("; try a larger --max-nodes\n")


def test_count_sat_refuses_a_limit_beyond_what_it_counts_and_help_says_so(capsys):
    puzzle, _ = proper16()
    status, out, err = run(capsys, "count", "--method", "sat", "--limit", "1001", line_of(puzzle))
    assert (status, out) == (2, "")
    assert err == ("sudoku-teach count: --method sat counts at most 1,000 solutions (each one"
                   " found adds a clause and a call of the solver), not --limit 1,001: count"
                   " further with --method fast\n")
    assert run(capsys, "count", "--method", "sat", "--limit", "1000", line_of(puzzle))[:2] == (
        0, "1\n")
    with pytest.raises(SystemExit):
        main(["count", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "at most 1,000 with --method sat" in help_text and "{fast,sat}" in help_text


@pytest.mark.parametrize("command", ["solve", "count"])
def test_sat_has_no_node_limit_to_set(capsys, command):
    status, out, err = run(capsys, command, "--method", "sat", "--max-nodes", "5", "." * 81)
    assert (status, out) == (2, "")
    assert "--max-nodes works only with --method fast" in err and "not with --method sat" in err
