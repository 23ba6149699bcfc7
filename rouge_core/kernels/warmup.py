"""The first run: a notice while kernels compile, and compiling every kernel group ahead.

numba compiles a kernel the first time a process calls it, unless its disk cache already holds the
machine code for this machine (then it loads it in milliseconds). After an install that costs a few
seconds of CPU per kernel group, once; without a word it looks like a hang. So while a group's check
runs (:func:`rouge_core.kernels.backend.ready`), :func:`watching` listens to numba's own
``numba:compile`` event, which numba sends only when it compiles, never when it loads from the
cache; the first one in a process makes one notice (:func:`message`), logged as a warning on this
module's logger (so a script with no logging set up prints it on stderr), or handed to the callable
given to :func:`on_compile` (a command line or an app can show it its own way).

:func:`warm` compiles (or loads) every group now, and ``python -m rouge_core.kernels`` does it from a
shell, e.g. in an image's build step, so that no user's first call pays for it. Unless told otherwise
(``ROUGE_LENS_COMPILE=foreground``), a first call does not wait for it either: that command runs in
the background while the call computes in pure Python, saying so once (:func:`background_message`;
:mod:`rouge_core.kernels.background`).
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import sys
import time
from typing import Any, Callable, Iterator, Optional, Sequence

from . import backend

_log = logging.getLogger(__name__)

#: About how many CPU seconds a kernel group takes to compile on a first run, alone in a process with
#: an empty cache (2-core Xeon, numba 0.68, 2026-11-26; a group sharing kernels with one compiled
#: before it takes less); the notice quotes it, rounded.
COMPILE_SECONDS = {
    "LCS kernel": 3.0,
    "WLCS kernel": 1.5,
    "LCS length kernel": 1.0,
    "union LCS kernels": 5.0,
    "union marks kernel": 4.5,
    "sentence pairs kernel": 4.5,
    "skip-bigram kernel": 2.0,
    "chunk kernels": 15.0,
    "chunk keying kernels": 1.0,
    "bootstrap kernels": 1.0,
    "rouge-score stemming kernel": 3.5,
    "rouge-score chunk stemming kernel": 4.5,
    "ROUGE-1.5.5 stemming kernel": 3.0,
}
#: About how many CPU seconds compiling every group takes (:func:`warm` on an empty cache, same machine).
ALL_SECONDS = 25.0

Notice = Callable[[str], None]
_notice: list[Optional[Notice]] = [None]  # None: log it
_said: list[str] = []  # the group whose compilation made this process's notice
_said_background: list[bool] = []  # [True] once the background notice is said (a notice of its own)
_active: list[str] = []  # the groups whose checks run now, innermost last (under backend's lock)


def message(group: str) -> str:
    """The notice for the first compilation in a process, naming ``group`` and its usual cost.

    >>> message("skip-bigram kernel").split("; ")[0]
    'compiling ROUGE kernels for this machine, once (about 2 s of CPU for the skip-bigram kernel)'
    """
    cost = COMPILE_SECONDS.get(group)
    about = f"about {cost:.0f} s of CPU for the {group}" if cost is not None else f"the {group}"
    return (
        f"compiling ROUGE kernels for this machine, once ({about}); "
        "later runs load them from the cache (python -m rouge_core.kernels compiles them all ahead)"
    )


def background_message() -> str:
    """The notice of a process whose first calls compute in pure Python while a background process
    compiles every group (:mod:`rouge_core.kernels.background`).

    >>> background_message().split("; ")[1]
    'until then rouge_core computes in pure Python (the same numbers, slower)'
    """
    return (
        f"compiling ROUGE kernels for this machine in the background (about {ALL_SECONDS:.0f} s of CPU, once); "
        "until then rouge_core computes in pure Python (the same numbers, slower)"
    )


def on_compile(notice: Optional[Notice]) -> Optional[Notice]:
    """Hand the compile notice to ``notice`` instead of logging it (None: log it again); returns the
    callable it replaces. At most one compile notice a process, when numba first compiles a group
    (and at most one :func:`background_message`, when calls wait for a background build instead).

    >>> shown = []
    >>> previous = on_compile(shown.append)
    >>> on_compile(previous) == shown.append
    True
    """
    previous = _notice[0]
    _notice[0] = notice
    return previous


def _say(group: str) -> None:
    if _said:
        return
    _said.append(group)
    _tell(message(group))


def say_background() -> None:
    """Say :func:`background_message` (once a process), where the compile notice is said.

    >>> shown, said = [], list(_said_background)
    >>> previous, _said_background[:] = on_compile(shown.append), []
    >>> say_background(); say_background(); shown == [background_message()]
    True
    >>> _ = on_compile(previous); _said_background[:] = said
    """
    if not _said_background:
        _said_background.append(True)
        _tell(background_message())


def _tell(text: str) -> None:
    notice = _notice[0]
    if notice is None:
        _log.warning("%s", text)
    else:
        notice(text)


@contextlib.contextmanager
def watching(group: str) -> Iterator[None]:
    """While the block runs, the first compilation numba starts (not a load from its cache) in this
    process makes the notice for ``group``, or for the innermost group whose check runs inside the
    block (a group made of others, or a check that stems). Under pure Python it does nothing.

    >>> with watching("skip-bigram kernel"):
    ...     pass
    """
    if backend.numba_module() is None or _said:
        yield
        return
    _active.append(group)
    try:
        if len(_active) > 1:  # the outer watch is listening already
            yield
            return
        event: Any = importlib.import_module("numba.core.event")
        listener: Any = event.Listener

        class CompileNotice(listener):  # type: ignore[misc]  # numba ships no types
            def on_start(self, _event: Any) -> None:
                _say(_active[-1] if _active else group)

            def on_end(self, _event: Any) -> None:
                pass

        with event.install_listener("numba:compile", CompileNotice()):
            yield
    finally:
        _active.pop()


def warm() -> bool:
    """Choose the backend and compile (or load from the cache) every kernel group now: the
    per-pair, chunk, bootstrap and stemming kernels. True when the compiled kernels are used.

    >>> from rouge_core import backend
    >>> warm() == backend().compiled
    True
    """
    importlib.import_module("rouge_core.batch.compiled")  # declares the chunk kernels
    importlib.import_module("rouge_core.kernels.stemmers")  # declares the stemming kernels
    return backend.backend().compiled


def _say_all(_text: str) -> None:
    print(f"compiling every ROUGE kernel group for this machine (about {ALL_SECONDS:.0f} s of CPU)...", file=sys.stderr)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m rouge_core.kernels``: :func:`warm`, then one line saying what was done; 0 when
    the compiled kernels are used, 1 (with the reason) when the process computes in pure Python.

    >>> main(["--help"])  # doctest: +ELLIPSIS
    usage: python -m rouge_core.kernels ...
    0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args:
        print("usage: python -m rouge_core.kernels  (compiles every ROUGE kernel group into numba's cache)")
        return 0 if args in (["-h"], ["--help"]) else 2
    start = time.process_time()
    from . import aot

    aot.drop("this process compiles them from numba's, checked through numba", quiet=True)
    previous = on_compile(_say_all)  # this command compiles every group: say that, not one group's cost
    try:
        ok = warm()
    finally:
        on_compile(previous)
    done = backend.backend()
    if not ok:
        print(f"nothing compiled: rouge_core computes in {done}", file=sys.stderr)
        return 1
    print(f"every ROUGE kernel group is compiled or loaded ({time.process_time() - start:.1f} s of CPU): {done}")
    from . import aot_build  # imported here: it needs numba, which this command has chosen

    try:
        print(f"the batch kernels are also compiled ahead of time: {aot_build.build()}")
    except aot_build.NotBuilt as e:
        print(f"the batch kernels load through numba (no ahead-of-time module here: {e})", file=sys.stderr)
    return 0
