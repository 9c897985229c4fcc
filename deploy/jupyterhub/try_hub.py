"""Try the class's JupyterHub on this machine: two students, each in a browser of their own.

`make hub-test` runs it (after installing the "hub" extra). It installs
configurable-http-proxy from npm into .hub/node (once), starts the hub of
jupyterhub_config.py beside this file on 127.0.0.1 with a fresh folder for its database
and homes, and then, for each student (alice and bob):

1. logs in, and the hub starts their own server, which copies the student notebooks and
   the game app into ~/sudoku-teach on this first start;
2. opens 00_start_here in JupyterLab, runs every cell, and checks the exercise's answer;
3. opens the game app under /user/NAME/voila/render/..., places a number, saves, reloads
   and restores, and checks the number came back;

with a screenshot of each step in .hub/screenshots/. Then it checks that each student has
their own copy, their own server process and their own kernels, and stops the hub. Every
wait is bounded; the whole run takes a few minutes.

    python deploy/jupyterhub/try_hub.py [--keep]   # --keep: leave the hub's folder to look at
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = REPO / ".hub"
SHOTS = WORK / "screenshots"
PROXY = WORK / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
USERS = ("alice", "bob")
PASSWORD = "sudoku"
WAIT_MS = 180_000
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip
LAB_SETTINGS = {  # what a test needs of JupyterLab: no news dialog, the kernel starts itself
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
}  # fmt: skip
NO_CELL_RUNNING = """() => ![...document.querySelectorAll('.jp-InputPrompt')]
    .some(prompt => prompt.textContent.includes('*'))"""


def free_port() -> int:
    """A port nobody listens on, on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proxy() -> Path:
    """configurable-http-proxy, installed from npm into .hub/node the first time."""
    if not PROXY.exists():
        print("installing configurable-http-proxy from npm into .hub/node ...")
        subprocess.run(
            ["npm", "install", "--prefix", str(WORK / "node"), "--no-audit", "--no-fund",
             "configurable-http-proxy@4"],
            check=True, timeout=300,
        )  # fmt: skip
    return PROXY


def prepare_homes(hub_dir: Path) -> None:
    """JupyterLab settings for the test only: no news dialog, kernels start by themselves."""
    for user in USERS:
        settings = hub_dir / "homes" / user / ".jupyter" / "lab" / "user-settings"
        for plugin, values in LAB_SETTINGS.items():
            extension, name = plugin.rsplit("/", 1)
            target = settings / extension / f"{name}.jupyterlab-settings"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))


def wait_for(url: str, process: subprocess.Popen, seconds: float, log: Path) -> None:
    """Poll `url` until it answers; fail with the log when the process dies or time is up."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError("the hub stopped:\n" + log.read_text()[-3000:])
        try:
            urllib.request.urlopen(url, timeout=3)  # noqa: S310 - loopback only
            return
        except OSError:
            time.sleep(1)
    raise RuntimeError("the hub did not answer in time:\n" + log.read_text()[-3000:])


def log_in(page, base: str, user: str) -> None:
    """The hub's login form; the hub then starts the student's server and opens JupyterLab."""
    page.goto(f"{base}/hub/login", timeout=WAIT_MS)
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill(PASSWORD)
    page.locator("#login_submit").click()
    page.wait_for_url(f"**/user/{user}/lab**", timeout=WAIT_MS)
    page.locator("#jp-main-statusbar").wait_for(timeout=WAIT_MS)


def run_student_notebook(page, base: str, user: str) -> str:
    """Open 00_start_here from the student's folder, run every cell; the check's answer."""
    page.goto(f"{base}/user/{user}/lab/tree/sudoku-teach/00_start_here.ipynb", timeout=WAIT_MS)
    status = page.locator("#jp-main-statusbar")
    status.get_by_text("| Idle").wait_for(timeout=WAIT_MS)
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.wait_for_timeout(1000)
    page.wait_for_function(NO_CELL_RUNNING, timeout=WAIT_MS)
    status.get_by_text("| Idle").wait_for(timeout=WAIT_MS)
    check = page.locator(".jp-OutputArea-output").filter(has_text="not implemented yet").first
    check.scroll_into_view_if_needed(timeout=WAIT_MS)
    page.screenshot(path=str(SHOTS / f"{user}-1-notebook.png"))
    errors = page.locator(".jp-OutputArea-output[data-mime-type*='stderr']").count()
    return f"ran 00_start_here: the check says '{check.inner_text()[:70]}'; {errors} error outputs"


def play_the_app(page, base: str, user: str, number: int) -> str:
    """The app in Voila on the student's own server: a move, Save, reload, Restore."""
    url = f"{base}/user/{user}/voila/render/sudoku-teach/play.ipynb"
    page.goto(url, timeout=WAIT_MS)
    board = page.locator(".sudoku-game")
    board.locator(".sudoku-r8c8").wait_for(timeout=WAIT_MS)
    texts = board.locator(".sudoku-cell").evaluate_all("cs => cs.map(c => c.innerText.trim())")
    blank = next(i for i, text in enumerate(texts) if not text)
    cell = board.locator(f".sudoku-r{blank // 9}c{blank % 9}")
    cell.click()
    page.keyboard.press(str(number))
    cell.get_by_text(str(number)).wait_for(timeout=WAIT_MS)
    board.locator(".sudoku-btn-save").click()
    board.locator(".sudoku-message").get_by_text("saved in this browser").wait_for(timeout=WAIT_MS)
    page.screenshot(path=str(SHOTS / f"{user}-2-app-saved.png"))
    page.reload(timeout=WAIT_MS)
    board.locator(".sudoku-r8c8").wait_for(timeout=WAIT_MS)
    board.locator(".sudoku-btn-restore").click()
    board.locator(".sudoku-message").get_by_text("game restored").wait_for(timeout=WAIT_MS)
    back = cell.inner_text().strip()
    page.screenshot(path=str(SHOTS / f"{user}-3-app-restored.png"))
    if back != str(number):
        raise AssertionError(f"{user} placed {number} at cell {blank} and got back {back!r}")
    where = url.split("/user/")[1]
    return f"played the app at {where}: placed {number}, saved, reloaded, got it back"


def servers_of(hub: subprocess.Popen) -> dict[str, list[str]]:
    """Each student's processes below the hub (their server and its kernels), from /proc."""
    found: dict[str, list[str]] = {user: [] for user in USERS}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:80]
        except OSError:
            continue
        for user in USERS:
            if f"JUPYTERHUB_USER={user}".encode() in environ:
                found[user].append(f"{entry.name}: {command}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the hub's folder afterwards")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    WORK.mkdir(exist_ok=True)
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir()
    hub_dir = Path(tempfile.mkdtemp(prefix="run-", dir=WORK))
    prepare_homes(hub_dir)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(
        os.environ,
        SUDOKU_HUB_DIR=str(hub_dir),
        SUDOKU_HUB_PORT=str(port),
        SUDOKU_HUB_INTERNAL_PORT=str(free_port()),
        SUDOKU_HUB_PROXY_PORT=str(free_port()),
        SUDOKU_HUB_PASSWORD=PASSWORD,
        SUDOKU_HUB_PROXY=str(proxy()),
    )
    command = [sys.executable, "-m", "jupyterhub", "-f", str(HERE / "jupyterhub_config.py")]
    log = hub_dir / "jupyterhub.log"
    print(f"hub: {' '.join(command[1:])} on {base}\nfolder: {hub_dir}")
    with open(log, "w") as out:
        hub = subprocess.Popen(command, cwd=hub_dir, env=env, stdout=out, stderr=subprocess.STDOUT)
    failures = 0
    try:
        wait_for(f"{base}/hub/health", hub, 90, log)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for number, user in enumerate(USERS, start=3):
                context = browser.new_context(viewport={"width": 1300, "height": 950})
                page = context.new_page()
                try:
                    log_in(page, base, user)
                    print(f"{user}: logged in, own server started, JupyterLab open")
                    print(f"{user}: {run_student_notebook(page, base, user)}")
                    print(f"{user}: {play_the_app(page, base, user, number)}")
                except Exception as error:  # noqa: BLE001 - report, screenshot, go on
                    failures += 1
                    page.screenshot(path=str(SHOTS / f"{user}-failed.png"))
                    print(f"{user}: FAILED {type(error).__name__}: {str(error)[:300]}")
                context.close()
            browser.close()
        for user, processes in servers_of(hub).items():
            copy = sorted(p.name for p in (hub_dir / "homes" / user / "sudoku-teach").glob("*"))
            print(f"{user}: home has sudoku-teach/ with {len(copy)} files ({copy[0]} ... "
                  f"{copy[-1]}); {len(processes)} processes of their own:")  # fmt: skip
            for process in processes:
                print(f"    {process}")
            if not processes or len(copy) < 10:
                failures += 1
    finally:
        hub.send_signal(signal.SIGTERM)  # the hub stops the students' servers and the proxy
        try:
            hub.wait(60)
        except subprocess.TimeoutExpired:
            hub.kill()
        if not args.keep:
            shutil.rmtree(hub_dir, ignore_errors=True)
    print(f"screenshots: {SHOTS}")
    print("hub trial passed" if not failures else f"hub trial: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
