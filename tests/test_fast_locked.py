"""Locked candidates in `fast` (16x16 and up): they take only marks no solution can use."""

from __future__ import annotations

import random

import pytest
from conftest import independent_is_solved, keeps_givens, sat_count

from sudoku_teach import fast, generate
from sudoku_teach.fast import _cover, _locked
from sudoku_teach.grid import Grid
from sudoku_teach.shape import Shape


def blanked(size: int, seed: int, keep: float) -> tuple[list[int], list[int]]:
    """A random full grid, and a puzzle keeping about `keep` of its cells."""
    solution = list(generate.full_grid(seed, Shape.for_size(size)).numbers)
    rng = random.Random(seed)
    return solution, [v if rng.random() < keep else 0 for v in solution]


@pytest.mark.parametrize("size", [16, 25])
def test_locked_candidates_never_take_a_mark_of_the_solution(size: int) -> None:
    geo = _cover.cover(Shape.for_size(size))
    assert geo.locks is not None
    taken = 0
    for seed in range(6):
        solution, puzzle = blanked(size, seed, 0.45)
        board = _cover.start(puzzle, geo)
        assert board is not None
        right = {cell * size + v - 1 for cell, v in enumerate(solution)}
        gone = _locked.locked_marks(board, geo.locks)
        assert not {geo.move_at[p] for p in gone} & right
        taken += len(gone)
        settled, _ = _cover.settle(board, geo)  # locked candidates and singles, to the end
        assert settled is not None
        assert all(settled >> geo.spots[move][0] & 1 for move in right)
    assert taken > 0  # the puzzles did have locked candidates


@pytest.mark.parametrize(("size", "keep"), [(16, 0.4), (16, 0.55), (25, 0.5)])
def test_counts_with_locked_candidates_agree_with_an_independent_counter(
    size: int, keep: float
) -> None:
    box = {16: 4, 25: 5}[size]
    for seed in range(3):
        _, puzzle = blanked(size, seed + 10, keep)
        result = fast.count_solutions(Grid(puzzle, Shape.for_size(size)), 3)
        rows = Grid(puzzle, Shape.for_size(size)).to_rows()
        assert result.count == sat_count(rows, box, box, limit=3)
        for found in result.solutions:
            assert independent_is_solved(found.to_rows(), box, box)
            assert keeps_givens(rows, found.to_rows())
