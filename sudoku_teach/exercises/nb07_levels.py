"""Checks for notebook 07 (difficulty levels). Grids are lists of rows, 9x9."""

from __future__ import annotations

from functools import cache

from ..generate import puzzle_at_level
from ..grid import Grid, Rows
from ..rating import LEVEL_TECHNIQUES, LEVELS, rate
from ..rule_solver import solve_with_rules
from .framework import Exercise, register

LESSON = "07_difficulty_levels"
"""The notebook these exercises belong to (its `sudoku_teach.lesson` metadata)."""

UnitCandidates = list[set[int]]
"""The candidates of a unit's nine cells in order; a filled cell has none (an empty set)."""


@cache
def puzzles() -> dict[str, list[str]]:
    """Three seeded puzzles of each level, as puzzle lines (made once, then kept)."""
    return {level: [puzzle_at_level(level, seed).to_string() for seed in range(3)]
            for level in LEVELS}


def reference_naked_pair(unit: UnitCandidates) -> tuple[int, int] | None:
    """The first two positions (i < j) whose candidates are the same two numbers, or None."""
    for i, first in enumerate(unit):
        for j in range(i + 1, len(unit)):
            if len(first) == 2 and unit[j] == first:
                return i, j
    return None


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


def reference_level_from(finished: dict[str, bool]) -> str:
    """The level from which sets of techniques finish a puzzle (expert: none does)."""
    for level in ("easy", "medium", "hard"):
        if finished[LEVEL_TECHNIQUES[level]]:
            return level
    return "expert"


def finished_cases() -> list[tuple[dict[str, bool]]]:
    """What the three sets do on puzzles of each level (each set finishes what the last did)."""
    names = list(LEVEL_TECHNIQUES.values())
    return [({name: k <= i for i, name in enumerate(names)},) for k in range(len(names) + 1)]


def reference_is_easy(grid: Rows) -> bool:
    """Whether naked singles alone fill every empty cell."""
    return solve_with_rules(Grid.from_rows(grid), "naked singles").solved


def grid_cases() -> list[tuple[Rows]]:
    """The seeded puzzles of every level, as rows."""
    return [(Grid.parse(line).to_rows(),) for lines in puzzles().values() for line in lines]


naked_pair = register(
    Exercise(
        name="naked_pair",
        reference=reference_naked_pair,
        cases=unit_cases,
        hint="two loops, i and then j > i; a pair is two cells whose sets have length 2 and"
        " are equal (== compares sets); return None after the loops.",
    )
)

level_from = register(
    Exercise(
        name="level_from",
        reference=reference_level_from,
        cases=finished_cases,
        hint="try the sets from the simplest: finished['naked singles'] means easy, then"
        " 'naked + hidden singles' means medium, 'all techniques' hard; none: expert.",
    )
)

is_easy = register(
    Exercise(
        name="is_easy",
        reference=reference_is_easy,
        cases=grid_cases,
        hint="copy the grid, then repeat: find an empty cell with one candidate and fill it;"
        " when none is left, the puzzle is easy if no empty cell remains.",
    )
)
