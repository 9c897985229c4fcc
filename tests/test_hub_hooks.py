"""The hub's spawn hook parts (sudoku_teach.teacher.hub): safe names, homes for any spawner."""

from __future__ import annotations

import pwd
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_teach.teacher.hub import (
    SAFE,
    AccountError,
    ensure_account,
    give_lessons,
    home_of,
    unix_name,
)

STUDENT_NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks" / "student"


def spawner(name: str, **attributes: str) -> SimpleNamespace:
    """A stand-in for a spawner: a user with a name, and whatever attributes it has."""
    return SimpleNamespace(user=SimpleNamespace(name=name), **attributes)


@given(st.text(min_size=1, max_size=80))
def test_every_name_becomes_a_safe_account_name(name: str):
    made = unix_name(name)
    assert SAFE.fullmatch(made), made
    assert unix_name(made) == made  # a safe name stays as it is


@pytest.mark.parametrize(("name", "expected"), [
    ("anna", "anna"), ("Anna", "anna"), ("bo_2", "bo_2"), ("hubtest-bob", "hubtest-bob")])
def test_safe_names_stay(name: str, expected: str):
    assert unix_name(name) == expected


def test_an_email_address_becomes_a_readable_name_that_keeps_people_apart():
    anna, readable = unix_name("anna.berg@school.org"), "anna-berg-school-org-"
    assert anna.startswith(readable) and len(anna) == len(readable) + 6
    assert unix_name("anna-berg@school.org") != anna  # the same letters, another person
    assert unix_name(" Anna.Berg@School.org") == anna  # the same person, however typed
    assert unix_name("root@school.org") != "root" and unix_name("0123").startswith("u-")


def test_the_home_comes_from_the_spawner_then_the_account_then_the_template():
    assert home_of(spawner("anna.berg@school.org", home_dir="/srv/homes/x")) == Path(
        "/srv/homes/x")
    root = pwd.getpwuid(0)
    assert home_of(spawner(root.pw_name)) == Path(root.pw_dir)
    nobody = "anna.berg@school.org"  # no account, no ~ expansion: no error either
    assert home_of(spawner(nobody), "/homes/{username}") == Path(f"/homes/{nobody}")
    assert home_of(spawner(nobody)) is None


def test_an_unsafe_name_gets_no_account(tmp_path: Path):
    for name in ("anna.berg@school.org", "../etc", "-rf", ""):
        with pytest.raises(AccountError, match="not a safe account name"):
            ensure_account(name, tmp_path)


def test_the_lessons_are_copied_once_and_never_over_the_students_own(tmp_path: Path):
    home = tmp_path / "home"
    (home / "sudoku-teach").mkdir(parents=True)
    own = home / "sudoku-teach" / "01_rules.ipynb"
    own.write_text("my own work")
    said = give_lessons(sys.executable, STUDENT_NOTEBOOKS, home, None)
    copied = sorted(p.name for p in (home / "sudoku-teach").glob("*.ipynb"))
    assert copied == sorted(p.name for p in STUDENT_NOTEBOOKS.glob("*.ipynb"))
    assert own.read_text() == "my own work"
    assert said.startswith(f"{len(copied) - 1} notebooks copied")
    with pytest.raises(AccountError, match="failed"):
        give_lessons(sys.executable, tmp_path / "nowhere", home, None)
