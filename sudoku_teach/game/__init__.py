"""The game a student plays: the model only, no widgets (the Java article's `Game` class).

A `Game` keeps the puzzle's givens apart from the player's entries, the selected number,
help on or off, the result of the last check, pencil marks, undo and redo, hints, pause and
the time taken. Placing a number takes it out of the pencil marks of its row, column and
region (one move: undo puts them back); `fill_candidates` pencils in every candidate.
Every change is announced to observers as one `Change` of one kind, as the article's
`UpdateAction`s do, so a view redraws only what the change names.

One rule for bad actions: a method that cannot do what was asked raises a `SudokuError`
with a message in words and changes nothing: `InvalidMoveError` for what is not a move at
all (a cell off the board, a number that is not 1..size), `IllegalMoveError` for a move the
game forbids now (on a given: `GivenCellError`; nothing to undo; the puzzle solved).
Saving and restoring live in `savegame`; where puzzles and hints come from, in `sources`.

The game layer: above the model and the generators, below the views (the board and the
app show a game; the game knows nothing of them).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..elimination import all_candidates
from ..errors import CellIndexError, GivenCellError, IllegalMoveError, InvalidMoveError
from ..fast import proper_solution
from ..formats import symbol
from ..grid import Grid, GridLike, as_grid
from ..rules import allowed_cells, conflict_reasons
from ..shape import CLASSIC, Cell, Shape, is_whole
from .sources import hint_for, puzzle_for

Clock = Callable[[], float]
"""Seconds from any fixed start; `time.monotonic` in play, a fake one in tests."""

KINDS = ("new", "entry", "marks", "selected", "help", "check", "hint", "solved", "pause")
"""The kinds of change a game announces, one kind per `Change`."""


@dataclass(frozen=True)
class Change:
    """What changed in a game: its kind, the cells it touched, and a message in words."""

    kind: str
    cells: tuple[Cell, ...] = ()
    message: str = ""


MarkChange = tuple[Cell, frozenset[int], frozenset[int]]
"""Another cell's pencil marks before and after a move (a placed number crosses them off)."""


@dataclass(frozen=True)
class Move:
    """One undoable change of one cell (its number and pencil marks before and after), with
    the pencil marks it changed in other cells."""

    cell: Cell
    before: int
    after: int
    marks_before: frozenset[int] = frozenset()
    marks_after: frozenset[int] = frozenset()
    others: tuple[MarkChange, ...] = ()


@dataclass
class Game:
    """A Sudoku being played: givens, entries, selection, help, check, marks, undo, hints."""

    puzzle: Grid
    solution: Grid
    level: str = "custom"
    seed: int | None = None
    clock: Clock = time.monotonic
    board: Grid = field(init=False)
    selected: int = field(default=0, init=False)
    help: bool = field(default=False, init=False)
    checked: dict[Cell, bool] = field(default_factory=dict, init=False)
    marks: dict[Cell, frozenset[int]] = field(default_factory=dict, init=False)
    history: list[Move] = field(default_factory=list, init=False)
    future: list[Move] = field(default_factory=list, init=False)
    hints_used: int = field(default=0, init=False)
    started: float = field(default=0.0, init=False)
    finished: float | None = field(default=None, init=False)
    paused_at: float | None = field(default=None, init=False)
    observers: list[Callable[[Change], None]] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.board = self.puzzle.copy()
        self.started = self.clock()

    # --- starting a game ------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        level: str = "easy",
        seed: int = 0,
        shape: Shape = CLASSIC,
        clock: Clock = time.monotonic,
    ) -> Game:
        """A new game at a level, the same for the same seed.

        A `random.Random` in place of the seed makes a puzzle too, but no seed to keep: the
        game's `seed` (and its save's) is then None, as for a puzzle of your own."""
        puzzle = puzzle_for(level, seed, shape)
        kept = seed if is_whole(seed) else None
        return cls(puzzle, proper_solution(puzzle), level, kept, clock)

    @classmethod
    def from_text(cls, text: str, clock: Clock = time.monotonic) -> Game:
        """A game of your own puzzle (typed or pasted), refused in words if it cannot be played."""
        puzzle = Grid.parse(text)
        return cls(puzzle, proper_solution(puzzle), "custom", None, clock)

    # --- observers ------------------------------------------------------------------------
    def observe(self, callback: Callable[[Change], None]) -> None:
        """Call `callback(change)` after every change of the game."""
        self.observers.append(callback)

    def announce(self, kind: str, cells: tuple[Cell, ...] = (), message: str = "") -> None:
        """Tell every observer about one change."""
        change = Change(kind, cells, message)
        for callback in list(self.observers):
            callback(change)

    # --- reading the state ----------------------------------------------------------------
    @property
    def size(self) -> int:
        """Cells in a row."""
        return self.puzzle.size

    @property
    def entries(self) -> dict[Cell, int]:
        """The player's numbers, cell by cell (givens not included)."""
        givens = self.puzzle.givens
        return {
            cell: value
            for cell, value in zip(self.puzzle.shape.cells, self.board.numbers)
            if value and cell not in givens
        }

    @property
    def solved(self) -> bool:
        """Whether every cell holds the solution's number."""
        return self.board.numbers == self.solution.numbers

    def elapsed(self) -> float:
        """Seconds played so far, or until the puzzle was solved."""
        end = self.finished if self.finished is not None else self.paused_at
        return (self.clock() if end is None else end) - self.started

    def allowed_cells(self, number: int | None = None) -> set[Cell]:
        """The empty cells where a number (default: the selected one) breaks no rule: help."""
        number = self.selected if number is None else number
        if not number:
            return set()
        self.check_number(number)
        return allowed_cells(self.board, number)

    def is_wrong(self, cell: Cell) -> bool:
        """Whether the player put a number in this cell that the solution does not have."""
        return bool(self.board[cell]) and self.board[cell] != self.solution[cell]

    def conflicts_at(self, cell: Cell) -> list[str]:
        """Why a cell's number breaks a rule, in words: '5 is already in column 4, at (3, 4)'."""
        return conflict_reasons(self.board, *self.check_cell(cell))

    # --- the player's actions -------------------------------------------------------------
    def check_number(self, number: int, cell: Cell | None = None) -> None:
        """Refuse a number that is not 1..size (an `InvalidMoveError`), naming the cell."""
        self.puzzle.shape.check_value(number, cell, blank=False)

    def check_cell(self, cell: Cell) -> Cell:
        """A cell of the board as (row, column), or an `InvalidMoveError`: not a move."""
        try:
            return self.puzzle.shape.cell_of(cell)
        except CellIndexError as error:
            raise InvalidMoveError(str(error)) from None

    def check_open(self, cell: Cell) -> Cell:
        """The cell as (row, column), if it may change: not off the board, not a given, not
        after the game is solved."""
        cell = self.check_cell(cell)
        if self.puzzle.is_given(*cell):
            raise GivenCellError(
                f"({cell[0]}, {cell[1]}) holds a given {symbol(self.puzzle[cell])};"
                f" givens cannot change"
            )
        self.check_playing()
        return cell

    def check_playing(self) -> None:
        """Refuse any change once the puzzle is solved, or while the game is paused."""
        if self.finished is not None:
            raise IllegalMoveError("the puzzle is solved: start a new game")
        if self.paused_at is not None:
            raise IllegalMoveError("the game is paused: press Pause again to carry on")

    def select(self, number: int) -> None:
        """Choose the number to place (0: none), as the article's number buttons do."""
        if not (is_whole(number) and number == 0):  # None or 0.0 would be a save never read
            self.check_number(number)
        self.selected = number
        chosen = f"selected {symbol(number)}" if number else "no number selected"
        self.announce("selected", message=chosen)

    def set_help(self, on: bool) -> None:
        """Turn help on or off: mark every cell where the selected number is allowed."""
        self.help = bool(on)
        self.announce("help", message="help on" if self.help else "help off")

    def place(self, cell: Cell, number: int | None = None) -> None:
        """Put a number (default: the selected one) in a cell; a rule broken is said in words."""
        number = self.selected if number is None else number
        cell = self.check_open(cell)
        if not number:
            raise InvalidMoveError("no number selected: choose one first")
        self.check_number(number, cell)
        self.apply(
            Move(cell, self.board[cell], number, self.marks.get(cell, frozenset()), frozenset(),
                 self.crossed_off(cell, number))
        )

    def crossed_off(self, cell: Cell, number: int) -> tuple[MarkChange, ...]:
        """The pencil marks a number placed in `cell` takes away in its row, column and region."""
        return tuple(
            (peer, marks, marks - {number})
            for peer in sorted(self.puzzle.shape.peers[cell])
            if number in (marks := self.marks.get(peer, frozenset()))
        )

    def clear(self, cell: Cell) -> None:
        """Empty a cell the player filled."""
        cell = self.check_open(cell)
        if not self.board[cell] and not self.marks.get(cell):
            raise IllegalMoveError(f"({cell[0]}, {cell[1]}) is already empty")
        self.apply(Move(cell, self.board[cell], 0, self.marks.get(cell, frozenset()), frozenset()))

    def toggle_mark(self, cell: Cell, number: int) -> None:
        """Add or remove a pencil mark in an empty cell."""
        cell = self.check_open(cell)
        self.check_number(number, cell)
        if self.board[cell]:
            raise IllegalMoveError(
                f"({cell[0]}, {cell[1]}) holds {symbol(self.board[cell])}: clear it to pencil in"
            )
        before = self.marks.get(cell, frozenset())
        self.apply(Move(cell, 0, 0, before, before ^ {number}))

    def fill_candidates(self) -> int:
        """Pencil in every candidate of every empty cell (one move); returns the cells changed."""
        self.check_playing()
        changes = [
            (cell, before, frozenset(numbers))
            for cell, numbers in sorted(all_candidates(self.board).items())
            if (before := self.marks.get(cell, frozenset())) != frozenset(numbers)
        ]
        if not changes:
            raise IllegalMoveError("every empty cell already shows all its candidates")
        (cell, before, after), others = changes[0], tuple(changes[1:])
        self.apply(Move(cell, 0, 0, before, after, others))
        return len(changes)

    def pause(self) -> None:
        """Stop the clock (the board is hidden while paused); refused once solved."""
        self.check_playing()
        self.paused_at = self.clock()
        self.announce("pause", message="paused: the clock is stopped and the board hidden")

    def carry_on(self) -> None:
        """Start the clock again after a pause."""
        if self.paused_at is None:
            raise IllegalMoveError("the game is not paused")
        self.started += self.clock() - self.paused_at
        self.paused_at = None
        self.announce("pause", message="playing again")

    def undo(self) -> None:
        """Take back the last move."""
        if not self.history:
            raise IllegalMoveError("nothing to undo")
        self.check_playing()
        move = self.history.pop()
        self.future.append(move)
        self.set_marks(move.others, back=True)
        self.write(move.cell, move.before, move.marks_before, "undone", move.others)

    def redo(self) -> None:
        """Make again the last move taken back."""
        if not self.future:
            raise IllegalMoveError("nothing to redo")
        self.check_playing()
        move = self.future.pop()
        self.history.append(move)
        self.set_marks(move.others)
        self.write(move.cell, move.after, move.marks_after, "redone", move.others)

    def check(self) -> dict[Cell, bool]:
        """Mark each entry right or wrong against the solution; clears the selection."""
        if self.paused_at is not None:
            self.check_playing()  # says why: the game is paused
        self.checked = check_entries(self.board, self.puzzle, self.solution)
        self.select(0)
        wrong = sum(not ok for ok in self.checked.values())
        message = f"{len(self.checked) - wrong} right, {wrong} wrong"
        self.announce("check", tuple(self.checked), message)
        return dict(self.checked)

    def hint(self) -> str:
        """Fill the next cell the rules can prove (or explain a step), and say why.

        A hint counts as used only when it reveals something: a number or a step of
        reasoning. Pointing at a wrong entry ("clear it first") is not counted, as Check
        shows the same for free.
        """
        self.check_playing()
        cell, value, why = hint_for(self.board, self.solution)
        if cell is None or not self.is_wrong(cell):
            self.hints_used += 1
        if value is not None and cell is not None:
            self.apply(
                Move(cell, self.board[cell], value, self.marks.get(cell, frozenset()),
                     frozenset(), self.crossed_off(cell, value))
            )
        self.announce("hint", (cell,) if cell else (), why)
        return why

    # --- changing the state, in one place -------------------------------------------------
    def apply(self, move: Move) -> None:
        """Make a new move: it can be undone, and what was undone can no longer be redone."""
        self.history.append(move)
        self.future.clear()
        self.set_marks(move.others)
        self.write(move.cell, move.after, move.marks_after, "", move.others)

    def set_marks(self, changes: tuple[MarkChange, ...], back: bool = False) -> None:
        """Set other cells' pencil marks as a move left them (or, going back, found them)."""
        for cell, before, after in changes:
            marks = before if back else after
            if marks:
                self.marks[cell] = marks
            else:
                self.marks.pop(cell, None)

    def write(self, cell: Cell, value: int, marks: frozenset[int], how: str,
              others: tuple[MarkChange, ...] = ()) -> None:
        """Set one cell's number and marks, forget its check, and tell the observers (the
        change names the other cells whose marks the move changed after the cell)."""
        changed_number = self.board[cell] != value
        self.board[cell] = value
        if marks:
            self.marks[cell] = marks
        else:
            self.marks.pop(cell, None)
        self.checked.pop(cell, None)
        cells = (cell, *(other for other, _, _ in others))
        if changed_number:
            words = "; ".join(self.conflicts_at(cell))
            self.announce("entry", cells, ": ".join(filter(None, [how, words])))
        else:
            self.announce("marks", cells, how)
        if self.solved and self.finished is None:
            self.finished = self.clock()
            self.announce("solved", message="Well done! " + self.summary())

    def summary(self) -> str:
        """How the game stands, in one line."""
        hints = f"{self.hints_used} hint" + ("" if self.hints_used == 1 else "s")
        if self.finished is None:
            left = len(self.board.empty_cells())
            return f"{left} cells to go, {hints} used"
        minutes, seconds = divmod(round(self.elapsed()), 60)
        return f"Solved in {minutes} min {seconds:02d} s with {hints}"


def check_entries(board: GridLike, puzzle: GridLike, solution: GridLike) -> dict[Cell, bool]:
    """Each of the player's entries (not the givens), right (True) or wrong (False)."""
    board, puzzle, solution = as_grid(board), as_grid(puzzle), as_grid(solution)
    return {
        cell: board[cell] == solution[cell]
        for cell in board.shape.cells
        if board[cell] and not puzzle[cell]
    }


def count_moves(changes: Iterable[Change]) -> int:
    """The player's moves in a stream of changes: entries and pencil marks, not the rest."""
    return sum(change.kind in ("entry", "marks") for change in changes)
