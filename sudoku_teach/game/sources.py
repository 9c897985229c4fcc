"""Where a game's puzzles, solutions and hints come from: one small function for each.

The game calls other parts of the package (levels from the generator, the solver, the
hint finder) only through these functions, so a change there is one line here.
"""

from __future__ import annotations

from itertools import islice

from .. import fast, generate
from ..errors import PuzzleNotPlayableError, SudokuError
from ..grid import Grid
from ..rating import LEVELS  # the levels a new game can ask for
from ..rule_solver import next_step
from ..rules import check_rules
from ..shape import CLASSIC, Cell, Shape
from ..steps import Step

Hint = tuple["Cell | None", "int | None", str]
"""A hint: the cell it is about, the number to put there (None: nothing to place), and why."""


def puzzle_for(level: str, seed: int, shape: Shape = CLASSIC) -> Grid:
    """A new puzzle at a level (see `rating` for what each level needs), the same for a seed."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return generate.puzzle_at_level(level, seed, shape)


def first_solutions(grid: Grid, limit: int = 2) -> list[Grid]:
    """Up to `limit` solutions of a grid: the one call of a solver in the game."""
    return list(islice(fast.solutions(grid), limit))


def check_puzzle(puzzle: Grid) -> Grid:
    """The one solution of a puzzle, or an error that says in words why it cannot be played."""
    check_rules(puzzle)  # RuleViolation names the units and cells
    found = first_solutions(puzzle)
    if not found:
        raise PuzzleNotPlayableError(
            "this puzzle has no solution: no rule is broken yet, but the empty cells"
            " can never all be filled"
        )
    if len(found) > 1:
        cell = next(c for c in puzzle.empty_cells() if found[0][c] != found[1][c])
        raise PuzzleNotPlayableError(
            "this puzzle has more than one solution (for example, cell"
            f" ({cell[0]}, {cell[1]}) can be {found[0][cell]} or {found[1][cell]}):"
            " add givens until only one is left"
        )
    return found[0]


def explained_step(board: Grid) -> Step | None:
    """The next step the rules can prove on this board: the one call of the hint finder."""
    return next_step(board)


def hint_for(board: Grid, solution: Grid) -> Hint:
    """What to tell a player who asks for help: fix a wrong entry, or the next proved step."""
    for cell in board.shape.cells:
        if board[cell] and board[cell] != solution[cell]:
            return (
                cell,
                None,
                f"({cell[0]}, {cell[1]}) holds {board[cell]}, which is not right: clear it first",
            )
    try:
        step = explained_step(board)
    except SudokuError:
        step = None
    if step is None:
        cell = board.empty_cells()[0]
        value = solution[cell]
        return (
            cell,
            value,
            (
                f"no rule of the helper finds the next number here; the solution has {value}"
                f" at ({cell[0]}, {cell[1]})"
            ),
        )
    return getattr(step, "cell", None), step.value, step.explain()
