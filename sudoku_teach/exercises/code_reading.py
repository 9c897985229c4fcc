"""Reading a student's function to guess a likely mistake (no return, no undo, wrong helper)."""

from __future__ import annotations

import ast
import dis
import inspect
import textwrap
from collections.abc import Callable
from typing import Any


def source_tree(function: Callable[..., Any]) -> ast.AST | None:
    """A function's code as a syntax tree, to spot a likely mistake; None when it is unknown."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return None


def returns_a_value(tree: ast.AST | None) -> bool | None:
    """Whether a function's code has a `return` with a value; None when its source is unknown."""
    if tree is None:
        return None
    return any(
        isinstance(node, ast.Return) and node.value is not None
        and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        for node in ast.walk(tree)
    )


def called_functions(function: Callable[..., Any]) -> dict[str, Any]:
    """The names a function's code uses, with what they stand for (globals and closures)."""
    code = getattr(function, "__code__", None)
    if code is None:
        return {}
    loaded = {op.argval for op in dis.get_instructions(code) if op.opname == "LOAD_GLOBAL"}
    found = {name: function.__globals__.get(name) for name in loaded}
    for name, cell in zip(code.co_freevars, function.__closure__ or ()):
        try:
            found[name] = cell.cell_contents
        except ValueError:  # a name not bound yet
            continue
    return found
