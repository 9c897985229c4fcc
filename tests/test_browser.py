"""A real browser against JupyterLab: run notebooks 01-03 and use their boards as a student would.

Every wait is for the final state (`expect(...)` polls until it holds), never a fixed sleep,
so a loaded machine makes the tests slower, not flaky.

Needs Debian's Chromium (`apt-get install chromium`); skipped without it, except in CI
(`CI=true`), where a missing browser is a failure. Everything runs on a temporary copy of
the notebooks with its own Jupyter settings, on a free port on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker": {
        "autoStartDefaultKernel": True,
        "windowingMode": "none",
    },
}


def chromium() -> str:
    """The browser to drive, or skip (fail in CI) when there is none."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail(
            "CI must run the browser tests: install Debian's chromium (apt-get install chromium)"
        )
    pytest.skip("no Chromium here; install it to run the browser tests (apt-get install chromium)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on a temporary copy of the notebooks; stopped at the end."""
    browser = chromium()
    home = tmp_path_factory.mktemp("home")
    root = tmp_path_factory.mktemp("notebooks")
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(path, root / path.name)
    env = dict(os.environ, HOME=str(home))
    for var in (
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "JUPYTERLAB_SETTINGS_DIR",
        "JUPYTERLAB_WORKSPACES_DIR",
        "IPYTHONDIR",
        "MPLCONFIGDIR",
    ):
        env[var] = str(home / var.lower())
    for plugin, values in SETTINGS.items():
        extension, name = plugin.rsplit("/", 1)
        target = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / extension / f"{name}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    base = f"http://127.0.0.1:{port}"
    with serving(command, env, f"{base}/api/status?token={token}", home / "server.log"):
        yield {"base": base, "token": token, "browser": browser, "root": root}


VOILA_READY = "/voila/static/voila.js"
"""What to ask a Voila server whether it is up: a static file ("/" would start a kernel and
run the whole notebook for every try)."""


@contextlib.contextmanager
def serving(command: list[str], env: dict, url: str, log_path: Path, cwd: Path | None = None):
    """Run a server until the block ends: wait until `url` answers, then stop it (SIGTERM)."""
    with open(log_path, "w") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    try:
        deadline = time.monotonic() + 180  # a loaded machine starts servers slowly
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"{command[2]} did not start:\n" + log_path.read_text())
                time.sleep(0.5)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (which gives it a fresh profile); a test that
    needs JupyterLab asks for `lab` too (the Voila tests do not start one)."""
    path = chromium()
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium_app = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield chromium_app
        chromium_app.close()


WAIT_MS = 60_000
"""How long a state may take to show on a loaded machine (polled, so usually much less)."""

PATIENCE_MS = 180_000
"""How long a page load, a kernel's start or a click may take on a busy machine (polled, so
usually far less): Playwright's default is 30 s; a Voila page's board took over 90 s beside
a CPU hog with six test workers."""


def patient(target):  # noqa: ANN001, ANN201 (a Playwright Page or BrowserContext)
    """The page or browser profile with Playwright's waits made long enough for a busy machine."""
    target.set_default_timeout(PATIENCE_MS)
    target.set_default_navigation_timeout(PATIENCE_MS)
    return target

RUNNING_CELLS = """() => ![...document.querySelectorAll('.jp-InputPrompt')]
    .some(prompt => prompt.textContent.includes('*'))"""
"""True once no cell of the notebook is still waiting to run or running ([*])."""

VIEWPORT = {"width": 1400, "height": 1000}

CLOSE_ALL = """() => {
    for (const widget of [...jupyterapp.shell.widgets('main')]) {
        if (widget.context) { widget.context.model.dirty = false; }  // no "Save changes?"
        widget.close();
    }
    return document.querySelectorAll('.jp-NotebookPanel').length === 0;
}"""
"""Close every open document without asking to save it (the server's copy is a throwaway)."""


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """One JupyterLab page for the file, kept open as a student keeps it: each notebook is
    opened in it from the app. Loading JupyterLab into a fresh page costs about 10 s of the
    browser's CPU, more than running most lessons."""
    page = patient(browser.new_page(viewport=VIEWPORT))
    workspace = secrets.token_hex(4)  # a fresh workspace: no tabs left from another file
    page.goto(f"{lab['base']}/lab/workspaces/{workspace}?reset&token={lab['token']}")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("() => jupyterapp.restored")
    yield page
    page.close()


def open_notebook(page, lab, name: str):
    """Open a notebook in the JupyterLab page with its kernel started, the last one closed and
    its kernel ended first (so each notebook has the page and the machine to itself)."""
    page.set_viewport_size(VIEWPORT)
    page.wait_for_function(CLOSE_ALL)
    shut_down_kernels(lab)
    page.evaluate("name => jupyterapp.commands.execute('docmanager:open', {path: name})", name)
    page.locator("#jp-main-statusbar").get_by_text("| Idle").wait_for(timeout=PATIENCE_MS)
    return page


def shut_down_kernels(server: dict) -> None:
    """End every kernel the server runs."""
    base, token = server["base"], server["token"]
    for session in json.load(urllib.request.urlopen(f"{base}/api/sessions?token={token}")):
        request = urllib.request.Request(
            f"{base}/api/sessions/{session['id']}?token={token}", method="DELETE"
        )
        urllib.request.urlopen(request, timeout=30)


def run_notebook(page, lab, name: str, ready: str = ".sudoku-grid-view .sudoku-r4c4"):
    """Open a notebook in the JupyterLab page, run all cells, wait for `ready` and every cell."""
    open_notebook(page, lab, name)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.locator(ready).first.wait_for(timeout=PATIENCE_MS)
    page.wait_for_function(RUNNING_CELLS, timeout=PATIENCE_MS, polling=250)  # none left at [*]
    page.locator("#jp-main-statusbar").get_by_text("| Idle").wait_for(timeout=PATIENCE_MS)
    return page


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


@pytest.fixture(scope="module")
def page(lab_page, lab):
    """Notebook 01 with all cells run."""
    return run_notebook(lab_page, lab, "01_rules.ipynb")


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


def test_arrow_keys_move_the_selection(page, expect):
    board = page.locator(".sudoku-grid-view").first
    board.locator(".sudoku-r4c4").click()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    expect(board.locator(".sudoku-r5c5")).to_have_class(re.compile(r"\bsudoku-selected\b"))
    expect(board.locator(".sudoku-status")).to_contain_text("Cell (5, 5)")
    expect(board.locator(".sudoku-selected")).to_have_count(1)


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


def test_helper_refuses_a_wrong_number_with_its_reason_and_moves_on(
    lab_page, lab, expect, tmp_path_factory
):
    page = run_notebook(lab_page, lab, "02_elimination_sets.ipynb")
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


def test_search_explorer_slider_redraws_board_and_depth_plot(
    lab_page, lab, expect, tmp_path_factory
):
    page = run_notebook(lab_page, lab, "03_recursive_search.ipynb", ready=".sudoku-explorer img")
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
