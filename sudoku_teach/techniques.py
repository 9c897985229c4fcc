"""The solving techniques, each one type in one place: how it finds steps and how it explains them.

* **naked single**: an empty cell with exactly one candidate (the assignment's rule);
* **hidden single**: a number that a row, column or region still needs and that fits only
  one of its empty cells;
* **naked pair**: two cells of a unit whose only candidates are the same two numbers; those
  numbers go in those two cells, so no other cell of the unit can hold them;
* **pointing pair**: a number whose places in a region all lie in one row (or column); the
  region's copy of it is in that row, so no other cell of the row can hold it.

The singles place numbers; the pairs only remove candidates, which can open new singles.
Every finder reads the `CandidateGrid` as it is kept up to date and yields every step it
allows, in reading order (rows, then columns, then regions): the solver by rules takes the
first, the search's propagation takes all the singles at once.

To add a technique: write its finder and its explanation, make its `Technique`, and put it
in `TECHNIQUES` (and in a set of `TECHNIQUE_SETS` if a notebook compares it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from .candidates import CandidateGrid
from .elimination import set_text
from .formats import a_symbol, symbol
from .steps import Step, Technique, cells_text, removals_text


def find_naked_singles(board: CandidateGrid) -> Iterator[Step]:
    """Every empty cell, in reading order, with exactly one candidate."""
    before = tuple(board.numbers)
    for cell in board.empty_cells():
        left = board.candidates[cell]
        if len(left) == 1:
            (value,) = left
            yield Step(NAKED_SINGLE, before, board.shape, cell, value)


def explain_naked_single(step: Step) -> str:
    """Name the three elimination sets and the one number they leave."""
    assert step.value is not None, "a single places a number"
    return (
        f"({step.row}, {step.col}) = {symbol(step.value)}, a naked single:"
        f" row {step.row} rules out {set_text(step.row_set)},"
        f" column {step.col} rules out {set_text(step.column_set)},"
        f" {step.shape.region_name(step.row, step.col)} rules out {set_text(step.region_set)};"
        f" only {symbol(step.value)} survives"
    )


def find_hidden_singles(board: CandidateGrid) -> Iterator[Step]:
    """Every unit (rows, columns, regions) and number, smallest first, with one place left."""
    before = tuple(board.numbers)
    for unit, places in zip(board.shape.units, board.places):
        for value in sorted(places):
            if len(places[value]) == 1:
                (cell,) = places[value]
                yield Step(HIDDEN_SINGLE, before, board.shape, cell, value, unit)


def explain_hidden_single(step: Step) -> str:
    """Say which unit needs the number and why each of its other empty cells cannot take it."""
    assert step.unit is not None and step.value is not None, "a single places a number"
    where = f"({step.row}, {step.col}) = {symbol(step.value)}, a hidden single"
    needs = f"{where}: {step.unit.name} needs {a_symbol(step.value)}"
    if not step.blocked:
        return f"{needs} and every other cell of it is filled"
    reasons = ", ".join(
        f"({r}, {c}) sees the {symbol(step.value)} at {cells_text([holder])}"
        if holder is not None
        else f"({r}, {c}) lost its {symbol(step.value)} to an earlier step"
        for (r, c), holder in step.blocked
    )
    return f"{needs} and it fits nowhere else: {reasons}"


def naked_pairs_in(sets: Sequence[Collection[int]]) -> Iterator[tuple[int, int]]:
    """Positions i < j of a unit's cells whose candidates are the same two numbers."""
    for i, first in enumerate(sets):
        if len(first) == 2:
            for j in range(i + 1, len(sets)):
                if sets[j] == first:
                    yield i, j


def first_naked_pair(sets: Sequence[Collection[int]]) -> tuple[int, int] | None:
    """The first naked pair of a unit's candidate sets (in order), or None."""
    return next(naked_pairs_in(sets), None)


def find_naked_pairs(board: CandidateGrid) -> Iterator[Step]:
    """Two cells of a unit with the same two candidates, when others of the unit still hold them."""
    before = tuple(board.numbers)
    for unit in board.shape.units:
        sets = [board.candidates.get(cell, set()) for cell in unit.cells]
        for i, j in naked_pairs_in(sets):
            pair = sets[i]
            removals = tuple(
                (cell, number)
                for k, cell in enumerate(unit.cells)
                if k not in (i, j)
                for number in sorted(pair & sets[k])
            )
            if removals:
                yield Step(
                    NAKED_PAIR,
                    before,
                    board.shape,
                    unit=unit,
                    cells=(unit.cells[i], unit.cells[j]),
                    numbers=tuple(sorted(pair)),
                    eliminations=removals,
                )


def explain_naked_pair(step: Step) -> str:
    """Name the pair, the two numbers it keeps for itself and the candidates that go."""
    assert step.unit is not None
    a, b = step.numbers
    return (
        f"naked pair in {step.unit.name}: {cells_text(step.cells)}"
        f" can only hold {symbol(a)} or {symbol(b)},"
        f" so {step.unit.name} puts its {symbol(a)} and its {symbol(b)}"
        f" there; {removals_text(step.eliminations)}"
    )


def find_pointing_pairs(board: CandidateGrid) -> Iterator[Step]:
    """A number whose places in a region share one row or column outside which it still appears."""
    before = tuple(board.numbers)
    shape = board.shape
    first_region = 2 * shape.size  # regions come after the rows and the columns in `units`
    for region, places in zip(shape.regions, board.places[first_region:]):
        for value in sorted(places):
            cells = sorted(places[value])
            if len(cells) < 2:
                continue  # one place is a hidden single, none a contradiction
            rows = {row for row, _ in cells}
            cols = {col for _, col in cells}
            lines = [shape.rows[r] for r in rows if len(rows) == 1]
            lines += [shape.columns[c] for c in cols if len(cols) == 1]
            for line in lines:
                removals = tuple(
                    (cell, value)
                    for cell in line.cells
                    if cell not in cells and board.allows(cell, value)
                )
                if removals:
                    yield Step(
                        POINTING_PAIR,
                        before,
                        board.shape,
                        unit=region,
                        cells=tuple(cells),
                        numbers=(value,),
                        line=line,
                        eliminations=removals,
                    )


def explain_pointing_pair(step: Step) -> str:
    """Say where the region can put the number, the line that holds them, and what goes."""
    assert step.unit is not None and step.line is not None
    (value,) = step.numbers
    return (
        f"pointing pair: {step.unit.name} can only put its"
        f" {symbol(value)} in {cells_text(step.cells)},"
        f" all in {step.line.name}, so the {symbol(value)}"
        f" of {step.line.name} is in {step.unit.name};"
        f" {removals_text(step.eliminations)}"
    )


NAKED_SINGLE = Technique(
    "naked single", find_naked_singles, explain_naked_single, "no cell has a single candidate"
)
HIDDEN_SINGLE = Technique(
    "hidden single", find_hidden_singles, explain_hidden_single, "no number has a single place"
)
NAKED_PAIR = Technique(
    "naked pair",
    find_naked_pairs,
    explain_naked_pair,
    "no two cells share the same two candidates",
    places_numbers=False,
)
POINTING_PAIR = Technique(
    "pointing pair",
    find_pointing_pairs,
    explain_pointing_pair,
    "no number is confined to one row or column of a region",
    places_numbers=False,
)

TECHNIQUES: dict[str, Technique] = {
    t.name: t for t in (NAKED_SINGLE, HIDDEN_SINGLE, NAKED_PAIR, POINTING_PAIR)
}
"""Every technique by name, in the order the solver by rules tries them (simplest first)."""

TECHNIQUE_SETS: dict[str, tuple[Technique, ...]] = {
    "naked singles": (NAKED_SINGLE,),
    "naked + hidden singles": (NAKED_SINGLE, HIDDEN_SINGLE),
    "all techniques": tuple(TECHNIQUES.values()),
}
"""The sets of techniques the notebooks compare; the names read well as plot labels."""
