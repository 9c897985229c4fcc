"""A game a class keeps playing (issue 28), checked by messages, without a browser.

The game is kept in the browser after every move and played on when the page opens again;
pencil marks are crossed off when a number is placed, filled in at one press, and a pause
stops the clock. Whatever the page sends is checked field by field: a malformed message,
an oversized paste, odd saved values are refused in words, quickly, never echoed whole,
and no exception leaves the widget (its traceback would reach the page).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from sudoku_teach.errors import IllegalMoveError, SavedGameError
from sudoku_teach.examples import ASSIGNMENT_PUZZLE
from sudoku_teach.formats import SYMBOLS
from sudoku_teach.game import Game, savegame
from sudoku_teach.rules import conflict_reasons
from sudoku_teach.views.board import KEYMAP, PUZZLE_TEXT_MAX, key_names
from sudoku_teach.views.browser_store import BrowserStore
from sudoku_teach.views.play import GameView

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def press(view: GameView, **message) -> None:
    """What board.js sends on a click, a key or a button."""
    view.board._received(view.board, message, [])


def app_view(kept: str = "", clock: Clock | None = None) -> GameView:
    """The app's view: a store in the browser, which hands over what it kept (or nothing)."""
    store = BrowserStore("sudoku-teach/test")
    view = GameView(Game.from_text(ASSIGNMENT_PUZZLE, clock or Clock()), store)
    view.board.send = lambda message: None
    store._received(store, {"type": "kept", "text": kept}, [])
    return view


def peers_with_mark(game: Game, cell, number: int) -> list:
    return [p for p in game.puzzle.shape.peers[cell] if number in game.marks.get(p, ())]


# --- nothing lost ---------------------------------------------------------------------------
def test_every_move_is_kept_in_the_browser_and_a_new_page_plays_on_with_it():
    view = app_view()
    first = view.game.puzzle.empty_cells()[0]
    press(view, type="cell", r=first[0], c=first[1], key="4")
    kept = view.saves.current
    assert json.loads(kept)["board"] == view.game.board.to_string()  # kept as it happened
    again = app_view(kept)  # a reload, or a fresh kernel after a cull
    assert again.game.board == view.game.board and again.game.history == view.game.history
    assert "Your game is back" in again.board.message


def test_the_time_played_is_kept_at_each_ping_and_a_kept_game_that_is_damaged_is_said():
    clock = Clock()
    view = app_view(clock=clock)
    clock.now += 125
    press(view, type="ping", seq=3)
    assert json.loads(view.saves.current)["elapsed"] == 125
    again = app_view('{"format": "no"}')
    assert "could not be read" in again.board.message and again.game.board.numbers


def test_nothing_is_kept_before_the_browser_has_handed_over_its_game():
    store = BrowserStore("sudoku-teach/test")
    view = GameView(Game.from_text(ASSIGNMENT_PUZZLE, Clock()), store)
    view.board.send = lambda message: None
    cell = view.game.puzzle.empty_cells()[0]
    press(view, type="cell", r=cell[0], c=cell[1], key="4")
    assert store.current == ""  # the browser's kept game is not overwritten before it arrives


# --- pencil marks, candidates, pause --------------------------------------------------------
def test_placing_a_number_crosses_it_off_its_units_marks_and_undo_puts_them_back():
    game = Game.from_text(ASSIGNMENT_PUZZLE, Clock())
    game.fill_candidates()
    cell = game.puzzle.empty_cells()[0]
    number = min(game.marks[cell])
    crossed = peers_with_mark(game, cell, number)
    before = dict(game.marks)
    game.place(cell, number)
    assert crossed and peers_with_mark(game, cell, number) == []
    assert all(game.marks.get(p, frozenset()) == before[p] - {number} for p in crossed)
    game.undo()
    assert game.marks == before and game.board[cell] == 0
    game.redo()
    assert peers_with_mark(game, cell, number) == []
    assert savegame.loads(savegame.dumps(game), game.clock).marks == game.marks


def test_fill_candidates_pencils_exactly_the_allowed_numbers_in_one_undoable_move():
    game = Game.from_text(ASSIGNMENT_PUZZLE, Clock())
    changed = game.fill_candidates()
    grid = game.board
    for cell in grid.empty_cells():
        allowed = {n for n in range(1, 10) if not conflict_reasons(_with(grid, cell, n), *cell)}
        assert game.marks[cell] == allowed
    assert changed == len(grid.empty_cells()) and len(game.history) == 1
    with pytest.raises(IllegalMoveError, match="already shows all its candidates"):
        game.fill_candidates()
    game.undo()
    assert game.marks == {}


def _with(grid, cell, number):
    copy = grid.copy()
    copy[cell] = number
    return copy


def test_pause_stops_the_clock_hides_the_board_and_refuses_moves_until_carried_on():
    clock = Clock()
    view = app_view(clock=clock)
    clock.now += 10
    press(view, type="button", name="Pause", r=0, c=0)
    assert view.board.paused and not view.board.running and "Pause" in view.board.pressed
    assert "paused" in view.board.message
    clock.now += 500
    cell = view.game.puzzle.empty_cells()[0]
    press(view, type="cell", r=cell[0], c=cell[1], key="4")
    assert view.game.board[cell] == 0 and "paused" in view.board.message
    press(view, type="button", name="Pause", r=0, c=0)
    assert not view.board.paused and view.board.running and view.game.elapsed() == 10
    assert view.board.message == "playing again"


def test_a_paused_game_is_kept_and_saved_paused_and_comes_back_paused_with_its_clock_stopped():
    clock = Clock()
    view = app_view(clock=clock)
    clock.now += 30
    press(view, type="button", name="Pause", r=0, c=0)
    press(view, type="button", name="Save", r=0, c=0)
    clock.now += 400  # the pause, and a ping during it: the time kept stays at 30 s
    press(view, type="ping", seq=1)
    for text in (view.saves.current, view.saves.value):  # autosave, and Save (Download's)
        assert json.loads(text)["paused"] is True and json.loads(text)["elapsed"] == 30
    again = app_view(view.saves.current, clock)  # a reload, or a fresh kernel
    assert again.board.paused and not again.board.running and "Pause" in again.board.pressed
    assert again.board.elapsed == 30 and "paused" in again.board.message
    clock.now += 100
    again.saves.value = view.saves.value  # the browser's Save, as the new page finds it
    press(again, type="button", name="Restore", r=0, c=0)  # Save's copy: paused as well
    assert again.game.paused_at is not None and again.game.elapsed() == 30
    assert again.board.paused and not again.board.running
    press(again, type="button", name="Pause", r=0, c=0)  # carried on: the clock runs from 30 s
    clock.now += 5
    assert again.board.running and not again.board.paused and again.game.elapsed() == 35


def test_buttons_for_the_new_actions_have_keys_and_are_said():
    view = app_view()
    press(view, type="button", name="Candidates", r=0, c=0)
    assert view.board.message.startswith("pencil marks in ")
    assert {"m": "Candidates", "t": "Pause"}.items() <= view.board.shortcuts.items()


def test_a_clash_with_one_cell_seen_by_two_units_is_named_once():
    board = Game.from_text(ASSIGNMENT_PUZZLE, Clock()).puzzle.copy()
    board[0, 0] = 2  # the 2 at (0, 2) is in row 0 and region 0; the 2 at (3, 0) in column 0
    first, second = conflict_reasons(board, 0, 0)  # two cells, each named once
    assert first.startswith("2 is already in row 0 and ") and first.endswith(", at (0, 2)")
    assert second == "2 is already in column 0, at (3, 0)"


# --- input bounded --------------------------------------------------------------------------
MALFORMED = [
    ("not a dict", "not a set of named fields"),
    ({"type": "cell", "r": "x", "c": 0, "key": "1"}, "'r' is not a whole number from 0 to 8"),
    ({"type": "button", "name": "__class__"}, "not one of the board's"),
    ({"type": "number", "n": 10**5000}, "'n' is not a whole number from 0 to 9"),
    ({"type": "cell", "r": 0, "c": 0, "key": "k" * 2_000_000}, "2,000,000 characters long"),
    ({"type": "cell", "r": 0, "c": 0, "key": "\ud800"}, "lone surrogate"),
    ({"type": "cell", "r": True, "c": 0, "key": "1"}, "'r' is not a whole number"),
    ({"type": "eval", "code": "1"}, "its type is not one the board sends"),
    ({"type": "cell", "r": 0, "c": 0, "key": "1", "seq": 2**60}, "'seq' is not a whole number"),
    ({"type": "puzzle", "text": 5}, "'text' is not text"),
]


@pytest.mark.parametrize(("message", "words"), MALFORMED, ids=[w[:30] for _, w in MALFORMED])
def test_a_malformed_message_is_refused_in_words_without_an_echo(message, words):
    view = app_view()
    before = view.game.board.copy()
    view.board._received(view.board, message, [])
    said = view.board.message
    assert said.startswith("A message from the page was refused") and words in said
    assert len(said) < 200 and view.game.board == before


def test_a_ten_megabyte_paste_is_refused_at_once_in_words():
    view = app_view()
    start = time.perf_counter()
    press(view, type="puzzle", text="1" * 10_000_000)
    assert time.perf_counter() - start < 1.0
    assert "10,000,000 characters long" in view.board.message
    view.play_own("1" * (PUZZLE_TEXT_MAX + 1))  # called from Python: the same bound
    assert f"{PUZZLE_TEXT_MAX:,} at most" in view.board.message


def test_a_failure_inside_an_action_is_said_and_never_raised(capfd):
    view = app_view()
    view.board.on_button = lambda name, cell: 1 / 0
    press(view, type="button", name="Check", r=0, c=0)
    assert view.board.message == "Something went wrong on the server: that was not done."


def test_a_bad_setting_from_the_page_is_refused_in_words_and_sent_back():
    view = app_view()
    sent = []
    view.board.send_state = lambda key=None: sent.append(key)
    view.board.set_state({"level": "x" * 1000})
    assert view.board.level == "easy" and "refused" in view.board.message
    assert len(view.board.message) < 200 and ["level"] in sent
    view.board.set_state({"cursor": [99, -1]})
    assert view.board.cursor == [0, 0]
    view.board.set_state({"size": 7})
    assert view.board.size == 9
    view.board.set_state({"level": "x" * 100_000})  # refused before ipywidgets echoes it
    view.board.set_state({"cursor": [10**5000, 0]})
    view.board.set_state({"_esm": "alert(1)"})
    assert view.board.level == "easy" and view.board.cursor == [0, 0]
    assert "not one the page may change" in view.board.message


ODD = [
    ("elapsed", 1e308, "elapsed is 1e+308"),
    ("elapsed", -1, "elapsed is -1"),
    ("hints_used", 10**4000, "hints_used is 100000"),
    ("level", "\ud800", "expected a level"),
    ("level", "l" * 100_000, "expected a level"),
    ("seed", 2**70, "expected a whole number from -9223372036854775807 to"),
]


@pytest.mark.parametrize(("name", "value", "words"), ODD, ids=[f"{n}{i}" for i, (n, *_) in
                                                             enumerate(ODD)])
def test_odd_saved_values_are_refused_in_words_quickly(name, value, words):
    game = Game.from_text(ASSIGNMENT_PUZZLE, Clock())
    data = savegame.to_dict(game)
    data[name] = value
    text = json.dumps(data)
    start = time.perf_counter()
    with pytest.raises(SavedGameError) as caught:
        savegame.loads(text, Clock())
    assert time.perf_counter() - start < 1.0
    assert words in str(caught.value) and len(str(caught.value)) < 300


def test_a_number_of_five_thousand_digits_in_a_saved_game_is_refused_in_words():
    text = '{"format": "sudoku-teach saved game", "version": ' + "9" * 5000 + "}"
    with pytest.raises(SavedGameError, match="a number far too long"):
        savegame.loads(text, Clock())


def test_a_kept_text_longer_than_a_saved_game_is_dropped():
    store = BrowserStore("sudoku-teach/test")
    store.set_state({"current": "x" * (savegame.MAX_BYTES + 1)})
    assert store.current == ""


# --- the keys, listed where players read them ----------------------------------------------
def markdown(notebook: str, holding: str) -> str:
    """The markdown cell of a notebook that holds `holding`."""
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    (text,) = [t for c in cells if c["cell_type"] == "markdown"
               if holding in (t := "".join(c["source"]))]  # fmt: skip
    return text


def test_the_apps_intro_and_notebook_08_name_every_key_the_board_takes():
    board = app_view().board
    names = key_names(board.shortcuts, board.keymap)  # what the page's key handler reads
    assert {"arrow keys", "Delete", "0", "Ctrl+Shift+Z", "M", "T", "R"} <= set(names)
    intro = markdown("app/play.ipynb", "# Sudoku")
    assert [name for name in names if f"**{name}**" not in intro] == []
    assert f"**{SYMBOLS[9]}** to **{SYMBOLS[15]}**" in intro  # the numbers of a 16x16 board
    table = markdown("notebooks/08_play.ipynb", "| Key | Action |")
    listed = {part.strip() for line in table.splitlines() if line.startswith("|")
              for cell in line.split("|") for part in cell.split(",")}  # fmt: skip
    in_a_notebook = key_names(board.shortcuts, {**KEYMAP, "resume": []})  # no server to lose
    assert [name for name in in_a_notebook if name not in listed] == []
    numbers = {symbol.lower() for symbol in SYMBOLS[:16]} | set(SYMBOLS[:16])
    others = [*KEYMAP["clear"], *KEYMAP["resume"], *board.shortcuts]
    assert not numbers & set(others)  # no key that clears, resumes or presses is a number
