"""The readable candidate model: a grid with the candidates of every empty cell, kept up to date.

A person solving with a pencil writes the candidates of every empty cell once, then keeps
them up to date: placing a number crosses it off in the cell's row, column and region, and
a technique such as a naked pair crosses off candidates without placing anything. That is
what `CandidateGrid` does. It also keeps, for every unit and every number the unit still
needs, the cells where that number may go (its *places*), so that the techniques can look
things up instead of recounting the board after every step.

Every change goes into an undo log: `mark()` remembers a point, `undo(mark)` takes the
board back to it exactly. The recursive search uses that to take back a guess.

`contradiction()` says why a board can never be finished: an empty cell with no candidate,
or a number that a unit needs and none of its empty cells can take. The board counts such
dead ends as it changes, so asking costs nothing while there are none.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .elimination import all_candidates, set_text
from .errors import CandidateError, ContradictionError, StepIndexError
from .formats import a_symbol, symbol
from .grid import Grid, GridLike, as_grid
from .shape import Cell

Candidates = dict[Cell, set[int]]
"""The candidates of every empty cell: the numbers that may still go there."""

Change = tuple[int, int, "set[int] | None"]
"""One entry of the undo log: (cell index, number, None) for a removed candidate, or
(cell index, number, the cell's candidates before) for a number placed. A cell's index is
row * size + col (see `Shape.peers_by_index`)."""


class CandidateGrid:
    """A board and its candidates, with the places of every number each unit still needs."""

    def __init__(self, grid: GridLike) -> None:
        start = as_grid(grid)
        self.shape = start.shape
        self.size = start.shape.size
        self.givens = start.givens
        self.numbers = list(start.numbers)  # the board's numbers in reading order, 0 for blank
        self.candidates: Candidates = all_candidates(start)
        # The very same sets again, by cell index (None for a filled cell). `place` and
        # `undo` run millions of times in a search: a list looked up by index is quicker
        # than a dict keyed by (row, col). Both hold the same set objects, so a candidate
        # crossed off through one is gone from the other too.
        self._by_index: list[set[int] | None] = [self.candidates.get(c) for c in self.shape.cells]
        self._places: list[dict[int, set[Cell]]] | None = None
        self.log: list[Change] = []
        self.dead_ends = sum(1 for left in self.candidates.values() if not left)

    @property
    def places(self) -> list[dict[int, set[Cell]]]:
        """`places[u][value]`: the cells of unit number u (see `shape.units`) that may take value.

        Worked out the first time a technique asks, then kept up to date with every change
        (a search that never asks, such as the naive one, does not pay for it).
        """
        if self._places is None:
            self._places = [self._places_in(unit.cells) for unit in self.shape.units]
            self.dead_ends += sum(
                1 for by_value in self._places for cells in by_value.values() if not cells
            )
        return self._places

    def _places_in(self, unit: Collection[Cell]) -> dict[int, set[Cell]]:
        """For every number that a unit's empty cells can take, the cells that can take it."""
        places: dict[int, set[Cell]] = {}
        for cell in unit:
            for value in self.candidates.get(cell, ()):
                places.setdefault(value, set()).add(cell)
        needed = set(self.shape.digits) - {self.number(cell) for cell in unit}
        return {value: places.get(value, set()) for value in sorted(needed)}

    @property
    def grid(self) -> Grid:
        """The numbers as a new `Grid`, with the puzzle's givens."""
        return Grid(self.numbers, self.shape, self.givens)

    def number(self, cell: Cell) -> int:
        """The number in a cell, 0 if it is empty."""
        try:
            row, col = cell
            if 0 <= row < self.size and 0 <= col < self.size:
                return self.numbers[row * self.size + col]
        except (TypeError, ValueError):
            pass
        row, col = self.shape.cell_of(cell)  # says which cell, and why it is none
        return self.numbers[row * self.size + col]

    # --- changing the board --------------------------------------------------------------
    def checked(self, cell: Cell, value: int) -> Cell:
        """A cell of the board as (row, column) and a number from 1 to the size, or the
        error that says which is not."""
        cell = self.shape.cell_of(cell)
        self.shape.check_value(value, cell, blank=False)
        return cell

    def quick(self, cell: Cell, value: int) -> Cell:
        """The cell, checked quickly for the usual tuple of ints and an int (the search's
        hot path); anything else is `checked` in full."""
        if (type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int
                and type(cell[1]) is int and type(value) is int):
            return cell
        return self.checked(cell, value)

    def allows(self, cell: Cell, value: int) -> bool:
        """Whether the cell is empty and `value` is still one of its candidates."""
        return value in self.candidates.get(cell, ())

    def remove(self, cell: Cell, value: int) -> None:
        """Cross a candidate off one cell (and off that cell's places in its three units)."""
        cell = self.quick(cell, value)
        if not self.allows(cell, value):
            self.checked(cell, value)  # a cell off the board, a number out of range: said so
            raise CandidateError(f"cell {cell} has no candidate {symbol(value)} to remove")
        row, col = cell
        self._cross_off((row * self.size + col,), value)

    def _cross_off(self, indexes: Iterable[int], value: int) -> None:
        """Cross `value` off every cell of `indexes` that still has it as a candidate.

        One loop for many cells, because `place` calls it for all the peers of a cell.
        """
        by_index, places, log = self._by_index, self._places, self.log
        for index in indexes:
            left = by_index[index]
            if left is None or value not in left:
                continue  # filled, or the number was never a candidate there
            left.remove(value)
            if not left:
                self.dead_ends += 1
            if places is not None:
                self._leave_places(index, value)
            log.append((index, value, None))

    def place(self, cell: Cell, value: int) -> None:
        """Write a number: its peers lose it as a candidate, and the cell needs none any more.

        Only a candidate of an empty cell: anything else is refused before anything changes."""
        cell = self.quick(cell, value)
        left = self.candidates.get(cell)
        if left is None or value not in left:
            self.checked(cell, value)  # a cell off the board, a number out of range: said so
            raise CandidateError(f"cell {cell} cannot take {symbol(value)}: " + (
                "it is filled" if left is None else f"its candidates are {sorted(left)}"))
        row, col = cell
        index = row * self.size + col
        del self.candidates[cell]
        self._by_index[index] = None
        self.numbers[index] = value
        self._cross_off(self.shape.peers_by_index[index], value)
        if self._places is not None:
            for other in left - {value}:
                self._leave_places(index, other)
            for u in self.shape.units_by_index[index]:
                del self._places[u][value]  # the unit has its number now
        self.log.append((index, value, left))

    def _leave_places(self, index: int, value: int) -> None:
        """The cell can no longer take `value`: strike it from that number's places."""
        assert self._places is not None
        cell = self.shape.cells[index]
        for u in self.shape.units_by_index[index]:
            cells = self._places[u][value]
            cells.remove(cell)
            if not cells:
                self.dead_ends += 1

    def _back_in_places(self, index: int, value: int) -> None:
        """The cell can take `value` again: add it back to that number's places."""
        assert self._places is not None
        cell = self.shape.cells[index]
        for u in self.shape.units_by_index[index]:
            cells = self._places[u][value]
            if not cells:
                self.dead_ends -= 1
            cells.add(cell)

    def mark(self) -> int:
        """A point in the undo log that `undo` can return to."""
        return len(self.log)

    def undo(self, mark: int) -> None:
        """Take back every change made since `mark`, newest first."""
        if type(mark) is not int or not 0 <= mark <= len(self.log):
            raise StepIndexError(f"{mark!r} is no mark of this board: mark() gave a whole number"
                                 f" from 0 to {len(self.log)}")
        by_index, places = self._by_index, self._places
        for index, value, before in reversed(self.log[mark:]):
            if before is None:  # a removed candidate comes back
                left = by_index[index]
                assert left is not None
                if not left:
                    self.dead_ends -= 1
                left.add(value)
                if places is not None:
                    self._back_in_places(index, value)
                continue
            cell = self.shape.cells[index]  # a placed number is taken out again
            self.numbers[index] = 0
            self.candidates[cell] = by_index[index] = before
            if places is not None:
                for u in self.shape.units_by_index[index]:
                    places[u][value] = {cell}
                for other in before - {value}:
                    self._back_in_places(index, other)
        del self.log[mark:]

    # --- reading it ------------------------------------------------------------------------
    def empty_cells(self) -> list[Cell]:
        """The empty cells in reading order."""
        return sorted(self.candidates)

    def contradiction(self) -> ContradictionError | None:
        """Why this board can never be finished (the first dead end found), or None."""
        _ = self.places  # dead ends count the numbers with no place only once places exist
        if not self.dead_ends:
            return None
        for (row, col), left in sorted(self.candidates.items()):
            if not left:
                return ContradictionError(
                    f"cell ({row}, {col}) has no candidate: row {row}, column {col} and"
                    f" {self.shape.region_name(row, col)} rule out every number",
                    cell=(row, col),
                )
        for unit, by_value in zip(self.shape.units, self.places):
            for value in sorted(by_value):
                if not by_value[value]:
                    return ContradictionError(
                        f"{unit.name} needs {a_symbol(value)} but"
                        f" none of its empty cells can take it",
                        unit=unit,
                    )
        raise AssertionError("dead ends counted but none found")  # pragma: no cover

    def snapshot(self) -> Candidates:
        """A copy of the candidates that later changes leave alone."""
        return {cell: set(left) for cell, left in sorted(self.candidates.items())}

    def __repr__(self) -> str:
        return f"<CandidateGrid: {len(self.candidates)} empty cells>"

    def __str__(self) -> str:
        return format_candidates(self.candidates)

    def _repr_html_(self) -> str:
        from .views.render import grid_html

        return grid_html(self.grid, candidates=self.candidates)



def format_candidates(candidates: Mapping[Cell, Collection[int]]) -> str:
    """Candidates as text, a line per row with empty cells: 'row 0: (0, 1) {1, 6}  (0, 2) {6}'."""
    lines: dict[int, list[str]] = {}
    for (row, col), values in sorted(candidates.items()):
        lines.setdefault(row, []).append(f"({row}, {col}) {set_text(values)}")
    return "\n".join(f"row {row}: " + "  ".join(cells) for row, cells in lines.items())
