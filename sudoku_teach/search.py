"""Recursive search: the teaching solvers, one backtracking skeleton with a pluggable order.

The skeleton is the source's backtracking: pick an empty cell, try numbers in turn, place
one that its row, column and region allow, go one level deeper, and take it back when
the level below finds no way on. Only the choice of the next cell (and whether the
singles rules fill in the obvious cells after each guess) differs between the solvers:

* `naive` - the source's order: cells 0, 1, 2, ... in reading order, numbers 1..9;
* `mrv` - the empty cell with the fewest candidates first ("minimum remaining values");
* `propagate` - fewest candidates first, and after every guess place what the singles
  force (naked and hidden singles, found by `techniques`); a backtrack takes those back
  together with the guess.

The board is the package's one readable candidate model, `candidates.CandidateGrid`: its
undo log takes a guess back. Each solver counts its work in a `SearchStats` and, on
request, writes a `Trace` of events (see `trace`). A node is one call of the recursive
search: the start, and one for every guess placed. Every search answers with a
`SolveResult` (see `results`); `max_nodes` bounds every call, so no search can run away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .candidates import CandidateGrid
from .errors import SearchLimitReached, UnknownNameError
from .grid import Grid, GridLike, as_grid
from .results import DEFAULT_MAX_NODES, SolveResult, Status, check_at_least_one
from .rules import conflicts
from .shape import Cell
from .techniques import find_hidden_singles, find_naked_singles
from .trace import SearchStats, Trace

# --- the orders: which cell next, and which numbers to try there -----------------------------
Choice = tuple[Cell, Sequence[int]]
"""The cell to fill next and the numbers to try there, in order."""


def reading_order(board: CandidateGrid) -> Choice | None:
    """The source's order: the first empty cell, and every number 1..n (the rules judge)."""
    numbers = board.numbers  # in reading order, 0 for an empty cell
    if 0 not in numbers:
        return None
    return board.shape.cells[numbers.index(0)], board.shape.digits


def fewest_candidates(board: CandidateGrid) -> Choice | None:
    """The empty cell with the fewest candidates (first in reading order on a tie), and those."""
    candidates = board.candidates
    if not candidates:
        return None
    fewest = min(map(len, candidates.values()))
    cell = min(cell for cell, left in candidates.items() if len(left) == fewest)
    return cell, sorted(candidates[cell])


@dataclass(frozen=True)
class Method:
    """A way to search: how to choose the next cell, and whether to apply the singles rules."""

    name: str
    choose: Callable[[CandidateGrid], Choice | None]
    propagate: bool = False
    description: str = ""


METHODS: dict[str, Method] = {
    "naive": Method("naive", reading_order, False, "cells in reading order, numbers 1 to 9"),
    "mrv": Method("mrv", fewest_candidates, False, "fewest candidates first"),
    "propagate": Method(
        "propagate", fewest_candidates, True, "fewest candidates first, singles after each guess"
    ),
}
"""The teaching solvers by name; `solve(puzzle, "mrv")` picks one."""


def get_method(method: str | Method) -> Method:
    """Accept a method's name or a `Method` of your own, and give back the `Method`."""
    if isinstance(method, Method):
        return method
    if method not in METHODS:
        raise UnknownNameError(
            f"unknown search method {method!r}: choose one of {', '.join(METHODS)}"
        )
    return METHODS[method]


# --- the skeleton ----------------------------------------------------------------------------
class Search:
    """One run of the recursive search on one puzzle (use `solve` or `count_solutions`)."""

    def __init__(
        self, puzzle: Grid, method: Method, want: int, trace: bool, max_nodes: int
    ) -> None:
        check_at_least_one("max_nodes", max_nodes)
        self.puzzle = puzzle
        self.method = method
        self.want = want  # stop after this many solutions
        self.max_nodes = max_nodes
        self.board = CandidateGrid(puzzle)
        self.stats = SearchStats()
        self.trace = Trace(puzzle) if trace else None
        self.solutions: list[Grid] = []

    def run(self) -> SolveResult:
        """Search from the start and report how it ended."""
        status: Status = "no solution"
        try:
            self.node(0)
            if self.solutions:
                status = "solved"
        except SearchLimitReached:  # raised below to leave every level at once
            status = "node limit"
        return SolveResult(
            self.method.name, self.puzzle, status, self.solutions, self.stats, self.trace
        )

    def node(self, depth: int) -> bool:
        """Fill the board from here; True when enough solutions are found and the search stops."""
        stats, board, trace = self.stats, self.board, self.trace
        stats.nodes += 1
        if depth > stats.max_depth:
            stats.max_depth = depth
        if depth == 0 and conflicts(self.puzzle):
            return False  # the givens already break a rule: nothing to search
        if self.method.propagate and not self.fill_forced(depth):
            return False
        choice = self.method.choose(board)
        if choice is None:  # no empty cell left
            return self.found(depth)
        cell, numbers = choice
        allowed = board.candidates[cell]  # the source's three checks, as one look-up
        for value in numbers:
            if trace is not None:
                trace.record("try", cell, value, depth)
            if value not in allowed:
                continue
            if stats.nodes >= self.max_nodes:
                raise SearchLimitReached(self.max_nodes, stats)
            mark = board.mark()
            board.place(cell, value)
            if trace is not None:
                trace.record("place", cell, value, depth + 1)
            if self.node(depth + 1):
                return True
            board.undo(mark)
            stats.backtracks += 1
            if trace is not None:
                trace.record("backtrack", cell, value, depth)
        return False

    def found(self, depth: int) -> bool:
        """Keep a solution; True when that makes enough of them."""
        self.solutions.append(self.board.grid)
        if self.trace is not None:
            self.trace.record("solution", None, 0, depth)
        return len(self.solutions) >= self.want

    def fill_forced(self, depth: int) -> bool:
        """Place every number the singles force; False when a cell or a unit has no room left.

        The naked singles are all placed at once, or if there are none the hidden singles:
        the same finders as the solver by rules, taking every step they find, not one.
        """
        board = self.board
        while board.contradiction() is None:
            forced = list(find_naked_singles(board)) or list(find_hidden_singles(board))
            if not forced:
                return True
            for step in forced:
                cell, value = step.cell, step.value
                assert cell is not None and value is not None
                if board.number(cell) == value:
                    continue  # found twice, e.g. as the last place in its row and its region
                if not board.allows(cell, value):
                    return False  # an earlier forced number took its place: a contradiction
                board.place(cell, value)
                if self.trace is not None:
                    self.trace.record("propagate", cell, value, depth)
        return False


# --- the public functions -----------------------------------------------------------------
def solve(
    puzzle: GridLike,
    method: str | Method = "naive",
    *,
    trace: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SolveResult:
    """Solve by recursive search; the input grid is never changed."""
    return Search(as_grid(puzzle), get_method(method), 1, trace, max_nodes).run()


def count_solutions(
    puzzle: GridLike,
    limit: int = 2,
    method: str | Method = "naive",
    *,
    trace: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SolveResult:
    """Search on after the first solution, up to `limit` of them (the source's uniqueness check)."""
    check_at_least_one("limit", limit)
    return Search(as_grid(puzzle), get_method(method), limit, trace, max_nodes).run()
