"""The checks behind "Your turn": they pass right answers, catch wrong ones, and say so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import sudoku_teach
from sudoku_teach import Grid
from sudoku_teach.errors import NotAPuzzleError, RuleViolation
from sudoku_teach.exercises import REGISTRY, check, framework, run_checks
from sudoku_teach.exercises.code_reading import keeps_growing, source_tree
from sudoku_teach.exercises.subject import LocalSubject
from sudoku_teach.results import SolveResult
from sudoku_teach.rules import column_values, region_values, row_values
from sudoku_teach.teacher.notebook_tools import BEGIN

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_reference_passes_its_own_checks(name):
    report = run_checks(REGISTRY[name].reference, name)
    assert report.ok and report.passed == report.total > 0


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_check_can_fail(name):
    report = run_checks(lambda *args: None, name)
    assert report.status == "failed" and "First failing case" in str(report)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_stub_is_reported_as_not_implemented(name):
    def stub(*args):
        raise NotImplementedError("Your turn")

    report = run_checks(stub, name)
    assert report.status == "not implemented"
    assert str(report).startswith(f"{name}: not implemented yet")


def test_a_crash_names_the_call_and_the_error():
    def region_of(row, col):
        return [0][row + col]

    report = run_checks(region_of)
    assert report.status == "error"
    assert "region_of(0, 1) raised IndexError" in str(report)


def test_a_wrong_answer_shows_input_expected_and_got(capsys):
    def region_of(row, col):
        return row // 3 + col // 3

    check(region_of)
    out = capsys.readouterr().out
    assert "region_of: 27 of 81 checks passed." in out
    assert "First failing case: region_of(3, 0)\n  expected: 3\n  got:      1" in out
    assert out.rstrip().splitlines()[-1].startswith("Hint:")


def test_a_function_that_changes_its_input_is_told_so_even_when_its_answer_is_right():
    def column(grid, col):
        answer = [row[col] for row in grid]
        for row in grid:
            row[col] = 0
        return answer

    report = run_checks(column)
    assert report.status == "failed" and report.passed == 0
    assert (
        "your function changed the grid it was given; work on a copy (`[row[:] for row in grid]`)"
        in str(report)
    )
    assert run_checks(lambda grid, col: [row[col] for row in grid], "column").ok  # reading is fine


def test_a_function_that_empties_the_sets_it_was_given_is_told_to_copy_them():
    def naked_pair(unit):
        found = sudoku_teach.techniques.first_naked_pair(unit)
        for marks in unit:
            marks.clear()
        return found

    assert "your function changed an argument it was given; copy it." in str(run_checks(naked_pair))


def test_unknown_names_list_the_exercises_and_say_how_to_name_the_function(capsys):
    def regoin_of(row, col):
        return 0

    check(regoin_of)
    out = capsys.readouterr().out
    assert out.startswith("There is no exercise called 'regoin_of'. Did you mean region_of?")
    assert all(name in out for name in REGISTRY) and "def region_of(...)" in out
    assert "check(my_function, 'region_of')" in out
    report = run_checks(lambda: None)
    assert report.status == "error" and "no exercise called '<lambda>'" in str(report)


def worked_example(source: str) -> bool:
    """Whether a cell shows a worked example: a checked function written out, no solution."""
    return any(REGISTRY[name].worked_example for name in re.findall(r"^def (\w+)\(", source, re.M)
               if name in REGISTRY)


def solution_functions():
    """Every checked function the instructor notebooks define (their solutions and worked
    examples), run after the notebook's first cell in one namespace per notebook."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        namespace: dict = {"st": sudoku_teach}
        names = []
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
        first = code[:1] if code and BEGIN not in code[0] else []
        for source in first:  # the imports, and the puzzle a worked example runs on
            exec(source, namespace)
        for source in code[len(first):]:
            if BEGIN in source or worked_example(source):
                before = set(namespace)
                exec(source, namespace)
                defined = [k for k in set(namespace) - before if k in REGISTRY]
                assert len(defined) == 1, f"{path.name}: one checked function per solution cell"
                names += defined
        for name in names:
            yield pytest.param(namespace[name], id=f"{path.stem}:{name}")


def test_an_answer_given_to_check_instead_of_the_function_is_explained():
    def region_of(row, col):
        return 0

    for given in (region_of(0, 0), None, "region_of"):
        report = run_checks(given, "region_of")
        assert report.status == "error" and report.total == 0
        assert str(report).startswith("check() wants your function itself, not")
        assert "check(region_of) with no brackets" in str(report)
    report = run_checks(region_of, 5)  # type: ignore[arg-type]
    assert "The exercise's name is text" in str(report) and "not an int" in str(report)


def test_a_very_long_exercise_name_is_not_echoed_whole():
    report = run_checks(lambda: None, "x" * 1_000_000)
    assert "(1,000,000 characters)" in str(report) and len(str(report)) < 2000


def test_a_function_that_calls_exit_is_reported_not_obeyed():
    def row_numbers(grid, row):
        raise SystemExit(3)  # as exit(3) does

    report = run_checks(row_numbers)
    assert report.status == "error" and report.passed == 0
    assert "raised SystemExit: it called exit()" in str(report)


@pytest.mark.parametrize("function", list(solution_functions()))
def test_instructor_solutions_pass_their_checks(function):
    assert run_checks(function).ok


def test_every_exercise_appears_in_a_notebook():
    defined = {p.values[0].__name__ for p in solution_functions()}
    assert defined == set(REGISTRY)


def test_an_unwritten_helper_is_named_instead_of_blaming_the_function():
    def column(grid, col):
        raise NotImplementedError("Your turn")

    def can_place(grid, row, col, value):
        return value not in grid[row] and value not in column(grid, col)

    report = run_checks(can_place)
    assert report.status == "not implemented"  # not done yet, and says why
    assert "calls column, which is not written yet" in str(report)


def test_a_list_where_a_set_is_asked_for_is_explained_and_sets_print_sorted():
    def row_numbers(grid, row):
        return [v for v in grid[row] if v]

    text = str(run_checks(row_numbers))
    assert "expected: {2, 5, 8, 9}" in text and "got:      [2, 9, 8, 5]" in text
    assert "you returned a list; the answer is a set" in text


def test_a_missing_return_is_pointed_out():
    def survivors(grid, row, col):
        print("thinking")

    report = run_checks(survivors)
    assert report.passed == 0 and "forget to `return`" in str(report)


def test_keeping_what_an_in_place_method_gives_back_is_named():
    def row_numbers(grid, row):  # a set without the blank, in one line: None
        return set(grid[row]).remove(0)

    def sorted_row(grid, row):
        numbers = list(grid[row])
        numbers = numbers.sort()
        return numbers

    text = str(run_checks(row_numbers))
    assert "`.remove(...)` changes its list or set where it is and gives back None" in text
    assert "`.discard(x)` on a set: no error when x is missing" in text
    assert "forget to `return`" not in text
    assert "`.sort(...)`" in framework.kind_problem(LocalSubject(sorted_row, "x"), None, [1])
    assert framework.kind_problem(LocalSubject(sorted_row, "x"), [1], [1]) is None


def test_a_remove_that_finds_nothing_gets_a_hint_about_remove():
    def row_numbers(grid, row):  # right while the row has a blank; KeyError on a full row
        numbers = set(grid[row])
        numbers.remove(0)
        return numbers

    report = run_checks(row_numbers)
    assert report.status == "error" and "KeyError" in report.failure
    assert "`.remove(x)` raises an error when x is not there" in report.hint

    def with_discard(grid, row):
        numbers = set(grid[row])
        numbers.discard(0)
        return numbers

    assert run_checks(with_discard, name="row_numbers").ok


def test_a_row_used_as_a_row_number_is_explained():
    def column_numbers(grid, col):
        return {grid[row][col] for row in grid} - {0}

    report = run_checks(column_numbers)
    assert report.status == "error" and "TypeError" in report.failure
    assert "`for row in grid` gives each row itself" in report.hint


def test_a_function_from_another_notebook_is_said_to_be_missing_here():
    def column_numbers(grid, col):
        return set(column(grid, col)) - {0}  # noqa: F821 (lesson 01's, not defined here)

    report = run_checks(column_numbers)
    assert report.status == "error" and "NameError" in report.failure
    assert "`column` is not defined in this notebook" in report.hint


def test_a_return_inside_the_loop_is_named_when_numbers_are_missing():
    def region_numbers(grid, row, col):
        top, left = row - row % 3, col - col % 3
        found = set()
        for r in range(top, top + 3):
            for c in range(left, left + 3):
                if grid[r][c]:
                    found.add(grid[r][c])
            return found  # after the region's first row only

    text = str(run_checks(region_numbers))
    assert "`return` inside a loop" in text

    def next_empty(grid):  # a search: its return inside the loop is right, and no set
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                if value == 0:
                    return (r, c)
        return None

    assert framework.kind_problem(LocalSubject(next_empty, "x"), (0, 1), (0, 2)) is None


def test_minus_before_union_is_named_in_survivors():
    def survivors(grid, row, col):
        every = set(range(1, 10))
        return every - row_values(grid, row) | column_values(grid, col) | region_values(
            grid, row, col)

    report = run_checks(survivors)
    assert report.status == "failed" and "`-` is done before `|`" in report.hint


def test_a_range_used_as_a_set_is_named_both_ways():
    def survivors(grid, row, col):
        ruled_out = row_values(grid, row) | column_values(grid, col) | region_values(grid, row, col)
        return range(1, 10) - ruled_out

    report = run_checks(survivors)
    assert report.status == "error" and "a range is not a set" in report.hint

    def in_braces(grid, row, col):
        ruled_out = row_values(grid, row) | column_values(grid, col) | region_values(grid, row, col)
        return {range(1, 10)} - ruled_out

    assert "is a set holding one thing" in str(run_checks(in_braces, name="survivors"))


def test_a_set_made_again_on_every_round_is_named():
    def column_numbers(grid, col):
        for row in grid:
            numbers = set()
            if row[col]:
                numbers.add(row[col])
        return numbers

    assert "starts again on each round" in str(run_checks(column_numbers))

    def right(grid, col):
        numbers = set()
        for row in grid:
            if row[col]:
                numbers.add(row[col])
        return numbers

    assert run_checks(right, name="column_numbers").ok


def test_another_regions_numbers_are_named():
    def region_numbers(grid, row, col):
        top = row - row % 3  # the columns copied from the rows' line: range(top, top + 3)
        return {grid[r][c] for r in range(top, top + 3) for c in range(top, top + 3)} - {0}

    report = run_checks(region_numbers)
    assert report.status == "failed" and "the numbers of another region" in report.hint


def test_comparing_with_a_range_itself_is_named():
    def is_solved(grid):
        return all(sorted(row) == range(1, 10) for row in grid)

    report = run_checks(is_solved)
    assert report.status == "failed"
    assert "never equal to `range(...)` itself" in report.failure

    def rows_only(grid):  # wrong too (columns and regions unchecked), but not by a range
        return all(sorted(row) == list(range(1, 10)) for row in grid)

    text = str(run_checks(rows_only, name="is_solved"))
    assert "failed" in text or "checks passed" in text
    assert "range(...)` itself" not in text


def is_solved_set_per_region(grid):
    good = set(range(1, 10))
    for row in grid:
        if set(row) != good:
            return False
    for c in range(9):
        if {row[c] for row in grid} != good:
            return False
    for top in (0, 3, 6):
        for left in (0, 3, 6):
            region = set()
            for r in range(top, top + 3):
                for c in range(left, left + 3):
                    region.add(grid[r][c])
            if region != good:
                return False
    return True


def is_solved_all_comprehensions(grid):
    good = set(range(1, 10))
    columns = [[row[c] for row in grid] for c in range(9)]
    regions = [[grid[r][c] for r in range(t, t + 3) for c in range(left, left + 3)]
               for t in (0, 3, 6) for left in (0, 3, 6)]  # fmt: skip
    return all(set(unit) == good for unit in grid + columns + regions)


def is_solved_sorted_units_list(grid):
    units = []
    for r in range(9):
        units.append(grid[r])
    for c in range(9):
        units.append([grid[r][c] for r in range(9)])
    for top in (0, 3, 6):
        for left in (0, 3, 6):
            units.append([grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3)])
    return all(sorted(unit) == list(range(1, 10)) for unit in units)


def is_solved_seen_per_row(grid):  # a set filled and asked `in` on every round: right
    for row in grid + [list(col) for col in zip(*grid)]:
        seen = set()
        for value in row:
            if value == 0 or value in seen:
                return False
            seen.add(value)
    return all(
        sorted(grid[r][c] for r in range(t, t + 3) for c in range(left, left + 3))
        == list(range(1, 10)) for t in (0, 3, 6) for left in (0, 3, 6))


@pytest.mark.parametrize("function", [
    is_solved_set_per_region, is_solved_all_comprehensions, is_solved_sorted_units_list,
    is_solved_seen_per_row,
])  # fmt: skip
def test_a_collection_started_once_is_not_suspected_in_right_code(function):
    """is_solved's aimed hint about a unit's list that keeps growing reads the code: right
    code of each usual style passes, and the code reading finds no such list in it."""
    assert run_checks(function, "is_solved").ok
    assert keeps_growing(source_tree(function)) is None


def test_a_list_started_once_for_every_unit_is_found_and_named():
    def is_solved(grid):  # rows only, but made once: the rows run together
        unit = []
        for row in grid:
            for value in row:
                unit.append(value)
            if sorted(unit) != list(range(1, 10)):
                return False
        return True

    def fixed(grid):  # the same, started inside the loop: nothing to name
        for row in grid:
            unit = []
            for value in row:
                unit.append(value)
            if sorted(unit) != list(range(1, 10)):
                return False
        return True

    assert keeps_growing(source_tree(is_solved)) == ("unit", "[]")
    assert keeps_growing(source_tree(fixed)) is None
    report = run_checks(is_solved)
    assert report.status == "failed" and "`unit` must start empty for each row" in report.hint


def test_endless_recursion_gets_its_own_message():
    def solve(grid):
        return solve(grid)

    assert "kept calling itself" in str(run_checks(solve))


def test_an_answer_of_the_wrong_kind_is_a_failure_not_a_crash_of_the_check():
    def next_cell(grid):
        return False

    report = run_checks(next_cell)
    assert report.status == "failed" and "raised" not in str(report)
    assert "got:      False" in str(report)


def test_the_pass_count_covers_every_case_not_just_those_before_the_first_failure():
    def region_of(row, col):
        return (row // 3) * 3 + col % 3  # right only in the first column of each stack

    report = run_checks(region_of)
    assert (report.passed, report.total) == (27, 81)
    assert "First failing case: region_of(0, 1)" in str(report)


@pytest.mark.parametrize(
    "name, wrong",
    [
        ("first_empty", "fixed-size"),
        ("is_solved", "sums"),
    ],
)
def test_tempting_wrong_answers_are_caught(name, wrong):
    def first_empty(grid):
        for row in range(9):
            for col in range(9):
                if grid[row][col] == 0:
                    return row, col
        return None

    def is_solved(grid):
        cols = [[row[c] for row in grid] for c in range(9)]
        boxes = [
            [grid[r][c] for r in range(t, t + 3) for c in range(left, left + 3)]
            for t in (0, 3, 6)
            for left in (0, 3, 6)
        ]
        return all(sum(unit) == 45 for unit in grid + cols + boxes)

    function = {"first_empty": first_empty, "is_solved": is_solved}[name]
    assert not run_checks(function).ok, wrong


def test_an_endless_loop_is_stopped_and_named(monkeypatch):
    from sudoku_teach.exercises import framework

    monkeypatch.setattr(framework, "TIME_LIMIT", 1)

    def first_empty(grid):
        while True:
            pass

    report = run_checks(first_empty)
    assert report.status == "error" and "still running after 1 seconds" in str(report)
    assert run_checks(sudoku_teach.region_of).ok  # no interrupt is left pending


def test_the_watchdog_interrupts_without_signals_and_lets_quick_code_finish():
    from sudoku_teach.exercises.watchdog import TimeUp, time_limit

    with pytest.raises(TimeUp), time_limit(0.2):
        while True:
            pass
    with time_limit(5):
        total = sum(range(1000))
    assert total == 499500


def test_the_watchdog_stops_a_loop_where_ctrl_c_is_ignored():
    """A grader started in the background (`make test &`, a service) inherits Ctrl-C ignored;
    the watchdog's interruption must still stop the loop, and the setting comes back."""
    import signal
    import time

    from sudoku_teach.exercises.watchdog import TimeUp, time_limit

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with pytest.raises(TimeUp), time_limit(0.2):
            end = time.monotonic() + 30  # bounded: without the fix the test fails, not hangs
            while time.monotonic() < end:
                pass
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_watchdog_counts_computing_not_waiting():
    """Time spent waiting (as for a busy processor) is not counted; the clock is a backstop."""
    import time

    from sudoku_teach.exercises.watchdog import TimeUp, time_limit, wall_backstop

    with time_limit(0.3, wall=30):  # a second of waiting is not 0.3 s of work
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            time.sleep(0.01)
    with pytest.raises(TimeUp), time_limit(30, wall=0.5):  # waiting forever is still stopped
        while True:
            time.sleep(0.01)
    assert wall_backstop(10) == 100 and wall_backstop(1) == 61


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_exercise_names_a_package_function_that_passes_its_checks(name):
    exercise = REGISTRY[name]
    assert exercise.package.startswith("st.")
    found = eval(exercise.package.split()[0], {"st": sudoku_teach})
    assert run_checks(as_plain_answer(found, name), name).ok


def as_plain_answer(function, name):
    """The package's function answering as a student does: rows for grids, a count for counts."""

    def plain(*args):
        if name == "is_proper":  # proper_solution raises when the puzzle is not proper
            try:
                function(*args)
            except (NotAPuzzleError, RuleViolation):
                return False
            return True
        answer = function(*args)
        if isinstance(answer, SolveResult):
            answer = answer.solution if name.startswith("solve") else answer.count
        return answer.to_rows() if isinstance(answer, Grid) else answer

    return plain


def test_an_unwritten_helper_names_the_real_package_function():
    def first_empty(grid):
        raise NotImplementedError("Your turn")

    def solve(grid):
        cell = first_empty(grid)
        return cell

    text = str(run_checks(solve))
    assert "calls first_empty, which is not written yet" in text
    assert "use the package's version (st.first_empty) instead" in text
    assert callable(sudoku_teach.first_empty)


def test_a_solve_that_forgets_to_undo_is_not_told_it_forgot_to_return():
    def solve(grid):
        cell = sudoku_teach.first_empty(grid)
        if cell is None:
            return grid
        row, col = cell
        for value in range(1, len(grid) + 1):
            if sudoku_teach.can_place(grid, row, col, value):
                grid[row][col] = value
                if solve(grid) is not None:
                    return grid
        return None

    text = str(run_checks(solve))
    assert "forget to `return`" not in text
    assert "First failing case: solve(grid '" in text and "got:      None" in text
    assert "put 0 back in the cell (undo the placement)" in text


def test_a_solve_on_a_can_place_for_3x3_regions_only_mentions_2x2_regions():
    def can_place(grid, row, col, value):
        if value in grid[row] or any(r[col] == value for r in grid):
            return False
        top, left = row - row % 3, col - col % 3
        return all(grid[r][c] != value for r in range(top, top + 3) for c in range(left, left + 3))

    def solve(grid):
        for row in range(len(grid)):
            for col in range(len(grid)):
                if grid[row][col] == 0:
                    for value in range(1, len(grid) + 1):
                        if can_place(grid, row, col, value):
                            grid[row][col] = value
                            if solve(grid) is not None:
                                return grid
                            grid[row][col] = 0
                    return None
        return grid

    text = str(run_checks(solve))
    assert "your own can_place is wrong on this grid: can_place(grid '" in text
    assert "This grid is 4x4 with 2x2 regions" in text and "st.can_place" in text
    assert "forget to `return`" not in text


def best_cell_variants():
    """Wrong best_cell answers, each with the hint that fits its mistake."""

    def best_cell_le(grid):
        best, fewest = None, len(grid) + 1
        for row in range(len(grid)):
            for col in range(len(grid)):
                if grid[row][col] == 0:
                    count = len(sudoku_teach.candidates(grid, row, col))
                    if count <= fewest:
                        best, fewest = (row, col), count
        return best

    def best_cell_filled(grid):
        best, fewest = None, len(grid) + 1
        for row in range(len(grid)):
            for col in range(len(grid)):
                count = len(sudoku_teach.candidates(grid, row, col))
                if count < fewest:
                    best, fewest = (row, col), count
        return best

    return [(best_cell_le, "`<`, not `<=`"), (best_cell_filled, "skip filled cells")]


@pytest.mark.parametrize("wrong, hint", best_cell_variants())
def test_best_cell_hints_fit_the_mistake(wrong, hint):
    text = str(run_checks(wrong, "best_cell"))
    assert "Hint: " in text and hint in text
    other = {"`<`, not `<=`", "skip filled cells"} - {hint}
    assert other.pop() not in text


def test_one_rule_for_kinds_order_matters_any_sequence_order_does_not_a_set():
    assert run_checks(lambda grid: list(sudoku_teach.first_empty(grid) or []) or None,
                      "first_empty").ok
    assert run_checks(lambda grid, col: tuple(row[col] for row in grid), "column").ok
    text = str(run_checks(lambda grid, row: sorted(sudoku_teach.row_values(grid, row)),
                          "row_numbers"))
    assert "you returned a list; the answer is a set" in text


def test_the_fewest_candidates_solver_passes_and_its_missing_undo_is_caught():
    def solve_fewest_first(grid):
        cell = sudoku_teach.best_cell(grid)
        if cell is None:
            return grid
        row, col = cell
        for value in range(1, len(grid) + 1):
            if sudoku_teach.can_place(grid, row, col, value):
                grid[row][col] = value
                if solve_fewest_first(grid) is not None:
                    return grid
        return None

    text = str(run_checks(solve_fewest_first))
    assert "solve_fewest_first gave up on a puzzle that has a solution" in text
    assert "grid[row][col] = 0" in text


@pytest.mark.parametrize("name, finder", [("solve_fewest_first", "best_cell"),
                                          ("solve", "first_empty")])
def test_unpacking_the_cell_before_testing_for_none_gets_a_hint_naming_it(name, finder):
    """A student's slip: `row, col = best_cell(grid)` before the None test, which a full
    grid turns into 'cannot unpack non-iterable NoneType object'."""
    find = getattr(sudoku_teach, finder)

    def solve(grid):
        row, col = find(grid)
        if row is None:
            return grid
        for value in range(1, len(grid) + 1):
            if sudoku_teach.can_place(grid, row, col, value):
                grid[row][col] = value
                if solve(grid) is not None:
                    return grid
                grid[row][col] = 0
        return None

    report = run_checks(solve, name)
    assert report.status == "error" and "cannot unpack non-iterable NoneType" in report.failure
    assert "`find(grid)` gives None when no empty cell is left" in report.hint
    assert "only then `row, col = cell`" in report.hint
    assert run_checks(search(find), name).ok  # the None test first: no hint, all passed


def search(choose_cell, undo_always=False, give_up_early=False):
    """A solver for grids of rows, with one of the mistakes students make switched on."""

    def solve(grid):
        cell = choose_cell(grid)
        if cell is None:
            return grid
        row, col = cell
        for value in range(1, len(grid) + 1):
            if sudoku_teach.can_place(grid, row, col, value):
                grid[row][col] = value
                if give_up_early:
                    return solve(grid)
                result = solve(grid)
                if undo_always:
                    grid[row][col] = 0
                if result is not None:
                    return result
                grid[row][col] = 0
        return None

    return solve


def test_a_fewest_first_solver_that_fills_in_reading_order_is_caught():
    report = run_checks(search(sudoku_teach.first_empty), "solve_fewest_first")
    assert report.status == "failed"
    assert (
        "it does not fill the cell with the fewest candidates first: use `best_cell(grid)`"
        " where 03's solver used `first_empty(grid)`" in str(report)
    )
    assert run_checks(search(sudoku_teach.best_cell), "solve_fewest_first").ok
    assert run_checks(search(sudoku_teach.first_empty), "solve").ok


def test_a_solve_that_undoes_even_after_success_is_told_about_the_blanks():
    text = str(run_checks(search(sudoku_teach.first_empty, undo_always=True), "solve"))
    assert "the grid came back with blanks: you put 0 back even after `solve` succeeded" in text


def test_a_solve_that_returns_the_recursive_call_at_once_is_told_to_try_the_next_number():
    text = str(run_checks(search(sudoku_teach.first_empty, give_up_early=True), "solve"))
    assert "`return solve(grid)` returns at once, also when the call below came back" in text
    assert "forget to `return`" not in text


def test_a_first_empty_that_stops_one_short_is_asked_about_the_last_row_and_column():
    def first_empty(grid):
        for row in range(len(grid) - 1):
            for col in range(len(grid) - 1):
                if grid[row][col] == 0:
                    return row, col
        return None

    text = str(run_checks(first_empty))
    assert "does your loop reach the last row and column? use `range(len(grid))`" in text


def test_notebook_04_has_its_own_lesson_with_the_search_order_exercises():
    from sudoku_teach.exercises import nb03_search, nb04_smarter

    assert nb04_smarter.LESSON == "04_smarter_search"
    assert REGISTRY["best_cell"] is nb04_smarter.best_cell
    assert REGISTRY["solve_fewest_first"] is nb04_smarter.solve_fewest_first
    assert not hasattr(nb03_search, "best_cell")


def test_an_index_error_on_a_4x4_grid_says_the_code_may_assume_9_rows():
    def best_cell(grid):
        best, fewest = None, 10
        for row in range(9):
            for col in range(9):
                if grid[row][col] == 0 and len(sudoku_teach.candidates(grid, row, col)) < fewest:
                    best, fewest = (row, col), len(sudoku_teach.candidates(grid, row, col))
        return best

    text = str(run_checks(best_cell))
    assert "raised IndexError" in text
    assert "This grid is 4x4 with 2x2 regions" in text and "Use len(grid)" in text
