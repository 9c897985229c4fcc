"""Benchmark `sudoku-teach grade` on a made-up class: the same batch with -j 1 and -j 2.

Each of `--students` students hands in every lesson named (`--lessons`, default all of
the series), half of them the instructor's notebooks (every exercise passes), half the
untouched student versions (nothing done): one folder per student. The batch is graded
once per `--jobs` value, in this process's own grader, and the times are printed with
the speed-up over the first. The gradebooks of all runs must agree, and no notebook may
get an error or time out (the run fails otherwise, naming the lines that went wrong).

    python benchmarks/bench_grading.py                       # 30 students, all lessons
    python benchmarks/bench_grading.py --students 4 --lessons 00,01,08
"""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sudoku_teach.cli import main as cli

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def make_class(folder: Path, students: int, lessons: list[str]) -> int:
    """One folder per student with their notebooks; how many notebooks in all."""
    series = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    chosen = [p for p in series if not lessons or p.name[:2] in lessons]
    for number in range(students):
        mine = folder / f"student-{number:02d}"
        mine.mkdir(parents=True)
        source = NOTEBOOKS if number % 2 == 0 else NOTEBOOKS / "student"
        for path in chosen:
            shutil.copy(source / path.name, mine / path.name)
    return students * len(chosen)


def grade(batch: Path, jobs: int, book: Path, timeout: float) -> tuple[float, list[str]]:
    """Grade the batch with `jobs` at a time: the seconds it took, and the lines that went wrong.

    Every notebook of the made-up class either passes or is not done, so an "error" or
    "timed out" line is the grader's own trouble (a kernel that died, a machine too busy).
    """
    start = time.perf_counter()
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        cli(["grade", str(batch), "-j", str(jobs), "--timeout", str(timeout), "--csv", str(book)])
    took = time.perf_counter() - start
    trouble = [line.strip() for line in report.getvalue().splitlines()
               if line.startswith("  ") and (" error" in line or " timed out" in line)]
    return took, trouble


def main() -> int:
    """Build the class, grade it once per --jobs value, print the times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--lessons", default="", help="lesson numbers, e.g. 00,01 (default all)")
    parser.add_argument("--jobs", default="1,2", help="the -j values to time (default 1,2)")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    lessons = [n.strip() for n in args.lessons.split(",") if n.strip()]
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as scratch:
        batch = Path(scratch) / "class"
        count = make_class(batch, args.students, lessons)
        print(f"{args.students} students, {count} notebooks (lessons: {args.lessons or 'all'})")
        books, first, failed = [], None, False
        for jobs in [int(j) for j in args.jobs.split(",")]:
            book = Path(scratch) / f"grades-j{jobs}.csv"
            took, trouble = grade(batch, jobs, book, args.timeout)
            first = first or took
            print(f"-j {jobs}: {took:7.1f} s  ({took / count:.2f} s a notebook,"
                  f" {first / took:.2f}x the first)", flush=True)
            for line in trouble:
                print(f"   went wrong: {line}")
            books.append(book.read_text(encoding="utf-8-sig"))
            failed = failed or bool(trouble)
    if any(book != books[0] for book in books):
        print("the gradebooks differ between runs", file=sys.stderr)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
