"""The rules of Sudoku: a number appears at most once in each row, column and region.

Every function takes a grid in any form (`Grid`, a puzzle string, or a list of rows) and
answers one question. Cells are (row, column), counted from 0 as in the assignment.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleViolation
from .formats import symbol
from .grid import GridLike, as_grid
from .shape import CLASSIC, Cell, Shape, Unit


def region_of(row: int, col: int, shape: Shape = CLASSIC) -> int:
    """The region (0 = top left, counted row by row) that a cell is in."""
    shape.check_cell(row, col)
    return shape.region_index(row, col)


def group_letter(row: int, col: int, shape: Shape = CLASSIC) -> str:
    """The assignment's name for the region of a cell: A to I."""
    shape.check_cell(row, col)
    return shape.region_letter(row, col)


def region_row_range(row: int, shape: Shape = CLASSIC) -> tuple[int, int]:
    """The first and last row of the region band that holds `row` (the assignment's min, max)."""
    shape.check_cell(row, 0)
    top = row - row % shape.box_rows
    return top, top + shape.box_rows - 1


def region_col_range(col: int, shape: Shape = CLASSIC) -> tuple[int, int]:
    """The first and last column of the region stack that holds `col`."""
    shape.check_cell(0, col)
    left = col - col % shape.box_cols
    return left, left + shape.box_cols - 1


def values_in(grid: GridLike, unit: Unit) -> set[int]:
    """The numbers already placed in one unit (blanks left out)."""
    grid = as_grid(grid)
    return {grid[cell] for cell in unit.cells} - {0}


def row_values(grid: GridLike, row: int) -> set[int]:
    """Numbers used in a row: what rule 1 rules out for its empty cells."""
    grid = as_grid(grid)
    grid.shape.check_cell(row, 0)
    return values_in(grid, grid.shape.rows[row])


def column_values(grid: GridLike, col: int) -> set[int]:
    """Numbers used in a column: what rule 2 rules out."""
    grid = as_grid(grid)
    grid.shape.check_cell(0, col)
    return values_in(grid, grid.shape.columns[col])


def region_values(grid: GridLike, row: int, col: int) -> set[int]:
    """Numbers used in the region of a cell: what rule 3 rules out."""
    grid = as_grid(grid)
    return values_in(grid, grid.shape.regions[region_of(row, col, grid.shape)])


def blockers(grid: GridLike, row: int, col: int, value: int) -> list[tuple[Unit, Cell]]:
    """Why a number may not go in a cell: each unit that already has it, and where."""
    grid = as_grid(grid)
    grid.shape.check_cell(row, col)
    grid.shape.check_value(value, (row, col), blank=False)
    found = []
    for unit in grid.shape.units_of(row, col):
        for cell in unit.cells:
            if cell != (row, col) and grid[cell] == value:
                found.append((unit, cell))
    return found


def conflict_reasons(grid: GridLike, row: int, col: int) -> list[str]:
    """Why a cell's number breaks a rule, in words: '5 is already in column 4, at (3, 4)';
    a cell in two of its units at once is named once ('in row 3 and region 4, at ...')."""
    grid = as_grid(grid)
    value = grid[row, col]
    if not value:
        return []
    units: dict[Cell, list[str]] = {}  # a cell seen by two units is named once
    for unit, cell in blockers(grid, row, col, value):
        units.setdefault(cell, []).append(unit.name)
    return [
        f"{symbol(value)} is already in {' and '.join(names)}, at ({r}, {c})"
        for (r, c), names in units.items()
    ]


def can_place(grid: GridLike, row: int, col: int, value: int) -> bool:
    """Whether no other cell in the row, column or region already holds `value`."""
    return not blockers(grid, row, col, value)


def allowed_cells(grid: GridLike, value: int) -> set[Cell]:
    """The empty cells where `value` breaks no rule: what the game's help mode marks."""
    grid = as_grid(grid)
    grid.shape.check_value(value, blank=False)
    return {cell for cell in grid.empty_cells() if can_place(grid, *cell, value)}


@dataclass(frozen=True)
class Conflict:
    """The same number more than once in one unit."""

    unit: Unit
    value: int
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        cells = [f"({r}, {c})" for r, c in self.cells]
        where = ", ".join(cells[:-1]) + " and " + cells[-1]
        times = {2: "twice", 3: "three times"}.get(len(cells), f"{len(cells)} times")
        return f"{self.unit.name} has the number {symbol(self.value)} {times}: cells {where}"


def conflicts(grid: GridLike) -> list[Conflict]:
    """Every broken rule in a grid, unit by unit (rows, then columns, then regions)."""
    grid = as_grid(grid)
    numbers, n = grid.numbers, grid.size
    found = []
    for unit in grid.shape.units:
        seen: dict[int, list[Cell]] = {}
        for row, col in unit.cells:
            if numbers[row * n + col]:
                seen.setdefault(numbers[row * n + col], []).append((row, col))
        found += [Conflict(unit, v, tuple(cells)) for v, cells in seen.items() if len(cells) > 1]
    return found


def conflicting_cells(grid: GridLike) -> set[Cell]:
    """The cells involved in any conflict: the ones to colour red."""
    return {cell for conflict in conflicts(grid) for cell in conflict.cells}


def check_rules(grid: GridLike) -> None:
    """Raise `RuleViolation`, naming units and cells, if any number appears twice in a unit."""
    found = conflicts(grid)
    if found:
        raise RuleViolation(found)


def count_blanks(grid: GridLike) -> int:
    """How many cells are still empty: how much work is left."""
    return len(as_grid(grid).empty_cells())


def column(grid: GridLike, col: int) -> list[int]:
    """The numbers of one column, top to bottom, blanks (0) included."""
    grid = as_grid(grid)
    return [grid[row, col] for row in range(grid.size)]


def first_empty(grid: GridLike) -> Cell | None:
    """The first blank cell in reading order, or None when the grid is full."""
    empty = as_grid(grid).empty_cells()
    return empty[0] if empty else None


def is_complete(grid: GridLike) -> bool:
    """Whether every cell holds a number."""
    return 0 not in as_grid(grid).numbers


def is_solved(grid: GridLike) -> bool:
    """Whether the grid is full and breaks no rule."""
    grid = as_grid(grid)
    return is_complete(grid) and not conflicts(grid)
