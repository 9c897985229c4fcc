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
import contextlib
import importlib
import json
import os
import pkgutil
import re
import secrets
import shutil
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import NotebookFileError
from ..exercises import wire
from ..exercises.framework import REGISTRY, TIME_LIMIT, Report, check_subject
from ..exercises.remote import RemoteSubject
from ..exercises.subject import Case, Outcome
from .kernel import CellError, Kernel, KernelDied, OutOfTime
from .notebook_tools import parse
from .sandbox import Limits, make_folder

PASSED, FAILED, NOT_DONE, ERROR, TIMED_OUT = "passed", "failed", "not done", "error", "timed out"
TAMPERED = "tampered"
STATUSES = (PASSED, FAILED, NOT_DONE, ERROR, TIMED_OUT, TAMPERED)
GUARD = "__import__('sudoku_teach.exercises.tamper').exercises.tamper.guard()"
"""Run in the kernel before the notebook: keeps the answering machinery (`tamper.guard`)."""
LEFT_OUT = ("(ran over its time)", "(stopped the kernel)")
"""The kinds of a cell left out of the next run (never an exception's name)."""
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
    """How to grade: time per notebook, the isolation chosen, limits, where sandboxes go, and
    the time each cell or exercise's checks may take (`step`, half the notebook's)."""

    timeout: float
    isolation: str
    limits: Limits
    scratch: Path
    step: float = 0.0

    def __post_init__(self) -> None:
        if not self.step:
            object.__setattr__(self, "step", self.timeout / 2)


# --- which exercises a notebook has ------------------------------------------------------
def lessons() -> dict[str, list[str]]:
    """Every lesson's exercise names in order, from the exercise modules' `LESSON` (worked
    examples are shown, not written: they are not graded)."""
    from .. import exercises
    from ..exercises.framework import Exercise

    found = {}
    for info in pkgutil.iter_modules(exercises.__path__):
        module = importlib.import_module(f"{exercises.__name__}.{info.name}")
        lesson = getattr(module, "LESSON", None)
        if lesson:
            found[lesson] = [v.name for v in vars(module).values()
                             if isinstance(v, Exercise) and not v.worked_example]
    return found


def optional_exercises() -> set[str]:
    """The exercises of the lessons' optional parts: graded and reported, never counted."""
    return {name for name, exercise in REGISTRY.items() if exercise.optional}


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


def read_bytes(path: Path) -> bytes:
    """A file's bytes, never through a symbolic link: NotebookFileError when it is not a file."""
    if path.is_symlink():
        raise NotebookFileError(f"a symbolic link (to {os.readlink(path)}): not followed")
    if not path.is_file():
        raise NotebookFileError("no such file")
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise NotebookFileError(f"cannot be opened ({error.strerror})") from None
    with open(handle, "rb") as file:
        return file.read()


def read(path: Path) -> dict[str, Any]:
    """The notebook as JSON data: NotebookFileError saying plainly why a file is not a notebook."""
    return parse(read_bytes(path))


def first_line(source: str) -> str:
    """A cell's first non-empty line, short: how a teacher finds the cell."""
    line = next((line.strip() for line in source.splitlines() if line.strip()), "")
    return line if len(line) <= 60 else line[:57] + "..."


def where(error: CellError, sources: list[str]) -> str:
    """Which cell raised what (or was left out, and why), in words."""
    cell = f"code cell {error.cell} (`{first_line(sources[error.cell - 1])}`)"
    if error.kind in LEFT_OUT:
        return f"{cell} {error.message}"
    return f"{cell} raised {error.kind}: {error.message}"


# --- grading ------------------------------------------------------------------------------
def grade(path: Path, settings: Settings, known: dict[str, list[str]]) -> list[Row]:
    """The rows for one submitted notebook; one that cannot be run gets one error row."""
    name = str(path)
    try:
        content = read_bytes(path)
        notebook = parse(content)
        sources = code_cells(notebook)
    except ValueError as unreadable:
        text = str(unreadable)
        return [Row(name, NOTEBOOK, ERROR, text if any(
            word in text for word in ("notebook", "file", "link", "opened"))
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
    folder = make_folder(content, settings.scratch)
    try:
        found = run_and_judge(sources, known[lesson], folder, settings)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return [Row(name, exercise, status, message, lesson) for exercise, status, message in found]


@dataclass
class Run:
    """What one notebook's runs found so far: the cells left out, the verdicts given."""

    sources: list[str]
    exercises: list[str]
    settings: Settings
    left_out: dict[int, CellError] = field(default_factory=dict)
    """Cells that ran out of their time or stopped the kernel: the next run skips them."""
    verdicts: dict[str, tuple[str, str]] = field(default_factory=dict)
    errors: list[CellError] = field(default_factory=list)
    tampered: set[str] = field(default_factory=set)
    """What the notebook's cells changed in the answering machinery (`tamper.guard`)."""
    doing: int | str | None = None
    """What runs now: a cell's number, an exercise's name, or None (the kernel starting)."""

    def step_deadline(self, deadline: float) -> float:
        """When the step starting now must end: its own share, within the notebook's time."""
        return min(deadline, time.monotonic() + self.settings.step)


def run_and_judge(
    sources: list[str], exercises: list[str], folder: Path, settings: Settings
) -> list[tuple[str, str, str]]:
    """Run the cells in a sandboxed kernel, then judge each exercise: (exercise, status, why).

    Each cell and each exercise's checks have their own share of the time (`Settings.step`):
    one that runs past it, or stops the kernel, is left out and the notebook is run again
    without it, so one runaway cell costs only itself and a verdict once given stays.
    """
    deadline = time.monotonic() + settings.timeout
    run = Run(sources, exercises, settings)
    while True:
        try:
            run_once(run, folder, deadline)
            break
        except (OutOfTime, KernelDied) as stop:
            if not give_up_on_step(run, stop, deadline):
                return finish(run, stop)
    return finish(run, None)


def run_once(run: Run, folder: Path, deadline: float) -> None:
    """One run of the notebook: start a kernel, run the cells not left out, judge the rest."""
    run.errors, run.doing = [], None
    token = f"_sudoku_grader_{secrets.token_hex(8)}"
    settings = run.settings
    with Kernel(folder, settings.isolation, settings.limits, deadline) as kernel:
        kernel.execute(f"__import__('builtins').{token} = {GUARD}", 0, "None")
        for cell, source in enumerate(run.sources, 1):
            if cell in run.left_out:
                continue
            run.doing, kernel.deadline = cell, run.step_deadline(deadline)
            error = kernel.execute(source, cell).error
            if error is not None:
                run.errors.append(error)
        for exercise in run.exercises:
            if exercise not in run.verdicts:
                run.doing, kernel.deadline = exercise, run.step_deadline(deadline)
                run.verdicts[exercise] = judge_one(kernel, token, exercise, run)


def give_up_on_step(run: Run, stop: Exception, deadline: float) -> bool:
    """Leave out the step that ran over or stopped the kernel; False when nothing can go on
    (the kernel's start, or the notebook's own time)."""
    if run.doing is None or time.monotonic() >= deadline:
        return False
    seconds = f"{run.settings.step:g}"
    if isinstance(run.doing, int):
        how = (f"was still running after {seconds} seconds" if isinstance(stop, OutOfTime)
               else f"stopped the notebook's Python ({stop}; out of memory?)")
        kind = LEFT_OUT[0] if isinstance(stop, OutOfTime) else LEFT_OUT[1]
        run.left_out[run.doing] = CellError(run.doing, kind, how)
    else:
        run.verdicts[run.doing] = stuck(run, run.doing, stop)
    return True


def stuck(run: Run, exercise: str, stop: Exception) -> tuple[str, str]:
    """The verdict on an exercise whose checks ran over their time or stopped the kernel (the
    checks' own time limit could not stop it: the kernel was killed, so its case is unknown)."""
    if isinstance(stop, OutOfTime):
        return TIMED_OUT, (f"{exercise} never returned: its checks were still running after"
                           f" {run.settings.step:g} seconds, and could not be stopped")
    return ERROR, f"{exercise} stopped the notebook's Python during its checks ({stop})"


def finish(run: Run, stop: Exception | None) -> list[tuple[str, str, str]]:
    """The rows: the notebook's own, then each exercise (those never judged say why)."""
    more: list[tuple[str, str, str]] = []
    if run.tampered:
        more.append((NOTEBOOK, TAMPERED, "the notebook replaced or patched the checks'"
                     f" machinery ({', '.join(sorted(run.tampered))}); it was put back, and"
                     " each exercise judged on its own code"))
    for _, error in sorted(run.left_out.items()):
        status = TIMED_OUT if error.kind == LEFT_OUT[0] else ERROR
        more.append((NOTEBOOK, status, where(error, run.sources)
                     + ": it was left out, and the notebook run again without it"))
    if stop is not None:
        more.append(notebook_stop(run, stop))
    rows = notebook_rows(run.errors, run.sources, *more)
    why = more[-1][1:] if stop is not None else (ERROR, "not judged")
    return rows + [(e, *run.verdicts.get(e, why)) for e in run.exercises]


def notebook_stop(run: Run, stop: Exception) -> tuple[str, str, str]:
    """The row about a run that could not go on: out of the notebook's time, or no kernel."""
    doing = (f"code cell {run.doing} (`{first_line(run.sources[run.doing - 1])}`)"
             if isinstance(run.doing, int) else f"the checks of {run.doing}" if run.doing
             else "the kernel's start")
    if isinstance(stop, OutOfTime):
        return NOTEBOOK, TIMED_OUT, (f"stopped after {run.settings.timeout:g} seconds, still"
                                     f" running {doing}")
    doing = (f"in code cell {run.doing}" if isinstance(run.doing, int)
             else f"during the checks of {run.doing}" if run.doing else "as it started")
    return NOTEBOOK, ERROR, (f"the notebook's Python (kernel) stopped {doing} ({stop};"
                             " out of memory, or too many processes?)")


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


CURRENT: dict[str, Any] = {}
"""The case each exercise's checks were on last (to say which one never returned)."""


@dataclass
class Watched(RemoteSubject):
    """A student's function in their kernel, noting the case of each answer that comes back."""

    def run(self, cases: Sequence[Case], limit: float) -> Iterator[Outcome]:
        """Every case in one request, as `RemoteSubject.run`; each answer's case is noted."""
        for case, outcome in zip(cases, super().run(cases, limit)):
            CURRENT[self.name] = case
            yield outcome


def judge_one(kernel: Kernel, token: str, exercise: str, run: Run) -> tuple[str, str]:
    """One exercise's status and message, judged here on answers from the kernel."""
    touched: set[str] = set()

    def send(request: dict[str, Any]) -> dict[str, Any]:
        code = f"__import__('builtins').{token}({json.dumps(request)!r})"
        reply = kernel.execute("", 0, code)
        if reply.value is None:
            raised = reply.error and f": it raised {reply.error.kind}: {reply.error.message}"
            touched.add("the grader's way in")
            raise wire.WireError(f"no reply{raised or ''}")
        answer = reply_table(reply.value)
        if not isinstance(answer, dict):
            raise wire.WireError("a reply that is not a table")
        changed = answer.pop("tampered", [])
        if isinstance(changed, list):
            touched.update(str(name)[:80] for name in changed[:20])
        return answer

    CURRENT.pop(exercise, None)
    subject = Watched(exercise, send)
    try:
        defined = subject.defined()
        before, touched = set(touched), set()  # what the cells (or earlier checks) changed
        run.tampered |= before
        if not defined:
            return missing(exercise, run.sources, run.errors + list(run.left_out.values()))
        report = check_subject(subject, exercise)
    except (wire.WireError, ValueError, RecursionError) as problem:
        with contextlib.suppress(wire.WireError, ValueError, RecursionError):
            subject.defined()  # the next reply says what the last call changed, if anything
        run.tampered |= touched
        if touched or run.tampered:
            what = f" ({', '.join(sorted(touched))})" if touched else ""
            return TAMPERED, (f"the answers to the checks could not be read ({str(problem)[:100]})"
                              f" after the notebook changed the checks' machinery{what}")
        return ERROR, f"the kernel's answer could not be read ({str(problem)[:100]})"
    if touched or defined_with(exercise, run):
        run.tampered |= touched
        what = ", ".join(sorted(touched)) or "in the cell that defines it"
        return TAMPERED, f"{exercise} changed the checks' machinery ({what})"
    return verdict(exercise, report)


def defined_with(exercise: str, run: Run) -> bool:
    """Whether the cell that defines the exercise is one that changed the machinery."""
    names = {name.rsplit(".", 1)[-1] for name in run.tampered}
    cells = [s for s in run.sources if re.search(rf"def\s+{exercise}\s*\(", s)]
    return any(re.search(rf"\.{re.escape(n)}\b\s*(=|\.\w+\()", s) or
               re.search(rf"setattr\(.*{re.escape(n)}", s) for s in cells[-1:] for n in names)


def verdict(exercise: str, report: Report) -> tuple[str, str]:
    """A judged exercise in the grader's words (a case that never returned is "timed out")."""
    if report.status == "not implemented":
        return NOT_DONE, report.failure or "still raises NotImplementedError"
    if report.ok:
        return PASSED, f"all {report.total} checks passed"
    case = CURRENT.get(exercise)
    if report.failure.startswith("First problem:") and "was still running after" in report.failure:
        call = f"{exercise}({REGISTRY[exercise].describe(case)})" if case is not None else exercise
        return TIMED_OUT, (f"{call} never returned: still running after {TIME_LIMIT} seconds of"
                           f" computing ({report.passed} of {report.total} checks passed before"
                           " it)")
    return (FAILED if report.status == "failed" else ERROR), report_text(report)


def report_text(report: Report) -> str:
    """A failed check in the words `check()` uses in class: the count, the case, the hint."""
    lines = [f"{report.passed} of {report.total} checks passed.", report.failure]
    if report.hint:
        lines.append(f"Hint: {report.hint}")
    return "\n".join(lines)


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
