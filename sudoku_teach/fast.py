"""The production solver and solution counter: bit sets, propagation and a careful guess.

The teaching solvers in `search` show one idea at a time. This module puts the ideas
together for speed, because generating puzzles asks "how many solutions?" thousands of
times:

1. **Candidates as bit sets.** The numbers still allowed in a cell are one `int`.
2. **Propagation.** A cell with one candidate removes it from its peers (naked single);
   a number with one place left in a unit goes there (hidden single). Repeat until
   nothing changes, or until a cell or a unit runs out of options (a contradiction).
3. **A careful guess.** When propagation is stuck, guess where there are fewest options:
   the cell with the fewest candidates, or the number with the fewest places in one of
   its units, whichever is smaller. That second view comes from seeing Sudoku as an exact
   cover problem (every cell gets one number, and every unit gets every number once);
   without it some puzzles with many solutions take a classic solver minutes.

Every search counts its work in a `SearchStats` and stops with `SearchLimitReached` after
`max_nodes` nodes, so no call can run away. A grid that breaks the rules has no solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .errors import SearchLimitReached
from .grid import Grid, GridLike, as_grid
from .shape import Shape
from .trace import SearchStats

DEFAULT_MAX_NODES = 100_000
"""Enough for any proper 9x9 puzzle many times over (they need a few hundred at most)."""

# --- bit sets ---------------------------------------------------------------------------
# A set of numbers is stored as one int: number d is in the set when bit d-1 is 1.
#   {1, 3, 4}  ->  0b1101  (bit 0 for 1, bit 2 for 3, bit 3 for 4)
# Set operations become single machine operations:
#   a | b      union                 a & b      intersection
#   a & ~b     difference            a ^ bit    remove a bit that is known to be present
# and three tricks do the rest:
#   m & -m           the lowest 1 bit of m (two's complement: -m flips every bit above it)
#   m & (m - 1)      m without its lowest 1 bit, so it is 0 when m holds at most one number
#   bit.bit_length() the number that a single bit stands for (0b100 -> 3)


def bit_of(number: int) -> int:
    """The bit set holding just `number`."""
    return 1 << (number - 1)


def bits_in(mask: int) -> Iterator[int]:
    """Each 1 bit of a mask on its own, lowest first: the members of the set, one by one."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def numbers_in(mask: int) -> list[int]:
    """The numbers in a bit set, smallest first (for people; the solver stays with bits)."""
    return [bit.bit_length() for bit in bits_in(mask)]


# --- the geometry, as plain tuples of cell indices ----------------------------------------
@dataclass(frozen=True)
class Geometry:
    """A shape's units and peers as cell indices (0..n_cells-1), computed once per shape."""

    shape: Shape
    full: int  # the bit set of every number: 0b111111111 for 9x9
    units: tuple[tuple[int, ...], ...]  # rows, columns and regions
    peers: tuple[tuple[int, ...], ...]  # for each cell, the cells that share a unit with it


@lru_cache(maxsize=None)
def geometry(shape: Shape) -> Geometry:
    """Translate a shape's (row, col) cells into indices, which are quicker to look up."""
    n = shape.size

    def index(cell: tuple[int, int]) -> int:
        return cell[0] * n + cell[1]

    units = tuple(tuple(index(cell) for cell in unit.cells) for unit in shape.units)
    peers = tuple(tuple(sorted(index(p) for p in shape.peers[cell])) for cell in shape.cells)
    return Geometry(shape, (1 << n) - 1, units, peers)


# --- propagation ------------------------------------------------------------------------
Candidates = list[int]
"""One bit set per cell, in reading order. A cell is decided when its set has one bit."""


def start(cells: list[int], geo: Geometry) -> tuple[Candidates, list[int]]:
    """Candidates before any reasoning, and the queue of decided cells still to propagate."""
    cands = [bit_of(v) if v else geo.full for v in cells]
    queue = [i for i, v in enumerate(cells) if v]
    return cands, queue


def propagate(cands: Candidates, queue: list[int], geo: Geometry) -> bool:
    """Apply both singles rules until nothing changes; False means a contradiction.

    `queue` holds the cells that were just decided and whose number has not yet been
    removed from their peers. Each cell enters the queue once, when it gets decided.
    """
    peers, units, full = geo.peers, geo.units, geo.full
    while True:
        # Naked singles: a decided cell's number leaves all of its peers.
        while queue:
            cell = queue.pop()
            bit = cands[cell]
            for peer in peers[cell]:
                mask = cands[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return False  # the peer has no number left
                    cands[peer] = mask
                    if not mask & (mask - 1):
                        queue.append(peer)  # the peer has just been decided
        # Hidden singles: a number with one place in a unit goes there.
        for unit in units:
            once = twice = 0  # numbers seen in at least one / at least two cells
            for cell in unit:
                mask = cands[cell]
                twice |= once & mask
                once |= mask
            if once != full:
                return False  # some number has no place left in this unit
            lonely = once & ~twice  # numbers with exactly one place
            if not lonely:
                continue
            for cell in unit:
                mask = cands[cell]
                hit = mask & lonely
                if hit and mask & (mask - 1):  # an undecided cell holds a lonely number
                    if hit & (hit - 1):
                        return False  # two numbers both need this one cell
                    cands[cell] = hit
                    queue.append(cell)
        if not queue:
            return True


# --- where to guess -----------------------------------------------------------------------
Option = tuple[int, int]
"""One guess: (cell index, bit of the number to put there)."""


def fewest_candidates(cands: Candidates) -> tuple[int, int]:
    """The undecided cell with the fewest candidates and how many; (-1, 0) when all are decided."""
    best_cell, best_count = -1, 0
    for cell, mask in enumerate(cands):
        if mask & (mask - 1):
            count = mask.bit_count()
            if best_cell < 0 or count < best_count:
                best_cell, best_count = cell, count
                if count == 2:
                    break  # nothing undecided has fewer
    return best_cell, best_count


def fewest_places(cands: Candidates, geo: Geometry, fewer_than: int) -> list[Option] | None:
    """The cells of the unit-and-number with the fewest places, if fewer than `fewer_than`."""
    best: list[Option] | None = None
    for unit in geo.units:
        for bit in bits_in(geo.full):
            places = [cell for cell in unit if cands[cell] & bit]
            # One place means the number is already there (propagation saw to that).
            if 1 < len(places) < fewer_than:
                best, fewer_than = [(cell, bit) for cell in places], len(places)
                if fewer_than == 2:
                    return best
    return best


def choose_guess(cands: Candidates, geo: Geometry) -> list[Option]:
    """The options of the smallest choice on the board (empty when every cell is decided).

    Both kinds of choice are exhaustive and exclusive: the cell gets exactly one of its
    candidates, the number goes in exactly one of its places. So trying the options one
    by one finds every solution exactly once, which is what counting needs.
    """
    cell, count = fewest_candidates(cands)
    if cell < 0:
        return []
    if count > 2:
        places = fewest_places(cands, geo, count)
        if places:
            return places
    return [(cell, bit) for bit in bits_in(cands[cell])]


# --- the search ---------------------------------------------------------------------------
def visit(stats: SearchStats, depth: int, max_nodes: int) -> None:
    """Count one more node, or stop the search if that would pass the node limit."""
    if stats.nodes >= max_nodes:
        raise SearchLimitReached(max_nodes, stats)
    stats.nodes += 1
    if depth > stats.max_depth:
        stats.max_depth = depth


def search(
    cands: Candidates, queue: list[int], geo: Geometry, stats: SearchStats, max_nodes: int,
    depth: int = 0,
) -> Iterator[Candidates]:
    """Yield every solution below this node, depth first; `depth` is the number of guesses."""
    visit(stats, depth, max_nodes)
    if not propagate(cands, queue, geo):
        return
    options = choose_guess(cands, geo)
    if not options:
        yield cands
        return
    for cell, bit in options:
        child = cands.copy()  # a list of ints: copying it is cheap, undoing is free
        child[cell] = bit
        yield from search(child, [cell], geo, stats, max_nodes, depth + 1)
        stats.backtracks += 1  # the guess is taken back (no solution, or the next one wanted)


def _solutions(grid: Grid, stats: SearchStats | None, max_nodes: int) -> Iterator[list[int]]:
    """The numbers of every solution of a grid, as lists in reading order."""
    geo = geometry(grid.shape)
    cands, queue = start(list(grid.cells), geo)
    for solved in search(cands, queue, geo, stats or SearchStats(), max_nodes):
        yield [bit.bit_length() for bit in solved]


# --- the public functions ---------------------------------------------------------------
def solutions(
    grid: GridLike, stats: SearchStats | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Iterator[Grid]:
    """Every solution, one at a time (take only what you need: there may be billions)."""
    grid = as_grid(grid)
    for cells in _solutions(grid, stats, max_nodes):
        yield Grid(cells, grid.shape, grid.givens)


def solve(
    grid: GridLike, stats: SearchStats | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Grid | None:
    """A solution as a new grid with the same givens, or None if there is none.

    The input is never changed. Pass a `SearchStats()` to see the work done; the search
    raises `SearchLimitReached` rather than visit more than `max_nodes` nodes.
    """
    return next(solutions(grid, stats, max_nodes), None)


def count_solutions(
    grid: GridLike,
    limit: int = 2,
    stats: SearchStats | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> int:
    """How many solutions, counting no further than `limit` (2 answers "is it unique?")."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    found = 0
    for _ in _solutions(as_grid(grid), stats, max_nodes):
        found += 1
        if found >= limit:
            break
    return found


def has_unique_solution(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> bool:
    """Whether a grid is a proper puzzle: exactly one solution."""
    return count_solutions(grid, 2, max_nodes=max_nodes) == 1
