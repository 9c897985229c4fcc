"""The geometry of a grid: its size, its units (rows, columns, regions) and their names.

A 9x9 Sudoku has 3x3 regions; a 4x4 warm-up has 2x2 regions; a 6x6 has 2x3 regions; the
big grids of the reductions lesson, 16x16 and 25x25, have 4x4 and 5x5 regions.
Everything that depends on that shape is computed once here and looked up elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal

from .errors import CellIndexError, CellValueError, ShapeError

Cell = tuple[int, int]
"""A cell as (row, column), both counted from 0 as in the assignment."""

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
"""Region names: A top left, then B to its right, ... (up to 25 regions for a 25x25 grid)."""

MAX_SIZE = 25
"""The biggest grid: 25x25, numbers 1-25 (written 1-9, then A-P; see `formats`)."""

UnitKind = Literal["row", "column", "region"]
"""The three kinds of unit, one for each rule."""


@dataclass(frozen=True)
class Unit:
    """One row, column or region: a set of cells that must hold different numbers."""

    kind: UnitKind
    index: int
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        """A name a student can find on the board: 'row 3', 'column 0', 'region B'.

        Regions of grids over 9x9 are named by their rows and columns, 'region (rows 4-7,
        columns 8-11)': there the numbers 10 and up are letters, and 'region D' could be
        read as the number 13.
        """
        if self.kind != "region":
            return f"{self.kind} {self.index}"
        if len(self.cells) <= 9:
            return f"region {LETTERS[self.index]}"
        rows, cols = [r for r, _ in self.cells], [c for _, c in self.cells]
        return (f"region (rows {min(rows)}-{max(rows)},"
                f" columns {min(cols)}-{max(cols)})")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Unit({self.kind!r}, {self.index})"


STANDARD_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 16: (4, 4), 25: (5, 5)}
"""The region shape (rows x columns) of each grid size the package offers."""


@dataclass(frozen=True)
class Shape:
    """A grid made of regions of `box_rows` x `box_cols` cells (3x3 for classic Sudoku)."""

    box_rows: int = 3
    box_cols: int = 3

    def __post_init__(self) -> None:
        if not (is_whole(self.box_rows) and is_whole(self.box_cols)):
            raise ShapeError(f"a region is a whole number of rows by a whole number of columns,"
                             f" not {self.box_rows!r} by {self.box_cols!r}")
        if self.box_rows < 1 or self.box_cols < 1 or self.size < 2 or self.size > MAX_SIZE:
            raise ShapeError(
                f"regions of {self.box_rows}x{self.box_cols} make a {self.size}x{self.size} grid;"
                f" supported sizes are 4x4 to {MAX_SIZE}x{MAX_SIZE}"
            )

    @cached_property
    def size(self) -> int:
        """Cells in a row, column or region; also the largest number."""
        return self.box_rows * self.box_cols

    @property
    def n_cells(self) -> int:
        """Cells in the whole grid."""
        return self.size * self.size

    @cached_property
    def digits(self) -> range:
        """The numbers that may be placed: 1..size."""
        return range(1, self.size + 1)

    @classmethod
    @cache  # one Shape per size: what it works out once (units, peers) serves every puzzle
    def for_size(cls, size: int) -> Shape:
        """The usual region shape for a grid of `size` x `size` cells."""
        if size not in STANDARD_SHAPES:
            sizes = ", ".join(map(str, STANDARD_SHAPES))
            asked = f"a {size}x{size} grid" if is_whole(size) else f"{size!r}, not a whole number"
            raise ShapeError(f"no standard region shape for {asked} (use {sizes})")
        return cls(*STANDARD_SHAPES[size])

    def region_index(self, row: int, col: int) -> int:
        """Which region (0 = top left, counted row by row) holds a cell."""
        return (row // self.box_rows) * self.box_rows + col // self.box_cols

    def region_letter(self, row: int, col: int) -> str:
        """The assignment's group letter (A top left, then B to the right, ...)."""
        return LETTERS[self.region_index(row, col)]

    def region_name(self, row: int, col: int) -> str:
        """The name of a cell's region in messages: 'region B', or by rows and columns over 9x9."""
        return self.regions[self.region_index(row, col)].name

    def region_rows(self, region: int) -> range:
        """The rows that a region spans."""
        top = (region // self.box_rows) * self.box_rows
        return range(top, top + self.box_rows)

    def region_cols(self, region: int) -> range:
        """The columns that a region spans."""
        left = (region % self.box_rows) * self.box_cols
        return range(left, left + self.box_cols)

    @cached_property
    def rows(self) -> tuple[Unit, ...]:
        """Every row as a unit."""
        n = self.size
        return tuple(Unit("row", r, tuple((r, c) for c in range(n))) for r in range(n))

    @cached_property
    def columns(self) -> tuple[Unit, ...]:
        """Every column as a unit."""
        n = self.size
        return tuple(Unit("column", c, tuple((r, c) for r in range(n))) for c in range(n))

    @cached_property
    def regions(self) -> tuple[Unit, ...]:
        """Every region as a unit, in the order of their letters."""
        return tuple(
            Unit(
                "region", b, tuple((r, c) for r in self.region_rows(b) for c in self.region_cols(b))
            )
            for b in range(self.size)
        )

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        """All rows, then all columns, then all regions."""
        return self.rows + self.columns + self.regions

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell in reading order (row by row)."""
        return tuple((r, c) for r in range(self.size) for c in range(self.size))

    def unit_numbers(self, row: int, col: int) -> tuple[int, int, int]:
        """Where a cell's row, column and region stand in `units` (rows, columns, regions)."""
        return row, self.size + col, 2 * self.size + self.region_index(row, col)

    def units_of(self, row: int, col: int) -> tuple[Unit, Unit, Unit]:
        """The row, the column and the region that a cell belongs to."""
        return self.rows[row], self.columns[col], self.regions[self.region_index(row, col)]

    @cached_property
    def peers(self) -> dict[Cell, frozenset[Cell]]:
        """For each cell, the other cells that share a unit with it."""
        return {
            (r, c): frozenset(cell for unit in self.units_of(r, c) for cell in unit.cells)
            - {(r, c)}
            for r, c in self.cells
        }

    # A cell's *index* is its place in reading order, row * size + col: the position of its
    # number in `Grid.numbers`. Code that runs millions of times (the search) looks cells
    # up by index in lists, which is quicker than looking up (row, col) pairs in dicts.
    @cached_property
    def peers_by_index(self) -> tuple[tuple[int, ...], ...]:
        """`peers` by index: for the cell with index i, its peers' indexes, smallest first."""
        n = self.size
        return tuple(tuple(sorted(r * n + c for r, c in self.peers[cell])) for cell in self.cells)

    @cached_property
    def units_by_index(self) -> tuple[tuple[int, int, int], ...]:
        """`unit_numbers` by index: for the cell with index i, where its three units stand."""
        return tuple(self.unit_numbers(r, c) for r, c in self.cells)

    def check_cell(self, row: int, col: int) -> None:
        """Reject a cell outside the grid, or not two whole numbers, saying why."""
        n = self.size
        if type(row) is int and type(col) is int and 0 <= row < n and 0 <= col < n:
            return  # the usual case first: this runs for every cell a program reads
        if not (is_whole(row) and is_whole(col) and 0 <= row < n and 0 <= col < n):
            raise CellIndexError(
                f"cell ({row!r}, {col!r}) is outside the {n}x{n} grid:"
                f" rows and columns are whole numbers from 0 to {n - 1}"
            )

    def cell_of(self, cell: object) -> Cell:
        """A cell given as (row, column), checked: the one way cells are read from callers."""
        if type(cell) is not tuple:
            if isinstance(cell, str) or not isinstance(cell, Sequence):
                raise CellIndexError(f"{cell!r} is not a cell: write it as (row, column)")
            cell = tuple(cell)
        if len(cell) != 2:
            raise CellIndexError(f"{cell!r} is not a cell: write it as (row, column)")
        self.check_cell(*cell)
        return cell

    def check_value(
        self, value: object, cell: Cell | None = None, *, blank: bool = True, **where: Any
    ) -> int:
        """The one check of a cell's value: a whole number 1..size, or 0 for a blank if allowed.

        Refuses `True`/`False` (Python counts them as 1 and 0, but nobody means a number by
        them), floats, strings and numbers out of range, naming the cell and the value.
        Every reader of values uses it: `Grid`, `grid[r, c] = v`, the parser, the game and
        its saved files. `where` (line, column, source) says where in a text the value was.
        """
        low = 0 if blank else 1
        if not is_whole(value) or not low <= value <= self.size:  # type: ignore[operator]
            at = f"cell ({cell[0]}, {cell[1]}) cannot hold" if cell else "cannot use"
            wanted = f"from 1 to {self.size}" + (", or 0 for a blank" if blank else "")
            raise CellValueError(f"{at} {value!r}: expected a whole number {wanted}", **where)
        return value  # type: ignore[return-value]


def check_shape(shape: object) -> Shape:
    """The shape a function was given, or an error saying how to write one (not a traceback
    about a missing attribute): `Shape.for_size(16)`, not 16."""
    if isinstance(shape, Shape):
        return shape
    sizes = ", ".join(map(str, STANDARD_SHAPES))
    told = f"{shape!r} is a size" if is_whole(shape) else f"{shape!r} is not a grid's shape"
    raise ShapeError(f"{told}: give a Shape, such as Shape.for_size(16) (sizes {sizes})")


def is_whole(value: object) -> bool:
    """Whether a value is a whole number (an int, but not `True` or `False`)."""
    return isinstance(value, int) and not isinstance(value, bool)


CLASSIC = Shape(3, 3)
"""The 9x9 grid with 3x3 regions."""
