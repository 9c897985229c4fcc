"""The gradebook: one row per student for a spreadsheet or an LMS, the long form, feedback.

Who a notebook belongs to comes from its file name, without `.ipynb` and without a leading
lesson name or number (`01_rules - Anna Berg.ipynb` is Anna Berg's); when nothing is left
(`anna-berg/01_rules.ipynb`, one folder per student as learning-management systems
download them) it is the folder's name. Every exercise is worth one point when it passed.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .grading import NOTEBOOK, PASSED, Row

SEPARATORS = " _-.,"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with these as a formula: such text gets a quote first."""
MESSAGE_LENGTH = 300


def student_of(path: Path, lessons: Iterable[str]) -> str:
    """The student a notebook belongs to, by the rule in this module's docstring."""
    stem = path.stem if path.suffix == ".ipynb" else path.name
    for lesson in sorted(lessons, key=len, reverse=True):
        if stem.lower().startswith(lesson.lower()):
            stem = stem[len(lesson):]
            break
    else:
        stem = re.sub(r"^\d\d(?=[ _.-]|$)", "", stem)
    name = stem.strip(SEPARATORS)
    if name:
        return name
    folder = path.resolve().parent.name
    return folder or path.stem


def cell(text: str) -> str:
    """Text safe in one spreadsheet cell: one line, not too long, never read as a formula."""
    line = " ".join(text.split())
    if len(line) > MESSAGE_LENGTH:
        line = line[: MESSAGE_LENGTH - 3] + "..."
    return "'" + line if line.startswith(FORMULA_START) else line


@dataclass
class Gradebook:
    """Every student's points by exercise, from the graded rows."""

    exercises: list[str]
    """The columns: every exercise of the lessons graded, in lesson order."""
    points: dict[str, dict[str, int]]
    """Student -> exercise -> points (1 passed, 0 not); a lesson not handed in is absent."""

    @classmethod
    def from_rows(
        cls, graded: list[tuple[str, list[Row]]], lessons: dict[str, list[str]]
    ) -> Gradebook:
        """Collect (student, rows of one notebook) pairs; the best of two copies counts."""
        taught = {row.lesson for _, rows in graded for row in rows if row.lesson}
        exercises = [name for lesson in sorted(taught) for name in lessons.get(lesson, [])]
        points: dict[str, dict[str, int]] = {}
        for student, rows in graded:
            mine = points.setdefault(student, {})
            for row in rows:
                if row.exercise != NOTEBOOK:
                    earned = int(row.status == PASSED)
                    mine[row.exercise] = max(mine.get(row.exercise, 0), earned)
        return cls(exercises, points)

    def total(self, student: str) -> int:
        """A student's points, over every exercise."""
        return sum(self.points[student].values())

    def write_csv(self, path: Path) -> None:
        """One row per student: name, one column per exercise, total, out of (UTF-8, commas)."""
        with path.open("w", newline="", encoding="utf-8-sig") as out:
            writer = csv.writer(out)
            writer.writerow(["student", *self.exercises, "total", "out of"])
            for student in sorted(self.points, key=str.lower):
                mine = self.points[student]
                writer.writerow([cell(student), *(mine.get(name, "") for name in self.exercises),
                                 self.total(student), len(self.exercises)])


def write_long_csv(graded: list[tuple[str, list[Row]]], path: Path) -> None:
    """One row per notebook and exercise, with its status, points and message on one line."""
    with path.open("w", newline="", encoding="utf-8-sig") as out:
        writer = csv.writer(out)
        writer.writerow(["student", "notebook", "lesson", "exercise", "status", "points",
                         "message"])
        for student, rows in graded:
            for row in rows:
                points = "" if row.exercise == NOTEBOOK else int(row.status == PASSED)
                writer.writerow([cell(student), cell(row.notebook), row.lesson, row.exercise,
                                 row.status, points, cell(row.message)])


def file_name(student: str, taken: set[str]) -> str:
    """A file name for a student's feedback: letters, digits, `-` and `_`, never used twice."""
    base = re.sub(r"[^\w-]+", "_", student).strip("_") or "student"
    name, number = base, 1
    while name.lower() in taken:
        number += 1
        name = f"{base}_{number}"
    taken.add(name.lower())
    return name + ".md"


def feedback(student: str, notebooks: list[list[Row]], book: Gradebook) -> str:
    """A student's feedback in Markdown: each lesson, each exercise, what to look at."""
    lines = [f"# Feedback for {student}", "",
             f"**{book.total(student)} of {len(book.exercises)} exercises passed.**", ""]
    for rows in notebooks:
        lesson = next((row.lesson for row in rows if row.lesson), "")
        lines += [f"## {lesson or 'A notebook'} ({Path(rows[0].notebook).name})", ""]
        for row in rows:
            label = "The notebook" if row.exercise == NOTEBOOK else f"`{row.exercise}`"
            lines.append(f"- {label}: **{row.status}**")
            if row.message and row.status != PASSED:
                lines += [""] + [f"      {line}" for line in row.message.splitlines()] + [""]
        lines.append("")
    return "\n".join(lines)


def write_feedback(graded: list[tuple[str, list[Row]]], book: Gradebook, folder: Path) -> int:
    """One Markdown file per student in the folder; how many were written."""
    folder.mkdir(parents=True, exist_ok=True)
    by_student: dict[str, list[list[Row]]] = {}
    for student, rows in graded:
        by_student.setdefault(student, []).append(rows)
    taken: set[str] = set()
    for student in sorted(by_student, key=str.lower):
        text = feedback(student, by_student[student], book)
        (folder / file_name(student, taken)).write_text(text, encoding="utf-8")
    return len(by_student)
