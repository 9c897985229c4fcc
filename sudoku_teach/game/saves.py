"""Where the game's Save button keeps a saved game: a file, or the player's own browser.

A place to keep saves has two methods: `write(text)` keeps the text and says where, in
words for the player; `read()` gives back the text, or None when nothing is kept. A
`SaveFile` suits one person's own JupyterLab; a class sharing one server uses
`browser_store.BrowserStore`, so that every browser keeps its own game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from ..errors import SavedGameError
from ..textfile import write_file
from .savegame import read_text


class Saves(Protocol):
    """A place that keeps one saved game as text."""

    def write(self, text: str) -> str:
        """Keep `text`; say where it went."""
        ...

    def read(self) -> str | None:
        """The kept text, or None when nothing is kept yet."""
        ...


class SaveFile:
    """A saved game in a file (next to the notebook unless the path says otherwise)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def __repr__(self) -> str:
        return f"SaveFile({str(self.path)!r})"

    def write(self, text: str) -> str:
        """Write the file, whole or not at all; an error says which file and why."""
        try:
            write_file(self.path, text)  # the last good save survives a full disk or Ctrl-C
        except OSError as error:  # an OutputError: it names the file and says why
            raise SavedGameError(str(error)) from None
        return f"saved to {self.path}"

    def read(self) -> str | None:
        """The file's text, or None when there is no file yet."""
        if not self.path.exists():
            return None
        return read_text(self.path)
