"""Checks for notebook 07 (difficulty levels). Grids are lists of rows, 9x9."""

from __future__ import annotations

import ast
from functools import cache
from typing import Any

from .. import rating, techniques
from ..generate import puzzle_at_level
from ..grid import Grid, Rows
from ..rating import LEVEL_TECHNIQUES, LEVELS, rate
from .framework import Exercise, register
from .subject import Case, Subject

LESSON = "07_difficulty_levels"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

UnitCandidates = list[set[int]]
"""The candidates of a unit's nine cells in order; a filled cell has none (an empty set)."""


@cache
def puzzles() -> dict[str, list[str]]:
    """Three seeded puzzles of each level, as puzzle lines (made once, then kept)."""
    return {level: [puzzle_at_level(level, seed).to_string() for seed in range(3)]
            for level in LEVELS}


def unit_cases() -> list[tuple[UnitCandidates]]:
    """Every unit of the boards just before each naked pair step of the hard puzzles."""
    cases = []
    for line in puzzles()["hard"]:
        rating = rate(line)
        for k, step in enumerate(rating.steps):
            if step.rule != "naked pair":
                continue
            board = rating.run.board_after(k)
            for unit in board.shape.units:
                cases.append(([set(board.candidates.get(cell, ())) for cell in unit.cells],))
    return cases


def finished_cases() -> list[tuple[dict[str, bool]]]:
    """What the three sets do on puzzles of each level (each set finishes what the last did)."""
    names = list(LEVEL_TECHNIQUES.values())
    return [({name: k <= i for i, name in enumerate(names)},) for k in range(len(names) + 1)]


def grid_cases() -> list[tuple[Rows]]:
    """The seeded puzzles of every level, as rows."""
    return [(Grid.parse(line).to_rows(),) for lines in puzzles().values() for line in lines]


def diagnose_naked_pair(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """Equal sets that are not pairs (two filled cells, three candidates), or i == j."""
    unit = case[0]
    if not isinstance(got, (tuple, list)) or len(got) != 2:
        return None
    i, j = got
    if i == j:
        return "i and j must be two different cells: let j start at i + 1."
    if unit[i] == unit[j] and len(unit[i]) != 2:
        what = "two filled cells (empty sets)" if not unit[i] else f"{len(unit[i])} numbers each"
        return f"positions {i} and {j} hold equal sets, but {what}: a pair holds exactly two."
    return None


def diagnose_level_from(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """The sets tried from the strongest first: every puzzle the strongest finishes is 'hard'."""
    if got == "hard" and expected in ("easy", "medium"):
        return (
            "'all techniques' finishes every puzzle a simpler set finishes, easy ones too: try"
            " the simplest set first, and return the first level whose set finishes."
        )
    return None


def diagnose_is_easy(subject: Subject, case: Case, got: Any, expected: Any) -> str | None:
    """One pass over the grid, where a filled cell can leave a new single behind."""
    tree = subject.tree()
    loops = [node for node in ast.walk(tree) if isinstance(node, ast.While)] if tree else None
    if got is False and expected is True and loops == []:
        return (
            "naked singles finish this puzzle, but not in one pass: a number you fill can"
            " leave a single in a cell you passed already. Repeat until a pass fills nothing."
        )
    return None


naked_pair = register(
    Exercise(
        name="naked_pair",
        reference=techniques.first_naked_pair,
        cases=unit_cases,
        diagnose=diagnose_naked_pair,
        hint="two loops, i and then j > i; a pair is two cells whose sets have length 2 and"
        " are equal (== compares sets); return None after the loops.",
        package="st.techniques.first_naked_pair",
    )
)

level_from = register(
    Exercise(
        name="level_from",
        reference=rating.level_from,
        cases=finished_cases,
        diagnose=diagnose_level_from,
        hint="try the sets from the simplest: finished['naked singles'] means easy, then"
        " 'naked + hidden singles' means medium, 'all techniques' hard; none: expert.",
        package="st.rating.level_from",
    )
)

is_easy = register(
    Exercise(
        name="is_easy",
        reference=rating.is_easy,
        cases=grid_cases,
        diagnose=diagnose_is_easy,
        hint="copy the grid, then repeat: find an empty cell with one candidate and fill it;"
        " when none is left, the puzzle is easy if no empty cell remains.",
        package="st.rating.is_easy",
    )
)
