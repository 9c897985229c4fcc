"""Checks for notebook 01 (the rules). Students work on plain lists of rows, 9x9."""

from __future__ import annotations

from typing import Any

from .. import rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION
from ..grid import Grid, Rows
from ..shape import Cell, Unit
from .code_reading import keeps_growing
from .framework import Exercise, register
from .subject import Case, Subject

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
    late = [row[:5] + [row[6], row[5]] + row[7:] for row in solution()]  # region A fine, B not
    return [swapped, repeated, latin, fives, late]


def template() -> Rows:
    """A valid grid built from a pattern: each row is the one above shifted by 3 (or 1)."""
    shifts = [0, 3, 6, 1, 4, 7, 2, 5, 8]
    return [[(s + c) % 9 + 1 for c in range(9)] for s in shifts]


def diagnose_column(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """Row `col` given back instead of column `col`."""
    grid, col = case
    if list(got) == grid[col] != expected:
        return f"that is row {col}, grid[{col}]: a column takes element {col} of every row."
    return None


def diagnose_region_of(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """Regions numbered down the columns, or the rows of regions not counted three each."""
    row, col = case
    if got == (col // 3) * 3 + row // 3 == row // 3 + col // 3:  # both mistakes give this
        right_of_first = next(iter(subject.run([(0, 3)], 1.0)))  # region 1, or 3 down columns
        got, (row, col) = right_of_first.answer, (0, 3)
    if got == (col // 3) * 3 + row // 3:
        return (
            "that numbers the regions down the columns: they go across, row by row"
            " (region 1 is to the right of region 0)."
        )
    if got == row // 3 + col // 3:
        return (
            "each row of regions holds three regions, so the regions of rows 3 to 5 are 3, 4"
            " and 5: multiply row // 3 by 3."
        )
    return None


EARLY_PROBES = {
    "row": ("row 7", (7, 0), (7, 8)),
    "column": ("column 7", (0, 7), (8, 7)),
    "region": ("region I", (6, 6), (8, 8)),
}
"""For cell (7, 7): its row, column and region, each by name, first cell and last cell (the
region's first cell is apart from the regions a wrong formula gives, such as row // 3)."""


def one_number(at: Cell, value: int) -> Case:
    """A `can_place` question about cell (7, 7) of a grid that holds `value` at `at` only."""
    grid = [[0] * 9 for _ in range(9)]
    grid[at[0]][at[1]] = value
    return (grid, 7, 7, value)


def stops_early(subject: Subject, value: int) -> str | None:
    """The unit a function stops looking at after its first cell (a `return True` inside
    the loop, or a loop too short): it sees the number at the unit's start, not at its end."""
    for unit, (name, first, last) in EARLY_PROBES.items():
        cases = [one_number(first, value), one_number(last, value)]
        if [outcome.answer for outcome in subject.run(cases, 1.0)] == [False, True]:
            return (
                f"asked about cell (7, 7) of a grid that holds only one {value}, your function"
                f" says False when the {value} is at {first}, the start of {name}, but True when"
                f" it is at {last}, the end: it answers before it has looked at every cell of"
                f" the {unit}. Is there a `return True` inside the loop? Inside the loops only"
                " `return False` (the number is there); `return True` comes after all of them."
            )
    return None


WRONG_REGION_PROBES = {(3, 3): (2, 2), (3, 6): (2, 6), (6, 3): (6, 2)}
"""For cell (7, 7): a cell outside its row, column and region, and the first cell of the
region a start of row // 3 (or col // 3, or both) looks at instead, which holds that cell."""


def wrong_region(subject: Subject, value: int) -> str | None:
    """The region's first row (or column) taken as row // 3: the wrong region is looked at."""
    probes = [(0, 0), *WRONG_REGION_PROBES]  # (0, 0): in no region looked at, a control
    answers = [
        outcome.answer for outcome in subject.run([one_number(at, value) for at in probes], 1.0)
    ]
    if answers[0] is not True:
        return None
    for at, answer in zip(WRONG_REGION_PROBES, answers[1:], strict=True):
        if answer is False:
            top, left = WRONG_REGION_PROBES[at]
            return (
                f"asked about cell (7, 7) of a grid that holds only one {value}, at {at}, your"
                f" function says False, but {at} is not in the row, the column or the region of"
                f" (7, 7): it looks at the region that starts at ({top}, {left}), the wrong one."
                " row // 3 says which row of regions (2 for row 7); the region's first row is"
                " the row rounded down to a multiple of 3: row - row % 3 (6 for row 7), and its"
                " first column col - col % 3."
            )
    return None


def spanned(unit: Unit) -> str:
    """A unit's name, a region's with its rows and columns ('region D (rows 3-5, columns
    0-2)'), so a student can check a loop's range against them."""
    if unit.kind != "region":
        return unit.name
    rows, cols = [sorted({cell[i] for cell in unit.cells}) for i in (0, 1)]
    return f"{unit.name} (rows {rows[0]}-{rows[-1]}, columns {cols[0]}-{cols[-1]})"


def diagnose_can_place(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """A loop that answers True too early, a unit missed, or the wrong region looked at."""
    grid, row, col, value = case
    found = [spanned(unit) for unit, _ in rules.blockers(grid, row, col, value)]
    if got is False and not found:
        return wrong_region(subject, value)
    if got is not True or not found:
        return None
    early = stops_early(subject, value)
    if early:
        return early
    return f"{value} is already in {' and '.join(found)}: does your function look there?"


def diagnose_is_solved(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """A unit's list made once for all units; the grid that fools a check: its units add up
    to 45, or a unit kind is not checked."""
    grid = case[0]
    growing = keeps_growing(subject.tree())
    if growing:
        name, empty = growing
        return (
            f"`{name}` is made empty before the loop, not again for each unit: from the second"
            " unit on it still holds the numbers of the units before (it keeps growing)."
            f" `{name}` must start empty for each row, column or region: put `{name} = {empty}`"
            " inside the loop over the units, just before the loop that fills it."
        )
    if got is not True:
        return None
    if any(0 in row for row in grid):
        return "the grid still has blanks (0): a solved grid is full."
    if all(sum(row) == 45 for row in grid) and any(len(set(row)) < len(row) for row in grid):
        return (
            "a row that holds a number twice can still add up to 45: compare each unit with"
            " 1-9 (sorted(unit) == [1, 2, ..., 9]), not its sum."
        )
    problems = rules.conflicts(grid)
    if problems:
        kind = problems[0].unit.name.split()[0]
        return f"{problems[0]}: does your function check every {kind}?"
    return None


column = register(
    Exercise(
        name="column",
        reference=rules.column,
        package="st.column",
        cases_on=lambda grid: [(grid, c) for c in range(len(grid))],
        cases=lambda: [(g, c) for g in (puzzle(), solution()) for c in range(9)],
        diagnose=diagnose_column,
        hint="take element `col` of every row, from the top row to the bottom one.",
    )
)

region_of = register(
    Exercise(
        name="region_of",
        reference=lambda row, col: rules.region_of(row, col),
        package="st.region_of",
        cases=lambda: [(r, c) for r in range(9) for c in range(9)],
        diagnose=diagnose_region_of,
        worked_example=True,
        hint="row // 3 tells which row of regions the cell is in (0 for rows 0-2, 1 for rows"
        " 3-5, 2 for rows 6-8), col // 3 which column of regions; each row of regions holds"
        " three regions.",
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
        diagnose=diagnose_can_place,
        hint="the number must not be in the row, nor in the column, nor in the 3x3 region.",
        index_hint=(
            "index out of range: your code read a row or column past 8, the grid's last."
            " Often it is the region's loop: its rows are row - row % 3 to row - row % 3 + 2,"
            " its columns col - col % 3 to col - col % 3 + 2; range(row, row + 3) or"
            " range(col, col + 3) runs past the end from row or column 7 on."
        ),
    )
)

is_solved = register(
    Exercise(
        name="is_solved",
        reference=rules.is_solved,
        package="st.is_solved",
        cases=lambda: [(solution(),), (puzzle(),), (template(),)] + [(g,) for g in broken_grids()],
        diagnose=diagnose_is_solved,
        hint="a solved grid has no 0, and every row, column and region holds 1-9 exactly once.",
    )
)

__all__ = ["can_place", "column", "is_solved", "region_of"]
