"""numba's ``njit``, with the on-disk cache wherever numba finds a writable place for it.

Importing this module imports numba (:mod:`rouge_core.kernels` does so on first use). Without
numba, ``jit`` leaves functions as they are, so the kernel modules still import (for doctests
and tools) while :mod:`rouge_core.kernels` runs the pure-Python code instead.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, TypeVar, cast

try:
    numba: Any = importlib.import_module("numba")
except Exception:  # not installed, or broken: pure Python
    numba = None

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """Compile ``fn`` in nopython mode (GIL released), cached on disk where possible.

    numba writes the cache next to the source (``__pycache__``), else in ``NUMBA_CACHE_DIR`` or a
    per-user directory, checking each is writable; when none is, it refuses ``cache=True`` and the
    function is compiled in every process instead. A cache that fails to save later (a full disk)
    costs the same and nothing else.
    """
    if numba is None:
        return fn
    try:
        disp = numba.njit(cache=True, nogil=True)(fn)
    except Exception:  # no writable cache location
        return cast(F, numba.njit(cache=False, nogil=True)(fn))
    cache = getattr(disp, "_cache", None)
    save = getattr(cache, "save_overload", None)
    if save is not None:

        def save_or_skip(sig: Any, data: Any) -> None:
            try:
                save(sig, data)
            except OSError:
                pass

        cache.save_overload = save_or_skip  # type: ignore[union-attr]
    return cast(F, disp)
