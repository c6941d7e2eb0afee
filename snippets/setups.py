"""Setups as data: the ways a reader's project differs from the site's examples, each one measured.

The site measures with a scripted chat model that no harness profile of
deepagents matches. A reader's model may match one: deepagents ships harness
profiles for some models and picks one by the provider and model name the chat
model reports (`_harness_profile_for_model`: the provider from
`_get_ls_params()["ls_provider"]`, the name from `model_name`). Each profile
can add middleware (and with it tools) and a system-prompt suffix to every
agent that runs such a model, children included.

So beside the site's own setup (`model=unmatched`) there is one setup per
harness profile deepagents registers, read from deepagents itself when measured
(the keys that share one profile are one family; its first key names it). Under
each, the experiments of `SECTIONS` run again with the scripted model reporting
that provider and model name, in this process, one setup after the other; the
result is cached under .cache/facts like every experiment's (keyed by what it
runs, deepagents' files included). `facts_under(facts)` gives every setup's facts:
the site's own, with those sections' results replaced.

`SCOPES` are the scopes a page's sentence may state, each with its English
words (other languages translate them under `scopes.<id>`): a claim whose value
differs across setups is bound only where the sentence says where it holds
(the claims engine's check, claims/checks.py `unscoped`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from snippets import cache, lab, registry

SECTIONS = ("tool_surfaces",)  # the experiments whose values can depend on the model's harness profile (modes: none differ, 2.5 s more)
DEFAULT = "model=unmatched"  # the site's own setup: the scripted model, which no profile matches


@dataclass(frozen=True)
class Setup:
    id: str  # "model=unmatched", "model=openai:gpt-5.1-codex"
    model: str | None  # the provider:model the scripted model reports; None: the site's own model
    family: tuple[str, ...] = ()  # every key deepagents registers the same harness profile under


@dataclass(frozen=True)
class Scope:
    """A scope a sentence may state: the setups it covers, and its words (English; `scopes.<id>` translates)."""

    id: str
    words: str
    covers: Callable[[Setup], bool]


SCOPES = (
    Scope("model-unmatched", "with a model no harness profile matches", lambda setup: setup.model is None),
)


@dataclass(frozen=True)
class Measured:
    setups: tuple[Setup, ...]  # the site's own first
    results: dict[str, dict[str, Any]]  # setup id -> section -> its experiment's result (not the site's own)


def model_setups() -> tuple[Setup, ...]:
    """The site's own setup, then one per harness profile the installed deepagents registers (imports it)."""
    module = "deepagents.profiles.harness.harness_profiles"
    registered = lab.internal(module, "_HARNESS_PROFILES", meaning="the registry of harness profiles")
    lab.internal("deepagents.profiles._builtin_profiles", "_ensure_builtin_profiles_loaded",
                 meaning="what registers the built-in profiles")()
    families: dict[int, list[str]] = {}
    for key, profile in registered.items():
        families.setdefault(id(profile), []).append(key)
    return (Setup(DEFAULT, None), *(Setup(f"model={keys[0]}", keys[0], tuple(keys)) for keys in families.values()))


@contextlib.contextmanager
def reporting(model: str | None):
    """While inside, every ScriptedModel reports `model` ("provider:name") as its provider and model name."""
    from scripted_model import ScriptedModel

    if model is None:
        yield
        return
    provider, _, name = model.partition(":")
    own = ScriptedModel._get_ls_params

    def ls_params(self, stop=None, **kwargs):
        return {**own(self, stop=stop, **kwargs), "ls_provider": provider, "ls_model_name": name}

    ScriptedModel._get_ls_params, ScriptedModel.model_name = ls_params, name
    try:
        yield
    finally:
        ScriptedModel._get_ls_params = own
        del ScriptedModel.model_name


def profile_matched(setup: Setup) -> bool:
    """Whether deepagents resolves, for a scripted model under `setup`, the profile of its family (the site's
    own setup: no profile at all): the measurement really is under that profile."""
    from scripted_model import ScriptedModel

    module = "deepagents.profiles.harness.harness_profiles"
    resolve = lab.internal(module, "_harness_profile_for_model", meaning="how a model's harness profile is chosen")
    with reporting(setup.model):
        found = resolve(ScriptedModel(script=[]), None)
    if setup.model is None:
        return found == lab.internal(module, "HarnessProfile", meaning="the profile type")()
    return found is lab.internal(module, "_HARNESS_PROFILES", meaning="the registry of harness profiles")[setup.model]


def measure_setups() -> Measured:
    """Every setup but the site's own: the experiments of SECTIONS, run with the scripted model reporting it."""
    setups = model_setups()
    results: dict[str, dict[str, Any]] = {}
    for setup in setups[1:]:
        lab.expect(profile_matched(setup), looked_for=f"the harness profile of {setup.model} for a model that reports it")
        with reporting(setup.model):
            try:
                results[setup.id] = {name: lab.measure(registry.section(name), {}).result for name in SECTIONS}
            except lab.ExperimentFailed as error:  # named with the setup: it may hold under the site's own
                raise lab.ExperimentFailed(f"{error} (under {setup.id})", error.experiment) from error
    lab.expect(profile_matched(setups[0]), looked_for="no harness profile for the scripted model")
    return Measured(setups, results)


def key() -> str:
    """What the measurement runs: this module's code it reaches, and each section's own key."""
    digest = hashlib.sha256(cache.installed())
    for part in cache.reached("snippets.setups", "measure_setups"):
        digest.update(part.encode())
    for name in SECTIONS:
        digest.update(cache.key(registry.section(name), {}).encode())
    return digest.hexdigest()[:20]


def measured() -> Measured:
    """The setups' results, from the cache when nothing they run changed."""
    found_key = key() if cache.enabled() else ""
    found = cache.load("setups", found_key)
    if found is None:
        found = measure_setups()
        cache.save("setups", found_key, found)
    return found


def facts_under(facts: Any, found: Measured | None = None) -> dict[str, Any]:
    """Setup id -> the facts under it: the site's own facts, with SECTIONS' results measured under that setup."""
    found = found or measured()
    return {setup.id: facts if setup.id == DEFAULT else
            dataclasses.replace(facts, results={**facts.results, **found.results[setup.id]})
            for setup in found.setups}


def measured_claims() -> tuple[str, ...]:
    """The claims whose values are measured under every setup: the Python claims of SECTIONS."""
    return tuple(claim.id for name in SECTIONS for claim in registry.claims_of(registry.section(name))
                 if claim.runtime == "python")
