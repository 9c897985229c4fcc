"""How `make test` hands its tests to the workers of pytest-xdist: whole files, and the
longest files in parts.

A file stays on one worker, so that a notebook's cells run in order in one kernel and a
file's shared server (JupyterLab, Voila) starts once. A few files would then take longer
alone than the rest of the suite on the other workers; their tests are dealt out in turn
into parts, each part a unit of its own that starts the file's server for itself.
(pytest-xdist's own groups, `--dist loadgroup`, rename the tests, which pytest 9 no
longer lets a plugin do.)
"""

from __future__ import annotations

from typing import Any

from xdist.scheduler import LoadFileScheduling

SPREAD = {"test_lessons_browser.py": 3, "test_student.py": 2, "test_grading_verdicts.py": 2}
"""The files dealt out, and into how many parts."""


def deal(collection: list[str]) -> dict[str, str]:
    """Each test of a file in `SPREAD` with its part ("tests/x.py#1"), in collection order."""
    parts: dict[str, str] = {}
    dealt: dict[str, int] = {}
    for nodeid in collection:
        file = nodeid.split("::")[0]
        count = SPREAD.get(file.rsplit("/", 1)[-1], 0)
        if count:
            dealt[file] = dealt.get(file, -1) + 1
            parts[nodeid] = f"{file}#{dealt[file] % count}"
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

    def _reschedule(self, node: Any) -> None:
        """xdist's, then more until the worker holds two tests, or "no more tests" once none
        is left: a worker runs a test only when it knows what comes after it."""
        super()._reschedule(node)
        while (not node.shutting_down and self.workqueue
               and self._pending_of(self.assigned_work[node]) < 2):  # fmt: skip
            self._assign_work_unit(node)
        if not self.workqueue and not node.shutting_down:
            node.shutdown()
