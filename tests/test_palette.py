"""The one palette: every text colour readable (WCAG 2.1 AA) on every background it meets,
in the light and the dark theme, and the HTML boards using the same colours as the widget."""

from __future__ import annotations

import pytest

from sudoku_teach.views import render
from sudoku_teach.views.board import Board
from sudoku_teach.views.palette import COLOURS, PALETTE, palette_css

BACKGROUNDS = ("cell", "highlight", "same", "allowed")
"""The backgrounds a number can stand on while the game goes on."""
TEXT_ON = {
    "given": BACKGROUNDS,
    "entry": BACKGROUNDS,
    "pencil": BACKGROUNDS,
    "ink": ("cell",),
    "muted": ("cell",),
    "conflict-ink": ("conflict",),
    "right-ink": ("right",),
    "wrong-ink": ("wrong",),
    "accent-ink": ("accent",),
    "button-ink": ("button",),
}
LINES_ON = {"cursor": BACKGROUNDS, "thick": ("cell",), "accent": ("cell", "allowed")}
"""Marks that are not text (the cursor's frame, the region lines): 3:1 is enough (1.4.11)."""


def luminance(colour: str) -> float:
    """Relative luminance of a #rgb or #rrggbb colour, as WCAG defines it."""
    hex_digits = colour.lstrip("#")
    if len(hex_digits) == 3:
        hex_digits = "".join(ch * 2 for ch in hex_digits)
    channels = [int(hex_digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula_matches_wcags_known_values():
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("theme", [0, 1], ids=["light", "dark"])
def test_every_text_colour_meets_aa_on_its_backgrounds(theme):
    low = [
        f"{text} on {back}: {contrast(PALETTE[text][theme], PALETTE[back][theme]):.2f}"
        for text, backs in TEXT_ON.items()
        for back in backs
        if contrast(PALETTE[text][theme], PALETTE[back][theme]) < 4.5
    ]
    assert low == []


@pytest.mark.parametrize("theme", [0, 1], ids=["light", "dark"])
def test_lines_and_frames_stand_out_from_their_backgrounds(theme):
    low = [
        f"{line} on {back}"
        for line, backs in LINES_ON.items()
        for back in backs
        if contrast(PALETTE[line][theme], PALETTE[back][theme]) < 3
    ]
    assert low == []


def test_the_html_boards_and_the_widget_share_one_palette():
    assert render.COLOURS is COLOURS
    for name, colour in COLOURS.items():
        assert PALETTE[name][0] == colour
    css = palette_css()
    assert Board._css.startswith(css)
    for name, (_light, dark) in PALETTE.items():
        assert f"--sudoku-{name}: " in css and dark in css
    assert "var(--jp-layout-color0, #ffffff)" in css  # JupyterLab's theme first, ours as fallback
