"""`sudoku-teach collect` and `return`: the students' notebooks to the teacher and back.

    sudoku-teach collect /home grading-01 --lesson 01     # then: sudoku-teach grade grading-01
    sudoku-teach return feedback-01 /home --lesson 01  # after grade --feedback feedback-01
"""

from __future__ import annotations

import argparse
import sys

from ..teacher.collect import Outcome, collect, hand_back, lesson_name
from ..teacher.grading import lessons


def report(outcomes: list[Outcome], verb: str) -> int:
    """One line per student; exit 1 when some student had nothing to bring or receive."""
    for outcome in outcomes:
        print(f"{outcome.student}: {outcome.message}", file=sys.stdout if outcome.done else
              sys.stderr)  # fmt: skip
    done = sum(outcome.done for outcome in outcomes)
    print(f"{verb} {done} of {len(outcomes)} students.")
    return 0 if outcomes and done == len(outcomes) else 1


def cmd_collect(args: argparse.Namespace) -> int:
    """Copy the lesson's notebook out of every home."""
    lesson = lesson_name(args.lesson, lessons())
    status = report(collect(args.homes, args.out, lesson), f"Collected {lesson} from")
    print(f"Next: sudoku-teach grade {args.out} --csv gradebook.csv --feedback FOLDER")
    return status


def cmd_return(args: argparse.Namespace) -> int:
    """Write each student's feedback into their home."""
    lesson = lesson_name(args.lesson, lessons())
    return report(hand_back(args.feedback, args.homes, lesson), "Handed feedback back to")


def add_collect_parsers(commands: argparse._SubParsersAction) -> None:
    """The `collect` and `return` commands."""
    where = ("a folder of homes (like /home), or homes themselves; each home's "
             "sudoku-teach/ folder is read")  # fmt: skip
    lesson = "the lesson, by number or name (01 or 01_rules)"
    collector = commands.add_parser(
        "collect",
        help="copy one lesson's notebook from every student's home into a grading folder",
        description="Copy LESSON.ipynb from each home's sudoku-teach/ folder (as the school's"
        " JupyterHub lays them out) into OUT/STUDENT/, ready for `sudoku-teach grade OUT`."
        " Nothing in the homes is changed; symbolic links are never followed. Exit 1 if some"
        " student had no such notebook.",
    )
    collector.add_argument("homes", nargs="+", metavar="HOMES", help=where)
    collector.add_argument("out", metavar="OUT", help="the grading folder: new or empty")
    collector.add_argument("--lesson", required=True, help=lesson)
    collector.set_defaults(run=cmd_collect)
    giver = commands.add_parser(
        "return",
        help="put each student's feedback file into their home",
        description="Copy each student's file from `grade --feedback FEEDBACK` into their"
        " home as sudoku-teach/feedback-LESSON.md, owned by them (when run as root).",
    )
    giver.add_argument("feedback", metavar="FEEDBACK", help="the folder of feedback files")
    giver.add_argument("homes", nargs="+", metavar="HOMES", help=where)
    giver.add_argument("--lesson", required=True, help=lesson)
    giver.set_defaults(run=cmd_return)
