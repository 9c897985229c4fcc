"""The series as an nbgrader course: one assignment per lesson, graded by the same checks.

`sudoku-teach export-nbgrader COURSE_DIR` writes `COURSE_DIR/source/<lesson>/<lesson>.ipynb`
for every lesson with exercises, and an `nbgrader_config.py`. In each notebook:
- a cell holding a `# BEGIN SOLUTION` ... `# END SOLUTION` block is an nbgrader solution
  cell (nbgrader's `generate_assignment` replaces the block with a stub, as `make student`
  does);
- each exercise's `check(...)` cell becomes a locked, autograded test cell worth one point,
  which runs the exercise's checks (`framework.run_checks`, the code behind `check()`) and
  fails when one does not pass; an exercise with no such cell gets one at the end. An
  exercise of a lesson's optional part keeps its plain `check(...)` cell and has no points
  (optional work never lowers a grade).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import NotebookFileError, OutputError
from ..formats import shortened
from ..textfile import unusable, write_file
from .grading import code_cells, lessons, named_lesson, optional_exercises, read
from .notebook_tools import BEGIN, dumps

SCHEMA = 3
"""nbgrader's cell metadata schema version."""
CONFIG = '''c = get_config()  # noqa: F821 (nbgrader's config files get this from traitlets)
c.CourseDirectory.course_id = "sudoku-teach"
'''
"""`nbgrader_config.py`: run nbgrader's commands in the course folder."""


def test_source(exercise: str) -> str:
    """The autograded cell for one exercise: the same checks as `check()`, one point."""
    return (
        "from sudoku_teach.exercises.framework import run_checks\n\n"
        f"report = run_checks({exercise}, {exercise!r})\n"
        "print(report)\n"
        "assert report.ok, str(report)\n"
    )


def solution_meta(grade_id: str) -> dict[str, Any]:
    """nbgrader's metadata of a cell the student writes (its solution is stubbed)."""
    return {"grade": False, "solution": True, "locked": False, "grade_id": grade_id,
            "schema_version": SCHEMA}


def test_meta(grade_id: str) -> dict[str, Any]:
    """nbgrader's metadata of a locked, autograded test cell worth one point."""
    return {"grade": True, "solution": False, "locked": True, "points": 1,
            "grade_id": grade_id, "schema_version": SCHEMA}


def code_cell(source: str, nbgrader: dict[str, Any]) -> dict[str, Any]:
    """A new code cell with nbgrader's metadata."""
    return {"cell_type": "code", "execution_count": None, "metadata": {"nbgrader": nbgrader},
            "outputs": [], "source": source}


def source_of(cell: dict[str, Any]) -> str:
    """A cell's text."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def checks_exercise(source: str, exercises: list[str]) -> str | None:
    """The exercise a `check(name)` cell checks, or None."""
    for name in exercises:
        if re.search(rf"\bcheck\(\s*{name}\b", source):
            return name
    return None


def course_notebook(notebook: dict[str, Any], exercises: list[str]) -> dict[str, Any]:
    """An instructor notebook with nbgrader's solution and autograded test cells."""
    notebook = json.loads(json.dumps(notebook))
    cells: list[dict[str, Any]] = []
    tested: set[str] = set()
    for number, cell in enumerate(notebook["cells"]):
        text = source_of(cell)
        checked = checks_exercise(text, exercises) if cell["cell_type"] == "code" else None
        if checked and checked not in tested:
            cells.append(code_cell(test_source(checked), test_meta(f"test_{checked}")))
            tested.add(checked)
            continue
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        if cell["cell_type"] == "code" and BEGIN in text:
            cell.setdefault("metadata", {})["nbgrader"] = solution_meta(f"solution_{number}")
        cells.append(cell)
    for name in [n for n in exercises if n not in tested]:  # no check cell: one at the end
        cells.append(code_cell(test_source(name), test_meta(f"test_{name}")))
    notebook["cells"] = cells
    notebook["metadata"].pop("widgets", None)
    return notebook


def export(notebooks: Path, course: Path) -> list[Path]:
    """Write the course: each lesson with exercises as an assignment; the files written.

    Every notebook is read before anything is written: one that is not a notebook is an
    error naming it, and the course folder is left as it was."""
    trouble = unusable(course) or (
        "it is a file, not a folder" if course.exists() and not course.is_dir() else None)
    if trouble:
        raise OutputError(f"cannot write the course in {shortened(str(course))}: {trouble}")
    known, optional = lessons(), optional_exercises()
    assignments = {}
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        try:
            notebook = read(path)
            code_cells(notebook)  # cells that are cells
        except NotebookFileError as error:
            raise NotebookFileError(f"{path}: {error}") from None
        lesson = named_lesson(notebook)
        if isinstance(lesson, str) and known.get(lesson):
            graded = [name for name in known[lesson] if name not in optional]
            assignments[lesson] = dumps(course_notebook(notebook, graded))
    course.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson, text in assignments.items():
        target = course / "source" / lesson / f"{lesson}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, text)
        written.append(target)
    config = course / "nbgrader_config.py"
    write_file(config, CONFIG)
    return [config, *written]
