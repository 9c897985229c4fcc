"""Puzzles dug out of full grids, checked by the plain counter of the tests (`brute_count`)."""

from __future__ import annotations

import random

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import generate
from sudoku_teach.fast import solvable_without
from sudoku_teach.generate import puzzles
from sudoku_teach.grid import Grid
from sudoku_teach.shape import CLASSIC, Shape

SMALL = [Shape(2, 2), Shape(2, 3)]


def proper(puzzle: Grid) -> bool:
    """Exactly one solution, by the tests' own counter."""
    shape = puzzle.shape
    return brute_count(puzzle.to_rows(), shape.box_rows, shape.box_cols) == 1


def givens_of(puzzle: Grid) -> int:
    return sum(1 for v in puzzle.numbers if v)


@pytest.mark.parametrize("shape", SMALL, ids=str)
@pytest.mark.parametrize("method", generate.GRID_METHODS)
def test_small_puzzles_are_proper_over_many_seeds(shape: Shape, method: str) -> None:
    for seed in range(100):
        assert proper(generate.new_puzzle(seed, shape, method=method)), seed


@pytest.mark.parametrize("method", generate.GRID_METHODS)
def test_9x9_puzzles_are_proper(method: str) -> None:
    for seed in range(30):
        assert proper(generate.new_puzzle(seed, CLASSIC, method=method)), seed


@pytest.mark.parametrize("shape", [*SMALL, CLASSIC], ids=str)
def test_symmetric_puzzles_are_proper_and_symmetric(shape: Shape) -> None:
    for seed in range(20 if shape == CLASSIC else 60):
        puzzle = generate.new_puzzle(seed, shape, symmetric=True)
        assert proper(puzzle), seed
        cells = puzzle.numbers
        assert all(bool(cells[i]) == bool(cells[-1 - i]) for i in range(len(cells)))


@pytest.mark.parametrize(("shape", "givens"), [(Shape(2, 2), 6), (Shape(2, 3), 14), (CLASSIC, 30)])
def test_givens_target_is_met(shape: Shape, givens: int) -> None:
    for seed in range(15):
        puzzle = generate.new_puzzle(seed, shape, givens=givens)
        assert givens_of(puzzle) == givens
        assert proper(puzzle)


def test_dig_keeps_the_solution_and_is_minimal_without_a_target() -> None:
    shape = Shape(2, 3)
    for seed in range(20):
        solution = generate.full_grid(seed, shape)
        puzzle = puzzles.dig(solution, seed)
        assert keeps_givens(puzzle.to_rows(), solution.to_rows())
        rows = puzzle.to_rows()
        for r, c in shape.cells:  # every given is needed
            if rows[r][c]:
                kept, rows[r][c] = rows[r][c], 0
                assert brute_count(rows, 2, 3) == 2
                rows[r][c] = kept


def test_same_seed_same_puzzle() -> None:
    for method in generate.GRID_METHODS:
        first = generate.new_puzzle(9, method=method, symmetric=True)
        assert first == generate.new_puzzle(9, method=method, symmetric=True)
        assert first != generate.new_puzzle(10, method=method, symmetric=True)


@pytest.mark.parametrize(("shape", "givens"), [(CLASSIC, 16), (Shape(2, 2), 3), (Shape(2, 3), 7),
                                               (CLASSIC, 82), (CLASSIC, -1)])
def test_impossible_givens_are_refused(shape: Shape, givens: int) -> None:
    with pytest.raises(ValueError, match="no proper"):
        generate.new_puzzle(1, shape, givens=givens)


def test_16_givens_message_gives_the_evidence() -> None:
    with pytest.raises(ValueError, match="McGuire, Tugemann and Civario"):
        puzzles.check_givens(16, CLASSIC)


def test_a_target_digging_cannot_reach_stops_with_a_message() -> None:
    with pytest.raises(ValueError, match="no puzzle with 18 givens in 50 tries"):
        generate.new_puzzle(1, givens=18)


def test_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown grid method"):
        generate.new_puzzle(1, method="magic")


def test_blind_removal_counts_match_the_plain_counter() -> None:
    result = puzzles.blind_trials(40, seed=3, shape=Shape(2, 3), remove=22)
    assert sum(result.solutions.values()) == 40
    rng = random.Random(3)  # the same trials again, counted here
    plain = []
    for _ in range(40):
        puzzle = puzzles.blind_puzzle(generate.full_grid(rng, Shape(2, 3)), rng, 22)
        plain.append(brute_count(puzzle.to_rows(), 2, 3))
    assert result.solutions[1] == plain.count(1)
    assert result.not_proper == plain.count(2)
    assert 0 < result.not_proper < 40


def test_blind_puzzle_removes_exactly_that_many() -> None:
    puzzle = puzzles.blind_puzzle(generate.full_grid(1), 1, 45)
    assert givens_of(puzzle) == 36
    with pytest.raises(ValueError, match="cannot remove"):
        puzzles.blind_puzzle(generate.full_grid(1), 1, 82)


def test_counting_the_source_way_goes_on_after_the_first_solution() -> None:
    solution = generate.full_grid(2, Shape(2, 2))
    loose = puzzles.blind_puzzle(solution, 2, 12)
    result = puzzles.count_the_source_way(loose)
    assert len(result.solutions) == 2
    assert all(independent_is_solved(s.to_rows(), 2, 2) for s in result.solutions)
    assert result.trace is not None and result.trace.count("solution") == 2


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), remove=st.integers(4, 12))
def test_solvable_without_agrees_with_the_plain_counter(seed: int, remove: int) -> None:
    shape = Shape(2, 2)
    rng = random.Random(seed)
    solution = generate.full_grid(rng, shape)
    puzzle = puzzles.blind_puzzle(solution, rng, remove)
    cell = rng.choice([i for i, v in enumerate(puzzle.numbers) if not v])
    number = solution.numbers[cell]
    others = [n for n in range(1, 5) if n != number]
    rows = puzzle.to_rows()
    r, c = divmod(cell, 4)
    expected = False
    for other in others:  # a solution with another number in that cell?
        rows[r][c] = other
        expected = expected or brute_count(rows, 2, 2, limit=1) == 1
    assert solvable_without(list(puzzle.numbers), shape, cell, number) == expected


def test_symmetric_odd_givens_on_an_even_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="even number of givens"):
        generate.new_puzzle(1, Shape(2, 2), givens=5, symmetric=True)
    assert givens_of(generate.new_puzzle(1, Shape(2, 2), givens=6, symmetric=True)) == 6


def test_compare_grid_methods_reports_each_method() -> None:
    reports = {r.method: r for r in generate.compare_grid_methods(30, seed=1, shape=Shape(2, 3))}
    assert set(reports) == set(generate.GRID_MAKERS)
    assert reports["template"].median_backtracks == 0
    assert reports["rows"].median_backtracks > reports["rows, back a cell"].median_backtracks
    assert all(r.grids == 30 and r.median_ms > 0 and r.bias > 0 for r in reports.values())


def test_too_many_givens_are_refused_without_the_16_givens_note() -> None:
    with pytest.raises(ValueError, match="choose 17 to 81$"):
        puzzles.check_givens(90, CLASSIC)
