"""Data flows one way: deepagents -> snippets/ (measurement, and what readers copy) -> sitegen/ (presentation);
tools/ stand beside the site layer; claims/ (the engine) knows none of them. One module knows where everything is."""

import ast
import re

from snippets import paths

ALLOWED_IN_EXAMPLES = {"deepagents", "langchain", "langchain_core", "langgraph", "scripted_model", "asyncio", "warnings",
                       "typing", "__future__"}


def imported(path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


def offenders(folder, forbidden: set[str]) -> dict[str, list[str]]:
    found = {paths.shown(p): sorted(imported(p) & forbidden) for p in folder.rglob("*.py")}
    return {name: mods for name, mods in found.items() if mods}


def test_snippets_import_no_other_layer():
    assert offenders(paths.SNIPPETS, {"sitegen", "tools", "tests", "mkdocs", "yaml"}) == {}


def test_the_claims_engine_imports_no_client():
    """claims/ could be published as it is: the deepagents experiments reach it through a provider
    (sitegen/provider.py), never the other way round; its tests run against a fake one."""
    assert offenders(paths.ROOT / "claims", {"snippets", "sitegen", "tools", "tests", "benchmarks", "deepagents"}) == {}


def test_the_site_layer_imports_no_tool_or_test():
    assert offenders(paths.SITEGEN, {"tools", "tests"}) == {}


def test_examples_import_nothing_of_this_repository():
    """What a reader copies runs beside scripted_model.py with deepagents alone (tests/test_copy.py runs them so)."""
    for example in paths.SCENARIOS.glob("*.py"):
        assert imported(example) <= ALLOWED_IN_EXAMPLES, (example.name, imported(example) - ALLOWED_IN_EXAMPLES)


def test_javascript_examples_import_only_what_a_reader_installs():
    """A .mjs example runs beside scripted_model.mjs with package.json's `dependencies` alone
    (tests/test_copy_js.py runs them so): no import of the harness or of another file of this repository."""
    from snippets import js

    installed = set(js.reader_packages())
    for example in paths.SCENARIOS.glob("*.mjs"):
        specifiers = re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|^\s*import\s+"([^"]+)"',
                                example.read_text(encoding="utf-8"), re.M)
        for specifier in {a or b for a, b in specifiers}:
            package = "/".join(specifier.split("/")[:2 if specifier.startswith("@") else 1])
            assert specifier == "./scripted_model.mjs" or package in installed or specifier.startswith("node:"), \
                (example.name, specifier)


def code_only(path) -> str:
    """A module's code without its docstrings and comments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
            body[0] = ast.Pass()
    return ast.unparse(tree)


def test_experiments_hold_no_presentation():
    """No table, label, language or page wording in snippets/: those live in sitegen/."""
    for path in paths.SNIPPETS.rglob("*.py"):
        if path.name == "paths.py":  # it knows where the pages are, and says nothing on them
            continue
        assert not re.search(r"def table\(|\blabel\(|\blanguage\b|strings/", code_only(path)), paths.shown(path)


def test_one_module_knows_the_repository_paths():
    computed = [f"{paths.shown(p)}:{n}" for folder in ("snippets", "sitegen", "tools", "tests", "benchmarks")
                for p in (paths.ROOT / folder).rglob("*.py") if p != paths.ROOT / "snippets" / "paths.py"
                for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(r"Path\(__file__\)|os\.path\.dirname\(__file__\)", line)]
    assert computed == [], "use snippets.paths"


def test_every_section_page_shows_a_short_example():
    from snippets import registry

    for section in registry.sections():
        for name in section.scenarios:
            lines = (paths.SCENARIOS / f"{name}.py").read_text(encoding="utf-8").splitlines()
            assert any("create_deep_agent(" in line for line in lines), name
            # 100: formatted at 88 columns (tests/test_examples_format.py), a call that does not fit
            # takes one argument per line; the longest, never_nest.py, is 92 lines.
            assert len(lines) <= 100, f"{name}: the example a reader copies is {len(lines)} lines"


def test_a_claim_is_named_in_its_experiment_and_its_pages_only():
    """Code beside the site names no claim: it reads the registry. The tests name a handful, in tests/named_claims.py."""
    from snippets import registry

    ids = {c.id for c in registry.claims()}
    named: dict[str, set[str]] = {}
    for folder in ("sitegen", "tools", "benchmarks", "tests"):
        for path in (paths.ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found = ids & set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", node.value))
                    if found:
                        named.setdefault(paths.shown(path), set()).update(found)
    assert list(named) in ([], ["tests/named_claims.py"]), named
    assert len(named.get("tests/named_claims.py", ())) <= 6
