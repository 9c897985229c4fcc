"""Saving a game in progress as JSON, and restoring it exactly (a restarted kernel loses nothing).

The file says what it is (`format`) and which layout it uses (`version`). Restoring reads
and checks the whole file before it touches the game, so a file that is not a saved game,
or a damaged one, gets a `SavedGameError` saying what is wrong and changes nothing. A save
may come from a browser or an upload, so nothing in it is trusted: every cell must be on
the board, every number in range, no move may touch a given (`check_state`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .errors import SavedGameError, SudokuError
from .game import Game, Move
from .game_sources import check_puzzle
from .grid import Grid
from .saves import SaveFile
from .shape import Shape

FORMAT = "sudoku-teach saved game"
VERSION = 1
MAX_CHARS = 1_000_000
"""The longest saved game read (one is a few thousand characters, a long game's undo too)."""

STATE = (
    "puzzle",
    "solution",
    "level",
    "seed",
    "board",
    "selected",
    "help",
    "checked",
    "marks",
    "history",
    "future",
    "hints_used",
    "started",
    "finished",
)
"""The fields of a `Game` that a save holds (its clock and observers stay as they are)."""


def move_data(move: Move) -> list[Any]:
    """A move as plain JSON data."""
    return [
        *move.cell,
        move.before,
        move.after,
        sorted(move.marks_before),
        sorted(move.marks_after),
    ]


def to_dict(game: Game) -> dict[str, Any]:
    """Everything needed to carry on playing, as plain data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "size": game.size,
        "level": game.level,
        "seed": game.seed,
        "puzzle": game.puzzle.to_string(),
        "solution": game.solution.to_string(),
        "board": game.board.to_string(),
        "selected": game.selected,
        "help": game.help,
        "checked": [[r, c, ok] for (r, c), ok in sorted(game.checked.items())],
        "marks": [[r, c, sorted(m)] for (r, c), m in sorted(game.marks.items())],
        "history": [move_data(m) for m in game.history],
        "future": [move_data(m) for m in game.future],
        "hints_used": game.hints_used,
        "elapsed": game.elapsed(),
        "solved": game.finished is not None,
    }


def dumps(game: Game) -> str:
    """The saved game as JSON text."""
    return json.dumps(to_dict(game), indent=1)


def read_move(item: list[Any]) -> Move:
    """A move from its JSON data."""
    r, c, before, after, marks_before, marks_after = item
    return Move((r, c), before, after, frozenset(marks_before), frozenset(marks_after))


KINDS: dict[str, tuple[type, ...]] = {
    "size": (int,),
    "level": (str,),
    "seed": (int, type(None)),
    "puzzle": (str,),
    "solution": (str,),
    "board": (str,),
    "selected": (int,),
    "help": (bool,),
    "checked": (list,),
    "marks": (list,),
    "history": (list,),
    "future": (list,),
    "hints_used": (int,),
    "elapsed": (int, float),
    "solved": (bool,),
}
"""The kind of value each field of a save holds; anything else is refused."""


def check_kinds(data: dict[str, Any]) -> None:
    """Refuse a save whose fields are not of the kinds a save writes (True is no number)."""
    for key, kinds in KINDS.items():
        value = data[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise SavedGameError(f"the saved game is damaged: '{key}' is {value!r:.40}")


def check_state(game: Game) -> None:
    """Refuse what a damaged or hand-made save could bring in: cells off the board,
    numbers out of range, moves that change a given, negative counts or times."""
    cells, numbers = set(game.puzzle.shape.cells), range(1, game.size + 1)

    def check_cell(cell: Any, where: str) -> None:
        if cell not in cells:
            raise SavedGameError(f"the saved game is damaged: '{where}' names the cell {cell}")

    def check_numbers(values: Any, where: str) -> None:
        if any(v not in numbers for v in values):
            raise SavedGameError(f"the saved game is damaged: '{where}' has {sorted(values)}")

    for cell in game.checked:
        check_cell(cell, "checked")
    for cell, marks in game.marks.items():
        check_cell(cell, "marks")
        check_numbers(marks, "marks")
    for where, moves in (("history", game.history), ("future", game.future)):
        for move in moves:
            check_cell(move.cell, where)
            if game.puzzle.is_given(*move.cell):
                raise SavedGameError(f"the saved game is damaged: a move at the given {move.cell}")
            check_numbers([v for v in (move.before, move.after) if v], where)
            check_numbers(move.marks_before | move.marks_after, where)
    if (game.finished is not None) != game.solved:
        raise SavedGameError("the saved game is damaged: 'solved' does not match its board")
    if game.hints_used < 0:
        raise SavedGameError(f"the saved game is damaged: {game.hints_used} hints used")


def from_dict(data: Any, clock: Any) -> Game:
    """A game from saved data; raises KeyError, TypeError or ValueError when damaged."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError("this is not a saved sudoku-teach game (no 'format' line)")
    if data.get("version") != VERSION:
        raise SavedGameError(
            f"saved in format version {data.get('version')!r}; this reads {VERSION}"
        )
    check_kinds(data)
    shape = Shape.for_size(data["size"])
    puzzle = Grid.parse(data["puzzle"], shape)
    solution = check_puzzle(puzzle)
    if solution.to_string() != data["solution"]:
        raise SavedGameError("the saved solution does not solve the saved puzzle")
    game = Game(puzzle, solution, data["level"], data["seed"], clock)
    board = Grid.parse(data["board"], shape)
    for cell in puzzle.givens:
        if board[cell] != puzzle[cell]:
            raise SavedGameError(f"the saved board changed the given at {cell}")
    for cell in shape.cells:
        if board[cell] and not puzzle[cell]:
            game.board[cell] = board[cell]
    if data["selected"]:
        game.check_number(data["selected"])
    game.selected = data["selected"]
    game.help = data["help"]
    game.checked = {(r, c): bool(ok) for r, c, ok in data["checked"]}
    game.marks = {(r, c): frozenset(m) for r, c, m in data["marks"]}
    game.history = [read_move(m) for m in data["history"]]
    game.future = [read_move(m) for m in data["future"]]
    game.hints_used = data["hints_used"]
    elapsed = float(data["elapsed"])
    if not 0 <= elapsed < math.inf:
        raise SavedGameError(f"the saved game is damaged: 'elapsed' is {elapsed}")
    game.started = clock() - elapsed
    game.finished = game.started + elapsed if data["solved"] else None
    check_state(game)
    return game


def loads(text: Any, clock: Any) -> Game:
    """A game from saved JSON text, or a `SavedGameError` saying what is wrong."""
    if not isinstance(text, str):
        raise SavedGameError(f"not a saved game: {type(text).__name__}, not text")
    if len(text) > MAX_CHARS:
        raise SavedGameError(f"not a saved game: {len(text):,} characters (at most {MAX_CHARS:,})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SavedGameError(f"not a saved game: not JSON ({error})") from None
    try:
        return from_dict(data, clock)
    except SavedGameError:
        raise
    except KeyError as error:
        raise SavedGameError(f"the saved game is damaged: the field {error} is missing") from None
    except (TypeError, ValueError, SudokuError) as error:
        raise SavedGameError(f"the saved game is damaged: {type(error).__name__} {error}") from None


def restore(game: Game, text: str) -> None:
    """Put a saved game's state into `game` (its observers hear 'new'); unchanged on error."""
    loaded = loads(text, game.clock)
    for name in STATE:
        setattr(game, name, getattr(loaded, name))
    game.announce("new", message="game restored: " + game.summary())


def save_file(game: Game, path: str | Path) -> None:
    """Write a saved game to a file."""
    SaveFile(path).write(dumps(game))


def restore_file(game: Game, path: str | Path) -> None:
    """Restore a game from a file written by `save_file`."""
    text = SaveFile(path).read()
    if text is None:
        raise SavedGameError(f"cannot read {path}: there is no such file")
    restore(game, text)
