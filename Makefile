# Two commands set everything up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test install bench docs clean readme chromium

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# torch goes in first, pinned to the CPU wheel, so nothing later can pull a CUDA build.
$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt torch==2.13.0
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@

demo: $(STAMP)
	$(BIN)/python -m adjudicator.demo

# The browser test drives Debian's Chromium (Playwright downloads no browser of its own).
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

test: $(STAMP) chromium
	$(BIN)/ruff check adjudicator tests benchmarks models tools
	$(BIN)/ruff format --check adjudicator tests benchmarks models tools
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

# The generated pages of docs/: the command reference and the ledger schema.
docs: $(STAMP)
	$(BIN)/python -m tools.command_reference > docs/commands.md
	$(BIN)/python -m tools.schema_doc > docs/ledger-schema.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Rewrite the example outputs of README.md and docs/guide/*.md from a real run
# (tests/test_readme.py checks them).
readme: $(STAMP)
	$(BIN)/python -m tests.readme_examples
