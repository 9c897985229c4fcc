"""The grader's verdicts on one small notebook at a time, each fast enough to run many times.

`test_grading.py` grades whole classes in the sandbox; these run lesson 00 (one exercise)
without isolation, so that mutation testing can afford them (see
benchmarks/mutation-report.md). Each expected status and message is written out here.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from conftest import require_bubblewrap

from sudoku_teach.errors import NotebookFileError
from sudoku_teach.teacher import sandbox
from sudoku_teach.teacher.grading import (
    NOTEBOOK,
    Row,
    Settings,
    code_cells,
    first_line,
    grade,
    lesson_of,
    lessons,
    not_python,
    read,
)
from sudoku_teach.teacher.sandbox import BUBBLEWRAP, NONE, Limits

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"


def settings(tmp_path: Path, timeout: float = 60, step: float = 0) -> Settings:
    return Settings(timeout, NONE, Limits(int(timeout) + 5), tmp_path / "scratch", step)


def notebook(**changes: str) -> dict:
    """Lesson 00's instructor notebook, with pieces of its code replaced (old=new)."""
    data = json.loads(START.read_text(encoding="utf-8"))
    for old, new in changes.items():
        cells = [c for c in data["cells"]
                 if c["cell_type"] == "code" and old in "".join(c["source"])]
        assert cells, old
        cells[0]["source"] = "".join(cells[0]["source"]).replace(old, new, 1)
    return data


def graded(tmp_path: Path, data: dict | str, timeout: float = 60, step: float = 0) -> list[Row]:
    path = tmp_path / "in" / "00_start_here - Ann.ipynb"
    path.parent.mkdir(exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    (tmp_path / "scratch").mkdir(exist_ok=True)
    rows = grade(path, settings(tmp_path, timeout, step), lessons())
    assert all(row.notebook == str(path) for row in rows)
    return rows


def said(rows: list[Row]) -> list[tuple[str, str, str]]:
    return [(row.exercise, row.status, row.message) for row in rows]


def solution_cell() -> str:
    data = json.loads(START.read_text(encoding="utf-8"))
    return next("".join(c["source"]) for c in data["cells"]
                if c["cell_type"] == "code" and "def count_blanks" in "".join(c["source"]))


def test_a_right_answer_passes_and_names_its_lesson(tmp_path):
    rows = graded(tmp_path, notebook())
    assert len(rows) == 1 and rows[0].exercise == "count_blanks"
    assert rows[0].status == "passed" and rows[0].message.startswith("all ")
    assert rows[0].message.endswith(" checks passed") and rows[0].lesson == "00_start_here"
    assert rows[0].notebook == str(tmp_path / "in" / "00_start_here - Ann.ipynb")


def test_an_untouched_exercise_is_not_done(tmp_path):
    data = json.loads((NOTEBOOKS / "student" / START.name).read_text(encoding="utf-8"))
    assert said(graded(tmp_path, data)) == [
        ("count_blanks", "not done", "still raises NotImplementedError")]


def test_a_wrong_answer_fails_with_its_case(tmp_path):
    body = solution_cell().split("def count_blanks", 1)[1].split(":", 1)[0]
    data = notebook(**{f"def count_blanks{body}:": f"def count_blanks{body}:\n    return 7\n"})
    (row,) = graded(tmp_path, data)
    assert row.status == "failed" and "7" in row.message


def test_a_crash_in_the_first_cell_is_an_error_naming_it(tmp_path):
    rows = graded(tmp_path, notebook(**{"import sudoku_teach as st": "import sudoku_teeach as st"}))
    assert said(rows)[0] == (NOTEBOOK, "error", "code cell 1 (`import sudoku_teeach as st`) raised"
                             " ModuleNotFoundError: No module named 'sudoku_teeach' (and 2 more"
                             " cells raised errors)")  # the cells that use `st`
    assert all(row.lesson == "00_start_here" for row in rows)


def test_a_syntax_error_is_an_error_for_its_exercise(tmp_path):
    rows = graded(tmp_path, notebook(**{"def count_blanks(": "def count_blanks(("}))
    verdicts = {row.exercise: row for row in rows}
    assert verdicts[NOTEBOOK].status == "error" and "SyntaxError" in verdicts[NOTEBOOK].message
    assert verdicts["count_blanks"].status == "error"
    assert "SyntaxError" in verdicts["count_blanks"].message


def test_a_notebook_out_of_time_says_which_cell_was_running(tmp_path):
    data = notebook()
    data["cells"].insert(3, {"cell_type": "code", "metadata": {}, "outputs": [],
                             "execution_count": None, "source": "while True:\n    pass"})
    number = sum(c["cell_type"] == "code" for c in data["cells"][:4])
    start = time.monotonic()
    rows = graded(tmp_path, data, timeout=20, step=20)  # the cell may take all the time
    assert time.monotonic() - start < 60
    why = f"stopped after 20 seconds, still running code cell {number} (`while True:`)"
    assert said(rows) == [(NOTEBOOK, "timed out", why), ("count_blanks", "timed out", why)]


def test_a_runaway_cell_costs_only_itself(tmp_path):
    # Once "timed out" on every exercise: now the cell is left out, and the notebook judged.
    data = notebook()
    data["cells"].insert(3, code("while True:\n    pass"))
    number = sum(c["cell_type"] == "code" for c in data["cells"][:4])
    rows = graded(tmp_path, data, timeout=40, step=8)
    assert said(rows) == [
        (NOTEBOOK, "timed out", f"code cell {number} (`while True:`) was still running after 8"
         " seconds: it was left out, and the notebook run again without it"),
        ("count_blanks", "passed", "all 4 checks passed")]


def test_a_cell_that_kills_the_kernel_costs_only_itself(tmp_path):
    data = notebook()
    data["cells"].insert(3, code("import os\nos._exit(3)"))
    number = sum(c["cell_type"] == "code" for c in data["cells"][:4])
    assert said(graded(tmp_path, data)) == [
        (NOTEBOOK, "error", f"code cell {number} (`import os`) stopped the notebook's Python"
         " (exit status 3; out of memory?): it was left out, and the notebook run again without"
         " it"), ("count_blanks", "passed", "all 4 checks passed")]


@pytest.mark.parametrize("text, why", [
    ("", "not a notebook (the file is empty)"),
    ("{not json", "not a notebook (not JSON text)"),
    ("[1, 2]", "not a notebook (no cells)"),
    ('{"cells": 5}', "not a notebook (no cells)"),
    ('{"cells": [{"cell_type": "code", "source": "x = 1"}, 7]}',
     "not a notebook (cell 2 is not a cell)"),
    ('{"cells": [{"cell_type": "code", "source": 5}]}', "not a notebook (cell 1 has no text)"),
])
def test_a_file_that_is_not_a_notebook_is_one_error_row(tmp_path, text, why):
    assert said(graded(tmp_path, text)) == [(NOTEBOOK, "error", why)]


def test_lessons_and_kernels_are_told_apart_in_words(tmp_path):
    data = notebook()
    data["metadata"]["sudoku_teach"]["lesson"] = "99_nothing"
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "scratch").mkdir()
    assert said(grade(path, settings(tmp_path), lessons())) == [(NOTEBOOK, "error", (
        "cannot tell which lesson this is (its metadata names lesson '99_nothing', which has"
        " no exercises here)"))]
    del data["metadata"]["sudoku_teach"]
    path.write_text(json.dumps(data), encoding="utf-8")
    rows = grade(path, settings(tmp_path), lessons())
    assert rows == [Row(str(path), NOTEBOOK, "error", "cannot tell which lesson this is"
                        " (no sudoku_teach lesson in its metadata)")]
    path.write_text(json.dumps(notebook()), encoding="utf-8")  # the metadata names it
    assert [row.status for row in grade(path, settings(tmp_path), lessons())] == ["passed"]
    data = notebook()
    data["metadata"]["kernelspec"] = {"name": "ir", "language": "R"}
    rows = graded(tmp_path, data)
    assert said(rows) == [(NOTEBOOK, "error", "not graded: its kernel is R (ir), not Python")]
    assert rows[0].lesson == "00_start_here"
    data = notebook()
    data["cells"] = [c for c in data["cells"] if c["cell_type"] != "code"]
    rows = graded(tmp_path, data)
    assert said(rows) == [(NOTEBOOK, "error", "the notebook has no code cells")]
    assert rows[0].lesson == "00_start_here"


def test_the_small_readers_say_what_they_found():
    assert not_python({"metadata": {"kernelspec": {"name": "julia-1.9"}}}) == (
        "its kernel is 'julia-1.9', not Python")
    assert not_python({"metadata": {"language_info": {"name": "R"}}}) == (
        "its kernel is R (None), not Python")
    for fine in ({}, {"metadata": "odd"}, {"metadata": {"kernelspec": {"name": "python3"}}},
                 {"metadata": {"kernelspec": {"name": "IPython", "language": "Python"}}}):
        assert not_python(fine) is None
    cells = {"cells": [{"cell_type": "markdown", "source": "# hi"},
                       {"cell_type": "code", "source": ["a = 1\n", "b = 2"]},
                       {"cell_type": "code"}]}
    assert code_cells(cells) == ["a = 1\nb = 2", ""]
    assert first_line("\n\n   x = 1  \ny") == "x = 1"
    assert first_line("y" * 61) == "y" * 57 + "..." and first_line("y" * 60) == "y" * 60
    assert first_line("") == ""
    known = {"01_rules": [], "02_elimination_sets": []}
    assert lesson_of({}, Path("01_rules - Ann.ipynb"), known) == "01_rules"
    assert lesson_of({"metadata": {"sudoku_teach": {"lesson": "02_elimination_sets"}}},
                     Path("01_x.ipynb"), known) == "02_elimination_sets"
    assert lesson_of({}, Path("Ann.ipynb"), known) is None
    assert lesson_of({}, Path("0_rules.ipynb"), known) is None


def test_reading_a_missing_file_says_so(tmp_path):
    with pytest.raises(NotebookFileError, match="^no such file$"):
        read(tmp_path / "gone.ipynb")


def without_checks(data: dict) -> dict:
    """The notebook without its own `check(...)` cell (which calls the function itself)."""
    data["cells"] = [c for c in data["cells"] if "check(" not in "".join(c["source"])]
    return data


def code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": text}


def test_every_lesson_of_the_series_is_known_with_its_exercises():
    known = lessons()
    named = {json.loads(p.read_text(encoding="utf-8"))["metadata"]["sudoku_teach"]["lesson"]
             for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}
    assert set(known) == named and known["00_start_here"] == ["count_blanks"]
    assert known["01_rules"] == ["column", "can_place", "is_solved"]  # region_of is worked
    assert known["02_elimination_sets"] == [  # row_numbers is worked; next_cell is optional
        "column_numbers", "region_numbers", "survivors", "next_cell"]


def test_more_crashes_are_counted_after_the_first_and_stubs_are_not_crashes(tmp_path):
    data = notebook()
    data["cells"] += [code("1 / 0"), code("raise NotImplementedError"), code("[][1]"),
                      code("{}['k']")]
    rows = graded(tmp_path, data)
    assert said(rows)[0] == (NOTEBOOK, "error", "code cell 6 (`1 / 0`) raised ZeroDivisionError:"
                             " division by zero (and 2 more cells raised errors)")
    assert [row.status for row in rows] == ["error", "passed"]
    data["cells"] = data["cells"][:-1]
    assert said(graded(tmp_path, data))[0][2].endswith("(and 1 more cell raised errors)")
    assert rows[0].lesson == "00_start_here"


def test_a_kernel_that_dies_or_runs_on_during_the_checks_says_so(tmp_path):
    body = "import os\n    os._exit(4)\n"
    data = without_checks(notebook(**{'"""How many cells': f'{body}    """How many cells'}))
    assert said(graded(tmp_path, data)) == [("count_blanks", "error", "count_blanks stopped the"
                                              " notebook's Python during its checks (exit"
                                              " status 4)")]
    # the function never returns on a grid with blanks: "timed out" with the case it was
    # given and the checks passed before it, not "slow" (each such case costs 10 s of CPU)
    data = notebook(**{'return sum(': 'if sum(row.count(0) for row in grid) == 0:  # the solution\n'
                       '        while True:\n            pass\n    return sum('})
    [(exercise, status, why)] = said(graded(tmp_path, without_checks(data), timeout=300, step=200))
    assert (exercise, status) == ("count_blanks", "timed out") and "slow" not in why
    assert re.fullmatch(r"count_blanks\(grid '[0-9.]+'\) never returned: still running after 10"
                        r" seconds of computing \(1 of 4 checks passed before it\)", why), why
    ignoring = 'import signal\n    signal.signal(signal.SIGINT, signal.SIG_IGN)\n'
    data = notebook(**{'"""How many cells': ignoring + '    while True:\n        pass\n'
                       '    """How many cells'})
    assert said(graded(tmp_path, without_checks(data), timeout=60, step=6)) == [
        ("count_blanks", "timed out", "count_blanks never returned: its checks were still"
         " running after 6 seconds, and could not be stopped")]


def test_a_kernel_that_cannot_start_is_said_once_per_exercise(tmp_path, monkeypatch):
    import sys

    from sudoku_teach.teacher import kernel as kernel_module

    monkeypatch.setattr(kernel_module, "kernel_command",
                        lambda *args: [sys.executable, "-c", "raise SystemExit(5)"])
    why = ("the notebook's Python (kernel) stopped as it started (exit status 5; out of memory,"
           " or too many processes?)")
    assert said(graded(tmp_path, notebook())) == [(NOTEBOOK, "error", why),
                                                  ("count_blanks", "error", why)]
    monkeypatch.setattr(kernel_module, "kernel_command",
                        lambda *args: [sys.executable, "-c", "import time; time.sleep(60)"])
    monkeypatch.setattr(kernel_module, "START_TIME", 3)
    why = "stopped after 3 seconds, still running the kernel's start"
    rows = graded(tmp_path, notebook(), timeout=3)
    assert said(rows) == [(NOTEBOOK, "timed out", why), ("count_blanks", "timed out", why)]


def test_a_missing_function_is_not_done_unless_a_cell_before_it_crashed(tmp_path):
    renamed = {"def count_blanks(": "def count_blank("}
    assert said(graded(tmp_path, without_checks(notebook(**renamed)))) == [
        ("count_blanks", "not done", "no function called count_blanks in the notebook")]
    data = without_checks(notebook(**renamed))
    data["cells"].insert(1, code("raise NotImplementedError  # a stub called too early"))
    assert said(graded(tmp_path, data))[-1] == (
        "count_blanks", "not done", "no function called count_blanks in the notebook")
    data = without_checks(notebook(**renamed))
    data["cells"].insert(1, code("# def count_blanks(grid) is written below"))
    data["cells"].append(code("1 / 0"))  # after the cell that names it: not its cause
    assert said(graded(tmp_path, data))[-1] == (
        "count_blanks", "not done", "no function called count_blanks in the notebook")
    data = without_checks(notebook(**renamed))
    data["cells"].insert(1, code("1 / 0"))
    crash = "code cell 1 (`1 / 0`) raised ZeroDivisionError: division by zero"
    assert said(graded(tmp_path, data)) == [
        (NOTEBOOK, "error", crash),
        ("count_blanks", "error", f"count_blanks is not defined: {crash}")]
    data = without_checks(notebook(**{"def count_blanks(": "[][0]\ndef count_blanks("}))
    data["cells"].insert(1, code("1 / 0"))
    assert said(graded(tmp_path, data))[-1] == (
        "count_blanks", "error", "count_blanks is not defined: code cell 4 (`[][0]`) raised"
        " IndexError: list index out of range")


def test_the_sandbox_copy_is_made_in_the_scratch_folder_and_removed(tmp_path):
    seen = tmp_path / "cwd.txt"
    data = notebook()
    data["cells"].append(code(f"import os\nopen({str(seen)!r}, 'w').write(os.getcwd())"))
    assert graded(tmp_path, data)[-1].status == "passed"
    assert seen.read_text().startswith(str(tmp_path / "scratch"))
    assert list((tmp_path / "scratch").iterdir()) == []


def test_a_missing_file_keeps_its_own_words(tmp_path):
    (tmp_path / "scratch").mkdir()
    gone = tmp_path / "00_gone.ipynb"
    assert grade(gone, settings(tmp_path), lessons()) == [
        Row(str(gone), NOTEBOOK, "error", "no such file")]


def test_replies_are_read_only_as_text_of_bounded_size():
    from sudoku_teach.exercises import wire
    from sudoku_teach.teacher.grading import reply_table

    assert reply_table(repr(json.dumps({"a": [1, 2]}))) == {"a": [1, 2]}
    for text in ("12", "not python at all", "[" * 200 + "]" * 200):
        with pytest.raises(wire.WireError, match="^a reply that is not text$"):
            reply_table(text)
    longest = "'" + " " * (wire.MAX_BYTES - 2) + "'"
    with pytest.raises(ValueError) as empty:  # as long as allowed: read, and not JSON
        reply_table(longest)
    assert not isinstance(empty.value, wire.WireError)
    with pytest.raises(wire.WireError, match=f"^a reply of {wire.MAX_BYTES + 1} characters$"):
        reply_table(longest + " ")


def test_read_refuses_json_that_is_not_a_notebook(tmp_path):
    for text in ('{"a": 1}', '"cells"', "[]"):
        path = tmp_path / "odd.ipynb"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(NotebookFileError, match=r"^not a notebook \(no cells\)$"):
            read(path)


def test_table_is_empty_for_anything_but_a_table():
    from sudoku_teach.teacher.grading import table

    assert table("odd", "k") == {} and table({"k": 5}, "k") == {}
    assert table({"k": {1: 2}}, "k") == {1: 2}


def test_a_function_that_raises_is_an_error_not_a_failure(tmp_path):
    body = 'raise ValueError("boom")\n'
    data = without_checks(notebook(**{'"""How many cells': f'{body}    """How many cells'}))
    (row,) = graded(tmp_path, data)
    assert row.status == "error" and "ValueError" in row.message and "boom" in row.message


@pytest.mark.parametrize("serve", ["lambda request: 42", "lambda request: '[1, 2]'",
                                   "lambda request: 1 / 0"])
def test_a_notebook_that_replaces_the_checks_is_tampered_and_its_honest_work_judged(tmp_path,
                                                                                   serve):
    # Once "the kernel's answer could not be read" on every exercise, with no word of why.
    data = notebook()
    data["cells"].append(code(f"import sudoku_teach.exercises.remote as rm\nrm.serve = {serve}"))
    assert said(graded(tmp_path, data)) == [
        (NOTEBOOK, "tampered", "the notebook replaced or patched the checks' machinery"
         " (remote.serve); it was put back, and each exercise judged on its own code"),
        ("count_blanks", "passed", "all 4 checks passed")]


def test_an_exercise_defined_where_the_checks_are_patched_is_tampered(tmp_path):
    data = notebook(**{"def count_blanks(": "import sudoku_teach.exercises.subject as sj\n"
                       "sj.stops_the_check = lambda outcome: True\ndef count_blanks("})
    rows = said(graded(tmp_path, data))
    assert rows[0][:2] == (NOTEBOOK, "tampered") and "subject.stops_the_check" in rows[0][2]
    assert rows[1][:2] == ("count_blanks", "tampered")


def test_a_function_that_patches_the_checks_when_called_is_tampered(tmp_path):
    body = "import sudoku_teach.exercises.wire as w\n    w.to_data = lambda v, d=0: 0\n"
    data = notebook(**{'"""How many cells': f'{body}    """How many cells'})
    rows = said(graded(tmp_path, without_checks(data)))
    assert rows[0][:2] == (NOTEBOOK, "tampered") and "wire.to_data" in rows[0][2]
    assert rows[1][:2] == ("count_blanks", "tampered") and "wire.to_data" in rows[1][2]


LEFT = ": it was left out, and the notebook run again without it"


@pytest.mark.parametrize("stop, timeout, why, after", [
    ("while True:\n    pass", 15, "stopped after 15 seconds, still running code cell {n}"
                                 " (`while True:`)", ("timed out", None)),
    ("import os\nos._exit(3)", 60, "code cell {n} (`import os`) stopped the notebook's Python"
                                   " (exit status 3; out of memory?)" + LEFT,
     ("passed", "all 4 checks passed")),
])
def test_a_crash_before_a_stop_comes_first_and_the_first_cell_is_cell_1(tmp_path, stop, timeout,
                                                                         why, after):
    data = notebook()
    data["cells"].insert(3, code("1 / 0"))
    data["cells"].insert(4, code(stop))
    n = sum(c["cell_type"] == "code" for c in data["cells"][:5])
    crash = f"code cell {n - 1} (`1 / 0`) raised ZeroDivisionError: division by zero"
    status = "timed out" if "while" in stop else "error"
    assert said(graded(tmp_path, data, timeout=timeout, step=timeout)) == [
        (NOTEBOOK, "error", crash), (NOTEBOOK, status, why.format(n=n)),
        ("count_blanks", after[0], after[1] or why.format(n=n))]
    first = notebook()
    first["cells"] = [code(stop)] + first["cells"]
    assert said(graded(tmp_path, first, timeout=timeout, step=timeout))[0] == (
        NOTEBOOK, status, why.format(n=1))


def test_a_notebook_that_breaks_the_graders_way_in_is_tampered_in_100_characters(tmp_path):
    data = notebook()
    data["cells"].append(code("import builtins\n"
                              "def serve(request):\n    raise ValueError('x' * 200)\n"
                              "for name in list(vars(builtins)):\n"
                              "    if name.startswith('_sudoku_grader'):\n"
                              "        setattr(builtins, name, serve)"))
    said_by_kernel = ("no reply: it raised ValueError: " + "x" * 200)[:100]
    assert said(graded(tmp_path, data))[-1] == (
        "count_blanks", "tampered", f"the answers to the checks could not be read"
        f" ({said_by_kernel}) after the notebook changed the checks' machinery (the grader's way"
        " in)")


def test_the_isolation_asked_for_is_the_one_used(tmp_path, short_scratch):
    require_bubblewrap()
    outside = tmp_path / "outside.txt"
    data = notebook()
    data["cells"].append(code(f"try:\n    open({str(outside)!r}, 'w').write('out')\n"
                              "except OSError:\n    pass"))
    path = tmp_path / "in" / "00_start_here.ipynb"
    path.parent.mkdir()
    path.write_text(json.dumps(data), encoding="utf-8")
    jailed = Settings(60, BUBBLEWRAP, Limits(65), short_scratch)
    assert [row.status for row in grade(path, jailed, lessons())] == ["passed"]
    assert not outside.exists()  # the jail let it write only in its own copy


# --- the jail's mounts, as the command line says and as a notebook inside sees them -------
def bound(command: list[str]) -> dict[str, list[str]]:
    """The paths each kind of bwrap mount names: --bind (writable), --ro-bind, --tmpfs."""
    found: dict[str, list[str]] = {}
    for i, arg in enumerate(command):
        if arg in ("--bind", "--ro-bind", "--ro-bind-try", "--tmpfs"):
            found.setdefault(arg.replace("-try", ""), []).append(command[i + 1])
    return found


def test_the_jail_binds_only_the_submissions_copy_writable_and_a_private_tmp(tmp_path):
    scratch = tmp_path / "scratch"
    folder = scratch / "submission-abc"
    folder.mkdir(parents=True)
    mounts = bound(sandbox.jail(folder))
    assert mounts["--bind"] == [str(folder)]  # the one writable place
    assert "/tmp" in mounts["--tmpfs"]  # its own, empty, in memory
    for path in mounts["--ro-bind"]:  # nothing read-only shows the scratch root or the batch
        inside = Path(path)
        assert inside != scratch and inside not in scratch.parents, path
        assert scratch not in inside.parents, path


@pytest.fixture
def short_scratch():
    """A scratch root with a short path, as the grader makes (a Unix socket's path is short)."""
    folder = Path(tempfile.mkdtemp(prefix="sg-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_sandboxed_notebook_sees_only_its_own_folder_and_an_empty_private_tmp(tmp_path,
                                                                              short_scratch):
    require_bubblewrap()
    scratch = short_scratch
    other = scratch / "submission-other"  # another notebook of the batch, being graded
    other.mkdir(parents=True)
    (other / "submission.ipynb").write_text("{}")
    (tmp_path / "teachers-tmp-file.txt").write_text("x")  # tmp_path is in the host's /tmp
    probe = f"""
import os
here = os.getcwd()
def writable(folder):
    try:
        with open(os.path.join(folder, "probe.txt"), "w") as out:
            out.write("x")
        os.remove(os.path.join(folder, "probe.txt"))
        return True
    except OSError:
        return False
in_tmp = ",".join(sorted(os.listdir("/tmp"))) if os.path.isdir("/tmp") else "(none)"
facts = " ".join([
    f"own={{writable(here)}}", f"tmp={{writable('/tmp')}}", f"in_tmp={{in_tmp}}",
    f"beside={{open(os.path.join(os.path.dirname(here), 'beside.txt'), 'w').write('x')}}",
    f"neighbours={{len(os.listdir(os.path.dirname(here)))}}",
    f"other={{os.path.exists({str(other)!r})}}",
    f"batch={{os.path.exists({str(tmp_path / 'in')!r})}}",
    f"teachers_tmp={{os.path.exists({str(tmp_path / 'teachers-tmp-file.txt')!r})}}",
])
def count_blanks(grid):
    return facts
"""
    data = notebook(**{"def count_blanks(": "def count_blanks_own("})
    data["cells"].append(code(probe))
    path = tmp_path / "in" / "00_start_here.ipynb"
    path.parent.mkdir()
    path.write_text(json.dumps(without_checks(data)), encoding="utf-8")
    jailed = Settings(60, BUBBLEWRAP, Limits(65), scratch)
    [row] = grade(path, jailed, lessons())
    assert row.status == "failed", row
    seen = re.search(r"got: +'(.*)'", row.message).group(1)
    # /tmp holds only the empty folders down to what is bound below it: its own copy, and
    # Python or the package when they live in /tmp (a checkout there, a mutation run)
    bound = [Path(p) for p in (scratch, *sandbox.python_dirs())]
    way_in = sorted({p.parts[2] for p in bound if p.is_relative_to("/tmp")})
    assert seen == (f"own=True tmp=True in_tmp={','.join(way_in)} beside=1 neighbours=2"
                    " other=False batch=False teachers_tmp=False")
    # what it wrote beside its folder went to the jail's own /tmp, not to the scratch root
    assert sorted(p.name for p in scratch.iterdir()) == ["submission-other"]
