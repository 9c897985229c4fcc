"""Sudoku as exact cover, solved by Knuth's Algorithm X with dictionaries of sets.

This is the teaching version of notebook 09 (the production solver in `fast` treats Sudoku
as exact cover too, with every pencil mark packed in one int; this module is for reading).

**Exact cover.** A set of *constraints* must each be met exactly once, and each *option*
meets some of them. Choose options so that every constraint is met by exactly one. For
a 9x9 Sudoku the 324 constraints are:

- ``("cell", r, c)``: cell (r, c) holds a number (81 of them);
- ``("row", r, d)``: row r holds the number d (81);
- ``("column", c, d)``: column c holds d (81);
- ``("region", b, d)``: region b holds d (81).

An option is a *placement* ``(r, c, d)`` ("d goes in cell (r, c)"), and it meets four
constraints, one of each kind (`constraints_of`). A Sudoku solution is exactly a choice of
81 placements that meets all 324 constraints once each.

**Algorithm X** (Knuth, "Dancing Links", 2000): if no constraint is left, the options
chosen so far are a solution. Otherwise take the constraint with the fewest options that
still meet it (none: a dead end), and try each of those options: choose it, take away
every constraint it meets and every other option that meets one of them (they would meet
a constraint twice), solve the rest the same way, then put everything back.

Two dictionaries hold the problem (the form of Ali Assaf's well-known short version):
``options``: each option -> the constraints it meets, and ``columns``: each constraint
still open -> the set of options that could meet it. Knuth's own dancing links do the
same with circular linked lists, where taking out and putting back a node is two pointer
changes; in Python, sets give the same undo for far less code.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import SearchLimitReached
from ..grid import Grid, GridLike, as_grid
from ..results import DEFAULT_MAX_NODES, SolveResult, check_at_least_one, first_solutions
from ..shape import CLASSIC, Shape
from ..trace import SearchStats

Constraint = tuple[str, int, int]
"""One demand: ("cell", r, c), ("row", r, d), ("column", c, d) or ("region", b, d)."""
Placement = tuple[int, int, int]
"""One option: (row, col, number), "this number goes in this cell"."""
Options = dict[Placement, list[Constraint]]
Columns = dict[Constraint, set[Placement]]


def constraints_of(row: int, col: int, number: int, shape: Shape = CLASSIC) -> set[Constraint]:
    """The four constraints a placement meets: its cell; its number in its row, column, region."""
    shape.check_cell(row, col)
    shape.check_value(number, (row, col), blank=False)
    region = shape.region_index(row, col)
    return {("cell", row, col), ("row", row, number), ("column", col, number),
            ("region", region, number)}


def sudoku_options(shape: Shape) -> Options:
    """Every placement of an empty grid and the constraints it meets (n * n * n options)."""
    return {  # sorted: `unchoose` must meet the constraints in the order `choose` did
        (r, c, d): sorted(constraints_of(r, c, d, shape)) for r, c in shape.cells
        for d in shape.digits
    }


def columns_of(options: Options) -> Columns:
    """For each constraint, the options that meet it (the matrix read by columns)."""
    columns: Columns = {}
    for option, met in options.items():
        for constraint in met:
            columns.setdefault(constraint, set()).add(option)
    return columns


def choose(columns: Columns, options: Options, option: Placement) -> list[set[Placement]]:
    """Take an option: remove the constraints it meets and every option that clashes with it.

    Returns the removed columns, in order, so that `unchoose` can put them back.
    """
    removed = []
    for constraint in options[option]:
        for other in columns[constraint]:
            for other_constraint in options[other]:
                if other_constraint != constraint:
                    columns[other_constraint].remove(other)
        removed.append(columns.pop(constraint))
    return removed


def unchoose(
    columns: Columns, options: Options, option: Placement, removed: list[set[Placement]]
) -> None:
    """Undo `choose`: put back the columns and the clashing options, in reverse order."""
    for constraint in reversed(options[option]):
        columns[constraint] = removed.pop()
        for other in columns[constraint]:
            for other_constraint in options[other]:
                if other_constraint != constraint:
                    columns[other_constraint].add(other)


def algorithm_x(
    columns: Columns, options: Options, chosen: list[Placement], stats: SearchStats,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> Iterator[list[Placement]]:
    """Every exact cover of the open constraints, added to `chosen` (depth first).

    Raises `SearchLimitReached` rather than visit more than `max_nodes` nodes.
    """
    if stats.nodes >= max_nodes:
        raise SearchLimitReached(max_nodes, stats)
    stats.nodes += 1
    stats.max_depth = max(stats.max_depth, len(chosen))
    if not columns:
        yield list(chosen)
        return
    constraint = min(columns, key=lambda key: len(columns[key]))  # fewest options first
    for option in sorted(columns[constraint]):
        chosen.append(option)
        removed = choose(columns, options, option)
        yield from algorithm_x(columns, options, chosen, stats, max_nodes)
        unchoose(columns, options, option, removed)
        chosen.pop()
        stats.backtracks += 1


def start(grid: Grid) -> tuple[Columns, Options] | None:
    """The exact cover problem of a puzzle: its givens chosen already; None if two clash."""
    options = sudoku_options(grid.shape)
    columns = columns_of(options)
    for (r, c), number in zip(grid.shape.cells, grid.numbers):
        if number:
            option = (r, c, number)
            if any(constraint not in columns for constraint in options[option]):
                return None  # an earlier given met one of this one's constraints
            choose(columns, options, option)
    return columns, options


def count_solutions(
    grid: GridLike, limit: int = 2, max_nodes: int = DEFAULT_MAX_NODES
) -> SolveResult:
    """The solutions by Algorithm X, counting no further than `limit` (2: "is it unique?")."""
    check_at_least_one("limit", limit)
    check_at_least_one("max_nodes", max_nodes)
    grid = as_grid(grid)
    stats = SearchStats()
    problem = start(grid)
    if problem is None:
        stats.nodes = 1  # the start is a node, and a dead end
        covers: Iterator[list[Placement]] = iter(())
    else:
        covers = algorithm_x(*problem, [], stats, max_nodes)
    found = (filled(grid, cover) for cover in covers)
    return first_solutions("exact cover", grid, found, limit, stats)


def solve(grid: GridLike, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """A solution by Algorithm X (the result's `solution`), or none."""
    return count_solutions(grid, 1, max_nodes)


def filled(grid: Grid, placements: list[Placement]) -> Grid:
    """The grid with the chosen placements written in (a new grid with the same givens)."""
    cells = list(grid.numbers)
    for r, c, d in placements:
        cells[r * grid.size + c] = d
    return Grid(cells, grid.shape, grid.givens)
