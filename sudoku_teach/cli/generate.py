"""`sudoku-teach generate`: new proper puzzles, one a line, the same ones for the same seed.

    sudoku-teach generate --count 5 --seed 1
    sudoku-teach generate --size 6 --givens 12 --symmetric --method template
    sudoku-teach generate --count 10 --difficulty medium

Requests that no puzzle can meet (16 givens on 9x9, a negative count, an unknown method,
size or level, a level the size cannot have) get a message and exit status 2 at once;
a level and a number of givens that do not go together are refused after a bounded
number of tries. Nothing is searched for ever.
"""

from __future__ import annotations

import argparse
import random

from ..formats import or_list
from ..generate import GRID_METHODS, new_puzzle, puzzle_at_level
from ..generate.grids import make_rng
from ..generate.puzzles import check_givens
from ..grid import Grid
from ..rating import LEVELS
from ..shape import Shape
from .inputs import UsageError, with_progress
from .options import LARGEST, grid_size, seed, shown, whole_number

SIZES = (4, 6, 9, 16, 25)
"""The grid sizes `generate --size` offers."""


def count_argument(text: str) -> int:
    """A count of puzzles: a whole number, 0 or more (at most a billion)."""
    if text.startswith("-") and text[1:].isdigit():
        raise argparse.ArgumentTypeError(f"the count cannot be negative ({shown(text)})")
    return whole_number(0, LARGEST)(text)


def add_generate_parser(commands: argparse._SubParsersAction) -> None:
    """Add the `generate` command to the command line's sub-commands."""
    parser = commands.add_parser("generate", help="new proper puzzles, one a line")
    parser.add_argument("--count", type=count_argument, default=1, metavar="N",
                        help="how many puzzles (default 1)")
    parser.add_argument("--seed", type=seed, default=0, metavar="S",
                        help="the same seed gives the same puzzles (default 0)")
    parser.add_argument("--givens", type=whole_number(0, 25 * 25), default=None, metavar="K",
                        help="stop removing numbers at K givens (default: as few as possible)")
    parser.add_argument("--symmetric", action="store_true",
                        help="remove cells in pairs mirrored through the centre")
    parser.add_argument("--method", choices=GRID_METHODS, default="recursive",
                        help="how to make the full grid first (default recursive)")
    parser.add_argument("--size", type=grid_size(SIZES), default=9, metavar="N",
                        help=f"grid size: {or_list(SIZES)} (default 9; 16x16 and 25x25 write"
                        " 10 and up as letters, A = 10, G = 16, P = 25)")
    parser.add_argument("--difficulty", choices=LEVELS, default=None,
                        help="make puzzles at this level (see `sudoku-teach rate`);"
                        " default: minimal puzzles, whatever their level")
    parser.set_defaults(run=cmd_generate)


def cmd_generate(args: argparse.Namespace) -> int:
    """Print `--count` puzzles, one a line; refuse impossible requests before any work."""
    shape = Shape.for_size(args.size)
    check_givens(args.givens, shape)  # a SudokuError: the command line says it, exit 2
    rng = make_rng(args.seed)
    for _ in with_progress(range(args.count), "puzzles"):
        print(one_puzzle(rng, shape, args).to_string(), flush=args.count > 1)
    return 0


def one_puzzle(rng: random.Random, shape: Shape, args: argparse.Namespace) -> Grid:
    """The next puzzle: at the level asked for, or minimal from the chosen grid method."""
    if args.difficulty is None:
        return new_puzzle(rng, shape, method=args.method, givens=args.givens,
                          symmetric=args.symmetric)
    if args.method != "recursive":
        raise UsageError("--difficulty makes its own grids: leave out --method")
    return puzzle_at_level(args.difficulty, rng, shape, givens=args.givens,
                           symmetric=args.symmetric)
