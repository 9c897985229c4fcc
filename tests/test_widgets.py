"""The clickable board: selection, highlights, entries, refusals, and CSS classes."""

from __future__ import annotations

import pytest

from sudoku_teach import ASSIGNMENT_PUZZLE, Grid
from sudoku_teach.render import COLOURS, THICK, THIN
from sudoku_teach.widgets import GridView, SinglesHelper, Stepper


@pytest.fixture
def view() -> GridView:
    return GridView(ASSIGNMENT_PUZZLE, editable=True)


def classes(view: GridView, cell) -> set[str]:
    return set(view.cells[cell]._dom_classes)


def test_every_cell_has_stable_classes_and_region_borders(view):
    for (r, c), button in view.cells.items():
        assert {"sudoku-cell", f"sudoku-r{r}c{c}"} <= set(button._dom_classes)
    assert view.cells[3, 3].layout.border_top == THICK
    assert view.cells[3, 3].layout.border_left == THICK
    assert view.cells[4, 4].layout.border_top == THIN
    assert view.cells[0, 2].description == "2" and view.cells[0, 0].description == ""
    assert "sudoku-given" in classes(view, (0, 2)) and "sudoku-open" in classes(view, (0, 0))


def test_clicking_a_cell_highlights_row_column_and_region(view):
    view.cells[4, 4].click()
    assert view.selected == (4, 4)
    lit = {cell for cell in view.cells if "sudoku-highlight" in classes(view, cell)}
    expected = {(4, c) for c in range(9)} | {(r, 4) for r in range(9)}
    expected |= {(r, c) for r in range(3, 6) for c in range(3, 6)}
    assert lit == expected
    assert "sudoku-selected" in classes(view, (4, 4))
    assert "sudoku-highlight" not in classes(view, (0, 0))
    assert view.cells[0, 4].style.button_color == COLOURS["highlight"]
    assert "row 4: 1, 2, 3, 4, 8" in view.info.value
    assert "region E: 1, 3, 5, 6" in view.info.value


def test_entries_conflicts_and_clearing(view):
    view.select((0, 0))
    assert view.enter(9)  # 9 is already at (0, 3): a conflict, shown but allowed
    assert view.grid[0, 0] == 9
    assert "sudoku-conflict" in classes(view, (0, 0))
    assert "sudoku-conflict" in classes(view, (0, 3))
    assert view.cells[0, 3].style.button_color == COLOURS["conflict"]
    view.enter(0)
    assert view.grid[0, 0] == 0 and "sudoku-conflict" not in classes(view, (0, 3))


def test_givens_cannot_change(view):
    view.select((0, 2))
    assert not view.enter(5)
    assert view.grid[0, 2] == 2 and "givens" in view.message.value


def test_wrong_keystroke_is_refused_with_a_message(view):
    view.select((0, 0))
    view.typing.value = "x"
    assert "'x' is not a number from 1 to 9" in view.message.value
    assert view.grid[0, 0] == 0 and view.typing.value == ""
    view.typing.value = "1"
    assert view.grid[0, 0] == 1


def test_typing_without_a_selection_asks_for_one():
    view = GridView(ASSIGNMENT_PUZZLE, editable=True)
    view.typing.value = "3"
    assert "Select a cell first" in view.message.value
    assert view.grid == Grid.parse(ASSIGNMENT_PUZZLE)


def test_number_pad_enters_numbers(view):
    view.select((0, 0))
    pad = view.children[2].children
    pad[0].click()
    assert view.grid[0, 0] == 1


def test_validator_can_refuse_and_callbacks_fire():
    seen = []
    view = GridView(
        ASSIGNMENT_PUZZLE, editable=True, validator=lambda g, cell, v: "no" if v == 7 else None
    )
    view.on_change(lambda cell, v: seen.append((cell, v)))
    view.on_select(lambda cell: seen.append(cell))
    view.select((0, 0))
    assert not view.enter(7) and view.grid[0, 0] == 0
    assert view.enter(1)
    assert seen == [(0, 0), ((0, 0), 1)]


def test_view_never_changes_the_callers_grid():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    view = GridView(grid, editable=True)
    view.select((0, 0))
    view.enter(1)
    assert grid[0, 0] == 0


def test_small_grid_and_stable_repr():
    view = GridView("1..4 .41. 2.4. .3.1")
    assert len(view.cells) == 16
    assert repr(view) == "GridView(4x4, 8 of 16 cells filled, selected=None)"
    assert view.cells[2, 0].layout.border_top == THICK


def test_helper_refuses_to_clear_and_never_praises_a_clearing():
    helper = SinglesHelper(ASSIGNMENT_PUZZLE)
    assert helper.view.enter(3)  # the right number for the marked cell (0, 5)
    helper.view.select((0, 5))
    assert not helper.view.enter(0)
    assert helper.view.grid[0, 5] == 3
    assert (
        "nothing to clear" in helper.view.message.value and "Right" not in helper.view.message.value
    )


def test_helper_answers_right_and_wrong_at_once_and_explains_on_request():
    helper = SinglesHelper(ASSIGNMENT_PUZZLE)
    assert helper.step.cell == (0, 5) and helper.view.selected == (0, 5)
    assert not helper.view.enter(5)
    assert "row 0 already has a 5" in helper.view.message.value
    assert helper.view.enter(3)
    assert helper.step.cell == (0, 8)
    assert helper.view.message.value.startswith("Right: 3 goes in (0, 5).")
    helper.explain()
    assert "only 4 survives" in helper.explanation.value


def test_helper_says_when_the_puzzle_needs_more_rules():
    helper = SinglesHelper(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    assert helper.step is None and "needs more rules" in helper.view.message.value


def test_stepper_draws_each_step():
    stepper = Stepper(3, lambda k: f"<b>step {k}</b>")
    stepper.slider.value = 2
    assert stepper.view.value == "<b>step 2</b>" and repr(stepper) == "Stepper(3 steps)"
