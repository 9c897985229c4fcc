"""`sudoku-teach collect` and `return`: copies out of the homes, feedback back in, no links."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from sudoku_teach.cli import main
from sudoku_teach.teacher.collect import CollectError, collect, hand_back, homes, lesson_name
from sudoku_teach.teacher.grading import lessons

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "student" / "01_rules.ipynb"


def snapshot(folder: Path) -> dict[str, tuple[bytes | str, int, int]]:
    """Every entry below `folder`: its content (or link target), mode and modification time."""
    found: dict[str, tuple[bytes | str, int, int]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        content: bytes | str = (os.readlink(path) if path.is_symlink() else
                                path.read_bytes() if path.is_file() else "")  # fmt: skip
        found[str(path.relative_to(folder))] = (content, info.st_mode, info.st_mtime_ns)
    return found


@pytest.fixture
def school(tmp_path: Path) -> Path:
    """A folder of homes: anna and bo with their lesson, and students who try tricks."""
    root = tmp_path / "home"
    for student, text in (("anna", None), ("bo", b'{"cells": [], "bo": 1}')):
        folder = root / student / "sudoku-teach"
        folder.mkdir(parents=True)
        if text is None:
            shutil.copyfile(LESSON, folder / "01_rules.ipynb")
        else:
            (folder / "01_rules.ipynb").write_bytes(text)
    linker = root / "linker" / "sudoku-teach"  # a link to anna's notebook
    linker.mkdir(parents=True)
    (linker / "01_rules.ipynb").symlink_to(root / "anna" / "sudoku-teach" / "01_rules.ipynb")
    (root / "folder-link").mkdir()  # the whole folder a link to anna's
    (root / "folder-link" / "sudoku-teach").symlink_to(root / "anna" / "sudoku-teach")
    piper = root / "piper" / "sudoku-teach"  # a pipe: reading it would wait forever
    piper.mkdir(parents=True)
    os.mkfifo(piper / "01_rules.ipynb")
    (root / "empty" / "sudoku-teach").mkdir(parents=True)
    return root


def test_collect_copies_each_lesson_into_a_folder_per_student(school: Path, tmp_path: Path):
    before = snapshot(school)
    out = tmp_path / "grading"
    outcomes = {o.student: o for o in collect([school], out, "01_rules")}
    assert sorted(p.name for p in out.iterdir()) == ["anna", "bo"]
    assert (out / "anna" / "01_rules.ipynb").read_bytes() == LESSON.read_bytes()
    assert (out / "bo" / "01_rules.ipynb").read_bytes() == b'{"cells": [], "bo": 1}'
    assert outcomes["anna"].done and outcomes["bo"].done
    assert "symbolic link" in outcomes["linker"].message and not outcomes["linker"].done
    assert "not followed" in outcomes["folder-link"].message
    assert "not a regular file" in outcomes["piper"].message
    assert "no such file" in outcomes["empty"].message
    assert snapshot(school) == before, "collect changed something in the homes"
    assert out.stat().st_mode & 0o077 == 0, "the grading folder is for the teacher's eyes only"


def test_collect_takes_homes_themselves_and_refuses_a_used_folder(school: Path, tmp_path: Path):
    picked = homes([school / "bo", school / "anna"])
    assert [home.name for home in picked] == ["bo", "anna"]
    used = tmp_path / "used"
    (used / "old").mkdir(parents=True)
    with pytest.raises(CollectError, match="new or empty"):
        collect([school], used, "01_rules")
    with pytest.raises(CollectError, match="not a folder"):
        homes([tmp_path / "nowhere"])
    with pytest.raises(CollectError, match="same name"):
        homes([school / "anna", school / "anna"])


@pytest.mark.parametrize("given", ["0", "99", "../01", ""])
def test_a_lesson_must_name_exactly_one(given: str):
    with pytest.raises(CollectError, match="one lesson"):
        lesson_name(given, lessons())


def test_a_lesson_of_thousands_of_characters_is_not_echoed_whole():
    with pytest.raises(CollectError, match=r"\(5,000 characters\): expected one lesson") as refused:
        lesson_name("1" * 5000, lessons())
    assert len(str(refused.value)) < 500


def test_a_lesson_by_number_or_name():
    assert lesson_name("01", lessons()) == lesson_name("01_rules", lessons()) == "01_rules"


def test_hand_back_writes_a_file_owned_by_the_student_and_never_through_a_link(
    school: Path, tmp_path: Path
):
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    (feedback / "anna.md").write_text("# Feedback for anna\n")
    (feedback / "bo.md").write_text("# Feedback for bo\n")
    outside = tmp_path / "teachers-file"
    outside.write_text("not the student's")
    (school / "bo" / "sudoku-teach" / "feedback-01_rules.md").symlink_to(outside)
    if os.geteuid() == 0:  # anna's home belongs to anna: her feedback must be hers
        shutil.chown(school / "anna", 4242, 4242)
    outcomes = {o.student: o for o in hand_back(feedback, [school / "anna", school / "bo"],
                                                "01_rules")}  # fmt: skip
    assert outcomes["anna"].done and outcomes["bo"].done
    given = school / "anna" / "sudoku-teach" / "feedback-01_rules.md"
    assert given.read_text() == "# Feedback for anna\n"
    if os.geteuid() == 0:
        assert (given.stat().st_uid, given.stat().st_gid) == (4242, 4242)
    replaced = school / "bo" / "sudoku-teach" / "feedback-01_rules.md"
    assert not replaced.is_symlink() and replaced.read_text() == "# Feedback for bo\n"
    assert outside.read_text() == "not the student's"
    assert sorted(p.name for p in (school / "bo" / "sudoku-teach").iterdir()) == [
        "01_rules.ipynb", "feedback-01_rules.md"]  # no temporary file left  # fmt: skip


def test_the_commands_say_what_they_did(school: Path, tmp_path: Path, capsys):
    out = tmp_path / "grading"
    assert main(["collect", str(school / "anna"), str(school / "bo"), str(out),
                 "--lesson", "01"]) == 0  # fmt: skip
    said = capsys.readouterr()
    assert "Collected 01_rules from 2 of 2 students." in said.out
    assert main(["collect", str(school), str(tmp_path / "all"), "--lesson", "01"]) == 1
    said = capsys.readouterr()
    assert "Collected 01_rules from 2 of 6 students." in said.out
    assert "linker: sudoku-teach/01_rules.ipynb: a symbolic link, not followed" in said.err
    assert main(["collect", str(school), str(tmp_path / "x"), "--lesson", "42"]) == 2
    assert "--lesson '42': expected one lesson's number or name" in capsys.readouterr().err
    assert main(["return", str(tmp_path / "none"), str(school), "--lesson", "01"]) == 2
    assert "no such folder of feedback files" in capsys.readouterr().err
