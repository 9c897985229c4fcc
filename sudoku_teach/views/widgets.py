"""Interactive notebook tools, all drawn on the series' one board widget (`board.Board`).

* `GridView` (in `gridview`): a clickable board, optionally with a number pad;
* `Stepper`: a slider with a play button over the steps of a run;
* `SinglesHelper`: the assignment's helper mode, marking the next safe cell;
* `search_explorer`: a slider over a traced search: its board and its depth curve.

The views read the model and never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import SudokuError
from ..formats import a_symbol, symbol
from ..grid import Grid, GridLike
from ..rule_solver import Techniques, next_step
from ..rules import blockers, is_solved
from ..shape import Cell
from .board import bundle_as
from .gridview import GridView

if TYPE_CHECKING:
    from ..results import SolveResult
    from ..steps import Step

__all__ = ["GridView", "SinglesHelper", "Stepper", "search_explorer"]


class Stepper(widgets.VBox):
    """A slider (with a play button) over the steps of a run; `show(k)` gives step k as HTML,
    shown beside `board` when there is one (`show` then also brings the board to step k)."""

    def __init__(
        self,
        count: int,
        show: Callable[[int], str],
        label: str = "step",
        board: GridView | None = None,
    ) -> None:
        self.count = count
        self._show = show
        self.slider = widgets.IntSlider(value=0, min=0, max=count, description=label)
        self.slider.add_class("sudoku-step-slider")
        play = widgets.Play(value=0, min=0, max=count, interval=400)
        widgets.jslink((play, "value"), (self.slider, "value"))
        self.view = widgets.HTML()
        self.view.add_class("sudoku-step-view")
        self.slider.observe(lambda change: self.draw(change["new"]), names="value")
        shown: widgets.Widget = self.view
        if board is not None:
            # A flex item as wide as its board: the board takes its width from its parent, so
            # an item left to size itself shrinks the board to a sliver.
            board.board.layout = widgets.Layout(width="27rem", max_width="100%")
            shown = widgets.HBox(
                [board.board, self.view],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            )
            shown.add_class("sudoku-explorer")
        super().__init__(children=[widgets.HBox([play, self.slider]), shown])
        self.draw(0)

    def __repr__(self) -> str:
        return f"Stepper({self.count} steps)"

    def draw(self, k: int) -> None:
        """Show step k."""
        self.view.value = self._show(k)


class SinglesHelper:
    """The assignment's helper mode: the board marks the next safe cell, the student fills it."""

    def __init__(self, grid: GridLike, techniques: Techniques = "naked singles") -> None:
        self.techniques = techniques
        self.view = GridView(grid, editable=True, validator=self._judge, clearable=False)
        self.step: Step | None = None
        self.view.add_button("show the three sets", self.explain)
        self.view.on_change(
            lambda cell, value: self._advance(f"Right: {symbol(value)} goes in {cell}. ")
        )
        self._advance()

    def __repr__(self) -> str:
        where = self.step.cell if self.step else None
        return f"SinglesHelper(next cell={where})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Show the helper's board when a notebook cell ends with the helper."""
        return bundle_as(self.view.board, repr(self))

    def explain(self) -> None:
        """Show, under the board, the sets that justify the marked cell; the message line asks
        for its number again (a refusal shown before would now contradict the sets)."""
        if self.step is not None:
            self.view.board.status = self.step.explain()
            if self.step.cell is not None:
                self.view.board.message = self._question(self.step.cell)

    def _advance(self, praise: str = "") -> None:
        """Find the next safe cell, mark it, and ask for its number; or say why we stop."""
        board = self.view.board
        try:
            self.step = next_step(self.view.grid, self.techniques)
        except SudokuError as error:
            self.step = None
            board.message = f"This board cannot be finished: {error}"
            return
        if self.step is None:
            self.view.set_grid(self.view.grid)  # nothing marked any more
            done = is_solved(self.view.grid)
            board.message = praise + (
                "Solved! Every cell is filled and no rule is broken."
                if done
                else "No cell has a single candidate: this puzzle needs more rules."
            )
            return
        cell = self.step.cell
        if cell is None:  # a step that only crosses off candidates: nothing to ask for
            board.message = f"{praise}{self.step.explain()}"
            return
        self.view.marked = {cell}
        self.view.select(cell)
        self.view.refresh()
        board.message = praise + self._question(cell)

    @staticmethod
    def _question(cell: Cell) -> str:
        """What the helper asks about its marked cell."""
        return f"Which number goes in the marked cell {cell}?"

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
        char = symbol(value)
        if found:
            unit, where = found[0]
            return f"Not {char}: {unit.name} already has {a_symbol(value)}, at {where}."
        return f"{char} is not ruled out here, but it is not the only candidate. Try again."


def search_explorer(result: SolveResult) -> Stepper:
    """A slider over a traced search: the board at step k with its cell marked (a board you
    can click to inspect), and the depth curve with a marker at k."""
    from .plots import figure_html, figure_of, new_axes, plot_depth_at

    trace = result.trace
    if trace is None or not len(trace):
        raise SudokuError("the explorer needs a search run with trace=True that did some work")
    view = GridView(trace.board_at(0))

    def show(k: int) -> str:
        cell = trace.cell_at(k)
        view.set_grid(trace.board_at(k), marked=[cell] if cell else [])
        return figure_html(figure_of(plot_depth_at(result, k, new_axes((6.5, 3.6)))))

    return Stepper(len(trace) - 1, show, board=view)
