"""Checks for notebook 01 (the rules). Students work on plain lists of rows, 9x9."""

from __future__ import annotations

from .. import rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION
from ..grid import Grid, Rows
from .framework import Exercise, register

LESSON = "01_rules"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""


def puzzle() -> Rows:
    """The assignment's puzzle as a list of rows."""
    return Grid.parse(ASSIGNMENT_PUZZLE).to_rows()


def solution() -> Rows:
    """The finished grid of the assignment's puzzle."""
    return Grid.parse(ASSIGNMENT_SOLUTION).to_rows()


def broken_grids() -> list[Rows]:
    """Full grids that look finished but break a rule, each in a different way."""
    swapped = solution()
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]  # rows fine, columns broken
    repeated = solution()
    repeated[4][4] = repeated[4][5]  # one number twice in a row
    latin = [[(r + c) % 9 + 1 for c in range(9)] for r in range(9)]  # rows and columns fine only
    fives = [[5] * 9 for _ in range(9)]  # every unit adds up to 45, as a solved one does
    return [swapped, repeated, latin, fives]


def template() -> Rows:
    """A valid grid built from a pattern: each row is the one above shifted by 3 (or 1)."""
    shifts = [0, 3, 6, 1, 4, 7, 2, 5, 8]
    return [[(s + c) % 9 + 1 for c in range(9)] for s in shifts]


region_of = register(
    Exercise(
        name="region_of",
        reference=lambda row, col: rules.region_of(row, col),
        package="st.region_of",
        cases=lambda: [(r, c) for r in range(9) for c in range(9)],
        hint="row // 3 tells which band of regions (0, 1 or 2), col // 3 which stack.",
    )
)

column = register(
    Exercise(
        name="column",
        reference=rules.column,
        package="st.column",
        cases_on=lambda grid: [(grid, c) for c in range(len(grid))],
        cases=lambda: [(g, c) for g in (puzzle(), solution()) for c in range(9)],
        hint="take element `col` of every row, from the top row to the bottom one.",
    )
)

can_place = register(
    Exercise(
        name="can_place",
        reference=rules.can_place,
        package="st.can_place",
        cases_on=lambda grid: [
            (grid, r, c, v)
            for r, c in Grid.from_rows(grid).empty_cells()
            for v in range(1, len(grid) + 1)
        ],
        cases=lambda: [
            (puzzle(), r, c, v)
            for r, c in Grid.parse(ASSIGNMENT_PUZZLE).empty_cells()[::3]
            for v in range(1, 10)
        ],
        hint="the number must not be in the row, nor in the column, nor in the 3x3 region.",
    )
)

is_solved = register(
    Exercise(
        name="is_solved",
        reference=rules.is_solved,
        package="st.is_solved",
        cases=lambda: [(solution(),), (puzzle(),), (template(),)] + [(g,) for g in broken_grids()],
        hint="a solved grid has no 0, and every row, column and region holds 1-9 exactly once.",
    )
)

__all__ = ["can_place", "column", "is_solved", "region_of"]
