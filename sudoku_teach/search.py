"""Recursive search: the teaching solvers, one backtracking skeleton with a pluggable order.

The skeleton is the source's backtracking: pick an empty cell, try numbers in turn, place
one that its row, column and region allow, go one level deeper, and take it back when
the level below finds no way on. Only the choice of the next cell (and whether the
singles rules fill in the obvious cells after each guess) differs between the solvers:

* `naive` - the source's order: cells 0, 1, 2, ... in reading order, numbers 1..9;
* `mrv` - the empty cell with the fewest survivors first ("minimum remaining values");
* `propagate` - fewest survivors first, and after every guess place what the singles rules
  force (naked and hidden singles); a backtrack takes those back together with the guess.

Each solver counts its work in a `SearchStats` and, on request, writes a `Trace` of
events (see `trace`). A node is one call of the recursive search: the start, and one for
every guess placed. `max_nodes` bounds every call, so no search can run away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from .elimination import candidates
from .errors import SearchLimitReached
from .grid import Grid, GridLike, as_grid
from .rules import conflicts
from .shape import Shape
from .trace import BACKTRACK, PLACE, PROPAGATE, SOLUTION, TRY, SearchStats, Trace

DEFAULT_MAX_NODES = 100_000
"""The node limit of a search unless told otherwise: well under a second of work."""
TRACE_MAX_NODES = 10_000
"""The default limit when tracing: a trace keeps every event in memory (about 10 per node)."""

SOLVED = "solved"
NO_SOLUTION = "no solution"
NODE_LIMIT = "node limit"


# --- the board during a search ------------------------------------------------------------
@cache
def layout(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Each cell's peers and each unit's cells as cell numbers (row * size + col)."""
    n = shape.size
    peers = tuple(tuple(r * n + c for r, c in sorted(shape.peers[cell])) for cell in shape.cells)
    units = tuple(tuple(r * n + c for r, c in unit.cells) for unit in shape.units)
    return peers, units


class SearchBoard:
    """The board a search works on: its numbers, and the survivors of every empty cell.

    Cells are numbered 0, 1, 2, ... in reading order, as in the source. `survivors[cell]`
    is the assignment's set: the numbers that the cell's row, column and region still
    allow. Placing a number strikes it from the survivors of the cell's peers; every
    change goes into an undo log, so a backtrack can put the board back exactly.
    `allows` is the source's three checks (row, column, block) in one quick look-up.
    """

    def __init__(self, grid: Grid) -> None:
        self.size = grid.shape.size
        self.digits = tuple(grid.shape.digits)
        self.peers, self.units = layout(grid.shape)
        self.values = list(grid.cells)
        start = candidates(grid)  # the elimination sets of every empty cell, worked out once
        self.survivors = [set(start.get(cell, ())) for cell in grid.shape.cells]
        self.undo_log: list[tuple[int, int]] = []

    def allows(self, cell: int, value: int) -> bool:
        """Whether the cell is empty and its row, column and region all allow `value`."""
        return self.values[cell] == 0 and value in self.survivors[cell]

    def place(self, cell: int, value: int) -> None:
        """Put a number in a cell and strike it from the survivors of the empty peers."""
        self.values[cell] = value
        self.undo_log.append((cell, 0))  # 0: the cell must be emptied again
        for peer in self.peers[cell]:
            if self.values[peer] == 0 and value in self.survivors[peer]:
                self.survivors[peer].remove(value)
                self.undo_log.append((peer, value))  # value: give it back to the peer

    def mark(self) -> int:
        """A point in the undo log that `undo` can return to."""
        return len(self.undo_log)

    def undo(self, mark: int) -> None:
        """Take back every change made since `mark`, newest first."""
        while len(self.undo_log) > mark:
            cell, value = self.undo_log.pop()
            if value:
                self.survivors[cell].add(value)
            else:
                self.values[cell] = 0

    def empty_cells(self) -> list[int]:
        """The empty cells in reading order."""
        return [cell for cell, value in enumerate(self.values) if value == 0]

    def naked_singles(self) -> list[tuple[int, int]] | None:
        """Empty cells with one survivor, as (cell, value); None if a cell has no survivor."""
        found = []
        for cell in self.empty_cells():
            left = self.survivors[cell]
            if not left:
                return None
            if len(left) == 1:
                found.append((cell, next(iter(left))))
        return found

    def hidden_singles(self) -> list[tuple[int, int]] | None:
        """Numbers with one place left in a unit, as (cell, value); None if one has no place."""
        found = []
        for unit in self.units:
            missing = set(self.digits) - {self.values[cell] for cell in unit}
            for value in sorted(missing):
                places = [c for c in unit if self.values[c] == 0 and value in self.survivors[c]]
                if not places:
                    return None
                if len(places) == 1:
                    found.append((places[0], value))
        return found

    def grid(self, like: Grid) -> Grid:
        """The current numbers as a new Grid with the givens of the puzzle `like`."""
        return Grid(self.values, like.shape, like.givens)


# --- the orders: which cell next, and which numbers to try there -----------------------------
Choice = tuple[int, Sequence[int]]
"""The cell to fill next and the numbers to try there, in order."""


def reading_order(board: SearchBoard) -> Choice | None:
    """The source's order: the first empty cell, and every number 1..n (the rules judge)."""
    for cell, value in enumerate(board.values):
        if value == 0:
            return cell, board.digits
    return None


def fewest_candidates(board: SearchBoard) -> Choice | None:
    """The empty cell with the fewest survivors (first in reading order on a tie), and those."""
    empty = board.empty_cells()
    if not empty:
        return None
    cell = min(empty, key=lambda c: len(board.survivors[c]))
    return cell, sorted(board.survivors[cell])


@dataclass(frozen=True)
class Method:
    """A way to search: how to choose the next cell, and whether to apply the singles rules."""

    name: str
    choose: Callable[[SearchBoard], Choice | None]
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
        raise ValueError(f"unknown search method {method!r}: choose one of {', '.join(METHODS)}")
    return METHODS[method]


# --- the result ----------------------------------------------------------------------------
@dataclass
class SearchResult:
    """What a search found: its status, the solutions, the counts and (on request) the trace."""

    method: str
    puzzle: Grid
    status: str  # SOLVED, NO_SOLUTION or NODE_LIMIT
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

    def summary(self) -> str:
        """One line: method, outcome and the work done."""
        outcome = {
            SOLVED: "solved",
            NO_SOLUTION: "no solution",
            NODE_LIMIT: "node limit reached, search stopped",
        }[self.status]
        return f"{self.method} search: {outcome} ({self.stats})"

    def __str__(self) -> str:
        if self.solution is None:
            return self.summary()
        return f"{self.summary()}\n{self.solution.format()}"

    def __repr__(self) -> str:
        return f"<SearchResult {self.summary()}>"


# --- the skeleton ----------------------------------------------------------------------------
class Search:
    """One run of the recursive search on one puzzle (use `solve` or `count_solutions`)."""

    def __init__(
        self, puzzle: Grid, method: Method, want: int, trace: bool, max_nodes: int | None
    ) -> None:
        if max_nodes is None:
            max_nodes = TRACE_MAX_NODES if trace else DEFAULT_MAX_NODES
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be at least 1, not {max_nodes}")
        self.puzzle = puzzle
        self.method = method
        self.want = want  # stop after this many solutions
        self.max_nodes = max_nodes
        self.board = SearchBoard(puzzle)
        self.cell_names = puzzle.shape.cells  # cell number -> (row, col), for the trace
        self.stats = SearchStats()
        self.trace = Trace(puzzle) if trace else None
        self.solutions: list[Grid] = []

    def run(self) -> SearchResult:
        """Search from the start and report how it ended."""
        status = NO_SOLUTION
        try:
            self.node(0)
            if self.solutions:
                status = SOLVED
        except SearchLimitReached:
            status = NODE_LIMIT
        return SearchResult(
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
        for value in numbers:
            if trace is not None:
                trace.record(TRY, self.cell_names[cell], value, depth)
            if not board.allows(cell, value):
                continue
            if stats.nodes >= self.max_nodes:
                raise SearchLimitReached(self.max_nodes, stats)
            mark = board.mark()
            board.place(cell, value)
            if trace is not None:
                trace.record(PLACE, self.cell_names[cell], value, depth + 1)
            if self.node(depth + 1):
                return True
            board.undo(mark)
            stats.backtracks += 1
            if trace is not None:
                trace.record(BACKTRACK, self.cell_names[cell], value, depth)
        return False

    def found(self, depth: int) -> bool:
        """Keep a solution; True when that makes enough of them."""
        self.solutions.append(self.board.grid(self.puzzle))
        if self.trace is not None:
            self.trace.record(SOLUTION, None, 0, depth)
        return len(self.solutions) >= self.want

    def fill_forced(self, depth: int) -> bool:
        """Place every number the singles rules force; False when a cell or unit has no room."""
        board = self.board
        while True:
            forced = board.naked_singles()
            if forced == []:
                forced = board.hidden_singles()
            if forced is None:
                return False
            if not forced:
                return True
            for cell, value in forced:
                if board.values[cell] == value:
                    continue  # found twice, e.g. as the last place in its row and its region
                if not board.allows(cell, value):
                    return False  # an earlier forced number took its place: a contradiction
                board.place(cell, value)
                if self.trace is not None:
                    self.trace.record(PROPAGATE, self.cell_names[cell], value, depth)


# --- the public functions -----------------------------------------------------------------
def solve(
    puzzle: GridLike,
    method: str | Method = "naive",
    *,
    trace: bool = False,
    max_nodes: int | None = None,
) -> SearchResult:
    """Solve by recursive search; the input grid is never changed.

    `max_nodes` defaults to `DEFAULT_MAX_NODES`, or `TRACE_MAX_NODES` with `trace=True`.
    """
    return Search(as_grid(puzzle), get_method(method), 1, trace, max_nodes).run()


def find_solutions(
    puzzle: GridLike,
    limit: int = 2,
    method: str | Method = "naive",
    *,
    trace: bool = False,
    max_nodes: int | None = None,
) -> SearchResult:
    """Search on after the first solution, up to `limit` of them (the source's uniqueness check)."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    return Search(as_grid(puzzle), get_method(method), limit, trace, max_nodes).run()


def count_solutions(
    puzzle: GridLike,
    limit: int = 2,
    method: str | Method = "naive",
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> int:
    """How many solutions, counting no further than `limit`; raises `SearchLimitReached`."""
    result = find_solutions(puzzle, limit, method, max_nodes=max_nodes)
    if result.status == NODE_LIMIT:
        raise SearchLimitReached(max_nodes, result.stats)
    return len(result.solutions)


def solve_naive(
    puzzle: GridLike, *, trace: bool = False, max_nodes: int | None = None
) -> SearchResult:
    """The source's solver: cells in reading order, numbers 1..9, backtrack when none fits."""
    return solve(puzzle, "naive", trace=trace, max_nodes=max_nodes)


def solve_mrv(
    puzzle: GridLike, *, trace: bool = False, max_nodes: int | None = None
) -> SearchResult:
    """The same search, always filling the cell with the fewest survivors next."""
    return solve(puzzle, "mrv", trace=trace, max_nodes=max_nodes)


def solve_propagate(
    puzzle: GridLike, *, trace: bool = False, max_nodes: int | None = None
) -> SearchResult:
    """Fewest survivors first, and the singles rules fill the forced cells after every guess."""
    return solve(puzzle, "propagate", trace=trace, max_nodes=max_nodes)


SOLVERS: dict[str, Callable[..., SearchResult]] = {
    "naive": solve_naive,
    "mrv": solve_mrv,
    "propagate": solve_propagate,
}
"""The teaching solvers as functions, by name (what the benchmark and the notebook loop over)."""
