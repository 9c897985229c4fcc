"""The course in the browser (JupyterLite, `make lite`): no server kernel, no network.

The site is built once for this file (lite/build.py, the build `make lite` runs) and
served from a temporary folder on 127.0.0.1 by a small static server. Pyodide's core is
the npm copy (package.json) the site ships; Chromium may reach nothing but 127.0.0.1 (its
own resolver and Playwright's routing both refuse any other host), and the test asserts
that no request went elsewhere. Lessons 00, 01 and 02 run every cell in the browser's
Python; their boards are measured on the screen; a check passes and a wrong answer gets
its hint; the game takes keys; the page shows none of nbgrader's tools.

Not tested here: lessons 03-07 and 09 fetch numpy and matplotlib from Pyodide's CDN when
they run (those builds are on neither PyPI nor npm), and this machine reaches no CDN.

Needs Chromium, `npm ci` (Pyodide) and the `lite` extra (in `dev`); skipped without them,
except in CI (`CI=true`), where they must be there.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.in_browser import (
    CHROMIUM_FLAGS,
    CLOSE_ALL,
    POLL_MS,
    RUNNING_CELLS,
    assert_no_teachers_tools,
    chromium,
    patient,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
WAIT_MS = 300_000  # a kernel's first start on a loaded 2-core machine
ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

BOARDS = """() => [...document.querySelectorAll('.sudoku-grid, .sudoku-board')]
    .filter(board => board.getClientRects().length > 0).map(board => {
    const cells = [...board.querySelectorAll('.sudoku-cell, .sudoku-grid-cell')]
        .map(cell => cell.getBoundingClientRect());
    const edges = key => new Set(cells.map(box => Math.round(box[key]))).size;
    return {cells: cells.length, columns: edges('left'), rows: edges('top'),
            narrowest: Math.min(...cells.map(box => Math.min(box.width, box.height)))};
})"""
"""Each shown board's cells as laid out on the screen (a board not displayed, as in a closed
panel, is left out): n x n cells show n column edges and n row edges."""


def need(ok: bool, message: str) -> None:
    """Skip with `message` where a tool is missing, except in CI, where it is a failure."""
    if ok:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


class Site(http.server.SimpleHTTPRequestHandler):
    """A static web server, as any school web space is; it notes each file and its size."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }
    served: list[tuple[str, int]] = []

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 (the base class's names)
        data = source.read()
        self.served.append((self.path, len(data)))
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built by lite/build.py into a temporary folder, once for this file.

    Module, not session, fixtures: a Playwright left open keeps its event loop running, and
    the next file on the same xdist worker could not use asyncio or Playwright at all."""
    browser = chromium()
    need(
        importlib.util.find_spec("jupyterlite_core") is not None,
        "JupyterLite is not installed: pip install -e '.[lite]' (make install brings it)",
    )
    need(
        (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(),
        "Pyodide's core is not installed: npm ci (package.json pins it)",
    )
    folder = tmp_path_factory.mktemp("lite")
    started = time.monotonic()
    build = subprocess.run(
        [sys.executable, ROOT / "lite" / "build.py", folder / "site", folder / "stage"],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    print(f"\nlite site built in {time.monotonic() - started:.0f} s")
    settings = folder / "site" / "jupyter-lite.json"  # the test's copy only: the app in reach
    config = json.loads(settings.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = "true"
    settings.write_text(json.dumps(config), encoding="utf-8")
    return {"root": folder / "site", "browser": browser}


@pytest.fixture(scope="module")
def served(site):
    """The site on a free port of 127.0.0.1; yields its address and the list of sent files."""
    Site.served = []
    handler = functools.partial(Site, directory=str(site["root"]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"base": f"http://127.0.0.1:{server.server_address[1]}", "log": Site.served}
    server.shutdown()


@pytest.fixture(scope="module")
def browser(site, served):
    """Chromium that can reach 127.0.0.1 only; every other request is refused and noted."""
    playwright = pytest.importorskip("playwright.sync_api")
    outside: list[str] = []

    def only_here(route) -> None:  # noqa: ANN001
        if route.request.url.startswith(served["base"] + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    with playwright.sync_playwright() as p:
        chromium_ = p.chromium.launch(
            executable_path=site["browser"], args=[*CHROMIUM_FLAGS, ONLY_LOOPBACK]
        )

        def new_context():  # noqa: ANN202
            """A browser profile of its own: empty storage and cache, as a new student's."""
            context = patient(chromium_.new_context(viewport={"width": 1400, "height": 1000}))
            context.route("**/*", only_here)
            return context

        yield {"new_context": new_context, "outside": outside}
        chromium_.close()


@pytest.fixture(scope="module")
def expect():
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    return expect


def open_notebook(browser, served, name: str):
    """A notebook in the site's JupyterLab, in a browser profile of its own (JupyterLite keeps
    open tabs per profile), its kernel (in the page) started and idle."""
    page = browser["new_context"]().new_page()
    page.goto(f"{served['base']}/lab/index.html?path={name}")
    kernel = page.locator("#jp-main-statusbar").get_by_text("Python (Pyodide) | Idle")
    kernel.wait_for(timeout=WAIT_MS)
    return page


END_KERNELS_AND_OPEN = """async name => {
    await jupyterapp.serviceManager.sessions.refreshRunning();
    for (const session of [...jupyterapp.serviceManager.sessions.running()]) {
        await jupyterapp.serviceManager.sessions.shutdown(session.id);
    }
    await jupyterapp.commands.execute('docmanager:open', {path: name});
}"""
"""End every kernel of the page (they run in it), then open `name`."""


def switch_to(page, name: str):
    """The page (lesson 00's, which first loaded the site) with `name` open in place of what
    it showed and its kernel idle: loading JupyterLab into a fresh page costs the browser
    about 10 s of CPU, and every student profile after the first is a warm one anyway."""
    page.wait_for_function(CLOSE_ALL)  # as a student goes from one lesson to the next
    page.evaluate(END_KERNELS_AND_OPEN, name)
    page.locator("#jp-main-statusbar").get_by_text("Python (Pyodide) | Idle").wait_for(
        timeout=WAIT_MS)
    return page


def run_all(page) -> None:
    """Run > Run All Cells, then wait until no cell is waiting or running."""
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.wait_for_function("() => document.querySelector('.jp-InputPrompt')"
                           " && [...document.querySelectorAll('.jp-InputPrompt')]"
                           ".some(p => /\\[\\d+\\]/.test(p.textContent))", timeout=WAIT_MS,
                           polling=POLL_MS)
    page.wait_for_function(RUNNING_CELLS, timeout=WAIT_MS, polling=POLL_MS)
    page.locator("#jp-main-statusbar").get_by_text("| Idle").wait_for(timeout=WAIT_MS)


def run_cell(page, code: str) -> None:
    """A new cell at the end of the notebook with `code`, run (Shift+Enter; JupyterLab then
    adds an empty cell below)."""
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    editor = page.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content")
    editor.click()
    page.keyboard.insert_text(code)
    editor.press("Shift+Enter")
    page.wait_for_function(RUNNING_CELLS, timeout=WAIT_MS, polling=POLL_MS)


def errors(page) -> list[str]:
    """The text of every error and of everything written to stderr in the notebook."""
    return page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
        " .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
    ).all_inner_texts()


def assert_boards_whole(page, name: str) -> int:
    """Every board on the page: n x n cells on n columns and n rows, none under 20 px."""
    boards = [b for b in page.evaluate(BOARDS) if b["cells"]]
    assert boards, f"{name}: no board on the page"
    for board in boards:
        n = round(board["cells"] ** 0.5)
        assert n * n == board["cells"], (name, board)
        assert (board["columns"], board["rows"]) == (n, n), (name, board)
        assert board["narrowest"] >= 20, (name, board)
    return len(boards)


@pytest.fixture(scope="module")
def first_load(served, browser):
    """Lesson 00 opened from an empty cache: what the site sent until its kernel was ready."""
    served["log"].clear()
    started = time.monotonic()
    page = open_notebook(browser, served, "00_start_here.ipynb")
    ready = time.monotonic() - started
    sent = list(served["log"])
    yield {"page": page, "sent": sent, "ready": ready}
    page.close()


def test_first_load_uses_only_the_site_and_its_own_pyodide(first_load, browser):
    sent = first_load["sent"]
    megabytes = sum(size for _, size in sent) / 1e6
    print(f"\nfirst load: {megabytes:.1f} MB in {len(sent)} files,"
          f" kernel ready after {first_load['ready']:.0f} s")
    paths = [path for path, _ in sent]
    assert any(path.endswith("/static/pyodide/pyodide.asm.wasm") for path in paths)
    assert any("/static/pyodide/sudoku_teach-" in path for path in paths)
    assert browser["outside"] == []  # nothing asked of any other host (PyPI, a CDN)


def test_the_site_shows_a_student_no_teachers_tools(first_load):
    """The build picks up every lab extension installed where it runs (the dev extra has
    nbgrader and Voila's preview); lite/jupyter-lite.json turns the teachers' ones off."""
    assert_no_teachers_tools(first_load["page"])


def test_lesson_00_runs_and_a_check_passes_and_a_wrong_answer_gets_its_hint(
    first_load, browser, expect, tmp_path_factory
):
    page = first_load["page"]
    run_all(page)
    assert errors(page) == []
    assert_boards_whole(page, "00_start_here.ipynb")
    outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
    run_cell(page, "def count_blanks(grid):\n    return 0\n\ncheck(count_blanks)")
    wrong = outputs.filter(has_text="count_blanks: 1 of 4 checks passed")
    expect(wrong).to_have_count(1)
    expect(wrong).to_contain_text("Hint: loop over every row")
    run_cell(
        page,
        "def count_blanks(grid):\n    return sum(n == 0 for row in grid for n in row)\n\n"
        "check(count_blanks)",
    )
    expect(outputs.filter(has_text="count_blanks: well done, all 4 checks passed")
           ).to_have_count(1)
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "lite_00_check.png"))
    assert browser["outside"] == []


@pytest.mark.parametrize("name", ["01_rules.ipynb", "02_elimination_sets.ipynb"])
def test_lesson_runs_every_cell_with_its_boards_whole(
    first_load, browser, name, tmp_path_factory
):
    page = switch_to(first_load["page"], name)
    run_all(page)
    assert errors(page) == []
    page.locator(".sudoku-game").first.scroll_into_view_if_needed()  # the lesson's first widget
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / f"lite_{name}.png"))
    count = assert_boards_whole(page, name)
    print(f"\n{name}: every cell ran, {count} boards whole on screen")
    assert browser["outside"] == []


def test_the_game_takes_keys(first_load, browser, expect, tmp_path_factory):
    page = switch_to(first_load["page"], "play.ipynb")
    run_all(page)
    board = page.locator(".sudoku-board").first
    expect(board.locator(".sudoku-cell")).to_have_count(81)
    blank = board.locator(".sudoku-cell:not(.sudoku-given)").first
    blank.click()
    expect(blank).to_have_text(re.compile(r"^\s*$"))
    page.keyboard.press("5")
    expect(blank).to_have_text(re.compile(r"^\s*5\s*$"))
    assert_boards_whole(page, "play.ipynb")
    page.screenshot(path=str(tmp_path_factory.mktemp("shots") / "lite_play.png"))
    assert browser["outside"] == []
