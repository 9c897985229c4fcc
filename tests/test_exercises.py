"""The checks behind "Your turn": they pass right answers, catch wrong ones, and say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudoku_teach
from sudoku_teach.exercises import REGISTRY, check, run_checks
from sudoku_teach.notebooks import BEGIN

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


def test_a_student_function_that_changes_its_input_cannot_spoil_later_cases():
    def column(grid, col):
        answer = [row[col] for row in grid]
        for row in grid:
            row[col] = 0
        return answer

    assert run_checks(column).ok


def test_unknown_names_list_the_exercises():
    def nothing():
        return None

    with pytest.raises(KeyError, match="region_of"):
        run_checks(nothing)


def solution_functions():
    """Every checked function the instructor notebooks define, run in one namespace per notebook."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        namespace: dict = {"st": sudoku_teach}
        names = []
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and BEGIN in source:
                before = set(namespace)
                exec(source, namespace)
                defined = [k for k in set(namespace) - before if k in REGISTRY]
                assert len(defined) == 1, f"{path.name}: one checked function per solution cell"
                names += defined
        for name in names:
            yield pytest.param(namespace[name], id=f"{path.stem}:{name}")


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
    assert report.status == "error"
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

    if not hasattr(framework.signal, "SIGALRM"):
        pytest.skip("no alarm signal on this system")
    monkeypatch.setattr(framework, "TIME_LIMIT", 1)

    def first_empty(grid):
        while True:
            pass

    report = run_checks(first_empty)
    assert report.status == "error" and "still running after 1 seconds" in str(report)
