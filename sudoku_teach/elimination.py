"""Elimination sets: the numbers a cell's row, column and region rule out, and the survivors.

This is the assignment's method. For an empty cell, rule 1 rules out the numbers in its
row, rule 2 those in its column and rule 3 those in its region; whatever is left over
(the survivors, or candidates) may still go there. One survivor means the cell is safe
to fill.
"""

from __future__ import annotations

from .grid import GridLike, as_grid
from .rules import column_values, region_values, row_values
from .shape import Cell


def eliminated(grid: GridLike, row: int, col: int) -> set[int]:
    """The union of the three elimination sets: every number this cell cannot hold."""
    grid = as_grid(grid)
    return row_values(grid, row) | column_values(grid, col) | region_values(grid, row, col)


def survivors(grid: GridLike, row: int, col: int) -> set[int]:
    """The numbers still allowed in an empty cell (the assignment's 'survivors')."""
    grid = as_grid(grid)
    return set(grid.shape.digits) - eliminated(grid, row, col)


def candidates(grid: GridLike) -> dict[Cell, set[int]]:
    """Survivors of every empty cell at once: the pencil marks of the whole board."""
    grid = as_grid(grid)
    return {cell: survivors(grid, *cell) for cell in grid.empty_cells()}


def next_single(grid: GridLike) -> tuple[int, int, int] | None:
    """The first empty cell in reading order with exactly one survivor, as (row, col, value)."""
    grid = as_grid(grid)
    for row, col in grid.empty_cells():
        left = survivors(grid, row, col)
        if len(left) == 1:
            return row, col, next(iter(left))
    return None
