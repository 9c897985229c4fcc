"""The production solver and counter: answers checked by code written here, not by `fast`."""

from __future__ import annotations

import random

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens, pattern_rows
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import cli, fast
from sudoku_teach.errors import NotAPuzzleError, RuleViolation, SearchLimitReached, SudokuError
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, NORVIG_HARD, WARMUP_4X4
from sudoku_teach.grid import Grid
from sudoku_teach.shape import CLASSIC, Shape

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(2, 4), CLASSIC]


# --- an independent oracle: plain lists, plain backtracking ------------------------------------
def check_answer(puzzle: Grid, answer: Grid | None) -> None:
    """Assert that an answer solves the puzzle, by the independent checker."""
    assert answer is not None
    shape = puzzle.shape
    assert independent_is_solved(answer.to_rows(), shape.box_rows, shape.box_cols)
    assert keeps_givens(puzzle.to_rows(), answer.to_rows())


def blank_out(rows: list[list[int]], rng: random.Random, keep: float) -> list[list[int]]:
    """A copy of a full grid with each cell kept with probability `keep`."""
    return [[v if rng.random() < keep else 0 for v in row] for row in rows]


# --- solving ---------------------------------------------------------------------------------
def test_solves_the_assignment_puzzle() -> None:
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE)
    answer = fast.solve(puzzle).solution
    check_answer(puzzle, answer)
    assert answer is not None and answer.to_string() == ASSIGNMENT_SOLUTION


def test_solution_is_a_new_grid_with_the_same_givens() -> None:
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE)
    before = puzzle.numbers
    answer = fast.solve(puzzle).solution
    assert answer is not puzzle
    assert puzzle.numbers == before  # the input is not modified
    assert answer is not None and answer.givens == puzzle.givens


def test_accepts_strings_and_lists_of_rows() -> None:
    rows = Grid.parse(ASSIGNMENT_PUZZLE).to_rows()
    expected = Grid.parse(ASSIGNMENT_SOLUTION)
    assert fast.solve(rows).solution == fast.solve(ASSIGNMENT_PUZZLE).solution == expected


def test_norvig_hard_is_solved_and_counted() -> None:
    puzzle = Grid.parse(NORVIG_HARD)
    check_answer(puzzle, fast.solve(puzzle).solution)
    assert fast.count_solutions(puzzle).count == 2
    assert fast.count_solutions(puzzle, limit=1).count == 1
    assert fast.count_solutions(puzzle, limit=10).count == 10


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_empty_grid_is_solved_and_counts_to_the_limit(shape: Shape) -> None:
    empty = Grid.empty(shape)
    check_answer(empty, fast.solve(empty).solution)
    for limit in (1, 2, 7):
        assert fast.count_solutions(empty, limit).count == limit


def test_empty_grid_count_stops_at_once() -> None:
    result = fast.count_solutions(Grid.empty(), 2)
    assert result.count == 2 and result.status == "solved"
    assert result.stats.nodes <= 100  # one path down, one step back: no wider search


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_every_shape_from_a_pattern_grid(shape: Shape) -> None:
    rows = pattern_rows(shape.box_rows, shape.box_cols)
    assert independent_is_solved(rows, shape.box_rows, shape.box_cols)
    rng = random.Random(shape.size)
    for _ in range(5):
        puzzle = Grid.from_rows(blank_out(rows, rng, 0.4), shape)
        check_answer(puzzle, fast.solve(puzzle).solution)


def test_warmup_4x4_has_one_solution() -> None:
    puzzle = Grid.parse(WARMUP_4X4)
    check_answer(puzzle, fast.solve(puzzle).solution)
    assert fast.count_solutions(puzzle, limit=5).count == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), keep=st.floats(0.2, 0.8))
def test_random_9x9_puzzles_are_solved(seed: int, keep: float) -> None:
    rng = random.Random(seed)
    numbers = list(range(1, 10))
    rng.shuffle(numbers)  # relabel a known solution: still a solution
    digits = [numbers[int(ch) - 1] for ch in ASSIGNMENT_SOLUTION]
    rows = [digits[r * 9 : r * 9 + 9] for r in range(9)]
    puzzle = Grid.from_rows(blank_out(rows, rng, keep))
    check_answer(puzzle, fast.solve(puzzle).solution)
    assert fast.count_solutions(puzzle, limit=1).count == 1


# --- no solution -----------------------------------------------------------------------------
CLASHES = {
    "row": "55" + "." * 79,
    "column": "5" + "." * 8 + "5" + "." * 71,
    "region": "5" + "." * 9 + "5" + "." * 70,
    "4x4 region": "1....1" + "." * 10,
}


@pytest.mark.parametrize("text", CLASHES.values(), ids=CLASHES.keys())
def test_givens_that_break_the_rules_have_no_solution(text: str) -> None:
    assert fast.solve(text).solution is None
    assert fast.count_solutions(text, limit=5).count == 0


def test_a_rule_breaking_full_grid_is_not_an_answer() -> None:
    rows = pattern_rows(3, 3)
    rows[0][0], rows[0][1] = rows[0][1], rows[0][0]  # rows still fine, columns now clash
    assert fast.solve(rows).solution is None
    assert fast.count_solutions(rows).count == 0


def test_cell_with_no_candidate_is_unsolvable() -> None:
    # Row 0 holds 1-8 and its last cell is blank, but column 8 already has the 9.
    text = "12345678." + "........9" + "." * 63
    assert fast.solve(text).solution is None
    assert fast.count_solutions(text).count == 0


def test_unsolvable_only_after_a_search() -> None:
    # No rule is broken and every blank has candidates, yet no way to finish exists:
    # the solver must search (and back up) to find that out.
    text = "..3.56....56.89....891.3..683.5......6..912...91.3.5....5...91.6....23..9....5.78"
    puzzle = Grid.parse(text)
    assert brute_count(puzzle.to_rows(), 3, 3, 1) == 0
    result = fast.solve(puzzle)
    assert result.solution is None and result.status == "no solution"
    stats = result.stats
    assert stats.nodes > 1 and stats.backtracks > 0
    assert fast.count_solutions(puzzle).count == 0


# --- agreement with the independent counter --------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(cells=st.lists(st.sampled_from([0] * 6 + [1, 2, 3, 4]), min_size=16, max_size=16))
def test_4x4_counts_match_brute_force(cells: list[int]) -> None:
    rows = [cells[r * 4 : r * 4 + 4] for r in range(4)]
    expected = brute_count(rows, 2, 2, 300)  # a 4x4 grid has at most 288 solutions
    assert fast.count_solutions(Grid(cells, Shape(2, 2)), limit=300).count == expected
    answer = fast.solve(Grid(cells, Shape(2, 2))).solution
    if expected:
        check_answer(Grid(cells, Shape(2, 2)), answer)
    else:
        assert answer is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), keep=st.floats(0.3, 0.7), noise=st.integers(0, 3))
def test_6x6_counts_match_brute_force(seed: int, keep: float, noise: int) -> None:
    rng = random.Random(seed)
    rows = blank_out(pattern_rows(2, 3), rng, keep)
    for _ in range(noise):  # a few random givens, which may clash or leave no solution
        rows[rng.randrange(6)][rng.randrange(6)] = rng.randint(1, 6)
    expected = brute_count(rows, 2, 3, 50)
    assert fast.count_solutions(Grid.from_rows(rows), limit=50).count == expected


def relabelled_pattern(shape: Shape, rng: random.Random) -> list[list[int]]:
    """A full grid of any shape: the pattern grid with its numbers shuffled."""
    numbers = list(shape.digits)
    rng.shuffle(numbers)
    return [[numbers[v - 1] for v in row] for row in pattern_rows(shape.box_rows, shape.box_cols)]


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from([Shape(2, 4), CLASSIC]),
    seed=st.integers(0, 10**6),
    keep=st.floats(0.45, 0.8),
    noise=st.integers(0, 3),
)
def test_8x8_and_9x9_counts_match_brute_force(
    shape: Shape, seed: int, keep: float, noise: int
) -> None:
    rng = random.Random(seed)
    rows = blank_out(relabelled_pattern(shape, rng), rng, keep)
    for _ in range(noise):  # a few random givens, which may clash or leave no solution
        rows[rng.randrange(shape.size)][rng.randrange(shape.size)] = rng.randint(1, shape.size)
    expected = brute_count(rows, shape.box_rows, shape.box_cols, 3)
    assert fast.count_solutions(Grid.from_rows(rows, shape), limit=3).count == expected


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6), keep=st.floats(0.3, 0.8))
def test_solvable_without_matches_brute_force(shape: Shape, seed: int, keep: float) -> None:
    rng = random.Random(seed)
    full = relabelled_pattern(shape, rng)
    rows = blank_out(full, rng, keep)
    n = shape.size
    r, c = rng.randrange(n), rng.randrange(n)
    rows[r][c] = 0
    number = full[r][c]
    # Independently: some other number in that cell leaves a grid that has a solution.
    expected = False
    for other in shape.digits:
        if other != number:
            rows[r][c] = other
            expected = expected or brute_count(rows, shape.box_rows, shape.box_cols, 1) > 0
    rows[r][c] = 0
    cells = [v for row in rows for v in row]
    assert fast.solvable_without(cells, shape, r * n + c, number) == expected
    digging = fast.Digging([v for row in full for v in row], shape)  # as a dig asks: the same
    assert fast.solvable_without(cells, shape, r * n + c, number, digging=digging) == expected


def test_solutions_are_distinct_and_valid() -> None:
    puzzle = Grid.parse(NORVIG_HARD)
    found = []
    for grid in fast.solutions(puzzle):
        check_answer(puzzle, grid)
        found.append(grid.to_string())
        if len(found) == 5:
            break
    assert len(set(found)) == 5


# --- the work done, and its limit ------------------------------------------------------------
def test_stats_for_a_puzzle_the_singles_finish() -> None:
    stats = fast.solve(ASSIGNMENT_PUZZLE).stats
    assert (stats.nodes, stats.backtracks, stats.max_depth) == (1, 0, 0)


def test_stats_for_a_puzzle_that_needs_guesses() -> None:
    stats = fast.count_solutions(NORVIG_HARD, 2).stats
    assert stats.nodes > 1
    assert stats.max_depth >= 1
    assert stats.backtracks >= 1  # the first solution's last guess was taken back to go on


def test_node_limit_is_reported_as_such() -> None:
    result = fast.solve(NORVIG_HARD, max_nodes=3)
    assert result.status == "node limit" and result.solution is None
    assert result.stats.nodes == 3
    assert "node limit" in result.summary()


def test_node_limit_applies_to_counting() -> None:
    result = fast.count_solutions(Grid.empty(), limit=1000, max_nodes=50)
    assert result.status == "node limit"
    assert 0 < result.count < 1000  # the solutions found before the limit are kept


def test_solutions_and_the_uniqueness_check_raise_at_the_node_limit() -> None:
    with pytest.raises(SearchLimitReached) as raised:
        list(fast.solutions(Grid.empty(), max_nodes=50))
    assert raised.value.limit == 50 and raised.value.stats.nodes == 50
    assert isinstance(raised.value, SudokuError)
    assert "50 nodes" in str(raised.value)
    with pytest.raises(SearchLimitReached):
        fast.proper_solution(NORVIG_HARD, max_nodes=3)


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        fast.count_solutions(ASSIGNMENT_PUZZLE, limit=0)


def test_proper_solution_is_the_one_answer_or_says_why_not() -> None:
    assert fast.proper_solution(ASSIGNMENT_PUZZLE) == Grid.parse(ASSIGNMENT_SOLUTION)
    with pytest.raises(NotAPuzzleError, match="more than one solution"):
        fast.proper_solution(NORVIG_HARD)
    with pytest.raises(RuleViolation):
        fast.proper_solution(CLASHES["row"])


# --- the bit sets ----------------------------------------------------------------------------
def test_bit_sets_of_numbers() -> None:
    mask = fast.bit_of(1) | fast.bit_of(3) | fast.bit_of(4)
    assert mask == 0b1101
    assert fast.numbers_in(mask) == [1, 3, 4]
    assert list(fast.bits_in(mask)) == [0b1, 0b100, 0b1000]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_geometry_matches_the_shape(shape: Shape) -> None:
    geo = fast.geometry(shape)
    n = shape.size
    assert len(geo.units) == 3 * n
    assert all(unit.bit_count() == n for unit in geo.units)
    for (r, c), peers in shape.peers.items():
        assert geo.peers[r * n + c] == sum(1 << (pr * n + pc) for pr, pc in peers)


# --- the command line ------------------------------------------------------------------------
def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Run `sudoku-teach ARGV`: exit status, stdout lines, stderr."""
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_cli_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = run_cli(capsys, "count", ASSIGNMENT_SOLUTION, NORVIG_HARD, CLASHES["row"])
    assert status == 1  # the grid that breaks a rule: its conflict is named
    assert lines == ["1", "2 (limit reached)", "0"]
    assert "argument 3: the givens break the rules: row" in err


def test_cli_count_with_a_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_cli(capsys, "count", "--limit", "5", NORVIG_HARD, WARMUP_4X4)
    assert status == 0
    assert lines == ["5 (limit reached)", "1"]


def test_cli_count_empty_grid(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_cli(capsys, "count", "--limit", "3", "." * 81)
    assert (status, lines) == (0, ["3 (limit reached)"])


def test_cli_count_unusable_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = run_cli(capsys, "count", "12x" + "." * 78)
    assert status == 2 and lines == []
    assert "unexpected character 'x'" in err


def test_cli_count_limit_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        cli.main(["count", "--limit", "0", NORVIG_HARD])
    assert raised.value.code == 2
    assert "--limit" in capsys.readouterr().err


def test_cli_solve_fast(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = [ASSIGNMENT_PUZZLE, NORVIG_HARD]
    status, lines, err = run_cli(capsys, "solve", "--method", "fast", *puzzles)
    assert status == 1  # NORVIG_HARD has more than one solution: one is printed, and it is said
    assert err == "argument 2: has more than one solution: this is one of them\n"
    assert lines[0] == ASSIGNMENT_SOLUTION
    assert len(lines) == 2 and len(lines[1]) == 81
    check_answer(Grid.parse(NORVIG_HARD), Grid.parse(lines[1]))


def test_cli_solve_fast_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_cli(capsys, "solve", ASSIGNMENT_PUZZLE)
    assert (status, lines) == (0, [ASSIGNMENT_SOLUTION])


def test_cli_solve_fast_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_cli(capsys, "solve", "--method", "fast", CLASHES["row"], WARMUP_4X4)
    assert status == 1
    assert lines == ["unsolvable", "1234341221434321"]


def test_cli_solve_fast_stats(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run_cli(capsys, "solve", "--method", "fast", "--stats", ASSIGNMENT_PUZZLE)
    assert status == 0
    assert lines == [f"{ASSIGNMENT_SOLUTION}  nodes=1 backtracks=0 max_depth=0"]


def test_count_all_counts_what_the_teaching_search_finds_on_small_grids():
    from sudoku_teach import search

    for text in (WARMUP_4X4, "12.. 34.. .... ....", "." * 16):
        grid = Grid.parse(text)
        every = search.count_solutions(grid, limit=10_000)  # the plain search as the oracle
        assert every.status == "solved"
        assert fast.count_all(grid).count == every.count
        assert sorted(g.to_string() for g in fast.count_all(grid).solutions) == sorted(
            g.to_string() for g in every.solutions)


def test_time_each_gives_each_result_and_a_time():
    from sudoku_teach import results

    found, seconds = results.time_each(fast.count_solutions, [WARMUP_4X4, ASSIGNMENT_PUZZLE], 2)
    assert [r.count for r in found] == [fast.count_solutions(p, 2).count
                                        for p in (WARMUP_4X4, ASSIGNMENT_PUZZLE)]
    assert seconds >= 0
