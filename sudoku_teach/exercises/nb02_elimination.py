"""Checks for notebook 02 (elimination sets). Students work on plain lists of rows, 9x9."""

from __future__ import annotations

from .. import elimination, rules
from ..examples import ASSIGNMENT_PUZZLE
from ..grid import Grid, Rows
from .framework import Exercise, register

LESSON = "02_elimination_sets"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""


def positions() -> list[Rows]:
    """The assignment's puzzle, and the same puzzle after its first ten safe steps."""
    start = Grid.parse(ASSIGNMENT_PUZZLE)
    later = start.copy()
    for _ in range(10):
        step = elimination.next_single(later)
        assert step is not None
        later[step[0], step[1]] = step[2]
    return [start.to_rows(), later.to_rows()]


def empty_cells(rows: Rows) -> list[tuple[int, int]]:
    """Every blank cell of a grid in reading order."""
    return [(r, c) for r in range(len(rows)) for c in range(len(rows)) if rows[r][c] == 0]


def stuck_position() -> Rows:
    """A position where no cell has a single candidate (a hard puzzle's start)."""
    return Grid.parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ).to_rows()


row_numbers = register(
    Exercise(
        name="row_numbers",
        reference=lambda grid, row: rules.row_values(grid, row),
        package="st.row_values",
        cases_on=lambda grid: [(grid, r) for r in range(len(grid))],
        cases=lambda: [(g, r) for g in positions() for r in range(9)],
        hint="collect every number of grid[row] into a set, and leave out the blanks (0).",
    )
)

column_numbers = register(
    Exercise(
        name="column_numbers",
        reference=lambda grid, col: rules.column_values(grid, col),
        package="st.column_values",
        cases_on=lambda grid: [(grid, c) for c in range(len(grid))],
        cases=lambda: [(g, c) for g in positions() for c in range(9)],
        hint="go down the rows, take grid[row][col] from each; a set drops repeats, not zeros.",
    )
)

region_numbers = register(
    Exercise(
        name="region_numbers",
        reference=lambda grid, row, col: rules.region_values(grid, row, col),
        package="st.region_values",
        cases_on=lambda grid: [(grid, r, c) for r, c in empty_cells(grid)],
        cases=lambda: [
            (g, r, c) for g in positions() for r in range(0, 9, 2) for c in range(1, 9, 3)
        ],
        hint="the region starts at row row - row % 3 and column col - col % 3, and is 3 by 3.",
    )
)

survivors = register(
    Exercise(
        name="survivors",
        reference=lambda grid, row, col: elimination.candidates(grid, row, col),
        package="st.candidates",
        cases_on=lambda grid: [(grid, r, c) for r, c in empty_cells(grid)],
        cases=lambda: [(g, r, c) for g in positions() for r, c in empty_cells(g)],
        hint="start from {1, ..., 9} and take away the union of the three elimination sets.",
    )
)

next_cell = register(
    Exercise(
        name="next_cell",
        reference=lambda grid: elimination.next_single(grid),
        package="st.next_single",
        cases=lambda: [(g,) for g in positions()] + [(stuck_position(),)],
        hint="scan rows top to bottom, each left to right; return (row, col, value) for the first"
        " empty cell with exactly one survivor, or None when there is none.",
    )
)
