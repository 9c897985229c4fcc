"""Full grids from one template: rename the numbers, then move rows, columns and bands.

The "Holiday Sudoku" post keeps one solved grid and renames its numbers with a shuffled
1..9: the number 1 becomes the first of the shuffled list, 2 the second, and so on. It
says that gives "well over 300,000" grids. This module computes how many it really gives,
how many more the moves that keep a grid valid add (swap two rows of one band, two bands,
two columns of one stack, two stacks, and transpose when the regions are square), and
what gives such grids away.

Counting uses the orbit-stabilizer theorem: the grids reachable from a grid G by a group
of changes number |group| / |changes that give back G itself|. Renaming alone is a group
of n! changes and only the identity leaves a full grid as it is (each number appears, so
each renamed number shows), so it reaches exactly n! grids: 362,880 for 9x9.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import permutations, product

from ..errors import RequestError
from ..grid import Grid, GridLike, as_grid
from ..shape import CLASSIC, Shape
from ..trace import SearchStats, Trace
from .grids import GridRun, Seed, make_rng

ALL_9X9_GRIDS = 6_670_903_752_021_072_936_960
"""Every valid 9x9 grid (Felgenhauer and Jarvis, 2005): the number to compare with."""

Order = tuple[int, ...]
"""A new order of rows (or columns): position i takes old row order[i]."""


def template_grid(shape: Shape = CLASSIC) -> Grid:
    """The simplest solved grid: each row is the one above shifted (by a region's width, or by
    one at the start of a band). It is the kind of template the post starts from."""
    rows, cols, n = shape.box_rows, shape.box_cols, shape.size
    return Grid(
        [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)], shape
    )


def relabel(grid: GridLike, numbers: Sequence[int]) -> Grid:
    """Rename every number: number v becomes `numbers[v - 1]` (blanks stay blank)."""
    grid = as_grid(grid)
    return Grid([numbers[v - 1] if v else 0 for v in grid.numbers], grid.shape)


def relabelled(
    rng_or_seed: Seed, shape: Shape = CLASSIC, *, moves: bool = False, trace: bool = False
) -> GridRun:
    """The post's method: the template with its numbers renamed by a shuffled 1..n.

    With `moves=True`, also a random order of bands, of rows within each band, of stacks,
    of columns within each stack, and a transpose half of the time (square regions only).
    The trace shows every number written at depth 0: there is nothing to search.
    """
    rng = make_rng(rng_or_seed)
    numbers = list(shape.digits)
    rng.shuffle(numbers)
    grid = relabel(template_grid(shape), numbers)
    if moves:
        flip = can_transpose(shape) and rng.random() < 0.5
        grid = rearrange(grid, random_order(rng, shape.box_cols, shape.box_rows),
                         random_order(rng, shape.box_rows, shape.box_cols), flip)
    run = GridRun("template" + (" with moves" if moves else ""), grid, SearchStats(nodes=1))
    if trace:
        run.trace = Trace(Grid([0] * shape.n_cells, shape))
        for cell, number in zip(shape.cells, grid.numbers):
            run.trace.record("propagate", cell, number, 0)
        run.trace.record("solution", None, 0, 0)
    return run


# --- the moves that keep a grid valid ---------------------------------------------------------
def can_transpose(shape: Shape) -> bool:
    """Transposing keeps a grid valid only when its regions are square (not for 6x6)."""
    return shape.box_rows == shape.box_cols


def random_order(rng: random.Random, groups: int, size: int) -> Order:
    """A random order of `groups` blocks of `size` lines, lines shuffled within each block."""
    blocks = list(range(groups))
    rng.shuffle(blocks)
    order: list[int] = []
    for block in blocks:
        lines = list(range(block * size, block * size + size))
        rng.shuffle(lines)
        order += lines
    return tuple(order)


def block_orders(groups: int, size: int) -> Iterator[Order]:
    """Every order of lines that keeps blocks together: (groups!) x (size!)^groups of them."""
    for blocks in permutations(range(groups)):
        inside = [permutations(range(b * size, b * size + size)) for b in blocks]
        for parts in product(*inside):
            yield tuple(line for part in parts for line in part)


def rearrange(grid: Grid, rows: Order, cols: Order, flip: bool = False) -> Grid:
    """The grid with its rows, then columns put in a new order, then transposed if `flip`."""
    n = grid.size
    cells = grid.numbers
    if flip:
        return Grid([cells[rows[r] * n + cols[c]] for c in range(n) for r in range(n)], grid.shape)
    return Grid([cells[rows[r] * n + cols[c]] for r in range(n) for c in range(n)], grid.shape)


def in_order(n: int) -> Order:
    """The order that changes nothing: 0, 1, ..., n-1."""
    return tuple(range(n))


def swapped(n: int, a: int, b: int, size: int = 1) -> Order:
    """The order 0..n-1 with block a and block b (of `size` lines each) exchanged."""
    order = list(range(n))
    first, second = slice(a * size, a * size + size), slice(b * size, b * size + size)
    order[first], order[second] = order[second], order[first]
    return tuple(order)


def swap_rows(grid: GridLike, a: int, b: int) -> Grid:
    """Swap two rows of the same band (rows through the same regions)."""
    grid = as_grid(grid)
    if a // grid.shape.box_rows != b // grid.shape.box_rows:
        raise RequestError(f"rows {a} and {b} are in different bands: swapping them breaks regions")
    return rearrange(grid, swapped(grid.size, a, b), in_order(grid.size))


def swap_bands(grid: Grid, a: int, b: int) -> Grid:
    """Swap two bands (horizontal strips of regions) as wholes."""
    rows = swapped(grid.size, a, b, grid.shape.box_rows)
    return rearrange(grid, rows, in_order(grid.size))


def swap_columns(grid: Grid, a: int, b: int) -> Grid:
    """Swap two columns of the same stack (columns through the same regions)."""
    if a // grid.shape.box_cols != b // grid.shape.box_cols:
        raise RequestError(f"columns {a} and {b} are in different stacks: swapping breaks regions")
    return rearrange(grid, in_order(grid.size), swapped(grid.size, a, b))


def swap_stacks(grid: Grid, a: int, b: int) -> Grid:
    """Swap two stacks (vertical strips of regions) as wholes."""
    cols = swapped(grid.size, a, b, grid.shape.box_cols)
    return rearrange(grid, in_order(grid.size), cols)


def transpose(grid: Grid) -> Grid:
    """Rows become columns (only for square regions)."""
    if not can_transpose(grid.shape):
        raise RequestError(f"a {grid.size}x{grid.size} grid with {grid.shape.box_rows}x"
                         f"{grid.shape.box_cols} regions is not valid transposed")
    same = in_order(grid.size)
    return rearrange(grid, same, same, True)


# --- how many grids? -------------------------------------------------------------------------
def relabelling_count(grid: Grid) -> int:
    """How many different grids renaming the numbers gives: n! / (renamings that change nothing).

    A renaming changes nothing exactly when it keeps every number that the grid shows; the
    k numbers not shown may be shuffled among themselves in k! ways. A full grid shows all.
    """
    n = grid.size
    missing = n - len({v for v in grid.numbers if v})
    return math.factorial(n) // math.factorial(missing)


def move_count(shape: Shape = CLASSIC) -> int:
    """How many ways to rearrange a grid with the moves: orders of bands and rows in them,
    of stacks and columns in them, times 2 for transposing (square regions only)."""
    bands, stacks = shape.box_cols, shape.box_rows  # a band is box_rows rows high
    rows = line_orders(bands, shape.box_rows)
    columns = line_orders(stacks, shape.box_cols)
    return rows * columns * (2 if can_transpose(shape) else 1)


def line_orders(groups: int, size: int) -> int:
    """How many orders of lines keep blocks together: the blocks in any order, and the
    lines inside each block in any order, (groups!) x (size!)^groups (`block_orders` lists them)."""
    return math.factorial(groups) * math.factorial(size) ** groups


def symmetries(grid: Grid) -> int:
    """How many rearrangements turn a full grid into a renaming of itself (at least 1).

    For each row order (and transpose), the column that goes first fixes the renaming: a
    column holds every number once. The other columns are then found by what they hold.
    """
    n, shape = grid.size, grid.shape
    target = [tuple(grid.numbers[r * n + c] for r in range(n)) for c in range(n)]
    valid_cols = set(block_orders(shape.box_rows, shape.box_cols))
    found = 0
    same = in_order(n)
    starts = [grid, transpose(grid)] if can_transpose(shape) else [grid]
    for base in starts:
        for rows in block_orders(shape.box_cols, shape.box_rows):
            moved = rearrange(base, rows, same).numbers
            columns = [tuple(moved[r * n + c] for r in range(n)) for c in range(n)]
            for first in range(n):
                rename = {old: new for old, new in zip(columns[first], target[0])}
                where = {tuple(rename[v] for v in col): c for c, col in enumerate(columns)}
                order = tuple(where.get(col, -1) for col in target)
                found += order in valid_cols
    return found


def orbit_size(grid: Grid) -> int:
    """How many different grids renaming plus the moves reach from a full grid."""
    return math.factorial(grid.size) * move_count(grid.shape) // symmetries(grid)


# --- what gives a template grid away -----------------------------------------------------------
def number_pattern(grid: Grid) -> Grid:
    """The grid renamed so that numbers appear as 1, 2, 3, ... in reading order.

    Renaming cannot change which cells hold equal numbers, so every grid renamed from one
    template has the same pattern: compare patterns and the template shows through.
    """
    names: dict[int, int] = {}
    for v in grid.numbers:
        if v and v not in names:
            names[v] = len(names) + 1
    return relabel(grid, [names.get(v, 0) for v in grid.shape.digits])


def shifted_rows(grid: Grid) -> list[tuple[int, int, int]]:
    """Pairs of rows where the second is the first shifted cyclically: (row, other, shift).

    In a random 9x9 grid this almost never happens; in the simple template every row is a
    shift of row 0, and bands are shifts of each other, which renaming cannot hide.
    """
    rows = grid.to_rows()
    found = []
    pairs = [(a, b) for a in range(grid.size) for b in range(a + 1, grid.size)]
    for a, b in pairs:
        for shift in range(1, grid.size):
            if rows[b] == rows[a][shift:] + rows[a][:shift]:
                found.append((a, b, shift))
    return found
