"""`sudoku-teach rate`: the level of each puzzle and the techniques it needs, one line each.

    sudoku-teach rate puzzles.txt
    sudoku-teach rate 4.....8.5.3.......... --steps

A line reads `hard (score 73): naked single x38, hidden single x15, naked pair x1`.
A grid that is not a proper puzzle (a broken rule, no solution, several) gets a message
on standard error instead, and the exit status is 1; unreadable input gives 2. Where the
search of rating stops at its node limit (some sparse 25x25 puzzles), the message says
whether the puzzle is proper, found by the SAT solver (`solve --method sat`).
"""

from __future__ import annotations

import argparse

from ..errors import SearchLimitReached, SudokuError
from ..grid import Grid
from ..rating import rate
from .inputs import Said, answer_each
from .options import add_command
from .solve import count_by


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
        except SearchLimitReached as error:
            return Said(problems=[f"{label}: cannot rate: {error}; {properness(grid)}"])
        except SudokuError as error:
            return Said(problems=[f"{label}: cannot rate: {error}"])
        lines = [(f"{label}: " if labelled else "") + str(rating)]
        return Said(lines + [rating.explain()] if args.steps else lines)

    return answer_each(args, rated)


def properness(grid: Grid) -> str:
    """Where the search of rating stops, whether the puzzle is proper at all, by SAT (no
    node limit): a puzzle with several solutions or none has nothing to rate anyway."""
    found = count_by("sat", grid, 2).found
    if found == 1:
        return "by --method sat it has one solution, but rating needs the package's own search"
    return "by --method sat it has " + ("no solution" if not found else "more than one solution")
