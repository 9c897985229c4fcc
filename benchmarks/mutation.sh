#!/usr/bin/env bash
# Mutation testing of the core modules, as a benchmark (slow; not part of `make test` or CI).
#
#   make mutation                     # every module below, each time-boxed
#   benchmarks/mutation.sh rules grid # only these modules
#   MUTATION_TIMEOUT=900 MUTATION_JOBS=2 benchmarks/mutation.sh fast
#   MUTANTS="sudoku_teach.grid.x_save__mutmut_6 ..." benchmarks/mutation.sh grid  # rerun some
#   MUTATION_SOURCE=/tmp/old benchmarks/mutation.sh teacher  # another checkout's package and
#                                     # tests (an older commit: the "before" of a report)
#   MUTATION_RESUME=1 benchmarks/mutation.sh teacher  # go on where a time box stopped
#   PLANTED="none last-copy" benchmarks/mutation.sh planted  # rules planted by hand (below)
#   MUTATION_TESTS="tests/x.py tests/y.py::test_z" ...  # other tests than the module's own
#
# For each module, mutmut (the optional dependency group `mutation`) makes small changes
# ("mutants": `<` for `<=`, `1` for `0`, a dropped argument...) and runs the module's own
# test files against each; a mutant that no test notices "survived". Each module runs in a
# scratch copy of the repository (so `mutants/` never lands here) with only its own tests,
# and stops after MUTATION_TIMEOUT seconds (default 600). The score of each module and the
# names of its survivors are printed at the end and kept in $MUTATION_DIR/<module>/.
# benchmarks/mutation-report.md records the scores and what became of every survivor.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
SOURCE=$(cd "${MUTATION_SOURCE:-$ROOT}" && pwd)
PY=${PYTHON:-$ROOT/.venv/bin/python}
OUT=${MUTATION_DIR:-/tmp/sudoku-teach-mutation}
TIMEOUT=${MUTATION_TIMEOUT:-600}
JOBS=${MUTATION_JOBS:-1}

# module: its own test files
declare -A TESTS=(
  [rules]="tests/test_rules.py tests/test_mutation_kills.py"
  [formats]="tests/test_puzzle_files.py tests/test_grid.py tests/test_mutation_kills.py
             tests/test_kills_formats.py tests/test_bad_input.py tests/test_cli_input.py"
  [grid]="tests/test_grid.py tests/test_mutation_kills.py"
  [fast]="tests/test_fast.py tests/test_fast_properties.py tests/test_kills_fast.py"
  [cover]="tests/test_fast.py tests/test_fast_properties.py tests/test_kills_fast.py"
  [locked]="tests/test_fast_locked.py tests/test_fast.py tests/test_fast_properties.py
            tests/test_kills_fast.py"
  [probe]="tests/test_fast_probe.py tests/test_fast.py tests/test_fast_properties.py
           tests/test_kills_fast.py"
  [puzzles]="tests/test_puzzles.py tests/test_mutation_kills.py tests/test_kills_generate_rating.py"
  [rating]="tests/test_rating.py tests/test_levels.py tests/test_kills_generate_rating.py"
  [game]="tests/test_game.py tests/test_mutation_kills.py"
  [savegame]="tests/test_game.py tests/test_savegame_roundtrip.py tests/test_mutation_kills.py"
  [grading]="tests/test_grading_verdicts.py"  # test_grading.py grades whole classes: slow
  [submissions]="tests/test_grading_names.py"
  [gradebook]="tests/test_grading_names.py"  # test_grading_lms.py grades classes: slow
  # the grader's modules together (one collection of which tests run what): every fast test
  # of grading, old names included for a MUTATION_SOURCE from before they were renamed
  [teacher]="tests/test_grading_verdicts.py tests/test_grading_names.py tests/test_grading.py
             tests/test_grading_lms.py tests/test_kills_teacher.py"
)
# module: tests left out of its files, minutes each (whole classes graded, long time limits);
# a mutant that only these would see counts as a survivor
declare -A SLOW=(
  [teacher]="test_grading.py::test_instructor_notebooks_pass_and_untouched_ones_are_not_done
    test_grading.py::test_crashes_are_errors_with_the_exception
    test_grading.py::test_odd_files_are_errors_of_their_own
    test_grading.py::test_the_gradebook_has_one_row_per_student_with_the_right_totals
    test_grading.py::test_the_long_form_is_one_line_per_exercise
    test_grading.py::test_hostile_submissions_are_graded_as_what_they_did
    test_grading_lms.py::test_moodle_worksheet_has_moodles_columns_and_each_participants_best_grade
    test_grading_lms.py::test_moodle_links_are_reported_as_links_and_never_opened
    test_grading_lms.py::test_canvas_import_has_canvas_columns_points_possible_and_each_students_best
    test_grading_lms.py::test_ctrl_c_stops_a_batch_within_seconds_and_leaves_the_old_files_whole
    test_grading_verdicts.py::test_a_kernel_that_dies_or_runs_on_during_the_checks_says_so
    test_grading_verdicts.py::test_a_runaway_cell_costs_only_itself
    test_grading_verdicts.py::test_a_notebook_out_of_time_says_which_cell_was_running
    test_grading_verdicts.py::test_a_crash_before_a_stop_comes_first_and_the_first_cell_is_cell_1"
)
# module: its file in the package
declare -A FILES=(
  [rules]=rules.py [formats]=formats.py [grid]=grid.py [fast]=fast/__init__.py
  [cover]=fast/_cover.py [locked]=fast/_locked.py [probe]=fast/_probe.py
  [puzzles]=generate/puzzles.py [rating]=rating.py
  [game]=game/__init__.py [savegame]=game/savegame.py [grading]=teacher/grading.py
  [submissions]=teacher/submissions.py [gradebook]=teacher/gradebook.py
  [teacher]="teacher/grading.py teacher/gradebook.py teacher/submissions.py teacher/sandbox.py
             teacher/kernel.py teacher/confine.py"
)
# The rules issue 26 found that no test could see, planted by hand (mutmut makes no such
# change): file | pattern (a Python regex, found exactly once) | replacement.
declare -A PLANTS=(
  [last-copy]='teacher/gradebook.py|(mine\[[\w.]+\]) = max\(mine\.get\([\w.]+, 0\), earned\)|\1 = earned'
  [scratch-root]='teacher/sandbox.py|"--bind", str\(folder\), str\(folder\)|"--bind", str(folder.parent), str(folder.parent)'
  [no-private-tmp]='teacher/sandbox.py|,\s*"--size", size, "--tmpfs", "/tmp"\]|]'
)
ORDER="rules formats grid fast cover locked probe puzzles rating game savegame grading"
MODULES=${*:-$ORDER}

"$PY" -c "import mutmut" 2>/dev/null || {
  echo "mutmut is not installed: .venv/bin/pip install -e '.[mutation]'"; exit 2; }

# The kernels a grading test starts run `python -m ipykernel_launcher` with an empty
# environment, so they import sudoku_teach through the venv's editable install (which points
# at this checkout), and the bubblewrap jail shows them only the package folder the grader
# runs from. So each scratch copy gets a venv of its own (hard links: no time, no space)
# whose editable install points at the copy mutmut runs (its `mutants/`).
own_venv() {  # $1: the scratch copy; $2: the package folder its kernels import
  local venv finder
  venv=$(cd "$(dirname "$PY")/.." && pwd)
  cp -al "$venv" "$1/.venv" 2>/dev/null || cp -a "$venv" "$1/.venv"
  for finder in "$1"/.venv/lib/python*/site-packages/__editable___sudoku_teach_*_finder.py; do
    [ -f "$finder" ] || continue  # sed -i writes a new file: the checkout's venv is untouched
    sed -i "s#'sudoku_teach': '[^']*'#'sudoku_teach': '$2'#" "$finder"
  done
}

# `planted`: each rule of PLANTED (default all; `a+b` plants two at once, `none` nothing: the
# control) in a scratch copy, run against PLANTED_TESTS (default: every test file of
# `teacher`, none left out). A rule the tests pass with SURVIVED; one they fail on is killed,
# by the tests named (a kill counts only where `none` passes the same tests).
planted() {
  local rule one file pattern replacement work tests=${PLANTED_TESTS:-}
  if [ -z "$tests" ]; then
    for t in ${TESTS[teacher]}; do [ -f "$SOURCE/$t" ] && tests="$tests $t"; done
  fi
  for rule in ${PLANTED:-last-copy scratch-root no-private-tmp}; do
    work=$OUT/planted-$rule
    rm -rf "$work" && mkdir -p "$work"
    (cd "$SOURCE" && cp -r sudoku_teach tests notebooks pyproject.toml "$work"/)
    own_venv "$work" "$work/sudoku_teach"
    for one in ${rule//+/ }; do
      [ "$one" = none ] && continue  # the copy as it is: do the tests pass without a rule?
      IFS='|' read -r file pattern replacement <<< "${PLANTS[$one]:?unknown rule $one}"
      "$PY" - "$work/sudoku_teach/$file" "$pattern" "$replacement" <<'EOF' || return 2
import re, sys
path, pattern, replacement = sys.argv[1:]
text = open(path, encoding="utf-8").read()
new, count = re.subn(pattern, replacement, text)
assert count == 1, f"{pattern!r} is {count} times in {path}, not once"
open(path, "w", encoding="utf-8").write(new)
EOF
    done
    echo "== planted $rule in $SOURCE, against ${tests# } (at most ${TIMEOUT}s)"
    start=$(date +%s)
    # shellcheck disable=SC2086  # a list of test files
    (cd "$work" && timeout -k 60 "$TIMEOUT" .venv/bin/python -m pytest -p no:cacheprovider \
      -q -rf $tests > run.log 2>&1)
    case $? in
      0) verdict="the tests pass (a rule planted SURVIVED)" ;;
      1) verdict="killed" ;;
      *) verdict="not judged (see $work/run.log)" ;;
    esac
    echo "   $rule: $verdict in $(( $(date +%s) - start ))s: $(tail -1 "$work/run.log")"
    grep '^FAILED' "$work/run.log" | sed 's/^/   /'
  done
}

for module in $MODULES; do
  if [ "$module" = planted ]; then planted; continue; fi
  tests=""
  for t in ${MUTATION_TESTS:-${TESTS[$module]:?unknown module $module}}; do  # files or tests
    [ -f "$SOURCE/${t%%::*}" ] && tests="$tests $t"
  done
  for t in ${MUTATION_SLOW-${SLOW[$module]:-}}; do  # MUTATION_SLOW: another list (a "before")
    tests="$tests --deselect=tests/$t"
  done
  mutate=""
  for f in ${FILES[$module]}; do
    [ -f "$SOURCE/sudoku_teach/$f" ] && mutate="$mutate \"sudoku_teach/$f\","
  done
  work=$OUT/$module
  if [ -z "${MUTATION_RESUME:-}" ] || [ ! -d "$work/mutants" ]; then
    rm -rf "$work" && mkdir -p "$work"
    (cd "$SOURCE" && cp -r sudoku_teach tests notebooks pyproject.toml "$work"/)
    own_venv "$work" "$work/mutants/sudoku_teach"
    # fast's tables are built once per size and cached (`cover`, `geometry`). mutmut runs
    # each mutant in a process forked from the one that ran the tests first, tables built,
    # so a mutant of the code that builds them would never run: each run builds them anew.
    cat >> "$work/tests/conftest.py" <<'EOF'


@pytest.fixture(autouse=True, scope="session")
def _tables_built_in_this_run():
    from sudoku_teach.fast import _cover, geometry

    _cover.cover.cache_clear()
    geometry.cache_clear()
EOF
    {
      echo
      echo "[tool.mutmut]"
      echo "source_paths = [\"sudoku_teach/\"]"
      echo "only_mutate = [$mutate]"
      echo "also_copy = [\"notebooks/\"]"  # the grading tests grade the lessons
      echo -n "pytest_add_cli_args_test_selection = ["
      for t in $tests; do echo -n "\"$t\", "; done
      echo "]"
      echo "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\", \"-q\", \"-x\"]"
    } >> "$work/pyproject.toml"
  fi
  echo "== $module: mutating$mutate from $SOURCE against$tests (at most ${TIMEOUT}s)"
  start=$(date +%s)
  # SIGINT at the time box: mutmut stops its workers and keeps the results it has
  # shellcheck disable=SC2086  # MUTANTS is a list of names
  (cd "$work" && timeout -s INT -k 60 "$TIMEOUT" .venv/bin/python -m mutmut run \
    --max-children "$JOBS" ${MUTANTS:-} >> run.log 2>&1)
  status=$?
  (cd "$work" && .venv/bin/python -m mutmut results --all true > results.txt 2>&1)
  # A mutant that no selected test runs ("no tests") counts as a survivor; one not reached
  # before the time box ("not checked") counts for neither side.
  for f in ${FILES[$module]}; do
    name=sudoku_teach.$(echo "${f%.py}" | sed 's#/__init__$##; s#/#.#g')
    lines=$(grep "^ *$name\.[^.]*: " "$work/results.txt")
    killed=$(grep -c ': killed\|: timeout' <<< "$lines")
    survived=$(grep -c ': survived\|: no tests' <<< "$lines")
    unchecked=$(grep -c ': not checked' <<< "$lines")
    total=$((killed + survived))
    score=$( [ "$total" -gt 0 ] && echo "$((100 * killed / total))%" || echo "-" )
    echo "   $name: $killed killed, $survived survived (incl. no tests), $unchecked not checked:" \
         "score $score"
  done
  note=$( [ "$status" -eq 124 ] || [ "$status" -eq 130 ] && echo " (time box reached: partial)")
  echo "   $module: $(( $(date +%s) - start ))s$note"
  grep ': survived\|: no tests' "$work/results.txt" | sed 's/^ */   /'
done
