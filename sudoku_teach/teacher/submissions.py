"""Who handed in which notebook: the student's name and the LMS's own id, by written rules.

The rules, first match wins (`root` is the folder named on the command line):
1. A folder as Moodle's "Download all submissions" names it,
   `Anna Berg_123456_assignsubmission_file_` (or a file named so, `..._file_01_rules.ipynb`,
   when it was downloaded without folders): Moodle turns `_` in a name into a space, so the
   name runs to the first `_`; the number is the participant number Moodle's grading
   worksheet calls "Participant 123456".
2. A file name as Canvas's "Download Submissions" writes it,
   `okaforben_LATE_23456_789012_01_rules.ipynb`: the sortable name squeezed to letters, `LATE`
   when handed in late, the Canvas user id, the file's id, then the student's own file name
   (`anon_...` in place of name and id when the assignment is graded anonymously).
3. A notebook inside a folder below the root: that first folder names the student
   (`anna-berg/My homework.ipynb`, `chloe-ng/01_rules (1).ipynb` are Anna's and Chloe's).
4. A notebook directly in the root: its file name, without the lesson's name or number and
   without a browser's or Jupyter's copy mark (` (1)`, `-Copy1`):
   `01_rules - Anna Berg (1).ipynb` is Anna Berg's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

MOODLE, CANVAS = "moodle", "canvas"
MOODLE_NAME = re.compile(r"^(?P<name>[^_]+)_(?P<id>\d+)_assignsubmission_[a-z]+_?(?P<rest>.*)$")
CANVAS_NAME = re.compile(
    r"^(?:(?P<name>\w+?)_)??(?:(?P<late>LATE)_)?(?P<id>\d+|anon_[0-9A-Za-z]+)_\d+_(?P<rest>.+)$")
COPY_MARK = re.compile(r"(?:\s*\(\d+\)|-Copy\d+)+$")
SEPARATORS = " _-.,"


@dataclass(frozen=True)
class Student:
    """Who a notebook belongs to: a name for people, the LMS and its id for the gradebook."""

    name: str
    lms: str = ""
    lms_id: str = ""
    late: bool = False

    @property
    def key(self) -> tuple[str, str]:
        """What makes two notebooks the same student's: the LMS id when there is one."""
        return (self.lms, self.lms_id) if self.lms_id else ("", self.name.casefold())


def without_lesson(stem: str, lessons: Iterable[str]) -> str:
    """A file name's stem without a leading lesson name (or number) and copy marks."""
    stem = COPY_MARK.sub("", stem)
    for lesson in sorted(lessons, key=len, reverse=True):
        if stem.lower().startswith(lesson.lower()):
            return COPY_MARK.sub("", stem[len(lesson):].strip(SEPARATORS))
    return re.sub(r"^\d\d(?=[ _.-]|$)", "", stem).strip(SEPARATORS)


def student_of(path: Path, root: Path, lessons: Iterable[str]) -> Student:
    """The student a notebook belongs to, by the rules in this module's docstring."""
    inside = relative_parts(path, root)
    for part in inside:  # a folder, or a file downloaded without folders
        moodle = MOODLE_NAME.match(part)
        if moodle:
            return Student(moodle["name"].strip(), MOODLE, moodle["id"])
    canvas = CANVAS_NAME.match(path.name)
    if canvas:
        lms_id = canvas["id"]
        return Student(canvas["name"] or lms_id, CANVAS, lms_id, bool(canvas["late"]))
    if len(inside) > 1:
        return Student(inside[0])
    stem = path.stem if path.suffix == ".ipynb" else path.name
    return Student(without_lesson(stem, lessons) or path.absolute().parent.name or stem)


def relative_parts(path: Path, root: Path) -> tuple[str, ...]:
    """The path's parts below the root (never resolving links: a link names itself)."""
    try:
        return Path(os.path.relpath(path.absolute(), root.absolute())).parts
    except ValueError:  # another drive (Windows)
        return (path.name,)


def find(given: list[str]) -> list[tuple[Path, Path]]:
    """(notebook, root) for each notebook named and each one in the folders named, in order.

    Checkpoint folders are left out. Links are never followed: a symbolic link (to a file or
    a folder) named `.ipynb`, or to a folder, is listed so that it is reported, not graded.
    """
    found: list[tuple[Path, Path]] = []
    for name in given:
        path = Path(name)
        if path.is_symlink() or not path.is_dir():
            found.append((path, path.parent))
            continue
        for folder, dirs, files in os.walk(path):  # os.walk never enters a linked folder
            here = Path(folder)
            dirs[:] = sorted(d for d in dirs if d != ".ipynb_checkpoints")
            links = [d for d in dirs if (here / d).is_symlink()]
            notebooks = [f for f in files if f.endswith(".ipynb")]
            found += [(here / f, path) for f in sorted(notebooks + links)]
    return found
