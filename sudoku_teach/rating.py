"""How hard is a puzzle? Solve it the way a person does and see which techniques it needs.

The rater takes explained steps with every technique of `techniques`, always the simplest
that applies (naked single, then hidden single, then naked pair, then pointing pair), and
names the level by the hardest technique it had to use:

* **easy**: naked singles alone finish it (what the elimination notebook teaches);
* **medium**: hidden singles are needed too;
* **hard**: a naked pair or a pointing pair is needed, but no guessing;
* **expert**: the techniques get stuck: only a search (guessing) finishes it.

One run is enough because the singles never block each other: placing a number only takes
candidates away, so whatever a set of singles can place now it can still place later. If
the run first needed a hidden single at some point, no naked single was left there, so
naked singles alone get stuck on that puzzle whatever order they are taken in.

Within a level the *score* breaks ties: each step counts by how hard its technique is
(`WEIGHTS`), and an expert puzzle adds `SEARCH_WEIGHT` for each node of the search that
finishes it from where the techniques got stuck.

A rating only makes sense for a proper puzzle (exactly one solution): `rate` refuses
anything else with a `NotAPuzzleError` (or a `RuleViolation`) that says why, from
`fast.proper_solution`, the package's one answer to "is it proper?".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import StepIndexError, UnknownNameError
from .fast import proper_solution, solve
from .grid import Grid, GridLike, as_grid
from .rule_solver import RuleSolve, solve_with_rules
from .shape import is_whole
from .steps import Step

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels, easiest first."""

LEVEL_TECHNIQUES = {
    "easy": "naked singles",
    "medium": "naked + hidden singles",
    "hard": "all techniques",
}
"""The set of techniques (a name of `techniques.TECHNIQUE_SETS`) that finishes each level.

An expert puzzle is the one no set finishes: it needs search.
"""

LEVEL_OF_TECHNIQUE = {
    "naked single": "easy",
    "hidden single": "medium",
    "naked pair": "hard",
    "pointing pair": "hard",
}
"""The level a puzzle has at least when the rater needed this technique."""

WEIGHTS = {"naked single": 1, "hidden single": 2, "naked pair": 5, "pointing pair": 5}
"""Points a step of each technique adds to the score: the harder to spot, the more."""

SEARCH_WEIGHT = 10
"""Points for each search node an expert puzzle needs after the techniques get stuck."""


def check_level(level: str) -> None:
    """Refuse a level name that is not one of `LEVELS`: the one level check of the package."""
    if level not in LEVELS:
        raise UnknownNameError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


@dataclass(frozen=True)
class Rating:
    """A puzzle's level, the techniques it took (steps of each), the steps, and a score."""

    level: str
    counts: Mapping[str, int]  # technique name -> steps taken with it (0 included)
    run: RuleSolve  # the solve by rules behind the rating: its steps, its boards
    search_nodes: int  # nodes of the search that finished it (0 unless expert)
    score: int

    @property
    def steps(self) -> tuple[Step, ...]:
        """The explained steps, in the order the rater took them."""
        return self.run.steps

    @property
    def techniques(self) -> list[str]:
        """The techniques the puzzle needed, simplest first."""
        return [name for name, count in self.counts.items() if count]

    def __str__(self) -> str:
        used = ", ".join(f"{name} x{self.counts[name]}" for name in self.techniques)
        used = used or "no technique applies"
        search = f", then search ({self.search_nodes} nodes)" if self.level == "expert" else ""
        return f"{self.level} (score {self.score}): {used}{search}"

    def explain(self) -> str:
        """Every step in order, one sentence each, numbered from 1."""
        return "\n".join(f"{k}. {step.explain()}" for k, step in enumerate(self.steps, 1))

    def first(self, technique: str) -> int | None:
        """The number (from 1) of the first step taken with a technique, or None."""
        return next((k for k, s in enumerate(self.steps, 1) if s.rule == technique), None)

    def step_html(self, k: int) -> str:
        """The board with its candidates just before step k (from 1), the step drawn on it.

        Its unit is shaded, its cells (the pair, the pointing cells, or the cell filled)
        are marked, and the cells that lose a candidate are shown in red. A display hook:
        the drawing is `views.render.step_html`, imported only when called (see `grid`).
        """
        from .views.render import step_html

        if not is_whole(k) or not 1 <= k <= len(self.steps):
            raise StepIndexError(f"there is no step {k!r}: this rating has steps 1 to"
                                 f" {len(self.steps)}")
        return step_html(self.run.board_after(k - 1), self.steps[k - 1])


def rate(puzzle: GridLike) -> Rating:
    """Solve like a person, simplest technique first, and name the level the puzzle needs."""
    grid = as_grid(puzzle)
    check_proper(grid)
    run = solve_with_rules(grid, "all techniques")
    counts = run.technique_counts()
    nodes = 0 if run.solved else search_nodes(run)
    if run.solved:
        level = max((LEVEL_OF_TECHNIQUE[n] for n, k in counts.items() if k), key=LEVELS.index,
                    default="easy")
    else:
        level = "expert"
    score = sum(WEIGHTS[name] * count for name, count in counts.items()) + SEARCH_WEIGHT * nodes
    return Rating(level, counts, run, nodes, score)


def check_proper(grid: Grid) -> None:
    """Refuse a grid with a broken rule, no solution or several: there is nothing to rate."""
    proper_solution(grid)  # the package's one "is it proper?"; its errors say why not


def search_nodes(run: RuleSolve) -> int:
    """How many nodes the fast search needs to finish from where the techniques got stuck."""
    return solve(run.grid).stats.nodes


def level_from(finished: Mapping[str, bool]) -> str:
    """The level from which sets of techniques finish a puzzle on their own (none: expert)."""
    for level in ("easy", "medium", "hard"):
        if finished[LEVEL_TECHNIQUES[level]]:
            return level
    return "expert"


def is_easy(puzzle: GridLike) -> bool:
    """Whether naked singles alone fill every empty cell (the method of notebook 02)."""
    return solve_with_rules(puzzle, LEVEL_TECHNIQUES["easy"]).solved


def level_of(puzzle: GridLike) -> str:
    """The level of a proper puzzle: 'easy', 'medium', 'hard' or 'expert'."""
    return rate(puzzle).level
