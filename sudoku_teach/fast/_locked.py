"""Locked candidates (pointing and claiming) on the whole board at once, for 16x16 and up.

Where a row meets a region, the two share a *segment* of s cells (s x s regions, s = 4
at 16x16). Take one number d and one band: s rows across s regions, so s x s segments,
and say S[k][j] when row k has marks for d in region j. Then, at a segment with marks:

- **pointing**: if region j has marks only in row k (no other S[.][j]) while row k has
  marks elsewhere too, the rest of row k loses d;
- **claiming**: if row k has marks only in region j (no other S[k][.]) while region j has
  marks in other rows too, the rest of region j loses d.

So where exactly one of "row k has two segments or more" and "region j has two rows or
more" holds, something is locked, and both read off the rows' own fields:

- S[k][j] is "group j of row k's field holds a mark" (a group: bits j*s .. j*s+s-1, the
  cells in region j). A group's low s-1 bits added to themselves carry into its top bit
  when they hold a mark, and never out of the group (`segments`);
- "two segments or more" is the field of flags with its lowest flag taken off, not empty
  (`in_two_regions`);
- "two rows or more" is a sum down the band's s fields, which one multiplication adds up
  for every band at once, and another copies back to the band's fields (`in_two_lines`).

Columns are the same with bands for regions (a column's groups are the bands). In
`_cover`'s layout the rows' fields of number d are d*n + r and the columns' d*n + c, so
the s lines of a band (or of a stack) are s fields side by side in both kinds, and the
same two products serve both. `locked_marks` does all this for
every number, band and stack in about twenty operations on the rows' and columns' fields,
and finds nothing at about half the nodes; the few segments found are handled one by one.
Every field holds a mark when it runs (`settle` calls it when every open field holds two
marks or more, and a met field keeps its mark), so taking 1 from every field borrows from
none.

The road before: the regions' fields gave their own "outside row k" flags, which a
transpose of the s x s blocks (2s-1 shifts a kind) moved onto the lines' places: about 65
operations, 38 us a call on 16x16 against 13-17 us after. Then (same marks, same nodes):
`segments` by one addition (it was two, even and odd groups apart), and the band sums
over each kind's half of the bits (they were over both kinds, each kind's masks picking
its own), the columns' by doubling shifts: a call 15% quicker on 16x16, 20% on 25x25,
counting to two 0.92-0.98 of the time (five sets of 16x16 puzzles, one process). Then
the columns' fields in plain order (they were d*n + i*s + c//s, i = c % s, a stack's s
columns s fields apart, an order kept from the transpose, which summed a band of columns
by shifts, each kind in its own pass): one pass of two products for both kinds, a call
13.5-13.9 -> 10.2-10.7 us on 16x16 and 44-50 -> 36-40 us on 25x25 (the same puzzles, one
process; the boards differ only in where the columns' fields lie). Then the segments found
listed top bit first (`positions`) and the pointing ones apart from the claiming ones (not
a shift per segment to tell them apart): in another run 6.2-6.4 -> 5.8-5.9 us a call on
16x16, 24.0-24.6 -> 20.9-22.1 us on 25x25, the same marks; counting to two 0.98 of the
time on the six sets of 16x16 puzzles (0.95-1.01 by set), 25x25 the same.
Taking the marks off without the loop over the segments found (pointing and claiming
as masks) was no quicker: handling a line with two pointing segments, or a region two
lines claim, exactly as the loop does (a dead end) costs as much as the loop.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bands:
    """How the s lines of each band lie among the lines' fields, and the masks to sum them.

    A band's lines are s fields side by side, rows and columns alike, so one product
    sums every band of both kinds at once."""

    sum: int  # times this, the last line of each band gets the sum of the band's lines
    counts: int  # bits 1 and 2 of each flag's place j*s, in the last line of each band
    two: int  # bit 3 of each flag's place there: set by adding `counts` to a sum of 2 or more
    back: int  # how far down `two` goes to the flags of the band's first line
    others: tuple[tuple[int, ...], ...]  # [j][k]: group j of the band's lines but line k,
    # from its first line's first bit


@dataclass(frozen=True)
class Locks:
    """The masks that find a shape's locked candidates (see the module).

    Each is over the rows' and the columns' fields side by side from bit 0 (`lines`)."""

    size: int  # n
    side: int  # s: regions are s x s
    kind: int  # the bits of one kind's n*n fields
    marks: int  # every mark bit
    lows: int  # the low s-1 bits of each group of every field
    tops: int  # the top bit of each group of every field
    lowest: int  # bit 0 of every field
    high: int  # bit s*(s-1)+1 of every field, just above the flags j*s
    below: int  # the bits under `high` in every field
    outside: tuple[int, ...]  # [j]: the mark bits of one field outside group j
    bands: Bands


def locks(size: int, side: int) -> Locks:
    """The masks of locked candidates for n x n grids of s x s regions."""
    n, s, width = size, side, size + 1
    fields = 2 * n * n  # the rows' fields, then the columns'
    group = (1 << s) - 1

    def each(pattern: int, which: range = range(fields)) -> int:
        """`pattern` (the bits of one field) in each of these fields."""
        return sum(pattern << f * width for f in which)

    flags = sum(1 << j * s for j in range(s))  # bit j*s for each group j

    high = 1 << (s - 1) * s + 1
    last_lines = each(1, range(s - 1, fields, s))  # a band's lines: fields k*s .. k*s+s-1
    return Locks(
        size=n, side=s, kind=n * n * width, marks=each((1 << n) - 1),
        lows=each(flags * (group >> 1)), tops=each(flags << s - 1),
        lowest=each(1), high=each(high), below=each(high - 1),
        outside=tuple((1 << n) - 1 ^ group << j * s for j in range(s)),
        bands=Bands(
            sum(1 << i * width for i in range(s)), last_lines * flags * 6,
            last_lines * flags << 3, (s - 1) * width + 3,
            tuple(tuple(sum(group << j * s + i * width for i in range(s) if i != k)
                        for k in range(s)) for j in range(s)),
        ),
    )


def segments(lines: int, locks: Locks) -> int:
    """A flag at bit j*s of each field whose group j holds a mark (S[k][j] of the module).

    A group's low s-1 bits added to themselves carry into its top bit when they hold a
    mark, and never out of the group; with the top bit itself, the top bit says "a mark".
    """
    found = ((lines & locks.lows) + locks.lows | lines) & locks.tops
    return found >> locks.side - 1


def in_two_regions(segments: int, locks: Locks) -> int:
    """The flags of the lines with marks in two regions or more (two flags or more)."""
    beyond_lowest = segments & (segments - locks.lowest)  # every field has a flag: no borrow
    some = (beyond_lowest + locks.below) & locks.high  # carries to `high` if a flag is left
    return (some - (some >> (locks.side - 1) * locks.side + 1)) & segments


def in_two_lines(segments: int, locks: Locks) -> int:
    """The flags whose region (the same group, across the band) has marks in two lines or more.

    A sum holds at most s flags, so it fits in the s bits of its flag's group. One product
    sums the bands of rows and columns alike, and another copies each band's answer from
    its first line to all s lines.
    """
    bands = locks.bands
    sums = segments * bands.sum
    two = ((sums & bands.counts) + bands.counts) & bands.two
    return (two >> bands.back) * bands.sum & segments


def locked_marks(board: int, locks: Locks) -> list[int]:
    """The bit positions of the marks that locked candidates take off the board (often none)."""
    lines = board >> locks.kind & locks.marks  # the rows' fields, then the columns'
    flags = segments(lines, locks)
    elsewhere = in_two_regions(flags, locks)
    locked = elsewhere ^ in_two_lines(flags, locks)
    if not locked:
        return []
    n, s = locks.size, locks.side
    pointing = locked & elsewhere
    found: list[int] = []
    for at in positions(pointing):  # the line keeps only its segment
        field, bit = divmod(at, n + 1)
        found += marks_of(lines, field, locks.outside[bit // s], locks)
    for at in positions(locked ^ pointing):  # claiming: the band's other lines lose theirs
        field, bit = divmod(at, n + 1)  # in the segment's region
        k = field % s  # the line's place in its band
        found += marks_of(lines, field - k, locks.bands.others[bit // s][k], locks)
    return found


def positions(found: int) -> list[int]:
    """The positions of the 1 bits, highest first.

    Taking the top bit off (`bit_length`) makes the int shorter at each step; taking the
    lowest (`found & -found`) went through all of it each time: on 16x16, 1.2 us for the
    3 segments a look finds on average, 0.5 us now.
    """
    at = []
    while found:
        top = found.bit_length() - 1
        at.append(top)
        found ^= 1 << top
    return at


def marks_of(lines: int, field: int, within: int, locks: Locks) -> list[int]:
    """The board positions of the marks within `within` (bits from `field`'s first on)."""
    start = field * (locks.size + 1)
    return [locks.kind + start + p for p in positions(lines >> start & within)]
