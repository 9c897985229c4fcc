"""A student's own copy: made once, new notebooks added, their work never overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_teach.errors import SudokuError
from sudoku_teach.teacher.my_work import copy_once, main

ROOT = Path(__file__).resolve().parent.parent
STUDENT = ROOT / "notebooks" / "student"


def test_the_first_copy_has_every_student_notebook_and_nothing_else(tmp_path):
    copied = copy_once(STUDENT, tmp_path / "my-work")
    names = sorted(p.name for p in STUDENT.iterdir() if p.suffix == ".ipynb")
    assert sorted(p.name for p in copied) == names
    assert sorted(p.name for p in (tmp_path / "my-work").iterdir()) == names
    for name in names:
        assert (tmp_path / "my-work" / name).read_bytes() == (STUDENT / name).read_bytes()


def test_a_second_copy_keeps_the_students_work_and_brings_back_only_what_is_missing(tmp_path):
    mine = tmp_path / "my-work"
    copy_once(STUDENT, mine)
    work = mine / "01_rules.ipynb"
    work.write_text("my answers", encoding="utf-8")
    (mine / "02_elimination_sets.ipynb").unlink()
    (mine / "notes.txt").write_text("mine", encoding="utf-8")
    copied = copy_once(STUDENT, mine)
    assert copied == [mine / "02_elimination_sets.ipynb"]
    assert work.read_text(encoding="utf-8") == "my answers"
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert copy_once(STUDENT, mine) == []


def test_the_command_says_what_it_did_and_refuses_a_missing_source(tmp_path, capsys):
    assert main([str(STUDENT), str(tmp_path / "w")]) == 0
    assert "notebooks copied" in capsys.readouterr().out
    assert main([str(STUDENT), str(tmp_path / "w")]) == 0
    assert "already has every notebook" in capsys.readouterr().out
    assert main([str(tmp_path / "nothing"), str(tmp_path / "w")]) == 2
    with pytest.raises(SudokuError, match="not a folder"):
        copy_once(tmp_path / "nothing", tmp_path / "w")


def test_my_work_is_ignored_by_git():
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "my-work/" in ignored


def test_a_notebook_the_course_changed_after_the_copy_is_named_and_the_copy_kept(
    tmp_path, capsys
):
    import os
    import shutil

    course, mine = tmp_path / "course", tmp_path / "my-work"
    shutil.copytree(STUDENT, course)
    copy_once(course, mine)
    old = mine / "09_reductions.ipynb"
    os.utime(old, (1_000_000, 1_000_000))  # the copy was made long ago ...
    (course / "09_reductions.ipynb").write_text("new version", encoding="utf-8")  # then a pull
    os.utime(mine / "01_rules.ipynb", (1_000_000, 1_000_000))  # old too, but the course kept it
    before = old.read_bytes()
    assert main([str(course), str(mine)]) == 0
    said = capsys.readouterr().out
    assert "09_reductions.ipynb changed in the course" in said and "01_rules" not in said
    assert old.read_bytes() == before
