"""The production solver and solution counter: exact cover, propagation and a careful guess.

The teaching solvers in `search` show one idea at a time. This module puts the ideas
together for speed, because generating puzzles asks "how many solutions?" thousands of
times:

1. **Sudoku as exact cover.** Every cell needs one number, and every row, column and
   region needs each number once. A pencil mark ("d may go in cell c") meets one demand
   of each kind; `cover` keeps, for every demand, the marks that could still meet it, all
   of them as bits of ONE `int`.
2. **Propagation.** A demand that only one mark can meet forces that mark: in a cell's
   demand that is a naked single, in a unit's demand a hidden single. A demand that no
   mark can meet is a contradiction. A few operations on the one int find these for every
   demand at once, so propagation is a handful of steps instead of loops over peers.
3. **A careful guess.** When propagation is stuck, guess in the demand with the fewest
   marks left: a cell with fewest candidates, or a number with fewest places in a unit
   if that is fewer still (some puzzles with many solutions take a classic solver, which
   only looks at cells, minutes). Exactly one of the marks is right, so trying each
   finds every solution once.

4. **Dead ends weigh on the guess (9x9 and up).** Each dead end is blamed on the field
   that ran out of marks, and among the fields with fewest marks the guess goes to the
   one blamed most (CSP solvers call it dom/wdeg; SAT solvers' VSIDS is its cousin). The
   search then learns, cheaply, where the puzzle is tight. On the package's own 25x25
   puzzles (`generate --size 25`, seeds 2-7, counting to two) it took 149-389 nodes
   where the plain choice of the first field with fewest marks needed 1,300 to over
   100,000 (the old node limit); on twenty 16x16 puzzles 159-2,523 nodes against
   497-12,621, in less time on 16 of them; counting hard375 to two, 144,749 nodes
   against 277,531, in about half the time. From 16x16 up a dead end also weighs on the
   field guessed in just above it (the guess that led there): on six sets of 16x16
   puzzles (seeds 1-20, 101-150, 201-240, 301-350, 501-530, 601-640) 73,224 nodes down
   to 68,890, fewer on every set (0.5-11%), on 40 25x25 puzzles 894 to 776; counting
   in 0.92-1.00 of the time (weighing it twice: 63,324 nodes on the first five sets,
   against 60,260 once and 63,978 not at all; the guess two levels up as well: 84,954
   on the six sets). 9x9 and digging's checks keep the old way, but the full grids
   `generate` fills with `solve` from 16x16 up come out otherwise for some seeds (6 of
   230 16x16 seeds, 9 of 40 25x25), as after any change to the search: on 16x16 seeds
   1-20 two such puzzles are harder (6,892 nodes for the 20, not 5,770); over the 160
   puzzles of the four sets that changed, each version on its own puzzles, 52,520 nodes
   before and 50,186 after.

5. **Locked candidates (16x16 and up).** Where a row or column meets a region, a number
   whose marks in one of them all lie in that meeting is ruled out in the rest of the
   other (pointing and claiming). `_locked` finds every such meeting with about twenty
   operations on the rows' and columns' fields (its docstring says how), and `settle`
   takes the marks off before it guesses. With the halving in `_cover.heaviest` (below) this
   took counting to two from 0.55-0.59 of SAT's speed to 0.62-0.69 on 16x16, and from
   0.86-1.07 to 1.06-1.26 on 25x25 (the numbers at the end); reading them off the lines'
   fields alone (before: the regions' fields too, and a transpose) took a call from 38 to
   13-17 us on 16x16, the same marks: counting 0.91 of the time (one process, 50 puzzles).

6. **A look-ahead at the root (16x16 and up).** The root's guess splits the whole tree,
   and it is made blind: no dead end has weighed on any field yet. So the root tries both
   marks of 16 fields with two marks, settling each on a copy of the board (`_probe`),
   keeps only the marks one of the two copies kept, and guesses in the field whose two
   copies closed most fields (the product, as the look-ahead SAT solvers march and kcnfs
   choose). On the 50 16x16 puzzles below: 24,228 nodes down to 17,076, counting to two
   in 0.71-0.82 of the time (runs taking turns with the old code in one process); on 40
   others 14,510 to 11,882 (0.82); on 50 25x25 puzzles 2,914 to 1,208, but only 0.91 of
   the time: there a search is short (58 nodes a puzzle), and the 32 probes cost about
   what the 34 nodes they save did. Keeping every 16x16 move's four bits for `unmarks`
   (1,000 were kept, so a count made most of them again) took about 5% more off (one run).

Roads measured and not taken (same puzzles, one process; the ratios hold under load):

- locked candidates cell by cell (a loop per region and line): 2-4x fewer nodes than
  singles alone on 16x16, but each node about 50x dearer in Python; on the whole board
  at once (above) each call costs about four rounds of `settle`, and pays;
- locked candidates only once per node (not again after the singles they set off):
  10% more nodes on 16x16, no quicker; only when no field has two marks: never, on 16x16
  some field always has two;
- locked candidates in digging's checks (`solvable_without`): a 25x25 check stops at 10
  nodes (`generate`'s `CHECK_NODES`), and with them more checks finish, so digs take out
  more givens and the puzzles come out harder (counting twenty: SAT 1.15 s against 0.6 s,
  this solver 1.4 s against 0.5 s). The checks use the plain search;
- random ties with restarts (budgets growing by half): 149,814 nodes on a 25x25 puzzle
  that dom/wdeg settles in 219;
- weighing by scanning every tied field: 1.7x the time on 9x9. Only the fields that
  have failed are looked at, and among those the heaviest is found by halving over the
  sets "failed k times or more" (`_cover.heaviest`, same choices): on 16x16 the tied
  fields that had failed were about a hundred a guess, a fifth of the time profiled;
- every move's `placing` made up front at 16x16 (9 MB): no faster than on demand;
- clause learning: not tried (the far larger machinery of learned clauses).

Against SAT (`benchmarks/bench_big.py`: 20 generated puzzles a size, one process, pycosat
on a small encoding with variables only for the candidates the givens leave), counting to
two on 16x16 is now about as fast as SAT, with the look-ahead of item 6: SAT's CPU time
over this solver's, bench_big (seeds 1-20) 0.70 before, 1.10 after (solving 0.71 and 1.05;
25x25 counting 1.95 and 2.47, solving 1.13 and 1.22), and in a second pair of runs 0.78
and 1.26 (solving 0.74 and 1.20; 25x25 1.90 and 2.33, 1.16 and 1.16). In one process
taking turns with the old code, where SAT's share moves with the machine's load: seeds
1-20 and 101-130, 0.73 -> 0.99 in one run, 0.66 -> 0.80 in another; seeds 201-240, 0.90 ->
1.10; 25x25 (seeds 1-20, 101-130), 1.25 -> 1.37. The figures before it: CPU time in one
process, twice, on the package's puzzles (seeds 1-20 and 101-105), SAT's time over this
solver's was 0.62-0.69 (before locked candidates and the halving in `heaviest`: 0.55-0.59;
0.50 on the puzzles of the previous generator, 0.62-0.65 now). On 25x25 (seeds 1-20 and
101-110) this solver is 1.06-1.26x quicker (before: 0.86-1.07x). `bench_big` itself (seeds
1-20, each version on the puzzles it generates, CPU time): 16x16 0.45x before, 0.66x
after; 25x25 1.48x before, 1.44x after (the previous generator's 25x25 puzzles were easy
for the previous search by construction: its capped checks kept the givens it found hard
to do without). With locked candidates read off the lines' fields, in one process taking
turns with the old code: 16x16 0.61-0.69 -> 0.68-0.77 on 50 puzzles (0.91 of the time,
twice), 0.72 -> 0.76 on bench_big's 20 (0.95); 25x25 unchanged. bench_big's own 16x16
totals are under a second, and between its runs the ratio moves more than that (0.73 and
0.77 before, 0.71 and 0.69 after); its 25x25 count went from 1.65 (twice) to 1.74-1.78.
Where the 16x16 time goes (50 puzzles, seeds 1-20 and 101-130, 24,228 nodes before the
look-ahead): a node costs about 70 us: 17 forced moves of about 1.5 us (three `&` on the
whole 17,408-bit board), 5 rounds of `settle` of about 2 us, 0.9 looks for locked
candidates of 13-17 us, and the loop and the guess. Half the nodes are dead ends, and a
dead end makes about 30 forced moves before a field runs out; a live node about 5. SAT's
time is flat in the puzzle's difficulty (its search is C: on one puzzle where this solver
meets about 900 dead ends, pycosat's proof that no second solution exists took 288
conflicts): 15-50 ms a puzzle, a quarter of it writing the clauses in Python and three
quarters in pycosat (taking the clauses in and solving, twice). This solver is the
quicker one below about 300 nodes and up to 2.4x slower on the hardest (600-1,000 nodes
since the look-ahead), so a set's ratio follows its share of hard puzzles. With the
quicker locked candidates (`_locked`: 0.94-0.95 of the time, same nodes), SAT's time over
this solver's, three rounds in one process taking turns with the code before: seeds
1-20 1.18 -> 1.24, 101-150 1.04 -> 1.11, 201-240 1.10 -> 1.15, 301-350 0.95 -> 1.01,
501-530 0.87 -> 0.93; 25x25 seeds 1-20 and 101-120 1.40 -> 1.49 (bench_big: 16x16 1.19,
25x25 2.23). With the guessed field weighed too (item 4), against the code before both:
1.18 -> 1.25, 1.04 -> 1.12, 1.11 -> 1.21, 0.97 -> 1.07, 0.92 -> 0.92, and seeds 601-640
1.29 -> 1.39; 25x25 1.48 -> 1.62 and 1.33 -> 1.41 (the same puzzles for both). On the
puzzles it generates itself (six differ): 1-20 1.09, 101-150 1.01, 201-240 1.18, 301-350
1.08. So on 16x16 it was at par or ahead, but not by 15% on every set: a set's ratio
follows its share of hard puzzles. With the columns' fields in plain order (`_locked`:
one pass of two products for rows and columns, a call 10-11 us instead of 13.5-14),
against the code before, three rounds in one process taking turns, on the same puzzles:
0.92-0.98 of the time (69,762 nodes on the six sets, not 70,002: the field order decides
ties), and SAT's time over this solver's 1.22 -> 1.27, 1.25 -> 1.31, 1.37 -> 1.40, 1.21
-> 1.31, 1.05 -> 1.15 and 1.58 -> 1.67 (the machine's load moves these: the code before
had 0.92 on seeds 501-530 above, 1.05 here); 25x25 0.96 of the time, 1.30 -> 1.36 and
1.36 -> 1.42. Each version on the puzzles it generates itself (the full grids come from
`solve`: 7 of the first 20 16x16 seeds changed, 17 of 20 25x25): 1.14 -> 1.23, 1.23 ->
1.24, 1.34 -> 1.34, 1.22 -> 1.20, 1.06 -> 1.24, 1.58 -> 1.35 (seeds 601-640's new
puzzles are harder: 11,290 nodes, not 8,630); 25x25 1.27 -> 1.29, 1.43 -> 1.49. With the
segments of `_locked` listed top bit first, a later run on the same puzzles: 1.23, 1.20,
1.38, 1.29, 1.11, 1.66. So SAT is behind on every set: by 11% or more on the same puzzles
(seeds 501-530 the least, 1.11-1.15 over runs), 20% or more on the new ones.
Measured and not taken, on those 50 puzzles:

- dom/wdeg as a ratio (marks over 1 + dead ends, fields of up to 3 or 4 marks): 23,465
  and 24,032 nodes against 24,228; guessing in units' fields first 29,576, in cells'
  39,356;
- restarts, a first search stopped after 50-400 nodes passing its dead ends on: 21,502
  nodes at 50, 25,074 at 100, 39,982-44,456 with budgets growing;
- a forced move by a shift for high fields, or `single &= board`: 1.45-1.69 us a move
  against 1.48; a look for an emptied field after every move: only 2.3 of the 17.5
  moves of a node come after the first field is emptied, fewer than a look costs;
- a pair rule on the fields with two marks (two such fields whose marks meet, two by
  two, in two other fields: those lose their other marks; naked and hidden pairs and
  X-wings are cases of it): 8,948 nodes down to 4,814 on the first 20 puzzles (hidden
  pairs alone 5,282). But at each stop there are about 94 units' fields and 22 cells
  with two marks, and finding the equal ones takes a comparison per pair of fields of a
  unit (n-1 shifts a kind) or a loop over them, about as dear as the nodes it saves.
  Built as those shifts, for hidden pairs (the fields of one unit lie n fields apart,
  so a shift of k*n fields and one XOR compare every unit's numbers d and d+k at once):
  60-90 us a call. At every node 37% fewer nodes (30 puzzles) in 1.3x the time; at the
  nodes of depth 4 or less 8-12% fewer in 0.87-0.89 of the time, and beside the
  look-ahead (item 6) nothing more. The whole rule as a loop at depth 4 or less: 1.07x
  the time; before the root's probes: no fewer nodes;
- the look-ahead beyond the root: at the root and its two children 0.85 of main's time
  where the root alone took 0.77 (same run); at every guess made before the first dead
  end 0.82 (0.76); probing all the root's fields with two marks (about 120): more
  probes than the nodes they saved; probes that weigh their dead ends (to start
  dom/wdeg off): no fewer nodes; a score without settling (the marks each move takes)
  at the root: 11,912 nodes against 11,344 by probing (30 puzzles), worse deeper;
- on ties between fields blamed alike, the first (lowest) field, as now: 13,386 nodes
  on 30 puzzles, the highest 15,202, at random 13,680-15,482.

And later (seeds 101-150 and 301-350, 16,988 and 18,278 nodes):

- the pair rule only where the board changed: a pair the board had at the node above
  was used there, so only fields that lost marks since can be in a new one (complete:
  the same nodes as looking at every field). Naked pairs alone (cells, compared with
  their peers by two shifts and an AND each): 25-33% fewer nodes, but 28-38 us a call
  (4.4 changed cells with two marks at a stop, 0.8 stops a node), 1.00-1.07 of the time.
  Hidden pairs (36-41% fewer nodes) and both (47-49%) would look at about 13 changed
  units' fields a stop more;
- probing every field with two marks at the root, twice (the ten hardest puzzles):
  5,154 nodes down to 3,728, for about 480 probes a puzzle; probing again at a right
  child whose left sibling took 50-100 nodes or more (depth 2-6): 3-11% fewer nodes,
  for 100-300 look-aheads of 32 probes; probes without locked candidates: 3-7% more
  nodes;
- last-conflict reasoning (CSP solvers' companion to dom/wdeg: after a dead end, the field
  guessed just above it, or the field that ran out, is guessed first wherever it is open
  again with two marks or more): counting to two on 16x16 seeds 501-530, 301-350 and 1-20
  took 14,483, 18,307 and 7,989 nodes (the field guessed) and 21,388, 28,966 and 11,772
  (the field that ran out), against 11,186, 16,428 and 6,892; 1.09-1.77x the time.

And on the six sets (70,002 nodes before the columns' new order):

- dead ends that weigh less as they age (every count halved each K dead ends, as VSIDS
  decays; `at_least` then keeps every other level): 68,924, 68,214 and 69,498 nodes at
  K = 50, 200 and 1,000, and more on some sets (seeds 1-20: 6,904-7,284, not 6,892);
- probing more or fewer fields at the root: 76,234 nodes at 8, 69,204 at 24, 68,308 at
  32 (16 now), more on some sets;
- a better guess at the root: on the four hardest puzzles of seeds 501-530, the nodes by
  which probed field the root guesses in span 3-5x (1,217-3,509, 1,113-3,181, 547-2,753,
  531-1,629), and neither the product of the fields each probe closed nor either side
  of it ranks them.

Where the 16x16 time goes now (each operation timed on boards the search met): `&`, `|`
and `^` on the whole board take about 0.15 us, `+`, `-` and shifts 0.4-0.6 us (a carry
runs through every digit), so a round of `settle` (one `-`, one `+`) takes about 1.6 us;
a look for locked candidates about 10 us. A node (seeds 501-530): 5.6 rounds, 17.5
forced moves, 1.04 looks for locked candidates (0.46 find some), 0.58 rounds looking
for the fewest marks. Of the 4.5 rounds a node that find single fields, 4.2 find them
in units' fields only and 0.3 in both kinds, never in cells' fields alone: rounds over
the cells' fields (a quarter of the width) first would find nothing.

Where it still stops: 25x25 puzzles a little sparser than `generate`'s. Of 36 made from
its puzzles (seeds 3020-3025) by taking out 2-20 givens at random, 7 stopped at the default
100,000 nodes (about 30 s) and 16 took over 10,000, where a plain pycosat encoding answered
every one in 0.8-4.2 s, Python included; 8 of them are still proper (one took 49,717
nodes). 16x16 puzzles made the same way (160, seeds 2000-2015) took at most 426 nodes.
Tried, no rescue: restarts keeping the dead ends' weights (budgets from 1,000 nodes,
doubling: nothing found in 255,000 on one such puzzle, seed 3001 less 8 givens), and
restarts on copies of the puzzle with its numbers relabelled, every other one transposed
(of 10 copies at 3,000 nodes, one finished on two of four puzzles, none on the others);
the root's look-ahead (`_probe`) at every node down to depth 3: on 13 such puzzles
249,526 nodes down to 215,384, but from 10x fewer to 10x more puzzle by puzzle, and the
one at the limit stayed there. The answers are never wrong: the status says "node limit"
(`sudoku-teach count --max-nodes N` goes further).

Memory: `_cover` used to keep one board-sized int per pencil mark, three times over
(about 550 MB and, on this shared machine, 7.5 s to build at 25x25). Now a move's
`placing` is made the first time a search asks for it (`_cover.Placings`) from one mask
per field: about 45 MB of tables at 25x25, built in about a seventh of the time. The record
of dead ends (`_cover.Failures`) grew by a board-wide int (8 KB at 25x25) each time a
field's count reached a new most: after 50,000 nodes on the empty 25x25 grid, 1,997
levels, 16.5 MB; levels that hold the same fields now share one int (136 differ: 1.1 MB).

`solve` and `count_solutions` answer with a `SolveResult`, like the teaching solvers: its
status is "node limit" when a search stops after `max_nodes` nodes, so no call can run
away. A grid that breaks the rules has no solution.
`geometry` keeps units and peers as bit sets of cells for the quick checks of
`solvable_without`, which digging asks 81 times per puzzle. `proper_solution` is the
package's one answer to "solve it, and is it proper?".

Part of the model layer (it uses grids and rules, and the rater and generators use it);
its exact-cover machinery, `_cover`, is private to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from ..errors import NotAPuzzleError, RequestError, SearchLimitReached
from ..formats import symbol
from ..grid import Grid, GridLike, as_grid
from ..results import DEFAULT_MAX_NODES, SolveResult, check_at_least_one, first_solutions
from ..rules import check_rules
from ..shape import Shape
from ..trace import SearchStats
from ._cover import (
    Board,
    Cover,
    bits_of,
    cover,
    failures,
    guard_of,
    numbers,
    place,
    settle,
    start,
)
from ._probe import probe_root

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
    units_of: tuple[tuple[int, int, int], ...]  # for each cell: its three units as bit sets
    peers: tuple[int, ...]  # for each cell: the cells that share a unit with it
    peer_cells: tuple[tuple[int, ...], ...]  # for each cell: its peers as a list of cell numbers


@cache
def geometry(shape: Shape) -> Geometry:
    """Translate a shape's units and peers into bit sets of cells, once."""
    n = shape.size
    units = tuple(sum(1 << (r * n + c) for r, c in unit.cells) for unit in shape.units)
    units_of = tuple(
        (units[r], units[n + c], units[2 * n + shape.region_index(r, c)]) for r, c in shape.cells
    )
    peers = tuple((a | b | c) & ~(1 << i) for i, (a, b, c) in enumerate(units_of))
    cells = range(shape.n_cells)
    peer_cells = tuple(tuple(p for p in cells if peers[i] >> p & 1) for i in cells)
    return Geometry(shape, (1 << n) - 1, units, units_of, peers, peer_cells)


# --- the search ---------------------------------------------------------------------------
def visit(stats: SearchStats, depth: int, max_nodes: int) -> None:
    """Count one more node, or stop the search if that would pass the node limit."""
    if stats.nodes >= max_nodes:
        raise SearchLimitReached(max_nodes, stats)
    stats.nodes += 1
    if depth > stats.max_depth:
        stats.max_depth = depth


def search(
    board: Board, geo: Cover, stats: SearchStats, max_nodes: int, prefer: Board = 0,
    locked: bool = True,
) -> Iterator[Board]:
    """Yield every solved board below this one, depth first, lowest mark first.

    Counting to two visits every node of the tree of a proper puzzle, so this is the hot
    path. The boards still to try wait on a to-do list (a stack of ints), rather than in
    one recursive generator per node: no object is made per node, so the garbage
    collector has nothing to track. A board is one int: each guess gets its own, and
    taking a guess back costs nothing. `depth` counts the guesses; a guess is taken back
    (`backtracks`) when the search moves on from it, after a dead end or a solution.
    The marks of a `prefer` board (a solution known already, see `Digging`) are tried
    first at each guess. `locked` says whether `settle` looks for locked candidates (on
    the sizes that have them, `Cover.locks`).
    """
    boards, depths, guessed = [board], [0], [0]
    placing_at = geo.placing_at
    # On big grids each dead end weighs on the field that ran out of marks, and the guess
    # goes to the heaviest of the fields with fewest marks (see `_cover.settle`). From
    # 16x16 up it weighs on the field guessed in just above it too (`guessed`: the length
    # of that field's guard, 0 for none).
    failed = failures(geo)
    locks = geo.locks if locked else None
    weigh_guess = failed is not None and locks is not None
    leaf = -1  # the depth of the last dead end or solution, until the next board is taken
    while boards:
        board, depth, guess = boards.pop(), depths.pop(), guessed.pop()
        if leaf >= 0:  # the guesses from that leaf back up to this board's sibling are done
            stats.backtracks += leaf - depth + 1
            leaf = -1
        if stats.nodes >= max_nodes:  # visit(stats, depth, max_nodes), written out
            raise SearchLimitReached(max_nodes, stats)
        stats.nodes += 1
        if depth > stats.max_depth:
            stats.max_depth = depth
        settled, choices = settle(board, geo, failed, locks)
        if not depth and locks is not None and settled is not None and choices:
            settled, choices = probe_root(settled, geo, failed, locks)  # a big grid's root
        if settled is None or not choices:  # a dead end, or solved (no guess left to make)
            leaf = depth
            if settled is not None:
                yield settled
            elif guess and failed is not None:
                failed.blame(guess)
            continue
        board = settled
        guard = guard_of(choices, geo) if weigh_guess else 0
        first = choices & prefer  # the known solution's mark here, if any: tried first
        for marks in (choices ^ first, first):  # so it goes on the stack last
            while marks:  # the highest mark goes on the stack first, the lowest is tried first
                at = marks.bit_length()
                boards.append(board & placing_at[at])  # place(board, that mark's move)
                depths.append(depth + 1)
                guessed.append(guard)
                marks ^= 1 << (at - 1)
    if leaf > 0:
        stats.backtracks += leaf  # every guess on the way down to the last leaf is done


def _solutions(grid: Grid, stats: SearchStats | None, max_nodes: int) -> Iterator[list[int]]:
    """The numbers of every solution of a grid, as lists in reading order."""
    stats = SearchStats() if stats is None else stats
    geo = cover(grid.shape)
    board = start(list(grid.numbers), geo)
    if board is None:
        visit(stats, 0, max_nodes)  # the start is a node, and a dead end
        return
    for found in search(board, geo, stats, max_nodes):
        yield numbers(found, geo)


BLOCK = 25
"""Cells a block of `Digging` holds: a check places the givens of about two blocks afresh."""


class Digging:
    """What the uniqueness checks of one dig share: they all take givens out of one full grid.

    - The board of a puzzle is the AND of its givens' moves, 100 to 600 of them on the
      big grids, and building it afresh for each check was over half the time of a 25x25
      dig. The cells go in blocks of `BLOCK`, and each block's AND is kept until its
      givens change: a check places the givens of one or two blocks afresh, and ANDs the
      boards of the others (25x25 digs: about 1.2 s of CPU before, 0.6 s after).
    - The full grid is a solution we know. A second solution mostly differs from it in a
      few cells, so each guess tries the full grid's own mark first (`search`'s `prefer`;
      SAT solvers call it phase saving). On 16x16 the checks that find a second solution
      took a median 46-169 nodes a dig without it, and a dig 0.71 s of CPU (median of
      five), 0.38 s with it.
    """

    def __init__(self, solution: list[int], shape: Shape) -> None:
        self.geo = cover(shape)
        known = start(solution, self.geo)
        if known is None or 0 in solution:
            raise RequestError("digging starts from a full grid that keeps the rules")
        self.solution: Board = known
        self.blocks: dict[int, tuple[list[int], Board]] = {}  # first cell: its givens, board

    def board(self, cells: list[int]) -> Board:
        """The board after the givens of `cells`, a part of the full grid."""
        board = self.geo.empty
        for first in range(0, len(cells), BLOCK):
            givens = cells[first : first + BLOCK]
            kept = self.blocks.get(first)
            if kept is None or kept[0] != givens:
                placed = self.geo.empty  # the givens of this block, placed afresh
                for cell, number in enumerate(givens, first):
                    if number:
                        placed = place(placed, cell * self.geo.size + number - 1, self.geo)
                kept = self.blocks[first] = (givens, placed)
            board &= kept[1]
        return board


def solvable_without(
    cells: list[int], shape: Shape, cell: int, number: int, max_nodes: int = DEFAULT_MAX_NODES,
    digging: Digging | None = None,
) -> bool:
    """Whether the grid has a solution with `number` NOT in `cell` (a blank cell).

    Digging a puzzle needs this more than a count: if a proper puzzle loses the given
    `number` at `cell`, any second solution must put something else there (one that kept
    `number` would have solved the puzzle before, which had just one solution). So "is it
    still unique?" becomes "is there a solution without that number there?", and the search
    can stop at the first solution it finds instead of looking for a second one.
    A dig passes its `Digging`, which the checks of one dig share (quicker, same answers).
    The search here looks for no locked candidates: digging's checks are capped, and with
    them more checks would finish, digging harder puzzles (see the module).
    """
    geo = geometry(shape)
    bit = bit_of(number)
    # A quick look first, because digging asks this 81 times a puzzle: when the peers show
    # every other number, the cell can only hold `number` (a naked single), and we are done.
    # (`shown` holds the peers' numbers as a bit set, number v at bit v-1 as everywhere;
    # `(1 << v) >> 1` is that bit, and 0 for a blank peer.)
    shown = 0
    for peer in geo.peer_cells[cell]:
        shown |= (1 << cells[peer]) >> 1
    if (shown | bit) == geo.full:
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
    board = start(cells, cover(shape)) if digging is None else digging.board(cells)
    if board is None:
        return False
    move = cell * shape.size + number - 1  # take the number's mark out of the cell
    board &= ~bits_of(move, cover(shape))
    prefer = 0 if digging is None else digging.solution
    found = search(board, cover(shape), SearchStats(), max_nodes, prefer, locked=False)
    return next(found, None) is not None


# --- the public functions ---------------------------------------------------------------
def solutions(
    grid: GridLike, stats: SearchStats | None = None, max_nodes: int = DEFAULT_MAX_NODES
) -> Iterator[Grid]:
    """Every solution, one at a time (take only what you need: there may be billions).

    Raises `SearchLimitReached` rather than visit more than `max_nodes` nodes.
    """
    check_at_least_one("max_nodes", max_nodes)
    grid = as_grid(grid)
    for cells in _solutions(grid, stats, max_nodes):
        yield Grid(cells, grid.shape, grid.givens)


def count_all(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Every solution, counted and kept: for small grids (the empty 4x4 grid has 288)."""
    return count_solutions(grid, limit=max_nodes, max_nodes=max_nodes)


def count_solutions(
    grid: GridLike, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES
) -> SolveResult:
    """The solutions, counting no further than `limit` (2 answers "is it unique?").

    The input is never changed; the result's `count` is the number found, and its status
    is "node limit" if the search stopped before it could finish.
    """
    check_at_least_one("limit", limit)
    check_at_least_one("max_nodes", max_nodes)
    grid = as_grid(grid)
    stats = SearchStats()
    return first_solutions("fast", grid, solutions(grid, stats, max_nodes), limit, stats)


def solve(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """A solution (the result's `solution`, a new grid with the same givens), or none."""
    return count_solutions(grid, 1, max_nodes)


def proper_solution(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> Grid:
    """The one solution of a proper puzzle, or an error that says in words why it is not one.

    The one answer to "solve it, and is it proper?" that the rater, the game, worksheets
    and exercises share: `RuleViolation` names a broken rule, `NotAPuzzleError` says "no
    solution" or "more than one" (with a cell where two solutions differ), and
    `SearchLimitReached` says the search could not tell within `max_nodes`.
    """
    grid = as_grid(grid)
    check_rules(grid)
    result = count_solutions(grid, 2, max_nodes)
    if result.status == "node limit":
        raise SearchLimitReached(max_nodes, result.stats)
    found = result.solutions
    if not found:
        raise NotAPuzzleError(
            "this puzzle has no solution: no rule is broken yet, but the empty cells"
            " can never all be filled"
        )
    if len(found) > 1:
        cell = next(c for c in grid.empty_cells() if found[0][c] != found[1][c])
        raise NotAPuzzleError(
            "this puzzle has more than one solution (for example, cell"
            f" ({cell[0]}, {cell[1]}) can be {symbol(found[0][cell])} or"
            f" {symbol(found[1][cell])}):"
            " add givens until only one is left"
        )
    return found[0]
