"""The rules: units of a cell, placement checks, conflicts, solved grids."""

from __future__ import annotations

import random
import re

import pytest
from conftest import independent_is_solved, pattern_rows
from hypothesis import given
from hypothesis import strategies as st

from sudoku_teach import (
    ASSIGNMENT_PUZZLE,
    ASSIGNMENT_SOLUTION,
    Grid,
    InvalidMoveError,
    RuleViolation,
    Shape,
    blockers,
    can_place,
    check_rules,
    column_values,
    conflicting_cells,
    conflicts,
    group_letter,
    is_complete,
    is_solved,
    region_col_range,
    region_of,
    region_row_range,
    region_values,
    row_values,
)

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_region_of_matches_the_box_a_cell_is_in(shape):
    for r, c in shape.cells:
        top, left = r - r % shape.box_rows, c - c % shape.box_cols
        box = shape.regions[region_of(r, c, shape)]
        assert (top, left) == box.cells[0]
        assert (r, c) in box.cells


def test_group_letters_follow_the_assignment():
    assert group_letter(5, 6) == "F"  # "6th row and 7th column belongs to group F"
    assert group_letter(0, 0) == "A" and group_letter(8, 8) == "I"
    assert group_letter(0, 4) == "B" and group_letter(4, 0) == "D"


def test_region_ranges_follow_the_assignment():
    assert region_row_range(1) == (0, 2)
    assert region_row_range(4) == (3, 5)
    assert region_col_range(7) == (6, 8)
    assert region_row_range(3, Shape(2, 3)) == (2, 3)
    assert region_col_range(4, Shape(2, 3)) == (3, 5)


def test_unit_values_of_the_assignment_example():
    # "For the cell on the 3rd row and 1st column": rule 1, 2, 3 sets from the assignment
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    assert row_values(grid, 2) == {3, 9, 6, 4, 7}
    assert column_values(grid, 0) == {4, 2, 8, 9, 6}
    assert region_values(grid, 2, 0) == {2, 3, 4, 9}


def test_unit_values_accept_plain_rows(assignment_rows):
    assert row_values(assignment_rows, 0) == {2, 9, 8, 5}


def test_can_place_and_blockers():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    assert can_place(grid, 0, 5, 3)
    assert not can_place(grid, 0, 5, 9)
    found = blockers(grid, 0, 5, 9)
    assert [(u.name, cell) for u, cell in found] == [("row 0", (0, 3)), ("region B", (0, 3))]


def test_can_place_ignores_the_cell_itself():
    grid = Grid.parse(ASSIGNMENT_SOLUTION)
    assert all(can_place(grid, r, c, grid[r, c]) for r, c in grid.shape.cells)


def test_conflicts_name_the_unit_and_the_cells():
    rows = Grid.parse(ASSIGNMENT_SOLUTION).to_rows()
    rows[0][1] = rows[1][0]  # same number twice in region A only? also in column 1 maybe
    found = conflicts(rows)
    assert found, "a copied number must break a rule"
    region = [c for c in found if c.unit.kind == "region"]
    assert region and region[0].unit.name == "region A"
    assert set(region[0].cells) == {(0, 1), (1, 0)}
    assert "region A has the number" in str(region[0]) and "(0, 1) and (1, 0)" in str(region[0])


def test_check_rules_raises_with_every_conflict():
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    rows[0][0] = 2  # row 0 and region A already have a 2 at (0, 2); column 0 at (3, 0)
    with pytest.raises(RuleViolation) as caught:
        check_rules(rows)
    names = {c.unit.name for c in caught.value.conflicts}
    assert names == {"row 0", "column 0", "region A"}
    assert "(0, 0) and (0, 2)" in str(caught.value)
    assert conflicting_cells(rows) == {(0, 0), (0, 2), (3, 0)}


@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_a_violation_names_at_most_eight_broken_rules_and_counts_the_rest(numbers):
    found = conflicts(Grid(numbers))
    if not found:
        check_rules(Grid(numbers))
        return
    with pytest.raises(RuleViolation) as caught:
        check_rules(Grid(numbers))
    message = str(caught.value)
    assert caught.value.conflicts == found  # every one kept
    assert message.count(" has the number ") == min(len(found), 8)
    for conflict in found[:8]:
        assert str(conflict) in message
    more = len(found) - 8
    assert message.endswith(f"and {more} more broken rule{'s' if more > 1 else ''}") == (more > 0)


def test_a_grid_of_one_number_is_told_in_one_short_sentence():
    with pytest.raises(RuleViolation) as caught:
        check_rules(Grid([1] * 81))
    assert len(caught.value.conflicts) == 27  # 9 rows, 9 columns, 9 regions
    assert str(caught.value).endswith("; and 19 more broken rules")
    assert len(str(caught.value)) < 1_000


def test_a_clean_puzzle_has_no_conflicts():
    check_rules(ASSIGNMENT_PUZZLE)
    assert conflicts(ASSIGNMENT_PUZZLE) == []


def test_complete_and_solved():
    assert not is_complete(ASSIGNMENT_PUZZLE) and not is_solved(ASSIGNMENT_PUZZLE)
    assert is_solved(ASSIGNMENT_SOLUTION)
    latin = [[(r + c) % 9 + 1 for c in range(9)] for r in range(9)]  # regions broken
    assert is_complete(latin) and not is_solved(latin)
    assert not independent_is_solved(latin)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_pattern_grids_are_solved(shape):
    rows = pattern_rows(shape.box_rows, shape.box_cols)
    assert independent_is_solved(rows, shape.box_rows, shape.box_cols)
    assert is_solved(Grid.from_rows(rows, shape))


@given(st.permutations(range(1, 10)), st.integers(0, 8), st.integers(0, 8), st.integers(0, 8))
def test_relabelled_grids_stay_solved_and_swaps_break_them(perm, row, c1, c2):
    solution = Grid.parse(ASSIGNMENT_SOLUTION).to_rows()
    relabelled = [[perm[v - 1] for v in r] for r in solution]
    assert is_solved(relabelled)
    if c1 != c2:
        relabelled[row][c1], relabelled[row][c2] = relabelled[row][c2], relabelled[row][c1]
        assert not is_solved(relabelled)
        assert is_solved(relabelled) == independent_is_solved(relabelled)


def test_rules_agree_with_an_independent_checker_on_random_grids():
    rng = random.Random(7)
    base = Grid.parse(ASSIGNMENT_SOLUTION).to_rows()
    for _ in range(200):
        rows = [list(r) for r in base]
        for _ in range(rng.randint(0, 2)):
            rows[rng.randrange(9)][rng.randrange(9)] = rng.randint(1, 9)
        assert is_solved(rows) == independent_is_solved(rows)


@pytest.mark.parametrize("value", [0, 5, "3", True, 2.0])
def test_can_place_rejects_numbers_the_grid_cannot_hold(value):
    shown = re.escape(repr(value))
    expected = rf"cell \(0, 1\) cannot hold {shown}: expected a whole number from 1 to 4$"
    with pytest.raises(InvalidMoveError, match=expected):
        can_place("1..4 .41. 2.4. .3.1", 0, 1, value)
