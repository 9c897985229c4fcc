"""Generated grids and puzzles, checked by code written here (not by the package's solvers)."""

from __future__ import annotations

import random

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import generate
from sudoku_teach.errors import PuzzleFormatError, RuleViolation
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION
from sudoku_teach.grid import Grid
from sudoku_teach.shape import CLASSIC, Shape

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(2, 4), CLASSIC]
SMALL = [Shape(2, 2), Shape(2, 3)]


def check_puzzle(puzzle: Grid, solution: Grid) -> None:
    """A proper puzzle of this solution: its givens come from it, and it has one solution."""
    shape = puzzle.shape
    assert puzzle.shape == solution.shape
    assert keeps_givens(puzzle.to_rows(), solution.to_rows())
    assert 0 in puzzle.numbers  # something was removed
    assert brute_count(puzzle.to_rows(), shape.box_rows, shape.box_cols) == 1


# --- full grids ------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_full_grid_is_valid(shape: Shape) -> None:
    for seed in range(5):
        grid = generate.full_grid(seed, shape)
        assert grid.shape == shape
        assert independent_is_solved(grid.to_rows(), shape.box_rows, shape.box_cols)


def test_full_grid_is_the_same_for_the_same_seed() -> None:
    assert generate.full_grid(42) == generate.full_grid(42)
    assert generate.full_grid(42) == generate.full_grid(random.Random(42))


@given(st.integers(0, 2**63 - 1))
def test_a_seed_from_0_up_starts_the_generator_python_starts_for_it(seed: int) -> None:
    """Seeds from 0 up give what they always gave: every stored notebook and test stays."""
    assert generate.make_rng(seed).getstate() == random.Random(seed).getstate()


@given(st.integers(1, 2**63 - 1))
def test_a_negative_seed_starts_another_generator_than_its_positive(k: int) -> None:
    """Python's random.Random(-k) is random.Random(k): the package's is not."""
    assert generate.make_rng(-k).getstate() != generate.make_rng(k).getstate()
    assert generate.make_rng(-k).getstate() == generate.make_rng(-k).getstate()  # repeatable


def test_every_seeded_entry_point_gives_minus_k_its_own_puzzles() -> None:
    from sudoku_teach.game import Game
    from sudoku_teach.teacher.worksheet import make_puzzles

    assert generate.new_puzzle(-1) != generate.new_puzzle(1)
    assert generate.new_puzzle(1) == generate.new_puzzle(random.Random(1))
    assert Game.new("easy", -3).puzzle != Game.new("easy", 3).puzzle
    assert Game.new("easy", 3).puzzle == generate.puzzle_at_level("easy", random.Random(3))
    assert make_puzzles(1, "easy", -2, CLASSIC) != make_puzzles(1, "easy", 2, CLASSIC)
    rng = random.Random(2)
    assert make_puzzles(2, "easy", 2, CLASSIC) == [
        generate.puzzle_at_level("easy", rng, CLASSIC) for _ in range(2)]


def test_the_command_line_s_seed_minus_1_is_not_seed_1(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_teach.cli import main

    said = {}
    for seed in ("1", "-1"):
        assert main(["generate", "--seed", seed, "--count", "2"]) == 0
        said[seed] = capsys.readouterr().out.split()
    rng = random.Random(1)  # the package's generators, fed a Random built here
    assert said["1"] == [generate.new_puzzle(rng).to_string() for _ in range(2)]
    assert said["-1"] != said["1"]


def test_full_grids_differ_between_seeds() -> None:
    grids = {generate.full_grid(seed).to_string() for seed in range(10)}
    assert len(grids) == 10


def test_full_grid_continues_a_shared_random_generator() -> None:
    rng = random.Random(7)
    first, second = generate.full_grid(rng), generate.full_grid(rng)
    assert first != second


def test_seed_must_be_an_int_or_a_generator() -> None:
    with pytest.raises(TypeError, match="seed"):
        generate.full_grid("7")  # type: ignore[arg-type]


# --- puzzles ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_random_9x9_puzzle_is_proper(seed: int) -> None:
    rng = random.Random(seed)
    solution = generate.full_grid(rng)
    puzzle = generate.make_puzzle(solution, rng)
    check_puzzle(puzzle, solution)
    assert puzzle.givens == {cell for cell in CLASSIC.cells if puzzle[cell]}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), shape=st.sampled_from(SMALL))
def test_small_puzzles_are_proper_and_minimal(seed: int, shape: Shape) -> None:
    solution = generate.full_grid(seed, shape)
    puzzle = generate.make_puzzle(solution, seed)
    check_puzzle(puzzle, solution)
    rows = puzzle.to_rows()
    for r, c in shape.cells:  # no given can go: each removal lets in a second solution
        if rows[r][c]:
            given_value, rows[r][c] = rows[r][c], 0
            assert brute_count(rows, shape.box_rows, shape.box_cols) == 2
            rows[r][c] = given_value


def test_random_puzzle_4x4() -> None:
    shape = Shape(2, 2)
    puzzle = generate.random_puzzle(3, shape)
    assert puzzle.shape == shape
    assert brute_count(puzzle.to_rows(), 2, 2) == 1


def test_random_puzzle_8x8() -> None:
    puzzle = generate.random_puzzle(1, Shape(2, 4))
    assert brute_count(puzzle.to_rows(), 2, 4) == 1


def test_random_puzzle_is_the_same_for_the_same_seed() -> None:
    assert generate.random_puzzle(5) == generate.random_puzzle(5)
    assert generate.random_puzzle(5).to_string() != generate.random_puzzle(6).to_string()


def test_random_puzzle_solution_is_its_full_grid() -> None:
    rng = random.Random(11)
    solution = generate.full_grid(rng)
    puzzle = generate.make_puzzle(solution, rng)
    assert generate.random_puzzle(11) == puzzle


def test_make_puzzle_leaves_its_input_alone() -> None:
    solution = Grid.parse(ASSIGNMENT_SOLUTION)
    before = solution.numbers
    puzzle = generate.make_puzzle(solution, 1)
    assert solution.numbers == before
    check_puzzle(puzzle, solution)


def test_make_puzzle_accepts_a_string() -> None:
    assert generate.make_puzzle(ASSIGNMENT_SOLUTION, 2) == generate.make_puzzle(
        Grid.parse(ASSIGNMENT_SOLUTION), 2
    )


def test_make_puzzle_needs_a_full_grid() -> None:
    with pytest.raises(PuzzleFormatError, match="blank"):
        generate.make_puzzle(ASSIGNMENT_PUZZLE, 1)


def test_make_puzzle_needs_a_valid_grid() -> None:
    broken = "11" + ASSIGNMENT_SOLUTION[2:]
    with pytest.raises(RuleViolation):
        generate.make_puzzle(broken, 1)
