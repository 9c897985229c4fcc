"""The notebook 09 solvers (Algorithm X, SAT) against the fast solver, each answer checked
by the independent rule checker of conftest, on public puzzle sets and on 16x16 puzzles."""

from __future__ import annotations

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens, shared_puzzle_file

from sudoku_teach import fast, generate
from sudoku_teach.grid import Grid, load_puzzles
from sudoku_teach.reductions import exact_cover, sat
from sudoku_teach.shape import Shape

BIG = Shape.for_size(16)
PUZZLE_TEXT = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def agree(puzzle: Grid, box: int, *results: object) -> None:
    """Every solver found the fast solver's solution, a solved grid keeping the givens."""
    expected = fast.solve(puzzle).solution
    assert expected is not None
    for result in results:
        solution = result.solution  # type: ignore[attr-defined]
        assert solution == expected
        rows = solution.to_rows()
        assert independent_is_solved(rows, box, box)
        assert keeps_givens(puzzle.to_rows(), rows)


@pytest.mark.parametrize("name", ["top95.txt", "hard375.txt", "easy50.txt"])
def test_algorithm_x_and_sat_agree_with_fast_on_public_puzzles(name: str) -> None:
    puzzles = load_puzzles(shared_puzzle_file(name))[::15]  # a sample keeps the test quick
    assert puzzles
    for puzzle in puzzles:
        agree(puzzle, 3, exact_cover.solve(puzzle), sat.solve(puzzle))


def test_generated_16x16_puzzles_are_proper_by_the_sat_counter() -> None:
    for seed in range(2):
        puzzle = generate.new_puzzle(seed, BIG)  # digging counted with `fast`, not SAT
        counted = sat.count_solutions(puzzle, 2)
        assert counted.count == 1
        agree(puzzle, 4, counted)


def test_algorithm_x_agrees_on_generated_16x16_puzzles() -> None:
    for seed in range(3):
        puzzle = generate.new_puzzle(seed, BIG, givens=130)
        counted = exact_cover.count_solutions(puzzle, 2)
        assert counted.count == 1 and counted.status == "solved"
        agree(puzzle, 4, counted, sat.solve(puzzle))


@pytest.mark.parametrize("text", ["12.. ..3. ..4. ....", "12.. 34.. .... ....", "." * 16,
                                  "1234 3412 2143 4321", "11.. .... .... ...."])
def test_counts_agree_with_brute_force_on_4x4(text: str) -> None:
    grid = Grid.parse(text)
    expected = brute_count(grid.to_rows(), 2, 2, limit=3)
    assert exact_cover.count_solutions(grid, 3).count == expected
    assert sat.count_solutions(grid, 3).count == expected


def test_every_placement_meets_four_of_the_324_constraints() -> None:
    options = exact_cover.sudoku_options(Shape())
    columns = exact_cover.columns_of(options)
    assert len(options) == 729 and len(columns) == 324
    assert all(len(options_left) == 9 for options_left in columns.values())


def test_one_more_clause_rules_the_solution_out() -> None:
    puzzle = generate.new_puzzle(5)
    clauses = sat.puzzle_clauses(puzzle)
    first = sat.solve(puzzle).solution
    assert first is not None
    import pycosat

    assert pycosat.solve([*clauses, sat.ruling_out(puzzle, first)]) == "UNSAT"


def test_node_limit_stops_algorithm_x() -> None:
    result = exact_cover.solve(Grid.empty(BIG), max_nodes=10)
    assert result.status == "node limit" and result.stats.nodes == 10


@pytest.mark.parametrize("limit", [None, "2", 1.5, True, 0])
def test_the_reductions_limits_are_whole_numbers_said_in_words(limit):
    from sudoku_teach.errors import RequestError

    for call in (lambda: exact_cover.count_solutions(PUZZLE_TEXT, limit),
                 lambda: exact_cover.solve(PUZZLE_TEXT, max_nodes=limit),
                 lambda: sat.count_solutions(PUZZLE_TEXT, limit)):
        with pytest.raises(RequestError, match="must be a whole number of at least 1"):
            call()


def test_the_sat_counter_says_the_most_it_counts():
    from sudoku_teach.errors import RequestError

    with pytest.raises(RequestError, match=f"at most {sat.MOST_COUNTED:,} solutions"):
        sat.count_solutions("." * 81, sat.MOST_COUNTED + 1)


@pytest.mark.parametrize("cell", [(9, 0), (-1, 0), (None, 0), ("0", 0)])
def test_clauses_and_constraints_of_a_cell_off_the_board_name_it(cell):
    from sudoku_teach.errors import CellIndexError

    with pytest.raises(CellIndexError, match="is outside the 9x9 grid"):
        sat.cell_clauses(*cell)
    with pytest.raises(CellIndexError, match="is outside the 9x9 grid"):
        exact_cover.constraints_of(*cell, 1)
