"""A real browser against JupyterLab: run notebook 01 and use its board as a student would.

Needs Debian's Chromium (`apt-get install chromium`); skipped without it, except in CI
(`CI=true`), where a missing browser is a failure. Everything runs on a temporary copy of
the notebooks with its own Jupyter settings, on a free port on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
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
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    base = f"http://127.0.0.1:{port}"
    with serving(command, env, f"{base}/api/status?token={token}", home / "server.log"):
        yield {"base": base, "token": token, "browser": browser, "root": root}


@contextlib.contextmanager
def serving(command: list[str], env: dict, url: str, log_path: Path, cwd: Path | None = None):
    """Run a server until the block ends: wait until `url` answers, then stop it (SIGTERM)."""
    with open(log_path, "w") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    try:
        deadline = time.monotonic() + 60
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
def browser(lab):
    """Debian's Chromium driven by Playwright (which gives it a fresh profile)."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=lab["browser"], args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def run_notebook(browser, lab, name: str, ready: str = ".sudoku-grid-view .sudoku-r4c4"):
    """Open a notebook in JupyterLab, run all cells, wait for `ready` to show and the kernel."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    workspace = name.split(".")[0]  # one workspace per notebook, reset: no tabs left from others
    page.goto(f"{lab['base']}/lab/workspaces/{workspace}/tree/{name}?reset&token={lab['token']}")
    status = page.locator("#jp-main-statusbar")
    status.get_by_text("| Idle").wait_for(timeout=90_000)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.locator(ready).first.wait_for(timeout=90_000)
    status.get_by_text("| Idle").wait_for(timeout=90_000)
    return page


@pytest.fixture(scope="module")
def page(browser, lab):
    """Notebook 01 with all cells run."""
    page = run_notebook(browser, lab, "01_rules.ipynb")
    yield page
    page.close()


def test_clicking_a_cell_highlights_its_units_and_lists_used_numbers(page, tmp_path_factory):
    board = page.locator(".sudoku-grid-view").first
    board.locator(".sudoku-r4c4").click()
    board.locator(".sudoku-r4c0.sudoku-highlight").wait_for(timeout=10_000)
    assert "sudoku-selected" in board.locator(".sudoku-r4c4").get_attribute("class")
    assert board.locator(".sudoku-highlight").count() == 21  # the cell and its 20 peers
    info = board.locator(".sudoku-info").inner_text()
    assert "row 4: 1, 2, 3, 4, 8" in info and "region E: 1, 3, 5, 6" in info
    background = board.locator(".sudoku-r0c4 button, .sudoku-r0c4").first.evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert background == "rgb(255, 246, 200)"  # the highlight colour
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "01_rules_board.png"))


def test_regions_have_thick_borders(page):
    board = page.locator(".sudoku-grid-view").first
    width = board.locator(".sudoku-r3c3").evaluate("el => getComputedStyle(el).borderTopWidth")
    thin = board.locator(".sudoku-r4c4").evaluate("el => getComputedStyle(el).borderTopWidth")
    assert width == "2px" and thin == "1px"


def test_a_conflicting_entry_turns_red_and_a_wrong_key_is_refused(page):
    board = page.locator(".sudoku-grid-view").first
    board.locator(".sudoku-r0c0").click()
    typing = board.locator(".sudoku-typing input")
    typing.fill("x")
    typing.press("Enter")
    board.locator(".sudoku-message").get_by_text("is not a number from 1 to 9").wait_for(
        timeout=10_000
    )
    assert board.locator(".sudoku-r0c0").inner_text().strip() == ""
    typing.fill("9")
    typing.press("Enter")
    board.locator(".sudoku-r0c3.sudoku-conflict").wait_for(timeout=10_000)
    assert board.locator(".sudoku-r0c0").inner_text().strip() == "9"
    colour = board.locator(".sudoku-r0c0").evaluate("el => getComputedStyle(el).backgroundColor")
    assert colour == "rgb(255, 221, 221)"  # the conflict colour


def test_helper_mode_marks_the_next_cell_and_answers_at_once(browser, lab):
    page = run_notebook(browser, lab, "02_elimination_sets.ipynb")
    board = page.locator(".sudoku-grid-view").first
    assert "sudoku-selected" in board.locator(".sudoku-r0c5").get_attribute("class")
    typing = board.locator(".sudoku-typing input")
    typing.fill("5")
    typing.press("Enter")
    board.locator(".sudoku-message").get_by_text("row 0 already has a 5").wait_for(timeout=10_000)
    assert board.locator(".sudoku-r0c5").inner_text().strip() == ""
    typing.fill("3")
    typing.press("Enter")
    board.locator(".sudoku-r0c8.sudoku-selected").wait_for(timeout=10_000)
    assert board.locator(".sudoku-r0c5").inner_text().strip() == "3"
    page.locator(".sudoku-show-sets").first.click()
    page.locator(".sudoku-explanation").get_by_text("only 4 survives").wait_for(timeout=10_000)
    page.close()


def test_search_explorer_slider_moves_through_the_trace(browser, lab, tmp_path_factory):
    page = run_notebook(browser, lab, "03_recursive_search.ipynb", ready=".sudoku-step-view img")
    explorer = page.locator(".sudoku-step-view").first
    at_start = explorer.inner_html()
    handle = page.locator(
        ".sudoku-step-slider .noUi-handle, .sudoku-step-slider [role=slider]"
    ).first
    handle.click()
    for _ in range(5):
        handle.press("ArrowRight")
    page.wait_for_function(
        "old => document.querySelector('.sudoku-step-view').innerHTML !== old",
        arg=at_start,
        timeout=10_000,
    )
    assert explorer.locator("td.sudoku-cell").count() == 81
    page.locator("#jp-main-statusbar").get_by_text("| Idle").wait_for(timeout=30_000)
    assert explorer.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
    explorer.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "03_explorer.png"))
    page.close()
