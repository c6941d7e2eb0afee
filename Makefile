# The README's commands. Everything runs inside .venv, built from uv.lock.
UV_VERSION := 0.13.9
UV := python3 -m uv
RUN := $(UV) run --locked --no-sync

.PHONY: setup facts test bench-experiments clean

# Installs uv (from PyPI) and the locked environment; re-runs only when the lock changes.
.venv/.synced: uv.lock pyproject.toml
	python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet "uv==$(UV_VERSION)"
	$(UV) sync --locked
	touch $@

setup: .venv/.synced

facts: setup
	$(RUN) python -m snippets.facts

test: setup
	$(RUN) pytest

bench-experiments: setup
	$(RUN) python benchmarks/experiments.py

clean:
	rm -rf .venv site .pytest_cache
