"""Interactive notebook tools built from ipywidgets: the board, a step slider, the helper.

* `GridView` (in `gridview`): a clickable board, optionally with a number pad;
* `Stepper`: a slider with a play button over the steps of a run;
* `SinglesHelper`: the assignment's helper mode, marking the next safe cell;
* `search_explorer`: a slider over a traced search, with its depth curve.

The views read the model and never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from .errors import SudokuError
from .grid import Grid, GridLike
from .gridview import GridView
from .render import grid_html
from .rule_solver import Techniques, next_step
from .rules import blockers, is_solved
from .shape import Cell

if TYPE_CHECKING:
    from .results import SolveResult

__all__ = ["GridView", "SinglesHelper", "Stepper", "search_explorer"]


class Stepper(widgets.VBox):
    """A slider (with a play button) over the steps of a run; `show(k)` gives step k as HTML."""

    def __init__(self, count: int, show: Callable[[int], str], label: str = "step") -> None:
        self.count = count
        self._show = show
        self.slider = widgets.IntSlider(value=0, min=0, max=count, description=label)
        self.slider.add_class("sudoku-step-slider")
        play = widgets.Play(value=0, min=0, max=count, interval=400)
        widgets.jslink((play, "value"), (self.slider, "value"))
        self.view = widgets.HTML()
        self.view.add_class("sudoku-step-view")
        self.slider.observe(lambda change: self.draw(change["new"]), names="value")
        super().__init__(children=[widgets.HBox([play, self.slider]), self.view])
        self.draw(0)

    def __repr__(self) -> str:
        return f"Stepper({self.count} steps)"

    def draw(self, k: int) -> None:
        """Show step k."""
        self.view.value = self._show(k)


class SinglesHelper(widgets.VBox):
    """The assignment's helper mode: the board marks the next safe cell, the student fills it."""

    def __init__(self, grid: GridLike, techniques: Techniques = "naked singles") -> None:
        self.techniques = techniques
        self.view = GridView(grid, editable=True, validator=self._judge)
        self.step = None
        self.explanation = widgets.HTML(value="")
        self.explanation.add_class("sudoku-explanation")
        why = widgets.Button(description="show the three sets", layout=widgets.Layout(width="14em"))
        why.add_class("sudoku-show-sets")
        why.on_click(lambda _b: self.explain())
        self.view.on_change(lambda cell, value: self._advance(f"Right: {value} goes in {cell}. "))
        super().__init__(children=[self.view, why, self.explanation])
        self._advance()

    def __repr__(self) -> str:
        where = self.step.cell if self.step else None
        return f"SinglesHelper(next cell={where})"

    def explain(self) -> None:
        """Show the sets that justify the marked cell."""
        if self.step is not None:
            self.explanation.value = escape(self.step.explain())

    def _advance(self, praise: str = "") -> None:
        """Find the next safe cell, mark it, and ask for its number; or say why we stop."""
        self.explanation.value = ""
        try:
            self.step = next_step(self.view.grid, self.techniques)
        except SudokuError as error:
            self.step = None
            self.view.message.value = escape(f"This board cannot be finished: {error}")
            return
        if self.step is None:
            self.view.colours = {}
            self.view.refresh()
            done = is_solved(self.view.grid)
            self.view.message.value = praise + (
                "Solved! Every cell is filled and no rule is broken."
                if done
                else "No cell has a single candidate: this puzzle needs more rules."
            )
            return
        cell = self.step.cell
        self.view.colours = {cell: "focus"}
        self.view.select(cell)
        self.view.message.value = f"{praise}Which number goes in the marked cell {cell}?"

    def _judge(self, grid: Grid, cell: Cell, value: int) -> str | None:
        """Accept only the right number in the marked cell; say why anything else is wrong."""
        step = self.step
        if value == 0:
            return "The helper only fills the marked cell; there is nothing to clear here."
        if step is None:
            return "There is no safe cell to fill now."
        if cell != step.cell:
            return f"Fill the marked cell ({step.row}, {step.col}) first."
        if value == step.value:
            return None
        found = blockers(grid, *cell, value)
        if found:
            unit, where = found[0]
            return f"Not {value}: {unit.name} already has a {value}, at {where}."
        return f"{value} is not ruled out here, but it is not the only candidate. Try again."


def search_explorer(result: SolveResult) -> Stepper:
    """A slider over a traced search: the board at step k, its cell marked, and the depth curve."""
    from .plots import figure_html, new_axes, plot_depth_at

    trace = result.trace
    if trace is None or not len(trace):
        raise SudokuError("the explorer needs a search run with trace=True that did some work")

    def show(k: int) -> str:
        board = grid_html(trace.board_at(k), focus=trace.cell_at(k))
        ax = plot_depth_at(result, k, new_axes((8, 3.6)))
        row = "display:flex;gap:1em;align-items:center"
        return f"<div style='{row}'>{board}{figure_html(ax.figure)}</div>"

    return Stepper(len(trace) - 1, show)
