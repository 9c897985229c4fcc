"""What the school's JupyterHub (deploy/jupyterhub/) does for each student, in plain functions.

- `unix_name`: any login name (`anna.berg@school.org`) as a safe Unix account name;
- `ensure_account`: the student's own Unix account, made on their first start, with a
  home only they can read;
- `home_of`: where a student's home is for any spawner, without `~name` expansion;
- `give_lessons`: the student notebooks and the game copied into `~/sudoku-teach/`, by a
  process of the student's own when the hub runs as root (so a link the student put in
  their home can never make the hub write somewhere else).

Only the standard library: the hub's config imports this module, and the tests call it.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import re
import subprocess
from pathlib import Path
from typing import Any

from ..errors import SudokuError

FOLDER = "sudoku-teach"
"""The folder in each home for the lessons (collect.py reads the same)."""
SAFE = re.compile(r"[a-z_][a-z0-9_-]{0,31}")
"""A name `useradd` takes on every Linux, and that needs no quoting anywhere."""
ACCOUNT_COMMENT = "sudoku-teach hub student"
"""Written in each account the hub creates, so they can be listed (and removed) later."""


class AccountError(SudokuError, OSError):
    """A student's account or home that could not be made."""


def unix_name(name: str) -> str:
    """`name` itself when it is a safe account name, else a safe name with a short hash of it.

    `anna.berg@school.org` becomes `anna-berg-school-org-` and six hex digits; the hash
    keeps two names that differ only in their punctuation apart.
    """
    lower = name.strip().lower()
    if SAFE.fullmatch(lower):
        return lower
    base = re.sub(r"[^a-z0-9]+", "-", lower).strip("-") or "user"
    if not base[0].isalpha():
        base = "u-" + base
    digest = hashlib.sha256(lower.encode()).hexdigest()[:6]
    return f"{base[:24]}-{digest}"


def ensure_account(name: str, homes: Path) -> pwd.struct_passwd:
    """The Unix account `name`, made with `useradd` (home `homes/name`, mode 0700) if new."""
    if not SAFE.fullmatch(name):
        raise AccountError(f"{name!r} is not a safe account name (use unix_name first)")
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    home = homes / name
    command = ["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/bash",
               "--user-group", "--comment", ACCOUNT_COMMENT, name]  # fmt: skip
    made = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    if made.returncode != 0:
        raise AccountError(f"useradd {name} failed: {made.stderr.strip()}")
    os.chmod(home, 0o700)
    return pwd.getpwnam(name)


def home_of(spawner: Any, template: str = "") -> Path | None:
    """The student's home for this spawner: its own `home_dir`, else the Unix account's, else
    `template` with `{username}` filled in; None when the hub cannot reach it (a container)."""
    home = getattr(spawner, "home_dir", "")
    if home:
        return Path(home)
    try:
        return Path(pwd.getpwnam(spawner.user.name).pw_dir)
    except KeyError:
        return Path(template.format(username=spawner.user.name)) if template else None


def give_lessons(python: str, lessons: Path, home: Path,
                 account: pwd.struct_passwd | None) -> str:
    """Copy the notebooks of `lessons` into `home/sudoku-teach` (never over the student's own)
    with `python`, as the student when an account is given and the hub is root; what it said."""
    command = [python, "-m", "sudoku_teach.teacher.my_work", str(lessons), str(home / FOLDER)]
    as_student: dict[str, Any] = {}
    if account is not None and os.geteuid() == 0:
        as_student = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": [],
                      "cwd": home, "env": {"HOME": str(home), "PATH": "/usr/bin:/bin"}}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False,
                          **as_student)  # fmt: skip
    if done.returncode != 0:
        raise AccountError(f"copying {lessons} into {home / FOLDER} failed: "
                           f"{done.stderr.strip()}")  # fmt: skip
    return done.stdout.strip()
