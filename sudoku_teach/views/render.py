"""Drawing a grid as HTML for notebooks: thick lines between regions, givens in bold.

This module only produces text, in the series' one palette (`palette`); it knows nothing
of widgets or of the rules.
The table has the class `sudoku-grid` and every cell the classes `sudoku-grid-cell` and
`sudoku-grid-r{row}c{col}` (the pencil marks of an empty cell: `sudoku-grid-marks`), so that
a browser test (or a curious student) can find it. They are the static boards' own classes:
the board widget's stylesheet (`board.css`) never matches them, however many widgets a page
shows. Every row says its own background (none), so JupyterLab's striping of the rows of
HTML tables (every other row grey) does not show through a board.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from html import escape

from ..candidates import CandidateGrid
from ..formats import symbol
from ..grid import Grid
from ..shape import Cell, Shape
from ..steps import Step
from .palette import COLOURS

THIN = "1px solid #999"
THICK = "2px solid #222"
MARK_PX = 12
"""The size of a pencil mark: small beside a number, but read without leaning in."""
ROW = "<tr style='background:transparent'>"
"""A row of a board: inline, so it outranks JupyterLab's striped table rows."""


def thick_sides(shape: Shape, row: int, col: int) -> tuple[str, ...]:
    """The sides of a cell drawn thick, where a region ends: the border rule of every board."""
    sides = {
        "top": row % shape.box_rows == 0,
        "left": col % shape.box_cols == 0,
        "bottom": row == shape.size - 1,
        "right": col == shape.size - 1,
    }
    return tuple(side for side, thick in sides.items() if thick)


def cell_borders(grid: Grid, row: int, col: int) -> str:
    """CSS borders for one cell of an HTML table (see `thick_sides`)."""
    thick = thick_sides(grid.shape, row, col)
    return "".join(
        f"border-{side}:{THICK if side in thick else THIN};"
        for side in ("top", "left", "bottom", "right")
    )


def marks_side(size: int) -> int:
    """How many pencil marks stand in a row of a cell: 2 for 4x4, 3 up to 9x9, 4 for 16x16."""
    return math.isqrt(size - 1) + 1


def candidates_html(candidates: Collection[int], size: int) -> str:
    """The candidates of an empty cell, pencilled in a small grid of their own."""
    style = f"display:inline-block;width:{100 // marks_side(size)}%"
    spans = [
        f"<span style='{style}'>{symbol(d) if d in candidates else '&nbsp;'}</span>"
        for d in range(1, size + 1)
    ]
    look = f"font-size:{MARK_PX}px;line-height:{MARK_PX + 2}px;color:{COLOURS['pencil']}"
    return f"<div class='sudoku-grid-marks' style='{look}'>{''.join(spans)}</div>"


def grid_html(
    grid: Grid,
    *,
    highlight: Collection[Cell] = (),
    focus: Cell | None = None,
    conflicts: Collection[Cell] = (),
    candidates: Mapping[Cell, Collection[int]] | None = None,
    colours: Mapping[Cell, str] | None = None,
) -> str:
    """An HTML table of the grid; optional cell sets are shaded (e.g. a row or a conflict)."""
    rows = []
    side = f"{marks_side(grid.size) * (MARK_PX + 2)}px" if candidates else "2em"  # marks fit
    for r in range(grid.size):
        tds = []
        for c in range(grid.size):
            cell = (r, c)
            value = grid[cell]
            style = cell_borders(grid, r, c) + f"width:{side};height:{side};"
            style += "text-align:center;vertical-align:middle;padding:0;"
            background = cell_background(
                cell, highlight=highlight, focus=focus, conflicts=conflicts, colours=colours
            )
            if background:
                style += f"background:{background};"
            if value:
                kind = "given" if grid.is_given(r, c) else "entry"
                weight = "bold" if kind == "given" else "normal"
                style += f"color:{COLOURS[kind]};font-weight:{weight};font-size:1.1em;"
                text = symbol(value)  # 10 and up are letters (A = 10), as in `formats`
            else:
                text = candidates_html(candidates.get(cell, ()), grid.size) if candidates else ""
            classes = f"sudoku-grid-cell sudoku-grid-r{r}c{c}"
            tds.append(f"<td class='{classes}' style='{style}'>{text}</td>")
        rows.append(f"{ROW}{''.join(tds)}</tr>")
    title = escape(grid.to_string())
    return (
        f"<table class='sudoku-grid' title='{title}' "
        "style='border-collapse:collapse;font-family:sans-serif;margin:4px 0'>"
        f"{''.join(rows)}</table>"
    )


def cell_background(
    cell: Cell,
    *,
    highlight: Collection[Cell] = (),
    focus: Cell | None = None,
    conflicts: Collection[Cell] = (),
    colours: Mapping[Cell, str] | None = None,
) -> str:
    """The one background a cell gets ("" for none): a colour given for the cell outranks
    a conflict, which outranks the focus, which outranks a highlight."""
    if colours and cell in colours:
        return COLOURS.get(colours[cell], colours[cell])
    if cell in conflicts:
        return COLOURS["conflict"]
    if cell == focus:
        return COLOURS["focus"]
    if cell in highlight:
        return COLOURS["highlight"]
    return ""


def cell_units_html(grid: Grid, cell: Cell) -> str:
    """The grid with one cell marked and its row, column and region shaded."""
    units = grid.shape.units_of(*cell)
    return grid_html(grid, focus=cell, highlight={c for unit in units for c in unit.cells})


def step_html(board: CandidateGrid, step: Step) -> str:
    """A step drawn on the board it was taken on: its unit shaded, its cells marked, and the
    cells that lose a candidate in red (what `Rating.step_html` shows)."""
    colours = dict.fromkeys([cell for cell, _ in step.eliminations], "conflict")
    colours.update(dict.fromkeys([*step.cells, *[c for c in [step.cell] if c]], "focus"))
    unit = step.unit.cells if step.unit is not None else ()
    return grid_html(board.grid, candidates=board.candidates, highlight=unit, colours=colours)
