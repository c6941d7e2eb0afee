"""Setups as data (snippets/setups.py): every harness profile deepagents registers is a setup, measured with
the scripted model reporting that profile's provider and model name; and the build's quantifier check
(claims.checks.unscoped, fed by sitegen/provider.py) passes on the pages and stops an unscoped count."""

from claims import checks
from claims.provider import Page
from sitegen.provider import provider
from snippets import setups
from snippets.facts import collect


def registered() -> dict:
    """deepagents' harness profiles, loaded (the setups' results may come from the cache, which loads nothing)."""
    from deepagents.profiles._builtin_profiles import _ensure_builtin_profiles_loaded
    from deepagents.profiles.harness.harness_profiles import _HARNESS_PROFILES

    _ensure_builtin_profiles_loaded()
    return _HARNESS_PROFILES


def test_every_harness_profile_deepagents_registers_is_one_setup_of_a_family():
    profiles = registered()
    found = setups.measured().setups
    assert (found[0].id, found[0].model) == (setups.DEFAULT, None)
    families = [s.family for s in found[1:]]
    assert sorted(key for family in families for key in family) == sorted(profiles)
    for family in families:  # one profile per family, and each family a profile of its own
        assert len({id(profiles[key]) for key in family}) == 1
    assert len({id(profiles[family[0]]) for family in families}) == len(families)
    assert all(setups.profile_matched(setup) for setup in found)


def test_the_codex_profile_gives_both_children_the_tools_its_middleware_adds():
    """The issue: under openai:gpt-5.3-codex an isolated child holds one tool more (write_todos) and a fork
    child too. Read from deepagents' own profile: the tools of the middleware it adds; the other profiles
    add none."""
    profiles = registered()
    under = setups.facts_under(collect())
    own = under[setups.DEFAULT].tool_surfaces
    for setup in setups.measured().setups[1:]:
        profile = profiles[setup.model]
        added = [t.name for m in profile.materialize_extra_middleware() for t in getattr(m, "tools", [])]
        there = under[setup.id].tool_surfaces
        assert there.isolated.tools == own.isolated.tools + added, setup.id
        assert sorted(there.fork.tools) == sorted(own.fork.tools + added), setup.id
    codex = next(s for s in setups.measured().setups if "openai:gpt-5.3-codex" in s.family)
    assert len(under[codex.id].tool_surfaces.isolated.tools) == len(own.isolated.tools) + 1
    assert len(under[codex.id].tool_surfaces.fork.tools) == len(own.fork.tools) + 1


def test_the_pages_state_the_scope_of_every_count_that_a_profile_changes():
    assert checks.unscoped(provider) == []


def test_a_count_without_its_scope_stops_the_build_naming_page_line_and_the_setups(monkeypatch):
    pages = provider.pages()
    page = pages["en"]["index.md"]
    text = page.text.replace("`task`: with a model no harness profile matches, it holds", "`task`: it holds")
    pages["en"]["index.md"] = Page(page.language, page.name, page.file, text)
    monkeypatch.setattr(type(provider), "pages", lambda self: pages)
    codex = next(s.id for s in setups.measured().setups if "openai:gpt-5.3-codex" in s.family)
    own = collect().tool_surfaces.isolated.tools
    line = text[:text.index("{{ guard(", text.index("`task`: it holds"))].count("\n") + 1  # its marker's
    assert [str(p) for p in checks.unscoped(provider)] == [
        f"docs/en/index.md:{line}: states no scope, yet is false under {codex} ({{{{ facts.tool_surfaces.isolated.tools "
        f"| length }}}} is {len(own) + 1} under {codex}, {len(own)} under {setups.DEFAULT}): state where it holds "
        "('with a model no harness profile matches'), or bind it to what holds under every setup"]


def test_an_experiment_that_fails_under_a_setup_stops_the_build_in_one_line_naming_it_the_setup_and_pages(monkeypatch):
    """A change of deepagents may break an experiment under one harness profile only (a mutant that gives the
    parent `write_todos` meets the Codex profile's own: duplicate middleware): the build stops as it does when
    the site's own measurement fails, not with a traceback."""
    import pytest
    from mkdocs.exceptions import PluginError

    from sitegen import provider as site_provider
    from snippets import cache, lab

    def broken(section, reads):
        raise lab.ExperimentFailed(f"experiment {section.name!r} failed: duplicate middleware", section.name)

    monkeypatch.setattr(cache, "enabled", lambda: False)
    monkeypatch.setattr(lab, "measure", broken)
    site_provider.setups_measured.cache_clear()
    try:
        with pytest.raises(PluginError) as stopped:
            site_provider.setups_measured()
    finally:
        site_provider.setups_measured.cache_clear()
    message = str(stopped.value)
    assert "\n" not in message
    assert f"(under {setups.model_setups()[1].id})" in message
    assert "pages that show it: docs/" in message and "tool-surfaces.md" in message
