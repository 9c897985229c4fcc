"""The package's shape, read from its source with `ast` (nothing is imported or run).

* No import cycles, counting every import: at the top of a module, inside a function, and
  under `TYPE_CHECKING` alike.
* Imports go down the layers, never up: the model never imports a view, a command or the
  teacher's tools. The one exception is a display hook (see `sudoku_teach.grid`): a
  function named `_repr_html_` or ending in `_html` may import `views.render` inside itself.
* The libraries of the screen (ipywidgets, anywidget, matplotlib, IPython) are imported
  only by the views, matplotlib also by the worksheet's PDF drawing, and IPython's display
  by the kernel side of grading (`exercises.remote`), which answers the grader as data.
* No `raise ValueError(...)`, `TypeError` or `IndexError` on purpose: every deliberate
  error is a `SudokuError` subclass whose message says what and where.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_teach"

LAYERS = [
    ("foundation", ["errors", "shape", "examples", "textfile", "formats"]),
    ("model", ["grid", "trace", "results", "rules", "elimination", "candidates", "steps",
               "techniques", "rule_solver", "search", "fast", "rating", "reductions"]),
    ("generate", ["generate"]),
    ("game", ["game"]),
    ("views", ["views"]),
    ("top", ["teacher", "exercises", "cli", "__main__", ""]),  # "" is the package itself
]
"""The layers, bottom first: a module may import its own layer and those below."""

SCREEN_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "matplotlib", "IPython"}
DISPLAY_HOOK_TARGET = "views.render"


def module_name(path: Path) -> str:
    """`grid`, `fast._cover`, `cli` (for cli/__init__.py) or "" for the package itself."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    """The index of a module's layer in `LAYERS`."""
    top = module.split(".")[0]
    for index, (_, members) in enumerate(LAYERS):
        if top in members:
            return index
    raise AssertionError(f"module {module!r} is in no layer: add it to LAYERS")


class Import:
    """One import of a package module: who imports what, where (line, enclosing function)."""

    def __init__(self, source: str, target: str, line: int, function: str | None) -> None:
        self.source, self.target, self.line, self.function = source, target, line, function

    def __repr__(self) -> str:
        inside = f" in {self.function}()" if self.function else ""
        return f"{self.source or 'sudoku_teach'} -> {self.target} (line {self.line}{inside})"

    @property
    def display_hook(self) -> bool:
        """A view imported inside a display hook, the one way the model may reach a view."""
        name = self.function or ""
        return self.target == DISPLAY_HOOK_TARGET and (
            name == "_repr_html_" or name.endswith("_html")
        )


def targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The package modules an import statement names (the package itself is "")."""
    is_package = MODULES[module].name == "__init__.py"
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
        return [name.removeprefix("sudoku_teach").lstrip(".") for name in names
                if name == "sudoku_teach" or name.startswith("sudoku_teach.")]
    if node.level:
        base = module.split(".") if module else []
        base = base if is_package else base[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join([*base, *([node.module] if node.module else [])])
    elif node.module and (node.module == "sudoku_teach" or node.module.startswith("sudoku_teach.")):
        prefix = node.module.removeprefix("sudoku_teach").lstrip(".")
    else:
        return []
    found = []
    for alias in node.names:
        submodule = f"{prefix}.{alias.name}".lstrip(".")
        found.append(submodule if submodule in MODULES else prefix)
    return found


def imports_of(module: str) -> tuple[list[Import], list[tuple[str, int, str | None]]]:
    """Every import of a package module, and every import of another library (name, line,
    function), found by walking the module's syntax tree."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    ours: list[Import] = []
    theirs: list[tuple[str, int, str | None]] = []

    def walk(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else function
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in targets(module, child):
                    ours.append(Import(module, target, child.lineno, function))
                names = [a.name for a in child.names] if isinstance(child, ast.Import) \
                    else [child.module or ""] if not child.level else []
                theirs.extend((name.split(".")[0], child.lineno, function) for name in names)
            walk(child, inside)

    walk(tree, None)
    return [i for i in ours if i.target != module], theirs


ALL_IMPORTS = {module: imports_of(module) for module in MODULES}


def graph() -> dict[str, set[str]]:
    """Who imports whom, display hooks left out (they run only once everything is loaded)."""
    edges: dict[str, set[str]] = {module: set() for module in MODULES}
    for module, (ours, _) in ALL_IMPORTS.items():
        for imp in ours:
            if not imp.display_hook:
                edges[module].add(imp.target)
    return edges


def tangles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round and round (the strongly
    connected components with more than one module; Kosaraju's two passes)."""
    order: list[str] = []
    seen: set[str] = set()

    def finish(module: str) -> None:
        seen.add(module)
        for target in sorted(edges.get(module, ())):
            if target not in seen:
                finish(target)
        order.append(module)

    for module in sorted(edges):
        if module not in seen:
            finish(module)
    reverse: dict[str, set[str]] = {module: set() for module in edges}
    for module, targets_ in edges.items():
        for target in targets_:
            reverse.setdefault(target, set()).add(module)
    groups, placed = [], set()
    for module in reversed(order):
        if module in placed:
            continue
        group, stack = [], [module]
        placed.add(module)
        while stack:
            current = stack.pop()
            group.append(current)
            for source in reverse[current] - placed:
                placed.add(source)
                stack.append(source)
        if len(group) > 1:
            groups.append(sorted(group))
    return sorted(groups)


def test_the_tangle_finder_finds_cycles_and_accepts_a_tree():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d", "a"}}
    assert tangles(edges) == [["a", "b", "c"], ["d", "e"]]
    assert tangles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_reader_sees_hidden_imports():
    """Imports under TYPE_CHECKING and inside functions count: the reader must see them."""
    module = "teacher.worksheet"
    seen = {imp.target for imp in ALL_IMPORTS[module][0]}
    assert "generate" in seen  # imported inside a function
    assert any(imp.display_hook for imp in ALL_IMPORTS["grid"][0])


def test_no_import_cycles():
    found = tangles(graph())
    assert not found, "modules that import each other: " + "; ".join(
        " <-> ".join(m or "sudoku_teach" for m in group) for group in found
    )


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module):
    ours, _ = ALL_IMPORTS[module]
    upward = [imp for imp in ours
              if layer_of(imp.target) > layer_of(module) and not imp.display_hook]
    assert not upward, f"imports from a higher layer: {upward}"


def test_a_view_below_the_views_only_in_a_display_hook():
    hooks = [imp for ours, _ in ALL_IMPORTS.values() for imp in ours if imp.display_hook
             and layer_of(imp.source) < layer_of("views")]
    assert hooks, "the display hooks are found"
    for imp in hooks:
        assert imp.function is not None  # never at the top of a module


@pytest.mark.parametrize("module", sorted(MODULES))
def test_screen_libraries_only_in_the_views(module):
    _, theirs = ALL_IMPORTS[module]
    allowed = set()
    if module.split(".")[0] == "views":
        allowed = SCREEN_LIBRARIES
    elif module == "teacher.worksheet":
        allowed = {"matplotlib"}
    elif module == "exercises.remote":  # the kernel side of grading answers on IPython's
        allowed = {"IPython"}  # display channel: data for the grader, nothing on a screen
    wrong = [(name, line) for name, line, _ in theirs
             if name in SCREEN_LIBRARIES and name not in allowed]
    assert not wrong, f"{module} imports a screen library: {wrong}"


BARE = {"ValueError", "TypeError", "IndexError", "KeyError"}


def bare_raises(path: Path) -> list[tuple[int, str]]:
    """Each `raise ValueError(...)` (or TypeError, IndexError, KeyError) in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(exc, ast.Name) and exc.id in BARE:
                found.append((node.lineno, exc.id))
    return sorted(found)


def test_the_raise_reader_finds_a_bare_raise(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(x):\n    if x:\n        raise ValueError('no')\n    raise KeyError\n")
    assert bare_raises(sample) == [(3, "ValueError"), (4, "KeyError")]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_bare_errors_raised_on_purpose(module):
    found = bare_raises(MODULES[module])
    assert not found, (
        f"{module} raises plain errors at {found}: raise a SudokuError subclass"
        " (sudoku_teach/errors.py) whose message says what and where"
    )


def test_every_subpackage_says_what_its_layer_is():
    for init in PACKAGE.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 8, f"{init.parent.name}/__init__.py needs a docstring"
