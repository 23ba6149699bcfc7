"""Importing this module loads every compiled kernel group (per-pair, chunk, bootstrap) now.

:class:`rouge_core.batch.runners.ProcessRunner`'s forkserver imports it once, before it forks the
workers, so every worker starts with the kernels loaded and the backend chosen (instead of each
loading numba and the cached machine code on its first chunk). Under pure Python it loads nothing.
"""

from __future__ import annotations

import logging

_log = logging.getLogger(__name__)


def warm() -> bool:
    """Choose the backend and load every kernel group now; True when the compiled kernels are used
    (:func:`rouge_core.kernels.warmup.warm`).

    >>> from rouge_core import backend
    >>> warm() == backend().compiled
    True
    """
    from .warmup import warm as warm_every_group

    return warm_every_group()


def _warm_in_forkserver() -> None:
    # The forkserver only survives an ImportError from a preload module: any other exception would
    # end it, and every worker start with it, far from the cause. A kernel group that fails
    # here with a bug is logged with its traceback and checked again in each worker on first use,
    # where the same exception reaches the caller (the backend stays as it is: nothing falls back).
    try:
        warm()
    except Exception:
        _log.exception("loading the compiled kernels before starting the workers failed")


_warm_in_forkserver()
