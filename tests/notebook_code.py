"""Run a notebook's code: the functions it defines outside Jupyter, or every cell in a kernel."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def code_cells(name: str) -> list[str]:
    """The source of every code cell of an instructor notebook, in order."""
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def page_functions(name: str, *wanted: str) -> dict[str, Any]:
    """The notebook's imports and the named functions (and CONSTANTS) exactly as on the page.

    Only the import cell and the definitions run, so nothing else of the lesson is needed.
    """
    cells = code_cells(name)
    namespace: dict[str, Any] = {}
    exec(compile(cells[0], f"{name} imports", "exec"), namespace)  # the import cell
    found = set()
    for index, source in enumerate(cells[1:], start=1):
        kept = []
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name in wanted:
                kept.append(node)
                found.add(node.name)
            elif isinstance(node, ast.Assign) and all(
                isinstance(t, ast.Name) and t.id.isupper() for t in node.targets
            ):
                kept.append(node)
        if kept:
            module = ast.Module(body=kept, type_ignores=[])
            exec(compile(module, f"{name} cell {index}", "exec"), namespace)
    missing = set(wanted) - found
    assert not missing, f"{name} no longer defines {sorted(missing)} on the page"
    return namespace


def execute(notebook: Any, folder: Path, allow_errors: bool = False) -> None:
    """Run every cell of `notebook` (an nbformat node) in a kernel of its own, in `folder`.

    The kernel talks over files of its own (ipc), not TCP ports: with many kernels starting
    at once under pytest -n, another process may take a port between its choice and its use.
    """
    import nbclient
    from jupyter_client import KernelManager

    kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(folder / "k"))
    nbclient.NotebookClient(notebook, km=kernel, allow_errors=allow_errors,
                            resources={"metadata": {"path": str(folder)}}).execute()
