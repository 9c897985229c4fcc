"""Locked candidates (pointing and claiming) on the whole board at once, for 16x16 and up.

Where a row (or column) meets a region, the two share a *segment* of s cells (s x s
regions, s = 4 at 16x16). For one number d:

- **pointing**: if the region's marks for d all lie in the segment, d is in that row
  within the region, so the rest of the row loses d;
- **claiming**: if the row's marks for d all lie in the segment, the rest of the region
  loses d.

Both say the same thing: at a segment where one side has marks only there and the
other does not, the other side loses its marks outside the segment. So `locked_marks`
finds, for every row, column and region field at once, "has it marks outside group j?"
(`spread`, one flag per field and group), moves the regions' flags to the places of the
lines' flags they meet (`turn`), and XORs: the 1 bits are the segments where something is
locked, none at about half the nodes, and each is then handled alone.

The fields are laid out (see `_cover.cover`) so that the moving is a transpose of s x s
blocks: a row field's groups of s bits are its segments with regions j = 0, 1, ..., a
region's groups are its box rows, a column field's groups are its bands. The column
fields of a number are ordered i*s + column // s (i = column % s), so that columns meet
regions the way rows do; a region's box *columns* are strided (spots i, i+s, i+2s, ...),
which only changes the masks. A transpose moves the flags of one diagonal of every block
by the same distance: 2s - 1 shifts, not one per flag.

The cost, counting to two in one process against the same search without them (min of
three runs each): each node is about twice as dear (the flags are about forty
whole-board operations, some four rounds of `settle`), and there are far fewer nodes.
On the package's 16x16 puzzles (seeds 1-20, 101-105) 10,785 nodes against 27,317, in
0.91-0.96 of the time; on the previous generator's 8,688 against 24,378 in 0.8 of the
time; on 25x25 (seeds 1-20, 101-110) 1,798 against 5,576 nodes in 0.79-0.84 of the time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Diagonal = tuple[int, int]
"""The flags on one diagonal of the blocks (a mask) and how far a transpose moves them."""


@dataclass(frozen=True)
class Locks:
    """The masks that find a shape's locked candidates (see the module)."""

    size: int  # n
    side: int  # s: regions are s x s
    kind: int  # the bits of one kind's n*n fields
    two_kinds: int  # every bit of two kinds' fields (shifted down to bit 0)
    fields: int  # their mark bits
    guards: int  # their guard bits
    in_lines: tuple[int, ...]  # [j]: the mark bits outside group j (bits j*s .. j*s+s-1)
    in_regions: tuple[int, ...]  # [j]: the same for regions as rows' partners, then as
    # columns' partners: outside spots j, j+s, j+2s, ... (a column of the region)
    strided: tuple[int, ...]  # [i]: spots i, i+s, i+2s, ... of one field
    turns: tuple[Diagonal, ...]  # regions' flags (as rows', then columns') to lines' places
    lift: int  # how far `turn` moves every flag beyond its place (left shifts are cheap)


def column_field(column: int, side: int) -> int:
    """The place of a column's field among the columns of one number (see the module)."""
    return column % side * side + column // side


def locks(size: int, side: int) -> Locks:
    """The masks of locked candidates for n x n grids of s x s regions."""
    n, s, width = size, side, size + 1
    count = n * n  # fields of one kind
    kind = count * width
    low = int(("0" * n + "1") * 2 * count, 2)  # the lowest bit of every field of two kinds
    guards, fields = low << n, low * ((1 << n) - 1)
    in_lines = tuple(fields ^ low * (((1 << s) - 1) << j * s) for j in range(s))
    strided = tuple(sum(1 << (k * s + i) for k in range(s)) for i in range(s))
    lower = (1 << kind) - 1  # the first kind's bits
    in_regions = tuple(in_lines[i] & lower | (fields ^ low * strided[i]) & ~lower
                       for i in range(s))

    def diagonal(d: int, block_of: Callable[[int], int]) -> int:
        """The flags (at field f's guard + j*s) with j - block_of(f) == d: one diagonal."""
        return sum(1 << (f * width + n + j * s) for f in range(count) for j in range(s)
                   if j - block_of(f) == d)

    lift = (s - 1) * s * n  # the farthest a flag moves down
    # rows: region (band, j) flag k -> row (band, k) flag j: (k - j)(width - s) up
    rows = [(diagonal(d, lambda f: f % s), lift + d * (width - s)) for d in range(1 - s, s)]
    # columns: region (g, stack) flag i -> column (i, stack) flag g: (i - g) s n up (the
    # regions' second copy and the columns' fields both come after one kind's bits)
    columns = [(diagonal(d, lambda f: f % n // s) << kind, lift + d * s * n)
               for d in range(1 - s, s)]
    return Locks(n, s, kind, guards | fields, fields, guards, in_lines, in_regions,
                 strided, tuple(rows + columns), lift)


def spread(marks: int, outside: tuple[int, ...], locks: Locks) -> int:
    """For every field and group j, a flag at its guard + j*s: it has marks outside group j."""
    fields, guards, side = locks.fields, locks.guards, locks.side
    found = 0
    for j, mask in enumerate(outside):
        found |= (((marks & mask) + fields) & guards) << j * side
    return found


def turn(flags: int, turns: tuple[Diagonal, ...]) -> int:
    """Each flag moved up to the place it meets, plus `lift`: a transpose, diagonal by diagonal."""
    found = 0
    for mask, shift in turns:
        found |= (flags & mask) << shift
    return found


def locked_marks(board: int, locks: Locks) -> list[int]:
    """The bit positions of the marks that locked candidates take off the board (often none)."""
    n, s, kind = locks.size, locks.side, locks.kind
    width = n + 1
    both = board >> kind & locks.two_kinds  # the rows' fields, then the columns'
    regions = board >> 3 * kind
    regions |= regions << kind  # as the rows' partners, then as the columns'
    lines_out = spread(both, locks.in_lines, locks)
    locked = lines_out << locks.lift ^ turn(spread(regions, locks.in_regions, locks), locks.turns)
    if not locked:
        return []
    found: list[int] = []
    group = (1 << s) - 1
    for at in flags(locked):
        at -= locks.lift
        field, j = divmod(at - n, width)  # a flag sits at its field's guard + j*s
        j //= s  # for a column, j is its band
        if lines_out >> at & 1:  # the region is only in the segment: the line keeps group j
            found += marks_of(both, field, group << j * s, kind, n)
        elif field < n * n:  # row (number, band, k) is only in region (number, band, j)
            k = field % s  # the region keeps its row k
            region = field - k + j
            found += marks_of(regions, region, group << k * s, 3 * kind, n)
        else:  # column (number, i, stack) is only in band j: the region keeps column i
            i, stack = divmod(field % n, s)
            region = field - n * n - field % n + j * s + stack
            found += marks_of(regions, region, locks.strided[i], 3 * kind, n)
    return found


def flags(found: int) -> list[int]:
    """The positions of the 1 bits."""
    positions = []
    while found:
        at = found.bit_length() - 1
        positions.append(at)
        found ^= 1 << at
    return positions


def marks_of(bits: int, field: int, keep: int, offset: int, size: int) -> list[int]:
    """The board positions of a field's marks outside `keep` (`bits` start at `offset`)."""
    start = field * (size + 1)
    outside = bits >> start & ((1 << size) - 1) & ~keep
    return [offset + start + at for at in flags(outside)]
