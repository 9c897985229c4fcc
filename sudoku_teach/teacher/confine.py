"""Set a submission's limits, then become its command.

Usage: `python -I -S confine.py CPU MEMORY FILESIZE PROCESSES CGROUP -- CMD...` (by its path,
as `sandbox.kernel_command` runs it: it needs nothing but the standard library).

Limits set here hold for the command and everything it starts, and cannot be raised again
(the hard limit is lowered too). CGROUP, when not empty, is a pids cgroup to join first:
it caps the number of processes even for root. POSIX systems only (Linux, macOS).
"""

from __future__ import annotations

import os
import resource
import sys


def confine(cpu: int, memory: int, files: int, processes: int) -> None:
    """Lower this process's limits (soft and hard) on CPU, memory, file size and processes."""
    wanted = [(resource.RLIMIT_CPU, cpu), (resource.RLIMIT_FSIZE, files),
              (resource.RLIMIT_NPROC, processes)]
    if sys.platform.startswith("linux"):  # macOS does not enforce an address-space limit
        wanted.append((resource.RLIMIT_AS, memory))
    else:
        wanted.append((resource.RLIMIT_DATA, memory))
    for kind, value in wanted:
        soft, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(kind, (value, value))


def main(argv: list[str]) -> None:
    """Apply the limits given on the command line, then run the command in their place."""
    split = argv.index("--")
    cpu, memory, files, processes = (int(value) for value in argv[:4])
    if argv[4]:
        with open(os.path.join(argv[4], "cgroup.procs"), "w") as tasks:
            tasks.write(str(os.getpid()))
    command = argv[split + 1:]
    confine(cpu, memory, files, processes)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
