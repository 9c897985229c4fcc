"""Checks for notebook 09 (reductions): the constraints a placement meets, one cell's clauses.

Both are for a 9x9 grid, as on the page: regions numbered 0-8 row by row, and the SAT
variable of "d in cell (row, col)" is row * 81 + col * 9 + d.
"""

from __future__ import annotations

from typing import Any

from ..reductions import exact_cover, sat
from .framework import Case, Exercise, register

LESSON = "09_reductions"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""


def placements() -> list[tuple[int, int, int]]:
    """Placements in every corner, the middle, and cells whose region is easy to get wrong."""
    cells = [(0, 0), (0, 8), (8, 0), (8, 8), (4, 4), (2, 3), (3, 2), (5, 6), (6, 5), (7, 1)]
    return [(r, c, d) for (r, c), d in zip(cells, [1, 9, 5, 3, 7, 2, 8, 4, 6, 9])]


def diagnose_cell_clauses(subject: Any, case: Case, got: Any, expected: Any) -> str | None:
    """The usual slips: too many pairs, variables from 0, the clauses in another order."""
    if len(got) != len(expected):
        return (f"you have {len(got)} clauses, the rule has {len(expected)}: one 'at least one'"
                " clause and one 'not both' per pair d < e (36 pairs: no number with itself,"
                " and each pair once)")
    first = list(got[0])
    if first == [v - 1 for v in expected[0]]:
        return "your variables start at 0: x(d) = row * 81 + col * 9 + d, with d from 1 to 9"
    if sorted(map(sorted, got)) == sorted(map(sorted, expected)):
        return "the right clauses in another order: 'at least one' first, then the pairs in order"
    if any(literal > 0 for clause in got[1:] for literal in clause):
        return "a 'not both' clause has negative literals: [-x(d), -x(e)]"
    return None


placement_constraints = register(
    Exercise(
        name="placement_constraints",
        reference=exact_cover.constraints_of,
        cases=placements,
        hint="four tuples: ('cell', row, col), ('row', row, number), ('column', col, number)"
        " and ('region', region, number), where region = (row // 3) * 3 + col // 3.",
        package="st.reductions.exact_cover.constraints_of",
    )
)

cell_clauses = register(
    Exercise(
        name="cell_clauses",
        reference=sat.cell_clauses,
        diagnose=diagnose_cell_clauses,
        cases=lambda: [(r, c) for r, c, _ in placements()],
        hint="first the one clause [x(1), ..., x(9)] (at least one number), then for every"
        " pair d < e the clause [-x(d), -x(e)] (not both), with x(d) = row * 81 + col * 9 + d;"
        " two nested loops give the pairs in order. 37 clauses in all.",
        package="st.reductions.sat.cell_clauses",
    )
)
