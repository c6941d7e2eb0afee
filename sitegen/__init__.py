"""The site layer: everything page-, language- or presentation-shaped, built from the facts of snippets/.

    facts.py        the way to the facts (errors name pages; fresh under `mkdocs serve`)
    bindings.py     sentences bound to claims: guard / when / unless / narrative
    macros.py       the page variables and macros (mkdocs-macros)
    render.py       the one place a live value becomes page text, shown literally
    tables.py, diagrams.py, gen_pages.py, verdicts.py   generated content, in the language asked for
    strings.py      every word the site code prints, per language (strings/<code>.yml)
    languages.py    the registry, and the plugin that builds every language
    blocks.py       exec blocks: run once, cached, failures named by page and line
    drawing.py      ```mermaid drawn at build time into inline SVG (Mermaid in Chromium), cached
    search.py       code and diagrams are shown, not indexed
    typography.py   Chinese text without the spaces soft line breaks leave
    assets.py       vendored scripts, the version stamp, the release banner

Each plugin is registered in pyproject.toml (`mkdocs.plugins`) and listed in mkdocs.yml.
"""
