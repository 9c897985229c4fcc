"""Reading and writing grids as text.

Three text forms are read, all by one parser that ignores spaces and line breaks:

* one line of 81 characters, `0` or `.` for a blank (the form of most puzzle collections);
* 9 lines of 9 space-separated numbers (the assignment's file format);
* the pretty form that `format_pretty` prints, with `|`, `-` and `+` between regions.

Smaller grids (4x4, 6x6, 8x8) work the same way with 16, 36 or 64 cells.
Errors say which line and column hold the problem.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .errors import PuzzleFormatError
from .shape import Shape

DECORATION = set("|+-")
BLANKS = set("0.")
FULL_SIZES = {4: 16, 6: 36, 8: 64, 9: 81}


class Token(NamedTuple):
    """One cell character and where it was found (both counted from 1, like an editor)."""

    char: str
    line: int
    column: int


def tokens(text: str, first_line: int = 1, source: str | None = None) -> Iterator[Token]:
    """Yield the cell characters of a text, rejecting anything else where it stands."""
    for line_no, line in enumerate(text.splitlines(), start=first_line):
        for col_no, char in enumerate(line, start=1):
            if char.isspace() or char in DECORATION:
                continue
            if char in BLANKS or char.isdigit():
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


def parse_cells(
    text: str, shape: Shape | None = None, source: str | None = None, first_line: int = 1
) -> tuple[list[int], Shape]:
    """Read one puzzle: its cells in reading order (0 = blank) and its shape."""
    found = list(tokens(text, first_line, source))
    if shape is None:
        shape = shape_for_count(len(found), source)
    elif len(found) != shape.n_cells:
        n = shape.size
        raise PuzzleFormatError(
            f"found {len(found)} cells, expected {shape.n_cells} for a {n}x{n} grid", source=source
        )
    cells = []
    for token in found:
        value = 0 if token.char in BLANKS else int(token.char)
        if value > shape.size:
            raise PuzzleFormatError(
                f"{value} is too big for a {shape.size}x{shape.size} grid (numbers go from 1 to"
                f" {shape.size})",
                line=token.line,
                column=token.column,
                source=source,
            )
        cells.append(value)
    return cells, shape


def split_puzzles(text: str, source: str | None = None) -> Iterator[tuple[int, str]]:
    """Cut a text with one or more puzzles into pieces: (first line number, text of one puzzle).

    A puzzle is either a whole line (81 cells) or a block of lines that are its rows.
    Blank lines and lines starting with `#` are skipped.
    """
    block: list[str] = []
    start = 0
    rows_needed = 0
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        count = sum(1 for _ in tokens(line, line_no, source))
        if count == 0:  # a separator line such as ------+-------+------
            continue
        if not block:
            if count in FULL_SIZES.values():
                yield line_no, line
                continue
            if count not in FULL_SIZES:
                raise PuzzleFormatError(
                    f"found {count} cells on this line: expected a whole puzzle on one line"
                    " (81 cells) or one row of a grid (9 numbers)",
                    line=line_no,
                    source=source,
                )
            start, rows_needed = line_no, count
        block.append(line)
        if len(block) == rows_needed:
            yield start, "\n".join(block)
            block = []
    if block:
        raise PuzzleFormatError(
            f"the puzzle starting here has only {len(block)} of its {rows_needed} rows",
            line=start,
            source=source,
        )


def format_line(cells: list[int], blank: str = ".") -> str:
    """One line, one character per cell: the compact form for files and the command line."""
    return "".join(str(v) if v else blank for v in cells)


def format_rows(cells: list[int], shape: Shape) -> str:
    """The assignment's file format: one line per row, numbers separated by spaces."""
    n = shape.size
    return "\n".join(" ".join(str(v) for v in cells[r * n : (r + 1) * n]) for r in range(n))


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
