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
