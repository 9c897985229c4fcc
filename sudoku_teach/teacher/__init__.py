"""The teacher's tools: worksheets, grading, the student handout and the notebook tools.

The top layer, beside `cli` and `exercises`: these tools use the model and the generators
to make sheets and to check work, and nothing below imports them. Their command-line
options live in `cli`.
"""
