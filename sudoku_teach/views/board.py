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

Every message from the browser is checked field by field before it is acted on (`read`):
a page can send anything at all, so a malformed one is refused in words on the board,
never echoed whole, and no traceback goes back to the page (a failure is logged on the
server). With `heartbeat` on (the app), the page asks every few seconds whether the kernel
still answers; when it does not (culled, restarted, the server gone), the page says so and
offers to resume on a fresh kernel (the game is kept in the browser, see `browser_store`).

The rules notebook's `GridView`, the helper, the search explorer and the game all draw
on this one board.

It is built with anywidget: the browser side is the ES module `board.js` (sent as a
string, so it works offline) with its styles in `board.css`. Every cell has the CSS classes
`sudoku-cell sudoku-r{row}c{col}`, thick region lines (`sudoku-bt`, `-bl`, `-bb`, `-br`)
and the state classes its look names (`sudoku-given`, `sudoku-wrong`, ...).
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..formats import SYMBOLS
from ..grid import Grid
from ..shape import Cell, Shape, is_whole
from .palette import palette_css
from .render import thick_sides

HERE = Path(__file__).parent

Look = tuple[int, tuple[int, ...], str]
"""How one cell looks: its number (0: blank), its pencil marks, and its state classes."""

CellCallback = Callable[[Cell, str], None]
ButtonCallback = Callable[[str, Cell], None]
NumberCallback = Callable[[int], object]  # what it returns is not used
PuzzleCallback = Callable[[str], None]
PingCallback = Callable[[], None]

KEYMAP = {
    "move": {"ArrowUp": [-1, 0], "ArrowDown": [1, 0], "ArrowLeft": [0, -1], "ArrowRight": [0, 1]},
    "clear": ["Backspace", "Delete", "0"],
    "resume": ["r"],
}
"""The keys the board takes besides the numbers and its `shortcuts`: the cursor's moves,
the keys that clear a cell, and the key that resumes on a fresh kernel once the server has
stopped answering. The page's key handler reads them from here (`keymap`), and so do the
lists of keys (`key_names`)."""

KINDS = ("ready", "ping", "cell", "button", "number", "puzzle")
SETTABLE = {"cursor", "level", "size"}
"""The settings the browser side changes (any other comes from Python only)."""
"""The messages the browser side sends."""
LONGEST_KEY = 20
"""The longest key name a browser sends ("Backspace", "ArrowDown"...): longer is refused."""
LARGEST_SEQ = 2**53
"""A key's sequence number counts up from 1 in the page; JavaScript's numbers stop here."""
PUZZLE_TEXT_MAX = 1500
"""The longest text the "Your own puzzle" box sends (a 16x16 grid drawn with lines between
its regions is 721 characters): anything longer is refused at once, in the page and here."""


class Refused(Exception):
    """A message from the page that is not what the board sends: said in words, not acted on."""


def keep_tracebacks_on_server() -> None:
    """Send the comm layer's error reports to the server's log, not to the page.

    Without a handler of its own, the logger of ipywidgets' comms writes a failure's whole
    traceback (with the server's paths) to the kernel's stderr, which the page receives."""
    comm_log = logging.getLogger("Comm")
    if not comm_log.handlers:
        comm_log.addHandler(logging.StreamHandler(sys.__stderr__))
        comm_log.propagate = False


def too_big(value: Any) -> bool:
    """Whether a setting from the page is bigger than any the board sends (a cursor, a level)."""
    if isinstance(value, str):
        return len(value) > 100
    if isinstance(value, list):
        return len(value) > 2 or any(too_big(item) for item in value)
    if isinstance(value, int):
        return value.bit_length() > 32
    return not isinstance(value, float)


def log_on_server(error: BaseException) -> None:
    """A failure's traceback in the server's log (the kernel's own stderr, not the page's)."""
    stream = sys.__stderr__
    if stream is not None:
        traceback.print_exception(type(error), error, error.__traceback__, file=stream)


def key_name(key: str) -> str:
    """A key as people write it: "Control+Shift+z" is "Ctrl+Shift+Z", "h" is "H"."""
    parts = key.replace("Control", "Ctrl").split("+")
    return "+".join(part.upper() if len(part) == 1 else part for part in parts)


def key_names(shortcuts: Mapping[str, str], keymap: Mapping[str, Any] = KEYMAP) -> list[str]:
    """Every key the board takes besides the numbers, as people write it (the arrows as
    "arrow keys"): what a list of the keys must name."""
    keys = ["arrow keys"] + [*keymap["clear"], *shortcuts, *keymap["resume"]]
    return [key if key == "arrow keys" else key_name(key) for key in keys]


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
    paused = traitlets.Bool(False).tag(sync=True)  # the board hidden, the timer stopped
    symbols = traitlets.Unicode(SYMBOLS).tag(sync=True)  # the character of each number: the
    # page has no table of its own, and hides the board until this one covers its numbers
    sizes = traitlets.List(traitlets.Int()).tag(sync=True)  # the sizes a new game may have
    size = traitlets.Int(0).tag(sync=True)  # the size chosen for the next new game
    puzzle_text_max = traitlets.Int(PUZZLE_TEXT_MAX).tag(sync=True)
    keymap = traitlets.Dict(default_value=KEYMAP).tag(sync=True)  # `KEYMAP`, for the page
    heartbeat = traitlets.List(traitlets.Float(), [0.0, 0.0]).tag(sync=True)
    # ^ [seconds between the page's pings, seconds it waits for an answer]; 0: no pings

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
        keep_tracebacks_on_server()
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
        self.on_ping: PingCallback | None = None
        self.on_msg(self._received)

    @traitlets.validate("level")
    def _valid_level(self, proposal: Any) -> str:
        """A level the chooser offers (the page may send anything)."""
        value = proposal["value"]
        if self.levels and value not in self.levels:
            raise traitlets.TraitError("the level must be one of " + ", ".join(self.levels))
        return str(value)

    @traitlets.validate("size")
    def _valid_size(self, proposal: Any) -> int:
        """A size the chooser offers (0 when there is no choice)."""
        value = proposal["value"]
        if value and value not in self.sizes:
            raise traitlets.TraitError("the size must be one of " + ", ".join(map(str, self.sizes)))
        return int(value)

    @traitlets.validate("cursor")
    def _valid_cursor(self, proposal: Any) -> list[int]:
        """A cell of the board: [row, column], each from 0 to size - 1."""
        value = proposal["value"]
        size = self.shape.size if hasattr(self, "shape") else self.box[0] * self.box[1]
        if len(value) != 2 or not all(0 <= v < size for v in value):
            raise traitlets.TraitError(f"the cursor must be [row, column], from 0 to {size - 1}")
        return list(value)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A setting from the page (the cursor, the level, the size); a bad one is refused in
        words and the page is sent the value it had. Checked before ipywidgets sees it, as
        ipywidgets echoes what it is given to every page."""
        if set(sync_data) - SETTABLE or any(too_big(value) for value in sync_data.values()):
            self.message = "A setting from the page was refused: not one the page may change"
            settable = [name for name in sync_data if name in SETTABLE]
            if settable:
                self.send_state(settable)  # the page shows the value it had again
            return
        try:
            super().set_state(sync_data)
        except Exception as error:  # the page may send anything at all
            names = [name for name in sync_data if name in self.keys][:3]
            self.message = "A setting from the page was refused: " + (
                str(error)[:120] if isinstance(error, traitlets.TraitError) else "not understood"
            )
            if not isinstance(error, (traitlets.TraitError, TypeError, ValueError)):
                log_on_server(error)
            if names:
                self.send_state(names)

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
    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Check a message from the browser, then route it to the callback it is for. A
        malformed one is refused in words; a failure is logged on the server, not sent."""
        try:
            kind, fields = self.read(content)
            self.route(kind, fields)
        except Refused as refusal:
            self.message = f"A message from the page was refused: {refusal}"
        except Exception as error:  # never a traceback to the page
            log_on_server(error)
            self.message = "Something went wrong on the server: that was not done."

    def read(self, content: Any) -> tuple[str, dict[str, Any]]:
        """A message's kind and fields, each checked; `Refused` says what is wrong."""
        if not isinstance(content, dict):
            raise Refused("it is not a set of named fields")
        kind = content.get("type")
        if kind not in KINDS:
            raise Refused("its type is not one the board sends")
        size = self.shape.size
        fields: dict[str, Any] = {"cell": (self.whole(content, "r", 0, size - 1, self.cursor[0]),
                                           self.whole(content, "c", 0, size - 1, self.cursor[1]))}
        fields["seq"] = self.whole(content, "seq", 0, LARGEST_SEQ, None)
        if kind == "cell":
            fields["key"] = self.text(content, "key", LONGEST_KEY)
        elif kind == "button":
            fields["name"] = self.text(content, "name", LONGEST_KEY)
            if fields["name"] not in self.buttons:
                raise Refused("its button is not one of the board's")
        elif kind == "number":
            fields["n"] = self.whole(content, "n", 0, size, 0)
        elif kind == "puzzle":
            fields["text"] = self.text(content, "text", self.puzzle_text_max, "")
        return str(kind), fields

    @staticmethod
    def whole(content: dict, name: str, low: int, high: int, default: Any) -> Any:
        """A whole-number field from `low` to `high` (or the default when it is missing)."""
        if name not in content:
            return default
        value = content[name]
        if not is_whole(value) or not low <= value <= high:
            raise Refused(f"its field '{name}' is not a whole number from {low} to {high}")
        return value

    @staticmethod
    def text(content: dict, name: str, most: int, default: str | None = None) -> str:
        """A text field of at most `most` characters, with no lone surrogate."""
        value = content.get(name, default)
        if not isinstance(value, str):
            raise Refused(f"its field '{name}' is not text")
        if len(value) > most:
            raise Refused(f"its field '{name}' is {len(value):,} characters long"
                          f" ({most:,} at most)")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise Refused(f"its field '{name}' is not valid text (a lone surrogate)") from None
        return value

    def route(self, kind: str, fields: dict[str, Any]) -> None:
        """Hand a checked message to the callback it is for."""
        cell, seq = fields["cell"], fields["seq"]
        if kind == "ready":
            self.redraw()
        elif kind == "ping":
            if self.on_ping:
                self.on_ping()
            self.send({"type": "pong", "ack": seq})
        elif kind == "cell":
            self.answer_key(cell, fields["key"], seq)
        elif kind == "button" and self.on_button:
            self.on_button(fields["name"], cell)
        elif kind == "number":
            if self.on_number:
                self.on_number(fields["n"])
            if seq is not None:  # the browser waits for this to follow `selected` again
                self.send({"type": "ack", "ack": seq})
        elif kind == "puzzle" and self.on_puzzle:
            self.on_puzzle(fields["text"])

    def answer_key(self, cell: Cell, key: str, seq: Any) -> None:
        """Act on a key on a cell, then send that cell as it now is, naming the key.

        The browser drew the key's effect at once; this answer confirms it, or corrects it
        when the key was refused (a given, a solved game), even if nothing changed here.
        """
        self.ack = int(seq) if isinstance(seq, int) else None
        self.answered = False
        try:
            with self.hold_sync():  # the cell is corrected before the words about it arrive
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
        letters = f" ({SYMBOLS[9]}-{SYMBOLS[size - 1]} for 10-{size})" if size > 9 else ""
        return f"'{key}' is not a number from 1 to {size}{letters}: type one, or Backspace clears."
