"""Tests written for the mutants that survived in `generate.puzzles` and `rating`.

Each judges by something other than the code under test: conftest's plain solution
counter and singles solver, facts from the literature, or what a step list says of itself.
(See benchmarks/mutation-report.md for the mutants and what became of each.)
"""

from __future__ import annotations

import pytest
from conftest import brute_count, singles_finish

from sudoku_teach import generate
from sudoku_teach.errors import PuzzleFormatError, RequestError, StepIndexError
from sudoku_teach.generate import puzzles
from sudoku_teach.generate.grids import full_grid
from sudoku_teach.grid import Grid
from sudoku_teach.rating import LEVELS, level_from, rate
from sudoku_teach.rating import is_easy as rating_is_easy
from sudoku_teach.shape import CLASSIC, Shape

SMALL = Shape(2, 2)


def rows_of(grid: Grid) -> list[list[int]]:
    return [list(row) for row in grid.to_rows()]


# --- generate.puzzles -----------------------------------------------------------------------
def test_the_fewest_givens_are_the_known_facts():
    # 17 for 9x9 (McGuire, Tugemann and Civario, 2012), 8 for 6x6 and 4 for 4x4 (checked
    # exhaustively); otherwise n - 1, since two numbers never shown could swap places.
    assert puzzles.fewest_givens(CLASSIC) == 17
    assert puzzles.fewest_givens(Shape(2, 3)) == 8
    assert puzzles.fewest_givens(SMALL) == 4
    assert puzzles.fewest_givens(Shape(4, 4)) == 15
    assert puzzles.fewest_givens(Shape(3, 2)) == 5  # 6x6 with tall regions: not in the table


@pytest.mark.parametrize("seed", range(4))
def test_try_remove_takes_a_given_out_only_while_the_puzzle_stays_proper(seed):
    puzzle = puzzles.dig(full_grid(seed, SMALL), seed, givens=9)  # not minimal: some can go
    before = puzzle.to_string()
    outcomes = set()
    for r, c in SMALL.cells:
        result = puzzles.try_remove(puzzle, r, c)
        assert puzzle.to_string() == before and result is not puzzle  # a new grid, input kept
        changed = [cell for cell in SMALL.cells if result[cell] != puzzle[cell]]
        if not puzzle[r, c]:
            assert changed == []  # a blank stays blank, nothing else moves
            continue
        taken_out = rows_of(puzzle)
        taken_out[r][c] = 0
        unique = brute_count(taken_out, 2, 2) == 1
        assert changed == ([(r, c)] if unique else []), (before, r, c)
        assert result[r, c] == (0 if unique else puzzle[r, c])
        outcomes.add(unique)
    assert outcomes == {True, False}  # both kinds of given were met
    assert result.shape == SMALL and result.givens == {
        cell for cell in SMALL.cells if result[cell]
    }


def test_try_remove_on_a_minimal_puzzle_changes_nothing_and_on_a_full_grid_anything():
    minimal = generate.random_puzzle(3, SMALL)
    for r, c in SMALL.cells:
        assert puzzles.try_remove(minimal, r, c).to_string() == minimal.to_string()
    full = full_grid(3, SMALL)
    for r, c in SMALL.cells:  # one blank in a full grid is always forced back: unique
        assert puzzles.try_remove(full, r, c)[r, c] == 0


@pytest.mark.parametrize("remove", [0, 1, 30, 81])
def test_a_blind_puzzle_takes_out_exactly_that_many_cells_and_keeps_the_rest(remove):
    solution = full_grid(11)
    puzzle = puzzles.blind_puzzle(solution, 5, remove)
    blanks = [cell for cell in CLASSIC.cells if not puzzle[cell]]
    assert len(blanks) == remove
    assert all(puzzle[cell] == solution[cell] for cell in CLASSIC.cells if puzzle[cell])
    assert puzzle.shape == CLASSIC and solution.empty_cells() == []  # the input is kept
    again = puzzles.blind_puzzle(solution, 5, remove)
    assert again.to_string() == puzzle.to_string()  # the seed decides


def test_blind_puzzles_from_other_seeds_differ_and_bad_requests_say_why():
    solution = full_grid(11)
    made = {puzzles.blind_puzzle(solution, seed, 45).to_string() for seed in range(5)}
    assert len(made) == 5
    for remove in (-1, 82):
        with pytest.raises(RequestError, match=f"cannot remove {remove} of 81 cells"):
            puzzles.blind_puzzle(solution, 0, remove)
    with pytest.raises(PuzzleFormatError, match="blank"):
        puzzles.blind_puzzle(puzzles.blind_puzzle(solution, 0, 1), 0, 3)


def test_blind_trials_count_every_trial_and_judge_by_solutions():
    trials = puzzles.blind_trials(6, seed=2, shape=SMALL, remove=9)
    assert trials.trials == 6 and sum(trials.solutions.values()) == 6
    assert set(trials.solutions) <= {1, 2}
    assert trials.not_proper == 6 - trials.solutions[1]
    # Nothing removed: the full grid is its own one solution. All removed: an empty 4x4
    # grid has 288 solutions. Both judged without the package.
    assert puzzles.blind_trials(3, seed=2, shape=SMALL, remove=0).not_proper == 0
    assert brute_count([[0] * 4] * 4, 2, 2) == 2
    assert puzzles.blind_trials(3, seed=2, shape=SMALL, remove=16).not_proper == 3
    # Other shapes and seeds are honoured: a 6x6 trial makes 6x6 grids.
    assert puzzles.blind_trials(2, seed=9, shape=Shape(2, 3), remove=0).solutions[1] == 2


@pytest.mark.parametrize("seed", range(3))
def test_counting_the_source_way_agrees_with_a_plain_counter(seed):
    solution = full_grid(seed, SMALL)
    for remove in (4, 8, 12, 16):
        puzzle = puzzles.blind_puzzle(solution, seed, remove)
        for limit in (1, 2, 3):
            result = puzzles.count_the_source_way(puzzle, limit)
            assert result.count == brute_count(rows_of(puzzle), 2, 2, limit)
    traced = puzzles.count_the_source_way(puzzle, 2)
    quiet = puzzles.count_the_source_way(puzzle, 2, trace=False)
    assert traced.trace and not quiet.trace and traced.count == quiet.count == 2


# --- rating ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "easy, medium, hard, level",
    [(True, True, True, "easy"), (False, True, True, "medium"), (False, False, True, "hard"),
     (False, False, False, "expert"), (True, False, False, "easy"), (False, True, False, "medium")],
)
def test_the_level_is_the_first_set_that_finishes(easy, medium, hard, level):
    finished = {"naked singles": easy, "naked + hidden singles": medium, "all techniques": hard}
    assert level_from(finished) == level


def many_puzzles() -> list[Grid]:
    """Minimal puzzles (never easy) and ones with many givens left (often easy)."""
    return [generate.random_puzzle(seed) for seed in range(8)] + [
        generate.new_puzzle(seed, givens=givens) for seed, givens in [(1, 40), (2, 34), (3, 30)]
    ]


def test_easy_means_naked_singles_finish_it_by_a_plain_solver():
    verdicts = []
    for puzzle in many_puzzles():
        plain = singles_finish(rows_of(puzzle), hidden=False)
        assert rating_is_easy(puzzle) == plain
        verdicts.append(plain)
    assert any(verdicts) and not all(verdicts)  # both answers were tried


def test_a_rating_says_its_steps_in_order_and_names_the_first_of_each():
    ratings = [rate(puzzle) for puzzle in many_puzzles()]
    assert {r.level for r in ratings} >= {"easy", "medium", "expert"}
    for rating in ratings:
        lines = rating.explain().splitlines()
        assert len(lines) == len(rating.steps) > 0
        for k, (line, step) in enumerate(zip(lines, rating.steps), 1):
            assert line == f"{k}. {step.explain()}"
        rules = [step.rule for step in rating.steps]
        for technique in ("naked single", "hidden single", "naked pair", "pointing pair"):
            k = rating.first(technique)
            if technique in rules:
                assert rules[k - 1] == technique and technique not in rules[: k - 1]
            else:
                assert k is None
        said = str(rating)
        assert said.startswith(f"{rating.level} (score {rating.score}): ")
        for technique, count in rating.counts.items():
            assert (f"{technique} x{count}" in said) == (count > 0)
        searched = f", then search ({rating.search_nodes} nodes)"
        assert said.endswith(searched) == (rating.level == "expert")
        assert rating.level in LEVELS


def test_a_step_is_drawn_on_the_board_before_it_and_out_of_range_is_said():
    rating = rate(generate.random_puzzle(4))
    last = len(rating.steps)
    for k in (0, last + 1, -1):
        with pytest.raises(StepIndexError, match=f"there is no step {k}: this rating has steps"
                                                 f" 1 to {last}"):
            rating.step_html(k)
    from sudoku_teach.views import render

    for k in (1, 2, last):  # the board before step k, with step k drawn on it
        assert rating.step_html(k) == render.step_html(rating.run.board_after(k - 1),
                                                       rating.steps[k - 1])
    for k in (1, last):
        step = rating.steps[k - 1]
        html = rating.step_html(k)
        before = rating.run.board_after(k - 1).grid
        assert html == rating.step_html(k) and html != rating.step_html(2 if k == 1 else 1)
        filled = step.cell
        if filled is not None:  # the cell the step fills is still blank on the board drawn
            assert before[filled] == 0


def test_the_target_of_givens_is_refused_only_outside_what_a_proper_puzzle_can_have():
    full = full_grid(2)
    for givens in (17, 81):  # the limits themselves are fine
        assert len(puzzles.dig(full, 2, givens=givens).givens) >= givens
    for givens in (16, 82, -1):
        with pytest.raises(RequestError, match=f"^no proper 9x9 puzzle has {givens} givens:"
                                               " choose 17 to 81"):
            puzzles.dig(full, 2, givens=givens)
    with pytest.raises(RequestError) as below:
        puzzles.check_givens(16, CLASSIC)
    assert str(below.value).endswith(
        "choose 17 to 81 (an exhaustive computer search in 2012 by McGuire, Tugemann and"
        " Civario found no proper 9x9 puzzle with 16)")
    with pytest.raises(RequestError) as small:
        puzzles.check_givens(3, SMALL)
    assert str(small.value).endswith("choose 4 to 16")  # the note is about 9x9 only


def test_a_grid_with_blanks_is_refused_naming_the_first_blank():
    holes = puzzles.blind_puzzle(full_grid(4), 8, 3)
    first = next(cell for cell in CLASSIC.cells if not holes[cell])  # reading order
    message = (f"a puzzle is made from a complete grid, but 3 cells are blank, the first at"
               f" {first}")
    for make in (lambda: puzzles.dig(holes, 1), lambda: puzzles.blind_puzzle(holes, 1)):
        with pytest.raises(PuzzleFormatError) as refused:
            make()
        assert str(refused.value) == message


def mirror(cell: tuple[int, int], n: int) -> tuple[int, int]:
    return (n - 1 - cell[0], n - 1 - cell[1])


@pytest.mark.parametrize("seed", range(6))
def test_symmetric_digging_keeps_pairs_and_never_goes_below_the_target(seed):
    full = full_grid(seed, Shape(2, 3))
    for target in (12, 13):
        puzzle = puzzles.dig(full, seed, givens=target, symmetric=True)
        given = puzzle.givens
        assert len(given) >= target, (seed, target, len(given))  # more if it cannot go lower
        assert all(mirror(cell, 6) in given for cell in given)
        assert brute_count(rows_of(puzzle), 2, 3) == 1


@pytest.mark.parametrize("seed", range(3))
def test_a_symmetric_minimal_puzzle_loses_uniqueness_with_any_pair(seed):
    puzzle = puzzles.dig(full_grid(seed, Shape(2, 3)), seed, symmetric=True)
    assert brute_count(rows_of(puzzle), 2, 3) == 1
    for cell in puzzle.givens:
        rows = rows_of(puzzle)
        for r, c in {cell, mirror(cell, 6)}:
            rows[r][c] = 0
        assert brute_count(rows, 2, 3) == 2, (seed, cell)


def test_each_check_while_digging_stops_at_the_node_limit_of_its_size(monkeypatch):
    asked = []

    def recording(cells, shape, cell, number, max_nodes, digging):
        asked.append((shape.size, max_nodes))
        return True  # "another solution exists": every number stays, so digging is quick

    monkeypatch.setattr(puzzles, "solvable_without", recording)
    puzzles.dig(full_grid(1), 1)
    puzzles.dig(full_grid(1, Shape(4, 4)), 1, givens=250)
    limits = dict(asked)
    assert limits == {9: puzzles.DEFAULT_MAX_NODES, 16: puzzles.CHECK_NODES[16]}
    assert len(asked) > 81


def test_a_check_that_reaches_its_node_limit_counts_as_not_unique(monkeypatch):
    from sudoku_teach.errors import SearchLimitReached
    from sudoku_teach.trace import SearchStats

    def too_long(*args):
        raise SearchLimitReached(1, SearchStats())

    monkeypatch.setattr(puzzles, "solvable_without", too_long)
    assert puzzles.still_unique([0] * 16, SMALL, [(0, 1)]) is False
    # ...so digging keeps every number: nothing is known to stay unique.
    full = full_grid(5, SMALL)
    assert puzzles.dig(full, 5).to_string() == full.to_string()


def test_blind_removal_takes_45_numbers_unless_told(monkeypatch):
    puzzle = puzzles.blind_puzzle(full_grid(6), 6)
    assert len(puzzle.empty_cells()) == 45
    asked = []
    real = puzzles.blind_puzzle
    monkeypatch.setattr(puzzles, "blind_puzzle",
                        lambda grid, rng, remove: asked.append(remove) or real(grid, rng, remove))
    puzzles.blind_trials(2, seed=1)
    assert asked == [45, 45]


def test_blind_trials_count_two_or_more_as_two():
    trials = puzzles.blind_trials(3, seed=2, shape=SMALL, remove=16)  # 288 solutions each
    assert dict(trials.solutions) == {2: 3}


def test_the_source_way_tries_cells_in_reading_order_and_numbers_upwards():
    puzzle = puzzles.blind_puzzle(full_grid(7, SMALL), 7, 10)
    blanks = [cell for cell in SMALL.cells if not puzzle[cell]]
    tries = [e for e in puzzles.count_the_source_way(puzzle).trace if e.kind == "try"]
    assert tries[0].cell == blanks[0] and tries[0].value == 1
    first_cell = [e.value for e in tries if e.cell == blanks[0]]
    assert first_cell == sorted(first_cell)


def test_an_unknown_level_is_named_with_the_choices():
    from sudoku_teach.errors import UnknownNameError
    from sudoku_teach.rating import check_level

    with pytest.raises(UnknownNameError) as refused:
        check_level("legendary")
    assert str(refused.value) == (
        "unknown level 'legendary': choose one of easy, medium, hard, expert")


def test_a_rating_says_its_techniques_as_a_list_then_the_search():
    for rating in [rate(puzzle) for puzzle in many_puzzles()]:
        head, _, tail = str(rating).partition(": ")
        assert head == f"{rating.level} (score {rating.score})"
        used = [f"{name} x{count}" for name, count in rating.counts.items() if count]
        search = [f"then search ({rating.search_nodes} nodes)"] * (rating.level == "expert")
        assert tail.split(", ") == used + search


def test_a_full_grid_rates_easy_with_no_technique():
    rating = rate(full_grid(3))
    assert rating.level == "easy" and rating.score == 0 and rating.steps == ()
    assert str(rating) == "easy (score 0): no technique applies"


def test_a_rating_with_no_technique_and_a_search_says_both():
    from sudoku_teach.rating import Rating

    counts = dict.fromkeys(["naked single", "hidden single", "naked pair", "pointing pair"], 0)
    stuck = Rating("expert", counts, None, 12, 120)  # type: ignore[arg-type]
    assert str(stuck) == "expert (score 120): no technique applies, then search (12 nodes)"
