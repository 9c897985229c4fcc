"""Saves that belong to the player: the browser keeps the game, the kernel checks what it gets.

The browser is played here by its messages: it sends the kept text as a state update when
the page opens (`set_state`, as the widget channel does) and an uploaded file as a custom
message. Whatever it sends is checked in full before the game changes.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_teach.errors import SavedGameError, SudokuError
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION
from sudoku_teach.game import Game, savegame
from sudoku_teach.views.browser_store import BrowserStore
from sudoku_teach.views.play import GameView

SOLUTION = [[int(v) for v in ASSIGNMENT_SOLUTION[r * 9 : r * 9 + 9]] for r in range(9)]
PUZZLE = [[int(v) for v in line.split()] for line in ASSIGNMENT_PUZZLE.strip().splitlines()]
BLANKS = [(r, c) for r in range(9) for c in range(9) if not PUZZLE[r][c]]


def press(view: GameView, **message) -> None:
    """What board.js sends on a click, a key or a button."""
    view.board._received(view.board, message, [])


def upload(store: BrowserStore, text) -> None:
    """What browser_store.js sends when a file is chosen for upload."""
    store._received(store, {"type": "upload", "text": text}, [])


def a_browser(kept: str = "") -> GameView:
    """A page opened in a browser that has kept `kept` (what the page's widget reports)."""
    store = BrowserStore("sudoku-teach/test")
    store.set_state({"value": kept})
    view = GameView(Game.from_text(ASSIGNMENT_PUZZLE, lambda: 0.0), store)
    view.board.send = lambda message: None
    return view


def played(view: GameView) -> dict:
    """Two right entries, a wrong one, pencil marks and a selected number."""
    (r1, c1), (r2, c2), (r3, c3), (r4, c4) = BLANKS[:4]
    press(view, type="cell", r=r1, c=c1, key=str(SOLUTION[r1][c1]))
    press(view, type="cell", r=r2, c=c2, key=str(SOLUTION[r2][c2]))
    press(view, type="cell", r=r3, c=c3, key=str(SOLUTION[r3][c3] % 9 + 1))
    press(view, type="button", name="Pencil", r=0, c=0)
    press(view, type="cell", r=r4, c=c4, key="2")
    press(view, type="button", name="Pencil", r=0, c=0)
    press(view, type="number", n=7)
    return {
        (r1, c1): SOLUTION[r1][c1],
        (r2, c2): SOLUTION[r2][c2],
        (r3, c3): SOLUTION[r3][c3] % 9 + 1,
    }


def test_save_keeps_the_game_in_the_browser_and_a_reloaded_page_restores_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = a_browser()
    entries = played(first)
    press(first, type="button", name="Save", r=0, c=0)
    assert first.board.message.startswith("saved in this browser")
    kept = first.saves.value
    assert json.loads(kept)["format"] == savegame.FORMAT
    assert list(tmp_path.iterdir()) == []  # nothing on the server

    reloaded = a_browser(kept)  # the same browser opens the page again: a new kernel
    assert reloaded.game.entries == {}
    press(reloaded, type="button", name="Restore", r=0, c=0)
    assert reloaded.game.entries == entries
    assert reloaded.game.marks == {BLANKS[3]: frozenset({2})} and reloaded.game.selected == 7
    assert reloaded.board.shown == first.board.shown


def test_two_browsers_keep_two_games_and_a_new_browser_has_none():
    alice, bob = a_browser(), a_browser()
    alice_entries = played(alice)
    (r, c) = BLANKS[10]
    press(bob, type="cell", r=r, c=c, key=str(SOLUTION[r][c]))
    for view in (alice, bob):
        press(view, type="button", name="Save", r=0, c=0)
    alice_again, bob_again = a_browser(alice.saves.value), a_browser(bob.saves.value)
    for view in (alice_again, bob_again):
        press(view, type="button", name="Restore", r=0, c=0)
    assert alice_again.game.entries == alice_entries
    assert bob_again.game.entries == {(r, c): SOLUTION[r][c]}

    stranger = a_browser()
    press(stranger, type="button", name="Restore", r=0, c=0)
    assert stranger.board.message == "no saved game yet: press Save first"


def test_an_uploaded_save_is_played_and_kept_in_this_browser():
    home = a_browser()
    entries = played(home)
    press(home, type="button", name="Save", r=0, c=0)
    school = a_browser()
    upload(school.saves, home.saves.value)
    assert school.game.entries == entries and "game restored" in school.board.message
    assert savegame.loads(school.saves.value, lambda: 0.0).entries == entries


@pytest.mark.parametrize(
    "text, words",
    [
        (42, "not text"),
        (None, "not text"),
        ("x" * (savegame.MAX_BYTES + 1), "at most"),
        ("{not json", "not JSON"),
        ('{"format": "something else"}', "not a saved"),
    ],
)
def test_an_upload_that_is_no_save_is_refused_in_words_and_changes_nothing(text, words):
    view = a_browser()
    played(view)
    before, kept = savegame.dumps(view.game), view.saves.value
    upload(view.saves, text)
    assert view.board.message.startswith("That file was not loaded") and words in view.board.message
    assert savegame.dumps(view.game) == before and view.saves.value == kept


def a_save() -> dict:
    view = a_browser()
    played(view)
    press(view, type="button", name="Undo", r=0, c=0)
    return json.loads(savegame.dumps(view.game))


FIELDS = sorted(a_save())
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.floats() | st.text(max_size=90),
    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)


def consistent(game: Game) -> bool:
    """What any playable game must be, checked from the puzzle alone (not by savegame)."""
    cells = {(r, c) for r in range(9) for c in range(9)}
    rows = game.board.to_rows()
    givens_kept = all(rows[r][c] == PUZZLE[r][c] for r, c in cells if PUZZLE[r][c])
    in_range = all(0 <= v <= 9 for row in rows for v in row)
    marks_ok = all(cell in cells and m <= set(range(1, 10)) for cell, m in game.marks.items())
    moves_ok = all(
        move.cell in cells and not PUZZLE[move.cell[0]][move.cell[1]]
        for move in game.history + game.future
    )
    return givens_kept and in_range and marks_ok and moves_ok and game.hints_used >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_a_save_changed_in_the_browser_is_refused_or_gives_a_consistent_game(field, value):
    data = a_save()
    data[field] = value
    target = Game.from_text(ASSIGNMENT_PUZZLE, lambda: 0.0)
    before = savegame.dumps(target)
    try:
        savegame.restore(target, json.dumps(data))
    except SavedGameError:
        assert savegame.dumps(target) == before  # refused: nothing changed
        return
    assert consistent(target)
    moves = len(target.history) + len(target.future)
    for action in [target.undo] * moves + [target.redo] * moves:  # any other error fails
        with contextlib.suppress(SudokuError):  # a refusal in words is fine
            action()
    assert consistent(target)


def test_the_store_says_what_it_keeps_and_nothing_is_none():
    store = BrowserStore("sudoku-teach/play")
    assert store.read() is None
    assert repr(store) == "BrowserStore('sudoku-teach/play', 0 characters kept)"
    assert store.write("abc").startswith("saved in this browser") and store.read() == "abc"
