"""The warm-up check of notebook 00, which shows how every exercise works."""

from __future__ import annotations

from .. import rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from ..grid import Grid
from .framework import Exercise, register

LESSON = "00_start_here"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

count_blanks = register(
    Exercise(
        name="count_blanks",
        reference=rules.count_blanks,
        package="st.count_blanks",
        cases=lambda: [
            (Grid.parse(text).to_rows(),)
            for text in (ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4, "." * 81)
        ],
        hint="loop over every row, and over every number in the row; count the zeros.",
    )
)
