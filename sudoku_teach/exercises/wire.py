"""Values as plain JSON data, to cross from the grader to a student's kernel and back.

JSON has lists, but the checks also tell tuples, sets and dicts with tuple keys apart, so
those are wrapped (`{"$set": [...]}`). Reading is strict and never builds anything but
plain values: whatever a student's kernel sends back is data, limited in size and depth;
a value of any other kind arrives as an `Opaque` (its type name and a short repr), which
equals nothing the checks expect.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

MAX_BYTES = 4_000_000
"""The most a reply from a student's kernel may hold."""
MAX_DEPTH = 40
"""How deeply values may nest (a grid is 2 deep)."""
REPR_LENGTH = 200


class WireError(ValueError):
    """A reply that is not data these checks sent or expect."""


@dataclass(frozen=True)
class Opaque:
    """A value of a kind that cannot cross as data: its type name and how it printed."""

    kind: str
    text: str

    def __repr__(self) -> str:
        return self.text


def _known() -> dict[str, type]:
    """The few of the package's own value types that exercises pass (a game's `Change`)."""
    from ..game import Change

    return {"Change": Change}


def to_data(value: Any, depth: int = 0) -> Any:
    """A value as JSON-ready data; what is not plain data becomes an opaque marker."""
    if depth > MAX_DEPTH:
        return {"$opaque": [type(value).__name__, "(nested too deeply)"]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value if type(value) in (bool, int, float, str, type(None)) else _opaque(value)
    if type(value) is list:
        return [to_data(item, depth + 1) for item in value]
    if type(value) is tuple:
        return {"$tuple": [to_data(item, depth + 1) for item in value]}
    if type(value) in (set, frozenset):
        return {"$set": [to_data(item, depth + 1) for item in value]}
    if type(value) is dict:
        return {"$dict": [[to_data(k, depth + 1), to_data(v, depth + 1)] for k, v in value.items()]}
    known = _known().get(type(value).__name__)
    if type(value) is known and is_dataclass(value):
        state = {f.name: to_data(getattr(value, f.name), depth + 1) for f in fields(value)}
        return {"$object": [type(value).__name__, state]}
    return _opaque(value)


def _opaque(value: Any) -> dict[str, Any]:
    """The marker for a value that is not plain data: its type and a short repr."""
    try:
        text = repr(value)[:REPR_LENGTH]
    except Exception:  # a repr that fails is the student's business, not the grader's
        text = f"<{type(value).__name__}>"
    return {"$opaque": [type(value).__name__, text]}


def from_data(data: Any, depth: int = 0) -> Any:
    """Plain values from data made by `to_data`; anything else raises WireError."""
    if depth > MAX_DEPTH + 1:
        raise WireError("nested too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [from_data(item, depth + 1) for item in data]
    if not isinstance(data, dict) or len(data) != 1:
        raise WireError(f"not a value: {str(data)[:80]}")
    [(tag, body)] = data.items()
    if tag == "$opaque" and _strings(body, 2):
        return Opaque(body[0], body[1][:REPR_LENGTH])
    if not isinstance(body, list):
        raise WireError(f"not a value: {tag}")
    if tag == "$tuple":
        return tuple(from_data(item, depth + 1) for item in body)
    inner = depth + 1
    if tag == "$set":
        return _hashable(lambda: {from_data(item, inner) for item in body})
    if tag == "$dict" and all(isinstance(pair, list) and len(pair) == 2 for pair in body):
        return _hashable(lambda: {from_data(k, inner): from_data(v, inner) for k, v in body})
    if tag == "$object" and len(body) == 2 and body[0] in _known() and isinstance(body[1], dict):
        kind = _known()[body[0]]
        if set(body[1]) <= {f.name for f in fields(kind)}:
            return _hashable(lambda: kind(**{k: from_data(v, inner) for k, v in body[1].items()}))
    raise WireError(f"not a value: {tag}")


def _strings(body: Any, count: int) -> bool:
    """Whether a body is a list of `count` strings."""
    return isinstance(body, list) and len(body) == count and all(isinstance(s, str) for s in body)


def _hashable(build: Any) -> Any:
    """Build a set, dict or object; items that cannot be in a set are a WireError."""
    try:
        return build()
    except TypeError as error:
        raise WireError(str(error)) from None


def dumps(value: Any) -> str:
    """A value as one line of JSON text."""
    return json.dumps(to_data(value), allow_nan=True)


def loads(text: str) -> Any:
    """A value from JSON text sent by a kernel, within the size and depth limits."""
    if len(text) > MAX_BYTES:
        raise WireError(f"a reply of {len(text)} characters, more than {MAX_BYTES}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise WireError(f"not JSON: {str(error)[:80]}") from None
    return from_data(data)
