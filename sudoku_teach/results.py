"""What every solver and counter returns: one `SolveResult`, one `Status`, one node limit.

The teaching solvers (`search.solve`, `search.count_solutions`) and the fast ones
(`fast.solve`, `fast.count_solutions`) all answer with a `SolveResult`: how the search
ended, the solutions it found (a solver stops at one, a counter at its `limit`), the work
it did, and (teaching solvers, on request) the trace of every event.

A search that reaches its node limit is not an error: its status says "node limit", and
the solutions found so far are kept (for a counter, a lower bound of the count).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import RequestError, SearchLimitReached
from .grid import Grid, GridLike
from .shape import is_whole
from .trace import SearchStats, Trace

Status = Literal["solved", "no solution", "node limit"]
"""How a search ended: solutions found (as many as wanted, or all there are), none, or stopped."""

DEFAULT_MAX_NODES = 100_000
"""The node limit of every search unless told otherwise: about a second of teaching search."""


def check_at_least_one(name: str, value: object) -> int:
    """A limit of a search (`limit`, `max_nodes`): a whole number from 1 up, or a `RequestError`."""
    if not is_whole(value) or value < 1:  # type: ignore[operator]
        raise RequestError(f"{name} must be a whole number of at least 1, not {value!r}")
    return value  # type: ignore[return-value]


OUTCOMES: dict[Status, str] = {
    "solved": "solved",
    "no solution": "no solution",
    "node limit": "node limit reached, search stopped",
}


@dataclass
class SolveResult:
    """What a search found: its status, the solutions, the counts and (on request) the trace."""

    method: str
    puzzle: Grid
    status: Status
    solutions: list[Grid] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)
    trace: Trace | None = None

    @property
    def solution(self) -> Grid | None:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def solved(self) -> bool:
        """Whether the search found a solution."""
        return bool(self.solutions)

    @property
    def count(self) -> int:
        """How many solutions were found (a counter stops at its limit; see `status`)."""
        return len(self.solutions)

    def summary(self) -> str:
        """One line: method, outcome and the work done."""
        return f"{self.method} search: {OUTCOMES[self.status]} ({self.stats})"

    def __str__(self) -> str:
        if self.solution is None:
            return self.summary()
        return f"{self.summary()}\n{self.solution.format()}"

    def __repr__(self) -> str:
        return f"<SolveResult {self.summary()}>"


def count_first(
    solutions: Iterable[Grid], limit: int, kept: list[Grid] | None = None
) -> tuple[int, Status]:
    """How many solutions a search yields, no more than `limit`, and how it ended: out of
    solutions, or out of nodes (the search raised `SearchLimitReached`). Only `kept`, when
    given, keeps them: a count alone holds none, so its memory stays flat however high it goes."""
    count = 0
    try:
        for solution in solutions:
            count += 1
            if kept is not None:
                kept.append(solution)
            if count >= limit:
                break
    except SearchLimitReached:
        return count, "node limit"
    return count, "solved" if count else "no solution"


def first_solutions(
    method: str, grid: Grid, solutions: Iterable[Grid], limit: int, stats: SearchStats
) -> SolveResult:
    """The first `limit` solutions a search yields, as a result whose status says how it
    ended (see `count_first`)."""
    found: list[Grid] = []
    _, status = count_first(solutions, limit, found)
    return SolveResult(method, grid, status, found, stats)


def time_each(
    solver: Callable[..., SolveResult], puzzles: Sequence[GridLike], *args: object
) -> tuple[list[SolveResult], float]:
    """`solver(puzzle, *args)` on every puzzle: the results, and the seconds they took together.

    Times depend on the computer; compare two solvers by the ratio of their times.
    """
    start = time.perf_counter()
    found = [solver(puzzle, *args) for puzzle in puzzles]
    return found, time.perf_counter() - start
