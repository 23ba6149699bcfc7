"""The one choice between the compiled kernels (numba) and pure Python, made once per process.

Both backends give the same numbers; numba is only faster. The choice is made on the first question
(importing :mod:`rouge_core` stays light: numba is imported then, not before):

* ``ROUGE_LENS_PURE_PYTHON`` set to anything but ``""``, ``0``, ``no`` or ``false`` (read when this
  module is imported): pure Python, nothing logged;
* numba cannot be imported (missing, or broken: an ``ImportError``, or an ``OSError`` loading
  llvmlite's library): pure Python, and one warning on this module's logger;
* otherwise numba.

The chunk and bootstrap groups may come from an extension module compiled ahead of time for this
machine instead (:mod:`rouge_core.kernels.aot`, built by the background builder): loaded without
importing numba, and checked the same way, on its first use.

numba compiles lazily, so each group of kernels (each per-pair kernel, the chunk ones, the bootstrap
ones, each stemmer) is compiled, or loaded from the disk cache, by a check on a small case with known
answers before its first use (:func:`ready`): a call compiles only the groups it uses, and the first
compilation in a process says so once (:mod:`rouge_core.kernels.warmup`). A group never compiled on
this machine is compiled by a background process while the calls compute in pure Python
(:mod:`rouge_core.kernels.background`; ``ROUGE_LENS_COMPILE=foreground`` compiles it in the calling
process, as :func:`backend` and ``python -m rouge_core.kernels`` always do). One that fails to compile
(one of numba's errors, an ``ImportError`` or an ``OSError``), or that gives a wrong answer, switches
the whole process to pure Python, with one warning saying why. Any other exception is a bug and
propagates: it never changes the path.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Literal, Optional

_log = logging.getLogger(__name__)

#: The environment variable that forces pure Python.
SWITCH = "ROUGE_LENS_PURE_PYTHON"
_SWITCH_VALUE = os.environ.get(SWITCH, "")
#: ``ROUGE_LENS_PURE_PYTHON`` as it was when rouge_core was imported.
FORCE_PURE = _SWITCH_VALUE.strip().lower() not in ("", "0", "no", "false")


@dataclass(frozen=True)
class Backend:
    """Which backend computes the kernels' counts in this process, and why.

    >>> b = Backend("python", "ROUGE_LENS_PURE_PYTHON='1' is set")
    >>> b.compiled, str(b)
    (False, "python (ROUGE_LENS_PURE_PYTHON='1' is set)")
    """

    name: Literal["numba", "python"]
    reason: str

    @property
    def compiled(self) -> bool:
        """Whether the compiled kernels are used."""
        return self.name == "numba"

    def __str__(self) -> str:
        return f"{self.name} ({self.reason})"


# Re-entrant: a group's check may ask for the backend again while it runs.
_lock = threading.RLock()
_state: list[Backend] = []  # empty until decided; then the decision, and after a fall-back its record last
_numba: list[Optional[ModuleType]] = []  # numba as imported by the decision (None: not imported)
_checks: dict[str, Callable[[], bool]] = {}  # kernel group -> its check (see ready())
_passed: set[str] = set()  # the groups whose check passed in this process
_aot_passed: set[str] = set()  # the groups whose check passed on the ahead-of-time module
_checking: list[str] = []  # the groups whose checks run now (a check inside another never waits)
_foreground: list[bool] = []  # non-empty while backend() checks every group: nothing waits then


def _decide() -> None:
    """Make the choice (under ``_lock``, once)."""
    if FORCE_PURE:
        _numba.append(None)
        _state.append(Backend("python", f"{SWITCH}={_SWITCH_VALUE!r} is set"))
        return
    try:
        numba = importlib.import_module("numba")
    except (ImportError, OSError) as e:  # missing, or a broken install (llvmlite's library)
        _numba.append(None)
        _fall_back(f"numba cannot be imported: {type(e).__name__}: {_first_line(e)}")
        return
    _numba.append(numba)
    from .blas_probe import load_cython_blas  # imported here: only a process that chose numba needs it

    load_cython_blas()  # before numba types a kernel: its BLAS check would import all of scipy.linalg
    _state.append(Backend("numba", f"numba {numba.__version__} imports and {SWITCH} is not set"))


def _fall_back(reason: str) -> None:
    """Switch to pure Python, saying why (at most once a process: after it, no check runs)."""
    _log.warning("rouge_core computes in pure Python (the same numbers, slower): %s", reason)
    _state.append(Backend("python", reason))


def current() -> Backend:
    """The backend now (making the choice on the first call), without checking any kernel group.

    >>> current().name in ("numba", "python")
    True
    """
    if not _state:
        with _lock:
            if not _state:
                _decide()
    return _state[-1]


def prefer_python(reason: str) -> bool:
    """Compute in pure Python in this process, unless the choice is already made; True when pure Python
    is then the backend (a process that chose numba keeps it: the numbers are the same either way).

    For a caller that knows its work is small: a command line scoring a few pairs spends less in the
    pure-Python kernels than numba's start-up costs (about 0.6 s of CPU, and a first run's compilation).

    >>> current().name == "python" or prefer_python("a doctest") is False
    True
    """
    with _lock:
        if not _state:
            _numba.append(None)
            _state.append(Backend("python", reason))
        return not _state[-1].compiled


def numba_module() -> Optional[ModuleType]:
    """numba, when the choice imported it; None under pure Python from the start."""
    current()
    return _numba[0]


def _compile_errors() -> tuple[type[BaseException], ...]:
    """What a first call raises when numba cannot compile or load a kernel here (not a kernel's bug)."""
    errors = importlib.import_module("numba.core.errors")
    return (errors.NumbaError, ImportError, OSError)


def _first_line(error: BaseException) -> str:
    """The error's first line, without the terminal colours numba adds to its messages.

    >>> _first_line(ValueError("\\x1b[1mNo implementation\\x1b[0m\\n\\nfor argument types"))
    'No implementation'
    """
    lines = re.sub(r"\x1b\[[0-9;]*m", "", str(error)).strip().splitlines()
    return lines[0] if lines else ""


def register(group: str, check: Callable[[], bool]) -> None:
    """Declare a group of kernels and its check: a first call of every kernel of the group on a
    small case (with the argument types of real calls, so that it compiles what they use), True when
    every answer is the known one. Registering a group again replaces its check."""
    _checks[group] = check


def ready(group: str) -> bool:
    """Whether ``group``'s compiled kernels are to be used: the backend is numba and the group's
    check passed (run here, once a process; a compile failure or a wrong answer falls back to pure
    Python, logged; any other exception propagates and the check runs again next time).

    A group that has never passed its check on this machine is not checked yet: False while a
    background process compiles it (:func:`rouge_core.kernels.background.wait_for`), so the caller
    computes in pure Python and asks again later."""
    if group in _passed:
        return current().compiled
    if _ahead_of_time(group):
        return True
    if not current().compiled:
        return False
    from . import background  # imported here: both modules ask this one for numba
    from .warmup import watching

    with _lock:
        if group not in _passed and current().compiled:
            if not _checking and not _foreground and background.wait_for(group):
                return False
            _checking.append(group)
            try:
                with watching(group):  # a notice when numba compiles rather than loads
                    ok = _checks[group]()
            except _compile_errors() as e:
                _log.debug("the %s do not compile here", group, exc_info=True)
                _fall_back(f"the {group} do not compile here: {type(e).__name__}: {_first_line(e)}")
                return False
            finally:
                _checking.pop()
            if not ok:
                if current().compiled:  # a group this one is made of may have fallen back already, said once
                    _fall_back(f"the {group} gave a wrong answer on their check")
                return False
            _passed.add(group)
            background.mark(group)  # later processes need not wait for a build of it
    return current().compiled


def _ahead_of_time(group: str) -> bool:
    """Whether ``group``'s kernels come from the ahead-of-time module (:mod:`rouge_core.kernels.aot`):
    the module serves them (loaded without numba) and the group's check passed on them (run here,
    once a process; a wrong answer drops the module for the process, and numba's kernels serve)."""
    from . import aot  # imported here: it asks this module whether pure Python is forced

    if group in _aot_passed:
        return aot.covers(group)
    if not aot.covers(group):
        return False
    with _lock:
        if group not in _aot_passed:
            _checking.append(group)
            try:
                ok = _checks[group]()
            except _compile_errors() as e:  # an argument of another type sent to numba, which failed on it
                aot.drop(f"the {group} failed their check: {type(e).__name__}: {_first_line(e)}")
                return False
            finally:
                _checking.pop()
            if not ok:
                aot.drop(f"the {group} gave a wrong answer on their check")
                return False
            _aot_passed.add(group)
    return aot.covers(group)


def passed(group: str) -> bool:
    """Whether ``group``'s check has passed in this process, on the ahead-of-time module while it
    serves, or through numba while the backend is numba (runs nothing)."""
    if group in _aot_passed:
        from . import aot

        if aot.covers(group):
            return True
    return numba_passed(group)


def numba_passed(group: str) -> bool:
    """Whether ``group``'s check has passed through numba in this process (runs nothing)."""
    return group in _passed and bool(_state) and _state[-1].compiled


def backend() -> Backend:
    """Which backend computes rouge_core's counts in this process, and why.

    The first call chooses (importing numba) and checks every kernel group, compiling it or loading
    it from numba's disk cache (about 0.5 s; some 30 s of CPU on the first run after installing,
    with a notice: :mod:`rouge_core.kernels.warmup`), in this process: it never waits for a
    background build. The numbers are the same on both backends.

    >>> import rouge_core
    >>> b = rouge_core.backend()
    >>> b.name in ("numba", "python") and b.reason != ""
    True
    >>> print(b)  # doctest: +SKIP
    numba (numba 0.68.1 imports and ROUGE_LENS_PURE_PYTHON is not set)
    """
    with _lock:
        _foreground.append(True)
        try:
            for group in list(_checks):
                ready(group)
        finally:
            _foreground.pop()
    return current()
