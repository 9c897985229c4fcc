"""`sudoku-teach rate`: the level of each puzzle and the techniques it needs, one line each.

    sudoku-teach rate puzzles.txt
    sudoku-teach rate 4.....8.5.3.......... --steps

A line reads `hard (score 73): naked single x38, hidden single x15, naked pair x1`.
A grid that is not a proper puzzle (a broken rule, no solution, several) gets a message
on standard error instead, and the exit status is 1; unreadable input gives 2.
"""

from __future__ import annotations

import argparse

from ..errors import SudokuError
from ..grid import Grid
from ..rating import rate
from .inputs import Said, answer_each
from .options import add_command


def add_rate_parser(commands: argparse._SubParsersAction) -> None:
    """Add the `rate` command to the command line's sub-commands."""
    about = "the level of each puzzle and the techniques used"
    parser = add_command(commands, "rate", cmd_rate, about)
    parser.add_argument("--steps", action="store_true", help="also print every step, explained")


def cmd_rate(args: argparse.Namespace) -> int:
    """Rate every puzzle; exit 1 if any of them cannot be rated."""

    def rated(label: str, grid: Grid, labelled: bool) -> Said:
        try:
            rating = rate(grid)
        except SudokuError as error:
            return Said(problems=[f"{label}: cannot rate: {error}"])
        lines = [(f"{label}: " if labelled else "") + str(rating)]
        return Said(lines + [rating.explain()] if args.steps else lines)

    return answer_each(args, rated)
