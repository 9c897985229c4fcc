"""Benchmark making one proper puzzle at each grid size: 4x4, 9x9, 16x16 and 25x25.

    python benchmarks/bench_sizes.py [SEEDS]

For each size, `generate.new_puzzle` from a few seeds (default 3): a full grid, then
digging (minimal up to 16x16; on 25x25 each uniqueness check is capped, see
`generate.puzzles.CHECK_NODES`). Every puzzle is checked proper by a counter that is not
the generator's: the SAT solver (`sat.count_solutions`), which must find exactly one
solution. The 9x9 time is the baseline of the ratios (same process, same machine).
The first call at a size also builds the fast solver's tables for that size (once per
process); it is timed apart. Times are wall-clock, with the process's CPU time beside
them: on a shared, busy machine the CPU time is what a quiet one would show.
"""

from __future__ import annotations

import statistics
import sys
import time

from sudoku_teach import generate
from sudoku_teach.fast._cover import cover
from sudoku_teach.reductions import sat
from sudoku_teach.shape import Shape

SIZES = (4, 9, 16, 25)


def main(seeds: int) -> None:
    """Time `new_puzzle` at every size, check each puzzle with SAT, print medians and ratios."""
    medians: dict[int, float] = {}
    for size in SIZES:
        shape = Shape.for_size(size)
        start = time.perf_counter()
        cover(shape)  # the solver's tables, built once per size
        tables = time.perf_counter() - start
        times, cpu, givens = [], [], []
        for seed in range(seeds):
            start, start_cpu = time.perf_counter(), time.process_time()
            puzzle = generate.new_puzzle(seed, shape)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            givens.append(sum(1 for v in puzzle.numbers if v))
            counted = sat.count_solutions(puzzle, 2)
            assert counted.count == 1, f"{size}x{size} seed {seed} is not proper"
        medians[size] = statistics.median(times)
        print(f"{size:2}x{size:<2}: median {medians[size]:7.3f} s, max {max(times):7.3f} s"
              f" (CPU: median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s),"
              f" givens {min(givens)}-{max(givens)} of {shape.n_cells}"
              f" (tables {tables:.2f} s); all proper by SAT")
    base = medians[9]
    print("ratio to 9x9: " + ", ".join(f"{s}x{s} {medians[s] / base:.1f}" for s in SIZES))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
