"""A student's own copy of the notebooks, made once and never overwritten.

`make my-work` copies `notebooks/student/` to `my-work/` in a clone of the repository; a
JupyterHub copies them into each student's home on the first start (see
deploy/jupyterhub/). Both use `copy_once`: a file the student already has is left as it is,
so running it again only brings in notebooks that are new, and never loses work.

    python -m sudoku_teach.teacher.my_work SOURCE DESTINATION
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from ..errors import SudokuError

PATTERNS = ("*.ipynb",)
"""What is copied: the notebooks (checkpoints and the like stay behind)."""


def copy_once(source: str | Path, destination: str | Path) -> list[Path]:
    """Copy the notebooks of `source` into `destination` where no file of that name is yet;
    returns the files copied (an empty list when the student has them all)."""
    source, destination = Path(source), Path(destination)
    if not source.is_dir():
        raise SudokuError(f"no notebooks to copy: {source} is not a folder")
    destination.mkdir(parents=True, exist_ok=True)
    copied = []
    for pattern in PATTERNS:
        for file in sorted(source.glob(pattern)):
            target = destination / file.name
            if not target.exists():
                shutil.copyfile(file, target)
                copied.append(target)
    return copied


def changed_since(source: str | Path, destination: str | Path) -> list[str]:
    """The course's notebooks that changed after the student's copy of them was last saved
    (a `git pull` brought a new version): the student is told, the copy is still kept."""
    changed = []
    for pattern in PATTERNS:
        for file in sorted(Path(source).glob(pattern)):
            mine = Path(destination) / file.name
            if (mine.is_file() and file.stat().st_mtime > mine.stat().st_mtime
                    and file.read_bytes() != mine.read_bytes()):  # fmt: skip
                changed.append(file.name)
    return changed


def main(argv: list[str] | None = None) -> int:
    """Copy and say what was copied and what was kept."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m sudoku_teach.teacher.my_work SOURCE DESTINATION", file=sys.stderr)
        return 2
    try:
        copied = copy_once(*args)
    except SudokuError as error:
        print(error, file=sys.stderr)
        return 2
    kept = "your own work is never overwritten"
    print(f"{len(copied)} notebooks copied to {args[1]} ({kept})" if copied else
          f"{args[1]} already has every notebook ({kept})")  # fmt: skip
    for name in changed_since(args[0], args[1]):
        print(f"  {name} changed in the course after your copy: yours is kept; to start the new"
              f" version, rename your copy (e.g. to mine-{name}) and run this again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
