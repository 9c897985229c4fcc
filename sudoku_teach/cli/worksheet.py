"""`sudoku-teach worksheet`: printable puzzles (and answers) as a PDF.

    sudoku-teach worksheet --count 6 --difficulty hard --seed 7 --answers -o week3.pdf
    sudoku-teach worksheet --from my-puzzles.txt -o mine.pdf

The sheets themselves are made and drawn in `teacher.worksheet`; this module reads the
options, refuses impossible requests (exit status 2) and writes the file.
"""

from __future__ import annotations

import argparse
import logging
import shlex
from pathlib import Path

from ..formats import or_list
from ..rating import LEVELS
from ..shape import Shape
from ..teacher.worksheet import (
    MAX_COUNT,
    MAX_PER_PAGE,
    PAPER,
    Sheet,
    WorksheetError,
    check_title,
    default_per_page,
    make_puzzles,
    read_puzzles,
    solutions_of,
    write_pdf,
)
from .options import at_least_one, grid_size, seed

SIZES = (4, 6, 9, 16)
"""The sizes `worksheet --size` makes puzzles of."""


def remake_command(args: argparse.Namespace) -> str:
    """The command line that makes this sheet again, `-o` included: it runs as printed."""
    words = ["sudoku-teach", "worksheet"]
    if args.source:
        words += ["--from", args.source]
    else:
        words += ["--difficulty", args.difficulty, "--size", str(args.size), "--seed",
                  str(args.seed)]
    if args.count:
        words += ["--count", str(args.count)]
    words += ["--per-page", str(args.per_page), "--paper", args.paper]
    if args.title:
        words += ["--title", args.title]
    if args.answers:
        words.append("--answers")
    words += ["-o", args.output]
    return shlex.join(words)


def build_sheet(args: argparse.Namespace) -> Sheet:
    """The puzzles (and answers) the arguments ask for, or a clear reason why not."""
    if args.source:
        if args.difficulty or args.seed is not None:
            raise WorksheetError("--from prints a file's puzzles: leave out --difficulty, --seed")
        found = read_puzzles(args.source, args.count or MAX_COUNT + 1)
        if not found:
            raise WorksheetError(f"{args.source} holds no puzzle")
        if len(found) > MAX_COUNT:
            raise WorksheetError(f"{args.source} holds more than {MAX_COUNT} puzzles, the most a"
                                 " worksheet prints: say how many to print with --count")
        sizes = sorted({f"{grid.size}x{grid.size}" for _, grid in found})
        about = f"From: {Path(args.source).name}    Size: {', '.join(sizes)}"
    else:
        if not args.difficulty or args.seed is None or not args.count:
            raise WorksheetError("say --count, --difficulty and --seed (or --from FILE)")
        shape = Shape.for_size(args.size)
        made = make_puzzles(args.count, args.difficulty, args.seed, shape)
        found = [(0, grid) for grid in made]
        about = f"Level: {args.difficulty}    Size: {args.size}x{args.size}    Seed: {args.seed}"
    if args.per_page is None:  # the size's own default: cells stay readable
        args.per_page = default_per_page(max(grid.size for _, grid in found))
    solutions = solutions_of(found, args.source or "worksheet")  # every puzzle proper
    puzzles = [grid for _, grid in found]
    return Sheet(args.title or "Sudoku", f"{about}    Puzzles: {len(puzzles)}",
                 remake_command(args), puzzles, solutions if args.answers else None)


def cache_notes(record: logging.LogRecord) -> bool:
    """False for matplotlib's notes that it keeps its cache in a temporary folder (in a home
    it cannot write to): the sheet is made all the same, and there is nothing to act on."""
    return record.funcName != "_get_config_or_cache_dir"


def cmd_worksheet(args: argparse.Namespace) -> int:
    """Make the worksheet PDF and say where it went."""
    logging.getLogger("matplotlib").addFilter(cache_notes)  # before matplotlib is imported
    if args.per_page is not None and args.per_page > MAX_PER_PAGE:
        raise WorksheetError(
            f"at most {MAX_PER_PAGE} puzzles a page stay readable, not {args.per_page}"
        )
    if not args.output.strip():
        raise WorksheetError("-o needs a file name to write the PDF to")
    check_title(args.title)
    if args.count and args.count > MAX_COUNT:
        raise WorksheetError(f"at most {MAX_COUNT} puzzles a worksheet, not {args.count}")
    sheet = build_sheet(args)
    pages = write_pdf(sheet, Path(args.output), args.per_page, args.paper)
    print(f"{args.output}: {len(sheet.puzzles)} puzzle(s) on {pages} page(s)")
    return 0


def add_worksheet_parser(commands: argparse._SubParsersAction) -> None:
    """The `worksheet` command and its options."""
    sheet = commands.add_parser("worksheet", help="print puzzles (and answers) as a PDF")
    sheet.add_argument("--count", type=at_least_one, help="how many puzzles")
    sheet.add_argument("--difficulty", choices=LEVELS, help="the level of the puzzles")
    sheet.add_argument("--size", type=grid_size(SIZES), default=9, metavar="N",
                       help=f"{or_list(SIZES)}, default 9 (16: letters A-G for 10-16; fewer a"
                       " page read better)")
    sheet.add_argument("--seed", type=seed, help="the same seed makes the same puzzles")
    sheet.add_argument("--from", dest="source", metavar="FILE",
                       help="print the puzzles of a file instead (one a line, or blocks of rows)")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="where to write")
    sheet.add_argument("--per-page", type=at_least_one, metavar="K",
                       help=f"puzzles a page, 1 to {MAX_PER_PAGE} (default 6; 16x16 and 25x25: 1)")
    sheet.add_argument("--answers", action="store_true", help="add answer-key pages at the end")
    sheet.add_argument("--title", default="", help="the heading of every page (default: Sudoku)")
    sheet.add_argument("--paper", choices=sorted(PAPER), default="a4", help="default a4")
    sheet.set_defaults(run=cmd_worksheet)
