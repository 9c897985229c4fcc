"""One family of named errors, each with a message that says what went wrong and where.

Catch `SudokuError` to handle them all. The ones about bad input are also `ValueError`s
(or `TypeError`s, `IndexError`s), so code written for plain Python keeps working.

This is the bottom layer of the package: it imports nothing of the package, not even for
type hints, so that every other module can import it without a cycle. (That is why the
`unit` of a `ContradictionError` and the `stats` of a `SearchLimitReached` are typed
loosely here: they are a `shape.Unit` and a `trace.SearchStats`.)
"""

from __future__ import annotations

from typing import Any


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


NAMED_CONFLICTS = 8
"""The most broken rules a message names: a grid of 81 ones breaks 27, a page of text."""


def named_conflicts(conflicts: list) -> str:
    """The broken rules in one sentence a person reads to the end: the first few, then a count."""
    named = [str(conflict) for conflict in conflicts[:NAMED_CONFLICTS]]
    more = len(conflicts) - NAMED_CONFLICTS
    if more > 0:
        named.append(f"and {more} more broken rule{'s' if more > 1 else ''}")
    return "; ".join(named)


class RuleViolation(SudokuError, ValueError):
    """A grid that breaks a rule: the same number twice in one row, column or region.

    The message names the first `NAMED_CONFLICTS`; `conflicts` holds them all."""

    def __init__(self, conflicts: list) -> None:
        self.conflicts = conflicts
        super().__init__("the grid breaks the rules: " + named_conflicts(conflicts))


class InvalidMoveError(SudokuError, ValueError):
    """Not a move at all: a cell outside the grid, or a number that is not 1..size.

    As in python-chess, this is kept apart from `IllegalMoveError`, a well-formed move
    that the game forbids at this moment.
    """


class IllegalMoveError(SudokuError, ValueError):
    """A well-formed move the game forbids now: on a given, nothing to undo, already solved.

    Kept apart from `InvalidMoveError` (not a move at all), as python-chess keeps its
    `IllegalMoveError` apart from its `InvalidMoveError`. Catch both with `SudokuError`.
    """


class GivenCellError(IllegalMoveError):
    """An attempt to change or clear one of the puzzle's given numbers."""


class CellValueError(PuzzleFormatError, InvalidMoveError):
    """A value that cannot stand in a cell: not a whole number from 0 (blank) to the size.

    Both a `PuzzleFormatError` (data that is not a grid) and an `InvalidMoveError` (not a
    move), because the one check of a cell's value (`Shape.check_value`) serves both.
    """


class NotAPuzzleError(SudokuError, ValueError):
    """A grid that is not a proper puzzle: no solution, or several (a broken rule is a
    `RuleViolation`). `fast.proper_solution` says which, in words."""


class UnknownNameError(SudokuError, ValueError):
    """A name (a level, a method, a style) that is not one of the choices: says which are."""


class RequestError(SudokuError, ValueError):
    """A request no puzzle can meet (16 givens on 9x9, a hard 4x4): says why."""


class SeedError(SudokuError, TypeError):
    """Randomness given as something other than an int seed or a `random.Random`."""


class CandidateError(SudokuError, ValueError):
    """A candidate that is not there to take away, or a cell that has none: says which."""


class StepIndexError(SudokuError, IndexError):
    """A step, page or item number outside the ones there are: says which there are."""


class CellIndexError(SudokuError, IndexError):
    """A cell outside the grid, or not given as (row, column): says which cell and why."""


PuzzleNotPlayableError = NotAPuzzleError
"""The game's older name for a puzzle that cannot be played: no solution, or more than one."""


class OutputError(SudokuError, OSError):
    """A file that could not be written: says which and why (the old file, if any, is kept)."""


class NotebookFileError(SudokuError, ValueError):
    """A submitted file that is not a notebook the grader can read (said plainly, per file)."""


class SavedGameError(SudokuError, ValueError):
    """A file or text that is not a saved game, or a damaged one: says what is wrong."""


class ContradictionError(SudokuError, ValueError):
    """A board that breaks no rule yet can never be finished: says which cell or unit is stuck.

    Either an empty cell has no candidate (`cell` is set), or a row, column or region still
    needs a number that none of its empty cells can take (`unit` is set).
    """

    def __init__(
        self, message: str, *, cell: tuple[int, int] | None = None, unit: Any = None
    ) -> None:
        self.cell = cell
        self.unit = unit
        super().__init__(message)


class SearchLimitReached(SudokuError):
    """A search stopped at its node limit before it could finish: no answer either way."""

    def __init__(self, limit: int, stats: Any = None) -> None:
        self.limit = limit
        self.stats = stats  # the `trace.SearchStats` so far, when the solver keeps them
        super().__init__(f"the search stopped at its limit of {limit} nodes without finishing")
