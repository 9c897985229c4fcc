"""The game as every player meets it, in a real browser: a screen reader's names and live
messages, the keyboard alone, a phone's touch, and axe-core's accessibility rules.

The Voila app of `make play` (light and dark themes) and notebook 08 in JupyterLab (light
and dark) are checked with axe-core (from npm: `make axe`), which must find no violation of
impact serious or critical. Without axe-core these checks are skipped with a message, except
in CI (`CI=true`), where that is a failure. Screenshots at 1280 px, 390 px and 200% zoom, in
both themes, are left in `test-screenshots/` (or $SCREENSHOT_DIR) to be looked at.

The tests read the board as a screen reader does, from the cells' accessible names, and
solve it with their own small solver (`solve`, written from the rules, not the package's).
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
    VOILA_READY,
    WAIT_MS,
    free_port,
    on,
    open_board,
    patient,
    serving,
)
from test_play_browser import NODELAY, SHOTS, solve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
NAME = re.compile(r"^row (\d+), column (\d+), (given (\d+)|your (\d+)|empty)(.*)$")


def axe_violations(page, context: str = "body") -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the accessibility checks: run `make axe` (npm ci) first")
        pytest.skip("no axe-core: run `make axe` (npm ci) to check the board's accessibility")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async (context) => (await axe.run(context, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))",
        context,
    )
    return [
        f"{v['impact']}: {v['id']} on {v['nodes'][:3]}"
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def read_names(board) -> dict[tuple[int, int], str]:
    """Every cell's accessible name, by (row, col) counted from 0."""
    names = board.locator("[role=gridcell]").evaluate_all(
        "cells => cells.map(c => c.getAttribute('aria-label'))"
    )
    size = int(len(names) ** 0.5)
    return {(i // size, i % size): name for i, name in enumerate(names)}


def grid_from_names(board) -> list[list[int]]:
    """The numbers on the board as a screen reader hears them (0 for empty)."""
    names = read_names(board)
    size = int(len(names) ** 0.5)
    grid = [[0] * size for _ in range(size)]
    for (r, c), name in names.items():
        match = NAME.match(name)
        assert match, f"cell ({r}, {c}) is named {name!r}"
        assert (int(match[1]), int(match[2])) == (r + 1, c + 1)  # positions counted from 1
        grid[r][c] = int(match[4] or match[5] or 0)
    return grid


def live(board) -> str:
    """What the polite live region says now."""
    return board.locator("[role=status][aria-live=polite]").inner_text()


def focused_cell(page) -> str:
    return page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")


@contextlib.contextmanager
def voila(seed: str = "5"):
    """The app as `make play` serves it (no delay on the websocket), on a free port."""
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="voila-"))
    shutil.copy(ROOT / "app" / "play.ipynb", root / "play.ipynb")
    port = free_port()
    env = dict(os.environ, SUDOKU_SEED=seed, HOME=str(root))
    command = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", NODELAY]  # fmt: skip
    with serving(command, env, f"http://127.0.0.1:{port}{VOILA_READY}", root / "voila.log",
                 cwd=root):
        yield f"http://127.0.0.1:{port}/"
    shutil.rmtree(root, ignore_errors=True)


def open_app(browser, url: str, **context):
    """A fresh page on the app, its board drawn."""
    page = patient(browser.new_context(**context)).new_page()
    open_board(page, url)
    return page


@pytest.fixture(scope="module")
def app_url(browser):
    with voila() as url:
        yield url


def blanks(grid) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if not v]


def show_every_state(page, board) -> None:
    """Put pencil marks, a right and a wrong entry (checked), a conflict and help on the
    board, so that the accessibility check sees every colour."""
    from playwright.sync_api import expect

    grid = grid_from_names(board)
    solution = solve(grid)
    empty = blanks(grid)
    board.locator("[role=gridcell][tabindex='0']").focus()

    def go(r, c):
        board.locator(f".sudoku-r{r}c{c}").click()

    (r1, c1), (r2, c2), (r3, c3), (r4, c4) = empty[:4]
    go(r1, c1)
    page.keyboard.press(str(solution[r1][c1]))
    go(r2, c2)
    page.keyboard.press(str(solution[r2][c2] % 9 + 1))
    page.keyboard.press("k")  # check
    expect(board.locator(".sudoku-wrong")).to_have_count(1, timeout=WAIT_MS)
    go(r3, c3)
    taken = next(v for v in grid[r3] if v)
    page.keyboard.press(str(taken))  # a number already in its row: a conflict
    expect(board.locator(".sudoku-conflict").first).to_be_visible(timeout=WAIT_MS)
    go(r4, c4)
    page.keyboard.press("p")
    page.keyboard.press("1")
    page.keyboard.press("3")
    page.keyboard.press("p")
    expect(board.locator(f".sudoku-r{r4}c{c4} .sudoku-marks")).to_have_count(1, timeout=WAIT_MS)
    page.keyboard.press("h")  # help for the selected number
    expect(board.locator(".sudoku-allowed").first).to_be_visible(timeout=WAIT_MS)


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# First in the file: it plays with 08 in the worker's shared JupyterLab page, whose
# Playwright cannot start while the file's own Chromium (`browser`, kept for the
# module) runs. `make test` moves it next to the lessons' run of 08 anyway.
@on("08_play.ipynb")
def test_notebook_08_passes_axe_in_jupyterlab_light_and_dark(lesson_page):
    page = lesson_page
    game = page.locator(".sudoku-game").nth(1)
    game.scroll_into_view_if_needed()
    show_every_state(page, game)
    try:
        for dark in (False, True):
            lab_theme(page, dark)
            found = axe_violations(page, ".jp-OutputArea-output .sudoku-game")
            assert found == [], f"{'dark' if dark else 'light'}: {found}"
            game.scroll_into_view_if_needed()
            SHOTS.mkdir(exist_ok=True)
            game.screenshot(path=str(SHOTS / f"lab-08-{'dark' if dark else 'light'}.png"))
            # the board follows the theme: dark cells with light lines in the dark, and back
            cell, line = game.locator(".sudoku-board").evaluate(
                "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderTopColor]"
            )
            assert (brightness(cell) < 0.3) == dark and (brightness(line) > 0.6) == dark, (
                cell,
                line,
            )
    finally:
        lab_theme(page, dark=False)  # the worker's page goes on to its next lesson


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_app_passes_axe_in_both_themes_and_looks_right_at_three_widths(
    browser, app_url, theme
):
    url = f"{app_url}?theme={theme}"  # Voila's theme for this page: one server for both
    page = open_app(browser, url, viewport={"width": 1280, "height": 900}, device_scale_factor=2)
    board = page.locator(".sudoku-game").first
    assert axe_violations(page) == []
    show_every_state(page, board)
    # one page, three widths (the layout is CSS alone): a desktop, a phone, 200% zoom (a
    # 1280 px window shows 640 CSS px, each drawn twice as large)
    for width, height, name in ((1280, 900, "1280"), (390, 844, "390"), (640, 450, "zoom200")):
        page.set_viewport_size({"width": width, "height": height})
        assert axe_violations(page) == [], f"{theme} at {width} px"
        shoot(page, f"voila-{theme}-{name}")
        if width == 1280:  # the board grows with the screen and is centred
            box, whole = board.locator(".sudoku-board").bounding_box(), page.viewport_size
            assert box["width"] >= 500
            assert abs(box["x"] + box["width"] / 2 - whole["width"] / 2) < 40
    page.close()


def test_a_9x9_solved_by_keyboard_alone_with_the_shortcuts(browser, app_url):
    from playwright.sync_api import expect

    page = open_app(browser, app_url, viewport={"width": 1280, "height": 900})
    board = page.locator(".sudoku-game").first
    for _ in range(40):  # Tab from the top of the page to the board: one stop on the grid
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell":
            break
    assert focused_cell(page).startswith("row 1, column 1, ")
    grid = grid_from_names(board)
    solution = solve(grid)
    message = board.locator(".sudoku-message")
    (r0, c0) = blanks(grid)[0]

    def go(r, c):
        """Walk the cursor to (r, c) with the arrow keys, from wherever it is."""
        now = board.locator(".sudoku-cursor").get_attribute("class")
        cr, cc = map(int, re.search(r"sudoku-r(\d+)c(\d+)", now).groups())
        for _ in range((r - cr) % 9):
            page.keyboard.press("ArrowDown")
        for _ in range((c - cc) % 9):
            page.keyboard.press("ArrowRight")
        assert focused_cell(page).startswith(f"row {r + 1}, column {c + 1}, ")

    go(r0, c0)
    wrong = solution[r0][c0] % 9 + 1
    page.keyboard.press(str(wrong))
    page.keyboard.press("k")  # Check
    expect(message).to_have_text("0 right, 1 wrong", timeout=WAIT_MS)
    expect(board.locator(f".sudoku-r{r0}c{c0}")).to_have_attribute(
        "aria-label", re.compile(f"your {wrong}, wrong"), timeout=WAIT_MS
    )
    page.keyboard.press("Control+z")  # Undo
    expect(message).to_contain_text("undone", timeout=WAIT_MS)
    page.keyboard.press("Control+y")  # Redo
    expect(message).to_contain_text("redone", timeout=WAIT_MS)
    page.keyboard.press("Backspace")
    expect(board.locator(f".sudoku-r{r0}c{c0}")).to_have_attribute(
        "aria-label", re.compile("empty"), timeout=WAIT_MS
    )
    page.keyboard.press("p")  # Pencil on: 1 and 2 as marks, then off
    page.keyboard.press("1")
    page.keyboard.press("2")
    expect(board.locator(f".sudoku-r{r0}c{c0}")).to_have_attribute(
        "aria-label", re.compile("pencil 1 2"), timeout=WAIT_MS
    )
    page.keyboard.press("p")
    page.keyboard.press("i")  # Hint: fills a cell the rules can prove, and says why
    expect(board.locator(".sudoku-status")).to_contain_text("1 hint used", timeout=WAIT_MS)
    page.keyboard.press("3")  # typing a number selects it, so help follows it
    page.keyboard.press("h")
    expect(board.locator(".sudoku-num-3")).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".sudoku-allowed").first).to_be_visible(timeout=WAIT_MS)
    page.keyboard.press("h")
    expect(board.locator(".sudoku-allowed")).to_have_count(0, timeout=WAIT_MS)
    for r, c in blanks(grid_from_names(board)):
        go(r, c)
        page.keyboard.press(str(solution[r][c]))
    expect(board.locator(".sudoku-banner")).to_contain_text("Solved in", timeout=WAIT_MS)
    assert grid_from_names(board) == solution
    assert board.locator(".sudoku-right, .sudoku-wrong").count() == 0  # old check marks gone
    expect(message).to_contain_text("Well done!")
    shoot(page, "voila-solved-by-keyboard")
    page.keyboard.press("n")  # New: a fresh puzzle at the level
    expect(message).to_contain_text("new easy game", timeout=WAIT_MS)
    expect(board.locator(".sudoku-banner")).to_be_empty()
    page.close()


def test_the_cells_are_a_grid_with_names_a_screen_reader_reads(browser, app_url):
    from playwright.sync_api import expect

    page = open_app(browser, app_url, viewport={"width": 1280, "height": 900})
    board = page.locator(".sudoku-game").first
    grid_el = board.locator("[role=grid]")
    assert grid_el.locator(":scope > [role=row]").count() == 9
    assert grid_el.locator(":scope > [role=row] > [role=gridcell]").count() == 81
    numbers = board.locator(".sudoku-cell").evaluate_all(
        "cells => cells.map(c => [c.innerText.trim(), c.classList.contains('sudoku-given')])"
    )
    names = read_names(board)
    for i, (text, given) in enumerate(numbers):  # names against what the page draws
        r, c = divmod(i, 9)
        state = f"given {text}" if given else "empty"
        assert names[r, c] == f"row {r + 1}, column {c + 1}, {state}"
    assert board.locator("[role=gridcell][tabindex='0']").count() == 1  # roving tabindex
    grid = grid_from_names(board)
    r, c = blanks(grid)[0]
    board.locator(f".sudoku-r{r}c{c}").click()
    page.keyboard.press("ArrowRight")
    assert focused_cell(page).startswith(f"row {r + 1}, column {(c + 1) % 9 + 1}, ")
    page.keyboard.press("ArrowLeft")
    solution = solve(grid)
    page.keyboard.press(str(solution[r][c]))
    page.keyboard.press("k")
    cell = board.locator(f".sudoku-r{r}c{c}")
    expect(cell).to_have_attribute(
        "aria-label", f"row {r + 1}, column {c + 1}, your {solution[r][c]}, right", timeout=WAIT_MS
    )
    page.close()


def test_the_live_region_says_a_placement_a_hint_and_a_check(browser, app_url):
    from playwright.sync_api import expect

    page = open_app(browser, app_url, viewport={"width": 1280, "height": 900})
    board = page.locator(".sudoku-game").first
    region = board.locator("[role=status][aria-live=polite]")
    grid = grid_from_names(board)
    solution = solve(grid)
    r, c = blanks(grid)[0]
    board.locator(f".sudoku-r{r}c{c}").click()
    page.keyboard.press(str(solution[r][c]))
    expect(region).to_have_text(f"{solution[r][c]} in row {r + 1}, column {c + 1}", timeout=WAIT_MS)
    page.keyboard.press("i")
    # the hint's words, not the placement's, and not the empty moment between them
    expect(region).to_have_text(re.compile(r"^(?!\d+ in row)\S"), timeout=WAIT_MS)
    said = live(board)
    hinted = board.locator(".sudoku-marked")  # the cell the hint names, shown on the board
    expect(hinted).to_have_count(1, timeout=WAIT_MS)
    hr, hc = map(int, re.search(r"sudoku-r(\d)c(\d)", hinted.get_attribute("class")).groups())
    assert f"row {hr + 1}, column {hc + 1}" in said, said  # the hint says where, counted from 1
    page.keyboard.press("k")
    expect(region).to_have_text(re.compile(r"^\d+ right, 0 wrong$"), timeout=WAIT_MS)
    page.close()


def test_a_game_on_a_phone_by_touch_in_both_orders(browser, app_url):
    from playwright.sync_api import expect

    page = open_app(browser, app_url, viewport={"width": 390, "height": 844}, has_touch=True,
                    is_mobile=True, device_scale_factor=3)  # fmt: skip
    board = page.locator(".sudoku-game").first
    for key in board.locator(".sudoku-num, .sudoku-btn").all():
        box = key.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, key.inner_text()
    cell = board.locator(".sudoku-r0c0").bounding_box()
    assert cell["width"] >= 42  # the board fills the phone's width: 9 cells of 42 px (README)
    grid = grid_from_names(board)
    solution = solve(grid)
    empty = blanks(grid)
    half = len(empty) // 2
    for r, c in empty[:half]:  # cell first, then number
        board.locator(f".sudoku-r{r}c{c}").tap()
        board.locator(f".sudoku-num-{solution[r][c]}").tap()
        expect(board.locator(f".sudoku-r{r}c{c}")).to_have_text(str(solution[r][c]))
    by_number: dict[int, list[tuple[int, int]]] = {}
    for r, c in empty[half:]:
        by_number.setdefault(solution[r][c], []).append((r, c))
    for n, cells in sorted(by_number.items()):  # number first, then its cells
        board.locator(f".sudoku-num-{n}").tap()
        expect(board.locator(f".sudoku-num-{n}")).to_have_attribute("aria-pressed", "true")
        for r, c in cells:
            board.locator(f".sudoku-r{r}c{c}").tap()
            expect(board.locator(f".sudoku-r{r}c{c}")).to_have_text(str(n))
        board.locator(f".sudoku-num-{n}").tap()  # tapped again: unselected
        expect(board.locator(f".sudoku-num-{n}")).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".sudoku-banner")).to_contain_text("Solved in", timeout=WAIT_MS)
    assert grid_from_names(board) == solution
    shoot(page, "voila-phone-solved")
    page.close()


def brightness(colour: str) -> float:
    """0 (black) to 1 (white), from a computed 'rgb(r, g, b)'."""
    r, g, b = (int(x) for x in re.findall(r"\d+", colour)[:3])
    return (r + g + b) / 765


def lab_theme(page, dark: bool) -> None:
    """Switch JupyterLab's theme from its Settings menu."""
    page.locator("#jp-MainMenu").get_by_text("Settings", exact=True).click()
    page.get_by_text("Theme", exact=True).first.hover()
    page.get_by_text("JupyterLab Dark" if dark else "JupyterLab Light", exact=True).click()
    page.wait_for_function(
        "dark => document.body.dataset.jpThemeLight === String(!dark)", arg=dark, timeout=WAIT_MS
    )


PAGE_BOARD = """async ({esm, css, state, full}) => {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
    const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
    const widget = (await import(url)).default;
    const handlers = {};
    const fire = (name, value) => (handlers[name] || []).forEach((handler) => handler(value));
    const model = {
        get: (name) => state[name],
        set: (name, value) => { state[name] = value; },
        save_changes() {},
        on: (name, handler) => { (handlers[name] ||= []).push(handler); },
        send(message) { if (message.type === "ready") setTimeout(() => fire("msg:custom", full)); },
    };
    window.sent = (name, value) => { state[name] = value; fire(`change:${name}`); };
    const root = document.createElement("div");
    document.body.append(root);
    widget.render({model, el: root});
}"""
"""board.js on a page of its own, its model a stand-in holding `state` that answers the
board's "ready" with `full`; `sent(name, value)` is a trait's new value arriving from Python."""


def test_a_board_shows_no_number_until_python_sends_a_table_that_covers_them(browser):
    """board.js keeps no symbol table: with none from Python (or one too short for 16x16), the
    board, pad, key list and own-puzzle box are hidden and a note says why; the table
    arriving draws A-G."""
    from playwright.sync_api import expect

    from sudoku_teach.grid import Grid
    from sudoku_teach.shape import Shape
    from sudoku_teach.views.board import Board, grid_looks

    shape = Shape.for_size(16)
    rows = [[(4 * (r % 4) + r // 4 + c) % 16 + 1 for c in range(16)] for r in range(16)]
    rows[0][0] = 0  # a blank, to type a letter into
    board = Board(shape, grid_looks(Grid.from_rows(rows, shape)), numbers=True)
    sent: list[dict] = []
    board.send = sent.append
    board.redraw()
    state = {k: v for k, v in board.get_state().items() if not k.startswith("_") and k != "layout"}
    written = "123456789ABCDEFG"  # how the test writes 1-16, apart from the package's table
    page = patient(browser.new_context()).new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.evaluate(PAGE_BOARD, {"esm": Board._esm, "css": Board._css, "full": sent[0],
                               "state": {**state, "symbols": "", "own_puzzle": True}})  # fmt: skip
    game = page.locator(".sudoku-game")
    note = game.locator(".sudoku-symbols-note")
    for table in ("", "123456789"):  # none, then one without the letters 10-16 need
        page.evaluate("table => sent('symbols', table)", table)
        expect(game.locator(".sudoku-r15c15")).to_be_attached(timeout=WAIT_MS)  # drawn, hidden
        expect(note).to_be_visible()
        for part in (".sudoku-board", ".sudoku-pad", ".sudoku-keys", ".sudoku-own"):
            expect(game.locator(part)).to_be_hidden()
        assert "10" not in game.inner_text()  # no number written some other way
    shoot(page, "board-no-table")
    page.evaluate("table => sent('symbols', table)", board.symbols)
    expect(note).to_be_hidden()
    expect(game.locator(".sudoku-own-how")).to_contain_text("digits (and letters A-G)")
    texts = game.locator(".sudoku-cell").evaluate_all("cs => cs.map(c => c.innerText.trim())")
    assert texts == [written[v - 1] if v else "" for row in rows for v in row]
    pad = game.locator(".sudoku-num .sudoku-digit").evaluate_all("ks => ks.map(k => k.innerText)")
    assert "".join(pad) == written
    expect(game.locator(".sudoku-r0c0")).to_have_attribute("aria-label", "row 1, column 1, empty")
    game.locator(".sudoku-r0c0").click()
    page.keyboard.press("c")  # C: 12 from the table, drawn at once (Python would answer)
    expect(game.locator(".sudoku-r0c0")).to_have_text("C")
    shoot(page, "board-table-arrived")
    page.context.close()
