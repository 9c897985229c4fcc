# sudoku-teach: every target sets up .venv first if it is missing or out of date.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOG := $(VENV)/install.log
PUZZLES ?= ../shared/puzzles/top95.txt ../shared/puzzles/hard375.txt

.PHONY: install hub-deps lab my-work play test test-fast lint execute student handout bench mutation load-test hub-test clean axe lite

# pip's output goes to $(LOG); on the screen, a dot for each package pip fetches.
DOTS := awk '/^Collecting / { printf "."; fflush() } \
	/^Installing collected packages/ { print ""; print "Installing them (a few minutes more)..."; \
	fflush(); said = 1 } END { if (!said) print "" }'

# rfc3987-syntax comes with Jupyter (jupyter-events wants jsonschema[format-nongpl]) and builds
# about 35 parsers whenever a Jupyter server, nbformat or nbclient starts: 2-3 s of CPU each
# time (jsonschema issue 1428). No Jupyter schema checks IRIs, and jsonschema goes without it.
SLIM := -m pip uninstall -y -q rfc3987-syntax

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10)' 2>/dev/null \
		|| { echo "sudoku-teach needs Python 3.10 or newer as '$(PYTHON)' (try: make PYTHON=python3.11 ...)"; exit 1; }
	@echo "Setting up $(VENV): sudoku-teach and its tools, about 130 packages. The first time this"
	@echo "takes 5-10 minutes (it downloads a few hundred MB); later runs start at once."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@rm -f $(LOG).failed
	@$(BIN)/python -m pip install --upgrade pip > $(LOG) 2>&1 || touch $(LOG).failed
	@printf "Fetching packages (a dot each): "
	@{ test -e $(LOG).failed || $(BIN)/python -m pip install -e ".[dev]" 2>&1 || touch $(LOG).failed; } \
		| tee -a $(LOG) | $(DOTS)
	@if test -e $(LOG).failed; then tail -n 40 $(LOG); \
		echo "Setting up $(VENV) failed; pip's full output is in $(LOG)"; rm -f $(LOG).failed; exit 1; fi
	@$(BIN)/python $(SLIM) >> $(LOG) 2>&1
	@echo "Done: $(VENV) is ready (pip's full output is in $(LOG))."
	@touch $(STAMP)

install: $(STAMP)

# The hub's packages (the "hub" extra) in .venv too, for `make hub-test`; once, since pip
# reinstalls sudoku-teach itself each time (CI installs them before any test runs from .venv).
hub-deps: $(VENV)/.hub
$(VENV)/.hub: $(STAMP) pyproject.toml
	$(BIN)/python -m pip install -q -e ".[hub]"
	@$(BIN)/python $(SLIM) >> $(LOG) 2>&1
	@touch $@

# Root (containers, some school images) must say so explicitly to Jupyter.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

# JupyterLab as a student meets it: the dev extra also brings nbgrader (its menu, a Validate
# button on every notebook, a Create Assignment panel) and JupyterLite's in-browser kernel,
# which student-lab/ turns off for these two targets (`.venv/bin/jupyter lab` keeps them).
STUDENT_LAB := JUPYTER_CONFIG_PATH=$(CURDIR)/student-lab$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH))

lab: $(STAMP)
	$(STUDENT_LAB) $(BIN)/jupyter lab notebooks/ $(LAB_ARGS)

# Students working from a clone: their own copy of the student notebooks in my-work/ (made
# once; a notebook already there is never overwritten), opened in JupyterLab.
my-work: $(STAMP)
	$(BIN)/python -m sudoku_teach.teacher.my_work notebooks/student my-work
	$(STUDENT_LAB) $(BIN)/jupyter lab my-work/ $(LAB_ARGS)

# The game as a web page with no code showing (Voila), on http://localhost:8866; its limits
# (when idle kernels are shut down) are in app/voila.json. Its kernel websocket sends each
# key at once (TCP_NODELAY: sudoku_teach/views/nodelay.py).
NODELAY := --Voila.kernel_websocket_connection_class=sudoku_teach.views.nodelay.NoDelayConnection
play: $(STAMP)
	$(BIN)/voila app/play.ipynb --Voila.config_file_paths=app $(NODELAY) $(PLAY_ARGS)

# axe-core, the accessibility checker the browser tests inject into the page (from npm).
axe: node_modules/axe-core/axe.min.js
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# The course as a static site in dist/lite/ (JupyterLite: Python runs in the browser, nothing
# to install): the student notebooks, the game, the package, and Pyodide from npm. Serve the
# folder with any web server, e.g. `python3 -m http.server -d dist/lite`. See lite/build.py.
lite: $(STAMP) node_modules/pyodide/pyodide.mjs
	$(BIN)/python lite/build.py dist/lite
node_modules/pyodide/pyodide.mjs: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# ruff for style, mypy for types (its settings: [tool.mypy] in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check sudoku_teach tests notebooks benchmarks app deploy
	$(BIN)/mypy

# axe-core comes from npm: without npm the accessibility checks skip (and fail in CI).
# Two test workers a core, at most 8 (pytest-xdist): most browser, kernel and server tests
# wait on another process, so one worker alone left its core idle two thirds of the time.
# Three a core were tried: on an idle 2-core machine both cores were then busy all along
# (the suite is bound by computing, not waiting): pytest took 12:00, as with two a core
# (12:01-12:59, on a slower 2-core machine than today's, where it takes 6:34), and more
# kernels starting at once made one lose its ZMQ port to another.
# A file stays on one worker, so a notebook's cells run in order in one kernel and a file's
# shared server or kernel is started once; three long files are dealt out in parts
# (tests/parts.py); the longest files go first (tests/conftest.py).
# JOBS=1 for one worker.
JOBS ?= $(shell $(PYTHON) -c 'import os; print(min(2 * (os.cpu_count() or 1), 8))')
PYTEST_JOBS = -n $(JOBS) --dist loadfile --no-loadscope-reorder
# The suite starts hundreds of Python processes (kernels, servers, workers): let them keep the
# compiled bytecode of the package and the tests rather than compile it again in each one.
unexport PYTHONDONTWRITEBYTECODE
# nbval checks the instructor notebooks' stored outputs. The student versions store none:
# tests/test_student.py runs each one and checks that every exercise says what to do.
test: lint
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory axe; \
		else echo "npm not found: the accessibility checks will skip (apt-get install npm)"; fi
	$(BIN)/python -m pytest $(PYTEST_JOBS) --durations=10 --nbval --nbval-current-env \
		--ignore=notebooks/student tests notebooks

# Under a minute on 2 idle cores like CI's (45-51 s): the unit tests, with fewer hypothesis examples; no browser,
# kernel or notebook, nor the unit tests of seconds each (`SLOW_TESTS` in tests/conftest.py).
test-fast: $(STAMP)
	HYPOTHESIS_PROFILE=fast $(BIN)/python -m pytest $(PYTEST_JOBS) -m "not browser and not slow" tests

# Run every instructor notebook and store its outputs (no widget state), then remake the
# student versions. Use it after editing a notebook or the package.
execute: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False \
		notebooks/*.ipynb
	$(BIN)/python -m sudoku_teach.teacher.notebook_tools clean notebooks
	$(MAKE) student

student: $(STAMP)
	$(BIN)/python -m sudoku_teach.teacher.notebook_tools student notebooks

# The zip students unpack and start with `make lab`: student notebooks, package, student README.
handout: $(STAMP)
	$(BIN)/python -m sudoku_teach.teacher.handout . dist/sudoku-teach-handout.zip

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py $(PUZZLES)
	$(BIN)/python benchmarks/bench_big.py
	$(BIN)/python benchmarks/bench_play.py
	$(BIN)/python benchmarks/bench_play_browser.py

# 30 students in 30 browsers on one `make play` server: own saves back, memory back (minutes).
load-test: $(STAMP)
	$(BIN)/python benchmarks/load_play.py

# The school's JupyterHub for real, as root: Unix accounts, TLS, limits, culling, the adversary's
# checks, collect and grade (a few minutes; installs the "hub" extra, and configurable-http-proxy
# from npm into deploy/jupyterhub/node_modules/).
HUB_ENV ?= /opt/sudoku-teach-hub
hub-test: $(VENV)/.hub
	cd deploy/jupyterhub && npm ci --no-audit --no-fund --loglevel=error
	deploy/jupyterhub/install_user_env.sh $(HUB_ENV)
	SUDOKU_HUB_USER_ENV=$(HUB_ENV) $(BIN)/python -m pytest -v -p no:cacheprovider deploy/jupyterhub/test_hub.py

# Mutation testing of the core modules (a benchmark: slow, not part of `make test`).
# MODULES="rules grid" limits it; see benchmarks/mutation.sh for the time box.
mutation: $(STAMP)
	$(BIN)/python -c "import mutmut" 2>/dev/null || $(BIN)/python -m pip install -e ".[mutation]"
	benchmarks/mutation.sh $(MODULES)

clean:
	rm -rf $(VENV) build dist *.egg-info
