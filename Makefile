# sudoku-teach: every target sets up .venv first if it is missing or out of date.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOG := $(VENV)/install.log
PUZZLES ?= ../shared/puzzles/top95.txt ../shared/puzzles/hard375.txt

.PHONY: install lab play test lint execute student handout bench mutation clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null \
		|| { echo "sudoku-teach needs Python 3.10 or newer as '$(PYTHON)' (try: make PYTHON=python3.11 ...)"; exit 1; }
	@echo "Setting up $(VENV): installing sudoku-teach and its tools (about a minute the first time)..."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@{ $(BIN)/python -m pip install --upgrade pip && $(BIN)/python -m pip install -e ".[dev]"; } \
		> $(LOG) 2>&1 \
		|| { tail -n 40 $(LOG); echo "Setting up $(VENV) failed; pip's full output is in $(LOG)"; exit 1; }
	@touch $(STAMP)

install: $(STAMP)

# Root (containers, some school images) must say so explicitly to Jupyter.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/ $(LAB_ARGS)

# The game as a web page with no code showing (Voila), on http://localhost:8866.
play: $(STAMP)
	$(BIN)/voila app/play.ipynb $(PLAY_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check sudoku_teach tests notebooks benchmarks app

test: lint
	$(BIN)/python -m pytest --nbval --nbval-current-env tests notebooks

# Run every instructor notebook and store its outputs (no widget state), then remake the
# student versions. Use it after editing a notebook or the package.
execute: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False \
		notebooks/*.ipynb
	$(BIN)/python -m sudoku_teach.notebooks clean notebooks
	$(MAKE) student

student: $(STAMP)
	$(BIN)/python -m sudoku_teach.notebooks student notebooks

# The zip students unpack and start with `make lab`: student notebooks, package, student README.
handout: $(STAMP)
	$(BIN)/python -m sudoku_teach.handout . dist/sudoku-teach-handout.zip

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py $(PUZZLES)
	$(BIN)/python benchmarks/bench_play.py

# Mutation testing of the core modules (a benchmark: slow, not part of `make test`).
# MODULES="rules grid" limits it; see benchmarks/mutation.sh for the time box.
mutation: $(STAMP)
	$(BIN)/python -c "import mutmut" 2>/dev/null || $(BIN)/python -m pip install -e ".[mutation]"
	benchmarks/mutation.sh $(MODULES)

clean:
	rm -rf $(VENV) build dist *.egg-info
