"""The gradebook: one row per student for a spreadsheet, Moodle or Canvas; the long form; feedback.

Who a notebook belongs to comes from `submissions.student_of`. Every exercise is worth one
point when it passed; a lesson is worth as many points as it has exercises. An exercise of a
lesson's optional part is graded and shown, but never counted: it cannot lower a grade. Of
two copies of one lesson by one student, the better counts, exercise by exercise.
"""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import SudokuError
from ..grid import Grid
from ..textfile import write_file
from .grading import NOT_DONE, NOTEBOOK, PASSED, Row, optional_exercises
from .submissions import CANVAS, MOODLE, Student

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with these as a formula: such text gets a quote first."""
MESSAGE_LENGTH = 300
MOODLE_COLUMNS = ["Identifier", "Full name", "Grade", "Maximum grade", "Last modified (grade)",
                  "Feedback comments"]
"""Moodle's offline grading worksheet: it finds a student by "Participant N" in Identifier and
needs Grade and "Last modified (grade)"; the feedback column is named after the plugin."""
CANVAS_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
"""Canvas's gradebook import: these five, then one column per assignment."""
POINTS_POSSIBLE = "Points Possible"
Graded = list[tuple[Student, list[Row]]]
"""Each notebook's student and rows, in the order graded."""
Comments = dict[tuple[str, str], dict[str, str]]
"""Student key -> lesson -> a feedback comment."""


def cell(text: str) -> str:
    """Text safe in one spreadsheet cell: one line, not too long, never read as a formula."""
    line = " ".join(text.split())
    if len(line) > MESSAGE_LENGTH:
        line = line[: MESSAGE_LENGTH - 3] + "..."
    return "'" + line if line.startswith(FORMULA_START) else line


@contextmanager
def csv_file(path: Path, bom: bool = False) -> Iterator[Any]:
    """A CSV writer whose rows reach `path` whole or not at all (`textfile.write_file`): a
    full disk or a Ctrl-C never leaves half a gradebook. `bom`: the mark Excel reads as UTF-8."""
    text = io.StringIO(newline="")
    yield csv.writer(text)
    write_file(path, ("\ufeff" if bom else "") + text.getvalue())


@dataclass
class Gradebook:
    """Every student's points by lesson and exercise, from the graded rows."""

    lessons: dict[str, list[str]]
    """The lessons graded, in order, each with its exercises in the notebook's order."""
    students: dict[tuple[str, str], Student] = field(default_factory=dict)
    points: dict[tuple[str, str], dict[tuple[str, str], int]] = field(default_factory=dict)
    """Student key -> (lesson, exercise) -> points (1 passed, 0 not); a lesson not handed in
    is absent."""
    late: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    """Student key -> the lessons the LMS marked as handed in late."""
    optional: set[str] = field(default_factory=optional_exercises)
    """Exercises of an optional part: in the gradebook, never in a total or an "out of"."""

    @classmethod
    def from_rows(cls, graded: Graded, lessons: dict[str, list[str]]) -> Gradebook:
        """Collect (student, rows of one notebook) pairs; the best of two copies counts."""
        taught = {row.lesson for _, rows in graded for row in rows if row.lesson}
        book = cls({lesson: lessons.get(lesson, []) for lesson in sorted(taught)})
        for student, rows in graded:
            book.students.setdefault(student.key, student)
            mine = book.points.setdefault(student.key, {})
            for row in rows:
                if row.exercise != NOTEBOOK and row.lesson:
                    earned = int(row.status == PASSED)
                    key = (row.lesson, row.exercise)
                    mine[key] = max(mine.get(key, 0), earned)
                if student.late and row.lesson:
                    book.late.setdefault(student.key, set()).add(row.lesson)
        return book

    def order(self) -> list[tuple[str, str]]:
        """The students' keys, by name (then LMS id)."""
        return sorted(self.points, key=lambda k: (self.students[k].name.casefold(), k))

    def handed_in(self, key: tuple[str, str], lesson: str) -> bool:
        """Whether the student handed in (a notebook graded for) that lesson."""
        return any(done == lesson for done, _ in self.points[key])

    def counted(self, names: list[str]) -> list[str]:
        """The exercises that count towards a grade (those not in an optional part)."""
        return [name for name in names if name not in self.optional]

    def lesson_total(self, key: tuple[str, str], lesson: str) -> int:
        """A student's points in one lesson."""
        return sum(p for (done, name), p in self.points[key].items()
                   if done == lesson and name not in self.optional)

    def total(self, key: tuple[str, str]) -> int:
        """A student's points, over every lesson."""
        return sum(p for (_, name), p in self.points[key].items() if name not in self.optional)

    def out_of(self) -> int:
        """The points of every lesson graded."""
        return sum(len(self.counted(names)) for names in self.lessons.values())

    def label(self, name: str) -> str:
        """An exercise's column: its name, said to be optional when it is."""
        return f"{name} (optional)" if name in self.optional else name

    def write_csv(self, path: Path) -> None:
        """One row per student: name, LMS id, late lessons, each lesson's exercises in the
        notebook's order and its total, the total and what it is out of (UTF-8, commas)."""
        header = ["student", "lms id", "late"]
        for lesson, names in self.lessons.items():
            header += [*map(self.label, names), f"{lesson} total"]
        with csv_file(path, bom=True) as writer:
            writer.writerow([*header, "total", "out of"])
            for key in self.order():
                student, line = self.students[key], []
                for lesson, names in self.lessons.items():
                    done = self.handed_in(key, lesson)
                    line += [self.points[key].get((lesson, n), "") for n in names]
                    line.append(self.lesson_total(key, lesson) if done else "")
                late = " ".join(sorted(self.late.get(key, ())))
                writer.writerow([cell(student.name), student.lms_id, late, *line,
                                 self.total(key), self.out_of()])

    def write_moodle(self, path: Path, comments: Comments) -> list[Path]:
        """Moodle's grading worksheet, one per lesson (one Moodle assignment each): the files."""
        written = []
        stamp = time.strftime("%Y-%m-%d %H:%M")
        for lesson, names in self.lessons.items():
            target = path if len(self.lessons) == 1 else path.with_name(
                f"{path.stem}-{lesson}{path.suffix}")
            with csv_file(target) as writer:
                writer.writerow(MOODLE_COLUMNS)
                for key in self.order():
                    student = self.students[key]
                    if student.lms != MOODLE or not self.handed_in(key, lesson):
                        continue
                    writer.writerow([f"Participant {student.lms_id}", cell(student.name),
                                     self.lesson_total(key, lesson), len(self.counted(names)),
                                     stamp,
                                     cell(comments.get(key, {}).get(lesson, ""))])
            written.append(target)
        return written

    def write_canvas(self, path: Path) -> None:
        """Canvas's gradebook import: the five student columns, one column per lesson, and
        the "Points Possible" row under the header."""
        with csv_file(path) as writer:
            writer.writerow([*CANVAS_COLUMNS, *self.lessons])
            writer.writerow([POINTS_POSSIBLE, "", "", "", "",
                             *(len(self.counted(names)) for names in self.lessons.values())])
            for key in self.order():
                student = self.students[key]
                done = [self.handed_in(key, lesson) for lesson in self.lessons]
                if student.lms != CANVAS or not student.lms_id.isdigit() or not any(done):
                    continue
                writer.writerow([cell(student.name), student.lms_id, "", "", "",
                                 *(self.lesson_total(key, lesson) if handed else ""
                                   for lesson, handed in zip(self.lessons, done))])

    def left_out(self, lms: str) -> list[str]:
        """Students an LMS file cannot name (no id of that LMS in their file or folder name)."""
        return [self.students[k].name for k in self.order()
                if self.students[k].lms != lms or not self.students[k].lms_id.isdigit()]


def write_long_csv(graded: Graded, path: Path) -> None:
    """One row per notebook and exercise, with its status, points and message on one line (no
    points for a row about the notebook, nor for an optional exercise: only its status)."""
    unscored = {NOTEBOOK, *optional_exercises()}
    with csv_file(path, bom=True) as writer:
        writer.writerow(["student", "lms id", "notebook", "lesson", "exercise", "status",
                         "points", "message"])
        for student, rows in graded:
            for row in rows:
                points = "" if row.exercise in unscored else int(row.status == PASSED)
                writer.writerow([cell(student.name), student.lms_id, cell(row.notebook),
                                 row.lesson, row.exercise, row.status, points, cell(row.message)])


def file_name(student: str, taken: set[str]) -> str:
    """A file name for a student's feedback: letters, digits, `-` and `_`, never used twice."""
    base = re.sub(r"[^\w-]+", "_", student).strip("_") or "student"
    name, number = base, 1
    while name.lower() in taken:
        number += 1
        name = f"{base}_{number}"
    taken.add(name.lower())
    return name + ".md"


def summary(rows: Iterable[Row], optional: Iterable[str] = ()) -> str:
    """One notebook's verdicts in a line or two, for an LMS's feedback comment (an optional
    exercise left undone is not mentioned)."""
    rows, optional = list(rows), set(optional)
    exercises = [row for row in rows if row.exercise not in (NOTEBOOK, *optional)]
    passed = sum(row.status == PASSED for row in exercises)
    parts = [f"{passed} of {len(exercises)} exercises passed."]
    for row in rows:
        extra = row.exercise in optional
        if row.status != PASSED and not (extra and row.status == NOT_DONE):
            label = ("The notebook" if row.exercise == NOTEBOOK
                     else f"{row.exercise} (optional)" if extra else row.exercise)
            first = row.message.splitlines()[0] if row.message else ""
            parts.append(f"{label}: {row.status}" + (f" ({first})" if first else "") + ".")
    return " ".join(parts)


def comments(graded: Graded, book: Gradebook) -> Comments:
    """Each student's feedback comment per lesson: the best copy's summary."""
    found: dict[tuple[str, str], dict[str, tuple[int, str]]] = {}
    for student, rows in graded:
        lesson = next((row.lesson for row in rows if row.lesson), "")
        score = sum(row.status == PASSED for row in rows
                    if row.exercise != NOTEBOOK and row.exercise not in book.optional)
        mine = found.setdefault(student.key, {})
        if lesson and (lesson not in mine or score > mine[lesson][0]):
            mine[lesson] = (score, summary(rows, book.optional))
    return {key: {lesson: text for lesson, (_, text) in by.items()} for key, by in found.items()}


def feedback(student: Student, notebooks: list[list[Row]], book: Gradebook) -> str:
    """A student's feedback in Markdown: each lesson, each exercise, what to look at."""
    lines = [f"# Feedback for {student.name}", "",
             f"**{book.total(student.key)} of {book.out_of()} exercises passed.**", ""]
    for rows in notebooks:
        lesson = next((row.lesson for row in rows if row.lesson), "")
        lines += [f"## {lesson or 'A notebook'} ({Path(rows[0].notebook).name})", ""]
        for row in rows:
            label = "The notebook" if row.exercise == NOTEBOOK else f"`{row.exercise}`" + (
                " (optional)" * (row.exercise in book.optional))
            lines.append(f"- {label}: **{row.status}**")
            if row.message and row.status != PASSED:
                lines += [""] + [f"      {line}".rstrip() for line in drawn(row.message)] + [""]
        lines.append("")
    return "\n".join(lines)


GRID_TEXT = re.compile(r"grid '([0-9A-Za-z.]+)'")
"""How a check's message writes a grid on one line (`framework.describe_args`)."""


def drawn(message: str) -> list[str]:
    """A message's lines, each grid written on one line also drawn as a grid below it."""
    lines = []
    for line in message.splitlines():
        lines.append(line)
        for text in GRID_TEXT.findall(line):
            try:
                grid = Grid.parse(text)
            except SudokuError:  # not a grid after all: the line says it as it is
                continue
            lines += ["", *str(grid).splitlines(), ""]
    return lines


def write_feedback(graded: Graded, book: Gradebook, folder: Path) -> int:
    """One Markdown file per student in the folder; how many were written."""
    folder.mkdir(parents=True, exist_ok=True)
    by_student: dict[tuple[str, str], list[list[Row]]] = {}
    for student, rows in graded:
        by_student.setdefault(student.key, []).append(rows)
    taken: set[str] = set()
    for key in book.order():
        student = book.students[key]
        text = feedback(student, by_student[key], book)
        write_file(folder / file_name(student.name, taken), text)
    return len(by_student)
