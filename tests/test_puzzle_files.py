"""Puzzle files as people really have them: encodings, formats, and the mistakes in them."""

from __future__ import annotations

import codecs

import pytest

import sudoku_teach as st
from sudoku_teach import ASSIGNMENT_PUZZLE, Grid, PuzzleFormatError, SudokuError
from sudoku_teach.grid import STYLES, iter_puzzles, write_as

GRID = Grid.parse(ASSIGNMENT_PUZZLE)
LINE = GRID.to_string()
COMMENTED = "# puzzle from the café, é included\n" + ASSIGNMENT_PUZZLE + "\n"


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda text: codecs.BOM_UTF8 + text.encode("utf-8"), id="utf-8 with BOM"),
        pytest.param(lambda text: text.encode("utf-8"), id="utf-8"),
        pytest.param(lambda text: text.encode("cp1252"), id="windows-1252"),
        pytest.param(lambda text: text.encode("latin-1"), id="latin-1"),
        pytest.param(lambda text: text.encode("utf-16"), id="utf-16 as Notepad writes it"),
        pytest.param(
            lambda text: codecs.BOM_UTF8 + text.replace("\n", "\r\n").encode("utf-8"),
            id="windows line ends",
        ),
    ],
)
def test_load_reads_the_encodings_editors_write(tmp_path, encode):
    path = tmp_path / "puzzle.txt"
    path.write_bytes(encode(COMMENTED))
    assert st.load(path) == GRID
    assert st.load_puzzles(path) == [GRID]


def test_a_byte_order_mark_in_text_is_not_a_cell():
    assert Grid.parse("\ufeff" + LINE) == GRID


def test_utf16_without_its_mark_says_what_to_do(tmp_path):
    path = tmp_path / "puzzle.txt"
    path.write_bytes(COMMENTED.encode("utf-16-le"))
    with pytest.raises(PuzzleFormatError, match="UTF-16 without a byte-order mark") as raised:
        st.load(path)
    assert "line 1" in str(raised.value) and "save the file as UTF-8" in str(raised.value)


def test_bytes_no_encoding_explains_name_the_line_and_encoding(tmp_path):
    path = tmp_path / "puzzle.txt"
    path.write_bytes(b"# ok\n# bad \x81 byte\n" + ASSIGNMENT_PUZZLE.encode())
    with pytest.raises(SudokuError) as raised:
        st.load(path)
    message = str(raised.value)
    assert "line 2, column 7" in message and "neither UTF-8 nor Windows-1252" in message
    assert not isinstance(raised.value, UnicodeDecodeError)


def test_a_directory_or_a_missing_file_is_named(tmp_path):
    with pytest.raises(PuzzleFormatError, match="is a directory"):
        st.load(tmp_path)
    with pytest.raises(PuzzleFormatError, match="no such file"):
        st.load(tmp_path / "puzzle.TXT")


def test_a_row_with_8_numbers_names_its_line():
    rows = ASSIGNMENT_PUZZLE.splitlines()
    rows[4] = rows[4].rsplit(" ", 1)[0]
    with pytest.raises(PuzzleFormatError) as raised:
        st.read_puzzles("\n".join(rows))
    assert str(raised.value).startswith("line 5: this row has 8 numbers, the row on line 1 has 9")
    expected = "^line 5: this row has 8 numbers, but a 9x9 grid has 9 in each row"
    with pytest.raises(PuzzleFormatError, match=expected):
        Grid.parse("\n".join(rows))


def test_a_first_row_with_8_numbers_is_named_too():
    rows = ASSIGNMENT_PUZZLE.splitlines()
    rows[0] = rows[0].rsplit(" ", 1)[0]
    with pytest.raises(PuzzleFormatError, match="^line 1: this row has 8 numbers"):
        Grid.parse("\n".join(rows))
    expected = "^line 2: this row has 9 numbers, the row on line 1"
    with pytest.raises(PuzzleFormatError, match=expected):
        st.read_puzzles("\n".join(rows))


def test_a_pasted_grid_with_spaces_for_blanks_says_how_to_write_blanks():
    pasted = "\n".join(row.replace("0", " ") for row in ASSIGNMENT_PUZZLE.splitlines())
    for read in (Grid.parse, st.read_puzzles):
        with pytest.raises(PuzzleFormatError, match="spaces only separate numbers") as raised:
            read(pasted)
        assert "write a blank as 0 or ." in str(raised.value)


@pytest.mark.parametrize("style", STYLES)
def test_every_written_form_reads_back(tmp_path, style):
    path = tmp_path / f"puzzle.{style}"
    st.save(GRID, path, style)
    assert st.load(path) == GRID


def test_sdk_format_is_rows_of_characters_with_hash_notes():
    sdk = write_as(GRID, "sdk")
    assert sdk.splitlines()[0] == "..298.5.."
    assert len(sdk.splitlines()) == 9
    assert st.read_puzzles("#Aan author\n#Dnotes\n" + sdk) == [GRID]


def test_reading_is_lazy_and_skipping_reports_each_bad_puzzle():
    bad: list[str] = []

    def lines():
        yield LINE
        yield "1" * 80
        yield LINE.replace(".", "x", 1)
        yield LINE
        raise AssertionError("read further than asked")

    found = iter_puzzles(lines(), source="f.txt", on_error=lambda error: bad.append(str(error)))
    assert next(found) == (1, GRID) and bad == []
    assert next(found) == (4, GRID)
    where = [message.split(":")[0] for message in bad]
    assert where == ["f.txt, line 2", "f.txt, line 3, column 1"]
