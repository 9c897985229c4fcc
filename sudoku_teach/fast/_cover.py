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

from dataclasses import dataclass
from functools import cache

from ..shape import Shape

Move = int
"""A pencil mark as one number: cell * n + (number - 1)."""

Board = int
"""A board: the pencil marks left, and the guard bit of every demand still open.

A demand that is met keeps the one mark that met it and loses its guard, so a solved
board has one mark in every field and no guard left, and its cells' fields spell out the
solution. Every field of a board is nonzero (an open one has its guard, a met one its
mark), which is what lets `settle` subtract 1 from every field at once."""


@dataclass(frozen=True)
class Cover:
    """The layout of one shape's fields in an int, and what each move does to it."""

    size: int  # n: numbers 1..n, n cells in each unit
    low: int  # the lowest bit of every field
    guards: int  # the guard bit of every field (one above the field's n bits)
    fields: int  # every mark bit of every field (no guards)
    empty: Board  # the board of an empty grid: every pencil mark, every demand open
    cell_marks: int  # every mark bit of the cells' fields (the first n*n fields)
    bits: tuple[int, ...]  # [move]: the move's four bits, one per kind of demand
    covers: tuple[int, ...]  # [move]: the guard bits of the four fields the move meets
    placing: tuple[int, ...]  # [move]: `board & placing[move]` makes the move (see `place`)
    move_at: tuple[int, ...]  # [bit position]: the move that bit stands for (-1 for guards)
    # Indexed by `bit.bit_length()` (position + 1), so that `settle` goes from a guard to
    # its field's marks, and from a forced mark to what it does, in one step each:
    field_at: tuple[int, ...]  # [length of a guard bit]: every mark bit of that guard's field
    placing_at: tuple[int, ...]  # [length of a mark bit]: `placing` of that bit's move;
    # [0] is 0, the "move" of a field with no mark left: it empties the board (a dead end)


@cache
def cover(shape: Shape) -> Cover:
    """Lay out the four kinds of demands of a shape as fields of one int, once."""
    n, width = shape.size, shape.size + 1  # each field: n bits and its guard
    n_fields = 4 * n * n  # n*n fields of each kind: cells, (number, row), (number, column), ...

    def positions(move: Move) -> list[int]:
        """The bit positions of a move in its four fields, in the order of the kinds."""
        cell, d = divmod(move, n)
        r, c = divmod(cell, n)
        region = shape.region_index(r, c)
        spot = (r % shape.box_rows) * shape.box_cols + c % shape.box_cols  # cell in region
        met = [(cell, d), (n * n + d * n + r, c), (2 * n * n + d * n + c, r),
               (3 * n * n + d * n + region, spot)]  # (field, bit in the field) per kind
        return [field * width + i for field, i in met]

    moves = range(n * n * n)
    spots = [positions(m) for m in moves]
    bits = tuple(sum(1 << p for p in pos) for pos in spots)
    in_field = [0] * n_fields  # for each field: the bits of every move in it
    move_at = [-1] * (n_fields * width)
    for m, pos in enumerate(spots):
        for p in pos:
            in_field[p // width] |= bits[m]
            move_at[p] = m
    every_mark = sum(bits)
    low = sum(1 << (f * width) for f in range(n_fields))
    guards, fields = low << n, low * ((1 << n) - 1)
    # A move rules out every other mark that shares a demand with it: each of its four
    # fields keeps just the move, a single mark, for good (the demand is met: covered).
    others = tuple(
        every_mark & ~(in_field[a // width] | in_field[b // width] | in_field[c // width]
                       | in_field[d // width])
        for a, b, c, d in spots
    )
    covers = tuple(sum(1 << (p // width * width + n) for p in pos) for pos in spots)
    # Placing keeps the other marks, the move's own bits and every guard but its four.
    placing = tuple(rest | bit | (guards & ~met) for rest, bit, met in zip(others, bits, covers))
    placing_at = (0, *(placing[m] if m >= 0 else 0 for m in move_at))
    cell_marks = fields & ((1 << (n * n * width)) - 1)
    field_at = [0] * (n_fields * width + 1)
    for f in range(n_fields):
        field_at[(f + 1) * width] = ((1 << n) - 1) << (f * width)  # guard f sits at (f+1)*width-1
    return Cover(n, low, guards, fields, every_mark | guards, cell_marks, bits, covers,
                 placing, tuple(move_at), tuple(field_at), placing_at)


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
            if board & geo.covers[move] != geo.covers[move]:
                return None  # an earlier given met a demand of this one already
            board = place(board, move, geo)
    return board


def place(board: Board, move: Move, geo: Cover) -> Board:
    """The board after a move whose mark is still on it (so its four demands are open)."""
    return board & geo.placing[move]


def settle(board: Board, geo: Cover) -> tuple[Board | None, int]:
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
    """
    low, guards, fields = geo.low, geo.guards, geo.fields
    placing_at, field_at = geo.placing_at, geo.field_at
    while True:
        marks = board & (board - low) & fields  # strip_lowest(board), guards dropped
        single = (board ^ (marks + fields)) & guards  # open, and not nonempty(marks)
        if not single:
            break
        while single:
            mark = board & field_at[single.bit_length()]  # the highest single field's mark
            placing = placing_at[mark.bit_length()]
            board &= placing
            single &= placing
        if not board:
            return None, 0  # a field had no mark: an open demand nobody can meet
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
            first = exactly & -exactly  # the guard of the first such field
            return board, board & field_at[first.bit_length()]
        at_least = more


def numbers(board: Board, geo: Cover) -> list[int]:
    """The numbers of a solved board, cell by cell in reading order."""
    return [move % geo.size + 1 for move in moves_in(board & geo.cell_marks, geo)]
