"""16x16 and 25x25 grids: read and written with letters, drawn, generated, on the CLI."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from conftest import independent_is_solved, pattern_rows, sat_count
from hypothesis import given
from hypothesis import strategies as st

from sudoku_teach import fast, generate, solve_with_rules
from sudoku_teach.cli import main
from sudoku_teach.errors import NotAPuzzleError, PuzzleFormatError, RequestError
from sudoku_teach.grid import Grid, load_puzzles, read_puzzles, write_as
from sudoku_teach.shape import Shape
from sudoku_teach.views.render import grid_html


@pytest.mark.parametrize("box", [4, 5])
def test_big_grids_round_trip_through_every_text_form(box: int) -> None:
    grid = Grid.from_rows(pattern_rows(box, box))
    for style in ("rows", "line", "sdk", "pretty"):
        text = write_as(grid, style)
        assert Grid.parse(text) == grid
        assert read_puzzles(text) == [grid]
    assert "G" in grid.to_string() and all(ch in "123456789ABCDEFGHIJKLMNOP" for ch in
                                            grid.to_string())


def test_letters_stand_for_10_and_up() -> None:
    line = "123456789ABCDEFG" + "." * 240
    grid = Grid.parse(line.lower())
    assert grid.row(0) == list(range(1, 17)) and grid.shape == Shape(4, 4)


def test_a_letter_too_big_says_where() -> None:
    with pytest.raises(PuzzleFormatError, match=r"H \(the number 17\) is too big.*A-G") as err:
        Grid.parse("H" + "." * 255)
    assert "line 1" in str(err.value) and "column 1" in str(err.value)
    with pytest.raises(PuzzleFormatError, match="unexpected character 'Z'"):
        Grid.parse("." * 300 + "Z")
    with pytest.raises(PuzzleFormatError, match="unexpected character 'A'.*16x16") as err:
        Grid.parse("." * 80 + "A")
    assert "column 81" in str(err.value)


def test_a_16_cell_line_with_letters_is_a_row_of_a_big_grid() -> None:
    rows = "\n".join(Grid.from_rows(pattern_rows(4, 4)).to_string()[i:i + 16]
                     for i in range(0, 256, 16))
    assert len(read_puzzles(rows)) == 1
    assert len(read_puzzles("1234341221434321\n.2.4........4.2.")) == 2  # two 4x4 puzzles


def test_big_grids_are_drawn_with_letters() -> None:
    html = grid_html(Grid.from_rows(pattern_rows(4, 4)))
    assert html.count("sudoku-grid-cell") == 256 and ">G</td>" in html


@pytest.mark.parametrize("size", [16, 25])
def test_full_big_grids_are_solved_grids(size: int) -> None:
    box = {16: 4, 25: 5}[size]
    grid = generate.full_grid(3, Shape.for_size(size))
    assert independent_is_solved(grid.to_rows(), box, box)
    assert grid == generate.full_grid(3, Shape.for_size(size))  # seeded


def test_cli_generates_and_solves_a_16x16_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "16", "--givens", "140", "--seed", "4"]) == 0
    line = capsys.readouterr().out.strip()
    assert len(line) == 256
    assert main(["solve", line]) == 0
    solved = capsys.readouterr().out.strip()
    assert independent_is_solved(Grid.parse(solved).to_rows(), 4, 4)
    assert fast.count_solutions(line).count == 1


def test_a_16x16_game_takes_letters_numbers_up_to_16() -> None:
    from sudoku_teach.game import Game

    game = Game.new("easy", 2, Shape.for_size(16))
    row, col = next(cell for cell in game.puzzle.shape.cells if not game.puzzle[cell])
    game.select(16)
    game.place((row, col))
    assert game.board[row, col] == 16 and game.size == 16


def test_a_16x16_worksheet_prints(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--size", "16",
                 "--seed", "1", "--per-page", "1", "--answers", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_symbols_for_a_size_read_back_as_their_numbers() -> None:
    from sudoku_teach.formats import symbols_for, value_of

    for size in (4, 9, 16, 25):
        table = symbols_for(size)
        assert [value_of(char) for char in table] == list(range(1, size + 1))
    assert symbols_for(16)[9:] == list("ABCDEFG")
    with pytest.raises(RequestError, match="sizes go from 1 to 25"):
        symbols_for(26)


def test_every_message_of_a_16x16_game_writes_10_and_up_as_letters() -> None:
    import re

    from sudoku_teach.errors import SudokuError
    from sudoku_teach.game import Game

    game = Game.new("easy", 2, Shape.for_size(16))
    said: list[str] = []
    game.observe(lambda change: said.append(change.message))
    given = next(cell for cell in game.puzzle.shape.cells if game.puzzle[cell] >= 10)
    blanks = [cell for cell in game.puzzle.shape.cells if not game.puzzle[cell]]
    wrong = next(v for v in range(10, 17) if v != game.solution[blanks[0]])
    game.select(wrong)
    game.place(blanks[0])  # a wrong letter: the hint says so
    for action in (lambda: game.place(given), lambda: game.toggle_mark(blanks[0], 12)):
        try:
            action()
        except SudokuError as error:
            said.append(str(error))
    said += [game.hint(), *game.conflicts_at(blanks[0])]
    game.clear(blanks[0])
    said.append(game.hint())
    said = [text for text in said if text]
    assert len(said) >= 4
    coordinates = r"\(\d+, \d+\)|\b(rows?|columns?) \d+(-\d+)?"  # where, not what: in digits
    for text in said:  # no number 10-16 written in digits (coordinates excepted)
        assert not re.search(r"\b1[0-6]\b", re.sub(coordinates, "", text)), text
        assert not re.search(r"\bregion [A-P]\b", text), text  # D could be read as 13
    assert any(re.search(r"\b[A-G]\b", text) for text in said), said


def test_numbers_over_9_are_letters_in_rule_and_step_messages() -> None:
    from sudoku_teach.elimination import set_text
    from sudoku_teach.rules import conflict_reasons
    from sudoku_teach.steps import removals_text

    assert set_text({11, 12, 3}) == "{3, B, C}"
    assert removals_text((((0, 1), 14),)) == "remove E from (0, 1)"
    cells = [0] * 256
    cells[0] = cells[1] = 14
    reasons = conflict_reasons(Grid(cells, Shape.for_size(16)), 0, 1)
    assert reasons and all(reason.startswith("E is already in") for reason in reasons)


def test_a_16x16_grid_written_0_to_f_is_refused_saying_how_to_write_it() -> None:
    solution = generate.full_grid(3, Shape.for_size(16))
    ours = "".join(formats_symbol(v) for v in solution.numbers)
    hexadecimal = "".join("0" if v == 16 else "." if i % 3 else formats_symbol(v)
                          for i, v in enumerate(solution.numbers))
    with pytest.raises(PuzzleFormatError, match="0-F.*write each 0 that is a number as G"):
        Grid.parse(hexadecimal)
    fixed = Grid.parse(hexadecimal.replace("0", "G"))  # as the message says: the puzzle itself
    assert 16 in fixed.numbers
    assert all(v in (0, s) for v, s in zip(fixed.numbers, solution.numbers))
    assert Grid.parse(ours) == solution  # our own way, G for 16, reads as before


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
"""The other common way to write a big grid: letters alone, A for 1 (written down here)."""


@pytest.mark.parametrize("size", [16, 25])
def test_a_big_grid_written_in_letters_alone_is_refused_saying_how_to_write_it(size: int) -> None:
    puzzle = generate.new_puzzle(7, Shape.for_size(size))
    in_letters = "".join(LETTERS[v - 1] if v else "." for v in puzzle.numbers)
    as_rows = "\n".join(in_letters[i:i + size] for i in range(0, size * size, size))
    for text in (in_letters, as_rows):  # on one line, and as rows in a file
        with pytest.raises(PuzzleFormatError, match="A-I as 1-9 and J-Y as A-P"):
            read_puzzles(text)
    with pytest.raises(PuzzleFormatError, match="A-I as 1-9 and J-Y as A-P") as err:
        Grid.parse(in_letters)
    first_past = next(i for i, char in enumerate(in_letters)  # past G (16x16) or P (25x25)
                      if char != "." and LETTERS.index(char) >= {16: 7, 25: 16}[size])
    assert f"column {first_past + 1}:" in str(err.value)
    # as the message says: A-I as 1-9, J-Y as A-P; the puzzle itself reads back
    rewritten = in_letters.translate(str.maketrans(LETTERS, "123456789ABCDEFGHIJKLMNOP"))
    assert Grid.parse(rewritten) == puzzle


def test_a_stray_letter_in_a_small_grid_is_told_as_a_typo_not_as_letters_alone() -> None:
    with pytest.raises(PuzzleFormatError, match="unexpected character 'X'") as err:
        Grid.parse("12X" + "." * 78)
    assert "letters alone" not in str(err.value)
    with pytest.raises(PuzzleFormatError, match=r"H \(the number 17\) is too big") as err:
        Grid.parse("1H" + "." * 254)  # a digit too: our notation with a typo, said as before
    assert "letters alone" not in str(err.value)


def formats_symbol(value: int) -> str:
    from sudoku_teach.formats import symbol

    return symbol(value)


@cache
def thinned_16x16(keep_every: int = 3) -> str:
    """A 16x16 puzzle that singles finish: a full grid with every third cell blank.

    The grid of the first seed for which singles do finish it (not every grid's does), as
    the package's full grids come from its solver and change with the solver's choices."""
    grids = (generate.full_grid(seed, Shape.for_size(16)) for seed in itertools.count(1))
    texts = ("".join("." if i % keep_every == 0 else formats_symbol(v)
                     for i, v in enumerate(grid.numbers)) for grid in grids)
    return next(text for text in texts if solve_with_rules(text, "naked + hidden singles").solved)


def test_cli_help_and_a_missing_file_say_how_big_grids_are_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    helped = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    assert "256" in helped and "A-P for 10-25" in helped and "G = 16" in helped
    assert main(["check", "NOPE.TXT1"]) == 2
    said = capsys.readouterr().err
    assert "no such file: NOPE.TXT1" in said and "A-P for 10-25" in said


def test_solve_steps_of_a_16x16_puzzle_write_10_and_up_as_letters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "--method", "singles", "--steps", thinned_16x16()]) == 0
    steps = capsys.readouterr().out.splitlines()[:-1]  # the last line is the solved grid
    values = [step.split()[2] for step in steps]
    assert len(values) > 50 and all(len(value) == 1 for value in values)
    assert {"A", "G"} <= set(values)


@pytest.mark.parametrize("command", ["generate", "worksheet"])
@pytest.mark.parametrize("size", ["12", "x", "8"])
def test_a_size_that_does_not_exist_is_told_the_sizes_that_do(
    command: str, size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--size", size, "-o", "x.pdf"] if command == "worksheet"
             else [command, "--size", size])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    offered = "4, 6, 9, 16 or 25" if command == "generate" else "4, 6, 9 or 16"
    assert f"no grid of size '{size}' here: choose {offered}" in said


def test_a_16x16_line_with_a_cell_missing_is_told_about_16x16(tmp_path) -> None:  # type: ignore[no-untyped-def]
    whole = thinned_16x16()
    path = tmp_path / "big.txt"
    path.write_text(f"{whole}\n{whole[:100]}{whole[101:]}\n")
    with pytest.raises(PuzzleFormatError) as refused:
        load_puzzles(path)
    said = str(refused.value)
    assert said.startswith(f"{path}, line 2: found 255 cells on this line, 1 fewer than a whole"
                           " 16x16 puzzle on one line (256)")
    assert "81 cells" not in said and "(9 numbers)" not in said
    rows = tmp_path / "rows.txt"  # a 16x16 grid written as rows, its first row a cell short
    rows.write_text(" ".join(whole[:15]) + "\n")
    with pytest.raises(PuzzleFormatError, match="15 cells on this line, 1 fewer than a whole 4x4"
                       " puzzle on one line or a row of a 16x16 grid"):
        load_puzzles(rows)


@pytest.mark.parametrize(("size", "seed"), [(16, 1), (16, 2), (25, 2)])
def test_generated_big_puzzles_are_proper_by_an_independent_counter(size: int, seed: int) -> None:
    box = {16: 4, 25: 5}[size]
    puzzle = generate.new_puzzle(seed, Shape.for_size(size))
    assert sat_count(puzzle.to_rows(), box, box) == 1
    loosened = puzzle.to_rows()  # and the counter itself tells two solutions apart
    loosened[0] = [0] * size
    loosened[1] = [0] * size
    assert sat_count(loosened, box, box) == 2


def test_a_16x16_puzzle_with_two_solutions_names_them_in_letters() -> None:
    rows = pattern_rows(4, 4)  # row 2 is row 0 moved 8 along: (0, 0) = (2, 8), (0, 8) = (2, 0)
    rows = swap(rows, rows[0][0], 16)  # two numbers swapped everywhere: still a solved grid
    rows = swap(rows, rows[2][0], 10)
    for r, c in ((0, 0), (0, 8), (2, 0), (2, 8)):  # the rectangle's G and A can swap
        rows[r][c] = 0
    assert sat_count(rows, 4, 4, limit=3) == 2
    with pytest.raises(NotAPuzzleError, match=r"cell \(0, 0\) can be (G or A|A or G)\)"):
        fast.proper_solution(Grid([v for row in rows for v in row], Shape.for_size(16)))


def swap(rows: list[list[int]], x: int, y: int) -> list[list[int]]:
    """The grid with the numbers x and y swapped everywhere."""
    return [[y if v == x else x if v == y else v for v in row] for row in rows]


def region_of_name(name: str) -> set[tuple[int, int]]:
    """The cells a big grid's region name says: 'region (rows 4-7, columns 8-11)'."""
    import re

    found = re.fullmatch(r"region \(rows (\d+)-(\d+), columns (\d+)-(\d+)\)", name)
    assert found, name
    top, bottom, left, right = map(int, found.groups())
    return {(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)}


@pytest.mark.parametrize("size", [16, 25])
def test_regions_of_big_grids_are_named_by_their_rows_and_columns(size: int) -> None:
    shape = Shape.for_size(size)
    for region in shape.regions:  # each name says exactly the region's cells
        assert region_of_name(region.name) == set(region.cells)
    assert Shape.for_size(9).regions[1].name == "region B"  # 9x9 keeps the assignment's


def test_a_16x16_hint_and_the_board_name_a_region_by_rows_and_columns() -> None:
    import re

    from sudoku_teach.candidates import CandidateGrid
    from sudoku_teach.techniques import explain_naked_single, find_naked_singles
    from sudoku_teach.views.gridview import GridView

    cells = list(generate.full_grid(1, Shape.for_size(16)).numbers)
    cell = next(i for i, v in enumerate(cells) if v >= 10 and i // 16 >= 4 and i % 16 >= 4)
    value, cells[cell] = cells[cell], 0
    grid = Grid(cells, Shape.for_size(16))
    row, col = divmod(cell, 16)
    (step,) = find_naked_singles(CandidateGrid(grid))
    said = explain_naked_single(step)
    named = re.search(r"region \(rows \d+-\d+, columns \d+-\d+\)", said)
    assert named and (row, col) in region_of_name(named.group()), said
    assert f"only {'ABCDEFG'[value - 10]} survives" in said
    view = GridView(grid)
    shown = view.describe((row, col))
    named = re.search(r"region \(rows \d+-\d+, columns \d+-\d+\)", shown)
    assert named and (row, col) in region_of_name(named.group()), shown
    assert not re.search(r"\b1[0-6]\b", re.sub(r"\(\d+, \d+\)|\b(rows?|columns?) \d+(-\d+)?",
                                                "", shown)), shown
    assert re.search(r"\b[A-G]\b", shown), shown  # the row's 10-16, as letters


def digits_over_9(text: str) -> list[str]:
    """The numbers 10-25 a message writes in digits, leaving out places (cells, rows, lines)."""
    import re

    places = r"\(\d+, \d+\)|\b(rows?|columns?|lines?) \d+(-\d+)?"
    return re.findall(r"\b(?:1\d|2[0-5])\b", re.sub(places, "", text))


def test_a_16x16_clash_names_its_number_as_a_letter(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_teach.errors import RuleViolation
    from sudoku_teach.rules import check_rules

    cells = [0] * 256
    cells[0] = cells[5] = 12
    grid = Grid(cells, Shape.for_size(16))
    with pytest.raises(RuleViolation) as broken:
        check_rules(grid)
    said = str(broken.value)
    assert "row 0 has the number C twice" in said and not digits_over_9(said), said
    assert main(["check", grid.to_string()]) == 1
    assert "row 0 has the number C twice" in capsys.readouterr().err


def test_the_board_views_say_16x16_entries_in_letters() -> None:
    from sudoku_teach.views.gridview import GridView
    from sudoku_teach.views.widgets import SinglesHelper

    puzzle = Grid.parse(thinned_16x16())
    view = GridView(puzzle, editable=True)
    blank = puzzle.empty_cells()[0]
    in_row = next(v for v in (puzzle[blank[0], c] for c in range(16)) if v >= 10)
    view.board._received(view.board, {"type": "cell", "r": blank[0], "c": blank[1],
                                      "key": str(in_row)}, [])
    said = view.board.message
    assert said.startswith(f"{formats_symbol(in_row)} placed in {blank}, but it breaks a rule")
    assert not digits_over_9(said), said
    helper = SinglesHelper(puzzle)
    assert helper.step is not None
    cell, value = helper.step.cell, helper.step.value
    wrong = next(v for v in range(10, 17) if v != value and not helper.view.grid[cell])
    board = helper.view.board
    for key in (wrong, value):
        board._received(board, {"type": "cell", "r": cell[0], "c": cell[1], "key": str(key)}, [])
        assert not digits_over_9(board.message) and board.message, board.message
    assert board.message.startswith(f"Right: {formats_symbol(value)} goes in {cell}.")


def test_a_16x16_game_on_its_board_counts_a_region_s_rows_from_1_too() -> None:
    from sudoku_teach.game import Game
    from sudoku_teach.views.play import GameView, for_players

    assert for_players("region (rows 4-7, columns 12-15) needs a G") == (
        "region (rows 5-8, columns 13-16) needs a G")
    assert for_players("line 3, column 7: unexpected") == "line 3, column 7: unexpected"
    puzzle = thinned_16x16()
    view = GameView(Game.from_text(puzzle, lambda: 0.0))
    view.play_own(".Z" + puzzle[2:])  # a place in the text: from 1 already
    assert "line 1, column 2: unexpected character 'Z'" in view.board.message
    view.play_own("CC" + puzzle[2:])
    assert "row 1 has the number C twice" in view.board.message, view.board.message
    assert not digits_over_9(view.board.message)


def test_a_16x16_grid_with_a_cell_missing_from_a_row_is_told_so_not_about_letters() -> None:
    rows = [thinned_16x16()[r * 16:(r + 1) * 16] for r in range(16)]
    rows[7] = rows[7][:-1]
    with pytest.raises(PuzzleFormatError) as refused:
        Grid.parse("\n".join(rows))
    assert str(refused.value) == (
        "line 8: this row has 15 numbers, but a 16x16 grid has 16 in each row")
    with pytest.raises(PuzzleFormatError, match="found 255 cells, but a grid has"):
        Grid.parse("".join(rows))



def test_a_search_step_and_a_candidate_refusal_write_10_and_up_as_letters() -> None:
    from sudoku_teach.candidates import CandidateGrid
    from sudoku_teach.errors import CandidateError
    from sudoku_teach.trace import Event

    assert str(Event(3, "place", (0, 1), 12, 2)) == "step 3: place C at (0, 1), depth 2"
    cells = [0] * 256
    cells[0] = 12
    board = CandidateGrid(Grid(cells, Shape.for_size(16)))
    with pytest.raises(CandidateError, match=r"^cell \(0, 1\) has no candidate C to remove$"):
        board.remove((0, 1), 12)  # row 0 holds a C already


@pytest.mark.parametrize(("size", "said"), [
    (12, "no standard region shape for a 12x12 grid (use 4, 6, 8, 9, 16, 25)"),
    ("9", "no standard region shape for '9', not a whole number (use 4, 6, 8, 9, 16, 25)"),
    (True, "no standard region shape for True, not a whole number (use 4, 6, 8, 9, 16, 25)"),
])
def test_a_size_that_is_not_one_is_told_the_sizes_that_are(size: object, said: str) -> None:
    from sudoku_teach.errors import ShapeError

    with pytest.raises(ShapeError) as refused:
        Shape.for_size(size)  # type: ignore[arg-type]
    assert str(refused.value) == said


def test_a_number_is_said_with_the_article_its_name_takes() -> None:
    from sudoku_teach.formats import a_symbol

    said = {value: a_symbol(value) for value in range(1, 26)}
    assert [said[v] for v in (1, 8, 9, 10, 11, 14, 16, 17, 25)] == [
        "a 1", "an 8", "a 9", "an A", "a B", "an E", "a G", "an H", "a P"]
    assert {s for s in said.values() if s.startswith("an ")} == {
        f"an {c}" for c in "8AEFHILMNO"}  # eight, ay, ee, ef, aitch, eye, el, em, en, oh


@pytest.mark.parametrize("call", [
    lambda: generate.new_puzzle(1, 16), lambda: generate.puzzle_at_level("easy", 1, 16),
    lambda: generate.full_grid(1, 16), lambda: generate.new_full_grid(1, 16),
    lambda: Grid.empty(16), lambda: Grid.parse("." * 256, 16),
    lambda: Grid.from_rows([[0] * 16] * 16, 16), lambda: Grid([0] * 256, 16),
])
def test_a_size_given_where_a_shape_goes_is_told_how_to_write_it(call) -> None:  # type: ignore[no-untyped-def]
    from sudoku_teach.errors import ShapeError

    with pytest.raises(ShapeError, match=r"^16 is a size: give a Shape, such as"
                       r" Shape.for_size\(16\) \(sizes 4, 6, 8, 9, 16, 25\)$"):
        call()
    with pytest.raises(ShapeError, match="^'16x16' is not a grid's shape"):
        Grid([0] * 256, "16x16")  # type: ignore[arg-type]


def test_a_16x16_grid_with_10_to_16_in_digits_is_told_to_write_letters(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import re

    rows = Grid.parse(thinned_16x16()).to_rows()
    text = "\n".join(" ".join(str(v) for v in row) for row in rows)  # 16 lines of '3 0 12 ...'
    path = tmp_path / "decimal.txt"
    path.write_text(text + "\n")
    for read in (lambda: Grid.parse(text), lambda: load_puzzles(path),
                 lambda: Grid.parse(text.replace("\n", " "))):
        with pytest.raises(PuzzleFormatError) as refused:
            read()
        said = re.search(r"so (\d\d) reads as two cells: write 10-25 as the letters A-P"
                         r" \((\d\d) is ([A-P])\)$", str(refused.value))
        assert said, refused.value
        assert said[1] == said[2] and formats_symbol(int(said[1])) == said[3]
    assert "reads as two cells" not in str(pytest.raises(  # a 9x9 row a number short: no hint
        PuzzleFormatError, Grid.parse, "1 2 3 4 5 6 7 8\n" + "0 " * 72).value)


def rows_text(rows: list[list[int]], blank: str = ".") -> str:
    """A grid written as rows of characters, as the test writes them (not the package)."""
    return "\n".join("".join("123456789ABCDEFG"[v - 1] if v else blank for v in row)
                     for row in rows)


def test_a_16x16_grid_written_as_rows_with_empty_rows_is_one_grid_not_4x4_puzzles(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    rows = pattern_rows(4, 4)
    rows[0] = [0] * 16  # its first row empty: a line of 16 blanks, which a 4x4 puzzle could be
    rows[5] = [0] * 16
    rows[9] = [v if v <= 4 else 0 for v in rows[9]]  # only 1-4: a 4x4 puzzle, as a line alone
    for text in (rows_text(rows), rows_text(rows, "0"), "\n".join(" ".join(
            str(v) if v < 10 else "ABCDEFG"[v - 10] for v in row) for row in rows)):
        assert read_puzzles(text) == [Grid.from_rows(rows)], text
    empty = tmp_path / "empty16.txt"  # the empty 16x16 grid, written as 16 lines
    empty.write_text(rows_text([[0] * 16] * 16) + "\n")
    assert load_puzzles(empty) == [Grid.empty(Shape.for_size(16))]
    assert main(["count", str(empty)]) == 0
    assert capsys.readouterr().out == "2 (limit reached)\n"  # one grid, not sixteen


def test_sixteen_4x4_puzzles_stay_4x4_and_a_blank_one_among_them_is_refused_as_ambiguous(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    fours = [f"{'1234341221434321'[:k]}{'.' * (16 - k)}" for k in range(1, 21)]  # 20 of them
    assert [grid.to_string() for grid in read_puzzles("\n".join(fours))] == fours
    path = tmp_path / "fours.txt"
    path.write_text("\n".join(["." * 16, *fours[:15], "." * 81]) + "\n")
    with pytest.raises(PuzzleFormatError) as refused:
        load_puzzles(path)
    assert str(refused.value) == (
        f"{path}, line 1: lines 1-16 read as sixteen 4x4 puzzles (one a line) or as one 16x16"
        " grid (its rows): each holds 16 cells, only 1-4 and blanks, and line 1 is all blank,"
        " no 4x4 puzzle. Write a 16x16 grid on one line of 256 characters, or each 4x4 puzzle"
        " as 4 lines of 4")
    assert main(["count", "--skip-bad", str(path)]) == 2  # some input could not be used
    said = capsys.readouterr()
    assert said.out == "2 (limit reached)\n"  # the empty 9x9, after the sixteen lines skipped
    assert said.err.count("skipped:") == 1 and "lines 1-16 read as" in said.err


@st.composite
def big_grids(draw: st.DrawFn) -> Grid:
    """A 16x16 grid from a relabelled full grid, some cells and rows blank, that holds a
    number above 4 or none at all."""
    order = draw(st.permutations(range(1, 17)))
    kept = draw(st.lists(st.booleans(), min_size=256, max_size=256))
    empty_rows = draw(st.sets(st.integers(0, 15)))
    rows = [[order[v - 1] if kept[r * 16 + c] and r not in empty_rows else 0
             for c, v in enumerate(row)] for r, row in enumerate(pattern_rows(4, 4))]
    if max(map(max, rows)) <= 4:
        rows = [[0] * 16 for _ in range(16)]
    return Grid.from_rows(rows)


@given(st.lists(big_grids(), min_size=1, max_size=3),
       st.lists(st.sampled_from(["1234341221434321", ".2.4........4.2.", "1..............."]),
                max_size=20),
       st.sampled_from(["rows", "sdk", "pretty", "line"]), st.sampled_from(["\n", "\n\n# next\n"]))
def test_big_grids_written_as_rows_always_read_back_as_themselves(
    grids: list[Grid], fours: list[str], style: str, between: str
) -> None:
    text = between.join([*(write_as(grid, style) for grid in grids), *fours])
    assert read_puzzles(text) == [*grids, *(Grid.parse(four) for four in fours)]
