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

from ..errors import SudokuError
from ..rating import rate
from .inputs import BROKEN, OK, Inputs, emit, several, with_progress
from .options import add_command


def add_rate_parser(commands: argparse._SubParsersAction) -> None:
    """Add the `rate` command to the command line's sub-commands."""
    about = "the level of each puzzle and the techniques used"
    parser = add_command(commands, "rate", cmd_rate, about)
    parser.add_argument("--steps", action="store_true", help="also print every step, explained")


def cmd_rate(args: argparse.Namespace) -> int:
    """Rate every puzzle; exit 1 if any of them cannot be rated."""
    inputs = Inputs(args.puzzles, args.skip_bad)
    status = OK
    labelled, puzzles = several(inputs)
    for label, grid in with_progress(puzzles):
        try:
            rating = rate(grid)
        except SudokuError as error:
            print(f"{label}: cannot rate: {error}", file=sys.stderr)
            status = BROKEN
            continue
        emit((f"{label}: " if labelled else "") + str(rating))
        if args.steps:
            emit(rating.explain())
    return inputs.finish(status)
