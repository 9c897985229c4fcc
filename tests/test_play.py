"""The board widget and the game view, driven as the browser drives them: by messages."""

from __future__ import annotations

import re

import pytest

from sudoku_teach.board import Board
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from sudoku_teach.game import Game
from sudoku_teach.grid import Grid
from sudoku_teach.play import GameView, play
from sudoku_teach.saves import SaveFile


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
    assert view.game.board[0, 0] == 5 and view.game.selected == 0
    assert "5 is already in row 0, at (0, 6)" in view.board.message
    assert "sudoku-conflict" in classes_of(view, (0, 0))
    assert "sudoku-conflict" in classes_of(view, (0, 6))


def test_a_refused_action_shows_its_message_and_changes_nothing(view):
    browser(view, type="cell", r=0, c=2, key="1")  # (0, 2) is a given 2
    assert "givens cannot change" in view.board.message and view.game.entries == {}
    browser(view, type="cell", r=0, c=0, key="click")
    assert "no number selected" in view.board.message
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
    assert view.board.message == "undone"
    browser(view, type="button", name="Redo", r=0, c=0)
    assert view.board.message == "redone: 5 is already in row 0, at (0, 6)"
    browser(view, type="button", name="Clear", r=0, c=0)
    assert view.game.entries == {} and "redone" not in view.board.message


def test_a_wrong_key_on_the_game_board_is_refused_with_a_message(view):
    browser(view, type="cell", r=0, c=0, key="a")
    assert "'a' is not a number from 1 to 9" in view.board.message
    assert view.game.entries == {} and view.sent == []


OWN_PUZZLE_REFUSALS = [
    (" \n", "Type or paste a puzzle in the box first"),
    ("12345678", "not started: .*cells"),  # too short: the parser says what it found
    ("5" + ASSIGNMENT_PUZZLE[1:], "not started: .*row 0 has the number 5 twice"),
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
