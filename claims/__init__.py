"""The claims engine: sentences of a site bound to measured claims, every writer's mistake found before
any page is built. See claims/README.md.

The public API, all importable from here:

* the model: `Claim`, `Mutant`, `Patch` (claims/model.py);
* the markers, pure functions over page text: `holds`, `segments`, `apply`, `sequence` (claims/markers.py);
* the `Provider` a client implements, and `Page` (claims/provider.py); `SimpleProvider`, a ready one for a
  site in one language;
* the writer's checks: `check(provider)` -> one line per problem (claims/checks.py);
* the mutation judge: `claims.judge.judge`, `resolve`, `Observation`, `Verdict` (claims/judge.py);
* the sentence register and its lint: `claims.register.register`, `unbound` (claims/register.py);
* translation parity: `differences`, `skeleton` (claims/parity.py);
* scratch copies of installed packages with a mutant's patches applied: `Packages`, `PatchNoLongerApplies`
  (claims/patching.py), and the engine's own mutation runner (claims/mutate.py, `python -m claims mutate`);
* the MkDocs plugin `claims` (claims/plugin.py) and `python -m claims check | parity | sentences | mutate`.
"""

from claims.model import JS_SUFFIX, SAME, Claim, Mutant, Patch

# The rest is imported when first used: a client that only declares claims (`from claims import Claim`)
# loads neither MkDocs nor the checks.
_LAZY = {
    "Problem": "claims.checks", "check": ("claims.checks", "run"),
    "Observation": "claims.judge", "Verdict": "claims.judge", "resolve": "claims.judge",
    "REASONS": "claims.markers", "BindingError": "claims.markers", "StaleSentence": "claims.markers",
    "apply": "claims.markers", "holds": "claims.markers", "segments": "claims.markers", "sequence": "claims.markers",
    "differences": "claims.parity", "skeleton": "claims.parity",
    "Page": "claims.provider", "Provider": "claims.provider", "SimpleProvider": "claims.provider",
    "Packages": "claims.patching", "PatchNoLongerApplies": "claims.patching",
    "unbound": "claims.register",
}

__all__ = ["JS_SUFFIX", "SAME", "Claim", "Mutant", "Patch", *_LAZY]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'claims' has no attribute {name!r}")
    import importlib

    module, attribute = _LAZY[name] if isinstance(_LAZY[name], tuple) else (_LAZY[name], name)
    return getattr(importlib.import_module(module), attribute)
