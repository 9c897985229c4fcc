"""The machinery behind "Your turn": run a student's function on hidden cases, answer in words.

An `Exercise` knows a reference function (the package's own answer) and how to make test
cases. Expected results are computed by the reference on the spot, never written down, so
the checks and the package cannot drift apart.
"""

from __future__ import annotations

import copy
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
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

RESULTS: dict[str, Report] = {}
"""The latest report of every check run in this session, by exercise name (read by the grader)."""

TIME_LIMIT = 10
"""Seconds one case may take before the check gives up on it (an endless loop, probably)."""


class TimeUp(Exception):
    """A student's function ran past the time limit."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Interrupt the block after `seconds`, where the system allows it (not on Windows)."""
    usable = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise TimeUp

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def register(exercise: Exercise) -> Exercise:
    """Make an exercise findable by the name of the function the student writes."""
    REGISTRY[exercise.name] = exercise
    return exercise


def run_checks(function: Callable[..., Any], name: str | None = None) -> Report:
    """Run a student's function on every hidden case, count the passes, keep the first failure."""
    name = name or getattr(function, "__name__", "")
    if name not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise KeyError(f"no exercise is called {name!r}; the exercises are: {known}")
    exercise = REGISTRY[name]
    cases = list(exercise.cases())
    report = Report(name, total=len(cases), hint=exercise.hint)
    RESULTS[name] = report  # filled in below; a check cut short keeps passed < total
    for case in cases:
        with time_limit(TIME_LIMIT):
            verdict = judge(exercise, function, case)
        if verdict is None:
            report.passed += 1
        elif verdict[0] == "not implemented":
            report.status = "not implemented"
            return report
        elif verdict[0] == "too slow":  # the other cases would only wait as long again
            report.status, report.failure = "error", verdict[1]
            return report
        elif report.ok:
            report.status, report.failure = verdict
    return report


def judge(exercise: Exercise, function: Callable[..., Any], case: Case) -> tuple[str, str] | None:
    """One case: None when the answer is right, else (status, what went wrong in words)."""
    expected = exercise.normalise(exercise.reference(*copy.deepcopy(case)))
    call = f"{exercise.name}({exercise.describe(case)})"
    try:
        answer = function(*copy.deepcopy(case))
    except NotImplementedError as error:
        other = raised_elsewhere(error, function)
        if other is None:
            return "not implemented", ""
        return "error", (
            f"First problem: {call} calls {other}, which is not written yet: finish {other}"
            " first, or use the package's version (st....) instead."
        )
    except TimeUp:
        return "too slow", (
            f"First problem: {call} was still running after {TIME_LIMIT} seconds."
            " Is there a loop that never ends?"
        )
    except RecursionError:
        return "error", (
            f"First problem: {call} kept calling itself and never stopped (RecursionError)."
            " Does it change the grid before calling itself, and stop when nothing is left?"
        )
    except Exception as error:  # the student's code may fail in any way; say how
        return "error", f"First problem: {call} raised {type(error).__name__}: {error}"
    try:
        got = exercise.normalise(answer)
    except Exception:  # an answer of the wrong kind, e.g. False where a tuple is asked for
        got = answer
    if got == expected:
        return None
    lines = [
        f"First failing case: {call}",
        f"  expected: {show(expected)}",
        f"  got:      {show(got)}",
    ]
    if got is None:
        lines.append("  (None: did the function forget to `return` its answer?)")
    elif type(got) is not type(expected) and expected is not None:
        lines.append(
            f"  (you returned a {type(got).__name__}; the answer is a {type(expected).__name__})"
        )
    return "failed", "\n".join(lines)


def raised_elsewhere(error: BaseException, function: Callable[..., Any]) -> str | None:
    """The name of the other function that raised an error; None if `function` raised it."""
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    code = trace.tb_frame.f_code if trace is not None else None
    if code is None or code is getattr(function, "__code__", None):
        return None
    return code.co_name


def show(value: Any) -> str:
    """A value as a student would write it: sets sorted, grids as one line of text."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(map(repr, sorted(value))) + "}" if value else "set()"
    if isinstance(value, list) and value and all(isinstance(row, list) for row in value):
        return _short(value)
    return repr(value)


def check(function: Callable[..., Any], name: str | None = None) -> None:
    """Check a student's function and print the verdict in plain words."""
    print(run_checks(function, name))
