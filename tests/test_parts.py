"""How `make test` hands out its tests (tests/parts.py): a worker that dies (pytest-timeout
ends a hung test that way) costs its test, not the run. And which tests `make test-fast`
leaves out (tests/conftest.py)."""

from __future__ import annotations

import os
import re
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
    # Only xdist is loaded (the others, nbval and hypothesis among them, cost each process
    # seconds of imports), and none of the outer run's options reach the inner one.
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist", "-p", "no:cacheprovider", "-q",
         "-n", str(workers), "--dist", "loadfile", "-o", "addopts=", str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, env=env,
    )  # pytest-xdist's own loadfile waits forever here (its issues 1327 and 1378)
    assert "1 failed, 5 passed" in run.stdout, run.stdout[-2000:]
    assert "test_dies" in run.stdout


class DeadWorker:
    """A worker that died after its last report: every send fails, as execnet's does."""

    def __init__(self) -> None:
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        raise OSError("cannot send (already closed?)")

    def shutdown(self) -> None:
        self.shutting_down = True  # xdist's: a closed channel's OSError is passed over


def test_work_for_a_worker_that_died_since_its_last_report_goes_back_to_the_queue():
    from collections import OrderedDict

    from parts import FilesInParts

    scheduler = FilesInParts.__new__(FilesInParts)  # the scheduler's state, without a run
    scheduler.log = lambda *args: None
    scheduler.parts = {}
    node = DeadWorker()
    tests = ["b.py::test_dies", "b.py::test_after", "c.py::test_c1", "c.py::test_c2"]
    scheduler.registered_collections = {node: tests}
    scheduler.assigned_work = {node: {"b.py": {tests[0]: False, tests[1]: False}}}
    scheduler.workqueue = OrderedDict({"c.py": {tests[2]: False, tests[3]: False}})
    scheduler.mark_test_complete(node, 1, 0.0)  # test_after's report, read after the death
    assert node.shutting_down and not scheduler.workqueue  # no INTERNALERROR: c.py waits...
    assert scheduler.remove_node(node) == "b.py::test_dies"  # ...until xdist hears of it
    assert list(scheduler.workqueue) == ["c.py"]  # and then goes to another worker


LESSON = "tests/test_lessons_browser.py::test_every_board[{}]"


def test_a_jupyterlab_test_of_a_lesson_runs_right_after_the_lesson_on_its_worker():
    from parts import deal, in_lesson_order

    collection = [
        "tests/test_board_browser.py::test_app_axe[light]",
        "tests/test_board_browser.py::test_lab_axe[08_play.ipynb]",
        "tests/test_browser.py::test_clicking[01_rules.ipynb]",
        "tests/test_browser.py::test_helper[02_elimination_sets.ipynb]",
        "tests/test_browser.py::test_explorer[03_recursive_search.ipynb]",
        *(LESSON.format(name) for name in ("00_start.ipynb", "01_rules.ipynb", "08_play.ipynb")),
        "tests/test_lite_browser.py::test_lesson[01_rules.ipynb]",
        "tests/test_play_browser.py::test_keys[08_play.ipynb]",
        "tests/test_play_browser.py::test_voila",
    ]
    ordered = [collection[i] for i in in_lesson_order(collection)]
    assert sorted(ordered) == sorted(collection)
    assert ordered == [
        "tests/test_board_browser.py::test_app_axe[light]",
        "tests/test_browser.py::test_helper[02_elimination_sets.ipynb]",  # 02 is not run here
        "tests/test_browser.py::test_explorer[03_recursive_search.ipynb]",
        LESSON.format("00_start.ipynb"),
        LESSON.format("01_rules.ipynb"),
        "tests/test_browser.py::test_clicking[01_rules.ipynb]",
        LESSON.format("08_play.ipynb"),
        "tests/test_board_browser.py::test_lab_axe[08_play.ipynb]",
        "tests/test_play_browser.py::test_keys[08_play.ipynb]",
        "tests/test_lite_browser.py::test_lesson[01_rules.ipynb]",  # its own browser: stays
        "tests/test_play_browser.py::test_voila",
    ]
    parts = deal(ordered)
    assert parts[LESSON.format("00_start.ipynb")] == "tests/test_lessons_browser.py#0"
    assert parts["tests/test_browser.py::test_clicking[01_rules.ipynb]"] == (
        parts[LESSON.format("01_rules.ipynb")]
    )
    for follower in ("test_board_browser.py::test_lab_axe", "test_play_browser.py::test_keys"):
        assert parts[f"tests/{follower}[08_play.ipynb]"] == parts[LESSON.format("08_play.ipynb")]
    own = [
        "test_browser.py::test_helper[02_elimination_sets.ipynb]",
        "test_lite_browser.py::test_lesson[01_rules.ipynb]",
        "test_play_browser.py::test_voila",
    ]
    assert not {f"tests/{nodeid}" for nodeid in own} & set(parts)  # each a unit of its file


def test_every_test_conftest_calls_slow_exists():
    """A test renamed out of `SLOW_TESTS` would quietly come back into `make test-fast`."""
    from conftest import SLOW_TESTS

    defined = {
        name
        for path in HERE.glob("test_*.py")
        for name in re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.MULTILINE)
    }
    assert not SLOW_TESTS - defined, sorted(SLOW_TESTS - defined)
