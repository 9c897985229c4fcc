"""Shared test helpers: an independent rule checker that does not use the package's rules."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from in_browser import (  # noqa: F401 (the browser tests' fixtures, for every file)
    NEEDS_SHARED,
    SHARED,
    browser,
    lab,
    lab_page,
    lesson_page,
    shared_browser,
)

Rows = list[list[int]]


def hypothesis_profiles() -> None:
    """Property tests never fail on a slow machine: no per-example deadline, no too-slow check.

    `HYPOTHESIS_PROFILE=fast` (used by `make test-fast`) tries fewer examples where a test
    does not set its own number; the default profile keeps hypothesis's usual 100.
    """
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:  # the student handout runs only the notebooks, without hypothesis
        return
    relaxed = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
    settings.register_profile("default", max_examples=100, **relaxed)
    settings.register_profile("fast", max_examples=15, **relaxed)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


hypothesis_profiles()

SLOW_FILES = {
    "test_grading.py", "test_grading_verdicts.py", "test_student.py", "test_class_server.py",
    "test_notebooks.py", "test_types.py", "test_lite.py", "test_grading_lms.py",
    "test_nbgrader_export.py", "test_parts.py",
}
"""Test files that start kernels, servers, type checkers or whole notebooks: `slow`, so
`make test-fast` leaves them out (browser tests are marked `browser` in their own files)."""

SLOW_TESTS = {
    "test_settle_reaches_what_singles_by_hand_reach",
    "test_settle_is_checked_on_every_kind_of_ending",
    "test_orbit_sizes_on_4x4_match_brute_force",
    "test_every_plot_function_draws_readable_text",
    "test_algorithm_x_and_sat_agree_with_fast_on_public_puzzles",
    "test_04_propagation_on_the_page_solves_as_the_package_does",
    "test_same_arguments_make_the_same_bytes_and_the_key_matches",
    "test_count_keeps_none_of_the_solutions_it_counts",
    "test_every_puzzle_is_unique_and_at_its_level",
    "test_a_proper_16x16_is_solved_and_counted_by_sat_as_by_fast",
    "test_sat_solves_a_sparse_25x25_writing_10_and_up_as_letters",
    "test_9x9_puzzles_are_proper",
    "test_the_examples_are_proper_and_singles_tell_them_apart",
    "test_generated_16x16_puzzles_are_proper_by_the_sat_counter",
}
"""Unit tests that compute for seconds (2.5 s or more a run on a 2-core machine): `slow`
too, which keeps `make test-fast` under a minute; `make test` runs them."""


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A function in a test's parameters is named by its name, not its address: every
    worker of `pytest -n` must collect the same test ids."""
    name = getattr(val, "__name__", None)
    return name if callable(val) and isinstance(name, str) else None


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # before pytest-xdist's own choice
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """`--dist loadfile` (make test) with the longest files dealt out in parts (tests/parts.py)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from parts import FilesInParts

    return FilesInParts(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of the slow files `slow`, check the notebooks' figures where nbval runs
    them, put the longest files first, and each JupyterLab test of a lesson right after the
    lessons' test of it (tests/parts.py)."""
    for item in items:
        if item.path.name in SLOW_FILES or getattr(item, "originalname", None) in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
    notebooks = {id(item.parent): item.parent for item in items if is_notebook_cell(item)}
    for notebook in notebooks.values():
        check_figures_in(notebook)
    items.sort(key=cost_rank)
    from parts import in_lesson_order

    items[:] = [items[i] for i in in_lesson_order([item.nodeid for item in items])]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Stop the worker's shared Chromium and JupyterLab (tests/in_browser.py) once the next
    test needs neither."""
    if nextitem is None or not NEEDS_SHARED & set(getattr(nextitem, "fixturenames", ())):
        SHARED.close()


def pytest_sessionfinish() -> None:
    """Stop them at the end in any case (a run stopped early, or tests deselected after)."""
    SHARED.close()


def is_notebook_cell(item: pytest.Item) -> bool:
    """A cell of a notebook that nbval runs."""
    return type(item).__name__ == "IPyNbCell" and item.parent is not None


def check_figures_in(notebook: pytest.Collector) -> None:
    """nbval's kernel for this notebook starts with the figure check on (tests/figure_text.py):
    a lesson's figure whose text is cut or overlaps fails its cell under nbval, with no
    second run of the lesson to look at its figures. (A conftest's setup hooks reach only
    the tests below it, so the notebook's own setup, which starts the kernel, is wrapped.)"""
    start = notebook.setup

    def setup() -> None:
        before = os.environ.get("IPYTHONDIR")
        os.environ["IPYTHONDIR"] = checking_ipython()
        try:
            start()
        finally:
            if before is None:
                del os.environ["IPYTHONDIR"]
            else:
                os.environ["IPYTHONDIR"] = before

    notebook.setup = setup  # type: ignore[method-assign]


@functools.cache
def checking_ipython() -> str:
    """This test process's IPython folder for nbval's kernels (removed when it ends)."""
    from figure_text import checking_ipython_dir

    where = Path(tempfile.mkdtemp(prefix="ipython-figures-"))
    atexit.register(shutil.rmtree, where, True)
    return str(checking_ipython_dir(where))


def cost_rank(item: pytest.Item) -> int:
    """Browser files, then kernel and server files, then notebooks, then the rest.

    `make test` hands whole files (the longest in parts: tests/parts.py) to its workers in
    this order (`--no-loadscope-reorder`):
    a long file started last would leave the other cores idle while it ends. The sort is
    stable, so a file's tests keep their order.
    """
    if item.get_closest_marker("browser"):
        return 0
    if item.path.name in SLOW_FILES:  # whole files, so that no test leaves its file's order
        return 1
    return 2 if item.path.suffix == ".ipynb" else 3


def independent_units(box_rows: int = 3, box_cols: int = 3) -> list[list[tuple[int, int]]]:
    """Every row, column and box of the grid as a list of (row, col)."""
    n = box_rows * box_cols
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [
        [(r, c) for r in range(top, top + box_rows) for c in range(left, left + box_cols)]
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    ]
    return units


def independent_is_solved(rows: Rows, box_rows: int = 3, box_cols: int = 3) -> bool:
    """A full grid is solved when every row, column and box is a permutation of 1..n."""
    n = box_rows * box_cols
    want = list(range(1, n + 1))
    if len(rows) != n or any(len(row) != n for row in rows):
        return False
    return all(
        sorted(rows[r][c] for r, c in unit) == want
        for unit in independent_units(box_rows, box_cols)
    )


def pattern_rows(box_rows: int = 3, box_cols: int = 3) -> Rows:
    """A valid full grid for any shape: the classic shifted-rows construction."""
    n = box_rows * box_cols
    return [
        [(box_cols * (r % box_rows) + r // box_rows + c) % n + 1 for c in range(n)]
        for r in range(n)
    ]


def brute_count(rows: Rows, box_rows: int = 3, box_cols: int = 3, limit: int = 2) -> int:
    """Count solutions up to `limit` by plain backtracking on the blank with fewest options."""
    n = box_rows * box_cols
    grid = [list(row) for row in rows]
    units = independent_units(box_rows, box_cols)
    for unit in units:  # givens that clash: no solution
        values = [grid[r][c] for r, c in unit if grid[r][c]]
        if len(values) != len(set(values)):
            return 0
    peers = {
        (r, c): {cell for unit in units if (r, c) in unit for cell in unit} - {(r, c)}
        for r in range(n)
        for c in range(n)
    }

    def options(r: int, c: int) -> set[int]:
        return set(range(1, n + 1)) - {grid[pr][pc] for pr, pc in peers[(r, c)]}

    def count() -> int:
        blanks = [(len(options(r, c)), r, c) for r in range(n) for c in range(n) if not grid[r][c]]
        if not blanks:
            return 1
        _, r, c = min(blanks)
        found = 0
        for value in sorted(options(r, c)):
            grid[r][c] = value
            found += count()
            grid[r][c] = 0
            if found >= limit:
                break
        return found

    return min(count(), limit)


def sat_count(rows: Rows, box_rows: int, box_cols: int, limit: int = 2) -> int:
    """Count solutions up to `limit` with pycosat on clauses written here (for big grids).

    A variable for each number a cell may hold (its given, or one no peer shows); each cell
    holds exactly one, each unit holds each number exactly once; each solution found is
    ruled out by one more clause. Nothing of the package's own solvers or encodings.
    """
    import pycosat

    n = box_rows * box_cols
    units = independent_units(box_rows, box_cols)
    shown = {(r, c): set() for r in range(n) for c in range(n)}
    for unit in units:
        values = {rows[r][c] for r, c in unit} - {0}
        for cell in unit:
            shown[cell] |= values
    var: dict[tuple[int, int, int], int] = {}
    for (r, c), seen in shown.items():
        given = rows[r][c]
        for d in [given] if given else sorted(set(range(1, n + 1)) - seen):
            var[(r, c, d)] = len(var) + 1
    groups = [[var[(r, c, d)] for d in range(1, n + 1) if (r, c, d) in var] for r, c in shown]
    groups += [[var[(r, c, d)] for r, c in unit if (r, c, d) in var]
               for unit in units for d in range(1, n + 1)]
    clauses: list[list[int]] = []
    for group in groups:
        clauses.append(group)  # an empty clause: no solution
        clauses += [[-a, -b] for i, a in enumerate(group) for b in group[i + 1 :]]
    found = 0
    for _ in pycosat.itersolve(clauses):
        found += 1
        if found >= limit:
            break
    return found


def keeps_givens(puzzle: list[list[int]], solution: list[list[int]]) -> bool:
    """Every given of the puzzle stands in the same place in the solution."""
    return all(p == s for prow, srow in zip(puzzle, solution) for p, s in zip(prow, srow) if p)


@pytest.fixture
def assignment_rows() -> list[list[int]]:
    """The assignment's puzzle, written out here independently of the package."""
    text = """
        0 0 2 9 8 0 5 0 0
        4 0 0 0 7 0 0 1 3
        0 3 9 6 0 4 0 7 0
        2 0 0 0 5 6 4 0 0
        8 4 0 3 0 0 2 0 1
        9 0 7 0 0 1 0 8 6
        6 0 0 7 0 5 1 3 0
        0 9 1 4 0 0 0 0 5
        0 2 0 0 3 0 6 0 8
    """
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]


def singles_finish(rows: Rows, box_rows: int = 3, box_cols: int = 3, hidden: bool = True) -> bool:
    """Whether naked singles (and hidden singles, if `hidden`) alone fill the whole grid.

    Written plainly here, apart from the package: candidates are recomputed from the
    numbers after every placement.
    """
    n = box_rows * box_cols
    grid = [list(row) for row in rows]
    units = independent_units(box_rows, box_cols)

    def options(r: int, c: int) -> set[int]:
        seen = {grid[pr][pc] for unit in units if (r, c) in unit for pr, pc in unit}
        return set(range(1, n + 1)) - seen

    while True:
        blanks = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
        if not blanks:
            return True
        placed = False
        for r, c in blanks:
            left = options(r, c)
            if len(left) == 1:
                grid[r][c] = left.pop()
                placed = True
                break
        if not placed and hidden:
            for unit in units:
                for value in range(1, n + 1):
                    if any(grid[r][c] == value for r, c in unit):
                        continue
                    spots = [(r, c) for r, c in unit if not grid[r][c] and value in options(r, c)]
                    if len(spots) == 1:
                        (r, c), placed = spots[0], True
                        grid[r][c] = value
                        break
                if placed:
                    break
        if not placed:
            return False


def shared_puzzle_file(name: str) -> str:
    """A public puzzle set beside the clone (../shared/puzzles), or skip the test saying why.

    In CI (CI=true) the folder is always there, so a missing one fails instead of skipping.
    """
    import os
    from pathlib import Path

    beside = Path(__file__).parents[2] / "shared" / "puzzles"
    folder = Path(os.environ.get("SUDOKU_PUZZLES", beside))
    path = folder / name
    if not path.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{path} is missing in CI")
        pytest.skip(f"{path} not found (the public puzzle sets sit beside the clone in CI)")
    return str(path)


def require_bubblewrap() -> None:
    """Skip where bubblewrap cannot run, except in CI, where it must."""
    from sudoku_teach.teacher import sandbox

    if sandbox.bubblewrap_works():
        return
    message = "bubblewrap (bwrap) is not installed or may not run here: apt-get install bubblewrap"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)
