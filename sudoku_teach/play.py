"""Playing in a notebook: a `Game` (the model) shown on a `Board` (the view).

`GameView` is the glue, as the Java article's controllers and observers are: it turns
clicks and keys into calls on the game, and when the game announces a change it works out
how each cell should look and lets the board send only the cells that changed. A refused
action (a given, no number selected, nothing to undo) shows its message; nothing breaks.
A puzzle of your own (from a newspaper or a book) goes in the "Your own puzzle" box under
the board: it is checked (broken rules, no solution, several solutions) before it is played.

    from sudoku_teach.play import play
    play("easy", seed=1)          # the last line of a cell shows the board
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import ipywidgets

from . import savegame
from .board import Board, Look
from .browser_store import BrowserStore
from .errors import SudokuError
from .game import Change, Clock, Game
from .game_sources import LEVELS
from .rules import conflicting_cells
from .saves import SaveFile, Saves
from .shape import Cell

BUTTONS = ("New", "Check", "Help", "Hint", "Undo", "Redo", "Clear", "Pencil", "Save", "Restore")
SAVE_FILE = "sudoku_game.json"
"""Where Save writes and Restore reads, next to the notebook, unless you name another place
(a file, or a `BrowserStore` so that each browser keeps its own game: the web app does)."""


def cell_looks(game: Game) -> dict[Cell, Look]:
    """How every cell should look now: number, marks, given/entry, help, check, conflict."""
    allowed = game.allowed_cells() if game.help else set()
    clashes = conflicting_cells(game.board)
    looks = {}
    for cell in game.puzzle.shape.cells:
        value = game.board[cell]
        classes = []
        if game.puzzle.is_given(*cell):
            classes.append("sudoku-given")
        elif value:
            classes.append("sudoku-entry")
        if cell in allowed:
            classes.append("sudoku-allowed")
        if cell in game.checked:
            classes.append("sudoku-right" if game.checked[cell] else "sudoku-wrong")
        if cell in clashes:
            classes.append("sudoku-conflict")
        marks = () if value else tuple(sorted(game.marks.get(cell, ())))
        looks[cell] = (value, marks, " ".join(classes))
    return looks


class GameView:
    """A game on a board: buttons, number pad, level choice, keys; redraws only what changed."""

    def __init__(self, game: Game, saves: Saves | str | Path = SAVE_FILE) -> None:
        self.game = game
        self.pencil = False
        self.saves = SaveFile(saves) if isinstance(saves, (str, Path)) else saves
        self.board = Board(
            game.puzzle.shape,
            cell_looks(game),
            buttons=BUTTONS,
            levels=LEVELS,
            numbers=True,
            on_cell=self.on_cell,
            on_button=self.on_button,
            on_number=self.on_number,
            on_puzzle=self.play_own,
        )
        self.widget: ipywidgets.Widget = self.board
        if isinstance(self.saves, BrowserStore):  # its download and upload go under the board
            self.saves.on_upload = self.upload
            self.widget = ipywidgets.VBox([self.board, self.saves])
        self.watch(game)
        self.show_level()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the board when a notebook cell ends with the view."""
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"GameView({self.game.level}, {self.game.summary()})"

    def watch(self, game: Game) -> None:
        """Listen to a game and show its whole state."""
        self.game = game
        game.observe(self.changed)
        self.board.redraw(game.puzzle.shape, cell_looks(game))
        self.show_state()

    def show_state(self) -> None:
        """The pressed buttons, the selected number and the status line."""
        self.board.selected = self.game.selected
        self.board.pressed = [
            name for name, on in (("Help", self.game.help), ("Pencil", self.pencil)) if on
        ]
        self.board.status = self.game.summary()

    # --- the model told us something changed ------------------------------------------------
    def changed(self, change: Change) -> None:
        """Redraw what one change of the game touched."""
        if change.kind == "new":
            self.board.redraw(self.game.puzzle.shape, cell_looks(self.game))
        else:
            self.board.show(cell_looks(self.game))
        if change.message:
            self.board.message = change.message
        self.show_state()

    # --- the player did something -----------------------------------------------------------
    def attempt(self, action: Any, *args: Any) -> None:
        """Do one action; its message replaces the last one, a refusal is said, not raised."""
        self.board.message = ""
        try:
            action(*args)
        except SudokuError as error:
            self.board.message = str(error)

    def on_cell(self, cell: Cell, key: str) -> None:
        """A click or a key on a cell: place, pencil in or clear."""
        game = self.game
        if key == "clear":
            self.attempt(game.clear, cell)
        elif key == "click" and self.pencil:
            self.attempt(game.toggle_mark, cell, game.selected)
        elif key == "click":
            self.attempt(game.place, cell)
        elif self.pencil:
            self.attempt(game.toggle_mark, cell, int(key))
        else:
            self.attempt(game.place, cell, int(key))

    def on_number(self, number: int) -> None:
        """A number key of the pad: select it, for clicks on cells and for help."""
        self.attempt(self.game.select, number)

    def on_button(self, name: str, cell: Cell) -> None:
        """One of the buttons; `cell` is where the cursor is."""
        game = self.game
        actions = {
            "Check": game.check,
            "Help": lambda: game.set_help(not game.help),
            "Hint": game.hint,
            "Undo": game.undo,
            "Redo": game.redo,
            "Clear": lambda: game.clear(cell),
            "New": self.new_game,
            "Pencil": self.toggle_pencil,
            "Save": self.save,
            "Restore": self.restore,
        }
        self.attempt(actions[name])

    def toggle_pencil(self) -> None:
        """Switch between placing numbers and pencilling marks."""
        self.pencil = not self.pencil
        self.board.message = "pencil marks: on" if self.pencil else "pencil marks: off"
        self.show_state()

    def save(self) -> None:
        """Keep the game (in a file, or in the browser), so that a restarted kernel can carry on."""
        self.board.message = self.saves.write(savegame.dumps(self.game))

    def restore(self) -> None:
        """Carry on the saved game, at its level (so that New keeps that level)."""
        text = self.saves.read()
        if text is None:
            self.board.message = "no saved game yet: press Save first"
            return
        savegame.restore(self.game, text)
        self.show_level()

    def upload(self, text: Any) -> None:
        """A save file uploaded in the browser: checked in full, played, and kept here."""
        self.board.message = ""
        try:
            savegame.restore(self.game, text)
        except SudokuError as error:
            self.board.message = f"That file was not loaded: {error}"
            return
        self.show_level()
        self.saves.write(savegame.dumps(self.game))

    def show_level(self) -> None:
        """Set the level chooser to the game's level (a puzzle of your own leaves it alone)."""
        if self.game.level in LEVELS:
            self.board.level = self.game.level

    def new_game(self) -> None:
        """A new game at the chosen level; the next seed, so every New is a different puzzle."""
        seed = (self.game.seed or 0) + 1
        game = Game.new(self.board.level or "easy", seed, self.game.puzzle.shape, self.game.clock)
        self.board.message = f"new {game.level} game (seed {seed})"
        self.watch(game)

    def play_own(self, text: str) -> None:
        """Play a puzzle typed or pasted in; one that cannot be played is refused in words
        and the game in progress goes on untouched."""
        if not text.strip():
            self.board.message = "Type or paste a puzzle in the box first: 9 lines of 9."
            return
        try:
            game = Game.from_text(text, self.game.clock)
        except SudokuError as error:
            self.board.message = f"Your puzzle is not started: {error}"
            return
        self.watch(game)
        self.board.message = f"Your own puzzle: {len(game.puzzle.givens)} givens, one solution."


def play(
    level: str = "easy",
    seed: int = 0,
    clock: Clock = time.monotonic,
    saves: Saves | str | Path = SAVE_FILE,
) -> GameView:
    """A new game on a board, ready to play in a notebook."""
    return GameView(Game.new(level, seed, clock=clock), saves)
