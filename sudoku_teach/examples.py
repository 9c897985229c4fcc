"""Puzzles written down for the lessons, with where they come from.

Benchmark collections are not shipped; the package makes its own puzzles, and these few
examples are the ones the notebooks and tests talk about by name.
"""

ASSIGNMENT_PUZZLE = """\
0 0 2 9 8 0 5 0 0
4 0 0 0 7 0 0 1 3
0 3 9 6 0 4 0 7 0
2 0 0 0 5 6 4 0 0
8 4 0 3 0 0 2 0 1
9 0 7 0 0 1 0 8 6
6 0 0 7 0 5 1 3 0
0 9 1 4 0 0 0 0 5
0 2 0 0 3 0 6 0 8
"""
"""The puzzle of the elimination-sets assignment, in its file format (9 lines of 9 numbers).

Rules 1-3 alone solve it; the assignment's sample run fills (0, 5) = 3, (0, 8) = 4,
(0, 7) = 6, (1, 5) = 2, ... in that order.
"""

ASSIGNMENT_SOLUTION = (
    "172983564468572913539614872213856497846397251957241386684725139391468725725139648"
)
"""The finished grid of the assignment's puzzle (tests re-derive it by solving)."""

WARMUP_4X4 = "1..4 .41. 2.4. .3.1"
"""A 4x4 warm-up with 2x2 regions and one solution, small enough to solve by hand."""

NORVIG_HARD = (
    ".....6....59.....82....8....45........3........6..3.54...325..6.................."
)
"""From Norvig's essay: many solutions, and a classic solver needs minutes on it."""
