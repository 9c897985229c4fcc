"""Reading and writing grids as text.

Three text forms are read, all by one parser that ignores spaces and line breaks:

* one line of 81 characters, `0` or `.` for a blank (the form of most puzzle collections);
* 9 lines of 9 space-separated numbers (the assignment's file format);
* 9 lines of 9 characters, `.` for a blank, `#` lines for notes (the `.sdk` format);
* the pretty form that `format_pretty` prints, with `|`, `-` and `+` between regions.

Smaller grids (4x4, 6x6, 8x8) work the same way with 16, 36 or 64 cells.
Errors say which line and column hold the problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from .errors import PuzzleFormatError
from .shape import Shape

DECORATION = set("|+-")
BLANKS = set("0.")
DIGITS = set("0123456789")
"""The digits a puzzle is written with: ASCII only (not ², ① or Arabic-Indic digits)."""
FULL_SIZES = {4: 16, 6: 36, 8: 64, 9: 81}


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
            if char in BLANKS or char in DIGITS:
                yield Token(char, line_no, col_no)
            else:
                raise PuzzleFormatError(
                    f"unexpected character {char!r}: a puzzle holds the digits 1-9,"
                    " with 0 or . for a blank",
                    line=line_no,
                    column=col_no,
                    source=source,
                )


def shape_for_count(count: int, source: str | None = None) -> Shape:
    """The grid shape that has exactly `count` cells, or an error saying what would fit."""
    for size, cells in FULL_SIZES.items():
        if cells == count:
            return Shape.for_size(size)
    raise PuzzleFormatError(
        f"found {count} cells, but a grid has 81 (9x9), 64 (8x8), 36 (6x6) or 16 (4x4)",
        source=source,
    )


def short_row_hint(line: str) -> str:
    """A hint for a row with too few numbers that looks pasted with spaces for blanks."""
    return f"; {SPACES_HINT}" if "  " in line.strip() else ""


def odd_row(text: str, first_line: int, source: str | None) -> PuzzleFormatError | None:
    """In a puzzle written as rows, the first row whose count of numbers differs from the rest."""
    rows = [
        (line_no, line, sum(1 for _ in tokens(line, line_no, source)))
        for line_no, line in enumerate(text.splitlines(), start=first_line)
    ]
    rows = [row for row in rows if row[2]]
    if len(rows) < 2:
        return None
    n = len(rows)
    counts = [count for _, _, count in rows]
    usual = n if n in FULL_SIZES else max(set(counts), key=counts.count)
    expected = f"a {n}x{n} grid has {n} in each row" if n in FULL_SIZES else f"most have {usual}"
    for line_no, line, count in rows:
        if count != usual:
            return PuzzleFormatError(
                f"this row has {count} numbers, but {expected}"
                + (short_row_hint(line) if count < usual else ""),
                line=line_no,
                source=source,
            )
    return None


def parse_cells(
    text: str, shape: Shape | None = None, source: str | None = None, first_line: int = 1
) -> tuple[list[int], Shape]:
    """Read one puzzle: its cells in reading order (0 = blank) and its shape."""
    found = list(tokens(text, first_line, source))
    wanted = shape.n_cells if shape else None
    if len(found) != wanted and (shape or len(found) not in FULL_SIZES.values()):
        problem = odd_row(text, first_line, source)
        if problem is not None:
            raise problem
    if shape is None:
        shape = shape_for_count(len(found), source)
    elif len(found) != shape.n_cells:
        n = shape.size
        raise PuzzleFormatError(
            f"found {len(found)} cells, expected {shape.n_cells} for a {n}x{n} grid", source=source
        )
    cells = []
    for cell, token in zip(shape.cells, found):
        value = 0 if token.char in BLANKS else int(token.char)
        shape.check_value(value, cell, line=token.line, column=token.column, source=source)
        cells.append(value)
    return cells, shape


def is_comment(line: str) -> bool:
    """Blank lines and `#` lines (comments, and the `.sdk` format's #A author, #D date ...)."""
    return not line.strip() or line.lstrip(" \ufeff").startswith("#")


def split_puzzles(
    lines: Iterable[str],
    source: str | None = None,
    on_error: Callable[[PuzzleFormatError], None] | None = None,
) -> Iterator[tuple[int, str]]:
    """Cut lines holding one or more puzzles into pieces: (first line number, text of one puzzle).

    A puzzle is either a whole line (81 cells) or a block of lines that are its rows (the
    assignment's format, and `.sdk` files). Blank lines, separator lines and lines starting
    with `#` are skipped. Lines are read one at a time, so a long file never sits in memory.
    A bad line raises `PuzzleFormatError`, or, with `on_error`, is reported there and skipped
    (with the rows of its unfinished puzzle).
    """
    block: list[str] = []
    start = rows_needed = 0
    for line_no, line in enumerate(lines, start=1):
        if is_comment(line):
            continue
        try:
            count = sum(1 for _ in tokens(line, line_no, source))
            if count == 0:  # a separator line such as ------+-------+------
                continue
            if not block and count in FULL_SIZES.values():
                yield line_no, line
                continue
            if not block and count not in FULL_SIZES:
                raise PuzzleFormatError(
                    f"found {count} cells on this line: expected a whole puzzle on one line"
                    " (81 cells) or one row of a grid (9 numbers)" + short_row_hint(line),
                    line=line_no,
                    source=source,
                )
            if block and count != rows_needed:
                raise PuzzleFormatError(
                    f"this row has {count} numbers, the row on line {start} has {rows_needed}"
                    + (short_row_hint(line) or short_row_hint(block[0])),
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
        error = PuzzleFormatError(
            f"the puzzle starting here has only {len(block)} of its {rows_needed} rows",
            line=start,
            source=source,
        )
        if on_error is None:
            raise error
        on_error(error)


def format_line(cells: list[int], blank: str = ".") -> str:
    """One line, one character per cell: the compact form for files and the command line."""
    return "".join(str(v) if v else blank for v in cells)


def format_rows(cells: list[int], shape: Shape) -> str:
    """The assignment's file format: one line per row, numbers separated by spaces."""
    n = shape.size
    return "\n".join(" ".join(str(v) for v in cells[r * n : (r + 1) * n]) for r in range(n))


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
        row = [str(v) if v else blank for v in cells[r * n : (r + 1) * n]]
        groups = [" ".join(row[c : c + shape.box_cols]) for c in range(0, n, shape.box_cols)]
        lines.append(" | ".join(groups))
    return "\n".join(lines)
