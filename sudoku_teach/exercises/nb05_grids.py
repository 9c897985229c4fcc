"""Checks for notebook 05 (generating full grids). Grids are lists of rows, 9x9 and 4x4."""

from __future__ import annotations

import math
from typing import Any

from ..generate import template
from ..generate.grids import full_grid, make_rng
from ..grid import Grid, Rows
from ..shape import Shape
from .framework import Exercise, register
from .subject import Case

LESSON = "05_generating_grids"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

SMALL = Shape(2, 2)


def shuffled(n: int, seed: int) -> list[int]:
    """The numbers 1..n in a seeded random order: a renaming."""
    numbers = list(range(1, n + 1))
    make_rng(seed).shuffle(numbers)
    return numbers


def some_grids() -> list[Rows]:
    """The template, a random full grid and a puzzle with blanks, 9x9; a 4x4 template."""
    puzzle = Grid.parse(
        "..298.5..4...7..13.396.4.7.2...564..84.3..2.19.7..1.86...7.513..9142...5.2..3.6.8"
    )
    return [grid.to_rows() for grid in
            (template.template_grid(), full_grid(5), puzzle, template.template_grid(SMALL))]


def reference_relabel(grid: Rows, numbers: list[int]) -> Rows:
    """The grid with every number v renamed numbers[v - 1]; blanks stay blank."""
    return template.relabel(Grid.from_rows(grid), numbers).to_rows()


def reference_swap_rows(grid: Rows, a: int, b: int) -> Rows:
    """A new grid with rows a and b exchanged (both in one band)."""
    return template.swap_rows(Grid.from_rows(grid), a, b).to_rows()


def reference_row_orders(bands: int, height: int) -> int:
    """How many orders of the rows keep each band together, counted one by one."""
    return sum(1 for _ in template.block_orders(bands, height))


def diagnose_row_orders(subject: Any, case: Case, got: Any, expected: Any) -> str | None:
    """The next stage of the idea, for the two counts students often reach first."""
    bands, height = case
    if got == math.factorial(bands * height):
        return "that counts every order of all the rows; here a row may only move inside its band."
    if got == math.factorial(bands) * math.factorial(height):
        return "every band orders its own rows, not just one band: count that step once per band."
    return None


def relabel_cases() -> list[tuple[Rows, list[int]]]:
    """Each grid with three renamings, one of them the identity for 9x9."""
    cases = []
    for grid in some_grids():
        n = len(grid)
        cases += [(grid, shuffled(n, seed)) for seed in (1, 2)] + [(grid, list(range(n, 0, -1)))]
    return cases


def swap_cases() -> list[tuple[Rows, int, int]]:
    """Pairs of rows in the same band, first and last bands, 9x9 and 4x4."""
    nine, four = template.template_grid().to_rows(), full_grid(3, SMALL).to_rows()
    pairs = [(0, 1), (0, 2), (4, 3), (6, 8), (7, 7)]
    return [(nine, a, b) for a, b in pairs] + [(four, 0, 1), (four, 3, 2)]


relabel = register(
    Exercise(
        name="relabel",
        reference=reference_relabel,
        cases=relabel_cases,
        hint="build a new grid; for each cell value v: 0 stays 0, otherwise write numbers[v - 1]"
        " (the list starts at index 0, the numbers at 1).",
        package="st.generate.template.relabel",
    )
)

swap_rows = register(
    Exercise(
        name="swap_rows",
        reference=reference_swap_rows,
        cases=swap_cases,
        hint="copy the rows into a new list (`[row[:] for row in grid]`), then exchange the"
        " entries a and b of that list and return it.",
        package="st.generate.template.swap_rows",
    )
)

row_orders = register(
    Exercise(
        name="row_orders",
        reference=reference_row_orders,
        cases=lambda: [(bands, height) for bands in (1, 2, 3) for height in (1, 2, 3)],
        diagnose=diagnose_row_orders,
        hint="start small: 2 bands of 1 row can go in 2 orders, and so can 1 band of 2 rows."
        " In general, first put the bands in an order, then the rows inside each band: count"
        " the choices of each step, and think how choices made one after another combine.",
        package="st.generate.template.line_orders",
    )
)
