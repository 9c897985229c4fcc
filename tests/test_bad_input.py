"""Bad input, case by case: each gets a `SudokuError` that says what and where, and
nothing is changed or lost (the cases of issue 14's review)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time

import pytest

from sudoku_teach import (
    ASSIGNMENT_PUZZLE,
    Grid,
    PuzzleFormatError,
    SudokuError,
    allowed_cells,
    blockers,
    can_place,
    candidates,
    region_of,
    region_row_range,
    row_values,
    save,
)
from sudoku_teach.cli import main
from sudoku_teach.errors import InvalidMoveError, OutputError, SavedGameError
from sudoku_teach.game import Game, savegame
from sudoku_teach.textfile import MAX_LINE, file_lines, write_file

UNICODE_DIGITS = ["²", "①", "\u0663", "\u0968", "５"]  # superscript, circled, Arabic-Indic, ...
"""Characters Python calls digits (`str.isdigit`) that are no digit of a puzzle."""

CLASSIC = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- Unicode digits ---------------------------------------------------------------------------
@pytest.mark.parametrize("char", UNICODE_DIGITS)
def test_unicode_digits_are_named_with_line_and_column(char):
    text = CLASSIC[:40] + char + CLASSIC[41:]
    where = f"line 1, column 41: unexpected character '{char}'"
    with pytest.raises(PuzzleFormatError, match=where):
        Grid.parse(text)


@pytest.mark.parametrize("char", UNICODE_DIGITS[:3])
@pytest.mark.parametrize("command", ["show", "check", "hint", "solve", "count", "rate"])
def test_every_command_names_a_unicode_digit(command, char, capsys, tmp_path):
    text = char + CLASSIC[1:]
    assert main([command, text]) == 2
    err = capsys.readouterr().err
    assert f"argument 1, line 1, column 1: unexpected character '{char}'" in err
    source = tmp_path / "p.txt"
    source.write_text(CLASSIC + "\n" + text + "\n", encoding="utf-8")
    assert main([command, str(source)]) == 2
    assert f"p.txt, line 2, column 1: unexpected character '{char}'" in capsys.readouterr().err


def test_the_games_own_puzzle_box_names_a_unicode_digit():
    with pytest.raises(PuzzleFormatError, match="column 1: unexpected character '²'"):
        Game.from_text("²" + ASSIGNMENT_PUZZLE[1:])


# --- cells and values given to the library ---------------------------------------------------
BAD_VALUES = [True, False, 1.0, 2.5, "3", None, -1, 10]


@pytest.mark.parametrize("value", BAD_VALUES)
def test_one_validator_refuses_bad_values_everywhere_naming_cell_and_value(value):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    cells = [0] * 81
    cells[40] = value
    calls = [
        lambda: Grid(cells),
        lambda: Grid.from_rows([cells[r * 9:(r + 1) * 9] for r in range(9)]),
        lambda: grid.__setitem__((0, 0), value),
    ]
    for call in calls:
        words = r"cell \((4, 4|0, 0)\) cannot hold " + repr_re(value)
        with pytest.raises(SudokuError, match=words):
            call()
    assert grid == Grid.parse(ASSIGNMENT_PUZZLE)  # unchanged
    if value is not False:  # 0 is a blank, False is refused as a number to place too
        with pytest.raises(SudokuError, match=repr_re(value)):
            can_place(grid, 0, 0, value)


def repr_re(value: object) -> str:
    """The value as a message shows it, escaped for a regular expression."""
    import re

    return re.escape(repr(value))


def test_the_boundaries_of_a_value_are_1_and_the_size():
    grid = Grid.empty()
    grid[0, 0] = 9  # the largest number is fine
    for too_big in (10, 11):
        with pytest.raises(SudokuError, match=f"cannot hold {too_big}"):
            grid[0, 0] = too_big
    small = Grid.parse("." * 16)
    small[0, 0] = 4
    with pytest.raises(SudokuError, match="cannot hold 5: expected a whole number from 1 to 4"):
        small[0, 0] = 5


@pytest.mark.parametrize("cell", [(0.5, 1), ("1", 0), (True, 0), (9, 0), (0, -1)])
def test_library_calls_with_a_bad_cell_name_it(cell):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    text = repr(cell[0]).replace("(", r"\(")
    for call in [
        lambda: candidates(grid, *cell),
        lambda: can_place(grid, *cell, 3),
        lambda: blockers(grid, *cell, 3),
        lambda: region_of(*cell),
        lambda: grid[cell],
    ]:
        with pytest.raises(SudokuError, match=rf"cell \({text}, "):
            call()
    with pytest.raises(SudokuError):
        row_values(grid, cell[0]) if cell[0] != 0 else row_values(grid, cell[1])
    with pytest.raises(SudokuError):
        region_row_range(cell[0]) if cell[0] != 0 else region_row_range(-1)


def test_allowed_cells_refuses_a_value_that_is_no_number():
    with pytest.raises(SudokuError, match="cannot use True"):
        allowed_cells(ASSIGNMENT_PUZZLE, True)


# --- saved games ------------------------------------------------------------------------------
@pytest.fixture
def played():
    """A game with a right entry, a wrong one, pencil marks, a check, an undo."""
    clock = Clock()
    game = Game.from_text(ASSIGNMENT_PUZZLE, clock)
    a, b, c = game.puzzle.empty_cells()[:3]
    game.place(a, game.solution[a])
    game.place(b, game.solution[b] % 9 + 1)
    game.toggle_mark(c, 4)
    game.toggle_mark(c, 7)
    game.check()
    game.undo()
    clock.now += 30
    return game


def edited(game: Game, change) -> str:
    """The saved game's JSON after `change(data)` has damaged it."""
    data = json.loads(savegame.dumps(game))
    change(data)
    return json.dumps(data)


def given_cell(game: Game) -> list[int]:
    return list(sorted(game.puzzle.givens)[0])


def empty_cell(game: Game) -> list[int]:
    return list(game.puzzle.empty_cells()[-1])


DAMAGE = {
    "move off the board": (lambda g, d: d["history"].append([99, 99, 0, 1, [], []]),
                           "outside the 9x9 grid"),
    "move on a given": (lambda g, d: d["history"].append([*given_cell(g), 5, 1, [], []]),
                        "holds a given"),
    "number 42": (lambda g, d: d["history"].append([*empty_cell(g), 0, 42, [], []]),
                  "cannot hold 42"),
    "pencil mark 99": (lambda g, d: d["history"].append([*empty_cell(g), 0, 0, [], [99]]),
                       "cannot use 99"),
    "NaN time": (lambda g, d: d.update(elapsed=math.nan), "elapsed is nan"),
    "infinite time": (lambda g, d: d.update(elapsed=math.inf), "elapsed is inf"),
    "negative time": (lambda g, d: d.update(elapsed=-5), "elapsed is -5"),
    "time as text": (lambda g, d: d.update(elapsed="30"), "elapsed is '30'"),
    "solved but not": (lambda g, d: d.update(solved=True), "says solved is True"),
    "history that does not lead to the board": (
        lambda g, d: d["history"].pop(0), "history does not lead to its board"),
    "future that does not fit": (
        lambda g, d: d["future"].append([*empty_cell(g), 7, 1, [], []]), "future"),
    "board entry not in the history": (
        lambda g, d: d.update(board=d["board"].replace(".", "1", 1)), "history"),
    "hints as text": (lambda g, d: d.update(hints_used="2"), "hints_used"),
    "help as a number": (lambda g, d: d.update(help=1), "help is 1"),
    "selected True": (lambda g, d: d.update(selected=True), "selected: cannot use True"),
    "size 10": (lambda g, d: d.update(size=10), "size is 10"),
    "check mark that lies": (
        lambda g, d: d["checked"].__setitem__(0, [*d["checked"][0][:2], not d["checked"][0][2]]),
        "check mark"),
    "marks on a given": (lambda g, d: d["marks"].append([*given_cell(g), [3]]), "holds a given"),
    "seed as text": (lambda g, d: d.update(seed="7"), "seed is '7'"),
    "a move of five numbers": (lambda g, d: d["history"].append([0, 0, 0, 1, []]), "a move is"),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_damaged_save_is_refused_before_the_game_is_touched(played, case):
    change, words = DAMAGE[case]
    text = edited(played, lambda data: change(played, data))
    target = Game.from_text(CLASSIC, Clock())
    target.place(target.puzzle.empty_cells()[0], 1)
    board, history, marks = target.board.copy(), list(target.history), dict(target.marks)
    with pytest.raises(SavedGameError, match=words):
        savegame.restore(target, text)
    assert target.board == board and target.history == history and target.marks == marks
    assert target.puzzle == Grid.parse(CLASSIC)


@pytest.mark.parametrize("number", [None, 0.0, False, "0"])
def test_a_selection_that_is_no_number_is_refused_and_the_game_still_saves(played, number):
    played.select(3)
    with pytest.raises(InvalidMoveError, match=f"cannot use {repr_re(number)}"):
        played.select(number)
    assert played.selected == 3
    fresh = Game.from_text(CLASSIC, Clock())
    savegame.restore(fresh, savegame.dumps(played))  # its own save is read back
    assert fresh.selected == 3


@pytest.mark.parametrize("cell", [None, 5, (0, 1, 2), (9, 0)])
def test_a_games_conflicts_at_a_cell_that_is_none_name_it(played, cell):
    with pytest.raises(InvalidMoveError, match="not a cell|outside the 9x9 grid"):
        played.conflicts_at(cell)


def test_a_restored_game_can_undo_every_move_back_to_the_puzzle(played):
    fresh = Game.from_text(CLASSIC, Clock())
    savegame.restore(fresh, savegame.dumps(played))
    # compared with the original by an independent oracle: the cells themselves
    assert fresh.board.numbers == played.board.numbers
    assert fresh.marks == played.marks and fresh.checked == played.checked
    while fresh.history:
        fresh.undo()
    assert fresh.board == fresh.puzzle and fresh.marks == {}
    while fresh.future:
        fresh.redo()
    assert fresh.board.numbers != fresh.puzzle.numbers


def test_deeply_nested_json_is_a_clear_error_not_a_recursion_error(played):
    target = Game.from_text(CLASSIC, Clock())
    for text in ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000]:
        with pytest.raises(SavedGameError, match="nested far too deeply|not a saved"):
            savegame.restore(target, text)


def test_a_failed_save_keeps_the_last_good_file(played, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    savegame.save_file(played, path)
    good = path.read_text()
    played.place(played.puzzle.empty_cells()[5], 1)

    def disk_full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SavedGameError, match="No space left on device"):
        savegame.save_file(played, path)
    assert path.read_text() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# --- atomic writes ----------------------------------------------------------------------------
def test_an_interrupted_write_leaves_the_old_file_and_no_stray_file(tmp_path, monkeypatch):
    path = tmp_path / "puzzle.txt"
    save(CLASSIC, path)
    good = path.read_bytes()

    def interrupted(*_):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(ASSIGNMENT_PUZZLE, path)
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["puzzle.txt"]


def test_a_write_keeps_an_existing_files_place_and_writes_a_new_one(tmp_path):
    path = tmp_path / "new.txt"
    write_file(path, "first")
    write_file(path, "second")
    assert path.read_text() == "second"
    with pytest.raises(OutputError, match="is a directory"):
        write_file(tmp_path, "x")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_special_file_is_written_in_place_and_its_failure_named():
    with pytest.raises(OutputError, match="cannot write /dev/full: No space left on device"):
        write_file("/dev/full", b"x" * 100_000)
    write_file("/dev/null", "fine")
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


# --- what a file argument is ------------------------------------------------------------------
def test_a_fifo_dev_stdin_and_dev_null_are_read_not_called_missing(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    script = (
        f"(echo {CLASSIC} > {fifo} &); "
        f"{sys.executable} -m sudoku_teach check {fifo}; echo status=$?; "
        f"echo {CLASSIC} | {sys.executable} -m sudoku_teach check /dev/stdin; echo status=$?; "
        f"{sys.executable} -m sudoku_teach check /dev/null; echo status=$?"
    )
    run = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert f"{fifo} line 1: no conflicts (30 of 81 cells filled)" in run.stdout
    assert "/dev/stdin line 1: no conflicts" in run.stdout
    assert "/dev/null holds no puzzle" in run.stderr
    assert "no such file" not in run.stderr
    assert run.stdout.count("status=0") == 2 and "status=2" in run.stdout


def test_an_empty_argument_is_not_a_directory(capsys):
    assert main(["check", ""]) == 2
    err = capsys.readouterr().err
    assert "argument 1 is empty" in err and "directory" not in err


@pytest.mark.parametrize("name", ["2024-01.txt", "puzzles/2024", "12.09.sdk"])
def test_a_missing_file_with_digits_in_its_name_is_no_such_file(name, capsys):
    assert main(["check", name]) == 2
    assert f"no such file: {name}" in capsys.readouterr().err


def test_count_on_a_grid_that_breaks_the_rules_exits_1_naming_the_conflict(capsys):
    broken = "55" + "." * 79
    assert main(["count", broken]) == 1
    captured = capsys.readouterr()
    assert captured.out == "0\n"
    assert "row 0 has the number 5 twice" in captured.err


# --- long lines -------------------------------------------------------------------------------
def test_a_line_longer_than_any_puzzle_is_refused_early_with_its_number(tmp_path, monkeypatch):
    path = tmp_path / "huge.txt"
    with path.open("w") as out:
        out.write(CLASSIC + "\n")
        out.write("1" * (MAX_LINE * 100))
    reads = []
    real_open = type(path).open

    def counting_open(self, *args, **kwargs):  # count the bytes the reader asks for
        stream = real_open(self, *args, **kwargs)
        readline = stream.readline

        def bounded(limit=-1):
            line = readline(limit)
            reads.append(len(line))
            return line

        stream.readline = bounded
        return stream

    lines = file_lines(path)
    assert next(lines) == CLASSIC
    monkeypatch.setattr(type(path), "open", counting_open)
    with pytest.raises(PuzzleFormatError, match="huge.txt, line 2: this line is longer than"):
        list(file_lines(path))
    assert max(reads) <= MAX_LINE * 4 + 2  # never the whole line in memory


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_long_line_is_refused_in_every_encoding(tmp_path, encoding):
    path = tmp_path / "long.txt"
    path.write_text(CLASSIC + "\n" + "." * (MAX_LINE + 5) + "\n", encoding=encoding)
    with pytest.raises(PuzzleFormatError, match="line 2: this line is longer than 10,000"):
        list(file_lines(path))
    path.write_text(CLASSIC + "\n" + " " * (MAX_LINE - 100) + CLASSIC + "\n", encoding=encoding)
    assert list(file_lines(path))[1].strip() == CLASSIC  # long, but not too long


def test_an_empty_file_name_is_no_file_for_the_library_either():
    from sudoku_teach import load

    with pytest.raises(PuzzleFormatError, match="no such file: '' "):
        load("")
    with pytest.raises(OutputError, match="give a file name"):
        save(CLASSIC, "")


def test_a_saved_game_file_far_too_big_is_not_read(played, tmp_path):
    path = tmp_path / "big.json"
    path.write_text(" " * (savegame.MAX_BYTES + 10) + savegame.dumps(played))
    target = Game.from_text(CLASSIC, Clock())
    with pytest.raises(SavedGameError, match="too big to be a saved game"):
        savegame.restore_file(target, path)
    assert target.board == Grid.parse(CLASSIC)


def test_version_true_is_not_version_1(played):
    text = edited(played, lambda data: data.update(version=True))
    with pytest.raises(SavedGameError, match="version True"):
        savegame.restore(Game.from_text(CLASSIC, Clock()), text)


@pytest.mark.parametrize("title", ["two\nlines", "a\ttab"])
def test_a_worksheet_title_is_one_line(title, capsys, tmp_path):
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "1",
                 "--title", title, "-o", str(out)]) == 2
    assert "a title is one line" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize(("title", "said"), [
    ("a\u200bb", "character 2 of the title, U+200B (ZERO WIDTH SPACE), does not print"),
    ("ab\x07", "character 3 of the title, U+0007 (a control character"),
    ("ab\udcff", "character 3 of the title, U+DCFF"),  # bytes of no UTF-8, as argv has them
])
def test_a_worksheet_title_character_that_does_not_print_is_named(title, said, capsys, tmp_path):
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "1",
                 "--title", title, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert said in err and "line breaks" not in err and not out.exists(), err


def test_a_worksheet_from_a_file_of_300_000_puzzles_reads_only_what_it_prints(tmp_path, capsys):
    many = tmp_path / "many.txt"
    with many.open("w") as out:
        for _ in range(300_000):
            out.write(CLASSIC + "\n")
    sheet = tmp_path / "w.pdf"
    started = time.process_time()
    assert main(["worksheet", "--from", str(many), "-o", str(sheet)]) == 2
    assert "holds more than 200 puzzles" in capsys.readouterr().err and not sheet.exists()
    assert main(["worksheet", "--from", str(many), "--count", "2", "-o", str(sheet)]) == 0
    assert "2 puzzle(s) on 1 page(s)" in capsys.readouterr().out
    assert time.process_time() - started < 10  # work counted: reading it all took a minute


def test_parse_wants_text():
    with pytest.raises(PuzzleFormatError, match="expected the text of a puzzle, got NoneType"):
        Grid.parse(None)


@pytest.mark.parametrize("value", ["2", 2.0, True, 0, None, math.nan, -1])
def test_search_limits_must_be_whole_numbers_from_1(value):
    from sudoku_teach import fast, search

    words = f"must be a whole number of at least 1, not {repr_re(value)}"
    for call in [lambda: fast.count_solutions(CLASSIC, value),
                 lambda: search.count_solutions(CLASSIC, value),
                 lambda: search.solve(CLASSIC, "mrv", max_nodes=value),
                 lambda: fast.solve(CLASSIC, max_nodes=value),
                 lambda: fast.proper_solution(CLASSIC, max_nodes=value),
                 lambda: next(fast.solutions(CLASSIC, max_nodes=value))]:
        with pytest.raises(SudokuError, match=words):
            call()


@pytest.mark.parametrize("value", ["30", 1.5, None, -1])
def test_the_generators_counts_are_whole_numbers_and_the_value_is_named(value):
    from sudoku_teach import generate
    from sudoku_teach.generate import puzzles

    full = generate.new_full_grid(1)
    calls = [lambda: puzzles.blind_trials(value, seed=0),
             lambda: puzzles.blind_puzzle(full, 0, remove=value),
             lambda: generate.compare_grid_methods(value)]
    if value is not None:  # givens=None is "as few as can be"
        calls.append(lambda: generate.new_puzzle(1, givens=value))
    for call in calls:
        with pytest.raises(SudokuError, match=repr_re(value)):
            call()


@pytest.mark.parametrize("k", [None, "1", 1.5, True])
def test_a_step_number_that_is_no_whole_number_is_named(k):
    from sudoku_teach import rate, solve_with_rules
    from sudoku_teach.errors import StepIndexError

    run, rating = solve_with_rules(CLASSIC), rate(CLASSIC)
    for call in (lambda: run.board_after(k), lambda: run.grid_after(k),
                 lambda: rating.step_html(k)):
        with pytest.raises(StepIndexError, match=f"there is no step {repr_re(k)}: this .* has"
                                                  " steps [01] to"):
            call()


@pytest.mark.parametrize("rows", [None, "3", 1.5, True])
def test_a_shape_or_grid_of_no_numbers_is_a_clear_error(rows):
    from sudoku_teach import Shape, ShapeError

    with pytest.raises(ShapeError, match=f"not {repr_re(rows)} by 3"):
        Shape(rows, 3)
    if not isinstance(rows, str):  # a text is a list of characters, each named as no number
        with pytest.raises(PuzzleFormatError, match="expected the cells as a list of numbers"):
            Grid(rows)  # type: ignore[arg-type]
