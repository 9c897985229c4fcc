"""A check for figures: every piece of text is on the canvas and clear of every other text.

After `fig.canvas.draw()` matplotlib knows where each text landed (`get_window_extent`).
A text that reaches past the figure's edge is cut off in the saved image; two texts whose
boxes overlap print on top of one another. Both are what a student sees as a broken plot.
"""

from __future__ import annotations

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
