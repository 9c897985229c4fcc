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


IN_PLACE = {"append", "extend", "insert", "remove", "sort", "reverse", "clear", "add",
            "discard", "update"}
"""Methods that change a list or a set where it is and give back None."""


def in_place_result(tree: ast.AST | None) -> str | None:
    """The first in-place method whose result the code keeps (`return s.remove(0)`,
    `row = row.sort()`): a beginner's None; None when there is none or no source."""
    for node in ast.walk(tree) if tree is not None else ():
        value = node.value if isinstance(node, (ast.Return, ast.Assign)) else None
        if (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                and value.func.attr in IN_PLACE):
            return value.func.attr
    return None


def calls_method(tree: ast.AST | None, name: str) -> bool:
    """Whether the code calls a method of that name anywhere (`s.remove(0)`)."""
    return tree is not None and any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        and node.func.attr == name
        for node in ast.walk(tree)
    )


def compares_with_range(tree: ast.AST | None) -> bool:
    """Whether the code tests something for equality with `range(...)` itself, which no
    list or set ever equals."""
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq))
                                                 for op in node.ops):
            sides = [node.left, *node.comparators]
            if any(isinstance(side, ast.Call) and isinstance(side.func, ast.Name)
                   and side.func.id == "range" for side in sides):
                return True
    return False


def loops(tree: ast.AST | None) -> list[ast.For | ast.While]:
    """Every `for` and `while` loop of the code, nested ones too; none when it is unknown."""
    return [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))] if tree else []


def returns_inside_loop(tree: ast.AST | None) -> bool:
    """Whether the code has a `return` inside a `for` or `while` loop (right for a search,
    a slip where every round should add to the answer)."""
    return any(isinstance(node, ast.Return) for loop in loops(tree) for node in ast.walk(loop))


def starts_inside_loop(tree: ast.AST | None) -> bool:
    """Whether the code makes an empty set, list or dict inside a loop (`numbers = set()`):
    a collection that starts again on every round."""
    for loop in loops(tree):
        for node in (n for body in loop.body for n in ast.walk(body)):
            value = node.value if isinstance(node, ast.Assign) else None
            empty_call = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                          and value.func.id in ("set", "list", "dict") and not value.args)
            empty_literal = isinstance(value, (ast.List, ast.Dict)) and not (
                value.elts if isinstance(value, ast.List) else value.keys)
            if empty_call or empty_literal:
                return True
    return False
