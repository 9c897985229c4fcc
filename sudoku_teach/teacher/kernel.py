"""One submission's Python kernel, started in its sandbox, spoken to, and killed for sure.

The grader starts the kernel itself (not through a kernel spec) so that it knows the
process group to kill: the kernel begins a new session, and at the deadline or at the end
the whole group gets SIGKILL, which no code can catch or ignore. The kernel talks over
Unix sockets inside the submission's folder when jailed, so it needs no network (else over
the loopback interface). The grader listens only for the replies to its own requests (the
shell channel), never to the outputs: what a notebook prints is not even received, and a
message over `MAX_MESSAGE` bytes is refused by the socket.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .sandbox import (
    BUBBLEWRAP,
    Limits,
    environment,
    kernel_command,
    process_group_limit,
    remove_group,
)

MAX_MESSAGE = 8_000_000
"""The largest message the grader accepts from a kernel (bytes)."""
START_TIME = 60
"""Seconds a kernel may take to start, within the notebook's own time."""


class OutOfTime(Exception):
    """The notebook's time ran out (the kernel has been killed)."""


class KernelDied(Exception):
    """The kernel stopped (out of memory, killed itself, could not start)."""


@dataclass(frozen=True)
class CellError:
    """A cell that raised: which code cell (from 1), the exception's type and message."""

    cell: int
    kind: str
    message: str


@dataclass
class Reply:
    """What one execution sent back: its error, if any, and the asked-for value as text."""

    error: CellError | None = None
    value: str | None = None


def reply_of(content: Any, cell: int) -> Reply:
    """An execute_reply read strictly: the cell's error, the expression's value (a str)."""
    if not isinstance(content, dict):
        return Reply(CellError(cell, "Reply", "the kernel's reply was not a table"))
    error = None
    if content.get("status") == "error":
        error = CellError(cell, str(content.get("ename", ""))[:100],
                          str(content.get("evalue", ""))[:300])
    found = content.get("user_expressions")
    found = found.get("reply") if isinstance(found, dict) else None
    if isinstance(found, dict) and found.get("status") == "error":
        return Reply(error or CellError(cell, str(found.get("ename", ""))[:100],
                                        str(found.get("evalue", ""))[:300]))
    data = found.get("data") if isinstance(found, dict) else None
    text = data.get("text/plain") if isinstance(data, dict) else None
    return Reply(error, text if isinstance(text, str) else None)


class Kernel:
    """A kernel in a submission's folder, alive until `stop` (a context manager)."""

    def __init__(self, folder: Path, isolation: str, limits: Limits, deadline: float) -> None:
        self.folder, self.isolation, self.limits = folder, isolation, limits
        self.deadline = deadline
        self.process: subprocess.Popen[bytes] | None = None
        self.client: Any = None
        self.context: Any = None
        self.out_of_time = False
        self.group: Path | None = None

    def __enter__(self) -> Kernel:
        try:
            self.start()
        except BaseException:
            # `with` calls __exit__ only after __enter__ returns: a kernel that died while
            # starting must still be killed and its sockets closed here. Left to the garbage
            # collector, the zmq context would wait forever for sockets it can no longer see,
            # and the grader (or one of its workers) would hang.
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Write the connection file, start the kernel in a new session, wait until it answers."""
        import zmq
        from jupyter_client import BlockingKernelClient
        from jupyter_client.connect import write_connection_file

        runtime = self.folder / "kernel"
        shutil.rmtree(runtime, ignore_errors=True)  # a run before this one left its sockets
        runtime.mkdir()
        connection = runtime / "connection.json"
        if self.isolation == BUBBLEWRAP:  # Unix sockets in the folder: the jail has no network
            write_connection_file(str(connection), transport="ipc", ip=str(runtime / "ipc"))
        else:
            write_connection_file(str(connection), transport="tcp", ip="127.0.0.1")
        self.group = process_group_limit(f"sudoku-grade-{self.folder.name}", self.limits.processes)
        command = kernel_command(self.isolation, self.folder, connection, self.limits, self.group)
        self.process = subprocess.Popen(
            command, cwd=self.folder, env=environment(self.folder), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=os.name == "posix",
        )
        self.context = zmq.Context()
        self.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)
        self.context.setsockopt(zmq.LINGER, 0)
        self.client = BlockingKernelClient(context=self.context)
        self.client.load_connection_file(str(connection))
        self.client.start_channels(iopub=False, stdin=False, hb=False, control=False)
        ready = min(self.deadline, time.monotonic() + START_TIME)
        while True:
            self.check_alive(ready)
            self.client.kernel_info()
            with contextlib.suppress(queue.Empty):
                self.client.get_shell_msg(timeout=0.5)
                break

    def check_alive(self, deadline: float) -> None:
        """Raise when the kernel has stopped, or kill it when its time is up."""
        if self.process is not None and self.process.poll() is not None:
            raise KernelDied(f"exit status {self.process.returncode}")
        if time.monotonic() >= deadline:
            self.out_of_time = True
            self.stop()
            raise OutOfTime

    def execute(self, code: str, cell: int, ask: str = "") -> Reply:
        """Run code as one cell: its error, and the value of the expression `ask` as text."""
        if self.client is None:  # stopped already: say why again (a caller may have swallowed it)
            raise OutOfTime if self.out_of_time else KernelDied("stopped")
        expressions = {"reply": ask} if ask else {}
        msg_id = self.client.execute(code, store_history=not ask, allow_stdin=False,
                                     stop_on_error=False, user_expressions=expressions)
        while True:
            self.check_alive(self.deadline)
            try:
                message = self.client.get_shell_msg(timeout=0.2)
            except queue.Empty:
                continue
            if message.get("parent_header", {}).get("msg_id") == msg_id:
                return reply_of(message.get("content"), cell)

    def stop(self) -> None:
        """Kill the kernel's whole process group (SIGKILL), close the sockets."""
        if self.process is not None and self.process.poll() is None:
            if os.name == "posix":
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGKILL)
            else:
                self.process.kill()
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            if os.name == "posix":  # children that left the kernel but kept its group
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGKILL)
        remove_group(self.group)
        self.group = None
        if self.client is not None:
            self.client.stop_channels()
            self.client = None
        if self.context is not None:
            self.context.destroy(linger=0)
            self.context = None
