"""Whose notebook it is, by the LMSs' documented names, and the plain gradebook (fast: no kernel).

Names are written out as Moodle's "Download all submissions" and Canvas's "Download
Submissions" make them (see `teacher/submissions.py` for the rules); the expected columns
are written out here, never taken from the grader's own tables.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from class_files import link, read_csv

from sudoku_teach.teacher.gradebook import Gradebook, drawn
from sudoku_teach.teacher.grading import PASSED, Row
from sudoku_teach.teacher.submissions import Student, find, student_of

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = {"01_rules": [], "02_elimination_sets": []}


def text(cell: dict) -> str:
    """A cell's source as one string."""
    return "".join(cell["source"])


def put(path: Path) -> Path:
    """An (empty) notebook file there, folders made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}", encoding="utf-8")
    return path


@pytest.mark.parametrize(("path", "name", "lms", "lms_id", "late"), [
    ("in/Anna Berg_123456_assignsubmission_file_/01_rules.ipynb", "Anna Berg", "moodle",
     "123456", False),
    ("in/Anna Berg_123456_assignsubmission_file/x/My homework.ipynb", "Anna Berg", "moodle",
     "123456", False),
    ("in/Anna Berg_123456_assignsubmission_file_01_rules (1).ipynb", "Anna Berg", "moodle",
     "123456", False),
    ("in/okaforben_23456_789012_01_rules.ipynb", "okaforben", "canvas", "23456", False),
    ("in/okaforben_LATE_23456_789012_01_rules.ipynb", "okaforben", "canvas", "23456", True),
    ("in/LATE_anon_xY12z_789012_01_rules.ipynb", "anon_xY12z", "canvas", "anon_xY12z", True),
    ("in/chloe-ng/01_rules (1).ipynb", "chloe-ng", "", "", False),
    ("in/anna-berg/My homework.ipynb", "anna-berg", "", "", False),
    ("in/anna-berg/sub/01_rules-Copy2.ipynb", "anna-berg", "", "", False),
    ("in/01_rules - Anna Berg (1).ipynb", "Anna Berg", "", "", False),
    ("in/01_rules_hugo-Copy1.ipynb", "hugo", "", "", False),
    ("in/anna_berg.ipynb", "anna_berg", "", "", False),
])
def test_students_and_lms_ids_come_out_of_real_download_names(path, name, lms, lms_id, late):
    assert student_of(Path(path), Path("in"), LESSONS) == Student(name, lms, lms_id, late)


def test_a_notebook_named_alone_takes_its_name_or_its_folders():
    assert student_of(Path("in/anna/01_rules.ipynb"), Path("in"), LESSONS).name == "anna"
    assert student_of(Path("in/01_rules - Bo.ipynb"), Path("in"), LESSONS).name == "Bo"


def test_finding_never_enters_a_link_and_lists_it(tmp_path):
    real = put(tmp_path / "class" / "anna" / "01_rules.ipynb")
    link(tmp_path / "class" / "bo", real.parent)
    link(tmp_path / "class" / "cy" / "01_rules.ipynb", real)
    (tmp_path / "class" / "anna" / ".ipynb_checkpoints").mkdir()
    put(tmp_path / "class" / "anna" / ".ipynb_checkpoints" / "01_rules-checkpoint.ipynb")
    found = [path.relative_to(tmp_path / "class") for path, _ in find([str(tmp_path / "class")])]
    assert found == [Path("bo"), Path("anna/01_rules.ipynb"), Path("cy/01_rules.ipynb")]


def rows_for(lesson: str, results: dict[str, str], notebook: str = "x.ipynb") -> list[Row]:
    """Graded rows of one notebook: exercise -> status."""
    return [Row(notebook, name, status, "", lesson) for name, status in results.items()]


def test_plain_gradebook_keeps_the_notebooks_order_a_total_per_lesson_and_the_best_copy(tmp_path):
    lessons = {"01_rules": ["column", "region_of"], "02_elimination_sets": ["row_numbers"]}
    anna, bo = Student("Anna"), Student("Bo", "canvas", "77", late=True)
    graded = [
        (anna, rows_for("01_rules", {"column": PASSED, "region_of": PASSED})),
        (anna, rows_for("01_rules", {"column": "failed", "region_of": "failed"})),  # later, worse
        (anna, rows_for("02_elimination_sets", {"row_numbers": "error"})),
        (bo, rows_for("01_rules", {"region_of": PASSED, "column": "not done"})),
    ]
    Gradebook.from_rows(graded, lessons).write_csv(tmp_path / "g.csv")
    rows = read_csv(tmp_path / "g.csv")
    assert rows[0] == ["student", "lms id", "late", "column", "region_of", "01_rules total",
                       "row_numbers", "02_elimination_sets total", "total", "out of"]
    assert rows[1] == ["Anna", "", "", "1", "1", "2", "0", "0", "2", "3"]
    assert rows[2] == ["Bo", "77", "01_rules", "0", "1", "1", "", "", "1", "3"]


def test_a_lessons_exercises_are_listed_in_its_notebooks_order():
    from sudoku_teach.teacher.grading import lessons

    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        order = [re.search(r"def (\w+)\(", text(c)).group(1) for c in notebook["cells"]
                 if c["cell_type"] == "code" and "# BEGIN SOLUTION" in text(c)]
        assert lessons()[notebook["metadata"]["sudoku_teach"]["lesson"]] == order, path.name


def test_feedback_draws_each_grid_a_message_writes_on_one_line():
    line = "First failing case: can_place(grid '" + "." * 80 + "5', 0, 0, 5)"
    lines = drawn(line + "\n  expected: True")
    assert lines[0] == line and lines[-1] == "  expected: True"
    board = [row for row in lines[1:-1] if row.strip()]
    assert len(board) >= 9 and board[-1].rstrip().endswith("5")  # the 5 in the last cell
    assert drawn("a grid 'xyz' that is none") == ["a grid 'xyz' that is none"]
