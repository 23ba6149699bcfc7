"""``python -m rouge_core``: ROUGE-1.5.5.pl's command line (:func:`main`), its options, corpus files,
output and Ctrl-C.

Nothing is imported here, so importing one module loads only what it needs. The names of the
1.0 module this package replaced are still served, with a ``DeprecationWarning`` (:mod:`rouge_core.old_paths`).
"""

from __future__ import annotations

from typing import Optional

from ..old_paths import old_attribute


def main(argv: Optional[list[str]] = None) -> int:
    """The command line (``rouge-lens-score``, ``python -m rouge_core``): :func:`rouge_core.cli.run.main`."""
    from .run import main as run

    return run(argv)


def __getattr__(name: str) -> object:
    return old_attribute(__name__, name)
