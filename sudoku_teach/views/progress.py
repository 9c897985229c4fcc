"""A progress bar for the few notebook cells that run for more than a few seconds.

A student who waits needs to see that something happens. The bar goes to stdout (JupyterLab
draws stderr in a red box, which reads as an error) and shows only counts (no times, no
rates), redrawn at every item: its last state is the same on every run, so a notebook that
stores it stays comparable (nbval keeps a stream's last line).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")

BAR = "{desc}: {n_fmt} of {total_fmt} {bar:30}"
"""Counts and a bar: no elapsed time or rate, which differ from run to run."""


def progress(items: Iterable[T], label: str, total: int | None = None) -> Iterator[T]:
    """The items one by one, with a bar under the cell that counts them as they are done."""
    bar = tqdm(items, desc=label, total=total, file=sys.stdout, bar_format=BAR,
               mininterval=0, miniters=1, ascii=" #", leave=True)  # fmt: skip
    yield from bar
