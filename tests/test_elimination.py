"""Elimination sets, naked and hidden singles, and the solver by rules alone.

The checks recompute what the package claims with plain lists and sets, written out here,
so that a bug in the package cannot hide behind itself.
"""

from __future__ import annotations

import re

import pytest
from conftest import independent_is_solved, independent_units, keeps_givens
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import (
    ASSIGNMENT_PUZZLE,
    ASSIGNMENT_SOLUTION,
    WARMUP_4X4,
    ContradictionError,
    Grid,
    RuleViolation,
    Shape,
)
from sudoku_teach.candidates import CandidateGrid, format_candidates
from sudoku_teach.elimination import all_candidates, candidates, next_single
from sudoku_teach.rule_solver import count_finished, next_step, solve_with_rules
from sudoku_teach.rules import column_values, region_values, row_values
from sudoku_teach.techniques import HIDDEN_SINGLE, NAKED_SINGLE, TECHNIQUE_SETS
from sudoku_teach.views.render import COLOURS

Rows = list[list[int]]

NORVIG_STUCK = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""A hard puzzle (Norvig's first of top95): three hidden singles, then no single at all."""

NEEDS_HIDDEN = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"
"""An easy puzzle that naked singles alone leave unfinished and hidden singles finish."""

SOLUTION_4X4 = "1234341221434321"
SOLUTION_6X6 = "123456456123231564564231312645645312"


# --- plain helpers, independent of the package ------------------------------------------


def rows_of(text: str) -> Rows:
    """A grid string (digits, 0 or . for blank, spaces ignored) as a list of rows."""
    cells = [0 if ch in "0." else int(ch) for ch in text if not ch.isspace()]
    n = int(len(cells) ** 0.5)
    return [cells[r * n : (r + 1) * n] for r in range(n)]


def box_of(n: int) -> tuple[int, int]:
    """The region shape used for each grid size in these tests."""
    return {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]


def plain_survivors(rows: Rows, r: int, c: int) -> set[int]:
    """The numbers no neighbour of (r, c) holds, computed with plain sets."""
    n = len(rows)
    box_rows, box_cols = box_of(n)
    top, left = r - r % box_rows, c - c % box_cols
    used = set(rows[r]) | {rows[i][c] for i in range(n)}
    used |= {rows[i][j] for i in range(top, top + box_rows) for j in range(left, left + box_cols)}
    return set(range(1, n + 1)) - used


def plain_next_single(rows: Rows) -> tuple[int, int, int] | None:
    """The assignment's getNextCell: first blank in reading order with one survivor."""
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value == 0:
                left = plain_survivors(rows, r, c)
                if len(left) == 1:
                    return r, c, left.pop()
    return None


def fits_only_here(
    rows: Rows, cells: list[tuple[int, int]], cell: tuple[int, int], value: int
) -> bool:
    """Whether `value` is missing from the unit `cells` and fits its blank `cell` only."""
    spots = [(r, c) for r, c in cells if rows[r][c] == 0 and value in plain_survivors(rows, r, c)]
    return spots == [cell]


def check_step(rows: Rows, step) -> None:
    """Assert that a step is a correct single on the board `rows` (before the step)."""
    r, c = step.cell
    assert rows[r][c] == 0
    assert step.candidates == plain_survivors(rows, r, c)
    assert step.value in step.candidates
    if step.technique == NAKED_SINGLE:
        assert step.candidates == {step.value}
    else:
        assert step.technique == HIDDEN_SINGLE
        assert sorted(step.unit.cells) in [sorted(u) for u in independent_units(*box_of(len(rows)))]
        assert fits_only_here(rows, list(step.unit.cells), step.cell, step.value)


# --- the assignment ---------------------------------------------------------------------


def test_elimination_sets_of_the_assignments_worked_examples():
    # 3rd row, 1st column: survivors 1 and 5
    assert row_values(ASSIGNMENT_PUZZLE, 2) == {3, 9, 6, 4, 7}
    assert column_values(ASSIGNMENT_PUZZLE, 0) == {4, 2, 8, 9, 6}
    assert region_values(ASSIGNMENT_PUZZLE, 2, 0) == {2, 3, 4, 9}
    assert candidates(ASSIGNMENT_PUZZLE, 2, 0) == {1, 5}
    # 1st row, 1st column: survivors 1 and 7
    assert candidates(ASSIGNMENT_PUZZLE, 0, 0) == {1, 7}


def test_first_step_is_explained_with_its_three_sets():
    step = next_step(ASSIGNMENT_PUZZLE)
    assert step.as_tuple() == (0, 5, 3)
    assert step.technique == NAKED_SINGLE
    assert step.row_set == {2, 5, 8, 9}
    assert step.column_set == {1, 4, 5, 6}
    assert step.region_set == {4, 6, 7, 8, 9}
    assert step.candidates == {3}
    assert step.region == "B"
    assert str(step) == (
        "(0, 5) = 3, a naked single: row 0 rules out {2, 5, 8, 9}, column 5 rules out"
        " {1, 4, 5, 6}, region B rules out {4, 6, 7, 8, 9}; only 3 survives"
    )


def test_assignment_run_starts_as_the_sample_run_prints_it():
    result = solve_with_rules(ASSIGNMENT_PUZZLE, "naked singles")
    assert [s.as_tuple() for s in result.steps[:5]] == [
        (0, 5, 3),
        (0, 8, 4),
        (0, 7, 6),
        (1, 5, 2),
        (1, 3, 5),
    ]
    # the boards of section 6.1, one column per step
    first_rows = ["002980500", "002983500", "002983504", "002983564", "002983564"]
    for k, expected in enumerate(first_rows):
        assert "".join(map(str, result.grid_after(k).row(0))) == expected
    assert "".join(map(str, result.grid_after(4).row(1))) == "400072013"


def test_assignment_run_is_the_row_major_naked_single_scan_to_the_end(assignment_rows):
    result = solve_with_rules(ASSIGNMENT_PUZZLE, "naked + hidden singles")  # never hidden
    rows = [row[:] for row in assignment_rows]
    for step in result.steps:
        assert step.as_tuple() == plain_next_single(rows)
        assert step.technique == NAKED_SINGLE
        rows[step.row][step.col] = step.value
    assert len(result.steps) == 41
    assert plain_next_single(rows) is None
    assert result.solved and result.status == "solved"
    assert result.grid.to_string() == ASSIGNMENT_SOLUTION
    assert str(result) == "solved in 41 steps (41 naked singles, 0 hidden singles)"


def test_next_single_loop_gives_the_same_run():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    found = []
    while (single := next_single(grid)) is not None:
        found.append(single)
        grid[single[:2]] = single[2]
    assert found == [s.as_tuple() for s in solve_with_rules(ASSIGNMENT_PUZZLE).steps]


# --- hidden singles ---------------------------------------------------------------------

# Four 5s shut row 0's 5 out of columns 1 and 2 and out of regions B and C: it can go only
# to (0, 0), although (0, 0) itself still has all nine numbers as survivors.
HIDDEN_ROWS = [[0] * 9 for _ in range(9)]
for _r, _c in [(1, 3), (2, 7), (5, 1), (7, 2)]:
    HIDDEN_ROWS[_r][_c] = 5


def test_hidden_single_on_a_hand_written_position():
    step = next_step(HIDDEN_ROWS)
    assert step.as_tuple() == (0, 0, 5)
    assert step.technique == HIDDEN_SINGLE
    assert step.unit.name == "row 0"
    assert step.candidates == set(range(1, 10))  # not a naked single
    assert step.blocked == (
        ((0, 1), (5, 1)),
        ((0, 2), (7, 2)),
        ((0, 3), (1, 3)),
        ((0, 4), (1, 3)),
        ((0, 5), (1, 3)),
        ((0, 6), (2, 7)),
        ((0, 7), (2, 7)),
        ((0, 8), (2, 7)),
    )
    assert str(step).startswith(
        "(0, 0) = 5, a hidden single: row 0 needs a 5 and it fits nowhere else:"
        " (0, 1) sees the 5 at (5, 1), (0, 2) sees the 5 at (7, 2), (0, 3) sees the 5 at (1, 3)"
    )
    assert next_step(HIDDEN_ROWS, techniques="naked singles") is None


def test_rules_are_tried_in_the_order_given():
    assert next_step(ASSIGNMENT_PUZZLE).technique == NAKED_SINGLE
    step = next_step(ASSIGNMENT_PUZZLE, techniques=(HIDDEN_SINGLE, NAKED_SINGLE))
    assert step.technique == HIDDEN_SINGLE
    check_step(rows_of(ASSIGNMENT_PUZZLE), step)


def test_hidden_singles_finish_what_naked_singles_leave():
    naked = solve_with_rules(NEEDS_HIDDEN, TECHNIQUE_SETS["naked singles"])
    both = solve_with_rules(NEEDS_HIDDEN, TECHNIQUE_SETS["naked + hidden singles"])
    assert naked.stuck and not naked.solved
    assert both.solved
    assert both.technique_counts()["hidden single"] > 0
    assert independent_is_solved(both.grid.to_rows())
    assert keeps_givens(rows_of(NEEDS_HIDDEN), both.grid.to_rows())


def test_count_finished_counts_each_rule_set():
    puzzles = [ASSIGNMENT_PUZZLE, NEEDS_HIDDEN, NORVIG_STUCK]
    assert count_finished(puzzles) == {
        "naked singles": 1,
        "naked + hidden singles": 2,
        "all techniques": 3,  # pairs finish NORVIG_STUCK (checked in test_techniques)
    }
    assert count_finished(iter(puzzles), {"hidden only": HIDDEN_SINGLE}) == {"hidden only": 2}


def test_unknown_rules_are_named():
    with pytest.raises(ValueError, match="unknown technique 'x-wing'.*'naked single'"):
        solve_with_rules(ASSIGNMENT_PUZZLE, ("naked single", "x-wing"))
    with pytest.raises(ValueError, match="no techniques given"):
        next_step(ASSIGNMENT_PUZZLE, ())


# --- other shapes -----------------------------------------------------------------------


def test_4x4_warm_up_is_solved_by_singles():
    result = solve_with_rules(WARMUP_4X4)
    assert result.solved
    assert independent_is_solved(result.grid.to_rows(), 2, 2)
    assert keeps_givens(rows_of(WARMUP_4X4), result.grid.to_rows())
    rows = rows_of(WARMUP_4X4)
    for step in result.steps:
        check_step(rows, step)
        rows[step.row][step.col] = step.value


def test_6x6_naked_single_uses_regions_of_two_rows_by_three_columns():
    # (1, 5) is in region B (rows 0-1, columns 3-5), which holds 4, 5, 6, 1 and 2
    puzzle = Grid.parse("123456 45612. " + "." * 24)
    assert puzzle.shape == Shape(2, 3)
    step = next_step(puzzle)
    assert (step.as_tuple(), step.technique, step.region) == ((1, 5, 3), NAKED_SINGLE, "B")
    assert step.row_set == {1, 2, 4, 5, 6}
    assert step.column_set == {6}
    assert step.region_set == {1, 2, 4, 5, 6}


def test_6x6_hidden_single():
    # row 1 needs a 6: columns 0 and 1 have one, and region B has the 6 at (0, 4)
    puzzle = Grid.parse("....6. ...... 6..... ...... .6.... ......")
    step = next_step(puzzle)
    assert (step.as_tuple(), step.technique, step.unit.name) == ((1, 2, 6), HIDDEN_SINGLE, "row 1")
    assert [cell for cell, _ in step.blocked] == [(1, 0), (1, 1), (1, 3), (1, 4), (1, 5)]
    check_step(rows_of(puzzle.to_string()), step)


# --- stuck and contradictory boards -----------------------------------------------------


def test_a_puzzle_singles_cannot_finish_ends_stuck_with_its_candidates():
    result = solve_with_rules(NORVIG_STUCK, "naked + hidden singles")
    assert result.status == "stuck" and result.stuck and not result.solved
    assert result.contradiction is None
    assert len(result.steps) == 3
    assert all(step.technique == HIDDEN_SINGLE for step in result.steps)
    final = result.grid.to_rows()
    assert result.candidates_left == {
        (r, c): plain_survivors(final, r, c) for r in range(9) for c in range(9) if not final[r][c]
    }
    assert all(len(left) > 1 for left in result.candidates_left.values())
    text = result.summary()
    assert text.startswith(
        "stuck after 3 steps: no cell has a single candidate and no number has a single place;"
        " this puzzle needs more rules\ncandidates left:\nrow 0: (0, 1) {1, 6, 7, 9}"
    )
    assert "(6, 1) {8, 9}" in text
    assert next_step(result.grid, "naked + hidden singles") is None  # no step, no exception


def test_naked_singles_alone_say_only_what_they_looked_for():
    result = solve_with_rules(NORVIG_STUCK, "naked singles")
    assert result.summary().splitlines()[0] == (
        "stuck after 0 steps: no cell has a single candidate; this puzzle needs more rules"
    )


def conflict_rows() -> Rows:
    """The assignment's puzzle with a second 2 in row 0."""
    rows = rows_of(ASSIGNMENT_PUZZLE)
    rows[0][0] = 2
    return rows


def test_a_rule_conflict_is_a_rule_violation_or_a_contradiction_state():
    with pytest.raises(RuleViolation, match="row 0 has the number 2 twice"):
        next_step(conflict_rows())
    result = solve_with_rules(conflict_rows())
    assert result.status == "contradiction" and not result.stuck and not result.solved
    assert result.steps == ()
    assert "row 0 has the number 2 twice" in result.contradiction
    assert result.summary().startswith("contradiction after 0 steps: the grid breaks the rules")


NO_SURVIVOR = "12345678." + "." * 27 + "........9" + "." * 36
"""(0, 8) needs a 9 for its row, but column 8 already has one: no candidate, no conflict."""

NO_PLACE = "1234567.." + "." * 36 + ".......9." + "........9" + "." * 18
"""Row 0 needs an 8 and a 9; columns 7 and 8 both hold a 9, so the 9 has no place."""


def test_an_empty_cell_without_survivors_is_named():
    with pytest.raises(ContradictionError, match=r"cell \(0, 8\) has no candidate") as caught:
        next_step(NO_SURVIVOR)
    assert caught.value.cell == (0, 8)
    assert isinstance(caught.value, ValueError)
    result = solve_with_rules(NO_SURVIVOR)
    assert result.status == "contradiction"
    assert result.contradiction.startswith("cell (0, 8) has no candidate")
    assert result.candidates_left[0, 8] == set()


def test_a_number_without_a_place_is_named():
    with pytest.raises(ContradictionError, match="row 0 needs a 9 but none of its empty") as caught:
        next_step(NO_PLACE)
    assert caught.value.unit.name == "row 0"
    assert solve_with_rules(NO_PLACE).status == "contradiction"


def test_a_wrong_entry_leads_to_a_contradiction_not_an_exception():
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE)
    after_steps = 0
    for r, c in puzzle.empty_cells():
        right = int(ASSIGNMENT_SOLUTION[9 * r + c])
        for wrong in candidates(puzzle, r, c) - {right}:
            board = puzzle.copy()
            board[r, c] = wrong
            result = solve_with_rules(board)
            assert result.status == "contradiction", (r, c, wrong)
            with pytest.raises(ContradictionError):
                next_step(result.grid)
            after_steps += bool(result.steps)
    assert after_steps >= 1  # at least once the dead end shows only after some steps


# --- the result object ------------------------------------------------------------------


def test_the_input_is_not_changed(assignment_rows):
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    rows = [row[:] for row in assignment_rows]
    solve_with_rules(grid)
    solve_with_rules(rows)
    assert grid == Grid.parse(ASSIGNMENT_PUZZLE)
    assert rows == assignment_rows


def test_the_result_does_not_follow_later_changes_to_the_input():
    grid = Grid.parse(ASSIGNMENT_PUZZLE)
    result = solve_with_rules(grid)
    grid[0, 5] = 7
    assert result.start[0, 5] == 0
    assert result.grid_after(41).to_string() == ASSIGNMENT_SOLUTION


def test_grid_after_replays_the_steps():
    result = solve_with_rules(ASSIGNMENT_PUZZLE)
    assert result.grid_after(0) == Grid.parse(ASSIGNMENT_PUZZLE)
    assert result.grid_after(41) == result.grid
    third = result.grid_after(3)
    assert [third[s.cell] for s in result.steps[:3]] == [3, 4, 6]
    assert third[result.steps[3].cell] == 0
    assert third.givens == result.start.givens  # filled cells are entries, not givens
    with pytest.raises(IndexError, match="there is no step 42: this run has steps 0 to 41"):
        result.grid_after(42)
    with pytest.raises(IndexError):
        result.grid_after(-1)


def test_repr_is_short_and_stable():
    assert repr(solve_with_rules(ASSIGNMENT_PUZZLE, TECHNIQUE_SETS["naked + hidden singles"])) == (
        "<RuleSolve: solved in 41 steps (41 naked singles, 0 hidden singles)>"
    )


def cell_html(html: str, r: int, c: int) -> str:
    """The contents of one cell's <td> in a board drawn by `render.grid_html`."""
    classes = f"sudoku-grid-cell sudoku-grid-r{r}c{c}"
    match = re.search(rf"<td class='{classes}' style='([^']*)'>(.*?)</td>", html)
    assert match, (r, c)
    return match.group(1) + "|" + match.group(2)


def test_marked_board_shows_the_survivors_of_each_empty_cell():
    html = CandidateGrid(ASSIGNMENT_PUZZLE)._repr_html_()
    marks = re.findall(r">(\d)</span>", cell_html(html, 0, 0))
    assert marks == ["1", "7"]
    assert re.findall(r">(\d)</span>", cell_html(html, 0, 5)) == ["3"]
    assert "font-weight:bold" in cell_html(html, 0, 2)  # a given, drawn as a number


def test_pencil_marks_are_readable_and_rows_carry_no_stripes():
    """JupyterLab greys every other row of an HTML table: a board's rows say "no background"
    themselves; and pencil marks are drawn large enough to read (the cells grow to fit)."""
    html = CandidateGrid(ASSIGNMENT_PUZZLE)._repr_html_()
    marks = r"class='sudoku-grid-marks' style='font-size:(\d+)px"
    sizes = {int(px) for px in re.findall(marks, html)}
    assert sizes and min(sizes) >= 11
    assert html.count("<tr style='background:transparent'>") == 9 and html.count("<tr") == 9
    side = int(re.search(r"width:(\d+)px;height:\1px;", cell_html(html, 0, 0)).group(1))
    assert side >= 3 * min(sizes)  # three rows of marks fit in a cell


def test_board_html_marks_the_cell_of_step_k():
    result = solve_with_rules(ASSIGNMENT_PUZZLE)
    html = result.board_html(1)
    assert COLOURS["focus"] in cell_html(html, 0, 5)
    assert "|3" in cell_html(html, 0, 5)
    assert COLOURS["focus"] not in result.board_html(0)
    assert result._repr_html_().startswith("<p>solved in 41 steps")


def test_format_candidates_one_line_per_row():
    assert format_candidates({(0, 1): {6, 1}, (0, 2): {6}, (3, 0): set()}) == (
        "row 0: (0, 1) {1, 6}  (0, 2) {6}\nrow 3: (3, 0) nothing"
    )


def test_candidates_match_plain_survivors(assignment_rows):
    assert all_candidates(ASSIGNMENT_PUZZLE) == {
        (r, c): plain_survivors(assignment_rows, r, c)
        for r in range(9)
        for c in range(9)
        if not assignment_rows[r][c]
    }


# --- properties -------------------------------------------------------------------------

SOLUTIONS = {9: ASSIGNMENT_SOLUTION, 6: SOLUTION_6X6, 4: SOLUTION_4X4}


@st.composite
def puzzles_with_a_solution(draw) -> tuple[str, str]:
    """A solution (relabelled) and a puzzle made by blanking some of its cells."""
    size = draw(st.sampled_from(sorted(SOLUTIONS)))
    labels = draw(st.permutations(range(1, size + 1)))
    solution = "".join(str(labels[int(ch) - 1]) for ch in SOLUTIONS[size])
    keep = draw(st.lists(st.booleans(), min_size=size * size, max_size=size * size))
    puzzle = "".join(ch if k else "." for ch, k in zip(solution, keep, strict=True))
    return puzzle, solution


@settings(max_examples=60, deadline=None)
@given(
    puzzles_with_a_solution(),
    st.sampled_from(["naked singles", "naked + hidden singles", HIDDEN_SINGLE]),
)
def test_every_step_is_a_correct_single_and_agrees_with_the_solution(case, rules):
    puzzle, solution = case
    result = solve_with_rules(puzzle, rules)
    rows = rows_of(puzzle)
    n = len(rows)
    for step in result.steps:
        check_step(rows, step)
        assert step.value == int(solution[step.row * n + step.col])  # the rules are sound
        rows[step.row][step.col] = step.value
    assert result.grid.to_rows() == rows
    assert result.status in ("solved", "stuck")  # a solvable board is never contradictory
    if result.solved:
        assert independent_is_solved(rows, *box_of(n))
        assert keeps_givens(rows_of(puzzle), rows)
        assert len(result.steps) == puzzle.count(".")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_any_board_ends_in_a_clear_state_without_an_exception(cells):
    cells = [v if i % 3 == 0 else 0 for i, v in enumerate(cells)]  # about a third filled
    result = solve_with_rules(Grid(cells))
    assert result.status in ("solved", "stuck", "contradiction")
    if result.status == "contradiction":
        with pytest.raises((RuleViolation, ContradictionError)):
            next_step(result.grid)
    else:
        assert next_step(result.grid) is None
        assert result.solved == (not result.candidates_left)
