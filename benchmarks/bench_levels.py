"""Benchmark puzzles at a level and the rater; run by `bench.py` after the puzzle tables.

Baseline, in the same process: a minimal puzzle by `generate.random_puzzle`. Then
`generate.puzzle_at_level` for each level, the makers taking turns seed by seed, and
`rating.rate` on every puzzle made. Every puzzle is checked: exactly one solution by the
independent classic counter of `bench_generate`, and the level it was asked for by the
rater. hodoku-py, when installed, rates the same puzzles beside ours (its levels are its
own: HoDoKu knows many more techniques). Its rated generator took 94 s for one medium
puzzle here, so it runs only when asked: `BENCH_HODOKU_GENERATOR=1 make bench`.
"""

from __future__ import annotations

import os
import statistics
import time

from bench_generate import header, hodoku, row, timed, yardstick_count

from sudoku_teach import generate
from sudoku_teach.rating import LEVELS, rate

TARGET_MS = {"easy": 50.0, "medium": 50.0, "hard": 200.0, "expert": 500.0}
RATE_TARGET_MS = 20.0


def level_section(count: int = 40) -> list[str]:
    """Time making puzzles at each level and rating them; the problems found."""
    base = "generate.random_puzzle (baseline)"
    times: dict[str, list[float]] = {base: [], **{level: [] for level in LEVELS}}
    made: dict[str, list[str]] = {level: [] for level in LEVELS}
    for seed in range(count):  # the makers take turns, so a busy machine slows all alike
        times[base].append(timed(generate.random_puzzle, seed)[1])
        for level in LEVELS:
            puzzle, seconds = timed(generate.puzzle_at_level, level, seed)
            times[level].append(seconds)
            made[level].append(puzzle.to_string())
    problems, rate_times, hd_times = [], [], []
    solver = hodoku().Solver() if hodoku() is not None else None
    agree = 0
    for level, puzzles in made.items():
        for puzzle in puzzles:
            if yardstick_count(puzzle) != 1:
                problems.append(f"{level}: not exactly one solution: {puzzle}")
            rating, seconds = timed(rate, puzzle)
            rate_times.append(seconds)
            if rating.level != level:
                problems.append(f"asked for {level}, made {rating.level}: {puzzle}")
            if solver is not None:
                theirs, seconds = timed(solver.solve, puzzle.replace(".", "0"))
                hd_times.append(seconds)
                agree += theirs.level.name.lower() == level
    header(f"puzzles at a level, 9x9 ({count} seeds each; speed against a minimal puzzle)")
    row(base, times[base], sum(times[base]))
    for level in LEVELS:
        givens = statistics.median(sum(ch != "." for ch in p) for p in made[level])
        median = 1000 * statistics.median(times[level])
        verdict = "reached" if median <= TARGET_MS[level] else "MISSED"
        row(f"puzzle_at_level({level!r})", times[level], sum(times[base]),
            f"median givens {givens:g}; target {TARGET_MS[level]:g} ms: {verdict}")
    header(f"rating those {len(rate_times)} puzzles (speed against ours)")
    verdict = "reached" if 1000 * statistics.median(rate_times) <= RATE_TARGET_MS else "MISSED"
    row("rating.rate", rate_times, sum(rate_times), f"target {RATE_TARGET_MS:g} ms: {verdict}")
    if hd_times:
        row("hodoku-py Solver.solve (rating)", hd_times, sum(rate_times),
            f"same level name as ours: {agree} of {len(hd_times)}")
        if os.environ.get("BENCH_HODOKU_GENERATOR") == "1":
            problems += hodoku_generator()
        else:
            print("  (hodoku-py's rated generator: about a minute a puzzle here; time one with"
                  " BENCH_HODOKU_GENERATOR=1)")
    return problems


def hodoku_generator() -> list[str]:
    """One medium puzzle from hodoku-py's rated generator: its time, and is it unique?"""
    begin = time.perf_counter()
    puzzle = hodoku().Generator().generate(hodoku().DifficultyType.MEDIUM)
    seconds = time.perf_counter() - begin
    row("hodoku-py Generator (one medium)", [seconds], None, "one puzzle only: it is slow")
    if yardstick_count(puzzle.replace("0", ".")) != 1:
        return [f"hodoku-py made a puzzle without exactly one solution: {puzzle}"]
    return []
