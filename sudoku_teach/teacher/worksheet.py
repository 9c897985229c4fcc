"""Printable worksheets: numbered puzzles (and answers) drawn as a black and white PDF.

Every puzzle page has the title, what the puzzles are (level, size and seed, or the file
they came from), a line for the student's name and the date, and the rules; at its foot,
the command that makes the same sheet again, exactly as it can be typed. The same
arguments give the same bytes: the PDF carries no creation date and the puzzles come from
a seeded generator. Every puzzle is proper (exactly one solution), whether it was made
or read from a file: a file's puzzle that is not is refused, with its line and the reason.

The command line (`sudoku-teach worksheet`) is in `cli.worksheet`; this module only makes
sheets and draws them.
"""

from __future__ import annotations

import io
import math
import random
import shlex
import textwrap
import unicodedata
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SudokuError
from ..fast import proper_solution
from ..formats import symbol, symbols_for
from ..grid import Grid, iter_puzzles
from ..rating import check_level
from ..shape import Shape
from ..textfile import file_lines, write_file

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
"""Page sizes in inches, portrait."""
MAX_COUNT = 200
MAX_TITLE = 60
"""Characters of a title that fit on one line of the heading."""
MAX_PER_PAGE = 12
MARGIN, HEADER, FOOTER = 0.6, 1.75, 0.95
"""Page margins, in inches: the header holds four lines, the footer two or three."""
NAME_LINE = "Name: " + "_" * 28 + "      Date: " + "_" * 16
RULES = ("Fill every empty cell so that each row, each column and each region (the boxes"
         " with thick lines) holds every number from 1 to {n} exactly once.")
PER_PAGE = {16: 1, 25: 1}
"""Puzzles a page by default, by size (others: 6): one 16x16 a page keeps its cells about
1 cm wide, one 25x25 (read with `--from`) about 6 mm; six a page would make them about 4
and 2.5 mm."""


def default_per_page(size: int) -> int:
    """How many puzzles of this size a page holds by default, cells still readable."""
    return PER_PAGE.get(size, 6)


def letter_key(size: int) -> str:
    """The key to the letters of a big grid, for the page: 'A = 10, B = 11, ..., G = 16'."""
    if size <= 9:
        return ""
    pairs = [f"{char} = {v}" for v, char in enumerate(symbols_for(size), 1) if v > 9]
    lines = ["Letters stand for the numbers over 9:"]
    for k, pair in enumerate(pairs, 1):  # a pair is never cut in two
        pair += "." if k == len(pairs) else ","
        if len(f"{lines[-1]} {pair}") > KEY_CHARS:
            lines.append(pair)
        else:
            lines[-1] += f" {pair}"
    return "\n".join(lines)


KEY_CHARS = 95
"""Characters of the key's bold type that fit on one line between the margins: 16x16's
key takes one line, 25x25's two."""


FOOTER_CHARS = 112
"""Characters of the small footer type that fit on one line between the margins."""



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


def make_puzzles(count: int, level: str, seed: int, shape: Shape) -> list[Grid]:
    """`count` puzzles at a level, all from one seeded generator (same seed, same puzzles)."""
    from ..generate import make_rng

    check_level(level)
    rng = make_rng(seed)
    return [puzzle_at(level, rng, shape) for _ in range(count)]  # a RequestError says why not


def read_puzzles(path: str, most: int) -> list[tuple[int, Grid]]:
    """The first `most` puzzles of a file, each with the line it starts on: a file of a
    million puzzles is not read to the end for a sheet of a few."""
    return list(islice(iter_puzzles(file_lines(path), source=path), most))


def solutions_of(puzzles: list[tuple[int, Grid]], source: str) -> list[Grid]:
    """The one solution of every puzzle; a puzzle that is not proper is refused, named.

    Asked of every sheet, with or without answer pages: a puzzle with no solution or
    several is no puzzle to hand out.
    """
    answers = []
    for number, (line, puzzle) in enumerate(puzzles, 1):
        try:
            answers.append(proper_solution(puzzle))
        except SudokuError as error:
            where = f"{source}, line {line}" if line else source
            raise WorksheetError(f"{where}: puzzle {number} cannot be printed: {error}") from None
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
    page_inches = ax.figure.bbox.width / ax.figure.dpi  # the page's width (or its part's)
    side_points = ax.get_position().width * page_inches * 72
    size = side_points / n * 0.58
    shown = answer if answer is not None else puzzle
    for (row, col), value in zip(shape.cells, shown.numbers):
        if value:
            given = puzzle.is_given(row, col)
            ax.text(
                col + 0.5, row + 0.54, symbol(value), ha="center", va="center", fontsize=size,
                fontweight="bold" if given else "normal", color="black", parse_math=False,
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


def page_text(fig: Figure, x: float, y: float, text: str, **style: Any) -> None:
    """Text on a page exactly as typed: `$` and `\\` are not read as mathematics."""
    fig.text(x, y, text, parse_math=False, usetex=False, color="black", **style)


def heading_size(text: str, room: float, largest: float = 17) -> float:
    """The font size (points) at which a heading fits in `room` inches: 17, or less for a
    long one (measured with the font itself)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(family="DejaVu Sans", weight="bold", size=largest)
    width, _, _ = text_to_path.get_text_width_height_descent(text, font, ismath=False)
    return min(largest, largest * room * 72 / max(width, 1.0))


LINE_BREAKS = "\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters that break a line (`str.splitlines`), and the tab."""
PAGE_FONTS = {"DejaVu Sans": "the heading", "DejaVu Sans Mono": "the footer's command"}
"""The fonts of a page, and where the title stands in each."""


def missing_glyphs(text: str, family: str) -> list[str]:
    """The characters of `text` that one font cannot draw (they would print as boxes)."""
    from matplotlib.font_manager import FontProperties, findfont
    from matplotlib.ft2font import FT2Font

    drawable = set(FT2Font(findfont(FontProperties(family=family))).get_charmap())
    return sorted({char for char in text if ord(char) not in drawable})


def check_title(title: str) -> None:
    """Refuse a title the page cannot show as typed, saying what is wrong with it."""
    for column, char in enumerate(title, 1):
        if char in LINE_BREAKS:
            raise WorksheetError("a title is one line of text: no line breaks or tabs in it")
        if not char.isprintable():  # a zero-width space, a control character, broken bytes
            name = unicodedata.name(char, "a control character or broken text")
            raise WorksheetError(
                f"character {column} of the title, U+{ord(char):04X} ({name}), does not print:"
                " leave it out"
            )
    if len(title) > MAX_TITLE:
        raise WorksheetError(
            f"a title of at most {MAX_TITLE} characters fits on the page, not {len(title)}"
        )
    fonts_by_missing: dict[str, list[str]] = {}
    for family, where in PAGE_FONTS.items():
        missing = missing_glyphs(title, family)
        if missing:
            shown = " ".join(missing[:10]) + (" ..." if len(missing) > 10 else "")
            fonts_by_missing.setdefault(shown, []).append(f"{where} ({family})")
    if fonts_by_missing:
        said = "; ".join(
            f"the worksheet's font{'s' * (len(fonts) > 1)} for {' and '.join(fonts)}"
            f" {'have' if len(fonts) > 1 else 'has'} no letter for {shown}"
            for shown, fonts in fonts_by_missing.items()
        )
        raise WorksheetError(
            f"{said} in the title: write it without them (plain Latin, Greek and Cyrillic"
            " letters print)"
        )


def footer_lines(remake: str) -> list[str]:
    """The "make it again" command in lines that fit the page, cut only between words and
    ended with the shell's ` \\`, so that it still runs when copied as printed."""
    lines = [["Make it again:"]]
    for word in (shlex.quote(word) for word in shlex.split(remake)):
        if len(" ".join([*lines[-1], word])) > FOOTER_CHARS - 2:
            lines.append(["   "])
        lines[-1].append(word)
    return [" ".join(line) + (" \\" if k < len(lines) - 1 else "")
            for k, line in enumerate(lines)]


def draw_page(sheet: Sheet, page: Page, paper: str, per_page: int) -> Figure:
    """One page: heading, what it holds, name and date, the rules, the grids numbered as in
    the whole sheet, and at the foot how to make it again and the page number."""
    from matplotlib.figure import Figure

    width, height = PAPER[paper]
    fig = Figure(figsize=(width, height))
    top = 1 - 0.45 / height
    size = max(puzzle.size for puzzle in sheet.puzzles)
    page_text(fig, 0.5, top, page.heading, ha="center", va="top",
              fontsize=heading_size(page.heading, width - 2 * MARGIN), fontweight="bold")
    page_text(fig, 0.5, 1 - 0.85 / height, sheet.about, ha="center", va="top", fontsize=10)
    if not page.answers:  # the student's page: who and when, and what to do
        page_text(fig, MARGIN / width, 1 - 1.18 / height, NAME_LINE, ha="left", va="top",
                  fontsize=10)
        rules = textwrap.fill(RULES.format(n=size), 105)
        page_text(fig, MARGIN / width, 1 - 1.42 / height, rules, ha="left", va="top",
                  fontsize=8.5, linespacing=1.3)
    for number, (left, bottom, side) in zip(page.numbers, layout(per_page, paper)):
        ax = fig.add_axes((left / width, bottom / height, side / width, side / height))
        answer = sheet.answers[number] if page.answers and sheet.answers else None
        draw_grid(ax, sheet.puzzles[number], answer)
        page_text(fig, left / width, (bottom + side + 0.08) / height, f"{number + 1}.",
                  ha="left", va="bottom", fontsize=12, fontweight="bold")
    if size > 9:  # the key to the letters, above the footer, on every page
        page_text(fig, MARGIN / width, (0.6 + 0.14 * len(footer_lines(sheet.remake))) / height,
                  letter_key(size), ha="left", va="bottom", fontsize=10, fontweight="bold")
    lines = footer_lines(sheet.remake)
    for k, line in enumerate(reversed(lines)):  # the last line lowest, above the page number
        page_text(fig, MARGIN / width, (0.55 + 0.14 * k) / height, line, ha="left",
                  va="bottom", fontsize=7, family="DejaVu Sans Mono")
    page_text(fig, 1 - MARGIN / width, 0.3 / height, page.footer, ha="right", va="bottom",
              fontsize=8)
    return fig


def pdf_bytes(sheet: Sheet, per_page: int, paper: str) -> tuple[bytes, int]:
    """The whole PDF in memory (puzzle pages, then answer pages) and its number of pages."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    check_title(sheet.title)
    metadata = {"CreationDate": None, "Creator": "sudoku-teach", "Producer": "sudoku-teach",
                "Title": sheet.title}
    pages = pages_of(sheet, per_page)
    buffer = io.BytesIO()
    style = matplotlib.rc_context(
        {"pdf.fonttype": 42, "font.family": "DejaVu Sans", "text.usetex": False}
    )
    with style, PdfPages(buffer, metadata=metadata) as pdf:
        for page in pages:
            pdf.savefig(draw_page(sheet, page, paper, per_page))
    return buffer.getvalue(), len(pages)


def write_pdf(sheet: Sheet, path: Path, per_page: int, paper: str) -> int:
    """Write the sheet as a PDF; return its number of pages.

    The PDF is made in memory first and the file replaced only when it is complete (see
    `textfile.write_file`): a Ctrl-C or a full disk never leaves half a sheet behind.
    """
    data, pages = pdf_bytes(sheet, per_page, paper)
    write_file(path, data)
    return pages
