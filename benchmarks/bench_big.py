"""Benchmark big grids: the fast solver against SAT on the package's own 16x16 and 25x25 puzzles.

    python benchmarks/bench_big.py [--puzzles 20] [--sizes 16,25]

For each size, `generate.new_puzzle(seed)` makes the puzzles (seeds 1, 2, ...), as
`sudoku-teach generate --size N --seed S` does; making them is timed too. On each puzzle,
in this one process: `fast.solve` and `fast.count_solutions(limit=2)`, against pycosat on
two encodings: the package's (`reductions.sat`, every rule clause of the size) and a
plain small one written here (variables only for the candidates the givens leave, the
"exactly one" clauses of each cell and of each number in each unit). Every answer is
checked by a checker written here: each solution must keep the givens and hold every
number once in each row, column and region, every count must be exactly 1 (SAT agrees,
no second solution), and no search may reach its node limit. The run fails otherwise.
Speed: total CPU seconds of this process (pycosat runs in it too; on a shared machine wall
time mostly measures the other jobs) and SAT's time over fast's (above 1: fast is faster).

Memory: a fresh process per size builds `fast`'s tables and counts the first puzzle
(peak traced by tracemalloc, and the process's peak resident size). The building is timed
while tracemalloc traces it, which makes it several times slower (25x25: about 0.2 s
untraced on a 2-core machine, 1.0-1.5 s traced).
"""

from __future__ import annotations

import argparse
import itertools
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable

import pycosat

from sudoku_teach import fast, generate
from sudoku_teach.reductions import sat
from sudoku_teach.shape import Shape

Cells = list[int]
JOBS = ("solve", "count")


# --- the independent checker ------------------------------------------------------------------
def box_of(n: int) -> tuple[int, int]:
    """Region rows and columns of a square size (16: 4x4, 25: 5x5)."""
    side = int(n**0.5)
    return side, side


def lines_of(n: int) -> list[list[int]]:
    """Every row, column and region as lists of cell numbers, worked out here."""
    br, bc = box_of(n)
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)]
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return rows + cols + boxes


def is_solution(puzzle: Cells, answer: Cells) -> bool:
    """Whether `answer` keeps every given and holds 1..n once in each row, column and region."""
    n = int(len(puzzle) ** 0.5)
    if any(given and given != value for given, value in zip(puzzle, answer)):
        return False
    every = set(range(1, n + 1))
    return all({answer[i] for i in line} == every for line in lines_of(n))


# --- a plain small SAT encoding ----------------------------------------------------------------
def small_encoding(puzzle: Cells) -> tuple[list[list[int]], dict[int, tuple[int, int]]]:
    """Clauses over the candidates the givens leave, and what each variable places."""
    n = int(len(puzzle) ** 0.5)
    lines = lines_of(n)
    seen: list[set[int]] = [set() for _ in puzzle]
    for line in lines:
        shown = {puzzle[i] for i in line if puzzle[i]}
        for i in line:
            seen[i] |= shown
    var: dict[tuple[int, int], int] = {}
    for i, given in enumerate(puzzle):
        if not given:
            for d in range(1, n + 1):
                if d not in seen[i]:
                    var[(i, d)] = len(var) + 1
    clauses: list[list[int]] = []

    def exactly_one(literals: list[int]) -> None:
        clauses.append(literals)
        clauses.extend([-a, -b] for a, b in itertools.combinations(literals, 2))

    for i, given in enumerate(puzzle):
        if not given:
            exactly_one([var[(i, d)] for d in range(1, n + 1) if (i, d) in var])
    for line in lines:
        shown = {puzzle[i] for i in line if puzzle[i]}
        for d in set(range(1, n + 1)) - shown:
            exactly_one([var[(i, d)] for i in line if (i, d) in var])
    return clauses, {v: key for key, v in var.items()}


def small_sat(puzzle: Cells, limit: int) -> list[Cells]:
    """Up to `limit` solutions by pycosat on the small encoding (each blocked in turn)."""
    clauses, placed = small_encoding(puzzle)
    found: list[Cells] = []
    while len(found) < limit:
        model = pycosat.solve(clauses)
        if model == "UNSAT":
            break
        answer = list(puzzle)
        for literal in model:
            if literal > 0:
                cell, d = placed[literal]
                answer[cell] = d
        found.append(answer)
        clauses.append([-literal for literal in model if literal > 0])
    return found


# --- the solvers as the benchmark calls them ---------------------------------------------------
def by_fast(puzzle: Cells, shape: Shape, limit: int) -> list[Cells]:
    """fast's solutions (up to `limit`); a node limit is a failure of the run."""
    from sudoku_teach.grid import Grid

    result = fast.count_solutions(Grid(puzzle, shape), limit)
    if result.status == "node limit":
        raise SystemExit(f"fast reached its node limit on a {shape.size}x{shape.size} puzzle")
    return [list(found.numbers) for found in result.solutions]


def by_package_sat(puzzle: Cells, shape: Shape, limit: int) -> list[Cells]:
    """The package's SAT reduction (every rule clause of the size, then the givens)."""
    from sudoku_teach.grid import Grid

    return [list(g.numbers) for g in sat.count_solutions(Grid(puzzle, shape), limit).solutions]


def by_small_sat(puzzle: Cells, shape: Shape, limit: int) -> list[Cells]:
    """pycosat on the small encoding written above."""
    return small_sat(puzzle, limit)


SOLVERS: dict[str, Callable[[Cells, Shape, int], list[Cells]]] = {
    "fast": by_fast,
    "SAT (package encoding)": by_package_sat,
    "SAT (small encoding)": by_small_sat,
}


def run_size(size: int, count: int) -> list[str]:
    """Make `count` puzzles of a size, race the solvers on them; the problems found."""
    shape = Shape.for_size(size)
    made, made_cpu, puzzles = [], [], []
    for seed in range(1, count + 1):
        begin, begin_cpu = time.perf_counter(), time.process_time()
        puzzles.append(list(generate.new_puzzle(seed, shape).numbers))
        made.append(time.perf_counter() - begin)
        made_cpu.append(time.process_time() - begin_cpu)
    givens = [sum(1 for v in p if v) for p in puzzles]
    print(f"\n{size}x{size}: {count} puzzles from `generate --size {size}` (seeds 1-{count}),"
          f" {min(givens)}-{max(givens)} givens; making one: median"
          f" {statistics.median(made):.2f} s, max {max(made):.2f} s (CPU time: median"
          f" {statistics.median(made_cpu):.2f} s, max {max(made_cpu):.2f} s)")
    seconds = {(name, job): 0.0 for name in SOLVERS for job in ("solve", "count")}
    problems = []
    for number, puzzle in enumerate(puzzles, 1):
        for name, solver in SOLVERS.items():
            for job, limit in (("solve", 1), ("count", 2)):
                begin = time.process_time()
                found = solver(puzzle, shape, limit)
                seconds[(name, job)] += time.process_time() - begin
                if len(found) != 1 or not is_solution(puzzle, found[0]):
                    problems.append(f"{size}x{size} seed {number}: {name} {job} found"
                                    f" {len(found)} solutions, or a wrong one")
    print(f"  {'solver':<24} {'solve s':>9} {'count s':>9}   (CPU, total over {count} puzzles)")
    for name in SOLVERS:
        print(f"  {name:<24} {seconds[(name, 'solve')]:>9.2f} {seconds[(name, 'count')]:>9.2f}")
    for name in list(SOLVERS)[1:]:
        solve, count_ = (seconds[(name, job)] / seconds[("fast", job)] for job in JOBS)
        print(f"  {name} / fast: solve {solve:.2f}x, count to two {count_:.2f}x")
    verdict = "all right" if not problems else "WRONG"
    print(f"  every answer checked: {verdict}; no node limit reached")
    return problems


def memory(size: int) -> None:
    """(In a fresh process.) Build fast's tables and count one puzzle; print the peaks."""
    shape = Shape.for_size(size)
    puzzle = generate.new_puzzle(1, shape)  # tables built here, before tracing: see below
    tracemalloc.start()
    fast._cover.cover.cache_clear()
    begin = time.perf_counter()
    fast._cover.cover(shape)
    built = time.perf_counter() - begin
    tables = tracemalloc.get_traced_memory()[1]
    fast.count_solutions(puzzle, 2)
    peak = tracemalloc.get_traced_memory()[1]
    rss = peak_resident_mb()
    print(f"  {size}x{size}: tables {tables / 2**20:.0f} MB built in {built:.2f} s (traced: several"
          f" times slower than untraced); counting a"
          f" puzzle: peak {peak / 2**20:.0f} MB traced; process peak {rss:.0f} MB resident")


def peak_resident_mb() -> float:
    """This process's peak resident size in MB: Linux's VmHWM, which starts afresh at exec.

    (`ru_maxrss` is not used where VmHWM exists: on Linux a child started by the benchmark
    reported the parent's peak, 243 MB for both sizes after the package's SAT clauses.)
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=20, help="puzzles per size (default 20)")
    parser.add_argument("--sizes", default="16,25", help="comma-separated sizes (default 16,25)")
    parser.add_argument("--memory", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:
        memory(args.memory)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    problems = []
    for size in sizes:
        problems += run_size(size, args.puzzles)
    print("\nmemory (a fresh process per size):")
    for size in sizes:
        subprocess.run([sys.executable, __file__, "--memory", str(size)], check=True)
    for problem in problems:
        print(f"  WRONG: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
