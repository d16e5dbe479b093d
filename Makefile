# towerplay: the two commands a new machine needs are `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUNSTAMP := $(VENV)/.installed

.PHONY: run test soak browser bench bench-web lint clean mutants fast test-fast

# pip is the venv's mark of being whole: a venv cut short (Ctrl-C while it was made) has a
# python but no pip, and is made again over itself
$(BIN)/pip:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNSTAMP): pyproject.toml | $(BIN)/pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(STAMP): pyproject.toml | $(BIN)/pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(RUNSTAMP)

run: $(RUNSTAMP)
	$(BIN)/towerplay play rtdt $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples setup.py
	$(BIN)/ruff format --check src tests benchmarks tools examples setup.py
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest -n auto

soak: $(STAMP)
	$(BIN)/pytest -m soak -o addopts='-q'

# The pages in Debian's Chromium (Playwright cannot download its own browsers here).
# axe-core (from npm) checks the pages for WCAG A/AA violations in the browser tests
AXE = build/axe/node_modules/axe-core/axe.min.js

browser: $(STAMP)
	@command -v chromium >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@test -f $(AXE) || { mkdir -p build/axe && cd build/axe && \
	  npm install --no-save --no-audit --no-fund axe-core@4.14.1 >/dev/null; }
	$(BIN)/pytest -m browser -o addopts='-q'

# The compiled build (docs/compiled.md): the engine's hot path and the heuristic agent
# compiled with mypyc into build/fast, a package that shadows src/ when put first on
# PYTHONPATH ($(FAST)); remade whenever a source file changes.
FASTDIR := build/fast
FAST := PYTHONPATH=$(CURDIR)/$(FASTDIR)
SOURCES := $(shell find src -name '*.py' -o -name '*.yaml' -o -name '*.po') pyproject.toml setup.py

$(FASTDIR)/.built: $(SOURCES) | $(STAMP)
	$(BIN)/pip install --quiet 'setuptools>=68' wheel
	rm -rf build  # setuptools keeps old files in build/lib: start clean
	TOWERPLAY_COMPILE=1 $(BIN)/pip wheel --quiet --no-deps --no-build-isolation -w build/wheels .
	$(BIN)/pip install --quiet --no-deps --target $(FASTDIR) build/wheels/towerplay-*.whl
	touch $@

fast: $(FASTDIR)/.built

# the fast suite again on the compiled build, and its games against the pure build's
test-fast: fast
	TOWERPLAY_EXPECT_COMPILED=1 $(FAST) $(BIN)/pytest -n auto

bench: $(STAMP) fast
	$(BIN)/python benchmarks/bench_rtdt.py
	$(FAST) $(BIN)/python benchmarks/bench_rtdt.py
	$(BIN)/python benchmarks/bench_heuristic_parts.py
	$(FAST) $(BIN)/python benchmarks/bench_heuristic_parts.py
	$(BIN)/python benchmarks/bench_narration.py
	$(BIN)/python benchmarks/bench_observe.py
	$(BIN)/python benchmarks/bench_tower.py
	$(BIN)/python benchmarks/bench_tactics.py
	$(BIN)/python benchmarks/bench_sim.py
	$(BIN)/python benchmarks/bench_undo.py
	$(BIN)/python benchmarks/bench_search.py

# The server under load: 100 games driven by AI clients over WebSocket (docs/web.md).
bench-web: $(STAMP)
	$(BIN)/python benchmarks/bench_tables_cpu.py
	$(BIN)/python benchmarks/bench_web.py --games 100 --seconds 30 --think 1.0
	$(BIN)/python benchmarks/bench_web.py --games 100 --seconds 30

# Mutation testing of N sampled rule sites (not part of `make test`; minutes, not seconds).
N ?= 40
SEED ?= 1
mutants: $(STAMP)
	$(BIN)/python tools/mutants.py --n $(N) --seed $(SEED)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
