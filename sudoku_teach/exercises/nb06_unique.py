"""Checks for notebook 06 (unique puzzles). Grids are lists of rows, 4x4 first, then 9x9."""

from __future__ import annotations

from typing import Any

from .. import fast, generate
from ..errors import NotAPuzzleError, RuleViolation
from ..examples import ASSIGNMENT_PUZZLE, WARMUP_4X4
from ..generate import puzzles
from ..grid import Grid, Rows
from ..shape import Shape
from .framework import TIME_LIMIT, Exercise, register
from .subject import Case, Subject

LESSON = "06_unique_puzzles"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

SMALL = Shape(2, 2)
NO_SOLUTION_4X4 = "12.. ..3. ..4. ...."
"""No rule is broken yet, but cell (0, 2) has no number left: no solution."""
TWO_SOLUTIONS_4X4 = "12.. 34.. .... ...."
"""Rows 2 and 3 can be filled in more than one way."""


def solutions_found(grid: Rows, limit: int) -> int:
    """The package's count of solutions, stopping at `limit`."""
    return fast.count_solutions(Grid.from_rows(grid), limit).count


def passes_what_is_missing(subject: Subject, case: Case) -> str | None:
    """None when the recursion asks the calls below for `limit - total`, else what is wrong.

    Where two solutions or more are counted, the call that leads to the second one is made
    after the first was counted: it must be asked for less than the whole limit.
    """
    grid, limit = case
    if limit < 2 or solutions_found(grid, limit) < 2:
        return None
    calls = subject.own_calls(case, TIME_LIMIT)
    asked = {call[1] for call in calls if len(call) == 2}
    if asked != {limit}:  # it asks for less somewhere, or it does not call itself by name
        return None
    return (
        f"the count is right, but every call below was asked for limit={limit}, the whole"
        " limit, even after solutions had been counted. Pass what is still missing:"
        " count_solutions(grid, limit - total). Asked for the whole limit, a call deep down"
        " searches on for solutions nobody needs (min() on the result only hides them)"
    )


def reference_try_remove(grid: Rows, row: int, col: int) -> Rows:
    """The puzzle without the number at (row, col) if it stays proper, else unchanged."""
    return puzzles.try_remove(grid, row, col).to_rows()


def small_puzzles() -> list[Rows]:
    """4x4 grids with no, one, a few and many solutions, and a full one."""
    texts = [WARMUP_4X4, NO_SOLUTION_4X4, TWO_SOLUTIONS_4X4, "." * 16, "1234 3412 2143 4321"]
    return [Grid.parse(text).to_rows() for text in texts]


def nine_by_nine() -> list[Rows]:
    """A proper minimal puzzle, a blind one with many solutions, one that breaks a rule."""
    solution = generate.full_grid(8)
    blind = puzzles.blind_puzzle(solution, 8, 50)
    broken = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    broken[0][0] = broken[0][2]  # the same number twice in row 0
    return [generate.random_puzzle(8).to_rows(), blind.to_rows(), broken,
            Grid.parse(ASSIGNMENT_PUZZLE).to_rows()]


def removal_cases() -> list[tuple[Rows, int, int]]:
    """Givens of a full 4x4 grid (every removal keeps one solution), of a minimal 9x9 puzzle
    (none does), and of a 9x9 puzzle half dug (some do, some do not)."""
    full = generate.full_grid(2, SMALL).to_rows()
    minimal = generate.random_puzzle(3).to_rows()
    half = puzzles.dig(generate.full_grid(4), 4, givens=40).to_rows()
    cases = [(full, r, c) for r, c in [(0, 0), (1, 3), (3, 2)]]
    for grid in (minimal, half):
        cases += [(grid, r, c) for r in range(9) for c in range(9) if grid[r][c]][::3]
    return cases


def diagnose_count_all(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """Stopping at the first solution, as 03's solve does."""
    if got == 1 and expected > 1:
        return (
            "it stops at the first solution, as 03's solve does: add up the solutions found"
            " below every number instead of returning the first one."
        )
    return None


def diagnose_is_proper(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """One solution found taken for one solution only; or no solution taken for proper."""
    count = solutions_found(case[0], 2)
    if got is True and count == 2:
        return (
            "this grid has two solutions or more: finding one does not show it is the only"
            " one. Count up to 2 and compare with exactly 1."
        )
    if got is True and count == 0:
        return "this grid has no solution at all: proper means exactly one, so compare with 1."
    return None


def diagnose_try_remove(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The number taken out even when that lets a second solution in."""
    grid, row, col = case
    if expected == grid and isinstance(got, list) and got and got[row][col] == 0:
        return (
            f"without the number at ({row}, {col}) the puzzle has a second solution: then"
            " return the grid you were given, unchanged."
        )
    return None


count_all = register(
    Exercise(
        name="count_all",
        reference=lambda grid: fast.count_all(Grid.from_rows(grid)).count,
        cases=lambda: [(g,) for g in small_puzzles()],
        diagnose=diagnose_count_all,
        hint="a full grid is one solution: return 1. Otherwise take the first empty cell, and"
        " for each number the rules allow there: place it, add count_all(grid) to a total, and"
        " put the 0 back. Return the total after trying every number.",
        package="st.fast.count_all (its .count is the number)",
        keep_input="put every 0 back before returning",
    )
)

count_solutions = register(
    Exercise(
        name="count_solutions",
        reference=solutions_found,
        cases=lambda: [(g, limit) for g in small_puzzles() for limit in (1, 2, 5)]
        + [(Grid.parse(ASSIGNMENT_PUZZLE).to_rows(), 2)],
        hint="start from count_all. Pass limit - total down (the call below only has to find"
        " what is still missing), and stop the loop as soon as total reaches limit. Put the 0"
        " back after each number, even when you stop.",
        package="st.fast.count_solutions (its .count is the number)",
        keep_input="put every 0 back before returning",
        how=passes_what_is_missing,
        slow="Does it stop trying numbers as soon as total reaches limit, and pass"
        " limit - total to the recursive call? Without both, it searches the whole tree.",
    )
)

def reference_is_proper(grid: Rows) -> bool:
    """The package's one "is it proper?" (`fast.proper_solution`) as a yes or no."""
    try:
        fast.proper_solution(Grid.from_rows(grid))
    except (NotAPuzzleError, RuleViolation):
        return False
    return True


is_proper = register(
    Exercise(
        name="is_proper",
        reference=reference_is_proper,
        cases=lambda: [(g,) for g in small_puzzles() + nine_by_nine()],
        diagnose=diagnose_is_proper,
        hint="count the solutions up to two with st.fast.count_solutions(grid, 2).count and"
        " compare with exactly 1: no solution is not proper either.",
        package="st.fast.proper_solution (it raises NotAPuzzleError when not proper)",
        slow="A counter that tries the cells in reading order (like your count_solutions) can"
        " take minutes on a hard 9x9 puzzle: use st.fast.count_solutions(grid, 2).count.",
    )
)

try_remove = register(
    Exercise(
        name="try_remove",
        reference=reference_try_remove,
        cases=removal_cases,
        diagnose=diagnose_try_remove,
        hint="copy the grid, write 0 at (row, col) in the copy, and return the copy if it is"
        " still proper (is_proper), otherwise the grid you were given.",
        package="st.generate.puzzles.try_remove",
    )
)
