"""Ctrl-C in :mod:`rouge_core.cli`: one ``KeyboardInterrupt``, never lost, and a clean-up left to end.

:func:`interrupt_once` installs the SIGINT handler of a command-line run. A Ctrl-C raises
``KeyboardInterrupt`` in the running code, except where Python would print it and drop it (a garbage
collector callback, such as Dask's scheduler installs, a ``__del__``, or llvmlite's ctypes callbacks,
which Numba's compiler calls while it writes its cache): there it is not raised, and
SIGINT is sent again a moment later, until the run has taken it. Once the run handles it
(:func:`handling`, at the places that shut worker pools and clusters down) further Ctrl-C are
ignored, so those clean-ups end and leave no worker process behind.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any, Iterator, Optional

#: Set once the run handles a Ctrl-C: further ones are ignored (the clean-up must end).
_HANDLING = threading.Event()
#: Seconds between two SIGINTs sent again while a Ctrl-C has not been taken.
RETRY = 0.2
#: Frames looked at above the one a signal interrupts, for a garbage collector callback or ``__del__``.
_DEPTH = 30


def handling() -> None:
    """Say that the run is handling a Ctrl-C (its ``KeyboardInterrupt`` reached the command line's code).

    >>> handling(); _HANDLING.is_set()
    True
    >>> _HANDLING.clear()
    """
    _HANDLING.set()


@contextlib.contextmanager
def finishing() -> Iterator[None]:
    """While the block runs (the run is over and its output is being committed: a few milliseconds), a
    Ctrl-C is let go, as during a clean-up: the commit ends, and so does the run, as if the Ctrl-C had come
    after it. A Ctrl-C before the block is entered is raised as usual.

    >>> with finishing():
    ...     _HANDLING.is_set()
    True
    >>> _HANDLING.is_set()
    False
    """
    was = _HANDLING.is_set()
    _HANDLING.set()
    try:
        yield
    finally:
        if not was:
            _HANDLING.clear()


def _ctypes_callback_folder() -> Optional[str]:
    """The folder of llvmlite's bindings when they are loaded: its Python functions called back from C
    through ctypes (the object cache, the diagnostics handler) drop what they raise."""
    binding = sys.modules.get("llvmlite.binding")
    where = getattr(binding, "__file__", None)
    return os.path.dirname(where) + os.sep if where else None


def _dropped_there(frame: Optional[FrameType]) -> bool:
    """Whether an exception raised in ``frame`` would be printed and dropped by Python (it runs in a
    garbage collector callback, a ``__del__`` or one of llvmlite's ctypes callbacks), not passed to the
    code that runs.

    >>> _dropped_there(sys._getframe())
    False
    """
    codes = {getattr(getattr(cb, "__func__", cb), "__code__", None) for cb in gc.callbacks}
    folder = _ctypes_callback_folder()
    for _ in range(_DEPTH):
        if frame is None:
            return False
        code = frame.f_code
        if code in codes or code.co_name == "__del__" or (folder and code.co_filename.startswith(folder)):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def interrupt_once() -> Iterator[None]:
    """The block's SIGINT handler (see the module docstring); the previous one is back when it ends.
    Outside the main thread (no signal handlers there), or in a process started with Ctrl-C ignored
    (as a shell starts a background job, and as Python leaves it): nothing changes."""
    done = threading.Event()
    retrying: list[threading.Thread] = []

    def again() -> None:
        while not done.wait(RETRY) and not _HANDLING.is_set():
            os.kill(os.getpid(), signal.SIGINT)

    def on_sigint(signum: int, frame: Optional[FrameType]) -> None:
        if _HANDLING.is_set():
            return  # cleaning up: let it end
        if not retrying:  # until the run takes it, the interrupt is sent again
            retrying.append(threading.Thread(target=again, name="rouge-interrupt", daemon=True))
            retrying[0].start()
        if not _dropped_there(frame):
            raise KeyboardInterrupt

    try:
        if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:  # started ignoring Ctrl-C (a background job)
            yield
            return
        previous: Any = signal.signal(signal.SIGINT, on_sigint)
    except ValueError:  # not the main thread
        yield
        return
    _HANDLING.clear()
    try:
        yield
    finally:
        done.set()
        if retrying:
            retrying[0].join()
        # None: a handler not set from Python, which cannot be set back; the default then
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
