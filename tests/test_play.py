"""The board widget and the game view, driven as the browser drives them: by messages."""

from __future__ import annotations

import re

import pytest

from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from sudoku_teach.game import Game
from sudoku_teach.game.saves import SaveFile
from sudoku_teach.grid import Grid
from sudoku_teach.views.board import Board
from sudoku_teach.views.play import BUTTONS, SHORTCUTS, GameView, for_players, play


@pytest.fixture
def view():
    view = GameView(Game.from_text(ASSIGNMENT_PUZZLE, lambda: 0.0))
    view.sent = []
    view.board.send = view.sent.append
    return view


def browser(view: GameView, **message) -> None:
    """What board.js sends on a click, a key or a button."""
    view.board._received(view.board, message, [])


def classes_of(view: GameView, cell) -> str:
    return view.board.shown[cell][2]


def test_the_browser_gets_the_whole_board_once_then_only_changes(view):
    browser(view, type="ready")
    assert view.sent[-1]["type"] == "full" and len(view.sent[-1]["cells"]) == 81
    browser(view, type="cell", r=0, c=0, key="1")
    assert view.sent[-1] == {"type": "cells", "cells": [[0, 0, 1, [], "sudoku-entry"]]}


def test_a_key_places_a_number_and_a_conflict_is_said_in_words(view):
    browser(view, type="cell", r=0, c=0, key="5")  # row 0 holds a 5 at (0, 6)
    assert view.game.board[0, 0] == 5 and view.game.selected == 5  # typing selects, for help
    assert "5 is already in row 1, at row 1, column 7" in view.board.message  # counted from 1
    assert "sudoku-conflict" in classes_of(view, (0, 0))
    assert "sudoku-conflict" in classes_of(view, (0, 6))


def test_a_refused_action_shows_its_message_and_changes_nothing(view):
    browser(view, type="cell", r=0, c=2, key="1")  # (0, 2) is a given 2
    assert "givens cannot change" in view.board.message and view.game.entries == {}
    browser(view, type="cell", r=0, c=0, key="click")  # a click only moves the cursor
    assert view.game.entries == {} and view.game.selected == 0
    browser(view, type="button", name="Undo", r=0, c=0)
    assert view.board.message == "nothing to undo"


def test_help_marks_exactly_the_allowed_cells(view):
    browser(view, type="number", n=4)
    browser(view, type="button", name="Help", r=0, c=0)
    marked = {cell for cell in view.board.shown if "sudoku-allowed" in classes_of(view, cell)}
    assert marked == view.game.allowed_cells(4) and marked
    assert view.board.pressed == ["Help"] and view.board.selected == 4


def test_check_marks_right_and_wrong(view):
    solution = view.game.solution
    browser(view, type="cell", r=0, c=0, key=str(solution[0, 0]))
    browser(view, type="cell", r=0, c=1, key=str(solution[0, 1] % 9 + 1))
    browser(view, type="button", name="Check", r=0, c=0)
    assert "sudoku-right" in classes_of(view, (0, 0))
    assert "sudoku-wrong" in classes_of(view, (0, 1))
    assert view.board.message == "1 right, 1 wrong" and view.board.selected == 0


def test_pencil_mode_toggles_marks(view):
    browser(view, type="button", name="Pencil", r=0, c=0)
    browser(view, type="cell", r=0, c=0, key="3")
    browser(view, type="cell", r=0, c=0, key="7")
    assert view.board.shown[0, 0] == (0, (3, 7), "")
    browser(view, type="cell", r=0, c=0, key="clear")
    assert view.board.shown[0, 0] == (0, (), "")


def test_new_uses_the_chosen_level_and_redraws(view):
    view.board.level = "hard"
    browser(view, type="button", name="New", r=0, c=0)
    assert view.game.level == "hard" and view.sent[-1]["type"] == "full"
    assert "new hard game" in view.board.message


def test_keyboard_play_of_a_4x4_game_reaches_solved(view):
    view.watch(Game.from_text(WARMUP_4X4, lambda: 0.0))
    for r, c in view.game.puzzle.empty_cells():
        browser(view, type="cell", r=r, c=c, key=str(view.game.solution[r, c]))
    assert view.game.solved and view.board.message == "Well done! Solved in 0 min 00 s with 0 hints"


def test_a_plain_board_shows_a_grid_and_reports_clicks():
    clicks = []
    board = Board.for_grid(Grid.parse(WARMUP_4X4), on_cell=lambda cell, key: clicks.append(key))
    board._received(board, {"type": "cell", "r": 1, "c": 2, "key": "click"}, [])
    assert clicks == ["click"] and repr(board) == "Board(4x4, 8 of 16 cells filled)"
    assert board.shown[0, 0] == (1, (), "sudoku-given")


def test_play_gives_a_view_with_a_stable_repr():
    view = play("easy", seed=1, clock=lambda: 0.0)
    blanks = sum(1 for row in view.game.puzzle.to_rows() for value in row if not value)
    assert repr(view) == f"GameView(easy, {blanks} cells to go, 0 hints used)"
    assert repr(play("easy", seed=1, clock=lambda: 0.0)) == repr(view)


def test_save_and_restore_buttons_keep_the_game_across_views(view, tmp_path):
    view.saves = SaveFile(tmp_path / "game.json")
    browser(view, type="cell", r=0, c=0, key="3")
    browser(view, type="number", n=7)
    browser(view, type="button", name="Save", r=0, c=0)
    fresh = GameView(Game.from_text(ASSIGNMENT_PUZZLE, lambda: 0.0), tmp_path / "game.json")
    fresh.board.send = lambda message: None
    browser(fresh, type="button", name="Restore", r=0, c=0)
    assert fresh.game.entries == {(0, 0): 3} and fresh.board.selected == 7
    assert fresh.board.shown == view.board.shown
    browser(fresh, type="button", name="Restore", r=0, c=0)
    fresh.saves = SaveFile(tmp_path / "nothing.json")
    browser(fresh, type="button", name="Restore", r=0, c=0)
    assert fresh.board.message == "no saved game yet: press Save first"
    assert fresh.game.entries == {(0, 0): 3}


def test_a_save_that_cannot_be_written_says_so_once_on_the_board(view, tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    view.saves = SaveFile(tmp_path / "a")
    view.on_button("Save", (0, 0))
    said = view.board.message
    assert said.count("cannot write") == 1 and "lead round in a circle" in said, said


def test_restore_sets_the_level_chooser_so_new_keeps_the_saved_level(tmp_path):
    saved = GameView(Game.new("easy", 1, clock=lambda: 0.0), tmp_path / "game.json")
    browser(saved, type="button", name="Save", r=0, c=0)
    view = GameView(Game.new("hard", 5, clock=lambda: 0.0), tmp_path / "game.json")
    view.board.send = lambda message: None
    assert view.board.level == "hard"
    browser(view, type="button", name="Restore", r=0, c=0)
    assert view.game.level == "easy" and view.board.level == "easy"
    browser(view, type="button", name="New", r=0, c=0)
    assert view.game.level == "easy" and "new easy game" in view.board.message


def test_redo_says_what_it_redid_and_the_next_action_replaces_the_message(view):
    browser(view, type="cell", r=0, c=0, key="5")  # row 0 holds a 5 at (0, 6)
    browser(view, type="button", name="Undo", r=0, c=0)
    assert view.board.message == "undone: row 1, column 1 cleared"
    browser(view, type="button", name="Redo", r=0, c=0)
    assert view.board.message == (
        "redone: 5 in row 1, column 1, but 5 is already in row 1, at row 1, column 7"
    )
    browser(view, type="button", name="Clear", r=0, c=0)
    assert view.game.entries == {} and "redone" not in view.board.message


def test_a_wrong_key_on_the_game_board_is_refused_with_a_message(view):
    browser(view, type="cell", r=0, c=0, key="a")
    assert "'a' is not a number from 1 to 9" in view.board.message
    assert view.game.entries == {} and view.sent == []


OWN_PUZZLE_REFUSALS = [
    (" \n", "Type or paste a puzzle in the box first"),
    ("12345678", "not started: .*cells"),  # too short: the parser says what it found
    ("5" + ASSIGNMENT_PUZZLE[1:], "not started: .*row 1 has the number 5 twice"),
    ("12345678." + "........9" + "." * 63, "not started: this puzzle has no solution"),
    ("1" + "." * 80, "not started: this puzzle has more than one solution"),
]


@pytest.mark.parametrize(("text", "says"), OWN_PUZZLE_REFUSALS)
def test_an_own_puzzle_that_cannot_be_played_is_refused_and_the_game_goes_on(view, text, says):
    browser(view, type="cell", r=0, c=0, key="1")
    before = (view.game, dict(view.game.entries), dict(view.board.shown))
    browser(view, type="puzzle", text=text)
    assert re.search(says, view.board.message)
    assert (view.game, view.game.entries, view.board.shown) == before


def test_an_own_25x25_puzzle_is_refused_for_its_size_before_any_solving(view, monkeypatch):
    import sudoku_teach.game as game_module

    def no_solving(puzzle):
        raise AssertionError("a grid the game cannot play was solved")

    monkeypatch.setattr(game_module, "proper_solution", no_solving)
    browser(view, type="puzzle", text="." * 625)  # not even proper: the size is said first
    assert view.board.message == ("Your puzzle is not started: it is 25x25; the game plays"
                                  " 4x4, 6x6, 8x8, 9x9, 16x16 puzzles.")


def test_an_own_puzzle_is_played_on_the_same_board(view):
    browser(view, type="cell", r=0, c=0, key="1")
    rows = [line.replace(" ", "").replace("0", ".") for line in ASSIGNMENT_PUZZLE.splitlines()]
    givens = sum(ch != "." for row in rows for ch in row)
    browser(view, type="puzzle", text="\n".join(rows))  # as a newspaper prints it
    assert view.board.own_puzzle
    assert view.board.message == f"Your own puzzle: {givens} givens, one solution."
    assert view.game.entries == {} and view.game.level == "custom"
    assert view.sent[-1]["type"] == "full"
    assert view.board.shown[0, 2] == (2, (), "sudoku-given")
    browser(view, type="cell", r=0, c=0, key=ASSIGNMENT_SOLUTION[0])
    assert view.game.entries == {(0, 0): int(ASSIGNMENT_SOLUTION[0])}


def test_a_board_without_a_puzzle_callback_has_no_own_puzzle_box():
    board = Board.for_grid(Grid.parse(WARMUP_4X4))
    assert not board.own_puzzle
    board._received(board, {"type": "puzzle", "text": WARMUP_4X4}, [])  # ignored, no error


# --- issue 16: words for players, instant keys, the game's feel -------------------------


@pytest.mark.parametrize(
    ("model", "player"),
    [
        ("5 is already in row 0, at (0, 6)", "5 is already in row 1, at row 1, column 7"),
        ("(8, 8) is already empty", "row 9, column 9 is already empty"),
        ("column 3 and region B", "column 4 and region B"),
        ("new easy game (seed 10)", "new easy game (seed 10)"),
    ],
)
def test_messages_for_players_count_rows_and_columns_from_1(model, player):
    assert for_players(model) == player


def test_a_placement_is_said_in_words_with_its_position_from_1(view):
    right = ASSIGNMENT_SOLUTION[1 * 9 + 1]  # breaks no rule
    browser(view, type="cell", r=1, c=1, key=right, seq=1)
    assert view.board.message == f"{right} in row 2, column 2"
    browser(view, type="cell", r=1, c=1, key="clear", seq=2)
    assert view.board.message == "row 2, column 2 cleared"


def test_a_key_is_answered_with_its_cell_even_when_refused(view):
    browser(view, type="cell", r=0, c=0, key="1", seq=7)
    assert view.sent[-1] == {"type": "cells", "cells": [[0, 0, 1, [], "sudoku-entry"]], "ack": 7}
    browser(view, type="cell", r=0, c=2, key="1", seq=8)  # a given: the browser must undo its guess
    assert view.sent[-1] == {"type": "cells", "cells": [[0, 2, 2, [], "sudoku-given"]], "ack": 8}
    assert "givens cannot change" in view.board.message


def test_every_button_has_a_key_that_is_not_a_number_on_any_board():
    keyed = set(SHORTCUTS.values()) | {"Clear"}  # Clear is Backspace, Delete or 0
    assert keyed == set(BUTTONS)
    letters = {key for key in SHORTCUTS if len(key) == 1}
    assert not letters & set("abcdefg0123456789")  # a-g are 10-16 on a 16x16 grid


def test_a_hint_marks_its_cell_on_the_board_and_names_it_from_1(view):
    browser(view, type="button", name="Hint", r=0, c=0)
    marked = [cell for cell in view.board.shown if "sudoku-marked" in classes_of(view, cell)]
    assert len(marked) == 1
    (r, c) = marked[0]
    assert f"row {r + 1}, column {c + 1}" in view.board.message
    browser(view, type="button", name="Help", r=0, c=0)  # the next action unmarks it
    assert not any("sudoku-marked" in classes_of(view, cell) for cell in view.board.shown)


def test_solving_shows_the_solved_moment_without_old_check_marks():
    game = Game.from_text(ASSIGNMENT_PUZZLE, lambda: 0.0)
    view = GameView(game)
    view.board.send = lambda message: None
    empty = game.puzzle.empty_cells()
    first = empty[0]
    right = ASSIGNMENT_SOLUTION[first[0] * 9 + first[1]]
    browser(view, type="cell", r=first[0], c=first[1], key=right)
    browser(view, type="button", name="Check", r=0, c=0)
    assert "sudoku-right" in classes_of(view, first)
    for r, c in empty[1:]:
        browser(view, type="cell", r=r, c=c, key=ASSIGNMENT_SOLUTION[r * 9 + c])
    assert game.solved and view.board.solved and not view.board.running
    assert not any(
        "sudoku-right" in classes_of(view, cell) or "sudoku-wrong" in classes_of(view, cell)
        for cell in view.board.shown
    )
    assert view.board.message.startswith("Well done!")


def test_new_after_your_own_puzzle_deals_a_fresh_puzzle_at_the_level_size(view):
    browser(view, type="puzzle", text=WARMUP_4X4)
    assert view.game.size == 4
    browser(view, type="button", name="New", r=0, c=0)
    first = view.game
    assert first.size == 9 and first.level == "easy" and first.seed is not None
    browser(view, type="puzzle", text=WARMUP_4X4)
    browser(view, type="button", name="New", r=0, c=0)
    assert view.game.size == 9 and view.game.puzzle != first.puzzle  # not seed 1 every time


def test_the_timer_is_the_games_own_time():
    ticks = iter(range(0, 10_000, 7))
    view = GameView(Game.from_text(ASSIGNMENT_PUZZLE, lambda: float(next(ticks))))
    view.board.send = lambda message: None
    browser(view, type="cell", r=0, c=0, key="1")
    assert view.board.running and view.board.elapsed == view.game.elapsed() - 7


@pytest.mark.parametrize("size", [4, 6, 8, 9])
def test_the_game_plays_on_every_board_size(size):
    from sudoku_teach.shape import Shape

    view = GameView(Game.new("easy", 3, Shape.for_size(size), lambda: 0.0))
    view.board.send = lambda message: None
    assert view.board.box == [view.game.puzzle.shape.box_rows, view.game.puzzle.shape.box_cols]
    assert view.board.numbers == size
    for r, c in view.game.puzzle.empty_cells():
        browser(view, type="cell", r=r, c=c, key=str(view.game.solution[r, c]))
    assert view.game.solved


def test_letters_are_the_numbers_10_to_16_on_a_16x16_board():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Sixteen:  # the board needs only the size and the cells of a shape
        size: int = 16
        box_rows: int = 4
        box_cols: int = 4

        @property
        def cells(self):
            return tuple((r, c) for r in range(16) for c in range(16))

    board = Board(Sixteen(), {cell: (0, (), "") for cell in Sixteen().cells})  # type: ignore[arg-type]
    assert board.key_refusal("16") is None and board.key_refusal("10") is None
    assert "A-G for 10-16" in board.key_refusal("h")


def test_help_stays_on_when_check_unselects_the_number_and_shows_again_at_one_press(view):
    browser(view, type="number", n=4)
    browser(view, type="button", name="Help", r=0, c=0)
    assert view.board.pressed == ["Help"]
    browser(view, type="button", name="Check", r=0, c=0)
    assert view.board.selected == 0 and view.board.pressed == ["Help"]  # on, nothing to show
    assert not any("sudoku-allowed" in classes_of(view, cell) for cell in view.board.shown)
    browser(view, type="cell", r=0, c=0, key="1")  # typing selects 1: help shows it again
    assert view.board.pressed == ["Help"]
    assert any("sudoku-allowed" in classes_of(view, cell) for cell in view.board.shown)


def test_help_with_no_number_selected_says_so_and_the_button_agrees(view):
    assert view.game.selected == 0
    browser(view, type="button", name="Help", r=0, c=0)
    assert view.board.pressed == ["Help"]
    assert view.board.message == "help on: select a number to see where it may go"
    browser(view, type="button", name="Help", r=0, c=0)
    assert view.board.pressed == [] and view.board.message == "help off"


def test_a_number_key_is_answered_after_the_selection_it_makes(view):
    browser(view, type="number", n=6, seq=3)
    assert view.board.selected == 6 and view.sent[-1] == {"type": "ack", "ack": 3}


def test_every_message_of_a_16x16_game_writes_numbers_over_9_as_letters():
    from sudoku_teach.formats import symbol
    from sudoku_teach.shape import Shape

    game = Game.new("easy", 4, clock=lambda: 0.0, shape=Shape.for_size(16))
    view = GameView(game)
    view.board.send = lambda message: None
    blanks = [cell for cell in game.puzzle.shape.cells if not game.puzzle[cell]]
    row, col = blanks[0]
    wrong = next(v for v in range(10, 17) if v != game.solution[row, col]
                 and any(game.puzzle[row, c] == v for c in range(16)))  # clashes in its row
    browser(view, type="cell", r=row, c=col, key=str(wrong))  # board.js sends G as "16"
    said = [view.board.message]
    browser(view, type="button", button="pencil")
    browser(view, type="cell", r=blanks[1][0], c=blanks[1][1], key=str(wrong))
    said.append(view.board.message)
    browser(view, type="button", button="undo")
    said.append(view.board.message)
    assert symbol(wrong) in said[0]
    for text in said:
        numbers = {int(n) for n in re.findall(r"\b\d+\b", re.sub(r"(row|column) \d+", "", text))}
        assert not numbers & set(range(10, 17)), text
