"""The root's look-ahead in `fast` (16x16 and up): its probes take only marks no solution uses."""

from __future__ import annotations

import pytest
from conftest import sat_count
from test_fast_locked import blanked

from sudoku_teach.fast import _cover, _probe
from sudoku_teach.shape import Shape


def marks_on(board: int, geo: _cover.Cover) -> set[tuple[int, int]]:
    """The (cell, number) pencil marks of a board, read one move at a time."""
    n = geo.size
    return {divmod(move, n) for move in range(n**3) if board >> geo.spots[move][0] & 1}


def settled_root(size: int, seed: int, keep: float) -> tuple[list[int], int]:
    """A blanked grid and its board after `settle`, with a guess still to make."""
    geo = _cover.cover(Shape.for_size(size))
    _, puzzle = blanked(size, seed, keep)
    board = _cover.start(puzzle, geo)
    assert board is not None
    settled, choices = _cover.settle(board, geo, None, geo.locks)
    assert settled is not None and choices
    return puzzle, settled


@pytest.mark.parametrize(("size", "keep"), [(16, 0.4), (16, 0.5), (25, 0.5)])
def test_probing_takes_only_marks_that_no_solution_uses(size: int, keep: float) -> None:
    geo = _cover.cover(Shape.for_size(size))
    assert geo.locks is not None
    box = {16: 4, 25: 5}[size]
    taken = 0
    for seed in range(3):
        puzzle, board = settled_root(size, seed + 30, keep)
        probed, _ = _probe.probe_root(board, geo, None, geo.locks)
        gone = marks_on(board, geo) - (marks_on(probed, geo) if probed is not None else set())
        taken += len(gone)
        for cell, d in sorted(gone)[:8]:  # an independent solver: no solution holds the mark
            rows = [puzzle[r * size : (r + 1) * size] for r in range(size)]
            rows[cell // size][cell % size] = d + 1
            assert sat_count(rows, box, box, limit=1) == 0, (seed, cell, d + 1)
    assert taken > 0  # the probes did take marks


@pytest.mark.parametrize("size", [16, 25])
def test_two_marks_are_the_open_fields_a_plain_count_finds_with_two(size: int) -> None:
    geo = _cover.cover(Shape.for_size(size))
    width = size + 1
    for seed in range(3):
        _, board = settled_root(size, seed + 40, 0.45)
        want = 0
        for field in range(len(geo.field_at) // width):
            guard = field * width + size
            marks = sum(board >> (field * width + i) & 1 for i in range(size))
            if board >> guard & 1 and marks == 2:
                want |= 1 << guard
        assert want and _probe.two_marks(board, geo) == want


def reference_guess(board: int, geo: _cover.Cover) -> int:
    """The field the root should guess in, by plain loops: of the highest `PROBED` fields
    with two marks, the one whose two probes close most open fields (their product), each
    probed on the board the earlier probes left (marks kept by neither probe go)."""
    n, width = geo.size, geo.size + 1
    every = range(len(geo.field_at) // width)

    def is_open(b: int, field: int) -> bool:
        return bool(b >> (field * width + n) & 1)

    def marks(b: int, field: int) -> list[int]:
        return [field * width + i for i in range(n) if b >> (field * width + i) & 1]

    fields = [f for f in reversed(every) if is_open(board, f) and len(marks(board, f)) == 2]
    open_before = sum(is_open(board, f) for f in every)
    best, best_field = -1, -1
    for field in fields[: _probe.PROBED]:
        if len(marks(board, field)) != 2:
            continue
        probes = [_cover.settle(board & geo.placing_at[p + 1], geo, None, geo.locks)[0]
                  for p in marks(board, field)]
        kept = geo.guards
        for probe in probes:
            kept |= probe or 0
        board &= kept
        if None not in probes:
            closed = 1
            for probe in probes:
                closed *= open_before - sum(is_open(probe or 0, f) for f in every)
            if closed > best:
                best, best_field = closed, field
    return best_field


def test_the_root_guesses_where_both_probes_close_most_fields() -> None:
    geo = _cover.cover(Shape.for_size(16))
    assert geo.locks is not None
    width = 17
    for seed in range(3):
        _, board = settled_root(16, seed + 50, 0.45)
        field = reference_guess(board, geo)
        settled, choices = _probe.probe_root(board, geo, None, geo.locks)
        assert settled is not None and choices.bit_count() == 2
        assert choices == settled & geo.field_at[(field + 1) * width]
