"""`sudoku-teach solve`: one small function per method, each giving the line to print.

`fast` is the production solver, `sat` the SAT reduction of notebook 09 (`reductions.sat`,
solved by pycosat: no node limit, the way through for the hardest big puzzles), `naive`,
`mrv` and `propagate` the teaching searches of `search`, and `singles` the solver by rules
alone (naked and hidden singles). Every method also says when a puzzle has more than one
solution, and every search but `sat` stops at its node limit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import NamedTuple

from .. import fast, search
from ..errors import SearchLimitReached, named_conflicts
from ..formats import symbol
from ..grid import Grid
from ..reductions import sat
from ..results import Status, count_first
from ..rule_solver import solve_with_rules
from ..rules import conflicts
from ..trace import SearchStats
from .inputs import BROKEN, OK, Inputs, UsageError, emit, with_progress

SINGLES = "naked + hidden singles"
"""The techniques of `solve --method singles`: the assignment's rules and one more."""


def node_limit_text(nodes: int) -> str:
    """The one message for a search that stopped at its node limit."""
    return f"node limit reached ({nodes} nodes), no answer"


class Counted(NamedTuple):
    """How many solutions a count found (no more than its limit), how it ended, its work."""

    found: int
    status: Status
    stats: SearchStats


def solutions_by(
    method: str, grid: Grid, stats: SearchStats, max_nodes: int | None = None
) -> Iterator[Grid]:
    """Every solution, by `fast` (within its node limit) or by `sat` (no node limit)."""
    if method == "sat":
        return sat.solutions(grid, stats)
    return fast.solutions(grid, stats, **({"max_nodes": max_nodes} if max_nodes else {}))


def count_by(method: str, grid: Grid, limit: int, max_nodes: int | None = None) -> Counted:
    """The number of solutions, counting no further than `limit`, by `fast` or `sat`.

    It keeps none of them: however many it counts, the solutions take no memory.
    """
    stats = SearchStats()
    return Counted(*count_first(solutions_by(method, grid, stats, max_nodes), limit), stats)


def several_solutions(grid: Grid) -> bool:
    """Whether a solved puzzle has another solution too (not a proper puzzle).

    At the node limit the count stays below two: we cannot tell, and the answer stands.
    """
    return count_by("fast", grid, 2).found > 1


class Answer(NamedTuple):
    """What `solve` prints for one puzzle: steps, the answer line, exit status, notes for stderr."""

    line: str
    status: int
    notes: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()


AMBIGUOUS = "has more than one solution: this is one of them"


LARGER = "try a larger --max-nodes"
"""What to do at the node limit."""

OR_SAT = f"{LARGER}, or --method sat (a SAT solver, which has no node limit)"
"""What to do when `fast` stops at its node limit (some sparse 25x25 puzzles)."""


def search_answer(
    solution: Grid | None, stats: SearchStats, limit_hit: bool, show: bool, several: bool = False,
    advice: str = LARGER,
) -> Answer:
    """The answer of a search: the solution (is it the only one?), `unsolvable` or the limit."""
    work = f"  {stats}" if show else ""
    if solution is not None and several:
        return Answer(solution.to_string() + work, BROKEN, (AMBIGUOUS,))
    if solution is not None:
        return Answer(solution.to_string() + work, OK)
    if limit_hit:
        return Answer(node_limit_text(stats.nodes) + work, BROKEN, (advice,))
    return Answer("unsolvable" + work, BROKEN)


def solve_counting(method: str, grid: Grid, args: argparse.Namespace) -> Answer:
    """`--method fast|sat`: the production solver or the SAT solver; each searches on for a
    second solution."""
    stats = SearchStats()
    found = solutions_by(method, grid, stats, args.max_nodes)
    try:
        solution = next(found, None)
    except SearchLimitReached:
        return search_answer(None, stats, True, args.stats, advice=OR_SAT)
    work = replace(stats)  # the work of solving, before the search for another solution
    try:
        several = solution is not None and next(found, None) is not None
    except SearchLimitReached:
        several = False  # cannot tell within the limit; the answer printed stands
    return search_answer(solution, work, False, args.stats, several)


def solve_by_search(method: str, grid: Grid, args: argparse.Namespace) -> Answer:
    """`--method naive|mrv|propagate`: a teaching solver of `search`."""
    limit = {"max_nodes": args.max_nodes} if args.max_nodes else {}
    result = search.solve(grid, method, **limit)
    limit_hit = result.status == "node limit"
    several = result.solution is not None and several_solutions(grid)
    return search_answer(result.solution, result.stats, limit_hit, args.stats, several,
                         f"{LARGER}, or --method fast (the package's own solver, far quicker)")


def solve_by_singles(grid: Grid, args: argparse.Namespace) -> Answer:
    """`--method singles`: rules only; the grid, or `stuck`, with the steps on request."""
    result = solve_with_rules(grid, SINGLES)
    steps = tuple(
        f"{s.row} {s.col} {symbol(s.value or 0)} {s.rule}" for s in result.steps
    ) if args.steps else ()
    line = result.grid.to_string() if result.solved else result.status
    if args.stats:
        counts = " ".join(f"{rule.split()[0]}={n}" for rule, n in result.technique_counts().items())
        line += f"  steps={len(result.steps)} {counts}"
    if result.solved:
        return Answer(line, OK, steps=steps)
    notes = (result.summary(), f"grid so far: {result.grid.to_string()}")
    return Answer(line, BROKEN, notes, steps)


Solver = Callable[[Grid, argparse.Namespace], Answer]
SOLVERS: dict[str, Solver] = {
    "fast": partial(solve_counting, "fast"),
    "sat": partial(solve_counting, "sat"),
    "naive": partial(solve_by_search, "naive"),
    "mrv": partial(solve_by_search, "mrv"),
    "propagate": partial(solve_by_search, "propagate"),
    "singles": solve_by_singles,
}
"""The methods `solve --method` offers."""

COUNTERS = ("fast", "sat")
"""The methods `count --method` offers."""

OPTION_METHODS = {
    "steps": ("--steps", {"singles"}),
    "max_nodes": ("--max-nodes", {"fast", "naive", "mrv", "propagate"}),
}
"""Options that only some methods use: giving them to another method is an error."""


def check_options(args: argparse.Namespace, options: dict[str, tuple[str, set[str]]]) -> None:
    """Refuse an option the chosen method would silently ignore."""
    for option, (flag, methods) in options.items():
        if getattr(args, option) and args.method not in methods:
            raise UsageError(
                f"{flag} works only with --method {' or '.join(sorted(methods))},"
                f" not with --method {args.method}"
            )


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each puzzle with the chosen method; the worst status of all puzzles is returned."""
    check_options(args, OPTION_METHODS)
    inputs = Inputs(args.puzzles, args.skip_bad)
    status = OK
    for label, grid in with_progress(inputs):
        broken = conflicts(grid)
        if broken:  # no method can solve it: say why once, for all of them
            emit("unsolvable")
            reasons = named_conflicts(broken)
            print(f"{label}: the givens break the rules: {reasons}", file=sys.stderr)
            status = BROKEN
            continue
        answer = SOLVERS[args.method](grid, args)
        for step in answer.steps:
            print(step)
        emit(answer.line)
        for note in answer.notes:
            print(f"{label}: {note}", file=sys.stderr)
        status = max(status, answer.status)
    return inputs.finish(status)


