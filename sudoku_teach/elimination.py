"""Elimination sets: the numbers a cell's row, column and region rule out, and the candidates.

This is the assignment's method. For an empty cell, rule 1 rules out the numbers in its
row, rule 2 those in its column and rule 3 those in its region; whatever is left over may
still go there. The assignment calls those numbers the *survivors*; this package calls
them the cell's **candidates**. One candidate means the cell is safe to fill.

`next_single` is the assignment's scan, as it wrote it. The techniques that fill cells
(and remove candidates) from these sets are in `techniques`; the solver by rules that
applies them step by step is in `rule_solver`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .formats import symbol
from .grid import GridLike, as_grid
from .rules import column_values, region_values, row_values
from .shape import Cell


def eliminated(grid: GridLike, row: int, col: int) -> set[int]:
    """The union of the three elimination sets: every number this cell cannot hold."""
    grid = as_grid(grid)
    return row_values(grid, row) | column_values(grid, col) | region_values(grid, row, col)


def candidates(grid: GridLike, row: int, col: int) -> set[int]:
    """The numbers still allowed in an empty cell (the assignment's 'survivors')."""
    grid = as_grid(grid)
    return set(grid.shape.digits) - eliminated(grid, row, col)


def all_candidates(grid: GridLike) -> dict[Cell, set[int]]:
    """The candidates of every empty cell at once: the pencil marks of the whole board.

    The same sets as `candidates`, cell by cell, but each unit's numbers are gathered once.
    """
    grid = as_grid(grid)
    shape, numbers = grid.shape, grid.numbers
    used = [{numbers[r * shape.size + c] for r, c in unit.cells} for unit in shape.units]
    digits = set(shape.digits)
    found = {}
    for cell in grid.empty_cells():
        row, column, region = shape.unit_numbers(*cell)
        found[cell] = digits - used[row] - used[column] - used[region]
    return found


def next_single(grid: GridLike) -> tuple[int, int, int] | None:
    """The first empty cell in reading order with exactly one candidate, as (row, col, value)."""
    grid = as_grid(grid)
    for row, col in grid.empty_cells():
        left = candidates(grid, row, col)
        if len(left) == 1:
            return row, col, next(iter(left))
    return None


def best_cell(grid: GridLike) -> Cell | None:
    """The empty cell with the fewest candidates (the first in reading order on a tie), or None."""
    marks = all_candidates(grid)
    return min(marks, key=lambda cell: (len(marks[cell]), cell)) if marks else None


def set_text(values: Iterable[int]) -> str:
    """A set of numbers as a student writes it: {2, 5, 8, 9}, or 'nothing' when empty."""
    values = sorted(values)
    return "{" + ", ".join(map(symbol, values)) + "}" if values else "nothing"
