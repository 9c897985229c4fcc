"""One board widget for the series: a single-element grid that takes keys and clicks.

`Board` is only a view. It draws what it is given, one `Look` per cell, and reports what
the player does to the callbacks it was given: `on_cell(cell, key)` for a click ("click")
or a key ("1".."9", "clear") on a cell, `on_button(name, cell)`, `on_number(n)`, and
`on_puzzle(text)` for a puzzle typed or pasted into the "Your own puzzle" box (shown only
when that callback is given).
Any other key is refused here, with a message, before it reaches a callback. The cell
the keys act on (`cursor`) is shared with the browser: arrow keys move it there, and
Python may move it too. A change sends only the cells whose look changed. The browser
draws a number at once, before Python hears of it; the answer to that key names it
(`ack`), so the browser keeps or corrects what it drew. Keys listed in `shortcuts` press
a button; numbers above 9 are the letters A-G (16x16), typed as a-g.

The rules notebook's `GridView`, the helper, the search explorer and the game all draw
on this one board.

It is built with anywidget: the browser side is the ES module `board.js` (sent as a
string, so it works offline) with its styles in `board.css`. Every cell has the CSS classes
`sudoku-cell sudoku-r{row}c{col}`, thick region lines (`sudoku-bt`, `-bl`, `-bb`, `-br`)
and the state classes its look names (`sudoku-given`, `sudoku-wrong`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..grid import Grid
from ..shape import Cell, Shape
from .palette import palette_css
from .render import thick_sides

HERE = Path(__file__).parent

Look = tuple[int, tuple[int, ...], str]
"""How one cell looks: its number (0: blank), its pencil marks, and its state classes."""

CellCallback = Callable[[Cell, str], None]
ButtonCallback = Callable[[str, Cell], None]
NumberCallback = Callable[[int], object]  # what it returns is not used
PuzzleCallback = Callable[[str], None]


def grid_looks(grid: Grid) -> dict[Cell, Look]:
    """The plain look of a grid: givens bold, other numbers as entries."""
    looks: dict[Cell, Look] = {}
    for cell in grid.shape.cells:
        kind = "sudoku-given" if grid.is_given(*cell) else "sudoku-entry" if grid[cell] else ""
        looks[cell] = (grid[cell], (), kind)
    return looks


def bundle_as(board: Board, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The board's display bundle with `text` as its plain form (what a notebook stores)."""
    bundle = board._repr_mimebundle_()
    assert bundle is not None, "an anywidget always has a view"
    data, metadata = bundle
    return {**data, "text/plain": text}, metadata


class Board(anywidget.AnyWidget):
    """A board of cells with optional buttons, a number pad, a level choice and a message line."""

    _esm = (HERE / "board.js").read_text(encoding="utf-8")
    _css = palette_css() + (HERE / "board.css").read_text(encoding="utf-8")

    buttons = traitlets.List(traitlets.Unicode()).tag(sync=True)
    levels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    level = traitlets.Unicode("").tag(sync=True)
    numbers = traitlets.Int(0).tag(sync=True)  # how many number keys to show (0: none)
    selected = traitlets.Int(0).tag(sync=True)  # the number key shown pressed
    pressed = traitlets.List(traitlets.Unicode()).tag(sync=True)  # buttons shown pressed
    message = traitlets.Unicode("").tag(sync=True)
    cursor = traitlets.List(traitlets.Int(), [0, 0]).tag(sync=True)  # the cell keys act on
    status = traitlets.Unicode("").tag(sync=True)
    own_puzzle = traitlets.Bool(False).tag(sync=True)  # show the "Your own puzzle" box
    shortcuts = traitlets.Dict().tag(sync=True)  # key ("h", "Control+z") -> button name
    highlights = traitlets.Bool(False).tag(sync=True)  # the browser shades the cursor's units
    box = traitlets.List(traitlets.Int(), [3, 3]).tag(sync=True)  # a region's rows and columns
    solved = traitlets.Bool(False).tag(sync=True)  # the solved moment: a banner, a ripple
    elapsed = traitlets.Float(-1.0).tag(sync=True)  # seconds played (negative: no timer)
    running = traitlets.Bool(False).tag(sync=True)  # whether the timer counts on

    def __init__(
        self,
        shape: Shape,
        looks: Mapping[Cell, Look],
        *,
        buttons: Iterable[str] = (),
        levels: Iterable[str] = (),
        numbers: bool = False,
        on_cell: CellCallback | None = None,
        on_button: ButtonCallback | None = None,
        on_number: NumberCallback | None = None,
        on_puzzle: PuzzleCallback | None = None,
    ) -> None:
        levels = list(levels)
        super().__init__(
            buttons=list(buttons),
            levels=levels,
            level=levels[0] if levels else "",
            numbers=shape.size if numbers else 0,
            own_puzzle=on_puzzle is not None,
            box=[shape.box_rows, shape.box_cols],
        )
        self.shape = shape
        self.ack: int | None = None  # the browser's key being answered (see `answer_key`)
        self.answered = False  # whether cells were sent in answer to it
        self.shown: dict[Cell, Look] = dict(looks)
        self.on_cell, self.on_button, self.on_number = on_cell, on_button, on_number
        self.on_puzzle = on_puzzle
        self.on_msg(self._received)

    @classmethod
    def for_grid(cls, grid: Grid, on_cell: CellCallback | None = None) -> Board:
        """A board that shows a grid and reports clicks and keys on its cells."""
        return cls(grid.shape, grid_looks(grid), on_cell=on_cell)

    def __repr__(self) -> str:
        n = self.shape.size
        filled = sum(1 for value, _, _ in self.shown.values() if value)
        return f"Board({n}x{n}, {filled} of {n * n} cells filled)"

    # --- Python to browser ----------------------------------------------------------------
    def show(self, looks: Mapping[Cell, Look]) -> list[Cell]:
        """Draw new looks, sending only the cells that changed; returns those cells."""
        changed = [cell for cell, look in looks.items() if self.shown.get(cell) != look]
        if changed:
            self.shown.update((cell, looks[cell]) for cell in changed)
            self.send_cells(changed)
        return changed

    def send_cells(self, cells: Iterable[Cell]) -> None:
        """Send some cells' looks, naming the browser's key they answer (if any)."""
        message: dict[str, Any] = {"type": "cells", "cells": [self._wire(cell) for cell in cells]}
        if self.ack is not None:
            message["ack"] = self.ack
            self.answered = True
        self.send(message)

    def redraw(self, shape: Shape | None = None, looks: Mapping[Cell, Look] | None = None) -> None:
        """Draw the whole board again (a new game, perhaps of another size)."""
        if shape is not None:
            self.shape = shape
            self.numbers = shape.size if self.numbers else 0
            self.box = [shape.box_rows, shape.box_cols]
        if looks is not None:
            self.shown = dict(looks)
        self.send(
            {
                "type": "full",
                "size": self.shape.size,
                "borders": [
                    " ".join(f"sudoku-b{side[0]}" for side in thick_sides(self.shape, *cell))
                    for cell in self.shape.cells
                ],
                "cells": [self._wire(cell) for cell in self.shape.cells],
            }
        )

    def _wire(self, cell: Cell) -> list[Any]:
        """One cell as the browser side reads it: [row, col, number, marks, classes]."""
        value, marks, classes = self.shown[cell]
        return [cell[0], cell[1], value, list(marks), classes]

    # --- browser to Python ----------------------------------------------------------------
    def _received(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """Route a message from the browser to the callback it is for."""
        kind = content.get("type")
        cell = (int(content.get("r", 0)), int(content.get("c", 0)))
        if kind == "ready":
            self.redraw()
        elif kind == "cell":
            self.answer_key(cell, str(content.get("key")), content.get("seq"))
        elif kind == "button" and self.on_button:
            self.on_button(str(content.get("name")), cell)
        elif kind == "number":
            if self.on_number:
                self.on_number(int(content.get("n", 0)))
            if isinstance(content.get("seq"), int):  # the browser waits for this to follow
                self.send({"type": "ack", "ack": content["seq"]})  # `selected` again
        elif kind == "puzzle" and self.on_puzzle:
            self.on_puzzle(str(content.get("text", "")))

    def answer_key(self, cell: Cell, key: str, seq: Any) -> None:
        """Act on a key on a cell, then send that cell as it now is, naming the key.

        The browser drew the key's effect at once; this answer confirms it, or corrects it
        when the key was refused (a given, a solved game), even if nothing changed here.
        """
        self.ack = int(seq) if isinstance(seq, int) else None
        self.answered = False
        try:
            refusal = self.key_refusal(key)
            if refusal:
                self.message = refusal
            elif self.on_cell:
                self.on_cell(cell, key)
            if self.ack is not None and not self.answered and cell in self.shown:
                self.send_cells([cell])
        finally:
            self.ack = None

    def key_refusal(self, key: str) -> str | None:
        """Why a key on a cell means nothing here (None for a click, a clear or a number)."""
        size = self.shape.size
        if key in ("click", "clear") or key in {str(n) for n in range(1, size + 1)}:
            return None
        letters = f" (A-{chr(55 + size)} for 10-{size})" if size > 9 else ""
        return f"'{key}' is not a number from 1 to {size}{letters}: type one, or Backspace clears."
