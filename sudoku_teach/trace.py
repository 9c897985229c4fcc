"""What every solver can report about its search: counts always, a trace of events on request.

A trace is the story of one search told one event at a time. Each event says what
happened (`try`, `place`, `propagate`, `backtrack` or `solution`), in which cell, with
which number, and how deep the search was afterwards. The depth is the number of cells
filled by the search's own choices so far, which is its level of recursion: a `place` goes
one level deeper (also when the cell had only one candidate: a forced choice is still a
level), a `backtrack` comes one level back up, and numbers the rules fill in (`propagate`)
add no level. The definition is the same for every solver.

Steps are counted from 0, so `trace[k]` is the event of step k. Replaying the events
gives the board at any step, which is what a step-through explorer shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple, overload

from .errors import StepIndexError
from .formats import symbol
from .grid import Grid
from .shape import Cell


@dataclass
class SearchStats:
    """How much work a search did: nodes visited, numbers taken back, deepest level reached."""

    nodes: int = 0
    backtracks: int = 0
    max_depth: int = 0

    def __str__(self) -> str:
        return f"nodes={self.nodes} backtracks={self.backtracks} max_depth={self.max_depth}"


EventKind = Literal["try", "place", "propagate", "backtrack", "solution"]
"""What happened at one step of a search:

* "try": the search considers a number for a cell (the rules may still turn it down);
* "place": the search chooses a number for a cell (perhaps its only candidate) and goes one
  level deeper;
* "propagate": a number the singles rules force, filled in at the current depth (no level);
* "backtrack": a guess is taken back, with every number forced after it; one level back up;
* "solution": every cell is filled: the board is a solution.
"""


class Event(NamedTuple):
    """One step of a search: what happened, where, which number, and the depth afterwards."""

    step: int
    kind: EventKind
    cell: Cell | None
    value: int
    depth: int

    def __str__(self) -> str:
        if self.kind == "solution":
            return f"step {self.step}: solution found at depth {self.depth}"
        value = symbol(self.value, "0")
        return f"step {self.step}: {self.kind} {value} at {self.cell}, depth {self.depth}"


class Trace:
    """Every event of one search in order, with the puzzle it started from (to replay it)."""

    def __init__(self, puzzle: Grid) -> None:
        self.puzzle = puzzle.copy()
        self.events: list[Event] = []

    def record(self, kind: EventKind, cell: Cell | None, value: int, depth: int) -> None:
        """Append one event; its step number is its position in the trace."""
        self.events.append(Event(len(self.events), kind, cell, value, depth))

    # --- reading it like a list -----------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    @overload
    def __getitem__(self, step: int) -> Event: ...
    @overload
    def __getitem__(self, step: slice) -> list[Event]: ...
    def __getitem__(self, step: int | slice) -> Event | list[Event]:
        return self.events[step]

    def __repr__(self) -> str:
        return f"<Trace of {len(self.events)} events>"

    def count(self, kind: EventKind) -> int:
        """How many events of one kind (for example how many backtracks) the trace holds."""
        return sum(1 for event in self.events if event.kind == kind)

    # --- what a step-through explorer needs -------------------------------------------------
    def board_at(self, step: int) -> Grid:
        """The board right after event `step`, rebuilt by replaying the events up to it."""
        self._check_step(step)
        size = self.puzzle.size
        values = list(self.puzzle.numbers)
        guesses: list[list[int]] = [[]]  # cells filled under each guess; [0] = before any
        for event in self.events[: step + 1]:
            if event.kind in ("place", "propagate") and event.cell is not None:
                row, col = event.cell
                if event.kind == "place":
                    guesses.append([])
                guesses[-1].append(row * size + col)
                values[row * size + col] = event.value
            elif event.kind == "backtrack":
                for index in guesses.pop():
                    values[index] = 0
        return Grid(values, self.puzzle.shape, self.puzzle.givens)

    def cell_at(self, step: int) -> Cell | None:
        """The cell the search is working on at `step` (None for a `solution` event)."""
        self._check_step(step)
        return self.events[step].cell

    def depths(self) -> list[int]:
        """The depth after every step: the curve that shows the search going down and back up."""
        return [event.depth for event in self.events]

    def nodes_per_depth(self) -> list[int]:
        """How many nodes the search opened at each depth (the start is the one node at depth 0)."""
        counts = [1]
        for event in self.events:
            if event.kind == "place":
                while len(counts) <= event.depth:
                    counts.append(0)
                counts[event.depth] += 1
        return counts

    def stats(self) -> SearchStats:
        """The counts, worked out from the events alone (they agree with the solver's own)."""
        return SearchStats(
            nodes=1 + self.count("place"),
            backtracks=self.count("backtrack"),
            max_depth=max(self.depths(), default=0),
        )

    def _check_step(self, step: int) -> None:
        """Reject a step outside the trace with a message that gives the valid range."""
        if not 0 <= step < len(self.events):
            last = len(self.events) - 1
            raise StepIndexError(f"step {step} is outside the trace: steps go from 0 to {last}")
