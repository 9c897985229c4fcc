"""Every notebook follows the series' conventions: header, objectives, recap, links, outputs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudoku_teach.exercises import REGISTRY
from sudoku_teach.teacher.notebook_tools import BEGIN

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
INSTRUCTOR = sorted(NOTEBOOKS.glob("*.ipynb"))
ALL = INSTRUCTOR + sorted((NOTEBOOKS / "student").glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    return "".join(cell["source"])


SERIES = [
    "00_start_here",
    "01_rules",
    "02_elimination_sets",
    "03_recursive_search",
    "04_smarter_search",
    "05_generating_grids",
    "06_unique_puzzles",
    "07_difficulty_levels",
    "08_play",
    "09_reductions",
]
"""The agreed series; notebooks not written yet leave gaps, and links skip over them."""


def test_the_series_starts_at_00_and_follows_the_agreed_names():
    names = [p.stem for p in INSTRUCTOR]
    assert names and names[0] == SERIES[0]
    assert names == [name for name in SERIES if name in names]


@pytest.mark.parametrize("path", INSTRUCTOR, ids=lambda p: p.name)
def test_header_objectives_recap_and_navigation(path):
    cells = load(path)["cells"]
    first, last = source(cells[0]), source(cells[-1])
    number = int(path.name[:2])
    index = INSTRUCTOR.index(path)
    nav = f"**sudoku-teach** · notebook {number} of "
    assert nav in first and nav in last, "the same navigation line opens and closes the notebook"
    assert re.search(rf"^# {path.name[:2]} · ", first, re.M), "title: '# NN · Title'"
    assert "**In this notebook you will**" in first
    texts = [source(cell) for cell in cells]
    recap = next((i for i, text in enumerate(texts) if "## Recap" in text), None)
    assert recap is not None, "a recap"
    optional = [i for i, text in enumerate(texts) if "## Going further (optional)" in text]
    assert recap == len(cells) - 1 or optional == [recap + 1], "the recap ends the lesson"
    if index > 0:  # across a gap, the link goes to the last notebook written
        assert "previous: [" in first and f"({INSTRUCTOR[index - 1].name})" in first
    if index + 1 < len(INSTRUCTOR) and int(INSTRUCTOR[index + 1].name[:2]) == number + 1:
        assert f"({INSTRUCTOR[index + 1].name})" in first


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_link_to_a_notebook_points_at_a_file_that_exists(path):
    for cell in load(path)["cells"]:
        for target in re.findall(r"\]\(([^)#]+\.ipynb)", source(cell)):
            assert (path.parent / target).is_file(), f"broken link to {target}"


@pytest.mark.parametrize("path", INSTRUCTOR, ids=lambda p: p.name)
def test_instructor_notebooks_are_committed_executed_without_widget_state(path):
    notebook = load(path)
    assert "widgets" not in notebook["metadata"]
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert cell["execution_count"] is not None, f"cell not executed: {source(cell)[:60]!r}"
        assert not [o for o in cell["outputs"] if o["output_type"] == "error"]


@pytest.mark.parametrize("path", INSTRUCTOR, ids=lambda p: p.name)
def test_every_exercise_is_introduced_and_checked_right_after(path):
    cells = load(path)["cells"]
    for i, cell in enumerate(cells):
        text = source(cell)
        if cell["cell_type"] != "code" or BEGIN not in text:
            continue
        name = re.match(r"def (\w+)\(", text).group(1)
        assert name in REGISTRY
        assert "Your turn" in source(cells[i - 1]), f"{name}: a 'Your turn' cell comes first"
        assert f"check({name})" in source(cells[i + 1]), f"{name}: the next cell checks it"
