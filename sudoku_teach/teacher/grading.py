"""Grading: run one submitted notebook in its sandbox and judge each exercise from outside.

The student's kernel runs the notebook's cells and nothing the verdict depends on. Then
the grader, in its own process, asks the kernel to call each exercise's function on the
hidden cases (sent as data) and judges the answers with the checks' own `judge`
(`exercises.remote`). Records the notebook writes, checks it redefines and patches to the
package change nothing: the grader never reads them.
Which exercises a notebook has comes from its `sudoku_teach.lesson` metadata (kept in the
student versions, and by Jupyter when a student saves or renames the file); each
`exercises/nbNN_*.py` module names its lesson in `LESSON`.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import NotebookFileError
from ..exercises import wire
from ..exercises.framework import check_subject
from ..exercises.remote import RemoteSubject, request_code
from .kernel import CellError, Kernel, KernelDied, OutOfTime
from .sandbox import Limits, make_folder

PASSED, FAILED, NOT_DONE, ERROR, TIMED_OUT = "passed", "failed", "not done", "error", "timed out"
STATUSES = (PASSED, FAILED, NOT_DONE, ERROR, TIMED_OUT)
NOTEBOOK = "(notebook)"
"""The exercise column of a row about the whole notebook (it could not be read or run)."""


@dataclass(frozen=True)
class Row:
    """One line of the grade report: a notebook, an exercise, its status and why."""

    notebook: str
    exercise: str
    status: str
    message: str = ""
    lesson: str = ""


@dataclass(frozen=True)
class Settings:
    """How to grade: time per notebook, the isolation chosen, limits, where sandboxes go."""

    timeout: float
    isolation: str
    limits: Limits
    scratch: Path


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


def table(value: Any, key: str) -> dict[str, Any]:
    """`value[key]` when both are tables (dicts), else an empty table: odd metadata is no crash."""
    inner = value.get(key) if isinstance(value, dict) else None
    return inner if isinstance(inner, dict) else {}


def named_lesson(notebook: dict[str, Any]) -> Any:
    """What the notebook's metadata says its lesson is (anything, or None)."""
    return table(table(notebook, "metadata"), "sudoku_teach").get("lesson")


def lesson_of(notebook: dict[str, Any], path: Path, known: dict[str, list[str]]) -> str | None:
    """The lesson from the notebook's metadata, else from a file name like `01_rules...`."""
    lesson = named_lesson(notebook)
    if isinstance(lesson, str) and lesson in known:
        return lesson
    number = re.match(r"\d\d", path.name)
    matches = [name for name in known if number and name.startswith(number.group())]
    return matches[0] if len(matches) == 1 else None


def not_python(notebook: dict[str, Any]) -> str | None:
    """Why the notebook is not for a Python kernel, or None when it is (or does not say)."""
    metadata = table(notebook, "metadata")
    spec, info = table(metadata, "kernelspec"), table(metadata, "language_info")
    language = spec.get("language") or info.get("name")
    name = spec.get("name")
    if isinstance(language, str) and language.lower() != "python":
        return f"its kernel is {language} ({name}), not Python"
    if isinstance(name, str) and name and not name.lower().startswith(("python", "ipython")):
        return f"its kernel is {name!r}, not Python"
    return None


# --- reading a submission ----------------------------------------------------------------
def code_cells(notebook: dict[str, Any]) -> list[str]:
    """The source of each code cell: NotebookFileError when the cells are not cells."""
    cells = notebook.get("cells")
    if not isinstance(cells, list):
        raise NotebookFileError("no cells")
    sources = []
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict):
            raise NotebookFileError(f"cell {number} is not a cell")
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            source = "".join(source)
        if not isinstance(source, str):
            raise NotebookFileError(f"cell {number} has no text")
        sources.append(source)
    return sources


def read(path: Path) -> dict[str, Any]:
    """The notebook as JSON data: NotebookFileError saying plainly why a file is not a notebook."""
    if not path.is_file():
        raise NotebookFileError("no such file")
    if path.stat().st_size == 0:
        raise NotebookFileError("not a notebook (the file is empty)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise NotebookFileError("not a notebook (not JSON text)") from None
    if not isinstance(data, dict) or "cells" not in data:
        raise NotebookFileError("not a notebook (no cells)")
    return data


def first_line(source: str) -> str:
    """A cell's first non-empty line, short: how a teacher finds the cell."""
    line = next((line.strip() for line in source.splitlines() if line.strip()), "")
    return line if len(line) <= 60 else line[:57] + "..."


def where(error: CellError, sources: list[str]) -> str:
    """Which cell raised what, in words."""
    return (f"code cell {error.cell} (`{first_line(sources[error.cell - 1])}`) raised"
            f" {error.kind}: {error.message}")


# --- grading ------------------------------------------------------------------------------
def grade(path: Path, settings: Settings, known: dict[str, list[str]]) -> list[Row]:
    """The rows for one submitted notebook; one that cannot be run gets one error row."""
    name = str(path)
    try:
        notebook = read(path)
        sources = code_cells(notebook)
    except ValueError as unreadable:
        text = str(unreadable)
        return [Row(name, NOTEBOOK, ERROR, text if "notebook" in text or "file" in text
                    else f"not a notebook ({text})")]
    lesson = lesson_of(notebook, path, known)
    if lesson is None:
        named = named_lesson(notebook)
        why = (f"its metadata names lesson {named!r}, which has no exercises here"
               if named else "no sudoku_teach lesson in its metadata")
        return [Row(name, NOTEBOOK, ERROR, f"cannot tell which lesson this is ({why})")]
    problem = not_python(notebook)
    if problem:
        return [Row(name, NOTEBOOK, ERROR, f"not graded: {problem}", lesson)]
    if not sources:
        return [Row(name, NOTEBOOK, ERROR, "the notebook has no code cells", lesson)]
    folder = make_folder(path, settings.scratch)
    try:
        found = run_and_judge(sources, known[lesson], folder, settings)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return [Row(name, exercise, status, message, lesson) for exercise, status, message in found]


def run_and_judge(
    sources: list[str], exercises: list[str], folder: Path, settings: Settings
) -> list[tuple[str, str, str]]:
    """Run the cells in a sandboxed kernel, then judge each exercise: (exercise, status, why)."""
    deadline = time.monotonic() + settings.timeout
    errors: list[CellError] = []
    found: list[tuple[str, str, str]] = []
    cell = -1  # starting the kernel
    try:
        with Kernel(folder, settings.isolation, settings.limits, deadline) as kernel:
            for cell, source in enumerate(sources, 1):
                error = kernel.execute(source, cell).error
                if error is not None:
                    errors.append(error)
            cell = 0
            for exercise in exercises:
                found.append((exercise, *judge_one(kernel, exercise, sources, errors)))
    except OutOfTime:
        doing = (f"code cell {cell} (`{first_line(sources[cell - 1])}`)" if cell > 0
                 else "the checks" if cell == 0 else "the kernel's start")
        why = f"stopped after {settings.timeout:g} seconds, still running {doing}"
        return notebook_rows(errors, sources, (NOTEBOOK, TIMED_OUT, why)) + found + [
            (exercise, TIMED_OUT, why) for exercise in exercises[len(found):]]
    except KernelDied as died:
        doing = (f"in code cell {cell}" if cell > 0 else "during the checks" if cell == 0
                 else "as it started")
        why = (f"the notebook's Python (kernel) stopped {doing} ({died}; out of memory, or too"
               " many processes?)")
        return notebook_rows(errors, sources, (NOTEBOOK, ERROR, why)) + found + [
            (exercise, ERROR, why) for exercise in exercises[len(found):]]
    return notebook_rows(errors, sources) + found


def notebook_rows(
    errors: list[CellError], sources: list[str], *more: tuple[str, str, str]
) -> list[tuple[str, str, str]]:
    """Rows about the notebook itself: the first cell that raised (not an unwritten stub)."""
    crashes = [e for e in errors if e.kind != "NotImplementedError"]
    rows = list(more)
    if crashes:
        others = len(crashes) - 1
        tail = f" (and {others} more cell{'s' * (others != 1)} raised errors)" if others else ""
        rows.insert(0, (NOTEBOOK, ERROR, where(crashes[0], sources) + tail))
    return rows


def judge_one(
    kernel: Kernel, exercise: str, sources: list[str], errors: list[CellError]
) -> tuple[str, str]:
    """One exercise's status and message, judged here on answers from the kernel."""
    def send(request: dict[str, Any]) -> dict[str, Any]:
        reply = kernel.execute("", 0, request_code(request))
        if reply.value is None:
            raised = reply.error and f": it raised {reply.error.kind}: {reply.error.message}"
            raise wire.WireError(f"no reply{raised or ''}")
        answer = reply_table(reply.value)
        if not isinstance(answer, dict):
            raise wire.WireError("a reply that is not a table")
        return answer

    subject = RemoteSubject(exercise, send)
    try:
        if not subject.defined():
            return missing(exercise, sources, errors)
        report = check_subject(subject, exercise)
    except (wire.WireError, ValueError, RecursionError) as problem:
        return ERROR, f"the kernel's answer could not be read ({str(problem)[:100]})"
    if report.status == "not implemented":
        return NOT_DONE, report.failure or "still raises NotImplementedError"
    if report.ok:
        return PASSED, f"all {report.total} checks passed"
    return (FAILED if report.status == "failed" else ERROR), report.failure


def reply_table(text: str) -> Any:
    """The JSON table inside the text of the kernel's reply (the repr of a str, read as data)."""
    if len(text) > wire.MAX_BYTES:
        raise wire.WireError(f"a reply of {len(text)} characters")
    try:
        inner = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise wire.WireError("a reply that is not text") from None
    if not isinstance(inner, str):
        raise wire.WireError("a reply that is not text")
    return json.loads(inner)


def missing(exercise: str, sources: list[str], errors: list[CellError]) -> tuple[str, str]:
    """An exercise whose function is not in the kernel: an error if a cell that defines it or
    comes before it raised, else not done."""
    defining = [n for n, s in enumerate(sources, 1) if re.search(rf"def\s+{exercise}\s*\(", s)]
    last = defining[-1] if defining else len(sources)
    crashes = [e for e in errors if e.cell <= last and e.kind != "NotImplementedError"]
    own = [e for e in crashes if e.cell in defining]
    if own or crashes:
        return ERROR, f"{exercise} is not defined: {where((own or crashes)[0], sources)}"
    return NOT_DONE, f"no function called {exercise} in the notebook"
