"""Tampering: a notebook that patches the checks' machinery is found out and put back.

The grader runs `guard()` in the student's kernel before the notebook: it keeps every
function and class of the modules that answer the grader, and the function it returns puts
them back before each answer and says what the notebook had changed. This module sits above
all of them (it imports them as they are), so the modules it keeps need not know of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import code_reading, framework, remote, subject, watchdog, wire
from .framework import REGISTRY
from .remote import serve

MACHINERY: tuple[ModuleType, ...] = (json, wire, subject, watchdog, code_reading, remote,
                                     framework)
"""The modules whose functions answer the grader (and the checks'): kept by `guard`."""


def machinery() -> dict[tuple[Any, str], Any]:
    """Every function and class of the answering modules, and their classes' methods, now."""
    kept: dict[tuple[Any, str], Any] = {}
    for module in MACHINERY:
        for key, value in list(vars(module).items()):
            if key.startswith("__") or not callable(value):
                continue
            kept[(module, key)] = value
            if isinstance(value, type) and value.__module__ == module.__name__:
                kept.update(((value, attr), method) for attr, method in vars(value).items()
                            if callable(method) and attr != "__class__")
    return kept


def guard() -> Callable[[str], str]:
    """Keep the answering machinery as it is (before the notebook runs): the function returned
    puts it back, says what the notebook had changed, then answers one of the grader's requests.

    Tampering changes no verdict (the grader judges by itself); this only lets the grader say
    that it happened, and judge the notebook's honest exercises through unchanged code.
    """
    kept, registry, answer_one = machinery(), dict(REGISTRY), serve

    def guarded(request: str) -> str:
        changed = sorted({label(owner, name) for (owner, name), value in kept.items()
                          if vars(owner).get(name) is not value})
        if registry != REGISTRY:
            changed.append("framework.REGISTRY")
        for (owner, name), value in kept.items():
            if vars(owner).get(name) is not value:
                setattr(owner, name, value)
        REGISTRY.clear()
        REGISTRY.update(registry)
        reply = json.loads(answer_one(request))
        reply["tampered"] = changed
        return json.dumps(reply)

    return guarded


def label(owner: Any, name: str) -> str:
    """`remote.serve`, `LocalSubject.run`: a changed name as a teacher reads it."""
    return f"{getattr(owner, '__name__', '?').rsplit('.', 1)[-1]}.{name}"
