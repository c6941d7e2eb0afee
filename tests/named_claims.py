"""The few claims the tests name, each chosen for what it is; every other claim a test reads comes
from the registry (snippets/registry.py), so a renamed claim breaks this one file, by name."""

from snippets import registry

NUMBER = registry.claim("refusal-length")  # its value is a count, shown in prose and tables
TEXT = registry.claim("refusal-text")  # its value is a string quoted from deepagents
ERROR_TEXT = registry.claim("mode-error")  # its value is an error message of deepagents
GUARDED = registry.claim("fork-refused")  # yes/no, bound by guard() on many pages (one marker of its own on refusal.md)
TWO_FORMS = registry.claim("handoff-is-default")  # differs across the published releases: when()/unless() forms
NEVER_HELD = registry.claim("names-fork-only")  # no measured release behaves as the article says
