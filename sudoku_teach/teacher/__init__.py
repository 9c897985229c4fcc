"""The teacher's tools: worksheets, grading, the student handout and the notebook tools."""
