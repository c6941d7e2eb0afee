"""Where everything is in this repository: the one module that knows.

Every layer imports its paths from here (snippets/ is the bottom layer, so the
site layer, the tools and the tests all can); nothing else computes the root.
"""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SNIPPETS = ROOT / "snippets"  # the experiments: deepagents -> measurements
SCENARIOS = (
    SNIPPETS / "scenarios"
)  # what a reader copies; runs beside scripted_model.py
SCRIPTED_MODEL = (
    SCENARIOS / "scripted_model.py"
)  # the one file the site publishes for download
SCRIPTED_MODEL_JS = (
    SCENARIOS / "scripted_model.mjs"
)  # its JavaScript twin, published beside each .mjs example
JS = SNIPPETS / "js"  # the JavaScript harness: measure.mjs (npm deepagents -> JSON) and its resolve hook
MEASURE_JS = JS / "measure.mjs"
PACKAGE_JSON = ROOT / "package.json"  # dependencies: what a JavaScript reader installs
DOCS = ROOT / "docs"  # docs/<language>/<page>.md
LANGUAGES = DOCS / "languages.yml"  # the registry of languages
MKDOCS_YML = ROOT / "mkdocs.yml"
README = ROOT / "README.md"
SITEGEN = ROOT / "sitegen"
STRINGS = (
    SITEGEN / "strings"
)  # sitegen/strings/<language>.yml: every word the site code prints
MATRIX = ROOT / "data" / "matrix.json"  # every claim under every release (make matrix)
DOCS_QUOTES = ROOT / "data" / "docs_quotes.yml"  # what deepagents' own docs say that live behaviour contradicts
# the newest release of each runtime when `make drift` or `make matrix` last listed them, and when
NEWEST = ROOT / "data" / "newest.json"
RECIPES_FILED = ROOT / "benchmarks" / "recipes_filed.json"  # the recipes page's height on a phone, as filed (make audit)
NODE_MODULES = ROOT / "node_modules"
ENGINE = ROOT / "claims"  # the claims engine, a distribution of its own (claims/pyproject.toml)
ENGINE_DEMO = ROOT / "examples" / "json-site"  # a second site of the engine, about Python's json (make engine-demo)
# Facts, rendered blocks, release environments (gitignored); $SITEGEN_CACHE_DIR puts facts and blocks
# elsewhere (the tests share one per session between the builds of the project's copies).
CACHE = Path(os.environ.get("SITEGEN_CACHE_DIR") or ROOT / ".cache")
SITE = ROOT / "site"
RELEASES_SITE = ROOT / "site-releases"


def shown(path: Path) -> str:
    """A path as messages show it: relative to the repository when it is inside."""
    path = Path(path)
    return (
        str(path.relative_to(ROOT))
        if path.is_absolute() and path.is_relative_to(ROOT)
        else str(path)
    )


# A line that names where an excerpt of an example starts or ends (`# --8<-- [start:guard]`, `// --8<-- [end:guard]`):
# a page shows that part with pymdownx.snippets (`--8<-- "snippets/scenarios/never_nest.py:guard"`).
EXCERPT_MARKER = re.compile(r"^[ \t]*(?:#|//)[ \t]*-+8<-+[ \t]+\[[ \t]*(?:start|end)[ \t]*:[ \t]*[a-z][-_0-9a-z]*[ \t]*\][ \t]*\r?\n?", re.M)


def published(path: Path) -> str:
    """An example as readers get it, on the page and as a download: its file without the lines that mark
    excerpts (pymdownx.snippets drops them from a whole file it includes, the same lines)."""
    return EXCERPT_MARKER.sub("", Path(path).read_text(encoding="utf-8"))
