"""The app's saves in a real browser: kept by the browser across a reload, downloaded as a
file, uploaded again, and a damaged upload refused; a closed page's kernel is shut down."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from in_browser import (
    VOILA_READY,
    WAIT_MS,
    free_port,
    open_board,
    patient,
    serving,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def app(browser, tmp_path_factory):
    """The app of `make play` with its config file, on a fixed puzzle."""
    root = tmp_path_factory.mktemp("app")
    for name in ("play.ipynb", "voila.json"):
        shutil.copy(ROOT / "app" / name, root / name)
    port = free_port()
    env = dict(os.environ, SUDOKU_SEED="5", HOME=str(root))
    command = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser",
               f"--port={port}", "--Voila.ip=127.0.0.1",
               f"--Voila.config_file_paths={root}"]  # fmt: skip
    with serving(command, env, f"http://127.0.0.1:{port}{VOILA_READY}", root / "voila.log",
                 cwd=root):
        yield {"url": f"http://127.0.0.1:{port}/", "log": root / "voila.log", "root": root}


def entries(board) -> dict[str, str]:
    """The player's numbers on the board, by cell class."""
    cells = board.locator(".sudoku-entry").evaluate_all(
        "cells => cells.map(c => [c.className.match(/sudoku-r\\d+c\\d+/)[0], c.innerText.trim()])"
    )
    return dict(cells)


def test_save_reload_restore_download_and_upload_keep_the_players_game(
    browser,
    app,
    tmp_path,
):
    from playwright.sync_api import expect

    context = patient(browser.new_context(viewport={"width": 1100, "height": 900}))
    page = context.new_page()
    board = open_board(page, app["url"])
    message = board.locator(".sudoku-message")
    texts = board.locator(".sudoku-cell").evaluate_all("cs => cs.map(c => c.innerText.trim())")
    blanks = [i for i, text in enumerate(texts) if not text][:2]
    for i, number in zip(blanks, ("4", "7")):
        board.locator(f".sudoku-r{i // 9}c{i % 9}").click()
        page.keyboard.press(number)
    expect(board.locator(".sudoku-entry")).to_have_count(2, timeout=WAIT_MS)
    played = entries(board)
    board.locator(".sudoku-btn-save").click()
    expect(message).to_contain_text("saved in this browser", timeout=WAIT_MS)
    assert list(app["root"].glob("*.json")) == [app["root"] / "voila.json"]  # none on the server

    with page.expect_download() as download:
        page.locator(".sudoku-saves-download").click()
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "sudoku-teach saved game"

    board = open_board(page, app["url"])  # a reload: a new kernel; the browser kept the game
    expect(board.locator(".sudoku-message")).to_contain_text("Your game is back", timeout=WAIT_MS)
    assert entries(board) == played
    first = blanks[0]
    board.locator(f".sudoku-r{first // 9}c{first % 9}").click()
    page.keyboard.press("Backspace")  # a move after Save: Restore takes the game back to it
    expect(board.locator(".sudoku-entry")).to_have_count(1, timeout=WAIT_MS)
    board.locator(".sudoku-btn-restore").click()
    expect(board.locator(".sudoku-message")).to_contain_text("game restored", timeout=WAIT_MS)
    assert entries(board) == played

    other = patient(browser.new_context())  # another browser: no save until the file is uploaded
    elsewhere = other.new_page()
    board = open_board(elsewhere, app["url"])
    board.locator(".sudoku-btn-restore").click()
    expect(board.locator(".sudoku-message")).to_contain_text("no saved game yet", timeout=WAIT_MS)
    damaged = tmp_path / "damaged.json"
    data = json.loads(saved.read_text())
    damaged.write_text(json.dumps({**data, "board": "9" * 81}))
    for path, words in ((damaged, "That file was not loaded"), (saved, "game restored")):
        with elsewhere.expect_file_chooser() as chooser:
            elsewhere.locator(".sudoku-saves-upload").click()
        chooser.value.set_files(str(path))
        expect(board.locator(".sudoku-message")).to_contain_text(words, timeout=WAIT_MS)
    assert entries(board) == played
    elsewhere.goto("about:blank")
    other.close()

    page.goto("about:blank")  # leaving the page: the server shuts its kernel down at once
    deadline = time.monotonic() + 30
    while app["log"].read_text().count("Kernel shutdown") < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
    log = app["log"].read_text()
    assert "'_xsrf' argument missing" not in log
    assert log.count("Kernel shutdown") >= 3  # the reload, the other browser, and this page
    context.close()
