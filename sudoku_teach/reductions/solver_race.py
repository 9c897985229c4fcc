"""The same puzzles through every solver of the course: answers checked, work counted, time taken.

Notebook 09 compares the lesson's backtracking (`search`), Algorithm X (`exact_cover`),
the SAT solver (`sat`) and the production solver (`fast`). Every answer is checked with
`rules.check_rules`; work is the solver's own count (nodes of a search, calls of the SAT
solver); a search that reaches its node limit is recorded as stopped, so nothing hangs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import fast, search
from ..grid import Grid
from ..results import SolveResult
from ..rules import check_rules
from . import exact_cover, sat

SOLVERS: dict[str, Callable[[Grid, int], SolveResult]] = {
    "backtracking": lambda grid, limit: search.solve(grid, "naive", max_nodes=limit),
    "fewest first": lambda grid, limit: search.solve(grid, "mrv", max_nodes=limit),
    "exact cover": lambda grid, limit: exact_cover.solve(grid, max_nodes=limit),
    "sat": lambda grid, limit: sat.solve(grid),
    "fast": lambda grid, limit: fast.solve(grid, max_nodes=limit),
}
"""Each solver by name, called with a puzzle and a node limit (the SAT solver has none)."""


@dataclass(frozen=True)
class Run:
    """One solver on one puzzle: did it finish, how much work, how long."""

    solver: str
    size: int
    status: str
    nodes: int
    seconds: float


REPEAT_FOR = 0.2
"""A quick run is repeated until this many seconds have passed (at most `MAX_REPEATS` runs)
and its quickest time kept, as `timeit` does: one run of a millisecond is mostly noise."""
MAX_REPEATS = 5


def run(name: str, grid: Grid, max_nodes: int) -> Run:
    """Solve one puzzle with one solver, timing it and checking its answer."""
    times: list[float] = []
    while not times or (sum(times) < REPEAT_FOR and len(times) < MAX_REPEATS):
        start = time.perf_counter()
        result = SOLVERS[name](grid, max_nodes)
        times.append(time.perf_counter() - start)
    seconds = min(times)
    if result.solution is not None:
        check_rules(result.solution)  # a wrong answer is an error, never a data point
    return Run(name, grid.size, result.status, result.stats.nodes, seconds)


def race(
    puzzles: Sequence[Grid], max_nodes: int = 20_000, solvers: Sequence[str] = tuple(SOLVERS)
) -> list[Run]:
    """Every solver on every puzzle, with the same node limit for each search."""
    return [run(name, grid, max_nodes) for grid in puzzles for name in solvers]
