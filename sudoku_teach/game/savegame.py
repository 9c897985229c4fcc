"""Saving a game in progress as JSON, and restoring it exactly (a restarted kernel loses nothing).

The file says what it is (`format`) and which layout it uses (`version`). Restoring reads
and checks the whole file before it touches the game (every field, and the history played
again on the puzzle), so a file that is not a saved game, or a damaged one, gets a
`SavedGameError` saying what is wrong and changes nothing. Saving replaces the old file
only once the new one is complete.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..errors import SavedGameError, ShapeError, SudokuError
from ..fast import proper_solution
from ..formats import or_list, shortened
from ..grid import Grid
from ..shape import Cell, Shape, is_whole
from ..textfile import unusable, write_file
from . import Game, Move
from .sources import LEVELS, SEEDS

T = TypeVar("T")

FORMAT = "sudoku-teach saved game"
VERSION = 1
MAX_BYTES = 1_000_000
"""The largest file read as a saved game: a real one takes a few kilobytes."""
MAX_SECONDS = 10_000_000
"""The longest time a saved game may have been played (almost four months)."""
MAX_HINTS = 100_000
"""The most hints a saved game may have used."""

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
    "paused_at",
)
"""The fields of a `Game` that a save holds (its clock and observers stay as they are)."""


def move_data(move: Move) -> list[Any]:
    """A move as plain JSON data (with a 7th item when it changed other cells' marks)."""
    data = [*move.cell, move.before, move.after, sorted(move.marks_before),
            sorted(move.marks_after)]  # fmt: skip
    if move.others:
        data.append([[*cell, sorted(before), sorted(after)] for cell, before, after in move.others])
    return data


def to_dict(game: Game) -> dict[str, Any]:
    """Everything needed to carry on playing, as plain data (of a size a save can hold)."""
    if game.size not in SIZES:  # refused now, not found "damaged" when it is restored
        raise ShapeError(f"a {game.size}x{game.size} game cannot be saved: a saved game has"
                         f" the size {or_list(SIZES)}")
    return {
        "format": FORMAT,
        "version": VERSION,
        "size": game.size,
        "regions": [game.puzzle.shape.box_rows, game.puzzle.shape.box_cols],
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
        "paused": game.paused_at is not None,
    }


def dumps(game: Game) -> str:
    """The saved game as JSON text."""
    return json.dumps(to_dict(game), indent=1)


def from_dict(data: Any, clock: Any) -> Game:
    """A game from saved data, every field checked first: a `SavedGameError` says what is wrong.

    Nothing is trusted: the puzzle must be proper and the solution its own, every move of
    the history and of the redo list must lie on the board, off the givens, with numbers
    and pencil marks 1..size, and replaying the history on the puzzle must give the saved
    board and marks (so undo and redo work all the way back); the time must be a finite
    number of seconds, and "solved" only a board that is.
    """
    check_header(data)
    game = read_game(data, clock)
    read_play(game, data)
    read_time(game, data, clock)
    return game


def check_header(data: Any) -> None:
    """The file says it is a saved game, of the version this reads, with every field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError("this is not a saved sudoku-teach game (no 'format' line)")
    if not is_whole(data.get("version")) or data.get("version") != VERSION:
        raise SavedGameError(
            f"saved in format version {shown(data.get('version'))}; this reads {VERSION}"
        )
    missing = [name for name in FIELDS if name not in data]
    if missing:
        raise SavedGameError(f"the saved game is damaged: the field {missing[0]!r} is missing")


def read_game(data: dict, clock: Any) -> Game:
    """The game as it started: size, a proper puzzle with its own solution, level and seed."""
    size = field(data, "size", lambda v: is_whole(v) and v in SIZES, or_list(SIZES))
    puzzle = grid_field(data, "puzzle", read_regions(data, size))
    solution = proper_solution(puzzle)
    grid_field(data, "solution", puzzle.shape)  # the right size, or a message naming sizes
    if solution.to_string() != data["solution"]:
        raise SavedGameError("the saved solution does not solve the saved puzzle")
    level = field(data, "level", lambda v: v in (*LEVELS, "custom"),
                  "a level: " + ", ".join((*LEVELS, "custom")))
    seed = field(data, "seed", lambda v: v is None or (is_whole(v) and -SEEDS <= v <= SEEDS),
                 f"a whole number from {-SEEDS} to {SEEDS}, or null")
    return Game(puzzle, solution, level, seed, clock)


def read_regions(data: dict, size: int) -> Shape:
    """The regions' shape (rows, columns); a save without one has the usual shape of its size."""
    if "regions" not in data:  # saved before the field existed: only the usual shapes then
        return Shape.for_size(size)
    rows, columns = field(
        data, "regions", lambda v: isinstance(v, list) and len(v) == 2
        and all(is_whole(n) and n >= 1 for n in v) and v[0] * v[1] == size,
        f"[rows, columns] of a region, with rows x columns = {size}",
    )
    try:
        return Shape(rows, columns)
    except SudokuError as error:
        raise SavedGameError(f"the saved game is damaged: regions: {error}") from None


def read_play(game: Game, data: dict) -> None:
    """The play so far: board, marks and moves (replayed), selection, help, checks, hints."""
    board = grid_field(data, "board", game.puzzle.shape)
    for cell in game.puzzle.givens:
        if board[cell] != game.puzzle[cell]:
            raise SavedGameError(f"the saved board changed the given at {cell}")
    marks = {cell: numbers for cell, numbers in read_list(data, "marks", read_marks, game)}
    history = read_list(data, "history", read_move, game)
    future = read_list(data, "future", read_move, game)
    replay(game, history, future, board, marks)
    try:
        game.selected = game.puzzle.shape.check_value(data["selected"])  # the one value check
    except SudokuError as error:
        raise SavedGameError(f"the saved game is damaged: selected: {cut(str(error))}") from None
    game.help = field(data, "help", lambda v: isinstance(v, bool), "true or false")
    game.checked = dict(read_list(data, "checked", read_check, game))
    check_checked(game)
    game.hints_used = field(data, "hints_used", lambda v: is_whole(v) and 0 <= v <= MAX_HINTS,
                            f"a whole number from 0 to {MAX_HINTS:,}")


def read_time(game: Game, data: dict, clock: Any) -> None:
    """The time played, whether the puzzle was solved (only if its board is) and whether it
    was paused (then its clock stays stopped until the player carries on)."""
    elapsed = field(data, "elapsed", is_seconds, f"a number of seconds from 0 to {MAX_SECONDS:,}")
    solved = field(data, "solved", lambda v: isinstance(v, bool), "true or false")
    if solved != game.solved:
        state = "solved" if game.solved else "not solved"
        raise SavedGameError(f"the saved game says solved is {solved}, but its board is {state}")
    paused = data.get("paused", False)  # saved before the field existed: not paused
    if not isinstance(paused, bool):
        raise SavedGameError(f"the saved game is damaged: paused is {shown(paused)},"
                             " expected true or false")
    if paused and solved:
        raise SavedGameError("the saved game says it is paused, but it is solved")
    game.started = clock() - elapsed
    game.finished = game.started + elapsed if solved else None
    game.paused_at = game.started + elapsed if paused else None


FIELDS = ("size", "level", "seed", "puzzle", "solution", "board", "selected", "help",
          "checked", "marks", "history", "future", "hints_used", "elapsed", "solved")
"""Every field a saved game must have (besides `format` and `version`)."""
SIZES = (4, 6, 8, 9, 16)


def field(data: dict, name: str, ok: Callable[[Any], bool], wanted: str) -> Any:
    """One field of the saved data, if it is what it should be (a bad value is cut short)."""
    value = data[name]
    if not ok(value):
        raise SavedGameError(
            f"the saved game is damaged: {name} is {shown(value)}, expected {wanted}"
        )
    return value


def is_seconds(value: Any) -> bool:
    """A finite number of seconds from 0 to `MAX_SECONDS` (not NaN, not true/false)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= MAX_SECONDS)


def grid_field(data: dict, name: str, shape: Shape) -> Grid:
    """A grid saved as one line of text."""
    value = data[name]
    if isinstance(value, str) and len(value) != shape.n_cells:
        raise SavedGameError(f"the saved game is damaged: its {name} has {len(value)} cells,"
                             f" but a {grid_name(shape)} game has {shape.n_cells}"
                             f"{other_size(len(value))}")
    text = field(data, name, lambda v: isinstance(v, str), f"{shape.n_cells} characters")
    try:
        return Grid.parse(text, shape)
    except SudokuError as error:
        raise SavedGameError(f"the saved game is damaged: its {name}: {error}") from None


def grid_name(shape: Shape) -> str:
    """A grid's size as people say it: '9x9'."""
    return f"{shape.size}x{shape.size}"


def other_size(cells: int) -> str:
    """A hint when a grid has the cells of another size: parts of two saves mixed up."""
    sizes = [size for size in SIZES if size * size == cells]
    if not sizes:
        return ""
    return f" (the cells of a {sizes[0]}x{sizes[0]} grid: part of a save of another size?)"


def read_list(data: dict, name: str, read: Callable[[Any, Game], T], game: Game) -> list[T]:
    """A list field, each item read and checked by `read` (its error names the item)."""
    items = field(data, name, lambda v: isinstance(v, list), "a list")
    found = []
    for number, item in enumerate(items, 1):
        try:
            found.append(read(item, game))
        except (SudokuError, TypeError, ValueError) as error:
            raise SavedGameError(
                f"the saved game is damaged: item {number} of {name} ({short(item)}):"
                f" {cut(str(error))}"
            ) from None
    return found


def short(item: Any) -> str:
    """An item of the file, cut short for a message (in ASCII: no lone surrogate is echoed)."""
    try:
        text = json.dumps(item)
    except ValueError:  # an int of more digits than Python prints
        text = f"a {type(item).__name__} too long to show"
    return text if len(text) <= 60 else text[:57] + "..."


def shown(value: Any) -> str:
    """A value as Python writes it, cut short (a number too long to write is described)."""
    try:
        return cut(repr(value), 60)
    except ValueError:
        return f"a {type(value).__name__} too long to show"


def cut(text: str, most: int = 200) -> str:
    """A message about an odd value, cut short: a huge value is not echoed whole."""
    return text if len(text) <= most else text[: most - 3] + "..."


def mark_set(item: Any, game: Game) -> frozenset[int]:
    """Pencil marks: numbers 1..size, each once."""
    if not isinstance(item, list):
        raise SavedGameError(f"pencil marks must be a list, not {short(item)}")
    for number in item:
        game.check_number(number)
    if len(set(item)) != len(item):
        raise SavedGameError(f"pencil marks repeat a number: {short(item)}")
    return frozenset(item)


def read_move(item: Any, game: Game) -> Move:
    """A move from its JSON data: [row, col, before, after, marks before, marks after]."""
    if not isinstance(item, list) or len(item) not in (6, 7):
        raise SavedGameError("a move is [row, col, before, after, marks before, marks after]"
                             " and perhaps [other cells' marks]")
    row, col, before, after, marks_before, marks_after = item[:6]
    cell = game.check_open((row, col))  # the game's own check: on the board, not a given
    shape = game.puzzle.shape
    others = item[6] if len(item) == 7 else []
    if not isinstance(others, list) or len(others) > shape.n_cells:
        raise SavedGameError("other cells' marks are a list of [row, col, [before], [after]]")
    return Move(cell, shape.check_value(before, cell), shape.check_value(after, cell),
                mark_set(marks_before, game), mark_set(marks_after, game),
                tuple(read_mark_change(other, game) for other in others))


def read_mark_change(item: Any, game: Game) -> tuple[Cell, frozenset[int], frozenset[int]]:
    """Another cell's pencil marks before and after a move: [row, col, [before], [after]]."""
    if not isinstance(item, list) or len(item) != 4:
        raise SavedGameError("another cell's marks are [row, col, [before], [after]]")
    return game.check_open(tuple(item[:2])), mark_set(item[2], game), mark_set(item[3], game)


def read_marks(item: Any, game: Game) -> tuple[Cell, frozenset[int]]:
    """One cell's pencil marks: [row, col, [numbers]]."""
    if not isinstance(item, list) or len(item) != 3:
        raise SavedGameError("pencil marks are [row, col, [numbers]]")
    marks = mark_set(item[2], game)
    if not marks:
        raise SavedGameError("an empty list of pencil marks")
    return game.check_open(tuple(item[:2])), marks


def read_check(item: Any, game: Game) -> tuple[Cell, bool]:
    """One checked entry: [row, col, true or false]."""
    if not isinstance(item, list) or len(item) != 3 or not isinstance(item[2], bool):
        raise SavedGameError("a checked entry is [row, col, true or false]")
    return game.check_open(tuple(item[:2])), item[2]


def replay(game: Game, history: list[Move], future: list[Move], board: Grid,
           marks: dict[Cell, frozenset[int]]) -> None:
    """Play the history on the puzzle: it must give the saved board and marks, and the redo
    list must fit on top of them. Then the game holds them (its observers are not told)."""
    numbers, pencil = play(game.puzzle.copy(), {}, history, "history")
    if numbers != board or pencil != marks:
        raise SavedGameError("the saved game is damaged: its history does not lead to its board")
    play(numbers.copy(), dict(pencil), list(reversed(future)), "future")
    game.board, game.marks, game.history, game.future = numbers, pencil, history, future


def play(numbers: Grid, pencil: dict[Cell, frozenset[int]], moves: list[Move],
         name: str) -> tuple[Grid, dict[Cell, frozenset[int]]]:
    """Make the moves one after the other; each must start from the board as it stands."""
    for k, move in enumerate(moves, 1):
        if numbers[move.cell] != move.before or pencil.get(move.cell, frozenset()) != (
            move.marks_before
        ):
            raise SavedGameError(
                f"the saved game is damaged: move {k} of {name}, at {move.cell}, does not"
                " start from the board it was made on"
            )
        for cell, before, after in move.others:
            if numbers[cell] or pencil.get(cell, frozenset()) != before or cell == move.cell:
                raise SavedGameError(
                    f"the saved game is damaged: move {k} of {name} changes the marks at {cell}"
                    " from a board it was not made on"
                )
            set_cell(pencil, cell, after)
        numbers[move.cell] = move.after
        set_cell(pencil, move.cell, move.marks_after)
    return numbers, pencil


def set_cell(pencil: dict[Cell, frozenset[int]], cell: Cell, marks: frozenset[int]) -> None:
    """One cell's pencil marks set (an empty set: none kept)."""
    if marks:
        pencil[cell] = marks
    else:
        pencil.pop(cell, None)


def check_checked(game: Game) -> None:
    """Each saved check mark must be on an entry, and say truly whether it is right."""
    for cell, ok in game.checked.items():
        if not game.board[cell] or ok != (game.board[cell] == game.solution[cell]):
            raise SavedGameError(
                f"the saved game is damaged: the check mark at {cell} does not fit its board"
            )


def loads(text: Any, clock: Any) -> Game:
    """A game from saved JSON text, or a `SavedGameError` saying what is wrong."""
    if not isinstance(text, str):  # from a browser or an upload: anything may come
        raise SavedGameError(f"not a saved game: {type(text).__name__}, not text")
    if len(text) > MAX_BYTES:
        raise SavedGameError(f"not a saved game: {len(text):,} characters ({MAX_BYTES:,} at most)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SavedGameError(f"not a saved game: not JSON ({error})") from None
    except RecursionError:
        raise SavedGameError("not a saved game: its JSON is nested far too deeply") from None
    except ValueError:  # a number of thousands of digits
        raise SavedGameError("not a saved game: it holds a number far too long") from None
    try:
        return from_dict(data, clock)
    except SavedGameError:
        raise
    except SudokuError as error:
        raise SavedGameError(f"the saved game is damaged: {cut(str(error))}") from None


def restore(game: Game, text: str) -> None:
    """Put a saved game's state into `game` (its observers hear 'new'); unchanged on error."""
    loaded = loads(text, game.clock)
    for name in STATE:
        setattr(game, name, getattr(loaded, name))
    game.announce("new", message="game restored: " + how_it_stands(game))


def how_it_stands(game: Game) -> str:
    """A restored game in words: its summary, and that it is paused if it is."""
    paused = "; paused: press Pause to carry on" if game.paused_at is not None else ""
    return game.summary() + paused


def save_file(game: Game, path: str | Path) -> None:
    """Write a saved game to a file, replacing the old one only once the new one is complete."""
    try:
        write_file(path, dumps(game))  # whole or not at all: the last good save survives
    except OSError as error:
        raise SavedGameError(str(error)) from None


def restore_file(game: Game, path: str | Path) -> None:
    """Restore a game from a file written by `save_file`."""
    restore(game, read_text(path))


def read_text(path: str | Path) -> str:
    """A saved game file's text (a few kilobytes: a file of more than `MAX_BYTES` is no
    saved game, and is not read)."""
    if not str(path).strip():  # Path("") would be ".", the current folder
        raise SavedGameError("cannot read '': give a file name")
    trouble = unusable(path)
    if trouble:
        raise SavedGameError(f"cannot read {shortened(str(path))}: {trouble}")
    try:
        with Path(path).open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise SavedGameError(f"{path} is too big to be a saved game ({MAX_BYTES:,} bytes"
                                 " at most)")
        return raw.decode("utf-8")
    except OSError as error:
        raise SavedGameError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise SavedGameError(f"{path} is not a saved game: byte {error.start + 1} is not UTF-8"
                             " text") from None
