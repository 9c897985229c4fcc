"""Reading and writing grids as text.

Three text forms are read, all by one parser that ignores spaces and line breaks (but
refuses rows of different lengths, unless they are one line cut into equal pieces):

* one line of 81 characters, `0` or `.` for a blank (the form of most puzzle collections);
* 9 lines of 9 space-separated numbers (the assignment's file format);
* 9 lines of 9 characters, `.` for a blank, `#` lines for notes (the `.sdk` format);
* the pretty form that `format_pretty` prints, with `|`, `-` and `+` between regions.

Smaller grids (4x4, 6x6, 8x8) work the same way with 16, 36 or 64 cells.

Big grids (16x16 with 256 cells, 25x25 with 625) need numbers above 9, and every cell is
still ONE character: the numbers 10 to 25 are the letters A to P (`SYMBOLS`), so a 16x16
grid uses 1-9 and A-G (G = 16) and a 25x25 grid 1-9 and A-P. Lower-case letters are read
too. `0` and `.` are always a blank, so the "hexadecimal" form some 16x16 collections use
(0-F, with 0 standing for 16) is NOT read: write 16 as G. A line of 16 cells is a whole
4x4 puzzle or a row of a 16x16 grid: sixteen such lines in a row are one 16x16 grid when
one of them holds a number above 4 or all are blank; otherwise each is a 4x4 puzzle, and
sixteen of only 1-4 with a blank one among them are refused as ambiguous (`sixteen_rows`).
Pass the shape to be sure.

Errors say which line and column hold the problem.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import NamedTuple

from .errors import PuzzleFormatError, RequestError
from .shape import STANDARD_SHAPES, Shape, check_shape

DECORATION = set("|+-")
BLANKS = set("0.")
FULL_SIZES = {size: size * size for size in STANDARD_SHAPES}
MAX_TEXT = 100_000
"""The longest text read as one puzzle: a 25x25 grid written out takes a few thousand."""
"""Cells in a whole grid, by size: 4 -> 16, ..., 9 -> 81, 16 -> 256, 25 -> 625."""

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""The character for each number: SYMBOLS[v - 1] stands for v (A = 10, G = 16, P = 25)."""


class Token(NamedTuple):
    """One cell character and where it was found (both counted from 1, like an editor)."""

    char: str
    line: int
    column: int


IGNORED = "\ufeff"
"""A byte-order mark that some editors put at the very start of a file: not a cell."""

SPACES_HINT = "spaces only separate numbers: write a blank as 0 or ."


def tokens(text: str, first_line: int = 1, source: str | None = None) -> Iterator[Token]:
    """Yield the cell characters of a text, rejecting anything else where it stands."""
    for line_no, line in enumerate(text.splitlines(), start=first_line):
        for col_no, char in enumerate(line, start=1):
            if char.isspace() or char in DECORATION or char == IGNORED:
                continue
            if char in BLANKS or char.upper() in SYMBOLS:
                yield Token(char, line_no, col_no)
            elif "Q" <= char.upper() <= "Y" and of_a_25x25(line):
                raise PuzzleFormatError(
                    f"unexpected character {char!r}: the numbers are written 1-9, then A-P for"
                    " 10-25, so no letter comes after P; " + LETTERS_ONLY_HINT,
                    line=line_no,
                    column=col_no,
                    source=source,
                )
            else:
                raise PuzzleFormatError(
                    f"unexpected character {char!r}: a puzzle holds the digits 1-9"
                    " (and A-P for 10-25 in 16x16 and 25x25 grids), with 0 or . for a blank",
                    line=line_no,
                    column=col_no,
                    source=source,
                )


LETTERS_ONLY_HINT = (
    "a grid written in letters alone (A-P for 1-16, A-Y for 1-25) is written here with"
    " A-I as 1-9 and J-Y as A-P"
)
"""How to write a big grid from the other common notation, where A stands for 1."""


def of_a_25x25(line: str) -> bool:
    """Whether a line is a 25x25 grid's row or more than a 9x9 puzzle (so meant as a big grid,
    not a 9x9 line with a typo), by its cell-like characters."""
    cells = sum(char.isalnum() or char in BLANKS for char in line)
    return cells == 25 or cells > FULL_SIZES[9]


def letters_only_hint(found: list[Token], token: Token, shape: Shape) -> str:
    """For a letter past this size's last in a grid of many givens and no digit: the grid
    looks written in letters alone (A = 1), the other common notation; say how to write it
    here (a lone letter in an empty grid is as likely a slip of ours)."""
    givens = [t for t in found if t.char not in BLANKS]
    if (not token.char.isalpha() or len(givens) < shape.size
            or any(t.char in "123456789" for t in givens)):
        return ""
    n = shape.size
    return (f"; with no digit 1-9 in it, this grid looks written A-{chr(ord('A') + n - 1)}"
            f" for 1-{n}: " + LETTERS_ONLY_HINT)


def value_of(char: str) -> int:
    """The number a cell character stands for: 0 for a blank, 1-9, A = 10 ... P = 25."""
    return 0 if char in BLANKS else SYMBOLS.index(char.upper()) + 1


PLAIN = {char: value_of(char) for char in ".0123456789"}
"""The characters of a 9x9 puzzle on one line, the usual form, and the numbers they stand for."""
PLAIN_CHARS = "".join(PLAIN)


def symbol(value: int, blank: str = ".") -> str:
    """The character that writes a number (`blank` for 0): 7 -> '7', 10 -> 'A', 16 -> 'G'."""
    return SYMBOLS[value - 1] if value else blank


def a_symbol(value: int) -> str:
    """A number's character with its article, as said aloud: 'a 9', 'an 8', 'an E', 'a G'."""
    char = symbol(value)
    return f"{'an' if char in VOWEL_SOUNDS else 'a'} {char}"


VOWEL_SOUNDS = "8AEFHILMNO"
"""The characters whose names start with a vowel sound ('eight', 'ef', 'aitch', 'em' ...)."""


def symbols_for(size: int) -> list[str]:
    """The characters of the numbers 1..size, in order: the one table every view writes with.

    The board's script keeps no table of its own: it is sent `SYMBOLS` (the board's `symbols`),
    so the page, the files and every message write 10 as A, 16 as G and 25 as P alike.
    """
    if not 1 <= size <= len(SYMBOLS):
        raise RequestError(f"no symbols for size {size}: sizes go from 1 to {len(SYMBOLS)}")
    return list(SYMBOLS[:size])


def shape_for_count(count: int, source: str | None = None, hint: str = "") -> Shape:
    """The grid shape that has exactly `count` cells, or an error saying what would fit."""
    for size, cells in FULL_SIZES.items():
        if cells == count:
            return Shape.for_size(size)
    fits = ", ".join(f"{cells} ({size}x{size})" for size, cells in FULL_SIZES.items())
    raise PuzzleFormatError(f"found {count} cells, but a grid has {fits}{hint}", source=source)


def written_as(shape: Shape) -> str:
    """How the numbers of a shape are written, for messages: '1-9', '1-9 and A-G'."""
    if shape.size <= 9:
        return f"1-{shape.size}"
    return f"1-9 and A-{SYMBOLS[shape.size - 1]}"


def line_count_problem(count: int, shape: Shape | None = None) -> str:
    """What a line of `count` cells is not: the nearest whole puzzle or row, and what fits.

    Said for the sizes that exist (or the one expected), so a 16x16 line with a cell
    missing is told about 16x16 puzzles, not about 81 cells.
    """
    sizes = list(FULL_SIZES) if shape is None else [shape.size]
    near: dict[int, list[str]] = {}
    for size in sizes:
        near.setdefault(size * size, []).append(f"a whole {size}x{size} puzzle on one line")
        near.setdefault(size, []).append(f"a row of a {size}x{size} grid")
    nearest = min(near, key=lambda fits: (abs(fits - count), fits))
    off = f"{abs(count - nearest)} {'fewer' if count < nearest else 'more'} than"
    wholes, rows = (or_list(size * size for size in sizes), or_list(sizes))
    return (f"found {count} cells on this line, {off} {' or '.join(near[nearest])} ({nearest}):"
            f" a line holds a whole puzzle ({wholes} cells) or one row of a grid ({rows} numbers)")


def shortened(text: str, most: int = 100, show: Callable[[str], str] = str) -> str:
    """A text for a message: whole if short, else its start and its length (never a page
    of digits or a file name of thousands of characters). `show=repr` quotes it."""
    if len(text) <= most:
        return show(text)
    return f"{show(text[: most * 2 // 3])}... ({len(text):,} characters)"


def or_list(numbers: Iterable[int]) -> str:
    """Numbers for a message: '16, 36 or 81'."""
    words = [str(number) for number in numbers]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


TWO_DIGITS = re.compile(r"(?<!\S)(1\d|2[0-5])(?!\S)")
"""A number 10-25 written in digits on its own, as in '0 4 12 9': two cells to this reader."""


def decimal_hint(text: str) -> str:
    """A hint for a big grid written with the numbers 10-25 in digits, each read as two cells."""
    found = TWO_DIGITS.search(text)
    if found is None:
        return ""
    number = int(found.group())
    return (f"; every cell is one character, so {number} reads as two cells: write 10-25 as"
            f" the letters A-P ({number} is {symbol(number)})")


def short_row_hint(line: str) -> str:
    """A hint for a row with too few numbers that looks pasted with spaces for blanks."""
    return f"; {SPACES_HINT}" if "  " in line.strip() else ""


def odd_row(
    counts: Counter[int], text: str, first_line: int, source: str | None
) -> PuzzleFormatError | None:
    """In a puzzle written as rows, the first row whose count of numbers differs from the rest.

    Rows of different lengths are refused even when the numbers add up to a whole grid
    (unless they are one line cut into pieces, see `cut_from_one_line`): five rows of 3, 3,
    3, 4 and 3 numbers make 16, but not a 4x4 grid, and reading them as one would move
    cells into the wrong rows without a word. `counts`: how many numbers each line holds,
    by line number (lines with none are left out).
    """
    if len(set(counts.values())) < 2:
        return None  # one row, or rows of the same length
    rows = sorted(counts.items())
    n = len(rows)
    if n in FULL_SIZES:  # as many rows as a grid has: each holds that many numbers
        usual, expected = n, f"a {n}x{n} grid has {n} in each row"
    else:
        (usual, most), (_, next_most) = Counter(counts.values()).most_common(2)
        expected = f"most have {usual}"
        if most == next_most:  # no length is the usual one: compare with the first row
            first, usual = rows[0]
            expected = f"the row on line {first} has {usual}"
    lines = text.splitlines()
    for line_no, count in rows:
        if count != usual:
            return PuzzleFormatError(
                f"this row has {count} numbers, but {expected}"
                + (short_row_hint(lines[line_no - first_line]) if count < usual
                   else decimal_hint(lines[line_no - first_line])),
                line=line_no,
                source=source,
            )
    return None


def cut_from_one_line(counts: Counter[int]) -> bool:
    """Whether the lines look like one long line cut into equal pieces, the last one shorter.

    Line breaks mean nothing to the reader, so a pasted line that an editor wrapped is read
    as it was; rows of different lengths anywhere else are a mistake, and refused.
    """
    pieces = list(counts.values())  # in the order of the lines
    return all(count == pieces[0] for count in pieces[:-1]) and pieces[-1] <= pieces[0]


def parse_cells(
    text: str, shape: Shape | None = None, source: str | None = None, first_line: int = 1
) -> tuple[list[int], Shape]:
    """Read one puzzle: its cells in reading order (0 = blank) and its shape."""
    if len(text) > MAX_TEXT:
        raise PuzzleFormatError(
            f"this text has {len(text):,} characters: a puzzle is at most {MAX_TEXT:,} (the"
            " largest grid, 25x25, written out with room to spare)", source=source
        )
    shape = None if shape is None else check_shape(shape)
    line = text.strip()
    if len(line) == 81 and not line.strip(PLAIN_CHARS) and (shape is None or shape.size == 9):
        # The usual form, one line of 81 digits and dots, needs no walk character by
        # character (that walk is there to say where a problem is, and there is none).
        return [PLAIN[char] for char in line], shape or Shape.for_size(9)
    found = list(tokens(text, first_line, source))
    reject_letters(found, shape, source)
    counts = Counter(token.line for token in found)  # numbers per line that holds any
    problem = odd_row(counts, text, first_line, source)
    fits = len(found) == shape.n_cells if shape else len(found) in FULL_SIZES.values()
    if problem is not None and not (fits and cut_from_one_line(counts)):
        raise problem
    if shape is None:
        shape = shape_for_count(len(found), source, decimal_hint(text))
    elif len(found) != shape.n_cells:
        n = shape.size
        raise PuzzleFormatError(
            f"found {len(found)} cells, expected {shape.n_cells} for a {n}x{n} grid"
            + decimal_hint(text), source=source
        )
    reject_hexadecimal(found, shape, source)
    cells = []
    for token in found:
        value = value_of(token.char)
        if value > shape.size:
            what = token.char if value <= 9 else f"{token.char} (the number {value})"
            raise PuzzleFormatError(
                f"{what} is too big for a {shape.size}x{shape.size} grid (numbers go from 1 to"
                f" {shape.size}, written {written_as(shape)})"
                + letters_only_hint(found, token, shape),
                line=token.line,
                column=token.column,
                source=source,
            )
        cells.append(value)
    return cells, shape


def reject_hexadecimal(found: list[Token], shape: Shape, source: str | None) -> None:
    """Refuse a 16x16 grid written 0-F (0 a number, . the blanks): here 0 is a blank, 16 is G.

    Read our way it would be another puzzle, with every 0 lost: so say how to write it.
    """
    chars = {token.char.upper() for token in found}
    if shape.size == 16 and "G" not in chars and "0" in chars and "." in chars:
        zero = next(token for token in found if token.char == "0")
        raise PuzzleFormatError(
            "this 16x16 grid looks written 0-F (0 a number, . a blank); here 0 and . are both"
            " blanks and the numbers are 1-9 and A-G: write each 0 that is a number as G",
            line=zero.line,
            column=zero.column,
            source=source,
        )


def reject_letters(found: list[Token], shape: Shape | None, source: str | None) -> None:
    """A letter in a grid of 9x9 or smaller is a typo (O for 0, l for 1): say where it is.

    More cells than a 9x9 grid holds are meant as a big grid, letters and all, even when
    a cell is missing: that is told by the count of cells or rows, not as a typo.
    """
    big = shape.size > 9 if shape else len(found) > FULL_SIZES[9]
    letter = None if big else next((t for t in found if t.char.isalpha()), None)
    if letter is not None:
        raise PuzzleFormatError(
            f"unexpected character {letter.char!r}: a puzzle holds the digits 1-9, with 0 or ."
            " for a blank (letters A-P stand for 10-25 in 16x16 and 25x25 grids only)",
            line=letter.line,
            column=letter.column,
            source=source,
        )


def is_comment(line: str) -> bool:
    """Blank lines and `#` lines (comments, and the `.sdk` format's #A author, #D date ...)."""
    return not line.strip() or line.lstrip(" \ufeff").startswith("#")


def is_whole_line(line: str, count: int, shape: Shape | None) -> bool:
    """Whether a line of `count` cells is a whole puzzle rather than one row of a bigger grid.

    16 cells are both a whole 4x4 puzzle and a row of a 16x16 grid: with no shape given,
    a line with a number above 4 is a row (and see `sixteen_rows` for the lines after it).
    """
    if shape is not None:
        return count == shape.n_cells
    if count == FULL_SIZES[4]:
        return all(ch in "01234." for ch in line if ch.upper() in SYMBOLS or ch in BLANKS)
    return count in FULL_SIZES.values()


class CellLine(NamedTuple):
    """A line that holds cells: its number, its text, and how many (or why none can be read);
    for a line of 16, what it can be (`sixteen_kind`)."""

    number: int
    text: str
    cells: int | PuzzleFormatError
    kind: str


def sixteen_kind(chars: list[str]) -> str:
    """What a line of 16 cells can be: 'row' (a number above 4: a row of a 16x16 grid),
    'blank' (all blanks) or 'small' (only 1-4 and blanks: a 4x4 puzzle or a row)."""
    if any(char not in "01234." for char in chars):
        return "row"
    return "blank" if all(char in BLANKS for char in chars) else "small"


def counted_lines(lines: Iterable[str], source: str | None) -> Iterator[CellLine]:
    """The lines that hold cells, each with its count; comments and separators are left out."""
    for line_no, line in enumerate(lines, start=1):
        if is_comment(line):
            continue
        try:
            chars = [token.char for token in tokens(line, line_no, source)]
        except PuzzleFormatError as error:  # raised when the line's turn comes
            yield CellLine(line_no, line, error, "")
            continue
        if chars:  # a separator line such as ------+-------+------ holds none
            kind = sixteen_kind(chars) if len(chars) == FULL_SIZES[4] else ""
            yield CellLine(line_no, line, len(chars), kind)


def sixteen_rows(run: list[CellLine], source: str | None) -> bool:
    """Whether a 16-cell line that could be a 4x4 puzzle starts a 16x16 grid written as rows.

    `run`: that line and the lines after it (up to 15 more). Sixteen lines of 16 cells are
    one 16x16 grid when one of them holds a number above 4 (no 4x4 puzzle can) or when all
    are blank (the empty grid). Sixteen lines of only 1-4 and blanks are 4x4 puzzles, one a
    line, as `generate --size 4` writes them: a 16x16 grid using only 1-4 could never be a
    proper puzzle. Among those, a line all blank (no 4x4 puzzle, but a 16x16 grid's empty
    row) leaves no reading more likely than the other: it is refused, naming both.
    """
    side = FULL_SIZES[4]
    rows = run[:side]
    if len(rows) < side or any(row.cells != side for row in rows):
        return False  # fewer than 16 lines of 16 cells: no 16x16 grid
    if any(row.kind == "row" for row in rows):
        return True  # a number above 4: these are rows
    blank = [row.number for row in rows if row.kind == "blank"]
    if len(blank) in (0, side):
        return len(blank) == side
    raise PuzzleFormatError(
        f"lines {rows[0].number}-{rows[-1].number} read as sixteen 4x4 puzzles (one a line) or"
        " as one 16x16 grid (its rows): each holds 16 cells, only 1-4 and blanks, and line"
        f" {blank[0]} is all blank, no 4x4 puzzle. Write a 16x16 grid on one line of 256"
        " characters, or each 4x4 puzzle as 4 lines of 4",
        line=rows[0].number,
        source=source,
    )


class Lookahead:
    """The lines that hold cells, read one at a time, a few of them seen before their turn."""

    def __init__(self, lines: Iterable[str], source: str | None) -> None:
        self.source = source
        self.stream = counted_lines(lines, source)
        self.ahead: deque[CellLine] = deque()

    def next(self) -> CellLine | None:
        """The next line (None at the end): one seen already, or else a new one."""
        return self.ahead.popleft() if self.ahead else next(self.stream, None)

    def upcoming(self, n: int) -> list[CellLine]:
        """The `n` lines after this one (fewer at the end), kept to be read in their turn."""
        self.ahead.extend(islice(self.stream, n - len(self.ahead)))
        return list(islice(self.ahead, n))


def is_whole_puzzle(entry: CellLine, count: int, read: Lookahead, shape: Shape | None) -> bool:
    """Whether a line that starts a puzzle is all of it; for a line of 16 cells that could be
    a 4x4 puzzle, the 15 lines after it tell (`sixteen_rows`)."""
    if not is_whole_line(entry.text, count, shape):
        return False
    if shape is not None or count != FULL_SIZES[4]:
        return True
    rest = read.upcoming(FULL_SIZES[4] - 1)
    try:
        return not sixteen_rows([entry, *rest], read.source)
    except PuzzleFormatError:
        read.ahead.clear()  # the sixteen lines are refused together
        raise


def split_puzzles(
    lines: Iterable[str],
    source: str | None = None,
    on_error: Callable[[PuzzleFormatError], None] | None = None,
    shape: Shape | None = None,
) -> Iterator[tuple[int, str]]:
    """Cut lines holding one or more puzzles into pieces: (first line number, text of one puzzle).

    A puzzle is either a whole line (81 cells) or a block of lines that are its rows (the
    assignment's format, and `.sdk` files). Blank lines, separator lines and lines starting
    with `#` are skipped. Lines are read one at a time (a 16-cell line looks at most 15
    lines ahead, see `sixteen_rows`), so a long file never sits in memory. A bad line
    raises `PuzzleFormatError`, or, with `on_error`, is reported there and skipped (with
    the rows of its unfinished puzzle).
    """
    read = Lookahead(lines, source)
    block: list[str] = []
    start = rows_needed = 0
    while (entry := read.next()) is not None:
        line_no, line, count, _ = entry
        try:
            if isinstance(count, PuzzleFormatError):
                raise count
            if not block and is_whole_puzzle(entry, count, read, shape):
                yield line_no, line
                continue
            if not block and count not in (FULL_SIZES if shape is None else (shape.size,)):
                raise PuzzleFormatError(
                    line_count_problem(count, shape) + (short_row_hint(line) or decimal_hint(line)),
                    line=line_no,
                    source=source,
                )
            if block and count != rows_needed:
                raise PuzzleFormatError(
                    f"this row has {count} numbers, the row on line {start} has {rows_needed}"
                    + (short_row_hint(line) or short_row_hint(block[0]) or decimal_hint(line)),
                    line=line_no,
                    source=source,
                )
        except PuzzleFormatError as error:
            if on_error is None:
                raise
            on_error(error)
            block = []
            continue
        if not block:
            start, rows_needed = line_no, count
        block.append(line)
        if len(block) == rows_needed:
            yield start, "\n".join(block)
            block = []
    if block:
        short = PuzzleFormatError(
            f"the puzzle starting here has only {len(block)} of its {rows_needed} rows",
            line=start,
            source=source,
        )
        if on_error is None:
            raise short
        on_error(short)


def format_line(cells: list[int], blank: str = ".") -> str:
    """One line, one character per cell: the compact form for files and the command line."""
    return "".join(symbol(v, blank) for v in cells)


def format_rows(cells: list[int], shape: Shape) -> str:
    """The assignment's file format: one line per row, numbers (or letters) separated by spaces."""
    n = shape.size
    return "\n".join(" ".join(symbol(v, "0") for v in cells[r * n : (r + 1) * n]) for r in range(n))


def format_sdk(cells: list[int], shape: Shape) -> str:
    """The `.sdk` format: one line per row, one character per cell, `.` for a blank."""
    n = shape.size
    return "\n".join(format_line(cells[r * n : (r + 1) * n]) for r in range(n))


def format_pretty(cells: list[int], shape: Shape, blank: str = ".") -> str:
    """Plain text for people, with lines between the regions."""
    n = shape.size
    rule = "-+-".join("-" * (2 * shape.box_cols - 1) for _ in range(shape.box_rows))
    lines = []
    for r in range(n):
        if r and r % shape.box_rows == 0:
            lines.append(rule)
        row = [symbol(v, blank) for v in cells[r * n : (r + 1) * n]]
        groups = [" ".join(row[c : c + shape.box_cols]) for c in range(0, n, shape.box_cols)]
        lines.append(" | ".join(groups))
    return "\n".join(lines)
