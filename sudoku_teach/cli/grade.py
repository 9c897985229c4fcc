"""`sudoku-teach grade`: grade a class's notebooks, in parallel, each in its own sandbox.

Every option is checked before any notebook runs. The batch always finishes: a notebook
that cannot be read, run or judged gets an error line of its own, and the files asked for
(gradebook, long form, feedback) are always written.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from multiprocessing import get_context
from pathlib import Path

from ..teacher import gradebook, sandbox
from ..teacher.grading import ERROR, NOTEBOOK, PASSED, TIMED_OUT, Row, Settings, grade, lessons
from .options import at_least_one, shown, whole_number

MAX_SECONDS = 24 * 60 * 60
MAX_JOBS = 256


@cache
def known() -> dict[str, list[str]]:
    """Every lesson's exercises (once per process)."""
    return lessons()


def grade_safely(path: Path, settings: Settings) -> list[Row]:
    """One notebook's rows; a failure of the grader itself is that notebook's error only."""
    try:
        return grade(path, settings, known())
    except Exception as error:  # whatever happened, the rest of the batch goes on
        return [Row(str(path), NOTEBOOK, ERROR,
                    f"the grader failed on this notebook: {type(error).__name__}: {error}")]


def grade_all(paths: list[Path], settings: Settings, jobs: int) -> Iterator[list[Row]]:
    """Each notebook's rows, in the order given, graded `jobs` at a time."""
    if jobs == 1:
        for path in paths:
            yield grade_safely(path, settings)
        return
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(grade_safely, path, settings) for path in paths]
        for path, future in zip(paths, futures):
            try:
                yield future.result()
            except BrokenProcessPool:
                yield [Row(str(path), NOTEBOOK, ERROR, "the grader's worker process died")]


def print_notebook(rows: list[Row], student: str) -> None:
    """The report on one notebook for people: its name, then one line per exercise."""
    print(f"{rows[0].notebook}  (student: {student})")
    width = max(len(row.exercise) for row in rows)
    for row in rows:
        first = row.message.splitlines()[0] if row.message else ""
        detail = f"  {first}" if first and row.status != PASSED else ""
        print(f"  {row.exercise:<{width}}  {row.status}{detail}")
    exercises = [row for row in rows if row.exercise != NOTEBOOK]
    if exercises:
        passed = sum(row.status == PASSED for row in exercises)
        print(f"  {passed} of {len(exercises)} exercises passed")


def submissions(given: list[str]) -> list[Path]:
    """The notebooks named, and every notebook in the folders named (checkpoints left out)."""
    found = []
    for name in given:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb")
                            if ".ipynb_checkpoints" not in p.parts and p.is_file())
        else:
            found.append(path)
    return found


def cmd_grade(args: argparse.Namespace) -> int:
    """Grade every notebook; exit 1 if some notebook had a problem of its own."""
    paths = submissions(args.notebooks)
    if not paths:
        print("sudoku-teach grade: no notebooks (.ipynb) found in "
              + ", ".join(args.notebooks), file=sys.stderr)
        return 2
    isolation = sandbox.choose(args.isolation)
    limits = sandbox.Limits(cpu_seconds=math.ceil(args.timeout) + 5,
                            memory_bytes=args.memory * 2**20)
    print(sandbox.describe(isolation, limits, args.isolation))
    print(f"Grading {len(paths)} notebook{'s' * (len(paths) != 1)}, {args.jobs} at a time,"
          f" {args.timeout:g} seconds each.\n")
    sys.stdout.flush()
    scratch = Path(tempfile.mkdtemp(prefix="sudoku-grade-"))
    settings = Settings(args.timeout, isolation, limits, scratch)
    graded: list[tuple[str, list[Row]]] = []
    start = time.monotonic()
    try:
        for path, rows in zip(paths, grade_all(paths, settings, args.jobs)):
            student = gradebook.student_of(path, known())
            print_notebook(rows, student)
            print()
            sys.stdout.flush()  # a long batch shows each notebook as soon as it is graded
            graded.append((student, rows))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    write_files(args, graded)
    students = len({student for student, _ in graded})
    print(f"Graded {len(paths)} notebooks of {students} students in"
          f" {time.monotonic() - start:.1f} s.")
    problems = [r for _, rows in graded for r in rows
                if r.exercise == NOTEBOOK and r.status in (ERROR, TIMED_OUT)]
    return 1 if problems else 0


def write_files(args: argparse.Namespace, graded: list[tuple[str, list[Row]]]) -> None:
    """The gradebook, the long form and the feedback files asked for."""
    book = gradebook.Gradebook.from_rows(graded, known())
    if args.csv:
        book.write_csv(Path(args.csv))
        print(f"Gradebook: {args.csv} (one row per student)")
    if args.long_csv:
        gradebook.write_long_csv(graded, Path(args.long_csv))
        print(f"Long form: {args.long_csv} (one row per notebook and exercise)")
    if args.feedback:
        count = gradebook.write_feedback(graded, book, Path(args.feedback))
        print(f"Feedback: {count} files in {args.feedback}")


# --- options ------------------------------------------------------------------------------
def seconds(text: str) -> float:
    """An option value that must be a finite number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds above 0, up to {MAX_SECONDS:,} (a day),"
            f" got {shown(text)}"
        )
    return value


def output_file(text: str) -> str:
    """A file the grader may write: its folder must exist, and it must not be a folder."""
    path = Path(text)
    if path.is_dir() or not path.resolve().parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write a file at {text!r}")
    return text


def checked(args: argparse.Namespace, parser: argparse.ArgumentParser) -> argparse.Namespace:
    """Refuse, before anything runs, options that cannot work together or here."""
    if args.isolation == sandbox.BUBBLEWRAP and not sandbox.bubblewrap_works():
        parser.error("--isolation bubblewrap: bwrap is not installed or may not run here")
    if args.feedback and Path(args.feedback).is_file():
        parser.error(f"--feedback {args.feedback}: that is a file, not a folder")
    return args


def add_grade_parser(commands: argparse._SubParsersAction) -> None:
    """The `grade` command and its options."""
    grader = commands.add_parser(
        "grade",
        help="grade student notebooks, each in a sandbox, into a gradebook",
        description="Run each submitted notebook in a fresh kernel in its own sandbox, within"
        " a time limit, and judge every exercise from outside it: passed, failed, not done,"
        " error or timed out. On Linux with bubblewrap the sandbox has no network and sees"
        " none of your files; elsewhere the output says there is no isolation. Exit 1 if"
        " some notebook could not be read or run cleanly.",
    )
    grader.add_argument("notebooks", nargs="+", metavar="SUBMISSION",
                        help="notebooks, or folders of them (one folder per student works)")
    grader.add_argument("--csv", type=output_file, metavar="FILE",
                        help="write the gradebook: one row per student, a column per exercise")
    grader.add_argument("--long-csv", type=output_file, metavar="FILE",
                        help="write one row per notebook and exercise, with its message")
    grader.add_argument("--feedback", metavar="FOLDER",
                        help="write one Markdown feedback file per student in this folder")
    grader.add_argument("--timeout", type=seconds, default=300, metavar="SECONDS",
                        help="time allowed for each notebook, checks included (default 300)")
    grader.add_argument("-j", "--jobs", type=whole_number(1, MAX_JOBS), default=os.cpu_count() or 1,
                        metavar="N", help="notebooks graded at once (default: the machine's"
                        f" cores, {os.cpu_count() or 1} here)")
    grader.add_argument("--isolation", choices=sandbox.ISOLATIONS, default="auto",
                        help="auto (default): bubblewrap when it works here, else none")
    grader.add_argument("--memory", type=at_least_one, default=4096, metavar="MB",
                        help="memory each notebook's kernel may use (default 4096)")
    grader.set_defaults(run=lambda args: cmd_grade(checked(args, grader)))
