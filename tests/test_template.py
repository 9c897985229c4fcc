"""Template grids: renaming, the moves, and the counts checked by brute force on 4x4."""

from __future__ import annotations

import math
from itertools import permutations

import pytest
from conftest import independent_is_solved, pattern_rows
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach.generate import grids, template
from sudoku_teach.grid import Grid
from sudoku_teach.shape import CLASSIC, Shape

FOUR = Shape(2, 2)
Rows = tuple[tuple[int, ...], ...]


# --- brute force, written here: every 4x4 grid, and orbits by trying every move -------------
def all_4x4_grids() -> list[Rows]:
    """Every valid 4x4 grid, by trying every row permutation (independent of the package)."""
    rows = list(permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    if independent_is_solved([list(a), list(b), list(c), list(d)], 2, 2):
                        found.append((a, b, c, d))
    return found


def moves_4x4(rows: Rows) -> list[Rows]:
    """The grids one move away: swap rows in a band, bands, columns in a stack, stacks,
    transpose, or swap two numbers."""
    def swap(seq: Rows, i: int, j: int) -> Rows:
        items = list(seq)
        items[i], items[j] = items[j], items[i]
        return tuple(items)

    cols = tuple(zip(*rows))
    out = [swap(rows, 0, 1), swap(rows, 2, 3), (rows[2], rows[3], rows[0], rows[1]), cols]
    for new_cols in (swap(cols, 0, 1), swap(cols, 2, 3), (cols[2], cols[3], cols[0], cols[1])):
        out.append(tuple(zip(*new_cols)))
    for a, b in ((1, 2), (2, 3), (3, 4)):
        rename = {a: b, b: a}
        out.append(tuple(tuple(rename.get(v, v) for v in row) for row in rows))
    return out


def orbit(rows: Rows) -> set[Rows]:
    """Every grid the moves reach from `rows` (breadth first)."""
    seen, todo = {rows}, [rows]
    while todo:
        for other in moves_4x4(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def as_grid(rows: Rows) -> Grid:
    return Grid([v for row in rows for v in row], FOUR)


def test_orbit_sizes_on_4x4_match_brute_force() -> None:
    every = all_4x4_grids()
    assert len(every) == 288  # the known number of 4x4 grids
    left = set(every)
    while left:
        start = next(iter(left))
        reached = orbit(start)
        assert template.orbit_size(as_grid(start)) == len(reached)
        left -= reached


def test_relabelling_count_matches_brute_force() -> None:
    grid = template.template_grid(FOUR)
    renamed = {template.relabel(grid, p).to_string() for p in permutations(range(1, 5))}
    assert template.relabelling_count(grid) == len(renamed) == 24
    partial = Grid([1, 2, 0, 0] + [0] * 12, FOUR)
    renamed = {template.relabel(partial, p).to_string() for p in permutations(range(1, 5))}
    assert template.relabelling_count(partial) == len(renamed) == 12


def test_9x9_counts() -> None:
    grid = grids.full_grid(1)
    assert template.relabelling_count(grid) == math.factorial(9)
    assert template.move_count(CLASSIC) == 6**8 * 2  # 3! for bands, 3! in each band, ... x2
    # a random grid almost surely has no symmetry: every move and renaming gives a new grid
    assert template.orbit_size(grid) == math.factorial(9) * 6**8 * 2
    assert template.orbit_size(grid) < template.ALL_9X9_GRIDS


def test_moves_keep_grids_valid_and_refuse_breaking_moves() -> None:
    grid = grids.full_grid(4)
    for moved in (template.swap_rows(grid, 3, 5), template.swap_columns(grid, 0, 2),
                  template.swap_bands(grid, 0, 2), template.swap_stacks(grid, 1, 2),
                  template.transpose(grid)):
        assert independent_is_solved(moved.to_rows())
        assert moved != grid
    with pytest.raises(ValueError, match="different bands"):
        template.swap_rows(grid, 2, 3)
    with pytest.raises(ValueError, match="different stacks"):
        template.swap_columns(grid, 2, 3)
    with pytest.raises(ValueError, match="not valid transposed"):
        template.transpose(grids.full_grid(4, Shape(2, 3)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from([FOUR, Shape(2, 3), CLASSIC]))
def test_template_with_moves_is_valid(seed: int, shape: Shape) -> None:
    grid = template.relabelled(seed, shape, moves=True).grid
    assert independent_is_solved(grid.to_rows(), shape.box_rows, shape.box_cols)


def test_template_is_the_shifted_rows_grid() -> None:
    for shape in (FOUR, Shape(2, 3), CLASSIC):
        expected = pattern_rows(shape.box_rows, shape.box_cols)
        assert template.template_grid(shape).to_rows() == expected


def test_what_gives_a_template_away() -> None:
    one, two = template.relabelled(1).grid, template.relabelled(2).grid
    assert one != two
    assert template.number_pattern(one) == template.number_pattern(two)
    assert template.number_pattern(one).to_rows()[0] == list(range(1, 10))
    first, second = grids.full_grid(1), grids.full_grid(2)
    assert template.number_pattern(first) != template.number_pattern(second)
    assert len(template.shifted_rows(one)) == 36  # every pair of rows: shifts of each other
    assert (0, 3, 1) in template.shifted_rows(one)  # band 2 starts with row 0 moved by one
    assert template.shifted_rows(first) == []
