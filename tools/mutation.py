"""The mutation suite: does the site follow deepagents, sentence by sentence?

    python -m tools.mutation                      # every mutant, full strict builds (make mutate)
    python -m tools.mutation fork-may-set-skills  # only the mutants named
    python -m tools.mutation --quick              # the quick path that tests/test_mutants.py runs
    python -m tools.mutation --quick --record     # ... and keep what it saw in data/mutants.json (make mutants)

The mutants of a section are declared in snippets/mutants/<section>.py, apart from
the experiment and claims of snippets/<section>.py that pages publish
(`snippets.lab.Mutant`: exact `old` -> `new` text patches of the installed
deepagents, langchain or npm deepagents, and the claims that must flip). A
mutant's packages are copied into a scratch folder (hard links: the real .venv
and node_modules are never touched), the copy first on the path of whatever
observes it (npm deepagents: DEEPAGENTS_JS_DIR=<scratch>, for snippets/js.py).

Whether a mutant is *caught* is the claims engine's judge (claims/judge.py): every
claim it declares flips, and the strict build stops at a sentence bound to one of
them, or every page shows exactly the bound texts that hold under the new values.
The scratch copies are the engine's too (claims/patching.py, `Packages`); this module
adds what is deepagents' own: where npm deepagents lives and is copied to
(`SitePackages`), and how to measure and build under the copies.

Two ways to observe a mutant:

* full (`make mutate`): both languages built strictly against the patched copy,
  two builds at a time; the spans the built HTML holds are compared with (b),
  and each page's text with the baseline build's (what changed is the evidence).
* quick (tests/test_mutants.py): one process imports the stack and measures the
  baseline once (or reads it from the facts cache), then forks a child per mutant
  that imports the patched packages anew and measures again only the sections its
  claims read, and of an experiment built field by field (`bench.result`) only the
  fields they read (the rest keep their baseline results); the pages' bindings are
  resolved with those values by the build's own function, without Markdown.
  The npm mutants' JavaScript is measured first, all in ONE node process
  (tools/measure_copies.mjs), beside the Python mutants' children.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import html
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from snippets import cache as facts_cache
from snippets import js, paths, registry
from snippets.lab import JS_SUFFIX, NPM_DEEPAGENTS, Mutant, Patch

from claims import judge as engine
from claims.judge import PLACE, Observation, Verdict, cut
from claims.patching import Packages, PatchNoLongerApplies
from sitegen.bound import page_sources, resolve, sources
from tools.releases import BUILD_ENV

ROOT = paths.ROOT
SPAN = re.compile(r'<span class="bound" data-kind="(\w+)" data-names="([^"]*)" data-line="(\d+)"></span>')


# --------------------------------------------------------------------------- scratch copies (the engine's: claims/patching.py)

MutantNoLongerApplies = PatchNoLongerApplies  # a mutant's `old` text is not in the installed package exactly once


class SitePackages(Packages):
    """The engine's scratch copies of importable packages, and npm deepagents (NPM_DEEPAGENTS): installed in
    node_modules, copied to <scratch>/node_modules/deepagents, where snippets/js.py loads it."""

    def installed(self, package: str) -> Path:
        if package == NPM_DEEPAGENTS:
            return (paths.NODE_MODULES / "deepagents").resolve()
        if importlib.util.find_spec(package) is None:
            raise RuntimeError(f"{package} is not installed in this environment: run `make setup`")
        return super().installed(package)

    def copied(self, scratch: Path, package: str) -> Path:
        return scratch / "node_modules" / "deepagents" if package == NPM_DEEPAGENTS else super().copied(scratch, package)

    @functools.cache  # noqa: B019 - one instance, for the whole run
    def release(self, package: str) -> str:
        """"deepagents 0.7.32", "npm deepagents 1.14.1"."""
        if package == NPM_DEEPAGENTS:
            return f"npm deepagents {json.loads((self.installed(package) / 'package.json').read_text(encoding='utf-8'))['version']}"
        return super().release(package)


PACKAGES = SitePackages()
installed, copied, release = PACKAGES.installed, PACKAGES.copied, PACKAGES.release
scratch_copy, source_file, prepare, patched_file = PACKAGES.scratch_copy, PACKAGES.source_file, PACKAGES.prepare, PACKAGES.patched_file


def base_env(scratch: Path | None = None) -> dict[str, str]:
    """The environment of an observation: the scratch copy first on PYTHONPATH, nothing cached, a fixed date."""
    env = {**os.environ, **BUILD_ENV, "FACTS_CACHE": "0", "SOURCE_DATE_EPOCH": "1764633600"}
    if scratch is not None:
        env = PACKAGES.environment(scratch, env)
        if (scratch / "node_modules").is_dir():  # a patched npm deepagents: the JavaScript measurement loads it
            env[js.VARIABLE] = str(scratch)
    return env


# --------------------------------------------------------------------------- observations and verdicts


def judge(mutant: Mutant, baseline: Observation, seen: Observation) -> Verdict:
    """Was the mutant caught? The claims engine's judge (claims/judge.py) decides, on this site's pages;
    here, only what is deepagents' own: each patched package must have been imported from its copy."""
    from sitegen.provider import provider

    problems = [] if seen.error else [
        f"it imported {package} from {seen.imported.get(package)}, not from the patched copy"
        for package in mutant.packages
        if seen.imported.get(package) is None or Path(seen.imported[package]).is_relative_to(installed(package))]
    home = next((s.name for s in registry.sections() if mutant in registry.mutants_of(s)), "—")  # a made-up mutant has none
    return engine.judge(mutant, baseline, seen, sources(), describe=provider.describe, under=provider.measured_under,
                        problems=problems, home=home)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


_cut = cut


# --------------------------------------------------------------------------- the quick path: one process, a fork per mutant


def _read_by_claims(mutant: Mutant, facts: Any) -> tuple[dict[str, set[str] | None], set[str]]:
    """(section -> the fields of its result the mutant's claims read, None for all of it; the JavaScript
    sections they read), found by reading each claim once on the baseline facts."""
    read: dict[str, set[str] | None] = {}
    read_js: set[str] = set()

    class JsReader:
        def __getattr__(self, name: str) -> Any:
            read_js.add(name)
            return getattr(facts.js, name)

    class FieldReader:
        def __init__(self, name: str, result: Any) -> None:
            self._name, self._result = name, result

        def __getattr__(self, field: str) -> Any:
            if field not in {f.name for f in dataclasses.fields(self._result)}:
                read[self._name] = None  # a property or method: it may read any field
            elif read[self._name] is not None:
                read[self._name].add(field)
            return getattr(self._result, field)

    class Reader:
        def __init__(self) -> None:
            self.touched: set[str] = set()

        def __getattr__(self, name: str) -> Any:
            if name == "js":
                return JsReader()
            self.touched.add(name)
            read.setdefault(name, set())
            result = getattr(facts, name)
            return FieldReader(name, result) if dataclasses.is_dataclass(result) else result

    for claim_id in mutant.flips:
        reader = Reader()
        try:
            registry.claim(claim_id).live(reader)
        except Exception:  # noqa: BLE001 - what it read before it failed counts, each of those sections whole
            read.update(dict.fromkeys(reader.touched))
    return read, read_js


def needed_sections(mutant: Mutant, facts: Any) -> set[str]:
    """The sections a mutant's claims read and the sections those read (and, for a patch of a Python package,
    the section that declares the mutant): only these are measured again under the mutant. A JavaScript
    section a claim reads (`facts.js.<section>`) is named `<section>@js`."""
    read, read_js = _read_by_claims(mutant, facts)
    python_patched = any(patch.package != NPM_DEEPAGENTS for patch in mutant.patches)
    needed = (set(read) & {s.name for s in registry.sections()}) | ({registry.home_of(mutant).name} if python_patched else set())
    while grown := {r for s in needed for r in registry.section(s).reads} - needed:  # what they read
        needed |= grown
    if NPM_DEEPAGENTS in mutant.packages and not read_js:  # a patch of npm deepagents: all of JavaScript
        read_js = set(js.sections())
    return needed | {f"{name}{JS_SUFFIX}" for name in read_js}


def fields_needed(mutant: Mutant, facts: Any, needed: set[str]) -> dict[str, frozenset[str]]:
    """Of the needed sections, those measured again only in the fields the mutant's claims read: no other
    needed section reads their result (it would read more), and the claims read them field by field."""
    read, _ = _read_by_claims(mutant, facts)
    whole = {r for name in needed if "@" not in name for r in registry.section(name).reads}
    return {name: frozenset(fields) for name, fields in read.items()
            if name in needed and name not in whole and fields}


def _reused(baseline: dict, needed: set[str]) -> dict:
    """The baseline's results that a mutant leaves as they are: the sections not needed, and the JavaScript
    measurement without the JavaScript sections needed (gather() measures those again)."""
    reuse = {name: m for name, m in baseline.items() if name not in needed and name != js.NAME}
    again = {name.removesuffix(JS_SUFFIX) for name in needed if name.endswith(JS_SUFFIX)}
    if js.NAME in baseline:
        kept = baseline[js.NAME]
        sections = {name: data for name, data in kept.result["sections"].items() if name not in again}
        reuse[js.NAME] = type(kept)({**kept.result, "sections": sections}, kept.printed, kept.listed)
    return reuse


def _observe_fork(mutant: Mutant, scratch: Path, baseline: dict, facts: Any, out: Path) -> int:
    """Fork a child that imports the mutant's packages from `scratch`, measures what it must and writes
    what it saw to `out`; returns the child's pid (the child never returns). Its JavaScript sections were
    measured by the batch of npm copies (`_measure_npm_copies`), read from <out>.npm.json."""
    pid = os.fork()
    if pid:
        return pid
    try:
        os.environ["FACTS_CACHE"] = "0"  # what a mutant measures is neither read from nor written to a cache
        sys.path.insert(0, str(scratch))
        again = {p for p in mutant.packages if p != NPM_DEEPAGENTS}
        again |= {"deepagents"} if again else set()  # deepagents imports langchain: both are imported anew
        for name in [n for n in sys.modules if n.split(".", 1)[0] in again]:
            del sys.modules[name]
        importlib.invalidate_caches()
        from snippets import your_setup
        from snippets.facts import gather, live_row

        your_setup.WANTED.set(())  # the picker's combinations: no claim reads them, so none is measured again
        needed = needed_sections(mutant, facts)
        partly = {name: (fields, baseline[name]) for name, fields in fields_needed(mutant, facts, needed).items()}
        now, _ = gather(_reused(baseline, needed), tolerant=True, measured_js=_npm_measured(mutant, needed, out),
                        partly=partly)
        live, failed = live_row(now)["facts"], next(iter(now.failed.items()), None)
        result = {"live": live, "imported": _origins(mutant.packages, now), "failed": failed, **on_the_pages(live, failed)}
    except BaseException as error:  # noqa: BLE001 - reported as the observation
        result = {"error": f"{type(error).__name__}: {error}"}
    out.write_text(_json(result), encoding="utf-8")
    os._exit(0)


def on_the_pages(live: dict[str, Any], failed: tuple[str, str] | list[str] | None) -> dict[str, Any]:
    """What the pages make of a mutant's claim values, as they are now: the experiment that failed, naming the
    pages that show it; else what stops the strict build, and the spans each page keeps."""
    if failed:
        from sitegen.facts import pages_showing

        name, why = failed
        return {"failure": f"{why} (pages that show it: {', '.join(map(paths.shown, pages_showing(name)))})"}
    stops, spans = resolve(live)
    return {"stops": stops, "spans": spans}


def _js_wanted(mutant: Mutant, needed: set[str]) -> list[str]:
    """The JavaScript sections a mutant of npm deepagents measures again."""
    return sorted(name.removesuffix(JS_SUFFIX) for name in needed if name.endswith(JS_SUFFIX))


def _npm_measured(mutant: Mutant, needed: set[str], out: Path) -> Any:
    """What the batch of npm copies measured for this mutant (js.read's result, or the failure it raised);
    None for a mutant of Python packages only."""
    if NPM_DEEPAGENTS not in mutant.packages:
        return None
    wanted, found = _js_wanted(mutant, needed), out.with_suffix(".npm.json")
    if not found.exists():
        return js.ExperimentFailed(f"measure_copies.mjs left no result for {mutant.name}", wanted[0])
    printed = json.loads(found.read_text(encoding="utf-8"))
    try:
        return js.read(printed["code"], printed["out"], printed["err"], wanted)
    except js.ExperimentFailed as error:
        return error


def _measure_npm_copies(jobs: list[tuple[Mutant, Path]], facts: Any, out: Path) -> int:
    """Fork a child that measures the JavaScript sections of every npm mutant in ONE node process
    (tools/measure_copies.mjs: node and LangChain start once, each copy of deepagents is imported anew)
    and writes each mutant's result to <out>/<name>.npm.json; returns its pid."""
    plan = [{"name": mutant.name, "dir": str(scratch), "sections": _js_wanted(mutant, needed_sections(mutant, facts)),
             "out": str(out / f"{mutant.name}.npm.json")} for mutant, scratch in jobs]
    (out / "_npm.json").write_text(_json(plan), encoding="utf-8")
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        ran = subprocess.run([js.node(), str(ROOT / "tools" / "measure_copies.mjs"), str(out / "_npm.json")], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=js.TIMEOUT * 2)
        for line in ran.stderr.splitlines():
            if line.startswith("measure_copies: "):
                print(f"probe: {line.removeprefix('measure_copies: ')} (npm, one node process)", file=sys.stderr, flush=True)
        code = ran.returncode
    finally:
        os._exit(code)


def _origins(packages: Iterable[str], facts: Any = None) -> dict[str, str]:
    """Where each package was loaded from: a Python module's file, or the folder node loaded npm deepagents
    from when `facts` were measured."""
    found = {}
    for package in packages:
        if package == NPM_DEEPAGENTS:
            found[package] = str((ROOT / facts.js_from).resolve()) if facts is not None and facts.js_from else "?"
            continue
        module = importlib.import_module(package)
        found[package] = getattr(module, "__file__", None) or next(iter(getattr(module, "__path__", [])), "?")
    return found


def _probe(plan_file: Path) -> None:
    """The quick path's observer process (python -m tools.mutation --probe PLAN): the baseline, then a fork
    per job; the npm mutants' JavaScript is measured first, all in one node process, beside the Python jobs."""
    plan = json.loads(plan_file.read_text(encoding="utf-8"))
    out = plan_file.parent
    from snippets.facts import gather, live_row

    facts, measured = gather()
    import deepagents  # noqa: F401 - once, for every child (a cached baseline imports none)
    stops, spans = resolve(live_row(facts)["facts"])
    (out / "_baseline.json").write_text(_json({"live": live_row(facts)["facts"], "stops": stops, "spans": spans}))
    mutants = {m.name: m for m in registry.mutants()}
    jobs = [(mutants[name], Path(scratch)) for name, scratch in plan["jobs"]]
    npm = [(mutant, scratch) for mutant, scratch in jobs if NPM_DEEPAGENTS in mutant.packages]
    running = {_measure_npm_copies(npm, facts, out): ("npm copies", time.monotonic())} if npm else {}
    while jobs or running:
        npm_pending = any(name == "npm copies" for name, _ in running.values())
        ready = [job for job in jobs if not (npm_pending and NPM_DEEPAGENTS in job[0].packages)]
        while ready and len(running) < plan["workers"]:
            mutant, scratch = ready.pop(0)
            jobs.remove((mutant, scratch))
            running[_observe_fork(mutant, scratch, measured, facts, out / f"{mutant.name}.json")] = (mutant.name, time.monotonic())
        pid, _ = os.wait()
        if pid in running:
            name, began = running.pop(pid)
            if name != "npm copies":
                print(f"probe: {name} in {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)


def quick(mutants: Sequence[Mutant], out: Path, workers: int = 2, say: Callable[[str], None] = print,
          cache: Path | None = None) -> tuple[Observation, dict[str, Observation]]:
    """(the baseline, mutant -> what the quick path saw); the baseline is read from `cache` (default: the facts cache, if on)."""
    cache = cache or (paths.CACHE if facts_cache.enabled() else None)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    seen, jobs = {}, []
    for mutant in mutants:
        try:
            jobs.append((mutant.name, str(prepare(mutant, out / mutant.name))))
        except MutantNoLongerApplies as error:
            seen[mutant.name] = Observation(error=str(error))
    (out / "plan.json").write_text(_json({"workers": workers, "jobs": jobs}), encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "tools.mutation", "--probe", str(out / "plan.json")], cwd=ROOT,
                               env={**base_env(), **facts_cache.environment(cache)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    log, count = [], 0
    for line in process.stderr:
        log.append(line)
        if not line.startswith("probe: "):
            continue
        if line.rstrip().endswith("(npm, one node process)"):  # the npm copies' JavaScript, measured first
            say(f"  {line.removeprefix('probe: ').rstrip()}")
            continue
        count += 1
        say(f"[{count}/{len(jobs)}] {line.removeprefix('probe: ').rstrip()}")
    if process.wait() != 0 or not (out / "_baseline.json").exists():
        raise RuntimeError(f"the probe failed (exit {process.returncode}):\n{''.join(log)[-3000:]}")

    def read(name: str) -> Observation:
        path = out / f"{name}.json"
        return Observation.read(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else \
            Observation(error=f"the probe left no result for {name}")

    return read("_baseline"), {m.name: seen.get(m.name) or read(m.name) for m in mutants}


# --------------------------------------------------------------------------- kept observations (make mutants)

# What the quick path saw of every mutant, kept for the inputs it saw it under: `make mutants` writes it, and
# tests/test_mutants.py reads a mutant's claim values from it when they are current instead of measuring them
# again (and observes a few again each run, to compare). What the pages make of those values is worked out anew
# each time (`on_the_pages`): the pages are not among the inputs.
KEPT = ROOT / "data" / "mutants.json"
# The code that measures a mutant's claim values and reads them: the experiments, claims and mutants
# (snippets/), the claims engine, this module and the npm copies' runner. With the stack they run on: `inputs`.
MEASURING = ("snippets", "claims", "tools/mutation.py", "tools/measure_copies.mjs")


def inputs(root: Path = ROOT) -> str:
    """The digest of everything a mutant's claim values depend on: MEASURING's files (their tests left out), the
    installed Python distributions and Python itself, npm deepagents and node (snippets/js.py `key`)."""
    digest = hashlib.sha256()
    for name in MEASURING:
        top = root / name
        for path in sorted(top.rglob("*") if top.is_dir() else [top]):
            parts = path.relative_to(root).parts
            if path.is_file() and "__pycache__" not in parts and "tests" not in parts:
                digest.update("/".join(parts).encode() + b"\0" + path.read_bytes() + b"\0")
    stack = sorted(f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions())
    digest.update("\n".join([sys.version, *stack, js.key()]).encode())
    return digest.hexdigest()


def _values(live: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(live, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def keep(mutants: Sequence[Mutant], out: Path, baseline: dict[str, Any], path: Path = KEPT) -> list[str]:
    """Keep what the quick path saw in `out` of each of these mutants (the claims whose value is not the
    baseline's, where the patched packages were imported from, the experiment that failed) in `path`, beside what
    it kept of others for the same inputs; returns the names kept. A mutant not observed (an error) is not kept."""
    now, record = inputs(), json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if record.get("inputs") != now or record.get("baseline") != _values(baseline):
        record = {"inputs": now, "baseline": _values(baseline), "mutants": {}}
    kept = []
    for mutant in mutants:
        seen = out / f"{mutant.name}.json"
        data = json.loads(seen.read_text(encoding="utf-8")) if seen.exists() else {"error": "no observation"}
        if data.get("error"):
            record["mutants"].pop(mutant.name, None)
            continue
        record["mutants"][mutant.name] = {
            "changed": {claim: value for claim, value in data["live"].items() if value != baseline.get(claim)},
            "imported": data["imported"], "failed": data.get("failed")}
        kept.append(mutant.name)
    record["by"] = "make mutants"
    record["mutants"] = dict(sorted(record["mutants"].items()))
    facts_cache.write_atomically(path, (json.dumps(record, indent=1, ensure_ascii=False, default=str) + "\n").encode())
    return kept


def kept(mutants: Iterable[Mutant], baseline: dict[str, Any], path: Path = KEPT) -> tuple[dict[str, Observation], str]:
    """(mutant -> what `path` kept of it, with what the pages make of it now; why nothing was read, else "").
    Read only when kept for these very inputs and this baseline."""
    if not path.exists():
        return {}, f"{paths.shown(path)} does not exist"
    record = json.loads(path.read_text(encoding="utf-8"))
    if record.get("inputs") != inputs():
        return {}, f"{paths.shown(path)} was kept for other code or another stack"
    if record.get("baseline") != _values(baseline):
        return {}, f"{paths.shown(path)} was kept beside other baseline values"
    found = {}
    for mutant in mutants:
        entry = record["mutants"].get(mutant.name)
        if entry is not None:
            live = {**baseline, **entry["changed"]}
            found[mutant.name] = Observation.read({"live": live, "imported": entry["imported"],
                                                   **on_the_pages(live, entry["failed"])})
    return found, ""


# --------------------------------------------------------------------------- the full path: strict builds

# Runs in the build's own process: `mkdocs build`, then every claim's value as that build measured it.
_RUNNER = r"""
import json, os, runpy, sys
out, packages = sys.argv[1], sys.argv[2].split(",")
sys.argv = ["mkdocs", *sys.argv[3:]]
code = 0
try:
    runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
except SystemExit as exit:
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
report = {}
try:
    from tools.mutation import _origins
    from snippets.facts import collect, gather, live_row
    try:
        facts = collect()  # what the build measured, in this process
    except Exception:
        facts = gather(tolerant=True)[0]  # an experiment failed: measure what can be measured
    report = {"imported": _origins(packages, facts), "live": live_row(facts)["facts"]}
except BaseException as error:
    report = {"error": f"the build measured nothing: {type(error).__name__}: {error}"}
json.dump(report, open(out, "w", encoding="utf-8"), default=str, ensure_ascii=False)
sys.exit(code)
"""


def read_site(site: Path) -> tuple[dict[str, list[list[str]]], dict[str, str]]:
    """("<language>/<page>" -> the bound spans of its article, "<language>/<page>" -> its article's text)."""
    from sitegen import languages

    spans, texts = {}, {}
    for page in page_sources():
        code, name = page.split("/", 1)
        path = languages.page_html(site, code, name)
        if path.exists():
            text = path.read_text(encoding="utf-8")
            article = text[text.find("<article"): text.rfind("</article>")]
            spans[page] = [list(m.groups()) for m in SPAN.finditer(article)]
            texts[page] = " ".join(html.unescape(re.sub(r"<(pre|script|style)\b.*?</\1>|<[^>]+>", " ", article, flags=re.S)).split())
    return spans, texts


def build_against(mutant: Mutant | None, folder: Path, timeout: int = 600, cache: Path | None = None) -> Observation:
    """Build both languages strictly against the mutant's patched copy (an unpatched one for None). With `cache`
    (a folder the build may write: a copy of a filled cache), what the patch leaves unchanged is read from it, as
    the cache's keys follow the packages' files; without, everything is measured."""
    started = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        scratch = prepare(mutant, folder) if mutant else scratch_copy(folder / "scratch", ("deepagents",))
    except MutantNoLongerApplies as error:
        return Observation(error=str(error))
    site, report = folder / "site", folder / "report.json"
    packages = ",".join(mutant.packages if mutant else ("deepagents",))
    command = [sys.executable, "-c", _RUNNER, str(report), packages, "build", "--strict", "-f", str(paths.MKDOCS_YML), "-d", str(site)]
    try:
        env = {**base_env(scratch), **(facts_cache.environment(cache) if cache else {})}
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Observation(error=f"the build timed out after {timeout} s")
    log = done.stdout + done.stderr
    (folder / "build.log").write_text(log, encoding="utf-8")
    seen = Observation.read(json.loads(report.read_text(encoding="utf-8")) if report.exists() else
                            {"error": f"the build crashed: {_cut(log[-500:], 500)}"})
    seen.seconds = time.monotonic() - started
    if done.returncode == 0:
        seen.spans, seen.text = read_site(site)
    else:
        errors = [line for line in log.splitlines() if line.startswith(("ERROR", "Error", "Aborted"))] or log.splitlines()[-3:]
        seen.stops = [line for line in errors if PLACE.search(line)]
        seen.failure = next((line for line in errors if "pages that show it" in line), None)
        if not seen.stops and not seen.failure:
            seen.stops = ["the build failed without naming a page: " + " ⏎ ".join(errors)]
    return seen


def full(mutants: Sequence[Mutant], out: Path, workers: int = 2, say: Callable[[str], None] = print) -> tuple[Observation, dict[str, Observation]]:
    """(the baseline build, mutant -> what its strict build showed), `workers` builds at a time."""
    shutil.rmtree(out, ignore_errors=True)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        baseline_job = pool.submit(build_against, None, out / "_baseline")
        jobs = {pool.submit(build_against, mutant, out / mutant.name): mutant for mutant in mutants}
        baseline = baseline_job.result()
        if baseline.error or baseline.stops or baseline.failure:
            pool.shutdown(cancel_futures=True)
            raise RuntimeError(f"the baseline build failed: {baseline.error or baseline.stops or baseline.failure}")
        say(f"baseline built in {baseline.seconds:.0f} s")
        seen = {}
        for count, job in enumerate(as_completed(jobs), 1):
            mutant = jobs[job]
            seen[mutant.name] = job.result()
            caught = judge(mutant, baseline, seen[mutant.name]).caught
            say(f"[{count}/{len(mutants)}] {mutant.name}: {'caught' if caught else 'NOT CAUGHT'} ({seen[mutant.name].seconds:.0f} s)")
    return baseline, seen


# --------------------------------------------------------------------------- command line


def table(verdicts: Sequence[Verdict], way: str, seconds: float) -> str:
    caught = f"{sum(v.caught for v in verdicts)} of {len(verdicts)} mutants caught ({way} path) in {seconds:.0f} s"
    return "\n".join(["| mutant | section | what followed | verdict |", "|---|---|---|---|", *(v.row() for v in verdicts), "", caught])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only these mutants (default: all)")
    parser.add_argument("--quick", action="store_true", help="the quick path (no build; what tests/test_mutants.py runs)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="mutants at a time")
    parser.add_argument("--keep", type=Path, help="keep the scratch copies, sites and logs in this folder")
    parser.add_argument("--record", nargs="?", const=KEPT, type=Path, metavar="FILE",
                        help=f"with --quick: keep what it saw in FILE (default {paths.shown(KEPT)}; make mutants)")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)  # the quick path's observer process
    args = parser.parse_args(argv)
    if args.probe:
        _probe(args.probe)
        return 0
    known = {m.name: m for m in registry.mutants()}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no mutant named {', '.join(unknown)}; known: {', '.join(known)}")
    if args.record and not args.quick:
        parser.error("--record keeps what the quick path saw: add --quick")
    chosen = [known[n] for n in args.names] or list(known.values())
    way = "quick" if args.quick else "full"
    print(f"{len(chosen)} mutants, {way} path" + ("" if args.quick else ": both languages built strictly for each"), flush=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
        observe = quick if args.quick else full
        baseline, seen = observe(chosen, (args.keep or Path(scratch)) / way, args.workers, lambda line: print(line, flush=True))
        if args.record:
            recorded = keep(chosen, (args.keep or Path(scratch)) / way, baseline.live, args.record)
            print(f"kept {len(recorded)} of {len(chosen)} mutants in {paths.shown(args.record)}", flush=True)
    verdicts = [judge(m, baseline, seen[m.name]) for m in chosen]
    print("\n" + table(verdicts, way, time.monotonic() - started) + "\n\nDetails:\n\n" + "\n\n".join(v.report() for v in verdicts))
    return 0 if all(v.caught for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
