"""A checkout builds and tests its own code, whatever environment runs it.

An environment synced from another checkout holds an editable install that points there; the
Makefile puts the checkout itself first on PYTHONPATH, so a copy that reuses it runs its own
sitegen/, snippets/ and tools/, never a mix of the two."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from site_build import ROOT, copy_project

MARK = "this is the copy's own sitegen"


def shell_environment() -> dict[str, str]:
    """A reader's shell: no environment activated (`make test` runs pytest inside .venv, whose python3 has no uv)."""
    venv = os.environ.get("VIRTUAL_ENV")
    path = [p for p in os.environ["PATH"].split(os.pathsep) if not (venv and p.startswith(venv)) and "/.venv/" not in p + "/"]
    drop = ("PYTHONPATH", "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "VIRTUAL_ENV", "UV_RUN_RECURSION_DEPTH")
    return {**{k: v for k, v in os.environ.items() if k not in drop}, "PATH": os.pathsep.join(path)}


@pytest.mark.parametrize("target", ["build", "test"])
def test_a_copy_that_reuses_this_environment_runs_its_own_code(tmp_path, target):
    copy = copy_project(tmp_path / "copy")
    for name in ("Makefile", "uv.lock"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", copy / "tests" / "conftest.py")
    # The environment this run uses, editable install of this checkout and all: .venv, or under another release
    # (DEEPAGENTS=0.7.30 make test) the Makefile's .cache/envs/deepagents-<release>.
    other = os.environ.get("DEEPAGENTS")
    environment = f".cache/envs/deepagents-{other}" if other else ".venv"
    (copy / environment).parent.mkdir(parents=True, exist_ok=True)
    (copy / environment).symlink_to(ROOT / environment)
    with (copy / "sitegen" / "__init__.py").open("a", encoding="utf-8") as init:
        init.write(f"\nraise SystemExit({MARK!r})\n")
    # -o: take the environment as it is (never sync the copy into this checkout's environment).
    ready = f"{environment}/.ready" if other else ".venv/.synced"
    done = subprocess.run(["make", "-o", ready, "-o", "node_modules/.synced", "-o", "/usr/bin/chromium", target],
                          cwd=copy, env=shell_environment(),
                          capture_output=True, text=True, timeout=120)
    assert MARK in done.stdout + done.stderr, f"make {target} in a copy ran another checkout's code:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
