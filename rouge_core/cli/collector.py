"""Python's garbage collector during a scoring run that owns its process (``python -m rouge_core``).

The cyclic collector walks every container object the process holds each time enough new ones pile up:
in a run of 10,000 pairs that is several hundred walks over the objects numba, numpy and the read
summaries leave in memory (about 0.1 s of CPU), and the interpreter walks them once more when it exits
(another 0.1 s). What a run frees by that walk does not grow with its pairs (measured: the same few
hundred cyclic objects after 300 pairs as after 10,000, all from loading the kernels; the pairs' own
objects are freed by reference counting), so a run of its own process does without it:
:func:`paused` turns the collector off for the run and, at its end, freezes the survivors
(:func:`gc.freeze`), which the exit then leaves alone. The collector is on again afterwards.

Only a run in its own process does this (:func:`rouge_core.cli.small_run.owns_process`), never
``main(argv)`` called inside a caller's process, and never one whose pairs go to workers or a Dask
cluster (their event loops make garbage as they go).
"""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator

from .process_exit import mark_scored_alone


@contextlib.contextmanager
def paused(pause: bool) -> Iterator[None]:
    """Within it, no automatic collection when ``pause`` (and the collector was on); on the way out the
    objects left are frozen and the collector is on again. Nothing changes when ``pause`` is False. A paused
    run is marked as one that scored alone in its process (:func:`rouge_core.cli.process_exit.scored_alone`).

    >>> import gc
    >>> with paused(False):
    ...     gc.isenabled()
    True
    >>> with paused(True):
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    >>> gc.unfreeze()  # a doctest's process goes on: its objects collectable again
    >>> from rouge_core.cli import process_exit
    >>> process_exit._alone[0] = False
    """
    if not pause or not gc.isenabled():
        yield
        return
    gc.disable()
    mark_scored_alone()  # its exit may skip the interpreter's teardown too (process_exit.leave)
    try:
        yield
    finally:
        gc.freeze()  # the process ends next: its exit need not walk these objects again
        gc.enable()
