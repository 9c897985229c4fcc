"""The teacher's guide and the handout: links resolve, named commands exist, the zip is right."""

from __future__ import annotations

import re
import shlex
import zipfile
from pathlib import Path

import pytest

from sudoku_teach.cli import build_parser
from sudoku_teach.teacher.handout import TOP, handout_files, write_zip

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "teachers-guide.md"


def anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


@pytest.mark.parametrize("page", [GUIDE, ROOT / "README.md", ROOT / "handout" / "README.md"])
def test_every_link_leads_somewhere(page):
    text = page.read_text(encoding="utf-8")
    anchors = {anchor(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith("http"):
            continue
        path, _, fragment = target.partition("#")
        if path:
            assert (page.parent / path).exists(), f"{page.name}: broken link {target}"
        else:
            assert fragment in anchors, f"{page.name}: no heading for #{fragment}"
    if page == ROOT / "README.md":
        assert "docs/teachers-guide.md" in text


def make_targets(makefile: Path) -> set[str]:
    """The targets a Makefile defines."""
    return set(re.findall(r"^([\w-]+):", makefile.read_text(encoding="utf-8"), flags=re.M))


def test_the_commands_the_guide_names_exist():
    text = GUIDE.read_text(encoding="utf-8")
    targets = make_targets(ROOT / "Makefile") | make_targets(ROOT / "handout" / "Makefile")
    named = set(re.findall(r"`make ([\w-]+)", text))
    assert {"handout", "lab", "test", "progress"} <= named
    assert named <= targets, f"no such make target: {named - targets}"
    lines = [line for line in text.splitlines() if line.startswith("sudoku-teach ")]
    assert len(lines) >= 4
    parser = build_parser()
    for line in lines:  # parsing checks every command and option; nothing is run
        args = parser.parse_args(shlex.split(line)[1:])
        assert callable(args.run)
    for lesson in re.findall(r"^### (\d\d) · ", text, flags=re.M):
        assert list((ROOT / "notebooks").glob(f"{lesson}_*.ipynb")), f"notebook {lesson}?"


def test_the_handout_holds_the_student_notebooks_and_no_instructor_ones(tmp_path):
    out = write_zip(handout_files(ROOT), tmp_path / "handout.zip")
    names = zipfile.ZipFile(out).namelist()
    assert all(name.startswith(f"{TOP}/") for name in names)
    inside = {name.removeprefix(f"{TOP}/") for name in names}
    assert {"README.md", "Makefile", "pyproject.toml", "sudoku_teach/__init__.py"} <= inside
    student = sorted((ROOT / "notebooks" / "student").glob("*.ipynb"))
    assert {f"notebooks/{p.name}" for p in student} == {
        n for n in inside if n.endswith(".ipynb")
    }
    archive = zipfile.ZipFile(out)
    for path in student:  # the students' versions, not the instructor's with answers
        assert archive.read(f"{TOP}/notebooks/{path.name}") == path.read_bytes()
    assert not any("__pycache__" in name for name in names)
    again = write_zip(handout_files(ROOT), tmp_path / "again.zip")
    assert again.read_bytes() == out.read_bytes()
    assert {"lab", "test"} <= make_targets(ROOT / "handout" / "Makefile")
