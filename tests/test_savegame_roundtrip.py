"""Save and restore judged field by field against the game that was saved (not by `to_dict`).

Comparing two `to_dict`s with each other passes a save that drops a field on both sides
(pencil marks, say). Here the restored game is compared with the original game itself:
its grid, givens, solution, marks, history, redo list, checks, selection, help, hints,
level, seed and clock.
"""

from __future__ import annotations

import pytest
from conftest import independent_is_solved

from sudoku_teach.errors import IllegalMoveError, SavedGameError
from sudoku_teach.examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, WARMUP_4X4
from sudoku_teach.game import Game, savegame
from sudoku_teach.grid import Grid


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def blanks(game: Game) -> list[tuple[int, int]]:
    """The cells the puzzle leaves blank, in reading order (read from the puzzle's text)."""
    n = game.size
    text = game.puzzle.to_string()
    return [divmod(i, n) for i, char in enumerate(text) if char == "."]


def answer(game: Game, cell: tuple[int, int]) -> int:
    """The solution's number at a cell, read from the solution's text."""
    return int(game.solution.to_string()[cell[0] * game.size + cell[1]])


def played(clock: FakeClock) -> Game:
    """A game with every kind of state: right and wrong entries, marks, undo, check, hint."""
    game = Game.from_text(ASSIGNMENT_PUZZLE, clock=clock)

    def blank() -> tuple[int, int]:
        """The first cell still blank on the board, without pencil marks."""
        return next(c for c in blanks(game) if not game.board[c] and c not in game.marks)

    cell = blank()
    game.place(cell, answer(game, cell))  # right
    game.hint()  # no wrong entry yet, so it reveals something and counts
    cell = blank()
    game.place(cell, next(v for v in range(1, 10) if v != answer(game, cell)))  # wrong
    cell = blank()
    game.toggle_mark(cell, 4)
    game.toggle_mark(cell, 7)
    game.toggle_mark(blank(), 2)
    cell = blank()
    game.place(cell, answer(game, cell))
    game.undo()  # leaves a move to redo
    game.check()
    game.select(6)
    game.set_help(True)
    clock.now += 42.5
    return game


def assert_same_game(restored: Game, original: Game) -> None:
    """Every field a player can see or undo, compared one by one."""
    assert restored.puzzle.to_string() == original.puzzle.to_string()
    assert restored.puzzle.givens == original.puzzle.givens
    assert restored.board.givens == original.board.givens
    assert restored.solution.to_string() == original.solution.to_string()
    assert restored.board.to_string() == original.board.to_string()
    assert restored.marks == original.marks
    assert restored.history == original.history
    assert restored.future == original.future
    assert restored.checked == original.checked
    assert restored.selected == original.selected
    assert restored.help == original.help
    assert restored.hints_used == original.hints_used
    assert restored.level == original.level
    assert restored.seed == original.seed
    assert restored.elapsed() == pytest.approx(original.elapsed())
    assert (restored.finished is None) == (original.finished is None)
    assert (restored.paused_at is None) == (original.paused_at is None)
    assert restored.solved == original.solved


def test_a_restored_game_equals_the_original_field_by_field() -> None:
    clock = FakeClock()
    original = played(clock)
    assert original.marks and original.history and original.future and original.checked
    assert original.hints_used == 1 and original.selected == 6 and original.help
    text = savegame.dumps(original)
    fresh = Game.from_text(WARMUP_4X4, clock=FakeClock(5.0))  # another game entirely
    fresh.clock = clock
    savegame.restore(fresh, text)
    assert_same_game(fresh, original)


def test_a_restored_game_plays_on_like_the_original() -> None:
    clock = FakeClock()
    original = played(clock)
    restored = savegame.loads(savegame.dumps(original), clock)
    for game in (original, restored):
        game.redo()
        game.undo()
        game.undo()
    assert_same_game(restored, original)


def test_the_clock_carries_over_and_runs_on() -> None:
    clock = FakeClock(1000.0)
    original = played(clock)
    elapsed = original.elapsed()
    later = FakeClock(5.0)  # a restarted kernel: its clock starts anywhere
    restored = savegame.loads(savegame.dumps(original), later)
    assert restored.elapsed() == pytest.approx(elapsed)
    later.now += 10
    assert restored.elapsed() == pytest.approx(elapsed + 10)


def test_a_paused_game_comes_back_paused_its_clock_stopped_until_carried_on() -> None:
    clock = FakeClock(1000.0)
    original = played(clock)
    original.pause()
    elapsed = original.elapsed()
    clock.now += 300  # the pause: not counted
    later = FakeClock(5.0)  # a fresh kernel: its clock starts anywhere
    restored = Game.from_text(WARMUP_4X4, clock=later)
    heard = []
    restored.observe(heard.append)
    savegame.restore(restored, savegame.dumps(original))
    assert_same_game(restored, original)
    assert heard[0].message.endswith("paused: press Pause to carry on")
    later.now += 600  # still paused: the clock does not run
    assert restored.elapsed() == pytest.approx(elapsed)
    cell = next(c for c in blanks(restored) if not restored.board[c])
    with pytest.raises(IllegalMoveError, match="paused"):
        restored.place(cell, answer(restored, cell))
    restored.carry_on()
    later.now += 7
    assert restored.elapsed() == pytest.approx(elapsed + 7)
    assert savegame.to_dict(restored)["paused"] is False


def test_a_save_without_pause_plays_on_and_an_odd_pause_is_refused() -> None:
    good = savegame.to_dict(Game.from_text(ASSIGNMENT_PUZZLE, clock=FakeClock()))
    older = {name: value for name, value in good.items() if name != "paused"}
    assert savegame.from_dict(older, FakeClock()).paused_at is None  # saved before pauses
    for odd in (1, "yes", None, [True]):
        with pytest.raises(SavedGameError, match="damaged: paused is .*, expected true or false"):
            savegame.from_dict(dict(good, paused=odd), FakeClock())
    solved = Game.from_text(ASSIGNMENT_PUZZLE, clock=FakeClock())
    for cell in blanks(solved):
        solved.place(cell, answer(solved, cell))
    with pytest.raises(SavedGameError, match="paused, but it is solved"):
        savegame.from_dict(dict(savegame.to_dict(solved), paused=True), FakeClock())


def test_a_solved_game_stays_solved_with_its_time(tmp_path) -> None:
    clock = FakeClock()
    game = Game.from_text(ASSIGNMENT_PUZZLE, clock=clock)
    for cell in blanks(game):
        clock.now += 1
        game.place(cell, answer(game, cell))
    rows = game.board.to_rows()
    assert independent_is_solved(rows)  # judged here, not by the game
    assert game.finished is not None
    clock.now += 500  # time after solving does not count
    path = tmp_path / "solved.json"
    savegame.save_file(game, path)
    restored = Game.from_text(WARMUP_4X4, clock=clock)
    savegame.restore_file(restored, path)
    assert_same_game(restored, game)
    assert restored.elapsed() == pytest.approx(len(blanks(game)))


def test_pencil_marks_survive_a_file(tmp_path) -> None:
    clock = FakeClock()
    game = Game.from_text(ASSIGNMENT_PUZZLE, clock=clock)
    cells = blanks(game)[:3]
    for cell, numbers in zip(cells, ([1, 2, 3], [9], [4, 8])):
        for number in numbers:
            game.toggle_mark(cell, number)
    path = tmp_path / "marks.json"
    savegame.save_file(game, path)
    restored = Game.from_text(ASSIGNMENT_PUZZLE, clock=clock)
    savegame.restore_file(restored, path)
    assert restored.marks == {
        cells[0]: frozenset({1, 2, 3}), cells[1]: frozenset({9}), cells[2]: frozenset({4, 8})
    }


def test_the_solution_is_the_independent_one() -> None:
    game = savegame.loads(savegame.dumps(Game.from_text(ASSIGNMENT_PUZZLE)), FakeClock())
    rows = Grid.parse(game.solution.to_string()).to_rows()
    assert independent_is_solved(rows)
    assert game.solution.to_string() == ASSIGNMENT_SOLUTION


@pytest.mark.parametrize("rows, columns", [(2, 4), (4, 2), (3, 2), (2, 2)])
def test_a_game_of_another_shape_and_seed_comes_back_as_it_was(rows, columns) -> None:
    from sudoku_teach.shape import Shape

    clock = FakeClock()
    # 8x8 with regions of 2 rows and 4 columns (the usual) or 4 rows and 2 columns (which a
    # save that kept only the size could not restore), 6x6 with regions of 3 rows and 2.
    tall = Shape(rows, columns)
    original = Game.new("easy", seed=5, shape=tall, clock=clock)
    cell = next(c for c in tall.cells if not original.board[c])
    original.toggle_mark(cell, 3)
    heard = []
    fresh = Game.from_text(ASSIGNMENT_PUZZLE, clock=clock)
    fresh.observe(heard.append)
    savegame.restore(fresh, savegame.dumps(original))
    assert_same_game(fresh, original)
    assert fresh.puzzle.shape == tall and fresh.board.shape == tall and fresh.seed == 5
    assert [(c.kind, c.message) for c in heard] == [
        ("new", "game restored: " + original.summary())
    ]


def test_damaged_saves_are_refused_in_words(tmp_path) -> None:
    from sudoku_teach.errors import SavedGameError
    from sudoku_teach.shape import Shape

    good = savegame.to_dict(Game.from_text(ASSIGNMENT_PUZZLE))
    with pytest.raises(SavedGameError, match="^this is not a saved sudoku-teach game"):
        savegame.loads('{"hello": 1}', FakeClock())
    bad = dict(good, solution=good["solution"][::-1])
    with pytest.raises(SavedGameError, match="^the saved solution does not solve"):
        savegame.from_dict(bad, FakeClock())
    for regions in ([2, 5], [0, 9], [3], "3x3", [3, 3.0], [True, 9]):
        with pytest.raises(SavedGameError, match="damaged: regions is .* expected .rows"):
            savegame.from_dict(dict(good, regions=regions), FakeClock())
    older = {name: value for name, value in good.items() if name != "regions"}
    assert savegame.from_dict(older, FakeClock()).puzzle.shape == Shape.for_size(9)
    with pytest.raises(SavedGameError, match="damaged: marks is 5, expected a list"):
        savegame.loads(savegame.json.dumps(dict(good, marks=5)), FakeClock())
    with pytest.raises(SavedGameError, match=f"^cannot write {tmp_path}"):
        savegame.save_file(Game.from_text(ASSIGNMENT_PUZZLE), tmp_path)  # a directory


@pytest.mark.parametrize("small, big", [(4, 9), (9, 4), (9, 16), (6, 9)])
@pytest.mark.parametrize("part", ["puzzle", "solution", "board"])
def test_a_grid_from_a_save_of_another_size_is_refused_naming_both_sizes(small, big, part):
    import json

    from sudoku_teach.shape import Shape

    ours = json.loads(savegame.dumps(Game.new(seed=3, shape=Shape.for_size(big))))
    theirs = json.loads(savegame.dumps(Game.new(seed=3, shape=Shape.for_size(small))))
    ours[part] = theirs[part]
    with pytest.raises(SavedGameError) as refused:
        savegame.loads(json.dumps(ours), clock=FakeClock())
    said = str(refused.value)
    assert f"a {big}x{big} game has {big * big}" in said
    assert f"{small * small} cells" in said and f"{small}x{small} grid" in said


def test_a_game_too_big_to_restore_is_refused_when_saved_and_the_old_file_stays(tmp_path):
    from sudoku_teach.errors import ShapeError
    from sudoku_teach.shape import Shape

    shape = Shape.for_size(25)  # a full grid by the usual pattern, three cells left blank
    full = [(5 * (r % 5) + r // 5 + c) % 25 + 1 for r in range(25) for c in range(25)]
    blanks = {0, 25 * 6 + 7, 25 * 13 + 14}  # each alone in its row, column and region
    puzzle = Grid([0 if i in blanks else n for i, n in enumerate(full)], shape)
    game = Game(puzzle, Grid(full, shape))
    game.place((6, 7), full[25 * 6 + 7])
    path = tmp_path / "game.json"
    savegame.save_file(Game.from_text(ASSIGNMENT_PUZZLE), path)
    kept = path.read_text()
    with pytest.raises(ShapeError, match=r"^a 25x25 game cannot be saved: .* 4, 6, 8, 9 or 16$"):
        savegame.save_file(game, path)
    assert path.read_text() == kept
    assert len(game.history) == 1 and len(game.board.empty_cells()) == 2  # it plays on


@pytest.mark.parametrize("seed", [-1, -(2**63 - 1), 2**63 - 1])
def test_a_game_of_any_seed_it_takes_comes_back_with_its_seed(seed):
    game = Game.new("easy", seed)  # Python's seeds -1 and 1 make the same game: both taken
    back = savegame.loads(savegame.dumps(game), FakeClock())
    assert (back.seed, back.puzzle) == (seed, game.puzzle)


@pytest.mark.parametrize("seed", [2**63, -(2**63), 10**30])
def test_a_seed_no_save_could_hold_is_refused_when_the_game_starts(seed):
    from sudoku_teach.errors import RequestError

    with pytest.raises(RequestError, match="seed is a whole number from -9,223,372,036,854,77"):
        Game.new("easy", seed)


def test_a_game_made_from_a_random_generator_keeps_no_seed_and_is_saved_and_restored():
    import random

    game = Game.new("easy", random.Random(7))
    back = savegame.loads(savegame.dumps(game), FakeClock())
    assert (game.seed, back.seed) == (None, None) and back.puzzle == game.puzzle
    assert game.puzzle == Game.new("easy", random.Random(7)).puzzle  # the same generator
