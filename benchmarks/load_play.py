"""A class on one `make play` server: 30 students, each in a browser of their own.

Each student opens the app, places three numbers of their own, presses Save, reloads the
page (a new kernel) and must get back exactly their own game, kept by their browser (every
student plays the same puzzle with different moves, so a mix-up would show). Then they
leave: half close the page (the browser says so to the server), half vanish (the browser
is killed, as a laptop lid closes). With `--vanish`, each student plays and saves (no
reload), then every page vanishes without a goodbye (closed without `beforeunload`, as a
crashed tab), and the server runs with the limits of app/voila.json: the kernels must all
be gone within the configured idle time plus one interval (and a margin of 30 s); the
kernels left are printed every 15 s.
The server's memory, its own and its kernels' (RSS from /proc), is taken before, at the
peak, and after they leave; after must be within 20% of before.

The server is the command of `make play` with its config file (app/voila.json), on
127.0.0.1, with a fixed puzzle and a short idle limit for kernels without a page, so that
vanished students' kernels are culled within the run while the open pages wait for the
others (the class's limits are in app/voila.json). "Before" is taken once one page has been
served and closed (the server loads the page's machinery on first use; the cold figure is
printed too). Everything is bounded:
the number of students, each step's wait, and each class (`--deadline`). `--rounds 3`
sends three classes one after the other, to see whether the server grows lesson by lesson.

    python benchmarks/load_play.py [--students 30] [--at-once 6] [--idle 30]
    python benchmarks/load_play.py --students 40 --vanish   # 40 pages go, no goodbye

Not part of the test run: it takes a few minutes and a few GB of memory (the browsers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip
WAIT_MS = 300_000  # one step of one student (opening a page waits for a kernel)
LIMIT = 1.20  # memory after / before
MARGIN = 30  # seconds the culler may take beyond its limits to shut 40 kernels down
CELLS = [(r, c) for r in range(9) for c in range(9)]


def free_port() -> int:
    """A port nobody listens on, on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def rss_mb(pid: int) -> float:
    """Resident memory of one process in MB (0 once it has gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@dataclass
class Memory:
    """The server's memory: its own, and its kernels' (every process below it)."""

    server: float
    kernels: float
    n_kernels: int

    @property
    def total(self) -> float:
        return self.server + self.kernels

    def __str__(self) -> str:
        return (f"{self.total:7.1f} MB (server {self.server:.1f} MB + "
                f"{self.n_kernels} kernels {self.kernels:.1f} MB)")  # fmt: skip


def memory(pid: int) -> Memory:
    """The server's memory now."""
    tree, below, todo = children(), [], list(children().get(pid, []))
    while todo:
        child = todo.pop()
        below.append(child)
        todo.extend(tree.get(child, []))
    return Memory(rss_mb(pid), sum(rss_mb(p) for p in below), len(below))


@dataclass
class Student:
    """One student's run: what they placed and what came back."""

    number: int
    moves: dict[tuple[int, int], int] = field(default_factory=dict)
    got: dict[tuple[int, int], int] | None = None
    seconds: float = 0.0
    error: str = ""
    step: str = "waiting"

    @property
    def ok(self) -> bool:
        return not self.error and self.got == self.moves


async def entries(page) -> dict[tuple[int, int], int]:
    """The player's numbers on the page (cells marked as entries), by cell."""
    cells = await page.locator(".sudoku-game .sudoku-entry").evaluate_all(
        "cells => cells.map(c => [c.className.match(/sudoku-r(\\d+)c(\\d+)/).slice(1),"
        " c.innerText])"
    )
    return {(int(r), int(c)): int(text.strip()[0]) for (r, c), text in cells}


async def cell_text(page, cell: tuple[int, int]) -> str:
    """The text one cell shows ("" for a blank)."""
    return (await page.locator(f".sudoku-game .sudoku-r{cell[0]}c{cell[1]}").inner_text()).strip()


async def open_app(page, url: str) -> None:
    """Load the app and wait for its board."""
    await page.goto(url, timeout=WAIT_MS)
    await page.locator(".sudoku-game .sudoku-r8c8").wait_for(timeout=WAIT_MS)


async def press(page, button: str, words: str) -> None:
    """Press one of the game's buttons and wait for its message."""
    await page.locator(f".sudoku-game .sudoku-btn-{button}").click()
    message = page.locator(".sudoku-game .sudoku-message")
    await message.get_by_text(words).wait_for(timeout=WAIT_MS)


async def one_student(browser, url: str, student: Student, gate: asyncio.Semaphore,
                      reload: bool = True):
    """Open, play three moves, save, reload and get the kept game back (without `reload`:
    what the page shows once saved); the context stays open (returned)."""
    start = time.monotonic()
    async with gate:  # a browser tab of their own once it is their turn
        context = await browser.new_context(viewport={"width": 1000, "height": 900})
        page = await context.new_page()
    try:
        async with gate:
            student.step = "opening the app"
            await open_app(page, url)
            student.step = "placing numbers"
            blanks = [cell for cell in CELLS if not (await cell_text(page, cell))]
            for j in range(3):
                cell = blanks[(3 * student.number + j) % len(blanks)]
                student.moves[cell] = (student.number + j) % 9 + 1
                await page.locator(f".sudoku-game .sudoku-r{cell[0]}c{cell[1]}").click()
                await page.keyboard.press(str(student.moves[cell]))
                target = page.locator(f".sudoku-game .sudoku-r{cell[0]}c{cell[1]}")
                await target.get_by_text(str(student.moves[cell])).wait_for(timeout=WAIT_MS)
            student.step = "saving"
            await press(page, "save", "saved in this browser")  # the kernel has answered
            if not reload:
                student.got = await entries(page)
                return context, page
            student.step = "reloading"
            await page.reload(timeout=WAIT_MS)  # the old page closes: its kernel should go
            await page.locator(".sudoku-game .sudoku-r8c8").wait_for(timeout=WAIT_MS)
            student.step = "getting the kept game back"
            message = page.locator(".sudoku-game .sudoku-message")
            await message.get_by_text("Your game is back").wait_for(timeout=WAIT_MS)
            student.got = await entries(page)
    except Exception as error:  # noqa: BLE001 - one student's failure is reported, not fatal
        first_line = str(error).splitlines()[0][:100]
        student.error = f"{type(error).__name__} while {student.step}: {first_line}"
    finally:
        student.seconds = time.monotonic() - start
        done = "ready" if student.got is not None else f"stopped while {student.step}"
        print(f"student {student.number}: {student.error or done} after"
              f" {student.seconds:.0f} s", flush=True)  # fmt: skip
    return context, page


def sampler(pid: int, samples: list[tuple[float, Memory]], stop: threading.Event) -> None:
    """Take the server's memory every half second until told to stop (times from
    `time.monotonic`)."""
    while not stop.is_set():
        samples.append((time.monotonic(), memory(pid)))
        stop.wait(0.5)


def timeline(samples: list[tuple[float, Memory]], since: float, step: float = 15) -> str:
    """The kernels and the memory every `step` seconds after `since`, one line each."""
    lines, mark = [], since
    for at, taken in samples:
        if at >= mark:
            lines.append(f"  {at - since:5.0f} s: {taken.n_kernels:3d} kernels,"
                         f" {taken.total:7.1f} MB")  # fmt: skip
            mark += step
    return "\n".join(lines)


async def leave(page) -> None:
    """Leave the page as a student does who goes elsewhere: the page tells the server."""
    await page.goto("about:blank")
    await asyncio.sleep(1)  # the page's goodbye is on its way


async def warm_up(url: str) -> None:
    """One page opened and closed, so that the server has loaded what every page needs."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = await browser.new_page()
        await open_app(page, url)
        await leave(page)
        await browser.close()


def until_no_kernels(pid: int, seconds: float) -> None:
    """Wait until the server has no kernel left (or the time is up)."""
    end = time.monotonic() + seconds
    while memory(pid).n_kernels and time.monotonic() < end:
        time.sleep(1)
    time.sleep(2)


async def vanish(page) -> None:
    """The page goes without `beforeunload` (as a crashed or discarded tab): no goodbye
    reaches the server, its socket just drops."""
    await page.close(run_before_unload=False)


async def run_class(url: str, n: int, at_once: int, pid: int,
                    all_vanish: bool = False) -> tuple[list[Student], Memory, float]:
    """All students, at most `at_once` busy at a time; all stay until everyone is done.
    Returns them, the server's memory with every page open, and when the last page went."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            gate = asyncio.Semaphore(at_once)
            students = [Student(i) for i in range(n)]
            opened = await asyncio.gather(*(one_student(browser, url, s, gate, not all_vanish)
                                            for s in students))  # fmt: skip
            await asyncio.sleep(2)
            during = memory(pid)
            for i, (context, page) in enumerate(opened):  # leave: half say so, half vanish
                if all_vanish:
                    await vanish(page)
                elif i % 2 == 0:
                    await leave(page)
                    await context.close()
        finally:
            await browser.close()  # the pages left open vanish with the browser
    return students, during, time.monotonic()


def trim(pid: int) -> Memory:
    """Ask the server's C library to give freed memory back (through gdb): a diagnosis of
    how much of the server's growth is memory it freed but the allocator kept."""
    subprocess.run(
        ["gdb", "-p", str(pid), "-batch", "-ex", "call (int) malloc_trim(0)"],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    return memory(pid)


def wait_for_server(port: int, process: subprocess.Popen, seconds: float) -> None:
    """Poll until the server takes connections (or has died, or the time is up); a page
    is not asked for, since every page starts a kernel."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped with exit code {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError("the server did not start in time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--at-once", type=int, default=6, help="students busy at one time")
    parser.add_argument("--idle", type=int, default=120,
                        help="seconds before a kernel without a page goes")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=1, help="classes, one after the other")
    parser.add_argument("--trim", action="store_true", help="diagnose: malloc_trim at the end")
    parser.add_argument("--deadline", type=int, default=900, help="seconds for one class")
    parser.add_argument("--vanish", action="store_true",
                        help="every page vanishes; the limits of app/voila.json")  # fmt: skip
    args = parser.parse_args()
    if not 1 <= args.students <= 60:
        parser.error("--students goes from 1 to 60")

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [
        sys.executable, "-m", "voila", "app/play.ipynb", "--Voila.config_file_paths=app",
        "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
    ]  # fmt: skip
    limits = json.loads((ROOT / "app" / "voila.json").read_text())["MappingKernelManager"]
    if args.vanish:  # the class's own limits: the kernels must go within them
        args.idle = limits["cull_idle_timeout"] + limits["cull_interval"]
    else:
        command += [f"--MappingKernelManager.cull_idle_timeout={args.idle}",
                    "--MappingKernelManager.cull_connected=False",  # open pages wait
                    "--MappingKernelManager.cull_interval=5"]  # fmt: skip
    home = tempfile.mkdtemp(prefix="load-play-")
    env = dict(os.environ, SUDOKU_SEED="7", HOME=home, JUPYTER_RUNTIME_DIR=home)
    log = Path(home) / "voila.log"
    print(f"server: {' '.join(command[2:])}\nlog: {log}")
    with open(log, "w") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    samples: list[tuple[float, Memory]] = []
    stop = threading.Event()
    try:
        wait_for_server(port, server, 180)  # a busy machine
        time.sleep(2)
        print(f"cold:    {memory(server.pid)}  (started, no page served yet)")
        asyncio.run(asyncio.wait_for(warm_up(url), 120))
        until_no_kernels(server.pid, args.idle + 30)
        before = memory(server.pid)
        print(f"before:  {before}  (one page served and closed)")
        threading.Thread(target=sampler, args=(server.pid, samples, stop), daemon=True).start()
        start, students, vanished_ok = time.monotonic(), [], True
        for lesson in range(1, args.rounds + 1):
            came = time.monotonic()
            group, during, left = asyncio.run(
                asyncio.wait_for(run_class(url, args.students, args.at_once, server.pid,
                                           args.vanish), args.deadline)
            )  # fmt: skip
            students += group
            print(f"during:  {during}  (class {lesson}: all {args.students} pages open,"
                  f" {left - came:.0f} s)", flush=True)  # fmt: skip
            until_no_kernels(server.pid, args.idle + 60)
            emptied = next((at - left for at, taken in samples
                            if at >= left and not taken.n_kernels), math.inf)  # fmt: skip
            print(f"kernels after the pages left (every 15 s):\n{timeline(samples, left)}")
            print(f"kernels: {memory(server.pid).n_kernels} left; none {emptied:.0f} s after the"
                  f" pages left (limit {args.idle} s + {MARGIN} s)")  # fmt: skip
            if args.vanish and (memory(server.pid).n_kernels or emptied > args.idle + MARGIN):
                vanished_ok = False
            after = memory(server.pid)
            gone = time.monotonic() - came
            print(f"after:   {after}  (class {lesson} gone, {gone:.0f} s after it came)")
        left_at = time.monotonic() - start
        if args.trim:
            trimmed = trim(server.pid)
            print(f"trimmed: {trimmed}  (after glibc's malloc_trim: memory the server had freed)")
    finally:
        stop.set()
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
    peak = max(samples, key=lambda s: s[1].total)
    print(f"peak:    {peak[1]}  at {peak[0] - samples[0][0]:.0f} s")
    print(f"end:     {after}  ({left_at:.0f} s after the first student came)")
    print(f"after / before = {after.total / before.total:.2f} (limit {LIMIT:.2f})")
    print("\nstudent  seconds  moves placed -> " + ("on the page once saved" if args.vanish
                                                   else "got back after a reload"))
    for s in students[-args.students :]:  # the last class; the others' results are counted
        moves = " ".join(f"{r}{c}={v}" for (r, c), v in sorted(s.moves.items()))
        result = "own game back" if s.ok else f"FAILED {s.error or s.got}"
        print(f"{s.number:7d}  {s.seconds:7.1f}  {moves:20s} {result}")
    shut = Path(log).read_text().count("Kernel shutdown")
    culled = Path(log).read_text().count("Culling 'idle' kernel")
    print(f"\nkernels shut down by the server: {shut} (of which culled when idle: {culled})")
    good = sum(s.ok for s in students)
    print(f"{good} of {len(students)} students got their own game back")
    return 0 if good == len(students) and after.total <= LIMIT * before.total and vanished_ok else 1


if __name__ == "__main__":
    sys.exit(main())
