"""The plots: each returns what it drew on, with the lines, bars and labels a class needs."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from sudoku_teach.examples import ASSIGNMENT_PUZZLE, WARMUP_4X4  # noqa: E402
from sudoku_teach.search import solve  # noqa: E402
from sudoku_teach.views import plots  # noqa: E402

# The assignment's puzzle with a wrong 2 at (7, 4): the naive order backtracks 102 times.
DEAD_END = "..298.5..4...7..13.396.4.7.2...564..84.3..2.19.7..1.866..7.513..9142...5.2..3.6.8"


@pytest.fixture(autouse=True)
def close_figures():
    """Close every figure a test made, so none leaks into the next test."""
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def naive():
    return solve(ASSIGNMENT_PUZZLE, "naive", trace=True)


@pytest.fixture(scope="module")
def mrv():
    return solve(ASSIGNMENT_PUZZLE, "mrv", trace=True)


def test_depth_plot_draws_one_curve_with_labels(naive):
    ax = plots.plot_depth(naive)
    assert isinstance(ax, Axes)
    assert len(ax.figure.axes) == 1
    (line,) = ax.get_lines()
    assert list(line.get_ydata()) == naive.trace.depths()
    assert "naive" in ax.get_title() and "15 backtracks" in ax.get_title()
    assert ax.get_xlabel() == plots.STEP_LABEL
    assert ax.get_ylabel() == plots.DEPTH_LABEL


def test_depth_plot_accepts_a_trace_and_an_existing_axes(naive):
    fig, (left, right) = plt.subplots(1, 2)
    assert plots.plot_depth(naive.trace, ax=right, title="mine") is right
    assert right.get_title() == "mine"
    assert len(right.get_lines()) == 1 and not left.get_lines()
    assert len(fig.axes) == 2


def test_plotting_a_result_without_a_trace_says_what_to_do():
    with pytest.raises(ValueError, match="trace=True"):
        plots.plot_depth(solve(WARMUP_4X4, "mrv"))


def test_two_orders_side_by_side_share_the_depth_axis(naive, mrv):
    fig = plots.compare_depths(naive, mrv)
    assert isinstance(fig, Figure)
    left, right = fig.axes
    assert left.get_shared_y_axes().joined(left, right)
    assert left.get_title().startswith("naive:") and right.get_title().startswith("mrv:")
    assert len(left.get_lines()) == len(right.get_lines()) == 1
    assert fig.get_suptitle() == "The same puzzle, two orders"


def test_nodes_per_depth_has_one_bar_per_depth():
    result = solve(DEAD_END, "naive", trace=True)
    ax = plots.plot_nodes_per_depth(result)
    heights = [patch.get_height() for patch in ax.patches]
    assert heights == result.trace.nodes_per_depth()
    assert len(heights) == result.stats.max_depth + 1
    assert ax.get_ylabel() == "nodes" and ax.get_xlabel() == plots.DEPTH_LABEL


def test_nodes_per_puzzle_is_on_a_log_scale_with_one_line_per_method():
    puzzles = [ASSIGNMENT_PUZZLE, DEAD_END]
    results = {name: [solve(p, name) for p in puzzles] for name in ("naive", "mrv")}
    ax = plots.plot_nodes_per_puzzle(results, limit=100_000)
    assert ax.get_yscale() == "log"
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels == ["naive", "mrv", "node limit (100000)"]
    assert [text.get_text() for text in ax.get_legend().get_texts()] == labels
    assert list(ax.get_lines()[0].get_xdata()) == [1, 2]
    assert list(ax.get_lines()[0].get_ydata()) == [r.stats.nodes for r in results["naive"]]
    assert ax.get_lines()[1].get_color() == plots.METHOD_COLOURS["mrv"]


def test_searches_cut_off_by_the_node_limit_are_drawn_and_counted_as_unfinished():
    limit = 60  # the naive order needs 57 nodes on the assignment, more with the dead end
    results = {
        "naive": [solve(p, "naive", max_nodes=limit) for p in (ASSIGNMENT_PUZZLE, DEAD_END)],
        "mrv": [solve(p, "mrv", max_nodes=limit) for p in (ASSIGNMENT_PUZZLE, DEAD_END)],
    }
    cut = [(i + 1, r.stats.nodes) for rs in results.values() for i, r in enumerate(rs)
           if r.status == "node limit"]
    assert cut, "the limit is low enough to cut a search off"
    ax = plots.plot_nodes_per_puzzle(results, limit=limit)
    crosses = [line for line in ax.get_lines() if line.get_label().startswith("did not finish")]
    assert len(crosses) == 1 and crosses[0].get_label() == f"did not finish ({len(cut)})"
    assert list(zip(crosses[0].get_xdata(), crosses[0].get_ydata())) == cut
    assert crosses[0].get_marker() != ax.get_lines()[0].get_marker()


def test_depth_at_step_marks_the_step(naive):
    step = 40
    ax = plots.plot_depth_at(naive, step)
    curve, marker = ax.get_lines()[0], ax.get_lines()[-1]
    assert list(curve.get_ydata()) == naive.trace.depths()
    assert list(marker.get_xdata()) == [step]
    assert list(marker.get_ydata()) == [naive.trace[step].depth]
    assert ax.get_title().startswith(f"step {step}:")


@pytest.mark.parametrize("step", [None, -1, 1.5, "3", 10**9])
def test_depth_at_a_step_that_is_not_in_the_trace_is_named(naive, step):
    from sudoku_teach.errors import StepIndexError

    with pytest.raises(StepIndexError, match=f"there is no step .*: this trace has steps 0 to"
                                              f" {len(naive.trace) - 1}"):
        plots.plot_depth_at(naive, step)
    plt.close("all")


@pytest.mark.parametrize("run", [None, 5, "x", []])
def test_plotting_something_that_is_no_search_says_what_to_give(run):
    from sudoku_teach.errors import RequestError

    with pytest.raises(RequestError, match="expected a search's result .* not "):
        plots.plot_depth(run)


def test_depth_at_step_can_redraw_on_the_same_axes(naive):
    ax = plots.plot_depth_at(naive, 0)
    ax.clear()
    assert plots.plot_depth_at(naive, len(naive.trace) - 1, ax=ax) is ax
    assert "solution" in ax.get_title()


def test_rule_coverage_bars_are_labelled_out_of_the_total():
    counts = {"naked singles": 31, "naked + hidden singles": 47}
    ax = plots.plot_rule_coverage(counts, 50)
    assert [patch.get_height() for patch in ax.patches] == [31, 47]
    texts = [text.get_text() for text in ax.texts]
    assert texts == ["31 of 50", "47 of 50"]
    assert [tick.get_text() for tick in ax.get_xticklabels()] == list(counts)
    assert "of 50" in ax.get_title()
    assert ax.get_ylim()[1] >= 50


def test_figures_are_the_same_every_time(naive):
    """Drawn twice, a figure gives the same pixels: notebooks stay stable."""

    def pixels():
        ax = plots.plot_depth(naive)
        ax.figure.canvas.draw()
        return bytes(ax.figure.canvas.buffer_rgba())

    assert pixels() == pixels()


def test_depths_side_by_side_draw_one_panel_per_run_on_one_scale(naive, mrv):
    fig = plots.plot_depths_side_by_side({"a": naive, "b": mrv.trace}, title="two")
    left, right = fig.axes
    assert left.get_title() == "a: 15 backtracks" and right.get_title().startswith("b: ")
    assert left.get_ylim() == right.get_ylim()
    assert fig.get_suptitle() == "two"


def test_placements_show_one_count_per_cell_for_the_number():
    counts = [[0] * 4 for _ in range(16)]
    counts[5][2] = 7  # the number 3 landed on cell (1, 1) seven times
    ax = plots.plot_placements(counts, 3)
    image = ax.get_images()[0].get_array()
    assert image.shape == (4, 4) and image[1][1] == 7 and image.sum() == 7
    assert "3" in ax.get_title()


def test_placements_of_a_16x16_number_name_it_as_the_board_writes_it():
    counts = [[0] * 16 for _ in range(256)]
    counts[17][11] = 2  # the number 12 (C) landed on cell (1, 1) twice
    ax = plots.plot_placements(counts, 12)
    assert ax.get_title() == "Where the number C landed"
    assert ax.get_images()[0].get_array()[1][1] == 2
    fig = plots.plot_placement_maps({"recursive": counts}, 12)
    assert fig.axes[0].get_title() == "recursive: where C landed"


def test_solution_counts_stack_proper_and_ambiguous_results():
    ax = plots.plot_solution_counts({30: (8, 2), 45: (1, 9)})
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == [8, 1, 2, 9]
    labels = [text.get_text() for text in ax.texts]
    assert labels == ["2 of 10\nnot proper", "9 of 10\nnot proper"]


def test_givens_histogram_marks_the_least_possible():
    ax = plots.plot_givens([22, 23, 23, 25], 17)
    assert sum(bar.get_height() for bar in ax.patches) == 4
    (line,) = ax.get_lines()
    assert list(line.get_xdata()) == [17, 17]
