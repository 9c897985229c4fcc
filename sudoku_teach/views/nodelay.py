"""Keys that reach the kernel at once: the kernel's websocket with TCP_NODELAY.

A websocket is a TCP connection, and by default TCP holds back a small message until the
last one is acknowledged (Nagle's algorithm). A key on the board is exactly such a small
message, and the wait comes on top of the game's own millisecond: about 40 ms a key.
Tornado lets a handler turn that off with `set_nodelay(True)`; jupyter_server and Voila let
us name the class that connects the kernel's websocket
(`kernel_websocket_connection_class`), so this one does it on every connection.

    voila app/play.ipynb \\
      --Voila.kernel_websocket_connection_class=sudoku_teach.views.nodelay.NoDelayConnection

(`make play` does this; for JupyterLab, `--ServerApp.kernel_websocket_connection_class`.)
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The usual kernel websocket connection, sending each message without delay."""

    def connect(self) -> Any:
        """Turn off Nagle's algorithm on this websocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
