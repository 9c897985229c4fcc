"""The production solver and solution counter: bit sets, propagation and a careful guess.

The teaching solvers in `search` show one idea at a time. This module puts the ideas
together for speed, because generating puzzles asks "how many solutions?" thousands of
times:

1. **Pencil marks as bit sets, seen two ways.** For each cell, the numbers it may still
   hold; for each number, the cells where it may still go. Each is one `int`.
2. **Propagation.** A cell with one candidate removes it from its peers (naked single);
   a number with one place left in a unit goes there (hidden single). Repeat until
   nothing changes, or until a cell or a unit runs out of options (a contradiction).
3. **A careful guess.** When propagation is stuck, guess where there are fewest options:
   the cell with the fewest candidates, or the number with the fewest places in one of
   its units, if that is fewer still. That second view comes from seeing Sudoku as an
   exact cover problem (every cell gets one number, and every unit gets every number
   once); without it some puzzles with many solutions take a classic solver minutes.
   Among cells with two candidates, the one whose numbers reach the most peers goes first.

`solve` and `count_solutions` answer with a `SolveResult`, like the teaching solvers: its
status is "node limit" when a search stops after `max_nodes` nodes, so no call can run
away. A grid that breaks the rules has no solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from .errors import SearchLimitReached
from .grid import Grid, GridLike, as_grid
from .results import DEFAULT_MAX_NODES, SolveResult, Status
from .shape import Shape
from .trace import SearchStats

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


# --- the geometry, as bit sets of cells --------------------------------------------------
# The same trick works for sets of cells: cell i (counted in reading order) is bit i.
# A 9x9 grid needs 81 bits; Python's ints grow as needed, so one int holds a whole unit,
# a cell's peers, or all the places left for one number.


@dataclass(frozen=True)
class Geometry:
    """A shape's units and peers as bit sets of cells, computed once per shape."""

    shape: Shape
    full: int  # the bit set of every number: 0b111111111 for 9x9
    units: tuple[int, ...]  # every row, column and region as a bit set of cells
    unit_ids: tuple[tuple[int, int, int], ...]  # for each cell: its row, column and region
    units_of: tuple[tuple[int, int, int], ...]  # the same three units as bit sets of cells
    peers: tuple[int, ...]  # for each cell: the cells that share a unit with it
    beyond: tuple[tuple[tuple[int, ...], ...], ...]  # [cell][peer]: the peer's units without cell
    peer_cells: tuple[tuple[int, ...], ...]  # for each cell: its peers as a list of cell numbers


@cache
def geometry(shape: Shape) -> Geometry:
    """Translate a shape's units and peers into bit sets of cells, once."""
    n = shape.size
    units = tuple(sum(1 << (r * n + c) for r, c in unit.cells) for unit in shape.units)
    unit_ids = tuple((r, n + c, 2 * n + shape.region_index(r, c)) for r, c in shape.cells)
    units_of = tuple((units[a], units[b], units[c]) for a, b, c in unit_ids)
    peers = tuple(
        (units[a] | units[b] | units[c]) & ~(1 << i) for i, (a, b, c) in enumerate(unit_ids)
    )
    # For a cell and one of its peers: the peer's units that do not hold the cell (`unit >> i
    # & 1` reads bit i, "is cell i in this unit?"). When the cell's number leaves the peer,
    # only those units can run short of places for it: in the others, the cell holds it.
    cells = range(shape.n_cells)
    beyond = tuple(
        tuple(tuple(unit for unit in units_of[p] if not unit >> i & 1) for p in cells)
        for i in cells
    )
    peer_cells = tuple(tuple(p for p in cells if peers[i] >> p & 1) for i in cells)
    return Geometry(shape, (1 << n) - 1, units, unit_ids, units_of, peers, beyond, peer_cells)


# --- the pencil marks, seen two ways ------------------------------------------------------
# `cands[cell]`  the numbers that may still go in a cell (a bit set of numbers);
# `places[k]`    the cells where number k+1 may still go (a bit set of cells).
# They always tell the same story: bit k of cands[i] is set exactly when bit i of places[k]
# is. Keeping both makes each singles rule a quick look-up: a cell down to one number is
# a naked single; a unit whose places for a number are down to one cell is a hidden single.
# This is the exact-cover view: every cell needs one number, every unit needs every number.
Candidates = list[int]
Places = list[int]
Guess = tuple[int, int]
"""A number to put in a cell: (cell index, bit of the number)."""
Board = tuple[Candidates, Places, list[int], list[Guess]]
"""The pencil marks and the work left for `propagate`: cells to settle, numbers forced."""


def start(cells: list[int], geo: Geometry) -> Board | None:
    """The pencil marks of a grid before any guess, or None if the givens already clash."""
    n = geo.shape.size
    held = [0] * len(geo.units)  # the numbers each unit holds
    given = [0] * n  # for each number: the cells that hold it
    seen = [0] * n  # for each number: the cells that share a unit with one of its givens
    blank = 0  # the empty cells
    for i, v in enumerate(cells):
        if not v:
            blank |= 1 << i
            continue
        if seen[v - 1] >> i & 1:  # bit i: does a given of the same number see this cell?
            return None  # two equal givens in one unit: no solution
        given[v - 1] |= 1 << i
        seen[v - 1] |= geo.peers[i]
        bit = bit_of(v)
        for unit in geo.unit_ids[i]:
            held[unit] |= bit
    # A blank's candidates are the numbers none of its units holds (the elimination sets);
    # a number's places are its givens and the blanks that see none of them.
    cands = [
        1 << (v - 1) if v else geo.full & ~(held[r] | held[c] | held[b])
        for v, (r, c, b) in zip(cells, geo.unit_ids)
    ]
    if not all(cands):
        return None  # a blank that no number can fill
    places = [mine | (blank & ~ruled_out) for mine, ruled_out in zip(given, seen)]
    forced = hidden_singles(places, held, geo)
    if forced is None:
        return None
    # Blanks with a single candidate are decided; their number must still leave their peers.
    settle = [i for i, mask in enumerate(cands) if blank >> i & 1 and not mask & (mask - 1)]
    return cands, places, settle, forced


def hidden_singles(places: Places, held: list[int], geo: Geometry) -> list[Guess] | None:
    """The numbers that a unit still misses and can put in one place only (None: in no place)."""
    forced = []
    for unit, numbers in zip(geo.units, held):
        missing = geo.full & ~numbers
        while missing:
            bit = missing & -missing
            missing ^= bit
            here = places[bit.bit_length() - 1] & unit
            if not here & (here - 1):  # at most one place
                if not here:
                    return None
                forced.append((here.bit_length() - 1, bit))
    return forced


def propagate(
    cands: Candidates, places: Places, settle: list[int], forced: list[Guess], geo: Geometry
) -> bool:
    """Apply both singles rules until nothing is left to do; False means a contradiction.

    `settle` holds decided cells whose number must still leave their peers (naked singles);
    `forced` holds numbers that must go in a cell (a guess, or a hidden single found).
    Each time a number loses places, its places in the units concerned are checked:
    none left is a contradiction, one left is a hidden single.
    """
    peers, units_of, beyond = geo.peers, geo.units_of, geo.beyond
    while settle or forced:
        while settle:
            cell = settle.pop()
            bit = cands[cell]
            k = bit.bit_length() - 1
            hit = places[k] & peers[cell]  # the peers that still allow this number
            if not hit:
                continue
            left = places[k] = places[k] ^ hit
            outside = beyond[cell]
            while hit:
                low = hit & -hit
                hit ^= low
                peer = low.bit_length() - 1
                mask = cands[peer] ^ bit
                if not mask:
                    return False  # the peer has no number left
                cands[peer] = mask
                if not mask & (mask - 1):
                    settle.append(peer)  # naked single: the peer is decided
                # In a unit shared with `cell`, the number has its place: `cell` itself.
                # Only the peer's other units can run short of places for it.
                for unit in outside[peer]:
                    here = left & unit
                    if not here & (here - 1):  # at most one place left in this unit
                        if not here:
                            return False
                        forced.append((here.bit_length() - 1, bit))
        if forced:
            cell, bit = forced.pop()
            mask = cands[cell]
            if mask == bit:
                continue  # decided already, by another rule
            if not mask & bit:
                return False  # the cell lost this number, yet a unit needs it here
            cands[cell] = bit
            settle.append(cell)
            lost = mask ^ bit  # every other number loses this cell as a place
            gone = ~(1 << cell)
            while lost:
                other = lost & -lost
                lost ^= other
                k = other.bit_length() - 1
                left = places[k] = places[k] & gone
                for unit in units_of[cell]:
                    here = left & unit
                    if not here & (here - 1):
                        if not here:
                            return False
                        forced.append((here.bit_length() - 1, other))
    return True


# --- where to guess -----------------------------------------------------------------------
def fewest_candidates(cands: Candidates, places: Places, geo: Geometry) -> tuple[int, int]:
    """The undecided cell with the fewest candidates, and how many; (-1, 0) when all are decided.

    Among cells with two candidates, prefer the one whose numbers appear in the most peers:
    either guess there removes the most pencil marks, so a wrong guess fails sooner.
    """
    undecided, pairs = tally(places)
    if not undecided:
        return -1, 0
    if not pairs:  # no cell has exactly two candidates (rare): look at each undecided cell
        cell = min((low.bit_length() - 1 for low in bits_in(undecided)),
                   key=lambda i: cands[i].bit_count())
        return cell, cands[cell].bit_count()
    peers = geo.peers
    best_cell, best_reach = -1, -1
    for low in bits_in(pairs):
        cell = low.bit_length() - 1
        mask = cands[cell]
        first = mask & -mask  # the cell's two numbers: the lowest bit, and the other one
        both = places[first.bit_length() - 1] | places[(mask ^ first).bit_length() - 1]
        reach = (both & peers[cell]).bit_count()
        if reach > best_reach:
            best_cell, best_reach = cell, reach
    return best_cell, 2


def tally(places: Places) -> tuple[int, int]:
    """The cells with two or more candidates, and those with exactly two (bit sets of cells).

    This counts to three for all cells at once: going through the numbers, a cell's bit
    moves on from `one` to `two` to `three` as the cell shows up in the places of a first,
    second and third number. Like a tally sheet, but each step is one bitwise operation.
    """
    one = two = three = 0
    for cells in places:
        three |= two & cells
        two |= one & cells
        one |= cells
    return two, two & ~three


def fewest_places(places: Places, geo: Geometry, fewer_than: int) -> list[Guess] | None:
    """The places of the unit-and-number with the fewest places, if fewer than `fewer_than`."""
    best: list[Guess] | None = None
    for unit in geo.units:
        for k, cells in enumerate(places):
            here = cells & unit
            count = here.bit_count()
            # One place means the number is already there (propagation saw to that).
            if 1 < count < fewer_than:
                best, fewer_than = [(low.bit_length() - 1, 1 << k) for low in bits_in(here)], count
                if count == 2:
                    return best
    return best


def choose_guess(cands: Candidates, places: Places, geo: Geometry) -> list[Guess]:
    """The options of the smallest choice on the board (empty when every cell is decided).

    Both kinds of choice are exhaustive and exclusive: the cell gets exactly one of its
    candidates, the number goes in exactly one of its places. So trying the options one
    by one finds every solution exactly once, which is what counting needs.
    """
    cell, count = fewest_candidates(cands, places, geo)
    if cell < 0:
        return []
    if count > 2:
        options = fewest_places(places, geo, count)
        if options:
            return options
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
    cands: Candidates,
    places: Places,
    settle: list[int],
    forced: list[Guess],
    geo: Geometry,
    stats: SearchStats,
    max_nodes: int,
    depth: int = 0,
) -> Iterator[Candidates]:
    """Yield every solution below this node, depth first; `depth` is the number of guesses."""
    visit(stats, depth, max_nodes)
    if not propagate(cands, places, settle, forced, geo):
        return
    options = choose_guess(cands, places, geo)
    if not options:
        yield cands
        return
    for guess in options:
        # Lists of ints are cheap to copy, and a copy makes taking a guess back free.
        yield from search(
            cands.copy(), places.copy(), [], [guess], geo, stats, max_nodes, depth + 1
        )
        stats.backtracks += 1  # the guess is taken back (no solution, or the next one wanted)


def _solutions(grid: Grid, stats: SearchStats | None, max_nodes: int) -> Iterator[list[int]]:
    """The numbers of every solution of a grid, as lists in reading order."""
    stats = SearchStats() if stats is None else stats
    geo = geometry(grid.shape)
    board = start(list(grid.numbers), geo)
    if board is None:
        visit(stats, 0, max_nodes)  # the start is a node, and a dead end
        return
    for solved in search(*board, geo, stats, max_nodes):
        yield [bit.bit_length() for bit in solved]


def solvable_without(
    cells: list[int], shape: Shape, cell: int, number: int, max_nodes: int = DEFAULT_MAX_NODES
) -> bool:
    """Whether the grid has a solution with `number` NOT in `cell` (a blank cell).

    Digging a puzzle needs this more than a count: if a proper puzzle loses the given
    `number` at `cell`, any second solution must put something else there (one that kept
    `number` would have solved the puzzle before, which had just one solution). So "is it
    still unique?" becomes "is there a solution without that number there?", and the search
    can stop at the first solution it finds instead of looking for a second one.
    """
    geo = geometry(shape)
    bit = bit_of(number)
    # A quick look first, because digging asks this 81 times a puzzle: when the peers show
    # every other number, the cell can only hold `number` (a naked single), and we are done.
    # (`shown` has bit v for each number v in a peer; bit 0 stands for blank peers.)
    shown = 0
    for peer in geo.peer_cells[cell]:
        shown |= 1 << cells[peer]
    if (shown >> 1 | bit) == geo.full:
        return False
    # The same for a hidden single: if in one of the cell's units every other blank sees
    # `number` already (in its row, column or region), it can only go in this cell.
    blank = seen = 0
    for i, value in enumerate(cells):
        if not value:
            blank |= 1 << i
        elif value == number:
            seen |= geo.peers[i]
    elsewhere = blank & ~seen & ~(1 << cell)  # the other cells where `number` could go
    if not all(unit & elsewhere for unit in geo.units_of[cell]):
        return False
    board = start(cells, geo)
    if board is None:
        return False
    cands, places, settle, forced = board
    mask = cands[cell] & ~bit
    if not mask:
        return False  # the number was the cell's only candidate
    cands[cell] = mask
    left = places[number - 1] = places[number - 1] & ~(1 << cell)
    if not mask & (mask - 1):
        settle.append(cell)
    for unit in geo.units_of[cell]:  # the number may now have one place, or none, in a unit
        here = left & unit
        if not here & (here - 1):
            if not here:
                return False
            forced.append((here.bit_length() - 1, bit))
    found = search(cands, places, settle, forced, geo, SearchStats(), max_nodes)
    return next(found, None) is not None


# --- the public functions ---------------------------------------------------------------
def solutions(
    grid: GridLike, stats: SearchStats | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Iterator[Grid]:
    """Every solution, one at a time (take only what you need: there may be billions).

    Raises `SearchLimitReached` rather than visit more than `max_nodes` nodes.
    """
    grid = as_grid(grid)
    for cells in _solutions(grid, stats, max_nodes):
        yield Grid(cells, grid.shape, grid.givens)


def count_solutions(
    grid: GridLike, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES
) -> SolveResult:
    """The solutions, counting no further than `limit` (2 answers "is it unique?").

    The input is never changed; the result's `count` is the number found, and its status
    is "node limit" if the search stopped before it could finish.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    grid = as_grid(grid)
    stats = SearchStats()
    found: list[Grid] = []
    status: Status = "solved"
    try:
        for solution in solutions(grid, stats, max_nodes):
            found.append(solution)
            if len(found) >= limit:
                break
    except SearchLimitReached:
        status = "node limit"
    if status == "solved" and not found:
        status = "no solution"
    return SolveResult("fast", grid, status, found, stats)


def solve(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """A solution (the result's `solution`, a new grid with the same givens), or none."""
    return count_solutions(grid, 1, max_nodes)


def has_unique_solution(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> bool:
    """Whether a grid is a proper puzzle: exactly one solution (raises at the node limit)."""
    result = count_solutions(grid, 2, max_nodes)
    if result.status == "node limit":
        raise SearchLimitReached(max_nodes, result.stats)
    return result.count == 1
