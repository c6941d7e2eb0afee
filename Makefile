# The README's commands. Python runs inside .venv (built from uv.lock); Mermaid
# comes from node_modules (built from package-lock.json).
UV_VERSION := 0.13.9
UV := python3 -m uv
RUN := $(UV) run --locked --no-sync
# Quiet two banners that MkDocs plugins print on every build, and jieba's
# SyntaxWarnings (invalid escapes in its regexes) on first import.
export DISABLE_MKDOCS_2_WARNING := true
export NO_MKDOCS_2_WARNING := 1
export PYTHONWARNINGS := ignore::SyntaxWarning

.PHONY: setup serve build facts parity test bench clean

# Re-runs only when a lock file changes.
.venv/.synced: uv.lock pyproject.toml
	python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet "uv==$(UV_VERSION)"
	$(UV) sync --locked
	touch $@

node_modules/.synced: package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (never a browser download), and fonts
# so that screenshots show Chinese and emoji. Needs root (CI is root), or sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
/usr/bin/chromium:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji

setup: .venv/.synced node_modules/.synced /usr/bin/chromium

serve: setup
	$(RUN) mkdocs serve --livereload

build: setup
	$(RUN) mkdocs build --strict

facts: setup
	$(RUN) python -m snippets.facts

test: setup
	$(RUN) pytest

parity: setup
	$(RUN) python -m sitegen.parity

bench: setup
	$(RUN) python benchmarks/experiments.py

clean:
	rm -rf .venv node_modules site .pytest_cache
