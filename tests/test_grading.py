"""Grading: a class batch, hostile submissions, the gradebook, and the options (slow-ish).

The expected results come from the notebooks themselves (the functions defined in
`# BEGIN SOLUTION` cells, whether they use `st.`), never from the grader's own tables.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import shutil
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from conftest import require_bubblewrap
from hypothesis import given
from hypothesis import strategies as st

from sudoku_teach.cli import main
from sudoku_teach.exercises import REGISTRY, remote, wire
from sudoku_teach.exercises.framework import check_subject, run_checks
from sudoku_teach.teacher import sandbox
from sudoku_teach.teacher.gradebook import cell
from sudoku_teach.teacher.grading import NOTEBOOK, lesson_of, lessons

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SERIES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


# --- notebooks to grade, and what each really holds --------------------------------------
def load(path: Path) -> dict:
    """A notebook as JSON data."""
    return json.loads(path.read_text(encoding="utf-8"))


def save(notebook: dict, path: Path) -> Path:
    """Write a notebook, making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def source(cell: dict) -> str:
    """A cell's text."""
    return "".join(cell["source"])


def solutions(path: Path) -> dict[str, str]:
    """The exercises of an instructor notebook: each function in a solution cell, its code."""
    found = {}
    for c in load(path)["cells"]:
        text = source(c)
        if c["cell_type"] == "code" and "# BEGIN SOLUTION" in text:
            found[re.search(r"def (\w+)\(", text).group(1)] = text
    return found


def lesson_name(path: Path) -> str:
    """A notebook's lesson, from its metadata."""
    return load(path)["metadata"]["sudoku_teach"]["lesson"]


def code_cell(text: str) -> dict:
    """A new code cell."""
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": text}


def edited(path: Path, old: str, new: str) -> dict:
    """A notebook with one piece of code replaced (it must be there)."""
    notebook = load(path)
    hits = [c for c in notebook["cells"] if c["cell_type"] == "code" and old in source(c)]
    assert hits, old
    hits[0]["source"] = source(hits[0]).replace(old, new, 1)
    return notebook


def definitions(path: Path) -> dict:
    """A notebook cut to its import cell and the cells that define functions: every exercise
    graded as in the whole lesson, without its demonstrations (test_student runs those)."""
    notebook = load(path)
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    kept = code[:1] + [c for c in code[1:] if re.search(r"^(def|class) ", source(c), re.M)]
    return {**notebook, "cells": kept}


def folder(path: Path) -> Path:
    """A folder, made if needed."""
    path.mkdir(parents=True, exist_ok=True)
    return path


def rows_of(table: Path) -> list[dict[str, str]]:
    """A CSV file read back with the csv module, as a spreadsheet would."""
    with table.open(encoding="utf-8-sig", newline="") as rows:
        return list(csv.DictReader(rows))


# --- a class of mixed submissions ---------------------------------------------------------
@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    """A class of 10 students graded in one batch: (output, gradebook, long form, feedback).

    ada's and bob's ten lessons each are cut to their definitions (the lessons' heavy cells
    would cost minutes); carl to jane hand in whole notebooks of lesson 01."""
    root = tmp_path_factory.mktemp("class")
    batch = root / "submissions"
    rules = NOTEBOOKS / "01_rules.ipynb"
    for path in SERIES:  # ada hands in every lesson, solved; bob every lesson, untouched
        save(definitions(path), batch / "ada" / path.name)
        save(definitions(NOTEBOOKS / "student" / path.name), batch / "bob" / path.name)
    save(edited(rules, "import sudoku_teach as st", "import sudoku_teeach as st"),
         batch / "01_rules - carl.ipynb")
    save(edited(rules, "value):", "value)"), batch / "dana.ipynb")  # can_place: no colon
    save(edited(rules, "row - row % 3, col - col % 3", "row // 3, col // 3"),  # a wrong region
         batch / "eve.ipynb")
    in_r = load(rules)
    in_r["metadata"]["kernelspec"] = {"name": "ir", "language": "R", "display_name": "R"}
    save(in_r, batch / "finn.ipynb")
    odd = load(rules)
    odd["metadata"] = "a string where a table belongs"
    save(odd, batch / "gail.ipynb")
    listed = load(rules)
    listed["metadata"]["sudoku_teach"] = ["01_rules"]
    save(listed, batch / "01_rules_hugo.ipynb")
    (batch / "ivan.ipynb").write_text("")
    shutil.copy(NOTEBOOKS / "00_start_here.ipynb", folder(batch / "jane"))
    shutil.copy(NOTEBOOKS / "student" / "01_rules.ipynb", batch / "jane")
    files = {name: root / name for name in ("grades.csv", "long.csv", "feedback")}
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["grade", str(batch), "--timeout", "120", "-j", "2",
                       "--csv", str(files["grades.csv"]), "--long-csv", str(files["long.csv"]),
                       "--feedback", str(files["feedback"])])
    return status, out.getvalue(), files


def statuses(long_rows: list[dict[str, str]], student: str) -> dict[str, str]:
    """One student's status by exercise from the long form (rows about notebooks left out)."""
    return {r["exercise"]: r["status"] for r in long_rows
            if r["student"] == student and r["exercise"] != NOTEBOOK}


def test_instructor_notebooks_pass_and_untouched_ones_are_not_done(graded_class):
    status, out, files = graded_class
    long_rows = rows_of(files["long.csv"])
    every = {name for path in SERIES for name in solutions(path)}
    assert statuses(long_rows, "ada") == dict.fromkeys(every, "passed")
    assert statuses(long_rows, "bob") == dict.fromkeys(every, "not done")
    assert status == 1  # some notebooks had problems of their own
    assert "Isolation:" in out
    assert "  next_cell (optional)  passed" in out  # said so, and not in the count below it
    assert "  next_cell (optional)  not done" in out
    ada_02 = out.split("02_elimination_sets.ipynb  (student: ada)")[1].split("\n\n")[0]
    assert ada_02.rstrip().endswith(f"{len(solutions(SERIES[2])) - 1} of"
                                    f" {len(solutions(SERIES[2])) - 1} exercises passed")


def test_crashes_are_errors_with_the_exception(graded_class):
    _, out, files = graded_class
    long_rows = rows_of(files["long.csv"])
    carl = [r for r in long_rows if r["student"] == "carl"]
    crash = next(r for r in carl if r["exercise"] == NOTEBOOK)
    assert crash["status"] == "error" and "ModuleNotFoundError" in crash["message"]
    assert "code cell 1" in crash["message"]
    for name, code in solutions(NOTEBOOKS / "01_rules.ipynb").items():
        mine = next(r for r in carl if r["exercise"] == name)
        assert mine["status"] == ("error" if "st." in code else "passed"), name
    dana = statuses(long_rows, "dana")
    assert dana.pop("can_place") == "error" and set(dana.values()) == {"passed"}
    message = next(r["message"] for r in long_rows
                   if r["student"] == "dana" and r["exercise"] == "can_place")
    assert "SyntaxError" in message
    eve = statuses(long_rows, "eve")
    assert eve.pop("can_place") == "failed" and set(eve.values()) == {"passed"}


def test_odd_files_are_errors_of_their_own(graded_class):
    _, _, files = graded_class
    long_rows = rows_of(files["long.csv"])
    only = {s: [r for r in long_rows if r["student"] == s] for s in ("finn", "gail", "ivan")}
    assert all(len(rows) == 1 and rows[0]["status"] == "error" for rows in only.values())
    assert "not Python" in only["finn"][0]["message"]
    assert "lesson" in only["gail"][0]["message"]
    assert "empty" in only["ivan"][0]["message"]
    assert set(statuses(long_rows, "hugo").values()) == {"passed"}  # lesson from its file name


def test_the_gradebook_has_one_row_per_student_with_the_right_totals(graded_class):
    _, _, files = graded_class
    book = rows_of(files["grades.csv"])
    exercises = [name for path in SERIES for name in solutions(path)]
    counted = [name for name in exercises if not REGISTRY[name].optional]  # next_cell is not
    labels = [name if name in counted else f"{name} (optional)" for name in exercises]
    header = list(book[0])
    assert header[:3] == ["student", "lms id", "late"] and header[-2:] == ["total", "out of"]
    totals = [f"{lesson_name(path)} total" for path in SERIES]
    assert [name for name in header[3:-2] if name not in totals] == labels  # notebook order
    assert [name for name in header if name in totals] == totals
    by_name = {row["student"]: row for row in book}
    rules = solutions(NOTEBOOKS / "01_rules.ipynb")
    carl = sum("st." not in code for code in rules.values())
    every = len(rules)
    expected = {"ada": len(counted), "bob": 0, "carl": carl, "dana": every - 1,
                "eve": every - 1, "finn": 0, "gail": 0, "hugo": every, "ivan": 0, "jane": 1}
    assert {name: int(row["total"]) for name, row in by_name.items()} == expected
    for row in book:
        assert int(row["out of"]) == len(counted)
        assert sum(int(row[name] or 0) for name in counted) == int(row["total"])
        assert sum(int(row[name] or 0) for name in totals) == int(row["total"])
    assert by_name["ada"]["next_cell (optional)"] == "1"  # shown, passed, not in the total
    assert by_name["jane"]["count_blanks"] == "1" and by_name["jane"]["column"] == "0"
    assert by_name["jane"]["solve"] == ""  # a lesson not handed in is blank, not 0
    feedback = sorted(p.name for p in files["feedback"].iterdir())
    assert feedback == sorted(f"{name}.md" for name in expected)
    eve = (files["feedback"] / "eve.md").read_text(encoding="utf-8")
    assert "`can_place`: **failed**" in eve and "expected" in eve


def test_the_long_form_is_one_line_per_exercise(graded_class):
    _, _, files = graded_class
    text = files["long.csv"].read_text(encoding="utf-8-sig")
    assert len(text.splitlines()) == len(rows_of(files["long.csv"])) + 1  # no multi-line cells


# --- hostile submissions ------------------------------------------------------------------
MARK = "sudoku-hostile-7f3a"
COUNT = "def count_blanks(grid):\n    return sum(row.count(0) for row in grid)\n"
HOSTILE = {
    "forger": """
import json
from IPython.display import display
import sudoku_teach.exercises.framework as fw
import sudoku_teach.exercises.remote as rm
fw.RESULTS = {"count_blanks": fw.Report("count_blanks", total=4, passed=4)}
display({"application/x-sudoku-teach-reply+json": json.dumps({"callable": True})}, raw=True)
rm.serve = lambda request: json.dumps({"callable": True, "outcomes": []})
display({"application/x-sudoku-teach-results+json": {"count_blanks": {
    "status": "passed", "passed": 4, "total": 4, "failure": ""}}}, raw=True)
open("results.json", "w").write('{"count_blanks": "passed"}')
print("count_blanks: well done, all 4 checks passed.")
""",
    "patcher": """
import sudoku_teach, sudoku_teach.rules
import sudoku_teach.exercises.framework as fw
import sudoku_teach.exercises.remote as rm
fw.judge = lambda *args, **kwargs: None
fw.check_subject = lambda subject, name: fw.Report(name, total=4, passed=4)
sudoku_teach.rules.count_blanks = sudoku_teach.count_blanks = lambda grid: 0
fw.REGISTRY.clear()
def count_blanks(grid):
    return 0
""",
    "vandal": """
import glob
targets = [VICTIM, "../victim.ipynb", *glob.glob("/tmp/**/*.ipynb", recursive=True)]
for target in targets:
    try:
        open(target, "w").write("{}")
    except OSError:
        pass
""" + COUNT,
    "escaper": """
import os
for target in [CANARY, os.path.join(BESIDE, "escaped.txt"), "/tmp/MARK", "/root/MARK"]:
    try:
        open(target, "a").write("escaped")
    except OSError:
        pass
try:
    secret = open(CANARY).read()
except OSError:
    secret = None
seen = sorted(os.environ)
def count_blanks(grid):
    return secret or seen
""",
    "giant": """
print("x" * 20_000_000)
def count_blanks(grid):
    return list(range(300_000))
""",
    "sigint": """
import signal
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
while True:
    pass
""",
    "hog": """
blocks = []
while True:
    blocks.append(bytearray(50_000_000))
""",
    "forker": """
import os, subprocess
sleeper = ["/bin/sh", "-c", "sleep 600", "MARK"]
subprocess.Popen(sleeper, start_new_session=True)
while True:
    try:
        if os.fork() == 0:
            os.setsid()
            os.execv(sleeper[0], sleeper)
    except OSError:
        break
""" + COUNT,
}


def tree_hash(folder: Path) -> dict[str, str]:
    """Every file under a folder with a hash of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def marked_processes() -> list[int]:
    """Processes whose command line carries the hostile mark (none may outlive the batch)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if MARK.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_hostile_submissions_are_graded_as_what_they_did(tmp_path, monkeypatch, capsys):
    require_bubblewrap()
    monkeypatch.setenv("SUDOKU_GRADER_TOKEN", "teacher-secret-token")
    batch = tmp_path / "batch"
    canary = tmp_path / "canary.txt"
    canary.write_text("canary-secret-1234")
    victim = folder(batch) / "victim.ipynb"
    shutil.copy(NOTEBOOKS / "00_start_here.ipynb", victim)
    base = load(NOTEBOOKS / "student" / "00_start_here.ipynb")
    for name, code in HOSTILE.items():
        code = (code.replace("VICTIM", repr(str(victim))).replace("CANARY", repr(str(canary)))
                .replace("BESIDE", repr(str(tmp_path))).replace("MARK", MARK))
        notebook = json.loads(json.dumps(base))
        notebook["cells"].append(code_cell(code))
        save(notebook, batch / f"{name}.ipynb")
    before, beside = tree_hash(batch), sorted(p.name for p in tmp_path.iterdir())
    timeout, jobs = 30, 4
    start = time.monotonic()
    main(["grade", str(batch), "--timeout", str(timeout), "-j", str(jobs), "--memory", "1024",
          "--cell-timeout", "8",
          "--long-csv", str(tmp_path / "long.csv"), "--feedback", str(tmp_path / "feedback")])
    took = time.monotonic() - start
    out = capsys.readouterr().out
    assert "Isolation: bubblewrap" in out
    rounds = math.ceil((len(HOSTILE) + 1) / jobs)
    assert took < rounds * (timeout + 6), took

    assert tree_hash(batch) == before  # no submission was changed, nor any file added
    assert canary.read_text() == "canary-secret-1234"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(beside + ["long.csv", "feedback"])
    assert not Path(f"/tmp/{MARK}").exists() and not Path(f"/root/{MARK}").exists()
    assert marked_processes() == []

    long_rows = rows_of(tmp_path / "long.csv")
    status = {(Path(r["notebook"]).stem, r["exercise"]): r for r in long_rows}
    assert status[("victim", "count_blanks")]["status"] == "passed"
    # replacing the checks is said, and the honest rest judged (forger's stub: not done)
    assert status[("forger", NOTEBOOK)]["status"] == "tampered"
    assert "remote.serve" in status[("forger", NOTEBOOK)]["message"]
    assert status[("forger", "count_blanks")]["status"] == "not done"
    assert status[("patcher", "count_blanks")]["status"] == "tampered"
    assert status[("vandal", "count_blanks")]["status"] == "passed"
    escaper = status[("escaper", "count_blanks")]
    assert escaper["status"] == "failed" and "HOME" in escaper["message"]
    everything = out + (tmp_path / "long.csv").read_text() + "".join(
        p.read_text() for p in (tmp_path / "feedback").iterdir())
    assert "canary-secret" not in everything and "SUDOKU_GRADER_TOKEN" not in everything
    giant = status[("giant", "count_blanks")]
    assert giant["status"] == "failed" and "too large to send" in giant["message"]
    assert status[("sigint", NOTEBOOK)]["status"] == "timed out"  # its cell, left out
    assert status[("sigint", "count_blanks")]["status"] == "not done"  # still judged
    hog = status[("hog", NOTEBOOK)]
    assert hog["status"] == "error" and ("MemoryError" in hog["message"]
                                         or "stopped" in hog["message"])
    assert status[("hog", "count_blanks")]["status"] in ("not done", "error")
    # the forker's own function is right, but it may still be forking at the deadline, or
    # have used up its processes so that the checks cannot start a thread: never more
    assert status[("forker", "count_blanks")]["status"] in ("passed", "error", "timed out")


def test_without_isolation_the_report_says_so_and_grading_still_works(tmp_path, capsys):
    shutil.copy(NOTEBOOKS / "00_start_here.ipynb", tmp_path / "anna.ipynb")
    assert main(["grade", str(tmp_path), "--isolation", "none", "-j", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Isolation: NONE") and "count_blanks  passed" in out


# --- options, names, data -----------------------------------------------------------------
@pytest.mark.parametrize(
    "options, complaint",
    [(["--timeout", "nan"], "seconds above 0"), (["--timeout", "inf"], "seconds above 0"),
     (["--timeout", "-1"], "seconds above 0"), (["-j", "0"], "from 1 up"),
     (["--csv", "/no/such/folder/grades.csv"], "cannot write")],
)
def test_bad_options_are_refused_before_anything_runs(options, complaint, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(NOTEBOOKS / "00_start_here.ipynb"), *options])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert complaint in captured.err and captured.out == ""


def test_spreadsheet_cells_are_one_line_and_never_formulas():
    assert cell("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")"
    assert cell("two\nlines") == "two lines"
    assert len(cell("x" * 1000)) == 300


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.frozensets(st.integers(), max_size=4)
    | st.dictionaries(st.tuples(st.integers(), st.integers()), inner, max_size=3),
    max_leaves=20,
)


@given(values)
def test_values_cross_the_kernel_boundary_unchanged(value):
    back = wire.loads(wire.dumps(value))
    kind = set if type(value) is frozenset else type(value)  # a set is a set, either way
    assert back == value and type(back) is kind


@pytest.mark.parametrize("reply", [
    "[" * 5000 + "]" * 5000, '{"$set": [[1]]}', '{"$eval": "1"}', '"x"' + " " * wire.MAX_BYTES,
    '{"$object": ["Popen", {}]}',
])
def test_odd_replies_are_refused_not_run(reply):
    with pytest.raises(wire.WireError):
        wire.loads(reply)


def test_remote_checks_judge_as_local_ones_do(monkeypatch):
    """The grader's path (requests as JSON text) gives the very report `check` gives."""
    def region_of(row, col):
        return row // 3 + col // 3

    def solve(grid):
        from sudoku_teach import fast
        from sudoku_teach import grid as grids
        solution = fast.solve(grids.Grid.from_rows(grid)).solution
        return solution.to_rows() if solution else None

    for function in (region_of, solve):
        monkeypatch.setitem(remote.CHECKED, function.__name__, function)

        def send(request):
            return json.loads(json.dumps(remote.answer(json.loads(json.dumps(request)))))

        far = check_subject(remote.RemoteSubject(function.__name__, send), function.__name__)
        near = run_checks(function)
        assert str(far) == str(near) and far.status == near.status


def test_the_lesson_comes_from_metadata_then_from_a_numbered_file_name():
    known = lessons()
    tagged = {"metadata": {"sudoku_teach": {"lesson": "02_elimination_sets"}}}
    assert lesson_of(tagged, Path("01_rules.ipynb"), known) == "02_elimination_sets"
    assert lesson_of({"metadata": {}}, Path("01_rules - Anna.ipynb"), known) == "01_rules"
    assert lesson_of({"metadata": {}}, Path("homework.ipynb"), known) is None
    assert lesson_of({"metadata": "odd"}, Path("homework.ipynb"), known) is None
    assert lesson_of({"metadata": {"sudoku_teach": [1]}}, Path("x.ipynb"), known) is None


def test_every_notebook_of_the_series_is_a_lesson_the_grader_knows():
    known = lessons()
    for path in SERIES:
        lesson = lesson_name(path)
        assert lesson == path.stem and lesson in known, path
        assert sorted(known[lesson]) == sorted(solutions(path)), path


def test_a_kernel_that_dies_as_it_starts_is_stopped_and_its_sockets_closed(tmp_path, monkeypatch):
    # Left open, the zmq context of a kernel that failed to start was later destroyed by the
    # garbage collector, which then waited forever for sockets it could no longer see: a
    # grading worker hung in the middle of a batch.
    import sys

    import zmq

    from sudoku_teach.teacher import kernel as kernel_module

    monkeypatch.setattr(kernel_module, "kernel_command",
                        lambda *args: [sys.executable, "-c", "raise SystemExit(3)"])
    made = []
    monkeypatch.setattr(zmq, "Context", lambda real=zmq.Context: made.append(real()) or made[-1])
    started = kernel_module.Kernel(tmp_path, "none", sandbox.Limits(30), time.monotonic() + 30)
    with pytest.raises(kernel_module.KernelDied, match="exit status 3"), started:
        pytest.fail("the kernel should not have started")
    assert made and all(context.closed for context in made)
    assert started.client is None and started.process.poll() == 3


def test_the_jail_starts_from_an_empty_environment_and_sets_each_variable_once(tmp_path):
    # Nothing of the teacher's environment gets in (--clearenv comes first), and the jail's
    # temporary folder is its own /tmp, named once.
    command = sandbox.jail(tmp_path)
    clear = command.index("--clearenv")
    names = [command[i + 1] for i, arg in enumerate(command) if arg == "--setenv"]
    assert all(i > clear for i, arg in enumerate(command) if arg == "--setenv")
    assert len(names) == len(set(names)) and "HOME" in names
    at = command.index("TMPDIR")
    assert command[at - 1] == "--setenv" and command[at + 1] == "/tmp"
    assert command[-2:] == ["--remount-ro", "/"]
