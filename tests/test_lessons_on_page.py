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


def test_04_reading_order_spends_its_nodes_halfway_down_not_at_the_end():
    """04's optional part says where the effort goes: halfway down the search."""
    run = st.search.solve(random_puzzle(7), "naive", trace=True)
    counts = run.trace.nodes_per_depth()
    busiest, deepest = counts.index(max(counts)), len(counts) - 1
    assert deepest / 3 < busiest < 2 * deepest / 3


def test_05_the_depth_plot_has_many_more_steps_than_nodes():
    """05 says each step of the plot is one event of the trace, many more than the nodes."""
    run = grids.fill_recursive(1, trace=True)
    kinds = {event.kind for event in run.trace}
    assert {"try", "place", "backtrack"} <= kinds
    assert len(run.trace) > 5 * run.stats.nodes


def test_07_what_the_levels_plot_shows_is_what_the_page_says():
    """Easy keeps the most givens (boxes apart, whiskers overlapping); the median score rises
    from easy to hard, and the expert median is below the hard one."""
    import statistics

    made = {level: [puzzle_at_level(level, seed) for seed in range(20)] for level in st.LEVELS}
    givens = {level: sorted(len(p.givens) for p in ps) for level, ps in made.items()}
    scores = {level: statistics.median(st.rate(p).score for p in ps) for level, ps in made.items()}
    quartiles = {level: statistics.quantiles(g, n=4) for level, g in givens.items()}
    others = [level for level in st.LEVELS if level != "easy"]
    assert all(quartiles["easy"][0] > quartiles[level][2] for level in others)  # boxes apart
    assert any(givens["easy"][0] <= givens[level][-1] for level in others)  # whiskers meet
    assert scores["easy"] < scores["medium"] < scores["hard"] > scores["expert"]


def test_09_algorithm_x_and_the_clauses_on_the_page_are_the_packages(minimal):
    from sudoku_teach.reductions import exact_cover, sat

    page = page_functions("09_reductions", "fewest", "without", "algorithm_x", "x",
                          "exactly_one", "rule_clauses")
    for puzzle in [st.Grid.parse(st.ASSIGNMENT_PUZZLE), *minimal[:10]]:
        columns, options = exact_cover.start(puzzle)
        cover = page["algorithm_x"](columns, options, [])
        assert len(cover) == len(puzzle.empty_cells())  # one placement per blank
        solved = exact_cover.filled(puzzle, cover)
        assert st.is_solved(solved) and solved == st.fast.solve(puzzle).solution
        assert (columns, options) == exact_cover.start(puzzle)  # worked on copies only
    clash = st.Grid.parse("12.. ..3. ..4. ....")  # a 4x4 puzzle with no solution
    assert page["algorithm_x"](*exact_cover.start(clash), []) is None
    mine = page["rule_clauses"]()
    assert len(mine) == 324 * 37
    assert sorted(map(sorted, mine)) == sorted(map(sorted, sat.rule_clauses(st.CLASSIC)))
