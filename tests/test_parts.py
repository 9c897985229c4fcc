"""How `make test` hands out its tests (tests/parts.py): a worker that dies (pytest-timeout
ends a hung test that way) costs its test, not the run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

CONFTEST = '''
import pytest

@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from parts import FilesInParts
    return FilesInParts(config, log)
'''


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_that_dies_costs_its_test_and_the_run_goes_on(tmp_path, workers):
    pytest.importorskip("xdist")
    shutil.copy(HERE / "parts.py", tmp_path / "parts.py")
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_a.py").write_text("def test_a1(): pass\ndef test_a2(): pass\n")
    (tmp_path / "test_b.py").write_text(
        "import os\ndef test_dies(): os._exit(1)\ndef test_after(): pass\n")
    (tmp_path / "test_c.py").write_text("def test_c1(): pass\ndef test_c2(): pass\n")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", str(workers),
         "--dist", "loadfile", "-o", "addopts=", str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # pytest-xdist's own loadfile waits forever here (its issues 1327 and 1378)
    assert "1 failed, 5 passed" in run.stdout, run.stdout[-2000:]
    assert "test_dies" in run.stdout
