"""Commands: sudoku-teach show check hint solve count generate rate worksheet grade collect return
export-nbgrader.

`python -m sudoku_teach` does the same. The top layer of the package, beside `teacher`
and `exercises`: it uses every layer below and nothing imports it. Each command's
arguments live here (`options`, `inputs`, and a module for each long command), never in
the modules that do the work.

Puzzles come as arguments (a puzzle string or a file name) or, with no argument or `-`,
from standard input. A file holds one puzzle a line (`0` or `.` for a blank), or blocks of
rows (the assignment's 9 lines of 9 numbers, the `.sdk` format); UTF-8, Windows-1252 and
UTF-16 text are all read. Input is read one line at a time and answers are printed as
they come, so memory stays flat on files of any length; a line of more than 10,000
characters is refused with its line number before it is read whole. Messages for people go to
standard error; on a terminal, long runs show a progress bar there.

Exit status: 0 all fine; 1 a puzzle breaks the rules, has no answer, has more than one
(`solve` prints one of them and says so), gets no hint, or a search stops at its node
limit; 2 unusable input or options (`--skip-bad` still processes the good puzzles, and
exits 2 if it skipped any); 130 interrupted with Ctrl-C.
For `hint` and `solve --method singles`, 1 also means no rule gives a step: the grid is
full, contradictory (a conflict, or a cell with no candidate), or needs more rules.
`count` prints one line per puzzle: `N` (exactly N solutions) or `N (limit reached)` (at
least N; the count stops at `--limit`, default 2, and keeps none of the solutions it counts,
so a high limit costs time, not memory); a grid that breaks the rules has 0, and
its conflict is named on standard error (exit status 1). `solve` and `count` take
`--method sat`: a SAT solver with no node limit, for puzzles where `fast` stops at its own.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import (
    ContradictionError,
    RuleViolation,
    SearchLimitReached,
    SudokuError,
    named_conflicts,
)
from ..grid import STYLES, Grid, write_as
from ..reductions.sat import MOST_COUNTED
from ..results import DEFAULT_MAX_NODES
from ..rule_solver import ALL_TECHNIQUES, next_step, stuck_because
from ..rules import conflicts, is_complete
from . import collect as cli_collect  # each of these commands lives in its own module
from . import generate as cli_generate
from . import grade as cli_grade
from . import rate as cli_rate
from . import worksheet as cli_worksheet
from .inputs import (
    INTERRUPTED,
    OK,
    UNUSABLE,
    Inputs,
    Said,
    UsageError,
    answer_each,
    emit,
    several,
)
from .options import add_command, at_least_one
from .solve import (
    COUNTERS,
    LARGER,
    OR_SAT,
    SOLVERS,
    check_options,
    cmd_solve,
    count_by,
    node_limit_text,
)

FULL = {getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG") if hasattr(errno, name)}
"""The errors of a write to a full disk, or past the largest file allowed (as the system
has them: not every one names all three)."""


# --- the commands ----------------------------------------------------------------------------
def cmd_show(args: argparse.Namespace) -> int:
    """Print each puzzle in the chosen form; several puzzles are labelled with `#` lines."""
    inputs = Inputs(args.puzzles, args.skip_bad)
    style = "line" if args.line else args.format
    labelled, puzzles = several(inputs)
    for i, (label, grid) in enumerate(puzzles):
        if labelled and style != "line":
            emit(("\n" if i else "") + f"# {label}")
        emit(write_as(grid, style))
    return inputs.finish(OK)


def cmd_check(args: argparse.Namespace) -> int:
    """Report every broken rule; exit 1 if any puzzle breaks one."""

    def check(label: str, grid: Grid, labelled: bool) -> Said:
        found = conflicts(grid)
        if found:
            return Said(problems=[f"{label}: {conflict}" for conflict in found])
        filled = grid.shape.n_cells - len(grid.empty_cells())
        return Said([f"{label}: no conflicts ({filled} of {grid.shape.n_cells} cells filled)"])

    return answer_each(args, check)


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the next step of each puzzle with its reason, by every rule the package knows
    (singles first, then pairs), as the game's hint does."""

    def hint(label: str, grid: Grid, labelled: bool) -> Said:
        try:
            step = next_step(grid, ALL_TECHNIQUES)
        except (RuleViolation, ContradictionError) as error:
            return Said(problems=[f"{label}: no hint: {error}"])
        if step is None:
            why = "the grid is already full" if is_complete(grid) else stuck_because(ALL_TECHNIQUES)
            return Said(problems=[f"{label}: no hint: {why}"])
        return Said([(f"{label}: " if labelled else "") + step.explain()])

    return answer_each(args, hint)


COUNT_OPTIONS = {"max_nodes": ("--max-nodes", {"fast"})}
"""Options of `count` that only some methods use (`--method sat` has no node limit)."""


def cmd_count(args: argparse.Namespace) -> int:
    """Print each puzzle's number of solutions, counting no further than the limit."""
    check_options(args, COUNT_OPTIONS)
    if args.method == "sat" and args.limit > MOST_COUNTED:
        raise UsageError(
            f"--method sat counts at most {MOST_COUNTED:,} solutions (each one found adds a"
            f" clause and a call of the solver), not --limit {args.limit:,}: count further"
            " with --method fast"
        )
    advice = OR_SAT if args.limit <= MOST_COUNTED else LARGER

    def count(label: str, grid: Grid, labelled: bool) -> Said:
        broken = conflicts(grid)
        if broken:  # no solution, and the reason is plain: say it
            why = named_conflicts(broken)
            return Said(["0"], [f"{label}: the givens break the rules: {why}"])
        found, status, stats = count_by(args.method, grid, args.limit, args.max_nodes)
        if status == "node limit":
            stopped = f"{label}: {SearchLimitReached(stats.nodes)}; {advice}"
            return Said([node_limit_text(stats.nodes)], [stopped])
        return Said([f"{found} (limit reached)" if found == args.limit else str(found)])

    return answer_each(args, count)


# --- the parser ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """All commands and their options."""
    parser = argparse.ArgumentParser(prog="sudoku-teach", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"sudoku-teach {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    show = add_command(commands, "show", cmd_show, "print puzzles (pretty, or as files hold them)")
    show.add_argument("--format", choices=STYLES, default="pretty", help="how to write each")
    show.add_argument("--line", action="store_true", help="the same as --format line")
    add_command(commands, "check", cmd_check, "report rule conflicts (exit 1 if any)")
    add_command(commands, "hint", cmd_hint, "the next safe step and why (exit 1 if there is none)")
    count = add_command(commands, "count", cmd_count, "count solutions, stopping at --limit")
    count.add_argument(
        "--method", choices=COUNTERS, default="fast",
        help="fast (the default: the package's own counter) or sat (a SAT solver, pycosat:"
        f" no node limit, for the hardest big puzzles; counts at most {MOST_COUNTED:,})",
    )
    count.add_argument(
        "--limit", type=at_least_one, default=2, metavar="N",
        help="stop counting at N solutions (default 2: is the puzzle unique?;"
        f" at most {MOST_COUNTED:,} with --method sat)",
    )
    count.add_argument(
        "--max-nodes", type=at_least_one, metavar="N",
        help=f"stop a search after N nodes (default {DEFAULT_MAX_NODES:,}; method fast)",
    )
    solve = add_command(commands, "solve", cmd_solve, "solve puzzles, one answer a line")
    solve.add_argument(
        "--method", choices=list(SOLVERS), default="fast",
        help="fast (the default: the package's own solver), sat (a SAT solver, pycosat: no"
        " node limit, for the hardest big puzzles), naive, mrv, propagate (the teaching"
        " searches) or singles (rules alone)",
    )
    solve.add_argument(
        "--stats", action="store_true",
        help="also print the work the search did (method sat: its nodes are the solver's calls)",
    )
    solve.add_argument("--steps", action="store_true", help="print every step (method singles)")
    solve.add_argument(
        "--max-nodes", type=at_least_one, metavar="N",
        help="stop a search after N nodes (methods fast, naive, mrv, propagate)",
    )
    cli_generate.add_generate_parser(commands)
    cli_rate.add_rate_parser(commands)
    cli_worksheet.add_worksheet_parser(commands)
    cli_grade.add_grade_parser(commands)
    cli_collect.add_collect_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; turn our own errors into a message and exit status 2."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except KeyboardInterrupt:
        print("sudoku-teach: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python flushes stdout at exit
        return OK
    except (SudokuError, OSError) as error:
        print(f"sudoku-teach {args.command}: {said(error)}", file=sys.stderr)
        return UNUSABLE


def said(error: Exception) -> str:
    """An error in words. A full disk that names no file was met writing the answers: every
    file the commands write goes through `textfile.write_file`, which names its file."""
    if (isinstance(error, OSError) and not isinstance(error, SudokuError)
            and error.filename is None and error.errno in FULL):
        return f"cannot write the answers to standard output: {error.strerror}"
    return str(error)


if __name__ == "__main__":
    raise SystemExit(main())
