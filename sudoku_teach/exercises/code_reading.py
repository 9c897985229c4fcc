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


def unpacked_call(tree: ast.AST | None) -> tuple[str, str] | None:
    """The first `row, col = some_call(...)` of the code, as (target, call) text: where a
    None answer (no cell left) cannot be unpacked."""
    for node in ast.walk(tree) if tree is not None else ():
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)
                and isinstance(node.value, ast.Call)):
            names = ", ".join(ast.unparse(name) for name in node.targets[0].elts)
            return names, ast.unparse(node.value)
    return None


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


def is_empty_collection(value: ast.AST | None) -> bool:
    """Whether a value is a new empty set, list or dict (`set()`, `[]`, `{}`)."""
    empty_call = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                  and value.func.id in ("set", "list", "dict") and not value.args)
    empty_literal = isinstance(value, (ast.List, ast.Dict)) and not (
        value.elts if isinstance(value, ast.List) else value.keys)
    return empty_call or empty_literal


def starts_inside_loop(tree: ast.AST | None) -> bool:
    """Whether the code makes an empty set, list or dict inside a loop (`numbers = set()`):
    a collection that starts again on every round."""
    return any(
        isinstance(node, ast.Assign) and is_empty_collection(node.value)
        for loop in loops(tree) for body in loop.body for node in ast.walk(body)
    )


FILLS = {"append", "extend", "insert", "add", "update"}
"""Methods that put more into a list or a set."""


def judged_names(nodes: list[ast.AST]) -> set[str]:
    """Names whose whole value the code looks at (`sorted(unit)`, `len(seen)`, `unit == ...`),
    not one member (`v in seen`)."""
    found = set()
    for node in nodes:
        if isinstance(node, ast.Call):
            found |= {arg.id for arg in node.args if isinstance(arg, ast.Name)}
        if isinstance(node, ast.Compare) and not all(
                isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            sides = [node.left, *node.comparators]
            found |= {side.id for side in sides if isinstance(side, ast.Name)}
    return found


def keeps_growing(tree: ast.AST | None) -> tuple[str, str] | None:
    """A collection made empty once, before a loop, that each round of the loop fills and
    looks at, never made empty again: it still holds the rounds before. Its name and its
    empty value (`("unit", "[]")`); None when there is none."""
    if tree is None:
        return None
    made = {target.id: ast.unparse(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and is_empty_collection(node.value)
            for target in node.targets if isinstance(target, ast.Name)}
    for loop in loops(tree):
        inside = [node for body in loop.body for node in ast.walk(body)]
        filled = {node.func.value.id for node in inside if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Attribute) and node.func.attr in FILLS
                  and isinstance(node.func.value, ast.Name)}
        filled |= {node.target.id for node in inside
                   if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name)}
        restarted = {target.id for node in inside if isinstance(node, ast.Assign)
                     for target in node.targets if isinstance(target, ast.Name)}
        for name in sorted((filled & judged_names(inside) & made.keys()) - restarted):
            return name, made[name]
    return None
