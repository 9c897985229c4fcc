"""Locked candidates in `fast` (16x16 and up): they take only marks no solution can use."""

from __future__ import annotations

import random
import tracemalloc

import pytest
from conftest import independent_is_solved, keeps_givens, sat_count
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import fast, generate
from sudoku_teach.fast import _cover, _locked
from sudoku_teach.grid import Grid
from sudoku_teach.shape import Shape


def blanked(size: int, seed: int, keep: float) -> tuple[list[int], list[int]]:
    """A random full grid, and a puzzle keeping about `keep` of its cells."""
    solution = list(generate.full_grid(seed, Shape.for_size(size)).numbers)
    rng = random.Random(seed)
    return solution, [v if rng.random() < keep else 0 for v in solution]


@pytest.mark.parametrize("size", [16, 25])
def test_locked_candidates_never_take_a_mark_of_the_solution(size: int) -> None:
    geo = _cover.cover(Shape.for_size(size))
    assert geo.locks is not None
    taken = 0
    for seed in range(6):
        solution, puzzle = blanked(size, seed, 0.45)
        board = _cover.start(puzzle, geo)
        assert board is not None
        right = {cell * size + v - 1 for cell, v in enumerate(solution)}
        gone = _locked.locked_marks(board, geo.locks)
        assert not {geo.move_at[p] for p in gone} & right
        taken += len(gone)
        settled, _ = _cover.settle(board, geo, None, geo.locks)  # locked candidates, singles
        assert settled is not None
        assert all(settled >> geo.spots[move][0] & 1 for move in right)
    assert taken > 0  # the puzzles did have locked candidates


@pytest.mark.parametrize(("size", "keep"), [(16, 0.4), (16, 0.55), (25, 0.5)])
def test_counts_with_locked_candidates_agree_with_an_independent_counter(
    size: int, keep: float
) -> None:
    box = {16: 4, 25: 5}[size]
    for seed in range(3):
        _, puzzle = blanked(size, seed + 10, keep)
        result = fast.count_solutions(Grid(puzzle, Shape.for_size(size)), 3)
        rows = Grid(puzzle, Shape.for_size(size)).to_rows()
        assert result.count == sat_count(rows, box, box, limit=3)
        for found in result.solutions:
            assert independent_is_solved(found.to_rows(), box, box)
            assert keeps_givens(rows, found.to_rows())


def pointing_and_claiming(candidates: dict[int, set[int]], size: int) -> set[tuple[int, int]]:
    """(cell, number) pairs that pointing and claiming rule out, found unit by unit here."""
    side = {16: 4, 25: 5}[size]
    gone = set()
    for number in range(1, size + 1):
        cells = {cell for cell, left in candidates.items() if number in left}
        for line in range(size):
            for along in (0, 1):  # a row, then a column
                in_line = {c for c in cells if divmod(c, size)[along] == line}
                for other in range(side):  # the regions the line crosses
                    rows = range(line // side * side, line // side * side + side)
                    cols = range(other * side, other * side + side)
                    if along:
                        rows, cols = range(other * side, other * side + side), rows
                    in_region = {c for c in cells if c // size in rows and c % size in cols}
                    if not in_line & in_region:
                        continue
                    if in_region <= in_line:  # pointing
                        gone |= {(c, number) for c in in_line - in_region}
                    if in_line <= in_region:  # claiming
                        gone |= {(c, number) for c in in_region - in_line}
    return gone


@pytest.mark.parametrize("size", [16, 25])
def test_locked_marks_are_every_pointing_and_claiming_a_plain_loop_finds(size: int) -> None:
    geo = _cover.cover(Shape.for_size(size))
    assert geo.locks is not None
    found_some = 0
    for seed in range(4):
        _, puzzle = blanked(size, seed + 20, 0.35)
        board = _cover.start(puzzle, geo)
        assert board is not None
        candidates: dict[int, set[int]] = {}
        for move in range(size**3):
            if board >> geo.spots[move][0] & 1:
                candidates.setdefault(move // size, set()).add(move % size + 1)
        want = pointing_and_claiming(candidates, size)
        got = {divmod(geo.move_at[p], size) for p in _locked.locked_marks(board, geo.locks)}
        assert {(cell, d + 1) for cell, d in got} == want
        found_some += len(want)
    assert found_some > 0


def flag_of(lines: int, field: int, group: int, size: int) -> bool:
    """Whether group `group` of field `field` of the lines' fields holds a mark (plain)."""
    side, width = {16: 4, 25: 5}[size], size + 1
    return any(lines >> (field * width + group * side + i) & 1 for i in range(side))


@pytest.mark.parametrize("size", [16, 25])
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_segment_flags_and_band_sums_agree_with_plain_loops(size: int, data: st.DataObject) -> None:
    """`segments` and `in_two_lines` on random lines, against per-group and per-band loops."""
    locks = _cover.cover(Shape.for_size(size)).locks
    assert locks is not None
    n, side, width = size, locks.side, size + 1
    seed = data.draw(st.integers(0, 2**32), label="seed")
    rng = random.Random(seed)
    sparse = data.draw(st.sampled_from([0.05, 0.2, 0.5]), label="density")
    lines = sum(1 << p for p in range(2 * n * n * width)
                if p % width < n and rng.random() < sparse)
    flags = _locked.segments(lines, locks)
    want = sum(1 << (f * width + j * side) for f in range(2 * n * n) for j in range(side)
               if flag_of(lines, f, j, size))
    assert flags == want
    two = _locked.in_two_lines(flags, locks)
    for f in range(2 * n * n):
        band = range(f - f % side, f - f % side + side)  # rows and columns: s fields side by side
        for j in range(side):
            lines_with = sum(flag_of(lines, g, j, size) for g in band)
            here = bool(two >> (f * width + j * side) & 1)
            assert here == (flag_of(lines, f, j, size) and lines_with >= 2)


@pytest.mark.parametrize("size", [9, 16, 25])
def test_guard_of_names_the_field_that_holds_the_marks(size: int) -> None:
    geo = _cover.cover(Shape.for_size(size))
    width, rng = size + 1, random.Random(size)
    for field in rng.sample(range(4 * size * size), 40):
        marks = sum(1 << (field * width + i) for i in rng.sample(range(size), rng.randint(1, 3)))
        guard = _cover.guard_of(marks, geo)
        assert guard == (field + 1) * width  # the guard's length: its position + 1
        assert geo.field_at[guard] & marks == marks


def test_a_dead_end_below_a_guess_weighs_on_the_field_guessed_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From 16x16 up each dead end blames two fields: the one emptied and the one guessed in."""
    blamed: list[int] = []
    dead_ends = 0
    real_blame, real_settle = _cover.Failures.blame, fast.settle

    def blame(self: _cover.Failures, at: int) -> None:
        blamed.append(at)
        real_blame(self, at)

    def settle(*args: object) -> tuple[int | None, int]:
        nonlocal dead_ends
        board, choices = real_settle(*args)  # type: ignore[arg-type]
        dead_ends += board is None and args[2] is not None  # a search's, not a probe's
        return board, choices

    puzzle = generate.new_puzzle(2, Shape.for_size(16))  # (digging's checks: one blame each)
    monkeypatch.setattr(_cover.Failures, "blame", blame)
    monkeypatch.setattr(fast, "settle", settle)
    result = fast.count_solutions(puzzle, 2)
    assert result.count == sat_count(puzzle.to_rows(), 4, 4, limit=2) == 1
    assert dead_ends >= 20 and len(blamed) == 2 * dead_ends


def test_a_field_blamed_again_and_again_takes_no_board_wide_int_a_level() -> None:
    """The record of dead ends stays small when one field climbs far above the rest.

    Levels that hold the same fields share one int; one int a level held 2,000 board-wide
    ints (16 MB at 25x25) here. The levels and the choice stay what they were."""
    geo = _cover.cover(Shape.for_size(25))
    failed = _cover.failures(geo)
    assert failed is not None
    top, low = len(geo.field_at) - 1, 26 * 7  # the guards of the last field and of field 6
    tracemalloc.start()
    for _ in range(3):
        failed.blame(low)
    for _ in range(2000):
        failed.blame(top)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 500_000
    for k, level in enumerate(failed.at_least):
        fields = [at for at in (low, top) if failed.counts[at] >= k]
        assert level == (geo.guards if k == 0 else sum(1 << (at - 1) for at in fields))
    both = 1 << (low - 1) | 1 << (top - 1)
    assert _cover.heaviest(both, failed) == top
    assert _cover.heaviest(1 << (low - 1), failed) == low
