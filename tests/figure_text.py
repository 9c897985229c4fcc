"""A check for figures: every piece of text is on the canvas and clear of every other text.

After `fig.canvas.draw()` matplotlib knows where each text landed (`get_window_extent`).
A text that reaches past the figure's edge is cut off in the saved image; two texts whose
boxes overlap print on top of one another. Both are what a student sees as a broken plot.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.text import Text

SLACK = 1.0
"""Pixels two boxes may share, or a box may pass the edge, before it counts (rounding)."""


def visible_texts(fig: Figure) -> list[Text]:
    """Every text drawn on the figure: titles, labels, tick labels, legends, bar labels."""
    skipped = {id(text) for text in ticks_outside_the_view(fig)}
    return [
        text for text in fig.findobj(Text)
        if text.get_visible() and text.get_text().strip() and id(text) not in skipped
        and (text.axes is None or text.axes.get_visible())
    ]


def ticks_outside_the_view(fig: Figure) -> list[Text]:
    """Tick labels matplotlib keeps but does not draw, because their tick is off the axis."""
    hidden = []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            span = (high - low) * 1e-9
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - span <= tick.get_loc() <= high + span:
                    hidden += [tick.label1, tick.label2]
    return hidden


def text_problems(fig: Figure) -> list[str]:
    """What is wrong with a figure's text, one line per problem (empty when it reads well)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    edge = fig.bbox
    boxes = [(text, text.get_window_extent(renderer)) for text in visible_texts(fig)]
    problems = []
    for text, box in boxes:
        if (box.x0 < edge.x0 - SLACK or box.y0 < edge.y0 - SLACK
                or box.x1 > edge.x1 + SLACK or box.y1 > edge.y1 + SLACK):
            problems.append(f"cut at the edge: {text.get_text()!r}")
    for i, (first, a) in enumerate(boxes):
        for second, b in boxes[i + 1:]:
            width = min(a.x1, b.x1) - max(a.x0, b.x0)
            height = min(a.y1, b.y1) - max(a.y0, b.y0)
            if width > SLACK and height > SLACK:
                problems.append(f"overlap: {first.get_text()!r} and {second.get_text()!r}")
    return problems


class FigureTextError(AssertionError):
    """A figure about to be shown or saved has text cut at its edge or text on text."""


def check_every_saved_figure() -> None:
    """Make every figure check its text before it is shown or saved: in a notebook's kernel
    (tests/conftest.py loads this into nbval's), a figure that reads badly then fails its
    cell, where the lesson draws it. The inline backend shows a figure, and `plots.figure_html`
    turns a widget's figure into a picture, both through `print_figure`."""
    from matplotlib.backend_bases import FigureCanvasBase

    real = FigureCanvasBase.print_figure
    if getattr(real, "checks_text", False):
        return

    def print_figure(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        problems = text_problems(self.figure)
        if problems:
            raise FigureTextError("this figure reads badly: " + "; ".join(problems))
        return real(self, *args, **kwargs)

    print_figure.checks_text = True  # type: ignore[attr-defined]
    FigureCanvasBase.print_figure = print_figure  # type: ignore[method-assign]


def checking_ipython_dir(where: Path) -> Path:
    """An IPython folder whose kernels start with `check_every_saved_figure` on."""
    startup = where / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    tests = Path(__file__).resolve().parent
    (startup / "00-check-figures.py").write_text(
        f"import sys\nsys.path.insert(0, {str(tests)!r})\n"
        "import figure_text\nfigure_text.check_every_saved_figure()\n"
        "del sys.path[0], figure_text, sys\n"
    )
    return where
