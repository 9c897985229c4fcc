"""A clickable board for notebooks, built from ipywidgets: the `GridView`.

`GridView` shows a grid as clickable cells. Clicking a cell highlights its row, column
and region and lists the numbers already used there; numbers that break a rule are shown
in red. With `editable=True` a number pad and a typing box let the student fill cells.

The view reads the model (`Grid`, `rules`) and never the other way round; its borders and
colours follow the same rules as the HTML boards of `render`. Every cell has the CSS
classes `sudoku-cell` and `sudoku-r{row}c{col}`, plus state classes such as
`sudoku-given`, `sudoku-selected`, `sudoku-highlight` and `sudoku-conflict`, so browser
tests and custom styles can find them.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from .errors import SudokuError
from .grid import Grid, GridLike, as_grid
from .render import COLOURS, borders, cell_background
from .rules import column_values, conflicting_cells, region_values, row_values
from .shape import LETTERS, Cell

Validator = Callable[[Grid, Cell, int], "str | None"]
"""Decides whether a number (0: clearing) may be entered: a message to refuse it, or None."""

STATE_CLASSES = ("sudoku-selected", "sudoku-highlight", "sudoku-conflict")


def _numbers(values: set[int]) -> str:
    """A set of numbers as '1, 4, 7', or 'none'."""
    return ", ".join(map(str, sorted(values))) or "none"


class GridView(widgets.VBox):
    """A clickable board: select a cell to see its row, column and region; conflicts in red."""

    def __init__(
        self,
        grid: GridLike,
        *,
        editable: bool = False,
        validator: Validator | None = None,
    ) -> None:
        self.grid = as_grid(grid).copy()
        self.selected: Cell | None = None
        self.colours: dict[Cell, str] = {}
        self.validator = validator
        self._select_callbacks: list[Callable[[Cell], None]] = []
        self._change_callbacks: list[Callable[[Cell, int], None]] = []
        self.cells = {cell: self._make_cell(cell) for cell in self.grid.shape.cells}
        size = self.grid.size
        self.board = widgets.GridBox(
            children=list(self.cells.values()),
            layout=widgets.Layout(
                grid_template_columns=f"repeat({size}, 2.6em)",
                grid_gap="0px",
                width="fit-content",
            ),
        )
        self.board.add_class("sudoku-board")
        self.info = widgets.HTML(value="Click a cell.")
        self.info.add_class("sudoku-info")
        self.message = widgets.HTML(value="")
        self.message.add_class("sudoku-message")
        children: list[widgets.Widget] = [self.board, self.info]
        if editable:
            children.append(self._make_entry_controls())
        children.append(self.message)
        super().__init__(children=children)
        self.add_class("sudoku-grid-view")
        self.refresh()

    def __repr__(self) -> str:
        n = self.grid.size
        filled = n * n - len(self.grid.empty_cells())
        return f"GridView({n}x{n}, {filled} of {n * n} cells filled, selected={self.selected})"

    # --- building ---------------------------------------------------------------------------
    def _make_cell(self, cell: Cell) -> widgets.Button:
        """One square of the board, with borders that draw the regions."""
        row, col = cell
        shape = self.grid.shape
        button = widgets.Button(
            description="",
            layout=widgets.Layout(
                width="2.6em",
                height="2.6em",
                margin="0px",
                padding="0px",
                **{f"border_{side}": line for side, line in borders(shape, row, col).items()},
            ),
        )
        button.add_class("sudoku-cell")
        button.add_class(f"sudoku-r{row}c{col}")
        button.on_click(lambda _button: self.select(cell))
        return button

    def _make_entry_controls(self) -> widgets.Widget:
        """A number pad, a clear button and a box to type into."""
        pad = []
        for digit in self.grid.shape.digits:
            key = widgets.Button(description=str(digit), layout=widgets.Layout(width="2.6em"))
            key.add_class("sudoku-pad")
            key.add_class(f"sudoku-pad-{digit}")
            key.on_click(lambda _b, d=digit: self.enter(d))
            pad.append(key)
        clear = widgets.Button(description="clear", layout=widgets.Layout(width="4.5em"))
        clear.add_class("sudoku-pad-clear")
        clear.on_click(lambda _b: self.enter(0))
        self.typing = widgets.Text(
            placeholder="or type 1-9, Enter", layout=widgets.Layout(width="11em")
        )
        self.typing.add_class("sudoku-typing")
        self.typing.continuous_update = False
        self.typing.observe(self._on_typed, names="value")
        return widgets.HBox(pad + [clear, self.typing])

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
        self.selected = cell
        self.info.value = escape(self.describe(cell))
        self.message.value = ""
        self.refresh()
        for callback in self._select_callbacks:
            callback(cell)

    def describe(self, cell: Cell) -> str:
        """The numbers already used in the row, column and region of a cell."""
        row, col = cell
        letter = LETTERS[self.grid.shape.region_index(row, col)]
        value = self.grid[cell]
        holds = f"holds {value}" if value else "is empty"
        return (
            f"Cell ({row}, {col}) {holds}. Already used: "
            f"row {row}: {_numbers(row_values(self.grid, row))}; "
            f"column {col}: {_numbers(column_values(self.grid, col))}; "
            f"region {letter}: {_numbers(region_values(self.grid, row, col))}."
        )

    def enter(self, value: int) -> bool:
        """Put `value` (0 clears) in the selected cell; if it is refused, nothing changes."""
        cell = self.selected
        refusal = self._refusal(cell, value)
        if refusal:
            self.message.value = f"<span style='color:#a00'>{refusal}</span>"
            return False
        assert cell is not None
        self.grid[cell] = value
        done = (
            f"({cell[0]}, {cell[1]}) cleared."
            if not value
            else f"{value} placed in ({cell[0]}, {cell[1]})."
        )
        self.message.value = done
        self.info.value = escape(self.describe(cell))
        self.refresh()
        for callback in self._change_callbacks:
            callback(cell, value)
        return True

    def _refusal(self, cell: Cell | None, value: int) -> str | None:
        """Why an entry cannot be made, or None when it can."""
        if cell is None:
            return "Select a cell first, then choose a number."
        if self.grid.is_given(*cell):
            return f"({cell[0]}, {cell[1]}) is one of the puzzle's givens; pick an empty cell."
        if self.validator is not None:
            return self.validator(self.grid, cell, value)
        return None

    def _on_typed(self, change: dict) -> None:
        """Accept one typed digit (0 clears); refuse anything else with a message."""
        text = str(change["new"]).strip()
        if not text:
            return
        self.typing.value = ""
        size = self.grid.size
        if not (text.isdigit() and len(text) == 1 and int(text) <= size):
            self.message.value = (
                f"<span style='color:#a00'>'{text}' is not a number from 1 to {size};"
                " type one digit (0 clears the cell).</span>"
            )
            return
        self.enter(int(text))

    # --- drawing --------------------------------------------------------------------------
    def set_grid(self, grid: GridLike) -> None:
        """Show another grid (a copy is kept; the caller's grid is never changed)."""
        new = as_grid(grid).copy()
        if new.shape != self.grid.shape:
            raise SudokuError("set_grid needs a grid of the same size as the view")
        self.grid = new
        self.refresh()

    def refresh(self) -> None:
        """Bring every cell's number, colour and classes in line with the grid."""
        conflicts = conflicting_cells(self.grid)
        highlight = self._highlighted()
        for cell, button in self.cells.items():
            value = self.grid[cell]
            button.description = str(value) if value else ""
            given = self.grid.is_given(*cell)
            button.style.font_weight = "bold" if given else "normal"
            button.style.text_color = COLOURS["given"] if given else COLOURS["entry"]
            states = {
                "sudoku-conflict": cell in conflicts,
                "sudoku-selected": cell == self.selected,
                "sudoku-highlight": cell in highlight,
            }
            button.style.button_color = (
                cell_background(
                    cell,
                    highlight=highlight,
                    focus=self.selected,
                    conflicts=conflicts,
                    colours=self.colours,
                )
                or "white"
            )
            self._set_classes(button, given, states)

    def _highlighted(self) -> set[Cell]:
        """The row, column and region of the selected cell."""
        if self.selected is None:
            return set()
        units = self.grid.shape.units_of(*self.selected)
        return {cell for unit in units for cell in unit.cells}

    @staticmethod
    def _set_classes(button: widgets.Button, given: bool, states: dict[str, bool]) -> None:
        """Add or remove the state classes so they match the cell."""
        wanted = {name for name, on in states.items() if on}
        wanted.add("sudoku-given" if given else "sudoku-open")
        for name in (*STATE_CLASSES, "sudoku-given", "sudoku-open"):
            if name in wanted and name not in button._dom_classes:
                button.add_class(name)
            elif name not in wanted and name in button._dom_classes:
                button.remove_class(name)
