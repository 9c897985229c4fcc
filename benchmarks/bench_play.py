"""How long one key or click on a board takes in the kernel: `make bench`.

Two paths are measured: the game (`play.GameView`) and the notebooks' click-to-inspect
board (`gridview.GridView`, which the helper and the explorer use too).

A key on a cell goes from the board's message handler through the game (the move, the
observers) to the message the board sends back. The browser is not involved: this is the
kernel's share, which the target (under 10 ms) is about. Each message is turned into
JSON, as the widget's channel does. The baseline, run in the same process, redraws the
whole board after every key as well: most of the time is working out how cells look,
and what a diff saves is mostly the bytes sent to the browser.

    python benchmarks/bench_play.py [--keys 400]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from sudoku_teach.examples import ASSIGNMENT_PUZZLE
from sudoku_teach.game import Game
from sudoku_teach.views.gridview import GridView
from sudoku_teach.views.play import GameView

TARGET_MS = 10.0


def make_view(help_on: bool) -> tuple[GameView, list[int]]:
    """A game on a board whose messages are only measured (their JSON size is kept)."""
    view = GameView(Game.new("easy", 1))
    sizes: list[int] = []
    view.board.send = lambda message: sizes.append(len(json.dumps(message)))
    if help_on:
        view.game.select(5)
        view.game.set_help(True)
    return view, sizes


def time_keys(view: GameView, keys: int, full_redraw: bool) -> float:
    """Milliseconds per key: place a number in a blank cell, then clear it, and so on."""
    blanks = view.game.puzzle.empty_cells()
    start = time.perf_counter()
    for i in range(keys):
        row, col = blanks[(i // 2) % len(blanks)]
        key = "clear" if i % 2 else str(view.game.solution[row, col])
        view.board._received(view.board, {"type": "cell", "r": row, "c": col, "key": key}, [])
        if full_redraw:
            view.board.redraw()
    return (time.perf_counter() - start) * 1000 / keys


def time_grid_view(keys: int, full_redraw: bool) -> tuple[float, float]:
    """Milliseconds per event on a GridView: a click on a cell (which redraws its row, column
    and region) then a digit or a clear there, in turn; and the bytes sent per event."""
    view = GridView(ASSIGNMENT_PUZZLE, editable=True)
    sizes: list[int] = []
    view.board.send = lambda message: sizes.append(len(json.dumps(message)))
    blanks = view.grid.empty_cells()
    start = time.perf_counter()
    for i in range(keys):
        row, col = blanks[(i // 3) % len(blanks)]
        key = ("click", str(1 + i % 9), "clear")[i % 3]
        view.board._received(view.board, {"type": "cell", "r": row, "c": col, "key": key}, [])
        if full_redraw:
            view.board.redraw()
    return (time.perf_counter() - start) * 1000 / keys, sum(sizes) / keys


def main(argv: list[str] | None = None) -> int:
    """Print the time per key with and without help, against the full-redraw baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=400)
    args = parser.parse_args(argv)
    print(f"Game board: in-kernel time for one key and its update ({args.keys} keys)")
    worst = 0.0
    for help_on in (False, True):
        view, sizes = make_view(help_on)
        diff = time_keys(view, args.keys, full_redraw=False)
        diff_bytes = sum(sizes) / max(len(sizes), 1)
        view, sizes = make_view(help_on)
        full = time_keys(view, args.keys, full_redraw=True)
        full_bytes = sum(sizes) / args.keys
        worst = max(worst, diff)
        label = "help on " if help_on else "help off"
        print(
            f"  {label}: {diff:5.2f} ms per key, {diff_bytes:5.0f} bytes sent per message;"
            f" redrawing the whole board: {full:5.2f} ms ({full / diff:3.1f}x),"
            f" {full_bytes:5.0f} bytes per key"
        )
    print(f"GridView (rules notebook, helper, explorer): one click or key ({args.keys} events)")
    diff, diff_bytes = time_grid_view(args.keys, full_redraw=False)
    full, full_bytes = time_grid_view(args.keys, full_redraw=True)
    worst = max(worst, diff)
    print(
        f"  click/key: {diff:5.2f} ms per event, {diff_bytes:5.0f} bytes sent per event;"
        f" redrawing the whole board: {full:5.2f} ms ({full / diff:3.1f}x),"
        f" {full_bytes:5.0f} bytes per event"
    )
    verdict = "met" if worst < TARGET_MS else "MISSED"
    print(f"Target under {TARGET_MS:.0f} ms per key or click: {verdict} (worst {worst:.2f} ms)")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
