"""The machinery behind "Your turn": run a student's function on hidden cases, answer in words.

An `Exercise` knows a reference function (the package's own answer) and how to make test
cases. Expected results are computed by the reference on the spot, never written down, so
the checks and the package cannot drift apart. Each exercise also names its package
equivalent (`st.first_empty`, ...), which a stuck student can use instead and go on.

One rule for the kind of an answer, in every exercise: when order matters (a cell
`(row, col)`, a column of numbers, a grid) a list and a tuple are equally right; when order
does not matter (the numbers a row rules out) the answer is a set, and a list is explained
as the wrong kind.

An endless loop is stopped after `TIME_LIMIT` seconds of computing (not of waiting: a busy
machine does not make a right answer too slow) by a watchdog thread that interrupts the main
thread, so the limit works on every system, Windows included.

The checks judge a `Subject`, not the function itself: in a notebook it wraps the student's
function (`LocalSubject`); the teacher's grader passes a `RemoteSubject` that calls the
function in the student's kernel, so the same `judge` gives the verdict in both places.
"""

from __future__ import annotations

import copy
import difflib
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..formats import shortened
from .code_reading import (
    calls_method,
    compares_with_range,
    in_place_result,
    returns_a_value,
    returns_inside_loop,
    starts_inside_loop,
    unpacked_call,
)
from .remote import CHECKED
from .subject import (
    NOT_IMPLEMENTED,
    RECURSION,
    TOO_SLOW,
    Case,
    LocalSubject,
    Outcome,
    Subject,
)

Diagnosis = Callable[[Subject, Case, Any, Any], "str | None"]
"""A function that guesses the mistake behind a wrong answer: (subject, case, got, expected)."""


def describe_args(case: Case) -> str:
    """Arguments as a student would type them, with grids shortened to one line of text."""
    return ", ".join(_short(arg) for arg in case)


def _short(arg: Any) -> str:
    """A grid (list of rows) as its one-line puzzle string; anything else as Python writes it."""
    if is_grid(arg):
        return "grid '" + "".join(str(v) if v else "." for row in arg for v in row) + "'"
    return repr(arg)


def is_grid(value: Any) -> TypeGuard[list[list[Any]]]:
    """Whether a value is a grid as students write it: a non-empty square list of lists.

    (Square, so that other lists of lists, such as notebook 09's clauses, print as they are.)
    """
    return isinstance(value, list) and bool(value) and all(
        isinstance(row, list) and len(row) == len(value) for row in value
    )


def canonical(value: Any) -> Any:
    """A value in the form answers are compared in: sequences as tuples, sets as frozensets."""
    if isinstance(value, (list, tuple)):
        return tuple(canonical(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


@dataclass(frozen=True)
class Exercise:
    """One "Your turn" task: the function to write, how to test it, and a hint when stuck."""

    name: str
    reference: Callable[..., Any]
    cases: Callable[[], Sequence[Case]]
    hint: str
    package: str
    """The package's own version, as a student calls it (`st.first_empty`)."""
    describe: Callable[[Case], str] = describe_args
    cases_on: Callable[[Any], Sequence[Case]] | None = None
    """Cases on one given grid: used to find out whether a helper is what broke a later check."""
    diagnose: Diagnosis | None = None
    changes_input: bool = False
    """True only for a solver, which fills the grid in place; other answers leave it as it was."""
    keep_input: str = "work on a copy (`[row[:] for row in grid]`)"
    how: Callable[[Subject, Case], str | None] | None = None
    """A check of how a right answer was found, where the way is the lesson (fewest first)."""
    slow: str = ""
    """What makes a right answer too slow, said when a check runs out of time after passes."""
    index_hint: str = ""
    """What an IndexError most likely means here (a loop that runs past the grid's end)."""
    worked_example: bool = False
    """Shown worked out in the lesson, not written by the student: never graded, but checked
    on request and named when a later exercise calls a broken copy of it."""
    optional: bool = False
    """In the lesson's optional part: graded and reported, never counted in a total."""


@dataclass
class Report:
    """What one check found: how many cases passed and the first one that did not."""

    name: str
    total: int
    passed: int = 0
    status: str = "passed"  # passed | failed | not implemented | error
    failure: str = ""
    hint: str = ""

    @property
    def ok(self) -> bool:
        """Whether every case passed."""
        return self.status == "passed"

    def __str__(self) -> str:
        if self.status == "not implemented" and self.failure:  # a helper it calls is unwritten
            return f"{self.name}: not finished yet. {self.failure}"
        if self.status == "not implemented":
            return (
                f"{self.name}: not implemented yet. Replace the line"
                " `raise NotImplementedError(...)`"
                " with your code and run both cells again."
            )
        if self.ok:
            return f"{self.name}: well done, all {self.total} checks passed."
        if self.total == 0:  # no such exercise: nothing was run
            return self.failure
        lines = [f"{self.name}: {self.passed} of {self.total} checks passed.", self.failure]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)


REGISTRY: dict[str, Exercise] = {}

TIME_LIMIT = 10
"""Seconds of computing one case may take before the check gives up (an endless loop, probably)."""


def register(exercise: Exercise) -> Exercise:
    """Make an exercise findable by the name of the function the student writes."""
    REGISTRY[exercise.name] = exercise
    return exercise


def unknown_exercise(name: str) -> str:
    """What to say when a function's name is not one of the exercises."""
    close = difflib.get_close_matches(name, REGISTRY, n=1)
    guess = f" Did you mean {close[0]}?" if close else ""
    return (
        f"There is no exercise called {shortened(name, 60, repr)}.{guess} The exercises are:"
        f" {', '.join(sorted(REGISTRY))}. Give your function exactly the name the exercise"
        f" asks for (def {close[0] if close else 'region_of'}(...):), or name the exercise"
        f" when you check it: check(my_function, {close[0] if close else 'region_of'!r})."
    )


def run_checks(function: Callable[..., Any], name: str | None = None) -> Report:
    """Run a student's function on every hidden case, count the passes, keep the first failure."""
    if name is not None and not isinstance(name, str):
        return Report("check", total=0, status="error", failure=(
            f"The exercise's name is text, like check(my_function, 'region_of'), not"
            f" {a_kind(name)}."))
    key = name or str(getattr(function, "__name__", ""))
    if not callable(function):  # check(region_of(grid, 0, 0)) checks an answer, not a function
        return Report(key or "check", total=0, status="error", failure=(
            f"check() wants your function itself, not"
            f" {'None' if function is None else a_kind(function)}: write"
            f" check({key or 'region_of'}) with no brackets after the name (with them, the"
            f" function is called and its answer given to check)."))
    if key in REGISTRY:
        CHECKED[key] = function  # the grader asks for this function by its exercise's name
    return check_subject(LocalSubject(function, key), key)


def check_subject(subject: Subject, name: str) -> Report:
    """Judge a function, here or in a student's kernel, on every case: one report."""
    if name not in REGISTRY:
        return Report(name, total=0, status="error", failure=unknown_exercise(name))
    exercise = REGISTRY[name]
    cases = list(exercise.cases())
    report = Report(name, total=len(cases), hint=exercise.hint)
    for case, outcome in zip(cases, subject.run(cases, TIME_LIMIT)):
        verdict = judge(exercise, subject, case, outcome, passed=report.passed)
        if verdict is None:
            report.passed += 1
        elif verdict[0] == "not implemented":
            report.status, report.failure = "not implemented", verdict[1]
            return report
        elif verdict[0] == "too slow":  # the other cases would only wait as long again
            report.status, report.failure = "error", verdict[1]
            return report
        elif report.ok:
            report.status, report.failure = verdict[:2]
            if len(verdict) > 2:
                report.hint = verdict[2]
    if report.ok and report.passed < report.total:  # the calls stopped short of the cases
        report.status = "error"
        report.failure = f"the check stopped after {report.passed} of {report.total} cases."
    return report


def judge(
    exercise: Exercise, subject: Subject, case: Case, outcome: Outcome, *, passed: int = 0
) -> tuple[str, ...] | None:
    """One case: None when right, else (status, what went wrong[, a hint that fits it]).

    `passed` is how many cases passed before this one: a function that was right on them
    and runs out of time here is more likely slow than endless.
    """
    start = time.perf_counter()
    expected = exercise.reference(*copy.deepcopy(case))
    reference_seconds = time.perf_counter() - start
    call = f"{exercise.name}({exercise.describe(case)})"
    if outcome.error == NOT_IMPLEMENTED:
        other = outcome.raised_in
        if other is None:
            return "not implemented", ""
        return "not implemented", f"{call} calls {other}, which is not written yet: " + (
            f"finish {other} first, or use the package's version ({REGISTRY[other].package})"
            " instead."
            if other in REGISTRY
            else f"finish {other} first."
        )
    if outcome.error == TOO_SLOW:
        return "too slow", too_slow(exercise, call, reference_seconds, passed)
    if outcome.error == RECURSION:
        return "error", (
            f"First problem: {call} kept calling itself and never stopped (RecursionError)."
            " Does it change the grid before calling itself, and stop when nothing is left?"
        )
    if outcome.error:
        return raised(exercise, subject, case, call, outcome)
    answer = outcome.answer
    if not exercise.changes_input and canonical(outcome.after) != canonical(case):
        grid = any(is_grid(arg) for arg in case)
        what, keep = ("the grid", exercise.keep_input) if grid else ("an argument", "copy it")
        changed = f"your function changed {what} it was given; {keep}."
        return "failed", f"First failing case: {call}\n  {changed}"
    if canonical(answer) == canonical(expected):
        way = exercise.how and exercise.how(subject, case)
        return ("failed", f"First failing case: {call}\n  {way}.") if way else None
    lines = [f"First failing case: {call}", *side_by_side(expected, answer)]
    helper = helper_problem(subject, case)
    aside = helper or kind_problem(subject, answer, expected)
    if aside:
        lines.append(f"  ({aside})")
    better = None if helper else diagnosis(exercise, subject, case, answer, expected)
    return ("failed", "\n".join(lines)) + ((better,) if better else ())


def raised(
    exercise: Exercise, subject: Subject, case: Case, call: str, outcome: Outcome
) -> tuple[str, ...]:
    """An error, said where it was raised: in the function checked, or in a helper of the
    student's it calls (then the mistake is there, and so is the advice)."""
    helper = outcome.raised_in
    package = REGISTRY[helper].package if helper in REGISTRY else exercise.package
    grids = [arg for arg in case if is_grid(arg)] if outcome.kind == "IndexError" else []
    note = size_note(grids[0], package) if grids else ""
    said = f"First problem: {call} raised {outcome.kind}: {outcome.message}"
    if not helper:
        broken = broken_helper(subject, case)  # a helper's wrong answer, used here, raised
        if broken:
            name, problem = broken
            return "error", f"{said}.{note}\n  ({problem})", fix_first(name, exercise.name)
        hint = error_hint(exercise, subject, outcome)
        return ("error", f"{said}.{note}") + ((hint,) if hint else ())
    return "error", f"{said}, in your {helper}, which {exercise.name} calls.{note}", (
        fix_first(helper, exercise.name)
    )


def fix_first(helper: str, name: str) -> str:
    """The hint when a function the exercise calls is where the mistake is."""
    return (f"the mistake is in {helper}, not in {name}: fix {helper} first"
            f" (check({helper}) tries it on its own), then run this check again.")


LONG = 12
"""A list with more items than this is summed up in feedback: its length, its first difference."""


def side_by_side(expected: Any, answer: Any) -> list[str]:
    """The expected answer and the student's, each on a line; two long lists as their
    lengths and the first item where they differ (73 clauses do not fit on a line)."""
    lists = all(isinstance(v, (list, tuple)) and not is_grid(v) for v in (expected, answer))
    if not lists or max(len(expected), len(answer)) <= LONG:
        return [f"  expected: {show(expected)}", f"  got:      {show(answer)}"]
    pairs = zip(expected, answer)
    index = next((i for i, (e, a) in enumerate(pairs) if canonical(e) != canonical(a)),
                 min(len(expected), len(answer)))
    first = [show(v[index]) if index < len(v) else "nothing more" for v in (expected, answer)]
    return [
        f"  expected: a list of {len(expected)} items",
        f"  got:      a list of {len(answer)} items",
        f"  first difference, at index {index}: expected {first[0]}, got {first[1]}",
    ]


def too_slow(exercise: Exercise, call: str, reference_seconds: float, passed: int) -> str:
    """What to say when a case runs out of time: how long the package took, slow or endless."""
    took = (f"{reference_seconds:.3f} seconds" if reference_seconds >= 0.001
            else "less than a thousandth of a second")
    said = (
        f"First problem: {call} was still running after {TIME_LIMIT} seconds, where the"
        f" package's answer took {took} on the same input."
    )
    if passed:
        return (
            f"{said} Your function was right on the {passed} checks before this one, so it"
            f" is probably right but slow here. {exercise.slow}"
        ).rstrip()
    return (
        f"{said} If it never stops, look for a loop whose condition never changes, or a"
        " recursion that does not fill a cell before calling itself."
    )


def diagnosis(
    exercise: Exercise, subject: Subject, case: Case, answer: Any, expected: Any
) -> str | None:
    """The exercise's guess at the mistake, if it has one; a guess that fails is no guess."""
    if exercise.diagnose is None:
        return None
    try:
        return exercise.diagnose(subject, case, answer, expected)
    except Exception:  # an answer too odd to reason about: the general hint stays
        return None


REMOVE_MISSING = (
    "`.remove(x)` raises an error when x is not there (a full row or column has no 0 to"
    " remove): on a set, `.discard(x)` does not; or leave x out as you collect the numbers."
)
"""The hint for a KeyError or ValueError from code that calls `.remove`."""

ROW_AS_INDEX = (
    "`for row in grid` gives each row itself (a list of numbers), not its number: use"
    " `row[col]` with it, or loop `for r in range(len(grid))` and write `grid[r][col]`."
)
"""The hint for indexing with a list: a row used as a row number."""

NOT_HERE = (
    "`{name}` is not defined in this notebook: each notebook runs its own Python, so a"
    " function written in another lesson is not here (or is the name misspelt?). Write it in"
    " a cell above and run that cell, or do without it."
)
"""The hint for a NameError: often a function of an earlier lesson's notebook."""


def error_hint(exercise: Exercise, subject: Subject, outcome: Outcome) -> str | None:
    """A hint aimed at a beginner's error, read from the error and the code; None if none fits."""
    if outcome.kind == "IndexError" and "out of range" in outcome.message and exercise.index_hint:
        return exercise.index_hint
    if outcome.kind in ("KeyError", "ValueError") and calls_method(subject.tree(), "remove"):
        return REMOVE_MISSING
    if outcome.kind == "TypeError" and "indices must be integers" in outcome.message \
            and "not list" in outcome.message:
        return ROW_AS_INDEX
    if outcome.kind == "TypeError" and "'range'" in outcome.message \
            and "operand" in outcome.message:
        return "a range is not a set: `set(range(1, 10))` is the set of 1 to 9."
    unpacked = outcome.kind == "TypeError" and "unpack non-iterable NoneType" in outcome.message \
        and unpacked_call(subject.tree())
    if unpacked:
        target, call = unpacked
        return (f"`{call}` gives None when no empty cell is left (the grid is solved), and None"
                f" cannot be split into `{target}`: first `cell = {call}`, then"
                f" `if cell is None: return grid`, and only then `{target} = cell`.")
    missing = re.search(r"name '(\w+)' is not defined", outcome.message)
    if outcome.kind == "NameError" and missing:
        return NOT_HERE.format(name=missing.group(1))
    return None


def kind_problem(subject: Subject, answer: Any, expected: Any) -> str | None:
    """A note when the answer is None or of the wrong kind (a list where a set is asked for),
    or a comparison that can never hold."""
    tree = subject.tree()  # read once: for the grader's subject each read asks the kernel
    if answer is None and expected is not None:
        method = in_place_result(tree)
        if method:
            also = " (`.discard(x)` on a set: no error when x is missing)" * (method == "remove")
            return (f"None: `.{method}(...)` changes its list or set where it is and gives back"
                    f" None; call it on a line of its own{also}, then use the list or set")
        if returns_a_value(tree) is False:  # unknown source: no guess
            return "None: the function has no `return` with a value; did it forget to `return` it?"
        return None
    if isinstance(answer, (set, frozenset)) and any(isinstance(v, range) for v in answer):
        return ("`{range(1, 10)}` is a set holding one thing, the range itself:"
                " `set(range(1, 10))` holds 1 to 9")
    if (isinstance(answer, (set, frozenset)) and isinstance(expected, (set, frozenset))
            and answer < expected):
        if returns_inside_loop(tree):
            return ("some numbers are missing, and your function has a `return` inside a loop:"
                    " it gives back its answer after the first round; put `return` after the"
                    " loops")
        if starts_inside_loop(tree):
            return ("some numbers are missing, and your function makes an empty set or list"
                    " inside a loop, so it starts again on each round: make it once, before"
                    " the loop")
    if compares_with_range(tree) and answer != expected:
        return ("a list or a set is never equal to `range(...)` itself (`[1, 2] == range(1, 3)`"
                " is False): compare with `list(range(...))` or `set(range(...))`")
    kinds = {type(canonical(answer)), type(canonical(expected))}
    if len(kinds) > 1 and expected is not None:
        return f"you returned {a_kind(answer)}; the answer is {a_kind(expected)}"
    return None


def a_kind(value: Any) -> str:
    """The kind of a value with its article, as said in English: 'a list', 'an int'."""
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def helper_problem(subject: Subject, case: Case) -> str | None:
    """When the function calls a student's own helper that is wrong on this grid, say so."""
    broken = broken_helper(subject, case)
    return broken[1] if broken else None


def broken_helper(subject: Subject, case: Case) -> tuple[str, str] | None:
    """The first of the student's own helpers that is wrong on this grid: (name, what)."""
    grid = case[0] if case else None
    if not is_grid(grid):
        return None
    for name, helper in subject.helpers().items():
        exercise = REGISTRY.get(name)
        if exercise is None or exercise.cases_on is None:
            continue
        helper_cases = list(exercise.cases_on(grid))
        for helper_case, outcome in zip(helper_cases, helper.run(helper_cases, TIME_LIMIT)):
            verdict = judge(exercise, helper, helper_case, outcome)
            if verdict is not None:
                call, *rest = verdict[1].splitlines()
                details = ", ".join(" ".join(line.replace(":", "").split()) for line in rest[:2])
                call = call.split(": ", 1)[-1]
                return name, (
                    f"your own {name} is wrong on this grid: {call} {details}."
                    + size_note(grid, exercise.package)
                )
    return None


def size_note(grid: list[list[int]], package: str) -> str:
    """For a grid other than 9x9: its region size, which code written for 3x3 regions misses."""
    n = len(grid)
    if n == 9:
        return ""
    from ..shape import Shape

    shape = Shape.for_size(n)
    return (
        f" This grid is {n}x{n} with {shape.box_rows}x{shape.box_cols} regions: code that"
        f" assumes 9 rows or 3x3 regions fails here. Use len(grid), or {package} instead."
    )


def show(value: Any) -> str:
    """A value as a student would write it: sets sorted, grids as one line of text."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(map(repr, sorted(value))) + "}" if value else "set()"
    if is_grid(value):
        return _short(value)
    return repr(value)


def check(function: Callable[..., Any], name: str | None = None) -> None:
    """Check a student's function and print the verdict in plain words."""
    print(run_checks(function, name))
