"""The teacher's guide and the handout: links resolve, named commands exist, the zip is right."""

from __future__ import annotations

import json
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
        args = parser.parse_args(shlex.split(line, comments=True)[1:])
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


# --- the lessons' figures and minutes, read from the notebooks ------------------------------
NUMBER = re.compile(r"\d[\d,_]*\d(?:\.\d+)?|\d")


def lesson_sections() -> dict[str, tuple[int, str]]:
    """Each lesson's section of the guide by number: its minutes and its text."""
    text = GUIDE.read_text(encoding="utf-8")
    parts = re.split(r"^### (\d\d) · .*\(about (\d+) minutes\)\n", text, flags=re.M)
    return {
        number: (int(minutes), body.split("\n### ")[0].split("\n## ")[0])
        for number, minutes, body in zip(parts[1::3], parts[2::3], parts[3::3])
    }


def numbers_in(text: str) -> set[str]:
    """Every number in a text, written plainly (no thousands separators)."""
    return {found.replace(",", "").replace("_", "") for found in NUMBER.findall(text)}


def notebook_text(number: str) -> str:
    """All a notebook shows: its text, its code and its stored text outputs."""
    (path,) = (ROOT / "notebooks").glob(f"{number}_*.ipynb")
    parts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", "")))
            parts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def test_a_handout_that_cannot_be_written_is_said_and_leaves_nothing(tmp_path, capsys):
    from sudoku_teach.teacher.handout import main

    a_file = tmp_path / "plain"
    a_file.write_text("x")
    for out in (tmp_path, a_file / "h.zip"):  # a folder; a file where the folder should be
        assert main([str(ROOT), str(out)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("handout not written: cannot write ") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]
    assert main([str(tmp_path), str(tmp_path / "h.zip")]) == 1  # no notebooks there
    assert "no student notebooks" in capsys.readouterr().err


def test_every_lesson_has_its_minutes_in_the_overview_and_its_sections_add_up():
    text = GUIDE.read_text(encoding="utf-8")
    sections = lesson_sections()
    assert len(sections) >= 9
    for number, (minutes, body) in sections.items():
        overview = re.search(rf"^\| {number} [^|]+\| (\d+) \|", text, flags=re.M)
        assert overview and int(overview.group(1)) == minutes, f"{number}: overview minutes"
        table = body.split("| Section | Minutes |")[1].split("\n\n")[0]
        parts = [int(m) for m in re.findall(r"^\|[^|]+\| (\d+) \|$", table, flags=re.M)]
        assert sum(parts) == minutes, f"{number}: sections add up to {sum(parts)}, not {minutes}"


@pytest.mark.parametrize("number", ["04", "05", "06", "07"])
def test_the_figures_a_lessons_objectives_give_are_the_notebooks(number):
    """Every number of 10 or more in a lesson's objectives is one the notebook shows."""
    _, body = lesson_sections()[number]
    objectives = body.split("Objectives:")[1].split("\n\n")[0]
    shown = numbers_in(notebook_text(number))
    stated = {n for n in numbers_in(objectives) if float(n) >= 10}
    assert stated, f"{number}: no figures found in the objectives"
    assert not stated - shown, f"{number}: the guide states {sorted(stated - shown)}, not shown"
    shown_nodes = {found.replace(",", "") for found in re.findall(
        r"nodes=(\d+)|(\d[\d,]*) nodes", notebook_text(number)) for found in found if found}
    for count in re.findall(r"(\d[\d,]*) nodes", objectives.replace("\n", " ")):
        assert count.replace(",", "") in shown_nodes, f"{number}: {count} nodes is not shown"
