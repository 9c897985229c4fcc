"""How long a key takes to show on the page, in a real browser: `make bench`.

The app of `make play` is served by Voila and driven by headless Chromium (Debian's
/usr/bin/chromium, through Playwright). For each of 50 keys (a number in a blank cell, then
Backspace there, and so on) the page records the keydown's time and the moment the cell
changes on the page (a MutationObserver), and, separately, the moment Python's answer has
arrived (the cell is no longer drawn ahead of it: no `sudoku-pending` class). The browser
draws the change in the next frame, so one frame (16 ms) is the target for the median.

    python benchmarks/bench_play_browser.py [--keys 50] [--no-nodelay] [--source DIR]

`--source DIR` serves the package from another checkout (e.g. a `git worktree` of an older
commit) to measure "before"; `--no-nodelay` leaves the websocket's Nagle delay on, as plain
`voila` does. Not a test: a measurement to read.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODELAY = "--Voila.kernel_websocket_connection_class=sudoku_teach.views.nodelay.NoDelayConnection"
TARGET_MS = 16.0
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking"]  # fmt: skip

WATCH = """([selector]) => { window.__result = new Promise((resolve) => {
  const cell = document.querySelector(selector);
  const before = cell.textContent;
  const times = {};
  const look = () => {
    const now = performance.now();
    if (times.shown === undefined && cell.textContent !== before) times.shown = now;
    if (times.shown !== undefined && !cell.classList.contains('sudoku-pending')) {
      times.answered = now;
      observer.disconnect();
      resolve([times.shown - window.__keydown, times.answered - window.__keydown]);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(cell, {childList: true, characterData: true, subtree: true, attributes: true});
}); }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(source: Path, nodelay: bool, root: Path) -> tuple[subprocess.Popen, str]:
    """Voila on the app, importing the package from `source`; waits until it answers."""
    shutil.copy(ROOT / "app" / "play.ipynb", root / "play.ipynb")
    port = free_port()
    env = dict(os.environ, SUDOKU_SEED="5", HOME=str(root), PYTHONPATH=str(source))
    command = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1"]  # fmt: skip
    if nodelay:
        command.append(NODELAY)
    log = open(root / "voila.log", "w")  # noqa: SIM115 (closed with the server)
    server = subprocess.Popen(command, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return server, url
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                log = (root / "voila.log").read_text()
                raise SystemExit("voila did not start:\n" + log) from None
            time.sleep(0.5)


def measure(url: str, keys: int) -> tuple[list[float], list[float]]:
    """Milliseconds from keydown to the cell's change, and to Python's answer, per key."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.locator(".sudoku-game .sudoku-r8c8").wait_for(timeout=90_000)
        page.evaluate(
            "() => document.addEventListener('keydown',"
            " () => { window.__keydown = performance.now(); }, true)"
        )
        texts = page.locator(".sudoku-cell").evaluate_all("cs => cs.map(c => c.innerText.trim())")
        blanks = [i for i, text in enumerate(texts) if not text]
        shown, answered = [], []
        for i in range(keys + 4):  # the first 4 warm up
            r, c = divmod(blanks[(i // 2) % len(blanks)], 9)
            selector = f".sudoku-game .sudoku-r{r}c{c}"
            if i % 2 == 0:
                page.locator(selector).click()
                page.wait_for_timeout(50)
            page.evaluate(WATCH, [selector])
            page.keyboard.press("Backspace" if i % 2 else str(1 + (i // 2) % 9))
            a, b = page.evaluate("() => window.__result")
            if i >= 4:
                shown.append(a)
                answered.append(b)
        browser.close()
    return shown, answered


def summary(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1]
    return f"median {statistics.median(times):5.1f} ms, p95 {p95:5.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=50)
    parser.add_argument("--source", type=Path, default=ROOT)
    parser.add_argument("--no-nodelay", action="store_true")
    args = parser.parse_args(argv)
    if not Path("/usr/bin/chromium").exists():
        print("bench_play_browser: skipped, no /usr/bin/chromium (apt-get install chromium)")
        return 0
    root = Path(tempfile.mkdtemp(prefix="bench-play-"))
    server, url = serve(args.source.resolve(), not args.no_nodelay, root)
    try:
        shown, answered = measure(url, args.keys)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
        shutil.rmtree(root, ignore_errors=True)
    delay = "Nagle's delay on" if args.no_nodelay else "TCP_NODELAY"
    print(f"Browser: keydown to the cell's change, {args.keys} keys ({args.source.name}, {delay})")
    print(f"  shown on the page:    {summary(shown)}")
    print(f"  Python's answer in:   {summary(answered)}")
    median = statistics.median(shown)
    verdict = "met" if median <= TARGET_MS else "MISSED"
    print(f"Target one frame ({TARGET_MS:.0f} ms) median: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
