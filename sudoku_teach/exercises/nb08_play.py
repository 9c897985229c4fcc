"""Checks for notebook 08 (play). Grids are plain lists of rows; changes are `game.Change`s."""

from __future__ import annotations

from .. import rules
from ..examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from ..game import Change
from ..grid import Grid, Rows
from .framework import Exercise, register

Cell = tuple[int, int]


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


def reference_allowed(grid: Rows, number: int) -> set[Cell]:
    """The empty cells where `number` breaks no rule: what help marks."""
    return {
        (r, c)
        for r in range(len(grid))
        for c in range(len(grid))
        if grid[r][c] == 0 and rules.can_place(grid, r, c, number)
    }


def streams() -> list[tuple[list[Change]]]:
    """Streams of changes as an observer hears them, from empty to long."""
    place = Change("entry", ((0, 0),), "")
    mark = Change("marks", ((1, 1),), "")
    others = [Change(kind) for kind in ("selected", "help", "check", "hint", "new")]
    return [([],), ([place],), ([mark, place, mark],), (others,), (others + [place] * 5,)]


def reference_count(changes: list[Change]) -> int:
    """Player moves in a stream of changes: entries and pencil marks."""
    return sum(change.kind in ("entry", "marks") for change in changes)


def reference_check(board: Rows, puzzle: Rows, solution: Rows) -> dict[Cell, bool]:
    """Each of the player's entries, right (True) or wrong (False); givens left out."""
    return {
        (r, c): board[r][c] == solution[r][c]
        for r in range(len(board))
        for c in range(len(board))
        if board[r][c] and not puzzle[r][c]
    }


def check_cases() -> list[tuple[Rows, Rows, Rows]]:
    """The puzzle untouched, played, and finished."""
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    solution = Grid.parse(ASSIGNMENT_SOLUTION).to_rows()
    return [(board, puzzle, solution) for board in boards()[:2] + [solution]]


allowed_cells = register(
    Exercise(
        name="allowed_cells",
        reference=reference_allowed,
        cases=lambda: [(g, n) for g in boards() for n in range(1, len(g) + 1)],
        hint="an empty cell (0) where st.can_place(grid, row, col, number) is True.",
    )
)

count_moves = register(
    Exercise(
        name="count_moves",
        reference=reference_count,
        cases=streams,
        hint="count the changes whose .kind is 'entry' or 'marks'; other kinds are not moves.",
    )
)

check_entries = register(
    Exercise(
        name="check_entries",
        reference=reference_check,
        cases=check_cases,
        hint="skip blanks and givens (puzzle[r][c] != 0); compare the rest with the solution.",
    )
)

__all__ = ["allowed_cells", "check_entries", "count_moves"]
