"""numba's ``njit``, with the on-disk cache wherever numba finds a writable place for it.

Importing this module asks :mod:`rouge_core.kernels.backend` for numba (the kernel modules import
it; :mod:`rouge_core.kernels` does so on first use). Under pure Python (numba missing, or
``ROUGE_LENS_PURE_PYTHON`` set), ``jit`` leaves functions as they are, so the kernel modules still
import (for doctests and tools) while the pure-Python code runs instead.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, TypeVar, cast

from .backend import numba_module

_log = logging.getLogger(__name__)

numba: Any = numba_module()

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
    except RuntimeError as e:  # numba's "cannot cache function ...: no locator available"
        _log.info("%s compiles in every process: %s (NUMBA_CACHE_DIR can name a writable directory)", fn.__name__, e)
        return cast(F, numba.njit(cache=False, nogil=True)(fn))
    cache = getattr(disp, "_cache", None)
    save = getattr(cache, "save_overload", None)
    if save is not None:

        def save_or_skip(sig: Any, data: Any) -> None:
            try:
                save(sig, data)
            except OSError as e:  # a full disk, say: the next process compiles it again
                _log.info("the compiled %s was not saved to the cache: %s", fn.__name__, e)

        cache.save_overload = save_or_skip  # type: ignore[union-attr]
    return cast(F, disp)
