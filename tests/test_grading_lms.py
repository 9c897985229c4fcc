"""Grading classes as Moodle and Canvas download them, into the gradebooks they import (slow-ish).

The trees are shaped as the LMSs write them (Moodle's `Name_ID_assignsubmission_file_`
folders, Canvas's `sortablename[_LATE]_userid_fileid_name` files), with copies, renamed
files, late marks and symbolic links. What each notebook is worth is counted here from what
it holds (which solution functions it keeps), and the columns expected are written out as
each LMS documents them, never taken from the grader's own tables.
"""

from __future__ import annotations

import io
import json
import os
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from class_files import link, read_csv

from sudoku_teach.cli import main
from sudoku_teach.teacher.grading import ERROR, NOTEBOOK

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RULES = NOTEBOOKS / "01_rules.ipynb"
LESSONS = {"01_rules": [], "02_elimination_sets": []}


def text(cell: dict) -> str:
    """A cell's source as one string."""
    return "".join(cell["source"])


def small_rules(solved: set[str]) -> dict:
    """Lesson 01 cut to its import cell and its exercise cells; those not in `solved` are stubs."""
    notebook = json.loads(RULES.read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    cells = [code[0]]
    for c in code:
        found = re.search(r"def (\w+)\((.*?)\):", text(c))
        if found and "# BEGIN SOLUTION" in text(c):
            name, args = found.groups()
            body = text(c) if name in solved else (
                f"def {name}({args}):\n    raise NotImplementedError")
            cells.append({**c, "source": body, "outputs": [], "execution_count": None})
    return {**notebook, "cells": cells}


def exercises() -> list[str]:
    """Lesson 01's exercises, in the notebook's order (from its solution cells)."""
    return [re.search(r"def (\w+)\(", text(c)).group(1)
            for c in json.loads(RULES.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code" and "# BEGIN SOLUTION" in text(c)]


def put(path: Path, solved: set[str]) -> Path:
    """Write a small lesson-01 notebook there (folders made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(small_rules(solved)), encoding="utf-8")
    return path


def grade(*args: str) -> tuple[int, str]:
    """Run `sudoku-teach grade` with these arguments: (exit status, what it printed)."""
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["grade", "--timeout", "120", "-j", "2", *args])
    return status, out.getvalue()


ALL = set(exercises())
FIRST_TWO = set(exercises()[:2])


@pytest.fixture(scope="module")
def moodle_class(tmp_path_factory):
    """A Moodle "Download all submissions" tree of 11 students, graded into the worksheet."""
    root = tmp_path_factory.mktemp("moodle")
    tree = root / "submissions"
    folder = "{}_{}_assignsubmission_file_"
    anna = put(tree / folder.format("Anna Berg", 123456) / "01_rules.ipynb", ALL)
    put(tree / folder.format("Anna Berg", 123456) / "01_rules (1).ipynb", set())  # worse copy
    put(tree / folder.format("Ben Okafor", 234567) / "My homework.ipynb", FIRST_TWO)  # renamed
    put(tree / "Chloe Ng_345678_assignsubmission_file" / "01_rules.ipynb", set())
    put(tree / folder.format("Dev Patel", 456789) / "week1" / "01_rules-Copy1.ipynb",
        ALL - {exercises()[-1]})
    (tree / "Eva Lund_567890_assignsubmission_onlinetext_").mkdir()
    (tree / "Eva Lund_567890_assignsubmission_onlinetext_" / "onlinetext.html").write_text("hi")
    put(tree / folder.format("Eva Lund", 567890) / "01_rules.ipynb", {exercises()[0]})
    link(tree / folder.format("Farah Ali", 678901) / "01_rules.ipynb", anna)  # a classmate's
    put(tree / folder.format("Gus Grün", 789012) / "01_rules.ipynb", ALL)
    put(tree / "Hana Sato_890123_assignsubmission_file_01_rules.ipynb", FIRST_TWO)  # no folders
    put(tree / folder.format("Participant", 901234) / "01_rules.ipynb", ALL)  # blind marking
    link(tree / folder.format("Ivo Dimov", 111222) / "01_rules.ipynb", Path("/etc/shadow"))
    link(tree / folder.format("Jo Kim", 222333), tree / folder.format("Anna Berg", 123456))
    every = len(ALL)
    expected = {"123456": every, "234567": 2, "345678": 0, "456789": every - 1, "567890": 1,
                "678901": 0, "789012": every, "890123": 2, "901234": every, "111222": 0,
                "222333": 0}
    worksheet = root / "worksheet.csv"
    status, out = grade(str(tree), "--lms", "moodle", "--csv", str(worksheet),
                        "--long-csv", str(root / "long.csv"))
    return status, out, worksheet, root / "long.csv", expected


def test_moodle_worksheet_has_moodles_columns_and_each_participants_best_grade(moodle_class):
    status, out, worksheet, _, expected = moodle_class
    rows = read_csv(worksheet)
    assert rows[0] == ["Identifier", "Full name", "Grade", "Maximum grade",
                       "Last modified (grade)", "Feedback comments"]
    got = {row[0]: row for row in rows[1:]}
    handed_in = {k for k in expected if k not in ("111222", "222333", "678901")}
    # links are reported, not graded: the linkers are not in the worksheet, nor credited twice
    assert set(got) == {f"Participant {k}" for k in handed_in}
    for key in handed_in:
        row = got[f"Participant {key}"]
        assert int(row[2]) == expected[key], row
        assert row[3] == str(len(ALL))
        assert row[4]  # Moodle refuses a worksheet without "Last modified (grade)"
        assert f"{expected[key]} of {len(ALL)} exercises passed" in row[5]
    assert got["Participant 123456"][1] == "Anna Berg"
    assert got["Participant 789012"][1] == "Gus Grün"
    assert got["Participant 234567"][1] == "Ben Okafor"
    assert status == 1  # the links are problems the teacher should see


def test_moodle_links_are_reported_as_links_and_never_opened(moodle_class):
    _, out, _, long_csv, _ = moodle_class
    rows = read_csv(long_csv)
    header, rows = rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]
    assert header[:2] == ["student", "lms id"]
    by_id: dict[str, list[dict]] = {}
    for row in rows:
        by_id.setdefault(row["lms id"], []).append(row)
    for linker in ("678901", "111222", "222333"):
        [row] = by_id[linker]
        assert row["exercise"] == NOTEBOOK and row["status"] == ERROR
        assert "symbolic link" in row["message"] and "not followed" in row["message"]
    assert "/etc/shadow" in out and "root:" not in out
    assert {r["student"] for r in by_id["123456"]} == {"Anna Berg"}
    assert len({r["notebook"] for r in by_id["123456"]}) == 2  # both copies were graded


@pytest.fixture(scope="module")
def canvas_class(tmp_path_factory):
    """A Canvas "Download Submissions" folder of 10 students, graded into the import file."""
    root = tmp_path_factory.mktemp("canvas")
    tree = root / "submissions"
    berg = put(tree / "berganna_1001_5001_01_rules.ipynb", ALL)
    put(tree / "berganna_1001_5002_01_rules-1.ipynb", set())  # a resubmission, worse
    put(tree / "okaforben_LATE_1002_5003_01_rules.ipynb", FIRST_TWO)
    put(tree / "ngchloe_1003_5004_My_homework.ipynb", {exercises()[2]})  # renamed
    put(tree / "pateldev_1004_5005_01_rules (1).ipynb", ALL - {exercises()[0]})  # browser copy
    link(tree / "lundeva_1005_5006_01_rules.ipynb", berg)
    put(tree / "alifarah_1006_5007_01_rules.ipynb", set())
    put(tree / "grungus_LATE_1007_5008_homework.ipynb", ALL)
    put(tree / "satohana_1008_5009_01_rules.ipynb", {exercises()[1]})
    put(tree / "LATE_anon_a1B2c_5010_01_rules.ipynb", ALL)  # anonymous grading: no user id
    every = len(ALL)
    expected = {"1001": every, "1002": 2, "1003": 1, "1004": every - 1, "1006": 0,
                "1007": every, "1008": 1}
    gradebook = root / "canvas.csv"
    status, out = grade(str(tree), "--lms", "canvas", "--csv", str(gradebook))
    return status, out, gradebook, expected


def test_canvas_import_has_canvas_columns_points_possible_and_each_students_best(canvas_class):
    status, out, gradebook, expected = canvas_class
    rows = read_csv(gradebook)
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "01_rules"]
    assert rows[1][0].strip() == "Points Possible" and rows[1][5] == str(len(ALL))
    got = {row[1]: row for row in rows[2:]}
    assert set(got) == set(expected)  # the linker and the anonymous notebook cannot be named
    for user, points in expected.items():
        assert int(got[user][5]) == points, got[user]
    assert got["1001"][0] == "berganna"
    assert "handed in LATE" in out and "okaforben, canvas id 1002, handed in LATE" in out
    assert "Not in the canvas file" in out and "anon_a1B2c" in out


def test_a_misspelt_path_is_refused_before_anything_runs(tmp_path, capsys):
    put(tmp_path / "class" / "anna" / "01_rules.ipynb", set())
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(tmp_path / "class"), str(tmp_path / "clas"), "--csv",
              str(tmp_path / "grades.csv")])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert "no such file or folder" in captured.err and "clas" in captured.err
    assert captured.out == "" and not (tmp_path / "grades.csv").exists()


def test_an_lms_gradebook_needs_a_file(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["grade", str(RULES), "--lms", "moodle"])
    assert "--csv" in capsys.readouterr().err


def test_a_link_given_by_name_is_graded_as_nothing(tmp_path):
    from sudoku_teach.teacher.grading import grade as grade_one

    real = put(tmp_path / "real.ipynb", ALL)
    os.symlink(real, tmp_path / "linked.ipynb")
    [row] = grade_one(tmp_path / "linked.ipynb", None, {})  # type: ignore[arg-type]
    assert (row.exercise, row.status) == (NOTEBOOK, ERROR) and "symbolic link" in row.message


def test_ctrl_c_stops_a_batch_within_seconds_and_leaves_the_old_files_whole(tmp_path):
    # Once 31-35 s: the queued notebooks went on being graded after Ctrl-C.
    import signal
    import subprocess
    import sys
    import time

    slow = small_rules(ALL)
    slow["cells"].append({**slow["cells"][0], "source": "import time\ntime.sleep(600)"})
    for name in ("ann", "bo", "cy", "di", "ed", "flo"):
        (tmp_path / "batch").mkdir(exist_ok=True)
        (tmp_path / "batch" / f"01_rules - {name}.ipynb").write_text(json.dumps(slow))
    old = tmp_path / "grades.csv"
    old.write_text("the gradebook of last week\n", encoding="utf-8")
    command = [sys.executable, "-m", "sudoku_teach", "grade", str(tmp_path / "batch"),
               "--csv", str(old), "--feedback", str(tmp_path / "feedback"), "-j", "2",
               "--isolation", "none", "--timeout", "600"]
    grader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True)
    assert "Grading 6 notebooks" in grader.stdout.readline() + grader.stdout.readline()
    time.sleep(8)  # both workers are in a notebook's endless cell by now
    os.killpg(grader.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
    start = time.monotonic()
    status = grader.wait(timeout=60)
    took = time.monotonic() - start
    err = grader.stderr.read()
    assert status == 130 and "Stopped (Ctrl-C)" in err and "Traceback" not in err
    assert took < 3, took
    assert old.read_text(encoding="utf-8") == "the gradebook of last week\n"
    assert not (tmp_path / "feedback").exists()
