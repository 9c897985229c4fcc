"""The candidate model's cells by index, its refusals, and its undo log when no places are kept.

A search never asks for places, so its boards take a path of their own through `place`
and `undo`; these tests take it too and compare with a board built fresh from the numbers.
"""

from __future__ import annotations

import pytest
from conftest import independent_units
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import CandidateGrid, Grid, SudokuError
from sudoku_teach.errors import CandidateError, CellIndexError, CellValueError, StepIndexError
from sudoku_teach.shape import Shape

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (3, 3)])
def test_peers_by_index_are_the_cells_sharing_a_unit(box_rows, box_cols):
    shape = Shape(box_rows, box_cols)
    n = shape.size
    units = independent_units(box_rows, box_cols)
    for r in range(n):
        for c in range(n):
            expected = {i * n + j for unit in units if (r, c) in unit for i, j in unit}
            assert set(shape.peers_by_index[r * n + c]) == expected - {r * n + c}


def test_one_shape_per_size_is_shared_by_parsed_grids():
    assert Grid.parse(PUZZLE).shape is Grid.parse(PUZZLE).shape


def test_removing_a_number_that_is_no_candidate_says_where_and_changes_nothing():
    board = CandidateGrid(PUZZLE)
    before = board.snapshot(), board.mark()
    with pytest.raises(ValueError, match=r"cell \(0, 1\) has no candidate 4"):
        board.remove((0, 1), 4)  # row 0 holds a 4 already
    with pytest.raises(ValueError, match=r"cell \(0, 0\)"):
        board.remove((0, 0), 4)  # a given: no candidates at all
    assert (board.snapshot(), board.mark()) == before


@pytest.mark.parametrize(("cell", "value", "error", "said"), [
    ((0, 0), 1, CandidateError, r"cell \(0, 0\) cannot take 1: it is filled"),
    ((0, 1), 5, CandidateError, r"cell \(0, 1\) cannot take 5: its candidates are \[1, 6, 7, 9\]"),
    ((0, 1), 10, CellValueError, "cannot hold 10"),
    ((0, 1), None, CellValueError, "cannot hold None"),
    ((0, 1), 6.0, CellValueError, "cannot hold 6.0"),
    ((9, 0), 1, CellIndexError, "outside the 9x9 grid"),
    ((0.0, 1), 6, CellIndexError, "outside the 9x9 grid"),
    (None, 6, CellIndexError, "None is not a cell"),
])
def test_a_place_that_is_no_candidate_fails_before_anything_changes(cell, value, error, said):
    board = CandidateGrid(PUZZLE)
    before = list(board.numbers), board.snapshot(), board.mark()
    with pytest.raises(error, match=said):
        board.place(cell, value)
    with pytest.raises(SudokuError):
        board.remove(cell, value)
    assert (list(board.numbers), board.snapshot(), board.mark()) == before


@pytest.mark.parametrize("mark", [None, -1, 10**9, "0", 1.5])
def test_undo_to_no_mark_of_the_board_is_refused(mark):
    board = CandidateGrid(PUZZLE)
    board.place((0, 1), 6)
    before = list(board.numbers), board.snapshot(), board.mark()
    with pytest.raises(StepIndexError, match="no mark of this board: .* from 0 to"):
        board.undo(mark)
    assert (list(board.numbers), board.snapshot(), board.mark()) == before


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_without_places_undo_gives_back_a_board_that_acts_like_a_fresh_one(data):
    board = CandidateGrid(PUZZLE)
    mark = board.mark()
    for _ in range(data.draw(st.integers(1, 25))):
        open_cells = [cell for cell, left in sorted(board.candidates.items()) if left]
        if not open_cells:
            break
        cell = data.draw(st.sampled_from(open_cells))
        value = data.draw(st.sampled_from(sorted(board.candidates[cell])))
        if data.draw(st.booleans()):
            board.place(cell, value)
        else:
            board.remove(cell, value)
    board.undo(mark)
    fresh = CandidateGrid(PUZZLE)
    assert board.numbers == fresh.numbers and board.snapshot() == fresh.snapshot()
    cell = data.draw(st.sampled_from(sorted(fresh.candidates)))
    value = data.draw(st.sampled_from(sorted(fresh.candidates[cell])))
    board.place(cell, value)  # crossing off reaches the peers through the cells by index
    fresh.place(cell, value)
    assert board.snapshot() == fresh.snapshot() and board.places == fresh.places
