"""Shared test helpers: an independent rule checker that does not use the package's rules."""

from __future__ import annotations

import pytest


def independent_is_solved(rows: list[list[int]], box_rows: int = 3, box_cols: int = 3) -> bool:
    """A full grid is solved when every row, column and box is a permutation of 1..n."""
    n = box_rows * box_cols
    want = list(range(1, n + 1))
    units = [list(row) for row in rows]
    units += [[rows[r][c] for r in range(n)] for c in range(n)]
    units += [
        [rows[r][c] for r in range(top, top + box_rows) for c in range(left, left + box_cols)]
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    ]
    return len(rows) == n and all(sorted(unit) == want for unit in units)


def keeps_givens(puzzle: list[list[int]], solution: list[list[int]]) -> bool:
    """Every given of the puzzle stands in the same place in the solution."""
    return all(p == s for prow, srow in zip(puzzle, solution) for p, s in zip(prow, srow) if p)


@pytest.fixture
def assignment_rows() -> list[list[int]]:
    """The assignment's puzzle, written out here independently of the package."""
    text = """
        0 0 2 9 8 0 5 0 0
        4 0 0 0 7 0 0 1 3
        0 3 9 6 0 4 0 7 0
        2 0 0 0 5 6 4 0 0
        8 4 0 3 0 0 2 0 1
        9 0 7 0 0 1 0 8 6
        6 0 0 7 0 5 1 3 0
        0 9 1 4 0 0 0 0 5
        0 2 0 0 3 0 6 0 8
    """
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]
