"""The strict build of every language, checked on the built HTML."""

import json
import re

import pytest

from snippets import js, registry
from sitegen import drawing
from sitegen.strings import word
from tests.site_build import LANGUAGES, PAGES, copy_project, html, mkdocs_build, text
from tests.test_glossary import prose


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_with_stamp_and_switcher(site, facts, language, page):
    page_html = html(site, language, page)
    assert f'data-deepagents="{facts.versions["deepagents"]}"' in page_html
    assert f'data-deepagents-npm="{facts.versions[js.VERSION_KEY]}"' in page_html, "the npm release its JavaScript shows"
    assert all(f'hreflang="{code}"' in page_html for code in LANGUAGES)
    assert f'<html lang="{language}"' in page_html
    title = re.search(r'</h1>\s*<p class="title-stamp">(.*?)</p>', page_html)
    assert title, "the releases the page was measured with, under its title"
    assert facts.versions["deepagents"] in title.group(1) and facts.versions[js.VERSION_KEY] in title.group(1)
    assert 'href="' in title.group(1) and "#your-release" in title.group(1), "linked to what differs in a release"
    assert re.search(r'<h1 id="[^"]+"', page_html), "the page's own title, with its pinned id, is not its heading"
    assert "render_macros" not in page_html, "a page shows its front matter (two blocks of it: the second is text)"
    description = re.search(r'<meta name="description" content="([^"]+)"', page_html)
    assert description and "deepagents sub-agents, measured live" not in description[1], "no description of its own"

    # Each set of tabs names each runtime once: a table's tabs right under an example's are a set of their own
    # (sitegen/tables.py `both`), not two more tabs of the example's, the table behind a third.
    for labels in re.findall(r'<div class="tabbed-labels">(.*?)</div>', page_html):
        names = re.findall(r"<label[^>]*>(.*?)</label>", labels)
        assert len(names) == len(set(names)) > 1, f"{language}/{page}: one set of tabs {names}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_live_values_are_on_their_pages(site, facts, language):
    assert facts.refusal.text in text(site, language, "refusal")
    modes = text(site, language, "modes")
    for outcome in facts.modes.outcomes:
        assert outcome.error is None or outcome.error in modes
    assert "_deepagents_forked_context" in text(site, language, "flag")
    for page in ("modes", "tool-surfaces", "why-kept", "refusal", "flag", "gap", "guidance", "drift"):
        assert "<table>" in html(site, language, page), page
    assert '<figure class="diagram">' in html(site, language, "gap")


@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_and_navigation_speak_the_page_language(site, language):
    page = html(site, language, "refusal")
    assert f"<th>{word(language, 'labels.measured')}</th>" in page
    assert word(language, "nav.overview") in page and word(language, "nav.contributing") in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_overview_lists_every_section_of_the_registry(site, language):
    overview = html(site, language, "index")
    for section in registry.sections():
        assert f'href="{section.page.removesuffix(".md")}/"' in overview, section.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_title_at_the_top_of_the_navigation(site, language):
    """The site's name heads the navigation once; the first entry is the overview, not the name again."""
    page = html(site, language, "refusal")
    nav = page[page.index('<nav class="md-nav md-nav--primary"'):page.index("</nav>", page.index('<nav class="md-nav md-nav--primary"'))]
    visible = " ".join(re.sub(r"<[^>]+>", " ", nav).split())
    assert visible.count(word(language, "site_name")) == 1, "the site name is repeated in the navigation"
    assert visible.split(word(language, "site_name"), 1)[1].lstrip().startswith(word(language, "nav.overview"))


def test_no_request_leaves_the_site(site):
    external = re.compile(r'<(?:script|link|img|iframe)[^>]+(?:src|href)="(https?:)?//(?!127\.0\.0\.1)[^"]+"')
    for page in site.rglob("*.html"):
        page_html = page.read_text(encoding="utf-8")
        offending = [m.group(0) for m in external.finditer(page_html) if 'rel="alternate"' not in m.group(0)
                     and 'rel="canonical"' not in m.group(0)]
        assert not offending, f"{page}: {offending[:3]}"
        assert "fonts.googleapis" not in page_html and "unpkg.com" not in page_html


@pytest.mark.parametrize("language", LANGUAGES)
def test_diagrams_are_inline_svg_named_with_a_text_alternative_and_no_mermaid(site, facts, language):
    """Drawn at build time (sitegen/drawing.py): each diagram is a figure of two SVGs (light, dark), each an
    image with a name, captioned with that name, with its arrows as text from the same labels; no page
    ships Mermaid, nor its source."""
    page_html = html(site, language, "index")
    figures = re.findall(r'<figure class="diagram">.*?</figure>', page_html, re.S)
    assert len(figures) == 1
    svgs = re.findall(r"<svg\b[^>]*>", figures[0])
    assert len(svgs) == 2 and {"diagram__drawing--default", "diagram__drawing--slate"} == {
        re.search(r"diagram__drawing--\w+", svg).group(0) for svg in svgs}
    light, dark = re.findall(r"<svg\b.*?</svg>", figures[0], re.S)
    for colour, twin in drawing.DARK_TWIN.items():  # a colour of the source is swapped for its twin in the dark drawing
        assert colour not in dark and (colour not in light or twin in dark)
    name = word(language, "diagram.title")
    assert all('role="img"' in svg and f'aria-label="{name}"' in svg for svg in svgs)
    assert f"<figcaption>{name}</figcaption>" in figures[0]
    alternative = re.search(r'<details class="diagram__text"><summary>(.*?)</summary><ul>(.*?)</ul>', figures[0])
    assert alternative.group(1) == word(language, "diagram.as_text")
    lines = re.findall(r"<li>(.*?)</li>", alternative.group(2))
    parent = word(language, "diagram.comma").join(
        [word(language, "diagram.parent"), word(language, "diagram.tools").format(count=len(facts.tool_surfaces.parent.tools))])
    assert len(lines) == 6 and all(line.startswith(parent) for line in lines[:3]), lines
    assert word(language, "diagram.grandchild") in lines[-1]
    for page in site.rglob("*.html"):
        page_html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script[^>]*mermaid", page_html) and 'class="mermaid"' not in page_html, page.relative_to(site)
        assert "accTitle" not in page_html and "-- task -->" not in page_html, f"{page.relative_to(site)} shows a diagram's source"
    assert not list(site.rglob("mermaid*")), "no Mermaid is published"


def test_a_second_build_draws_nothing_and_starts_no_browser(site, build_cache, cache_copy, tmp_path):
    """The run's build drew every diagram into the run's cache; a build of the same code reads them from
    there and never starts Chromium (here: there is none to start)."""
    assert len(list((build_cache / "diagrams").glob("*.json"))) >= 4, "the run's build kept its drawings"
    result = mkdocs_build(tmp_path / "site", extra_env={"SITEGEN_CHROMIUM": str(tmp_path / "no-chromium")},
                          cache=cache_copy)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Drew" not in result.stderr and "Chromium" not in result.stderr
    assert (tmp_path / "site" / "index.html").read_text(encoding="utf-8").count("<svg") >= 2


def test_every_example_and_the_scripted_model_are_published(site):
    from snippets import paths

    for language in LANGUAGES:
        from sitegen import languages

        downloads = site / languages.folder(language) / "downloads"
        for example in [*paths.SCENARIOS.glob("*.py"), *paths.SCENARIOS.glob("*.mjs")]:
            # as the pages show it: without the lines that mark its excerpts (snippets/paths.py)
            published = paths.published(example)
            assert (downloads / example.name).read_text(encoding="utf-8") == published, (language, example.name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_indexes_prose_and_table_rows_not_code_diagrams_tabs_or_boilerplate(site, language):
    from sitegen import languages

    index = json.loads((site / languages.folder(language) / "search" / "search_index.json").read_text(encoding="utf-8"))
    everything = " ".join(doc["text"] for doc in index["docs"])
    assert "flowchart" not in everything and "-->" not in everything, "diagram source is indexed"
    assert "def measure_gap" not in everything and "from deepagents import" not in everything, "code is indexed"
    assert "createDeepAgent(" not in everything, "JavaScript code is indexed"
    assert "knows the codename" not in everything, "an example's output is indexed"
    assert not re.search(r"Python\s*JavaScript", everything), "tab labels are indexed"
    boilerplate = word(language, "examples_start.model").split(".")[0].split("。")[0].replace("`", "")  # where examples start
    assert boilerplate and boilerplate not in everything.replace("\u200b", ""), "the download paragraph is indexed"
    assert not re.search(r"\d+\.\d+\.\d+–\d+\.\d+\.\d+\s*[:：]\s*[✅❌]", everything), "the matrix's symbol cells are indexed"
    header = f'{word(language, "labels.kind")} · {word(language, "rows.isolated")}'  # the recipes' choosing table
    plain = everything.replace("\u200b", "")  # jieba's word breaks in Chinese
    assert header not in plain, "a table's header is indexed"
    assert f'{word(language, "labels.who_stops_a_grandchild")} · ' in plain, "a table's rows are not indexed"
    # Table rows are indexed as text: "handoff" (a value the article tried for `mode`) is in the drift report's rows.
    pages = {doc["location"].split("#")[0] for doc in index["docs"] if "handoff" in doc["text"]}
    assert {"drift/", "matrix/"} <= pages, pages
    # Split as Material's search splits the index and the query (lunr, with mkdocs.yml's separator).
    separator = re.compile(index["config"]["separator"].replace("\\u200b", "\u200b"))

    def terms(text: str) -> set[str]:
        return {term.lower() for term in separator.split(re.sub(r"<[^>]+>", " ", text)) if term}

    words = terms(everything)
    term = word(language, "glossary.grandchild.term")
    assert terms(term) <= words, f"the word {term!r} is not searchable"
    # Chinese is found with or without a space between Han and Latin: the pages write a Han character, a space and
    # a Latin word; the query without the space gives the same terms, and so finds the same sections.
    pairs = set(re.findall(r"([\u4e00-\u9fff]) ([A-Za-z]{2,})", everything.replace("\u200b", "")))
    for han, latin in pairs:
        assert terms(han + latin) == terms(f"{han} {latin}") == {han} | terms(latin), (han, latin)


@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_of_three_columns_name_each_cell_and_the_search_dialog_has_a_name(site, language):
    """On a phone such a table shows each row as a card, each value under its column's name (sitegen/reading.py),
    the value in one element beside its name however many pieces it has (text and code: the setups table)."""
    for page in ("guidance", "drift", "matrix", "refusal", "tool-surfaces"):
        page_html = html(site, language, page)
        for table in re.findall(r"<table>.*?</table>", page_html, re.S):
            columns = len(re.findall(r"<th\b", table[:table.index("</thead>")]))
            cells = re.findall(r"<td\b[^>]*>", table)
            named = [cell for cell in cells if "data-label=" in cell]
            assert (named == cells) if columns >= 3 else not named, (page, columns, cells[:3])
            whole = re.findall(r'<td data-label="[^"]*"[^>]*><span class="cell">.*?</span></td>', table, re.S)
            assert len(whole) == len(named), (page, "a value not in one element", named[:3])
        assert re.search(r'role="dialog" aria-label="[^"]+"', page_html), "the search dialog has no name"


def test_failing_block_fails_the_build_naming_page_and_line(tmp_path, cache_copy):
    project = copy_project(tmp_path / "project")
    page = project / "docs" / LANGUAGES[-1] / "gap.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    lines[2:2] = ["", '```python exec="on" id="broken-block"', 'raise RuntimeError("kaput")', "```", ""]
    page.write_text("\n".join(lines), encoding="utf-8")
    result = mkdocs_build(tmp_path / "site", project, cache=cache_copy)
    assert result.returncode != 0
    assert f"docs/{LANGUAGES[-1]}/gap.md:4: markdown_exec: Execution of python code block 'broken-block'" in result.stderr
    assert "RuntimeError: kaput" in result.stderr


def test_raising_experiment_fails_the_build_naming_experiment_and_pages(tmp_path, cache_copy):
    project = copy_project(tmp_path / "project")
    experiment = project / "snippets" / "gap.py"
    source = experiment.read_text(encoding="utf-8")
    experiment.write_text(source.replace('    refusal = bench.read("refusal")', '    raise LookupError("the gap moved")'),
                          encoding="utf-8")
    result = mkdocs_build(tmp_path / "site", project, cache=cache_copy)  # the other experiments: as measured
    assert result.returncode != 0
    output = result.stderr + result.stdout
    pages = ", ".join(f"docs/{code}/gap.md" for code in LANGUAGES)
    assert f"experiment 'gap' (snippets/gap.py) failed: LookupError: the gap moved (pages that show it: {pages})" in output


def test_code_is_shown_with_its_file_name(site):
    """An example's file name downloads it (the harness, the repository's own code, is not published)."""
    for language in LANGUAGES:
        page = html(site, language, "gap")
        assert re.search(r'<span class="filename"><a class="filename__download" href="\.\./downloads/gap\.py" download '
                         r'title="[^"]+">gap\.py</a></span>', page)
        assert '<span class="filename">snippets/gap.py</span>' in page
        assert "parked-" not in page


def test_the_repository_is_linked_from_its_web_address_only(monkeypatch):
    """Pages link each example's source in the repository, and the header the repository, when it has a web address."""
    import subprocess as sp

    from sitegen import assets

    def remote(url: str):
        monkeypatch.setattr(assets.subprocess, "run", lambda *a, **k: sp.CompletedProcess(a, 0, stdout=url + "\n"))

    for name in ("REPO_URL", "GITHUB_REPOSITORY", "GITHUB_SERVER_URL"):
        monkeypatch.delenv(name, raising=False)
    cases = [({"REPO_URL": "https://example.org/r/"}, "", "https://example.org/r"),
             ({"GITHUB_REPOSITORY": "o/r"}, "", "https://github.com/o/r"),
             ({}, "git@github.com:o/r.git", "https://github.com/o/r"),
             ({}, "/work/a/local/clone", None)]
    for env, url, expected in cases:
        assets.repository.cache_clear()
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        remote(url)
        assert assets.repository() == expected, (env, url)
        for name in env:
            monkeypatch.delenv(name)
    assets.repository.cache_clear()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_recipe_with_a_page_of_its_own_lists_its_claims_there_and_not_on_the_recipes_page(site, language):
    """sitegen/tables.py listed_claims: the recipes' experiment backs a page of its own (depth-limit.md, whose table
    of the section lists the claims it binds) and the recipes page (the others); every claim is listed once."""
    from sitegen import tables
    from sitegen.strings import claim_words

    section = registry.section("guidance")
    own, recipe = tables.listed_claims(section.name, section.page), tables.listed_claims(section.name, "depth-limit.md")
    assert recipe and own and {c.id for c in own} | {c.id for c in recipe} == {c.id for c in section.claims}
    assert not {c.id for c in own} & {c.id for c in recipe}
    def bare(shown: str) -> str:  # compared without spaces: the page's text has one at every tag, code's too
        return re.sub(r"\s+", "", shown.replace("`", ""))

    # the recipes page's prose: its code blocks show the experiment's source, where every claim's words are
    page, recipes_page = bare(text(site, language, "depth-limit")), bare(prose(site, language, "guidance"))
    for claim in recipe:
        words = bare(claim_words(claim, language))
        assert words in page and words not in recipes_page, (language, claim.id)
