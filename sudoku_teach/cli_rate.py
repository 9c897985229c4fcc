"""`sudoku-teach rate`: the level of each puzzle and the techniques it needs, one line each.

    sudoku-teach rate puzzles.txt
    sudoku-teach rate 4.....8.5.3.......... --steps

A line reads `hard (score 73): naked single x38, hidden single x15, naked pair x1`.
A grid that is not a proper puzzle (a broken rule, no solution, several) gets a message
on standard error instead, and the exit status is 1; unreadable input gives 2.
"""

from __future__ import annotations

import argparse
import sys

from .errors import SudokuError


def add_rate_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `rate` command to the command line's sub-commands."""
    from .cli import add_puzzle_argument

    parser = commands.add_parser("rate", help="the level of each puzzle and the techniques used")
    add_puzzle_argument(parser)
    parser.add_argument("--steps", action="store_true", help="also print every step, explained")
    parser.set_defaults(run=cmd_rate)


def cmd_rate(args: argparse.Namespace) -> int:
    """Rate every puzzle; exit 1 if any of them cannot be rated."""
    from .cli import BROKEN, OK, read_inputs
    from .rating import rate

    status = OK
    puzzles = read_inputs(args.puzzles)
    for label, grid in puzzles:
        prefix = f"{label}: " if len(puzzles) > 1 else ""
        try:
            rating = rate(grid)
        except SudokuError as error:
            print(f"{label}: cannot rate: {error}", file=sys.stderr)
            status = BROKEN
            continue
        print(prefix + str(rating))
        if args.steps:
            print(rating.explain())
    return status
