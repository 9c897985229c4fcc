"""The student's function as the checks see it: something to call, read and probe.

A check never holds the student's function itself, only a `Subject`: here, in the student's
own notebook, a `LocalSubject` wraps the function; in the teacher's grader a
`remote.RemoteSubject` sends the same questions to the student's kernel and gets the
answers back as data. Either way the judging (`framework.judge`) is the same code.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Protocol

from .code_reading import called_functions, source_tree
from .watchdog import TimeUp, time_limit

Case = tuple[Any, ...]
"""The arguments of one call."""
Cell = tuple[int, int]

NOT_IMPLEMENTED, TOO_SLOW, RECURSION, RAISED = "not implemented", "too slow", "recursion", "raised"
"""The ways a call can end without an answer (`Outcome.error`)."""
MAX_CALLS = 10_000
"""The most calls `own_calls` writes down (a recursion's first ones show what it passes)."""


@dataclass(frozen=True)
class Outcome:
    """What one call did: its answer and its arguments afterwards, or how it failed."""

    answer: Any = None
    after: Case = ()
    """The arguments as the function left them (a check sees whether it changed them)."""
    error: str = ""
    """"" when it returned, else NOT_IMPLEMENTED, TOO_SLOW, RECURSION or RAISED."""
    kind: str = ""
    """The exception's type name, when it raised one."""
    message: str = ""
    raised_in: str | None = None
    """The student's function whose code raised, when it was not the one called (a helper
    it calls: unwritten, or with the mistake)."""


class Subject(Protocol):
    """A student's function, wherever it runs: called on cases, read, probed."""

    name: str

    def run(self, cases: Sequence[Case], limit: float) -> Iterator[Outcome]:
        """Call it on each case in turn (a copy of it); stop after one not written or too slow."""
        ...

    def first_write(self, grid: list[list[int]], limit: float) -> Cell | None:
        """The first cell a solver writes a number into, on a copy of the grid."""
        ...

    def own_calls(self, case: Case, limit: float) -> list[Case]:
        """The arguments of every call it makes to itself on a copy of `case`, lists left out
        (None in their place): what a recursion passes down."""
        ...

    def tree(self) -> ast.AST | None:
        """Its source code as a syntax tree; None when it is unknown."""
        ...

    def helpers(self) -> dict[str, Subject]:
        """The student's own functions it calls, by name (not the package's)."""
        ...


def stops_the_check(outcome: Outcome) -> bool:
    """Whether the other cases are not worth calling (nothing written yet, or an endless loop)."""
    return outcome.error in (NOT_IMPLEMENTED, TOO_SLOW)


def call(function: Callable[..., Any], case: Case, limit: float) -> Outcome:
    """Call a function on a copy of the case, within a time limit, and say what happened."""
    given = copy.deepcopy(case)
    try:
        with time_limit(limit):
            answer = function(*given)
    except NotImplementedError as error:
        return Outcome(after=given, error=NOT_IMPLEMENTED, kind="NotImplementedError",
                       message=str(error), raised_in=raised_elsewhere(error, function))
    except TimeUp:
        return Outcome(after=given, error=TOO_SLOW)
    except RecursionError as error:
        return Outcome(after=given, error=RECURSION, kind="RecursionError", message=str(error))
    except Exception as error:  # the student's code may fail in any way; say how and where
        return Outcome(after=given, error=RAISED, kind=type(error).__name__, message=str(error),
                       raised_in=raised_elsewhere(error, function))
    except SystemExit as error:  # exit() would stop the check, or the kernel, with no word
        return Outcome(after=given, error=RAISED, kind="SystemExit",
                       message="it called exit(): a function returns its answer instead",
                       raised_in=raised_elsewhere(error, function))
    return Outcome(answer=answer, after=given)


def raised_elsewhere(error: BaseException, function: Callable[..., Any]) -> str | None:
    """The name of the student's other function (a helper it calls) that raised an error;
    None if `function` raised it.

    The last function of the traceback from the student's own namespace (the notebook's)
    is where the mistake is: the package or Python may raise further in, on its behalf. A
    generator expression, comprehension or lambda counts as the function it is written in.
    """
    home = getattr(function, "__globals__", None)
    code = None
    trace = error.__traceback__
    while trace is not None:
        frame = trace.tb_frame
        named = not frame.f_code.co_name.startswith("<")
        student = frame.f_globals is home if home is not None else frame.f_globals is not globals()
        if student and named:
            code = frame.f_code
        trace = trace.tb_next
    if code is None or code is getattr(function, "__code__", None):
        return None
    return code.co_name


class FirstWrite(Exception):
    """Raised by a watched row at the first number written: the search order is known then."""


class WatchedRow(list[int]):
    """A row that notes the first cell a solver fills, then stops the solver."""

    def __init__(self, values: list[int], row: int, log: list[Cell]) -> None:
        super().__init__(values)
        self.row, self.log = row, log

    def __setitem__(self, col: Any, value: Any) -> None:
        super().__setitem__(col, value)
        if value:
            self.log.append((self.row, col))
            raise FirstWrite


@dataclass
class LocalSubject:
    """A function in this very Python: the student's notebook, or the grader's own tests."""

    function: Callable[..., Any]
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.name or getattr(self.function, "__name__", "")

    def run(self, cases: Sequence[Case], limit: float) -> Iterator[Outcome]:
        """Call the function on each case in turn; stop after one not written or too slow."""
        for case in cases:
            outcome = call(self.function, case, limit)
            yield outcome
            if stops_the_check(outcome):
                return

    def first_write(self, grid: list[list[int]], limit: float) -> Cell | None:
        """The first cell the function writes a number into, on watched rows."""
        log: list[Cell] = []
        watched = [WatchedRow(list(row), r, log) for r, row in enumerate(grid)]
        with suppress(Exception), time_limit(limit):  # FirstWrite, or code that fails here
            self.function(watched)
        return log[0] if log else None

    def own_calls(self, case: Case, limit: float) -> list[Case]:
        """The arguments of the calls it makes to itself, seen by putting a recorder in place
        of its name for one call (the name is given back afterwards)."""
        function = self.function
        calls: list[Case] = []
        name, namespace = getattr(function, "__name__", ""), getattr(function, "__globals__", {})
        if namespace.get(name) is not function:  # it reaches itself some other way, if at all
            return []

        def recorder(*args: Any) -> Any:
            if len(calls) < MAX_CALLS:
                calls.append(tuple(None if isinstance(arg, list) else arg for arg in args))
            return function(*args)

        namespace[name] = recorder
        try:
            with suppress(Exception), time_limit(limit):  # code that fails here, or too slow
                function(*copy.deepcopy(case))
        finally:
            namespace[name] = function
        return calls

    def tree(self) -> ast.AST | None:
        """The function's source code as a syntax tree; None when it is unknown."""
        return source_tree(self.function)

    def helpers(self) -> dict[str, Subject]:
        """The functions it calls that are not the package's, by name."""
        return {
            name: LocalSubject(helper, name)
            for name, helper in called_functions(self.function).items()
            if callable(helper)
            and not (getattr(helper, "__module__", "") or "").startswith("sudoku_teach")
        }
