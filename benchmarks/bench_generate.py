"""Benchmark counting to two and making puzzles; run by `bench.py` after the solver tables.

Counting: the yardstick solver finds one solution (the baseline of every ratio); the same
classic search counting on to a second solution (an independent counter: every count
is checked against it); the fast counter; hodoku-py's counter when it is installed.

Making puzzles: full grids by each method; minimal 9x9 puzzles by `generate.random_puzzle`
against the earlier way (a full count to two after every removal, run here in the same
process as the baseline); the source's uniqueness check (the plain in-order search that
goes on after the first solution) against the fast counter; hodoku-py's raw generator
(symmetric, not minimal) when installed. Every puzzle made is checked with the
independent counter: exactly one solution.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bench import DIGITS, SQUARES, classic_assign, yardstick

from sudoku_teach import fast, generate
from sudoku_teach.generate import grids
from sudoku_teach.search import count_solutions as count_by_search
from sudoku_teach.shape import CLASSIC

MINIMAL_TARGET_MS = 5.0


def hodoku() -> Any | None:
    """The hodoku package if it is installed (it is not a dependency of ours)."""
    try:
        import hodoku as module
    except ImportError:
        return None
    return module


# --- the independent counter: the yardstick's search, going on after the first solution ------
def classic_count(values: dict[str, str], limit: int) -> int:
    """Solutions below this board, up to `limit`, guessing where fewest digits are left."""
    if all(len(values[sq]) == 1 for sq in SQUARES):
        return 1
    _, sq = min((len(values[sq]), sq) for sq in SQUARES if len(values[sq]) > 1)
    found = 0
    for digit in values[sq]:
        child = values.copy()
        if classic_assign(child, sq, digit):
            found += classic_count(child, limit - found)
            if found >= limit:
                break
    return found


def yardstick_count(puzzle: str, limit: int = 2) -> int:
    """How many solutions a puzzle string has, up to `limit`, by the classic search."""
    values = {sq: DIGITS for sq in SQUARES}
    for sq, char in zip(SQUARES, puzzle):
        if char in DIGITS and not classic_assign(values, sq, char):
            return 0
    return classic_count(values, limit)


# --- timing helpers ------------------------------------------------------------------------
def timed(fn: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """A call's result and its seconds."""
    begin = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - begin


def row(name: str, seconds: list[float], base: float | None, note: str = "") -> None:
    """One line of a table: median and total milliseconds, and the speed against `base`."""
    total = sum(seconds)
    speed = f"{base / total:.2f}x" if base else "-"
    print(f"  {name:<34} {1000 * statistics.median(seconds):>9.2f} {1000 * total:>10.0f}"
          f" {speed:>9}  {note}")


def header(title: str) -> None:
    print(f"\n{title}")
    print(f"  {'':<34} {'median ms':>9} {'total ms':>10} {'speed':>9}")


# --- counting to two ---------------------------------------------------------------------------
def count_table(label: str, puzzles: list[str]) -> list[str]:
    """Time every counter on every puzzle; the problems found (counts that disagree)."""
    hd = hodoku()
    counters: dict[str, Callable[[str], int]] = {
        "yardstick count (classic, to 2)": yardstick_count,
        "fast count_solutions(limit=2)": lambda p: fast.count_solutions(p, 2).count,
    }
    if hd is not None:
        validator = hd.Generator()
        answers = {"valid": 1, "multiple": 2, "invalid": 0}
        counters["hodoku-py validate"] = lambda p: answers[validator.validate(p.replace(".", "0"))]
    times: dict[str, list[float]] = {"yardstick solve (baseline)": [], **{n: [] for n in counters}}
    problems = []
    for number, puzzle in enumerate(puzzles, 1):
        times["yardstick solve (baseline)"].append(timed(yardstick, puzzle)[1])
        expected = None
        for name, count in counters.items():
            found, seconds = timed(count, puzzle)
            times[name].append(seconds)
            expected = found if expected is None else expected
            if found != expected:
                problems.append(f"{label} puzzle {number}: {name} counts {found}, not {expected}")
    header(f"counting to two: {label} ({len(puzzles)} puzzles; speed against the yardstick solve)")
    base = sum(times["yardstick solve (baseline)"])
    for name, seconds in times.items():
        row(name, seconds, base)
    return problems


# --- making grids and puzzles --------------------------------------------------------------------
def old_minimal_puzzle(seed: int) -> str:
    """The earlier way: count solutions to two after every removal (the baseline)."""
    rng = random.Random(seed)
    solution = grids.full_grid(rng)
    order = list(range(81))
    rng.shuffle(order)
    cells = list(solution.numbers)
    for cell in order:
        number, cells[cell] = cells[cell], 0
        if fast.count_solutions(cells_text(cells), 2).count != 1:
            cells[cell] = number
    return cells_text(cells)


def cells_text(cells: list[int]) -> str:
    return "".join(str(v) if v else "." for v in cells)


def grid_table(count: int) -> None:
    """Full 9x9 grids by each method: time and backtracks."""
    header(f"full 9x9 grids ({count} seeds each; speed against recursive filling)")
    base = None
    makers = generate.GRID_MAKERS
    runs: dict[str, list[Any]] = {name: [] for name in makers}
    seconds: dict[str, list[float]] = {name: [] for name in makers}
    for seed in range(count):  # taking turns, as above
        for name, make in makers.items():
            run, took = timed(make, random.Random(seed), CLASSIC)
            runs[name].append(run)
            seconds[name].append(took)
    for name in makers:
        base = base or sum(seconds[name])
        backtracks = statistics.median(run.stats.backtracks for run in runs[name])
        row(name, seconds[name], base, f"median backtracks {backtracks:g}")


def puzzle_table(count: int) -> list[str]:
    """Minimal puzzles: new way, old way, hodoku-py's raw generator; each checked."""
    problems: list[str] = []
    makers: dict[str, Callable[[int], str]] = {  # the first is the baseline
        "old dig: count to 2 per removal": old_minimal_puzzle,
        "generate.random_puzzle (minimal)": lambda s: generate.random_puzzle(s).to_string(),
    }
    hd = hodoku()
    if hd is not None:
        from hodoku.generator.generator import SudokuGenerator

        makers["hodoku-py raw generator"] = (
            lambda s: SudokuGenerator(rng=random.Random(s)).generate_sudoku(symmetric=True)
        )
    made: dict[str, list[str]] = {name: [] for name in makers}
    times: dict[str, list[float]] = {name: [] for name in makers}
    for seed in range(count):  # the makers take turns, so that a busy machine slows all alike
        for name, make in makers.items():
            puzzle, seconds = timed(make, seed)
            made[name].append(puzzle)
            times[name].append(seconds)
            if yardstick_count(puzzle.replace("0", ".")) != 1:
                problems.append(f"{name}, seed {seed}: not exactly one solution: {puzzle}")
    ours = made["generate.random_puzzle (minimal)"]
    if ours != made["old dig: count to 2 per removal"]:
        problems.append("the new dig and the old dig made different puzzles from the same seeds")
    for puzzle in ours[:3]:  # minimal: every given is needed
        for i, char in enumerate(puzzle):
            if char != "." and yardstick_count(puzzle[:i] + "." + puzzle[i + 1 :]) != 2:
                problems.append(f"given {i} of {puzzle} can go: the puzzle is not minimal")
    header(f"making 9x9 puzzles ({count} seeds; speed against the old dig)")
    base = sum(times["old dig: count to 2 per removal"])
    for name, seconds in times.items():
        givens = statistics.median(sum(ch not in ".0" for ch in p) for p in made[name])
        row(name, seconds, base, f"median givens {givens:g}")
    median = 1000 * statistics.median(times["generate.random_puzzle (minimal)"])
    verdict = "reached" if median <= MINIMAL_TARGET_MS else "MISSED"
    print(f"  minimal puzzle median {median:.2f} ms (target {MINIMAL_TARGET_MS:g} ms: {verdict})")
    return problems + source_way(ours[:10])


def source_way(puzzles: list[str]) -> list[str]:
    """The source's uniqueness check (in-order search, on after the first) against fast."""
    naive, quick, problems = [], [], []
    for p in puzzles:
        result, seconds = timed(partial(count_by_search, max_nodes=10**7), p, 2, "naive")
        naive.append(seconds)
        counted, seconds = timed(fast.count_solutions, p, 2)
        count = counted.count
        quick.append(seconds)
        if len(result.solutions) != 1 or count != 1:
            problems.append(f"{p}: the source's way counts {len(result.solutions)}, fast {count}")
    header(f"is it unique? on {len(puzzles)} of those puzzles (speed against the source's way)")
    row("source's way: in-order search to 2", naive, sum(naive))
    row("fast count_solutions(limit=2)", quick, sum(naive))
    return problems


def main_section(files: dict[str, list[str]], count: int = 40) -> list[str]:
    """Every table of this module; the problems found (empty when every answer checks out)."""
    if hodoku() is None:
        print("\n(hodoku-py is not installed here: its columns are left out)")
    problems = []
    for label, puzzles in files.items():
        problems += count_table(label, puzzles)
    grid_table(count)
    problems += puzzle_table(count)
    from bench_levels import level_section  # puzzles at a level and the rater

    problems += level_section(count)
    for problem in problems:
        print(f"  WRONG: {problem}")
    return problems
