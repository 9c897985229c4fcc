"""Checks for notebook 03 (recursive search). Grids are lists of rows, 4x4 first, then 9x9."""

from __future__ import annotations

from .. import elimination, fast, rule_solver
from ..examples import ASSIGNMENT_PUZZLE, WARMUP_4X4
from ..grid import Grid, Rows
from .framework import Exercise, register

LESSON = "03_recursive_search"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

SMALL_PUZZLES = [WARMUP_4X4, ".2.. ...1 4... ..3.", "...4 .1.. ..2. 3...", "..3. 4... ...1 .2.."]
SOLVED_4X4 = "1234 3412 2143 4321"
"""A full 4x4 grid: code that assumes 9 rows fails here."""
NO_SOLUTION_4X4 = "12.. ..3. ..4. ...."
"""No rule is broken yet, but cell (0, 2) has no number left: 3 and 4 are in its column."""


def rows_of(*texts: str) -> list[Rows]:
    """Puzzles as the lists of rows that students work on."""
    return [Grid.parse(text).to_rows() for text in texts]


def reference_first_empty(grid: Rows) -> tuple[int, int] | None:
    """The first blank in reading order."""
    empty = Grid.from_rows(grid).empty_cells()
    return empty[0] if empty else None


def reference_solve(grid: Rows) -> Rows | None:
    """The solution of a puzzle as rows, or None when it has none."""
    solution = fast.solve(Grid.from_rows(grid)).solution
    return solution.to_rows() if solution is not None else None


def reference_best_cell(grid: Rows) -> tuple[int, int] | None:
    """The empty cell with the fewest candidates; the first in reading order on a tie."""
    candidates = elimination.all_candidates(grid)
    return min(candidates, key=lambda cell: (len(candidates[cell]), cell)) if candidates else None


def partly_filled() -> list[Rows]:
    """The assignment's puzzle after 0, 10 and 30 safe steps, and solved."""
    run = rule_solver.solve_with_rules(ASSIGNMENT_PUZZLE, "naked singles")
    return [run.grid_after(k).to_rows() for k in (0, 10, 30, len(run.steps))]


def tuple_or_none(answer: object) -> object:
    """Accept a list where a tuple is asked for."""
    return tuple(answer) if isinstance(answer, list) else answer


first_empty = register(
    Exercise(
        name="first_empty",
        reference=reference_first_empty,
        cases=lambda: (
            [(g,) for g in rows_of(*SMALL_PUZZLES, NO_SOLUTION_4X4, SOLVED_4X4)]
            + [(g,) for g in partly_filled()]
        ),
        hint="two loops, rows outside and columns inside; return (row, col) at the first 0,"
        " and None after the loops.",
        normalise=tuple_or_none,
    )
)

solve = register(
    Exercise(
        name="solve",
        reference=reference_solve,
        cases=lambda: [(g,) for g in rows_of(*SMALL_PUZZLES, NO_SOLUTION_4X4, ASSIGNMENT_PUZZLE)],
        hint="find the first empty cell (none left: return the grid); for each number that fits,"
        " place it, call solve on the grid, return the answer if it is not None, else put 0 back;"
        " after the loop return None.",
    )
)

best_cell = register(
    Exercise(
        name="best_cell",
        reference=reference_best_cell,
        cases=lambda: [(g,) for g in rows_of(*SMALL_PUZZLES)] + [(g,) for g in partly_filled()],
        hint="look at every empty cell's candidates and keep the cell with the fewest; use `<`, not"
        " `<=`, so the first cell in reading order wins a tie. A full grid gives None.",
        normalise=tuple_or_none,
    )
)
