"""Full grids made by filling cells one by one, each run told in the same `Trace` as the solvers.

Two of the source material's methods fill an empty grid cell by cell in reading order:

* `fill_recursive` - the Java article: a fresh shuffled 1..n for each cell, the first
  number that fits, recurse; when nothing fits, undo and try the next number one cell back;
* `fill_by_rows` - the DevX article: a random number for each cell, drawn again until one
  fits; when every number has failed, go back a whole row (`back="row"`), or only one cell
  (`back="cell"`, the improvement the article suggests).

The third method, renaming the numbers of a template grid, is in `template`.

Big grids (16x16, 25x25) are out of reach of plain filling in reading order (25x25 runs
for minutes); `fill_by_solver` fills their diagonal regions at random and lets the fast
solver finish, and `full_grid` uses it above 9x9.

Each run counts its work in a `SearchStats` and can write a `Trace`: `try` for a number
considered, `place` when it fits (the depth is the number of filled cells), `backtrack`
for every number taken out again, `solution` at the end. So `plots.plot_depth` draws a
filling exactly as it draws a search. `placement_counts` and `bias` measure how evenly
numbers land on cells over many grids.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import RequestError, SeedError, UnknownNameError
from ..fast import bit_of
from ..grid import Grid
from ..shape import CLASSIC, Shape, check_shape
from ..trace import SearchStats, Trace

Seed = int | random.Random
"""A seed (an int) or a random generator: what every generator here accepts as randomness."""

MAX_STEPS = 2_000_000
"""A bound on the numbers tried by one filling, so that no run can go on for ever."""


def make_rng(rng_or_seed: Seed) -> random.Random:
    """A random generator: the one given, or a new one started from the seed.

    The one place a seed becomes a generator (the generators, the game, worksheets and the
    command line all come here). Python's `random.Random(-7)` is `random.Random(7)` (it
    keeps only the seed's size), so a negative seed starts from its text instead ("-7",
    which Python turns into a number of its own): -7 and 7 give different puzzles, and
    every seed from 0 up gives the same puzzles as `random.Random(seed)`.
    """
    if isinstance(rng_or_seed, random.Random):
        return rng_or_seed
    if isinstance(rng_or_seed, bool) or not isinstance(rng_or_seed, int):
        raise SeedError(f"expected an int seed or a random.Random, got {rng_or_seed!r}")
    return random.Random(rng_or_seed if rng_or_seed >= 0 else str(rng_or_seed))


@dataclass
class GridRun:
    """One full grid and how it was made: the method, the work done, the trace if asked."""

    method: str
    grid: Grid
    stats: SearchStats
    trace: Trace | None = None


class Filler:
    """A grid being filled cell by cell, counting (and on request tracing) every step."""

    def __init__(self, shape: Shape, trace: bool) -> None:
        self.shape = shape
        self.numbers = [0] * shape.n_cells
        self.stats = SearchStats(nodes=1)  # the empty grid is the first node
        self.trace = Trace(Grid(self.numbers, shape)) if trace else None
        self.depth = 0  # filled cells
        # The numbers each row, column and region holds, as bit sets (number v at bit v-1:
        # `fast.bit_of`, the package's one convention):
        # "does it fit?" is then one look at three ints instead of a scan of 27 cells.
        n = shape.size
        self.units = [(r, n + c, 2 * n + shape.region_index(r, c)) for r, c in shape.cells]
        self.held = [0] * (3 * n)

    def fits(self, index: int, number: int) -> bool:
        """Whether `number` is still missing from the row, column and region of a cell."""
        if self.trace is not None:
            self.trace.record("try", self.shape.cells[index], number, self.depth)
        row, col, region = self.units[index]
        held = self.held
        return not (held[row] | held[col] | held[region]) & bit_of(number)

    def put(self, index: int, number: int) -> None:
        """Fill a cell: one level deeper."""
        self.numbers[index] = number
        for unit in self.units[index]:
            self.held[unit] |= bit_of(number)
        self.depth += 1
        self.stats.nodes += 1
        self.stats.max_depth = max(self.stats.max_depth, self.depth)
        if self.trace is not None:
            self.trace.record("place", self.shape.cells[index], number, self.depth)

    def take_back(self, index: int) -> None:
        """Empty a filled cell again: one level back up."""
        number, self.numbers[index] = self.numbers[index], 0
        for unit in self.units[index]:
            self.held[unit] &= ~bit_of(number)
        self.depth -= 1
        self.stats.backtracks += 1
        if self.trace is not None:
            self.trace.record("backtrack", self.shape.cells[index], number, self.depth)

    def finish(self, method: str) -> GridRun:
        """The full grid, with the work it took."""
        if self.trace is not None:
            self.trace.record("solution", None, 0, self.depth)
        return GridRun(method, Grid(self.numbers, self.shape), self.stats, self.trace)


# --- recursive filling ----------------------------------------------------------------------
def fill_recursive(rng_or_seed: Seed, shape: Shape = CLASSIC, *, trace: bool = False) -> GridRun:
    """Cells in reading order, a fresh shuffled 1..n per cell, undo and try on when stuck."""
    rng = make_rng(rng_or_seed)
    filler = Filler(shape, trace)
    if not fill_from(filler, 0, rng):  # pragma: no cover - an empty grid always fills
        raise RuntimeError("recursive filling found no grid")
    return filler.finish("recursive")


def fill_from(filler: Filler, index: int, rng: random.Random) -> bool:
    """Fill cells `index`, `index`+1, ...; False means: back up, nothing fits here."""
    if index == len(filler.numbers):
        return True
    numbers = list(filler.shape.digits)
    rng.shuffle(numbers)  # without shuffling, every run would build the same grid
    for number in numbers:
        if filler.fits(index, number):
            filler.put(index, number)
            if fill_from(filler, index + 1, rng):
                return True
            filler.take_back(index)
    return False


def full_grid(rng_or_seed: Seed, shape: Shape = CLASSIC) -> Grid:
    """A random complete grid (the grid alone): recursive filling, or `fill_by_solver` above 9x9."""
    shape = check_shape(shape)
    if shape.size > 9:
        return fill_by_solver(rng_or_seed, shape).grid
    return fill_recursive(rng_or_seed, shape).grid


SOLVER_NODES = 3000
"""Nodes the fast solver may spend completing one set of random diagonal regions."""


def fill_by_solver(rng_or_seed: Seed, shape: Shape = CLASSIC) -> GridRun:
    """Random numbers in the regions on the diagonal, then the fast solver fills the rest.

    The diagonal regions share no row or column, so any shuffles of 1..n fit there. The
    solver's time has a long tail on 25x25 (most starts take a few hundred nodes, a few
    take minutes), so a start that needs more than `SOLVER_NODES` nodes is dropped for a
    new one: restarting is much quicker than waiting.
    """
    from ..fast import solve  # here, not at the top: `fast` is the heavier module

    rng = make_rng(rng_or_seed)
    n, stats = shape.size, SearchStats()
    for _ in range(MAX_STEPS):
        cells = [0] * shape.n_cells
        for k in range(min(shape.box_rows, shape.box_cols)):
            numbers = list(shape.digits)
            rng.shuffle(numbers)
            region = shape.regions[shape.region_index(k * shape.box_rows, k * shape.box_cols)]
            for (r, c), number in zip(region.cells, numbers):
                cells[r * n + c] = number
        result = solve(Grid(cells, shape), SOLVER_NODES)
        stats.nodes += result.stats.nodes
        stats.backtracks += result.stats.backtracks
        if result.solution is not None:
            return GridRun("solver", Grid(result.solution.numbers, shape), stats)
    raise RuntimeError("the solver found no grid")  # pragma: no cover - never seen


# --- random filling with row backtracking ----------------------------------------------------
BACK_STEPS = ("row", "cell")


def fill_by_rows(
    rng_or_seed: Seed, shape: Shape = CLASSIC, *, back: str = "row", trace: bool = False
) -> GridRun:
    """The DevX generator: random numbers per cell; when one cell has none left, go back.

    `back="row"` is the article's way: empty the current row and the one above, and fill
    both again from scratch. `back="cell"` is the improvement it suggests: empty only the
    cell before, which then tries a number it has not tried yet.
    """
    if back not in BACK_STEPS:
        raise UnknownNameError(f"back must be one of {', '.join(BACK_STEPS)}, not {back!r}")
    rng = make_rng(rng_or_seed)
    filler = Filler(shape, trace)
    n = shape.size
    tried: list[set[int]] = [set() for _ in filler.numbers]  # numbers that failed at each cell
    index, steps = 0, 0
    while index < len(filler.numbers):
        steps += 1
        if steps > MAX_STEPS:  # pragma: no cover - never seen; a guard against hanging
            raise RuntimeError(f"row filling gave up after {MAX_STEPS} steps")
        left = [number for number in shape.digits if number not in tried[index]]
        if not left:  # every number failed here: go back
            start = index - 1 if back == "cell" else max(index // n - 1, 0) * n
            for cell in range(index - 1, start - 1, -1):
                filler.take_back(cell)
            for cell in range(start + (back == "cell"), index + 1):
                tried[cell] = set()  # these cells start afresh; a cell stepped back to does not
            index = start
            continue
        number = rng.choice(left)  # as likely as the source's "draw 1-9 until untried"
        tried[index].add(number)
        if filler.fits(index, number):
            filler.put(index, number)
            index += 1
    return filler.finish(f"rows (back one {back})")


# --- bias: how evenly do numbers land on cells? -----------------------------------------------
def placement_counts(grids: Iterable[Grid]) -> list[list[int]]:
    """For each cell (reading order), how often each number 1..n landed there."""
    counts: list[list[int]] | None = None
    for grid in grids:
        if counts is None:
            counts = [[0] * grid.size for _ in grid.numbers]
        for cell, number in enumerate(grid.numbers):
            counts[cell][number - 1] += 1
    if counts is None:
        raise RequestError("placement_counts needs at least one grid")
    return counts


def bias(counts: list[list[int]]) -> float:
    """A chi-square statistic of the counts against "every number equally likely in every cell".

    Divided by its degrees of freedom (cells x (n - 1)), so that about 1 means "as even as
    chance allows" and much more than 1 means that some numbers favour some cells.
    Note what it cannot see: renaming one template grid puts every number in every cell
    equally often too, yet reaches only a sliver of all grids (see `template`).
    """
    n = len(counts[0])
    total = sum(counts[0])
    expected = total / n
    statistic = sum((seen - expected) ** 2 / expected for cell in counts for seen in cell)
    return statistic / (len(counts) * (n - 1))
