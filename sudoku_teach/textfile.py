"""Reading the text files people really have, one line at a time.

Puzzle files come from many editors: UTF-8 (with or without the byte-order mark that
Windows tools put first), Windows-1252/Latin-1 (a comment with "é" written by an older
editor) and UTF-16 as Notepad saves it. All of them are read; anything else gets a
`PuzzleFormatError` that says which encoding was expected and on which line it broke,
never a `UnicodeDecodeError`.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import BinaryIO

from .errors import PuzzleFormatError

UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
SAVE_AS_UTF8 = "save the file as UTF-8 text (in Notepad: Save as..., Encoding: UTF-8)"


def decode_line(raw: bytes, line: int, source: str | None) -> str:
    """One line of bytes as text: UTF-8 first, then Windows-1252 (a superset of Latin-1)."""
    if b"\x00" in raw:
        raise PuzzleFormatError(
            f"this line holds zero bytes: the file looks like UTF-16 without a byte-order mark;"
            f" {SAVE_AS_UTF8}",
            line=line,
            source=source,
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError:
            byte = raw[error.start]
            raise PuzzleFormatError(
                f"byte 0x{byte:02x} is neither UTF-8 nor Windows-1252 text; {SAVE_AS_UTF8}",
                line=line,
                column=error.start + 1,
                source=source,
            ) from None


def decoded_lines(stream: BinaryIO, source: str | None = None) -> Iterator[str]:
    """The lines of a byte stream as text, without line ends, read lazily."""
    head = stream.read(2)
    if head in UTF16_BOMS:  # Notepad's "Unicode": small files, read whole
        data = head + stream.read()
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as error:
            raise PuzzleFormatError(
                f"broken UTF-16 text at byte {error.start}; {SAVE_AS_UTF8}", source=source
            ) from None
        yield from text.splitlines()
        return
    first = head + stream.readline()
    if first.startswith(codecs.BOM_UTF8):
        first = first[len(codecs.BOM_UTF8) :]
    raw_lines = chain(first.splitlines(keepends=True), stream)
    for line_no, raw in enumerate(raw_lines, start=1):
        yield decode_line(raw.rstrip(b"\r\n"), line_no, source)


def file_lines(path: str | Path) -> Iterator[str]:
    """The lines of a text file, whatever its encoding; says so when the path is a folder."""
    path = Path(path)
    if path.is_dir():
        raise PuzzleFormatError(f"{path} is a directory, not a puzzle file")
    if not path.exists():
        raise PuzzleFormatError(f"no such file: {path}")
    with path.open("rb") as stream:
        yield from decoded_lines(stream, str(path))
