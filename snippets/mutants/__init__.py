"""The mutants, one module per section: snippets/mutants/<section>.py holds MUTANTS, the patches of
deepagents (or langchain, or npm deepagents) that must flip the claims of snippets/<section>.py.

Kept apart from the experiments: a page's "How this is measured" fold publishes the experiment,
and a reader checking a measurement has no use for copies of deepagents source. Nothing here is
measured: a mutant changes no cache key (snippets/cache.py).
"""
