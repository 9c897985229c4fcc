"""Full grids made three ways, checked by code written here (not by the package's rules)."""

from __future__ import annotations

import matplotlib
import pytest
from conftest import independent_is_solved

from sudoku_teach.generate import grids, template
from sudoku_teach.shape import CLASSIC, Shape
from sudoku_teach.views import plots

matplotlib.use("Agg")

SHAPES = [Shape(2, 2), Shape(2, 3), CLASSIC]
METHODS = {
    "recursive": lambda seed, shape, trace: grids.fill_recursive(seed, shape, trace=trace),
    "rows": lambda seed, shape, trace: grids.fill_by_rows(seed, shape, trace=trace),
    "cells": lambda seed, shape, trace: grids.fill_by_rows(seed, shape, back="cell", trace=trace),
    "template": lambda seed, shape, trace: template.relabelled(seed, shape, trace=trace),
    "moves": lambda seed, shape, trace: template.relabelled(seed, shape, moves=True, trace=trace),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("method", METHODS)
def test_every_method_makes_valid_grids(method: str, shape: Shape) -> None:
    made = set()
    for seed in range(15):
        grid = METHODS[method](seed, shape, False).grid
        assert independent_is_solved(grid.to_rows(), shape.box_rows, shape.box_cols)
        made.add(grid.to_string())
    assert len(made) > 5  # different seeds, different grids


@pytest.mark.parametrize("method", METHODS)
def test_same_seed_same_grid_and_trace_changes_nothing(method: str) -> None:
    first = METHODS[method](3, CLASSIC, False)
    second = METHODS[method](3, CLASSIC, True)
    assert first.grid == second.grid
    assert first.stats == second.stats


@pytest.mark.parametrize("method", METHODS)
def test_trace_replays_to_the_grid_and_agrees_with_the_counts(method: str) -> None:
    run = METHODS[method](5, CLASSIC, True)
    assert run.trace is not None
    assert run.trace.board_at(len(run.trace) - 1) == run.grid
    if method not in ("template", "moves"):  # renaming writes every cell at depth 0
        assert run.trace.stats() == run.stats
        assert max(run.trace.depths()) == CLASSIC.n_cells
    ax = plots.plot_depth(run.trace)
    assert len(ax.lines[0].get_ydata()) == len(run.trace)


def backtrack_runs(events: list) -> list[list]:
    """The backtrack events in runs of consecutive ones, each with the event that follows."""
    runs, current = [], []
    for event in events:
        if event.kind == "backtrack":
            current.append(event)
        elif current:
            runs.append(current + [event])
            current = []
    return runs


def test_row_backtracking_goes_back_to_the_start_of_a_row() -> None:
    run = grids.fill_by_rows(1, CLASSIC, trace=True)
    runs = backtrack_runs(list(run.trace))
    assert runs, "this seed backtracks"
    for events in runs:
        *emptied, after = events
        row, col = emptied[-1].cell
        assert col == 0  # the last cell emptied starts a row ...
        assert after.kind == "try" and after.cell == (row, 0)  # ... and filling goes on there
        assert len(emptied) >= 9 or row == 0  # at least the whole row above went


def test_cell_backtracking_goes_back_one_cell_at_a_time() -> None:
    run = grids.fill_by_rows(1, CLASSIC, back="cell", trace=True)
    events = list(run.trace)
    for before, event in zip(events, events[1:]):
        if event.kind == "backtrack" and before.kind != "backtrack":
            # the cell emptied is the one placed just before the cell that ran out
            row, col = before.cell
            index = row * 9 + col - 1
            assert event.cell == divmod(index, 9)


def test_going_back_one_cell_backtracks_less_than_a_whole_row() -> None:
    rows = sum(grids.fill_by_rows(s, back="row").stats.backtracks for s in range(20))
    cells = sum(grids.fill_by_rows(s, back="cell").stats.backtracks for s in range(20))
    assert cells < rows


def test_unknown_back_step_is_refused() -> None:
    with pytest.raises(ValueError, match="back must be"):
        grids.fill_by_rows(1, back="region")


def test_placement_counts_and_bias() -> None:
    made = [grids.full_grid(seed, Shape(2, 2)) for seed in range(400)]
    counts = grids.placement_counts(made)
    assert len(counts) == 16
    assert all(sum(cell) == 400 for cell in counts)
    for cell, numbers in enumerate(counts):  # counted independently here
        for number in range(1, 5):
            assert numbers[number - 1] == sum(1 for g in made if g.numbers[cell] == number)
    even = grids.bias(counts)
    same = grids.bias(grids.placement_counts([made[0]] * 400))  # one grid: as biased as can be
    assert even < 2 < same


def test_placement_counts_need_grids() -> None:
    with pytest.raises(ValueError, match="at least one"):
        grids.placement_counts([])


def test_places_each_step_only_where_the_rules_allow() -> None:
    run = grids.fill_recursive(2, Shape(2, 3), trace=True)
    for step, event in enumerate(run.trace):
        if event.kind == "place":
            rows = run.trace.board_at(step).to_rows()
            row, col = event.cell
            rows[row][col] = 0
            assert event.value not in rows[row]
            assert event.value not in [r[col] for r in rows]
