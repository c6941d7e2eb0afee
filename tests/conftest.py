"""Every test runs offline: sockets are blocked (pytest-socket, see pyproject) and no provider key or
tracing switch reaches deepagents.

The site is built once per test run and shared by every xdist worker (the first to ask builds it,
under a lock; the others wait for it), with a cache of what that build measured and rendered:
builds of the project's copies reuse it for the code they share, and the tests' own facts are read
from it instead of being measured again."""

import contextlib
import fcntl
import os
from pathlib import Path

import pytest

for name in list(os.environ):
    if name.endswith("_API_KEY") or name.startswith(("LANGSMITH_", "LANGCHAIN_")):
        del os.environ[name]


def shared(tmp_path_factory, worker_id: str) -> Path:
    """A folder every worker of this run sees: the run's own base folder (xdist), else the session's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if worker_id != "master" else base


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory, worker_id):
    """The facts and blocks this run measured: empty until the run's build fills it. Only that build writes it:
    any other build takes a copy (`cache_copy`, tests/site_build.py copy_cache), as a build prunes what it did
    not use while other tests copy this folder."""
    from tests.site_build import RUNS_CACHE

    folder = shared(tmp_path_factory, worker_id) / "build-cache"
    folder.mkdir(exist_ok=True)
    RUNS_CACHE[:] = [folder]  # mkdocs_build refuses it to every build but the run's own
    return folder


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id, build_cache):
    """Every language, built strictly once per test run, measuring afresh (the cache starts empty). Beside
    it, site.counts.json says what that cold build did (tests/test_cache.py reads it)."""
    from tests.site_build import mkdocs_build

    root = shared(tmp_path_factory, worker_id)
    site_dir, built = root / "site", root / "site.built"
    with open(root / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds, the others wait for it
        if not built.exists():
            result = mkdocs_build(site_dir, cache=build_cache, counts=root / "site.counts.json", fills_the_runs_cache=True)
            assert result.returncode == 0, result.stderr[-3000:]
            built.write_text("")
    return site_dir


@pytest.fixture
def cache_copy(tmp_path, site, build_cache) -> Path:
    """A copy of the run's cache, filled by its build, for one test's build to read and write."""
    from tests.site_build import copy_cache

    return copy_cache(build_cache, tmp_path / "cache")


@pytest.fixture(scope="session")
def cold_build_counts(site) -> dict:
    """What the run's own (cold) build did: the experiments it measured, the modules it loaded, the node and
    browser processes it started (tests/site_build.py COUNTING)."""
    import json

    return json.loads((site.parent / "site.counts.json").read_text(encoding="utf-8"))


@contextlib.contextmanager
def reading_the_runs_cache(build_cache):
    """While it lasts, what an experiment (or a setup) would measure is read from the run's own build cache
    when that build measured it: the same code, so nothing is measured again (under CI the cache is off).
    Re-entrant: inside another (a module's `runs_cache` first asking for the session's `facts`, as a random
    order may have it), it changes nothing, and leaves the outer one to restore what it found."""
    from snippets import cache, paths

    if paths.CACHE == build_cache and os.environ.get("FACTS_CACHE") == "1":
        yield
        return
    saved = (os.environ.get("FACTS_CACHE"), paths.CACHE)
    os.environ["FACTS_CACHE"], paths.CACHE = "1", build_cache
    try:
        yield
    finally:
        paths.CACHE = saved[1]
        if saved[0] is None:
            del os.environ["FACTS_CACHE"]
        else:
            os.environ["FACTS_CACHE"] = saved[0]
        assert cache.directory() != build_cache / "facts"


@pytest.fixture(scope="session")
def facts(site, build_cache):
    """The facts the run's build measured, read from its cache (the same code: nothing is measured again)."""
    from snippets.facts import collect

    with reading_the_runs_cache(build_cache):
        return collect()


@pytest.fixture(scope="module")
def runs_cache(site, build_cache):
    """A module's tests read what the run's build measured (facts, setups) from its cache."""
    with reading_the_runs_cache(build_cache):
        yield build_cache


# The order work is handed out in (figures: the durations of a full run). With `--dist loadfile` each file is one
# unit of work, handed to the workers in this order as each runs short of work; xdist would otherwise order
# them by their number of tests, which put the few long single tests (the benchmarks' smoke runs, Lighthouse,
# the copies' builds) last, where one worker finishes them while the other waits. First the mutants, whose
# session fixture waits for the run's cold build (the first worker builds it); meanwhile the other worker runs
# the files that need no build (WHILE_THE_SITE_BUILDS: tests/, then the engine's and the pages' fences), so
# that it does not sit waiting for the build too; then the costliest of the rest.
WHILE_THE_SITE_BUILDS = ["test_checkout.py", "test_doctests.py", "test_layers.py", "test_depth_guard.py", "test_workflows.py",
                         "test_drawing.py", "test_render.py", "test_parity.py", "test_examples_format.py"]
COSTLIEST = ["test_bench.py", "test_browser.py", "test_copy_browser.py", "test_copy.py", "test_serve.py",
             "test_audit.py", "test_setups.py", "test_writer_mistakes.py", "test_search.py", "test_registry.py",
             "test_bench_releases.py", "test_cache.py", "test_copy_js.py", "test_releases.py", "test_hostile_strings.py"]


def _rank(item) -> tuple[int, int]:
    name, parts = item.path.name, item.path.parts
    if name == "test_mutants.py":
        return (0, 0)
    if name in WHILE_THE_SITE_BUILDS:
        return (1, WHILE_THE_SITE_BUILDS.index(name))
    if "claims" in parts or item.path.suffix == ".md":  # the engine's own tests; the pages' fences
        return (2, 0)
    return (3, COSTLIEST.index(name) if name in COSTLIEST else len(COSTLIEST))


def pytest_configure(config):
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False  # the order of _rank, not xdist's


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_collection_modifyitems(items):
    """The order above, after pytest-randomly's shuffle (its hook wraps the others and shuffles as it leaves: this
    one wraps it in turn). Stable: the random order stays within a file and among files of one rank."""
    yield
    items.sort(key=_rank)
