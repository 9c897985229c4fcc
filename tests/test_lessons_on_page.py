"""The central idea of a lesson, as printed on its page, gives the package's answers.

04 shows propagation, 05 recursive filling, 06 digging and 07 the rater's loop in a few
lines of their own; the package does the same work in its own way. These tests run the
lines from the notebooks and compare them with the package on the lessons' puzzles and
more, and with the rules themselves.
"""

from __future__ import annotations

import random

import pytest
from notebook_code import page_functions

import sudoku_teach as st
from sudoku_teach.generate import full_grid, grids, puzzle_at_level, puzzles, random_puzzle

SEEDS = range(30)


@pytest.fixture(scope="module")
def minimal():
    return [random_puzzle(seed) for seed in SEEDS]


def test_04_propagation_on_the_page_solves_as_the_package_does(minimal):
    page = page_functions("04_smarter_search", "fill_singles", "solve_propagating")
    lesson = [st.Grid.parse(st.ASSIGNMENT_PUZZLE), random_puzzle(7), *minimal]
    for puzzle in lesson:
        mine = page["solve_propagating"](puzzle.to_rows())
        package = st.search.solve(puzzle, "propagate").solution
        assert mine == package.to_rows()
        assert st.is_solved(mine)  # an oracle apart from both: the rules
        assert all(mine[r][c] == puzzle[r, c] for r, c in puzzle.givens)
    assert page["solve_propagating"](st.Grid.parse("12.. ..3. ..4. ....").to_rows()) is None


def test_05_recursive_filling_on_the_page_fills_the_packages_grid():
    page = page_functions("05_generating_grids", "fill")
    for seed in range(10):
        for shape in (st.CLASSIC, st.Shape(2, 2), st.Shape(2, 3)):
            mine = page["fill"](st.Grid.empty(shape).to_rows(), random.Random(seed))
            assert st.is_solved(mine)
            assert mine == grids.fill_recursive(seed, shape).grid.to_rows()


def test_06_digging_on_the_page_makes_the_package_puzzle():
    page = page_functions("06_unique_puzzles", "dig")
    for seed in range(8):
        grid = full_grid(seed)
        mine = page["dig"](grid, seed)
        assert mine == puzzles.dig(grid, seed)
        assert not st.fast.proper_solution(mine).empty_cells()  # it raises unless proper
        assert all(puzzles.try_remove(mine, *cell) == mine for cell in mine.givens)  # minimal
    small = full_grid(3, st.Shape(2, 2))
    assert page["dig"](small, 3) == puzzles.dig(small, 3)


def test_07_the_raters_loop_on_the_page_names_the_packages_level(minimal):
    page = page_functions("07_difficulty_levels", "rate_level")
    lesson = [puzzle_at_level(level, seed=3) for level in st.LEVELS]
    assert [page["rate_level"](p) for p in lesson] == list(st.LEVELS)
    for puzzle in [*lesson, *minimal]:
        assert page["rate_level"](puzzle) == st.rate(puzzle).level
    assert {page["rate_level"](p) for p in minimal} >= {"medium", "expert"}
