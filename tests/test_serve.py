"""`mkdocs serve` survives a broken edit: it keeps the last good page and recovers.

Runs a real `mkdocs serve` on a copy of the project, on a loopback port.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from sitegen import languages
from snippets import cache as facts_cache
from snippets import paths, registry
from sitegen.strings import section_words
from tests.site_build import LANGUAGES, QUIET, copy_cache, copy_project

OTHER = LANGUAGES[-1]  # a language built inside the source language's site

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]


def stops_with_this_process() -> None:
    """In the server's process, before it runs: Linux sends it SIGINT (Ctrl-C, which tools/serve.py turns into
    stopping the mkdocs it started) when the pytest process that started it dies, even killed outright: a killed
    test run leaves no server behind."""
    import ctypes

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGINT)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode("utf-8")


def wait_for(url: str, condition, timeout: float = 120) -> str:
    deadline, last = time.monotonic() + timeout, ""
    while time.monotonic() < deadline:
        try:
            last = fetch(url)
            if condition(last):
                return last
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} never met the condition; last response began {last[:300]!r}")


@pytest.fixture(scope="module")
def served(tmp_path_factory, build_cache, site):
    """One `mkdocs serve` of a copy of the project for the module's tests, with a copy of what the run's build
    measured and rendered (as a writer's server starts: warm; the edits below make it measure again)."""
    tmp_path = tmp_path_factory.mktemp("served")
    project = copy_project(tmp_path / "project")
    copy_cache(build_cache, project / ".cache")
    port = free_port()
    env = {**os.environ, **facts_cache.environment(project / ".cache"), **QUIET}
    env.pop("CI", None)  # as on a writer's machine: a prose edit reuses what was measured
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "tools.serve", "-a", f"127.0.0.1:{port}"],  # what `make serve` runs
                              cwd=project, env=env, stdout=log, stderr=subprocess.STDOUT,
                              preexec_fn=stops_with_this_process if sys.platform == "linux" else None)
    try:
        yield project, f"http://127.0.0.1:{port}/", tmp_path / "serve.log"
    finally:
        server.send_signal(signal.SIGINT)  # as Ctrl-C: tools/serve.py stops the mkdocs it started
        server.wait(timeout=30)
        log.close()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_broken_block_keeps_last_good_page_then_recovers(served):
    project, base, log = served
    page, title = f"{base}{languages.folder(OTHER)}gap/", section_words(registry.section("gap"), OTHER)
    good = wait_for(page, lambda html: title in html)
    assert "failed to rebuild" not in good
    broken_block = '\n```python exec="on" id="oops"\nraise RuntimeError("broken by an edit")\n```\n'
    edit(project / "docs" / OTHER / "gap.md", "{{ changes(\"gap\") }}", broken_block + '{{ changes("gap") }}')
    stale = wait_for(page, lambda html: "This page failed to rebuild" in html)
    assert title in stale and "broken by an edit" not in stale  # the last good content, with a banner
    assert re.search(rf"docs/{OTHER}/gap\.md:\d+: .*code block 'oops'", log.read_text(encoding="utf-8"))
    edit(project / "docs" / OTHER / "gap.md", broken_block, "\n")
    wait_for(page, lambda html: "failed to rebuild" not in html and title in html)


def test_edited_experiment_is_measured_again(served):
    project, base, _ = served
    page = f"{base}gap/"
    wait_for(page, lambda html: "grandchild dug deeper" in html)
    edit(project / "snippets" / "scenarios" / "gap.py", '"grandchild dug deeper"', '"grandchild dug much deeper"')
    wait_for(page, lambda html: "grandchild dug much deeper" in html)


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_a_server_stops_when_the_test_process_that_started_it_is_killed(tmp_path):
    """A stand-in for pytest (a process that starts a child as the fixture does, then is killed with SIGKILL):
    the child gets SIGINT, as a server would, and exits. The child takes SIGINT back as tools/serve.py does: a
    run started in the background (`make test &`, nohup) inherits it ignored, and the test failed there."""
    script = tmp_path / "parent.py"
    script.write_text(
        "import subprocess, sys, time\n"
        "from tests.test_serve import stops_with_this_process\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import signal, time\\nsignal.signal(signal.SIGINT, signal.default_int_handler)\\ntry:\\n    print(\"asleep\", flush=True)\\n    time.sleep(60)\\nexcept KeyboardInterrupt:\\n    print(\"interrupted\", flush=True)'],\n"
        "                         preexec_fn=stops_with_this_process, stdout=open(sys.argv[1], 'w'))\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(60)\n", encoding="utf-8")
    out = tmp_path / "child.out"
    parent = subprocess.Popen([sys.executable, str(script), str(out)], cwd=paths.ROOT, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(paths.ROOT)},
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # as in a background run
    child = int(parent.stdout.readline())
    # Killed only once the child sleeps inside its try: a SIGINT during its start-up (a busy machine) would
    # stop it before it can say so.
    deadline = time.monotonic() + 60
    while not out.read_text(encoding="utf-8").startswith("asleep") and time.monotonic() < deadline:
        time.sleep(0.05)
    parent.kill()
    parent.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and os.path.exists(f"/proc/{child}") and "zombie" not in _state(child):
        time.sleep(0.1)
    assert out.read_text(encoding="utf-8").split() == ["asleep", "interrupted"]


def _state(pid: int) -> str:
    try:
        return open(f"/proc/{pid}/status", encoding="utf-8").read().lower()
    except FileNotFoundError:
        return "zombie"
