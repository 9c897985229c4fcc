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
  cells in region j). Adding s 1-bits to a group carries out of it when it holds a mark;
  the even groups and the odd ones are added apart, so each carry lands in a group with
  nothing in it (`segments`);
- "two segments or more" is the field of flags with its lowest flag taken off, not empty
  (`in_two_regions`);
- "two rows or more" is a sum down the band's s fields, which one multiplication adds up
  for every band at once, and another copies back to the band's fields (`in_two_lines`).

Columns are the same with bands for regions (a column's groups are the bands). In
`_cover`'s layout the rows' fields of number d are d*n + r, the columns' d*n + i*s + c//s
(i = c % s): the s columns of a stack lie s fields apart. `locked_marks` does all this for
every number, band and stack in about thirty operations on the rows' and columns' fields,
and finds nothing at about half the nodes; the few segments found are handled one by one.
Every field holds a mark when it runs (`settle` calls it when every open field holds two
marks or more, and a met field keeps its mark), so taking 1 from every field borrows from
none.

The road before: the regions' fields gave their own "outside row k" flags, which a
transpose of the s x s blocks (2s-1 shifts a kind) moved onto the lines' places: about 65
operations, 38 us a call on 16x16 against 13-17 us now (same marks found, same nodes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bands:
    """How the s lines of each band lie among one kind's fields, and the masks to sum them."""

    step: int  # fields from one line of a band to the next: 1 for rows, s for columns
    sum: int  # times this, the last line of each band gets the sum of the band's lines
    ups: tuple[int, ...]  # the same as shifts: 1, 2, ..., s-1 lines up
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
    even: int  # the bits of groups 0, 2, 4, ... of every field
    odd: int  # the bits of groups 1, 3, ...
    even_carries: int  # bit (j+1)*s of every field for even j: adding `even` carries there
    # from group j when it holds a mark
    odd_carries: int  # the same for odd j
    lowest: int  # bit 0 of every field
    high: int  # bit s*(s-1)+1 of every field, just above the flags j*s
    below: int  # the bits under `high` in every field
    outside: tuple[int, ...]  # [j]: the mark bits of one field outside group j
    rows: Bands
    columns: Bands


def column_field(column: int, side: int) -> int:
    """The place of a column's field among the columns of one number (see the module)."""
    return column % side * side + column // side


def locks(size: int, side: int) -> Locks:
    """The masks of locked candidates for n x n grids of s x s regions."""
    n, s, width = size, side, size + 1
    fields = 2 * n * n  # the rows' fields, then the columns'
    group = (1 << s) - 1

    def each(pattern: int, which: range = range(fields)) -> int:
        """`pattern` (the bits of one field) in each of these fields."""
        return sum(pattern << f * width for f in which)

    def groups(first: int, bits: int) -> int:
        """`bits` (a pattern of one group) in groups first, first + 2, ... of one field."""
        return sum(bits << j * s for j in range(first, s, 2))

    flags = groups(0, 1) | groups(1, 1)  # bit j*s for each group j

    def bands(step: int, lasts: list[int]) -> Bands:
        """The masks of bands whose lines are `step` fields apart, last lines at `lasts`."""
        last_lines = sum(1 << f * width for f in lasts)
        return Bands(
            step, sum(1 << i * step * width for i in range(s)),
            tuple(i * step * width for i in range(1, s)), last_lines * flags * 6,
            last_lines * flags << 3, (s - 1) * step * width + 3,
            tuple(tuple(sum(group << j * s + i * step * width for i in range(s) if i != k)
                        for k in range(s)) for j in range(s)),
        )

    high = 1 << (s - 1) * s + 1
    row_lasts = list(range(s - 1, n * n, s))  # row (d, r) is field d*n + r
    column_lasts = [n * n + d * n + (s - 1) * s + stack for d in range(n) for stack in range(s)]
    return Locks(
        size=n, side=s, kind=n * n * width, marks=each((1 << n) - 1),
        even=each(groups(0, group)), odd=each(groups(1, group)),
        even_carries=each(groups(0, 1 << s)), odd_carries=each(groups(1, 1 << s)),
        lowest=each(1), high=each(high), below=each(high - 1),
        outside=tuple((1 << n) - 1 ^ group << j * s for j in range(s)),
        rows=bands(1, row_lasts), columns=bands(s, column_lasts),
    )


def segments(lines: int, locks: Locks) -> int:
    """A flag at bit j*s of each field whose group j holds a mark (S[k][j] of the module)."""
    even = lines & locks.even
    found = (even + locks.even) & locks.even_carries
    found |= ((lines ^ even) + locks.odd) & locks.odd_carries
    return found >> locks.side


def in_two_regions(segments: int, locks: Locks) -> int:
    """The flags of the lines with marks in two regions or more (two flags or more)."""
    beyond_lowest = segments & (segments - locks.lowest)  # every field has a flag: no borrow
    some = (beyond_lowest + locks.below) & locks.high  # carries to `high` if a flag is left
    return (some - (some >> (locks.side - 1) * locks.side + 1)) & segments


def in_two_lines(segments: int, locks: Locks) -> int:
    """The flags whose region (the same group, across the band) has marks in two lines or more.

    A sum holds at most s flags, so it fits in the s bits of its flag's group.
    """
    found = 0
    for bands in (locks.rows, locks.columns):
        sums = stacked(segments, bands)
        two = ((sums & bands.counts) + bands.counts) & bands.two
        found |= stacked(two >> bands.back, bands)
    return found & segments


def stacked(flags: int, bands: Bands) -> int:
    """The flags plus copies of them 1, 2, ..., s-1 lines up (`flags * bands.sum`).

    For the columns, s fields apart, the factor is long (200 bits at 16x16, 520 at
    25x25), and s-1 shifts are quicker than the product (at 25x25 11 us against 31).
    """
    if bands.step == 1:
        return flags * bands.sum
    found = flags
    for shift in bands.ups:
        found += flags << shift
    return found


def locked_marks(board: int, locks: Locks) -> list[int]:
    """The bit positions of the marks that locked candidates take off the board (often none)."""
    lines = board >> locks.kind & locks.marks  # the rows' fields, then the columns'
    flags = segments(lines, locks)
    elsewhere = in_two_regions(flags, locks)
    locked = elsewhere ^ in_two_lines(flags, locks)
    if not locked:
        return []
    n, s = locks.size, locks.side
    found: list[int] = []
    for at in positions(locked):
        field, bit = divmod(at, n + 1)
        j = bit // s  # the segment's group
        if elsewhere >> at & 1:  # pointing: the line keeps only its segment
            found += marks_of(lines, field, locks.outside[j], locks)
        else:  # claiming: the band's other lines lose theirs in the segment's region
            bands = locks.rows if field < n * n else locks.columns
            k = field % n // bands.step % s  # the line's place in its band
            found += marks_of(lines, field - k * bands.step, bands.others[j][k], locks)
    return found


def positions(found: int) -> list[int]:
    """The positions of the 1 bits."""
    at = []
    while found:
        bit = found & -found
        at.append(bit.bit_length() - 1)
        found ^= bit
    return at


def marks_of(lines: int, field: int, within: int, locks: Locks) -> list[int]:
    """The board positions of the marks within `within` (bits from `field`'s first on)."""
    start = field * (locks.size + 1)
    return [locks.kind + start + p for p in positions(lines >> start & within)]
