"""The notebooks' boards (GridView, helper, explorer) on the one `Board`, driven by messages.

`press` sends what board.js sends on a click or a key; `cursor` is what the arrow keys set.
"""

from __future__ import annotations

import pytest

from sudoku_teach import ASSIGNMENT_PUZZLE, Grid
from sudoku_teach.views.board import Board
from sudoku_teach.views.widgets import GridView, SinglesHelper, Stepper, search_explorer

PEERS_OF_4_4 = (
    {(4, c) for c in range(9)}
    | {(r, 4) for r in range(9)}
    | {(r, c) for r in range(3, 6) for c in range(3, 6)}
)


def press(board: Board, cell, key: str) -> None:
    """A click ("click") or a key on a cell, as the browser reports it."""
    board._received(board, {"type": "cell", "r": cell[0], "c": cell[1], "key": key}, [])


def classes(view: GridView, cell) -> set[str]:
    return set(view.board.shown[cell][2].split())


def with_class(view: GridView, name: str) -> set:
    return {cell for cell in view.board.shown if name in classes(view, cell)}


@pytest.fixture
def view() -> GridView:
    view = GridView(ASSIGNMENT_PUZZLE, editable=True)
    view.sent = []
    view.board.send = view.sent.append
    return view


def test_cells_show_the_grid_givens_bold_and_thick_region_lines(view):
    view.board.redraw()
    full = view.sent[-1]
    assert full["type"] == "full" and len(full["cells"]) == 81
    borders = dict(zip(Grid.parse(ASSIGNMENT_PUZZLE).shape.cells, full["borders"]))
    assert set(borders[3, 3].split()) == {"sudoku-bt", "sudoku-bl"}
    assert borders[4, 4] == "" and set(borders[8, 8].split()) == {"sudoku-bb", "sudoku-br"}
    assert view.board.shown[0, 2][0] == 2 and view.board.shown[0, 0][0] == 0
    assert "sudoku-given" in classes(view, (0, 2)) and "sudoku-given" not in classes(view, (0, 0))


def test_a_click_highlights_row_column_and_region_and_lists_used_numbers(view):
    press(view.board, (4, 4), "click")
    assert view.selected == (4, 4) and view.board.cursor == [4, 4]
    assert with_class(view, "sudoku-highlight") == PEERS_OF_4_4
    assert with_class(view, "sudoku-selected") == {(4, 4)}
    assert "row 4: 1, 2, 3, 4, 8" in view.board.status
    assert "region E: 1, 3, 5, 6" in view.board.status


def test_a_click_redraws_only_the_cells_that_changed(view):
    press(view.board, (4, 4), "click")
    press(view.board, (4, 5), "click")  # same row and region: only columns 4 and 5 change
    changed = {(r, c) for r, c, *_ in view.sent[-1]["cells"]}
    assert changed == {(r, c) for r in (*range(3), *range(6, 9)) for c in (4, 5)} | {
        (4, 4),
        (4, 5),
    }


def test_arrow_keys_move_the_selection(view):
    view.board.cursor = [2, 7]  # what board.js sets when an arrow key moves the cursor
    assert view.selected == (2, 7) and "Cell (2, 7)" in view.board.status


def test_a_digit_key_enters_a_number_and_a_conflict_is_marked_and_said(view):
    press(view.board, (0, 0), "9")  # 9 is already at (0, 3), (5, 0) and (2, 2)
    assert view.grid[0, 0] == 9
    assert with_class(view, "sudoku-conflict") == {(0, 0), (0, 3), (5, 0), (2, 2)}
    assert "9 is already in row 0, at (0, 3)" in view.message
    assert "9 is already in column 0, at (5, 0)" in view.message
    press(view.board, (0, 0), "clear")
    assert view.grid[0, 0] == 0 and not with_class(view, "sudoku-conflict")
    assert view.message == "(0, 0) cleared."


def test_a_wrong_key_is_refused_with_a_message_and_changes_nothing(view):
    press(view.board, (0, 0), "x")
    assert "'x' is not a number from 1 to 9" in view.message
    assert view.grid == Grid.parse(ASSIGNMENT_PUZZLE) and view.selected is None


def test_givens_cannot_change(view):
    press(view.board, (0, 2), "5")
    assert view.grid[0, 2] == 2 and "givens" in view.message


def test_a_board_for_looking_refuses_numbers():
    view = GridView(ASSIGNMENT_PUZZLE)
    press(view.board, (0, 0), "1")
    assert view.grid[0, 0] == 0 and "for looking" in view.message
    assert view.selected == (0, 0) and view.board.numbers == 0 and view.board.buttons == []


def test_entering_without_a_selection_asks_for_one(view):
    assert not view.enter(3)
    assert "Select a cell first" in view.message
    assert view.grid == Grid.parse(ASSIGNMENT_PUZZLE)


def test_number_pad_and_clear_button(view):
    view.select((0, 0))
    view.board._received(view.board, {"type": "number", "n": 1}, [])
    assert view.grid[0, 0] == 1
    assert view.board.buttons == ["Clear"]
    view.board._received(view.board, {"type": "button", "name": "Clear", "r": 0, "c": 0}, [])
    assert view.grid[0, 0] == 0


def test_validator_can_refuse_and_callbacks_fire():
    seen = []
    view = GridView(
        ASSIGNMENT_PUZZLE, editable=True, validator=lambda g, cell, v: "no" if v == 7 else None
    )
    view.on_change(lambda cell, v: seen.append((cell, v)))
    view.on_select(lambda cell: seen.append(cell))
    view.select((0, 0))
    assert not view.enter(7) and view.grid[0, 0] == 0 and view.message == "no"
    assert view.enter(1)
    assert seen == [(0, 0), ((0, 0), 1)]


def test_view_never_changes_the_callers_grid():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    view = GridView(grid, editable=True)
    view.select((0, 0))
    view.enter(1)
    assert grid[0, 0] == 0


def test_small_grid_and_stable_reprs():
    view = GridView("1..4 .41. 2.4. .3.1")
    assert len(view.board.shown) == 16
    assert repr(view) == "GridView(4x4, 8 of 16 cells filled, selected=None)"
    data, _ = view._repr_mimebundle_()
    assert data["text/plain"] == repr(view)
    assert "application/vnd.jupyter.widget-view+json" in data
    press(view.board, (0, 0), "5")
    assert "'5' is not a number from 1 to 4" in view.message


def test_helper_marks_the_next_cell_refuses_a_wrong_number_with_its_reason_and_moves_on():
    helper = SinglesHelper(ASSIGNMENT_PUZZLE)
    view = helper.view
    assert helper.step.cell == (0, 5) and view.selected == (0, 5)
    assert with_class(view, "sudoku-marked") == {(0, 5)}
    press(view.board, (0, 5), "5")
    assert "row 0 already has a 5" in view.message and view.grid[0, 5] == 0
    press(view.board, (0, 5), "3")
    assert view.grid[0, 5] == 3 and helper.step.cell == (0, 8)
    assert view.message.startswith("Right: 3 goes in (0, 5).")
    assert with_class(view, "sudoku-marked") == {(0, 8)} and view.board.cursor == [0, 8]
    view.board._received(
        view.board, {"type": "button", "name": "show the three sets", "r": 0, "c": 8}, []
    )
    assert "only 4 survives" in view.board.status
    assert repr(helper) == "SinglesHelper(next cell=(0, 8))"


def test_helper_asks_again_under_the_three_sets_instead_of_keeping_a_refusal():
    helper = SinglesHelper(ASSIGNMENT_PUZZLE)
    view = helper.view
    press(view.board, (0, 5), "7")
    assert view.message == "Not 7: region B already has a 7, at (1, 4)."
    view.board._received(
        view.board, {"type": "button", "name": "show the three sets", "r": 0, "c": 5}, []
    )
    assert "only 3 survives" in view.board.status
    assert view.message == "Which number goes in the marked cell (0, 5)?"


def test_helper_refuses_to_clear_and_never_praises_a_clearing():
    helper = SinglesHelper(ASSIGNMENT_PUZZLE)
    press(helper.view.board, (0, 5), "3")
    press(helper.view.board, (0, 5), "clear")
    assert helper.view.grid[0, 5] == 3
    assert "nothing to clear" in helper.view.message and "Right" not in helper.view.message
    assert "Clear" not in helper.view.board.buttons  # no button that always refuses
    assert helper.view.board.buttons == ["show the three sets"]


def test_helper_says_when_the_puzzle_needs_more_rules():
    helper = SinglesHelper(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    assert helper.step is None and "needs more rules" in helper.view.message


def test_stepper_draws_each_step():
    stepper = Stepper(3, lambda k: f"<b>step {k}</b>")
    stepper.slider.value = 2
    assert stepper.view.value == "<b>step 2</b>" and repr(stepper) == "Stepper(3 steps)"


def test_search_explorer_moves_board_and_depth_plot_together():
    from sudoku_teach import search

    result = search.solve(Grid.parse(ASSIGNMENT_PUZZLE), "naive", trace=True)
    explorer = search_explorer(result)
    board = explorer.children[1].children[0]
    view_at_0 = explorer.view.value
    explorer.slider.value = 30
    trace = result.trace
    assert [board.shown[cell][0] for cell in trace.puzzle.shape.cells] == list(
        trace.board_at(30).numbers
    )
    marked = {cell for cell, look in board.shown.items() if "sudoku-marked" in look[2]}
    assert marked == {trace.cell_at(30)}
    assert explorer.view.value != view_at_0 and "<img" in explorer.view.value
