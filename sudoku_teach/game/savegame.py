"""Saving a game in progress as JSON, and restoring it exactly (a restarted kernel loses nothing).

The file says what it is (`format`) and which layout it uses (`version`). Restoring reads
and checks the whole file before it touches the game, so a file that is not a saved game,
or a damaged one, gets a `SavedGameError` saying what is wrong and changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import SavedGameError, SudokuError
from ..grid import Grid
from ..shape import Shape
from . import Game, Move
from .sources import check_puzzle

FORMAT = "sudoku-teach saved game"
VERSION = 1

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


def from_dict(data: Any, clock: Any) -> Game:
    """A game from saved data; raises KeyError, TypeError or ValueError when damaged."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError("this is not a saved sudoku-teach game (no 'format' line)")
    if data.get("version") != VERSION:
        raise SavedGameError(
            f"saved in format version {data.get('version')!r}; this reads {VERSION}"
        )
    shape = Shape.for_size(data["size"])
    puzzle = Grid.parse(data["puzzle"], shape)
    solution = check_puzzle(puzzle)
    if solution.to_string() != data["solution"]:
        raise SavedGameError("the saved solution does not solve the saved puzzle")
    game = Game(puzzle, solution, str(data["level"]), data["seed"], clock)
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
    game.help = bool(data["help"])
    game.checked = {(r, c): bool(ok) for r, c, ok in data["checked"]}
    game.marks = {(r, c): frozenset(m) for r, c, m in data["marks"]}
    game.history = [read_move(m) for m in data["history"]]
    game.future = [read_move(m) for m in data["future"]]
    game.hints_used = int(data["hints_used"])
    game.started = clock() - float(data["elapsed"])
    game.finished = game.started + float(data["elapsed"]) if data["solved"] else None
    return game


def loads(text: str, clock: Any) -> Game:
    """A game from saved JSON text, or a `SavedGameError` saying what is wrong."""
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
    try:
        Path(path).write_text(dumps(game), encoding="utf-8")
    except OSError as error:
        raise SavedGameError(f"cannot write {path}: {error}") from None


def restore_file(game: Game, path: str | Path) -> None:
    """Restore a game from a file written by `save_file`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SavedGameError(f"cannot read {path}: {error}") from None
    restore(game, text)
