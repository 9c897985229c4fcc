"""The largest input each entry point takes, said in its message: never a hang or a traceback.

Absurdly large numbers given to the command line's options, a text of millions of
characters given to the library, and an output file in a folder that is not there.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sudoku_teach import Grid
from sudoku_teach.cli import main
from sudoku_teach.errors import OutputError, PuzzleFormatError, SavedGameError
from sudoku_teach.formats import MAX_TEXT
from sudoku_teach.game import Game, savegame
from sudoku_teach.shape import Shape
from sudoku_teach.textfile import write_file

HUGE = "9" * 5000  # more digits than Python turns into a number by default
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

OPTIONS = [
    (["count", PUZZLE, "--limit", "10" + "0" * 30], "up to 1,000,000,000"),
    (["solve", PUZZLE, "--max-nodes", HUGE], "up to 1,000,000,000, got '9999"),
    (["generate", "--count", "1" + "0" * 20], "up to 1,000,000,000"),
    (["generate", "--seed", "1" + "0" * 100], "up to 9,223,372,036,854,775,807"),
    (["generate", "--seed", "-" + HUGE], "from -9,223,372,036,854,775,807"),
    (["generate", "--givens", "1000000"], "from 0 up to 625"),
    (["worksheet", "-o", "x.pdf", "--count", HUGE], "up to 1,000,000,000"),
    (["worksheet", "-o", "x.pdf", "--seed", HUGE], "up to 9,223,372,036,854,775,807"),
    (["worksheet", "-o", "x.pdf", "--per-page", HUGE], "up to 1,000,000,000"),
    (["grade", "x.ipynb", "-j", "1000000"], "from 1 up to 256"),
    (["grade", "x.ipynb", "--timeout", "1e300"], "up to 86,400 (a day)"),
    (["grade", "x.ipynb", "--memory", HUGE], "up to 1,000,000,000"),
]


@pytest.mark.parametrize(("argv", "said"), OPTIONS, ids=lambda v: " ".join(v)[:40])
def test_an_absurdly_large_number_is_refused_naming_the_largest(argv, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert said in err, err
    assert len(err) < 2000, "the message quotes the value shortened, not 5000 digits"


def test_the_usual_numbers_still_work(capsys):
    assert main(["count", PUZZLE, "--limit", "3"]) == 0
    assert capsys.readouterr().out.strip() == "1"
    assert main(["generate", "--seed", "-7", "--size", "4", "--count", "0"]) == 0


@pytest.mark.parametrize("text", ["1" * 3_000_000, "." * 3_000_000, "1 2 3\n" * 500_000])
def test_a_text_of_millions_of_characters_is_refused_at_once(text):
    started = time.process_time()
    with pytest.raises(PuzzleFormatError, match=f"at most {MAX_TEXT:,}") as refused:
        Grid.parse(text)
    assert f"{len(text):,} characters" in str(refused.value)
    assert time.process_time() - started < 1  # work counted, not the clock: a length check


def test_the_largest_grid_written_out_is_within_the_limit():
    grid = Grid.empty(Shape(5, 5))
    assert len(grid.format()) < MAX_TEXT
    assert Grid.parse(grid.format(), Shape(5, 5)) == grid


def test_an_output_file_in_a_missing_folder_names_the_folder(tmp_path: Path):
    target = tmp_path / "no-such-folder" / "out.txt"
    with pytest.raises(OutputError, match="the folder .*no-such-folder does not exist"):
        write_file(target, "text")
    a_file = tmp_path / "plain"
    a_file.write_text("x")
    with pytest.raises(OutputError, match="plain is a file, not a folder"):
        write_file(a_file / "out.txt", "text")
    game = Game.new("easy", 1, Shape(2, 2))
    with pytest.raises(SavedGameError, match="does not exist"):
        savegame.save_file(game, target)
    assert not target.parent.exists()


def test_the_command_line_says_the_output_folder_is_missing(tmp_path: Path, capsys):
    out = tmp_path / "missing" / "sheet.pdf"
    status = main(["worksheet", "--from", str(write_puzzles(tmp_path)), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 2 and "missing does not exist" in err, err
    assert not out.exists()


def write_puzzles(folder: Path) -> Path:
    """A file with one proper puzzle."""
    path = folder / "one.txt"
    path.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
    return path
