"""Data flows one way: deepagents → snippets/ (measures, and what readers copy) → sitegen/ (presentation)."""

import ast
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parent.parent / "snippets"


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_snippets_never_import_the_site_layer():
    offenders = {path.name: sorted(m for m in imported_modules(path) if m.split(".")[0] in {"sitegen", "mkdocs", "tests"})
                 for path in SNIPPETS.glob("*.py")}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_experiments_hold_no_presentation():
    """No table renderer, label or language in an experiment: those live in sitegen/."""
    for path in SNIPPETS.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not [word for word in ("def table(", "label(", "set_language", "glossary") if word in source], path.name


def test_every_section_page_shows_a_short_scenario_region():
    from snippets.facts import EXPERIMENTS

    for name in EXPERIMENTS:
        source = (SNIPPETS / f"{name}.py").read_text(encoding="utf-8").splitlines()
        start = next(i for i, line in enumerate(source) if "--8<-- [start:scenario]" in line)
        end = next(i for i, line in enumerate(source) if "--8<-- [end:scenario]" in line)
        region = source[start + 1:end]
        assert any("create_deep_agent(" in line for line in region), name
        assert len(region) <= 25, f"{name}: the scenario a reader copies is {len(region)} lines"
