"""`sudoku-teach grade`: grade a class's notebooks, in parallel, each in its own sandbox.

Every option is checked before any notebook runs. The batch always finishes: a notebook
that cannot be read, run or judged gets an error line of its own, and the files asked for
(gradebook, long form, feedback) are always written.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from multiprocessing import get_context
from pathlib import Path

from ..errors import OutputError
from ..teacher import gradebook, sandbox, submissions
from ..teacher.grading import (
    ERROR,
    NOTEBOOK,
    PASSED,
    TIMED_OUT,
    Row,
    Settings,
    grade,
    lessons,
    optional_exercises,
)
from ..teacher.submissions import CANVAS, MOODLE, Student
from ..textfile import writable
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


def stop_on_interrupt() -> None:
    """In a worker: Ctrl-C ends the notebook being graded and every one after it at once."""
    def interrupted(signum: int, frame: object) -> None:
        if BUSY.is_set() and not STOPPING.is_set():  # once: not to break the kernel's stop
            STOPPING.set()
            raise KeyboardInterrupt
        STOPPING.set()

    signal.signal(signal.SIGINT, interrupted)


STOPPING = threading.Event()
"""Set in a worker once Ctrl-C came: the notebooks still queued are not started."""
BUSY = threading.Event()
"""Set in a worker while it grades a notebook (Ctrl-C interrupts only that)."""


def grade_in_worker(path: Path, settings: Settings) -> list[Row] | None:
    """One notebook's rows in a worker process; None once the batch is being stopped."""
    if STOPPING.is_set():
        return None
    BUSY.set()
    try:
        return grade_safely(path, settings)
    except KeyboardInterrupt:
        return None
    finally:
        BUSY.clear()


def grade_all(paths: list[Path], settings: Settings, jobs: int) -> Iterator[list[Row]]:
    """Each notebook's rows, in the order given, graded `jobs` at a time.

    Ctrl-C stops the batch within about a second: the workers stop their kernels (each is
    killed as its `with` block ends) and start no other notebook.
    """
    if jobs == 1:
        for path in paths:
            yield grade_safely(path, settings)
        return
    pool = ProcessPoolExecutor(jobs, mp_context=get_context("spawn"),
                               initializer=stop_on_interrupt)
    try:
        futures = [pool.submit(grade_in_worker, path, settings) for path in paths]
        for path, future in zip(paths, futures):
            try:
                rows = future.result()
            except BrokenProcessPool:
                rows = [Row(str(path), NOTEBOOK, ERROR, "the grader's worker process died")]
            if rows is None:  # a worker was interrupted (Ctrl-C reached it first)
                raise KeyboardInterrupt
            yield rows
    except KeyboardInterrupt:
        for process in list(getattr(pool, "_processes", {}).values()):
            with contextlib.suppress(OSError, AttributeError):
                os.kill(process.pid, signal.SIGINT)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    finally:
        pool.shutdown(wait=True)


def print_notebook(rows: list[Row], student: Student) -> None:
    """The report on one notebook for people: its name, then one line per exercise."""
    lms = f", {student.lms} id {student.lms_id}" if student.lms_id else ""
    late = ", handed in LATE" if student.late else ""
    print(f"{rows[0].notebook}  (student: {student.name}{lms}{late})")
    optional = optional_exercises()
    labels = [f"{row.exercise} (optional)" if row.exercise in optional else row.exercise
              for row in rows]
    width = max(map(len, labels))
    for row, label in zip(rows, labels):
        first = row.message.splitlines()[0] if row.message else ""
        detail = f"  {first}" if first and row.status != PASSED else ""
        print(f"  {label:<{width}}  {row.status}{detail}")
    exercises = [row for row in rows if row.exercise not in (NOTEBOOK, *optional)]
    if exercises:
        passed = sum(row.status == PASSED for row in exercises)
        print(f"  {passed} of {len(exercises)} exercises passed")




def cmd_grade(args: argparse.Namespace) -> int:
    """Grade every notebook; exit 1 if some notebook had a problem of its own."""
    found = submissions.find(args.notebooks)
    paths = [path for path, _ in found]
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
    settings = Settings(args.timeout, isolation, limits, scratch,
                        min(args.cell_timeout or args.timeout / 2, args.timeout))
    graded: gradebook.Graded = []
    start = time.monotonic()
    try:
        for rows, (path, root) in zip(grade_all(paths, settings, args.jobs), found):
            student = submissions.student_of(path, root, known())
            print_notebook(rows, student)
            print()
            sys.stdout.flush()  # a long batch shows each notebook as soon as it is graded
            graded.append((student, rows))
    except KeyboardInterrupt:
        print(f"\nStopped (Ctrl-C) after {len(graded)} of {len(paths)} notebooks: no file was"
              " written, the ones from before are as they were.", file=sys.stderr)
        return 130
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    write_files(args, graded)
    students = len({student.key for student, _ in graded})
    print(f"Graded {len(paths)} notebooks of {students} students in"
          f" {time.monotonic() - start:.1f} s.")
    problems = [r for _, rows in graded for r in rows
                if r.exercise == NOTEBOOK and r.status in (ERROR, TIMED_OUT)]
    return 1 if problems else 0


def write_files(args: argparse.Namespace, graded: gradebook.Graded) -> None:
    """The gradebook (plain, Moodle's or Canvas's), the long form and the feedback asked for."""
    book = gradebook.Gradebook.from_rows(graded, known())
    if args.csv and args.lms == MOODLE:
        files = book.write_moodle(Path(args.csv), gradebook.comments(graded, book))
        print(f"Moodle grading worksheet: {', '.join(map(str, files))} (one per lesson)")
    elif args.csv and args.lms == CANVAS:
        book.write_canvas(Path(args.csv))
        print(f"Canvas gradebook import: {args.csv} (one column per lesson)")
    elif args.csv:
        book.write_csv(Path(args.csv))
        print(f"Gradebook: {args.csv} (one row per student)")
    left = book.left_out(args.lms) if args.csv and args.lms else []
    if left:
        print(f"Not in the {args.lms} file (no {args.lms} id in their file or folder name):"
              f" {', '.join(left)}")
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
    """A file the grader may write (its folder there, itself no folder): said before grading."""
    try:
        writable(text)
    except OutputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def checked(args: argparse.Namespace, parser: argparse.ArgumentParser) -> argparse.Namespace:
    """Refuse, before anything runs, options that cannot work together or here."""
    if args.isolation == sandbox.BUBBLEWRAP and not sandbox.bubblewrap_works():
        parser.error("--isolation bubblewrap: bwrap is not installed or may not run here")
    missing = [name for name in args.notebooks if not os.path.lexists(name)]
    if missing:
        parser.error("no such file or folder: " + ", ".join(missing))
    if args.lms and not args.csv:
        parser.error(f"--lms {args.lms}: say where to write it with --csv FILE")
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
    grader.add_argument("--lms", choices=(MOODLE, CANVAS),
                        help="write --csv as Moodle's offline grading worksheet (one per lesson)"
                        " or as Canvas's gradebook import (see the teacher's guide)")
    grader.add_argument("--long-csv", type=output_file, metavar="FILE",
                        help="write one row per notebook and exercise, with its message")
    grader.add_argument("--feedback", metavar="FOLDER",
                        help="write one Markdown feedback file per student in this folder")
    grader.add_argument("--timeout", type=seconds, default=300, metavar="SECONDS",
                        help="time allowed for each notebook, checks included (default 300)")
    grader.add_argument("--cell-timeout", type=seconds, metavar="SECONDS",
                        help="time for each cell, and for each exercise's checks (default: half"
                        " of --timeout); one that runs over is left out, the rest"
                        " graded")
    grader.add_argument("-j", "--jobs", type=whole_number(1, MAX_JOBS), default=os.cpu_count() or 1,
                        metavar="N", help="notebooks graded at once (default: the machine's"
                        f" cores, {os.cpu_count() or 1} here)")
    grader.add_argument("--isolation", choices=sandbox.ISOLATIONS, default="auto",
                        help="auto (default): bubblewrap when it works here, else none")
    grader.add_argument("--memory", type=at_least_one, default=4096, metavar="MB",
                        help="memory each notebook's kernel may use (default 4096)")
    grader.set_defaults(run=lambda args: cmd_grade(checked(args, grader)))
    add_export_parser(commands)


# --- export-nbgrader ----------------------------------------------------------------------
def cmd_export(args: argparse.Namespace) -> int:
    """Write the series as an nbgrader course."""
    from ..teacher.nbgrader_export import export

    notebooks = Path(args.notebooks)
    if not any(notebooks.glob("[0-9][0-9]_*.ipynb")):
        print(f"sudoku-teach export-nbgrader: no lesson notebooks (NN_*.ipynb) in {notebooks};"
              " name the instructor notebooks' folder with --notebooks", file=sys.stderr)
        return 2
    written = export(notebooks, Path(args.course))
    print(f"Wrote an nbgrader course in {args.course}: {len(written) - 1} assignments in"
          " source/, and nbgrader_config.py. Next, in that folder:"
          " nbgrader generate_assignment 01_rules (see the teacher's guide).")
    return 0


def add_export_parser(commands: argparse._SubParsersAction) -> None:
    """The `export-nbgrader` command."""
    default = Path(__file__).resolve().parents[2] / "notebooks"
    exporter = commands.add_parser(
        "export-nbgrader",
        help="write the series as an nbgrader course (for schools that grade with nbgrader)",
        description="Write COURSE_DIR/source/<lesson>/<lesson>.ipynb for every lesson with"
        " exercises: solution cells, and a locked autograded test cell worth one point per"
        " exercise that runs the same checks as check(). nbgrader itself is not needed to"
        " export (pip install 'sudoku-teach[nbgrader]' to run it).",
    )
    exporter.add_argument("course", metavar="COURSE_DIR", help="the nbgrader course folder")
    exporter.add_argument("--notebooks", metavar="DIR", default=str(default),
                          help=f"the instructor notebooks (default {default})")
    exporter.set_defaults(run=cmd_export)
