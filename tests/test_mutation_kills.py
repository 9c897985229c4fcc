"""Tests written to kill mutants that survived `benchmarks/mutation.sh` (see mutation-report.md).

Each judges by something other than the code under test: the plain units of conftest, a
solution checked independently, or the exact edge of what a function must accept.
"""

from __future__ import annotations

import pytest
from conftest import independent_is_solved, independent_units, pattern_rows

from sudoku_teach import rules
from sudoku_teach.errors import InvalidMoveError, PuzzleFormatError
from sudoku_teach.examples import ASSIGNMENT_PUZZLE as ASSIGNMENT_TEXT
from sudoku_teach.examples import ASSIGNMENT_SOLUTION as SOLUTION_TEXT
from sudoku_teach.game import Game, check_entries
from sudoku_teach.grid import Grid
from sudoku_teach.shape import CLASSIC, Shape

# The examples as one line of 81 characters, '.' for a blank.
ASSIGNMENT_PUZZLE = Grid.parse(ASSIGNMENT_TEXT).to_string()
ASSIGNMENT_SOLUTION = Grid.parse(SOLUTION_TEXT).to_string()
SHAPES = [Shape(2, 2), Shape(2, 3), Shape(2, 4), CLASSIC]


# --- a cell's value: 0..size, whole numbers only ------------------------------------------
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_grid_accepts_exactly_0_to_size(shape: Shape) -> None:
    grid = Grid.empty(shape)
    for value in range(shape.size + 1):
        grid[0, 0] = value
        assert grid[0, 0] == value
    for bad in (shape.size + 1, -1, True, False, 1.0, "1"):
        with pytest.raises(InvalidMoveError):
            grid[0, 0] = bad
        assert grid[0, 0] == shape.size  # unchanged


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_grid_built_from_cells_refuses_size_plus_one_and_booleans(shape: Shape) -> None:
    cells = [0] * shape.n_cells
    for bad in (shape.size + 1, -1, True, False):
        with pytest.raises(PuzzleFormatError):
            Grid([bad, *cells[1:]], shape)
    cells[-1] = shape.size
    assert Grid(cells, shape).numbers[-1] == shape.size


# --- checking entries judges by the solution, not by the rules ------------------------------
def wrong_but_legal(puzzle: str, solution: str) -> tuple[int, int, int]:
    """A blank cell and a number that breaks no rule there, yet is not the solution's."""
    rows = [[int(ch) if ch != "." else 0 for ch in puzzle[r * 9 : r * 9 + 9]] for r in range(9)]
    units = independent_units()
    for i, ch in enumerate(puzzle):
        r, c = divmod(i, 9)
        if ch != ".":
            continue
        seen = {rows[pr][pc] for unit in units if (r, c) in unit for pr, pc in unit}
        for value in range(1, 10):
            if value not in seen and value != int(solution[i]):
                return r, c, value
    raise AssertionError("no such cell")


def test_check_entries_flags_a_wrong_entry_that_breaks_no_rule() -> None:
    assert independent_is_solved(Grid.parse(ASSIGNMENT_SOLUTION).to_rows())
    r, c, value = wrong_but_legal(ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION)
    board = Grid.parse(ASSIGNMENT_PUZZLE)
    board[r, c] = value
    assert rules.conflicts(board) == []  # the rules see nothing wrong
    assert check_entries(board, ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION) == {(r, c): False}


def test_game_check_flags_a_wrong_entry_that_breaks_no_rule() -> None:
    game = Game.from_text(ASSIGNMENT_PUZZLE)
    r, c, value = wrong_but_legal(ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION)
    game.place((r, c), value)
    i = next(i for i, ch in enumerate(ASSIGNMENT_PUZZLE) if ch == "." and i != r * 9 + c)
    right = divmod(i, 9)
    game.place(right, int(ASSIGNMENT_SOLUTION[i]))
    assert game.check() == {(r, c): False, right: True}
    assert game.is_wrong((r, c)) and not game.is_wrong(right)


# --- the rules, on other shapes and in words ----------------------------------------------
def test_region_values_use_the_grid_shape() -> None:
    shape = Shape(2, 3)  # 6x6: regions of 2 rows and 3 columns
    full = pattern_rows(2, 3)
    regions = independent_units(2, 3)[12:]
    for kept in regions:  # only one region filled: the others must come out empty
        rows = [[full[r][c] if (r, c) in kept else 0 for c in range(6)] for r in range(6)]
        grid = Grid.from_rows(rows, shape)
        for unit in regions:
            expected = {rows[r][c] for r, c in unit} - {0}
            for r, c in unit:
                assert rules.region_values(grid, r, c) == expected


def test_conflicts_carry_the_number_and_say_it() -> None:
    text = "5...5....5" + "." * 71  # 5 twice in row 0, and in column 0 with (1, 0)
    found = rules.conflicts(text)
    assert {conflict.value for conflict in found} == {5}
    row = next(conflict for conflict in found if conflict.cells == ((0, 0), (0, 4)))
    assert str(row) == f"{row.unit.name} has the number 5 twice: cells (0, 0) and (0, 4)"


@pytest.mark.parametrize("times, word", [(3, "three times"), (4, "4 times")])
def test_a_conflict_counts_its_cells_in_words(times: int, word: str) -> None:
    text = "7" * times + "." * (81 - times)
    conflict = [c for c in rules.conflicts(text) if len(c.cells) == times][0]  # the row's
    cells = [f"(0, {c})" for c in range(times)]
    expected = ", ".join(cells[:-1]) + " and " + cells[-1]
    assert str(conflict) == f"{conflict.unit.name} has the number 7 {word}: cells {expected}"


def test_conflict_reasons_and_allowed_cells_by_hand() -> None:
    grid = Grid.parse("3" + "." * 80)
    grid[0, 8] = 3
    reasons = rules.conflict_reasons(grid, 0, 8)
    assert len(reasons) == 1 and reasons[0].startswith("3 is already in ")
    assert reasons[0].endswith(", at (0, 0)")
    assert rules.conflict_reasons(grid, 4, 4) == []  # a blank breaks nothing
    allowed = rules.allowed_cells("3" + "." * 80, 3)
    units = independent_units()
    blocked = {cell for unit in units if (0, 0) in unit for cell in unit}
    assert allowed == {(r, c) for r in range(9) for c in range(9)} - blocked


def test_column_first_empty_and_count_blanks_by_hand() -> None:
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    for c in range(9):
        assert rules.column(ASSIGNMENT_PUZZLE, c) == [row[c] for row in rows]
    blanks = [(r, c) for r in range(9) for c in range(9) if not rows[r][c]]
    assert rules.first_empty(ASSIGNMENT_PUZZLE) == blanks[0]
    assert rules.count_blanks(ASSIGNMENT_PUZZLE) == len(blanks)
    assert rules.first_empty(ASSIGNMENT_SOLUTION) is None


# --- the grid: empty, copy, writing a cell, repr, reading with a shape ---------------------
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_empty_grid_has_its_shape_and_only_blanks(shape: Shape) -> None:
    grid = Grid.empty(shape)
    assert grid.shape == shape and grid.numbers == (0,) * shape.size**2
    assert not grid.givens


def test_a_copy_keeps_the_givens_not_the_filled_cells() -> None:
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    blank = divmod(ASSIGNMENT_PUZZLE.index("."), 9)
    grid[blank] = 5
    copy = grid.copy()
    assert copy.givens == grid.givens and not copy.is_given(*blank)
    copy[blank] = 0  # still the player's cell in the copy
    assert copy[blank] == 0 and grid[blank] == 5


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_writing_a_cell_writes_that_cell_only(shape: Shape) -> None:
    n = shape.size
    for r in range(n):
        for c in range(n):
            grid = Grid.empty(shape)
            grid[r, c] = n
            assert grid.numbers == tuple(n if i == r * n + c else 0 for i in range(n * n))


def test_a_refused_value_is_named_with_the_range() -> None:
    with pytest.raises(InvalidMoveError, match=r"cell \(0, 0\) cannot hold 10: .* from 1 to 9"):
        Grid.empty()[0, 0] = 10


def test_repr_names_the_shape_unless_classic() -> None:
    line = "1" + "." * 80
    assert repr(Grid.parse(line)) == f"Grid.parse({line!r})"
    six = Grid.empty(Shape(2, 3))
    assert repr(six) == f"Grid.parse({'.' * 36!r}, shape={Shape(2, 3)!r})"


def test_as_grid_and_read_puzzles_keep_the_shape_asked_for() -> None:
    from sudoku_teach.grid import as_grid, read_puzzles

    tall = Shape(4, 2)  # 8x8 with regions of 4 rows and 2 columns, not the default 2x4
    assert Shape.for_size(8) != tall
    text = "." * 64
    assert as_grid(text, tall).shape == tall
    assert as_grid([[0] * 8 for _ in range(8)], tall).shape == tall
    assert [grid.shape for grid in read_puzzles(text + "\n" + text, tall)] == [tall, tall]
    with pytest.raises(PuzzleFormatError, match="my-file.txt"):
        read_puzzles("12x" + "." * 78, source="my-file.txt")


# --- the game: new, help, allowed cells, counting moves --------------------------------------
def test_a_new_game_keeps_what_was_asked() -> None:
    from sudoku_teach.game import Change, count_moves

    ticks = iter(range(1000, 2000))
    game = Game.new(level="medium", seed=3, shape=Shape(2, 3), clock=lambda: float(next(ticks)))
    assert (game.level, game.seed, game.size, game.puzzle.shape) == ("medium", 3, 6, Shape(2, 3))
    assert game.started == 1000.0  # the clock given is the one used
    assert independent_is_solved(game.solution.to_rows(), 2, 3)
    default = Game.new()
    assert (default.level, default.seed, default.size) == ("easy", 0, 9)
    kinds = ("entry", "marks", "help", "entry", "check", "new", "selected", "hint")
    assert count_moves([Change(kind) for kind in kinds]) == 3


def test_help_is_announced_in_words() -> None:
    game = Game.from_text(ASSIGNMENT_PUZZLE)
    heard = []
    game.observe(heard.append)
    game.set_help(True)
    game.set_help(False)
    assert [(c.kind, c.message) for c in heard] == [("help", "help on"), ("help", "help off")]


def test_allowed_cells_for_a_number_other_than_the_selected_one() -> None:
    game = Game.from_text(ASSIGNMENT_PUZZLE)
    game.select(1)
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    units = independent_units()
    for number in (2, 5):
        expected = {
            (r, c) for r in range(9) for c in range(9) if not rows[r][c]
            and number not in {rows[pr][pc] for u in units if (r, c) in u for pr, pc in u}
        }
        assert game.allowed_cells(number) == expected
