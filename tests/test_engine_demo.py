"""The claims engine's second site (examples/json-site/: one claim about Python's json module, one mutant), written
from the engine's guide alone (claims/README.md, "A five-minute start") with MkDocs' default theme.

* In the suite, in milliseconds: its files are the guide's, its checks find nothing, its mutant applies.
* `make engine-demo` (its own CI job: it installs into a fresh environment, which the suite's time is not spent
  on): the engine installed from its folder beside MkDocs alone builds it strictly, and its mutant stops the
  build in one line naming the page and line of the sentence it falsifies.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from snippets import paths

from claims import checks
from claims.patching import Packages
from claims.provider import load
from claims.register import bound_texts
from tools.releases import uv

FILES = {"yaml": "mkdocs.yml", "python": "json_claims.py", "markdown": "docs/index.md"}


@pytest.fixture
def demo(monkeypatch):
    """The demo site's provider, loaded as its mkdocs.yml names it (its module sits beside mkdocs.yml)."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    sys.modules.pop("json_claims", None)
    config = yaml.safe_load((paths.ENGINE_DEMO / "mkdocs.yml").read_text(encoding="utf-8"))
    [options] = [p["claims"] for p in config["plugins"] if isinstance(p, dict) and "claims" in p]
    yield config, load(options["provider"], paths.ENGINE_DEMO)
    sys.modules.pop("json_claims", None)


def test_the_demo_site_is_the_guide_s_start_and_passes_every_check(demo, tmp_path):
    guide = paths.ENGINE.joinpath("README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```(\w+)\n(.*?)^```", guide, re.M | re.S)
    for language, name in FILES.items():
        assert paths.ENGINE_DEMO.joinpath(name).read_text(encoding="utf-8") in [b for lang, b in blocks if lang == language], \
            f"{name} is not the guide's {language} block: change both"
    config, provider = demo
    assert config["theme"] == "mkdocs"  # MkDocs' default theme, not Material
    assert checks.run(provider) == [] and checks.measured(provider) == []
    [mutant] = provider.mutants()
    assert {claim.id for claim in provider.claims()} == set(mutant.flips)
    assert all(provider.value(claim.id) is True for claim in provider.claims())
    scratch = Packages().prepare(mutant, tmp_path)  # its patch applies to the json of this Python
    assert mutant.patches[0].new in Packages().patched_file(scratch, mutant.patches[0]).read_text(encoding="utf-8")


@pytest.fixture
def fresh(request, tmp_path_factory) -> Path:
    """A new environment holding the engine, installed from its folder, and MkDocs: nothing else."""
    if "engine_demo" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("it installs into a fresh environment: `make engine-demo` (and its CI job) runs it")
    env = tmp_path_factory.mktemp("engine-env")
    subprocess.run([*uv(), "venv", "-q", "--python", sys.executable, str(env)], check=True)
    subprocess.run([*uv(), "pip", "install", "-q", "--python", str(env / "bin" / "python"), str(paths.ENGINE), "mkdocs"],
                   check=True)
    return env / "bin" / "python"


@pytest.mark.engine_demo
def test_the_demo_site_builds_with_the_engine_alone_and_its_mutant_stops_the_build_in_one_line(fresh, tmp_path):
    site = shutil.copytree(paths.ENGINE_DEMO, tmp_path / "json-site", ignore=shutil.ignore_patterns("__pycache__", "site"))
    run = lambda *args, **env: subprocess.run([str(fresh), *args], cwd=site, capture_output=True, text=True,  # noqa: E731
                                              env={"PATH": "/usr/bin:/bin", **env})
    installed = run("-c", "import claims, mkdocs; print(claims.__file__)")
    assert Path(installed.stdout.strip()).is_relative_to(fresh.parent.parent), installed.stdout + installed.stderr

    built = run("-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site"))
    assert built.returncode == 0, built.stderr
    [question, sentence] = bound_texts((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))
    assert (sentence.kind, sentence.names) == ("guard", ("dumps-escapes-non-ascii",)) and "escapes" in sentence.text

    # the mutant, by hand: json patched in a scratch copy, first on the path of a strict build
    scratch = run("-c", "import sys; from pathlib import Path; from claims.patching import Packages; import json_claims; "
                        "print(Packages().prepare(json_claims.MUTANTS[0], Path(sys.argv[1])))", str(tmp_path / "mutant"))
    assert scratch.returncode == 0, scratch.stderr
    page = (site / "docs" / "index.md").read_text(encoding="utf-8")
    at = f"docs/index.md:{next(n for n, text in enumerate(page.splitlines(), 1) if 'guard(' in text)}"
    stopped = run("-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "mutant-site"), PYTHONPATH=scratch.stdout.strip())
    assert stopped.returncode != 0 and "Traceback" not in stopped.stderr
    [line] = [line for line in stopped.stderr.splitlines() if "docs/index.md:" in line]
    assert line.split("ERROR", 1)[1].lstrip(" -").startswith(f"{at}: no longer true") and "dumps-escapes-non-ascii" in line
    assert not (tmp_path / "mutant-site" / "index.html").exists()

    # and as the guide runs it: python -m claims mutate
    mutated = run("-m", "claims", "mutate")
    assert mutated.returncode == 0, mutated.stdout + mutated.stderr
    assert "| dumps-keeps-non-ascii |" in mutated.stdout and f"build stops at {at} | caught |" in mutated.stdout
    assert mutated.stdout.rstrip().endswith("1 of 1 mutants caught")
