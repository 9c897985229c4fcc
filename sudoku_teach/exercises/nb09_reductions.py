"""Checks for notebook 09 (reductions): the constraints a placement meets, one cell's clauses.

Both are for a 9x9 grid, as on the page: regions numbered 0-8 row by row, and the SAT
variable of "d in cell (row, col)" is row * 81 + col * 9 + d.
"""

from __future__ import annotations

from .. import exact_cover, sat
from .framework import Exercise, register

LESSON = "09_reductions"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""


def placements() -> list[tuple[int, int, int]]:
    """Placements in every corner, the middle, and cells whose region is easy to get wrong."""
    cells = [(0, 0), (0, 8), (8, 0), (8, 8), (4, 4), (2, 3), (3, 2), (5, 6), (6, 5), (7, 1)]
    return [(r, c, d) for (r, c), d in zip(cells, [1, 9, 5, 3, 7, 2, 8, 4, 6, 9])]


placement_constraints = register(
    Exercise(
        name="placement_constraints",
        reference=exact_cover.constraints_of,
        cases=placements,
        hint="four tuples: ('cell', row, col), ('row', row, number), ('column', col, number)"
        " and ('region', region, number), where region = (row // 3) * 3 + col // 3.",
        package="st.exact_cover.constraints_of",
    )
)

cell_clauses = register(
    Exercise(
        name="cell_clauses",
        reference=sat.cell_clauses,
        cases=lambda: [(r, c) for r, c, _ in placements()],
        hint="first the one clause [x(1), ..., x(9)] (at least one number), then for every"
        " pair d < e the clause [-x(d), -x(e)] (not both), with x(d) = row * 81 + col * 9 + d;"
        " two nested loops give the pairs in order. 37 clauses in all.",
        package="st.sat.cell_clauses",
    )
)
