"""environment.yml (conda, Binder) and pyproject.toml (pip) must ask for the same packages."""

from __future__ import annotations

import sys
from pathlib import Path

import rattler
import yaml
from packaging.requirements import Requirement

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
CONDA_ONLY = {"python", "pip"}
CONDA_NAMES: dict[str, str] = {}  # PyPI name -> conda-forge name, where they differ


def pip_requirements() -> dict[str, str]:
    """Every requirement of the project and its extras, as name -> version bounds."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found: dict[str, str] = {}
    extras = project["optional-dependencies"]
    # the hub's, the mutation benchmark's, nbgrader's and the JupyterLite build's tools are
    # for a server, a maintainer or a school's grading, not for a student's laptop
    apart = ("hub", "mutation", "nbgrader", "lite")
    extras = [lines for name, lines in extras.items() if name not in apart]
    for line in project["dependencies"] + sum(extras, []):
        requirement = Requirement(line)
        if requirement.marker is not None:
            continue  # backports for old Pythons; conda brings its own
        if requirement.name == project["name"]:
            continue  # an extra that takes in another (dev takes lite and nbgrader)
        name = CONDA_NAMES.get(requirement.name.lower(), requirement.name.lower())
        bounds = ",".join(sorted(str(s) for s in requirement.specifier))
        assert found.setdefault(name, bounds) == bounds, f"{name} has two different bounds"
    return found


def conda_requirements() -> dict[str, str]:
    """Every conda dependency of environment.yml, parsed as a conda match spec."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert env["channels"] == ["conda-forge"]
    found = {}
    for entry in env["dependencies"]:
        assert isinstance(entry, str), f"unexpected entry in environment.yml: {entry!r}"
        spec = rattler.MatchSpec(entry)
        name = spec.name.normalized
        found[name] = (
            ",".join(sorted(str(spec.version).replace(" ", "").split(","))) if spec.version else ""
        )
    return found


def test_environment_and_pyproject_name_the_same_packages_and_bounds():
    conda = conda_requirements()
    assert set(conda) >= CONDA_ONLY
    assert conda["python"] == ">=3.10"
    conda = {k: v for k, v in conda.items() if k not in CONDA_ONLY}
    assert conda == pip_requirements()


def test_python_floor_agrees():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == conda_requirements()["python"]
