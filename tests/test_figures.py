"""Every figure reads well: no text cut at the figure's edge, no two texts on top of each other.

Two sources of figures: every plot function of `sudoku_teach.views.plots` (with data like the
lessons'), and every figure the notebooks draw, collected while their code runs here
outside Jupyter (the explorer's pictures included: they are made and closed by a widget).
"""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from figure_text import text_problems  # noqa: E402
from notebook_code import NOTEBOOKS, code_cells  # noqa: E402

from sudoku_teach import generate, rating, search  # noqa: E402
from sudoku_teach.reductions.solver_race import Run  # noqa: E402
from sudoku_teach.views import plots


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def runs():
    harder = generate.random_puzzle(7)
    return {name: search.solve(harder, name, trace=True) for name in ("naive", "mrv")}


def package_figures(runs):
    """One figure of every plot function, drawn as the lessons draw them."""
    naive, mrv = runs["naive"], runs["mrv"]
    many = {name: [search.solve(generate.random_puzzle(s), name, max_nodes=2000)
                   for s in range(6)] for name in ("naive", "mrv", "propagate")}
    reports = generate.compare_grid_methods(20, seed=0)
    blind = {30: (240, 60), 35: (187, 113), 40: (125, 175), 45: (50, 250), 50: (9, 291)}
    levels = {level: [22 + 3 * i + j for j in range(5)] for i, level in enumerate(rating.LEVELS)}
    return {
        "plot_depth": plots.plot_depth(naive).figure,
        "compare_depths": plots.compare_depths(naive, mrv),
        "plot_nodes_per_depth": plots.plot_nodes_per_depth(naive).figure,
        "plot_depth_at (the explorer)": plots.plot_depth_at(
            naive, 40, plots.new_axes((6.5, 3.6))).figure,
        "plot_nodes_per_puzzle": plots.plot_nodes_per_puzzle(many, limit=2000).figure,
        "plot_rule_coverage": plots.plot_rule_coverage(
            {"naked singles": 20, "naked + hidden singles": 40, "all techniques": 60}, 80).figure,
        "plot_depths_side_by_side": plots.plot_depths_side_by_side(
            {"a": naive, "b": mrv, "c": naive}, title="Three ways to fill a grid (seed 1)"),
        "plot_placements": plots.plot_placements(reports[0].counts, 1).figure,
        "plot_placement_maps": plots.plot_placement_maps(
            {r.method: r.counts for r in reports}, 1),
        "plot_solution_counts": plots.plot_solution_counts(blind).figure,
        "plot_givens": plots.plot_givens([22, 23, 23, 24, 25, 27], 17).figure,
        "plot_by_level": plots.plot_by_level(levels, title="Givens", ylabel="givens").figure,
        "plot_levels": plots.plot_levels(levels, levels),
        "plot_time_by_size": plots.plot_time_by_size(size_runs()).figure,
    }


def size_runs() -> list[Run]:
    """Times like notebook 09's: every solver at every size, backtracking stopped above 4x4."""
    runs = []
    for k, solver in enumerate(plots.REDUCTION_COLOURS):
        for size in (4, 9, 16, 25):
            stopped = solver == "backtracking" and size > 4
            runs.append(Run(solver=solver, size=size, status="node limit" if stopped else "solved",
                            nodes=100 * size, seconds=1e-4 * size ** (1 + k / 2)))
    return runs


def test_the_size_plot_shows_every_solver_even_at_equal_times():
    """09's plot: solvers with the same time at one size stand side by side, near that size,
    so that no dot or x hides another (a finished solver under a stopped one's x)."""
    sizes = (9, 16)
    same = [Run(solver=solver, size=size, status="node limit" if k % 2 else "solved",
                nodes=1, seconds=0.01)
            for k, solver in enumerate(plots.REDUCTION_COLOURS) for size in sizes]
    ax = plots.plot_time_by_size(same)
    marks = [x for line in ax.lines if line.get_marker() in ("o", "x") for x in line.get_xdata()]
    assert len(marks) == len(same) == len(set(marks))
    gaps = [abs(a - b) for a in marks for b in marks if a != b]
    assert min(gaps) >= 0.5 and all(min(abs(x - n) for n in sizes) < 2 for x in marks)
    plt.close(ax.figure)


def test_every_plot_function_draws_readable_text(runs):
    drawn = package_figures(runs)
    drawing = {name for name in dir(plots) if name.startswith(("plot_", "compare_"))}
    assert drawing <= {name.split()[0] for name in drawn}, "a plot function is not checked here"
    problems = {name: text_problems(fig) for name, fig in drawn.items()}
    assert not {name: found for name, found in problems.items() if found}


def test_the_check_sees_labels_on_top_of_each_other():
    ax = plots.new_axes()  # the blind-removal plot as it was: one-line labels on five bars
    ax.bar(["30", "35", "40", "45", "50"], [300] * 5)
    ax.bar_label(ax.containers[0], labels=[f"{m} of 300 not proper" for m in (60, 113, 175)]
                 + ["250 of 300 not proper", "291 of 300 not proper"], fontsize=12)
    assert any(p.startswith("overlap") for p in text_problems(ax.figure))
    ax = plots.new_axes((6.5, 1.5))
    ax.set_ylabel("a label far too long for the height of this figure")
    ax.figure.set_layout_engine("none")
    assert any(p.startswith("cut at the edge") for p in text_problems(ax.figure))


FIGURE_NOTEBOOKS = sorted(
    path.stem for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if "image/png" in path.read_text()
)


@pytest.mark.parametrize("name", FIGURE_NOTEBOOKS)
def test_every_figure_a_notebook_draws_reads_well(name, monkeypatch):
    """Run the notebook's cells in order; check each figure a cell leaves open, then close it."""
    from IPython.core.interactiveshell import InteractiveShell

    checked: list[str] = []
    problems: list[str] = []

    def check(fig, where):
        checked.append(where)
        problems.extend(f"{where}: {p}" for p in text_problems(fig))

    real_figure_html = plots.figure_html

    def figure_html(fig):  # the widgets' pictures: checked before they become an image
        check(fig, "a widget's figure")
        return real_figure_html(fig)

    monkeypatch.setattr(plots, "figure_html", figure_html)
    monkeypatch.chdir(NOTEBOOKS)
    # the shell takes over __main__ and the display hooks: give them back afterwards, since
    # other tests (the grader's worker processes) need the real __main__
    monkeypatch.setitem(sys.modules, "__main__", sys.modules["__main__"])
    monkeypatch.setattr(sys, "displayhook", sys.displayhook)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    shell = InteractiveShell.instance()
    shell.reset()
    try:
        for index, source in enumerate(code_cells(name)):
            result = shell.run_cell(source, silent=True)
            assert result.success, f"{name} cell {index} failed: {result.error_in_exec}"
            for number in plt.get_fignums():
                check(plt.figure(number), f"cell {index}")
            plt.close("all")
    finally:
        shell.reset()
        InteractiveShell.clear_instance()
    assert checked, f"{name} stores figures but drew none here"
    assert not problems, f"{name}: " + "; ".join(problems)
