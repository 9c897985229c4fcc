"""Printable worksheets: `sudoku-teach worksheet` draws numbered puzzles (and answers) as a PDF.

Everything that decides what is printed (count, level, size, seed, title) is printed on the
sheet too, with the command that makes it again. The same arguments give the same bytes:
the PDF carries no creation date and the puzzles come from a seeded generator.
"""

from __future__ import annotations

import argparse
import math
import random
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..cli import at_least_one
from ..errors import SudokuError
from ..formats import symbol
from ..grid import Grid, load_puzzles
from ..rating import LEVELS
from ..shape import Shape

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.backends.backend_pdf import PdfPages

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
"""Page sizes in inches, portrait."""
MAX_COUNT = 200
MAX_PER_PAGE = 12
MARGIN, HEADER, FOOTER = 0.6, 1.1, 0.6
"""Page margins, in inches."""


class WorksheetError(SudokuError):
    """A worksheet that cannot be made as asked (exit status 2)."""


@dataclass
class Sheet:
    """What a worksheet shows: a title, how it was made, the puzzles and maybe their answers."""

    title: str
    about: str
    remake: str
    puzzles: list[Grid]
    answers: list[Grid] | None = None


# --- the puzzles --------------------------------------------------------------------------
def puzzle_at(level: str, rng: random.Random, shape: Shape) -> Grid:
    """One new puzzle at a level: the one place that asks the generator for it."""
    from ..generate import puzzle_at_level

    return puzzle_at_level(level, rng, shape)


def solution_of(puzzle: Grid) -> Grid | None:
    """The puzzle's solution, or None: the one place that calls the solver."""
    from ..fast import solve

    return solve(puzzle).solution


def has_one_solution(puzzle: Grid) -> bool:
    """Whether the puzzle is proper: the one place that counts solutions."""
    from ..fast import count_solutions

    return count_solutions(puzzle, 2).count == 1


def make_puzzles(count: int, level: str, seed: int, shape: Shape) -> list[Grid]:
    """`count` puzzles at a level, all from one seeded generator (same seed, same puzzles)."""
    if level not in LEVELS:
        raise WorksheetError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}")
    rng = random.Random(seed)
    try:
        return [puzzle_at(level, rng, shape) for _ in range(count)]
    except ValueError as error:  # a level this size cannot have: say so, as for any bad option
        raise WorksheetError(str(error)) from None


def answers_for(puzzles: list[Grid], source: str) -> list[Grid]:
    """The solution of every puzzle; a puzzle without exactly one cannot have an answer key."""
    answers = []
    for number, puzzle in enumerate(puzzles, 1):
        solution = solution_of(puzzle)
        if solution is None:
            raise WorksheetError(f"{source}: puzzle {number} has no solution")
        if not has_one_solution(puzzle):
            raise WorksheetError(
                f"{source}: puzzle {number} has more than one solution, so no single answer"
            )
        answers.append(solution)
    return answers


# --- drawing ------------------------------------------------------------------------------
def layout(per_page: int, paper: str) -> list[tuple[float, float, float]]:
    """Where the grids of one page go: (left, bottom, side) in inches, reading order."""
    width, height = PAPER[paper]
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    rows = math.ceil(per_page / cols)
    box_w = (width - 2 * MARGIN) / cols
    box_h = (height - HEADER - FOOTER - MARGIN) / rows
    label = 0.3  # room for the puzzle's number above its grid
    side = min(box_w * 0.88, (box_h - label) * 0.92)
    spots = []
    for index in range(per_page):
        row, col = divmod(index, cols)
        left = MARGIN + col * box_w + (box_w - side) / 2
        top = height - HEADER - row * box_h - label
        spots.append((left, top - side, side))
    return spots


def line_style(thick: bool) -> dict:
    """Black lines: thick between regions, thin between cells."""
    return {"color": "black", "lw": 2.4 if thick else 0.6, "solid_capstyle": "projecting"}


def draw_grid(ax: Axes, puzzle: Grid, answer: Grid | None = None) -> None:
    """One grid in black and white: thin cell lines, thick region lines, givens in bold."""
    shape = puzzle.shape
    n = shape.size
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    for k in range(n + 1):  # a region edge every box_cols columns and every box_rows rows
        ax.plot([k, k], [0, n], **line_style(k % shape.box_cols == 0))
        ax.plot([0, n], [k, k], **line_style(k % shape.box_rows == 0))
    side_points = ax.get_position().width * ax.figure.get_figwidth() * 72
    size = side_points / n * 0.58
    shown = answer if answer is not None else puzzle
    for (row, col), value in zip(shape.cells, shown.numbers):
        if value:
            given = puzzle.is_given(row, col)
            ax.text(
                col + 0.5, row + 0.54, symbol(value), ha="center", va="center", fontsize=size,
                fontweight="bold" if given else "normal", color="black",
            )


@dataclass(frozen=True)
class Page:
    """One page of a sheet: its heading, which puzzles, puzzles or answers, its page number."""

    heading: str
    numbers: range
    answers: bool
    footer: str


def pages_of(sheet: Sheet, per_page: int) -> list[Page]:
    """The puzzle pages, then (when there is a key) the answer pages in the same order."""
    chunks = [range(i, min(i + per_page, len(sheet.puzzles)))
              for i in range(0, len(sheet.puzzles), per_page)]
    parts = [(sheet.title, False)]
    if sheet.answers:
        parts.append((f"{sheet.title}: answers", True))
    pages = [(heading, answers, numbers) for heading, answers in parts for numbers in chunks]
    return [
        Page(heading, numbers, answers, f"page {n} of {len(pages)}")
        for n, (heading, answers, numbers) in enumerate(pages, 1)
    ]


def draw_page(pdf: PdfPages, sheet: Sheet, page: Page, paper: str, per_page: int) -> None:
    """One page: heading, the grids numbered as in the whole sheet, how to make it again."""
    import matplotlib.pyplot as plt

    width, height = PAPER[paper]
    fig = plt.figure(figsize=(width, height))
    fig.text(0.5, 1 - 0.45 / height, page.heading, ha="center", va="top", fontsize=17,
             fontweight="bold")
    fig.text(0.5, 1 - 0.85 / height, sheet.about, ha="center", va="top", fontsize=10)
    for number, (left, bottom, side) in zip(page.numbers, layout(per_page, paper)):
        ax = fig.add_axes((left / width, bottom / height, side / width, side / height))
        answer = sheet.answers[number] if page.answers and sheet.answers else None
        draw_grid(ax, sheet.puzzles[number], answer)
        fig.text(left / width, (bottom + side + 0.08) / height, f"{number + 1}.",
                 ha="left", va="bottom", fontsize=12, fontweight="bold")
    fig.text(MARGIN / width, 0.35 / height, f"Make it again: {sheet.remake}", ha="left",
             va="bottom", fontsize=7)
    fig.text(1 - MARGIN / width, 0.35 / height, page.footer, ha="right", va="bottom",
             fontsize=8)
    pdf.savefig(fig)
    plt.close(fig)


def write_pdf(sheet: Sheet, path: Path, per_page: int, paper: str) -> int:
    """Write the puzzle pages, then the answer pages if any; return the number of pages."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_pdf import PdfPages

    metadata = {"CreationDate": None, "Creator": "sudoku-teach", "Producer": "sudoku-teach",
                "Title": sheet.title}
    pages = pages_of(sheet, per_page)
    style = {"pdf.fonttype": 42, "font.family": "DejaVu Sans"}  # fonts embedded: any printer
    with matplotlib.rc_context(style), PdfPages(path, metadata=metadata) as pdf:
        for page in pages:
            draw_page(pdf, sheet, page, paper, per_page)
    return len(pages)


# --- the command --------------------------------------------------------------------------
def remake_command(args: argparse.Namespace) -> str:
    """The command line that makes this sheet again (printed at the foot of every page)."""
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
    return shlex.join(words)


def build_sheet(args: argparse.Namespace) -> Sheet:
    """The puzzles (and answers) the arguments ask for, or a clear reason why not."""
    if args.source:
        if args.difficulty or args.seed is not None:
            raise WorksheetError("--from prints a file's puzzles: leave out --difficulty, --seed")
        puzzles = load_puzzles(args.source)
        if not puzzles:
            raise WorksheetError(f"{args.source} holds no puzzle")
        puzzles = puzzles[: args.count] if args.count else puzzles
        about = f"Puzzles from {Path(args.source).name}"
    else:
        if not args.difficulty or args.seed is None or not args.count:
            raise WorksheetError("say --count, --difficulty and --seed (or --from FILE)")
        shape = Shape.for_size(args.size)
        puzzles = make_puzzles(args.count, args.difficulty, args.seed, shape)
        about = f"Level: {args.difficulty}    Size: {args.size}x{args.size}    Seed: {args.seed}"
    if len(puzzles) > MAX_COUNT:
        raise WorksheetError(f"at most {MAX_COUNT} puzzles a worksheet, not {len(puzzles)}")
    title = args.title or "Sudoku"
    answers = answers_for(puzzles, args.source or "worksheet") if args.answers else None
    return Sheet(title, f"{about}    Puzzles: {len(puzzles)}", remake_command(args), puzzles,
                 answers)


def cmd_worksheet(args: argparse.Namespace) -> int:
    """Make the worksheet PDF and say where it went."""
    if args.per_page > MAX_PER_PAGE:
        raise WorksheetError(
            f"at most {MAX_PER_PAGE} puzzles a page stay readable, not {args.per_page}"
        )
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
    sheet.add_argument("--size", type=int, choices=(4, 6, 9, 16), default=9,
                       help="default 9 (16: letters A-G for 10-16; fewer a page read better)")
    sheet.add_argument("--seed", type=int, help="the same seed makes the same puzzles")
    sheet.add_argument("--from", dest="source", metavar="FILE",
                       help="print the puzzles of a file instead (one a line, or blocks of rows)")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="where to write")
    sheet.add_argument("--per-page", type=at_least_one, default=6, metavar="K",
                       help=f"puzzles a page, 1 to {MAX_PER_PAGE} (default 6)")
    sheet.add_argument("--answers", action="store_true", help="add answer-key pages at the end")
    sheet.add_argument("--title", default="", help="the heading of every page (default: Sudoku)")
    sheet.add_argument("--paper", choices=sorted(PAPER), default="a4", help="default a4")
    sheet.set_defaults(run=cmd_worksheet)
