"""What the in-browser site (`make lite`) relies on, checked without a browser.

The browser's Python (Pyodide) has no threads and no pycosat, numpy or matplotlib until
fetched: the package must import without them and its checks must still stop an endless
loop. The site's lesson copies must say where work is kept, and fetch the plotting
packages only where a lesson draws plots.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from sudoku_teach.exercises.watchdog import TimeUp, traced_limit

ROOT = Path(__file__).resolve().parent.parent


def load_build():
    """lite/build.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_package_and_its_checks_import_without_pycosat_numpy_or_matplotlib():
    code = (
        "import sys\n"
        "for name in ('pycosat', 'numpy', 'matplotlib'):\n"
        "    sys.modules[name] = None  # importing it now raises ImportError\n"
        "import sudoku_teach, sudoku_teach.exercises, sudoku_teach.views.widgets\n"
        "import sudoku_teach.views.play\n"
        "print('imported')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "imported"


def test_traced_limit_stops_an_endless_loop_without_a_thread():
    def spin() -> None:
        while True:
            pass

    started = time.monotonic()
    with pytest.raises(TimeUp), traced_limit(0.3):
        spin()
    assert 0.3 <= time.monotonic() - started < 5
    assert sys.gettrace() is None  # tracing is put back as it was


def test_traced_limit_lets_quick_code_finish_and_keeps_its_result():
    def total(n: int) -> int:
        return sum(i * i for i in range(n))

    with traced_limit(5):
        result = total(1000)
    assert result == sum(i * i for i in range(1000))
    assert sys.gettrace() is None


def test_lite_copy_of_00_says_where_work_is_kept_and_how_to_hand_it_in(tmp_path):
    build = load_build()
    target = tmp_path / "00.ipynb"
    build.lite_copy(ROOT / "notebooks" / "student" / "00_start_here.ipynb", target)
    notebook = nbformat.read(target, as_version=4)
    original = nbformat.read(ROOT / "notebooks" / "student" / "00_start_here.ipynb", 4)
    note = notebook.cells[1]
    assert note.cell_type == "markdown"
    assert "in this browser only" in note.source
    assert "download it" in note.source
    assert len(notebook.cells) == len(original.cells) + 1
    assert [c.source for c in notebook.cells[2:]] == [c.source for c in original.cells[1:]]


@pytest.mark.parametrize(
    ("lesson", "plots"),
    [("01_rules", False), ("02_elimination_sets", False), ("08_play", False),
     ("03_recursive_search", True), ("07_difficulty_levels", True)],
)
def test_only_lessons_that_draw_plots_fetch_numpy_and_matplotlib(tmp_path, lesson, plots):
    build = load_build()
    source = ROOT / "notebooks" / "student" / f"{lesson}.ipynb"
    build.lite_copy(source, tmp_path / "copy.ipynb")
    copy = nbformat.read(tmp_path / "copy.ipynb", as_version=4)
    fetches = [c for c in copy.cells if "%pip install numpy matplotlib" in c.source]
    assert len(fetches) == (1 if plots else 0)
    if plots:  # right after the header, with its word on the page above it
        assert copy.cells[2] is fetches[0]
        assert "Without a network" in copy.cells[1].source


def test_closure_follows_needs_under_any_spelling_of_a_name():
    build = load_build()
    needs = {"ipython": ["prompt_toolkit", "traitlets"], "prompt-toolkit": ["wcwidth"],
             "traitlets": [], "wcwidth": [], "numpy": []}
    assert build.closure(needs, ["ipython"]) == {"ipython", "prompt-toolkit", "traitlets",
                                                 "wcwidth"}
