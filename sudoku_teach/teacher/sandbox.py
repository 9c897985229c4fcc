"""Where a submission runs: its own temporary folder, limits, and on Linux a bubblewrap jail.

Each notebook gets a fresh temporary folder holding a copy of it alone; its kernel starts
there, in a new session (so the whole process group can be killed), with a scrubbed
environment and limits on CPU time, memory, file size and processes (`confine`). On Linux
with bubblewrap (`bwrap`, Debian package `bubblewrap`) the kernel also runs in a jail: no
network, the system read-only, a private /tmp, only its folder writable, and nothing of the
teacher's files but the Python it needs (read-only). Elsewhere the limits and the folder
are all there is, and the grader says so.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

BUBBLEWRAP, NONE = "bubblewrap", "none"
ISOLATIONS = ("auto", BUBBLEWRAP, NONE)

SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/opt")
"""Read-only in the jail (where they exist): programs and their libraries."""
TMPFS_BYTES = 256 * 2**20
"""The size of the jail's private /tmp and /dev/shm (they live in memory)."""
ETC_FILES = (
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "passwd", "group", "hosts",
    "nsswitch.conf", "alternatives", "fonts", "mime.types", "os-release", "ssl",
)
"""The few files of /etc a Python kernel reads (not all of /etc: no secrets in the jail)."""


@dataclass(frozen=True)
class Limits:
    """What one submission's kernel may use."""

    cpu_seconds: int
    memory_bytes: int = 4 * 2**30
    file_bytes: int = 64 * 2**20
    processes: int = 256

    def describe(self) -> str:
        """The limits in words, and whether the one on processes can hold here."""
        probe = process_group_limit(f"sudoku-grade-probe-{os.getpid()}", 1)
        remove_group(probe)
        if probe is not None:
            how = "a cgroup"
        elif hasattr(os, "geteuid") and os.geteuid() == 0:
            how = "NOT enforced: you grade as root and cgroups are not writable"
        else:
            how = "a per-user limit"
        return (
            f"CPU {self.cpu_seconds} s, memory {self.memory_bytes // 2**20} MB, files"
            f" {self.file_bytes // 2**20} MB, {self.processes} processes ({how})"
        )


PIDS_V1 = Path("/sys/fs/cgroup/pids")
PIDS_V2 = Path("/sys/fs/cgroup")


def process_group_limit(name: str, processes: int) -> Path | None:
    """A new pids cgroup allowing `processes` tasks, where we may make one (Linux, root).

    The rlimit on processes counts per user and does not hold for root, nor inside a jail
    started by root: a cgroup holds for everyone. None where cgroups cannot be written.
    """
    v2 = (PIDS_V2 / "cgroup.controllers").is_file()
    if v2 and "pids" not in (PIDS_V2 / "cgroup.subtree_control").read_text():
        return None
    base = PIDS_V2 if v2 else PIDS_V1
    group = base / name
    try:
        group.mkdir()
        (group / "pids.max").write_text(str(processes))
    except OSError:
        remove_group(group)
        return None
    return group


def kill_group(group: Path | None) -> None:
    """SIGKILL every task left in a cgroup (they may have left the process group)."""
    if group is None:
        return
    for _ in range(50):
        try:
            pids = [int(p) for p in (group / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.05)


def remove_group(group: Path | None) -> None:
    """Kill what is left in a cgroup, then remove it."""
    if group is None:
        return
    kill_group(group)
    for _ in range(50):
        try:
            group.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:  # tasks still exiting
            time.sleep(0.05)


def bubblewrap_works() -> bool:
    """Whether bwrap is installed and may make a jail here (some systems forbid it)."""
    if not sys.platform.startswith("linux") or shutil.which("bwrap") is None:
        return False
    probe = ["bwrap", "--unshare-all", "--ro-bind", "/", "/", "--proc", "/proc", "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def choose(isolation: str) -> str:
    """The isolation to use: bubblewrap when asked for or when "auto" finds it working."""
    if isolation == "auto":
        return BUBBLEWRAP if bubblewrap_works() else NONE
    return isolation


def describe(isolation: str, limits: Limits, asked: str = "auto") -> str:
    """One paragraph for the top of the report: how the students' code is held in."""
    if isolation == BUBBLEWRAP:
        return (
            "Isolation: bubblewrap. Each notebook runs alone in a temporary copy: no network,"
            " a read-only system, a private /tmp, only its own folder writable, no access to"
            f" the other submissions or your files. Limits: {limits.describe()}."
        )
    where = ("as asked (--isolation none)" if asked == NONE
             else "Linux without a working bubblewrap" if sys.platform.startswith("linux")
             else sys.platform)
    limited = (f"limits ({limits.describe()})" if os.name == "posix"
               else "no limits on memory or processes")
    return (
        f"Isolation: NONE ({where}). Each notebook runs in a temporary copy, with {limited}"
        " and a time limit, but its code can read and write anything your account can and"
        " use the network. Grade on a machine or an account made for it (see the teacher's"
        " guide); on Linux, install bubblewrap."
    )


def environment(folder: Path) -> dict[str, str]:
    """The kernel's whole environment: nothing of the teacher's (no tokens, no paths)."""
    home = folder / "home"
    env = {
        "HOME": str(home),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), "/usr/bin", "/bin"]),
        "LANG": "C.UTF-8",
        "PYTHONNOUSERSITE": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "IPYTHONDIR": str(home / ".ipython"),
        "MPLCONFIGDIR": str(home / ".matplotlib"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
        "TMPDIR": str(folder / "tmp"),
    }
    if os.name == "nt":  # Windows cannot start Python without these
        keep = ("SYSTEMROOT", "SYSTEMDRIVE", "PATHEXT", "COMSPEC")
        env.update({k: os.environ[k] for k in keep if k in os.environ})
        env.update({k: str(home) for k in ("USERPROFILE", "APPDATA", "LOCALAPPDATA")})
        env.update({k: str(folder / "tmp") for k in ("TEMP", "TMP")})
    return env


def python_dirs() -> list[str]:
    """The folders the kernel's Python needs: the interpreter, its libraries, this package."""
    here = Path(__file__).resolve().parent.parent
    found = {sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parent.parent),
             sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], str(here)}
    return sorted(d for d in found if Path(d).is_dir())


def jail(folder: Path) -> list[str]:
    """The bwrap command line that runs a command inside the folder's jail."""
    args = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session",
            "--unshare-user", "--uid", "65534", "--gid", "65534"]
    for name in SYSTEM_DIRS:
        path = Path(name)
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), name]
        elif path.is_dir():
            args += ["--ro-bind", name, name]
    for name in ETC_FILES:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    size = str(TMPFS_BYTES)  # memory-backed: without a size, a way round the memory limit
    args += ["--proc", "/proc", "--dev", "/dev", "--size", size, "--tmpfs", "/dev/shm",
             "--size", size, "--tmpfs", "/tmp"]
    for library in python_dirs():
        args += ["--ro-bind", library, library]
    args += ["--bind", str(folder), str(folder), "--chdir", str(folder), "--clearenv"]
    inside = {**environment(folder), "TMPDIR": "/tmp"}  # the jail's own /tmp, a tmpfs
    for key, value in inside.items():
        args += ["--setenv", key, value]
    return [*args, "--remount-ro", "/"]


CONFINE = Path(__file__).resolve().with_name("confine.py")
"""Run by its path, alone (`-I -S`: no site-packages, no package): `-m` would import all of
sudoku_teach first, about 0.2 s of CPU for each notebook graded."""


def kernel_command(
    isolation: str, folder: Path, connection_file: Path, limits: Limits, group: Path | None
) -> list[str]:
    """How to start the kernel for one submission: limits, then the jail, then Python."""
    kernel = [sys.executable, "-m", "ipykernel_launcher", "-f", str(connection_file)]
    if os.name != "posix":
        return kernel
    confine = [sys.executable, "-I", "-S", str(CONFINE),
               str(limits.cpu_seconds), str(limits.memory_bytes), str(limits.file_bytes),
               str(limits.processes), str(group or ""), "--"]
    return confine + (jail(folder) if isolation == BUBBLEWRAP else []) + kernel


def make_folder(notebook: bytes, root: Path) -> Path:
    """A fresh folder under `root` holding a copy of the notebook alone (the bytes the grader
    read, not the file again), and its home."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="submission-", dir=root))
    for sub in ("home", "tmp"):
        (folder / sub).mkdir()
    (folder / "submission.ipynb").write_bytes(notebook)
    return folder
