"""Grading runs notebooks in kernels: one batch covers every kind of submission (slow-ish)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

from sudoku_teach.cli import main
from sudoku_teach.teacher.grading import NOTEBOOK, lesson_of, lessons

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def wrong_region_of(target: Path) -> Path:
    """Notebook 01 with every answer right except `region_of`, renamed as students do."""
    notebook = json.loads((NOTEBOOKS / "01_rules.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if source.startswith("def region_of("):
            cell["source"] = source.replace("(row // 3) * 3 + col // 3", "row // 3 + col // 3")
    path = target / "my work (copy).ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def hanging(target: Path) -> Path:
    """Notebook 00 with a first cell that never ends."""
    notebook = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text(encoding="utf-8"))
    endless = {"cell_type": "code", "execution_count": None, "metadata": {}, "id": "hang",
               "outputs": [], "source": "while True:\n    pass"}
    notebook["cells"].insert(0, endless)
    path = target / "hangs.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_every_lesson_names_exercises_that_exist():
    found = lessons()
    assert {"00_start_here", "01_rules"} <= set(found)
    for lesson, names in found.items():
        assert names, lesson
        notebook = json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))
        assert notebook["metadata"]["sudoku_teach"] == {"lesson": lesson}
        code = "".join("".join(c["source"]) for c in notebook["cells"])
        assert all(f"check({name}" in code for name in names), lesson


def test_a_batch_reports_each_exercise_and_goes_past_bad_files(tmp_path, capsys):
    shutil.copy(NOTEBOOKS / "00_start_here.ipynb", tmp_path / "teacher.ipynb")
    shutil.copy(NOTEBOOKS / "student" / "01_rules.ipynb", tmp_path / "untouched.ipynb")
    (tmp_path / "empty.ipynb").write_text("")
    (tmp_path / "braces.ipynb").write_text("{}")
    submitted = [tmp_path / "teacher.ipynb", tmp_path / "empty.ipynb", tmp_path / "braces.ipynb",
                 wrong_region_of(tmp_path), tmp_path / "untouched.ipynb", hanging(tmp_path)]
    table = tmp_path / "grades.csv"
    status = main(["grade", *map(str, submitted), "--csv", str(table), "--timeout", "4"])
    assert status == 1  # some notebooks could not be graded
    out = capsys.readouterr().out
    assert "not a notebook (the file is empty)" in out
    assert "not a notebook (no cells)" in out and "version" not in out

    with table.open(encoding="utf-8") as rows:
        found = {(Path(r["notebook"]).name, r["exercise"]): r for r in csv.DictReader(rows)}
    status_of = {key: row["status"] for key, row in found.items()}
    assert status_of[("teacher.ipynb", "count_blanks")] == "passed"
    assert status_of[("empty.ipynb", NOTEBOOK)] == "error"
    copy = "my work (copy).ipynb"
    assert status_of[(copy, "region_of")] == "failed"
    assert "expected" in found[(copy, "region_of")]["message"]
    assert [status_of[(copy, name)] for name in ("column", "can_place", "is_solved")] == [
        "passed"
    ] * 3
    assert {status_of[("untouched.ipynb", name)] for name in lessons()["01_rules"]} == {
        "not done"
    }
    assert status_of[("hangs.ipynb", NOTEBOOK)] == "error"
    assert "seconds" in found[("hangs.ipynb", NOTEBOOK)]["message"]
    assert status_of[("hangs.ipynb", "count_blanks")] == "not done"


def test_the_lesson_comes_from_metadata_then_from_a_numbered_file_name():
    known = lessons()
    tagged = {"metadata": {"sudoku_teach": {"lesson": "02_elimination_sets"}}}
    assert lesson_of(tagged, Path("01_rules.ipynb"), known) == "02_elimination_sets"
    assert lesson_of({"metadata": {}}, Path("01_rules - Anna.ipynb"), known) == "01_rules"
    assert lesson_of({"metadata": {}}, Path("homework.ipynb"), known) is None


def test_every_notebook_of_the_series_is_a_lesson_the_grader_knows():
    known = lessons()
    for path in sorted(Path("notebooks").glob("0*.ipynb")):
        lesson = json.loads(path.read_text(encoding="utf-8"))["metadata"]["sudoku_teach"]["lesson"]
        assert lesson == path.stem and lesson in known, path
