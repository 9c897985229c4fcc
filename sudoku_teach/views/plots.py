"""Plots for the lessons: how a search goes down and back up, and how much work it does.

This is the only module (besides `widgets`) that knows matplotlib. Every function draws
on the Axes you pass as `ax=` (so a notebook can put several plots in one figure), or on
a new figure of a size that reads well on a projector, and returns what it drew on: an
Axes, or a Figure when it makes several. Nothing here calls `plt.show()`; a notebook
shows a figure at the end of the cell.

The search plots take a `SolveResult` solved with `trace=True`, or its `Trace`.
"""

from __future__ import annotations

import base64
import io
import statistics
from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..errors import RequestError, StepIndexError
from ..formats import symbol
from ..results import SolveResult
from ..shape import is_whole
from ..trace import Trace

SINGLE = (8.0, 4.5)
"""Size in inches of a figure with one plot."""
PAIR = (12.0, 4.5)
"""Size in inches of a figure with two plots side by side."""
TITLE_SIZE, LABEL_SIZE, TICK_SIZE = 14, 12, 11

METHOD_COLOURS = {
    "naive": "tab:red",
    "mrv": "tab:blue",
    "propagate": "tab:green",
    "fast": "tab:purple",
}
"""One fixed colour per solver, so a method looks the same in every plot."""

STEP_LABEL = "step (one event of the trace)"
DEPTH_LABEL = "search depth (cells filled by the search's choices)"

Run = SolveResult | Trace
"""A search to plot: a result solved with `trace=True`, or its trace."""


# --- small helpers ---------------------------------------------------------------------------
def new_axes(size: tuple[float, float] = SINGLE) -> Axes:
    """A fresh figure with one plot, laid out so that titles and labels fit."""
    _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def figure_of(ax: Axes) -> Figure:
    """The whole figure a plot is drawn on: the one that is saved as a picture."""
    figure = ax.figure
    return figure if isinstance(figure, Figure) else figure.figure


def figure_html(figure: Figure) -> str:
    """A figure as an HTML image, for widgets that redraw it (the figure is then closed)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    plt.close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img src='data:image/png;base64,{encoded}' alt='plot'/>"


def label_axes(ax: Axes, title: str, xlabel: str, ylabel: str) -> None:
    """Title, axis labels and tick labels large enough to read from the back of a class."""
    ax.set_title(title, fontsize=TITLE_SIZE)
    ax.set_xlabel(xlabel, fontsize=LABEL_SIZE)
    ax.set_ylabel(ylabel, fontsize=LABEL_SIZE)
    ax.tick_params(labelsize=TICK_SIZE)
    ax.grid(True, alpha=0.3)


def trace_of(run: Run) -> Trace:
    """The trace of a run, or an error that says how to get one."""
    if isinstance(run, Trace):
        return run
    if not isinstance(run, SolveResult):
        raise RequestError(f"expected a search's result (search.solve(..., trace=True)) or its"
                           f" trace, not {type(run).__name__}")
    if run.trace is None:
        raise RequestError(f"this {run.method} search has no trace to plot: solve with trace=True")
    return run.trace


def method_of(run: Run) -> str | None:
    """The solver's name, when the run knows it."""
    return run.method if isinstance(run, SolveResult) else None


def colour_of(method: str | None) -> str | None:
    """The fixed colour of a known method (None lets matplotlib choose)."""
    return METHOD_COLOURS.get(method or "")


# --- one search -------------------------------------------------------------------------------
def plot_depth(run: Run, ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """Search depth against step: down with every guess, back up with every backtrack."""
    trace = trace_of(run)
    method = method_of(run)
    ax = ax or new_axes()
    depths = trace.depths()
    ax.plot(
        range(len(depths)),
        depths,
        drawstyle="steps-post",
        linewidth=1.2,
        color=colour_of(method),
        label=method or "search",
    )
    if title is None:
        name = f"{method} search" if method else "Search"
        title = f"{name}: depth at each step ({trace.count('backtrack')} backtracks)"
    label_axes(ax, title, STEP_LABEL, DEPTH_LABEL)
    ax.set_ylim(bottom=0)
    return ax


def compare_depths(first: Run, second: Run, *, title: str | None = None) -> Figure:
    """The same puzzle under two orders side by side, on one depth scale."""
    fig, (left, right) = plt.subplots(1, 2, figsize=PAIR, sharey=True, layout="constrained")
    for run, ax in ((first, left), (second, right)):
        trace = trace_of(run)
        name = method_of(run) or "search"
        plot_depth(run, ax, title=f"{name}: {len(trace)} steps, {trace.stats().nodes} nodes")
    right.set_ylabel("")
    fig.suptitle(title or "The same puzzle, two orders", fontsize=TITLE_SIZE + 2)
    return fig


def plot_nodes_per_depth(run: Run, ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """How many nodes the search opened at each depth: where the work was done."""
    counts = trace_of(run).nodes_per_depth()
    method = method_of(run)
    ax = ax or new_axes()
    ax.bar(range(len(counts)), counts, color=colour_of(method) or "tab:blue")
    if title is None:
        title = f"{method or 'Search'}: nodes at each depth ({sum(counts)} in all)"
    label_axes(ax, title, DEPTH_LABEL, "nodes")
    return ax


def plot_depth_at(run: Run, step: int, ax: Axes | None = None) -> Axes:
    """The depth curve with a marker at one step: the picture beside the explorer's board."""
    trace = trace_of(run)
    if not is_whole(step) or not 0 <= step < len(trace):
        raise StepIndexError(f"there is no step {step!r}: this trace has steps 0 to"
                             f" {len(trace) - 1}")
    event = trace[step]
    ax = plot_depth(run, ax, title=str(event))
    ax.set_ylabel("search depth", fontsize=LABEL_SIZE)  # the long label does not fit its height
    ax.axvline(step, color="tab:orange", linestyle=":", linewidth=1.5)
    ax.plot([step], [event.depth], marker="o", markersize=9, color="tab:orange", label="now")
    return ax


# --- many searches ----------------------------------------------------------------------------
def plot_nodes_per_puzzle(
    results: Mapping[str, Sequence[SolveResult]],
    ax: Axes | None = None,
    *,
    limit: int | None = None,
    title: str = "Nodes per puzzle, for each search order",
) -> Axes:
    """Nodes each method needed on each puzzle, on a log scale; searches cut off are crossed.

    A search that reached its node limit did not finish: its point is a large cross, not a
    dot, because its real cost is unknown (at least the limit).
    """
    ax = ax or new_axes()
    for method, runs in results.items():
        numbers = range(1, len(runs) + 1)
        ax.plot(
            numbers,
            [run.stats.nodes for run in runs],
            marker="o",
            markersize=4,
            linewidth=1,
            color=colour_of(method),
            label=method,
        )
    cut_off = [
        (number, run.stats.nodes)
        for runs in results.values()
        for number, run in enumerate(runs, start=1)
        if run.status == "node limit"
    ]
    if cut_off:
        xs, ys = zip(*cut_off)
        ax.plot(xs, ys, linestyle="none", marker="X", markersize=10, color="black",
                label=f"did not finish ({len(cut_off)})")
    if limit is not None:
        ax.axhline(limit, color="grey", linestyle="--", linewidth=1, label=f"node limit ({limit})")
    ax.set_yscale("log")
    label_axes(ax, title, "puzzle", "nodes (log scale)")
    ax.legend(fontsize=LABEL_SIZE, loc="upper left", bbox_to_anchor=(1.01, 1))
    return ax


def plot_rule_coverage(
    counts: Mapping[str, int],
    total: int,
    ax: Axes | None = None,
    *,
    title: str | None = None,
) -> Axes:
    """How many puzzles of a set each rule set finishes on its own, out of `total`."""
    ax = ax or new_axes()
    labels = list(counts)
    bars = ax.bar(labels, [counts[label] for label in labels], color="tab:blue")
    ax.bar_label(
        bars,
        labels=[f"{counts[label]} of {total}" for label in labels],
        fontsize=LABEL_SIZE,
        padding=3,
    )
    ax.axhline(total, color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, total * 1.12 if total else 1)
    title = title or f"Puzzles finished by each rule set (of {total})"
    label_axes(ax, title, "rule set", "puzzles finished")
    return ax


# --- making grids and puzzles -------------------------------------------------------------------
def plot_depths_side_by_side(runs: Mapping[str, Run], *, title: str) -> Figure:
    """Several named runs (searches or fillings), one depth plot each, on one depth scale."""
    fig, axes = plt.subplots(
        1, len(runs), figsize=(4.5 * len(runs), 4.5), sharey=True, layout="constrained"
    )
    for (name, run), ax in zip(runs.items(), fig.axes):
        trace = trace_of(run)
        plot_depth(run, ax, title=f"{name}: {trace.count('backtrack')} backtracks")
        if ax is not fig.axes[0]:
            ax.set_ylabel("")
    fig.suptitle(title, fontsize=TITLE_SIZE + 2)
    return fig


def plot_placements(
    counts: Sequence[Sequence[int]],
    number: int,
    ax: Axes | None = None,
    *,
    title: str = "",
    top: int | None = None,
) -> Axes:
    """How often `number` landed on each cell over many grids (see `grids.placement_counts`).

    Even grids look like noise around total / n in every cell; a bias shows as a pattern.
    Give several maps the same `top` of the colour scale so that they can be compared.
    """
    n = len(counts[0])
    ax = ax or new_axes((6.0, 5.0))
    seen = [[counts[r * n + c][number - 1] for c in range(n)] for r in range(n)]
    image = ax.imshow(seen, cmap="viridis", vmin=0, vmax=top)
    ax.figure.colorbar(image, ax=ax, label="grids")
    label_axes(ax, title or f"Where the number {symbol(number)} landed", "column", "row")
    ax.grid(False)
    return ax


def plot_solution_counts(
    outcomes: Mapping[int, tuple[int, int]], ax: Axes | None = None, *, title: str = ""
) -> Axes:
    """Stacked bars per number of cells removed: how many results had one, or 2+ solutions.

    `outcomes` maps cells removed to (proper puzzles, puzzles with 2+ solutions).
    """
    ax = ax or new_axes()
    labels = [str(removed) for removed in outcomes]
    proper = [one for one, _ in outcomes.values()]
    more = [many for _, many in outcomes.values()]
    ax.bar(labels, proper, color="tab:green", label="1 solution (proper)")
    bars = ax.bar(labels, more, bottom=proper, color="tab:red", label="2 or more solutions")
    counts = [f"{m} of {p + m}\nnot proper" for p, m in zip(proper, more)]
    ax.bar_label(bars, labels=counts, padding=3, fontsize=TICK_SIZE)
    label_axes(ax, title or "Blind removal: how often is the result a proper puzzle?",
               "cells removed at random", "trials")
    ax.set_ylim(0, max(p + m for p, m in zip(proper, more)) * 1.25)
    ax.legend(fontsize=LABEL_SIZE, loc="upper left", bbox_to_anchor=(1.01, 1))
    return ax


def plot_givens(
    givens: Sequence[int], least: int, ax: Axes | None = None, *, title: str = ""
) -> Axes:
    """A histogram of the givens of many puzzles, with the fewest any proper puzzle can have."""
    ax = ax or new_axes()
    low = min(min(givens), least)
    ax.hist(givens, bins=range(low, max(givens) + 2), align="left", color="tab:blue",
            edgecolor="white")
    ax.axvline(least, color="tab:red", linestyle="--", linewidth=1.5,
               label=f"fewest possible: {least}")
    label_axes(ax, title or f"Givens of {len(givens)} puzzles", "givens", "puzzles")
    ax.legend(fontsize=LABEL_SIZE)
    return ax


def plot_by_level(
    values: Mapping[str, Sequence[float]],
    ax: Axes | None = None,
    *,
    title: str,
    ylabel: str,
) -> Axes:
    """One measure of many puzzles, a box per level (easiest on the left), every puzzle a dot."""
    ax = ax or new_axes()
    levels = list(values)
    ax.boxplot([values[level] for level in levels], showfliers=False)
    for x, level in enumerate(levels, 1):
        spread = [x - 0.15 + 0.3 * i / max(1, len(values[level]) - 1)
                  for i in range(len(values[level]))]
        ax.plot(spread, values[level], "o", color="tab:blue", alpha=0.5, markersize=4)
    ax.set_xticks(range(1, len(levels) + 1), levels)
    label_axes(ax, title, "level", ylabel)
    return ax


def plot_levels(givens: Mapping[str, Sequence[float]],
                scores: Mapping[str, Sequence[float]]) -> Figure:
    """Givens and scores of many puzzles by level, side by side: one figure, two plots."""
    fig, (left, right) = plt.subplots(1, 2, figsize=PAIR, layout="constrained")
    plot_by_level(givens, left, title="Givens per puzzle", ylabel="givens")
    plot_by_level(scores, right, title="Score per puzzle", ylabel="score")
    return fig


def plot_placement_maps(counts: Mapping[str, Sequence[Sequence[int]]], number: int) -> Figure:
    """One heat map per grid method of where `number` landed, all on one colour scale."""
    fig, axes = plt.subplots(1, len(counts), figsize=(4.5 * len(counts), 4.2),
                             layout="constrained", squeeze=False)
    top = max(max(cell) for found in counts.values() for cell in found)
    for (name, found), ax in zip(counts.items(), axes[0]):
        plot_placements(found, number, ax, title=f"{name}: where {symbol(number)} landed",
                        top=top)
    return fig


REDUCTION_COLOURS = {
    "backtracking": "tab:red",
    "fewest first": "tab:blue",
    "exact cover": "tab:orange",
    "sat": "tab:green",
    "fast": "tab:purple",
}
"""The solvers of notebook 09, one colour each (the first two as in notebooks 03-04)."""

SIDE_STEP = 0.6
"""How far apart (in grid sizes) the solvers' markers stand at one size in the size plot."""


def plot_time_by_size(runs: Sequence, ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """Seconds against grid size for each solver (log scale); an x where a search was stopped.

    `runs` are `solver_race.Run`s: one per solver and size (the median is drawn if several).
    """
    ax = ax or new_axes()
    middle = (len(REDUCTION_COLOURS) - 1) / 2
    for k, (solver, colour) in enumerate(REDUCTION_COLOURS.items()):
        mine = [run for run in runs if run.solver == solver]
        if not mine:
            continue
        sizes = sorted({run.size for run in mine})
        seconds = [statistics.median(r.seconds for r in mine if r.size == s) for s in sizes]
        # A stopped search's time is only a lower bound: its line is dotted from the last
        # size that finished, never drawn as if it were a time to solve.
        stops = {r.size for r in mine if r.status == "node limit"}
        # Each solver a little to the side, so that no marker hides another at equal times.
        points = [(size + (k - middle) * SIDE_STEP, t) for size, t in zip(sizes, seconds)]
        cut = next((i for i, size in enumerate(sizes) if size in stops), len(points))
        ax.plot(*zip(*points[:cut]) if cut else ([], []), "o-", color=colour, label=solver)
        if cut < len(points):  # from the last size that finished on: dotted, an x per stop
            ax.plot(*zip(*points[max(cut - 1, 0):]), ":", color=colour)
            ax.plot(*zip(*[p for p, size in zip(points, sizes) if size in stops]), "x",
                    color="black", markersize=9, markeredgewidth=2)
    ax.plot([], [], "x", color="black", markersize=9, markeredgewidth=2,
            label="stopped at the node limit (at least this long)")
    ax.set_yscale("log")
    ax.set_xticks(sorted({run.size for run in runs}))
    label_axes(ax, title or "Time to solve one puzzle, by grid size",
               "grid size (n x n; the solvers side by side)", "seconds (log scale)")
    ax.legend(fontsize=TICK_SIZE)
    return ax
