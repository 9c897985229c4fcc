"""The checks behind every "Your turn": `check(my_function)` answers in plain words.

Each notebook's exercises live in a module named after its lesson; importing this package
registers them all. The student never sees the cases, only the verdict and the first
failing case.

The top layer, beside `cli` and `teacher`: it checks students' code against the model,
the generators and the game, and nothing below imports it.
"""

from . import (  # noqa: F401
    nb00_start,
    nb01_rules,
    nb02_elimination,
    nb03_search,
    nb04_smarter,
    nb05_grids,
    nb06_unique,
    nb07_levels,
    nb08_play,
    nb09_reductions,
)
from .framework import REGISTRY, Exercise, Report, check, register, run_checks

__all__ = ["REGISTRY", "Exercise", "Report", "check", "register", "run_checks"]
