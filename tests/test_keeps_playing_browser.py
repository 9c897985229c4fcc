"""A game a class keeps playing, in a real browser against the app of `make play` (issue 28).

One server for the whole file, with short limits for idle kernels (`LIMITS`, `HEARTBEAT`).

- A reload mid-game brings the same game back (kept in the browser after every move), a
  paused game paused with its clock stopped, and N (a new game) leaves the keyboard on the
  board.
- A kernel shut down by the server's culler while its page stood still (a laptop asleep) is
  reported in words when the page wakes, and R resumes on a fresh kernel, the game intact.
- Pages that vanish without a goodbye (crashed tabs) leave no kernel behind once the
  configured idle time has passed, and the server's memory comes back within 20%
  (`benchmarks/load_play.py --vanish 40` does the same with 40 pages).
- Messages from a hostile page, sent straight down the kernel's websocket, are refused in
  words: no traceback and no echo of the oversized input come back.
- axe-core finds no violation of any impact (landmarks included) in light, dark and the
  system's dark mode, at 390 px and at 200% zoom; cells and buttons are measured at 390 px.

Only Chromium and Voila are started (no JupyterLab). Screenshots go to $SCREENSHOT_DIR.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from in_browser import (
    WAIT_MS,
    free_port,
    open_board,
    patient,
)
from test_board_browser import AXE
from test_play_browser import NODELAY, SHOTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8").replace("\n", " ")
PROBE = """() => [...document.querySelectorAll('.sudoku-game .sudoku-entry')]
    .map(c => [c.className.match(/sudoku-r\\d+c\\d+/)[0], c.innerText.trim()])"""
KEPT_PAUSED = """() => Object.keys(localStorage).some(key => key.endsWith('/current')
    && localStorage.getItem(key).includes('"paused": true'))"""


@contextlib.contextmanager
def app(kernels: dict | None = None, heartbeat: str | None = None):
    """The app as `make play` serves it, with its config file (kernel limits overridden by
    `kernels`), on a free port; yields its address, log and server process."""
    root = Path(tempfile.mkdtemp(prefix="app-"))
    shutil.copy(ROOT / "app" / "play.ipynb", root / "play.ipynb")
    config = json.loads((ROOT / "app" / "voila.json").read_text(encoding="utf-8"))
    config["MappingKernelManager"].update(kernels or {})
    (root / "voila.json").write_text(json.dumps(config))
    env = dict(os.environ, SUDOKU_SEED="5", HOME=str(root))
    if heartbeat:
        env["SUDOKU_HEARTBEAT"] = heartbeat
    port = free_port()
    command = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={root}",
               NODELAY]  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    log = root / "voila.log"
    with open(log, "w") as out:
        server = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=root)
    try:
        deadline = time.monotonic() + 180  # a busy machine; asking for a page starts a kernel
        while True:
            try:
                urllib.request.urlopen(url + "voila/static/", timeout=5)
                break
            except urllib.error.HTTPError:  # it answers: it is up
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("voila did not start:\n" + log.read_text())
                time.sleep(0.5)
        yield {"url": url, "log": log, "server": server}
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(root, ignore_errors=True)


LIMITS = {"cull_idle_timeout": 15, "cull_interval": 1}
"""Short limits for the whole file: a kernel silent for 15 s is shut down, looked for every
second (app/voila.json gives a class 120 s and 15 s)."""
HEARTBEAT = "3,10"
"""An open page pings every 3 s (so its kernel is never silent for 15 s) and waits 10 s for
an answer (a busy machine may take a few)."""


@pytest.fixture
def context(browser):
    """A browser window of its own for one test, closed at its end even when the test fails
    (a page left open would keep pinging its kernel, which the next test waits to see go)."""
    window = patient(browser.new_context(viewport={"width": 1100, "height": 900}))
    yield window
    window.close()


@pytest.fixture(scope="module")
def served(browser):
    """The app with short limits, one server for every test of the file."""
    with app(LIMITS, heartbeat=HEARTBEAT) as server:
        yield server


def leave(page) -> None:
    """Close a page as a player does who goes elsewhere: the page tells the server, which
    shuts its kernel down at once (a page closed without that goodbye is the culler's)."""
    page.goto("about:blank")
    page.close()


def blank_cells(board) -> list[tuple[int, int]]:
    texts = board.locator(".sudoku-cell").evaluate_all("cs => cs.map(c => c.innerText.trim())")
    return [(i // 9, i % 9) for i, text in enumerate(texts) if not text]


def play_some(page, board) -> dict[str, str]:
    """Two numbers and a pencil mark, by keyboard; what the board shows then."""
    from playwright.sync_api import expect

    (r1, c1), (r2, c2), (r3, c3) = blank_cells(board)[:3]
    board.locator(f".sudoku-r{r1}c{c1}").click()
    page.keyboard.press("4")
    board.locator(f".sudoku-r{r2}c{c2}").click()
    page.keyboard.press("7")
    board.locator(f".sudoku-r{r3}c{c3}").click()
    page.keyboard.press("p")
    page.keyboard.press("2")
    page.keyboard.press("p")
    expect(board.locator(".sudoku-entry")).to_have_count(2, timeout=WAIT_MS)
    expect(board.locator(".sudoku-marks")).to_have_count(1, timeout=WAIT_MS)
    expect(board.locator(".sudoku-message")).to_have_text("pencil marks: off", timeout=WAIT_MS)
    return dict(page.evaluate(PROBE))


def shows(page, played: dict[str, str]) -> bool:
    """Whether the board shows the numbers played, waiting a little for the page to draw
    them (the state and the cells come in separate messages)."""
    return until(lambda: dict(page.evaluate(PROBE)) == played, WAIT_MS / 1000)


def focused(page) -> str:
    return page.evaluate("() => document.activeElement.getAttribute('role') || ''")


def shoot(page, name: str) -> None:
    for folder in {SHOTS, Path(os.environ.get("SHOTS_28", SHOTS))}:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_a_reload_mid_game_brings_it_back_paused_too_and_n_keeps_the_keyboard_on_the_board(
    context, served
):
    from playwright.sync_api import expect

    server = served
    page = context.new_page()
    board = open_board(page, server["url"])
    played = play_some(page, board)
    page.keyboard.press("t")  # paused: kept paused, its clock stopped
    expect(board.locator(".sudoku-pause-note")).to_be_visible(timeout=WAIT_MS)
    expect(board.locator(".sudoku-message")).to_contain_text("paused", timeout=WAIT_MS)
    page.wait_for_function(KEPT_PAUSED, timeout=WAIT_MS)  # the browser keeps it paused
    clock = board.locator(".sudoku-timer").inner_text()
    page.reload()  # a new kernel: the browser hands over the game it kept
    board = page.locator(".sudoku-game").first
    expect(board.locator(".sudoku-message")).to_contain_text(
        "Your game is back", timeout=WAIT_MS
    )
    expect(board.locator(".sudoku-message")).to_contain_text("paused")
    expect(board.locator(".sudoku-pause-note")).to_be_visible()
    time.sleep(1.5)  # a running clock would move on
    assert board.locator(".sudoku-timer").inner_text() == clock
    board.locator("[role=gridcell][tabindex='0']").focus()
    page.keyboard.press("t")
    expect(board.locator(".sudoku-message")).to_have_text("playing again", timeout=WAIT_MS)
    expect(board).not_to_have_class(re.compile("sudoku-paused"))  # in the same update
    assert shows(page, played), f"{dict(page.evaluate(PROBE))} shown, {played} played"
    expect(board.locator(".sudoku-marks")).to_have_count(1)
    board.locator("[role=gridcell][tabindex='0']").focus()
    page.keyboard.press("n")
    expect(board.locator(".sudoku-message")).to_contain_text("new easy game", timeout=WAIT_MS)
    assert focused(page) == "gridcell"  # the cells were rebuilt; the focus stayed
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # the keys still move the cursor on the board
    assert "column 3" in page.evaluate("() => document.activeElement.ariaLabel")
    leave(page)


def until(done, seconds: float) -> bool:
    """Poll `done()` twice a second until it holds or the time is up; whether it holds."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.5)
    return done()


def test_a_culled_kernel_is_said_and_r_resumes_on_a_fresh_one_with_the_game_intact(
    context, served
):
    from playwright.sync_api import expect

    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    board = open_board(page, served["url"])
    played = play_some(page, board)
    kernel = next(url for url in sockets if "/channels" in url).split("/")[-2]
    # a laptop asleep: the page's script stands still (paused in the debugger: no timer runs),
    # its pings stop, and the culler shuts its kernel down
    asleep = context.new_cdp_session(page)
    asleep.send("Debugger.enable")
    asleep.send("Debugger.pause")

    def culled() -> bool:
        return any(kernel in line and "inactivity" in line
                   for line in served["log"].read_text().splitlines())  # fmt: skip

    assert until(culled, LIMITS["cull_idle_timeout"] + LIMITS["cull_interval"] + 60)
    asleep.send("Debugger.resume")  # the laptop wakes up
    asleep.detach()
    empty = blank_cells(board)[0]
    board.locator(f".sudoku-r{empty[0]}c{empty[1]}").click()  # a move: no answer comes
    lost = board.locator("[role=alert]")
    expect(lost).to_contain_text("stopped answering", timeout=WAIT_MS)
    expect(lost).to_contain_text("Press R or Resume")
    timer = board.locator(".sudoku-timer").inner_text()
    time.sleep(1.5)  # a running clock would move on
    assert board.locator(".sudoku-timer").inner_text() == timer  # the clock stopped
    shoot(page, "28-kernel-gone")
    page.keyboard.press("r")
    board = page.locator(".sudoku-game").first
    expect(board.locator(".sudoku-message")).to_contain_text("Your game is back", timeout=WAIT_MS)
    assert shows(page, played), f"{dict(page.evaluate(PROBE))} shown, {played} played"
    expect(board.locator("[role=alert]")).to_be_empty()
    leave(page)


def kernels_and_memory(pid: int) -> tuple[int, float]:
    """How many kernels the server runs, and its memory with theirs (MB, from /proc)."""
    psutil = pytest.importorskip("psutil")
    server = psutil.Process(pid)
    below = server.children(recursive=True)
    total = server.memory_info().rss
    for child in below:
        with contextlib.suppress(psutil.Error):
            total += child.memory_info().rss
    return len(below), total / 2**20


def test_pages_that_vanish_leave_no_kernel_and_the_memory_comes_back(context, served):
    pages = 4  # the benchmark sends 40
    pid = served["server"].pid
    limit = LIMITS["cull_idle_timeout"] + LIMITS["cull_interval"] + 20
    leave(open_board(context.new_page(), served["url"]).page)  # the server has served a page
    assert until(lambda: not kernels_and_memory(pid)[0], limit)  # other tests' pages too
    before = kernels_and_memory(pid)[1]
    opened = [context.new_page() for _ in range(pages)]
    for page in opened:  # one after the other: an open page pings its kernel
        open_board(page, served["url"])
    assert kernels_and_memory(pid)[0] == pages
    for page in opened:  # closed without beforeunload: no goodbye, the socket just drops
        page.close(run_before_unload=False)
    assert until(lambda: not kernels_and_memory(pid)[0], limit), (
        f"{kernels_and_memory(pid)[0]} kernels left {limit} s after their pages vanished")
    after = kernels_and_memory(pid)[1]
    assert after <= 1.2 * before, f"memory {after:.0f} MB after, {before:.0f} MB before"


def frame(msg_type: str, content: dict) -> str:
    """One message down a kernel's websocket, as a page sends it (shell channel)."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "x",
              "session": "hostile", "date": "", "version": "5.3"}  # fmt: skip
    return json.dumps({"header": header, "parent_header": {}, "metadata": {},
                       "channel": "shell", "content": content})  # fmt: skip


def hostile(comm_id: str) -> list[str]:
    """What a hostile page sends to a widget: malformed fields, a 2 MB key, a 10 MB paste."""
    def custom(content) -> str:
        return frame("comm_msg", {"comm_id": comm_id, "data": {"method": "custom",
                                                                "content": content}})
    return [
        custom({"type": "cell", "r": "x", "c": 0, "key": "1"}),
        custom({"type": "button", "name": "__class__", "r": 0, "c": 0}),
        custom({"type": "cell", "r": 0, "c": 0, "key": "k" * 2_000_000}),
        custom({"type": "puzzle", "text": "1" * 10_000_000}),
        custom({"type": "number", "n": 7}).replace('"n": 7', '"n": ' + "9" * 5000),
        frame("comm_msg", {"comm_id": comm_id, "data": {"method": "update",
                                                        "state": {"level": "x" * 100_000}}}),
    ]


def test_hostile_messages_are_refused_in_words_quickly_with_no_traceback_sent(context, served):
    import asyncio
    import concurrent.futures

    from playwright.sync_api import expect
    from tornado.websocket import WebSocketClosedError, websocket_connect

    server = served
    page = context.new_page()
    to_page: list[str] = []
    sockets: list[str] = []

    def watch(ws) -> None:
        sockets.append(ws.url)
        ws.on("framereceived", lambda data: to_page.append(
            data.decode("utf-8", "replace") if isinstance(data, bytes) else data))

    page.on("websocket", watch)
    board = open_board(page, server["url"])
    channel = next(url for url in sockets if "/channels" in url).split("?")[0]

    async def attack() -> tuple[list[str], float]:
        """Each hostile message on a socket of its own (the server may close one that is
        too big to be a message: that too is a refusal), then a question the kernel
        answers after it."""
        ws = await websocket_connect(channel + "?session_id=hostile")
        await ws.write_message(frame("comm_info_request", {"target_name": "jupyter.widget"}))
        comms: list[str] = []
        while not comms:
            reply = json.loads(await ws.read_message())
            if reply["msg_type"] == "comm_info_reply":
                comms = list(reply["content"]["comms"])
        ws.close()
        heard: list[str] = []
        start = time.monotonic()
        for comm in comms:
            for raw in hostile(comm):
                ws = await websocket_connect(channel + "?session_id=hostile",
                                             max_message_size=64 * 2**20)  # fmt: skip
                try:
                    await ws.write_message(raw)
                    await ws.write_message(frame("kernel_info_request", {}))
                    while (text := await ws.read_message()) is not None:
                        heard.append(text)
                        if '"kernel_info_reply"' in text:
                            break
                except WebSocketClosedError:
                    pass
                ws.close()
        return heard, time.monotonic() - start

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's loop runs here
        heard, seconds = pool.submit(asyncio.run, attack()).result()
    assert seconds < 60, f"the kernel took {seconds:.1f} s to refuse them"  # a socket each
    expect(board.locator(".sudoku-message")).to_contain_text("refused", timeout=WAIT_MS)
    time.sleep(1)
    everything = "\n".join(to_page + heard)
    assert "refused" in everything
    assert "Traceback" not in everything and "site-packages" not in everything
    assert "k" * 1000 not in everything and "1" * 1000 not in everything  # no echo
    assert "9" * 1000 not in everything and "x" * 1000 not in everything
    empty = blank_cells(board)[0]  # the page still plays
    board.locator(f".sudoku-r{empty[0]}c{empty[1]}").click()
    page.keyboard.press("4")
    expect(board.locator(".sudoku-entry")).to_have_count(1, timeout=WAIT_MS)
    leave(page)


def axe_all(page) -> list[str]:
    """axe-core's violations of every impact (landmarks included), one line each."""
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the accessibility checks: run `make axe` (npm ci) first")
        pytest.skip("no axe-core: run `make axe` (npm ci) to check the app's accessibility")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => `${v.impact}: ${v.id} on ${v.nodes.slice(0, 3).map(n => n.target.join(' '))}`)"
    )
    return list(found)


SIZES = """() => {
  const box = (sel) => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
  return {cells: box('.sudoku-game .sudoku-cell').map(r => Math.min(r.width, r.height)),
          buttons: box('.sudoku-game button, .sudoku-game select, .sudoku-saves button')
            .filter(r => r.width).map(r => Math.min(r.width, r.height)),
          saves: box('.sudoku-saves button'), board: box('.sudoku-game .sudoku-board')[0]};
}"""


@pytest.mark.parametrize("look", ["light", "dark", "system-dark"])
def test_the_app_passes_every_axe_rule_and_is_big_enough_on_a_phone(browser, served, look):
    from playwright.sync_api import expect

    url = served["url"] + ("?theme=dark" if look == "dark" else "")
    scheme = "dark" if look == "system-dark" else "light"
    context = patient(browser.new_context(viewport={"width": 1280, "height": 900},
                                         device_scale_factor=2, color_scheme=scheme,
                                         has_touch=True))  # fmt: skip
    page = context.new_page()
    board = open_board(page, url)
    board.locator(".sudoku-r0c0").click()
    page.keyboard.press("m")  # every candidate pencilled in: the marks are checked too
    expect(board.locator(".sudoku-marks").first).to_be_visible(timeout=WAIT_MS)
    if look == "system-dark":
        ink = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert ink != "rgb(255, 255, 255)"  # the page follows the system: dark
    # one page, three widths (the layout is CSS alone): a desktop, a phone, 200% zoom (a
    # 1280 px window shows 640 CSS px, each drawn twice as large)
    for width, height in ((1280, 900), (390, 844), (640, 450)):
        page.set_viewport_size({"width": width, "height": height})
        assert axe_all(page) == [], f"{look} at {width} px"
        if width == 390:
            sizes = page.evaluate(SIZES)
            claimed = int(re.search(r"cells of (\d+) px on a 390 px phone", README)[1])
            assert claimed <= min(sizes["cells"]) < claimed + 1, sizes["cells"][:3]  # 42.4
            assert min(sizes["buttons"]) >= 44
            saves, board_box = sizes["saves"], sizes["board"]
            middle = (saves[0]["x"] + saves[-1]["x"] + saves[-1]["width"]) / 2
            assert abs(middle - (board_box["x"] + board_box["width"] / 2)) < 30  # centred
            page.keyboard.press("t")  # paused: the board hidden
            expect(board.locator(".sudoku-pause-note")).to_be_visible(timeout=WAIT_MS)
            assert axe_all(page) == []
            shoot(page, f"28-app-{look}-390-paused")
            page.keyboard.press("t")
            expect(board.locator(".sudoku-pause-note")).to_be_hidden(timeout=WAIT_MS)
        shoot(page, f"28-app-{look}-{width}")
    leave(page)
    context.close()


def test_a_16x16_game_in_the_app_by_letters_and_by_touch(browser, served):
    from playwright.sync_api import expect

    context = patient(browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True, device_scale_factor=2))  # fmt: skip
    page = context.new_page()
    board = open_board(page, served["url"])
    board.locator(".sudoku-size").select_option("16")
    board.locator(".sudoku-btn-new").click()
    board.locator(".sudoku-r15c15").wait_for(timeout=WAIT_MS)
    names = board.locator("[role=gridcell]").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label'))")
    empty = [i for i, name in enumerate(names) if "empty" in name]
    first, second = divmod(empty[0], 16), divmod(empty[1], 16)
    board.locator(f".sudoku-r{first[0]}c{first[1]}").click()
    page.keyboard.press("c")  # C is 12
    cell = board.locator(f".sudoku-r{first[0]}c{first[1]}")
    expect(cell).to_have_text("C", timeout=WAIT_MS)
    expect(cell).to_have_attribute("aria-label", re.compile(r", your C\b"))
    where = f"row {first[0] + 1}, column {first[1] + 1}"  # the message's number: i27's letters
    expect(board.locator(".sudoku-message")).to_contain_text(where, timeout=WAIT_MS)
    board.locator(f".sudoku-r{second[0]}c{second[1]}").tap()  # cell first, then a key
    board.locator(".sudoku-num-16").tap()
    expect(board.locator(f".sudoku-r{second[0]}c{second[1]}")).to_have_text("G", timeout=WAIT_MS)
    assert "".join(board.locator(".sudoku-num .sudoku-digit").all_inner_texts()) == (
        "123456789ABCDEFG")  # the pad writes 10-16 with Python's table, as the cells do
    box = board.locator(".sudoku-r0c0").bounding_box()
    assert box["width"] >= 22  # 16 cells across a phone
    shoot(page, "28-app-16x16-390")
    leave(page)
    context.close()
