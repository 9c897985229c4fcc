"""Benchmark the package's solvers against a yardstick: `make bench [PUZZLES=file ...]`.

Every solver runs on every puzzle of each file; every answer is checked by a checker
written here (not the package's rules), and the run fails if any answer is wrong.
The yardstick is the classic constraint-propagation solver with fewest-candidates search
("solve every Sudoku"), written out below so that it runs in the same process.

    python benchmarks/bench.py ../shared/puzzles/top95.txt ../shared/puzzles/hard375.txt
    python benchmarks/bench.py --solvers yardstick,fast --target 5 FILE...

Puzzle files hold 9x9 puzzles, one a line (81 characters, `0` or `.` for blank);
blank lines and lines starting with `#` are skipped. An answer is wrong if the checker
rejects it, or if a solver says "no solution" where another solver found one. The teaching
solvers of `sudoku_teach.search` stop at `--node-limit` nodes per puzzle;
such puzzles count as "gave up", not as wrong. The exit status is 1 if any answer is wrong.

Then the solver by rules (`solve_with_rules`, which the rater calls for every generated
puzzle) runs on each file, timed against a plain loop written here that recounts every
cell's candidates after each step; both must reach the same boards.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from tqdm import tqdm

from sudoku_teach import Grid, fast, search, solve_with_rules
from sudoku_teach.results import SolveResult

Solver = Callable[[str], "str | None"]
"""A solver for the benchmark: an 81-character puzzle in, an 81-character answer or None out."""

DIGITS = "123456789"


# --- the yardstick: the classic solver, squares holding strings of digits ----------------
# Squares are named A1..I9. `values` maps each square to the digits still possible there.
# Two rules propagate: (1) a square down to one digit removes it from its peers;
# (2) a unit with only one place left for a digit puts the digit there.
SQUARES = [row + col for row in "ABCDEFGHI" for col in DIGITS]
UNIT_LIST = (
    [[row + col for col in DIGITS] for row in "ABCDEFGHI"]
    + [[row + col for row in "ABCDEFGHI"] for col in DIGITS]
    + [[r + c for r in rows for c in cols] for rows in ("ABC", "DEF", "GHI")
       for cols in ("123", "456", "789")]
)
UNITS = {sq: [unit for unit in UNIT_LIST if sq in unit] for sq in SQUARES}
PEERS = {sq: {other for unit in UNITS[sq] for other in unit} - {sq} for sq in SQUARES}

Values = dict[str, str]


def classic_assign(values: Values, sq: str, digit: str) -> bool:
    """Put `digit` in `sq` by eliminating every other digit there; False on a contradiction."""
    return all(classic_eliminate(values, sq, other) for other in values[sq] if other != digit)


def classic_eliminate(values: Values, sq: str, digit: str) -> bool:
    """Remove `digit` from `sq` and follow both rules; False on a contradiction."""
    if digit not in values[sq]:
        return True
    left = values[sq] = values[sq].replace(digit, "")
    if not left:
        return False
    if len(left) == 1 and not all(classic_eliminate(values, peer, left) for peer in PEERS[sq]):
        return False
    for unit in UNITS[sq]:
        places = [other for other in unit if digit in values[other]]
        if not places:
            return False
        if len(places) == 1 and not classic_assign(values, places[0], digit):
            return False
    return True


def classic_search(values: Values) -> Values | None:
    """Depth first, guessing in the square with the fewest digits left."""
    if all(len(values[sq]) == 1 for sq in SQUARES):
        return values
    _, sq = min((len(values[sq]), sq) for sq in SQUARES if len(values[sq]) > 1)
    for digit in values[sq]:
        child = values.copy()
        if classic_assign(child, sq, digit):
            found = classic_search(child)
            if found:
                return found
    return None


def yardstick(puzzle: str) -> str | None:
    """The classic solver from puzzle string to answer string."""
    values = {sq: DIGITS for sq in SQUARES}
    for sq, char in zip(SQUARES, puzzle):
        if char in DIGITS and not classic_assign(values, sq, char):
            return None
    found = classic_search(values)
    return "".join(found[sq] for sq in SQUARES) if found else None


# --- the package's solvers ----------------------------------------------------------------
def package_solvers(node_limit: int) -> dict[str, Solver]:
    """`fast.solve` and every teaching solver of `search` (these with a node limit)."""
    solvers: dict[str, Callable[[str], SolveResult]] = {"fast": fast.solve}
    for name in search.METHODS:
        solvers[name] = partial(search.solve, method=name, max_nodes=node_limit)
    return {name: answer_of(solve) for name, solve in solvers.items()}


def answer_of(solve: Callable[[str], SolveResult]) -> Solver:
    """The benchmark's view of a package solver: its answer as a string, or GAVE_UP."""

    def run(puzzle: str) -> str | None:
        result = solve(puzzle)
        if result.status == "node limit":
            return GAVE_UP
        return result.solution.to_string() if result.solution else None

    return run


# --- the solver by rules against a plain loop ------------------------------------------------
INDEX = {sq: i for i, sq in enumerate(SQUARES)}
PEER_CELLS = [[INDEX[peer] for peer in PEERS[sq]] for sq in SQUARES]
UNIT_CELLS = [[INDEX[sq] for sq in unit] for unit in UNIT_LIST]


def plain_singles(puzzle: str) -> str:
    """Naked, then hidden singles, the plain way: all candidates recounted after each step."""
    cells = list(puzzle)
    while True:
        left = {
            i: set(DIGITS) - {cells[p] for p in PEER_CELLS[i]}
            for i in range(81)
            if cells[i] == "."
        }
        if not all(left.values()):
            break  # a cell with no candidate: the puzzle cannot be finished
        step = next(((i, min(d)) for i, d in left.items() if len(d) == 1), None)
        for unit in UNIT_CELLS if step is None else ():
            places = {d: [i for i in unit if d in left.get(i, ())] for d in DIGITS}
            step = next(((spots[0], d) for d, spots in places.items() if len(spots) == 1), None)
            if step is not None:
                break
        if step is None:
            break
        cells[step[0]] = step[1]
    return "".join(cells)


def bench_rule_solver(path: Path, puzzles: list[str]) -> bool:
    """`solve_with_rules` by singles and by all techniques, timed against `plain_singles`.

    The package's singles and the plain loop must finish the same puzzles (both reach the
    one board that singles lead to); False if they do not.
    """
    grids = [Grid.parse(puzzle) for puzzle in puzzles]
    begin = time.perf_counter()
    plain = [plain_singles(puzzle) for puzzle in puzzles]
    times = {"plain loop (singles)": time.perf_counter() - begin}
    finished = {"plain loop (singles)": sum("." not in answer for answer in plain)}
    runs = {}
    for name in ("naked + hidden singles", "all techniques"):
        begin = time.perf_counter()
        runs[name] = [solve_with_rules(grid, name) for grid in grids]
        times[name] = time.perf_counter() - begin
        finished[name] = sum(run.solved for run in runs[name])
    print(f"\n{path} ({len(puzzles)} puzzles): the solver by rules")
    print(f"  {'techniques':<24} {'finished':>8} {'ms/puzzle':>10} {'vs plain loop':>14}")
    base = times["plain loop (singles)"]
    for name, seconds in times.items():
        ms = 1000 * seconds / len(puzzles)
        print(f"  {name:<24} {finished[name]:>8} {ms:>10.2f} {base / seconds:>13.2f}x")
    singles = [run.grid.to_string() for run in runs["naked + hidden singles"]]
    agree = all(mine == theirs for mine, theirs in zip(singles, plain))
    if not agree:
        print("  WRONG: the package's singles and the plain loop reached different boards")
    return agree


# --- the independent checker ----------------------------------------------------------------
def check_answer(puzzle: str, answer: str) -> str | None:
    """What is wrong with an answer, or None if it is a solution of the puzzle."""
    if len(answer) != 81 or any(char not in DIGITS for char in answer):
        return f"not 81 digits 1-9: {answer!r}"
    for i, (given, placed) in enumerate(zip(puzzle, answer)):
        if given in DIGITS and given != placed:
            return f"given {given} at cell {i} changed to {placed}"
    rows = [answer[9 * r : 9 * r + 9] for r in range(9)]
    cols = ["".join(row[c] for row in rows) for c in range(9)]
    boxes = [
        "".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    for kind, groups in (("row", rows), ("column", cols), ("box", boxes)):
        for index, group in enumerate(groups):
            if sorted(group) != list(DIGITS):
                return f"{kind} {index} is {group}, not a permutation of 1-9"
    return None


# --- running and reporting --------------------------------------------------------------------
def read_puzzle_file(path: Path) -> list[str]:
    """The 9x9 puzzles of a file, one a line, with `0` written as `.`."""
    puzzles = []
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) != 81 or any(char not in ".0" + DIGITS for char in line):
            raise SystemExit(f"{path}, line {line_no}: not a 9x9 puzzle on one line: {line[:90]!r}")
        puzzles.append(line.replace("0", "."))
    return puzzles


@dataclass
class Result:
    """How one solver did on one set of puzzles."""

    solver: str
    puzzles: int = 0
    solved: int = 0
    no_solution: int = 0  # puzzles that no solver could solve, and this one said so
    gave_up: int = 0
    wrong: list[str] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds if self.seconds else float("inf")

    def add(
        self, number: int, puzzle: str, answer: str | None, seconds: float, solvable: bool
    ) -> None:
        """Record one puzzle: its time, and whether the answer checks out."""
        self.puzzles += 1
        self.seconds += seconds
        self.slowest = max(self.slowest, seconds)
        if answer == GAVE_UP:
            self.gave_up += 1
        elif answer is None and solvable:
            self.wrong.append(f"puzzle {number}: 'no solution', but it has one: {puzzle}")
        elif answer is None:
            self.no_solution += 1
        elif problem := check_answer(puzzle, answer):
            self.wrong.append(f"puzzle {number}: {problem}")
        else:
            self.solved += 1


GAVE_UP = "gave up"


def timed(solve: Solver, puzzle: str) -> tuple[str | None, float]:
    """One solver's answer to one puzzle (or GAVE_UP at the node limit), and the seconds taken."""
    begin = time.perf_counter()
    answer = solve(puzzle)
    return answer, time.perf_counter() - begin


def run(solvers: dict[str, Solver], puzzles: list[str], label: str) -> list[Result]:
    """Every solver on every puzzle, taking turns puzzle by puzzle so that they share the
    same conditions (a busy machine slows them all alike)."""
    for solve in solvers.values():
        timed(solve, puzzles[0])  # warm up: one-off set-up costs are not what we measure
    results = {name: Result(name) for name in solvers}
    for number, puzzle in enumerate(tqdm(puzzles, desc=f"  {label}", file=sys.stderr), 1):
        answers = {name: timed(solve, puzzle) for name, solve in solvers.items()}
        solvable = any(
            answer not in (None, GAVE_UP) and check_answer(puzzle, answer) is None
            for answer, _ in answers.values()
        )
        for name, (answer, seconds) in answers.items():
            results[name].add(number, puzzle, answer, seconds, solvable)
    return list(results.values())


def ratio(result: Result, base: Result | None) -> str:
    """Speed against the yardstick; '*' when some puzzles ended at the node limit."""
    if base is None:
        return "-"
    return f"{result.rate / base.rate:.2f}x" + ("*" if result.gave_up else "")


def report(label: str, results: list[Result]) -> None:
    """A table for one file: one line per solver."""
    base = next((r for r in results if r.solver == "yardstick"), None)
    print(f"\n{label}")
    header = (
        f"  {'solver':<12} {'puzzles':>7} {'solved':>6} {'no sol.':>7} {'gave up':>7} {'wrong':>5}"
        f" {'seconds':>8} {'puzzles/s':>10} {'slowest s':>9} {'vs yardstick':>12}"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    for r in results:
        print(
            f"  {r.solver:<12} {r.puzzles:>7} {r.solved:>6} {r.no_solution:>7} {r.gave_up:>7}"
            f" {len(r.wrong):>5}"
            f" {r.seconds:>8.3f} {r.rate:>10.1f} {r.slowest:>9.4f} {ratio(r, base):>12}"
        )
    for r in results:
        for problem in r.wrong[:10]:
            print(f"  WRONG {r.solver}: {problem}")
    sys.stdout.flush()


def summary(by_file: dict[str, list[Result]]) -> None:
    """The final table: puzzles per second and ratio to the yardstick, solver by file."""
    names = [r.solver for r in next(iter(by_file.values()))]
    width = max(24, *(len(name) + 2 for name in by_file))
    print("\nsummary: puzzles/second (speed against the yardstick)")
    print(f"  {'solver':<12}" + "".join(f"{name:>{width}}" for name in by_file))
    for i, solver in enumerate(names):
        cells = []
        for results in by_file.values():
            base = next((r for r in results if r.solver == "yardstick"), None)
            cells.append(f"{results[i].rate:.1f} ({ratio(results[i], base)})")
        print(f"  {solver:<12}" + "".join(f"{cell:>{width}}" for cell in cells))
    if any(r.gave_up for results in by_file.values() for r in results):
        print("  * some puzzles stopped at the node limit: that solver's time is a lower bound")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line: puzzle files and which solvers to run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE", help="puzzle files")
    parser.add_argument(
        "--solvers", default="all",
        help="comma-separated solver names (default: all; 'list' shows them)",
    )
    parser.add_argument(
        "--node-limit", type=int, default=10_000, metavar="N",
        help="node limit per puzzle for the teaching solvers (default: 10000)",
    )
    parser.add_argument(
        "--target", type=float, default=10.0,
        help="speed-up over the yardstick that the fast solver should reach (default: 10)",
    )
    parser.add_argument(
        "--no-generation", action="store_true",
        help="skip the counting and puzzle-making tables (bench_generate.py)",
    )
    parser.add_argument(
        "--seeds", type=int, default=40, metavar="N",
        help="grids and puzzles to make per method in the generation tables (default: 40)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run every chosen solver on every file; exit 1 if any answer is wrong."""
    args = parse_args(argv)
    available: dict[str, Solver] = {"yardstick": yardstick}
    available.update(package_solvers(args.node_limit))
    if args.solvers == "list":
        print("\n".join(available))
        return 0
    chosen = list(available) if args.solvers == "all" else args.solvers.split(",")
    unknown = [name for name in chosen if name not in available]
    if unknown or not args.files:
        problem = f"unknown solver(s) {', '.join(unknown)}" if unknown else "no puzzle files"
        print(f"{problem}; solvers: {', '.join(available)}", file=sys.stderr)
        return 2
    by_file: dict[str, list[Result]] = {}
    texts: dict[str, list[str]] = {}
    rules_agree = True
    for path in args.files:
        puzzles = texts[path.name] = read_puzzle_file(path)
        if not puzzles:
            print(f"{path}: no puzzles", file=sys.stderr)
            continue
        solvers = {name: available[name] for name in chosen}
        by_file[path.name] = results = run(solvers, puzzles, path.name)
        report(f"{path} ({len(puzzles)} puzzles)", results)
        rules_agree = bench_rule_solver(path, puzzles) and rules_agree
    if not by_file:
        return 2
    summary(by_file)
    status = 0
    if "fast" in chosen and "yardstick" in chosen:
        for name, results in by_file.items():
            rate = {r.solver: r.rate for r in results}
            speedup = rate["fast"] / rate["yardstick"]
            verdict = "reached" if speedup >= args.target else "MISSED"
            print(f"  fast on {name}: {speedup:.1f}x the yardstick", end="")
            print(f" (target {args.target:g}x: {verdict})")
    if not args.no_generation:  # counting to two and making puzzles: bench_generate.py
        from bench_generate import main_section

        status = 1 if main_section(texts, args.seeds) else status
    if not rules_agree or any(r.wrong for results in by_file.values() for r in results):
        print("\nsome answers were wrong (see above)", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
