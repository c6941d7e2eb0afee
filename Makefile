# The README's commands. Python runs inside .venv (built from uv.lock); npm deepagents
# and its peers (measured in JavaScript) and Mermaid come from node_modules (built from
# package-lock.json: dependencies and devDependencies); Mermaid draws the diagrams at build time in Chromium.
UV_VERSION := 0.13.9
UV := python3 -m uv
SITE_DIR := site
BENCH_ROUNDS ?= 3
# Builds of one commit are byte-identical (tests/test_cache.py).
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

ifdef DEEPAGENTS
# Another deepagents release (a version, or "newest"), in its own environment:
# the pinned .venv is never touched. Example: DEEPAGENTS=0.7.30 make build
OTHER := .cache/envs/deepagents-$(DEEPAGENTS)
PYTHON_ENV := $(OTHER)/.ready
RUN := PATH="$(CURDIR)/$(OTHER)/bin:$$PATH" VIRTUAL_ENV="$(CURDIR)/$(OTHER)"
SITE_DIR := site-deepagents-$(DEEPAGENTS)
DEEPAGENTS_REQUIREMENT := $(if $(filter newest,$(DEEPAGENTS)),deepagents,deepagents==$(DEEPAGENTS))
else
PYTHON_ENV := .venv/.synced
RUN := $(UV) run --locked --no-sync
endif
# Quiet two banners that MkDocs plugins print on every build, and jieba's
# SyntaxWarnings (invalid escapes in its regexes) on first import.
export DISABLE_MKDOCS_2_WARNING := true
export NO_MKDOCS_2_WARNING := 1
export PYTHONWARNINGS := ignore::SyntaxWarning
# This checkout's code first, whatever environment runs it: an environment synced from another
# checkout (an editable install points there) must not build a mix of the two.
export PYTHONPATH := $(CURDIR)$(if $(PYTHONPATH),:$(PYTHONPATH))

.PHONY: setup serve build releases releases-check facts parity check test bench bench-suite matrix drift mutate mutants sentences audit clean engine-demo

# Re-runs only when a lock file changes. --compile-bytecode: a build never recompiles
# the dependencies, even where PYTHONDONTWRITEBYTECODE is set.
.venv/.synced: uv.lock pyproject.toml
	python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet "uv==$(UV_VERSION)"
	$(UV) sync --locked --compile-bytecode
	touch $@

ifdef OTHER
$(OTHER)/.ready: pyproject.toml
	python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet "uv==$(UV_VERSION)"
	$(UV) venv -q --allow-existing --python 3.11 $(OTHER)
	echo "$(DEEPAGENTS_REQUIREMENT)" > $(OTHER)/overrides.txt
	$(UV) pip install -q --compile-bytecode --python $(OTHER)/bin/python --upgrade-package deepagents \
		--override $(OTHER)/overrides.txt -e . --group docs --group test
	touch $@
endif

node_modules/.synced: package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Debian's Chromium for the browser tests (never a browser download), and fonts
# so that screenshots show Chinese and emoji. Needs root (CI is root), or sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
/usr/bin/chromium:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji

setup: $(PYTHON_ENV) node_modules/.synced

# Diagrams are drawn at build time by Mermaid in Chromium (sitegen/drawing.py). A command that builds the
# site needs a Chromium or Chrome: the one SITEGEN_CHROMIUM names, else one on PATH, else Debian's (above).
FOUND_CHROMIUM := $(SITEGEN_CHROMIUM)$(shell for b in chromium chromium-browser google-chrome google-chrome-stable; do command -v $$b || true; done)
BROWSER := $(if $(strip $(FOUND_CHROMIUM)),,/usr/bin/chromium)

# mkdocs serve, restarted when Python code changes (tools/serve.py); pages and strings rebuild in place.
serve: setup $(BROWSER)
	$(RUN) python -m tools.serve

build: setup $(BROWSER)
	$(RUN) python -m mkdocs build --strict -d $(SITE_DIR)

# Every release with fork mode side by side, the reader picks one: site-releases/ (tools/releases.py).
# RELEASES="0.7.30 0.7.32" builds those (the pinned one is always added); RELEASES=--sample three.
releases: setup $(BROWSER)
	$(RUN) python -m tools.releases $(RELEASES)

# The release tree with the oldest release the matrix measured beside the pinned one, measured cold in its own
# environment: the banner and a reader switching release (tests/test_releases.py's older_release tests; the suite
# builds the pinned release alone, from its own build's cache).
releases-check: setup /usr/bin/chromium
	$(RUN) pytest -m older_release -n 0 -p no:randomly tests/test_releases.py

facts: setup
	$(RUN) python -m sitegen.tables

test: setup /usr/bin/chromium
	$(RUN) pytest

parity: setup
	$(RUN) python -m claims parity

# Every writer's check of the claims engine (what stops the build before any page), one line each.
check: setup
	$(RUN) python -m claims check

# The claims engine's second site (examples/json-site/, about Python's json, MkDocs' default theme): the engine
# installed from claims/ beside MkDocs into a fresh environment builds it, and its mutant stops the build in one
# line (tests/test_engine_demo.py; the suite only checks that its files are the guide's).
engine-demo: $(PYTHON_ENV)
	$(RUN) pytest -m engine_demo -n 0 tests/test_engine_demo.py

bench: setup
	$(RUN) python benchmarks/experiments.py
	$(RUN) python benchmarks/site.py --rounds $(BENCH_ROUNDS)
	$(RUN) python benchmarks/mutation.py
	$(RUN) python benchmarks/releases.py --rounds $(BENCH_ROUNDS)

# What the test suite costs: pytest's wall time beside its target (180 s on 2 quiet cores), the costliest files.
bench-suite: setup /usr/bin/chromium
	$(RUN) python benchmarks/suite.py

# The version matrix (data/matrix.json): every release with fork mode, each in its own env.
matrix: setup
	$(RUN) python -m tools.matrix

# The facts and example outputs that differ in a fresh install of the newest deepagents with the
# newest dependencies its ranges allow, PyPI and npm (exit 1 if any), as Markdown; the weekly
# workflow gets it as its job summary ($GITHUB_STEP_SUMMARY).
drift: setup
	$(RUN) python -m tools.drift_watch

# The quick path over every mutant, kept in data/mutants.json for the code and stack it ran under: the test suite
# reads a mutant's claim values from it while they are current (and observes a few again each run), and observes
# the rest itself. Run it after changing snippets/, claims/ or the lock files, and commit the file.
mutants: setup
	$(RUN) python -m tools.mutation --quick --record

# The mutation suite (python -m claims mutate runs mkdocs.yml's runner, tools/mutation.py): deepagents (or langchain) copied, one behaviour changed at a
# time, both languages built strictly against each; prints what followed, exit 1 if one is not caught.
mutate: setup $(BROWSER)
	$(RUN) python -m claims mutate

# Lighthouse (mobile preset) on every page of every language, served with gzip: the four scores and the
# page weight beside the targets, and the recipes page's height on a phone (benchmarks/audit.py); exit 1 if a
# page misses one.
audit: build /usr/bin/chromium
	$(RUN) python benchmarks/audit.py $(SITE_DIR)

# Every sentence about deepagents on every page, with its claim, the article's value and today's (Markdown).
sentences: setup
	$(RUN) python -m claims sentences

clean:
	rm -rf .venv node_modules site site-deepagents-* site-releases site-releases.partial .cache .pytest_cache
