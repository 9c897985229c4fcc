"""A limit on the work a student's function does, that holds on a busy machine and on Windows.

The limit counts the seconds of computing this Python process does (`time.process_time`),
not the seconds on the clock: on a machine shared with other work a right answer is never
"too slow" because it waited for the processor. A function that waits without computing
(an `input()`, a `time.sleep`) is stopped by a much later backstop on the clock.

A watchdog thread watches both, then interrupts the main thread (as Ctrl-C would); the
interruption is turned into `TimeUp`. A process that ignores Ctrl-C (a command started in the
background with `&`, many services) would let that interruption pass unseen and the loop run
forever, so for the block Python's own Ctrl-C handler is put in place. Signals such as SIGALRM
would be simpler but do not exist on Windows. Where no thread can start (Python in the
browser, Pyodide), the clocks are read on every line the block runs instead: slower, but an
endless loop still stops.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

WALL_FACTOR = 10
"""The backstop on the clock: this many times the computing limit, and at least a minute."""
WALL_MINIMUM = 60.0


class TimeUp(Exception):
    """A student's function ran past the time limit."""


def wall_backstop(seconds: float) -> float:
    """How long on the clock a block may take at most, waiting included."""
    return max(seconds * WALL_FACTOR, seconds + WALL_MINIMUM)


@contextmanager
def time_limit(seconds: float, wall: float | None = None) -> Iterator[None]:
    """Interrupt the block after `seconds` of computing, or `wall` seconds on the clock.

    Works on every system (Windows too). Off the main thread there is nothing to interrupt
    safely, so the block runs without a limit there.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if sys.platform == "emscripten":  # the browser's Python: no threads
        with traced_limit(seconds, wall_backstop(seconds) if wall is None else wall):
            yield
        return
    lock = threading.Lock()
    done = threading.Event()
    state = {"running": True, "fired": False}
    start_work, start_clock = time.process_time(), time.monotonic()
    clock_limit = wall_backstop(seconds) if wall is None else wall
    poll = min(0.05, max(seconds, 0.001) / 10)

    def over() -> bool:
        return (time.process_time() - start_work >= seconds
                or time.monotonic() - start_clock >= clock_limit)

    def watch() -> None:
        while not done.wait(poll):
            if over():
                with lock:
                    if state["running"]:
                        state["fired"] = True
                        _thread.interrupt_main()
                return

    watchdog = threading.Thread(target=watch, name="sudoku-teach watchdog", daemon=True)
    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler):  # ignored or left to the system: no KeyboardInterrupt would come
        signal.signal(signal.SIGINT, signal.default_int_handler)
    watchdog.start()
    try:
        yield
    except KeyboardInterrupt:
        if state["fired"]:
            raise TimeUp from None
        raise  # the student pressed stop: let it stop
    finally:
        with lock:
            state["running"] = False
        done.set()
        if not callable(handler):
            signal.signal(signal.SIGINT, signal.SIG_DFL if handler is None else handler)


@contextmanager
def traced_limit(seconds: float, wall: float | None = None) -> Iterator[None]:
    """`time_limit` without a thread: the clocks are read on each line the block runs."""
    work_end = time.process_time() + seconds
    clock_end = time.monotonic() + (wall_backstop(seconds) if wall is None else wall)
    previous = sys.gettrace()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if time.process_time() >= work_end or time.monotonic() >= clock_end:
            raise TimeUp
        return tracer

    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(previous)
