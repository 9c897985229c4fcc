"""Sudoku handed to general problem solvers (notebook 09): the teaching versions.

`exact_cover` writes the puzzle as an exact-cover problem and solves it with Knuth's
Algorithm X on dictionaries of sets; `sat` writes it as clauses for a SAT solver
(pycosat); `solver_race` runs every solver of the series on the same puzzles and checks
each answer by the rules. The package's own fast solver (`fast`) is exact cover too, built
for speed; these are built to be read.
"""
