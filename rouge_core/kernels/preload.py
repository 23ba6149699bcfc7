"""Importing this module loads the compiled kernels: the per-pair ones and the chunk kernels.

:class:`rouge_core.runners.ProcessRunner`'s forkserver imports it once, before it forks the
workers, so every worker starts with the kernels loaded (instead of each loading numba and the
cached machine code on its first chunk). Without numba, or when they fail their check, it does
nothing: the workers then take the pure-Python path, as this process would.
"""

from __future__ import annotations


def warm() -> bool:
    """Load the kernels now; True when the compiled chunk path is ready.

    >>> warm() in (True, False)
    True
    """
    try:
        from .. import batch_fast, kernels

        kernels.impl()  # the per-pair kernels: worker processes serve the configs the chunk path does not
        return batch_fast.chunk_kernels_work()
    except Exception:  # anything at all: the workers load (or fall back) on their own, as before
        return False


warm()
