"""Making Sudoku: full grids first, then puzzles carved out of them.

The generator layer: it uses the model (grids, rules, the fast solver, the rater) and is
used by the game, the views and the commands.

This module gathers the generators in one place; each idea lives in its own module:

* `grids` - full grids by recursive filling (`full_grid`, `fill_recursive`) and by random
  filling with row backtracking (`fill_by_rows`), with traces, counts and bias measures;
* `template` - full grids by renaming the numbers of one template grid (and moving its
  rows, columns and bands), and how many different grids that can reach;
* `puzzles` - digging a proper puzzle out of a full grid (`dig`), and the blind way.

`new_puzzle` and `random_puzzle` put them together from one seed; `puzzle_at_level` makes
a puzzle at a level of `rating` (easy, medium, hard, expert). Randomness is always
seedable: pass a seed (an int) or your own `random.Random`; the same seed gives the same
grid and the same puzzle on every run and every machine.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..candidates import CandidateGrid
from ..errors import RequestError, UnknownNameError
from ..grid import Grid, GridLike
from ..rating import LEVEL_TECHNIQUES, LEVELS, check_level, level_of
from ..results import check_at_least_one
from ..rule_solver import first_step, take_step, technique_list
from ..shape import CLASSIC, Cell, Shape, check_shape
from . import grids, puzzles, template  # so that `generate.template.orbit_size(...)` works
from .grids import GridRun, Seed, fill_by_rows, fill_by_solver, fill_recursive, full_grid, make_rng
from .puzzles import check_givens, dig
from .template import relabelled

__all__ = [
    "GRID_MAKERS", "GRID_METHODS", "MethodReport", "Seed", "compare_grid_methods", "full_grid",
    "grids", "make_puzzle", "make_rng", "new_full_grid", "new_puzzle", "puzzles",
    "puzzle_at_level", "random_puzzle", "template",
]

GRID_MAKERS: dict[str, Callable[[random.Random, Shape], GridRun]] = {
    # recursive filling cannot reach 25x25 in reading order: big grids use the solver
    "recursive": lambda rng, shape: (
        fill_by_solver(rng, shape) if shape.size > 9 else fill_recursive(rng, shape)
    ),
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
    shape = check_shape(shape)
    if method not in GRID_MAKERS:
        raise UnknownNameError(
            f"unknown grid method {method!r}: choose one of {', '.join(GRID_MAKERS)}"
        )
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
        raise UnknownNameError(
            f"unknown grid method {method!r}: choose one of {', '.join(GRID_METHODS)}"
        )
    shape = check_shape(shape)
    check_request(givens, symmetric, shape, method)
    rng = make_rng(seed)
    fewest = shape.n_cells
    for _ in range(ATTEMPTS):
        puzzle = dig(new_full_grid(rng, shape, method), rng, givens=givens, symmetric=symmetric)
        left = sum(1 for v in puzzle.numbers if v)
        if givens is None or left == givens:
            return puzzle
        fewest = min(fewest, left)
    raise RequestError(
        f"no puzzle with {givens} givens in {ATTEMPTS} tries (the fewest reached: {fewest});"
        f" ask for {fewest} or more"
    )


def check_request(
    givens: int | None, symmetric: bool, shape: Shape, method: str = "recursive"
) -> None:
    """Refuse a number of givens no proper puzzle has, or an odd one that symmetry rules out."""
    check_givens(givens, shape)
    if method == "rows" and shape.size > 9:
        raise RequestError(
            f"the rows method cannot fill a {shape.size}x{shape.size} grid in reasonable time:"
            " use recursive (big grids are filled by the solver) or template"
        )
    if symmetric and givens is not None and givens % 2 and shape.n_cells % 2 == 0:
        raise RequestError(
            f"a symmetric {shape.size}x{shape.size} puzzle has an even number of givens"
            f" (cells go in pairs and there is no centre cell): ask for {givens + 1}"
        )


# --- puzzles at a level -------------------------------------------------------------------------
LEVEL_ATTEMPTS = {6: 2000}
"""Full grids tried for a puzzle at a level before giving up with a message, by size.

100 unless listed: about 1 in 6 tries makes a hard 9x9 puzzle. A hard 6x6 puzzle is
rare (about 1 try in 300), so 6x6 gets more tries; they are quick (about 4 ms each).
"""

HARDEST_LEVEL = {4: "easy"}
"""The hardest level a size reaches, where that is not expert (measured).

Naked singles finished all of 4,000 seeded minimal 4x4 puzzles (and a puzzle with more
givens is only easier), so a 4x4 above easy is refused rather than searched for. Of
1,500 minimal 6x6 puzzles, 11 were hard and 77 expert: 6x6 has every level, like 8x8 and
9x9.
"""


def puzzle_at_level(
    level: str,
    seed: Seed,
    shape: Shape = CLASSIC,
    *,
    givens: int | None = None,
    symmetric: bool = False,
) -> Grid:
    """A proper puzzle at a level ("easy", "medium", "hard" or "expert"), the same for a seed.

    A minimal puzzle first (`dig`): most 9x9 ones need search. Then givens come back from
    the solution, one at a time, until the level's techniques finish it (`add_back`), and
    then up to the target `givens`. The rater checks the level; a grid that misses it is
    replaced by a new one, up to `LEVEL_ATTEMPTS` times, then the request is refused.
    """
    check_level(level)
    shape = check_shape(shape)
    check_request(givens, symmetric, shape)
    hardest = HARDEST_LEVEL.get(shape.size, "expert")
    if LEVELS.index(level) > LEVELS.index(hardest):
        raise RequestError(
            f"no {shape.size}x{shape.size} puzzle is {level}: the {shape.size}x{shape.size}"
            f" puzzles we measured were never harder than {hardest}"
        )
    rng = make_rng(seed)
    attempts = LEVEL_ATTEMPTS.get(shape.size, 100)
    for _ in range(attempts):
        solution = full_grid(rng, shape)
        puzzle = dig(solution, rng, symmetric=symmetric)
        if level != "expert":
            puzzle = add_back(puzzle, solution, rng, LEVEL_TECHNIQUES[level], symmetric)
        if givens is not None:
            puzzle = add_givens(puzzle, solution, rng, givens, level, symmetric)
        if len(puzzle.givens) == (givens or len(puzzle.givens)) and level_of(puzzle) == level:
            return puzzle
    target = "" if givens is None else f" with {givens} givens"
    raise RequestError(
        f"no {level} puzzle{target} in {attempts} tries: ask for"
        f" {'another number of givens' if givens is not None else 'another level'}"
    )


def add_back(
    puzzle: Grid, solution: Grid, rng: random.Random, techniques: str, symmetric: bool
) -> Grid:
    """Give back numbers of the solution until the techniques alone finish the puzzle.

    Solve by the techniques; where they get stuck, give the cell with the most candidates
    (the one the board knows least about; its mirror too if symmetric) and go on from
    there, since a given more can only help. The puzzle keeps just the givens it needs.
    """
    steps = technique_list(techniques)
    board, cells, shape = CandidateGrid(puzzle), list(puzzle.numbers), puzzle.shape
    while board.candidates:
        step = first_step(board, steps)
        if step is not None:
            take_step(board, step)
            continue
        most = max(len(left) for left in board.candidates.values())
        cell = rng.choice([c for c, left in sorted(board.candidates.items()) if len(left) == most])
        for row, col in mirror_group(cell, shape, symmetric):
            if board.number((row, col)) == 0:
                board.place((row, col), solution[row, col])
            cells[row * shape.size + col] = solution[row, col]
    return Grid(cells, shape)


def add_givens(
    puzzle: Grid, solution: Grid, rng: random.Random, givens: int, level: str, symmetric: bool
) -> Grid:
    """More numbers of the solution, in random blank cells, until the puzzle has `givens`.

    A given more can only make a puzzle easier: one that would take it below its level
    is left out, and the next blank cell is tried instead.
    """
    grid, shape = puzzle.copy(), puzzle.shape
    blanks = [cell for cell in shape.cells if not puzzle[cell]]
    rng.shuffle(blanks)
    left = len(puzzle.givens)
    for cell in blanks:
        group = [c for c in mirror_group(cell, shape, symmetric) if not grid[c]]
        if not group or left + len(group) > givens:
            continue
        trial = grid.copy()
        for c in group:
            trial[c] = solution[c]
        if level == "easy" or level_of(trial) == level:  # an easy puzzle stays easy
            grid, left = trial, left + len(group)
    return Grid(grid.numbers, shape)


def mirror_group(cell: Cell, shape: Shape, symmetric: bool) -> list[Cell]:
    """The cell, and its mirror through the centre when the puzzle is symmetric."""
    row, col = cell
    mirror = (shape.size - 1 - row, shape.size - 1 - col)
    return sorted({cell, mirror}) if symmetric else [cell]


# --- the three grid methods side by side ---------------------------------------------------------


@dataclass
class MethodReport:
    """How one grid method did over many seeded grids."""

    method: str
    grids: int
    median_ms: float
    median_backtracks: float
    bias: float  # see grids.bias: about 1 is as even as chance allows
    counts: list[list[int]]  # see grids.placement_counts: how often each number hit each cell


Show = Callable[[range, str], Iterable[int]]
"""Wraps a loop over a range, with a label: a progress bar in a notebook."""


def plainly(numbers: range, label: str) -> Iterable[int]:
    """The numbers as they are: no progress shown."""
    return numbers


def compare_grid_methods(
    count: int = 100, seed: int = 0, shape: Shape = CLASSIC, *, show: Show = plainly
) -> list[MethodReport]:
    """Make `count` grids with each method from one seed: time, backtracks and bias of each.

    `show(range(count), method)` may wrap each method's loop, e.g. in a progress bar."""
    check_at_least_one("count", count)
    reports = []
    for name, make in GRID_MAKERS.items():
        rng = make_rng(seed)
        runs, times = [], []
        for _ in show(range(count), name):
            begin = time.perf_counter()
            runs.append(make(rng, shape))
            times.append(1000 * (time.perf_counter() - begin))
        counts = grids.placement_counts(run.grid for run in runs)
        reports.append(MethodReport(
            name, count, statistics.median(times),
            statistics.median(run.stats.backtracks for run in runs), grids.bias(counts),
            counts,
        ))
    return reports
