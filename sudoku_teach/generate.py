"""Making Sudoku: full grids first, then puzzles carved out of them.

This module gathers the generators in one place; each idea lives in its own module:

* `grids` - full grids by recursive filling (`full_grid`, `fill_recursive`) and by random
  filling with row backtracking (`fill_by_rows`), with traces, counts and bias measures;
* `template` - full grids by renaming the numbers of one template grid (and moving its
  rows, columns and bands), and how many different grids that can reach;
* `puzzles` - digging a proper puzzle out of a full grid (`dig`), and the blind way.

`new_puzzle` and `random_puzzle` put them together from one seed. Randomness is always
seedable: pass a seed (an int) or your own `random.Random`; the same seed gives the same
grid and the same puzzle on every run and every machine.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from . import grids, puzzles, template  # so that `generate.template.orbit_size(...)` works
from .grid import Grid, GridLike
from .grids import GridRun, Seed, fill_by_rows, fill_recursive, full_grid, make_rng
from .puzzles import check_givens, dig
from .shape import CLASSIC, Shape
from .template import relabelled

__all__ = [
    "GRID_MAKERS", "GRID_METHODS", "MethodReport", "Seed", "compare_grid_methods", "full_grid",
    "grids", "make_puzzle", "make_rng", "new_full_grid", "new_puzzle", "puzzles",
    "random_puzzle", "template",
]

GRID_MAKERS: dict[str, Callable[[random.Random, Shape], GridRun]] = {
    "recursive": lambda rng, shape: fill_recursive(rng, shape),
    "template": lambda rng, shape: relabelled(rng, shape, moves=True),
    "rows": lambda rng, shape: fill_by_rows(rng, shape, back="row"),
    "rows, back a cell": lambda rng, shape: fill_by_rows(rng, shape, back="cell"),
}
"""Each way to make a full grid, by name: a random generator and a shape in, a run out."""

GRID_METHODS = ("recursive", "template", "rows")
"""The methods `new_puzzle` and `sudoku-teach generate` offer (the first three makers)."""

ATTEMPTS = 50
"""Full grids tried before giving up on a target number of givens that digging cannot reach."""


def new_full_grid(rng_or_seed: Seed, shape: Shape = CLASSIC, method: str = "recursive") -> Grid:
    """A full grid made by one of `GRID_MAKERS` (the grid alone)."""
    if method not in GRID_MAKERS:
        raise ValueError(f"unknown grid method {method!r}: choose one of {', '.join(GRID_MAKERS)}")
    return GRID_MAKERS[method](make_rng(rng_or_seed), shape).grid


def make_puzzle(solution: GridLike, rng_or_seed: Seed) -> Grid:
    """A minimal puzzle with exactly one solution, `solution` (see `puzzles.dig`)."""
    return dig(solution, rng_or_seed)


def random_puzzle(seed: Seed, shape: Shape = CLASSIC) -> Grid:
    """A new minimal puzzle from one seed: a random full grid, then givens removed while unique."""
    rng = make_rng(seed)
    return make_puzzle(full_grid(rng, shape), rng)


def new_puzzle(
    seed: Seed,
    shape: Shape = CLASSIC,
    *,
    method: str = "recursive",
    givens: int | None = None,
    symmetric: bool = False,
) -> Grid:
    """A proper puzzle from one seed, with the options of `sudoku-teach generate`.

    Without `givens` the puzzle is minimal. A target that digging cannot reach from one
    grid (minimal 9x9 puzzles mostly keep 22-27 givens) is tried on up to `ATTEMPTS` grids,
    then refused with a message rather than searched for ever.
    """
    if method not in GRID_METHODS:
        raise ValueError(f"unknown grid method {method!r}: choose one of {', '.join(GRID_METHODS)}")
    check_givens(givens, shape)
    if symmetric and givens is not None and givens % 2 and shape.n_cells % 2 == 0:
        raise ValueError(
            f"a symmetric {shape.size}x{shape.size} puzzle has an even number of givens"
            f" (cells go in pairs and there is no centre cell): ask for {givens + 1}"
        )
    rng = make_rng(seed)
    fewest = shape.n_cells
    for _ in range(ATTEMPTS):
        puzzle = dig(new_full_grid(rng, shape, method), rng, givens=givens, symmetric=symmetric)
        left = sum(1 for v in puzzle.numbers if v)
        if givens is None or left == givens:
            return puzzle
        fewest = min(fewest, left)
    raise ValueError(
        f"no puzzle with {givens} givens in {ATTEMPTS} tries (the fewest reached: {fewest});"
        f" ask for {fewest} or more"
    )


# --- the three grid methods side by side ---------------------------------------------------------


@dataclass
class MethodReport:
    """How one grid method did over many seeded grids."""

    method: str
    grids: int
    median_ms: float
    median_backtracks: float
    bias: float  # see grids.bias: about 1 is as even as chance allows


def compare_grid_methods(
    count: int = 100, seed: int = 0, shape: Shape = CLASSIC
) -> list[MethodReport]:
    """Make `count` grids with each method from one seed: time, backtracks and bias of each."""
    reports = []
    for name, make in GRID_MAKERS.items():
        rng = make_rng(seed)
        runs, times = [], []
        for _ in range(count):
            begin = time.perf_counter()
            runs.append(make(rng, shape))
            times.append(1000 * (time.perf_counter() - begin))
        counts = grids.placement_counts(run.grid for run in runs)
        reports.append(MethodReport(
            name, count, statistics.median(times),
            statistics.median(run.stats.backtracks for run in runs), grids.bias(counts),
        ))
    return reports
