"""The student handout: a zip with the student notebooks, the package and a student README.

`make handout` (or `python -m sudoku_teach.teacher.handout [REPO] [OUT.zip]`) writes
`dist/sudoku-teach-handout.zip`. Everything sits under one top folder, `sudoku-teach/`,
so unpacking never scatters files. The zip is the same, byte for byte, for the same
files: entries are sorted and carry a fixed date.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

from ..textfile import write_file

TOP = "sudoku-teach"
FIXED_DATE = (2024, 1, 1, 0, 0, 0)
AS_IS = ("pyproject.toml", "environment.yml", "LICENSE")
"""Files copied from the top of the repository unchanged (when present)."""


def handout_files(repo: Path) -> dict[str, Path]:
    """Every file of the handout: its name in the zip -> the file it comes from."""
    files = {name: repo / name for name in AS_IS if (repo / name).is_file()}
    files["README.md"] = repo / "handout" / "README.md"
    files["Makefile"] = repo / "handout" / "Makefile"
    for source in sorted((repo / "notebooks" / "student").glob("*.ipynb")):
        files[f"notebooks/{source.name}"] = source  # the students' own copy, nothing else
    for source in sorted((repo / "sudoku_teach").rglob("*")):
        if source.is_file() and "__pycache__" not in source.parts:
            files[source.relative_to(repo).as_posix()] = source
    return files


def write_zip(files: dict[str, Path], out: Path) -> Path:
    """Write the files under the top folder, sorted, with a fixed date (same files, same zip).

    The zip is made in memory and written whole (`textfile.write_file`): a failure or a
    Ctrl-C never leaves half a handout."""
    made = io.BytesIO()
    with zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(f"{TOP}/{name}", date_time=FIXED_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name].read_bytes())
    if not out.parent.exists():  # a file in its place is said by write_file
        out.parent.mkdir(parents=True)
    write_file(out, made.getvalue())
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: `python -m sudoku_teach.teacher.handout [REPO] [OUT.zip]`."""
    args = sys.argv[1:] if argv is None else argv
    repo = Path(args[0] if args else ".")
    out = Path(args[1]) if len(args) > 1 else repo / "dist" / f"{TOP}-handout.zip"
    files = handout_files(repo)
    notebooks = [name for name in files if name.startswith("notebooks/")]
    if not notebooks:
        print(f"no student notebooks in {repo / 'notebooks' / 'student'}", file=sys.stderr)
        return 1
    try:
        write_zip(files, out)
    except OSError as error:  # a file of the handout missing, or no room for the zip
        said = f"{error.filename}: {error.strerror}" if error.filename else str(error)
        print(f"handout not written: {said}", file=sys.stderr)
        return 1
    print(f"wrote {out}: {len(notebooks)} student notebooks, {len(files)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
