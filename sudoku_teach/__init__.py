"""sudoku-teach: Sudoku as a programming and algorithms subject.

The modules follow the course: `grid` (the board), `rules`, `elimination`, `search`,
`fast` and `generate`, and the views `render`, `widgets` and `plots` (import those two
yourself: they bring in ipywidgets and matplotlib). Start with `Grid.parse` and `rules`.
"""

from . import elimination, fast, generate, search
from .elimination import (
    HIDDEN_SINGLE,
    NAKED_SINGLE,
    RULE_SETS,
    RuleSolve,
    Step,
    candidates,
    count_finished,
    eliminated,
    marked_board_html,
    next_single,
    next_step,
    solve_with_rules,
    survivors,
)
from .errors import (
    ContradictionError,
    GivenCellError,
    InvalidMoveError,
    PuzzleFormatError,
    RuleViolation,
    ShapeError,
    SudokuError,
)
from .examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, NORVIG_HARD, WARMUP_4X4
from .grid import Grid, as_grid, load, load_puzzles, read_puzzles, save
from .rules import (
    blockers,
    can_place,
    check_rules,
    column_values,
    conflicting_cells,
    conflicts,
    group_letter,
    is_complete,
    is_solved,
    region_col_range,
    region_of,
    region_row_range,
    region_values,
    row_values,
)
from .shape import CLASSIC, Shape

__version__ = "0.1.0"

__all__ = [
    "elimination",
    "fast",
    "generate",
    "search",
    "HIDDEN_SINGLE",
    "NAKED_SINGLE",
    "RULE_SETS",
    "ContradictionError",
    "RuleSolve",
    "Step",
    "count_finished",
    "marked_board_html",
    "next_step",
    "solve_with_rules",
    "ASSIGNMENT_PUZZLE",
    "ASSIGNMENT_SOLUTION",
    "NORVIG_HARD",
    "CLASSIC",
    "WARMUP_4X4",
    "GivenCellError",
    "Grid",
    "InvalidMoveError",
    "PuzzleFormatError",
    "RuleViolation",
    "Shape",
    "ShapeError",
    "SudokuError",
    "as_grid",
    "blockers",
    "can_place",
    "candidates",
    "check_rules",
    "column_values",
    "conflicting_cells",
    "conflicts",
    "eliminated",
    "group_letter",
    "is_complete",
    "is_solved",
    "load",
    "load_puzzles",
    "next_single",
    "read_puzzles",
    "region_col_range",
    "region_of",
    "region_row_range",
    "region_values",
    "row_values",
    "save",
    "survivors",
]
