"""Sudoku as a SAT problem: true/false variables, clauses for the rules, a SAT solver.

The teaching version of notebook 09. A *variable* is a yes/no question, "does number d go
in cell (r, c)?", numbered 1, 2, 3, ... (`variable`). A *literal* is a variable (yes) or
its negative (no). A *clause* is a list of literals of which at least one must be true.
The rules become clauses (`rule_clauses`):

- every cell holds at least one number: ``[x(r,c,1), x(r,c,2), ..., x(r,c,n)]``;
- and at most one: for each two numbers d < e, ``[-x(r,c,d), -x(r,c,e)]``;
- every row, column and region holds each number at least once and at most once, in the
  same way (a list of the n places, and "not both" for each two of them);
- a given is a clause of one literal: ``[x(r,c,d)]``.

A SAT solver finds values that make every clause true (a solution), or proves that none
exist. Uniqueness takes one more clause: "not this solution again", the negatives of the
solution's true variables in the blank cells; if the solver then finds nothing, the
solution was the only one.

The solver is pycosat (Python bindings of Armin Biere's PicoSAT), chosen by measurement in
notebook 09: on the same puzzles it was about as fast as python-sat's MiniSat here, is a
single small package kept by the conda project, and is on both PyPI and conda-forge.
It reports no count of its decisions, so `SolveResult.stats` counts the solver's calls.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..errors import RequestError
from ..grid import Grid, GridLike, as_grid
from ..results import SolveResult, Status, check_at_least_one
from ..shape import CLASSIC, Shape
from ..trace import SearchStats

Clause = list[int]
"""Literals of which at least one must be true: 7 is "variable 7 is true", -7 "is false"."""


def variable(shape: Shape, row: int, col: int, number: int) -> int:
    """The variable "number goes in cell (row, col)": 1 to n * n * n, in reading order."""
    n = shape.size
    return (row * n + col) * n + number


def decode(shape: Shape, var: int) -> tuple[int, int, int]:
    """The (row, col, number) a variable stands for (the inverse of `variable`)."""
    cell, d = divmod(var - 1, shape.size)
    row, col = divmod(cell, shape.size)
    return row, col, d + 1


def exactly_one(literals: list[int]) -> list[Clause]:
    """Clauses saying exactly one of the literals is true: one 'at least', pairs of 'not both'."""
    return [literals] + [[-a, -b] for a, b in itertools.combinations(literals, 2)]


def cell_clauses(row: int, col: int, shape: Shape = CLASSIC) -> list[Clause]:
    """The clauses "cell (row, col) holds exactly one number"."""
    shape.check_cell(row, col)
    return exactly_one([variable(shape, row, col, d) for d in shape.digits])


def rule_clauses(shape: Shape) -> list[Clause]:
    """The rules of Sudoku as clauses: each cell one number, each unit each number once."""
    clauses = []
    for r, c in shape.cells:
        clauses += cell_clauses(r, c, shape)
    for unit in shape.units:
        for d in shape.digits:
            clauses += exactly_one([variable(shape, r, c, d) for r, c in unit.cells])
    return clauses


def given_clauses(grid: Grid) -> list[Clause]:
    """One clause of one literal per given: this number is in this cell."""
    return [
        [variable(grid.shape, r, c, number)]
        for (r, c), number in zip(grid.shape.cells, grid.numbers)
        if number
    ]


def puzzle_clauses(grid: Grid) -> list[Clause]:
    """Everything the solver needs for one puzzle: the rules and the givens."""
    return rule_clauses(grid.shape) + given_clauses(grid)


def grid_of(grid: Grid, model: list[int]) -> Grid:
    """The grid a satisfying assignment describes (its true variables are the placements)."""
    cells = list(grid.numbers)
    for literal in model:
        if literal > 0:
            r, c, d = decode(grid.shape, literal)
            cells[r * grid.size + c] = d
    return Grid(cells, grid.shape, grid.givens)


def ruling_out(grid: Grid, solution: Grid) -> Clause:
    """The clause "not this solution again": some blank cell must hold another number."""
    return [
        -variable(grid.shape, r, c, number)
        for (r, c), given, number in zip(grid.shape.cells, grid.numbers, solution.numbers)
        if not given
    ]


def solutions(grid: GridLike, stats: SearchStats | None = None) -> Iterator[Grid]:
    """Each solution in turn: solve, then add the clause that rules that one out, and again."""
    grid = as_grid(grid)
    stats = SearchStats() if stats is None else stats
    clauses = puzzle_clauses(grid)
    import pycosat  # here, not at the top: the browser's Python (Pyodide) has no pycosat

    while True:
        stats.nodes += 1  # one call of the SAT solver
        model = pycosat.solve(clauses)
        if model == "UNSAT":
            return
        solution = grid_of(grid, model)
        yield solution
        blocking = ruling_out(grid, solution)
        if not blocking:  # a full grid: there is nothing else it could be
            return
        clauses.append(blocking)


MOST_COUNTED = 1_000
"""The largest `limit` of `count_solutions`: the SAT way has no node limit, and each solution
found makes the next call slower (1,000 on an empty 9x9 grid: tens of seconds)."""


def count_solutions(grid: GridLike, limit: int = 2) -> SolveResult:
    """The solutions, counting no further than `limit` (2 answers "is it unique?")."""
    check_at_least_one("limit", limit)
    if limit > MOST_COUNTED:
        raise RequestError(f"the SAT counter counts at most {MOST_COUNTED:,} solutions (each adds"
                           f" a clause and a call of the solver), not {limit:,}: count further"
                           " with fast.count_solutions")
    grid = as_grid(grid)
    stats = SearchStats()
    found = list(itertools.islice(solutions(grid, stats), limit))
    status: Status = "solved" if found else "no solution"
    return SolveResult("sat", grid, status, found, stats)


def solve(grid: GridLike) -> SolveResult:
    """A solution by the SAT solver (the result's `solution`), or none."""
    return count_solutions(grid, 1)
