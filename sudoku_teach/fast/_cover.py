"""Sudoku as exact cover, with all the pencil marks of a grid in one int.

Every solution must meet four kinds of demands, each exactly once:

- every **cell** holds one number;
- every **row**, every **column** and every **region** holds each number once.

A pencil mark (a candidate: "number d may go in cell c") meets one demand of each kind.
Write each demand as a *field* of n bits (n = 9 for classic Sudoku), one bit per pencil
mark that could meet it: a cell's field has a bit per number, the field "row r needs d"
has a bit per cell of the row, and so on. Solving then reads the same way for all four:

- a field with **no** bit left is a demand nobody can meet: a contradiction;
- an open field (a demand not met yet) with **one** bit left is a forced move: a naked
  single in a cell's field, a hidden single in a unit's field;
- otherwise, guess in the field with **fewest** bits: exactly one of them is right.

All fields of all four kinds sit side by side in ONE Python int, each with a spare bit
(the *guard*) above it. For 9x9: 81 cell fields, then 81 fields "row r needs d", 81 for
columns, 81 for regions, each 9 bits and a guard: 324 fields in a 3240-bit int. A few
arithmetic operations then look at every field at once (see `nonempty` and
`strip_lowest`). That is the whole trick of this module: no loop over cells, units or
peers to find the next move, just a handful of operations on one big int. The guard bits
do a second job: a guard is 1 while its demand is still open, so a whole board (marks and
open demands) is that one int, and making a move is one `&` that removes every pencil
mark it rules out and closes its four demands. (The bit-set basics, such as `m & -m` for
the lowest bit, are explained at the top of `fast`.)

Counting solutions ("is this puzzle proper?") runs `settle` at every node of the
search, so it is written for speed: a round is six operations on the whole board, and a
forced move three `&` and two table lookups.

Roads not taken, each measured against this code on top95 and hard375 in one process:

- finding every forced mark at once, by spreading the single fields' guards over their
  fields (`g - (g >> n)`) and one `&`, with a test for dead ends of its own: a move costs
  one `&` less, a round four operations more; 12% slower in all;
- asking cell by cell for a solution without the first one's number (as digging does):
  1.5x the nodes of searching on;
- writing `settle` into the search loop: about 1% faster, for a loop twice as long;
- looking for the guess in the cells' fields first (a shorter int): 2-3% faster, for a
  second copy of the loop;
- preferring regions to rows and columns on ties: fewer nodes on hard375 alone, which is
  tuning to one benchmark;
- fields with two spare bits: two operations fewer a round, each about 10% slower.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from ..shape import Shape
from ._locked import Locks, locked_marks, locks

Move = int
"""A pencil mark as one number: cell * n + (number - 1)."""

Board = int
"""A board: the pencil marks left, and the guard bit of every demand still open.

A demand that is met keeps the one mark that met it and loses its guard, so a solved
board has one mark in every field and no guard left, and its cells' fields spell out the
solution. Every field of a board is nonzero (an open one has its guard, a met one its
mark), which is what lets `settle` subtract 1 from every field at once."""


KEPT_MOVES = 5000
"""The most moves whose `placing` a big size keeps (about 45 MB at 25x25)."""


class Placings(dict[int, int]):
    """`placing_at`, made on demand: [length of a mark bit] -> `board & it` makes that move.

    A table of every move's `placing` up front costs one board-sized int per pencil mark:
    a few hundred KB at 9x9, but 15,625 ints of 65,000 bits (about 130 MB) at 25x25, where
    a search places only a few thousand moves. So each move's is made the first time it is
    asked for, and kept. [0] is 0, the "move" of a field with no mark left: it empties the
    board (a dead end); a guard's length, which no search asks for, is 0 too.
    """

    def __init__(self, make: Callable[[Move], int], move_at: tuple[int, ...]) -> None:
        super().__init__()
        self.make, self.move_at, self.by_move = make, move_at, dict[Move, int]()
        self[0] = 0

    def __missing__(self, length: int) -> int:
        move = self.move_at[length - 1]
        if move < 0:
            return 0
        found = self.by_move.get(move)
        if found is None:  # the move's four bits share one int
            if len(self.by_move) >= KEPT_MOVES:  # start again rather than grow for ever
                self.by_move.clear()
                self.clear()
                self[0] = 0
            found = self.by_move[move] = self.make(move)
        self[length] = found
        return found


KEPT_BITS = 10 * 2**20
"""The most bytes of moves' four bits (`bits_of`) a size keeps for `unmarks`.

Every move of 16x16 (4,096 of 2 KB), about 1,300 of 25x25's 15,625 (8 KB each)."""


class MoveBits(dict[int, int]):
    """[move] -> the move's four bits (`bits_of`), made the first time they are asked for.

    Set bit by bit in a new int they took 13 us a call on 16x16, more than finding the
    locked candidates; kept, a move costs one `|`. At most `most` are kept (then the
    table starts again): when 16x16 kept 1,000, a count made most moves' bits again
    (counting to two took 5% longer).
    """

    def __init__(self, make: Callable[[Move], int], most: int) -> None:
        super().__init__()
        self.make, self.most = make, most

    def __missing__(self, move: Move) -> int:
        if len(self) >= self.most:
            self.clear()
        found = self[move] = self.make(move)
        return found


@dataclass(frozen=True)
class Cover:
    """The layout of one shape's fields in an int, and what each move does to it."""

    size: int  # n: numbers 1..n, n cells in each unit
    low: int  # the lowest bit of every field
    guards: int  # the guard bit of every field (one above the field's n bits)
    fields: int  # every mark bit of every field (no guards)
    empty: Board  # the board of an empty grid: every pencil mark, every demand open
    cell_marks: int  # every mark bit of the cells' fields (the first n*n fields)
    spots: tuple[tuple[int, int, int, int], ...]  # [move]: its bit positions, one per kind
    in_field: tuple[int, ...]  # [field]: every bit of the n moves that could meet it, and
    # the field's guard
    move_at: tuple[int, ...]  # [bit position]: the move that bit stands for (-1 for guards)
    # Indexed by `bit.bit_length()` (position + 1), so that `settle` goes from a guard to
    # its field's marks, and from a forced mark to what it does, in one step each:
    field_at: tuple[int, ...]  # [length of a guard bit]: every mark bit of that guard's field
    placing_at: tuple[int, ...] | Placings  # [length of a mark bit]: `board & it` makes
    # that bit's move; [0] is 0, the "move" of a field with no mark left: it empties the
    # board (a dead end). A tuple made up front below `LAZY_FROM`, else made on demand.
    locks: Locks | None = None  # from `LOCKED_FROM` up: finds locked candidates
    move_bits: MoveBits | None = None  # with `locks`: each move's four bits, for `unmarks`


WEIGHED_FROM = 9
"""The smallest size whose search weighs dead ends when it chooses a guess (see `settle`).

Measured to pay from 9x9 up; on 4x4 and 6x6 searches are a handful of nodes anyway."""

LAZY_FROM = 16
"""The smallest size whose moves' `placing` is made on demand (see `Placings`)."""

LOCKED_FROM = 16
"""The smallest size (of square regions) whose `settle` looks for locked candidates."""


def bits_of(move: Move, geo: Cover) -> int:
    """The move's four bits, one per kind of demand."""
    return sum(1 << p for p in geo.spots[move])


def covers_of(move: Move, geo: Cover) -> int:
    """The guard bits of the four fields the move meets."""
    width = geo.size + 1
    return sum(1 << (p // width * width + geo.size) for p in geo.spots[move])


def placing_of(move: Move, geo: Cover) -> int:
    """`board & placing_of(move)` makes the move (see `place`).

    A move rules out every other mark that shares a demand with it: each of its four
    fields keeps just the move, a single mark, for good (the demand is met: covered).
    `in_field` holds, for each field, every bit of its n moves and its guard. The union
    of the move's four is what the move clears; their intersection is the move's own
    four bits (no other move lies in all four of its fields), which it keeps.
    """
    a, b, c, d = (geo.in_field[p // (geo.size + 1)] for p in geo.spots[move])
    return geo.empty ^ ((a | b | c | d) ^ (a & b & c & d))


def bits_at(positions: list[int], length: int) -> int:
    """The int with these bits set (built in a byte array: one big int, not one per bit)."""
    found = bytearray((length + 7) // 8)
    for p in positions:
        found[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(found, "little")


@cache
def cover(shape: Shape) -> Cover:
    """Lay out the four kinds of demands of a shape as fields of one int, once."""
    n, width = shape.size, shape.size + 1  # each field: n bits and its guard
    side = shape.box_rows if n >= LOCKED_FROM and shape.box_rows == shape.box_cols else 0
    n_fields = 4 * n * n  # n*n fields of each kind: cells, (number, row), (number, column), ...

    def positions(move: Move) -> tuple[int, int, int, int]:
        """The bit positions of a move in its four fields, in the order of the kinds."""
        cell, d = divmod(move, n)
        r, c = divmod(cell, n)
        region = shape.region_index(r, c)
        spot = (r % shape.box_rows) * shape.box_cols + c % shape.box_cols  # cell in region
        return ((cell * width + d), (n * n + d * n + r) * width + c,
                (2 * n * n + d * n + c) * width + r,
                (3 * n * n + d * n + region) * width + spot)

    spots = tuple(positions(m) for m in range(n * n * n))
    in_field: list[list[int]] = [[] for _ in range(n_fields)]  # as bit positions, first
    move_at = [-1] * (n_fields * width)
    for m, pos in enumerate(spots):
        for p in pos:
            in_field[p // width] += pos
            move_at[p] = m
    for f, bits in enumerate(in_field):
        bits.append(f * width + n)  # the guard
    low = int(("0" * n + "1") * n_fields, 2)  # a 1 at the bottom of every field
    guards, fields = low << n, low * ((1 << n) - 1)
    cell_marks = fields & ((1 << (n * n * width)) - 1)
    field_at = [0] * (n_fields * width + 1)
    for f in range(n_fields):
        field_at[(f + 1) * width] = ((1 << n) - 1) << (f * width)  # guard f sits at (f+1)*width-1
    placings = Placings(lambda move: placing_of(move, geo), tuple(move_at))
    geo = Cover(n, low, guards, fields, fields | guards, cell_marks, spots,
                tuple(bits_at(bits, n_fields * width) for bits in in_field), tuple(move_at),
                tuple(field_at),
                placings, locks(n, side) if side else None,
                MoveBits(lambda move: bits_of(move, geo), KEPT_BITS * 8 // (n_fields * width))
                if side else None)
    if n < LAZY_FROM:  # small enough to make every move's placing now (9x9: 729)
        every = [placing_of(m, geo) for m in range(n * n * n)]
        return replace(geo, placing_at=(0, *(every[m] if m >= 0 else 0 for m in move_at)))
    return geo


# --- looking at every field at once ------------------------------------------------------
# In one field f of n bits with its guard bit g = 2**n above it:
#   f + (2**n - 1) reaches the guard bit exactly when f is not 0, and never carries past it;
#   (f | g) - 1 keeps the guard (so no borrow leaks into the next field) and, ANDed with f,
#   gives f & (f - 1): f without its lowest bit.
# Adding or subtracting `low` times a number does this in every field at once.
def nonempty(marks: int, geo: Cover) -> int:
    """The guard bits of the fields that hold at least one bit (`marks`: no guard bits)."""
    return (marks + geo.fields) & geo.guards


def strip_lowest(board: int, geo: Cover) -> int:
    """The board with the lowest bit of every field taken away."""
    return board & ((board | geo.guards) - geo.low)


def moves_in(board: int, geo: Cover) -> list[Move]:
    """The moves of the mark bits of a board (each bit, lowest first, looked up in a table)."""
    found = []
    board &= geo.fields
    while board:
        bit = board & -board  # the lowest 1 bit
        board ^= bit
        found.append(geo.move_at[bit.bit_length() - 1])
    return found


# --- making moves ----------------------------------------------------------------------------
def start(cells: list[int], geo: Cover) -> Board | None:
    """The board after the givens (0 for a blank), or None if two givens clash."""
    board = geo.empty
    n = geo.size
    for cell, number in enumerate(cells):
        if number:
            move = cell * n + number - 1
            if not board >> geo.spots[move][0] & 1:
                return None  # an earlier given met a demand of this one already
            board = place(board, move, geo)
    return board


def place(board: Board, move: Move, geo: Cover) -> Board:
    """The board after a move whose mark is still on it (so its four demands are open)."""
    return board & geo.placing_at[geo.spots[move][0] + 1]


@dataclass
class Failures:
    """The dead ends of one search so far, by the field that ran out of marks."""

    counts: list[int]  # [length of a guard bit]: how many dead ends that field ended
    at_least: list[int]  # [k]: the guard bits of the fields that ended k dead ends or more

    def blame(self, at: int) -> None:
        """Count one more dead end for the field whose guard bit has length `at`.

        Levels that hold the same fields share one int: a long search takes a field or two
        far above the rest, and a board-wide int for each level they climb (8 KB at 25x25)
        held about 20 MB after 50,000 nodes on an empty grid.
        """
        self.counts[at] += 1
        k = self.counts[at]
        at_least = self.at_least
        if k == len(at_least):
            at_least.append(0)
        grown = at_least[k] | 1 << (at - 1)
        at_least[k] = at_least[k - 1] if grown == at_least[k - 1] else grown


def failures(geo: Cover) -> Failures | None:
    """A fresh record of dead ends for a search, if its size weighs them (else None)."""
    return Failures([0] * len(geo.field_at), [geo.guards]) if geo.size >= WEIGHED_FROM else None


def settle(
    board: Board, geo: Cover, failed: Failures | None = None, locks: Locks | None = None
) -> tuple[Board | None, int]:
    """Make every forced move, then name the guess: (board, marks of the field to guess in).

    The board is None on a contradiction, and the marks are 0 when the board is solved.
    Each round looks at every field at once. `board - low` takes 1 from every field (none
    is 0, so nothing borrows from its neighbour), and `board & (board - low)` is then the
    board without the lowest bit of each field. Its marks (`& fields`) are what an open
    field holds beyond one mark; a met field keeps nothing. Adding `fields` carries into
    the guard of every field that kept a mark, so XOR with the board leaves a guard on
    exactly the open fields with one mark or none: `single`.

    Each such field then makes its move, highest field first: its one mark is looked up
    (`field_at`), and `placing_at` does the rest, which also takes the guards of the four
    demands it meets out of `single`, so no move is made twice. A field with no mark left
    (a dead end from the start, or emptied by an earlier move of the round) looks up
    `placing_at[0]`, which is 0: the board empties, and that is how a contradiction shows.

    When no field is single, every open field holds two marks or more, and the last
    round's `marks` is where the search for the fewest begins (so propagating and choosing
    the guess are one function: the choice reuses the round's work). Exactly one mark of
    that field is right (each demand is met exactly once), so trying them one by one finds
    every solution exactly once, which is what counting needs.

    Given the `locks` of its size (`geo.locks`, from 16x16 up), a board with no single
    field is first searched for locked candidates (`_locked`); the marks they rule out
    are taken off, all four bits of each move (`unmarks`), and the rounds go on. A field
    left with no mark shows as a dead end in the next round.

    With a record of `failed` fields (9x9 and up, see `failures`), a contradiction is
    blamed on the field that ran out (the last one looked up: emptying the board ended
    the loop), and of the fields with fewest marks the one blamed most is the guess.
    """
    low, guards, fields = geo.low, geo.guards, geo.fields
    placing_at, field_at = geo.placing_at, geo.field_at
    while True:
        marks = board & (board - low) & fields  # strip_lowest(board), guards dropped
        single = (board ^ (marks + fields)) & guards  # open, and not nonempty(marks)
        if not single:
            if locks is None:
                break
            gone = locked_marks(board, locks)
            if not gone:
                break
            board ^= unmarks(gone, geo)  # every one of them is on the board
            continue
        while single:
            at = single.bit_length()
            mark = board & field_at[at]  # the highest single field's mark
            placing = placing_at[mark.bit_length()]
            board &= placing
            single &= placing
        if not board:  # a field had no mark: an open demand nobody can meet
            if failed is not None:  # that field (emptying the board also ended the loop)
                failed.blame(at)
            return None, 0
    if not marks:
        return board, 0  # no open demand is left: solved
    # The fewest marks: strip the lowest mark again and again; the fields that run out of
    # marks in round k held exactly k + 1. The board's guards are the open fields (all of
    # them with two marks or more now); cells' fields come first (they are the lowest).
    at_least = board
    while True:
        marks &= (marks | guards) - low  # strip_lowest, written out
        more = marks + fields  # its guard bits: the fields with a mark still left
        exactly = (at_least ^ more) & guards  # the open fields that held exactly k + 1 marks
        if exactly:
            if failed is None:
                first = exactly & -exactly  # the guard of the first such field
                return board, board & field_at[first.bit_length()]
            return board, board & field_at[heaviest(exactly, failed)]
        at_least = more


def unmarks(positions: list[int], geo: Cover) -> int:
    """The bits of every move that has a mark at one of these positions (all four each)."""
    assert geo.move_bits is not None  # every size with locked candidates has them
    gone = 0
    for move in {geo.move_at[p] for p in positions}:
        gone |= geo.move_bits[move]
    return gone


def guard_of(marks: int, geo: Cover) -> int:
    """The length of the guard bit of the field that holds these marks (the marks of one field)."""
    width = geo.size + 1
    return (marks.bit_length() // width + 1) * width  # a mark never reaches the guard


def heaviest(guards: int, failures: Failures) -> int:
    """The length of the guard (of those given) whose field ended most searches; first on ties.

    `at_least` shrinks as k grows, so the most is found by halving: a few `&`, not a
    look at every field (the tied fields that have failed are a hundred on 16x16).
    """
    at_least = failures.at_least
    low, high = 0, len(at_least) - 1  # `guards & at_least[low]` is never empty
    while low < high:
        middle = (low + high + 1) // 2
        if guards & at_least[middle]:
            low = middle
        else:
            high = middle - 1
    heavy = guards & at_least[low]
    return (heavy & -heavy).bit_length()


def numbers(board: Board, geo: Cover) -> list[int]:
    """The numbers of a solved board, cell by cell in reading order."""
    return [move % geo.size + 1 for move in moves_in(board & geo.cell_marks, geo)]
