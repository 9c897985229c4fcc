"""Tests written for the mutants that survived in `fast` (see benchmarks/mutation-report.md).

The oracles are conftest's plain counter and small grids whose search tree is known by
reasoning: four blank cells forming a "deadly rectangle" have two solutions, no forced
move, and one guess that settles everything.
"""

from __future__ import annotations

import random

import pytest
from conftest import brute_count

from sudoku_teach import fast, generate
from sudoku_teach.errors import NotAPuzzleError, RequestError, RuleViolation, SearchLimitReached
from sudoku_teach.generate.grids import full_grid
from sudoku_teach.grid import Grid
from sudoku_teach.shape import Shape

SMALL = Shape(2, 2)
FULL_4X4 = [1, 2, 3, 4,
            3, 4, 1, 2,
            2, 1, 4, 3,
            4, 3, 2, 1]
# Rows 0 and 2, columns 0 and 1 hold 1 2 / 2 1: swapping them keeps every row, column and
# region whole. With those four cells blank each has two candidates, no single is forced,
# and any one guess forces the other three: a root and two solved leaves.
RECTANGLE = [0 if i in (0, 1, 8, 9) else v for i, v in enumerate(FULL_4X4)]


def rows(cells: list[int], n: int) -> list[list[int]]:
    return [cells[r * n:(r + 1) * n] for r in range(n)]


def test_the_deadly_rectangle_is_a_root_and_two_leaves():
    grid = Grid(RECTANGLE, SMALL)
    assert brute_count(rows(RECTANGLE, 4), 2, 2, limit=3) == 2
    every = fast.count_solutions(grid, limit=3)  # the search runs to its end
    assert every.count == 2
    assert (every.stats.nodes, every.stats.max_depth, every.stats.backtracks) == (3, 1, 2)
    two = fast.count_solutions(grid, limit=2)  # stops at the second leaf: its guess stands
    assert (two.stats.nodes, two.stats.max_depth, two.stats.backtracks) == (3, 1, 1)
    one = fast.solve(grid)
    assert one.count == 1 and (one.stats.nodes, one.stats.backtracks) == (2, 0)


def test_a_search_that_runs_to_its_end_takes_back_every_guess():
    # Every node but the root is a guess, and a finished search has taken each one back.
    rng = random.Random(4)
    for shape in (SMALL, Shape(2, 3)):
        for _ in range(12):
            full = full_grid(rng, shape)
            cells = [0 if rng.random() < 0.6 else v for v in full.numbers]
            result = fast.count_all(Grid(cells, shape))
            stats = result.stats
            assert stats.backtracks == stats.nodes - 1, (cells, stats)
            assert (stats.max_depth == 0) == (stats.nodes == 1)
            assert stats.max_depth <= stats.nodes - 1


def test_givens_that_clash_are_one_dead_node():
    clash = list(FULL_4X4)
    clash[1] = 1  # two 1s in row 0
    result = fast.count_solutions(Grid(clash, SMALL))
    assert result.count == 0 and result.status == "no solution"
    assert (result.stats.nodes, result.stats.max_depth, result.stats.backtracks) == (1, 0, 0)
    with pytest.raises(RequestError, match="^max_nodes must be a whole number of at least 1"):
        list(fast.solutions(Grid(clash, SMALL), max_nodes=0))  # no search without a node
    counted = fast.count_solutions(Grid(clash, SMALL), max_nodes=1)
    assert counted.status == "no solution" and counted.stats.nodes == 1


def test_the_node_limit_is_kept_and_reported():
    empty = Grid([0] * 81)
    for limit in (1, 5):
        with pytest.raises(SearchLimitReached) as stopped:
            fast.proper_solution(empty, max_nodes=limit)
        assert stopped.value.limit == limit and stopped.value.stats.nodes == limit
    small = fast.count_all(Grid([0] * 16, SMALL), max_nodes=10)
    assert small.status == "node limit" and small.stats.nodes == 10 and small.count < 288
    with pytest.raises(RequestError, match="^limit must be a whole number of at least 1, not 0"):
        fast.count_solutions(empty, limit=0)


def test_results_name_the_fast_method_and_keep_the_puzzle():
    grid = Grid(RECTANGLE, SMALL)
    for result in (fast.solve(grid), fast.count_solutions(grid), fast.count_all(grid)):
        assert result.method == "fast" and result.puzzle is grid
    assert len(fast.solve(Grid([0] * 16, SMALL)).solutions) == 1  # solve stops at one


def plain_solvable_without(cells: list[int], shape: Shape, cell: int, number: int) -> bool:
    """Whether some solution has another number than `number` at `cell`, by brute force."""
    n = shape.size
    for other in range(1, n + 1):
        if other != number:
            tried = list(cells)
            tried[cell] = other
            if brute_count(rows(tried, n), shape.box_rows, shape.box_cols, limit=1):
                return True
    return False


@pytest.mark.parametrize("seed", range(8))
def test_solvable_without_agrees_with_brute_force(seed):
    # The quick looks (a naked or hidden single settles the cell) must never answer wrongly:
    # every given of a proper puzzle is taken out in turn and asked about.
    rng = random.Random(seed)
    shape = SMALL if seed % 2 else Shape(2, 3)
    puzzle = generate.random_puzzle(rng, shape)
    full = fast.solve(puzzle).solution
    answers = set()
    for base in (list(puzzle.numbers), [v if rng.random() < 0.7 else 0 for v in full.numbers]):
        for cell, number in enumerate(base):
            if number:
                emptied = list(base)
                emptied[cell] = 0
                expected = plain_solvable_without(emptied, shape, cell, number)
                assert fast.solvable_without(emptied, shape, cell, number) == expected, (
                    emptied, cell, number)
                answers.add(expected)
    assert answers == {True, False}


def test_solvable_without_refuses_givens_that_clash():
    clash = [0] * 16
    clash[1] = clash[2] = 3  # two 3s in row 0; cell 0 asked about
    assert fast.solvable_without(clash, SMALL, 0, 1) is False


def test_a_proper_puzzle_gives_its_solution_and_others_say_why_not():
    puzzle = generate.random_puzzle(2, SMALL)
    solution = fast.proper_solution(puzzle)
    assert brute_count(rows(list(puzzle.numbers), 4), 2, 2) == 1
    assert all(solution[c] == puzzle[c] for c in puzzle.givens)
    assert brute_count(rows(list(solution.numbers), 4), 2, 2) == 1 and not solution.empty_cells()
    with pytest.raises(NotAPuzzleError) as two:
        fast.proper_solution(Grid(RECTANGLE, SMALL))
    message = str(two.value)
    assert message.startswith("this puzzle has more than one solution (for example, cell (0, 0)"
                              " can be 1 or 2)") or message.startswith(
        "this puzzle has more than one solution (for example, cell (0, 0) can be 2 or 1)")
    assert message.endswith("add givens until only one is left")
    # Cell (3, 0) sees 1 and 3 in its column and 4 and 2 in its row: nothing is left for
    # it, though no rule is broken.
    nothing = [1, 2, 0, 0,
               0, 0, 1, 2,
               3, 0, 0, 0,
               0, 4, 2, 0]
    assert brute_count(rows(nothing, 4), 2, 2) == 0
    with pytest.raises(NotAPuzzleError, match="^this puzzle has no solution: no rule is broken"
                                              " yet, but the empty cells can never all be filled"):
        fast.proper_solution(Grid(nothing, SMALL))
    clash = list(FULL_4X4)
    clash[1] = 1
    with pytest.raises(RuleViolation):
        fast.proper_solution(Grid(clash, SMALL))
    with pytest.raises(SearchLimitReached) as stopped:
        fast.proper_solution(Grid([0] * 81), max_nodes=3)
    assert stopped.value.limit == 3


def test_a_named_cell_where_two_solutions_differ_is_that_cell():
    # Rows 1 and 3, columns 0 and 1 hold 3 4 / 4 3: the first blank cell, (1, 0), differs.
    blanks = [0 if i in (4, 5, 12, 13) else v for i, v in enumerate(FULL_4X4)]
    assert brute_count(rows(blanks, 4), 2, 2, limit=3) == 2
    with pytest.raises(NotAPuzzleError, match=r"for example, cell \(1, 0\) can be [34] or [34]\)"):
        fast.proper_solution(Grid(blanks, SMALL))
    with pytest.raises(SearchLimitReached) as stopped:
        fast.proper_solution(Grid([0] * 81), max_nodes=3)
    assert stopped.value.stats is not None and stopped.value.stats.nodes == 3


def test_the_quick_look_never_takes_a_blank_peer_for_a_number():
    # A puzzle that had one solution loses a given that a deadly rectangle makes a coin toss:
    # the cell's peers show only two numbers, and another solution puts the other one there.
    # (0, 0) is 1 or 2 (rows 0 and 2, columns 0 and 1); (0, 2) is 3 or 4 (columns 2 and 3).
    assert fast.solvable_without(RECTANGLE, SMALL, 0, 2) is True
    assert fast.solvable_without(RECTANGLE, SMALL, 0, 1) is True
    other = [0 if i in (2, 3, 10, 11) else v for i, v in enumerate(FULL_4X4)]
    assert brute_count(rows(other, 4), 2, 2, limit=3) == 2
    assert fast.solvable_without(other, SMALL, 2, 4) is True
    assert fast.solvable_without(other, SMALL, 2, 3) is True


def test_statistics_passed_in_are_added_to():
    from sudoku_teach.trace import SearchStats

    clash = list(FULL_4X4)
    clash[1] = 1
    stats = SearchStats(nodes=5, max_depth=2, backtracks=4)
    assert list(fast.solutions(Grid(clash, SMALL), stats)) == []
    assert (stats.nodes, stats.max_depth, stats.backtracks) == (6, 2, 4)


def test_the_guess_is_in_the_first_cell_when_a_cell_ties_with_a_unit():
    # In the rectangle every blank cell has two candidates, and so has every unit's demand
    # for a missing number: the guess goes to the first cell, (0, 0), as its 1 or its 2.
    from sudoku_teach.fast import _cover

    geo = _cover.cover(SMALL)
    board, choices = _cover.settle(_cover.start(RECTANGLE, geo), geo)
    moves = _cover.moves_in(choices, geo)
    assert [divmod(move, 4) for move in moves] == [(0, 0), (0, 1)]  # (cell, number - 1)
