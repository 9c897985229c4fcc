"""Worksheets: the same arguments give the same PDF; every puzzle is proper, every answer right."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from conftest import brute_count, independent_is_solved, keeps_givens

from sudoku_teach.cli import build_parser, main
from sudoku_teach.cli.worksheet import build_sheet
from sudoku_teach.grid import Grid
from sudoku_teach.teacher.worksheet import (
    KEY_CHARS,
    PAGE_FONTS,
    Sheet,
    WorksheetError,
    check_title,
    letter_key,
    missing_glyphs,
    pdf_bytes,
)

HARD_SIX = ["worksheet", "--count", "6", "--difficulty", "hard", "--seed", "11", "--answers",
            "--title", "Week 3"]


def test_same_arguments_make_the_same_bytes_and_the_key_matches(tmp_path, monkeypatch):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "sheet.pdf", tmp_path / "b" / "sheet.pdf"
    monkeypatch.chdir(tmp_path / "a")
    assert main([*HARD_SIX, "-o", "sheet.pdf"]) == 0
    subprocess.run(  # a fresh process, elsewhere: no state shared with the first run
        [sys.executable, "-m", "sudoku_teach", *HARD_SIX, "-o", "sheet.pdf"],
        check=True, capture_output=True, cwd=tmp_path / "b",
    )
    data = first.read_bytes()
    assert data == second.read_bytes()
    assert data.startswith(b"%PDF") and b"CreationDate" not in data
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 2  # puzzles + answers

    sheet = build_sheet(build_parser().parse_args([*HARD_SIX, "-o", "unused.pdf"]))
    assert len(sheet.puzzles) == 6 and sheet.answers is not None
    for puzzle, answer in zip(sheet.puzzles, sheet.answers):
        rows = puzzle.to_rows()
        assert brute_count(rows) == 1
        assert independent_is_solved(answer.to_rows())
        assert keeps_givens(rows, answer.to_rows())


CLASSIC_LINE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_a_puzzle_file_prints_with_its_key(tmp_path):
    source = tmp_path / "mine.txt"
    source.write_text(CLASSIC_LINE + "\n")
    out = tmp_path / "mine.pdf"
    assert main(["worksheet", "--from", str(source), "--answers", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("answers", [[], ["--answers"]])
@pytest.mark.parametrize(("bad", "why"), [
    ("1" + "." * 80, "more than one solution"),
    ("12345678." + "." * 8 + "9" + "." * 63, "no solution"),
    ("55" + "." * 79, "row 0 has the number 5 twice"),
])
def test_a_file_puzzle_that_is_not_proper_is_refused_even_without_answers(
    tmp_path, capsys, answers, bad, why
):
    source = tmp_path / "mine.txt"
    source.write_text(f"# two puzzles\n{CLASSIC_LINE}\n{bad}\n")
    out = tmp_path / "mine.pdf"
    assert main(["worksheet", "--from", str(source), *answers, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "line 3: puzzle 2 cannot be printed" in err and why in err
    assert not out.exists()


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--count", "-2", "--difficulty", "easy", "--seed", "1"], "whole number from 1 up"),
        (["--count", "2", "--difficulty", "impossible", "--seed", "1"], "invalid choice"),
        (["--count", "2", "--difficulty", "easy"], "--seed"),
        (["--count", "2", "--difficulty", "easy", "--seed", "1", "--per-page", "40"], "at most"),
        (["--count", "2", "--difficulty", "hard", "--seed", "1", "--size", "4"],
         "no 4x4 puzzle is hard"),
    ],
)
def test_impossible_requests_say_why_and_exit_2(tmp_path, capsys, extra, message):
    out = tmp_path / "never.pdf"
    try:
        status = main(["worksheet", *extra, "-o", str(out)])
    except SystemExit as stop:  # argparse refuses the option itself
        status = stop.code
    assert status == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def pdf_text(path) -> str:
    """The text of a PDF, read by poppler's pdftotext (an independent reader)."""
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="pdftotext (poppler-utils) is not installed")


@needs_poppler
def test_a_title_is_printed_as_typed_and_every_sheet_has_name_date_and_rules(tmp_path):
    title = r"Week $3$: \alpha costs $5"
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--count", "2", "--difficulty", "easy", "--seed", "1", "--size",
                 "4", "--title", title, "--answers", "-o", str(out)]) == 0
    pages = pdf_text(out).split("\f")
    assert title in pages[0] and f"{title}: answers" in pages[1]
    assert "Name: ____" in pages[0] and "Date: ____" in pages[0]
    assert "holds every number from 1 to 4 exactly once" in " ".join(pages[0].split())
    assert "Level: easy" in pages[0] and "Seed: 1" in pages[0]


@needs_poppler
def test_the_make_it_again_line_runs_as_printed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = ["worksheet", "--count", "3", "--difficulty", "medium", "--seed", "5", "--title",
            "It's a $2 'quiz' for class 7B -- a long title", "-o", "w.pdf"]
    assert main(args) == 0
    first = (tmp_path / "w.pdf").read_bytes()
    text = pdf_text(tmp_path / "w.pdf").split("\f")[0]
    printed = text[text.index("Make it again: ") + len("Make it again: "):]
    printed = printed[: printed.index("page 1 of")]
    assert printed.count("\\\n") >= 1  # cut into lines, each ended for the shell
    (tmp_path / "w.pdf").unlink()
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    subprocess.run(["bash", "-c", printed], cwd=tmp_path, check=True, capture_output=True,
                   env={**os.environ, "PATH": path})  # the shell reads it as printed
    assert (tmp_path / "w.pdf").read_bytes() == first


@needs_poppler
def test_a_from_sheet_says_where_its_puzzles_come_from(tmp_path):
    source = tmp_path / "week3.txt"
    source.write_text(CLASSIC_LINE + "\n")
    out = tmp_path / "w.pdf"
    assert main(["worksheet", "--from", str(source), "-o", str(out)]) == 0
    first = pdf_text(out)
    assert "From: week3.txt" in first and "Size: 9x9" in first and "Puzzles: 1" in first


def test_no_text_on_a_page_overlaps_another(tmp_path):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from sudoku_teach.teacher.worksheet import draw_page, pages_of

    args = build_parser().parse_args(
        [*HARD_SIX[:-2], "--title", "W" * 60, "--per-page", "12", "-o", "x" * 80 + ".pdf"])
    sheet = build_sheet(args)
    for page in pages_of(sheet, 12):
        fig = draw_page(sheet, page, "a4", 12)
        renderer = FigureCanvasAgg(fig).get_renderer()
        boxes = [text.get_window_extent(renderer) for text in fig.texts]
        page_box = fig.bbox
        for k, box in enumerate(boxes):
            assert page_box.x0 <= box.x0 and box.x1 <= page_box.x1, fig.texts[k].get_text()
            for other in boxes[k + 1:]:
                assert not box.overlaps(other), fig.texts[k].get_text()


def test_a_failed_write_keeps_the_old_sheet(tmp_path, monkeypatch):
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"the good old sheet")

    def disk_full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", disk_full)
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "2",
                 "-o", str(out)]) == 2
    assert out.read_bytes() == b"the good old sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_an_unwritable_special_file_is_a_clear_error(capsys):
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "1",
                 "-o", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert "cannot write /dev/full: No space left on device" in err
    assert "Traceback" not in err


@needs_poppler
def test_a_16x16_sheet_has_a_letter_key_and_one_puzzle_a_page(tmp_path):
    out = tmp_path / "big.pdf"
    assert main(["worksheet", "--count", "2", "--difficulty", "easy", "--size", "16",
                 "--seed", "1", "--answers", "-o", str(out)]) == 0
    pages = pdf_text(out).split("\f")
    pages = [page for page in pages if page.strip()]
    assert len(pages) == 4  # one puzzle a page by default, then one answer a page
    key = "A = 10, B = 11, C = 12, D = 13, E = 14, F = 15, G = 16"
    assert all(key in " ".join(page.split()) for page in pages)
    assert "--per-page 1" in " ".join(pages[0].split())  # the remade sheet is the same


@needs_poppler
def test_a_25x25_file_prints_one_a_page_with_its_whole_key_on_the_page(tmp_path):
    from sudoku_teach.generate import new_puzzle
    from sudoku_teach.shape import Shape

    key = letter_key(25).splitlines()
    assert len(key) == 2 and all(len(line) <= KEY_CHARS for line in key)  # fits the width
    source, out = tmp_path / "big.txt", tmp_path / "big.pdf"
    source.write_text(new_puzzle(3, Shape.for_size(25)).to_string() + "\n")
    assert main(["worksheet", "--from", str(source), "-o", str(out)]) == 0
    page = " ".join(pdf_text(out).split())
    assert "--per-page 1" in page  # not six 25x25 grids of 2.5 mm cells
    assert "A = 10, B = 11," in page and "O = 24, P = 25." in page


@needs_poppler
def test_a_9x9_sheet_keeps_six_a_page_and_no_letter_key(tmp_path):
    out = tmp_path / "small.pdf"
    assert main(["worksheet", "--count", "7", "--difficulty", "easy", "--seed", "1",
                 "-o", str(out)]) == 0
    pages = [page for page in pdf_text(out).split("\f") if page.strip()]
    assert len(pages) == 2 and "Letters" not in pdf_text(out)


@needs_poppler
@pytest.mark.parametrize("title", ["Unit $$ 3", r"a \frac{1}{2} $$", r"$\alpha$ and $$"])
def test_a_title_with_markup_that_does_not_parse_is_printed_as_typed(tmp_path, title):
    out = tmp_path / "sheet.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no matplotlib warning may reach the teacher
        assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "1",
                     "--size", "4", "--title", title, "-o", str(out)]) == 0
    assert title in pdf_text(out)


@pytest.mark.parametrize("title", ["第三课", "Quiz ✓ 日本", "שיעור 3"])
def test_a_title_the_font_cannot_draw_is_refused_naming_the_characters(tmp_path, capsys, title):
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--count", "1", "--difficulty", "easy", "--seed", "1",
                 "--size", "4", "--title", title, "-o", str(out)]) == 2
    said = capsys.readouterr().err
    assert "no letter for" in said and "title" in said
    missing = [char for family in PAGE_FONTS for char in missing_glyphs(title, family)]
    assert missing and all(char in said for char in missing)
    assert not out.exists()


def test_a_title_only_the_footers_font_cannot_draw_names_that_font():
    # Once "the worksheet's font (DejaVu Sans)" for every character, whichever font lacked it.
    from matplotlib.font_manager import FontProperties, findfont
    from matplotlib.ft2font import FT2Font

    def charmap(family: str) -> set[int]:
        return set(FT2Font(findfont(FontProperties(family=family))).get_charmap())

    only_sans = sorted(charmap("DejaVu Sans") - charmap("DejaVu Sans Mono"))
    char = next(chr(c) for c in only_sans if chr(c).isalpha())
    with pytest.raises(WorksheetError) as refused:
        check_title(f"Quiz {char}")
    said = str(refused.value)
    assert f"font for the footer's command (DejaVu Sans Mono) has no letter for {char} " in said
    assert "(DejaVu Sans)" not in said and "heading" not in said


def test_the_library_refuses_a_title_it_cannot_draw():
    sheet = Sheet("日本", "about", "remake", [Grid.parse("1234341221434321")])
    with pytest.raises(WorksheetError, match="no letter for"):
        pdf_bytes(sheet, 1, "a4")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs a home no one can write")
def test_a_home_matplotlib_cannot_write_to_gives_a_sheet_and_no_warnings(tmp_path):
    puzzles = tmp_path / "one.txt"
    puzzles.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
    env = {name: value for name, value in os.environ.items()
           if name not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    env["HOME"] = "/proc"  # nothing can be made in it, not even by root
    done = subprocess.run([sys.executable, "-m", "sudoku_teach", "worksheet", "--from",
                           str(puzzles), "-o", str(tmp_path / "w.pdf")],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert (tmp_path / "w.pdf").read_bytes().startswith(b"%PDF")
