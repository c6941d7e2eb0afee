"""The quick path of the mutation suite: what the site would say under a patched package, without building it.

    python -m tools.mutation_probe PLAN.json RESULTS_DIR   # run by tools/mutation.py, not by hand

One process imports the whole stack once (deepagents, langchain, the site's
macros), measures the facts under the installed packages and resolves every
page of every language: that is the baseline. Then, for each mutant of the plan,
it forks a child that puts the mutant's patched copy first on `sys.path`,
forgets the patched packages, deepagents and every loaded package that refers to
them (for langchain: langchain and deepagents; found by looking, see
`to_reload`), measures again the sections whose results carry the mutant's
claims (the others keep their baseline results) and resolves every page. When
forgetting would take the project's own modules or compiled code with it (a
patch of langchain_core, say), the mutant is observed in a fresh interpreter
instead, which measures every section.

"Resolving a page" is the build's own code path up to Markdown: the macros
module's `on_pre_page_macros` (sitegen/bindings.py: forms chosen, markers made
spans, a stale guard stops it naming page and line), then the page's macros
rendered by Jinja with the variables, filters and macros of `define_env`, as
mkdocs-macros does. Exec blocks and Markdown are not run: a full strict build
(`make mutate`) does that.

Each observation is written as RESULTS_DIR/<name>.json: the claims' live values,
the messages that would stop the build, and each page's resolved text split
into regions (prose, table, callout) with its bound spans.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

# The generated parts of a page, marked in the resolved text so that a change can be told apart.
REGIONS = {"table": "table", "sections": "table", "paths_diagram": "table", "changes": "callout"}
_REGION = re.compile(r"<!--region:(\w+)-->(.*?)<!--/region-->", re.S)
SPAN = re.compile(r'<span class="bound" data-kind="(\w+)" data-names="([^"]*)" data-line="(\d+)"></span>')


# --------------------------------------------------------------------------- pages


def page_sources(language: str) -> dict[str, Path]:
    """Page name -> the Markdown file the build uses for it in `language`: its own translation,
    or the source language's page it falls back to (sitegen/languages.py)."""
    from snippets import paths
    from sitegen import languages

    own = {p.stem: p for p in sorted((paths.DOCS / language).glob("*.md"))}
    fallback = {p.stem: p for p in sorted((paths.DOCS / languages.source()).glob("*.md"))}
    return {**fallback, **own}


class _MacrosEnv:
    """What sitegen/macros.py needs of mkdocs-macros' plugin, for one language."""

    def __init__(self, language: str) -> None:
        from jinja2 import Environment, StrictUndefined  # the site's `on_undefined: strict`

        self.conf = {"theme": {"language": language}}
        self.variables: dict[str, Any] = {}
        self.jinja = Environment(undefined=StrictUndefined)
        self.markdown = ""
        self.page = None

    def filter(self, function, name: str | None = None):
        self.jinja.filters[name or function.__name__] = function
        return function

    def macro(self, function, name: str | None = None):
        name = name or function.__name__
        region = REGIONS.get(name)

        def marked(*args, **kwargs):
            out = function(*args, **kwargs)
            return f"<!--region:{region}-->{out}<!--/region-->" if region and out else out

        self.jinja.globals[name] = marked if region else function
        return function

    def render(self, markdown: str) -> str:
        return self.jinja.from_string(markdown).render(**self.variables)


def split_regions(text: str) -> dict[str, str]:
    """A resolved page as {"prose": ..., "table": ..., "callout": ...}."""
    regions = {"prose": _REGION.sub("", text), "table": "", "callout": ""}
    for match in _REGION.finditer(text):
        regions[match.group(1)] += match.group(2) + "\n"
    return regions


def resolve_pages() -> tuple[list[str], dict[str, dict]]:
    """(messages that stop the build, "<language>/<page>" -> {"regions", "spans"}) for every page of every language."""
    from snippets import paths
    from sitegen import bindings, languages, macros

    stops, pages = [], {}
    for language in languages.codes():
        env = _MacrosEnv(language)
        macros.define_env(env)
        config = SimpleNamespace(theme={"language": language})
        for name, source in page_sources(language).items():
            untranslated = not source.is_relative_to(paths.DOCS / language)
            env.page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(source), src_uri=f"{name}.md", untranslated=untranslated))
            # The build's own steps before the macros: an untranslated page gets its notice.
            env.markdown = languages.LanguagesPlugin().on_page_markdown(source.read_text(encoding="utf-8"), env.page, config, None)
            try:
                macros.on_pre_page_macros(env)  # the build's own call: forms, spans, stale guards
                text = env.render(env.markdown)
            except (bindings.StaleSentence, bindings.BindingError) as error:
                stops.append(str(error))
                continue
            except Exception as error:  # noqa: BLE001 - a page the macros cannot render stops the build too
                stops.append(f"{source}: the macros failed: {type(error).__name__}: {error}")
                continue
            pages[f"{language}/{name}"] = {"regions": split_regions(text),
                                           "spans": [list(m.groups()) for m in SPAN.finditer(text)]}
    return stops, pages


# --------------------------------------------------------------------------- observing


def origins(packages: Iterable[str]) -> dict[str, str]:
    """Where each of these packages was imported from."""
    found = {}
    for package in packages:
        module = importlib.import_module(package)
        found[package] = getattr(module, "__file__", None) or next(iter(getattr(module, "__path__", [])), "?")
    return found


def observe(needed: set[str] | None = None, baseline: dict | None = None, packages: Iterable[str] = ("deepagents",)) -> dict:
    """Measure under the deepagents this process imports and resolve every page.

    With `needed` and `baseline` (the recorded results of a baseline measurement),
    only the sections named are measured again (with every experiment they call);
    the others keep their baseline results.
    """
    from snippets import facts, lab, registry

    started, cpu = time.monotonic(), time.process_time()
    out: dict[str, Any] = {"imported": origins(packages), "stops": [], "pages": {}, "failure": None}
    lab.forget()  # a forked child starts from its parent's results: none of them is this copy's
    lab.runs.clear()
    for section in registry.sections():
        if needed is None or section.name in needed:
            try:
                section.measure()
            except Exception as error:  # noqa: BLE001 - live_row records it, live_facts names its pages
                _fail_fast(section, error)
    out["measured"] = sorted(lab.runs)
    if needed is not None and baseline is not None:  # the rest as the baseline measured it, never over a fresh entry
        fresh = lab.results()
        lab.remember({key: value for key, value in baseline.items()
                      if key not in fresh and key.split(":", 1)[0] not in lab.runs})
    out["live"] = json.loads(json.dumps(facts.live_row()["facts"], default=str))
    facts.collect.cache_clear()
    from sitegen.facts import live_facts

    try:
        live_facts()  # as the build: an experiment that fails stops it, naming the pages that show it
    except Exception as error:  # noqa: BLE001
        out["failure"] = str(error)
    else:
        out["stops"], out["pages"] = resolve_pages()
    out["seconds"], out["cpu"] = time.monotonic() - started, time.process_time() - cpu
    return out


def _fail_fast(section: Any, error: Exception) -> None:
    """Make an experiment that failed fail again at once, with the same error, when live_row and
    live_facts ask for it: a failed result is not recorded, and measuring it again costs as much as
    it did. Only ever done in a process that observes one copy and ends."""
    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise error

    module = sys.modules[section.measure.__module__]
    setattr(module, section.measure.__name__, fail)  # for the experiments that call it
    object.__setattr__(section, "measure", fail)  # for the registry's section (a frozen dataclass)


def needed_sections(flips: list[str], section: str, facts: Any) -> list[str]:
    """The sections whose results can carry a mutant's flips: its own, those of its claims, and every
    section their live values read (found by reading them once, on the baseline facts)."""
    from snippets import registry

    class Reader:
        def __init__(self) -> None:
            self.read: set[str] = set()

        def __getattr__(self, name: str) -> Any:
            self.read.add(name)
            return getattr(facts, name)

    reader = Reader()
    for claim in flips:
        try:
            registry.claim(claim).live(reader)
        except Exception:  # noqa: BLE001, S110 - what it read before it failed is what counts
            pass
    wanted = reader.read | {section} | {registry.section_of(claim).name for claim in flips
                                        if any(c.id == claim for c in registry.claims())}
    return [s.name for s in registry.sections() if s.name in wanted]


def drop_modules(packages: Iterable[str]) -> None:
    """Forget every imported module of these packages, so the next import reads them from sys.path again."""
    dropped = set(packages)
    for name in [n for n in sys.modules if n.split(".", 1)[0] in dropped]:
        del sys.modules[name]
    importlib.invalidate_caches()


def _owner(value: Any) -> str | None:
    try:
        owner = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
    except Exception:  # noqa: BLE001 - an object that cannot say is not a reference
        return None
    return owner.split(".", 1)[0] if isinstance(owner, str) else None


def importers(packages: set[str]) -> set[str]:
    """The other loaded top-level packages whose modules hold a module or an object of `packages`."""
    found = set()
    for name, module in list(sys.modules.items()):
        top = name.split(".", 1)[0]
        if module is None or top in packages or top in found or top in ("__main__", "__mp_main__"):
            continue
        try:
            values = list(vars(module).values())
        except TypeError:
            continue
        if any(_owner(value) in packages for value in values):
            found.add(top)
    return found


def to_reload(patched: Iterable[str]) -> set[str]:
    """The packages a fork must import again to see the patched ones: them, deepagents (the project's
    measurements import it anew every time) and every loaded package that imports them, transitively.
    Raises RuntimeError when that would take the project's own modules or compiled code with it: such
    a mutant is observed in a fresh interpreter instead."""
    from snippets import paths

    reload = {*patched, "deepagents"}
    while found := importers(reload):
        for top in found:
            module = sys.modules[top]
            where = Path(getattr(module, "__file__", None) or next(iter(getattr(module, "__path__", [])), ""))
            compiled = any(str(getattr(m, "__file__", "") or "").endswith((".so", ".pyd"))
                           for n, m in list(sys.modules.items()) if n.split(".", 1)[0] == top)
            if compiled or (where.is_relative_to(paths.ROOT) and ".venv" not in where.parts):
                msg = f"{top} imports {', '.join(sorted(reload))} and cannot be imported again in a fork"
                raise RuntimeError(msg)
        reload |= found
    return reload


def _write(path: Path, result: dict) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(result, ensure_ascii=False, default=str), encoding="utf-8")
    temporary.replace(path)


def _forked(job: dict, baseline: dict, needed: list[str] | None, results: Path) -> int:
    """Fork a child that observes `job`; returns its pid (the child never returns)."""
    pid = os.fork()
    if pid:
        return pid
    code = 0
    try:
        try:
            reload = to_reload(job["packages"])
        except RuntimeError as error:
            _write(results / f"{job['name']}.json", {"not_forkable": str(error)})
            os._exit(0)
        sys.path.insert(0, job["scratch"])
        drop_modules(reload)
        result = observe(None if needed is None else set(needed), baseline, job["packages"])
    except BaseException as error:  # noqa: BLE001 - reported as the observation
        result, code = {"error": f"{type(error).__name__}: {error}"}, 1
    try:
        _write(results / f"{job['name']}.json", result)
    finally:
        os._exit(code)


def _fresh(job: dict, results: Path) -> subprocess.Popen:
    """Observe `job` in a new interpreter with the patched copy first on its path (measures every section)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [job["scratch"], os.environ.get("PYTHONPATH")]))}
    code = ("import sys; from pathlib import Path; from tools.mutation_probe import observe, _write; "
            "_write(Path(sys.argv[1]), observe(packages=sys.argv[2:]))")
    with open(results / f"{job['name']}.log", "w", encoding="utf-8") as log:  # a file: a pipe could fill and block it
        return subprocess.Popen([sys.executable, "-c", code, str(results / f"{job['name']}.json"), *job["packages"]], env=env,
                                stdout=subprocess.DEVNULL, stderr=log)


def run_plan(plan: dict, results: Path) -> None:
    """The baseline, then every job of the plan, `plan["workers"]` at a time; progress on stderr."""
    from snippets import lab
    from snippets.facts import collect

    started = time.monotonic()
    baseline = observe()
    _write(results / "_baseline.json", baseline)
    recorded, facts = lab.results(), collect()
    print(f"probe: baseline in {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
    jobs, running = list(plan["jobs"]), {}  # pid -> (job, Popen or None, started)
    done = 0
    while jobs or running:
        while jobs and len(running) < plan["workers"]:
            job = jobs.pop(0)
            if job.get("fork", True):
                needed = None if job["everything"] else needed_sections(job["flips"], job["section"], facts)
                running[_forked(job, recorded, needed, results)] = (job, None, time.monotonic())
            else:
                process = _fresh(job, results)
                running[process.pid] = (job, process, time.monotonic())
        pid, status = os.wait()
        if pid not in running:
            continue
        job, process, began = running.pop(pid)
        target = results / f"{job['name']}.json"
        if job.get("fork", True) and target.exists() and "not_forkable" in json.loads(target.read_text(encoding="utf-8")):
            target.unlink()
            jobs.insert(0, {**job, "fork": False})
            continue
        done += 1
        if not target.exists():
            log = results / f"{job['name']}.log"
            stderr = log.read_text(encoding="utf-8") if log.exists() else ""
            _write(target, {"error": f"the observing process exited with status {status}: {stderr[-2000:]}"})
        print(f"probe: [{done}/{len(plan['jobs'])}] {job['name']} in {time.monotonic() - began:.1f} s",
              file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tools.mutation_probe PLAN.json RESULTS_DIR", file=sys.stderr)
        return 2
    plan = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    results = Path(argv[1])
    results.mkdir(parents=True, exist_ok=True)
    # Everything the children share is imported once, here, before the first fork.
    import deepagents  # noqa: F401
    import langchain.agents  # noqa: F401

    import functools

    import sitegen.macros

    # Asked of git on every page; one answer per process (every child inherits it).
    sitegen.macros.repository = functools.cache(sitegen.macros.repository)
    run_plan(plan, results)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
