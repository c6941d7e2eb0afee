"""Where everything is in this repository: the one module that knows.

Every layer imports its paths from here (snippets/ is the bottom layer, so the
site layer, the tools and the tests all can); nothing else computes the root.
"""

import os
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
NODE_MODULES = ROOT / "node_modules"
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
