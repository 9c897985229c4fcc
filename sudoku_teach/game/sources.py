"""Where a game's puzzles, solutions and hints come from: one small function for each.

The game calls other parts of the package (levels from the generator, the hint finder)
only through these functions, so a change there is one line here. Whether a puzzle can be
played, and its solution, is `fast.proper_solution`, the package's one answer to that.
"""

from __future__ import annotations

from .. import generate
from ..errors import RequestError, SudokuError
from ..formats import shortened, symbol
from ..grid import Grid
from ..rating import LEVELS, check_level  # LEVELS: the levels a new game can ask for
from ..rule_solver import next_step
from ..shape import CLASSIC, Cell, Shape, is_whole
from ..steps import Step

__all__ = ["LEVELS", "SEEDS", "Hint", "explained_step", "hint_for", "puzzle_for"]

Hint = tuple["Cell | None", "int | None", str]
"""A hint: the cell it is about, the number to put there (None: nothing to place), and why."""


SEEDS = 2**63 - 1
"""The largest seed a game takes, either way (from -SEEDS to SEEDS): what a save holds."""


def puzzle_for(level: str, seed: int, shape: Shape = CLASSIC) -> Grid:
    """A new puzzle at a level (see `rating` for what each level needs), the same for a seed."""
    check_level(level)
    if is_whole(seed) and not -SEEDS <= seed <= SEEDS:  # a game that could not be restored
        raise RequestError(f"a game's seed is a whole number from {-SEEDS:,} to {SEEDS:,},"
                           f" not {shortened(str(seed))}")
    return generate.puzzle_at_level(level, seed, shape)


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
                f"({cell[0]}, {cell[1]}) holds {symbol(board[cell])},"
                f" which is not right: clear it first",
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
                f"no rule of the helper finds the next number"
                f" here; the solution has {symbol(value)}"
                f" at ({cell[0]}, {cell[1]})"
            ),
        )
    return getattr(step, "cell", None), step.value, step.explain()
