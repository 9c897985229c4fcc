"""Solving by rules alone: take explained steps until the board is solved, stuck or contradicted.

`next_step` finds the next step by a list of techniques (tried in order: the first that
finds something gives it) and explains it. `solve_with_rules` takes steps on one
`CandidateGrid`, kept up to date as it goes, and records them so a notebook can replay
them. `count_finished` says how many puzzles each set of techniques solves on its own.

A board that can never be finished is treated like this:

* `next_step` raises `RuleViolation` if a number is already twice in a unit, and
  `ContradictionError` if an empty cell has no candidate or a unit needs a number that
  none of its empty cells can take;
* `solve_with_rules` never raises for such a board: its result has status
  "contradiction" and says why, so a notebook can show it like any other ending.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from .candidates import CandidateGrid, Candidates, format_candidates
from .errors import RuleViolation, StepIndexError, UnknownNameError
from .grid import Grid, GridLike, as_grid
from .rules import check_rules, conflicts
from .shape import is_whole
from .steps import Step, Technique
from .techniques import TECHNIQUE_SETS, TECHNIQUES

Techniques = str | Technique | Sequence[str | Technique]
"""Techniques to try, in order: a name from `TECHNIQUE_SETS` or `TECHNIQUES`, or a list."""

ALL_TECHNIQUES = tuple(TECHNIQUES.values())

RuleStatus = Literal["solved", "stuck", "contradiction"]


def technique_list(techniques: Techniques) -> tuple[Technique, ...]:
    """The techniques to try, in order, from names, `Technique`s or the name of a set."""
    if isinstance(techniques, str):
        techniques = TECHNIQUE_SETS.get(techniques, (techniques,))
    elif isinstance(techniques, Technique):
        techniques = (techniques,)
    known = ", ".join(repr(name) for name in [*TECHNIQUES, *TECHNIQUE_SETS])
    found = []
    for technique in techniques:
        if isinstance(technique, str):
            if technique not in TECHNIQUES:
                raise UnknownNameError(f"unknown technique {technique!r}: choose from {known}")
            technique = TECHNIQUES[technique]
        found.append(technique)
    if not found:
        raise UnknownNameError(f"no techniques given: choose from {known}")
    return tuple(found)


def first_step(board: CandidateGrid, techniques: Sequence[Technique]) -> Step | None:
    """Try the techniques in order; the first one that finds a step gives it."""
    for technique in techniques:
        step = next(technique.find(board), None)
        if step is not None:
            return step
    return None


def take_step(board: CandidateGrid, step: Step) -> None:
    """Do what a step says: place its number, or cross off its candidates."""
    if step.cell is not None and step.value is not None:
        board.place(step.cell, step.value)
    for cell, number in step.eliminations:
        board.remove(cell, number)


def next_step(
    grid: GridLike | CandidateGrid, techniques: Techniques = ALL_TECHNIQUES
) -> Step | None:
    """The next step by the given techniques (tried in order), explained; None if none applies.

    Pass a `CandidateGrid` to go on from candidates that earlier steps removed. None also
    means a full grid. Raises `RuleViolation` or `ContradictionError` for a board that can
    never be finished, so that "no step" always means "needs more techniques".
    """
    techniques = technique_list(techniques)
    if not isinstance(grid, CandidateGrid):
        grid = as_grid(grid)
        check_rules(grid)
        grid = CandidateGrid(grid)
    problem = grid.contradiction()
    if problem is not None:
        raise problem
    return first_step(grid, techniques)


@dataclass(frozen=True, repr=False)
class RuleSolve:
    """What `solve_with_rules` did: the steps in order, the board they led to, and why it ended."""

    start: Grid
    steps: tuple[Step, ...]
    grid: Grid
    techniques: tuple[Technique, ...]
    candidates_left: Candidates
    contradiction: str | None = None

    @property
    def status(self) -> RuleStatus:
        """'solved', 'stuck' (no technique applies) or 'contradiction' (cannot be finished)."""
        if self.contradiction is not None:
            return "contradiction"
        return "stuck" if self.candidates_left else "solved"

    @property
    def solved(self) -> bool:
        """Whether the techniques filled every cell."""
        return self.status == "solved"

    @property
    def stuck(self) -> bool:
        """Whether empty cells are left that no technique of the set can fill."""
        return self.status == "stuck"

    def technique_counts(self) -> dict[str, int]:
        """How many steps each technique took, for every technique of the set (0 included)."""
        counts = Counter(step.technique.name for step in self.steps)
        return {technique.name: counts[technique.name] for technique in self.techniques}

    def board_after(self, k: int) -> CandidateGrid:
        """The board and its candidates after the first `k` steps (0 is the puzzle)."""
        if not is_whole(k) or not 0 <= k <= len(self.steps):
            raise StepIndexError(f"there is no step {k!r}: this run has steps 0 to"
                                 f" {len(self.steps)}")
        board = CandidateGrid(self.start)
        for step in self.steps[:k]:
            take_step(board, step)
        return board

    def grid_after(self, k: int) -> Grid:
        """The numbers after the first `k` steps: what a replay slider shows."""
        return self.board_after(k).grid

    def board_html(self, k: int | None = None) -> str:
        """The board after `k` steps (default: all) with candidates; step k's cell is marked.

        A display hook: the drawing is in `views.render`, imported only when called (see
        `grid` for why the lower layers reach the views this way and no other).
        """
        from .views.render import grid_html

        k = len(self.steps) if k is None else k
        board = self.board_after(k)
        focus = self.steps[k - 1].cell if k else None
        return grid_html(board.grid, candidates=board.candidates, focus=focus)

    def summary(self) -> str:
        """How the run ended, in words, with the candidates left when it did not finish."""
        n = plural(len(self.steps), "step")
        if self.solved:
            used = ", ".join(plural(count, name) for name, count in self.technique_counts().items())
            return f"solved in {n} ({used})"
        if self.contradiction is not None:
            ending = f"contradiction after {n}: {self.contradiction}"
        else:
            ending = f"stuck after {n}: {stuck_because(self.techniques)}"
        return f"{ending}\ncandidates left:\n{format_candidates(self.candidates_left)}"

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"<RuleSolve: {self.summary().splitlines()[0]}>"

    def _repr_html_(self) -> str:
        first, *_ = self.summary().splitlines()
        return f"<p>{escape(first)}</p>{self.board_html()}"


def stuck_because(techniques: Sequence[Technique]) -> str:
    """Why no step was found, in the words of each technique tried: one sentence for all."""
    *most, last = [technique.stuck_because for technique in techniques]
    why = f"{', '.join(most)} and {last}" if most else last
    return f"{why}; this puzzle needs more rules"


def plural(count: int, word: str) -> str:
    """'1 step', '41 steps'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def solve_with_rules(grid: GridLike, techniques: Techniques = ALL_TECHNIQUES) -> RuleSolve:
    """Take steps by the techniques alone until solved, stuck or contradicted; the input is kept.

    The candidates are worked out once and then kept up to date as steps are taken,
    which is what a person does with a pencil (and much faster than recounting them).
    """
    techniques = technique_list(techniques)
    start = as_grid(grid).copy()
    board = CandidateGrid(start)
    steps: list[Step] = []
    broken = conflicts(start)
    problem = str(RuleViolation(broken)) if broken else None
    while problem is None:
        if board.contradiction() is not None:
            problem = str(board.contradiction())
            break
        step = first_step(board, techniques)
        if step is None:
            break
        steps.append(step)
        take_step(board, step)
    return RuleSolve(
        start=start,
        steps=tuple(steps),
        grid=board.grid,
        techniques=techniques,
        candidates_left=board.snapshot(),
        contradiction=problem,
    )


def count_finished(
    puzzles: Iterable[GridLike], technique_sets: Mapping[str, Techniques] = TECHNIQUE_SETS
) -> dict[str, int]:
    """How many of the puzzles each set of techniques solves on its own: numbers for a bar chart."""
    counts = dict.fromkeys(technique_sets, 0)
    for puzzle in puzzles:
        for name, techniques in technique_sets.items():
            if solve_with_rules(puzzle, techniques).solved:
                counts[name] += 1
    return counts
