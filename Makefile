# One dev loop, the same in CI: `make test`, `make lint`.
VENV ?= .venv
# No "Entering directory" lines, even when run from another make: `make keygen` prints the key alone.
MAKEFLAGS += --no-print-directory
PY := $(VENV)/bin/python

.PHONY: install run test lint format demo bench keygen

$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# No first-run e-mail prompt and no usage statistics: the first command just opens the wizard.
# `make run PORT=8600` picks the port; `make run HEADLESS=true` serves without opening a browser.
PORT ?= 8501
HEADLESS ?= false
run: install
	$(VENV)/bin/streamlit run streamlit_app.py --server.port $(PORT) --server.headless $(HEADLESS) \
		--server.showEmailPrompt false --browser.gatherUsageStats false

# Tests run in parallel (pytest-xdist); those sharing a fixture's server or data keep to one worker
# (xdist_group). Three workers on two cores: the browser tests mostly wait. `make test WORKERS=0`
# runs everything in one process.
WORKERS ?= 3
test: install
	$(PY) -m pytest -n $(WORKERS)

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

format: install
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# Each run replays into a new project ("… (2)" the second time).
demo: install
	$(PY) -m wizard_core replay tests/transcripts/house-conversion-vague.json --store data

# A new WIZARD_ENCRYPTION_KEY on stdout and nothing else (installing first if needed, its output on
# stderr), so `export WIZARD_ENCRYPTION_KEY=$$(make keygen)` works on a fresh machine.
keygen:
	@$(MAKE) --no-print-directory -s install >&2
	@$(PY) -m wizard_core keygen

bench: install
	$(PY) bench/bench_turn.py
