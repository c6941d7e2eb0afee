"""Every test runs offline: sockets are blocked (pytest-socket, see pyproject) and no provider key or
tracing switch reaches deepagents. The site is built once per session and shared."""

import os

import pytest

for name in list(os.environ):
    if name.endswith("_API_KEY") or name.startswith(("LANGSMITH_", "LANGCHAIN_")):
        del os.environ[name]


@pytest.fixture(scope="session")
def facts():
    from snippets.facts import collect

    return collect()


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory):
    """The facts and blocks this session measured: empty until the session's build fills it."""
    return tmp_path_factory.mktemp("build-cache")


@pytest.fixture(scope="session")
def site(tmp_path_factory, build_cache):
    """Every language, built strictly once per test session, measuring afresh (the cache starts empty)."""
    from tests.site_build import mkdocs_build

    site_dir = tmp_path_factory.mktemp("site")
    result = mkdocs_build(site_dir, cache=build_cache)
    assert result.returncode == 0, result.stderr[-3000:]
    return site_dir
