"""The teaching solvers of `search`: answers checked independently, traces, limits, orders."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach import cli
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, WARMUP_4X4
from sudoku_teach.grid import Grid
from sudoku_teach.results import DEFAULT_MAX_NODES, SolveResult
from sudoku_teach.rules import can_place
from sudoku_teach.search import METHODS, Method, count_solutions, solve
from sudoku_teach.shape import Shape

ALL = sorted(METHODS)

# Small puzzles, written down here, that even the naive order finishes in a few ms.
# (name, puzzle, region rows, region columns)
PUZZLES = [
    ("warm-up 4x4", WARMUP_4X4.replace(" ", ""), 2, 2),
    ("6x6", "1.3.....6.2....3.5.6...4.........531", 2, 3),
    ("assignment", ASSIGNMENT_PUZZLE, 3, 3),
    (
        "easy 1",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        3,
        3,
    ),
    (
        "easy 2",
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
        3,
        3,
    ),
    (
        "easy 4",
        "030050040008010500460000012070502080000603000040109030250000098001020600080060020",
        3,
        3,
    ),
    (
        "easy 5",
        "020810740700003100090002805009040087400208003160030200302700060005600008076051090",
        3,
        3,
    ),
    (
        "easy 7",
        "043080250600000000000001094900004070000608000010200003820500000000000005034090710",
        3,
        3,
    ),
]

# Puzzles without a solution, from obvious to one that only a search can tell.
UNSOLVABLE = [
    ("two 5s in row 0", "55" + "." * 79),
    ("cell (0, 0) has no candidate", ".12345678" + "9" + "." * 71),
    ("4x4, no contradiction in sight", "......34...23..."),
    # The assignment's puzzle with a wrong 2 at (7, 4), allowed by the rules: the naive
    # search needs 103 nodes to find out.
    (
        "assignment with a wrong 2",
        "..298.5..4...7..13.396.4.7.2...564..84.3..2.19.7..1.866..7.513..9142...5.2..3.6.8",
    ),
]

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""The first puzzle of top95: far beyond the naive order's node limit."""


# --- an independent checker: it uses nothing from the package ------------------------------------
def digits_of(text: str) -> list[int]:
    """The cells of a puzzle string, 0 for blank."""
    return [0 if ch in ".0" else int(ch) for ch in text if not ch.isspace()]


def check_solution(puzzle: list[int], answer: list[int], box_rows: int, box_cols: int) -> None:
    """Fail unless `answer` is a full grid whose units are permutations and keeps every given."""
    n = box_rows * box_cols
    assert len(answer) == n * n
    rows = [answer[r * n : (r + 1) * n] for r in range(n)]
    units = rows + [[row[c] for row in rows] for c in range(n)]
    units += [
        [rows[r][c] for r in range(top, top + box_rows) for c in range(left, left + box_cols)]
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    ]
    for unit in units:
        assert sorted(unit) == list(range(1, n + 1)), f"not a permutation of 1..{n}: {unit}"
    for i, (given_value, placed) in enumerate(zip(puzzle, answer)):
        if given_value:
            assert placed == given_value, f"given {given_value} at cell {i} became {placed}"


def grid_of(text: str, box_rows: int, box_cols: int) -> Grid:
    """A puzzle string as a Grid of the given region shape."""
    return Grid.parse(text, Shape(box_rows, box_cols))


# --- trace invariants, checked on every traced run ----------------------------------------------
def check_trace(result: SolveResult) -> None:
    """Every rule a trace must keep: numbering, depths, balance, and counts that agree."""
    trace = result.trace
    assert trace is not None
    depth = 0
    guesses: list = []  # the place events not yet taken back
    previous = None
    for k, event in enumerate(trace):
        assert event.step == k
        if event.kind == "try":
            assert event.depth == depth
        elif event.kind == "place":
            assert previous is not None and previous.kind == "try"
            assert (previous.cell, previous.value) == (event.cell, event.value)
            assert event.depth == depth + 1
            guesses.append(event)
        elif event.kind == "propagate":
            assert event.depth == depth
        elif event.kind == "backtrack":
            assert guesses, "a backtrack with no guess to take back"
            placed = guesses.pop()
            assert (placed.cell, placed.value) == (event.cell, event.value)
            assert event.depth == depth - 1 == placed.depth - 1
        else:
            assert event.kind == "solution"
            assert event.depth == depth == len(guesses)
        depth = event.depth
        previous = event
    assert depth == len(guesses)  # what is still placed is what was never taken back
    assert trace.stats() == result.stats
    assert trace.count("place") == trace.count("backtrack") + len(guesses)
    if result.status == "node limit":
        return
    if trace and trace[-1].kind == "solution":  # stopped at a solution: the board shows it
        assert trace.board_at(len(trace) - 1) == result.solutions[-1]
    else:  # searched everything: every guess was taken back
        assert not guesses
    assert trace.count("solution") == len(result.solutions)


# --- every solver, every puzzle -------------------------------------------------------------------
@pytest.mark.parametrize("method", ALL)
@pytest.mark.parametrize(("name", "text", "box_rows", "box_cols"), PUZZLES)
def test_every_solver_solves_the_written_puzzles(name, text, box_rows, box_cols, method):
    puzzle = grid_of(text, box_rows, box_cols)
    before = puzzle.to_string()
    result = solve(puzzle, method, trace=True)
    assert result.status == "solved" and result.solved
    check_solution(digits_of(before), list(result.solution.numbers), box_rows, box_cols)
    assert result.solution.givens == puzzle.givens
    assert puzzle.to_string() == before, "the solver changed its input"
    check_trace(result)
    assert result.trace[-1].kind == "solution"


@pytest.mark.parametrize("method", ALL)
@pytest.mark.parametrize(("name", "text"), UNSOLVABLE)
def test_every_solver_says_no_solution(name, text, method):
    result = solve(text, method, trace=True)
    assert result.status == "no solution"
    assert result.solution is None and not result.solved
    assert "no solution" in str(result)
    check_trace(result)
    assert count_solutions(text, 2, method).count == 0


@pytest.mark.parametrize("method", ALL)
def test_solving_and_counting_give_the_one_result_type(method):
    solved, counted = (
        solve(ASSIGNMENT_PUZZLE, method),
        count_solutions(ASSIGNMENT_PUZZLE, 1, method),
    )
    assert isinstance(solved, SolveResult) and isinstance(counted, SolveResult)
    assert solved.stats == counted.stats and solved.solutions == counted.solutions


def test_the_assignment_solution_is_the_known_one():
    from sudoku_teach.examples import ASSIGNMENT_SOLUTION

    for method in ALL:
        assert solve(ASSIGNMENT_PUZZLE, method).solution.to_string() == ASSIGNMENT_SOLUTION


# --- the node limit ---------------------------------------------------------------------------
def test_the_node_limit_stops_a_search_and_says_so():
    result = solve(HARD, "naive", max_nodes=500)
    assert result.status == "node limit"
    assert result.solution is None
    assert result.stats.nodes == 500
    assert "node limit" in str(result)


@pytest.mark.parametrize("method", ALL)
def test_the_node_limit_holds_for_every_method_and_with_a_trace(method):
    result = solve(HARD, method, trace=True, max_nodes=3)
    assert result.status == "node limit"
    assert result.stats.nodes == 3
    assert result.trace.stats() == result.stats


def test_counting_past_the_node_limit_says_so_in_its_status():
    result = count_solutions(Grid.empty(), 1000, "mrv", max_nodes=100)
    assert result.status == "node limit"
    assert result.stats.nodes == 100
    assert 0 < result.count < 1000  # the solutions found so far are kept


def test_every_search_has_the_one_default_limit():
    assert solve(HARD, "naive").stats.nodes == DEFAULT_MAX_NODES


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown search method"):
        solve(ASSIGNMENT_PUZZLE, "random")
    with pytest.raises(ValueError, match="max_nodes"):
        solve(ASSIGNMENT_PUZZLE, max_nodes=0)
    with pytest.raises(ValueError, match="limit"):
        count_solutions(ASSIGNMENT_PUZZLE, 0)


# --- the orders ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "text", "box_rows", "box_cols"), PUZZLES)
def test_the_naive_order_visits_cells_in_reading_order_and_numbers_upwards(
    name, text, box_rows, box_cols
):
    puzzle = grid_of(text, box_rows, box_cols)
    empties = puzzle.empty_cells()
    trace = solve(puzzle, "naive", trace=True).trace
    tried_here: dict[int, list[int]] = {}
    for event in trace:
        if event.kind == "try":
            assert event.cell == empties[event.depth]
            tried = tried_here.setdefault(event.depth, [])
            assert not tried or event.value == tried[-1] + 1, "numbers go up one at a time"
            tried.append(event.value)
        elif event.kind == "place":
            assert event.cell == empties[event.depth - 1]
        elif event.kind == "backtrack":
            tried_here.pop(event.depth + 1, None)  # the level below starts afresh next time
    assert trace.count("propagate") == 0


def test_the_naive_check_is_the_rules_check():
    """A tried number is placed exactly when `rules.can_place` allows it on the board then."""
    trace = solve(UNSOLVABLE[3][1], "naive", trace=True).trace
    for event in trace:
        if event.kind == "try":
            board = trace.board_at(event.step)
            placed = event.step + 1 < len(trace) and trace[event.step + 1].kind == "place"
            assert placed == can_place(board, *event.cell, event.value)


def test_mrv_never_needs_more_nodes_than_naive_on_the_written_puzzles():
    for name, text, box_rows, box_cols in PUZZLES:
        puzzle = grid_of(text, box_rows, box_cols)
        naive, mrv = solve(puzzle, "naive"), solve(puzzle, "mrv")
        assert mrv.stats.nodes <= naive.stats.nodes, name


def test_propagation_never_needs_more_nodes_than_mrv_on_the_written_puzzles():
    for name, text, box_rows, box_cols in PUZZLES:
        puzzle = grid_of(text, box_rows, box_cols)
        mrv, propagate = solve(puzzle, "mrv"), solve(puzzle, "propagate")
        assert propagate.stats.nodes <= mrv.stats.nodes, name


def test_mrv_tries_only_survivors_of_the_emptiest_cell():
    trace = solve(ASSIGNMENT_PUZZLE, "mrv", trace=True).trace
    tries = [event for event in trace if event.kind == "try"]
    places = [event for event in trace if event.kind == "place"]
    assert len(tries) == len(places)  # no number is turned down: only survivors are tried


def test_propagation_solves_the_assignment_without_a_guess():
    result = solve(ASSIGNMENT_PUZZLE, "propagate", trace=True)
    assert result.stats.nodes == 1 and result.stats.max_depth == 0
    empties = len(Grid.parse(ASSIGNMENT_PUZZLE).empty_cells())
    assert result.trace.count("propagate") == empties


def test_propagation_on_a_hard_puzzle_guesses_and_takes_back_forced_numbers():
    result = solve(HARD, "propagate", trace=True)
    check_solution(digits_of(HARD), list(result.solution.numbers), 3, 3)
    check_trace(result)
    assert result.stats.backtracks > 0
    # Some backtrack takes back numbers that propagation forced below its guess.
    trace = result.trace
    for event in trace:
        if event.kind == "backtrack":
            before = trace.board_at(event.step - 1)
            after = trace.board_at(event.step)
            if len(before.empty_cells()) - len(after.empty_cells()) < -1:
                break
    else:
        pytest.fail("no backtrack took back a forced number")


def test_a_method_of_your_own_plugs_into_the_same_skeleton():
    def last_empty_first(board):
        empty = board.empty_cells()
        return (empty[-1], board.shape.digits) if empty else None

    backwards = Method("backwards", last_empty_first)
    result = solve(ASSIGNMENT_PUZZLE, backwards, trace=True)
    check_solution(digits_of(ASSIGNMENT_PUZZLE), list(result.solution.numbers), 3, 3)
    assert result.method == "backwards"
    assert result.trace[0].cell == (8, 7)  # the last empty cell
    check_trace(result)


# --- the explorer's helpers -----------------------------------------------------------------------
def test_board_at_replays_places_and_backtracks():
    result = solve(UNSOLVABLE[3][1], "naive", trace=True)
    trace = result.trace
    start = Grid.parse(UNSOLVABLE[3][1])
    open_places = []
    for event in trace:
        board = trace.board_at(event.step)
        if event.kind == "place":
            assert board[event.cell] == event.value
            open_places.append(event.step)
        elif event.kind == "backtrack":
            assert board == trace.board_at(open_places.pop() - 1)  # as before the guess
    assert trace.board_at(len(trace) - 1) == start  # every guess taken back
    assert start.to_string() == UNSOLVABLE[3][1]


def test_cell_at_and_depths_follow_the_events():
    trace = solve(WARMUP_4X4, "naive", trace=True).trace
    assert [trace.cell_at(k) for k in range(len(trace))] == [event.cell for event in trace]
    assert trace.cell_at(len(trace) - 1) is None  # the solution event
    assert trace.depths() == [event.depth for event in trace]
    assert trace.depths()[-1] == len(Grid.parse(WARMUP_4X4).empty_cells())
    with pytest.raises(IndexError, match="steps go from 0"):
        trace.board_at(len(trace))


def test_nodes_per_depth_adds_up_to_the_nodes():
    result = solve(UNSOLVABLE[3][1], "naive", trace=True)
    per_depth = result.trace.nodes_per_depth()
    assert sum(per_depth) == result.stats.nodes
    assert per_depth[0] == 1
    assert len(per_depth) == result.stats.max_depth + 1


def test_tracing_does_not_change_the_search():
    for method in ALL:
        assert (
            solve(HARD, method, trace=True, max_nodes=5000).stats
            == solve(HARD, method, max_nodes=5000).stats
        )
        assert solve(HARD, method).trace is None


def test_the_result_reads_well():
    result = solve(WARMUP_4X4, "mrv")
    text = str(result)
    assert text.splitlines()[0] == "mrv search: solved (nodes=9 backtracks=0 max_depth=8)"
    assert "1 2 | 3 4" in text
    assert "0x" not in repr(result) and "mrv search: solved" in repr(result)


# --- counting ------------------------------------------------------------------------------------
@pytest.mark.parametrize("method", ALL)
def test_counting(method):
    assert count_solutions(ASSIGNMENT_PUZZLE, 2, method).count == 1
    assert count_solutions(Grid.empty(), 2, method).count == 2
    assert count_solutions(Grid.empty(Shape(2, 2)), 1000, method).count == 288


def test_find_solutions_gives_distinct_valid_solutions_and_a_sound_trace():
    puzzle = "1..." + "." * 12
    result = count_solutions(puzzle, 5, "naive", trace=True)
    assert len(result.solutions) == 5
    assert len({s.to_string() for s in result.solutions}) == 5
    for solution in result.solutions:
        check_solution(digits_of(puzzle), list(solution.numbers), 2, 2)
    check_trace(result)
    assert result.trace.count("solution") == 5


# --- random small puzzles ------------------------------------------------------------------------
BASE_4X4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
BASE_6X6 = digits_of("123456456123214365365214531642642531")


@st.composite
def small_puzzles(draw) -> tuple[list[int], int, int]:
    """A valid 4x4 or 6x6 grid with its numbers relabelled and some cells blanked."""
    base, box_rows, box_cols = draw(st.sampled_from([(BASE_4X4, 2, 2), (BASE_6X6, 2, 3)]))
    n = box_rows * box_cols
    labels = draw(st.permutations(range(1, n + 1)))
    blanks = draw(st.sets(st.integers(0, n * n - 1)))
    cells = [0 if i in blanks else labels[v - 1] for i, v in enumerate(base)]
    return cells, box_rows, box_cols


@settings(max_examples=60, deadline=None)
@given(small_puzzles(), st.sampled_from(ALL))
def test_random_small_puzzles_are_solved_keeping_their_givens(case, method):
    cells, box_rows, box_cols = case
    puzzle = Grid(cells, Shape(box_rows, box_cols))
    result = solve(puzzle, method, trace=True, max_nodes=100_000)
    assert result.status == "solved"
    check_solution(cells, list(result.solution.numbers), box_rows, box_cols)
    assert list(puzzle.numbers) == cells
    check_trace(result)


@settings(max_examples=30, deadline=None)
@given(small_puzzles(), st.sampled_from(ALL))
def test_counting_traces_stay_sound(case, method):
    cells, box_rows, box_cols = case
    result = count_solutions(Grid(cells, Shape(box_rows, box_cols)), 3, method, trace=True)
    assert 1 <= len(result.solutions) <= 3
    check_trace(result)


# --- the command line -----------------------------------------------------------------------------
@pytest.mark.parametrize("method", ALL)
def test_cli_solve_prints_one_line_per_puzzle(method, capsys):
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE).to_string()
    status = cli.main(["solve", "--method", method, puzzle, UNSOLVABLE[0][1]])
    lines = capsys.readouterr().out.splitlines()
    assert status == 1
    assert len(lines) == 2
    check_solution(digits_of(puzzle), digits_of(lines[0]), 3, 3)
    assert lines[1] == "unsolvable"


def test_cli_solve_stats_and_node_limit(capsys):
    puzzle = Grid.parse(ASSIGNMENT_PUZZLE).to_string()
    assert cli.main(["solve", "--method", "mrv", "--stats", puzzle]) == 0
    out = capsys.readouterr().out
    assert "nodes=42 backtracks=0 max_depth=41" in out
    assert cli.main(["solve", "--method", "naive", HARD]) == 1
    assert "node limit reached" in capsys.readouterr().out
