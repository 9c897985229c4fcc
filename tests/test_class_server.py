"""The class's server: the limits in app/voila.json are the ones used and the ones documented,
and the app keeps each player's save in their own browser."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest
from voila.execute import VoilaExecutor

from sudoku_teach.teacher import class_server
from sudoku_teach.teacher.class_server import TrimmingKernelManager
from sudoku_teach.views.browser_store import BrowserStore

ROOT = Path(__file__).resolve().parent.parent
LIMITS = json.loads((ROOT / "app" / "voila.json").read_text(encoding="utf-8"))


def test_idle_kernels_are_culled_often_enough_and_pages_left_open_count_as_idle():
    kernels = LIMITS["MappingKernelManager"]
    assert 0 < kernels["cull_interval"] < kernels["cull_idle_timeout"] <= 3600
    assert kernels["cull_connected"] is True and kernels["cull_busy"] is False


def test_voila_reads_the_file_that_make_play_names(monkeypatch):
    from voila.app import Voila

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    nodelay = makefile.split("\nNODELAY := ")[1].split("\n")[0]
    recipe = makefile.split("\nplay:")[1].split("\n\n")[0]
    args = recipe.split("$(BIN)/voila ")[1].replace("$(PLAY_ARGS)", "")
    args = args.replace("$(NODELAY)", nodelay).split()
    monkeypatch.chdir(ROOT)
    app = Voila()
    app.initialize([*args, "--no-browser"])
    assert dict(app.config.MappingKernelManager) == LIMITS["MappingKernelManager"]
    assert app.voila_configuration.multi_kernel_manager_class is TrimmingKernelManager
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=app.config)  # as Voila makes it
    assert executor.iopub_timeout == LIMITS["VoilaExecutor"]["iopub_timeout"] >= 30


def test_the_culler_shuts_idle_kernels_down_together_and_goes_on_after_a_failure(monkeypatch):
    import asyncio

    looked, running, at_once = [], [], []

    async def cull_kernel_if_idle(self, kernel: str) -> None:
        looked.append(kernel)
        running.append(kernel)
        at_once.append(len(running))
        await asyncio.sleep(0.2)  # a kernel shutting down
        running.remove(kernel)
        if kernel == "b":
            raise RuntimeError("this kernel would not end")

    monkeypatch.setattr(TrimmingKernelManager, "cull_kernel_if_idle", cull_kernel_if_idle)
    manager = TrimmingKernelManager()
    manager._kernels = dict.fromkeys("abcd")
    asyncio.run(manager.cull_kernels())
    assert sorted(looked) == ["a", "b", "c", "d"] and max(at_once) == 4  # all four at once


def test_a_kernel_shut_down_is_gone_and_the_server_gives_memory_back(monkeypatch):
    import asyncio

    given_back = []
    monkeypatch.setattr(class_server, "give_back_memory", lambda: given_back.append(1))

    async def start_and_stop() -> list[str]:
        manager = TrimmingKernelManager()
        kernel = await manager.start_kernel()
        await manager.shutdown_kernel(kernel)
        return list(manager.list_kernel_ids())

    assert asyncio.run(start_and_stop()) == [] and given_back == [1]


@pytest.mark.skipif(sys.platform != "linux", reason="malloc_trim is glibc's")
def test_on_linux_freed_memory_is_handed_back():
    assert class_server.give_back_memory() is True


def test_the_guide_gives_the_limits_the_file_holds():
    guide = (ROOT / "docs" / "teachers-guide.md").read_text(encoding="utf-8")
    section = guide.split("### Limits of the class server")[1].split("\n## ")[0]
    kernels = LIMITS["MappingKernelManager"]
    assert f"`cull_idle_timeout`: {kernels['cull_idle_timeout']}" in section
    assert f"`cull_interval`: {kernels['cull_interval']}" in section
    assert re.search(r"\b" + str(kernels["cull_idle_timeout"] // 60) + r" minutes\b", section)


def test_the_app_keeps_each_save_in_the_players_browser(monkeypatch):
    monkeypatch.setenv("SUDOKU_SEED", "3")
    app = json.loads((ROOT / "app" / "play.ipynb").read_text(encoding="utf-8"))
    (code,) = ["".join(cell["source"]) for cell in app["cells"] if cell["cell_type"] == "code"]
    *body, last = code.strip().splitlines()
    scope: dict = {}
    exec("\n".join(body), scope)  # noqa: S102 - the repository's own notebook
    view = eval(last, scope)  # noqa: S307
    assert isinstance(view.saves, BrowserStore) and view.saves.key == "sudoku-teach/play"
    assert view.game.seed == 3 and os.environ["SUDOKU_SEED"] == "3"
