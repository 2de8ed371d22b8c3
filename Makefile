# The two commands a new user runs: `make demo` and `make test`. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint install site serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,site]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress adjudicate --due
	$(BIN)/turnpress site build
	@echo
	@echo "The demo league is built into public/: run 'make serve' and visit http://127.0.0.1:8000/"

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

site: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress site build

serve: $(STAMP)
	@mkdir -p games
	$(BIN)/turnpress site serve

clean:
	rm -rf $(VENV) public .pytest_cache
