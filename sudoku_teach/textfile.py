"""Reading the text files people really have, one line at a time.

Puzzle files come from many editors: UTF-8 (with or without the byte-order mark that
Windows tools put first), Windows-1252/Latin-1 (a comment with "é" written by an older
editor) and UTF-16 as Notepad saves it. All of them are read; anything else gets a
`PuzzleFormatError` that says which encoding was expected and on which line it broke,
never a `UnicodeDecodeError`.

Lines are bounded: no puzzle needs a line of more than `MAX_LINE` characters, so a longer
one is refused with its line number as soon as that many have been read, without reading
the rest of it into memory.

Files are written whole or not at all: `write_file` writes beside the file, flushes to
disk and only then renames over it, so a full disk or a Ctrl-C half way leaves the old
file as it was.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import OutputError, PuzzleFormatError
from .formats import shortened

UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
SAVE_AS_UTF8 = "save the file as UTF-8 text (in Notepad: Save as..., Encoding: UTF-8)"
MAX_LINE = 10_000
"""The longest line read, in characters: a 9x9 puzzle in its widest form takes about 400."""
NAME_MAX = 255
"""The longest name of one file or folder, in bytes, on Linux, macOS and Windows file systems."""
CHUNK = 65_536
"""Bytes read at a time from a UTF-16 file."""


def too_long(line: int, source: str | None) -> PuzzleFormatError:
    """The error for a line longer than any puzzle."""
    return PuzzleFormatError(
        f"this line is longer than {MAX_LINE:,} characters: no puzzle is that long"
        " (is this a puzzle file?)",
        line=line,
        source=source,
    )


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
    """The lines of a byte stream as text, without line ends, read lazily and bounded."""
    head = stream.read(2)
    if head in UTF16_BOMS:  # Notepad's "Unicode"
        yield from utf16_lines(head, stream, source)
        return
    limit = MAX_LINE * 4 + 2  # bytes: a character of UTF-8 takes up to 4, then the line end
    for line_no, raw in enumerate(raw_lines(head, stream, limit), start=1):
        if line_no == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        if len(raw) >= limit and not raw.endswith(b"\n"):
            raise too_long(line_no, source)  # it goes on: stop before reading the rest
        text = decode_line(raw.rstrip(b"\r\n"), line_no, source)
        if len(text) > MAX_LINE:
            raise too_long(line_no, source)
        yield text


def raw_lines(head: bytes, stream: BinaryIO, limit: int) -> Iterator[bytes]:
    """The lines of bytes of a stream whose first bytes were read already, line ends kept.

    No line read is longer than `limit` bytes (plus those first bytes): a longer line
    comes cut, without its line end.
    """
    while b"\n" in head:
        line, head = head.split(b"\n", 1)
        yield line + b"\n"
    first = head + stream.readline(limit)
    if not first:
        return
    yield first
    while line := stream.readline(limit):
        yield line


def utf16_lines(head: bytes, stream: BinaryIO, source: str | None) -> Iterator[str]:
    """The lines of UTF-16 text, decoded a chunk at a time, each line bounded."""
    decoder = codecs.getincrementaldecoder("utf-16")()
    pending, line_no, data = "", 0, head
    while True:
        try:
            pending += decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise PuzzleFormatError(f"broken UTF-16 text; {SAVE_AS_UTF8}", line=line_no + 1,
                                    source=source) from error
        *lines, pending = pending.split("\n")
        for line in lines:
            line_no += 1
            if len(line) > MAX_LINE + 1:
                raise too_long(line_no, source)
            yield line.rstrip("\r")
        if len(pending) > MAX_LINE + 1:
            raise too_long(line_no + 1, source)
        if not data:
            break
        data = stream.read(CHUNK)
    if pending:
        yield pending.rstrip("\r")


def unusable(path: str | Path) -> str | None:
    """Why a name can stand for no file at all, in words, or None if it can: no text, a name
    too long for the file system, or symbolic links that lead round in a circle."""
    if not isinstance(path, (str, os.PathLike)):
        return f"expected a file name (text or a Path), not {type(path).__name__}"
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            longest = max(len(part.encode()) for part in Path(path).parts)
            if longest > NAME_MAX:
                return (f"one of its names is {longest:,} bytes long: a file's or folder's name"
                        f" may have at most {NAME_MAX}")
            return "the path is longer than the file system takes"
        if error.errno == errno.ELOOP:
            return "its symbolic links lead round in a circle, to no file"
    return None


def file_lines(path: str | Path) -> Iterator[str]:
    """The lines of a text file, whatever its encoding; says so when the path is a folder.

    Anything that can be read is read: a regular file, a named pipe, `/dev/stdin`
    (`/dev/null` is an empty file).
    """
    if not str(path).strip():  # Path("") would be ".", the current folder
        raise PuzzleFormatError("no such file: '' (an empty name)")
    trouble = unusable(path)
    if trouble:
        raise PuzzleFormatError(f"{shortened(str(path))}: {trouble}")
    path = Path(path)
    if path.is_dir():
        raise PuzzleFormatError(f"{path} is a directory, not a puzzle file")
    if not path.exists():
        raise PuzzleFormatError(f"no such file: {path}")
    try:
        stream = path.open("rb")
    except OSError as error:
        raise PuzzleFormatError(f"cannot read {path}: {error.strerror}") from None
    with stream:
        yield from decoded_lines(stream, str(path))


# --- writing ------------------------------------------------------------------------------------
def check_folder(path: Path) -> None:
    """The folder a file goes in must be there: say so by name rather than "no such file"."""
    folder = path.parent
    if not folder.exists():
        raise OutputError(f"cannot write {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"cannot write {path}: {folder} is a file, not a folder")


def writable(path: str | Path) -> Path:
    """The file that writing to `path` would write (a link's target), or an `OutputError`
    saying why nothing can be written there: checked before any work is done."""
    if not str(path).strip():  # Path("") would be ".", the current folder
        raise OutputError("cannot write to '': give a file name")
    trouble = unusable(path)
    if trouble:
        raise OutputError(f"cannot write {shortened(str(path))}: {trouble}")
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"cannot write {path}: it is a directory, give a file name")
    target = path.resolve() if path.is_symlink() else path
    check_folder(target)  # a link's own folder may be there and its target's not
    return target


def write_file(path: str | Path, data: str | bytes) -> None:
    """Write a whole file (text as UTF-8) so that a failure never leaves a broken one behind.

    The data goes to a new file beside the target, is flushed to the disk (`fsync`), and
    only then takes the target's place (`os.replace`, one step for the file system). A
    full disk or a Ctrl-C half way leaves the old file untouched and no stray file.
    A device or a pipe (`/dev/stdout`, a FIFO) cannot be replaced: it is written to
    directly. Any failure is an `OutputError` that names the file.
    """
    target = writable(path)
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = path.stat().st_mode
    except OSError:
        mode = None  # a new file
    if mode is not None and not stat.S_ISREG(mode):
        write_special(path, raw)
        return
    temp = target.with_name(f".{target.name[:200]}.{os.getpid()}.part")  # a name fits in 255
    try:
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(raw)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException as error:
        temp.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
        raise


def write_special(path: Path, raw: bytes) -> None:
    """Write to a device or a pipe, where nothing can be replaced; failures named."""
    try:
        with path.open("wb") as stream:
            stream.write(raw)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
