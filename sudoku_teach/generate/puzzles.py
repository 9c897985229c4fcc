"""Puzzles carved out of full grids: the careful way (always one solution) and the blind way.

* `dig` - the Java article's way: visit the cells in a shuffled order, remove each number,
  and put it back if the puzzle no longer has exactly one solution. With no target, the
  result is *minimal*: no given can go without letting in a second solution. Options:
  stop at a number of givens, and remove cells in pairs that mirror each other through
  the centre (the 180-degree symmetry of newspaper puzzles).
  Each uniqueness check has a node limit (`CHECK_NODES`); a removal whose check cannot
  finish within it is put back, so the puzzle is always proper. The checks of one dig
  share what they can (`fast.Digging`: the full grid's marks are tried first, and the
  board of the givens is built in blocks). On 25x25 the limit is small (10 nodes): the
  last checks there stay undecided after thousands of nodes, and a limit of 100 left
  about as many givens (273-283 of 625 on three seeds, against 280-284 with 10) in
  about four times the time. The puzzle is then proper but not minimal.
* `blind_puzzle` - the other way the sources mention: remove a fixed number of random
  cells and hope. `blind_trials` measures how often that goes wrong.
* `count_the_source_way` - the source's uniqueness check: the plain in-order search that
  goes on after the first solution, with its trace (the fast counter is `fast`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import PuzzleFormatError, RequestError, SearchLimitReached
from ..fast import Digging, count_solutions, solvable_without
from ..grid import Grid, GridLike, as_grid
from ..results import DEFAULT_MAX_NODES, SolveResult, check_at_least_one
from ..rules import check_rules
from ..search import count_solutions as count_by_search
from ..shape import CLASSIC, Shape, is_whole
from .grids import Seed, make_rng

FEWEST_GIVENS = {(3, 3): 17, (2, 3): 8, (2, 2): 4}  # 16x16, 25x25: unknown, see fewest_givens
"""The fewest givens a proper puzzle can have, by region shape.

9x9: 17. Puzzles with 17 givens have long been known; McGuire, Tugemann and Civario
("There is no 16-clue Sudoku", 2012, Experimental Mathematics 2014) searched every 9x9
grid, up to the moves that keep grids valid, for a proper puzzle with 16 givens by
computer, and found none. 6x6 and 4x4 are small enough to check every puzzle directly.
"""


CHECK_NODES = {16: 2000, 25: 10}
"""The node limit of each uniqueness check while digging, by size (others: the default).

On 16x16, 11 checks of 30 digs (seeds 1-30, about 150 searches each) reached 2,000
nodes, so a puzzle is minimal but for a given or so now and then; see the module's text
for 25x25."""


def fewest_givens(shape: Shape) -> int:
    """The fewest givens a proper puzzle of this shape can have (a safe lower bound if unknown).

    Without a known value: n - 1, because a puzzle that shows neither of two numbers lets
    them swap places in any solution, giving a second one.
    """
    return FEWEST_GIVENS.get((shape.box_rows, shape.box_cols), shape.size - 1)


def check_givens(givens: int | None, shape: Shape) -> None:
    """Refuse a target number of givens that no proper puzzle of this shape can have."""
    if givens is None:
        return
    if not is_whole(givens):
        raise RequestError(f"givens must be a whole number (or None: as few as can be), not"
                           f" {givens!r}")
    least = fewest_givens(shape)
    if givens < least or givens > shape.n_cells:
        why = (
            " (an exhaustive computer search in 2012 by McGuire, Tugemann and Civario found"
            " no proper 9x9 puzzle with 16)" if shape == CLASSIC and givens < least else ""
        )
        raise RequestError(
            f"no proper {shape.size}x{shape.size} puzzle has {givens} givens: choose"
            f" {least} to {shape.n_cells}{why}"
        )


def dig(
    solution: GridLike,
    rng_or_seed: Seed,
    *,
    givens: int | None = None,
    symmetric: bool = False,
) -> Grid:
    """A proper puzzle of `solution`: numbers removed in a shuffled order while it stays unique.

    Stops when `givens` numbers are left (if given); otherwise the puzzle is minimal.
    With `symmetric=True` a cell and its mirror through the centre go (or stay) together,
    so the target may be missed by one. The input grid is never changed.
    """
    solution = as_grid(solution)
    check_full(solution)
    check_givens(givens, solution.shape)
    rng = make_rng(rng_or_seed)
    shape = solution.shape
    order = list(range(shape.n_cells))
    rng.shuffle(order)
    cells = list(solution.numbers)
    digging = Digging(cells, shape)  # what the checks share: quicker, the same answers
    left = len(cells)
    target = givens if givens is not None else 0
    for cell in order:
        if left <= target:
            break
        group = sorted({cell, shape.n_cells - 1 - cell}) if symmetric else [cell]
        if not all(cells[i] for i in group) or left - len(group) < target:
            continue  # the pair was tried already from its other cell, or would pass the target
        removed = [(i, cells[i]) for i in group]
        for i in group:
            cells[i] = 0
        limit = CHECK_NODES.get(shape.size, DEFAULT_MAX_NODES)
        if still_unique(cells, shape, removed, limit, digging):
            left -= len(group)
        else:  # a second solution appeared: put the numbers back
            for i, number in removed:
                cells[i] = number
    return Grid(cells, shape)


def try_remove(puzzle: GridLike, row: int, col: int) -> Grid:
    """One step of digging a proper puzzle: without the number at (row, col) if still unique,
    else the puzzle unchanged (a new grid either way; the input is never changed)."""
    puzzle = as_grid(puzzle)
    cells, shape = list(puzzle.numbers), puzzle.shape
    index = row * shape.size + col
    removed = [(index, cells[index])]
    cells[index] = 0
    if removed[0][1] and not still_unique(cells, shape, removed):
        cells[index] = removed[0][1]
    return Grid(cells, shape)


def still_unique(
    cells: list[int], shape: Shape, removed: list[tuple[int, int]],
    max_nodes: int = DEFAULT_MAX_NODES, digging: Digging | None = None,
) -> bool:
    """Whether a puzzle that had one solution still has one after losing these numbers.

    A second solution must differ from the first in one of the emptied cells, so it is
    enough to look for a solution without the old number in each of them in turn. A check
    that reaches `max_nodes` answers False: not known to be unique, so the caller keeps it.
    """
    try:
        return not any(
            solvable_without(cells, shape, i, number, max_nodes, digging)
            for i, number in removed
        )
    except SearchLimitReached:
        return False


def check_full(grid: Grid) -> None:
    """Refuse a grid that is not a complete, rule-abiding solution, saying why."""
    blanks = grid.empty_cells()
    if blanks:
        raise PuzzleFormatError(
            f"a puzzle is made from a complete grid, but {len(blanks)} cells are blank,"
            f" the first at {blanks[0]}"
        )
    check_rules(grid)


# --- the blind way ----------------------------------------------------------------------------
def blind_puzzle(solution: GridLike, rng_or_seed: Seed, remove: int = 45) -> Grid:
    """`remove` numbers taken out at random, without checking anything (often not proper)."""
    solution = as_grid(solution)
    check_full(solution)
    if not is_whole(remove) or not 0 <= remove <= solution.shape.n_cells:
        raise RequestError(f"cannot remove {remove!r} of {solution.shape.n_cells} cells: choose"
                           f" a whole number from 0 to {solution.shape.n_cells}")
    rng = make_rng(rng_or_seed)
    cells = list(solution.numbers)
    for i in rng.sample(range(len(cells)), remove):
        cells[i] = 0
    return Grid(cells, solution.shape)


@dataclass
class BlindTrials:
    """What blind removal gave over many seeded trials: how many had 1, or 2 or more solutions."""

    trials: int
    solutions: Counter[int]  # 1 -> proper puzzles, 2 -> two or more solutions

    @property
    def not_proper(self) -> int:
        """Results that are not proper puzzles (0 solutions cannot happen: a solution exists)."""
        return self.trials - self.solutions[1]


def blind_trials(trials: int, seed: int, shape: Shape = CLASSIC, remove: int = 45) -> BlindTrials:
    """Run `trials` blind removals, each on a new random full grid, from one seed."""
    from .grids import full_grid

    check_at_least_one("trials", trials)
    rng = make_rng(seed)
    counts: Counter[int] = Counter()
    for _ in range(trials):
        puzzle = blind_puzzle(full_grid(rng, shape), rng, remove)
        counts[count_solutions(puzzle, 2).count] += 1
    return BlindTrials(trials, counts)


def count_the_source_way(puzzle: GridLike, limit: int = 2, *, trace: bool = True) -> SolveResult:
    """The source's check: cells in order, numbers 1..n, searching on after the first solution."""
    return count_by_search(puzzle, limit, "naive", trace=trace)
