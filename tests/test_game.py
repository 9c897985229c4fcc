"""The game model: entries kept apart from givens, every bad action refused without a change."""

from __future__ import annotations

import json

import pytest
from conftest import independent_is_solved, independent_units, singles_finish
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_teach.errors import (
    GivenCellError,
    IllegalMoveError,
    InvalidMoveError,
    PuzzleNotPlayableError,
    RuleViolation,
    SavedGameError,
    SudokuError,
)
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from sudoku_teach.game import KINDS, Game, savegame
from sudoku_teach.game.sources import LEVELS


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def game(clock):
    return Game.from_text(ASSIGNMENT_PUZZLE, clock)


def snapshot(game: Game) -> dict:
    """Everything a player could notice, to compare before and after."""
    return savegame.to_dict(game)


def record(game: Game) -> list:
    seen = []
    game.observe(seen.append)
    return seen


def solve_by_entries(game: Game) -> None:
    for cell in game.puzzle.empty_cells():
        game.place(cell, game.solution[cell])


def test_new_game_is_a_proper_puzzle_the_same_for_the_same_seed(clock):
    game = Game.new("easy", 3, clock=clock)
    assert game.puzzle == Game.new("easy", 3, clock=clock).puzzle
    assert game.puzzle != Game.new("easy", 4, clock=clock).puzzle
    assert independent_is_solved(game.solution.to_rows())
    assert all(game.solution[c] == game.puzzle[c] for c in game.puzzle.givens)
    assert game.board == game.puzzle and game.entries == {}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_gives_a_game(level, clock):
    assert Game.new(level, 1, clock=clock).puzzle.empty_cells()


def test_the_level_chosen_is_the_level_played(clock):
    """Checked with the tests' own singles solver: easy needs only naked singles, hard more."""
    easy = Game.new("easy", 2, clock=clock).puzzle.to_rows()
    hard = Game.new("hard", 2, clock=clock).puzzle.to_rows()
    assert singles_finish(easy, hidden=False)
    assert not singles_finish(hard)


def test_an_unknown_level_is_named():
    with pytest.raises(ValueError, match="unknown level 'easiest'"):
        Game.new("easiest", 1)


def test_own_puzzle_is_checked_in_words():
    broken = "5" + ASSIGNMENT_PUZZLE[1:]  # a second 5 in row 0
    with pytest.raises(RuleViolation, match="row 0 has the number 5 twice"):
        Game.from_text(broken)
    with pytest.raises(PuzzleNotPlayableError, match="more than one solution"):
        Game.from_text("." * 81)
    no_solution = "12.. ..3. ...3 ...."  # row 0 needs a 3, but columns 2 and 3 have theirs
    with pytest.raises(PuzzleNotPlayableError, match="no solution"):
        Game.from_text(no_solution)
    with pytest.raises(SudokuError, match="cells"):
        Game.from_text("123")


def test_entries_are_kept_apart_from_givens(game):
    cell = game.puzzle.empty_cells()[0]
    game.place(cell, 7)
    assert game.entries == {cell: 7}
    assert game.puzzle[cell] == 0 and game.board[cell] == 7


def test_a_conflict_is_said_in_words(game):
    game.place((0, 0), 5)  # row 0 of the assignment's puzzle holds 2 9 8 5
    words = game.conflicts_at((0, 0))
    assert words and all(w.startswith("5 is already in ") for w in words)
    assert any(w.endswith(f"at ({r}, {c})") for w in words for r in range(9) for c in range(9))


@pytest.mark.parametrize(
    "action, error",
    [
        (lambda g: g.place(sorted(g.puzzle.givens)[0], 1), GivenCellError),
        (lambda g: g.clear(sorted(g.puzzle.givens)[0]), GivenCellError),
        (lambda g: g.toggle_mark(sorted(g.puzzle.givens)[0], 1), GivenCellError),
        (lambda g: g.place(g.puzzle.empty_cells()[0], 10), InvalidMoveError),
        (lambda g: g.place(g.puzzle.empty_cells()[0], 0), InvalidMoveError),
        (lambda g: g.place(g.puzzle.empty_cells()[0], "3"), InvalidMoveError),
        (lambda g: g.place(g.puzzle.empty_cells()[0]), InvalidMoveError),  # nothing selected
        (lambda g: g.place((9, 0), 1), InvalidMoveError),
        (lambda g: g.select(10), InvalidMoveError),
        (lambda g: g.select(-1), InvalidMoveError),
        (lambda g: g.toggle_mark(g.puzzle.empty_cells()[0], 0), InvalidMoveError),
        (lambda g: g.clear(g.puzzle.empty_cells()[0]), IllegalMoveError),  # already empty
        (lambda g: g.undo(), IllegalMoveError),
        (lambda g: g.redo(), IllegalMoveError),
    ],
    ids=[
        "place-on-given",
        "clear-given",
        "mark-given",
        "number-10",
        "number-0",
        "number-text",
        "nothing-selected",
        "outside",
        "select-10",
        "select-minus",
        "mark-0",
        "clear-empty",
        "undo-nothing",
        "redo-nothing",
    ],
)
def test_every_bad_action_is_refused_and_changes_nothing(game, action, error):
    game.place(game.puzzle.empty_cells()[5], 4)
    game.undo()  # leaves something to redo ... and then a fresh move clears it again
    game.toggle_mark(game.puzzle.empty_cells()[3], 2)
    game.history.clear()
    before = snapshot(game)
    seen = record(game)
    with pytest.raises(error) as caught:
        action(game)
    assert str(caught.value)  # a message in words
    assert snapshot(game) == before and seen == []


def test_selected_number_and_help_mark_exactly_the_allowed_cells(game):
    seen = record(game)
    game.select(4)
    game.set_help(True)
    rows = game.board.to_rows()
    expected = set()
    for r, c in game.board.empty_cells():
        units = [u for u in independent_units() if (r, c) in u]
        if all(rows[ur][uc] != 4 for unit in units for ur, uc in unit):
            expected.add((r, c))
    assert game.allowed_cells() == expected and expected
    assert [change.kind for change in seen] == ["selected", "help"]


def test_check_marks_right_and_wrong_and_clears_the_selection(game):
    right, wrong = game.puzzle.empty_cells()[:2]
    game.place(right, game.solution[right])
    game.place(wrong, game.solution[wrong] % 9 + 1)
    game.select(3)
    seen = record(game)
    assert game.check() == {right: True, wrong: False}
    assert game.selected == 0
    assert [change.kind for change in seen] == ["selected", "check"]
    assert seen[-1].message == "1 right, 1 wrong"
    game.clear(wrong)
    assert game.checked == {right: True}  # a changed cell forgets its check


def test_undo_and_redo_walk_through_entries_and_marks(game):
    a, b = game.puzzle.empty_cells()[:2]
    game.place(a, 1)
    game.toggle_mark(b, 3)
    game.toggle_mark(b, 5)
    game.place(a, 2)
    assert game.board[a] == 2 and game.marks[b] == {3, 5}
    game.undo()
    assert game.board[a] == 1
    game.undo()
    assert game.marks[b] == {3}
    game.redo()
    game.redo()
    assert game.board[a] == 2 and game.marks[b] == {3, 5}
    game.place(b, 9)
    assert b not in game.marks
    game.undo()
    assert game.marks[b] == {3, 5} and game.board[b] == 0
    game.clear(a)
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_one_kind_of_change_per_event(game):
    seen = record(game)
    cell = game.puzzle.empty_cells()[0]
    game.place(cell, 1)
    game.toggle_mark(game.puzzle.empty_cells()[1], 2)
    game.undo()
    assert [(c.kind, c.cells) for c in seen] == [
        ("entry", (cell,)),
        ("marks", (game.puzzle.empty_cells()[1],)),
        ("marks", (game.puzzle.empty_cells()[1],)),
    ]
    assert {c.kind for c in seen} <= set(KINDS)


def test_solving_records_the_time_and_the_hints(game, clock):
    seen = record(game)
    clock.now += 61
    game.hint()
    clock.now += 60
    solve_by_entries(game)
    assert game.solved and game.hints_used == 1
    assert game.board.numbers == tuple(int(ch) for ch in ASSIGNMENT_SOLUTION)
    clock.now += 1000  # the clock stops at the solution
    assert game.elapsed() == 121
    assert seen[-1].kind == "solved" and "Solved in 2 min 01 s with 1 hint" in seen[-1].message
    with pytest.raises(IllegalMoveError, match="solved"):
        game.undo()


def test_a_hint_places_a_proved_number_and_says_why(game):
    seen = record(game)
    why = game.hint()
    ((cell, value),) = game.entries.items()
    assert value == game.solution[cell]
    assert f"({cell[0]}, {cell[1]}) = {value}" in why
    assert [c.kind for c in seen] == ["entry", "hint"]
    game.undo()
    assert game.entries == {} and game.hints_used == 1


def test_a_hint_first_points_at_a_wrong_entry(game):
    cell = game.puzzle.empty_cells()[0]
    game.place(cell, game.solution[cell] % 9 + 1)
    before = snapshot(game)
    assert "not right: clear it first" in game.hint()
    assert snapshot(game) == before  # pointing at a mistake reveals nothing: not counted
    assert game.hints_used == 0


def test_a_4x4_game_plays_to_the_end(clock):
    game = Game.from_text(WARMUP_4X4, clock)
    assert game.size == 4
    solve_by_entries(game)
    assert game.solved and independent_is_solved(game.board.to_rows(), 2, 2)


def test_save_and_restore_is_exact(game, clock):
    a, b, c = game.puzzle.empty_cells()[:3]
    game.place(a, game.solution[a])
    game.place(b, game.solution[b] % 9 + 1)
    game.check()
    game.toggle_mark(c, 4)
    game.select(6)
    game.set_help(True)
    game.hint()
    game.undo()
    clock.now += 42
    text = savegame.dumps(game)
    fresh = Game.from_text(WARMUP_4X4, clock)
    seen = record(fresh)
    savegame.restore(fresh, text)
    assert savegame.dumps(fresh) == text
    assert fresh.entries == game.entries and fresh.marks == game.marks
    assert fresh.selected == 6 and fresh.help and fresh.checked == game.checked
    assert fresh.elapsed() == 42
    fresh.redo()
    game.redo()
    assert savegame.dumps(fresh) == savegame.dumps(game)
    assert [c.kind for c in seen][0] == "new"


def test_a_saved_game_survives_a_file(game, clock, tmp_path):
    game.place(game.puzzle.empty_cells()[0], 3)
    path = tmp_path / "game.json"
    savegame.save_file(game, path)
    other = Game.from_text(WARMUP_4X4, clock)
    savegame.restore_file(other, path)
    assert other.entries == game.entries


def damaged(text: str) -> list[tuple[str, str]]:
    """Ways a saved game can be wrong, each with the words its error must contain."""
    data = json.loads(text)
    cases = [("{not json", "not JSON"), ("[1, 2]", "not a saved"), ("{}", "not a saved")]
    for key, value, words in [
        ("version", 99, "version 99"),
        ("board", "1" * 81, "given"),
        ("solution", "1" * 81, "does not solve"),
        ("puzzle", "x", "damaged"),
        ("selected", 12, "damaged"),
        ("history", [[0, 0]], "damaged"),
        ("marks", "abc", "damaged"),
    ]:
        cases.append((json.dumps({**data, key: value}), words))
    missing = dict(data)
    del missing["board"]
    cases.append((json.dumps(missing), "field 'board' is missing"))
    return cases


def test_a_damaged_or_foreign_file_is_refused_and_changes_nothing(game, clock, tmp_path):
    game.place(game.puzzle.empty_cells()[0], 3)
    good = savegame.dumps(game)
    target = Game.from_text(WARMUP_4X4, clock)
    target.place((0, 1), 2)
    before = snapshot(target)
    for text, words in damaged(good):
        with pytest.raises(SavedGameError, match=words):
            savegame.restore(target, text)
        assert snapshot(target) == before
    with pytest.raises(SavedGameError, match="cannot read"):
        savegame.restore_file(target, tmp_path / "missing.json")


def test_a_step_that_only_removes_candidates_is_explained_not_placed(game, monkeypatch):
    class RemovesOnly:
        cell = (0, 0)
        value = None

        def explain(self) -> str:
            return "a pointing pair: 4 leaves (0, 0)"

    monkeypatch.setattr("sudoku_teach.game.sources.explained_step", lambda board: RemovesOnly())
    seen = record(game)
    assert game.hint() == "a pointing pair: 4 leaves (0, 0)"
    assert game.entries == {} and game.hints_used == 1
    assert [(c.kind, c.cells) for c in seen] == [("hint", ((0, 0),))]


def test_when_the_rules_find_nothing_the_hint_gives_a_cell_of_the_solution(game, monkeypatch):
    monkeypatch.setattr("sudoku_teach.game.sources.explained_step", lambda board: None)
    assert "the solution has" in game.hint()
    ((cell, value),) = game.entries.items()
    assert value == game.solution[cell]


action = st.one_of(
    st.tuples(st.just("place"), st.integers(0, 3), st.integers(0, 3), st.integers(-1, 5)),
    st.tuples(st.just("clear"), st.integers(0, 3), st.integers(0, 3), st.just(0)),
    st.tuples(st.just("toggle_mark"), st.integers(0, 3), st.integers(0, 3), st.integers(0, 5)),
    st.tuples(st.just("select"), st.just(0), st.just(0), st.integers(-1, 5)),
    st.tuples(
        st.sampled_from(["undo", "redo", "check", "hint"]), st.just(0), st.just(0), st.just(0)
    ),
)


def perform(game: Game, name: str, r: int, c: int, n: int) -> None:
    if name in ("place", "toggle_mark"):
        getattr(game, name)((r, c), n)
    elif name == "clear":
        game.clear((r, c))
    elif name == "select":
        game.select(n)
    else:
        getattr(game, name)()


@settings(max_examples=60, deadline=None)
@given(st.lists(action, max_size=30))
def test_any_play_keeps_givens_refuses_cleanly_and_saves_exactly(actions):
    clock = FakeClock()
    game = Game.from_text(WARMUP_4X4, clock)
    for name, r, c, n in actions:
        before = snapshot(game)
        try:
            perform(game, name, r, c, n)
        except SudokuError:
            assert snapshot(game) == before
        assert all(game.board[cell] == game.puzzle[cell] for cell in game.puzzle.givens)
    text = savegame.dumps(game)
    copy = Game.from_text(ASSIGNMENT_PUZZLE, clock)
    savegame.restore(copy, text)
    assert savegame.dumps(copy) == text
    if game.finished is None:
        while game.history:
            game.undo()
        assert game.board == game.puzzle and game.marks == {}
