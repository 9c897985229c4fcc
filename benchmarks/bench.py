"""Benchmark the package's solvers against a yardstick: `make bench [PUZZLES=file ...]`.

Every solver runs on every puzzle of each file; every answer is checked by a checker
written here (not the package's rules), and the run fails if any answer is wrong.
The yardstick is the classic constraint-propagation solver with fewest-candidates search
("solve every Sudoku"), written out below so that it runs in the same process.

    python benchmarks/bench.py ../shared/puzzles/top95.txt ../shared/puzzles/hard375.txt
    python benchmarks/bench.py --solvers yardstick,fast --target 5 FILE...

Puzzle files hold 9x9 puzzles, one a line (81 characters, `0` or `.` for blank);
blank lines and lines starting with `#` are skipped.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sudoku_teach import fast
from sudoku_teach.errors import SearchLimitReached

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
def fast_solver(puzzle: str) -> str | None:
    """The production solver of `sudoku_teach.fast`."""
    solution = fast.solve(puzzle)
    return solution.to_string() if solution else None


def as_answer(result: object) -> str | None:
    """Whatever a teaching solver returns, as an answer string (None for no solution)."""
    for name in ("solution", "grid"):  # a result object that carries the grid
        if result is not None and not hasattr(result, "to_string") and hasattr(result, name):
            result = getattr(result, name)
    if result is None or result is False:
        return None
    if hasattr(result, "to_string"):
        return result.to_string()
    if isinstance(result, str):
        return result
    return "".join(str(v) for row in result for v in row)  # a list of rows


def with_node_limit(solve: Callable[..., object], node_limit: int) -> Solver:
    """Wrap a teaching solver: pass it the node limit if it takes one, convert its answer."""
    params = inspect.signature(solve).parameters
    keyword = next((k for k in ("max_nodes", "node_limit", "limit") if k in params), None)
    kwargs = {keyword: node_limit} if keyword else {}
    return lambda puzzle: as_answer(solve(puzzle, **kwargs))


def teaching_solvers(node_limit: int) -> dict[str, Solver]:
    """The solvers of `sudoku_teach.search`, if that module exists and offers any."""
    try:
        from sudoku_teach import search
    except ImportError:
        return {}
    registry = next(
        (getattr(search, name) for name in ("SOLVERS", "METHODS") if hasattr(search, name)), None
    )
    if not isinstance(registry, dict):
        registry = {
            name: getattr(search, f"solve_{name}")
            for name in ("naive", "mrv", "propagate")
            if callable(getattr(search, f"solve_{name}", None))
        }
    return {name: with_node_limit(solve, node_limit) for name, solve in registry.items()}


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


class Progress:
    """A one-line progress bar on stderr, redrawn at most ten times a second."""

    def __init__(self, total: int, label: str, width: int = 30) -> None:
        self.total, self.label, self.width = total, label, width
        self.last = 0.0

    def show(self, done: int) -> None:
        """Redraw the bar if enough time has passed (or at the end)."""
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        end = "\n" if done == self.total else ""
        sys.stderr.write(f"\r  {self.label:<28} [{bar}] {done}/{self.total}{end}")
        sys.stderr.flush()


@dataclass
class Result:
    """How one solver did on one set of puzzles."""

    solver: str
    puzzles: int = 0
    solved: int = 0
    gave_up: int = 0
    wrong: list[str] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds if self.seconds else float("inf")


def run(name: str, solve: Solver, puzzles: list[str], label: str) -> Result:
    """Time one solver on every puzzle and check every answer."""
    result = Result(name, len(puzzles))
    progress = Progress(len(puzzles), f"{label}: {name}")
    for i, puzzle in enumerate(puzzles):
        begin = time.perf_counter()
        try:
            answer = solve(puzzle)
        except SearchLimitReached:
            answer = "gave up"
        spent = time.perf_counter() - begin
        result.seconds += spent
        result.slowest = max(result.slowest, spent)
        if answer == "gave up":
            result.gave_up += 1
        elif answer is None:
            result.wrong.append(f"puzzle {i + 1}: no solution returned for {puzzle}")
        else:
            problem = check_answer(puzzle, answer)
            if problem:
                result.wrong.append(f"puzzle {i + 1}: {problem}")
            else:
                result.solved += 1
        progress.show(i + 1)
    return result


def report(label: str, results: list[Result]) -> None:
    """A table: one line per solver, speed relative to the yardstick."""
    base = next((r for r in results if r.solver == "yardstick"), None)
    print(f"\n{label}")
    header = (
        f"  {'solver':<12} {'puzzles':>7} {'solved':>6} {'gave up':>7} {'wrong':>5}"
        f" {'seconds':>8} {'puzzles/s':>10} {'slowest s':>9} {'vs yardstick':>12}"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    for r in results:
        ratio = f"{r.rate / base.rate:.2f}x" if base and not r.gave_up else "-"
        print(
            f"  {r.solver:<12} {r.puzzles:>7} {r.solved:>6} {r.gave_up:>7} {len(r.wrong):>5}"
            f" {r.seconds:>8.3f} {r.rate:>10.1f} {r.slowest:>9.4f} {ratio:>12}"
        )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line: puzzle files and which solvers to run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="puzzle files")
    parser.add_argument(
        "--solvers", default="all",
        help="comma-separated solver names (default: all; 'list' shows them)",
    )
    parser.add_argument(
        "--node-limit", type=int, default=20_000,
        help="node limit per puzzle for the teaching solvers (default: 20000)",
    )
    parser.add_argument(
        "--target", type=float, default=5.0,
        help="speed-up over the yardstick that the fast solver should reach (default: 5)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run every chosen solver on every file; exit 1 if any answer is wrong."""
    args = parse_args(argv)
    available: dict[str, Solver] = {"yardstick": yardstick, "fast": fast_solver}
    available.update(teaching_solvers(args.node_limit))
    if args.solvers == "list":
        print("\n".join(available))
        return 0
    chosen = list(available) if args.solvers == "all" else args.solvers.split(",")
    unknown = [name for name in chosen if name not in available]
    if unknown:
        print(f"unknown solver(s) {', '.join(unknown)}; available: {', '.join(available)}",
              file=sys.stderr)
        return 2
    failed = missed = False
    for path in args.files:
        puzzles = read_puzzle_file(path)
        if not puzzles:
            print(f"{path}: no puzzles", file=sys.stderr)
            continue
        results = [run(name, available[name], puzzles, path.name) for name in chosen]
        report(f"{path} ({len(puzzles)} puzzles)", results)
        for r in results:
            for problem in r.wrong[:10]:
                print(f"  WRONG {r.solver}: {problem}")
            failed |= bool(r.wrong)
        by_name = {r.solver: r for r in results}
        if "fast" in by_name and "yardstick" in by_name:
            ratio = by_name["fast"].rate / by_name["yardstick"].rate
            verdict = "reached" if ratio >= args.target else "MISSED"
            missed |= ratio < args.target
            print(f"  fast solver: {ratio:.1f}x the yardstick, target {args.target:g}x {verdict}")
    if failed:
        print("\nsome answers were wrong (see above)", file=sys.stderr)
        return 1
    if missed:
        print("\nthe fast solver missed its speed target on some file", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
