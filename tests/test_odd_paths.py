"""File names no file can have, links that lead nowhere, a closed standard input: each is
said in words (what and where), never a traceback, and nothing half written is left."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_teach import SudokuError, load, save
from sudoku_teach.cli import main
from sudoku_teach.errors import OutputError, PuzzleFormatError, SavedGameError
from sudoku_teach.game import Game, savegame
from sudoku_teach.shape import Shape
from sudoku_teach.teacher.gradebook import csv_file
from sudoku_teach.textfile import NAME_MAX, file_lines, write_file

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    """Two symbolic links that point at each other."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    return tmp_path / "a"


def test_links_in_a_circle_are_named_for_reading_and_writing(loop: Path, capsys):
    with pytest.raises(OutputError, match="symbolic links lead round in a circle"):
        write_file(loop, "x")
    with pytest.raises(PuzzleFormatError, match="symbolic links lead round in a circle"):
        list(file_lines(loop))
    assert main(["solve", str(loop)]) == 2
    assert main(["worksheet", "--from", str(loop), "-o", str(loop.with_name("w.pdf"))]) == 2
    err = capsys.readouterr().err
    assert err.count("lead round in a circle") == 2, err
    with pytest.raises(SystemExit) as stopped:
        main(["grade", "x.ipynb", "--long-csv", str(loop)])
    assert stopped.value.code == 2
    assert "--long-csv: cannot write" in capsys.readouterr().err


def test_a_link_into_a_missing_folder_names_that_folder(tmp_path: Path):
    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "gone" / "out.txt")
    with pytest.raises(OutputError, match="the folder .*gone does not exist"):
        write_file(link, "x")


@pytest.mark.parametrize("name", ["n" * (NAME_MAX + 1), "n" * 5000, "d/" * 3000 + "f"])
def test_a_name_too_long_for_any_file_says_so_shortly(name, tmp_path: Path, capsys):
    path = tmp_path / name
    with pytest.raises(OutputError, match="cannot write .*characters\\): ") as refused:
        write_file(path, "x")
    with pytest.raises(PuzzleFormatError, match="longer than the file system|at most 255"):
        list(file_lines(path))
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    for said in (str(refused.value), err):
        assert len(said) < 300 and "Errno" not in said, said


def test_a_name_just_short_enough_is_written(tmp_path: Path):
    path = tmp_path / ("n" * (NAME_MAX - 4) + ".txt")  # its temporary file's name is longer
    write_file(path, "x")
    assert path.read_text() == "x" and [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_closed_standard_input_is_said():
    done = subprocess.run([sys.executable, "-m", "sudoku_teach", "solve"], stdin=None,
                          capture_output=True, text=True, close_fds=True,
                          preexec_fn=lambda: os.close(0), timeout=60)
    assert done.returncode == 2, done.stderr
    assert "standard input is closed" in done.stderr and "Traceback" not in done.stderr


def test_a_gradebook_is_written_whole_or_not_at_all(tmp_path: Path):
    path = tmp_path / "grades.csv"
    with csv_file(path, bom=True) as writer:
        writer.writerow(["student", "total"])
    with pytest.raises(KeyboardInterrupt), csv_file(path) as writer:
        writer.writerow(["half", "a"])
        raise KeyboardInterrupt
    assert list(csv.reader(path.open(encoding="utf-8-sig"))) == [["student", "total"]]
    assert [p.name for p in tmp_path.iterdir()] == ["grades.csv"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_gradebook_that_cannot_be_written_is_named(tmp_path: Path, capsys):
    notebook = tmp_path / "alice.ipynb"
    notebook.write_text("not a notebook")
    assert main(["grade", "--isolation", "none", "--csv", "/dev/full", str(notebook)]) == 2
    assert "cannot write /dev/full: No space left on device" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("argv", [["generate", "--size", "4"], ["solve", PUZZLE]])
def test_answers_to_a_full_disk_say_it_is_standard_output(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "sudoku_teach", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot write the answers to standard output: No space left on device" in done.stderr


@pytest.mark.parametrize("name", [None, 5, b"puzzle.txt"])
def test_a_file_name_that_is_no_text_is_said_by_every_reader_and_writer(name):
    game = Game.new("easy", 1, Shape(2, 2))
    calls = [lambda: load(name), lambda: save(PUZZLE, name), lambda: savegame.save_file(game, name),
             lambda: savegame.restore_file(game, name)]
    for call in calls:
        with pytest.raises(SudokuError, match=f"expected a file name \\(text or a Path\\), not"
                                              f" {type(name).__name__}"):
            call()


@pytest.mark.parametrize(("make", "said"), [
    (lambda path: path.mkdir(), "cannot read .*: Is a directory$"),
    (lambda path: path.write_bytes(b"\xff\xfe{}"), "is not a saved game: byte 1 is not UTF-8"),
    (lambda path: None, "cannot read .*: No such file or directory$"),
])
def test_a_saved_game_file_that_cannot_be_read_says_why_in_words(tmp_path: Path, make, said):
    path = tmp_path / "game.json"
    make(path)
    game = Game.new("easy", 1, Shape(2, 2))
    with pytest.raises(SavedGameError, match=said) as refused:
        savegame.restore_file(game, path)
    assert "Errno" not in str(refused.value)
    with pytest.raises(SavedGameError, match="cannot read '': give a file name"):
        savegame.restore_file(game, "")
