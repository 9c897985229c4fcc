"""`make install` says how long it takes and shows it working: a dot per package pip fetches.

The recipe runs here with a stand-in for the virtual environment's Python (a script that
prints what pip prints), so the test needs no network and takes a moment.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PIP = """#!/bin/sh
case "$*" in
  *"--upgrade pip"*) echo "Requirement already satisfied: pip"; exit 0 ;;
esac
echo "Obtaining file:///sudoku-teach"
echo "Collecting jupyterlab>=4.2"
echo "  Downloading jupyterlab-4.6.0-py3-none-any.whl (12.0 MB)"
echo "Collecting voila>=0.5"
echo "Collecting nbval>=0.11"
echo "Installing collected packages: nbval, voila, jupyterlab"
if [ -n "$PIP_FAILS" ]; then echo "ERROR: no matching distribution for voila"; exit 1; fi
echo "Successfully installed jupyterlab nbval voila"
"""
"""What the stand-in answers: pip's lines for three packages (or its error)."""


@pytest.mark.parametrize("makefile", ["Makefile", "handout/Makefile"])
@pytest.mark.parametrize("fails", [False, True])
def test_install_shows_a_dot_per_package_and_says_how_it_ended(tmp_path, makefile, fails):
    if shutil.which("make") is None:
        pytest.skip("no make here")
    shutil.copy(ROOT / makefile, tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(PIP)
    python.chmod(0o755)
    env = {"PATH": "/usr/bin:/bin", "PIP_FAILS": "1" if fails else ""}
    run = subprocess.run(["make", "install"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=60)
    said = run.stdout
    assert "The first time this takes" in " ".join(said.split())  # how long, before the wait
    assert "Fetching packages (a dot each): ...\n" in said  # three packages, three dots
    assert "Collecting voila" in (tmp_path / ".venv" / "install.log").read_text()
    if fails:
        assert run.returncode != 0 and "ERROR: no matching distribution" in said  # the log's end
        assert "failed; pip's full output is in .venv/install.log" in said
        assert not (tmp_path / ".venv" / ".installed").exists()  # the next run tries again
    else:
        assert run.returncode == 0, run.stderr
        assert "Collecting" not in said  # pip's own lines go to the log only
        assert "Installing them" in said and "is ready" in said
        assert (tmp_path / ".venv" / ".installed").exists()
