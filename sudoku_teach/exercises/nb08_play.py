"""Checks for notebook 08 (play). Grids are plain lists of rows; changes are `game.Change`s."""

from __future__ import annotations

from .. import game, rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from ..game import Change
from ..grid import Grid, Rows
from .framework import Exercise, register

LESSON = "08_play"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""


def boards() -> list[Rows]:
    """The assignment's puzzle, the same with a few entries (right and wrong), and a 4x4."""
    played = Grid.parse(ASSIGNMENT_PUZZLE)
    solution = Grid.parse(ASSIGNMENT_SOLUTION)
    for i, cell in enumerate(played.empty_cells()[:12]):
        played[cell] = solution[cell] if i % 3 else solution[cell] % 9 + 1
    return [
        Grid.parse(ASSIGNMENT_PUZZLE).to_rows(),
        played.to_rows(),
        Grid.parse(WARMUP_4X4).to_rows(),
    ]


def streams() -> list[tuple[list[Change]]]:
    """Streams of changes as an observer hears them, from empty to long."""
    place = Change("entry", ((0, 0),), "")
    mark = Change("marks", ((1, 1),), "")
    others = [Change(kind) for kind in ("selected", "help", "check", "hint", "new")]
    return [([],), ([place],), ([mark, place, mark],), (others,), (others + [place] * 5,)]


def check_cases() -> list[tuple[Rows, Rows, Rows]]:
    """The puzzle untouched, played, and finished."""
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    solution = Grid.parse(ASSIGNMENT_SOLUTION).to_rows()
    return [(board, puzzle, solution) for board in boards()[:2] + [solution]]


allowed_cells = register(
    Exercise(
        name="allowed_cells",
        reference=rules.allowed_cells,
        cases=lambda: [(g, n) for g in boards() for n in range(1, len(g) + 1)],
        hint="an empty cell (0) where st.can_place(grid, row, col, number) is True.",
        package="st.allowed_cells",
    )
)

count_moves = register(
    Exercise(
        name="count_moves",
        reference=game.count_moves,
        cases=streams,
        hint="count the changes whose .kind is 'entry' or 'marks'; other kinds are not moves.",
        package="st.game.count_moves",
    )
)

check_entries = register(
    Exercise(
        name="check_entries",
        reference=game.check_entries,
        cases=check_cases,
        hint="skip blanks and givens (puzzle[r][c] != 0); compare the rest with the solution.",
        package="st.game.check_entries",
    )
)

__all__ = ["allowed_cells", "check_entries", "count_moves"]
