"""The version matrix: every claim's live value under every deepagents release with fork mode.

    python -m sitegen.matrix            # all releases from FIRST_WITH_FORK to the newest
    python -m sitegen.matrix 0.7.30     # just these releases (merged into the file)

Each release gets its own environment under .cache/matrix/<version> (uv venv,
then deepagents==<version> with whatever langchain/langgraph it resolves to
today, then this project's `snippets` package without dependencies), runs
`python -m snippets.article` there and records the row. The result, with its
provenance (command, date, versions used), goes to data/matrix.json, which the
site renders (sitegen/gen_pages.py). Needs the package index; nothing else does.
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MATRIX = ROOT / "data" / "matrix.json"
ENVS = ROOT / ".cache" / "matrix"
FIRST_WITH_FORK = "0.7.12"  # the first release whose sub-agents accept mode="fork"


def key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version))


def releases() -> list[str]:
    """Every deepagents release from FIRST_WITH_FORK on, as the package index lists them."""
    listing = subprocess.run(["python3", "-m", "pip", "index", "versions", "deepagents"],  # uv venvs have no pip
                             capture_output=True, text=True, check=True).stdout
    found = re.search(r"Available versions: (.+)", listing)
    if not found:
        raise SystemExit(f"could not read deepagents releases from pip:\n{listing}")
    versions = [v.strip() for v in found.group(1).split(",") if re.fullmatch(r"[\d.]+", v.strip())]
    return sorted((v for v in versions if key(v) >= key(FIRST_WITH_FORK)), key=key)


def measure(version: str) -> dict:
    env = ENVS / version
    python = env / "bin" / "python"
    uv = [shutil.which("uv")] if shutil.which("uv") else ["python3", "-m", "uv"]  # as the Makefile installs it
    if not python.exists():
        subprocess.run([*uv, "venv", "-q", "--python", "3.11", str(env)], check=True)
    subprocess.run([*uv, "pip", "install", "-q", "--python", str(python), f"deepagents=={version}"], check=True)
    subprocess.run([*uv, "pip", "install", "-q", "--python", str(python), "--no-deps", "-e", str(ROOT)], check=True)
    done = subprocess.run([str(python), "-m", "snippets.article"], capture_output=True, text=True, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "FACTS_CACHE": "0", "PYTHONWARNINGS": "ignore"})
    if done.returncode != 0:
        return {"versions": {"deepagents": version}, "error": done.stderr.strip().splitlines()[-1]}
    return json.loads(done.stdout)


def main(argv: list[str]) -> int:
    wanted = argv or releases()
    matrix = json.loads(MATRIX.read_text(encoding="utf-8")) if MATRIX.exists() else {"rows": {}}
    for version in wanted:
        print(f"deepagents {version} …", flush=True)
        matrix["rows"][version] = measure(version)
    matrix["rows"] = dict(sorted(matrix["rows"].items(), key=lambda item: key(item[0])))
    matrix["provenance"] = {
        "command": "python -m sitegen.matrix " + " ".join(argv),
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
