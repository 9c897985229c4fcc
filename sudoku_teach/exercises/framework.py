"""The machinery behind "Your turn": run a student's function on hidden cases, answer in words.

An `Exercise` knows a reference function (the package's own answer) and how to make test
cases. Expected results are computed by the reference on the spot, never written down, so
the checks and the package cannot drift apart.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Case = tuple[Any, ...]
"""The arguments of one call."""


def _same(value: Any) -> Any:
    """Compare results as they are."""
    return value


def describe_args(case: Case) -> str:
    """Arguments as a student would type them, with grids shortened to one line of text."""
    return ", ".join(_short(arg) for arg in case)


def _short(arg: Any) -> str:
    """A grid (list of rows) as its one-line puzzle string; anything else as Python writes it."""
    if isinstance(arg, list) and arg and all(isinstance(row, list) for row in arg):
        return "grid '" + "".join(str(v) if v else "." for row in arg for v in row) + "'"
    return repr(arg)


@dataclass(frozen=True)
class Exercise:
    """One "Your turn" task: the function to write, how to test it, and a hint when stuck."""

    name: str
    reference: Callable[..., Any]
    cases: Callable[[], Sequence[Case]]
    hint: str
    describe: Callable[[Case], str] = describe_args
    normalise: Callable[[Any], Any] = _same


@dataclass
class Report:
    """What one check found: how many cases passed and the first one that did not."""

    name: str
    total: int
    passed: int = 0
    status: str = "passed"  # passed | failed | not implemented | error
    failure: str = ""
    hint: str = ""
    details: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every case passed."""
        return self.status == "passed"

    def __str__(self) -> str:
        if self.status == "not implemented":
            return (
                f"{self.name}: not implemented yet. Replace the line"
                " `raise NotImplementedError(...)`"
                " with your code and run both cells again."
            )
        if self.ok:
            return f"{self.name}: well done, all {self.total} checks passed."
        lines = [f"{self.name}: {self.passed} of {self.total} checks passed.", self.failure]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)


REGISTRY: dict[str, Exercise] = {}


def register(exercise: Exercise) -> Exercise:
    """Make an exercise findable by the name of the function the student writes."""
    REGISTRY[exercise.name] = exercise
    return exercise


def run_checks(function: Callable[..., Any], name: str | None = None) -> Report:
    """Run a student's function on every hidden case and say what happened."""
    name = name or getattr(function, "__name__", "")
    if name not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise KeyError(f"no exercise is called {name!r}; the exercises are: {known}")
    exercise = REGISTRY[name]
    cases = list(exercise.cases())
    report = Report(name, total=len(cases), hint=exercise.hint)
    for case in cases:
        expected = exercise.normalise(exercise.reference(*copy.deepcopy(case)))
        call = f"{name}({exercise.describe(case)})"
        try:
            got = exercise.normalise(function(*copy.deepcopy(case)))
        except NotImplementedError:
            report.status = "not implemented"
            return report
        except Exception as error:  # the student's code may fail in any way; say how
            report.status = "error"
            report.failure = f"First problem: {call} raised {type(error).__name__}: {error}"
            return report
        if got != expected:
            report.status = "failed"
            report.failure = (
                f"First failing case: {call}\n  expected: {expected!r}\n  got:      {got!r}"
            )
            return report
        report.passed += 1
    return report


def check(function: Callable[..., Any], name: str | None = None) -> None:
    """Check a student's function and print the verdict in plain words."""
    print(run_checks(function, name))
