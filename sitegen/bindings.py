"""The markers, now the claims engine's (claims/markers.py): re-exported for the site layer's importers."""

from claims.markers import (  # noqa: F401
    KINDS, MARKER, REASONS, Block, BindingError, Segment, StaleSentence, apply, blocks, holds, readable, segments,
    sequence, span,
)
