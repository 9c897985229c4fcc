"""Every figure reads well: no text cut at the figure's edge, no two texts on top of each other.

Two sources of figures: every plot function of `sudoku_teach.views.plots` (with data like the
lessons'), checked here, and every figure the notebooks draw, checked in the kernel where
nbval runs them (the explorer's pictures included: a widget makes them into images).
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from figure_text import text_problems  # noqa: E402

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


def test_a_lessons_kernel_under_nbval_refuses_a_figure_that_reads_badly(tmp_path, monkeypatch):
    """The lessons' figures are checked where nbval runs them: its kernels start with the
    check on (tests/conftest.py). Shown the inline way or turned into a widget's picture, a
    figure with a cut label fails its cell; a figure that reads well is shown."""
    pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    from conftest import checking_ipython
    from notebook_code import execute

    monkeypatch.setenv("IPYTHONDIR", checking_ipython())
    cramped = ("ax = plots.new_axes((6.5, 1.5))\n"
               "ax.set_ylabel('a label far too long for the height of this figure')\n"
               "ax.figure.set_layout_engine('none')\n")
    node = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "import matplotlib.pyplot as plt\nfrom sudoku_teach.views import plots\n"
        "plots.plot_givens([22, 23, 23, 24], 17)",
        cramped,
        cramped + "html = plots.figure_html(ax.figure)",
    )])
    execute(node, tmp_path, allow_errors=True)
    good, shown, pictured = ([out for out in cell.outputs] for cell in node.cells)
    assert any("image/png" in out.get("data", {}) for out in good)
    assert not [out for out in good if out.output_type == "error"]
    for outputs in (shown, pictured):
        errors = [out for out in outputs if out.output_type == "error"]
        assert errors and {out.ename for out in errors} == {"FigureTextError"}, outputs
        assert "cut at the edge: 'a label far too long" in errors[0].evalue
        assert not [out for out in outputs if "image/png" in out.get("data", {})]
