"""Grading: `sudoku-teach grade` runs submitted notebooks and reports every exercise.

Each notebook runs in a fresh kernel, errors allowed, within a time limit. Then one more
cell, run in the same kernel, hands over the record the checks keep
(`exercises.framework.RESULTS`) as JSON: nothing is read from the printed prose.
Which exercises a notebook has comes from its `sudoku_teach.lesson` metadata (kept in the
student versions, and by Jupyter when a student saves or renames the file); each
`exercises/nbNN_*.py` module names its lesson in `LESSON`.

Grading runs the students' code: do it on a machine or an account made for that.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import math
import pkgutil
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nbformat import NotebookNode

PASSED, FAILED, NOT_DONE, ERROR = "passed", "failed", "not done", "error"
NOTEBOOK = "(notebook)"
"""The exercise column of a row about the whole notebook (it could not be read or run)."""
MIME = "application/x-sudoku-teach-results+json"
RECORD_CELL = f"""\
from IPython.display import display as _display
from sudoku_teach.exercises.framework import RESULTS as _results
_display({{{MIME!r}: {{name: {{"status": r.status, "passed": r.passed, "total": r.total,
    "failure": r.failure}} for name, r in _results.items()}}}}, raw=True)
"""
"""The extra cell the grader runs after the notebook: the checks' record, as data."""


@dataclass(frozen=True)
class Row:
    """One line of the grade report: a notebook, an exercise, its status and why."""

    notebook: str
    exercise: str
    status: str
    message: str = ""


# --- which exercises a notebook has ------------------------------------------------------
def lessons() -> dict[str, list[str]]:
    """Every lesson's exercise names in order, from the exercise modules' `LESSON`."""
    from .. import exercises
    from ..exercises.framework import Exercise

    found = {}
    for info in pkgutil.iter_modules(exercises.__path__):
        module = importlib.import_module(f"{exercises.__name__}.{info.name}")
        lesson = getattr(module, "LESSON", None)
        if lesson:
            found[lesson] = [v.name for v in vars(module).values() if isinstance(v, Exercise)]
    return found


def lesson_of(notebook: dict, path: Path, known: dict[str, list[str]]) -> str | None:
    """The lesson from the notebook's metadata, else from a file name like `01_rules...`."""
    lesson = notebook.get("metadata", {}).get("sudoku_teach", {}).get("lesson")
    if lesson in known:
        return lesson
    number = re.match(r"\d\d", path.name)
    matches = [name for name in known if number and name.startswith(number.group())]
    return matches[0] if len(matches) == 1 else None


# --- running a notebook ------------------------------------------------------------------
def run_notebook(notebook: NotebookNode, folder: Path, timeout: float) -> tuple[dict, str]:
    """Run every cell (errors allowed), then the record cell: (the record, a problem or "")."""
    from jupyter_client.kernelspec import NoSuchKernel
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError
    from nbformat.v4 import new_code_cell

    client = NotebookClient(
        notebook, timeout=timeout, allow_errors=True, kernel_name="python3",
        interrupt_on_timeout=True, resources={"metadata": {"path": str(folder)}},
    )
    problem = ""
    try:
        with client.setup_kernel(stderr=subprocess.DEVNULL):  # the kernel's own log lines
            deadline = time.monotonic() + timeout
            for index, cell in enumerate(notebook.cells):
                left = deadline - time.monotonic()
                if left <= 0:
                    problem = f"stopped after {timeout:g} seconds (a loop that never ends?)"
                    break
                if cell.cell_type == "code":
                    client.timeout = math.ceil(left)
                    client.execute_cell(cell, index)  # interrupted when it runs out of time
            if not problem and time.monotonic() >= deadline:  # the last cell ran out of time
                problem = f"stopped after {timeout:g} seconds (a loop that never ends?)"
            record = new_code_cell(RECORD_CELL)
            notebook.cells.append(record)
            client.timeout = 60
            client.execute_cell(record, len(notebook.cells) - 1)
    except CellTimeoutError:
        return {}, f"stopped after {timeout:g} seconds and did not answer"
    except DeadKernelError:
        return {}, "the notebook's Python (kernel) died while running it"
    except NoSuchKernel:
        return {}, "no Python kernel to run it in: install ipykernel (it comes with jupyterlab)"
    for output in record.outputs:
        if MIME in output.get("data", {}):
            return output["data"][MIME], problem
    return {}, problem or "the checks' record could not be read (is sudoku_teach installed?)"


def verdict(name: str, record: dict) -> tuple[str, str]:
    """One exercise's status and message from the checks' record."""
    report = record.get(name)
    if report is None:
        return NOT_DONE, "its check was never run"
    status = report["status"]
    if status == "not implemented":
        return NOT_DONE, report["failure"] or "still raises NotImplementedError"
    if status == "passed" and report["passed"] < report["total"]:
        return ERROR, f"the check stopped after {report['passed']} of {report['total']} cases"
    if status == "passed":
        return PASSED, f"all {report['total']} checks passed"
    return (FAILED if status == "failed" else ERROR), report["failure"]


def why_unreadable(path: Path, error: Exception) -> str:
    """Why nbformat could not read a file, in plain words rather than nbformat's own."""
    if path.stat().st_size == 0:
        return "the file is empty"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError):
        return "not JSON text"
    if not isinstance(data, dict) or "cells" not in data:
        return "no cells"
    return f"{type(error).__name__}: {(str(error).splitlines() or [''])[0][:120]}"


def grade(path: Path, timeout: float, known: dict[str, list[str]]) -> list[Row]:
    """The rows for one submitted notebook; a notebook that cannot be run gets one error row."""
    import nbformat

    name = str(path)
    if not path.is_file():
        return [Row(name, NOTEBOOK, ERROR, "no such file")]
    try:
        notebook = nbformat.read(path, as_version=4)
    except Exception as error:  # empty, not JSON, not a notebook: say so and go on
        return [Row(name, NOTEBOOK, ERROR, f"not a notebook ({why_unreadable(path, error)})")]
    lesson = lesson_of(notebook, path, known)
    if lesson is None:
        named = notebook.get("metadata", {}).get("sudoku_teach", {}).get("lesson")
        why = (f"its metadata names lesson {named!r}, which has no exercises here"
               if named else "no sudoku_teach lesson in its metadata")
        return [Row(name, NOTEBOOK, ERROR, f"cannot tell which lesson this is ({why})")]
    if not any(cell.cell_type == "code" for cell in notebook.cells):
        return [Row(name, NOTEBOOK, ERROR, "the notebook has no code cells")]
    record, problem = run_notebook(notebook, path.parent.resolve(), timeout)
    rows = [Row(name, NOTEBOOK, ERROR, problem)] if problem else []
    return rows + [Row(name, ex, *verdict(ex, record)) for ex in known[lesson]]


# --- the command --------------------------------------------------------------------------
def print_notebook(rows: list[Row]) -> None:
    """The report on one notebook for people: its name, then one line per exercise."""
    print(rows[0].notebook)
    width = max(len(row.exercise) for row in rows)
    for row in rows:
        first = row.message.splitlines()[0] if row.message else ""
        detail = f"  {first}" if first and row.status != PASSED else ""
        print(f"  {row.exercise:<{width}}  {row.status}{detail}")
    exercises = [row for row in rows if row.exercise != NOTEBOOK]
    if exercises:
        passed = sum(row.status == PASSED for row in exercises)
        print(f"  {passed} of {len(exercises)} exercises passed")


def write_csv(rows: list[Row], path: Path) -> None:
    """One row per notebook and exercise: notebook, exercise, status, message."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["notebook", "exercise", "status", "message"])
        writer.writerows([r.notebook, r.exercise, r.status, r.message] for r in rows)


def cmd_grade(args: argparse.Namespace) -> int:
    """Grade every notebook; exit 1 if some notebook could not be read or run to the end."""
    known = lessons()
    rows: list[Row] = []
    for number, submitted in enumerate(args.notebooks):
        found = grade(Path(submitted), args.timeout, known)
        if number:
            print()
        print_notebook(found)
        sys.stdout.flush()  # a long batch shows each notebook as soon as it is graded
        rows += found
    if args.csv:
        write_csv(rows, Path(args.csv))
    return 1 if any(row.exercise == NOTEBOOK for row in rows) else 0


def seconds(text: str) -> float:
    """An option value that must be a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return value


def add_grade_parser(commands: argparse._SubParsersAction) -> None:
    """The `grade` command and its options."""
    grader = commands.add_parser(
        "grade",
        help="run student notebooks and report each exercise",
        description="Run each submitted notebook in a fresh kernel, within a time limit, and"
        " report every exercise: passed, failed, not done or error. Exit 1 if some notebook"
        " could not be read or run to the end. This runs the students' code: use a machine"
        " or an account made for grading.",
    )
    grader.add_argument("notebooks", nargs="+", metavar="SUBMISSION.ipynb")
    grader.add_argument("--csv", metavar="FILE", help="also write the results as CSV")
    grader.add_argument("--timeout", type=seconds, default=300, metavar="SECONDS",
                        help="time allowed for each notebook (default 300)")
    grader.set_defaults(run=cmd_grade)

