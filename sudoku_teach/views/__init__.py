"""What a person sees: HTML boards, the anywidget board, ipywidgets tools and matplotlib plots.

The views read the model (grids, games, traces) and never the reverse: nothing below this
package imports it. `plots` and `widgets` bring in matplotlib and ipywidgets, so import them
yourself: `from sudoku_teach.views import plots`.

The views layer: above the model, the generators and the game. The one way down-to-up is
a display hook (`Grid._repr_html_` and the `*_html` methods import `views.render` when a
notebook asks for a picture; see `sudoku_teach.grid`).
"""
