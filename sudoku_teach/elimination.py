"""Elimination sets: the numbers a cell's row, column and region rule out, and the survivors.

This is the assignment's method. For an empty cell, rule 1 rules out the numbers in its
row, rule 2 those in its column and rule 3 those in its region; whatever is left over
(the survivors, or candidates) may still go there. One survivor means the cell is safe
to fill.

Two rules fill cells from these sets:

* a **naked single**: an empty cell with exactly one survivor (the assignment's rule);
* a **hidden single**: a number that a row, column or region still needs and that fits
  only one of its empty cells.

`next_single` is the assignment's scan, as it wrote it. `next_step` finds the next step by
any list of rules and explains it (`Step`); `solve_with_rules` takes steps until the board
is solved or no rule applies (stuck), and records them so a notebook can replay them.

A board that can never be finished is treated like this:

* `next_step` raises `RuleViolation` if a number is already twice in a unit, and
  `ContradictionError` if an empty cell has no survivor or a unit needs a number that
  none of its empty cells can take;
* `solve_with_rules` never raises for such a board: its result has status
  "contradiction" and says why, so a notebook can show it like any other ending.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .errors import ContradictionError, RuleViolation, SudokuError
from .grid import Grid, GridLike, as_grid
from .render import grid_html
from .rules import blockers, column_values, conflicts, region_values, row_values, values_in
from .shape import Cell, Unit

NAKED_SINGLE = "naked single"
"""An empty cell with exactly one survivor."""

HIDDEN_SINGLE = "hidden single"
"""A number that fits only one empty cell of a row, column or region that still needs it."""

ALL_RULES = (NAKED_SINGLE, HIDDEN_SINGLE)
"""Every rule this module knows, in the order `next_step` tries them by default."""

RULE_SETS: dict[str, tuple[str, ...]] = {
    "naked singles": (NAKED_SINGLE,),
    "naked + hidden singles": (NAKED_SINGLE, HIDDEN_SINGLE),
}
"""The rule sets the notebook compares; the names read well as plot labels."""

Marks = dict[Cell, set[int]]
"""Pencil marks: the survivors of every empty cell."""


# --- the three elimination sets and the survivors --------------------------------------


def eliminated(grid: GridLike, row: int, col: int) -> set[int]:
    """The union of the three elimination sets: every number this cell cannot hold."""
    grid = as_grid(grid)
    return row_values(grid, row) | column_values(grid, col) | region_values(grid, row, col)


def survivors(grid: GridLike, row: int, col: int) -> set[int]:
    """The numbers still allowed in an empty cell (the assignment's 'survivors')."""
    grid = as_grid(grid)
    return set(grid.shape.digits) - eliminated(grid, row, col)


def candidates(grid: GridLike) -> Marks:
    """Survivors of every empty cell at once: the pencil marks of the whole board."""
    grid = as_grid(grid)
    return {cell: survivors(grid, *cell) for cell in grid.empty_cells()}


def next_single(grid: GridLike) -> tuple[int, int, int] | None:
    """The first empty cell in reading order with exactly one survivor, as (row, col, value)."""
    grid = as_grid(grid)
    for row, col in grid.empty_cells():
        left = survivors(grid, row, col)
        if len(left) == 1:
            return row, col, next(iter(left))
    return None


def best_cell(grid: GridLike) -> Cell | None:
    """The empty cell with the fewest survivors (the first in reading order on a tie), or None."""
    marks = candidates(grid)
    return min(marks, key=lambda cell: (len(marks[cell]), cell)) if marks else None


def places(marks: Mapping[Cell, Collection[int]], unit: Unit, value: int) -> list[Cell]:
    """The cells of a unit whose pencil marks still hold `value`: where that number may go."""
    return [cell for cell in unit.cells if value in marks.get(cell, ())]


def pencilled(marks: Mapping[Cell, Collection[int]], unit: Unit) -> set[int]:
    """Every number pencilled in some empty cell of a unit: the ones it can still place."""
    return {value for cell in unit.cells for value in marks.get(cell, ())}


def missing(grid: GridLike, unit: Unit) -> list[int]:
    """The numbers a unit still needs, smallest first."""
    grid = as_grid(grid)
    return sorted(set(grid.shape.digits) - values_in(grid, unit))


# --- one step, explained ---------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One filled cell and why it is safe: the rule used and the sets that prove it.

    The three elimination sets and the survivors describe the cell just before the step,
    whatever the rule. A hidden single also names its `unit` and, in `blocked`, each other
    empty cell of that unit paired with a cell that already holds `value` and so rules it out.
    """

    row: int
    col: int
    value: int
    rule: str
    region: str  # the region's letter, as the assignment names groups
    row_set: frozenset[int]
    column_set: frozenset[int]
    region_set: frozenset[int]
    survivors: frozenset[int]
    unit: Unit | None = None
    blocked: tuple[tuple[Cell, Cell], ...] = ()

    @property
    def cell(self) -> Cell:
        """Where the number goes, as (row, column)."""
        return self.row, self.col

    def as_tuple(self) -> tuple[int, int, int]:
        """(row, col, value): what the assignment's getNextCell returns."""
        return self.row, self.col, self.value

    def explain(self) -> str:
        """One sentence a student can check against the board."""
        where = f"({self.row}, {self.col}) = {self.value}, a {self.rule}"
        if self.unit is None:
            return (
                f"{where}: row {self.row} rules out {set_text(self.row_set)},"
                f" column {self.col} rules out {set_text(self.column_set)},"
                f" region {self.region} rules out {set_text(self.region_set)};"
                f" only {self.value} survives"
            )
        needs = f"{where}: {self.unit.name} needs a {self.value}"
        if not self.blocked:
            return f"{needs} and every other cell of it is filled"
        reasons = ", ".join(
            f"({r}, {c}) sees the {self.value} at ({br}, {bc})" for (r, c), (br, bc) in self.blocked
        )
        return f"{needs} and it fits nowhere else: {reasons}"

    def __str__(self) -> str:
        return self.explain()


def set_text(values: Iterable[int]) -> str:
    """A set of numbers as a student writes it: {2, 5, 8, 9}, or 'nothing' when empty."""
    values = sorted(values)
    return "{" + ", ".join(map(str, values)) + "}" if values else "nothing"


def explain_step(
    grid: Grid, row: int, col: int, value: int, rule: str, unit: Unit | None = None
) -> Step:
    """Record a step with the sets that justify it, read from the board before it is taken."""
    blocked = []
    if unit is not None:
        for cell in unit.cells:
            if cell != (row, col) and not grid[cell]:
                _, holder = blockers(grid, *cell, value)[0]
                blocked.append((cell, holder))
    in_row = row_values(grid, row)
    in_column = column_values(grid, col)
    in_region = region_values(grid, row, col)
    return Step(
        row,
        col,
        value,
        rule,
        region=grid.shape.region_letter(row, col),
        row_set=frozenset(in_row),
        column_set=frozenset(in_column),
        region_set=frozenset(in_region),
        survivors=frozenset(set(grid.shape.digits) - (in_row | in_column | in_region)),
        unit=unit,
        blocked=tuple(blocked),
    )


def find_naked_single(grid: Grid, marks: Marks) -> Step | None:
    """The first empty cell in reading order whose pencil marks hold one number."""
    for row, col in grid.empty_cells():
        if len(marks[row, col]) == 1:
            (value,) = marks[row, col]
            return explain_step(grid, row, col, value, NAKED_SINGLE)
    return None


def find_hidden_single(grid: Grid, marks: Marks) -> Step | None:
    """The first unit (rows, then columns, then regions) with a number that fits one cell only."""
    for unit in grid.shape.units:
        for value in sorted(pencilled(marks, unit)):
            spots = places(marks, unit, value)
            if len(spots) == 1:
                return explain_step(grid, *spots[0], value, HIDDEN_SINGLE, unit)
    return None


FINDERS = {NAKED_SINGLE: find_naked_single, HIDDEN_SINGLE: find_hidden_single}
"""Each rule's search: given the board and its pencil marks, the step it allows, or None."""


def rule_list(rules: str | Sequence[str]) -> tuple[str, ...]:
    """Rules to try, in order: a list of rule names, one name, or a name from `RULE_SETS`."""
    if isinstance(rules, str):
        rules = RULE_SETS.get(rules, (rules,))
    rules = tuple(rules)
    known = ", ".join(repr(name) for name in [*FINDERS, *RULE_SETS])
    if not rules:
        raise ValueError(f"no rules given: choose from {known}")
    for rule in rules:
        if rule not in FINDERS:
            raise ValueError(f"unknown rule {rule!r}: choose from {known}")
    return rules


def first_step(grid: Grid, marks: Marks, rules: Sequence[str]) -> Step | None:
    """Try the rules in order; the first one that finds a step gives it."""
    for rule in rules:
        step = FINDERS[rule](grid, marks)
        if step is not None:
            return step
    return None


def dead_end(grid: Grid, marks: Marks) -> ContradictionError | None:
    """An empty cell with no survivor, or a number a unit needs and cannot place; else None."""
    for row, col in grid.empty_cells():
        if not marks[row, col]:
            return ContradictionError(
                f"cell ({row}, {col}) has no survivor: row {row}, column {col} and region"
                f" {grid.shape.region_letter(row, col)} rule out every number",
                cell=(row, col),
            )
    for unit in grid.shape.units:
        # A unit with k empty cells needs k numbers, and (as the board breaks no rule) its
        # pencil marks hold only numbers it needs: fewer than k pencilled means one has no place.
        empty = [cell for cell in unit.cells if cell in marks]
        if len(pencilled(marks, unit)) < len(empty):
            value = next(v for v in missing(grid, unit) if not places(marks, unit, v))
            return ContradictionError(
                f"{unit.name} needs a {value} but none of its empty cells can take it",
                unit=unit,
            )
    return None


def find_contradiction(grid: GridLike, marks: Marks | None = None) -> SudokuError | None:
    """Why this board can never be finished, as an error to raise or report; else None."""
    grid = as_grid(grid)
    found = conflicts(grid)
    if found:
        return RuleViolation(found)
    return dead_end(grid, candidates(grid) if marks is None else marks)


def next_step(grid: GridLike, rules: str | Sequence[str] = ALL_RULES) -> Step | None:
    """The next safe step by the given rules (tried in order), explained; None if none applies.

    None also means a full grid. Raises `RuleViolation` or `ContradictionError` for a board
    that can never be finished, so that "no step" always means "needs more rules".
    """
    rules = rule_list(rules)
    grid = as_grid(grid)
    marks = candidates(grid)
    problem = find_contradiction(grid, marks)
    if problem is not None:
        raise problem
    return first_step(grid, marks, rules)


# --- solving by rules alone ------------------------------------------------------------

STUCK_BECAUSE = {
    NAKED_SINGLE: "no cell has a single survivor",
    HIDDEN_SINGLE: "no number has a single place",
}
"""What it means for each rule that it finds nothing."""


@dataclass(frozen=True, repr=False)
class RuleSolve:
    """What `solve_with_rules` did: the steps in order, the board they led to, and why it ended.

    Exactly one of `solved`, `stuck` (no rule applies: the puzzle needs more rules) and
    `contradiction` (a message: the board can never be finished) describes the ending.
    """

    start: Grid
    steps: tuple[Step, ...]
    grid: Grid
    rules: tuple[str, ...]
    candidates_left: Marks
    contradiction: str | None = None

    @property
    def solved(self) -> bool:
        """Whether the rules filled every cell."""
        return self.contradiction is None and not self.candidates_left

    @property
    def stuck(self) -> bool:
        """Whether empty cells are left that no rule of the set can fill."""
        return self.contradiction is None and bool(self.candidates_left)

    @property
    def status(self) -> str:
        """'solved', 'stuck' or 'contradiction'."""
        if self.contradiction is not None:
            return "contradiction"
        return "solved" if self.solved else "stuck"

    def rule_counts(self) -> dict[str, int]:
        """How many steps each rule took, for every rule of the set (0 included)."""
        counts = Counter(step.rule for step in self.steps)
        return {rule: counts[rule] for rule in self.rules}

    def grid_after(self, k: int) -> Grid:
        """The board after the first `k` steps (0 is the puzzle): what a replay slider shows."""
        if not 0 <= k <= len(self.steps):
            raise IndexError(f"there is no step {k}: this run has steps 0 to {len(self.steps)}")
        board = self.start.copy()
        for step in self.steps[:k]:
            board[step.cell] = step.value
        return board

    def board_html(self, k: int | None = None) -> str:
        """The board after `k` steps (default: all) with pencil marks; step k's cell is marked."""
        k = len(self.steps) if k is None else k
        board = self.grid_after(k)
        focus = self.steps[k - 1].cell if k else None
        return marked_board_html(board, focus=focus)

    def summary(self) -> str:
        """How the run ended, in words, with the candidates left when it did not finish."""
        n = plural(len(self.steps), "step")
        if self.solved:
            used = ", ".join(plural(count, rule) for rule, count in self.rule_counts().items())
            return f"solved in {n} ({used})"
        if self.contradiction is not None:
            ending = f"contradiction after {n}: {self.contradiction}"
        else:
            why = " and ".join(STUCK_BECAUSE[rule] for rule in self.rules)
            ending = f"stuck after {n}: {why}; this puzzle needs more rules"
        return f"{ending}\ncandidates left:\n{format_candidates(self.candidates_left)}"

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"<RuleSolve: {self.summary().splitlines()[0]}>"

    def _repr_html_(self) -> str:
        first, *_ = self.summary().splitlines()
        return f"<p>{escape(first)}</p>{self.board_html()}"


def plural(count: int, word: str) -> str:
    """'1 step', '41 steps'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def format_candidates(marks: Mapping[Cell, Collection[int]]) -> str:
    """Pencil marks as text, a line per row with empty cells: 'row 0: (0, 1) {1, 6}  (0, 2) {6}'."""
    lines: dict[int, list[str]] = {}
    for (row, col), values in sorted(marks.items()):
        lines.setdefault(row, []).append(f"({row}, {col}) {set_text(values)}")
    return "\n".join(f"row {row}: " + "  ".join(cells) for row, cells in lines.items())


def place(grid: Grid, marks: Marks, step: Step) -> None:
    """Write a step's number and cross it off the pencil marks of every peer of its cell."""
    grid[step.cell] = step.value
    del marks[step.cell]
    for peer in grid.shape.peers[step.cell]:
        if peer in marks:
            marks[peer].discard(step.value)


def solve_with_rules(grid: GridLike, rules: str | Sequence[str] = ALL_RULES) -> RuleSolve:
    """Take steps by the rules alone until solved, stuck or contradicted; the input is not changed.

    The pencil marks are computed once and then kept up to date as numbers are placed,
    which is what a person does with a pencil (and much faster than recomputing them).
    """
    rules = rule_list(rules)
    start = as_grid(grid).copy()
    board = start.copy()
    marks = candidates(board)
    steps: list[Step] = []
    problem = find_contradiction(board)
    while problem is None:
        step = first_step(board, marks, rules)
        if step is None:
            break
        steps.append(step)
        place(board, marks, step)
        problem = dead_end(board, marks)
    return RuleSolve(
        start=start,
        steps=tuple(steps),
        grid=board,
        rules=rules,
        candidates_left=marks,
        contradiction=None if problem is None else str(problem),
    )


def count_finished(
    puzzles: Iterable[GridLike], rule_sets: Mapping[str, str | Sequence[str]] = RULE_SETS
) -> dict[str, int]:
    """How many of the puzzles each rule set solves on its own: the numbers for a bar chart."""
    counts = dict.fromkeys(rule_sets, 0)
    for puzzle in puzzles:
        for name, rules in rule_sets.items():
            if solve_with_rules(puzzle, rules).solved:
                counts[name] += 1
    return counts


# --- showing the pencil marks ----------------------------------------------------------


def marked_board_html(grid: GridLike, **options: Any) -> str:
    """The board as HTML with every empty cell's survivors pencilled in (options as `grid_html`)."""
    grid = as_grid(grid)
    return grid_html(grid, marks=candidates(grid), **options)
