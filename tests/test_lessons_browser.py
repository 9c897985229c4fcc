"""Every lesson as a student sees it: all ten notebooks run in JupyterLab (08 also in Voila),
every board measured on the screen.

nbval compares the text a notebook stores; it cannot see a board whose cells a stylesheet
has stacked into one column. Here each instructor notebook is opened in one JupyterLab
server, run with Run All Cells, and every board in its outputs (the static HTML tables and
the board widgets) is measured with getBoundingClientRect: an n x n board stands in n
distinct columns and n distinct rows of cells at least `MIN_CELL` pixels wide and high, its
rows all of one background (JupyterLab stripes the rows of HTML tables), its pencil marks
at least `MIN_MARK` pixels. A run must also leave no error output and no error in the
browser's console.

A screenshot of each whole notebook goes to test-screenshots/ (SCREENSHOT_DIR), for a
teacher (or CI's artifacts) to look at. Needs Debian's Chromium; CI=true makes it required.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from in_browser import (
    POLL_MS,
    VOILA_READY,
    free_port,
    hand_over,
    open_notebook,
    patient,
    serving,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("SCREENSHOT_DIR", ROOT / "test-screenshots"))
NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
LOCAL = "http://127.0.0.1:"
"""Where the servers of these tests answer; only their pages' failures are ours."""
FOREIGN = "pyodide-kernel-extension"
"""JupyterLite's kernel extension (the lite build's dependency) throws on Voila's page
(LicensesClient undefined): not a lesson's error, reported separately, left out here."""
KERNEL_LIST = "/api/kernels?"
"""JupyterLab asks the server for its list of kernels every few seconds. A poll answered in
the moment between a kernel's start and the server's first note of its activity gets 500:
jupyter_server lists the new kernel and reads its `last_activity` before it is set
(kernelmanager.kernel_model); a busy machine widens that moment. The next poll succeeds and
no student sees it. Any other failed request still counts."""
MIN_CELL = 20
"""The smallest cell, in CSS pixels, a student can read a number in."""
MIN_MARK = 11
"""The smallest pencil mark, in CSS pixels (font size), a student can read."""
WAIT_MS = 180_000
"""How long a whole notebook may take to run on a loaded machine (polled, never slept)."""

MEASURE = """() => [...document.querySelectorAll(
        '.jp-OutputArea-output table[class*="sudoku"], .sudoku-game .sudoku-board')]
    .map(board => {
        const table = board.tagName === 'TABLE';
        const cells = [...board.querySelectorAll(table ? 'td' : '.sudoku-cell')];
        const rects = cells.map(cell => cell.getBoundingClientRect());
        const edges = key => new Set(rects.map(rect => Math.round(rect[key]))).size;
        const box = board.getBoundingClientRect();
        const backgrounds = [...board.querySelectorAll('tr')]
            .map(row => getComputedStyle(row).backgroundColor);
        const marks = [...board.querySelectorAll('.sudoku-grid-marks')]
            .map(mark => parseFloat(getComputedStyle(mark).fontSize));
        return {
            kind: table ? 'html' : 'widget',
            explorer: Boolean(board.closest('.sudoku-explorer')),
            cells: cells.length,
            columns: edges('left'),
            rows: edges('top'),
            narrowest: Math.min(...rects.map(rect => rect.width)),
            lowest: Math.min(...rects.map(rect => rect.height)),
            width: Math.round(box.width),
            height: Math.round(box.height),
            title: board.getAttribute('title') || '',
            stripes: new Set(backgrounds).size,
            mark: Math.min(...marks, 99),
        };
    })"""
"""Every board in the outputs of the page, measured where it stands on the screen."""

ALL_RAN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    const errors = document.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
    const failed = [...errors].some(out => /Traceback|Error/.test(out.textContent));
    return failed || (prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)));
}"""
"""True once every code cell has run (a number in its prompt), or one has failed."""

ERRORS = """() => [...document.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(out => out.textContent).filter(text => /Traceback|Error/.test(text))"""


def stored_boards(name: str) -> tuple[int, int]:
    """How many HTML boards and board widgets the stored notebook shows (the explorer of
    `search_explorer` is stored as its text only, so its cell's code counts it)."""
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    cells = notebook["cells"]
    outputs = [out for cell in cells for out in cell.get("outputs", [])]
    html = ["".join(out.get("data", {}).get("text/html", "")) for out in outputs]
    plain = ["".join(out.get("data", {}).get("text/plain", "")) for out in outputs]
    widgets = sum(text.startswith(("GridView(", "SinglesHelper(", "Board(")) for text in plain)
    widgets += sum("search_explorer(" in "".join(cell["source"]) for cell in cells)
    return sum(text.count("<table class='sudoku") for text in html), widgets


def check_boards(boards: list[dict], where: str) -> list[str]:
    """What is wrong with the measured boards: each must stand n by n in readable cells."""
    problems = []
    for i, board in enumerate(boards):
        n = round(board["cells"] ** 0.5)
        label = f"{where}: board {i} ({board['kind']}, {n}x{n}, {board['title'][:20]!r})"
        if n * n != board["cells"] or n < 4:
            problems.append(f"{label} has {board['cells']} cells")
        elif (board["columns"], board["rows"]) != (n, n):
            shape = f"{board['columns']} columns and {board['rows']} rows"
            problems.append(f"{label} stands in {shape}")
        elif min(board["narrowest"], board["lowest"]) < MIN_CELL:
            problems.append(
                f"{label} has cells of {board['narrowest']:.0f} x {board['lowest']:.0f} px"
            )
        elif board["stripes"] > 1:
            problems.append(f"{label} has rows of {board['stripes']} backgrounds (stripes)")
        elif board["mark"] < MIN_MARK:
            problems.append(f"{label} has pencil marks of {board['mark']:.0f} px")
    return problems


@contextlib.contextmanager
def console_errors(page):
    """Collect the errors the page logs or throws while the block runs."""
    errors: list[str] = []

    def logged(msg) -> None:
        where = msg.location.get("url", "")
        offline = "ERR_NAME_NOT_RESOLVED" in msg.text and not where.startswith(LOCAL)
        foreign = FOREIGN in msg.text
        polled = "status of 500" in msg.text and KERNEL_LIST in where
        if msg.type == "error" and not (offline or foreign or polled):  # a CDN may fail
            errors.append(f"{msg.text} ({where})")

    def thrown(error) -> None:
        if FOREIGN not in str(error):
            errors.append(str(error))

    page.on("console", logged)
    page.on("pageerror", thrown)
    try:
        yield errors
    finally:  # the page lives on for the next notebook: stop listening
        page.remove_listener("console", logged)
        page.remove_listener("pageerror", thrown)


WIDGETS_DRAWN = """() => [...document.querySelectorAll('.sudoku-game .sudoku-board')]
    .every(board => board.querySelector('.sudoku-cell') !== null)"""
"""True once every board widget on the page has drawn its cells (a widget's view is drawn
after its cell has run, later still on a busy machine)."""


def drawn(page) -> None:
    """Wait until every board widget has drawn its cells; one that never does is measured
    as it stands, and the board check names it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(WIDGETS_DRAWN, timeout=WAIT_MS, polling=POLL_MS)


TALLEST = """() => Math.max(...[...document.querySelectorAll('*')].map(el => el.scrollHeight))"""
TO_TOP = """() => document.querySelectorAll('*').forEach(el => { el.scrollTop = 0; })"""


def shoot(page, path: Path) -> None:
    """The whole notebook in one picture: the viewport made as tall as the notebook (it
    scrolls inside its own panel, so a "full page" picture would show one screen of it)."""
    width = page.viewport_size["width"] if page.viewport_size else 1400
    page.set_viewport_size({"width": width, "height": min(page.evaluate(TALLEST) + 150, 15_000)})
    page.wait_for_timeout(500)  # let the page lay out the taller window before the picture
    page.evaluate(TO_TOP)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(path))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_board_of_the_lesson_stands_whole_in_jupyterlab(lab_page, lab, name):
    page = lab_page
    with console_errors(page) as errors:
        open_notebook(page, lab, name)
        status = page.locator("#jp-main-statusbar")
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.wait_for_function(ALL_RAN, timeout=WAIT_MS, polling=POLL_MS)
        status.get_by_text("| Idle").wait_for(timeout=WAIT_MS)
        drawn(page)
        failures = page.evaluate(ERRORS)
        boards = page.evaluate(MEASURE)
    shoot(page, SHOTS / f"{name.removesuffix('.ipynb')}.png")
    assert not failures, f"{name} shows an error:\n" + "\n".join(failures)
    assert not errors, f"{name}: the browser's console shows errors: {errors}"
    tables, widgets = stored_boards(name)
    assert sum(board["kind"] == "html" for board in boards) >= tables, boards
    assert sum(board["kind"] == "widget" for board in boards) >= widgets, boards
    assert not check_boards(boards, name), "\n".join(check_boards(boards, name))
    for board in boards:
        if board["explorer"]:  # the explorer's board beside its depth plot, not a sliver
            assert board["width"] >= 9 * MIN_CELL, board
    hand_over(name)  # the next test of this lesson plays with it as it stands


def test_the_game_lesson_stands_whole_in_voila(shared_browser, tmp_path_factory):
    root = tmp_path_factory.mktemp("voila")
    shutil.copy(ROOT / "notebooks" / "08_play.ipynb", root / "08_play.ipynb")
    port = free_port()
    env = dict(os.environ, HOME=str(root))
    command = [sys.executable, "-m", "voila", str(root / "08_play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1",
               f"--Voila.config_file_paths={ROOT / 'app'}"]  # fmt: skip (the class server's)
    ready = f"http://127.0.0.1:{port}{VOILA_READY}"
    with serving(command, env, ready, root / "voila.log", cwd=root):
        page = patient(shared_browser.new_page(viewport={"width": 1200, "height": 900}))
        with console_errors(page) as errors:
            page.goto(f"http://127.0.0.1:{port}/", timeout=WAIT_MS)  # Voila runs 08 first
            page.locator(".sudoku-game .sudoku-board").first.wait_for(timeout=WAIT_MS)
            page.wait_for_function(
                "() => !document.querySelector('.voila-spinner, #loading')"
                " || getComputedStyle(document.querySelector('.voila-spinner, #loading')).display"
                " === 'none'",
                timeout=WAIT_MS,
                polling=POLL_MS,
            )
            boards = page.evaluate(MEASURE.replace(".jp-OutputArea-output ", ""))
            failures = page.evaluate(ERRORS)
        shoot(page, SHOTS / "08_play-voila.png")
        page.close()
    assert not failures, "08 in Voila shows an error:\n" + "\n".join(failures)
    assert not errors, f"08 in Voila: the browser's console shows errors: {errors}"
    assert any(board["kind"] == "widget" for board in boards), boards
    assert not check_boards(boards, "08 in Voila"), "\n".join(check_boards(boards, "08 in Voila"))
