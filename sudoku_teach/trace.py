"""What every solver can report about its search: counts always, a trace of events on request."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SearchStats:
    """How much work a search did: nodes visited, numbers taken back, deepest level reached."""

    nodes: int = 0
    backtracks: int = 0
    max_depth: int = 0

    def __str__(self) -> str:
        return f"nodes={self.nodes} backtracks={self.backtracks} max_depth={self.max_depth}"
