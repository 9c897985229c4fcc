"""A look-ahead at the root of a search (16x16 and up): probe a few fields, then guess.

The guess at the root splits the whole tree in two, so it matters most, and it is the
one made blind: nothing has failed yet, so dom/wdeg (`_cover.heaviest`) just takes the
first field with two marks. Look-ahead SAT solvers (march, kcnfs) choose by trying: here
the root tries both marks of `PROBED` fields with two marks, each on its own copy of the
board settled by `settle` (a *probe*), and then

- **keeps only the marks that one of the two probes kept**: every solution makes one of
  the field's two moves, so a mark that neither settled board holds is in no solution
  (constructive disjunction, one `|`). A probe that dies (no solution with that move)
  leaves the other probe's marks: the field's other mark is forced;
- **guesses in the probed field whose probes went furthest**: the product of the open
  fields each probe closed (march's measure: both branches small, not just one).

Only the root does this: probing deeper too (at the root's two children, or at every
guess made before the first dead end) cost more than the nodes it saved (see `fast`).
"""

from __future__ import annotations

from ._cover import Board, Cover, Failures, nonempty, settle, strip_lowest
from ._locked import Locks

PROBED = 16
"""How many fields with two marks the root probes (the highest ones on the board)."""


def two_marks(board: Board, geo: Cover) -> int:
    """The guard bits of the open fields with exactly two marks (on a settled board)."""
    beyond_two = strip_lowest(strip_lowest(board, geo), geo) & geo.fields
    return board & geo.guards & ~nonempty(beyond_two, geo)


def highest(guards: int, count: int) -> list[int]:
    """The lengths of the `count` highest bits of `guards` (fewer if it has fewer)."""
    found: list[int] = []
    while guards and len(found) < count:
        at = guards.bit_length()
        found.append(at)
        guards ^= 1 << (at - 1)
    return found


def probe_root(
    board: Board, geo: Cover, failed: Failures | None, locks: Locks
) -> tuple[Board | None, int]:
    """The root's settled board after probing, and the marks of the field to guess in.

    `board` is settled, with a guess to make. Like `settle`, the answer is (None, 0) when
    the board has no solution, and its marks are 0 when it is solved.
    """
    guards = geo.guards
    open_fields = (board & guards).bit_count()
    best, best_at = -1, 0
    for at in highest(two_marks(board, geo), PROBED):
        field = board & geo.field_at[at]
        if not field & (field - 1):  # an earlier probe took a mark of it (or every mark)
            continue
        low = settle(board & geo.placing_at[(field & -field).bit_length()], geo, None, locks)[0]
        high = settle(board & geo.placing_at[field.bit_length()], geo, None, locks)[0]
        board &= (low or 0) | (high or 0) | guards  # a dead probe keeps no mark
        if low is not None and high is not None:
            closed = (open_fields - (low & guards).bit_count()) * (
                open_fields - (high & guards).bit_count())
            if closed > best:
                best, best_at = closed, at
    settled, choices = settle(board, geo, failed, locks)
    if settled is not None and choices and best_at:
        field = settled & geo.field_at[best_at]
        if field & (field - 1):  # still open with its two marks: guess there
            choices = field
    return settled, choices
