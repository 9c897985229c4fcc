"""Puzzles at a level: each has exactly one solution and is at the level it says.

Both are checked by solvers written in the tests (`conftest`), not by the package: the
counter for uniqueness, a plain singles solver for the levels (easy: naked singles alone
finish it; medium: they do not, naked + hidden singles do; hard and expert: singles do not).
"""

from __future__ import annotations

import pytest
from conftest import brute_count, singles_finish

from sudoku_teach.generate import puzzle_at_level
from sudoku_teach.shape import Shape

SHAPES = {4: Shape(2, 2), 6: Shape(2, 3), 9: Shape(3, 3)}

# (size, level, seeds): a few hundred puzzles in all; fewer where a puzzle takes longer.
CASES = [
    (4, "easy", range(200)),
    (6, "easy", range(60)),
    (6, "medium", range(60)),
    (6, "hard", range(3)),
    (6, "expert", range(20)),
    (9, "easy", range(20)),
    (9, "medium", range(20)),
    (9, "hard", range(16)),
    (9, "expert", range(16)),
]


def assert_level(rows: list[list[int]], level: str, shape: Shape) -> None:
    """The level, by which sets of singles finish the puzzle (the plain solver of the tests)."""
    box = shape.box_rows, shape.box_cols
    naked = singles_finish(rows, *box, hidden=False)
    both = singles_finish(rows, *box, hidden=True)
    if level == "easy":
        assert naked, "an easy puzzle must be finished by naked singles alone"
    elif level == "medium":
        assert not naked and both, "a medium puzzle needs hidden singles, and they finish it"
    else:
        assert not both, f"a {level} puzzle must not be finished by singles"


@pytest.mark.parametrize(("size", "level", "seeds"), CASES, ids=lambda v: str(v))
def test_every_puzzle_is_unique_and_at_its_level(size, level, seeds):
    shape = SHAPES[size]
    for seed in seeds:
        puzzle = puzzle_at_level(level, seed, shape)
        rows = puzzle.to_rows()
        assert brute_count(rows, shape.box_rows, shape.box_cols) == 1, (level, seed)
        assert_level(rows, level, shape)


def test_the_same_seed_gives_the_same_puzzle():
    assert puzzle_at_level("hard", 3) == puzzle_at_level("hard", 3)
    assert puzzle_at_level("hard", 3) != puzzle_at_level("hard", 4)


def test_easy_puzzles_keep_more_givens_than_expert_ones():
    easy = [len(puzzle_at_level("easy", s).givens) for s in range(10)]
    expert = [len(puzzle_at_level("expert", s).givens) for s in range(10)]
    assert sum(easy) > sum(expert)


@pytest.mark.parametrize(("level", "givens", "symmetric"), [
    ("easy", 40, False), ("medium", 32, True), ("hard", 30, False), ("expert", 24, False),
    ("expert", 30, False), ("medium", 40, False),
])
def test_a_target_of_givens_is_met(level, givens, symmetric):
    puzzle = puzzle_at_level(level, 2, givens=givens, symmetric=symmetric)
    rows = puzzle.to_rows()
    assert sum(1 for row in rows for v in row if v) == givens
    assert brute_count(rows) == 1
    assert_level(rows, level, Shape(3, 3))
    if symmetric:
        assert all(bool(rows[r][c]) == bool(rows[8 - r][8 - c]) for r in range(9) for c in range(9))


@pytest.mark.parametrize(("level", "givens", "shape", "message"), [
    ("tricky", None, Shape(3, 3), "unknown level 'tricky'"),
    ("easy", 16, Shape(3, 3), "no proper 9x9 puzzle has 16 givens"),
    ("hard", None, Shape(2, 2), "no 4x4 puzzle is hard"),
    ("expert", None, Shape(2, 2), "no 4x4 puzzle is expert"),
    ("easy", 20, Shape(3, 3), "no easy puzzle with 20 givens in 100 tries"),
])
def test_impossible_requests_are_refused_with_a_message(level, givens, shape, message):
    with pytest.raises(ValueError, match=message):
        puzzle_at_level(level, 0, shape, givens=givens)
