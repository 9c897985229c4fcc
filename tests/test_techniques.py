"""The techniques that only remove candidates, and the candidate model's undo log.

Every step is checked against the puzzle's one solution, as published with it and
checked here by the independent checker of `conftest` (not by the package): a placed
number must be the solution's, and a removed candidate must not be. The structure of
each pair is checked on candidates recomputed here from the board and the removals so far.
"""

from __future__ import annotations

import pytest
from conftest import independent_is_solved, independent_units
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import CandidateGrid, Grid, next_step, solve_with_rules
from sudoku_teach.techniques import NAKED_PAIR, NAKED_SINGLE, POINTING_PAIR, TECHNIQUE_SETS

NORVIG_STUCK = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""Stuck for singles after three steps; pointing and naked pairs open it up to the end."""

Cell = tuple[int, int]


NORVIG_SOLUTION = (
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)
"""Its one solution, as published with the puzzle; checked below by the independent checker."""


def plain_candidates(numbers: list[int], removed: set[tuple[Cell, int]]) -> dict[Cell, set[int]]:
    """Candidates of every empty cell from the three rules, minus earlier removals."""
    units = independent_units()
    found = {}
    for r in range(9):
        for c in range(9):
            if numbers[r * 9 + c]:
                continue
            seen = {numbers[i * 9 + j] for unit in units if (r, c) in unit for i, j in unit}
            found[r, c] = {v for v in range(1, 10) if v not in seen and ((r, c), v) not in removed}
    return found


def test_all_techniques_finish_a_puzzle_singles_cannot_and_every_step_is_sound():
    solution = [int(ch) for ch in NORVIG_SOLUTION]
    assert independent_is_solved([solution[r * 9 : r * 9 + 9] for r in range(9)])
    assert all(ch in ".0" or ch == str(v) for ch, v in zip(NORVIG_STUCK, solution))
    result = solve_with_rules(NORVIG_STUCK, "all techniques")
    assert solve_with_rules(NORVIG_STUCK, "naked + hidden singles").stuck
    assert result.solved
    numbers = [0 if ch == "." else int(ch) for ch in NORVIG_STUCK]
    removed: set[tuple[Cell, int]] = set()
    units = independent_units()
    for step in result.steps:
        candidates = plain_candidates(numbers, removed)
        if step.technique.places_numbers:
            r, c = step.cell
            assert step.value == solution[r * 9 + c] and step.value in candidates[r, c]
            numbers[r * 9 + c] = step.value
            continue
        assert step.value is None and step.cell is None and step.eliminations
        for (r, c), number in step.eliminations:
            assert number in candidates[r, c]  # it was there to remove
            assert number != solution[r * 9 + c]  # and it is not the answer
            removed.add(((r, c), number))
        unit = sorted(step.unit.cells)
        assert unit in [sorted(u) for u in units]
        if step.technique == NAKED_PAIR:
            first, second = step.cells
            assert candidates[first] == candidates[second] == set(step.numbers)
            assert {cell for cell, _ in step.eliminations} <= set(unit) - {first, second}
        else:
            assert step.technique == POINTING_PAIR
            (number,) = step.numbers
            places = [cell for cell in unit if number in candidates.get(cell, ())]
            assert sorted(step.cells) == places and set(places) <= set(step.line.cells)
            assert all(
                cell in step.line.cells and cell not in unit for cell, _ in step.eliminations
            )
    rows = [numbers[r * 9 : r * 9 + 9] for r in range(9)]
    assert independent_is_solved(rows) and numbers == solution
    assert result.technique_counts() == {
        "naked single": 54,
        "hidden single": 10,
        "naked pair": 2,
        "pointing pair": 6,
    }


def test_pairs_explain_themselves_in_one_checkable_sentence():
    steps = solve_with_rules(NORVIG_STUCK).steps
    pointing = next(step for step in steps if step.technique == POINTING_PAIR)
    assert pointing.explain() == (
        "pointing pair: region C can only put its 7 in (1, 6), (1, 8), all in row 1, so the 7"
        " of row 1 is in region C; remove 7 from (1, 0), (1, 2)"
    )
    pair = next(step for step in steps if step.technique == NAKED_PAIR)
    assert pair.explain() == (
        "naked pair in row 4: (4, 1), (4, 3) can only hold 5 or 9, so row 4 puts its 5 and"
        " its 9 there; remove 5 from (4, 2), (4, 5), (4, 7); remove 9 from (4, 0), (4, 2),"
        " (4, 7), (4, 8)"
    )


def test_next_step_goes_on_from_a_candidate_grid_after_removals():
    board = CandidateGrid(solve_with_rules(NORVIG_STUCK, "naked + hidden singles").grid)
    step = next_step(board)
    assert step.technique == POINTING_PAIR
    for cell, number in step.eliminations:
        board.remove(cell, number)
    assert next_step(board) != step  # the removed candidates are gone for the next step
    assert next_step(board.grid, TECHNIQUE_SETS["naked + hidden singles"]) is None


def test_singles_are_found_before_pairs():
    assert next_step(Grid.parse(NORVIG_STUCK)).technique != NAKED_SINGLE  # hidden comes first
    assert next_step(Grid.parse(NORVIG_STUCK)).technique.places_numbers


# --- the candidate model ----------------------------------------------------------------
def state(board: CandidateGrid) -> tuple:
    """Everything the undo log must put back."""
    places = [{v: set(cells) for v, cells in by_value.items()} for by_value in board.places]
    return list(board.numbers), board.snapshot(), places, board.dead_ends


def recomputed_places(board: CandidateGrid) -> list[dict[int, set[Cell]]]:
    """The places of every needed number, worked out here from numbers and candidates."""
    found = []
    for unit in board.shape.units:
        needed = set(board.shape.digits) - {board.number(cell) for cell in unit.cells}
        found.append(
            {
                v: {cell for cell in unit.cells if v in board.candidates.get(cell, ())}
                for v in needed
            }
        )
    return found


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_undo_puts_back_exactly_what_places_and_removals_changed(data):
    board = CandidateGrid(NORVIG_STUCK)
    start = state(board)
    marks = []
    for _ in range(data.draw(st.integers(1, 25))):
        if not board.candidates:
            break
        cell = data.draw(st.sampled_from(sorted(board.candidates)))
        left = sorted(board.candidates[cell])
        if not left:
            continue
        value = data.draw(st.sampled_from(left))
        marks.append((board.mark(), state(board)))
        if data.draw(st.booleans()):
            board.place(cell, value)
        else:
            board.remove(cell, value)
        assert [dict(p) for p in board.places] == recomputed_places(board)
        dead = sum(not left for left in board.candidates.values()) + sum(
            not cells for by_value in board.places for cells in by_value.values()
        )
        assert board.dead_ends == dead
        assert (board.contradiction() is None) == (dead == 0)
    for mark, before in reversed(marks):
        board.undo(mark)
        assert state(board) == before
    assert state(board) == start


def test_a_contradiction_is_named_once_places_are_known():
    board = CandidateGrid(".12345678" + "9" + "." * 71)
    problem = board.contradiction()
    assert problem is not None and "cell (0, 0) has no candidate" in str(problem)


@pytest.mark.parametrize("name", sorted(TECHNIQUE_SETS))
def test_every_technique_set_leaves_the_input_unchanged(name):
    puzzle = Grid.parse(NORVIG_STUCK)
    before = puzzle.copy()
    solve_with_rules(puzzle, name)
    assert puzzle == before
