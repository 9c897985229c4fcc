"""Checks for notebook 02 (elimination sets). Students work on plain lists of rows, 9x9."""

from __future__ import annotations

from typing import Any

from .. import elimination, rules
from ..examples import ASSIGNMENT_PUZZLE
from ..grid import Grid, Rows
from .framework import Exercise, register
from .subject import Case, Subject

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


def diagnose_numbers(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """A blank counted as a number, or the region's corner taken as row // 3, as the cell
    itself, or as another region's."""
    if isinstance(got, (set, frozenset)) and 0 in got and set(got) - {0} == set(expected):
        return "0 is a blank, not a number: leave it out of the set."
    if len(case) == 3:  # region_numbers(grid, row, col)
        grid, row, col = case
        top, left = row // 3, col // 3
        wrong = {grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3)} - {0}
        if got == wrong != expected:
            return (
                f"that is the region starting at row {top}, column {left}: row // 3 numbers"
                " the region, its first row is row - row % 3 (or (row // 3) * 3)."
            )
        block = {grid[r][c] for r in range(row, row + 3) for c in range(col, col + 3)} - {0}
        if got == block != expected:
            return (
                f"those are the numbers of the 3 by 3 block starting at the cell ({row}, {col})"
                " itself: the region starts at row - row % 3 and col - col % 3, so the rows"
                " are range(top, top + 3), not range(row, row + 3)."
            )
        for top, left in [(r, c) for r in range(0, 9, 3) for c in range(0, 9, 3)]:
            other = {grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3)}
            if got == other - {0} != expected:
                return (
                    f"those are the numbers of another region, rows {top}-{top + 2} and columns"
                    f" {left}-{left + 2}: does each loop start at this cell's region (rows from"
                    " row - row % 3, columns from col - col % 3)?"
                )
    return None


def diagnose_survivors(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """What is ruled out given back, or one rule forgotten."""
    grid, row, col = case
    sets = {
        "row": rules.row_values(grid, row),
        "column": rules.column_values(grid, col),
        "region": rules.region_values(grid, row, col),
    }
    if got == set().union(*sets.values()):
        return "those are the numbers ruled out: the survivors are 1-9 minus them."
    everything = set(range(1, 10))
    for name, first in sets.items():  # 1-9 - row | column | region: (1-9 - row) | ...
        rest = set().union(*(values for key, values in sets.items() if key != name))
        if got == (everything - first) | rest and got != expected:
            return ("`-` is done before `|`: `a - b | c` is `(a - b) | c`, which adds c back;"
                    " write `a - (b | c | d)`.")
    for name in sets:
        others = set().union(*(values for key, values in sets.items() if key != name))
        if got == set(range(1, 10)) - others and got != expected:
            return f"the {name} rules numbers out too: take away all three sets."
    return None


def diagnose_next_cell(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The first empty cell given, whatever its survivors; or the value left out."""
    grid = case[0]
    if isinstance(got, (tuple, list)) and len(got) == 2 and expected is not None:
        return "return three things, (row, col, value): the value is the one survivor."
    if isinstance(got, (tuple, list)) and len(got) == 3:
        row, col = got[0], got[1]
        if isinstance(got[2], (set, frozenset)) and len(got[2]) == 1:
            return (
                "you returned the set of survivors; return its one number: min(s) gives it"
                " (the smallest of one number is that number), and so does s.pop()."
            )
        if grid[row][col] == 0 and len(elimination.candidates(grid, row, col)) != 1:
            return (
                f"cell ({row}, {col}) is empty but has more than one survivor: skip it, only a"
                " cell with exactly one survivor is safe."
            )
    if got is not None and expected is None:
        return "no empty cell has a single survivor here: return None."
    return None


row_numbers = register(
    Exercise(
        name="row_numbers",
        reference=lambda grid, row: rules.row_values(grid, row),
        package="st.row_values",
        cases_on=lambda grid: [(grid, r) for r in range(len(grid))],
        cases=lambda: [(g, r) for g in positions() for r in range(9)],
        diagnose=diagnose_numbers,
        hint="collect every number of grid[row] into a set, and leave out the blanks (0).",
        worked_example=True,
    )
)

column_numbers = register(
    Exercise(
        name="column_numbers",
        reference=lambda grid, col: rules.column_values(grid, col),
        package="st.column_values",
        cases_on=lambda grid: [(grid, c) for c in range(len(grid))],
        cases=lambda: [(g, c) for g in positions() for c in range(9)],
        diagnose=diagnose_numbers,
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
        diagnose=diagnose_numbers,
        hint="the region starts at row row - row % 3 and column col - col % 3, and is 3 by 3.",
        index_hint=(
            "index out of range: your code read a row or column past 8, the grid's last. The"
            " region's rows are range(top, top + 3) with top = row - row % 3, its columns"
            " range(left, left + 3); range(row, row + 3) runs past the end from row 7 on."
        ),
    )
)

survivors = register(
    Exercise(
        name="survivors",
        reference=lambda grid, row, col: elimination.candidates(grid, row, col),
        package="st.candidates",
        cases_on=lambda grid: [(grid, r, c) for r, c in empty_cells(grid)],
        cases=lambda: [(g, r, c) for g in positions() for r, c in empty_cells(g)],
        diagnose=diagnose_survivors,
        hint="start from set(range(1, 10)) and take away the union of the three elimination sets.",
    )
)

next_cell = register(
    Exercise(
        name="next_cell",
        reference=lambda grid: elimination.next_single(grid),
        package="st.next_single",
        cases=lambda: [(g,) for g in positions()] + [(stuck_position(),)],
        diagnose=diagnose_next_cell,
        optional=True,
        hint="scan rows top to bottom, each left to right; return (row, col, value) for the first"
        " empty cell with exactly one survivor, or None when there is none.",
    )
)
