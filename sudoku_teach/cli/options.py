"""The pieces every command's parser shares: the PUZZLE arguments and option types.

They live apart from `cli/__init__` (which puts the commands together) so that each
command's module can use them without importing the module that imports it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..formats import or_list, shortened

LARGEST = 10**9
"""The largest number any option takes unless it says otherwise (a billion)."""
PUZZLE_FORM = (
    "81 characters, 0 or . for a blank (16x16: 256, 25x25: 625, with the letters A-P for"
    " 10-25: G = 16)"
)
"""A puzzle on the command line, for help and errors: big grids write 10 and up as letters."""
SEEDS = 2**63 - 1
"""The largest seed (seeds from -SEEDS to SEEDS)."""


def shown(text: str) -> str:
    """An option's value as a message quotes it: never a page of digits."""
    return shortened(text, 30, repr)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An option type: a whole number from `low` to `high`; its message says both."""

    def read(text: str) -> int:
        digits = text.removeprefix("-")
        if (not digits.isascii() or not digits.isdigit() or len(digits) > len(str(high)) + 1
                or not low <= int(text) <= high):
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low:,} up to {high:,}, got {shown(text)}"
            )
        return int(text)

    return read


def grid_size(sizes: tuple[int, ...]) -> Callable[[str], int]:
    """An option type: one of the grid sizes a command offers; its message names them."""

    def read(text: str) -> int:
        if text.strip() not in map(str, sizes):
            raise argparse.ArgumentTypeError(
                f"no grid of size {shown(text)} here: choose {or_list(sizes)} (9 for 9x9)"
            )
        return int(text)

    return read


at_least_one = whole_number(1, LARGEST)
"""A count or a limit: from 1 to a billion."""
seed = whole_number(-SEEDS, SEEDS)
"""A seed for the random numbers (the same seed, the same puzzles)."""


def add_command(
    commands: argparse._SubParsersAction, name: str, run: Callable, help: str
) -> argparse.ArgumentParser:
    """One command with the shared PUZZLE arguments and --skip-bad."""
    parser = commands.add_parser(name, help=help)
    parser.add_argument(
        "puzzles", nargs="*", metavar="PUZZLE",
        help=f"a puzzle ({PUZZLE_FORM}) or a file of puzzles; default: stdin",
    )
    parser.add_argument(
        "--skip-bad", action="store_true",
        help="report each bad puzzle (file and line) on stderr and go on with the good ones",
    )
    parser.set_defaults(run=run)
    return parser
