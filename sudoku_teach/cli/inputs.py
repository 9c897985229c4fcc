"""Where the command line's puzzles come from, and how its answers go out.

Arguments are puzzles or file names; with none, standard input. Everything is read one
line at a time and every answer is printed at once, so memory stays flat on long input.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import TypeVar

from tqdm import tqdm

from ..errors import PuzzleFormatError, SudokuError
from ..formats import BLANKS, DECORATION, SYMBOLS, shortened
from ..grid import Grid, iter_puzzles
from ..textfile import decoded_lines, file_lines, unusable
from .options import PUZZLE_FORM

OK, BROKEN, UNUSABLE, INTERRUPTED = 0, 1, 2, 130
"""The exit statuses of the command line (see `cli`)."""
Labelled = tuple[str, Grid]
T = TypeVar("T")


class UsageError(SudokuError):
    """Input or options the command line cannot use (exit status 2)."""


# --- reading puzzles -------------------------------------------------------------------------
def looks_like_puzzle(text: str) -> bool:
    """Whether an argument that names no file is meant as a puzzle rather than a file name.

    A puzzle is mostly digits and dots, and does not look like a path: `2024-01.txt` (a
    suffix) and `week3/2024` (a folder) are missing files, while `12x4` is a puzzle with a
    bad character, and said to be one. Letters count only in capitals (A-P, for 16x16 and
    25x25), since file names are mostly lower case.
    """
    suffix = re.search(r"\.[A-Za-z]\w*$", text.strip())  # a 16x16 puzzle may end in ".G"
    if "/" in text or os.sep in text or (suffix and len(text) < 100):
        return False
    puzzle_chars = sum(
        ch in SYMBOLS or ch in BLANKS or ch in DECORATION for ch in text
    )
    return puzzle_chars > sum(not ch.isspace() for ch in text) / 2


def stdin_lines() -> Iterator[str]:
    """The lines of standard input, read lazily, whatever the encoding of the bytes."""
    if hasattr(sys.stdin, "buffer"):
        return decoded_lines(sys.stdin.buffer, "stdin")
    return (line.rstrip("\r\n") for line in sys.stdin)  # already text (tests, notebooks)


class Inputs:
    """The puzzles named on the command line, read lazily, each with a label for messages."""

    def __init__(self, sources: Sequence[str], skip_bad: bool = False) -> None:
        self.sources = list(sources)
        self.skip_bad = skip_bad
        self.skipped = 0

    def skip(self, error: PuzzleFormatError) -> None:
        """With --skip-bad: report a bad puzzle on stderr and go on."""
        self.skipped += 1
        print(f"skipped: {error}", file=sys.stderr)

    def from_lines(self, lines: Iterable[str], source: str, single: str = "") -> Iterator[Labelled]:
        """The puzzles in some lines; a source without any puzzle is an error."""
        on_error = self.skip if self.skip_bad else None
        before, count = self.skipped, 0
        try:
            for line, grid in iter_puzzles(lines, source=source, on_error=on_error):
                count += 1
                yield (single if single and line == 1 else f"{source} line {line}"), grid
        except PuzzleFormatError as error:  # the text itself cannot be read on from here
            if not self.skip_bad:
                raise
            self.skip(error)  # the rest of this source is lost; the next one is read
        if count == 0 and self.skipped == before:
            raise UsageError(
                f"{source} holds no puzzle (it is empty, or only blank lines, comments and"
                " separators)"
            )

    def __iter__(self) -> Iterator[Labelled]:
        if not self.sources or self.sources == ["-"]:
            if sys.stdin is None:  # started with standard input closed (`<&-`)
                raise UsageError("standard input is closed: give a puzzle or a file name")
            if sys.stdin.isatty():
                raise UsageError("give a puzzle or a file name, or pipe puzzles in (one a line)")
            yield from self.from_lines(stdin_lines(), "stdin")
            return
        for n, source in enumerate(self.sources, 1):
            path = Path(source)
            if not source.strip():
                raise UsageError(f"argument {n} is empty: give a puzzle or a file name")
            if len(source) > 200 and looks_like_puzzle(source):  # 16x16 and up: no file name
                yield from self.from_lines(source.splitlines(), f"argument {n}", f"argument {n}")
            elif trouble := unusable(path):
                raise UsageError(f"argument {n}: {shortened(str(path))}: {trouble}")
            elif path.is_dir():
                raise UsageError(f"argument {n}: {source} is a directory, not a puzzle file")
            elif path.exists():  # a file, a named pipe, /dev/stdin, /dev/null: read them all
                yield from self.from_lines(file_lines(path), source)
            elif looks_like_puzzle(source):
                yield from self.from_lines(source.splitlines(), f"argument {n}", f"argument {n}")
            else:
                raise UsageError(
                    f"argument {n}: no such file: {source} (and it is not a puzzle: a puzzle is"
                    f" {PUZZLE_FORM})"
                )

    def finish(self, status: int) -> int:
        """The exit status, after saying how many bad puzzles were skipped."""
        if not self.skipped:
            return status
        print(f"skipped {self.skipped} bad puzzle(s); the others were processed", file=sys.stderr)
        return max(status, UNUSABLE)


def with_progress(items: Iterable[T], unit: str = "puzzles") -> Iterable[T]:
    """The one progress rule of the command line: a bar on stderr for runs longer than a
    few seconds, when someone watches it.

    Shown only when stderr is a terminal and the answers go elsewhere (to a file or a
    pipe): on a terminal the answers themselves show how far the run is.
    """
    quiet = not sys.stderr.isatty() or sys.stdout.isatty()
    return tqdm(items, file=sys.stderr, disable=quiet, delay=3, unit=f" {unit}", leave=False)


def several(items: Iterable[T]) -> tuple[bool, Iterator[T]]:
    """Whether there is more than one item, without reading more than two ahead."""
    items = iter(items)
    first = list(islice(items, 2))
    return len(first) > 1, chain(first, items)


def emit(text: str) -> None:
    """Print one answer at once, so a reader of a pipe sees it while the next is worked on."""
    print(text, flush=True)


@dataclass
class Said:
    """One puzzle's answer: lines for standard output, problems for standard error."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


Answer = Callable[[str, Grid, bool], Said]
"""A command's answer to one puzzle, given its label and whether there are several."""


def answer_each(args: argparse.Namespace, answer: Answer) -> int:
    """The loop of check, hint, count and rate: read the puzzles, answer each as it comes,
    and exit 1 if any answer had a problem (2 if bad puzzles were skipped)."""
    inputs = Inputs(args.puzzles, args.skip_bad)
    status = OK
    labelled, puzzles = several(inputs)
    for label, grid in with_progress(puzzles):
        said = answer(label, grid, labelled)
        for line in said.lines:
            emit(line)
        for problem in said.problems:
            print(problem, file=sys.stderr)
        status = BROKEN if said.problems else status
    return inputs.finish(status)
