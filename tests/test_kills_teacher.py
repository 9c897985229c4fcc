"""The grader's files and sandbox pieces, each checked alone (fast: no kernel is started).

Written for the mutation run on `teacher/` (benchmarks/mutation-report.md): the class tests
read the Moodle and Canvas files back, but they grade real notebooks and take minutes, too
slow to run once per mutant. Here the graded rows are made up, and every expected cell is
written out from the formats Moodle and Canvas document, never taken from the grader.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from class_files import read_csv

from sudoku_teach.teacher import gradebook, sandbox
from sudoku_teach.teacher.gradebook import Gradebook, comments, feedback, file_name, summary
from sudoku_teach.teacher.grading import NOTEBOOK, PASSED, Row
from sudoku_teach.teacher.kernel import CellError, Reply, reply_of
from sudoku_teach.teacher.submissions import Student

LESSONS = {"01_rules": ["column", "region_of"], "02_elimination_sets": ["row_numbers"]}
ANNA = Student("Anna Berg", "moodle", "123456")
BEN = Student("=Ben", "moodle", "234567")  # a name a spreadsheet would run as a formula
CY = Student("Cy", "canvas", "1001", late=True)
DI = Student("anon_x1", "canvas", "anon_x1")  # anonymous: no Canvas user id
EVE = Student("eve")  # a folder name: no LMS


def rows(lesson: str, results: dict[str, str], notebook: str = "in/x.ipynb",
         message: str = "") -> list[Row]:
    """One graded notebook: exercise -> status (a message for those not passed)."""
    return [Row(notebook, name, status, "" if status == PASSED else message, lesson)
            for name, status in results.items()]


def graded() -> gradebook.Graded:
    """Five students, two lessons, copies better and worse in both orders."""
    return [
        (ANNA, rows("01_rules", {"column": "failed", "region_of": "failed"}, "a1.ipynb",
                    "0 of 4 checks passed.")),
        (ANNA, rows("01_rules", {"column": PASSED, "region_of": "failed"}, "a2.ipynb",
                    "3 of 4 checks passed.\nFirst problem: region_of(0, 0)")),
        (ANNA, rows("01_rules", {"column": "failed", "region_of": "not done"}, "a3.ipynb")),
        (ANNA, rows("02_elimination_sets", {"row_numbers": PASSED}, "a4.ipynb")),
        (BEN, rows("02_elimination_sets", {"row_numbers": "error"}, "b.ipynb", "boom")),
        (CY, rows("01_rules", {"column": PASSED, "region_of": PASSED}, "c.ipynb")),
        (DI, rows("01_rules", {"column": PASSED, "region_of": PASSED}, "d.ipynb")),
        (EVE, [Row("e.ipynb", NOTEBOOK, "error", "not a notebook (no cells)")]),
    ]


def book() -> Gradebook:
    return Gradebook.from_rows(graded(), LESSONS)


def test_the_book_counts_the_best_copy_each_lesson_and_exercise_and_who_was_late():
    made = book()
    assert list(made.lessons.items()) == list(LESSONS.items())  # in lesson order
    anna = ANNA.key
    assert made.points[anna] == {("01_rules", "column"): 1, ("01_rules", "region_of"): 0,
                                 ("02_elimination_sets", "row_numbers"): 1}
    assert [made.lesson_total(anna, lesson) for lesson in LESSONS] == [1, 1]
    assert made.total(anna) == 2 and made.out_of() == 3
    assert made.handed_in(BEN.key, "02_elimination_sets")
    assert not made.handed_in(BEN.key, "01_rules")
    assert made.points[EVE.key] == {}  # a notebook row is worth nothing
    assert made.late == {CY.key: {"01_rules"}}
    assert [made.students[k].name for k in made.order()] == ["=Ben", "Anna Berg", "anon_x1",
                                                             "Cy", "eve"]
    only_one = Gradebook.from_rows(graded()[4:5], LESSONS)
    assert only_one.lessons == {"02_elimination_sets": ["row_numbers"]}
    assert Gradebook.from_rows([(EVE, rows("07_x", {"a": PASSED}))], {}).lessons == {"07_x": []}


def test_moodle_gets_one_worksheet_per_lesson_with_its_participants(tmp_path):
    made = book()
    notes = {ANNA.key: {"01_rules": "1 of 2 exercises passed.\nSee the hint."},
             BEN.key: {"02_elimination_sets": "=0 of 1"}}
    written = made.write_moodle(tmp_path / "ws.csv", notes)
    assert written == [tmp_path / "ws-01_rules.csv", tmp_path / "ws-02_elimination_sets.csv"]
    header = ["Identifier", "Full name", "Grade", "Maximum grade", "Last modified (grade)",
              "Feedback comments"]
    first, second = (read_csv(path) for path in written)
    assert first[0] == header and second[0] == header
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d"  # Moodle refuses the file without it
    assert len(first) == 2 and first[1][:4] == ["Participant 123456", "Anna Berg", "1", "2"]
    assert re.fullmatch(stamp, first[1][4])
    assert first[1][5] == "1 of 2 exercises passed. See the hint."  # one line
    assert [row[:4] for row in second[1:]] == [["Participant 234567", "'=Ben", "0", "1"],
                                              ["Participant 123456", "Anna Berg", "1", "1"]]
    assert second[1][5] == "'=0 of 1" and second[2][5] == ""
    one = Gradebook.from_rows(graded()[:3], LESSONS)
    assert one.write_moodle(tmp_path / "one.csv", {}) == [tmp_path / "one.csv"]
    assert read_csv(tmp_path / "one.csv")[1][:4] == ["Participant 123456", "Anna Berg", "1", "2"]


def test_canvas_gets_its_five_columns_points_possible_and_its_own_students(tmp_path):
    made = book()
    made.write_canvas(tmp_path / "canvas.csv")
    got = read_csv(tmp_path / "canvas.csv")
    assert got[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "01_rules",
                      "02_elimination_sets"]
    assert got[1] == ["Points Possible", "", "", "", "", "2", "1"]
    assert got[2:] == [["Cy", "1001", "", "", "", "2", ""]]  # lesson 02 not handed in
    assert made.left_out("canvas") == ["=Ben", "Anna Berg", "anon_x1", "eve"]
    assert made.left_out("moodle") == ["anon_x1", "Cy", "eve"]


def test_the_long_form_has_one_line_per_row_with_points_only_for_exercises(tmp_path):
    gradebook.write_long_csv(graded()[1:2] + graded()[7:], tmp_path / "long.csv")
    got = read_csv(tmp_path / "long.csv")
    assert got == [
        ["student", "lms id", "notebook", "lesson", "exercise", "status", "points", "message"],
        ["Anna Berg", "123456", "a2.ipynb", "01_rules", "column", "passed", "1", ""],
        ["Anna Berg", "123456", "a2.ipynb", "01_rules", "region_of", "failed", "0",
         "3 of 4 checks passed. First problem: region_of(0, 0)"],
        ["eve", "", "e.ipynb", "", NOTEBOOK, "error", "", "not a notebook (no cells)"],
    ]


def test_a_comment_is_the_best_copys_summary_whatever_the_order():
    best = "1 of 2 exercises passed. region_of: failed (3 of 4 checks passed.)."
    assert summary(graded()[1][1]) == best
    for order in (graded(), graded()[::-1]):
        found = comments(order, book())
        assert found[ANNA.key] == {"01_rules": best, "02_elimination_sets":
                                   "1 of 1 exercises passed."}
        assert found[BEN.key] == {"02_elimination_sets":
                                  "0 of 1 exercises passed. row_numbers: error (boom)."}
        assert found[EVE.key] == {}  # no lesson: nothing for an LMS
    assert summary(graded()[7][1]) == (
        "0 of 0 exercises passed. The notebook: error (not a notebook (no cells)).")
    assert summary(graded()[2][1]) == (
        "0 of 2 exercises passed. column: failed. region_of: not done.")


def test_feedback_says_each_lesson_and_exercise_and_indents_why(tmp_path):
    text = feedback(ANNA, [graded()[1][1], graded()[3][1]], book())
    assert text.splitlines() == [
        "# Feedback for Anna Berg", "", "**2 of 3 exercises passed.**", "",
        "## 01_rules (a2.ipynb)", "", "- `column`: **passed**", "- `region_of`: **failed**", "",
        "      3 of 4 checks passed.", "      First problem: region_of(0, 0)", "", "",
        "## 02_elimination_sets (a4.ipynb)", "", "- `row_numbers`: **passed**"]
    odd = feedback(EVE, [graded()[7][1]], book())
    assert "## A notebook (e.ipynb)" in odd and "- The notebook: **error**" in odd


def test_each_student_gets_one_feedback_file_under_a_name_of_their_own(tmp_path):
    twins = [(Student("Ann Lee"), rows("01_rules", {"column": PASSED})),
             (Student("ann_lee", "canvas", "7"), rows("01_rules", {"column": "failed"})),
             (Student("***"), rows("01_rules", {"column": PASSED}))]
    made = Gradebook.from_rows(twins, LESSONS)
    assert gradebook.write_feedback(twins, made, tmp_path / "fb") == 3
    files = sorted(p.name for p in (tmp_path / "fb").iterdir())
    assert files == ["Ann_Lee.md", "ann_lee_2.md", "student.md"]
    assert (tmp_path / "fb" / "ann_lee_2.md").read_text(encoding="utf-8").startswith(
        "# Feedback for ann_lee\n")
    taken: set[str] = set()
    assert [file_name(n, taken) for n in ("a b", "A_B", "a-b", "")] == [
        "a_b.md", "A_B_2.md", "a-b.md", "student.md"]


def test_the_sandbox_says_its_isolation_and_limits_in_words(tmp_path):
    limits = sandbox.Limits(7, memory_bytes=3 * 2**20, file_bytes=2**20, processes=9)
    assert re.fullmatch(r"CPU 7 s, memory 3 MB, files 1 MB, 9 processes \((a cgroup|NOT"
                        r" enforced: you grade as root and cgroups are not writable|a per-user"
                        r" limit)\)", limits.describe())
    jailed = sandbox.describe(sandbox.BUBBLEWRAP, limits)
    assert jailed.startswith("Isolation: bubblewrap.") and limits.describe() in jailed
    asked = sandbox.describe(sandbox.NONE, limits, asked=sandbox.NONE)
    assert asked.startswith("Isolation: NONE (as asked (--isolation none)).")
    found = sandbox.describe(sandbox.NONE, limits)
    assert found.startswith("Isolation: NONE (Linux without a working bubblewrap).")
    assert f"limits ({limits.describe()})" in found and "install bubblewrap" in found
    assert sandbox.choose(sandbox.NONE) == sandbox.NONE
    assert sandbox.choose(sandbox.BUBBLEWRAP) == sandbox.BUBBLEWRAP
    assert sandbox.choose("auto") == (sandbox.BUBBLEWRAP if sandbox.bubblewrap_works()
                                      else sandbox.NONE)


def test_a_submission_gets_a_fresh_folder_with_its_copy_its_home_and_its_tmp(tmp_path):
    folder = sandbox.make_folder(b'{"cells": []}', tmp_path)
    assert folder.parent == tmp_path and folder.name.startswith("submission-")
    assert sorted(p.name for p in folder.iterdir()) == ["home", "submission.ipynb", "tmp"]
    assert (folder / "submission.ipynb").read_bytes() == b'{"cells": []}'
    assert sandbox.make_folder(b"", tmp_path) != folder
    env = sandbox.environment(folder)
    assert env["HOME"] == str(folder / "home") and env["TMPDIR"] == str(folder / "tmp")
    assert env["PATH"].split(":")[0] == str(Path(sys.executable).parent)


def test_the_kernel_starts_under_its_limits_then_in_its_jail(tmp_path):
    limits = sandbox.Limits(7, 8, 9, 10)
    connection = tmp_path / "c.json"
    kernel = [sys.executable, "-m", "ipykernel_launcher", "-f", str(connection)]
    confine = [sys.executable, "-I", "-S", str(sandbox.CONFINE), "7", "8", "9", "10"]
    assert sandbox.CONFINE.is_file()
    plain = sandbox.kernel_command(sandbox.NONE, tmp_path, connection, limits, None)
    assert plain == [*confine, "", "--", *kernel]
    group = tmp_path / "group"
    jailed = sandbox.kernel_command(sandbox.BUBBLEWRAP, tmp_path, connection, limits, group)
    assert jailed == [*confine, str(group), "--", *sandbox.jail(tmp_path), *kernel]
    here = str(Path(sandbox.__file__).resolve().parent.parent)
    assert here in sandbox.python_dirs() and sys.prefix in sandbox.python_dirs()
    assert sandbox.python_dirs() == sorted(set(sandbox.python_dirs()))


def test_a_kernels_reply_is_read_strictly():
    assert reply_of("odd", 3) == Reply(CellError(3, "Reply", "the kernel's reply was not a table"))
    value = {"reply": {"status": "ok", "data": {"text/plain": "'x'"}}}
    assert reply_of({"status": "ok", "user_expressions": value}, 2) == Reply(None, "'x'")
    failed = {"status": "error", "ename": "E" * 150, "evalue": "v" * 400}
    assert reply_of(failed, 4) == Reply(CellError(4, "E" * 100, "v" * 300))
    asked = {"reply": {"status": "error", "ename": "NameError", "evalue": "no x"}}
    assert reply_of({"status": "ok", "user_expressions": asked}, 5) == Reply(
        CellError(5, "NameError", "no x"))
    both = {**failed, "user_expressions": asked}
    assert reply_of(both, 6).error == CellError(6, "E" * 100, "v" * 300)
    not_text = {"reply": {"status": "ok", "data": {"text/plain": 5}}}
    assert reply_of({"status": "ok", "user_expressions": not_text}, 1) == Reply()
    for odd in ({"user_expressions": "x"}, {"user_expressions": {"reply": 3}},
                {"user_expressions": {"reply": {"data": []}}}, {}):
        assert reply_of(odd, 1) == Reply()


def test_an_optional_exercise_is_shown_but_never_counted_in_a_grade(tmp_path):
    lessons = {"02_elimination_sets": ["survivors", "next_cell"]}
    both = {"survivors": PASSED, "next_cell": PASSED}
    graded = [(ANNA, rows("02_elimination_sets", both, "a.ipynb")),
              (BEN, rows("02_elimination_sets", {"survivors": PASSED, "next_cell": "not done"},
                         "b.ipynb")),
              (CY, rows("02_elimination_sets", {"survivors": "failed", "next_cell": "failed"},
                        "c.ipynb", "0 of 3 checks passed."))]
    made = Gradebook.from_rows(graded, lessons)
    assert made.optional == {"next_cell"}  # from the exercise's own flag
    assert [made.total(s.key) for s in (ANNA, BEN, CY)] == [1, 1, 0] and made.out_of() == 1
    made.write_csv(tmp_path / "g.csv")
    table = read_csv(tmp_path / "g.csv")
    assert table[0][3:] == ["survivors", "next_cell (optional)", "02_elimination_sets total",
                            "total", "out of"]
    assert [row[0] for row in table[1:]] == ["'=Ben", "Anna Berg", "Cy"]
    assert [row[3:] for row in table[1:]] == [["1", "0", "1", "1", "1"],
                                             ["1", "1", "1", "1", "1"],
                                             ["0", "0", "0", "0", "1"]]
    made.write_moodle(tmp_path / "m.csv", {})
    assert [row[2:4] for row in read_csv(tmp_path / "m.csv")[1:]] == [["1", "1"], ["1", "1"]]
    made.write_canvas(tmp_path / "c.csv")
    assert read_csv(tmp_path / "c.csv")[1][5:] == ["1"]  # points possible: survivors only
    assert summary(graded[1][1], made.optional) == "1 of 1 exercises passed."
    assert summary(graded[2][1], made.optional) == (
        "0 of 1 exercises passed. survivors: failed (0 of 3 checks passed.)."
        " next_cell (optional): failed (0 of 3 checks passed.).")
    gradebook.write_long_csv(graded[:1], tmp_path / "long.csv")
    assert [row[4:7] for row in read_csv(tmp_path / "long.csv")[1:]] == [
        ["survivors", PASSED, "1"], ["next_cell", PASSED, ""]]  # its status, no points
    text = feedback(BEN, [graded[1][1]], made)
    assert "**1 of 1 exercises passed.**" in text
    assert "- `next_cell` (optional): **not done**" in text
