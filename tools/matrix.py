"""The version matrix: every claim's live value under every deepagents release with fork mode.

    python -m tools.matrix              # all releases from FIRST_WITH_FORK to the newest
    python -m tools.matrix 0.7.30       # just these releases (merged into the file)

Each release gets its own environment under .cache/matrix/<version> (uv venv,
then deepagents==<version> with whatever langchain/langgraph it resolves to
today, then this project without dependencies), runs `python -m snippets.facts`
there and records the row. The result, with its
provenance (command, date, versions used), goes to data/matrix.json, which the
site renders (sitegen/gen_pages.py). Releases are measured two at a time, with
progress printed as each one finishes. Needs the package index (PyPI, or the one
$UV_DEFAULT_INDEX, $UV_INDEX_URL or $PIP_INDEX_URL names); nothing else does.
"""

from __future__ import annotations

import datetime
import html.parser
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed

from packaging.utils import parse_sdist_filename, parse_wheel_filename
from packaging.version import Version

from snippets import paths

from sitegen.verdicts import release_key

ROOT = paths.ROOT
MATRIX = paths.MATRIX
ENVS = paths.CACHE / "matrix"
FIRST_WITH_FORK = "0.7.12"  # the first release whose sub-agents accept mode="fork"
DEFAULT_INDEX = "https://pypi.org/simple"
# The index to list releases from, read in the order uv reads it (uv installs them).
INDEX_VARIABLES = ("UV_DEFAULT_INDEX", "UV_INDEX_URL", "PIP_INDEX_URL")
PEP_691_JSON = "application/vnd.pypi.simple.v1+json"


def index_url() -> str:
    return next((os.environ[name] for name in INDEX_VARIABLES if os.environ.get(name)), DEFAULT_INDEX).rstrip("/")


def project_page(package: str) -> tuple[str, str]:
    """The index's page for a package: (content type, text), from the simple API.

    Asks for JSON (PEP 691), accepts HTML (PEP 503). A file:// index is a folder
    laid out like the simple API, with an index.html per package (as pip reads it).
    """
    url = f"{index_url()}/{package}/"
    if url.startswith("file:"):
        url += "index.html"
    request = urllib.request.Request(url, headers={"Accept": f"{PEP_691_JSON}, text/html;q=0.1"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.headers.get_content_type(), response.read().decode("utf-8")
    except (OSError, ValueError) as error:  # URLError is an OSError
        raise SystemExit(f"could not list {package} releases from the package index {url}: {error}\n"
                         f"  (the index is read from {', '.join(INDEX_VARIABLES)}, else {DEFAULT_INDEX})") from error


class _Links(html.parser.HTMLParser):
    """The file names of a PEP 503 page: each link's text, unless the link is yanked."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[str] = []
        self._yanked: bool | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._yanked = "data-yanked" in dict(attrs)

    def handle_data(self, data):
        if self._yanked is False and data.strip():
            self.files.append(data.strip())

    def handle_endtag(self, tag):
        if tag == "a":
            self._yanked = None


def versions_on_page(content_type: str, text: str) -> set[Version]:
    """Every version that has a file, not yanked, on a simple-API page (JSON or HTML)."""
    if content_type == PEP_691_JSON:
        files = [f["filename"] for f in json.loads(text)["files"] if not f.get("yanked")]
    else:
        links = _Links()
        links.feed(text)
        files = links.files
    found = set()
    for name in files:
        try:
            found.add(parse_wheel_filename(name)[1] if name.endswith(".whl") else parse_sdist_filename(name)[1])
        except ValueError:  # packaging's Invalid*Filename and InvalidVersion
            continue  # not a distribution file (or an unknown format): nothing to list
    return found


def releases() -> list[str]:
    """Every deepagents release (no pre-release) from FIRST_WITH_FORK on, as the package index lists them."""
    found = versions_on_page(*project_page("deepagents"))
    wanted = sorted(v for v in found if not v.is_prerelease and v >= Version(FIRST_WITH_FORK))
    if not wanted:
        raise SystemExit(f"the package index {index_url()} lists no deepagents release from {FIRST_WITH_FORK} on")
    return [str(v) for v in wanted]


def measure(version: str) -> dict:
    env = ENVS / version
    python = env / "bin" / "python"
    found = os.environ.get("UV") or shutil.which("uv")  # `uv run` names itself in $UV
    uv = [found] if found else ["python3", "-m", "uv"]  # else as the Makefile installs it
    if not python.exists():
        subprocess.run([*uv, "venv", "-q", "--python", "3.11", str(env)], check=True)
    subprocess.run([*uv, "pip", "install", "-q", "--python", str(python), f"deepagents=={version}"], check=True)
    subprocess.run([*uv, "pip", "install", "-q", "--python", str(python), "--no-deps", "-e", str(ROOT)], check=True)
    done = subprocess.run([str(python), "-m", "snippets.facts"], capture_output=True, text=True, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "FACTS_CACHE": "0", "PYTHONWARNINGS": "ignore"})
    if done.returncode != 0:
        return {"versions": {"deepagents": version}, "error": done.stderr.strip().splitlines()[-1]}
    return json.loads(done.stdout)


def main(argv: list[str]) -> int:
    wanted = argv or releases()
    matrix = json.loads(MATRIX.read_text(encoding="utf-8")) if MATRIX.exists() else {"rows": {}}
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {pool.submit(measure, version): version for version in wanted}
        for done, job in enumerate(as_completed(jobs), 1):
            version = jobs[job]
            matrix["rows"][version] = job.result()
            status = "error: " + matrix["rows"][version]["error"] if "error" in matrix["rows"][version] else "measured"
            print(f"[{done}/{len(wanted)}] deepagents {version}: {status} ({time.monotonic() - started:.0f} s)", flush=True)
    matrix["rows"] = dict(sorted(matrix["rows"].items(), key=lambda item: release_key(item[0])))
    matrix["provenance"] = {
        "command": "python -m tools.matrix " + " ".join(argv),
        "date": datetime.date.today().isoformat(),
        "python": sys.version.split()[0],
        "note": "each release installed alone with the newest langchain/langgraph it allows on that date",
    }
    MATRIX.parent.mkdir(exist_ok=True)
    MATRIX.write_text(json.dumps(matrix, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {MATRIX.relative_to(ROOT)}: {len(matrix['rows'])} releases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
