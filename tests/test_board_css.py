"""The board widget's stylesheet is scoped to the widget: it never restyles a static board.

JupyterLab puts the outputs of every notebook in one page, so a rule of the widget's
stylesheet on a bare class (`.sudoku-cell`) would also restyle the cells of the static
HTML boards (`views/render.py`): once a widget was shown, they stood in one column.
"""

from __future__ import annotations

import re

from sudoku_teach.grid import Grid
from sudoku_teach.views.board import Board
from sudoku_teach.views.render import grid_html

ROOT = ".sudoku-game"
WRAPPERS = ("[data-jp-theme-light='false'] ", ".sudoku-grid-view ", ".sudoku-explorer ",
            ".sudoku-follow-system ")
"""What may stand before the root: JupyterLab's dark theme, the lessons' own widgets, and the
body class of a page that follows the system's dark mode (set by the page's script)."""


def selectors(css: str) -> list[str]:
    """Every selector of a stylesheet, at-rules' own lines (@media, @keyframes) left out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    heads = re.findall(r"([^{};]+)\{", css)
    rules = [head for head in heads if not head.strip().startswith("@")]
    return [selector.strip() for head in rules for selector in top_level(head)]


def top_level(head: str) -> list[str]:
    """A rule's selectors: its head cut at the commas outside brackets (`:is(a, b)` is one)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(head):
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            parts.append(head[start:i])
            start = i + 1
    return [*parts, head[start:]]


def test_every_rule_of_the_board_is_scoped_to_its_root():
    found = selectors(Board._css)
    assert len(found) > 50  # the whole stylesheet was read
    for selector in found:
        rest = selector
        for wrapper in WRAPPERS:
            rest = rest.removeprefix(wrapper)
        assert re.match(rf"{re.escape(ROOT)}(?![-\w])", rest), selector


def test_static_boards_use_no_class_of_the_widget():
    html = grid_html(Grid.parse("1..4 .41. 2.4. .3.1"))
    classes = {c for group in re.findall(r"class='([^']*)'", html) for c in group.split()}
    widget = set(re.findall(r"\.(sudoku-[\w-]+)", Board._css))
    assert classes and not classes & widget, classes & widget
