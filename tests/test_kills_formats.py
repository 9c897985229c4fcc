"""Tests written for the mutants that survived in `formats` (see benchmarks/mutation-report.md).

A reader's refusals are for people, so they are checked word for word, with the file, line
and column they name: each message below is the specification, written out by hand.
"""

from __future__ import annotations

import pytest

from sudoku_teach.errors import PuzzleFormatError
from sudoku_teach.formats import (
    Token,
    format_line,
    format_pretty,
    parse_cells,
    split_puzzles,
    symbol,
    tokens,
    written_as,
)
from sudoku_teach.shape import Shape

DIGITS_ONLY = "a puzzle holds the digits 1-9 (and A-P for 10-25 in 16x16 and 25x25 grids), with 0"
HINT = "; spaces only separate numbers: write a blank as 0 or ."

REFUSED = [
    ("12x4" + "." * 77, None,
     f"p.txt, line 1, column 3: unexpected character 'x': {DIGITS_ONLY} or . for a blank"),
    ("1" * 80, None, "p.txt: found 80 cells, but a grid has 16 (4x4), 36 (6x6), 64 (8x8),"
                     " 81 (9x9), 256 (16x16), 625 (25x25)"),
    ("1 2 3 4\n3 4 1 2\n2 1 4\n4 3 2 1", None,
     "p.txt, line 3: this row has 3 numbers, but a 4x4 grid has 4 in each row"),
    ("1 2 3 4\n3 4 1 2\n2 1  4 3 1\n4 3 2 1", None,  # a long row gets no hint about spaces
     "p.txt, line 3: this row has 5 numbers, but a 4x4 grid has 4 in each row"),
    ("1 2  3\n1 2 3 4\n1 2 3 4\n1 2 3 4", None,
     "p.txt, line 1: this row has 3 numbers, but a 4x4 grid has 4 in each row" + HINT),
    ("1 2\n1 2\n1 2\n1 2 3\n1 2", None,  # 5 rows: no grid has 5, so the usual count decides
     "p.txt, line 4: this row has 3 numbers, but most have 2"),
    ("1 2 3\n1 2 3\n1 2\n1 2 3\n1 2 3", None,
     "p.txt, line 3: this row has 2 numbers, but most have 3"),
    ("1 2 3 4\n1 2", None,  # a tie: no length is the usual one, so the first row is the yardstick
     "p.txt, line 2: this row has 2 numbers, but the row on line 1 has 4"),
    ("1 2 3 4\n1  2 3", None,
     "p.txt, line 2: this row has 3 numbers, but the row on line 1 has 4" + HINT),
    ("1 2 3\n1 2 3\n1 2 3\n1 2 3 4\n1 2 3", None,  # 16 numbers in all, but not a 4x4 grid
     "p.txt, line 4: this row has 4 numbers, but most have 3"),
    ("1 2 3 4 1\n2 3 4\n0 0 0 0\n0 0 0 0", None,  # 16 in four rows: a 4x4 grid, but not its rows
     "p.txt, line 1: this row has 5 numbers, but a 4x4 grid has 4 in each row"),
    ("1 2 3 4 1\n2 3 4\n0 0 0 0\n0 0 0 0", Shape(2, 2),
     "p.txt, line 1: this row has 5 numbers, but a 4x4 grid has 4 in each row"),
    ("12343\n41221\n434321", None,  # a cut line ends with its shortest piece, not its longest
     "p.txt, line 3: this row has 6 numbers, but most have 5"),
    ("1234\n341221434321", None,
     "p.txt, line 2: this row has 12 numbers, but the row on line 1 has 4"),
    ("1 2\n1 2\n1 2 3\n1\n1 2", None,  # three lengths: the most common one is the yardstick
     "p.txt, line 3: this row has 3 numbers, but most have 2"),
    ("1 2 3 4 5 9" + " 0" * 30, Shape(2, 3),
     "p.txt, line 1, column 11: 9 is too big for a 6x6 grid (numbers go from 1 to 6,"
     " written 1-6)"),
    ("9" + "." * 35, None,
     "p.txt, line 1, column 1: 9 is too big for a 6x6 grid (numbers go from 1 to 6,"
     " written 1-6)"),
    ("H" + "." * 255, None,
     "p.txt, line 1, column 1: H (the number 17) is too big for a 16x16 grid (numbers go from"
     " 1 to 16, written 1-9 and A-G)"),
    ("A" + "." * 80, Shape(4, 4), "p.txt: found 81 cells, expected 256 for a 16x16 grid"),
    ("A" + "." * 80, Shape(3, 3),
     "p.txt, line 1, column 1: unexpected character 'A': a puzzle holds the digits 1-9, with 0"
     " or . for a blank (letters A-P stand for 10-25 in 16x16 and 25x25 grids only)"),
    ("O" + "1" * 80, None,
     "p.txt, line 1, column 1: unexpected character 'O': a puzzle holds the digits 1-9, with 0"
     " or . for a blank (letters A-P stand for 10-25 in 16x16 and 25x25 grids only)"),
    ("1" * 81, Shape(2, 2), "p.txt: found 81 cells, expected 16 for a 4x4 grid"),
    ("X" + "1" * 80, None,
     f"p.txt, line 1, column 1: unexpected character 'X': {DIGITS_ONLY} or . for a blank"),
]


@pytest.mark.parametrize("text, shape, message", REFUSED)
def test_a_refusal_says_what_and_where_word_for_word(text, shape, message):
    with pytest.raises(PuzzleFormatError) as refused:
        parse_cells(text, shape, source="p.txt")
    assert str(refused.value) == message


def test_rows_of_one_length_are_read_whatever_the_length():
    # Rows of the grid, rows of the .sdk form, or a line cut into equal pieces: all one grid.
    forms = ("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "12343412\n21434321", "1234\n3412\n2143\n4321")
    for text in forms:
        cells, shape = parse_cells(text)
        assert cells == [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1] and shape == Shape(2, 2)
    cells, _ = parse_cells("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1")  # pretty form
    assert cells[8:] == [2, 1, 4, 3, 4, 3, 2, 1]
    wrapped = ("1234341\n2214343\n21", "123434122143\n4321")  # one line that an editor wrapped
    for text in wrapped:
        for shape in (None, Shape(2, 2)):
            cells, _ = parse_cells(text, shape)
            assert cells == [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], (text, shape)
    cells, _ = parse_cells("." * 60 + "\n" + "." * 40, Shape(2, 5))  # 10x10: no usual size
    assert cells == [0] * 100


def test_a_ten_by_ten_grid_writes_ten_as_a_letter():
    shape = Shape(2, 5)
    assert written_as(shape) == "1-9 and A-A" and written_as(Shape(3, 3)) == "1-9"
    assert written_as(Shape(4, 4)) == "1-9 and A-G" and written_as(Shape(5, 5)) == "1-9 and A-P"
    cells, _ = parse_cells("A" + "." * 99, shape)
    assert cells[0] == 10


def test_tokens_count_lines_and_columns_from_one():
    assert list(tokens("1.\n 3")) == [Token("1", 1, 1), Token(".", 1, 2), Token("3", 2, 2)]


def split(lines: list[str], shape: Shape | None = None) -> tuple[list, list[str]]:
    errors: list[PuzzleFormatError] = []
    found = list(split_puzzles(lines, "f.txt", errors.append, shape))
    assert all(isinstance(error, PuzzleFormatError) for error in errors)
    return found, [str(error) for error in errors]


def test_split_says_what_is_wrong_with_a_line_and_goes_on():
    whole = "1" * 81
    assert split(["1234567890", whole]) == ([(2, whole)], [
        "f.txt, line 1: found 10 cells on this line, 1 more than a row of a 9x9 grid (9): a"
        " line holds a whole puzzle (16, 36, 64, 81, 256 or 625 cells) or one row of a grid"
        " (4, 6, 8, 9, 16 or 25 numbers)"])
    assert split(["1 2 3 4", "1 2 3", whole]) == ([(3, whole)], [
        "f.txt, line 2: this row has 3 numbers, the row on line 1 has 4"])
    assert split(["1 2  3 4", "1 2 3", whole]) == ([(3, whole)], [
        "f.txt, line 2: this row has 3 numbers, the row on line 1 has 4" + HINT])
    assert split(["1 2 3 4", "1 2 3 4"]) == ([], [
        "f.txt, line 1: the puzzle starting here has only 2 of its 4 rows"])
    with pytest.raises(PuzzleFormatError, match="^f.txt, line 2: this row has 3"):
        list(split_puzzles(["1 2 3 4", "1 2 3"], "f.txt"))


def test_sixteen_cells_are_a_4x4_puzzle_only_if_every_number_fits():
    four = "1234.234123412.4"
    assert split([four]) == ([(1, four)], [])
    for row in ("5234123412341234", "A234123412341234", "1234123412341230"[:-1] + "G"):
        assert split([row]) == ([], [
            "f.txt, line 1: the puzzle starting here has only 1 of its 16 rows"])
    assert split([four], Shape(2, 3)) == ([], [  # a 6x6 was asked for: told about 6x6 only
        "f.txt, line 1: found 16 cells on this line, 10 more than a row of a 6x6 grid (6): a"
        " line holds a whole puzzle (36 cells) or one row of a grid (6 numbers)"])


def test_comments_may_follow_a_byte_order_mark_or_spaces_and_nothing_else():
    whole = "1" * 81
    assert split(["\ufeff# made by hand", "   # indented", whole]) == ([(3, whole)], [])
    assert split(["X# not a comment", whole]) == ([(2, whole)], [
        f"f.txt, line 1, column 1: unexpected character 'X': {DIGITS_ONLY} or . for a blank"])


def test_writing_uses_the_blank_asked_for_and_rules_between_regions():
    assert symbol(0) == "." and symbol(0, "0") == "0" and symbol(10) == "A"
    assert format_line([1, 0, 3], "0") == "103" and format_line([1, 0, 3]) == "1.3"
    cells = [1, 0, 3, 4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1]
    assert format_pretty(cells, Shape(2, 2)) == (
        "1 . | 3 4\n. . | . .\n----+----\n2 . | . .\n. . | . 1")
    assert format_pretty(cells, Shape(2, 2), "0") == (
        "1 0 | 3 4\n0 0 | 0 0\n----+----\n2 0 | 0 0\n0 0 | 0 1")
    six = list(range(1, 7)) + [0] * 30
    assert format_pretty(six, Shape(3, 2)).splitlines() == [
        "1 2 | 3 4 | 5 6", ". . | . . | . .", ". . | . . | . .",
        "----+-----+----",
        ". . | . . | . .", ". . | . . | . .", ". . | . . | . ."]


def test_a_4x4_on_one_line_may_have_spaces_and_a_bad_row_does_not_stop_the_next_puzzle():
    spaced = "1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1"
    assert split([spaced]) == ([(1, spaced)], [])
    rows = ["1 2 3 4", "3 4 1 2", "2 1 4 3", "4 3 2 1"]
    assert split(["1 2 3 4", "1 2 3", *rows]) == ([(3, "\n".join(rows))], [
        "f.txt, line 2: this row has 3 numbers, the row on line 1 has 4"])
