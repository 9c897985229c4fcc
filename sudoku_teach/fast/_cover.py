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
peers to find the next move, just a handful of operations on one big int. Making a move
removes, with one `&`, every pencil mark it rules out. (The bit-set basics, such as
`m & -m` for the lowest bit, are explained at the top of `fast`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..shape import Shape

Move = int
"""A pencil mark as one number: cell * n + (number - 1)."""


@dataclass(frozen=True)
class Cover:
    """The layout of one shape's fields in an int, and what each move does to it."""

    size: int  # n: numbers 1..n, n cells in each unit
    low: int  # the lowest bit of every field
    guards: int  # the guard bit of every field (one above the field's n bits)
    fields: int  # every bit of every field
    every_mark: int  # the board with every pencil mark in place (an empty grid)
    cell_fields: int  # every bit of the cells' fields (the first n*n fields)
    bits: tuple[int, ...]  # [move]: the move's four bits, one per kind of demand
    covers: tuple[int, ...]  # [move]: the guard bits of the four fields the move meets
    keep: tuple[int, ...]  # [move]: every mark but those the move rules out (it stays)
    others: tuple[int, ...]  # [move]: the same without the move's own bits
    move_at: tuple[int, ...]  # [bit position]: the move that bit stands for (-1 for guards)


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
    # A move rules out every other mark that shares a demand with it: each of its four
    # fields keeps just the move, a single mark, for good (the demand is met: covered).
    others = tuple(
        every_mark & ~(in_field[a // width] | in_field[b // width] | in_field[c // width]
                       | in_field[d // width])
        for a, b, c, d in spots
    )
    keep = tuple(rest | bit for rest, bit in zip(others, bits))
    low = sum(1 << (f * width) for f in range(n_fields))
    guards, fields = low << n, low * ((1 << n) - 1)
    covers = tuple((b + fields) & guards for b in bits)  # see `nonempty`
    cell_fields = (1 << (n * n * width)) - 1
    return Cover(n, low, guards, fields, every_mark, cell_fields, bits, covers, keep, others,
                 tuple(move_at))


# --- looking at every field at once ------------------------------------------------------
# In one field f of n bits with its guard bit g = 2**n above it:
#   f + (2**n - 1) reaches the guard bit exactly when f is not 0, and never carries past it;
#   (f | g) - 1 keeps the guard (so no borrow leaks into the next field) and, ANDed with f,
#   gives f & (f - 1): f without its lowest bit.
# Adding or subtracting `low` times a number does this in every field at once.
def nonempty(board: int, geo: Cover) -> int:
    """The guard bits of the fields that hold at least one bit."""
    return (board + geo.fields) & geo.guards


def strip_lowest(board: int, geo: Cover) -> int:
    """The board with the lowest bit of every field taken away."""
    return board & ((board | geo.guards) - geo.low)


def spread(guards: int, geo: Cover) -> int:
    """Whole fields from their guard bits: g - g/2**n is the n bits below each guard."""
    return guards - (guards >> geo.size)


def moves_in(board: int, geo: Cover) -> list[Move]:
    """The moves of the bits of a board (each bit, lowest first, looked up in a table)."""
    found = []
    while board:
        bit = board & -board  # the lowest 1 bit
        board ^= bit
        found.append(geo.move_at[bit.bit_length() - 1])
    return found


# --- a board: the pencil marks left, and the demands still open ----------------------------
State = tuple[int, int]
"""(marks, open): the marks left, and the guard bits of the demands not met yet.

A demand that is met keeps the one mark that met it, so a solved board has exactly one
mark in every field, and its cells' fields spell out the solution."""


def start(cells: list[int], geo: Cover) -> State | None:
    """The board after the givens (0 for a blank), or None if two givens clash."""
    state = geo.every_mark, geo.guards
    n = geo.size
    for cell, number in enumerate(cells):
        if number:
            move = cell * n + number - 1
            if state[1] & geo.covers[move] != geo.covers[move]:
                return None  # an earlier given met a demand of this one already
            state = place(state, move, geo)
    return state


def place(state: State, move: Move, geo: Cover) -> State:
    """The board after a move whose mark is still on it and whose demands are open."""
    marks, open_ = state
    return marks & geo.keep[move], open_ ^ geo.covers[move]


def propagate(state: State, geo: Cover) -> State | None:
    """Make every forced move until none is left; None on a contradiction.

    Each round looks at every field at once: a field with no mark is a dead end, and the
    open fields with exactly one mark are forced moves.
    """
    marks, open_ = state
    low, guards, fields, n = geo.low, geo.guards, geo.fields, geo.size
    keep, others, covers, move_at = geo.keep, geo.others, geo.covers, geo.move_at
    while True:
        if (marks + fields) & guards != guards:  # nonempty(marks), written out: hot loop
            return None  # a demand that no mark can meet
        rest = marks & ((marks | guards) - low)  # strip_lowest(marks)
        single = open_ ^ ((rest + fields) & open_)  # open fields without a second mark
        if not single:
            return marks, open_
        forced = marks & (single - (single >> n))  # spread(single): their one marks
        while forced:
            move = move_at[forced.bit_length() - 1]  # the highest forced mark's move
            marks &= keep[move]
            open_ ^= covers[move]
            # The move's other bits go, and so do the marks it rules out: a field whose
            # only mark that was is empty now, and the next round finds the contradiction.
            forced &= others[move]


def fewest(state: State, geo: Cover) -> list[Move]:
    """The moves of the open field with the fewest marks, cells' fields first.

    Exactly one of them is right (each demand is met exactly once), so trying them one by
    one finds every solution exactly once, which is what counting needs.
    """
    marks = strip_lowest(state[0], geo)  # met fields (one mark) are empty now
    at_least = nonempty(marks, geo)  # fields with at least k marks, for k = 2, 3, ...
    while True:
        marks = strip_lowest(marks, geo)
        more = nonempty(marks, geo)
        exactly = at_least & ~more  # fields with exactly k marks
        if exactly:
            return moves_in(state[0] & spread(exactly & -exactly, geo), geo)
        at_least = more


def numbers(state: State, geo: Cover) -> list[int]:
    """The numbers of a solved board, cell by cell in reading order."""
    return [move % geo.size + 1 for move in moves_in(state[0] & geo.cell_fields, geo)]
