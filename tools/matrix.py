"""The version matrix: every claim's live value under every deepagents release with fork mode, on PyPI and npm.

    python -m tools.matrix                      # every release of both, from FIRST_WITH_FORK (PyPI) and
                                                # NPM_FIRST_WITH_FORK (npm) to the newest
    python -m tools.matrix 0.7.30               # just these PyPI releases (merged into the file)
    python -m tools.matrix --runtime js         # only the npm releases (--runtime js 1.14.0: just that one)

Each PyPI release is installed alone in .cache/matrix/<version> (with the
langchain/langgraph it resolves to today) and measured there by `python -m
snippets.facts --runtime python`; each npm release is installed in
.cache/npm/<version> (with package.json's peers where its peer ranges let them
fit) and measured by `python -m snippets.facts --runtime js` with
DEEPAGENTS_JS_DIR pointing there. The rows and their provenance go to
data/matrix.json, which the site renders (sitegen/gen_pages.py). Two releases at
a time, progress printed as each finishes. Needs the package indexes ($UV_DEFAULT_INDEX,
$UV_INDEX_URL or $PIP_INDEX_URL, else PyPI; npm as configured); nothing else does.
"""

from __future__ import annotations

import argparse
import datetime
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from packaging.utils import parse_sdist_filename, parse_wheel_filename
from packaging.version import Version

from snippets import js, paths
from snippets.lab import RUNTIMES

from sitegen.verdicts import release_key
from tools.releases import uv

ROOT = paths.ROOT
MATRIX = paths.MATRIX
ENVS = paths.CACHE / "matrix"
FIRST_WITH_FORK = "0.7.12"  # the first release whose sub-agents accept mode="fork"
NPM_FIRST_WITH_FORK = "1.13.1"  # the first npm release whose sub-agents accept mode: "fork"
NPM_DIRS = paths.CACHE / "npm"  # one folder per npm release: <version>/node_modules
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


def npm_releases() -> list[str]:
    """Every npm deepagents release (no pre-release) from NPM_FIRST_WITH_FORK on, as `npm view` lists them."""
    try:
        done = subprocess.run(["npm", "view", "deepagents", "versions", "--json"], capture_output=True, text=True,
                              timeout=120, check=True)
        listed = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, json.JSONDecodeError) as error:
        raise SystemExit(f"could not list npm deepagents releases (`npm view deepagents versions`): {error}") from error
    wanted = [v for v in listed if re.fullmatch(r"\d+\.\d+\.\d+", v) and release_key(v) >= release_key(NPM_FIRST_WITH_FORK)]
    if not wanted:
        raise SystemExit(f"npm lists no deepagents release from {NPM_FIRST_WITH_FORK} on")
    return sorted(wanted, key=release_key)


def record_newest(runtime: str, listed: list[str], by: str) -> None:
    """Keep the newest release of a runtime ("python": PyPI, "js": npm) that the index listed today, and which
    command listed it, in data/newest.json: what the pages' "measured with" line says was last checked, and
    when (sitegen/verdicts.py newest_checked; a build reads it, with no network)."""
    kept = json.loads(paths.NEWEST.read_text(encoding="utf-8")) if paths.NEWEST.exists() else {}
    kept[runtime] = {"newest": max(listed, key=release_key), "checked": datetime.date.today().isoformat(), "by": by}
    paths.NEWEST.parent.mkdir(exist_ok=True)
    paths.NEWEST.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def npm_install(version: str) -> tuple[Path, str]:
    """npm deepagents <version> in .cache/npm/<version> (installed once): (the folder, how its peers were chosen)."""
    folder = NPM_DIRS / version
    ready = folder / ".ready"
    if ready.exists():
        return folder, ready.read_text(encoding="utf-8")
    pins = {name: pinned for name, pinned in js.reader_packages().items() if name != "deepagents"}
    log = ""
    for attempt in range(3):
        if attempt == 1:  # drop the pins npm named in its complaint (a peer range they do not fit)
            pins = {name: pinned for name, pinned in pins.items() if name not in log}
        elif attempt == 2:
            pins = {}
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        command = ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--ignore-scripts",
                   "--prefer-offline", f"deepagents@{version}", *(f"{name}@{pinned}" for name, pinned in pins.items())]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
        if done.returncode == 0:
            how = "peers pinned as in package.json" if attempt == 0 else \
                  f"pinned as in package.json: {', '.join(pins) or 'none'}; the other peers as npm resolves them"
            ready.write_text(how, encoding="utf-8")
            return folder, how
        log = done.stdout + done.stderr
    raise RuntimeError(f"npm could not install deepagents@{version}: {log.strip().splitlines()[-1] if log.strip() else '?'}")


def npm_install_newest(version: str, folder: Path) -> tuple[Path, str]:
    """npm deepagents <version> in a fresh `folder`, with the newest release of each of its peers (package.json's
    `dependencies`) that its version ranges allow: what a reader who installs it today gets. (the folder, how)"""
    try:
        done = subprocess.run(["npm", "view", f"deepagents@{version}", "peerDependencies", "dependencies", "--json"],
                              capture_output=True, text=True, timeout=120, check=True)
        declared = json.loads(done.stdout or "{}")
    except (OSError, subprocess.SubprocessError, json.JSONDecodeError) as error:
        raise RuntimeError(f"could not read deepagents@{version}'s version ranges (`npm view`): {error}") from error
    ranges = {**declared.get("dependencies", {}), **declared.get("peerDependencies", {})}
    wanted = {name: ranges.get(name, "latest") for name in js.reader_packages() if name != "deepagents"}
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    command = ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--ignore-scripts",
               f"deepagents@{version}", *(f"{name}@{spec}" for name, spec in wanted.items())]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        log = (done.stdout + done.stderr).strip()
        raise RuntimeError(f"npm could not install deepagents@{version} with its newest peers: "
                           f"{log.splitlines()[-1] if log else '?'}")
    return folder, "the newest each range of deepagents allows: " + ", ".join(f"{n}@{s}" for n, s in wanted.items())


def measure_npm(version: str, fresh: Path | None = None, printed: bool = False) -> dict:
    """The JavaScript twins' values under npm deepagents <version>: a row of the matrix's npm rows.

    `fresh`: install it there anew, with the newest peers its ranges allow (npm_install_newest), not the pins;
    `printed`: the row also holds what each example printed (`printed`, as `python -m snippets.facts --printed`)."""
    try:
        folder, how = npm_install_newest(version, fresh) if fresh else npm_install(version)
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        return {"versions": {js.VERSION_KEY: version}, "error": str(error)}
    env = {**os.environ, js.VARIABLE: str(folder), "FACTS_CACHE": "0", "PYTHONWARNINGS": "ignore"}
    done = subprocess.run([sys.executable, "-m", "snippets.facts", "--runtime", "js", *(["--printed"] if printed else [])],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    if done.returncode != 0:
        return {"versions": {js.VERSION_KEY: version}, "error": done.stderr.strip().splitlines()[-1]}
    row = json.loads(done.stdout)
    row["peers"] = how
    return row


def measure(version: str, fresh: Path | None = None, printed: bool = False) -> dict:
    """The Python claims' values under deepagents <version>, installed alone in .cache/matrix/<version> (with the
    langchain/langgraph it resolved to when that environment was made).

    `fresh`: a new environment there instead, so it holds the newest releases of deepagents' dependencies that
    its ranges allow today; `printed`: the row also holds what each example printed."""
    env = fresh or ENVS / version
    if fresh and env.exists():
        shutil.rmtree(env)
    python = env / "bin" / "python"
    if not python.exists():
        subprocess.run([*uv(), "venv", "-q", "--python", "3.11", str(env)], check=True)
    subprocess.run([*uv(), "pip", "install", "-q", "--python", str(python), f"deepagents=={version}"], check=True)
    subprocess.run([*uv(), "pip", "install", "-q", "--python", str(python), "--no-deps", "-e", str(ROOT)], check=True)
    done = subprocess.run([str(python), "-m", "snippets.facts", "--runtime", "python", *(["--printed"] if printed else [])],
                          capture_output=True, text=True, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "FACTS_CACHE": "0", "PYTHONWARNINGS": "ignore"})
    if done.returncode != 0:
        return {"versions": {"deepagents": version}, "error": done.stderr.strip().splitlines()[-1]}
    return json.loads(done.stdout)


def measure_all(wanted: list[str], measure_one, what: str) -> dict[str, dict]:
    """Each release measured, two at a time, with a line of progress as each one finishes."""
    rows, started = {}, time.monotonic()
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {pool.submit(measure_one, version): version for version in wanted}
        for done, job in enumerate(as_completed(jobs), 1):
            version = jobs[job]
            rows[version] = job.result()
            status = "error: " + rows[version]["error"] if "error" in rows[version] else "measured"
            print(f"[{done}/{len(wanted)}] {what} {version}: {status} ({time.monotonic() - started:.0f} s)", flush=True)
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.matrix", description=__doc__.split("\n\n")[0])
    parser.add_argument("releases", nargs="*", help="only these releases (of the one runtime chosen; default: all)")
    parser.add_argument("--runtime", choices=RUNTIMES, help="only PyPI's deepagents (python) or npm's (js)")
    args = parser.parse_args(argv)
    if args.releases and not args.runtime:
        args.runtime = "python"
    matrix = json.loads(MATRIX.read_text(encoding="utf-8")) if MATRIX.exists() else {"rows": {}}
    provenance = {"command": "python -m tools.matrix " + " ".join(argv), "date": datetime.date.today().isoformat()}
    if args.runtime in (None, "python"):
        wanted = args.releases or releases()
        if not args.releases:
            record_newest("python", wanted, "make matrix")
        print(f"deepagents on PyPI: {len(wanted)} releases, each in its own environment", flush=True)
        matrix["rows"].update(measure_all(wanted, measure, "deepagents"))
        matrix["rows"] = dict(sorted(matrix["rows"].items(), key=lambda item: release_key(item[0])))
        matrix["provenance"] = {**provenance, "python": sys.version.split()[0],
                                "note": "each release installed alone with the newest langchain/langgraph it allows on that date"}
    if args.runtime in (None, "js"):
        wanted = args.releases if args.runtime == "js" and args.releases else npm_releases()
        if not (args.runtime == "js" and args.releases):
            record_newest("js", wanted, "make matrix")
        print(f"deepagents on npm: {len(wanted)} releases, each installed in {paths.shown(NPM_DIRS)}/<version>", flush=True)
        npm = matrix.setdefault("npm", {"rows": {}})
        npm["rows"].update(measure_all(wanted, measure_npm, "npm deepagents"))
        npm["rows"] = dict(sorted(npm["rows"].items(), key=lambda item: release_key(item[0])))
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
        npm["provenance"] = {**provenance, "node": node.removeprefix("v"),
                             "note": "each npm release installed alone, with the peers package.json pins where its peer "
                                     "ranges allow (each row's `peers` says), measured by snippets/js/measure.mjs"}
    MATRIX.parent.mkdir(exist_ok=True)
    MATRIX.write_text(json.dumps(matrix, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {MATRIX.relative_to(ROOT)}: {len(matrix['rows'])} PyPI releases, "
          f"{len(matrix.get('npm', {}).get('rows', {}))} npm releases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
