"""The board value: parsing every text form, formatting, files, and errors that say where."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_teach import (
    ASSIGNMENT_PUZZLE,
    GivenCellError,
    Grid,
    InvalidMoveError,
    PuzzleFormatError,
    Shape,
    load,
    load_puzzles,
    read_puzzles,
    save,
)
from sudoku_teach.formats import format_rows


def test_assignment_file_format_reads_rows(assignment_rows):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    assert grid.to_rows() == assignment_rows
    assert grid.shape == Shape(3, 3)


def test_one_line_with_dots_and_zeros_is_the_same_grid(assignment_rows):
    line = "".join(str(v) for row in assignment_rows for v in row)
    dotted = line.replace("0", ".")
    assert Grid.parse(line) == Grid.parse(dotted) == Grid.from_rows(assignment_rows)


def test_whitespace_is_ignored(assignment_rows):
    line = "".join(str(v) for row in assignment_rows for v in row)
    spaced = "\n\n  ".join(line[i : i + 5] for i in range(0, 81, 5))
    assert Grid.parse(spaced).to_rows() == assignment_rows


def test_pretty_text_reads_back():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    assert Grid.parse(grid.format()) == grid
    assert "------+-------+------" in grid.format()


def test_bad_character_reports_line_and_column():
    text = "0 0 2 9 8 0 5 0 0\n4 0 0 0 7 0 0 1 3\n0 3 9 6 0 4 O 7 0"
    with pytest.raises(PuzzleFormatError) as caught:
        Grid.parse(text)
    assert (caught.value.line, caught.value.column) == (3, 13)
    assert "'O'" in str(caught.value)
    assert "line 3, column 13" in str(caught.value)


def test_wrong_count_says_how_many_cells_were_found():
    with pytest.raises(PuzzleFormatError, match="found 80 cells"):
        Grid.parse("1" * 80)


def test_12x4_names_the_bad_character():
    with pytest.raises(PuzzleFormatError, match=r"line 1, column 3: unexpected character 'x'"):
        Grid.parse("12x4")


def test_digit_too_big_for_a_small_grid():
    expected = r"line 1, column 19: 5 is too big for a 4x4 grid \(numbers go from 1 to 4"
    with pytest.raises(PuzzleFormatError, match=expected):
        Grid.parse("1..4 .41. 2.4. .3.5")


def test_from_rows_names_the_short_row():
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    rows[3] = rows[3][:8]
    with pytest.raises(PuzzleFormatError, match="row 3 has 8 numbers, expected 9"):
        Grid.from_rows(rows)


def test_from_rows_rejects_values_out_of_range():
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    rows[2][7] = 12
    with pytest.raises(PuzzleFormatError, match=r"cell \(2, 7\) cannot hold 12"):
        Grid.from_rows(rows)


def test_from_rows_rejects_wrong_number_of_rows():
    with pytest.raises(PuzzleFormatError, match="found 7 rows"):
        Grid.from_rows([[0] * 9] * 7)


def test_givens_are_protected_and_entries_are_not():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    with pytest.raises(GivenCellError, match=r"\(0, 2\)"):
        grid[0, 2] = 1
    grid[0, 0] = 1
    assert grid[0, 0] == 1 and not grid.is_given(0, 0)
    grid[0, 0] = 0
    assert grid == Grid.parse(ASSIGNMENT_PUZZLE)


@pytest.mark.parametrize("value", [10, -1, "5", 2.0, True, False])
def test_setting_a_bad_value_changes_nothing(value):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    with pytest.raises(InvalidMoveError):
        grid[0, 0] = value
    assert grid[0, 0] == 0


def test_cells_outside_the_grid_are_named():
    grid = Grid.empty()
    with pytest.raises(IndexError, match=r"cell \(9, 0\) is outside the 9x9 grid"):
        grid[9, 0]


def test_copy_is_independent():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    twin = grid.copy()
    twin[0, 0] = 7
    assert grid[0, 0] == 0 and twin.givens == grid.givens


def test_repr_evaluates_back_to_the_same_grid():
    for grid in (Grid.parse(ASSIGNMENT_PUZZLE), Grid.parse("1..4 .41. 2.4. .3.1")):
        assert eval(repr(grid), {"Grid": Grid, "Shape": Shape}) == grid


def test_small_shapes_from_cell_count():
    assert Grid.parse("." * 16).shape == Shape(2, 2)
    assert Grid.parse("." * 36).shape == Shape(2, 3)
    assert Grid.parse("." * 64).shape == Shape(2, 4)


def test_read_puzzles_one_a_line_and_blocks_of_rows(assignment_rows):
    lines = "# two puzzles\n" + "." * 81 + "\n\n" + "1" + "." * 80 + "\n"
    assert len(read_puzzles(lines)) == 2
    block = ASSIGNMENT_PUZZLE + "\n" + ASSIGNMENT_PUZZLE
    assert [g.to_rows() for g in read_puzzles(block)] == [assignment_rows] * 2


def test_read_puzzles_reports_an_unfinished_block():
    with pytest.raises(
        PuzzleFormatError, match="line 1: the puzzle starting here has only 2 of its 9 rows"
    ):
        read_puzzles("\n".join(ASSIGNMENT_PUZZLE.splitlines()[:2]))


def test_read_puzzles_error_points_at_the_file_line():
    text = "." * 81 + "\n" + "." * 40 + "x" + "." * 40
    with pytest.raises(PuzzleFormatError, match="line 2, column 41"):
        read_puzzles(text)


@pytest.mark.parametrize("style", ["rows", "line", "pretty"])
def test_save_and_load_round_trip(tmp_path, style):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    path = tmp_path / f"puzzle-{style}.txt"
    save(grid, path, style=style)
    assert load(path) == grid
    assert load_puzzles(path) == [grid]


def test_saved_rows_style_is_the_assignment_format(tmp_path):
    path = tmp_path / "p.txt"
    save(ASSIGNMENT_PUZZLE, path)
    assert path.read_text() == ASSIGNMENT_PUZZLE


def test_load_names_the_file_on_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("12x4\n")
    with pytest.raises(PuzzleFormatError, match=r"bad\.txt, line 1, column 3"):
        load(path)


shapes = st.sampled_from([Shape(2, 2), Shape(2, 3), Shape(3, 3), Shape(4, 4)])


@st.composite
def grids(draw):
    """Any grid of a supported shape, rules ignored: formatting must not care."""
    shape = draw(shapes)
    cells = draw(
        st.lists(st.integers(0, shape.size), min_size=shape.n_cells, max_size=shape.n_cells)
    )
    return Grid(cells, shape)


@given(grids())
def test_every_text_form_reads_back_to_the_same_grid(grid):
    assert Grid.parse(grid.to_string(), grid.shape) == grid
    assert Grid.parse(grid.format(), grid.shape) == grid
    assert Grid.parse(format_rows(list(grid.numbers), grid.shape), grid.shape) == grid
    assert Grid.from_rows(grid.to_rows(), grid.shape) == grid


@given(grids())
def test_html_marks_every_cell_with_stable_classes(grid):
    html = grid._repr_html_()
    for r, c in grid.shape.cells:
        assert f"sudoku-grid-cell sudoku-grid-r{r}c{c}'" in html
    assert html == grid._repr_html_()
