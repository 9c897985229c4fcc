"""Which SAT solver for notebook 09: pycosat against python-sat on the same Sudoku clauses.

    python benchmarks/bench_sat_choice.py ../shared/puzzles/top95.txt ../shared/puzzles/hard375.txt

python-sat is not a dependency (pycosat was chosen): install it by hand to run the
comparison (`pip install python-sat`). Every answer is checked by `rules.check_rules`
and against the fast solver. Times are medians per puzzle, in milliseconds, for solving
once and for proving uniqueness (solve, rule the answer out, solve again).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import pycosat

from sudoku_teach import fast
from sudoku_teach.grid import Grid, load_puzzles
from sudoku_teach.reductions import sat
from sudoku_teach.rules import check_rules

Solver = Callable[[list[list[int]]], list[int] | None]


def with_pycosat(clauses: list[list[int]]) -> list[int] | None:
    """pycosat's answer: the model, or None when unsatisfiable."""
    model = pycosat.solve(clauses)
    return None if model == "UNSAT" else model


def pysat_solver(name: str) -> Solver:
    """A python-sat solver by name (Minisat22, Glucose4, Cadical153), one fresh per call."""
    from pysat.solvers import Solver as PySolver

    def run(clauses: list[list[int]]) -> list[int] | None:
        with PySolver(name=name, bootstrap_with=clauses) as solver:
            return solver.get_model() if solver.solve() else None

    return run


def unique(grid: Grid, solver: Solver) -> tuple[Grid, bool]:
    """The solution and whether it is the only one, by the solver given."""
    clauses = sat.puzzle_clauses(grid)
    model = solver(clauses)
    assert model is not None
    solution = sat.grid_of(grid, model)
    return solution, solver([*clauses, sat.ruling_out(grid, solution)]) is None


def main(paths: list[str]) -> None:
    """Time every solver on the same puzzles; print medians and check every answer."""
    puzzles = [grid for path in paths for grid in load_puzzles(path)][::5]
    solvers: dict[str, Solver] = {"pycosat": with_pycosat}
    try:
        for name in ("minisat22", "glucose4", "cadical153"):
            solvers[f"python-sat {name}"] = pysat_solver(name)
    except ImportError:
        print("python-sat is not installed: pycosat alone")
    print(f"{len(puzzles)} puzzles (every 5th of {', '.join(paths)})")
    for name, solver in solvers.items():
        times = []
        for grid in puzzles:
            start = time.perf_counter()
            solution, only = unique(grid, solver)
            times.append(time.perf_counter() - start)
            check_rules(solution)
            assert only and solution == fast.solve(grid).solution
        print(f"{name:24} median {1000 * statistics.median(times):6.1f} ms,"
              f" max {1000 * max(times):6.1f} ms (solve + prove unique)")


if __name__ == "__main__":
    main(sys.argv[1:] or ["../shared/puzzles/top95.txt", "../shared/puzzles/hard375.txt"])
