"""Keeping the course notebooks in shape: clean instructor outputs, generated student copies.

In an instructor notebook, every solution stands between two marker lines:

    # BEGIN SOLUTION
    return [row[col] for row in grid]
    # END SOLUTION

The student version replaces those lines with one `raise NotImplementedError(...)` at the
same indentation, and drops every output, so students start from a clean page. Never edit
the student notebooks by hand: a test fails when they differ from what this produces.

After a notebook is executed, `clean` removes what changes on every run without meaning
anything: the ids of widget models (the widget's text form stays, and a live widget
appears when the cell runs).

    python -m sudoku_teach.teacher.notebook_tools clean notebooks     # (make execute does both)
    python -m sudoku_teach.teacher.notebook_tools student notebooks   # (make student)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..errors import NotebookFileError

BEGIN, END = "# BEGIN SOLUTION", "# END SOLUTION"
STUB = 'raise NotImplementedError("Your turn: write your code here")'
STUDENT_DIR = "student"


class MarkerError(ValueError):
    """Solution markers that do not pair up; names the notebook and the cell."""


def strip_solutions(source: str, where: str = "") -> str:
    """Replace each marked solution with a stub that raises NotImplementedError."""
    out: list[str] = []
    inside = False
    for line in source.splitlines():
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise MarkerError(f"{where}: {BEGIN} inside another solution")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            out.append(indent + STUB)
        elif marker == END:
            if not inside:
                raise MarkerError(f"{where}: {END} without {BEGIN}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise MarkerError(f"{where}: {BEGIN} is never closed")
    return "\n".join(out)


def student_notebook(notebook: dict, name: str = "") -> dict:
    """A copy of a notebook with solutions replaced by stubs and no outputs."""
    notebook = json.loads(json.dumps(notebook))
    for number, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            source = strip_solutions(source, f"{name} cell {number}")
            cell["outputs"] = []
            cell["execution_count"] = None
        cell["source"] = source.splitlines(keepends=True)
    notebook["metadata"].pop("widgets", None)
    return notebook


def dumps(notebook: dict) -> str:
    """Notebook JSON written the way Jupyter writes it, so diffs stay small."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def parse(content: bytes) -> dict[str, Any]:
    """A notebook's bytes as JSON data: NotebookFileError when they are not a notebook."""
    if not content:
        raise NotebookFileError("not a notebook (the file is empty)")
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise NotebookFileError("not a notebook (not JSON text)") from None
    if not isinstance(data, dict) or "cells" not in data:
        raise NotebookFileError("not a notebook (no cells)")
    return data


def load(path: Path) -> dict[str, Any]:
    """A notebook file's JSON data, or a NotebookFileError that names the file."""
    try:
        return parse(path.read_bytes())
    except (NotebookFileError, OSError) as error:
        why = error.strerror if isinstance(error, OSError) else error
        raise NotebookFileError(f"{path}: {why}") from None


def instructor_notebooks(folder: Path) -> list[Path]:
    """The instructor notebooks: every .ipynb directly in the folder."""
    return sorted(folder.glob("*.ipynb"))


def build_all(folder: Path) -> list[Path]:
    """Write the student version of every instructor notebook into `folder/student`."""
    target = folder / STUDENT_DIR
    target.mkdir(exist_ok=True)
    written = []
    for path in instructor_notebooks(folder):
        notebook = load(path)
        out = target / path.name
        out.write_text(dumps(student_notebook(notebook, path.name)), encoding="utf-8")
        written.append(out)
    return written


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean_notebook(notebook: dict) -> dict:
    """A copy without widget views and widget state, which differ on every run, and with
    each run of printed text as one output (the kernel splits it differently every time)."""
    notebook = json.loads(json.dumps(notebook))
    notebook["metadata"].pop("widgets", None)
    for cell in notebook["cells"]:
        if "outputs" in cell:
            cell["outputs"] = join_streams(cell["outputs"])
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
    return notebook


def join_streams(outputs: list[dict]) -> list[dict]:
    """Merge neighbouring outputs printed to the same stream into one, as nbval compares them."""
    joined: list[dict] = []
    for output in outputs:
        last = joined[-1] if joined else None
        kinds = (last or {}).get("output_type"), output.get("output_type")
        if last is not None and kinds == ("stream", "stream") and output["name"] == last["name"]:
            text = "".join(last["text"]) + "".join(output["text"])
            last["text"] = text.splitlines(keepends=True)
        else:
            joined.append(output)
    return joined


def clean_all(folder: Path) -> list[Path]:
    """Clean every instructor notebook in place, and name its lesson for the grader."""
    cleaned = []
    for path in instructor_notebooks(folder):
        notebook = load(path)
        notebook["metadata"]["sudoku_teach"] = {"lesson": path.stem}
        path.write_text(dumps(clean_notebook(notebook)), encoding="utf-8")
        cleaned.append(path)
    return cleaned


def prose_words(notebook: dict) -> int:
    """Words a student reads in a notebook's text cells (code and outputs not counted)."""
    return sum(
        len("".join(cell["source"]).split())
        for cell in notebook["cells"]
        if cell["cell_type"] == "markdown"
    )


def word_counts(folder: Path) -> dict[str, int]:
    """Words of prose per instructor notebook: the measure of how long a lesson reads."""
    return {
        path.stem: prose_words(load(path))
        for path in instructor_notebooks(folder)
    }


def main(argv: list[str] | None = None) -> int:
    """Command line: `python -m sudoku_teach.teacher.notebook_tools clean|student|words [DIR]`."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("clean", "student", "words"):
        usage = "usage: python -m sudoku_teach.teacher.notebook_tools clean|student|words [DIR]"
        print(usage, file=sys.stderr)
        return 2
    folder = Path(args[1] if len(args) > 1 else "notebooks")
    if not folder.is_dir():
        print(f"no such folder of notebooks: {folder}", file=sys.stderr)
        return 2
    try:
        if args[0] == "words":
            for name, words in word_counts(folder).items():
                print(f"{name:24} {words:5} words")
            return 0
        written = clean_all(folder) if args[0] == "clean" else build_all(folder)
    except MarkerError as error:
        print(f"student versions not written: {error}", file=sys.stderr)
        return 1
    except NotebookFileError as error:
        print(f"stopped: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
