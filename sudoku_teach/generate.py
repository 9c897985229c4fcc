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

from . import grids, puzzles, template  # so that `generate.template.orbit_size(...)` works
from .grid import Grid, GridLike
from .grids import Seed, fill_by_rows, fill_recursive, full_grid, make_rng
from .puzzles import check_givens, dig
from .shape import CLASSIC, Shape
from .template import relabelled

__all__ = [
    "GRID_METHODS", "Seed", "full_grid", "grids", "make_puzzle", "make_rng", "new_full_grid",
    "new_puzzle", "puzzles", "random_puzzle", "template",
]

GRID_METHODS = ("recursive", "template", "rows")
"""The ways to make a full grid: recursive filling, template renaming (with the moves),
random filling with row backtracking."""

ATTEMPTS = 50
"""Full grids tried before giving up on a target number of givens that digging cannot reach."""


def new_full_grid(rng_or_seed: Seed, shape: Shape = CLASSIC, method: str = "recursive") -> Grid:
    """A full grid made by one of `GRID_METHODS`."""
    if method == "recursive":
        return fill_recursive(rng_or_seed, shape).grid
    if method == "template":
        return relabelled(rng_or_seed, shape, moves=True).grid
    if method == "rows":
        return fill_by_rows(rng_or_seed, shape).grid
    raise ValueError(f"unknown grid method {method!r}: choose one of {', '.join(GRID_METHODS)}")


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
        left = sum(1 for v in puzzle.cells if v)
        if givens is None or left == givens:
            return puzzle
        fewest = min(fewest, left)
    raise ValueError(
        f"no puzzle with {givens} givens in {ATTEMPTS} tries (the fewest reached: {fewest});"
        f" ask for {fewest} or more"
    )
