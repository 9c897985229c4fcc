#!/usr/bin/env bash
# Mutation testing of the core modules, as a benchmark (slow; not part of `make test` or CI).
#
#   make mutation                     # every module below, each time-boxed
#   benchmarks/mutation.sh rules grid # only these modules
#   MUTATION_TIMEOUT=900 MUTATION_JOBS=2 benchmarks/mutation.sh fast
#   MUTANTS="sudoku_teach.grid.x_save__mutmut_6 ..." benchmarks/mutation.sh grid  # rerun some
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
  [puzzles]="tests/test_puzzles.py tests/test_mutation_kills.py tests/test_kills_generate_rating.py"
  [rating]="tests/test_rating.py tests/test_levels.py tests/test_kills_generate_rating.py"
  [game]="tests/test_game.py tests/test_mutation_kills.py"
  [savegame]="tests/test_game.py tests/test_savegame_roundtrip.py tests/test_mutation_kills.py"
  [grading]="tests/test_grading_verdicts.py"  # test_grading.py grades whole classes: slow
  [submissions]="tests/test_grading_names.py"
  [gradebook]="tests/test_grading_names.py"  # test_grading_lms.py grades classes: slow
)
# module: its file in the package
declare -A FILES=(
  [rules]=rules.py [formats]=formats.py [grid]=grid.py [fast]=fast/__init__.py
  [cover]=fast/_cover.py [puzzles]=generate/puzzles.py [rating]=rating.py
  [game]=game/__init__.py [savegame]=game/savegame.py [grading]=teacher/grading.py
  [submissions]=teacher/submissions.py [gradebook]=teacher/gradebook.py
)
ORDER="rules formats grid fast cover puzzles rating game savegame grading"
MODULES=${*:-$ORDER}

"$PY" -c "import mutmut" 2>/dev/null || {
  echo "mutmut is not installed: .venv/bin/pip install -e '.[mutation]'"; exit 2; }

for module in $MODULES; do
  tests=""
  for t in ${TESTS[$module]:?unknown module $module}; do
    [ -f "$t" ] && tests="$tests $t"
  done
  work=$OUT/$module
  rm -rf "$work" && mkdir -p "$work"
  cp -r sudoku_teach tests notebooks pyproject.toml "$work"/
  {
    echo
    echo "[tool.mutmut]"
    echo "source_paths = [\"sudoku_teach/\"]"
    echo "only_mutate = [\"sudoku_teach/${FILES[$module]}\"]"
    echo "also_copy = [\"notebooks/\"]"  # the grading tests grade the lessons
    echo -n "pytest_add_cli_args_test_selection = ["
    for t in $tests; do echo -n "\"$t\", "; done
    echo "]"
    echo "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\", \"-q\", \"-x\"]"
  } >> "$work/pyproject.toml"
  echo "== $module: mutating sudoku_teach/${FILES[$module]} against$tests (at most ${TIMEOUT}s)"
  start=$(date +%s)
  # shellcheck disable=SC2086  # MUTANTS is a list of names
  (cd "$work" && timeout "$TIMEOUT" "$PY" -m mutmut run --max-children "$JOBS" ${MUTANTS:-} \
    > run.log 2>&1)
  status=$?
  (cd "$work" && "$PY" -m mutmut results --all true > results.txt 2>&1)
  # A mutant that no selected test runs ("no tests") counts as a survivor; one not reached
  # before the time box ("not checked") counts for neither side.
  killed=$(grep -c ': killed\|: timeout' "$work/results.txt")
  survived=$(grep -c ': survived\|: no tests' "$work/results.txt")
  unchecked=$(grep -c ': not checked' "$work/results.txt")
  total=$((killed + survived))
  score=$( [ "$total" -gt 0 ] && echo "$((100 * killed / total))%" || echo "-" )
  note=$( [ "$status" -eq 124 ] && echo " (time box reached: partial)" || echo "" )
  echo "   $module: $killed killed, $survived survived (incl. no tests), $unchecked not checked:" \
       "score $score in $(( $(date +%s) - start ))s$note"
  grep ': survived\|: no tests' "$work/results.txt" | sed 's/^ */   /'
done
