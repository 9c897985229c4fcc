"""How `make test` hands its tests to the workers of pytest-xdist: whole files, and the
longest files in parts.

A file stays on one worker, so that a notebook's cells run in order in one kernel and a
file's shared server (JupyterLab, Voila) starts once. A few files would then take longer
alone than the rest of the suite on the other workers; their tests are dealt out in turn
into parts, each part a unit of its own that starts the file's server for itself.
(pytest-xdist's own groups, `--dist loadgroup`, rename the tests, which pytest 9 no
longer lets a plugin do.)

A JupyterLab test that plays with a lesson (its id names it: "...[01_rules.ipynb]") goes
where the lessons' test runs that lesson, right after it (`in_lesson_order`, used by
tests/conftest.py): it takes the lesson as the lessons' test left it in the worker's one
JupyterLab page, instead of a server, a page and a run of the lesson of its own
(tests/in_browser.py).
"""

from __future__ import annotations

import re
from typing import Any

from xdist.scheduler import LoadFileScheduling

SPREAD = {"test_lessons_browser.py": 3, "test_student.py": 2, "test_grading_verdicts.py": 2}
"""The files dealt out, and into how many parts."""


LESSONS = "test_lessons_browser.py"
"""The file that runs every lesson in JupyterLab."""

FOLLOWERS = {"test_browser.py", "test_play_browser.py", "test_board_browser.py"}
"""Files whose JupyterLab tests play with a lesson the lessons' test has run."""


def file_name(nodeid: str) -> str:
    """The test file's name, without its folder."""
    return nodeid.split("::")[0].rsplit("/", 1)[-1]


def lesson_of(nodeid: str) -> str | None:
    """The lesson a test's id names ("...[01_rules.ipynb]"), if any."""
    match = re.search(r"\[(\d\d_\w+\.ipynb)\]$", nodeid)
    return match.group(1) if match else None


def follows(nodeid: str) -> bool:
    """Whether the test plays with a lesson the lessons' test runs."""
    return file_name(nodeid) in FOLLOWERS and lesson_of(nodeid) is not None


def in_lesson_order(collection: list[str]) -> list[int]:
    """The positions of the tests in the order to run them: each test that follows a lesson
    moved to right after the lessons' test of that lesson (if that one is collected)."""
    ran = {lesson_of(nodeid) for nodeid in collection if file_name(nodeid) == LESSONS}
    moved = [i for i, nodeid in enumerate(collection)
             if follows(nodeid) and lesson_of(nodeid) in ran]  # fmt: skip
    left = set(moved)
    order: list[int] = []
    for i, nodeid in enumerate(collection):
        if i in left:
            continue
        order.append(i)
        if file_name(nodeid) == LESSONS and lesson_of(nodeid):
            order += [j for j in moved if lesson_of(collection[j]) == lesson_of(nodeid)]
    return order


def deal(collection: list[str]) -> dict[str, str]:
    """Each test of a file in `SPREAD` with its part ("tests/x.py#1"), in collection order;
    a test that follows a lesson with the part that runs the lesson."""
    parts: dict[str, str] = {}
    dealt: dict[str, int] = {}
    for nodeid in collection:
        file = nodeid.split("::")[0]
        count = SPREAD.get(file_name(nodeid), 0)
        if count:
            dealt[file] = dealt.get(file, -1) + 1
            parts[nodeid] = f"{file}#{dealt[file] % count}"
    lessons = {lesson_of(nodeid): part for nodeid, part in parts.items()
               if file_name(nodeid) == LESSONS}  # fmt: skip
    for nodeid in collection:
        if follows(nodeid) and lesson_of(nodeid) in lessons:
            parts[nodeid] = lessons[lesson_of(nodeid)]
    return parts


class FilesInParts(LoadFileScheduling):
    """pytest-xdist's `--dist loadfile`, with the files of `SPREAD` in parts."""

    parts: dict[str, str] | None = None

    def _split_scope(self, nodeid: str) -> str:
        if self.parts is None:
            self.parts = deal(next(iter(self.registered_collections.values())))
        return self.parts.get(nodeid) or nodeid.split("::")[0]

    # pytest-xdist 3.8 waits forever once a worker has crashed (pytest-timeout ends a hung
    # test by ending its worker): it queues the dead worker's finished files again as empty
    # units, and runs the test that crashed again (its issues 1378 and 1327, PR 1371).
    def remove_node(self, node: Any) -> str | None:
        """Put back only the dead worker's unfinished tests, and not the one it died on
        (xdist reports that one as failed)."""
        workload = self.assigned_work.pop(node)
        pending = [(scope, nodeid) for scope, unit in workload.items()
                   for nodeid, done in unit.items() if not done]  # fmt: skip
        if not pending:
            return None
        scope, crashed = pending[0]
        workload[scope][crashed] = True
        self.workqueue.update((s, unit) for s, unit in workload.items() if not all(unit.values()))
        for other in self.assigned_work:
            self._reschedule(other)
        return crashed

    def _assign_work_unit(self, node: Any) -> None:
        """xdist's; but a worker that died since its last report cannot be sent work (its
        channel is closed, and xdist hears of the death only after this report): the unit
        stays on its list, for `remove_node` to put back, and the worker counts as shutting
        down. xdist's own send raised, and the whole run ended in an INTERNALERROR."""
        try:
            super()._assign_work_unit(node)
        except OSError:  # "cannot send (already closed?)"
            node.shutdown()  # sends nothing to a closed channel, and marks it shutting down

    def _reschedule(self, node: Any) -> None:
        """xdist's, then more until the worker holds two tests, or "no more tests" once none
        is left: a worker runs a test only when it knows what comes after it."""
        super()._reschedule(node)
        while (not node.shutting_down and self.workqueue
               and self._pending_of(self.assigned_work[node]) < 2):  # fmt: skip
            self._assign_work_unit(node)
        if not self.workqueue and not node.shutting_down:
            node.shutdown()
