"""The series' one palette: the colours of the HTML boards (`render`) and of the board widget.

Each colour has a light and a dark value. The HTML boards are static text in a notebook's
outputs, so they use the light values. The board widget gets every colour as a CSS custom
property (`--sudoku-given`, ...) that follows JupyterLab's theme: the light values by
default and in Voila, the dark ones when JupyterLab says its theme is dark
(`data-jp-theme-light="false"` on the page's body), or when the app's page follows a dark
system (`prefers-color-scheme`, see `browser_store`). The cell's own background and text
follow the theme's variables (`--jp-layout-color0`, `--jp-ui-font-color1`), with the
light values as fallbacks where those variables are missing.

Every text colour here has a contrast of at least 4.5:1 on every background it is drawn
on, in both themes (WCAG 2.1 AA); `tests/test_palette.py` checks that.
"""

from __future__ import annotations

PALETTE: dict[str, tuple[str, str]] = {
    # name: (light, dark)
    "cell": ("#ffffff", "#1e1e1e"),  # an empty cell (the theme's own background if it has one)
    "ink": ("#111111", "#f0f0f0"),  # text on the page, and the givens
    "given": ("#111", "#f0f0f0"),
    "entry": ("#1f5fbf", "#8ab8ff"),  # the player's numbers
    "pencil": ("#4d4d4d", "#c4c4c4"),
    "line": ("#999999", "#6e6e6e"),  # thin lines between cells
    "thick": ("#222222", "#d0d0d0"),  # the lines around regions and the board
    "highlight": ("#fff6c8", "#2b3038"),  # the cursor's row, column and region
    "focus": ("#ffe08a", "#4d3d0f"),  # the selected cell on the inspect boards
    "same": ("#ffe08a", "#4d3d0f"),  # cells holding the cursor's number
    "allowed": ("#dcecff", "#1d3657"),  # help: the selected number may go here
    "conflict": ("#fdd", "#5a2323"),  # a number that breaks a rule
    "conflict-ink": ("#8a3d00", "#ffb27a"),
    "right": ("#d9f2d9", "#1f4a1f"),
    "right-ink": ("#145214", "#a8e6a8"),
    "wrong": ("#f8d0d0", "#5c1e1e"),
    "wrong-ink": ("#8a0000", "#ffaaaa"),
    "cursor": ("#b35900", "#ffa040"),  # the keyboard's cell: a frame, not a fill
    "accent": ("#1f5fbf", "#8ab8ff"),  # pressed buttons, links, the solved banner
    "accent-ink": ("#ffffff", "#111111"),  # text on the accent colour
    "button": ("#eef2f8", "#2c3440"),
    "button-ink": ("#111111", "#f0f0f0"),
    "muted": ("#555555", "#bbbbbb"),  # the status line, the keys list
}
"""Every colour of the boards, by name: (light theme, dark theme)."""

COLOURS = {
    "given": PALETTE["given"][0],
    "entry": PALETTE["entry"][0],
    "conflict": PALETTE["conflict"][0],
    "highlight": PALETTE["highlight"][0],
    "focus": PALETTE["focus"][0],
    "pencil": PALETTE["pencil"][0],
    "right": PALETTE["right"][0],
    "wrong": PALETTE["wrong"][0],
}
"""The light values the HTML boards use, by the names `render` knows them by."""

THEME_VARIABLES = {
    "cell": "--jp-layout-color0",
    "ink": "--jp-ui-font-color1",
}
"""Colours that JupyterLab's theme names itself: the board follows the theme's choice."""


def palette_css() -> str:
    """The palette as CSS custom properties: light by default, dark under a dark JupyterLab."""
    light = "; ".join(f"--sudoku-{name}: {_value(name, 0)}" for name in PALETTE)
    dark = "; ".join(f"--sudoku-{name}: {_value(name, 1)}" for name in PALETTE)
    return (
        f".sudoku-game {{ {light}; }}\n"
        f"[data-jp-theme-light='false'] .sudoku-game {{ {dark}; }}\n"
        # the app's page following the system's dark mode (see browser_store)
        "@media (prefers-color-scheme: dark) {"
        f" .sudoku-follow-system .sudoku-game {{ {dark}; }} }}\n"
    )


def _value(name: str, theme: int) -> str:
    """One colour: the theme's own variable where JupyterLab has one, ours as its fallback."""
    colour = PALETTE[name][theme]
    variable = THEME_VARIABLES.get(name)
    return f"var({variable}, {colour})" if variable else colour
