"""One step of solving by rules, explained, and the type every technique is made of.

A `Technique` is a named way of finding steps on a `CandidateGrid` (see `techniques`).
A `Step` is what it found: either a number placed in a cell (`cell` and `value`), or
candidates crossed off (`eliminations`, with `value` None). `explain()` gives the one
sentence a student can check against the board.

A step keeps the numbers of the board before it, and works out the details of its
explanation (the three elimination sets, the cells that block a hidden single) only when
something asks for them: a solver that takes thousands of steps never pays for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .formats import symbol
from .grid import Grid
from .rules import blockers, column_values, region_values, row_values
from .shape import Cell, Shape, Unit

if TYPE_CHECKING:
    from .candidates import CandidateGrid


@dataclass(frozen=True)
class Technique:
    """A way to find steps: its name, its finder, its explanation and what 'none found' means."""

    name: str
    find: Callable[[CandidateGrid], Iterator[Step]]  # every step it allows now, in order
    explain: Callable[[Step], str]  # one checkable sentence for one of its steps
    stuck_because: str  # what it means that it finds nothing
    places_numbers: bool = True  # False: its steps only remove candidates

    def __repr__(self) -> str:
        return f"<Technique {self.name}>"


@dataclass(frozen=True)
class Step:
    """A number placed (`cell`, `value`) or candidates removed (`eliminations`), and why."""

    technique: Technique
    numbers_before: tuple[int, ...]  # the board just before the step, in reading order
    shape: Shape
    cell: Cell | None = None  # where a number goes; None for a step that only removes
    value: int | None = None
    unit: Unit | None = None  # the unit the reason is about (not for a naked single)
    cells: tuple[Cell, ...] = ()  # the cells the reason is about (a pair, a pointing group)
    numbers: tuple[int, ...] = ()  # the numbers the reason is about
    line: Unit | None = None  # a pointing pair: the row or column that loses candidates
    eliminations: tuple[tuple[Cell, int], ...] = ()  # (cell, number) pairs crossed off

    @property
    def rule(self) -> str:
        """The technique's name: 'naked single', 'hidden single', ..."""
        return self.technique.name

    @property
    def row(self) -> int:
        """The row of the placed number."""
        assert self.cell is not None, "a step that removes candidates places no number"
        return self.cell[0]

    @property
    def col(self) -> int:
        """The column of the placed number."""
        assert self.cell is not None, "a step that removes candidates places no number"
        return self.cell[1]

    def as_tuple(self) -> tuple[int, int, int]:
        """(row, col, value): what the assignment's getNextCell returns."""
        assert self.value is not None, "a step that removes candidates places no number"
        return self.row, self.col, self.value

    def explain(self) -> str:
        """One sentence a student can check against the board."""
        return self.technique.explain(self)

    def __str__(self) -> str:
        return self.explain()

    # --- the details of the explanation, worked out on request -----------------------------
    @cached_property
    def grid_before(self) -> Grid:
        """The board just before the step."""
        return Grid(self.numbers_before, self.shape)

    @property
    def region(self) -> str:
        """The letter of the placed number's region, as the assignment names them."""
        return self.shape.region_letter(self.row, self.col)

    @cached_property
    def row_set(self) -> frozenset[int]:
        """Rule 1: the numbers already in the cell's row."""
        return frozenset(row_values(self.grid_before, self.row))

    @cached_property
    def column_set(self) -> frozenset[int]:
        """Rule 2: the numbers already in the cell's column."""
        return frozenset(column_values(self.grid_before, self.col))

    @cached_property
    def region_set(self) -> frozenset[int]:
        """Rule 3: the numbers already in the cell's region."""
        return frozenset(region_values(self.grid_before, self.row, self.col))

    @cached_property
    def candidates(self) -> frozenset[int]:
        """What the three sets leave for the cell (earlier removals by pairs not counted)."""
        ruled_out = self.row_set | self.column_set | self.region_set
        return frozenset(set(self.shape.digits) - ruled_out)

    @cached_property
    def blocked(self) -> tuple[tuple[Cell, Cell | None], ...]:
        """A hidden single: each other empty cell of the unit and a cell holding `value` it sees.

        None instead of a cell when an earlier step (a pair) removed the number there.
        """
        if self.unit is None or self.value is None:
            return ()
        board, found = self.grid_before, []
        for cell in self.unit.cells:
            if cell != self.cell and not board[cell]:
                seen = blockers(board, *cell, self.value)
                found.append((cell, seen[0][1] if seen else None))
        return tuple(found)


def cells_text(cells: tuple[Cell, ...] | list[Cell]) -> str:
    """Cells as a student reads them: '(0, 1), (0, 4)'."""
    return ", ".join(f"({r}, {c})" for r, c in cells)


def removals_text(eliminations: tuple[tuple[Cell, int], ...]) -> str:
    """Removed candidates grouped by number: 'remove 2 from (0, 6); remove 7 ...'."""
    by_number: dict[int, list[Cell]] = {}
    for cell, number in eliminations:
        by_number.setdefault(number, []).append(cell)
    return "; ".join(
        f"remove {symbol(number)} from {cells_text(cells)}"
        for number, cells in sorted(by_number.items())
    )
