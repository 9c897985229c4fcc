"""sudoku-teach: Sudoku as a programming and algorithms subject.

The modules follow the course: `grid` (the board), `rules`, `elimination`, `candidates`,
`techniques`, `rule_solver`, `rating`, `search`, `fast` and `generate`; then the `game`,
and the `views` (`render`, and `widgets` and `plots`, which you import yourself: they
bring in ipywidgets and matplotlib). The command line is `cli`, the teacher's tools are
in `teacher`. Start with `Grid.parse` and `rules`.
"""

from . import elimination, fast, generate, search
from .candidates import CandidateGrid
from .elimination import all_candidates, best_cell, candidates, eliminated, next_single
from .errors import (
    CellValueError,
    ContradictionError,
    GivenCellError,
    IllegalMoveError,
    InvalidMoveError,
    NotAPuzzleError,
    PuzzleFormatError,
    RuleViolation,
    SearchLimitReached,
    ShapeError,
    SudokuError,
)
from .examples import ASSIGNMENT_PUZZLE, ASSIGNMENT_SOLUTION, NORVIG_HARD, WARMUP_4X4
from .grid import Grid, as_grid, load, load_puzzles, read_puzzles, save
from .rating import LEVELS, Rating, rate
from .results import DEFAULT_MAX_NODES, SolveResult, Status
from .rule_solver import RuleSolve, count_finished, next_step, solve_with_rules
from .rules import (
    allowed_cells,
    blockers,
    can_place,
    check_rules,
    column,
    column_values,
    conflicting_cells,
    conflicts,
    count_blanks,
    first_empty,
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
from .steps import Step, Technique
from .techniques import (
    HIDDEN_SINGLE,
    NAKED_PAIR,
    NAKED_SINGLE,
    POINTING_PAIR,
    TECHNIQUE_SETS,
    TECHNIQUES,
)

__version__ = "0.1.0"

__all__ = [
    "elimination",
    "fast",
    "generate",
    "search",
    "DEFAULT_MAX_NODES",
    "LEVELS",
    "Rating",
    "rate",
    "HIDDEN_SINGLE",
    "NAKED_PAIR",
    "NAKED_SINGLE",
    "POINTING_PAIR",
    "TECHNIQUES",
    "TECHNIQUE_SETS",
    "CandidateGrid",
    "ContradictionError",
    "RuleSolve",
    "SearchLimitReached",
    "SolveResult",
    "Status",
    "Step",
    "Technique",
    "all_candidates",
    "count_finished",
    "next_step",
    "solve_with_rules",
    "ASSIGNMENT_PUZZLE",
    "ASSIGNMENT_SOLUTION",
    "NORVIG_HARD",
    "CLASSIC",
    "WARMUP_4X4",
    "CellValueError",
    "GivenCellError",
    "Grid",
    "IllegalMoveError",
    "InvalidMoveError",
    "NotAPuzzleError",
    "PuzzleFormatError",
    "RuleViolation",
    "Shape",
    "ShapeError",
    "SudokuError",
    "as_grid",
    "best_cell",
    "blockers",
    "allowed_cells",
    "can_place",
    "candidates",
    "check_rules",
    "column",
    "count_blanks",
    "first_empty",
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
]
