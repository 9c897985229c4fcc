"""A time limit for a student's function that works on every system, Windows included.

A watchdog thread waits for the limit, then interrupts the main thread (as Ctrl-C would);
the interruption is turned into `TimeUp`. Signals such as SIGALRM would be simpler but do
not exist on Windows.
"""

from __future__ import annotations

import _thread
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class TimeUp(Exception):
    """A student's function ran past the time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block after `seconds`: a watchdog thread interrupts the main thread.

    Works on every system (Windows too). Off the main thread there is nothing to interrupt
    safely, so the block runs without a limit there.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    lock = threading.Lock()
    state = {"running": True, "fired": False}

    def fire() -> None:
        with lock:
            if state["running"]:
                state["fired"] = True
                _thread.interrupt_main()

    watchdog = threading.Timer(seconds, fire)
    watchdog.daemon = True
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
        watchdog.cancel()
