"""The checks of notebooks 05 (full grids) and 06 (unique puzzles) catch the tempting mistakes."""

from __future__ import annotations

import math

import sudoku_teach as st
from sudoku_teach.exercises import run_checks


def count_all(grid, limit):
    """Counts every solution: forgets to stop at the limit."""
    for row in range(len(grid)):
        for col in range(len(grid)):
            if grid[row][col] == 0:
                found = 0
                for value in range(1, len(grid) + 1):
                    if st.can_place(grid, row, col, value):
                        grid[row][col] = value
                        found += count_all(grid, limit)
                        grid[row][col] = 0
                return found
    return 1


def solutions_up_to(grid, limit):
    return st.fast.count_solutions(grid, limit).count


# --- notebook 05 ----------------------------------------------------------------------------------
def test_relabel_off_by_one_is_caught_and_named():
    def relabel(grid, numbers):
        return [[numbers[v] if v else 0 for v in row] for row in grid]

    report = run_checks(relabel)
    assert report.status == "error" and "raised IndexError" in str(report)


def test_relabel_that_renames_blanks_too_fails_on_a_puzzle():
    def relabel(grid, numbers):
        return [[numbers[v - 1] for v in row] for row in grid]

    report = run_checks(relabel)
    assert report.status == "failed" and 0 < report.passed < report.total
    assert "First failing case: relabel(grid '..298" in str(report)
    assert "0 stays 0" in str(report)


def test_swap_rows_that_swaps_columns_or_nothing_fails():
    def swap_columns(grid, a, b):
        rows = [row[:] for row in grid]
        for row in rows:
            row[a], row[b] = row[b], row[a]
        return rows

    def unchanged(grid, a, b):
        return grid

    for wrong in (swap_columns, unchanged):
        report = run_checks(wrong, "swap_rows")
        assert report.status == "failed" and "expected:" in str(report)


def test_row_orders_counting_every_order_of_the_rows_fails():
    def all_orders(bands, height):
        return math.factorial(bands * height)

    def bands_then_one_band(bands, height):
        return math.factorial(bands) * math.factorial(height)

    text = str(run_checks(all_orders, "row_orders"))
    assert "row_orders(2, 2)\n  expected: 8\n  got:      24" in text
    assert "a row may only move inside its band" in text
    start = str(run_checks(lambda bands, height: bands * height, "row_orders"))
    assert "2 bands of 1 row can go in 2 orders" in start
    assert "first put the bands in an order, then the rows inside each band" in start
    assert "**" not in start and "!" not in start  # the idea, not the formula
    other = str(run_checks(bands_then_one_band, "row_orders"))
    assert "count that step once per band" in other and "**" not in other


# --- notebook 06 ----------------------------------------------------------------------------------
def test_a_counter_that_does_not_stop_at_the_limit_fails():
    report = run_checks(count_all, "count_solutions")
    assert report.status == "failed"
    case = "count_solutions(grid '12..34..........', 1)"
    assert f"{case}\n  expected: 1\n  got:      12" in str(report)
    assert "limit" in report.hint


def test_a_counter_that_stops_right_passes():
    assert run_checks(solutions_up_to, "count_solutions").ok


def test_is_proper_that_only_asks_for_a_solution_fails_on_a_grid_with_two():
    def is_proper(grid):
        return st.fast.solve(grid).solved

    def at_most_one(grid):
        return st.fast.count_solutions(grid, 2).count <= 1

    report = run_checks(is_proper)
    assert report.status == "failed" and "expected: False\n  got:      True" in str(report)
    assert not run_checks(at_most_one, "is_proper").ok  # no solution is not proper either


def test_try_remove_that_never_puts_back_or_only_asks_for_a_solution_fails():
    def never_back(grid, row, col):
        grid = [line[:] for line in grid]
        grid[row][col] = 0
        return grid

    def solvable(grid, row, col):
        trial = [line[:] for line in grid]
        trial[row][col] = 0
        return trial if st.fast.solve(trial).solved else grid

    for wrong in (never_back, solvable):
        report = run_checks(wrong, "try_remove")
        assert report.status == "failed" and report.passed > 0


COPY_HINT = (
    "your function changed the grid it was given; work on a copy (`[row[:] for row in grid]`)"
)


def test_try_remove_that_changes_the_grid_in_place_is_told_to_work_on_a_copy():
    def in_place(grid, row, col):
        number, grid[row][col] = grid[row][col], 0
        if st.fast.count_solutions(grid, 2).count != 1:
            grid[row][col] = number
        return grid

    def shallow(grid, row, col):
        new = grid.copy()  # a new list of the same rows
        new[row][col] = 0
        return new if st.fast.count_solutions(new, 2).count == 1 else grid

    for wrong in (in_place, shallow):
        report = run_checks(wrong, "try_remove")
        assert report.status == "failed" and COPY_HINT in str(report)


def test_relabel_and_swap_rows_in_place_are_told_to_work_on_a_copy():
    def relabel(grid, numbers):
        for row in grid:
            row[:] = [numbers[v - 1] if v else 0 for v in row]
        return grid

    def swap_rows(grid, a, b):
        grid[a], grid[b] = grid[b], grid[a]
        return grid

    for wrong in (relabel, swap_rows):
        assert COPY_HINT in str(run_checks(wrong))


def test_a_counter_that_leaves_numbers_in_the_grid_is_told_to_put_the_zeros_back():
    def count_solutions(grid, limit):
        cell = st.first_empty(grid)
        if cell is None:
            return 1
        row, col = cell
        total = 0
        for value in range(1, len(grid) + 1):
            if st.can_place(grid, row, col, value):
                grid[row][col] = value
                total += count_solutions(grid, limit - total)
                if total >= limit:
                    return total  # returns before the 0 goes back
        grid[row][col] = 0
        return total

    text = str(run_checks(count_solutions))
    assert "your function changed the grid it was given; put every 0 back before returning" in text


def test_is_easy_that_fills_the_grid_it_was_given_is_told_to_work_on_a_copy():
    def is_easy(grid):
        while (step := st.elimination.next_single(grid)) is not None:
            row, col, value = step
            grid[row][col] = value
        return st.first_empty(grid) is None

    assert COPY_HINT in str(run_checks(is_easy))


def test_count_all_the_stepping_stone_counts_every_solution():
    def count_every(grid):
        cell = st.first_empty(grid)
        if cell is None:
            return 1
        row, col = cell
        total = 0
        for value in range(1, len(grid) + 1):
            if st.can_place(grid, row, col, value):
                grid[row][col] = value
                total += count_every(grid)
                grid[row][col] = 0
        return total

    assert run_checks(count_every, "count_all").ok
    report = run_checks(lambda grid: 1 if st.first_empty(grid) is None else 2, "count_all")
    assert not report.ok and "expected: 1\n  got:      2" in str(report)


def test_a_right_but_slow_answer_is_told_apart_from_an_endless_loop(monkeypatch):
    import time

    from sudoku_teach.exercises import framework

    monkeypatch.setattr(framework, "TIME_LIMIT", 0.5)

    def is_proper(grid):  # right, but far too slow on 9x9 grids
        if len(grid) == 9:
            end = time.process_time() + 5  # 5 seconds of computing, however busy the machine
            while time.process_time() < end:
                pass
        return st.fast.count_solutions(grid, 2).count == 1

    text = str(run_checks(is_proper))
    assert "was still running after 0.5 seconds, where the package's answer took" in text
    assert "right on the 5 checks before this one, so it is probably right but slow" in text
    assert "st.fast.count_solutions(grid, 2).count" in text
    assert "never stops" not in text

    def count_all(grid):  # endless from the first case
        while True:
            pass

    text = str(run_checks(count_all))
    assert "where the package's answer took" in text and "If it never stops" in text
