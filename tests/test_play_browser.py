"""The game in a real browser: notebook 08 in JupyterLab, and the Voila app of `make play`.

Whole games are played by the keyboard alone and by the mouse alone, on the notebook's
4x4 warm-up and on a 9x9 game; the tests solve each puzzle themselves from what the page
shows (a small solver below, independent of the package). A failing test leaves a
screenshot in `test-screenshots/` (or in $SCREENSHOT_DIR).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from in_browser import (
    POLL_MS,
    VOILA_READY,
    WAIT_MS,
    free_port,
    on,
    open_board,
    patient,
    serving,
)

from sudoku_teach.examples import ASSIGNMENT_PUZZLE, WARMUP_4X4

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("SCREENSHOT_DIR", ROOT / "test-screenshots"))
BOX = {4: (2, 2), 9: (3, 3)}
NODELAY = "--Voila.kernel_websocket_connection_class=sudoku_teach.views.nodelay.NoDelayConnection"
"""As `make play` serves the app: the kernel's websocket without Nagle's delay."""


@contextlib.contextmanager
def screenshot_on_failure(page, name: str):
    """Save what the page looked like when a test failed, to look at afterwards."""
    try:
        yield
    except BaseException:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-failed.png"), full_page=True)
        raise


def read_board(board) -> list[list[int]]:
    """The numbers the page shows, row by row (0 for a blank)."""
    texts = board.locator(".sudoku-cell").evaluate_all("cells => cells.map(c => c.innerText)")
    size = int(len(texts) ** 0.5)
    numbers = [int(t) if t.strip().isdigit() and len(t.strip()) == 1 else 0 for t in texts]
    return [numbers[r * size : (r + 1) * size] for r in range(size)]


def allowed(grid: list[list[int]], r: int, c: int, v: int) -> bool:
    """Whether v may go at (r, c): written here from the rules, not taken from the package."""
    size = len(grid)
    br, bc = BOX[size]
    top, left = r - r % br, c - c % bc
    return (
        all(grid[r][i] != v for i in range(size))
        and all(grid[i][c] != v for i in range(size))
        and all(grid[top + i][left + j] != v for i in range(br) for j in range(bc))
    )


def solve(grid: list[list[int]]) -> list[list[int]]:
    """A solution by backtracking on the cell with fewest options."""
    grid = [row[:] for row in grid]
    size = len(grid)

    def search() -> bool:
        best = None
        for r in range(size):
            for c in range(size):
                if not grid[r][c]:
                    options = [v for v in range(1, size + 1) if allowed(grid, r, c, v)]
                    if best is None or len(options) < len(best[2]):
                        best = (r, c, options)
        if best is None:
            return True
        r, c, options = best
        for v in options:
            grid[r][c] = v
            if search():
                return True
        grid[r][c] = 0
        return False

    assert search(), "the page shows a puzzle without a solution"
    return grid


BROWSER_OWN = {"sudoku-cursor", "sudoku-peer", "sudoku-same", "sudoku-pending"}
"""Classes the browser adds itself, following the cursor."""


def state(board) -> list[tuple[str, str]]:
    """Every cell's name (number, pencil marks, verdict) and classes, without the cursor's."""
    cells = board.locator(".sudoku-cell").evaluate_all(
        "cells => cells.map(c => [c.getAttribute('aria-label'), c.className])"
    )
    return [(name, sorted(set(classes.split()) - BROWSER_OWN)) for name, classes in cells]


def play_by_keyboard(page, board) -> None:
    """Focus the board and fill every blank, moving with the arrow keys only."""
    puzzle = read_board(board)
    solution = solve(puzzle)
    board.locator(".sudoku-cell[tabindex='0']").focus()  # the grid's one stop in the tab order
    for r, row in enumerate(puzzle):
        for c, value in enumerate(row):
            if not value:
                page.keyboard.press(str(solution[r][c]))
                board.locator(f".sudoku-r{r}c{c}").get_by_text(str(solution[r][c])).wait_for()
            page.keyboard.press("ArrowRight")  # wraps round to column 0 after the last
        page.keyboard.press("ArrowDown")
    board.locator(".sudoku-status").get_by_text("Solved in").wait_for(timeout=10_000)
    assert read_board(board) == solution


def play_by_mouse(board) -> None:
    """Fill every blank by selecting a number key (number first), then clicking the cell."""
    puzzle = read_board(board)
    solution = solve(puzzle)
    for r, row in enumerate(puzzle):
        for c, value in enumerate(row):
            if not value:
                key = board.locator(f".sudoku-num-{solution[r][c]}")
                if key.get_attribute("aria-pressed") != "true":  # tapped again, it unselects
                    key.click()
                board.locator(f".sudoku-r{r}c{c}").click()
                board.locator(f".sudoku-r{r}c{c}").get_by_text(str(solution[r][c])).wait_for()
    board.locator(".sudoku-status").get_by_text("Solved in").wait_for(timeout=10_000)
    assert read_board(board) == solution


def style(locator, prop: str, pseudo: str | None = None) -> str:
    return locator.evaluate(
        "(el, [prop, pseudo]) => getComputedStyle(el, pseudo).getPropertyValue(prop)",
        [prop, pseudo],
    )


ON_08 = on("08_play.ipynb")


@pytest.fixture
def page(lesson_page):  # noqa: ANN001, ANN201 (a Playwright Page)
    """Notebook 08 with all cells run (tests/in_browser.py)."""
    return lesson_page


@ON_08
def test_a_4x4_game_by_keyboard_alone_then_a_new_one_by_mouse(page):
    warmup = page.locator(".sudoku-game").first
    with screenshot_on_failure(page, "keyboard"):
        warmup.scroll_into_view_if_needed()
        assert style(warmup.locator(".sudoku-r2c0"), "border-top-width") == "3px"
        assert style(warmup.locator(".sudoku-r1c0"), "border-top-width") == "1px"
        assert (
            "bold" in style(warmup.locator(".sudoku-r0c0"), "font-weight")
            or style(warmup.locator(".sudoku-r0c0"), "font-weight") == "700"
        )
        warmup.locator(".sudoku-cell[tabindex='0']").focus()
        page.keyboard.press("ArrowRight")
        cursor = warmup.locator(".sudoku-r0c1")
        assert "sudoku-cursor" in cursor.get_attribute("class")
        assert "rgb(179, 89, 0)" in style(cursor, "box-shadow")  # the visible focus
        page.keyboard.press("ArrowLeft")
        play_by_keyboard(page, warmup)
        SHOTS.mkdir(exist_ok=True)
        warmup.screenshot(path=str(SHOTS / "4x4-solved-by-keyboard.png"))
    with screenshot_on_failure(page, "mouse"):
        warmup.locator(".sudoku-btn-new").click()
        warmup.locator(".sudoku-status").get_by_text("cells to go").wait_for(timeout=10_000)
        play_by_mouse(warmup)


@ON_08
def test_help_marks_exactly_the_allowed_cells_and_check_shows_right_and_wrong(page):
    board = page.locator(".sudoku-game").nth(1)
    with screenshot_on_failure(page, "help-check"):
        board.scroll_into_view_if_needed()
        board.locator(".sudoku-num-4").click()
        board.locator(".sudoku-btn-help").click()
        board.locator(".sudoku-allowed").first.wait_for(timeout=10_000)
        grid = read_board(board)
        expected = {
            (r, c) for r in range(9) for c in range(9) if not grid[r][c] and allowed(grid, r, c, 4)
        }
        marked = board.locator(".sudoku-allowed").evaluate_all(
            "cells => cells.map(c => c.className.match(/sudoku-r(\\d)c(\\d)/).slice(1).map(Number))"
        )
        assert {tuple(cell) for cell in marked} == expected
        board.locator(".sudoku-btn-help").click()
        solution = solve(grid)
        (r1, c1), (r2, c2) = [(r, c) for r in range(9) for c in range(9) if not grid[r][c]][:2]
        board.locator(f".sudoku-r{r1}c{c1}").click()
        page.keyboard.press(str(solution[r1][c1]))
        board.locator(f".sudoku-r{r2}c{c2}").click()
        page.keyboard.press(str(solution[r2][c2] % 9 + 1))
        board.locator(".sudoku-btn-check").click()
        right, wrong = board.locator(".sudoku-right"), board.locator(".sudoku-wrong")
        wrong.wait_for(timeout=10_000)
        assert "sudoku-right" in board.locator(f".sudoku-r{r1}c{c1}").get_attribute("class")
        assert "sudoku-wrong" in board.locator(f".sudoku-r{r2}c{c2}").get_attribute("class")
        assert style(right, "content", "::after") == '"\u2713"'  # a tick besides the colour
        assert style(wrong, "content", "::after") == '"\u2717"'  # a cross, and struck through
        assert "line-through" in style(wrong.locator(".sudoku-value"), "text-decoration-line")
        assert style(right, "background-color") != style(wrong, "background-color")
        assert board.locator(".sudoku-message").inner_text() == "1 right, 1 wrong"
        SHOTS.mkdir(exist_ok=True)
        board.screenshot(path=str(SHOTS / "9x9-checked.png"))


@ON_08
def test_save_restart_the_kernel_restore_gives_the_same_state(page):
    board = page.locator(".sudoku-game").nth(1)
    with screenshot_on_failure(page, "save-restore"):
        grid = read_board(board)
        blanks = [(r, c) for r in range(9) for c in range(9) if not grid[r][c]]
        board.locator(f".sudoku-r{blanks[5][0]}c{blanks[5][1]}").click()
        page.keyboard.press("6")
        board.locator(".sudoku-btn-pencil").click()
        board.locator(f".sudoku-r{blanks[6][0]}c{blanks[6][1]}").click()
        page.keyboard.press("2")
        page.keyboard.press("8")
        board.locator(".sudoku-btn-pencil").click()
        page.keyboard.press("ArrowLeft")  # a cell tapped, then a number, would place it
        board.locator(".sudoku-num-7").click()
        board.locator(".sudoku-btn-help").click()
        board.locator(".sudoku-btn-save").click()
        board.locator(".sudoku-message").get_by_text("saved to").wait_for(timeout=10_000)
        before = state(board)
        assert any(name.endswith("pencil 2 8") for name, _ in before)

        page.locator("#jp-MainMenu").get_by_text("Kernel", exact=True).click()
        page.get_by_text("Restart Kernel and Run All Cells", exact=False).first.click()
        page.locator(".jp-Dialog-button.jp-mod-accept").click()
        board = page.locator(".sudoku-game").nth(1)
        board.locator(".sudoku-status").get_by_text("0 hints used").wait_for(timeout=60_000)
        page.wait_for_function(
            "n => document.querySelectorAll('.sudoku-game')[1]"
            "?.querySelectorAll('.sudoku-entry').length === 0",
            arg=0,
            timeout=60_000,
            polling=POLL_MS,
        )
        assert state(board) != before
        board.locator(".sudoku-btn-restore").click()
        board.locator(".sudoku-message").get_by_text("game restored").wait_for(timeout=10_000)
        assert state(board) == before
        assert board.locator(".sudoku-num-7").get_attribute("aria-pressed") == "true"
        assert board.locator(".sudoku-btn-help").get_attribute("aria-pressed") == "true"



@ON_08
def test_a_16x16_game_in_jupyterlab_writes_10_to_16_as_letters(page):
    """The board's characters come from Python's one table (formats.SYMBOLS): on a 16x16 game
    the number keys, the given cells and a typed letter show A-G for 10-16."""
    from playwright.sync_api import expect

    board = page.locator(".sudoku-game").nth(1)
    with screenshot_on_failure(page, "lab-16x16"):
        board.scroll_into_view_if_needed()
        board.locator(".sudoku-size").select_option("16")
        board.locator(".sudoku-btn-new").click()
        board.locator(".sudoku-r15c15").wait_for(timeout=WAIT_MS)
        pad = board.locator(".sudoku-num .sudoku-digit").all_inner_texts()
        assert "".join(pad) == "123456789ABCDEFG"
        names = board.locator("[role=gridcell]").evaluate_all(
            "cs => cs.map(c => c.getAttribute('aria-label'))")
        texts = board.locator(".sudoku-cell").all_inner_texts()
        givens = {re.search(r"given (\w+)", n).group(1) for n in names if "given" in n}
        assert givens <= set("123456789ABCDEFG") and len(givens) >= 15  # a proper puzzle
        # gives every number but at most one (two missing could swap), so letters are given
        assert {t.strip() for t in texts} - {""} == givens  # drawn as named: letters, no "10"
        empty = names.index(next(n for n in names if "empty" in n))
        board.locator(f".sudoku-r{empty // 16}c{empty % 16}").click()
        page.keyboard.press("g")
        expect(board.locator(f".sudoku-r{empty // 16}c{empty % 16}")).to_have_text("G")
        SHOTS.mkdir(exist_ok=True)
        board.screenshot(path=str(SHOTS / "lab-08-16x16.png"))


@ON_08
def test_typing_your_own_puzzle_in_jupyterlab_reaches_the_box_not_the_notebook(page):
    from playwright.sync_api import expect

    board = page.locator(".sudoku-game").nth(1)
    cells_before = page.locator(".jp-Notebook .jp-Cell").count()
    with screenshot_on_failure(page, "lab-own-puzzle"):
        board.locator(".sudoku-own summary").click()
        text = board.locator(".sudoku-own textarea")
        text.click()
        typed = "\n".join(WARMUP_4X4.split())  # letters, digits and Enter: notebook shortcuts
        page.keyboard.type(typed)
        expect(text).to_have_value(typed)
        board.locator(".sudoku-btn-play-own").click()
        expect(board.locator(".sudoku-message")).to_contain_text("Your own puzzle", timeout=WAIT_MS)
        expect(board.locator(".sudoku-cell")).to_have_count(16)
        assert page.locator(".jp-Notebook .jp-Cell").count() == cells_before


@pytest.fixture(scope="module")
def voila_page(browser, tmp_path_factory):
    """The app of `make play`, served by Voila with a fixed seed."""
    root = tmp_path_factory.mktemp("app")
    shutil.copy(ROOT / "app" / "play.ipynb", root / "play.ipynb")
    port = free_port()
    env = dict(os.environ, SUDOKU_SEED="5", HOME=str(root))
    command = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", NODELAY]  # fmt: skip
    with serving(command, env, f"http://127.0.0.1:{port}{VOILA_READY}", root / "voila.log",
                 cwd=root):
        page = patient(browser.new_page(viewport={"width": 1200, "height": 900}))
        open_board(page, f"http://127.0.0.1:{port}/")
        yield page
        page.close()


def test_the_voila_app_shows_no_code_and_plays_to_the_end(voila_page):
    page = voila_page
    with screenshot_on_failure(page, "voila"):
        assert page.get_by_text("sudoku_teach").count() == 0  # no code on the page
        assert page.locator(".cm-editor, .CodeMirror").count() == 0
        board = page.locator(".sudoku-game").first
        play_by_keyboard(page, board)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "voila-solved.png"))


def test_the_voila_app_plays_your_own_puzzle_after_refusing_a_bad_one(voila_page):
    from playwright.sync_api import expect

    page = voila_page
    board = page.locator(".sudoku-game").first
    own = board.locator(".sudoku-own")
    rows = [line.replace(" ", "").replace("0", ".") for line in ASSIGNMENT_PUZZLE.splitlines()]
    with screenshot_on_failure(page, "voila-own-puzzle"):
        before = read_board(board)
        own.locator("summary").focus()
        page.keyboard.press("Enter")  # opens the box, by keyboard
        text = own.locator("textarea")
        text.fill("\n".join(["5" + rows[0][1:], *rows[1:]]))  # a second 5 in row 0
        text.focus()
        page.keyboard.press("Tab")  # to the button
        page.keyboard.press("Enter")
        message = board.locator(".sudoku-message")
        expect(message).to_contain_text("not started", timeout=WAIT_MS)
        expect(message).to_contain_text("row 1 has the number 5 twice")  # counted from 1
        assert read_board(board) == before  # the game in progress goes on

        text.fill("\n".join(rows))  # pasted as a newspaper prints it
        own.locator(".sudoku-btn-play-own").click()
        expect(message).to_contain_text("Your own puzzle", timeout=WAIT_MS)
        puzzle = [[0 if ch == "." else int(ch) for ch in row] for row in rows]
        assert read_board(board) == puzzle
        solution = solve(puzzle)
        board.locator(".sudoku-r0c0").click()  # a blank; no number selected, so nothing placed
        page.keyboard.press(str(solution[0][0]))
        expect(board.locator(".sudoku-r0c0")).to_have_text(str(solution[0][0]))
        expect(board.locator(".sudoku-status")).to_contain_text("cells to go")

        # A number both wrong and in conflict shows one mark: "!" until Check, then the cross.
        page.keyboard.press("ArrowRight")
        page.keyboard.press("2")  # (0, 2) holds a given 2
        clash = board.locator(".sudoku-r0c1")
        expect(clash).to_have_class(re.compile("sudoku-conflict"))
        assert style(clash, "content", "::after") == '"!"'
        board.locator(".sudoku-btn-check").click()
        expect(clash).to_have_class(re.compile("sudoku-wrong"))
        assert "sudoku-conflict" not in clash.get_attribute("class")
        assert style(clash, "content", "::after") == '"\u2717"'
        SHOTS.mkdir(exist_ok=True)
        board.screenshot(path=str(SHOTS / "voila-own-puzzle.png"))

