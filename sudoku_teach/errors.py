"""One family of named errors, each with a message that says what went wrong and where.

Catch `SudokuError` to handle them all. The ones about bad input are also `ValueError`s,
so code written for plain Python keeps working.
"""

from __future__ import annotations


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
