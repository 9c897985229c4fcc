"""A real browser against JupyterLab: run notebooks 01-03 and use their boards as a student would.

Every wait is for the final state (`expect(...)` polls until it holds), never a fixed sleep,
so a loaded machine makes the tests slower, not flaky. The browser, the server and the page
come from tests/in_browser.py; each test names its lesson (`on(...)`), which it gets run to
the end, or as the lessons' test has just left it.
"""

from __future__ import annotations

import re

import pytest
from in_browser import WAIT_MS, assert_no_teachers_tools, on

pytestmark = pytest.mark.browser

ON_01 = on("01_rules.ipynb")


@pytest.fixture
def page(lesson_page):  # noqa: ANN001, ANN201 (a Playwright Page)
    """The page with the test's lesson run."""
    return lesson_page


def computed(locator, prop: str, pseudo: str | None = None) -> str:
    """A computed style of an element (or of its ::before / ::after)."""
    return locator.evaluate(
        "(el, [prop, pseudo]) => getComputedStyle(el, pseudo).getPropertyValue(prop)",
        [prop, pseudo],
    )


@pytest.fixture(scope="module")
def expect():
    """Playwright's polling assertions, patient enough for a loaded machine."""
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    return expect


@ON_01
def test_clicking_a_cell_highlights_its_units_and_lists_used_numbers(
    page, expect, tmp_path_factory
):
    board = page.locator(".sudoku-grid-view").first
    board.locator(".sudoku-r4c4").click()
    expect(board.locator(".sudoku-highlight")).to_have_count(21)  # the cell and its 20 peers
    expect(board.locator(".sudoku-r4c4")).to_have_class(re.compile(r"\bsudoku-selected\b"))
    status = board.locator(".sudoku-status")
    expect(status).to_contain_text("row 4: 1, 2, 3, 4, 8")
    expect(status).to_contain_text("region E: 1, 3, 5, 6")
    highlighted = board.locator(".sudoku-highlight:not(.sudoku-selected)")
    assert highlighted.locator("xpath=self::*[contains(@class, 'sudoku-r0c4')]").count() == 1
    assert computed(board.locator(".sudoku-r0c4"), "background-color") == "rgb(255, 246, 200)"
    assert computed(board.locator(".sudoku-r0c0"), "background-color") == "rgb(255, 255, 255)"
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "01_rules_board.png"))


@ON_01
def test_the_students_jupyterlab_shows_no_teachers_tools(page):
    """`make lab` and `make my-work` leave out what the dev extra's nbgrader adds to JupyterLab
    (student-lab/): a student meets JupyterLab's own menus and the lesson, nothing to grade."""
    assert_no_teachers_tools(page)


@ON_01
def test_regions_have_thick_borders(page):
    board = page.locator(".sudoku-grid-view").first
    thick = computed(board.locator(".sudoku-r3c3"), "border-top-width")
    thin = computed(board.locator(".sudoku-r4c4"), "border-top-width")
    assert float(thick.removesuffix("px")) > float(thin.removesuffix("px")) >= 1
    assert computed(board.locator(".sudoku-r3c3"), "border-left-width") == thick
    first, second = (board.locator(f".sudoku-r0c{c}").bounding_box() for c in (0, 1))
    assert abs(second["x"] - (first["x"] + first["width"])) < 1  # cells tile, never overlap
    whole = board.locator(".sudoku-board").bounding_box()
    last = board.locator(".sudoku-r8c8").bounding_box()
    assert last["x"] + last["width"] <= whole["x"] + whole["width"] + 1


@ON_01
def test_arrow_keys_move_the_selection(page, expect):
    board = page.locator(".sudoku-grid-view").first
    board.locator(".sudoku-r4c4").click()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    expect(board.locator(".sudoku-r5c5")).to_have_class(re.compile(r"\bsudoku-selected\b"))
    expect(board.locator(".sudoku-status")).to_contain_text("Cell (5, 5)")
    expect(board.locator(".sudoku-selected")).to_have_count(1)


@ON_01
def test_a_wrong_key_is_refused_and_a_conflict_is_marked_and_said(page, expect, tmp_path_factory):
    board = page.locator(".sudoku-grid-view").first
    cell = board.locator(".sudoku-r0c0")
    cell.click()
    expect(board.locator(".sudoku-status")).to_contain_text("Cell (0, 0)")
    page.keyboard.press("x")
    message = board.locator(".sudoku-message")
    expect(message).to_contain_text("'x' is not a number from 1 to 9")
    expect(cell).to_have_text(re.compile(r"^\s*$"))  # nothing was put there
    page.keyboard.press("9")  # 9 is already at (0, 3), (5, 0) and (2, 2)
    expect(cell).to_have_text("9")
    expect(board.locator(".sudoku-conflict")).to_have_count(4)
    expect(message).to_contain_text("9 is already in row 0, at (0, 3)")
    expect(message).to_contain_text("9 is already in column 0, at (5, 0)")
    other = board.locator(".sudoku-r0c3")
    assert computed(other, "content", "::after") == '"!"'  # a symbol, not only a colour
    assert "wavy" in computed(other.locator(".sudoku-value"), "text-decoration-style")
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "01_rules_conflict.png"))
    page.keyboard.press("Backspace")
    expect(board.locator(".sudoku-conflict")).to_have_count(0)
    expect(message).to_have_text("(0, 0) cleared.")


@on("02_elimination_sets.ipynb")
def test_helper_refuses_a_wrong_number_with_its_reason_and_moves_on(page, expect, tmp_path_factory):
    board = page.locator(".sudoku-grid-view").first
    marked = board.locator(".sudoku-marked")
    expect(marked).to_have_count(1)
    expect(board.locator(".sudoku-r0c5")).to_have_class(re.compile(r"\bsudoku-marked\b"))
    board.locator(".sudoku-r0c5").click()
    page.keyboard.press("5")
    message = board.locator(".sudoku-message")
    expect(message).to_contain_text("row 0 already has a 5")
    expect(board.locator(".sudoku-r0c5")).to_have_text(re.compile(r"^\s*$"))  # taken back
    page.keyboard.press("3")
    expect(board.locator(".sudoku-r0c8")).to_have_class(re.compile(r"\bsudoku-marked\b"))
    expect(board.locator(".sudoku-r0c5")).to_have_text("3")
    expect(message).to_contain_text("Right: 3 goes in (0, 5).")
    board.locator(".sudoku-btn-show-the-three-sets").click()
    expect(board.locator(".sudoku-status")).to_contain_text("only 4 survives")
    board.screenshot(path=str(tmp_path_factory.mktemp("shots") / "02_helper.png"))


@on("03_recursive_search.ipynb")
def test_search_explorer_slider_redraws_board_and_depth_plot(page, expect, tmp_path_factory):
    explorer = page.locator(".sudoku-explorer").first
    board = explorer.locator(".sudoku-game")
    expect(board.locator(".sudoku-cell")).to_have_count(81)
    expect(board.locator(".sudoku-marked")).to_have_count(1)
    start = explorer.evaluate(
        "el => [el.querySelector('img').src, el.querySelector('.sudoku-board').innerText]"
    )
    handle = page.locator(
        ".sudoku-step-slider .noUi-handle, .sudoku-step-slider [role=slider]"
    ).first
    handle.click()
    for _ in range(5):
        handle.press("ArrowRight")
    page.wait_for_function(
        """([img, text]) => {
            const el = document.querySelector('.sudoku-explorer');
            return el.querySelector('img').src !== img
                && el.querySelector('.sudoku-board').innerText !== text;
        }""",
        arg=start,
        timeout=WAIT_MS,
    )
    expect(board.locator(".sudoku-marked")).to_have_count(1)
    assert explorer.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
    explorer.screenshot(path=str(tmp_path_factory.mktemp("shots") / "03_explorer.png"))
