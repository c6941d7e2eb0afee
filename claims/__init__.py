"""The claims engine: sentences of a site bound to measured claims, checked before any page is built.

See claims/README.md. Public API: the model (`Claim`, `Mutant`, `Patch`), the markers
(claims.markers), the writer checks (claims.checks), the `Provider` a client implements, the
mutation judge (claims.judge), the sentence register (claims.register), translation parity
(claims.parity), an MkDocs plugin (claims.plugin) and `python -m claims`.
"""

from claims.model import JS_SUFFIX, Claim, Mutant, Patch

__all__ = ["JS_SUFFIX", "Claim", "Mutant", "Patch"]
