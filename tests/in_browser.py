"""A real browser for the tests: Debian's Chromium, and the JupyterLab and Voila servers it visits.

A worker of `make test` keeps one Chromium, one JupyterLab server and one JupyterLab page
(`SHARED`: the fixtures `shared_browser`, `lab`, `lab_page`, given to every file by
tests/conftest.py), kept open as a student keeps one, while its tests need them. A lesson
that the lessons' test has just run in that page is handed over, as it stands, to the next
test that asks for it (`lesson_page`), instead of being run a second time (tests/parts.py
sends those tests to the same worker, right after it). A file's Voila pages open in a
Chromium of its own (`browser`).

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
STUDENT_LAB = ROOT / "student-lab"
"""What `make lab` and `make my-work` add to Jupyter's configuration: no teachers' tools."""
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


@contextlib.contextmanager
def started_lab(tmp_path_factory):  # noqa: ANN001 (pytest's)
    """A JupyterLab server on a temporary copy of the notebooks, as `make lab` starts it (the
    student's extensions: `STUDENT_LAB`); stopped at the end."""
    browser = chromium()
    home = tmp_path_factory.mktemp("home")
    root = tmp_path_factory.mktemp("notebooks")
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        shutil.copy(path, root / path.name)
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_PATH=str(STUDENT_LAB))
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


@contextlib.contextmanager
def started_browser():
    """Debian's Chromium driven by Playwright (which gives it a fresh profile)."""
    path = chromium()
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium_app = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield chromium_app
        chromium_app.close()


@pytest.fixture(scope="module")
def browser():
    """A Chromium for the file's Voila pages (JupyterLab's tests share the worker's: `lab_page`)."""
    with started_browser() as chromium_app:
        yield chromium_app


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


def open_board(page, url: str):  # noqa: ANN001, ANN201 (Playwright's Page and Locator)
    """Load the app (Voila) into `page` and wait until its board is drawn: the game on it."""
    page.goto(url)
    board = page.locator(".sudoku-game").first
    board.locator(".sudoku-r8c8").wait_for(timeout=PATIENCE_MS)
    return board


POLL_MS = 250
"""How often a wait for a state of the page looks again. Playwright's default for a function,
every frame, runs the test's script in the page's main thread some 60 times a second while a
lesson runs for a minute: CPU taken from the kernel and the page the test waits on."""

RUNNING_CELLS = """() => ![...document.querySelectorAll('.jp-InputPrompt')]
    .some(prompt => prompt.textContent.includes('*'))"""
"""True once no cell of the notebook is still waiting to run or running ([*])."""

VIEWPORT = {"width": 1400, "height": 1000}


def assert_no_teachers_tools(page) -> None:  # noqa: ANN001 (a Playwright Page)
    """The page shows JupyterLab's own menus and a notebook, and none of the tools nbgrader's
    lab extension adds (a menu, a notebook button, a side panel): a student has nothing to
    grade (`student-lab/` for `make lab`, lite/jupyter-lite.json for the site)."""
    menu = page.locator("#jp-MainMenu")
    assert menu.get_by_text("Kernel", exact=True).count() == 1  # the menus are drawn
    assert menu.get_by_text("Nbgrader", exact=True).count() == 0
    toolbar = page.locator(".jp-NotebookPanel-toolbar").first
    assert toolbar.is_visible()  # the notebook's toolbar is drawn
    assert toolbar.get_by_text("Validate", exact=True).count() == 0
    assert page.get_by_text("Create Assignment", exact=True).count() == 0


CLOSE_ALL = """() => {
    for (const widget of [...jupyterapp.shell.widgets('main')]) {
        if (widget.context) { widget.context.model.dirty = false; }  // no "Save changes?"
        widget.close();
    }
    return document.querySelectorAll('.jp-NotebookPanel').length === 0;
}"""
"""Close every open document without asking to save it (the server's copy is a throwaway)."""


@contextlib.contextmanager
def opened_lab_page(browser, lab: dict):  # noqa: ANN001 (a Playwright Browser)
    """One JupyterLab page, kept open as a student keeps it: each notebook is opened in it
    from the app. Loading JupyterLab into a fresh page costs about 10 s of the browser's
    CPU, more than running most lessons."""
    page = patient(browser.new_page(viewport=VIEWPORT))
    workspace = secrets.token_hex(4)  # a fresh workspace: no tabs left from another test
    page.goto(f"{lab['base']}/lab/workspaces/{workspace}?reset&token={lab['token']}")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("() => jupyterapp.restored")
    yield page
    page.close()


HANDED_OVER = "handed over"
"""The owner of a lesson the lessons' test has run and left untouched for the next taker."""


class Shared:
    """The worker's one Chromium, JupyterLab server and JupyterLab page, started when a test
    first asks for them and stopped once the next test needs none (tests/conftest.py): a
    Playwright left running keeps its event loop running, and a test after it could use
    neither asyncio nor a Playwright of its own."""

    def __init__(self) -> None:
        self.stack = contextlib.ExitStack()
        self.started: dict[str, Any] = {}
        self.lesson: tuple[str, str] | None = None
        """The lesson run in the page, and the test file playing with it (or HANDED_OVER)."""

    def get(self, what: str, start: Callable[[], contextlib.AbstractContextManager]) -> Any:
        """The running `what`, started now if it is not."""
        if what not in self.started:
            self.started[what] = self.stack.enter_context(start())
        return self.started[what]

    def close(self) -> None:
        """Stop everything started, the page first."""
        self.stack.close()
        self.started.clear()
        self.lesson = None


SHARED = Shared()
NEEDS_SHARED = {"shared_browser", "lab", "lab_page", "lesson_page"}
"""The fixtures that use `SHARED`: a test that asks for none lets it stop."""


@pytest.fixture
def shared_browser():  # noqa: ANN201 (a Playwright Browser)
    """The worker's Chromium, for a test among JupyterLab's that visits another page."""
    return SHARED.get("browser", started_browser)


@pytest.fixture
def lab(tmp_path_factory) -> dict:  # noqa: ANN001 (pytest's)
    """The worker's JupyterLab server: its address, token and folder."""
    return SHARED.get("lab", lambda: started_lab(tmp_path_factory))


@pytest.fixture
def lab_page(shared_browser, lab):  # noqa: ANN001, ANN201 (Playwright's)
    """The worker's one JupyterLab page."""
    return SHARED.get("lab_page", lambda: opened_lab_page(shared_browser, lab))


def open_notebook(page, lab, name: str):
    """Open a notebook in the JupyterLab page with its kernel started, the last one closed and
    its kernel ended first (so each notebook has the page and the machine to itself)."""
    SHARED.lesson = None
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


def hand_over(name: str) -> None:
    """Say that `name` stands run to the end in the page, untouched, for the next test."""
    SHARED.lesson = (name, HANDED_OVER)


GRID_READY = ".sudoku-grid-view .sudoku-r4c4"
"""What shows that a grid view (lessons 01 and 02 open with one) is drawn: its centre cell."""


def run_notebook(page, lab, name: str, ready: str = GRID_READY):
    """Open a notebook in the JupyterLab page, run all cells, wait for `ready` and every cell."""
    open_notebook(page, lab, name)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.locator(ready).first.wait_for(timeout=PATIENCE_MS)
    page.wait_for_function(RUNNING_CELLS, timeout=PATIENCE_MS, polling=POLL_MS)  # none left at [*]
    page.locator("#jp-main-statusbar").get_by_text("| Idle").wait_for(timeout=PATIENCE_MS)
    return page


READY = {
    "03_recursive_search.ipynb": ".sudoku-explorer img",
    "08_play.ipynb": ".sudoku-game .sudoku-r8c8",
}
"""What shows that a lesson's widgets are drawn, where it is not a grid view's last cell."""


def on(lesson: str):  # noqa: ANN201 (a pytest mark)
    """Mark a test that plays with `lesson` run to the end: its `lesson_page`."""
    return pytest.mark.parametrize("lesson_page", [lesson], indirect=True)


@pytest.fixture
def lesson_page(request, lab_page, lab):  # noqa: ANN001, ANN201 (pytest's, Playwright's)
    """The JupyterLab page with the lesson the test names (`@on(name)`) run to the end, shared
    by the tests of one file as they come. The lesson's name in the test's id lets `make test`
    run the test on the worker that has just run that lesson in the lessons' test, right
    after it (tests/parts.py): the first file to ask takes the lesson as it stands."""
    name, owner = request.param, request.module.__name__
    if SHARED.lesson in {(name, owner), (name, HANDED_OVER)}:
        lab_page.set_viewport_size(VIEWPORT)
        lab_page.locator(READY.get(name, GRID_READY)).first.wait_for(timeout=PATIENCE_MS)
    else:
        run_notebook(lab_page, lab, name, READY.get(name, GRID_READY))
    SHARED.lesson = (name, owner)
    return lab_page
