"""The warm-up check of notebook 00, which shows how every exercise works."""

from __future__ import annotations

from typing import Any

from .. import rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from ..grid import Grid
from .framework import Exercise, register
from .subject import Case, Subject

LESSON = "00_start_here"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

def diagnose_count_blanks(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """Counting one row only, or the filled cells instead of the blanks."""
    grid = case[0]
    if got == grid[0].count(0) != expected:
        return "that is the number of blanks in the first row only: count them in every row."
    if got == sum(1 for row in grid for value in row if value):
        return "that is the number of filled cells: a blank cell is the one that holds 0."
    return None


count_blanks = register(
    Exercise(
        name="count_blanks",
        reference=rules.count_blanks,
        package="st.count_blanks",
        cases=lambda: [
            (Grid.parse(text).to_rows(),)
            for text in (ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4, "." * 81)
        ],
        diagnose=diagnose_count_blanks,
        hint="loop over every row, and over every number in the row; count the zeros.",
    )
)
