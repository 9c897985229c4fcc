"""The click-to-inspect board of the notebooks: a `GridView` drawn on the series' `Board`.

Click a cell (or move to it with the arrow keys): its row, column and region light up and
the line above the board lists the numbers already used there. With `editable=True` a
digit key or the number pad fills the selected cell; a number that breaks a rule is marked
("!" and a wavy underline) and the message line says which rule, in words. A mode in
which clearing makes no sense (the helper, which only fills) passes `clearable=False`, and
the board shows no Clear button.

The view reads the model (`Grid`, `rules`) and never the other way round. Every cell has
the CSS classes `sudoku-cell sudoku-r{row}c{col}`, plus state classes such as
`sudoku-given`, `sudoku-selected`, `sudoku-highlight`, `sudoku-marked` and
`sudoku-conflict`, so browser tests and custom styles can find them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..errors import SudokuError
from ..formats import symbol
from ..grid import Grid, GridLike, as_grid
from ..rules import column_values, conflict_reasons, conflicting_cells, region_values, row_values
from ..shape import Cell
from .board import Board, Look, bundle_as, grid_looks

Validator = Callable[[Grid, Cell, int], "str | None"]
"""Decides whether a number (0: clearing) may be entered: a message to refuse it, or None."""

HOW_TO = "Click a cell, or move with the arrow keys, to see what its row, column and region use."


def _numbers(values: set[int]) -> str:
    """A set of numbers as '1, 4, 7', or 'none' (10 and up as letters, as on the board)."""
    return ", ".join(map(symbol, sorted(values))) or "none"


class GridView:
    """A clickable board: select a cell to see its row, column and region; conflicts said."""

    def __init__(
        self,
        grid: GridLike,
        *,
        editable: bool = False,
        validator: Validator | None = None,
        clearable: bool = True,
    ) -> None:
        self.grid = as_grid(grid).copy()
        self.editable = editable
        self.validator = validator
        self.selected: Cell | None = None
        self.marked: set[Cell] = set()
        self._select_callbacks: list[Callable[[Cell], None]] = []
        self._change_callbacks: list[Callable[[Cell, int], None]] = []
        self.actions: dict[str, Callable[[], Any]] = {}
        self.board = Board(
            self.grid.shape,
            self.looks(),
            numbers=editable,
            on_cell=self._on_cell,
            on_button=lambda name, _cell: self.actions[name](),
            on_number=self.enter,
        )
        self.board.add_class("sudoku-grid-view")
        if editable and clearable:
            self.add_button("Clear", lambda: self.enter(0))
        self.board.status = HOW_TO
        self.board.observe(lambda change: self.select(tuple(change["new"])), names="cursor")

    def __repr__(self) -> str:
        n = self.grid.size
        filled = n * n - len(self.grid.empty_cells())
        return f"GridView({n}x{n}, {filled} of {n * n} cells filled, selected={self.selected})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the board when a notebook cell ends with the view; its text is our repr."""
        return bundle_as(self.board, repr(self))

    @property
    def message(self) -> str:
        """The board's message line: what the last action did, or why it was refused."""
        return self.board.message

    def add_button(self, name: str, action: Callable[[], Any]) -> None:
        """Put a button under the board that calls `action()`."""
        self.actions[name] = action
        self.board.buttons = [*self.board.buttons, name]

    # --- reacting -------------------------------------------------------------------------
    def on_select(self, callback: Callable[[Cell], None]) -> None:
        """Call `callback(cell)` whenever the student selects a cell."""
        self._select_callbacks.append(callback)

    def on_change(self, callback: Callable[[Cell, int], None]) -> None:
        """Call `callback(cell, value)` after a number is entered or cleared."""
        self._change_callbacks.append(callback)

    def select(self, cell: Cell) -> None:
        """Make `cell` the selected cell and describe its row, column and region."""
        self.grid.shape.check_cell(*cell)
        if cell == self.selected:
            return
        self.selected = cell
        self.board.cursor = list(cell)
        self.board.status = self.describe(cell)
        self.board.message = ""
        self.refresh()
        for callback in self._select_callbacks:
            callback(cell)

    def describe(self, cell: Cell) -> str:
        """The numbers already used in the row, column and region of a cell."""
        row, col = cell
        region = self.grid.shape.region_name(row, col)
        value = self.grid[cell]
        holds = f"holds {symbol(value)}" if value else "is empty"
        return (
            f"Cell ({row}, {col}) {holds}. Already used: "
            f"row {row}: {_numbers(row_values(self.grid, row))}; "
            f"column {col}: {_numbers(column_values(self.grid, col))}; "
            f"{region}: {_numbers(region_values(self.grid, row, col))}."
        )

    def enter(self, value: int) -> bool:
        """Put `value` (0 clears) in the selected cell; if it is refused, nothing changes."""
        cell = self.selected
        refusal = self._refusal(cell, value)
        if refusal:
            self.board.message = refusal
            return False
        assert cell is not None
        self.grid[cell] = value
        self.board.message = self._done(cell, value)
        self.board.status = self.describe(cell)
        self.refresh()
        for callback in self._change_callbacks:
            callback(cell, value)
        return True

    def _done(self, cell: Cell, value: int) -> str:
        """What an entry did, in words, with the rules it breaks."""
        where = f"({cell[0]}, {cell[1]})"
        if not value:
            return f"{where} cleared."
        reasons = conflict_reasons(self.grid, *cell)
        placed = f"{symbol(value)} placed in {where}"
        if reasons:
            return f"{placed}, but it breaks a rule: " + "; ".join(reasons) + "."
        return f"{placed}."

    def _refusal(self, cell: Cell | None, value: int) -> str | None:
        """Why an entry cannot be made, or None when it can."""
        if not self.editable:
            return "This board is for looking: click a cell to see its row, column and region."
        if cell is None:
            return "Select a cell first, then choose a number."
        if self.grid.is_given(*cell):
            return f"({cell[0]}, {cell[1]}) is one of the puzzle's givens; pick an empty cell."
        if self.validator is not None:
            return self.validator(self.grid, cell, value)
        return None

    def _on_cell(self, cell: Cell, key: str) -> None:
        """A click selects the cell; a digit (or a clear) on it is entered there."""
        self.select(cell)
        if key != "click":
            self.enter(0 if key == "clear" else int(key))

    # --- drawing --------------------------------------------------------------------------
    def set_grid(self, grid: GridLike, *, marked: Iterable[Cell] = ()) -> None:
        """Show another grid, with some cells marked (a copy is kept; the caller's grid is
        never changed)."""
        new = as_grid(grid).copy()
        if new.shape != self.grid.shape:
            raise SudokuError("set_grid needs a grid of the same size as the view")
        self.grid = new
        self.marked = set(marked)
        self.refresh()

    def refresh(self) -> None:
        """Send the board every cell whose number or state changed."""
        self.board.show(self.looks())

    def looks(self) -> dict[Cell, Look]:
        """How each cell should look: given or entry, selected, highlighted, marked, conflict."""
        conflicts = conflicting_cells(self.grid)
        highlight = self._highlighted()
        looks = grid_looks(self.grid)
        for cell, (value, marks, kind) in looks.items():
            states = {
                "sudoku-selected": cell == self.selected,
                "sudoku-highlight": cell in highlight,
                "sudoku-marked": cell in self.marked,
                "sudoku-conflict": cell in conflicts,
            }
            classes = " ".join([kind, *(name for name, on in states.items() if on)]).strip()
            looks[cell] = (value, marks, classes)
        return looks

    def _highlighted(self) -> set[Cell]:
        """The row, column and region of the selected cell."""
        if self.selected is None:
            return set()
        units = self.grid.shape.units_of(*self.selected)
        return {cell for unit in units for cell in unit.cells}
