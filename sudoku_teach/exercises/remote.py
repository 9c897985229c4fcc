"""The checks across a kernel boundary: the grader asks, the student's kernel only answers.

The grader keeps the cases and the expected answers and judges with `framework.judge`, the
same code as `check()`. It sends the student's kernel one request at a time, as JSON text:
"call `region_of` on these arguments", "show me its source", as an expression whose value
comes back in the kernel's reply: `serve` answers with data (`wire`). Whatever the
student's code does in its kernel (write records, patch the package, replace `serve`), the
grader only ever receives data, which it reads strictly and judges itself.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import wire
from .subject import Case, Cell, LocalSubject, Outcome, Subject, stops_the_check

MESSAGE_LENGTH = 500
"""The most of an exception's message that comes back."""
SOURCE_LENGTH = 100_000
VALUE_LENGTH = 200_000
"""The most one answer may take as JSON text (a 9x9 grid takes under 400)."""

Send = Callable[[dict[str, Any]], dict[str, Any]]
"""Sends one request to the student's kernel and returns its reply (raises when it cannot)."""

CHECKED: dict[str, Callable[..., Any]] = {}
"""The function each `check()` was last given, by exercise name: the grader's choice when the
notebook has no function of the exercise's name (`check(my_try, "region_of")`)."""


# --- in the student's kernel --------------------------------------------------------------
def request_code(request: dict[str, Any]) -> str:
    """The expression the grader has the kernel evaluate to ask one thing."""
    module = "__import__('sudoku_teach.exercises.remote').exercises.remote"
    return f"{module}.serve({json.dumps(request)!r})"


def serve(request: str) -> str:
    """Answer one of the grader's requests, as JSON text (the grader reads it as data)."""
    return json.dumps(answer(json.loads(request)))


def user_function(name: str) -> Any:
    """The notebook's function of that name as it stands, else the one a check was given."""
    found = getattr(sys.modules.get("__main__"), name, None)
    return found if callable(found) else CHECKED.get(name, found)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The reply to one request, as plain data."""
    function = user_function(request["name"])
    if not callable(function):
        return {"defined": function is not None, "callable": False}
    subject = LocalSubject(function, request["name"])
    if request["op"] == "run":
        cases = [tuple(wire.from_data(case)) for case in request["cases"]]
        return {"outcomes": [outcome_data(o) for o in subject.run(cases, request["limit"])]}
    if request["op"] == "first_write":
        return {"cell": wire.to_data(subject.first_write(request["grid"], request["limit"]))}
    if request["op"] == "own_calls":
        case = tuple(wire.from_data(request["case"]))
        return {"calls": [wire.to_data(c) for c in subject.own_calls(case, request["limit"])]}
    if request["op"] == "source":
        tree = subject.tree()
        return {"source": ast.unparse(tree)[:SOURCE_LENGTH] if tree is not None else None}
    if request["op"] == "helpers":
        return {"names": sorted(subject.helpers())}
    return {"callable": True}


def bounded(value: Any) -> Any:
    """A value as data, or an opaque marker when it is too large to send."""
    data = wire.to_data(value)
    size = len(json.dumps(data))
    if size <= VALUE_LENGTH:
        return data
    return {"$opaque": [type(value).__name__, f"(too large to send: {size} characters)"]}


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """One call's outcome as data."""
    return {
        "answer": bounded(outcome.answer),
        "after": bounded(tuple(outcome.after)),
        "error": outcome.error,
        "kind": outcome.kind[:80],
        "message": outcome.message[:MESSAGE_LENGTH],
        "raised_in": outcome.raised_in,
    }


# --- in the grader ------------------------------------------------------------------------
def outcome_from(data: Any) -> Outcome:
    """An outcome from a kernel's reply, read strictly (anything odd is a WireError)."""
    if not isinstance(data, dict):
        raise wire.WireError("an outcome that is not a table")
    fields = [data.get(key) for key in ("error", "kind", "message")]
    texts = [text for text in fields if isinstance(text, str)]
    raised_in = data.get("raised_in")
    if len(texts) != 3 or not isinstance(raised_in, (str, type(None))):
        raise wire.WireError("an outcome with odd fields")
    if texts[0] not in ("", "not implemented", "too slow", "recursion", "raised"):
        raise wire.WireError(f"an outcome of no known kind: {texts[0][:40]!r}")
    after = wire.from_data(data.get("after", {"$tuple": []}))
    if not isinstance(after, tuple):
        raise wire.WireError("arguments that are not a tuple")
    error, kind, message = (t[:MESSAGE_LENGTH] for t in texts)
    return Outcome(wire.from_data(data.get("answer")), after, error, kind, message,
                   raised_in and raised_in[:80])


@dataclass
class RemoteSubject:
    """A student's function in their own kernel, reached through `send`."""

    name: str
    send: Send

    def ask(self, op: str, **details: Any) -> dict[str, Any]:
        """One request about this function; its reply must be a table."""
        reply = self.send({"op": op, "name": self.name, **details})
        if not isinstance(reply, dict):
            raise wire.WireError("a reply that is not a table")
        return reply

    def defined(self) -> bool:
        """Whether the kernel has a function of this name."""
        return self.ask("exists").get("callable") is True

    def run(self, cases: Sequence[Case], limit: float) -> Iterator[Outcome]:
        """Every case in one request; the kernel stops where a local run would."""
        reply = self.ask("run", cases=[wire.to_data(tuple(c)) for c in cases], limit=limit)
        outcomes = reply.get("outcomes")
        if not isinstance(outcomes, list) or len(outcomes) > len(cases):
            raise wire.WireError("a reply without one outcome per case")
        for data in outcomes:
            outcome = outcome_from(data)
            yield outcome
            if stops_the_check(outcome):
                return

    def first_write(self, grid: list[list[int]], limit: float) -> Cell | None:
        """The first cell the function fills, as the kernel saw it."""
        cell = wire.from_data(self.ask("first_write", grid=grid, limit=limit).get("cell"))
        if cell is None:
            return None
        if isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
            return (cell[0], cell[1])
        raise wire.WireError("a cell that is not (row, col)")

    def own_calls(self, case: Case, limit: float) -> list[Case]:
        """The arguments of the calls it made to itself, as the kernel saw them."""
        reply = self.ask("own_calls", case=wire.to_data(case), limit=limit)
        return [tuple(wire.from_data(call)) for call in reply.get("calls", [])]

    def tree(self) -> ast.AST | None:
        """The function's source, sent as text and parsed here (never run)."""
        source = self.ask("source").get("source")
        if not isinstance(source, str) or len(source) > SOURCE_LENGTH:
            return None
        try:
            return ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None

    def helpers(self) -> dict[str, Subject]:
        """The student's own functions it calls, reached the same way."""
        names = self.ask("helpers").get("names")
        if not isinstance(names, list):
            return {}
        return {n: RemoteSubject(n, self.send) for n in names[:50] if isinstance(n, str)}
