"""The backend of a small command-line run: pure Python when the pairs cost less than numba's start-up.

numba's start-up (importing it and its compiler, loading the cached kernels) costs about 0.6 s of CPU
whatever the run, and the first run after installing compiles the kernels (15-20 s). The pure-Python
kernels give the same numbers (the conformance suite runs on both backends) at about 1.6 ms a pair of
news length with ROUGE-1.5.5's ten measures and its bootstrap, so up to :data:`SMALL_RUN_PAIRS` pairs
a run in one process computes in pure Python and never imports numba (nor scipy, which numba imports).
Worker processes and Dask clusters choose their own backend. Only a run that owns its process makes this
choice (``python -m rouge_core``, ``rouge-lens-score``: :func:`owning_process`), never ``main(argv)`` called
inside a caller's process, whose other work would then run on the slower path.
"""

from __future__ import annotations

import contextlib
from typing import Iterator, Optional

from ..batch.runners import Runner
from ..kernels.backend import prefer_python

#: The most pairs a one-process run scores in pure Python (about 0.3 + 0.0016 x 200 = 0.6 s of CPU,
#: numba's start-up alone; measured in benchmarks/README.md, "Command line").
SMALL_RUN_PAIRS = 200

_owns_process = [False]


@contextlib.contextmanager
def owning_process(owns: bool) -> Iterator[None]:
    """Within it, a small run may choose pure Python (``owns``: the run is the whole process).

    >>> with owning_process(False):
    ...     choose_backend(1, None)
    False
    """
    before = _owns_process[0]
    _owns_process[0] = owns
    try:
        yield
    finally:
        _owns_process[0] = before


def owns_process() -> bool:
    """Whether the run going on is the whole process (inside :func:`owning_process` ``(True)``).

    >>> with owning_process(True):
    ...     owns_process()
    True
    >>> owns_process()
    False
    """
    return _owns_process[0]


def choose_backend(pairs: int, runner: Optional[Runner]) -> bool:
    """Prefer pure Python for a run of at most :data:`SMALL_RUN_PAIRS` pairs in this process; True when
    this run computes in pure Python.

    >>> from rouge_core.kernels.backend import current
    >>> with owning_process(True):
    ...     choose_backend(10**9, None) == (current().name == "python")
    True
    """
    if not _owns_process[0] or runner is not None or pairs > SMALL_RUN_PAIRS:
        return False
    reason = f"a command-line run of {pairs} pairs (at most {SMALL_RUN_PAIRS}: numba's start-up would cost more)"
    return prefer_python(reason)
