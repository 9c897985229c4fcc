"""Bring each student's lesson notebook from their home to the teacher, and feedback back.

On a school's JupyterHub (deploy/jupyterhub/) every student works in `~/sudoku-teach/`.
`collect` copies one lesson's notebook out of every home into a grading folder laid out
for `sudoku-teach grade`: one folder per student, named after the home
(`OUT/anna/01_rules.ipynb`). `hand_back` puts each student's feedback file from
`grade --feedback` into their `~/sudoku-teach/` as `feedback-01_rules.md`, owned by them.

A home belongs to a student, who may have put anything there: a symbolic link to another
student's notebook, a pipe, a huge file. So every file and folder is opened without
following symbolic links (`O_NOFOLLOW`, relative to the folder already opened), only
regular files are read, and nothing in a home is changed by `collect`. `hand_back` writes a
new file beside the old one and renames it into place, so it never writes through a
link or into a file that is not its own.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import SudokuError
from ..formats import shortened
from .gradebook import file_name

FOLDER = "sudoku-teach"
"""The folder in each home that the hub fills with the lessons (deploy/jupyterhub/)."""
MAX_BYTES = 20 * 2**20
"""A notebook larger than this is not copied (a lesson's notebook is well under 1 MB)."""
DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK  # a pipe must not make us wait
WHY = {errno.ENOENT: "no such file", errno.ELOOP: "a symbolic link, not followed",
       errno.ENOTDIR: "a symbolic link or not a folder, not followed"}  # fmt: skip


class CollectError(SudokuError, ValueError):
    """A lesson, a folder of homes or a grading folder that cannot be used."""


@dataclass(frozen=True)
class Outcome:
    """What happened for one student: `done` true when their file was copied or written."""

    student: str
    done: bool
    message: str


def lesson_name(given: str, known: Iterable[str]) -> str:
    """The full lesson name (`01_rules`) from its number or name; a clear error otherwise."""
    matches = sorted(name for name in known if name.startswith(given))
    if not re.fullmatch(r"[\w-]+", given) or len(matches) != 1:
        choices = ", ".join(sorted(known))
        raise CollectError(f"--lesson {shortened(given, 30, repr)}: expected one lesson's number"
                           f" or name, one of {choices}")
    return matches[0]


def homes(places: Iterable[str | Path]) -> list[Path]:
    """The homes: each place that has a `sudoku-teach/` folder, or the folders inside it."""
    found: list[Path] = []
    for place in map(Path, places):
        if place.is_symlink() or not place.is_dir():
            raise CollectError(f"{place}: not a folder (of homes, or a home)")
        if (place / FOLDER).is_dir():
            found.append(place)
        else:
            found += sorted(p for p in place.iterdir() if p.is_dir() and not p.is_symlink())
    names = [home.name for home in found]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise CollectError(f"two homes have the same name: {', '.join(twice)}")
    return found


def read_notebook(home: Path, name: str) -> bytes:
    """The bytes of `home/sudoku-teach/name`, never through a link; OSError says why not."""
    home_fd = os.open(home, DIRECTORY)
    try:
        folder_fd = os.open(FOLDER, DIRECTORY, dir_fd=home_fd)
        try:
            fd = os.open(name, READ, dir_fd=folder_fd)
        finally:
            os.close(folder_fd)
    finally:
        os.close(home_fd)
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{name} is not a regular file")
        if info.st_size > MAX_BYTES:
            raise OSError(f"{name} is larger than {MAX_BYTES // 2**20} MB")
        return file.read(MAX_BYTES + 1)


def collect(places: Iterable[str | Path], out: str | Path, lesson: str) -> list[Outcome]:
    """Copy `lesson.ipynb` from every home into `out/STUDENT/`; one outcome per home."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise CollectError(f"{out}: the grading folder must be new or empty")
    out.mkdir(mode=0o700, parents=True, exist_ok=True)  # students' work: the teacher's eyes only
    name = f"{lesson}.ipynb"
    outcomes = []
    for home in homes(places):
        try:
            data = read_notebook(home, name)
        except OSError as error:
            why = WHY.get(error.errno or 0, error.strerror or str(error))
            outcomes.append(Outcome(home.name, False, f"{FOLDER}/{name}: {why}"))
            continue
        target = out / home.name / name
        target.parent.mkdir(mode=0o700)
        target.write_bytes(data)
        outcomes.append(Outcome(home.name, True, f"copied {len(data)} bytes to {target}"))
    return outcomes


def write_owned(home: Path, name: str, data: bytes) -> None:
    """Put `data` at `home/sudoku-teach/name`, owned by the home's owner, through no link."""
    home_fd = os.open(home, DIRECTORY)
    try:
        owner = os.fstat(home_fd)
        folder_fd = os.open(FOLDER, DIRECTORY, dir_fd=home_fd)
    finally:
        os.close(home_fd)
    try:
        temporary = f".{name}.{secrets.token_hex(6)}"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        fd = os.open(temporary, flags, 0o644, dir_fd=folder_fd)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            if os.geteuid() == 0:
                os.fchown(file.fileno(), owner.st_uid, owner.st_gid)
        os.rename(temporary, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
    finally:
        os.close(folder_fd)


def hand_back(feedback: str | Path, places: Iterable[str | Path], lesson: str) -> list[Outcome]:
    """Give each student their file from `grade --feedback` as `feedback-LESSON.md`."""
    feedback = Path(feedback)
    if not feedback.is_dir():
        raise CollectError(f"{feedback}: no such folder of feedback files")
    outcomes = []
    for home in homes(places):
        source = feedback / file_name(home.name, set())
        if not source.is_file():
            outcomes.append(Outcome(home.name, False, f"no feedback file {source.name}"))
            continue
        target = f"feedback-{lesson}.md"
        try:
            write_owned(home, target, source.read_bytes())
        except OSError as error:
            outcomes.append(Outcome(home.name, False, f"{FOLDER}/{target}: {error}"))
            continue
        outcomes.append(Outcome(home.name, True, f"wrote {FOLDER}/{target}"))
    return outcomes
