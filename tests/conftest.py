"""Every test runs offline: sockets are blocked (pytest-socket, see pyproject) and
no provider key or tracing switch reaches deepagents."""

import os

import pytest

for name in list(os.environ):
    if name.endswith("_API_KEY") or name.startswith(("LANGSMITH_", "LANGCHAIN_")):
        del os.environ[name]


@pytest.fixture(scope="session")
def facts():
    from snippets.facts import collect

    return collect()
