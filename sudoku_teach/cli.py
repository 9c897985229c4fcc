"""The command line: `sudoku-teach show|check|hint|solve|count` (or `python -m sudoku_teach`).

Puzzles come as arguments (a puzzle string or a file name) or, with no argument or `-`,
from standard input, one puzzle a line. Exit status: 0 all fine, 1 a puzzle breaks the
rules (or has no answer), 2 unusable input; messages for people go to standard error.
For `hint` and `solve --method singles`, 1 also means no rule gives a step: the grid is
full, contradictory (a conflict, or a cell with no candidate), or needs more rules.
`count` prints one line per puzzle: `N` (exactly N solutions) or `N (limit reached)` (at
least N; the count stops at `--limit`, default 2); a grid that breaks the rules has 0.
Its exit status is 0 unless a search stops at its node limit (1) or input is unusable (2).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .errors import ContradictionError, RuleViolation, SearchLimitReached, SudokuError
from .grid import Grid, read_puzzles
from .results import DEFAULT_MAX_NODES
from .rule_solver import next_step, solve_with_rules
from .rules import conflicts, is_complete

OK, BROKEN, UNUSABLE = 0, 1, 2


class UsageError(SudokuError):
    """Input the command line cannot use (exit status 2)."""


def read_inputs(sources: Sequence[str]) -> list[tuple[str, Grid]]:
    """Every puzzle named on the command line, each with a label for messages."""
    if not sources or list(sources) == ["-"]:
        if sys.stdin.isatty():
            raise UsageError("give a puzzle or a file name, or pipe puzzles in (one a line)")
        puzzles = read_puzzles(sys.stdin.read(), source="stdin")
        return [(f"stdin puzzle {i}", g) for i, g in enumerate(puzzles, 1)]
    found = []
    for n, source in enumerate(sources, 1):
        path = Path(source)
        if path.is_file():
            text, label = path.read_text(encoding="utf-8"), source
        elif "/" in source or "\\" in source or source.endswith(".txt"):
            raise UsageError(f"argument {n}: no such file: {source}")
        else:
            text, label = source, f"argument {n}"
        puzzles = read_puzzles(text, source=label)
        if not puzzles:
            raise UsageError(f"{label} holds no puzzle")
        if len(puzzles) == 1:
            found.append((label, puzzles[0]))
        else:
            found += [(f"{label} puzzle {i}", g) for i, g in enumerate(puzzles, 1)]
    return found


def cmd_show(args: argparse.Namespace) -> int:
    """Print each puzzle as a grid with lines between the regions."""
    for i, (_, grid) in enumerate(read_inputs(args.puzzles)):
        if i:
            print()
        print(grid.to_string() if args.line else grid.format())
    return OK


def cmd_check(args: argparse.Namespace) -> int:
    """Report every broken rule; exit 1 if any puzzle breaks one."""
    status = OK
    for label, grid in read_inputs(args.puzzles):
        found = conflicts(grid)
        if found:
            status = BROKEN
            for conflict in found:
                print(f"{label}: {conflict}", file=sys.stderr)
        else:
            filled = grid.shape.n_cells - len(grid.empty_cells())
            print(f"{label}: no conflicts ({filled} of {grid.shape.n_cells} cells filled)")
    return status


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the next step of each puzzle with its reason: naked singles first, then hidden."""
    status = OK
    puzzles = read_inputs(args.puzzles)
    for label, grid in puzzles:
        prefix = f"{label}: " if len(puzzles) > 1 else ""
        try:
            step = next_step(grid, SINGLES)
        except (RuleViolation, ContradictionError) as error:
            print(f"{label}: no hint: {error}", file=sys.stderr)
            status = BROKEN
            continue
        if step is None:
            why = (
                "the grid is already full"
                if is_complete(grid)
                else "no cell has a single candidate and no number has a single place;"
                " this puzzle needs more rules"
            )
            print(f"{label}: no hint: {why}", file=sys.stderr)
            status = BROKEN
        else:
            print(prefix + step.explain())
    return status


def cmd_count(args: argparse.Namespace) -> int:
    """Print each puzzle's number of solutions, counting no further than the limit."""
    from .fast import count_solutions

    status = OK
    for label, grid in read_inputs(args.puzzles):
        result = count_solutions(grid, args.limit)
        if result.status == "node limit":
            print(f"{label}: {SearchLimitReached(DEFAULT_MAX_NODES)}", file=sys.stderr)
            print("node limit reached, no count")
            status = BROKEN
            continue
        found = result.count
        print(f"{found} (limit reached)" if found == args.limit else found)
    return status


def at_least_one(text: str) -> int:
    """An option value that must be a whole number from 1 up."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 up, got {text!r}")
    return int(text)


SINGLES = "naked + hidden singles"
"""The techniques of `hint` and `solve --method singles`."""

SolveMethod = Callable[[str, Grid, argparse.Namespace], int]
SOLVE_METHODS: dict[str, SolveMethod] = {}
"""The solvers `solve --method` offers: each prints its answer for one puzzle, returns a status."""


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each puzzle with the chosen method; the worst status of all puzzles is returned."""
    status = OK
    for label, grid in read_inputs(args.puzzles):
        broken = conflicts(grid)
        if broken:  # no method can solve it: say why once, for all of them
            print("unsolvable")
            reasons = "; ".join(map(str, broken))
            print(f"{label}: the givens break the rules: {reasons}", file=sys.stderr)
            status = BROKEN
            continue
        status = max(status, SOLVE_METHODS[args.method](label, grid, args))
    return status


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    """The shared PUZZLE arguments of every command."""
    parser.add_argument(
        "puzzles", nargs="*", metavar="PUZZLE",
        help="a puzzle (81 characters, 0 or . for blank) or a file of puzzles; default: stdin",
    )


def build_parser() -> argparse.ArgumentParser:
    """All commands and their options."""
    parser = argparse.ArgumentParser(prog="sudoku-teach", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    show = commands.add_parser("show", help="pretty-print puzzles")
    add_puzzle_argument(show)
    show.add_argument("--line", action="store_true", help="print each puzzle on one line instead")
    show.set_defaults(run=cmd_show)
    check = commands.add_parser("check", help="report rule conflicts (exit 1 if any)")
    add_puzzle_argument(check)
    check.set_defaults(run=cmd_check)
    hint = commands.add_parser("hint", help="the next safe step and why (exit 1 if there is none)")
    add_puzzle_argument(hint)
    hint.set_defaults(run=cmd_hint)
    count = commands.add_parser("count", help="count solutions, stopping at --limit")
    add_puzzle_argument(count)
    count.add_argument(
        "--limit", type=at_least_one, default=2, metavar="N",
        help="stop counting at N solutions (default 2: is the puzzle unique?)",
    )
    count.set_defaults(run=cmd_count)
    if SOLVE_METHODS:
        solve = commands.add_parser("solve", help="solve puzzles, one answer a line")
        add_puzzle_argument(solve)
        default = "fast" if "fast" in SOLVE_METHODS else sorted(SOLVE_METHODS)[0]
        solve.add_argument("--method", choices=sorted(SOLVE_METHODS), default=default)
        solve.add_argument(
            "--stats", action="store_true", help="also print the work the search did"
        )
        solve.add_argument("--steps", action="store_true", help="print every step (method singles)")
        solve.set_defaults(run=cmd_solve)
    from . import cli_generate, cli_rate, grading, worksheet  # each lives in its own module

    cli_generate.add_generate_parser(commands)
    cli_rate.add_rate_parser(commands)
    worksheet.add_worksheet_parser(commands)
    grading.add_grade_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; turn our own errors into a message and exit status 2."""
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python flushes stdout at exit
        return OK
    except SudokuError as error:
        print(f"sudoku-teach {args.command}: {error}", file=sys.stderr)
        return UNUSABLE
    except OSError as error:
        print(f"sudoku-teach {args.command}: {error}", file=sys.stderr)
        return UNUSABLE


def solve_by_singles(label: str, grid: Grid, args: argparse.Namespace) -> int:
    """`solve --method singles`: rules only; one line per puzzle (the grid, or `stuck`)."""
    result = solve_with_rules(grid, SINGLES)
    if args.steps:
        for step in result.steps:
            print(f"{step.row} {step.col} {step.value} {step.rule}")
    line = result.grid.to_string() if result.solved else result.status
    if args.stats:
        counts = " ".join(f"{rule.split()[0]}={n}" for rule, n in result.technique_counts().items())
        line += f"  steps={len(result.steps)} {counts}"
    print(line)
    if not result.solved:
        print(f"{label}: {result.summary()}", file=sys.stderr)
        print(f"{label}: grid so far: {result.grid.to_string()}", file=sys.stderr)
    return OK if result.solved else BROKEN


SOLVE_METHODS["singles"] = solve_by_singles


def solve_by_search(method: str) -> SolveMethod:
    """A `solve --method` entry for one of the teaching solvers of `search`."""

    def run(label: str, grid: Grid, args: argparse.Namespace) -> int:
        from .search import solve

        result = solve(grid, method)
        if result.solution is not None:
            line = result.solution.to_string(blank="0")
        elif result.status == "node limit":
            line = f"node limit reached ({result.stats.nodes} nodes), no answer"
        else:
            line = "unsolvable"
        print(f"{line}  {result.stats}" if args.stats else line)
        return OK if result.solved else BROKEN

    return run


for _method in ("naive", "mrv", "propagate"):
    SOLVE_METHODS[_method] = solve_by_search(_method)


def solve_fast(label: str, grid: Grid, args: argparse.Namespace) -> int:
    """`solve --method fast`: the production solver of `fast`, one answer a line."""
    from .fast import solve

    result = solve(grid)
    stats, solution = result.stats, result.solution
    if result.status == "node limit":
        line = f"node limit reached ({stats.nodes} nodes), no answer"
    else:
        line = solution.to_string() if solution else "unsolvable"
    print(f"{line}  {stats}" if args.stats else line)
    return OK if solution else BROKEN


SOLVE_METHODS["fast"] = solve_fast


if __name__ == "__main__":
    raise SystemExit(main())
