"""Student notebooks are made from the instructor's, never by hand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_teach.teacher.notebook_tools import (
    BEGIN,
    END,
    STUB,
    WIDGET_VIEW,
    MarkerError,
    build_all,
    clean_notebook,
    strip_solutions,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def test_strip_solutions_keeps_indentation_and_surroundings():
    source = (
        f"def f(x):\n    '''Doc.'''\n    {BEGIN}\n    return x + 1\n    {END}\n\nprint('after')"
    )
    assert strip_solutions(source) == f"def f(x):\n    '''Doc.'''\n    {STUB}\n\nprint('after')"


@pytest.mark.parametrize(
    "source, problem",
    [
        (f"{BEGIN}\nx = 1", "never closed"),
        (f"x = 1\n{END}", "without"),
        (f"{BEGIN}\n{BEGIN}", "inside"),
    ],
)
def test_unpaired_markers_are_named(source, problem):
    with pytest.raises(MarkerError, match=problem):
        strip_solutions(source, "nb cell 3")


def test_committed_student_notebooks_are_exactly_what_the_generator_makes(tmp_path):
    for path in NOTEBOOKS.glob("*.ipynb"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    made = build_all(tmp_path)
    assert made, "there are instructor notebooks"
    committed = sorted(p.name for p in (NOTEBOOKS / "student").glob("*.ipynb"))
    assert committed == sorted(p.name for p in made)
    for path in made:
        fresh = path.read_text(encoding="utf-8")
        stored = (NOTEBOOKS / "student" / path.name).read_text(encoding="utf-8")
        assert fresh == stored, f"notebooks/student/{path.name} is stale: run `make student`"


@pytest.mark.parametrize(
    "path", sorted((NOTEBOOKS / "student").glob("*.ipynb")), ids=lambda p: p.name
)
def test_student_notebooks_hold_no_solutions_and_no_outputs(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    assert BEGIN not in text and END not in text
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    instructor = json.loads((NOTEBOOKS / path.name).read_text(encoding="utf-8"))
    exercises = sum(BEGIN in "".join(c["source"]) for c in instructor["cells"])
    stubs = sum("".join(c["source"]).count(STUB) for c in code)
    assert stubs == exercises > 0


STUDENT = sorted((NOTEBOOKS / "student").glob("*.ipynb"))


CHECK_CALL = re.compile(r"^check\(", re.M)
"""A line that calls the exercise checker (not some other object's .check() method)."""


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_student_notebooks_run_and_every_check_says_not_implemented_yet(path, tmp_path):
    """A student who has written nothing can still run every cell, and is told what to do."""
    pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    from notebook_code import execute

    node = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    execute(node, tmp_path)
    checks = [c for c in node.cells if c.cell_type == "code" and CHECK_CALL.search(c.source)]
    assert checks, "every student notebook has exercises"
    for cell in checks:
        text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        # a skeleton that calls an unwritten helper names the helper to finish first
        told = "not implemented yet" in text or "which is not written yet" in text
        assert told, f"{cell.source!r} printed {text!r}"


def test_clean_drops_widget_views_and_state_but_keeps_their_text():
    notebook = {
        "metadata": {"widgets": {"state": {}}},
        "cells": [
            {
                "cell_type": "code",
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "data": {WIDGET_VIEW: {"model_id": "abc"}, "text/plain": "GridView(...)"},
                    }
                ],
            }
        ],
    }
    cleaned = clean_notebook(notebook)
    assert "widgets" not in cleaned["metadata"]
    assert cleaned["cells"][0]["outputs"][0]["data"] == {"text/plain": "GridView(...)"}
    assert WIDGET_VIEW in notebook["cells"][0]["outputs"][0]["data"]  # the input is untouched


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_committed_notebooks_are_clean(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook == clean_notebook(notebook), "run `make execute` (it cleans the outputs)"


def test_clean_joins_text_printed_in_pieces_and_keeps_other_outputs():
    from sudoku_teach.teacher.notebook_tools import join_streams

    pieces = [
        {"output_type": "stream", "name": "stdout", "text": ["23"]},
        {"output_type": "stream", "name": "stdout", "text": [" givens\n", "next\n"]},
        {"output_type": "stream", "name": "stderr", "text": ["warning\n"]},
        {"output_type": "execute_result", "data": {"text/plain": "1"}},
        {"output_type": "stream", "name": "stdout", "text": ["after\n"]},
    ]
    joined = join_streams(pieces)
    assert [o.get("name") for o in joined] == ["stdout", "stderr", None, "stdout"]
    assert joined[0]["text"] == ["23 givens\n", "next\n"]
    assert joined[3]["text"] == ["after\n"]


def test_words_counts_the_prose_a_student_reads_not_the_code():
    from sudoku_teach.teacher.notebook_tools import prose_words

    notebook = {"cells": [
        {"cell_type": "markdown", "source": ["# 04 · Smarter search\n", "Two ideas."]},
        {"cell_type": "code", "source": ["print('not prose at all')"], "outputs": []},
    ]}
    assert prose_words(notebook) == len(["#", "04", "·", "Smarter", "search", "Two", "ideas."])


@pytest.mark.parametrize("command", ["clean", "student", "words"])
def test_the_tools_name_a_missing_folder_and_a_file_that_is_no_notebook(tmp_path, capsys,
                                                                        command):
    from sudoku_teach.teacher.notebook_tools import main

    assert main([command, str(tmp_path / "nowhere")]) == 2
    assert "no such folder of notebooks" in capsys.readouterr().err
    (tmp_path / "01_broken.ipynb").write_bytes(b"\xff\xfe not JSON")
    assert main([command, str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "01_broken.ipynb: not a notebook (not JSON text)" in err and "Traceback" not in err
