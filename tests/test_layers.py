"""The package's shape, read from its source with `ast` (nothing is imported or run).

* No import cycles, counting every import: at the top of a module, inside a function, under
  `TYPE_CHECKING`, and dynamic ones (`importlib.import_module("...")`, `__import__("...")`).
* Imports go down the layers, never up: the model never imports a view, a command or the
  teacher's tools, and inside the model the layers are ordered too (a grid knows nothing of
  rules, rules nothing of solvers). The one exception is a display hook, named by module
  AND function in `DISPLAY_HOOKS` (see `sudoku_teach.grid`): it may import `views.render`
  inside itself. A dynamic import whose name is not a plain string is allowed only where
  `DYNAMIC_IMPORTS` names it.
* The libraries of the screen (ipywidgets, anywidget, matplotlib, IPython) are imported
  only by the views, matplotlib also by the worksheet's PDF drawing, and IPython's display
  by the kernel side of grading (`exercises.remote`), which answers the grader as data.
* No `raise ValueError(...)`, `TypeError` or `IndexError` on purpose: every deliberate
  error is a `SudokuError` subclass whose message says what and where.

Every rule is checked by `problems(folder)`, which a test also runs on copies of the package
with a loophole planted, so that each planted one is seen to fail.
"""

from __future__ import annotations

import ast
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_teach"

LAYERS = [
    ("foundation", ["errors", "shape", "examples", "textfile", "formats"]),
    # The model, in its own ordered layers: the board, then what reads it...
    ("model: the grid", ["grid"]),
    ("model: rules and traces", ["rules", "trace"]),
    ("model: results", ["results"]),
    ("model: candidates", ["elimination", "candidates"]),
    ("model: steps", ["steps", "techniques"]),
    ("model: solvers", ["rule_solver", "search", "fast", "reductions"]),
    ("model: rating", ["rating"]),
    # ...and what is built on the model.
    ("generate", ["generate"]),
    ("game", ["game"]),
    ("views", ["views"]),
    ("top", ["teacher", "exercises", "cli", "__main__", ""]),  # "" is the package itself
]
"""The layers, bottom first: a module may import its own layer and those below."""

SCREEN_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "matplotlib", "IPython"}
DISPLAY_HOOK_TARGET = "views.render"
DISPLAY_HOOKS = {
    ("grid", "Grid._repr_html_"),
    ("candidates", "CandidateGrid._repr_html_"),
    ("rule_solver", "RuleSolve.board_html"),
    ("rating", "Rating.step_html"),
}
"""(module, function): the only places below the views that may import `views.render`."""
DYNAMIC_IMPORTS = {("teacher.grading", "lessons")}
"""(module, function): the only dynamic imports of a name built at run time (exercises.*)."""
IMPORT_FUNCTIONS = {"import_module", "__import__"}
UNKNOWN = "?"
"""The target of a dynamic import whose name is not a plain string."""


def module_name(package: Path, path: Path) -> str:
    """`grid`, `fast._cover`, `cli` (for cli/__init__.py) or "" for the package itself."""
    parts = list(path.relative_to(package).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(package: Path) -> dict[str, Path]:
    """Every module of a package folder, by name."""
    return {module_name(package, path): path for path in sorted(package.rglob("*.py"))}


MODULES = modules_of(PACKAGE)


def layer_of(module: str) -> int:
    """The index of a module's layer in `LAYERS`."""
    top = module.split(".")[0]
    for index, (_, members) in enumerate(LAYERS):
        if top in members:
            return index
    raise AssertionError(f"module {module!r} is in no layer: add it to LAYERS")


@dataclass(frozen=True)
class Import:
    """One import of a package module: who imports what, where (line, enclosing function)."""

    source: str
    target: str
    line: int
    function: str | None  # qualified: "Grid._repr_html_"

    def __repr__(self) -> str:
        inside = f" in {self.function}()" if self.function else ""
        return f"{self.source or 'sudoku_teach'} -> {self.target} (line {self.line}{inside})"

    @property
    def display_hook(self) -> bool:
        """A view imported inside a named display hook, the one way the model reaches a view."""
        return self.target == DISPLAY_HOOK_TARGET and (self.source, self.function) in DISPLAY_HOOKS

    @property
    def known_dynamic(self) -> bool:
        """A dynamic import of a name built at run time, where `DYNAMIC_IMPORTS` allows one."""
        return self.target == UNKNOWN and (self.source, self.function) in DYNAMIC_IMPORTS


def ours_named(name: str, modules: dict[str, Path]) -> str | None:
    """The package module an absolute name means ("" for the package), None if not ours."""
    if name != "sudoku_teach" and not name.startswith("sudoku_teach."):
        return None
    inside = name.removeprefix("sudoku_teach").lstrip(".")
    while inside and inside not in modules:
        inside = inside.rpartition(".")[0]
    return inside


def relative_base(module: str, level: int, modules: dict[str, Path]) -> str:
    """The package a relative import with `level` dots starts from."""
    base = module.split(".") if module else []
    base = base if modules[module].name == "__init__.py" else base[:-1]
    return ".".join(base[: len(base) - (level - 1)])


def targets(module: str, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[str]:
    """The package modules an import statement names (the package itself is "")."""
    if isinstance(node, ast.Import):
        named = (ours_named(alias.name, modules) for alias in node.names)
        return [name for name in named if name is not None]
    if node.level:
        base = relative_base(module, node.level, modules)
        prefix = ".".join(part for part in (base, node.module or "") if part)
    else:
        found = ours_named(node.module or "", modules)
        if found is None:
            return []
        prefix = found
    names = (f"{prefix}.{alias.name}".lstrip(".") for alias in node.names)
    return [name if name in modules else prefix for name in names]


def dynamic_name(module: str, call: ast.Call, modules: dict[str, Path]) -> str | None:
    """What `import_module(name, package)` or `__import__(name)` loads, as an absolute name;
    None when the name is not a plain string (built at run time)."""
    args = list(call.args) + [k.value for k in call.keywords if k.arg in ("name", "package")]
    if not args or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str):
        return None
    name = args[0].value
    if not name.startswith("."):
        return name
    package = args[1].value if len(args) > 1 and isinstance(args[1], ast.Constant) else None
    if not isinstance(package, str):
        return None
    dots = len(name) - len(name.lstrip("."))
    base = package.split(".")[: len(package.split(".")) - (dots - 1)]
    return ".".join([*base, name.lstrip(".")]).rstrip(".")


def is_import_call(node: ast.AST, aliases: set[str]) -> bool:
    """A call of `importlib.import_module`, `__import__` or a name bound to one of them."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr in IMPORT_FUNCTIONS
    return isinstance(func, ast.Name) and (func.id in IMPORT_FUNCTIONS or func.id in aliases)


@cache
def parsed(source: str) -> ast.Module:
    """A module's syntax tree (read once per text: the planted copies reuse the rest)."""
    return ast.parse(source)


Library = tuple[str, int, str | None]
"""Another library imported: its top name, the line, the enclosing function."""


def imports_of(module: str, modules: dict[str, Path]) -> tuple[list[Import], list[Library]]:
    """Every import of a package module, and every import of another library, found by
    walking the module's syntax tree (static imports and dynamic ones alike)."""
    tree = parsed(modules[module].read_text(encoding="utf-8"))
    ours: list[Import] = []
    theirs: list[Library] = []
    aliases = {alias.asname or alias.name for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and node.module == "importlib"
               for alias in node.names if alias.name in IMPORT_FUNCTIONS}

    def note(name: str, line: int, function: str | None) -> None:
        found = ours_named(name, modules)
        if found is None:
            theirs.append((name.split(".")[0], line, function))
        else:
            ours.append(Import(module, found, line, function))

    def walk(node: ast.AST, function: str | None, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside, path = function, scope
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                path = f"{scope}.{child.name}".lstrip(".")
                inside = function if isinstance(child, ast.ClassDef) else path
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in targets(module, child, modules):
                    ours.append(Import(module, target, child.lineno, function))
                names = [a.name for a in child.names] if isinstance(child, ast.Import) \
                    else [child.module or ""] if not child.level else []
                theirs.extend((name.split(".")[0], child.lineno, function) for name in names)
            if is_import_call(child, aliases):
                assert isinstance(child, ast.Call)
                name = dynamic_name(module, child, modules)
                if name is None:
                    ours.append(Import(module, UNKNOWN, child.lineno, function))
                else:
                    note(name, child.lineno, function)
            walk(child, inside, path)

    walk(tree, None, "")
    return [i for i in ours if i.target != module], theirs


def all_imports(modules: dict[str, Path]) -> dict[str, tuple[list[Import], list[Library]]]:
    """The imports of every module of a package."""
    return {module: imports_of(module, modules) for module in modules}


ALL_IMPORTS = all_imports(MODULES)


def graph(imports: dict[str, tuple[list[Import], list[Library]]]) -> dict[str, set[str]]:
    """Who imports whom, display hooks left out (they run only once everything is loaded)."""
    edges: dict[str, set[str]] = {module: set() for module in imports}
    for module, (ours, _) in imports.items():
        for imp in ours:
            if not imp.display_hook and imp.target != UNKNOWN:
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


def upward(ours: list[Import]) -> list[Import]:
    """Imports that go up the layers (or to a name built at run time), exceptions left out."""
    return [imp for imp in ours
            if not imp.display_hook and not imp.known_dynamic
            and (imp.target == UNKNOWN or layer_of(imp.target) > layer_of(imp.source))]


def screen_libraries_allowed(module: str) -> set[str]:
    """The screen libraries a module may import."""
    if module.split(".")[0] == "views":
        return SCREEN_LIBRARIES
    if module == "teacher.worksheet":
        return {"matplotlib"}
    if module == "exercises.remote":  # the kernel side of grading answers on IPython's
        return {"IPython"}  # display channel: data for the grader, nothing on a screen
    return set()


def problems(package: Path) -> list[str]:
    """Every broken layer rule in a package folder, in words (none for a well-kept one)."""
    modules = modules_of(package)
    imports = all_imports(modules)
    found = [f"modules that import each other: {' <-> '.join(m or 'sudoku_teach' for m in g)}"
             for g in tangles(graph(imports))]
    for module, (ours, theirs) in imports.items():
        found += [f"an import from a higher layer: {imp}" for imp in upward(ours)]
        allowed = screen_libraries_allowed(module)
        found += [f"{module} imports a screen library: {name} (line {line})"
                  for name, line, _ in theirs if name in SCREEN_LIBRARIES and name not in allowed]
    return found


# --- the tests ----------------------------------------------------------------------------
def test_the_tangle_finder_finds_cycles_and_accepts_a_tree():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d", "a"}}
    assert tangles(edges) == [["a", "b", "c"], ["d", "e"]]
    assert tangles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_reader_sees_hidden_imports():
    """Imports under TYPE_CHECKING, inside functions and dynamic ones count."""
    seen = {imp.target for imp in ALL_IMPORTS["teacher.worksheet"][0]}
    assert "generate" in seen  # imported inside a function
    hooks = [imp for imp in ALL_IMPORTS["grid"][0] if imp.display_hook]
    assert [imp.function for imp in hooks] == ["Grid._repr_html_"]
    dynamic = [imp for imp in ALL_IMPORTS["teacher.grading"][0] if imp.target == UNKNOWN]
    assert [imp.function for imp in dynamic] == ["lessons"] and dynamic[0].known_dynamic


def test_no_import_cycles():
    found = tangles(graph(ALL_IMPORTS))
    assert not found, "modules that import each other: " + "; ".join(
        " <-> ".join(m or "sudoku_teach" for m in group) for group in found
    )


def test_every_module_has_a_layer():
    assert {LAYERS[layer_of(module)][0] for module in MODULES} == {name for name, _ in LAYERS}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module):
    ours, _ = ALL_IMPORTS[module]
    assert not upward(ours), f"imports from a higher layer (or built at run time): {upward(ours)}"


def test_every_exception_is_used_and_nothing_else_is_excused():
    """A display hook or dynamic import listed but gone is a stale exception: remove it."""
    imports = [imp for ours, _ in ALL_IMPORTS.values() for imp in ours]
    hooks = {(imp.source, imp.function) for imp in imports if imp.display_hook}
    assert hooks == DISPLAY_HOOKS
    dynamic = {(imp.source, imp.function) for imp in imports if imp.known_dynamic}
    assert dynamic == DYNAMIC_IMPORTS
    for imp in imports:
        if imp.display_hook:
            assert layer_of(imp.source) < layer_of("views"), f"{imp} needs no exception"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_screen_libraries_only_in_the_views(module):
    _, theirs = ALL_IMPORTS[module]
    allowed = screen_libraries_allowed(module)
    wrong = [(name, line) for name, line, _ in theirs
             if name in SCREEN_LIBRARIES and name not in allowed]
    assert not wrong, f"{module} imports a screen library: {wrong}"


def test_the_package_as_it_is_has_no_problems(package_copy: Path):
    assert problems(PACKAGE) == [] == problems(package_copy)  # the copy planted in, too


PLANTED = {
    "a display hook by name only": (
        "rules", "\n\ndef sneaky_html():\n    from .views.render import grid_html\n"
        "    return grid_html\n", "rules -> views.render",
    ),
    "a _repr_html_ in a module with no hook": (
        "rules", "\n\nclass Shown:\n    def _repr_html_(self):\n"
        "        from .views import render\n        return render\n", "rules -> views.render",
    ),
    "a hook's method name in another class": (
        "grid", "\n\nclass Other:\n    def _repr_html_(self):\n"
        "        from .views.render import grid_html\n        return grid_html\n",
        "grid -> views.render",
    ),
    "importlib.import_module": (
        "rules", "\n\ndef later():\n    import importlib\n"
        "    return importlib.import_module('sudoku_teach.cli')\n", "rules -> cli",
    ),
    "import_module imported by name": (
        "grid", "\n\ndef later():\n    from importlib import import_module as load\n"
        "    return load('.views.render', 'sudoku_teach')\n", "grid -> views.render",
    ),
    "__import__": (
        "trace", "\n\ndef later():\n    return __import__('sudoku_teach.teacher.grading')\n",
        "trace -> teacher.grading",
    ),
    "a dynamic import built at run time": (
        "rules", "\n\ndef later(name):\n    import importlib\n"
        "    return importlib.import_module(name)\n", "rules -> ?",
    ),
    "a screen library loaded dynamically": (
        "rules", "\n\ndef later():\n    import importlib\n"
        "    return importlib.import_module('matplotlib.pyplot')\n",
        "rules imports a screen library: matplotlib",
    ),
    "rules reaching up to results (model sub-layers)": (
        "rules", "\n\nfrom .results import SolveResult  # noqa\n", "rules -> results",
    ),
    "a grid reaching up to candidates (model sub-layers)": (
        "grid", "\n\ndef later():\n    from .candidates import CandidateGrid\n"
        "    return CandidateGrid\n", "grid -> candidates",
    ),
    "a cycle": (
        "trace", "\n\nfrom . import results  # noqa\n", "modules that import each other",
    ),
}


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's Python files, copied once; each planted test restores what it changes."""
    copy = tmp_path_factory.mktemp("planted") / "sudoku_teach"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.js",
                                                                 "*.css", "*.pyc"))
    return copy


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_each_planted_loophole_is_caught(package_copy: Path, name: str) -> None:
    module, planted, expected = PLANTED[name]
    path = modules_of(package_copy)[module]
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(original + planted, encoding="utf-8")
        found = problems(package_copy)
    finally:
        path.write_text(original, encoding="utf-8")
    assert any(expected in problem for problem in found), found


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
