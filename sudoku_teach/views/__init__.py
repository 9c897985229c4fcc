"""What a person sees: HTML boards, the anywidget board, ipywidgets tools and matplotlib plots.

The views read the model (grids, games, traces) and never the reverse: nothing below this
package imports it. `plots` and `widgets` bring in matplotlib and ipywidgets, so import them
yourself: `from sudoku_teach.views import plots`.
"""
