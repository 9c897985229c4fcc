"""The type checker `make lint` runs catches what it is there for: a wrong Optional.

mypy runs with the project's own settings ([tool.mypy] in pyproject.toml) on small planted
files, so loosening those settings makes this test fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLANTED = {
    "optional_used_as_int": (
        "def first(numbers: list[int]) -> int | None:\n"
        "    return numbers[0] if numbers else None\n\n\n"
        "def double(number: int) -> int:\n"
        "    return 2 * number\n\n\n"
        "def wrong() -> int:\n"
        "    return double(first([1, 2]))\n",
        "incompatible type \"int | None\"",
    ),
    "optional_attribute": (
        "import re\n\n\n"
        "def word(text: str) -> str:\n"
        "    return re.match(r'\\w+', text).group(0)\n",
        "union-attr",
    ),
    "untyped_function": (
        "def untyped(grid):\n"
        "    return grid\n",
        "no-untyped-def",
    ),
}


def mypy(folder: Path, source: str) -> subprocess.CompletedProcess[str]:
    """mypy with the project's settings on one planted file."""
    planted = folder / "planted.py"
    planted.write_text(source, encoding="utf-8")
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
               "--cache-dir", str(folder / "cache"), "--show-error-codes", str(planted)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=folder)


@pytest.fixture(scope="module")
def checker() -> None:
    """mypy must be there (it is in the dev extra); in CI a missing one fails."""
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("mypy is missing in CI (pip install -e '.[dev]')")
        pytest.skip("mypy is not installed: pip install -e '.[dev]'")


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_type_mistake_is_caught(checker: None, tmp_path: Path, name: str) -> None:
    source, expected = PLANTED[name]
    result = mypy(tmp_path, source)
    assert result.returncode == 1, result.stdout + result.stderr
    assert expected in result.stdout, result.stdout


def test_the_same_code_narrowed_passes(checker: None, tmp_path: Path) -> None:
    """The check fails for the mistake, not for anything else in the planted file."""
    source = (
        "def first(numbers: list[int]) -> int | None:\n"
        "    return numbers[0] if numbers else None\n\n\n"
        "def right() -> int:\n"
        "    found = first([1, 2])\n"
        "    return 0 if found is None else 2 * found\n"
    )
    result = mypy(tmp_path, source)
    assert result.returncode == 0, result.stdout + result.stderr
