"""Saves that belong to the player: a game kept in the browser's own storage, not on the server.

A class that shares one `make play` server must not share one save file: each browser keeps
its own saved game in its `localStorage`, under a key per app. `BrowserStore` is a small
widget that holds that one text and keeps it in step with the browser: when the page
opens, the browser sends what it has kept; when Python writes, the browser keeps it. Its
two buttons download the save as a file and upload one (to carry a game to another
machine); an upload is handed to `on_upload`, never trusted as it is.

The text comes from the browser, so whoever reads it must check it (`savegame.restore`
does, strictly). Nothing else is kept: no file is written on the server.

The page side also gives the page the cookie Voila's own "page closed" request needs, so
that a closed page's kernel is shut down at once (see `set_xsrf_cookie` in the `.js`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent

UploadCallback = Callable[[Any], None]


class BrowserStore(anywidget.AnyWidget):
    """One text kept in the browser's localStorage under `key`, with download and upload."""

    _esm = (HERE / "browser_store.js").read_text(encoding="utf-8")

    key = traitlets.Unicode("").tag(sync=True)  # the localStorage key: one per app
    value = traitlets.Unicode("").tag(sync=True)  # the kept text ("" when nothing is kept)
    filename = traitlets.Unicode("sudoku-game.json").tag(sync=True)  # the download's name

    def __init__(self, key: str, on_upload: UploadCallback | None = None, **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        self.on_upload = on_upload
        self.on_msg(self._received)

    def __repr__(self) -> str:
        return f"BrowserStore({self.key!r}, {len(self.value)} characters kept)"

    def write(self, text: str) -> str:
        """Keep `text` in the browser; says where it went."""
        self.value = text
        return "saved in this browser (Download keeps a copy as a file)"

    def read(self) -> str | None:
        """The text this browser kept, or None when it has kept nothing."""
        return self.value or None

    def _received(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """An uploaded file's text, passed on to `on_upload` (which must check it: it may be
        anything at all, not even text)."""
        if content.get("type") == "upload" and self.on_upload is not None:
            self.on_upload(content.get("text"))
