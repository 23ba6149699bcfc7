"""Statistics over per-pair scores: bootstrap intervals, paired significance tests between systems,
correlation with human judgments, and annotators' agreement (Krippendorff's alpha).

Nothing is imported here, so importing one module loads only what it needs. The names of the
1.0 module this package replaced are still served, with a ``DeprecationWarning`` (:mod:`rouge_core.old_paths`).
"""

from __future__ import annotations

from ..old_paths import old_attribute


def __getattr__(name: str) -> object:
    return old_attribute(__name__, name)
