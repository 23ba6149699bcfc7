"""How ``python -m rouge_core`` ends a scoring run that owned its process: at once, without the interpreter's
teardown.

After the output is written, a normal exit still tears the interpreter down: it runs the exit handlers,
clears every module (numpy's, numba's, LLVM's) and frees what they hold, about 0.02 s of CPU after a run of
10,000 pairs with numba (measured in benchmarks/README.md, "Command line"), for nothing the user sees. A run
that scored here, in its own process, without workers or a cluster (:func:`rouge_core.cli.collector.paused`
marks it, :func:`scored_alone`) and ended with exit code 0 flushes stdout and stderr and ends with
:func:`os._exit`: the ``-o`` file is complete by then (written and renamed before ``main`` returns), and no
thread, pool or child of this process needs the teardown. Any other run, and any stream that cannot be
flushed (a closed pipe), exits as before through :func:`sys.exit`, with its usual messages and code.
``main(argv)`` called in a caller's process never gets here.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

_alone = [False]


def mark_scored_alone() -> None:
    """Record that this process scored a run of its own, without workers (called by ``collector.paused``).

    >>> mark_scored_alone(); scored_alone()
    True
    >>> _alone[0] = False  # a doctest's process goes on as before
    """
    _alone[0] = True


def scored_alone() -> bool:
    """Whether this process scored a run of its own without workers (:func:`mark_scored_alone`).

    >>> scored_alone()
    False
    """
    return _alone[0]


def leave(code: int) -> NoReturn:
    """End the process with ``code``: at once after a successful run that :func:`scored_alone`, once both
    streams are flushed; else (or when a flush fails) as :func:`sys.exit` ends it.

    >>> try:
    ...     leave(3)
    ... except SystemExit as e:
    ...     e.code
    3
    """
    if code == 0 and scored_alone():
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):  # a closed pipe or stream: the normal exit says what it always said
            sys.exit(code)
        os._exit(code)  # why: the interpreter's teardown costs CPU and shows the user nothing
    sys.exit(code)
