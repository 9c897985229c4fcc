"""The pieces every command's parser shares: the PUZZLE arguments and option types.

They live apart from `cli/__init__` (which puts the commands together) so that each
command's module can use them without importing the module that imports it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def at_least_one(text: str) -> int:
    """An option value that must be a whole number from 1 up."""
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 up, got {text!r}")
    return int(text)


def add_command(
    commands: argparse._SubParsersAction, name: str, run: Callable, help: str
) -> argparse.ArgumentParser:
    """One command with the shared PUZZLE arguments and --skip-bad."""
    parser = commands.add_parser(name, help=help)
    parser.add_argument(
        "puzzles", nargs="*", metavar="PUZZLE",
        help="a puzzle (81 characters, 0 or . for blank) or a file of puzzles; default: stdin",
    )
    parser.add_argument(
        "--skip-bad", action="store_true",
        help="report each bad puzzle (file and line) on stderr and go on with the good ones",
    )
    parser.set_defaults(run=run)
    return parser
