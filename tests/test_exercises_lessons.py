"""Each exercise of notebooks 00-07 and 09 fails the classic wrong answer its lesson warns
against, with feedback that names that mistake (not a general hint, and never a wrong guess).

`WRONG` is the table: exercise, the mistake, a function that makes it, and words the
feedback must contain. `python tests/test_exercises_lessons.py` prints the feedback each
one gets (the table of issue 24's report).
"""

from __future__ import annotations

import pytest

import sudoku_teach as st
from sudoku_teach.exercises import run_checks


def count_blanks_first_row(grid):
    return grid[0].count(0)


def count_blanks_filled(grid):
    return sum(1 for row in grid for value in row if value)


def column_as_row(grid, col):
    return grid[col]


def region_of_down_columns(row, col):
    return (col // 3) * 3 + row // 3


def region_of_not_times_three(row, col):
    return row // 3 + col // 3


def can_place_no_region(grid, row, col, value):
    return value not in grid[row] and all(line[col] != value for line in grid)


def can_place_true_too_early(grid, row, col, value):
    for c in range(9):
        if grid[row][c] == value:  # noqa: SIM103 (the mistake is the point)
            return False
        return True  # the classic: an answer after the first cell of the row
    return all(line[col] != value for line in grid)


def can_place_column_too_early(grid, row, col, value):
    if value in grid[row]:
        return False
    for r in range(9):
        if grid[r][col] == value:  # noqa: SIM103
            return False
        return True  # the same, in the second loop
    return True


def can_place_region_row_div_3(grid, row, col, value):
    top, left = row // 3, col // 3  # the classic: which region, not its first row
    region = [grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3)]
    return value not in grid[row] and all(line[col] != value for line in grid) and (
        value not in region
    )


def can_place_region_from_cell(grid, row, col, value):  # the region's loops start at the cell
    if value in grid[row] or any(r[col] == value for r in grid):
        return False
    return all(grid[r][c] != value for r in range(row, row + 3) for c in range(col, col + 3))


def region_numbers_from_cell(grid, row, col):
    return {grid[r][c] for r in range(row, row + 3) for c in range(col, col + 3)} - {0}


def is_solved_by_sums(grid):
    cols = [[row[c] for row in grid] for c in range(9)]
    boxes = [[grid[r][c] for r in range(t, t + 3) for c in range(left, left + 3)]
             for t in (0, 3, 6) for left in (0, 3, 6)]  # fmt: skip
    return all(sum(unit) == 45 for unit in grid + cols + boxes)


def is_solved_no_regions(grid):
    digits = list(range(1, 10))
    cols = [[row[c] for row in grid] for c in range(9)]
    return all(sorted(unit) == digits for unit in grid + cols)


def is_solved_one_list_for_all_regions(grid):  # student A's slip (s5): unit made once
    good = list(range(1, 10))
    if any(sorted(row) != good for row in grid):
        return False
    unit = []
    for top in (0, 3, 6):
        for left in (0, 3, 6):
            for r in range(top, top + 3):
                for c in range(left, left + 3):
                    unit.append(grid[r][c])
            if sorted(unit) != good:
                return False
    return all(sorted(row[c] for row in grid) == good for c in range(9))


def is_solved_one_set_for_all_regions(grid):  # the same with a set: it says True too often
    good = set(range(1, 10))
    if any(set(row) != good for row in grid) or any({r[c] for r in grid} != good for c in range(9)):
        return False
    seen = set()
    for top in (0, 3, 6):
        for left in (0, 3, 6):
            for r in range(top, top + 3):
                seen.update(grid[r][left:left + 3])
            if seen != good:
                return False
    return True


def can_place_region_range_to_3(grid, row, col, value):  # student A's slip (s5): range(top, 3)
    if value in grid[row] or any(line[col] == value for line in grid):
        return False
    top, left = row - row % 3, col - col % 3
    for r in range(top, 3):
        for c in range(left, 3):
            if grid[r][c] == value:
                return False
    return True


def row_numbers_with_zero(grid, row):
    return set(grid[row])


def column_numbers_with_zero(grid, col):
    return {row[col] for row in grid}


def region_numbers_row_div_3(grid, row, col):
    top, left = row // 3, col // 3
    return {grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3) if grid[r][c]}


def survivors_ruled_out(grid, row, col):
    return st.row_values(grid, row) | st.column_values(grid, col) | st.region_values(grid, row, col)


def next_cell_returns_the_set(grid):
    for row in range(9):
        for col in range(9):
            if grid[row][col] == 0 and len(st.candidates(grid, row, col)) == 1:
                return row, col, st.candidates(grid, row, col)
    return None


def next_cell_first_empty(grid):
    for row in range(9):
        for col in range(9):
            if grid[row][col] == 0:
                return row, col, min(st.candidates(grid, row, col))
    return None


def first_empty_one_short(grid):
    for row in range(len(grid) - 1):
        for col in range(len(grid) - 1):
            if grid[row][col] == 0:
                return row, col
    return None


def solve(grid):  # 03: the recursive call returned at once, dead end or not
    cell = st.first_empty(grid)
    if cell is None:
        return grid
    row, col = cell
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            return solve(grid)
    return None


def solve_no_undo(grid):
    cell = st.first_empty(grid)
    if cell is None:
        return grid
    row, col = cell
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            if solve_no_undo(grid) is not None:
                return grid
    return None


def best_cell_last_tie(grid):
    best, fewest = None, len(grid) + 1
    for row in range(len(grid)):
        for col in range(len(grid)):
            if grid[row][col] == 0 and len(st.candidates(grid, row, col)) <= fewest:
                best, fewest = (row, col), len(st.candidates(grid, row, col))
    return best


def solve_fewest_first(grid):  # 04: still the first empty cell
    cell = st.first_empty(grid)
    if cell is None:
        return grid
    row, col = cell
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            if solve_fewest_first(grid) is not None:
                return grid
            grid[row][col] = 0
    return None


def relabel_off_by_one(grid, numbers):
    return [[numbers[v] if v else 0 for v in row] for row in grid]


def swap_rows_in_place(grid, a, b):
    grid[a], grid[b] = grid[b], grid[a]
    return grid


def row_orders_one_band(bands, height):
    from math import factorial

    return factorial(bands) * factorial(height)


def count_all(grid):  # 06: stops at the first solution, as 03's solve does
    cell = st.first_empty(grid)
    if cell is None:
        return 1
    row, col = cell
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            found = count_all(grid)
            grid[row][col] = 0
            if found:
                return found
    return 0


def count_solutions(grid, limit):  # 06: the whole limit passed down, the result clamped
    cell = st.first_empty(grid)
    if cell is None:
        return 1
    row, col = cell
    total = 0
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            total += count_solutions(grid, limit)
            grid[row][col] = 0
            if total >= limit:
                return min(total, limit)
    return total


def is_proper_one_found(grid):
    return st.fast.count_solutions(grid, 1).count == 1


def try_remove_never_back(grid, row, col):
    trial = [line[:] for line in grid]
    trial[row][col] = 0
    return trial


def naked_pair_equal_sets(unit):
    for i in range(len(unit)):
        for j in range(i + 1, len(unit)):
            if unit[i] == unit[j]:
                return i, j
    return None


def level_from_strongest_first(finished):
    if finished["all techniques"]:
        return "hard"
    if finished["naked + hidden singles"]:
        return "medium"
    if finished["naked singles"]:
        return "easy"
    return "expert"


def placement_constraints_as_list(row, col, number):
    region = (row // 3) * 3 + col // 3
    return [("cell", row, col), ("row", row, number), ("column", col, number),
            ("region", region, number)]


def cell_clauses_every_ordered_pair(row, col):
    x = [row * 81 + col * 9 + d for d in range(1, 10)]
    return [x] + [[-x[i], -x[j]] for i in range(9) for j in range(9) if i != j]


def is_easy_one_pass(grid):
    grid = [row[:] for row in grid]
    for row in range(9):
        for col in range(9):
            if grid[row][col] == 0:
                left = st.candidates(grid, row, col)
                if len(left) == 1:
                    grid[row][col] = left.pop()
    return all(all(row) for row in grid)


WRONG = [
    ("count_blanks", "counts the first row only", count_blanks_first_row,
     "blanks in the first row only"),
    ("count_blanks", "counts the filled cells", count_blanks_filled,
     "that is the number of filled cells"),
    ("column", "gives row `col`", column_as_row, "a column takes element"),
    ("region_of", "numbers regions down the columns", region_of_down_columns,
     "numbers the regions down the columns"),
    ("region_of", "row // 3 + col // 3", region_of_not_times_three,
     "multiply row // 3 by 3"),
    ("can_place", "forgets the region", can_place_no_region, "is already in region"),
    ("can_place", "`return True` inside the row's loop", can_place_true_too_early,
     "before it has looked at every cell of the row"),
    ("can_place", "`return True` inside the column's loop", can_place_column_too_early,
     "before it has looked at every cell of the column"),
    ("can_place", "region's first row as row // 3", can_place_region_row_div_3,
     "the region's first row is the row rounded down to a multiple of 3: row - row % 3"),
    ("can_place", "region's loops from the cell", can_place_region_from_cell,
     "Hint: index out of range: your code read a row or column past 8"),
    ("can_place", "region's loops end at 3", can_place_region_range_to_3,
     "8 is already in region D (rows 3-5, columns 0-2): does your function look there?"),
    ("is_solved", "checks sums of 45", is_solved_by_sums, "not its sum"),
    ("is_solved", "one list for all regions", is_solved_one_list_for_all_regions,
     "`unit` must start empty for each row, column or region: put `unit = []` inside"),
    ("is_solved", "one set for all regions", is_solved_one_set_for_all_regions,
     "`seen` must start empty for each row, column or region: put `seen = set()` inside"),
    ("is_solved", "forgets the regions", is_solved_no_regions,
     "does your function check every region?"),
    ("row_numbers", "keeps the blank 0", row_numbers_with_zero, "0 is a blank, not a number"),
    ("column_numbers", "keeps the blank 0", column_numbers_with_zero,
     "0 is a blank, not a number"),
    ("region_numbers", "region's corner as row // 3", region_numbers_row_div_3,
     "its first row is row - row % 3"),
    ("region_numbers", "range(row, row + 3)", region_numbers_from_cell,
     "the 3 by 3 block starting at the cell (0, 1) itself"),
    ("survivors", "returns what is ruled out", survivors_ruled_out,
     "those are the numbers ruled out"),
    ("next_cell", "first empty cell, whatever its survivors", next_cell_first_empty,
     "has more than one survivor: skip it"),
    ("next_cell", "returns the set of survivors", next_cell_returns_the_set,
     "you returned the set of survivors; return its one number: min(s)"),
    ("first_empty", "range(len(grid) - 1)", first_empty_one_short,
     "does your loop reach the last row and column?"),
    ("solve", "`return solve(grid)` at once", solve, "returns at once, also when the call"),
    ("solve", "no undo", solve_no_undo, "put 0 back in the cell (undo the placement)"),
    ("best_cell", "a later tie wins (<=)", best_cell_last_tie, "compare with `<`, not `<=`"),
    ("solve_fewest_first", "still the first empty cell", solve_fewest_first,
     "does not fill the cell with the fewest candidates first"),
    ("relabel", "numbers[v] (off by one)", relabel_off_by_one, "raised IndexError"),
    ("swap_rows", "swaps in the grid given", swap_rows_in_place, "changed the grid"),
    ("row_orders", "one band's orders only", row_orders_one_band,
     "count that step once per band"),
    ("count_all", "stops at the first solution", count_all, "it stops at the first solution"),
    ("count_solutions", "passes `limit`, clamps with min", count_solutions,
     "count_solutions(grid, limit - total)"),
    ("is_proper", "one solution found means proper", is_proper_one_found,
     "finding one does not show it is the only one"),
    ("try_remove", "never puts the number back", try_remove_never_back,
     "return the grid you were given, unchanged"),
    ("naked_pair", "any two equal sets", naked_pair_equal_sets,
     "a pair holds exactly two"),
    ("level_from", "strongest set first", level_from_strongest_first,
     "try the simplest set first"),
    ("is_easy", "one pass over the grid", is_easy_one_pass, "Repeat until a pass fills nothing"),
    ("placement_constraints", "a list of the four", placement_constraints_as_list,
     "you returned a list; the answer is a set"),
    ("cell_clauses", "every ordered pair d != e", cell_clauses_every_ordered_pair,
     "you have 73 clauses, the rule has 37"),
]  # fmt: skip
"""(exercise, the classic mistake, a function that makes it, words its feedback must hold)."""


@pytest.mark.parametrize(  # ids by name, never by address: pytest -n needs the same ids
    ("name", "mistake", "function", "words"), WRONG, ids=lambda v: getattr(v, "__name__", str(v))
)
def test_the_classic_wrong_answer_fails_with_feedback_about_its_mistake(
    name, mistake, function, words
):
    report = run_checks(function, name)
    assert not report.ok, mistake
    assert words in str(report), str(report)
    assert "forget to `return`" not in str(report)


def test_the_grader_catches_the_limit_mistake_as_check_does(monkeypatch):
    """Through the grader's path (requests as JSON text), the same probe of the recursion."""
    import json

    from sudoku_teach.exercises import remote
    from sudoku_teach.exercises.framework import check_subject

    def send(request):
        return json.loads(json.dumps(remote.answer(json.loads(json.dumps(request)))))

    monkeypatch.setitem(remote.CHECKED, "count_solutions", count_solutions)
    far = check_subject(remote.RemoteSubject("count_solutions", send), "count_solutions")
    assert str(far) == str(run_checks(count_solutions)) and not far.ok
    assert "limit - total" in str(far)


LESSONS = ["nb00_start", "nb01_rules", "nb02_elimination", "nb03_search", "nb04_smarter",
           "nb05_grids", "nb06_unique", "nb07_levels", "nb09_reductions"]  # fmt: skip


def test_every_exercise_of_00_to_07_and_09_has_its_classic_mistake_in_the_table():
    import importlib

    from sudoku_teach.exercises.framework import Exercise

    modules = [importlib.import_module(f"sudoku_teach.exercises.{name}") for name in LESSONS]
    names = {v.name for m in modules for v in vars(m).values() if isinstance(v, Exercise)}
    assert len(names) == 26 and names == {row[0] for row in WRONG}


def test_a_long_list_is_summed_up_by_its_lengths_and_first_difference():
    """09's 73 clauses against 37: two lengths and one pair of clauses, not two long lists."""
    text = str(run_checks(cell_clauses_every_ordered_pair, "cell_clauses"))
    assert "expected: a list of 37 items" in text and "got:      a list of 73 items" in text
    assert "first difference, at index 9: expected [-2, -3], got [-2, -1]" in text
    assert max(len(line) for line in text.splitlines()) < 300  # no list printed whole


NOTEBOOK_04 = """
def best_cell(grid):  # range(9): a 4x4 grid of the check has no row 4
    best, fewest = None, 10
    for row in range(9):
        for col in range(9):
            if grid[row][col] == 0 and len(st.candidates(grid, row, col)) < fewest:
                best, fewest = (row, col), len(st.candidates(grid, row, col))
    return best


def solve_fewest_first(grid):  # right: only best_cell is wrong
    cell = best_cell(grid)
    if cell is None:
        return grid
    row, col = cell
    for value in range(1, len(grid) + 1):
        if st.can_place(grid, row, col, value):
            grid[row][col] = value
            if solve_fewest_first(grid) is not None:
                return grid
            grid[row][col] = 0
    return None
"""
"""Two cells of a student's notebook 04: best_cell written for 9x9 only."""


def test_an_error_raised_in_a_helper_is_said_to_be_the_helpers():
    namespace = {"st": st}
    exec(NOTEBOOK_04, namespace)  # as a notebook defines them: one namespace for both
    report = run_checks(namespace["solve_fewest_first"])
    text = str(report)
    assert not report.ok and "raised IndexError" in text
    assert "in your best_cell, which solve_fewest_first calls" in text, text
    assert "the mistake is in best_cell, not in solve_fewest_first" in text
    assert "check(best_cell)" in text and "or st.best_cell instead" in text
    assert "start from the solve of notebook 03" not in text  # not the solver's own hint
    mine = run_checks(namespace["best_cell"])  # best_cell's own check: the error is its own
    assert "raised IndexError" in str(mine) and "in your" not in str(mine)


NOTEBOOK_02 = """
def column_numbers(grid, col):  # no return: gives back None
    numbers = set()
    for row in grid:
        if row[col] != 0:
            numbers.add(row[col])


def survivors(grid, row, col):  # right: only column_numbers is wrong
    ruled_out = st.row_values(grid, row) | column_numbers(grid, col)
    return set(range(1, 10)) - (ruled_out | st.region_values(grid, row, col))
"""
"""Two cells of a student's notebook 02: column_numbers without its return."""


def test_an_error_from_a_helpers_wrong_answer_names_the_helper():
    namespace = {"st": st}
    exec(NOTEBOOK_02, namespace)
    text = str(run_checks(namespace["survivors"]))
    assert "raised TypeError: unsupported operand type(s) for |: 'set' and 'NoneType'" in text
    assert "(your own column_numbers is wrong on this grid: column_numbers(grid" in text, text
    assert "Hint: the mistake is in column_numbers, not in survivors" in text


if __name__ == "__main__":
    print("| exercise | wrong answer | feedback |\n|---|---|---|")
    for name, mistake, function, _ in WRONG:
        report = run_checks(function, name)
        lines = str(report).splitlines()
        said = " ".join(line.strip() for line in lines[1:] if line.strip())
        print(f"| {name} | {mistake} | {said.replace('|', '/')} |")
