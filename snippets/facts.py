"""Every experiment, run once, gathered into one value: the site's single source of truth.

    >>> from snippets.facts import collect
    >>> collect().refusal.length

Pages, generated pages, tools and tests all read `collect()`: it returns what
the experiments measured (their results, and what their scenarios printed) as
one `Facts` value, the JavaScript measurement of npm deepagents included
(`facts.js.<section>`, snippets/js.py: its node process runs while the Python
experiments do). `python -m snippets.facts` prints every claim's live value as
JSON: one row of the version matrix (tools/matrix.py runs it under each
release; `--runtime python` or `--runtime js` for the claims of one runtime).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from typing import Any

from snippets import cache, js, lab, paths, registry


@dataclasses.dataclass(frozen=True)
class Facts:
    versions: dict[str, str]
    results: dict[str, Any]  # section name -> its experiment's result
    printed: dict[str, str]  # scenario -> what it printed when its experiment ran it
    deep_agents: dict[
        str, list[list[str]]
    ]  # scenario -> the sub-agents each deep agent it made lists
    measured: tuple[
        str, ...
    ] = ()  # the sections this process measured (the others came from the cache)
    failed: dict[str, str] = dataclasses.field(
        default_factory=dict
    )  # gather(tolerant=True): section (<section>@js for JavaScript) -> why
    js: js.Reading = dataclasses.field(
        default_factory=lambda: js.Reading({})
    )  # section -> what the JavaScript twin of its experiment measured (facts.js.refusal.text)
    js_printed: dict[str, str] = dataclasses.field(
        default_factory=dict
    )  # scenario -> what its .mjs twin printed
    js_from: str | None = None  # where node loaded npm deepagents from (DEEPAGENTS_JS_DIR's copy, or node_modules)

    def __getattr__(self, name: str) -> Any:  # facts.refusal, facts.modes, ...
        try:
            return self.results[name]
        except KeyError:
            raise AttributeError(name) from None

    def output_of(self, source: str, runtime: str = "python") -> str | None:
        """What the scenario whose file (.py, or .mjs for runtime "js") holds exactly `source` printed,
        or None (not a scenario)."""
        printed, suffix = (self.printed, ".py") if runtime == "python" else (self.js_printed, ".mjs")
        for scenario, output in printed.items():
            path = paths.SCENARIOS / f"{scenario}{suffix}"
            if paths.published(path).strip() == source.strip():
                return output
        return None

    def live(self, claim_id: str) -> Any:
        return registry.claim(claim_id).live(self)


def gather(
    reuse: dict[str, lab.Measured] | None = None,
    tolerant: bool = False,
    runtimes: tuple[str, ...] = lab.RUNTIMES,
    measured_js: tuple[lab.Measured, dict[str, lab.ExperimentFailed]] | lab.ExperimentFailed | None = None,
    partly: dict[str, tuple[frozenset[str], lab.Measured]] | None = None,
) -> tuple[Facts, dict[str, lab.Measured]]:
    """Run every experiment (or read its result from the cache, or take it from `reuse`), each once,
    a section after the sections it reads; and the JavaScript measurement (its entry `js.NAME`), in a
    node process that runs meanwhile. With `tolerant`, an experiment that fails is noted in
    `Facts.failed` instead of stopping the others. `runtimes`: which deepagents to measure.
    `measured_js`: the JavaScript sections missing from `reuse`, measured elsewhere (what js.read() returned
    or raised: the mutation suite measures many copies of npm deepagents in one node process); no node starts.
    `partly`: section -> (the fields of its result to measure again, the result that gives the others); such a
    result is neither read from nor written to the cache (the mutation suite measures only what a mutant's
    claims read)."""
    done: dict[str, lab.Measured] = {}
    keys: dict[str, str] = {}
    measured, failed = [], {}
    javascript = _start_js(reuse, tolerant, measured_js) if "js" in runtimes else None

    def get(section: lab.Section) -> None:
        if section.name in done or section.name in failed:
            return
        for name in section.reads:
            get(registry.section(name))
        if reuse and section.name in reuse:
            done[section.name] = reuse[section.name]
            return
        missing = [name for name in section.reads if name not in done]
        if missing:
            failed[section.name] = f"it reads {', '.join(missing)}, which failed"
            return
        part = (partly or {}).get(section.name)  # (fields, previous): measured in part, never cached
        key = (
            cache.key(section, {name: keys.get(name, "") for name in section.reads})
            if cache.enabled() and part is None
            else ""
        )
        keys[section.name] = key
        found = cache.load(section.name, key) if part is None else None
        if found is None:
            try:
                found = lab.measure(
                    section, {name: done[name].result for name in section.reads}, *(part or ())
                )
            except Exception as error:
                if not tolerant:
                    _stop(javascript)
                    raise
                failed[section.name] = str(error).splitlines()[0]
                return
            measured.append(section.name)
            if part is None:
                cache.save(section.name, key, found)
        done[section.name] = found

    if "python" in runtimes:
        for section in registry.sections():
            get(section)
    if javascript is not None:
        found, why, ran = _finish_js(javascript, tolerant)
        done[js.NAME] = found
        failed.update({f"{name}{lab.JS_SUFFIX}": line for name, line in why.items()})
        measured += [js.NAME] * ran
    javascript_measured = done.get(js.NAME)
    facts = Facts(
        {**(cache.versions() if "python" in runtimes else {}), **js.versions(javascript_measured)},
        {name: m.result for name, m in done.items() if name != js.NAME},
        {s: out for name, m in done.items() if name != js.NAME for s, out in m.printed.items()},
        {s: listed for m in done.values() for s, listed in m.listed.items()},
        tuple(measured),
        failed,
        js.Reading(javascript_measured.result["sections"] if javascript_measured else {}),
        dict(javascript_measured.printed) if javascript_measured else {},
        javascript_measured.result["deepagents_dir"] if javascript_measured else None,
    )
    return facts, done


@dataclasses.dataclass
class _Javascript:
    """The JavaScript measurement under way: found (reused or cached), or a node process running."""

    sections: list[str]  # the sections the node process measures
    key: str
    found: lab.Measured | None = None
    process: Any = None  # the node process; the ExperimentFailed that kept it from starting (or ended its run
    # as a whole); or (what it measured, section -> failure), measured elsewhere (gather's `measured_js`)
    kept: lab.Measured | None = None  # a reused measurement that lacks `sections`: completed by this one


def _start_js(reuse: dict[str, lab.Measured] | None, tolerant: bool,
              measured_js: tuple[lab.Measured, dict[str, lab.ExperimentFailed]] | lab.ExperimentFailed | None = None,
              ) -> _Javascript | None:
    wanted = js.sections()
    if not wanted:
        return None
    kept = (reuse or {}).get(js.NAME)
    if kept is not None:  # reused whole, or without the sections to measure again (the mutation suite)
        missing = [name for name in wanted if name not in kept.result["sections"]]
        if not missing:
            return _Javascript(wanted, "", kept)
        wanted = missing
    if measured_js is not None:
        return _Javascript(wanted, "", None, measured_js, kept)
    try:
        key = js.key(wanted) if cache.enabled() and kept is None else ""
        found = cache.load(js.NAME, key) if key else None
        return _Javascript(wanted, key, found, None if found is not None else js.start(wanted), kept)
    except lab.ExperimentFailed as error:  # no node, or no npm deepagents
        if not tolerant:
            raise
        return _Javascript(wanted, "", None, error, kept)


def _finish_js(running: _Javascript, tolerant: bool) -> tuple[lab.Measured, dict[str, str], int]:
    """(the measurement, section -> why it failed, 1 if measured here else 0). A section that fails leaves
    the others measured; without `tolerant`, its failure is raised."""
    if running.found is not None:
        return running.found, {}, 0
    if isinstance(running.process, lab.ExperimentFailed):
        found = lab.Measured({"versions": {}, "deepagents_dir": None, "sections": {}}, {}, {})
        failed = {name: running.process for name in running.sections}
    elif isinstance(running.process, tuple):  # measured elsewhere (gather's `measured_js`)
        found, failed = running.process
    else:
        found, failed = js.finish(running.process, running.sections)
    if failed and not tolerant:
        raise next(iter(failed.values()))
    if running.key and not failed:
        cache.save(js.NAME, running.key, found)
    if running.kept is not None:
        kept = running.kept
        found = lab.Measured({**found.result, "versions": found.result["versions"] or kept.result["versions"],
                              "sections": {**kept.result["sections"], **found.result["sections"]}},
                             {**kept.printed, **found.printed}, {})
    return found, {name: str(error) for name, error in failed.items()}, 1


def _stop(running: _Javascript | None) -> None:
    """A Python experiment failed: the node process started beside it is not waited for."""
    if running is not None and hasattr(running.process, "kill"):
        running.process.kill()
        running.process.communicate()


@functools.cache
def collected() -> tuple[Facts, dict[str, lab.Measured]]:
    """`gather()` once per process: the facts, and each experiment's measurement (which tests reuse)."""
    return gather()


def collect() -> Facts:
    """Every experiment once per process, or its result from the cache when nothing it runs changed."""
    return collected()[0]


def live_row(facts: Facts | None = None, runtimes: tuple[str, ...] = lab.RUNTIMES) -> dict[str, Any]:
    """Every claim's live value (of these runtimes): a row of the version matrix.

    An experiment that fails does not stop the others: the claims that need it
    get `{"error": ...}` naming what failed, so a matrix over old releases shows
    everything that can be measured there.
    """
    facts = facts or gather(tolerant=True, runtimes=runtimes)[0]
    values: dict[str, Any] = {}
    for section in registry.sections():
        for claim in registry.claims_of(section):
            if claim.runtime not in runtimes:
                continue
            try:
                values[claim.id] = claim.live(facts)
            except Exception as error:  # noqa: BLE001 - recorded, not hidden
                suffix = lab.JS_SUFFIX if claim.runtime == "js" else ""
                failed = [
                    why
                    for name, why in facts.failed.items()
                    if name in (section.name + suffix, str(error) + suffix)
                ]
                values[claim.id] = {
                    "error": failed[0] if failed else f"{type(error).__name__}: {error}"
                }
    return {"versions": facts.versions, "facts": values}


def printed_by(facts: Facts, runtimes: tuple[str, ...] = lab.RUNTIMES) -> dict[str, dict[str, str]]:
    """What each example printed, per runtime: {"python": {scenario: output}, "js": {...}} (what its page shows)."""
    return {runtime: dict(facts.printed if runtime == "python" else facts.js_printed) for runtime in runtimes}


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m snippets.facts", description="every claim's live value, as JSON")
    parser.add_argument("--runtime", choices=lab.RUNTIMES, help="only the claims of this runtime (default: both)")
    parser.add_argument("--printed", action="store_true",
                        help='add what each example printed: {"printed": {runtime: {scenario: output}}} (make drift)')
    args = parser.parse_args()
    chosen = (args.runtime,) if args.runtime else lab.RUNTIMES
    measured = gather(tolerant=True, runtimes=chosen)[0]
    row = live_row(measured, runtimes=chosen)
    if args.printed:
        row["printed"] = printed_by(measured, chosen)
    json.dump(row, sys.stdout, ensure_ascii=False, sort_keys=True, default=str)
    print()
