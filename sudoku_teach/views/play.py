"""Playing in a notebook: a `Game` (the model) shown on a `Board` (the view).

`GameView` is the glue, as the Java article's controllers and observers are: it turns
clicks and keys into calls on the game, and when the game announces a change it works out
how each cell should look and lets the board send only the cells that changed. A refused
action (a given, no number selected, nothing to undo) shows its message; nothing breaks.
A puzzle of your own (from a newspaper or a book) goes in the "Your own puzzle" box under
the board: it is checked (broken rules, no solution, several solutions) before it is played.

In the app the game is kept in the player's own browser after every move (`BrowserStore`'s
`current`), so a reload, a closed tab or a kernel shut down by the server brings the same
game back: when the page opens, the browser hands the kept game over and it is played on.
Save and Restore keep a second copy, by hand; Download and Upload carry it elsewhere.

The board speaks to players, so its messages count rows and columns from 1 ("row 3,
column 5"), as the cells' names for screen readers do; the game model and the lessons'
code keep Python's (row, col) from 0. `for_players` turns one into the other. Every
action has a key (`SHORTCUTS`), listed under the board.

    from sudoku_teach.views.play import play
    play("easy", seed=1)          # the last line of a cell shows the board
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import ipywidgets

from ..errors import SudokuError
from ..formats import symbol
from ..game import Change, Clock, Game, savegame
from ..game.saves import SaveFile, Saves
from ..game.sources import LEVELS
from ..grid import Grid
from ..rules import conflicting_cells
from ..shape import CLASSIC, Cell, Shape
from .board import PUZZLE_TEXT_MAX, Board, Look
from .browser_store import BrowserStore

BUTTONS = ("New", "Check", "Help", "Hint", "Undo", "Redo", "Clear", "Pencil", "Candidates",
           "Pause", "Save", "Restore")
SIZES = (9, 16)
"""The sizes a new game can have (chosen beside the level); a puzzle of your own may also
be 4x4, 6x6 or 8x8 (any size a saved game can have)."""
HEARTBEAT = (20.0, 20.0)
"""In the app: the page asks every 20 s whether its kernel answers, and waits 20 s for it
(SUDOKU_HEARTBEAT="seconds,seconds" changes both: the tests use it)."""


def heartbeat() -> list[float]:
    """The page's pings: every how many seconds, and how long it waits for an answer."""
    try:
        every, patience = (float(part) for part in os.environ["SUDOKU_HEARTBEAT"].split(","))
    except (KeyError, ValueError):
        return list(HEARTBEAT)
    return [every, patience] if 0 < every <= 3600 and 0 < patience <= 3600 else list(HEARTBEAT)
SHORTCUTS = {
    "Control+z": "Undo",
    "Control+y": "Redo",
    "Control+Shift+z": "Redo",
    "h": "Help",
    "k": "Check",
    "p": "Pencil",
    "i": "Hint",
    "n": "New",
    "s": "Save",
    "o": "Restore",
    "m": "Candidates",
    "t": "Pause",
}
"""A key for every button (Clear is Backspace, Delete or 0: `board.KEYMAP`); not a-g, which
are numbers on a 16x16 grid."""
SAVE_FILE = "sudoku_game.json"
"""Where Save writes and Restore reads, next to the notebook, unless you name another place
(a file, or a `BrowserStore` so that each browser keeps its own game: the web app does)."""


POSITION = re.compile(
    r"\bline \d+, column \d+|\((\d+), (\d+)\)|\b(row|column)(s?) (\d+)(?:-(\d+))?\b"
)


def for_players(text: str) -> str:
    """A message with Python's positions from 0, "(2, 4)", "row 2" or a big grid's region
    "(rows 4-7, columns 0-3)", counted from 1 in words: "row 3, column 5", "row 3", "rows
    5-8". A place in a text ("line 2, column 7", from a file's errors) counts from 1 already."""

    def words(match: re.Match[str]) -> str:
        row, col, unit, plural, first, last = match.groups()
        if match[0].startswith("line"):
            return match[0]
        if unit:
            upto = f"-{int(last) + 1}" if last else ""
            return f"{unit}{plural} {int(first) + 1}{upto}"
        return f"row {int(row) + 1}, column {int(col) + 1}"

    return POSITION.sub(words, text)


def cell_looks(game: Game, named: tuple[Cell, ...] = ()) -> dict[Cell, Look]:
    """How every cell should look now: number, marks, given/entry, help, check, conflict,
    and the cells the last message named. One mark per cell: a check's verdict outranks a
    conflict; once solved, the board shows no verdicts, only the solved grid."""
    allowed = game.allowed_cells() if game.help else set()
    clashes = conflicting_cells(game.board)
    checked = {} if game.finished is not None else game.checked
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
        if cell in checked:
            classes.append("sudoku-right" if checked[cell] else "sudoku-wrong")
        elif cell in clashes:
            classes.append("sudoku-conflict")
        if cell in named:
            classes.append("sudoku-marked")
        marks = () if value else tuple(sorted(game.marks.get(cell, ())))
        looks[cell] = (value, marks, " ".join(classes))
    return looks


class GameView:
    """A game on a board: buttons, number pad, level choice, keys; redraws only what changed."""

    def __init__(self, game: Game, saves: Saves | str | Path = SAVE_FILE) -> None:
        self.game = game
        self.pencil = False
        self.named: tuple[Cell, ...] = ()  # the cells the last hint named, marked on the board
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
        self.board.shortcuts = SHORTCUTS
        self.board.highlights = True
        self.board.sizes = list(SIZES)
        self.board.size = game.size if game.size in SIZES else SIZES[0]
        self.board.on_ping = self.keep
        self.kept = False  # whether the browser has handed over its kept game (the app)
        self.widget: ipywidgets.Widget = self.board
        if isinstance(self.saves, BrowserStore):  # its download and upload go under the board
            self.saves.on_upload = self.upload
            self.saves.on_kept = self.carry_on
            self.board.heartbeat = heartbeat()
            self.widget = ipywidgets.VBox([self.board, self.saves])
            self.widget.add_class("sudoku-app")
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
        self.named = ()
        game.observe(self.changed)
        if game.size in SIZES:
            self.board.size = game.size
        self.board.redraw(game.puzzle.shape, cell_looks(game))
        self.show_state()

    def say(self, message: str) -> None:
        """Put a message on the board (its live region reads it out), positions from 1."""
        self.board.message = for_players(message)

    def show_state(self) -> None:
        """The pressed buttons, the selected number and the status line."""
        self.board.selected = self.game.selected
        paused = self.game.paused_at is not None
        self.board.pressed = [
            name
            for name, on in (("Help", self.game.help), ("Pencil", self.pencil), ("Pause", paused))
            if on
        ]
        self.board.status = for_players(self.game.summary())
        self.board.elapsed = float(round(self.game.elapsed()))
        self.board.running = self.game.finished is None and not paused
        self.board.paused = paused
        self.board.solved = self.game.finished is not None

    def keep(self) -> None:
        """Keep the game as it is now in the player's browser (the app only): after every
        change, and at each of the page's pings so that the time played is kept too."""
        if isinstance(self.saves, BrowserStore) and self.kept:
            self.saves.current = savegame.dumps(self.game)

    def carry_on(self, text: str) -> None:
        """The page opened: play on the game this browser kept, if it has one."""
        if text:
            try:
                savegame.restore(self.game, text)
            except SudokuError as error:
                self.say(f"The game kept in this browser could not be read ({error}): a new one.")
            else:
                self.show_level()
                self.say("Your game is back as you left it: " + savegame.how_it_stands(self.game))
        self.kept = True
        self.keep()

    # --- the model told us something changed ------------------------------------------------
    def changed(self, change: Change) -> None:
        """Redraw what one change of the game touched, and say it."""
        self.named = change.cells if change.kind == "hint" else ()
        if change.kind == "new":
            self.board.redraw(self.game.puzzle.shape, cell_looks(self.game))
        else:
            self.board.show(cell_looks(self.game, self.named))
        message = self.describe(change) if change.kind in ("entry", "marks") else change.message
        if change.kind == "help" and self.game.help and not self.game.selected:
            message += ": select a number to see where it may go"
        with self.board.hold_sync():  # one update: never "playing again" over a hidden board
            if message:
                self.say(message)
            self.show_state()
        if change.kind != "selected":
            self.keep()

    def describe(self, change: Change) -> str:
        """A move in words, where it was first: "undone: 5 in (2, 3), but 5 is already in ..."."""
        how, words = "", change.message
        if words.startswith(("undone", "redone")):
            how, _, words = words.partition(": ")
        cell, others = change.cells[0], len(change.cells) - 1
        if change.kind == "marks" and others:
            what = f"pencil marks in {others + 1} cells"
        elif change.kind == "entry" and others and self.game.board[cell]:
            what = f"{self.move_words(cell)} (pencil {symbol(self.game.board[cell])} taken out of" \
                f" {others} cell{'s' if others > 1 else ''})"
        else:
            what = self.move_words(cell)
        move = ": ".join(filter(None, [how, what]))
        return f"{move}, but {words}" if words else move

    def move_words(self, cell: Cell) -> str:
        """What a cell now holds, in words: a number, pencil marks, or nothing."""
        where = f"({cell[0]}, {cell[1]})"
        value = self.game.board[cell]
        marks = " ".join(symbol(n) for n in sorted(self.game.marks.get(cell, ())))
        if value:
            return f"{symbol(value)} in {where}"
        return f"{where} pencil {marks}" if marks else f"{where} cleared"

    # --- the player did something -----------------------------------------------------------
    def attempt(self, action: Any, *args: Any) -> None:
        """Do one action; its message replaces the last one, a refusal is said, not raised."""
        self.board.message = ""
        try:
            action(*args)
        except SudokuError as error:
            self.say(str(error))

    def on_cell(self, cell: Cell, key: str) -> None:
        """A key on a cell: place (and select that number, so help follows it), pencil in or
        clear. A click only moves the cursor (the browser has done that)."""
        game = self.game
        if key == "clear":
            self.attempt(game.clear, cell)
        elif key == "click":
            return
        elif self.pencil:
            self.attempt(game.toggle_mark, cell, int(key))
        else:
            self.attempt(self.place, cell, int(key))

    def place(self, cell: Cell, number: int) -> None:
        """Place a typed number; it becomes the selected number too, quietly."""
        self.game.check_open(cell)
        self.game.selected = number  # the move below redraws help for it
        self.game.place(cell, number)

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
            "Candidates": self.fill_candidates,
            "Pause": lambda: game.carry_on() if game.paused_at is not None else game.pause(),
            "Save": self.save,
            "Restore": self.restore,
        }
        self.attempt(actions[name])

    def fill_candidates(self) -> None:
        """Pencil in every candidate of every empty cell (Undo takes them all back)."""
        self.game.fill_candidates()

    def toggle_pencil(self) -> None:
        """Switch between placing numbers and pencilling marks."""
        self.pencil = not self.pencil
        self.say("pencil marks: on" if self.pencil else "pencil marks: off")
        self.show_state()

    def save(self) -> None:
        """Keep the game (in a file, or in the browser), so that a restarted kernel can carry on."""
        self.say(self.saves.write(savegame.dumps(self.game)))

    def restore(self) -> None:
        """Carry on the saved game, at its level (so that New keeps that level)."""
        text = self.saves.read()
        if text is None:
            self.say("no saved game yet: press Save first")
            return
        savegame.restore(self.game, text)
        self.show_level()

    def upload(self, text: Any) -> None:
        """A save file uploaded in the browser: checked in full, played, and kept here."""
        try:
            savegame.restore(self.game, text)
        except SudokuError as error:
            self.say(f"That file was not loaded: {error}")
            return
        self.show_level()
        self.saves.write(savegame.dumps(self.game))

    def show_level(self) -> None:
        """Set the level chooser to the game's level (a puzzle of your own leaves it alone)."""
        if self.game.level in LEVELS:
            self.board.level = self.game.level

    def new_game(self) -> None:
        """A new game at the chosen level, at the level's size: the next seed, so every New is
        a different puzzle (after a puzzle of your own, a fresh random one)."""
        fresh = self.game.seed is None
        seed = random.randrange(1_000_000) if fresh else (self.game.seed or 0) + 1
        shape = Shape.for_size(self.board.size) if self.board.size else CLASSIC
        game = Game.new(self.board.level or "easy", seed, shape, self.game.clock)
        self.watch(game)
        self.say(f"new {game.level} game, {game.size}x{game.size} (seed {seed})")

    def play_own(self, text: str) -> None:
        """Play a puzzle typed or pasted in; one that cannot be played is refused in words
        and the game in progress goes on untouched."""
        if len(text) > PUZZLE_TEXT_MAX:
            self.say(f"Your puzzle is not started: {len(text):,} characters is far more than a"
                     f" puzzle ({PUZZLE_TEXT_MAX:,} at most).")
            return
        if not text.strip():
            self.say("Type or paste a puzzle in the box first: 9 lines of 9.")
            return
        try:
            size = Grid.parse(text).size  # first: a big grid the game cannot play is not solved
            if size not in savegame.SIZES:
                self.say(f"Your puzzle is not started: it is {size}x{size}; the game plays "
                         + ", ".join(f"{n}x{n}" for n in savegame.SIZES) + " puzzles.")
                return
            game = Game.from_text(text, self.game.clock)
        except SudokuError as error:
            self.say(f"Your puzzle is not started: {error}")
            return
        self.watch(game)
        self.say(f"Your own puzzle: {len(game.puzzle.givens)} givens, one solution.")


def play(
    level: str = "easy",
    seed: int = 0,
    clock: Clock = time.monotonic,
    saves: Saves | str | Path = SAVE_FILE,
) -> GameView:
    """A new game on a board, ready to play in a notebook."""
    return GameView(Game.new(level, seed, clock=clock), saves)
