"""Making Sudoku: full grids first, then puzzles carved out of them.

One function per idea of the source material, so that each can be run, measured and
compared on its own:

* `full_grid` - recursive filling: cells in reading order, numbers tried in a shuffled
  order, backtracking when a cell has no number left (the Java article's generator);
* `make_puzzle` - remove givens one at a time in a shuffled order, and put back any
  removal after which the puzzle no longer has exactly one solution;
* `random_puzzle` - both in a row, from one seed.

Randomness is always seedable: pass a seed (an int) or your own `random.Random`. The same
seed gives the same grid and the same puzzle on every run.
"""

from __future__ import annotations

import random

from .errors import PuzzleFormatError
from .fast import has_unique_solution
from .grid import Grid, GridLike, as_grid
from .rules import check_rules
from .shape import CLASSIC, Shape

Seed = int | random.Random
"""A seed (an int) or a random generator: what every function here accepts as randomness."""


def make_rng(rng_or_seed: Seed) -> random.Random:
    """A random generator: the one given, or a new one started from the seed."""
    if isinstance(rng_or_seed, random.Random):
        return rng_or_seed
    if isinstance(rng_or_seed, bool) or not isinstance(rng_or_seed, int):
        raise TypeError(f"expected an int seed or a random.Random, got {rng_or_seed!r}")
    return random.Random(rng_or_seed)


# --- full grids ---------------------------------------------------------------------------
def full_grid(rng_or_seed: Seed, shape: Shape = CLASSIC) -> Grid:
    """A random complete grid, filled cell by cell with numbers in a shuffled order."""
    rng = make_rng(rng_or_seed)
    cells = [0] * shape.n_cells
    if not fill_from(cells, 0, shape, rng):  # pragma: no cover - an empty grid always fills
        raise RuntimeError("recursive filling found no grid")
    return Grid(cells, shape)


def fill_from(cells: list[int], index: int, shape: Shape, rng: random.Random) -> bool:
    """Fill cells `index`, `index`+1, ... in place; False means: back up, nothing fits here."""
    if index == len(cells):
        return True
    row, col = divmod(index, shape.size)
    numbers = list(shape.digits)
    rng.shuffle(numbers)  # without shuffling, every run would build the same grid
    for number in numbers:
        if fits(cells, row, col, number, shape):
            cells[index] = number
            if fill_from(cells, index + 1, shape, rng):
                return True
    cells[index] = 0  # nothing worked below: clear this cell and let the caller try again
    return False


def fits(cells: list[int], row: int, col: int, number: int, shape: Shape) -> bool:
    """Whether `number` is still missing from the row, column and region of a cell."""
    n = shape.size
    region = shape.region_index(row, col)
    rows, cols = shape.region_rows(region), shape.region_cols(region)
    in_region = (cells[r * n + c] for r in rows for c in cols)
    return (
        number not in cells[row * n : row * n + n]
        and number not in cells[col::n]
        and number not in in_region
    )


# --- puzzles ------------------------------------------------------------------------------
def make_puzzle(solution: GridLike, rng_or_seed: Seed) -> Grid:
    """A puzzle with exactly one solution, `solution`, and no given that could be removed.

    Every cell is tried once, in a shuffled order: its number is removed, and put back if
    the puzzle then has more than one solution. What is left is a *minimal* puzzle.
    """
    solution = as_grid(solution)
    check_full(solution)
    rng = make_rng(rng_or_seed)
    order = list(solution.shape.cells)
    rng.shuffle(order)
    board = Grid(solution.numbers, solution.shape, givens=())  # a scratch board: nothing locked
    for cell in order:
        number, board[cell] = board[cell], 0
        if not has_unique_solution(board):
            board[cell] = number  # removing it allowed a second solution: put it back
    return Grid(board.numbers, solution.shape)  # the numbers left are the givens


def check_full(grid: Grid) -> None:
    """Refuse a grid that is not a complete, rule-abiding solution, saying why."""
    blanks = grid.empty_cells()
    if blanks:
        raise PuzzleFormatError(
            f"a puzzle is made from a complete grid, but {len(blanks)} cells are blank,"
            f" the first at {blanks[0]}"
        )
    check_rules(grid)


def random_puzzle(seed: Seed, shape: Shape = CLASSIC) -> Grid:
    """A new puzzle from one seed: a random full grid, then givens removed while unique."""
    rng = make_rng(seed)
    return make_puzzle(full_grid(rng, shape), rng)
