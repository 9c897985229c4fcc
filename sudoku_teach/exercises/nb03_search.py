"""Checks for notebook 03 (recursive search). Grids are lists of rows, 4x4 first, then 9x9.

Notebook 04 (smarter search) builds on the cases and the diagnosis written here.
"""

from __future__ import annotations

import ast
from typing import Any

from .. import fast, rule_solver, rules
from ..examples import ASSIGNMENT_PUZZLE, WARMUP_4X4
from ..grid import Grid, Rows
from .code_reading import loops
from .framework import Exercise, register
from .subject import Case, Subject

LESSON = "03_recursive_search"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

SMALL_PUZZLES = [WARMUP_4X4, ".2.. ...1 4... ..3.", "...4 .1.. ..2. 3...", "..3. 4... ...1 .2.."]
SOLVED_4X4 = "1234 3412 2143 4321"
"""A full 4x4 grid: code that assumes 9 rows fails here."""
NO_SOLUTION_4X4 = "12.. ..3. ..4. ...."
"""No rule is broken yet, but cell (0, 2) has no number left: 3 and 4 are in its column."""


def rows_of(*texts: str) -> list[Rows]:
    """Puzzles as the lists of rows that students work on."""
    return [Grid.parse(text).to_rows() for text in texts]


def reference_solve(grid: Rows) -> Rows | None:
    """The solution of a puzzle as rows, or None when it has none."""
    solution = fast.solve(Grid.from_rows(grid)).solution
    return solution.to_rows() if solution is not None else None


def assigns_zero(subject: Subject) -> bool | None:
    """Whether a function's code ever writes 0 into a grid cell (an undo); None if unknown."""
    tree = subject.tree()
    if tree is None:
        return None
    return any(
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and node.value.value == 0
        and any(isinstance(target, ast.Subscript) for target in node.targets)
        for node in ast.walk(tree)
    )


def returns_own_call(subject: Subject) -> bool:
    """Whether a loop in the function returns its own recursive call as is (no undo, no retry)."""
    name = subject.name
    return any(
        isinstance(node, ast.Return)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == name
        for loop in loops(subject.tree())
        for node in ast.walk(loop)
    )


def diagnose_first_empty(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The off-by-one loop that never looks at the last row or column."""
    last = len(case[0]) - 1
    if expected is not None and last in expected:
        return "does your loop reach the last row and column? use `range(len(grid))`."
    return None


def diagnose_solve(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The likely mistake behind a wrong `solve`."""
    if expected is None:
        return (
            "this puzzle has no solution, so the answer is None: return None after the loop,"
            " when no number fits the cell, and never return a grid that still has a 0."
        )
    if got is not None and any(0 in row for row in got):
        return (
            "the grid came back with blanks: you put 0 back even after `solve` succeeded (the"
            " solved grid is the same list, so undo only when the recursive call returned None)."
        )
    if got is None:
        if returns_own_call(subject):
            return (
                f"`return {subject.name}(grid)` returns at once, also when the call below came"
                " back with None (a dead end): the other numbers for this cell are never tried."
                " Return the grid only when the call did not return None; otherwise put 0 back"
                " and let the loop try the next number."
            )
        if assigns_zero(subject) is False:
            return (
                "solve gave up on a puzzle that has a solution. After a number that led to a dead"
                " end, put 0 back in the cell (undo the placement) before trying the next one:"
                " grid[row][col] = 0."
            )
        return (
            "solve gave up on a puzzle that has a solution. Does it return the answer of the"
            " recursive call when that is not None, and return None only after trying every"
            " number? Do the numbers go from 1 to len(grid)?"
        )
    return None


def partly_filled() -> list[Rows]:
    """The assignment's puzzle after 0, 10 and 30 safe steps, and solved."""
    run = rule_solver.solve_with_rules(ASSIGNMENT_PUZZLE, "naked singles")
    return [run.grid_after(k).to_rows() for k in (0, 10, 30, len(run.steps))]


first_empty = register(
    Exercise(
        name="first_empty",
        reference=rules.first_empty,
        package="st.first_empty",
        cases_on=lambda grid: [(grid,)],
        diagnose=diagnose_first_empty,
        cases=lambda: (
            [(g,) for g in rows_of(*SMALL_PUZZLES, NO_SOLUTION_4X4, SOLVED_4X4)]
            + [(g,) for g in partly_filled()]
        ),
        hint="two loops, rows outside and columns inside; return (row, col) at the first 0,"
        " and None after the loops.",
    )
)

solve = register(
    Exercise(
        name="solve",
        reference=reference_solve,
        package="st.fast.solve (its .solution is a Grid, or None: .to_rows() gives the rows)",
        diagnose=diagnose_solve,
        changes_input=True,
        cases=lambda: [(g,) for g in rows_of(*SMALL_PUZZLES, NO_SOLUTION_4X4, ASSIGNMENT_PUZZLE)],
        hint="find the first empty cell (none left: return the grid); for each number that fits,"
        " place it, call solve on the grid, return the answer if it is not None, else put 0 back;"
        " after the loop return None.",
    )
)
