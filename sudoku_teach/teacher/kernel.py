"""One submission's Python kernel, started in its sandbox, spoken to, and killed for sure.

The grader starts the kernel itself (not through a kernel spec) so that it knows the
process group to kill: the kernel begins a new session, and at the deadline or at the end
the whole group gets SIGKILL, which no code can catch or ignore. The kernel talks over
Unix sockets inside the submission's folder when jailed, so it needs no network (else over
the loopback interface). What comes back is bounded: messages over `MAX_MESSAGE` bytes are
refused by the sockets, and the printed outputs are dropped unread.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import time
from dataclasses import dataclass, field
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
    """What one execution sent back: its error, if any, and outputs of the asked-for type."""

    error: CellError | None = None
    data: list[str] = field(default_factory=list)


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
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Write the connection file, start the kernel in a new session, wait until it answers."""
        import zmq
        from jupyter_client import BlockingKernelClient
        from jupyter_client.connect import write_connection_file

        runtime = self.folder / "kernel"
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
        self.client.start_channels(hb=False)
        ready = min(self.deadline, time.monotonic() + START_TIME)
        while True:
            self.check_alive(ready)
            self.client.kernel_info()
            with contextlib.suppress(queue.Empty):
                self.client.get_shell_msg(timeout=0.5)
                break
        with contextlib.suppress(queue.Empty):  # the iopub status messages of kernel_info
            while True:
                self.client.get_iopub_msg(timeout=0.2)

    def check_alive(self, deadline: float) -> None:
        """Raise when the kernel has stopped, or kill it when its time is up."""
        if self.process is not None and self.process.poll() is not None:
            raise KernelDied(f"exit status {self.process.returncode}")
        if time.monotonic() >= deadline:
            self.out_of_time = True
            self.stop()
            raise OutOfTime

    def execute(self, code: str, cell: int, mime: str = "") -> Reply:
        """Run code as one cell; its error, and every output of type `mime` it displays."""
        if self.client is None:  # stopped already: say why again (a caller may have swallowed it)
            raise OutOfTime if self.out_of_time else KernelDied("stopped")
        reply = Reply()
        msg_id = self.client.execute(code, store_history=True, allow_stdin=False,
                                     stop_on_error=False)
        while True:
            self.check_alive(self.deadline)
            try:
                message = self.client.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                continue
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = message.get("msg_type"), message.get("content", {})
            if kind == "error":
                reply.error = CellError(cell, str(content.get("ename", ""))[:100],
                                        str(content.get("evalue", ""))[:300])
            elif kind in ("display_data", "execute_result") and mime:
                data = content.get("data", {}).get(mime)
                if isinstance(data, str):
                    reply.data.append(data)
            elif kind == "status" and content.get("execution_state") == "idle":
                return reply

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
