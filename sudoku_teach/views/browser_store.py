"""Saves that belong to the player: a game kept in the browser's own storage, not on the server.

A class that shares one `make play` server must not share one save file: each browser keeps
its own saved game in its `localStorage`, under a key per app. `BrowserStore` is a small
widget that holds that text and keeps it in step with the browser: when the page opens,
the browser sends what it has kept; when Python writes, the browser keeps it. It keeps two
texts: `value`, the game saved by hand (Save), and `current`, the game as it is now, which
the game writes after every move (under the key + "/current"); the page hands `current`
to `on_kept` when it opens, so a reload or a fresh kernel plays on the same game. Its
two buttons download the save as a file and upload one (to carry a game to another
machine); an upload is handed to `on_upload`, never trusted as it is.

The text comes from the browser, so whoever reads it must check it (`savegame.restore`
does, strictly). Nothing else is kept: no file is written on the server.

The page side also gives the page the cookie Voila's own "page closed" request needs, so
that a closed page's kernel is shut down at once (see `set_xsrf_cookie` in the `.js`);
names the page's content its main landmark; and lets Voila's light page follow the
system's dark mode (`prefers-color-scheme`) unless the address asks for a theme
(`?theme=light` or `?theme=dark`): the page then takes the colours of Voila's own dark theme.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..game.savegame import MAX_BYTES
from .board import log_on_server

HERE = Path(__file__).parent

DARK_THEME = ("nbconvert", "templates", "lab", "static", "theme-dark.css")
"""Where Voila's dark theme (JupyterLab's, as nbconvert ships it) lies under a Jupyter path."""


def theme_folders() -> list[str]:
    """The Jupyter folders that may hold Voila's dark theme; none in the browser's own kernel
    (JupyterLite has no jupyter_core), where the page then keeps its light colours."""
    try:
        from jupyter_core.paths import jupyter_path
    except ImportError:
        return []
    return jupyter_path(*DARK_THEME[:-1])


def system_dark_css() -> str:
    """CSS that gives a light Voila page the dark theme's colours when the system is dark
    (only once the page's script has marked the body `sudoku-follow-system`)."""
    for folder in theme_folders():
        path = Path(folder) / DARK_THEME[-1]
        if path.exists():
            text = path.read_text(encoding="utf-8")
            break
    else:
        text = ""
    blocks = "".join(re.findall(r":root\s*\{([^}]*)\}", text))
    declarations = " ".join(f"{name}: {value.strip()};" for name, value in
                            re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", blocks))
    return ("@media (prefers-color-scheme: dark) {\n"
            f"  body.sudoku-follow-system {{ color-scheme: dark; {declarations} }}\n}}\n")


UploadCallback = Callable[[Any], None]
KeptCallback = Callable[[str], None]


class BrowserStore(anywidget.AnyWidget):
    """One text kept in the browser's localStorage under `key`, with download and upload."""

    _esm = (HERE / "browser_store.js").read_text(encoding="utf-8")
    _css = (HERE / "browser_store.css").read_text(encoding="utf-8") + system_dark_css()

    key = traitlets.Unicode("").tag(sync=True)  # the localStorage key: one per app
    value = traitlets.Unicode("").tag(sync=True)  # the text saved by hand ("": nothing)
    current = traitlets.Unicode("").tag(sync=True)  # the game as it is now, kept as it goes
    filename = traitlets.Unicode("sudoku-game.json").tag(sync=True)  # the download's name

    def __init__(self, key: str, on_upload: UploadCallback | None = None, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.on_upload = on_upload
        self.on_kept: KeptCallback | None = None
        self.on_msg(self._received)

    @traitlets.validate("value", "current")
    def _not_too_long(self, proposal: Any) -> str:
        """A kept text from the page, no longer than a saved game can be."""
        if len(proposal["value"]) > MAX_BYTES:
            raise traitlets.TraitError(f"a kept game is at most {MAX_BYTES:,} characters")
        return str(proposal["value"])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A kept text from the page; a bad one is dropped (the page may send anything)."""
        try:
            super().set_state(sync_data)
        except Exception as error:
            log_on_server(error)

    def __repr__(self) -> str:
        return f"BrowserStore({self.key!r}, {len(self.value)} characters kept)"

    def write(self, text: str) -> str:
        """Keep `text` in the browser; says where it went."""
        self.value = text
        return "saved in this browser (Download keeps a copy as a file)"

    def read(self) -> str | None:
        """The text this browser kept, or None when it has kept nothing."""
        return self.value or None

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The game the browser kept, handed to `on_kept`, or an uploaded file's text, to
        `on_upload` (each must check it: it may be anything at all, not even text)."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            text = content.get("text") if isinstance(content, dict) else None
            if kind == "kept" and self.on_kept is not None:
                self.on_kept(text if isinstance(text, str) and len(text) <= MAX_BYTES else "")
            elif kind == "upload" and self.on_upload is not None:
                self.on_upload(text)
        except Exception as error:  # never a traceback to the page
            log_on_server(error)
