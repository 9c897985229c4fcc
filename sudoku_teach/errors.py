"""One family of named errors, each with a message that says what went wrong and where.

Catch `SudokuError` to handle them all. The ones about bad input are also `ValueError`s,
so code written for plain Python keeps working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .shape import Unit
    from .trace import SearchStats


class SudokuError(Exception):
    """Base class of every error this package raises on purpose."""


class ShapeError(SudokuError, ValueError):
    """A region shape or grid size that the package does not support."""


class PuzzleFormatError(SudokuError, ValueError):
    """Text or data that cannot be read as a puzzle; says where the problem is."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.line = line
        self.column = column
        self.source = source
        where = []
        if source:
            where.append(source)
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


class RuleViolation(SudokuError, ValueError):
    """A grid that breaks a rule: the same number twice in one row, column or region."""

    def __init__(self, conflicts: list) -> None:
        self.conflicts = conflicts
        lines = [str(conflict) for conflict in conflicts]
        super().__init__("the grid breaks the rules: " + "; ".join(lines))


class GivenCellError(SudokuError, ValueError):
    """An attempt to change or clear one of the puzzle's given numbers."""


class InvalidMoveError(SudokuError, ValueError):
    """A number that cannot go in a cell: out of range, or already used by a neighbour."""


class PuzzleNotPlayableError(SudokuError, ValueError):
    """A puzzle typed in that cannot be played: no solution, or more than one."""


class SavedGameError(SudokuError, ValueError):
    """A file or text that is not a saved game, or a damaged one: says what is wrong."""


class ContradictionError(SudokuError, ValueError):
    """A board that breaks no rule yet can never be finished: says which cell or unit is stuck.

    Either an empty cell has no candidate (`cell` is set), or a row, column or region still
    needs a number that none of its empty cells can take (`unit` is set).
    """

    def __init__(
        self, message: str, *, cell: tuple[int, int] | None = None, unit: Unit | None = None
    ) -> None:
        self.cell = cell
        self.unit = unit
        super().__init__(message)


class SearchLimitReached(SudokuError):
    """A search stopped at its node limit before it could finish: no answer either way."""

    def __init__(self, limit: int, stats: SearchStats | None = None) -> None:
        self.limit = limit
        self.stats = stats  # the SearchStats so far, when the solver keeps them
        super().__init__(f"the search stopped at its limit of {limit} nodes without finishing")
