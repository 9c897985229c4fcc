"""The board: a grid of numbers that knows its shape and which numbers were given.

`Grid` is the one model object of the package. It reads every text form (see `formats`),
converts to and from plain lists, prints itself as text and draws itself in a notebook.
It does not judge moves: the rules live in `rules`, the screens in `views`.

How a model object draws itself without depending on the views
-------------------------------------------------------------
The package is in layers (see `tests/test_layers.py`): nothing below `views` imports a
view at import time, so `import sudoku_teach` loads no HTML, widget or plotting code,
and a change in a view can never break the model. Yet a `Grid` should draw itself in a
notebook. We do as python-chess does for its boards (`Board._repr_svg_` imports
`chess.svg` only when called): the display hooks, `_repr_html_` and the few methods whose
name ends in `_html`, import `views.render` inside the function, when a notebook asks
for a picture; by then the whole package is loaded, so there is no import cycle at run
time either. The layer test allows exactly that: a function-level import of `views.render`
in a function named `_repr_html_` or `*_html`, and no other import of a view below the
views. (The other design, registering HTML formatters with IPython from the views side,
would need IPython and an import of the views at start-up, and `grid._repr_html_()`
would no longer work on its own in a test or a plain Python session.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Union

from . import formats, textfile
from .errors import GivenCellError, PuzzleFormatError, UnknownNameError
from .shape import CLASSIC, Cell, Shape, check_shape

Rows = list[list[int]]
GridLike = Union["Grid", str, Sequence[Sequence[int]]]
"""Anything a function of this package accepts as a grid."""


class Grid:
    """A Sudoku grid: numbers 1..n, 0 for blank, with the puzzle's givens remembered."""

    __slots__ = ("shape", "_cells", "_givens")

    def __init__(
        self,
        cells: Iterable[int] = (),
        shape: Shape = CLASSIC,
        givens: Iterable[Cell] | None = None,
    ) -> None:
        shape = check_shape(shape)
        try:
            cells = list(cells) or [0] * shape.n_cells
        except TypeError:  # None, a number: no cells at all
            raise PuzzleFormatError(f"expected the cells as a list of numbers, got"
                                    f" {type(cells).__name__}") from None
        if len(cells) != shape.n_cells:
            raise PuzzleFormatError(
                f"{len(cells)} cells given, a {shape.size}x{shape.size} grid has {shape.n_cells}"
            )
        if set(map(type, cells)) != {int} or not 0 <= min(cells) <= max(cells) <= shape.size:
            for cell, value in zip(shape.cells, cells):  # something is wrong: name the cell
                shape.check_value(value, cell)
        self.shape = shape
        self._cells = cells
        if givens is None:
            givens = (cell for cell, value in zip(shape.cells, cells) if value)
        self._givens = frozenset(givens)

    # --- making grids -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, shape: Shape | None = None, source: str | None = None) -> Grid:
        """Read one puzzle from any of the text forms in `formats`."""
        if not isinstance(text, str):
            raise PuzzleFormatError(f"expected the text of a puzzle, got {type(text).__name__}")
        cells, shape = formats.parse_cells(text, shape, source)
        return cls(cells, shape)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], shape: Shape | None = None) -> Grid:
        """Build a grid from a list of rows, checking that every row has the right length."""
        if isinstance(rows, str) or not isinstance(rows, Sequence):
            raise PuzzleFormatError(f"expected a list of rows, got {type(rows).__name__}")
        if shape is None:
            if len(rows) not in formats.FULL_SIZES:
                sizes = ", ".join(map(str, formats.FULL_SIZES))
                raise PuzzleFormatError(f"found {len(rows)} rows: a grid has 9 rows (or {sizes})")
            shape = Shape.for_size(len(rows))
        shape = check_shape(shape)
        for r, row in enumerate(rows):
            if len(row) != shape.size:
                raise PuzzleFormatError(f"row {r} has {len(row)} numbers, expected {shape.size}")
        if len(rows) != shape.size:
            raise PuzzleFormatError(f"found {len(rows)} rows, expected {shape.size}")
        return cls([value for row in rows for value in row], shape)

    @classmethod
    def empty(cls, shape: Shape = CLASSIC) -> Grid:
        """A grid with every cell blank."""
        return cls((), shape)

    def copy(self) -> Grid:
        """An independent grid with the same numbers and the same givens."""
        return Grid(self._cells, self.shape, self._givens)

    # --- reading and writing cells ------------------------------------------------------
    def __getitem__(self, cell: Cell) -> int:
        row, col = self.shape.cell_of(cell)
        return self._cells[row * self.shape.size + col]

    def __setitem__(self, cell: Cell, value: int) -> None:
        """Write a number (0 clears); givens are protected, rule checks are up to the caller."""
        row, col = cell = self.shape.cell_of(cell)
        self.shape.check_value(value, (row, col))
        if cell in self._givens:
            raise GivenCellError(
                f"cell ({row}, {col}) holds the given {self[cell]}; givens cannot change"
            )
        self._cells[row * self.shape.size + col] = value

    @property
    def size(self) -> int:
        """Cells in a row (9 for classic Sudoku)."""
        return self.shape.size

    @property
    def numbers(self) -> tuple[int, ...]:
        """All numbers in reading order, row by row (a snapshot)."""
        return tuple(self._cells)

    @property
    def givens(self) -> frozenset[Cell]:
        """The cells that the puzzle filled in; a player may not change them."""
        return self._givens

    def is_given(self, row: int, col: int) -> bool:
        """Whether a cell was filled in by the puzzle."""
        return (row, col) in self._givens

    def row(self, row: int) -> list[int]:
        """The numbers of one row, blanks included."""
        n = self.shape.size
        return self._cells[row * n : (row + 1) * n]

    def empty_cells(self) -> list[Cell]:
        """The blank cells in reading order."""
        return [cell for cell, value in zip(self.shape.cells, self._cells) if not value]

    def to_rows(self) -> Rows:
        """The grid as plain data: a new list of rows."""
        return [self.row(r) for r in range(self.shape.size)]

    def to_string(self, blank: str = ".") -> str:
        """The grid on one line, as puzzle collections store it."""
        return formats.format_line(self._cells, blank)

    def format(self, blank: str = ".") -> str:
        """The grid as text for people, with lines between regions."""
        return formats.format_pretty(self._cells, self.shape, blank)

    # --- comparing and showing ------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self.shape == other.shape and self._cells == other._cells

    # A grid can change, so it is not a dictionary key (mypy's stub types __hash__ as a method).
    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        shape = "" if self.shape == CLASSIC else f", shape={self.shape!r}"
        return f"Grid.parse({self.to_string()!r}{shape})"

    def _repr_html_(self) -> str:
        """A display hook: the view is imported only when a notebook asks (see above)."""
        from .views.render import grid_html

        return grid_html(self)


def as_grid(grid: GridLike, shape: Shape | None = None) -> Grid:
    """Accept a Grid, a puzzle string or a list of rows, and give back a Grid."""
    if isinstance(grid, Grid):
        return grid
    if isinstance(grid, str):
        return Grid.parse(grid, shape)
    return Grid.from_rows(grid, shape)


def iter_puzzles(
    lines: Iterable[str],
    shape: Shape | None = None,
    source: str | None = None,
    on_error: Callable[[PuzzleFormatError], None] | None = None,
) -> Iterator[tuple[int, Grid]]:
    """Each puzzle in some lines with the line it starts on, read lazily (for long files).

    A bad puzzle raises `PuzzleFormatError`; with `on_error` it is reported there and skipped.
    """
    for line, chunk in formats.split_puzzles(lines, source, on_error, shape):
        try:
            cells, found_shape = formats.parse_cells(chunk, shape, source, first_line=line)
        except PuzzleFormatError as error:
            if on_error is None:
                raise
            on_error(error)
            continue
        yield line, Grid(cells, found_shape)


def read_puzzles(text: str, shape: Shape | None = None, source: str | None = None) -> list[Grid]:
    """Read every puzzle in a text: one a line, or blocks of rows (see `formats.split_puzzles`)."""
    return [grid for _, grid in iter_puzzles(text.splitlines(), shape, source)]


def load(path: str | Path, shape: Shape | None = None) -> Grid:
    """Read the one puzzle in a file (for example the assignment's 9 lines of 9 numbers)."""
    puzzles = load_puzzles(path, shape)
    if len(puzzles) != 1:
        raise PuzzleFormatError(f"expected one puzzle, found {len(puzzles)}", source=str(path))
    return puzzles[0]


def load_puzzles(path: str | Path, shape: Shape | None = None) -> list[Grid]:
    """Read every puzzle in a file of puzzles, in any common encoding (see `textfile`)."""
    lines = textfile.file_lines(path)
    return [grid for _, grid in iter_puzzles(lines, shape, str(path))]


def save(grid: GridLike, path: str | Path, style: str = "rows") -> None:
    """Write a grid to a file: `rows` (the assignment's format), `line`, `sdk` or `pretty`.

    The file is replaced only once the new text is complete (see `textfile.write_file`).
    """
    grid = as_grid(grid)
    textfile.write_file(path, write_as(grid, style) + "\n")


STYLES = ("rows", "line", "sdk", "pretty")
"""The text forms `save` and the command line write."""


def write_as(grid: Grid, style: str) -> str:
    """A grid as text in one of the `STYLES`."""
    cells = list(grid.numbers)
    if style == "rows":
        return formats.format_rows(cells, grid.shape)
    if style == "line":
        return grid.to_string()
    if style == "sdk":
        return formats.format_sdk(cells, grid.shape)
    if style == "pretty":
        return grid.format()
    raise UnknownNameError(f"unknown style {style!r}: choose one of {', '.join(STYLES)}")
