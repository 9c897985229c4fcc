"""Checks for notebook 04 (smarter search): the best cell, and the solver that uses it."""

from __future__ import annotations

from typing import Any

from .. import elimination
from ..examples import ASSIGNMENT_PUZZLE
from .framework import TIME_LIMIT, Exercise, register
from .nb03_search import (
    NO_SOLUTION_4X4,
    SMALL_PUZZLES,
    diagnose_solve,
    partly_filled,
    reference_solve,
    rows_of,
)
from .subject import Case, Subject

LESSON = "04_smarter_search"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

BACKTRACKING_PUZZLE = (
    ".....8..53..9..8....15....95..7.34..8.....1.......42...6741..8..25...........6..."
)
"""The package's puzzle of seed 7: fewest candidates first still backs up 14 times on it,
so a solver that forgets to put 0 back fails here."""


def diagnose_best_cell(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The likely mistake behind a wrong `best_cell`: filled cells, ties, or not the fewest."""
    grid = case[0]
    marks = elimination.all_candidates(grid)
    if expected is None:
        return "the grid is full, so no cell is empty: return None."
    if not isinstance(got, (tuple, list)) or len(got) != 2:
        return "return the cell as (row, col), or None for a full grid."
    row, col = got
    if (row, col) not in marks:
        return (
            f"cell {tuple(got)} is not empty (it holds {grid[row][col]}): skip filled cells,"
            " only an empty cell (0) can be the next guess."
        )
    if len(marks[row, col]) == len(marks[expected]):
        count = len(marks[expected])
        return (
            f"{tuple(got)} and {expected} tie with {count} candidate{'s' * (count != 1)}; the first"
            " in reading order wins: compare with `<`, not `<=`, so a later tie does not"
            " replace it."
        )
    return (
        f"{tuple(got)} has {len(marks[row, col])} candidates but {expected} has only"
        f" {len(marks[expected])}: keep the cell with the fewest."
    )


best_cell = register(
    Exercise(
        name="best_cell",
        reference=elimination.best_cell,
        package="st.best_cell",
        cases_on=lambda grid: [(grid,)],
        diagnose=diagnose_best_cell,
        cases=lambda: [(g,) for g in rows_of(*SMALL_PUZZLES)] + [(g,) for g in partly_filled()],
        hint="look at every empty cell's candidates and keep the cell with the fewest; the first"
        " in reading order wins a tie. A full grid gives None.",
    )
)


def diagnose_fewest_first(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The mistakes of 03's solve, said for the fewest-candidates version."""
    found = diagnose_solve(subject, case, got, expected)
    return found and found.replace("solve gave up", "solve_fewest_first gave up").replace(
        "`solve`", "`solve_fewest_first`"
    )


def fills_fewest_first(subject: Subject, case: Case) -> str | None:
    """None when the first cell the solver fills has the fewest candidates, else what is wrong."""
    grid = case[0]
    marks = elimination.all_candidates(grid)
    first = subject.first_write(grid, TIME_LIMIT)
    if not marks or first not in marks:
        return None
    if len(marks[first]) == min(len(values) for values in marks.values()):
        return None
    return (
        "it does not fill the cell with the fewest candidates first: use `best_cell(grid)`"
        " where 03's solver used `first_empty(grid)`"
    )


solve_fewest_first = register(
    Exercise(
        name="solve_fewest_first",
        reference=reference_solve,
        package="st.search.solve (with method='mrv'; its .solution is a Grid, or None:"
        " .to_rows() gives the rows)",
        diagnose=diagnose_fewest_first,
        changes_input=True,
        how=fills_fewest_first,
        cases=lambda: [
            (g,)
            for g in rows_of(
                *SMALL_PUZZLES, NO_SOLUTION_4X4, ASSIGNMENT_PUZZLE, BACKTRACKING_PUZZLE
            )
        ],
        hint="start from the solve of notebook 03 and change two lines: the cell to fill comes"
        " from best_cell(grid) instead of first_empty(grid), and the recursive call calls"
        " solve_fewest_first.",
    )
)
