"""`python -m sudoku_teach` runs the command line."""

from .cli import main

raise SystemExit(main())
